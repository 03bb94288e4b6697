"""The decisions an explanation names beyond the numbers: the card that parts two hands of one name,
Fantasyland for every Open Face board, a bonus without a ruleset-wide rule, a house ruleset's links,
the summary before the detail, and `cpspec fantasyland`'s tie-break paragraph only when asked.

Each expected line is worked out by hand from the cards and the rule text quoted beside it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cpspec.cli import main

REPO = Path(__file__).resolve().parent.parent

TWO_KING_FLUSHES = """ruleset: basic
players:
  - seat: A
    front: [2c, 3d, 5c]
    middle: [Td, Jc, 4h, 6s, 8d]
    back: [Ks, Qs, 9s, 7s, 4s]
  - seat: B
    front: [2d, 3c, 5s]
    middle: [Tc, Jd, 4c, 6d, 8c]
    back: [Kh, Qh, 9h, 6h, 5h]
"""

# The board: A's front is a pair of sixes, B's a pair of queens; neither fouls (A: ace-high
# flush > queen-high straight > pair; B: kings full > three jacks > pair of queens).
OPEN_FACE = """ruleset: open-face
players:
  - seat: A
    front: [6h, 6c, 2d]
    middle: [8c, 9d, Th, Jd, Qh]
    back: [Ah, Kh, 7h, 4h, 3h]
  - seat: B
    front: [Qs, Qd, 5c]
    middle: [Jh, Jc, Js, 8s, 2h]
    back: [Ks, Kd, Kc, 9s, 9h]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_back_won_between_two_king_high_flushes_names_the_fourth_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # K Q 9 7 4 against K Q 9 6 5: equal to the third card, the fourth is 7 against 6.
    deal = write(tmp_path, "flushes.yaml", TWO_KING_FLUSHES)
    text = run(capsys, "explain", deal)
    line = next(x.strip() for x in text.splitlines() if x.strip().startswith("Back:"))
    assert re.sub(r"\s+<[^>]+>$", "", line) == (
        "Back: A's K♠ Q♠ 9♠ 7♠ 4♠ beats B's K♥ Q♥ 9♥ 6♥ 5♥ on the fourth card (both king-high flush).")
    data = json.loads(run(capsys, "explain", "--json", deal))
    assert data["deciding"] == [{"seats": ["A", "B"], "segment": "back", "winner": "A",
                                 "winning_cards": ["Ks", "Qs", "9s", "7s", "4s"],
                                 "losing_cards": ["Kh", "Qh", "9h", "6h", "5h"], "hand": "king-high flush",
                                 "decided": "on the fourth card"}]
    # The tied fronts (5-3-2 both) have no deciding card.
    assert not any(x.strip().startswith("Front:") for x in text.splitlines())


def test_every_open_face_board_is_judged_for_fantasyland(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # ofc-fantasyland: "whose board does not foul and whose front is a pair of queens or better".
    deal = write(tmp_path, "ofc.yaml", OPEN_FACE)
    data = json.loads(run(capsys, "explain", "--json", deal))
    verdicts = {f["seat"]: f for f in data["fantasyland"]}
    assert (verdicts["A"]["qualifies"], verdicts["A"]["cards"]) == (False, None)
    assert verdicts["A"]["reason"] == ("A does not enter Fantasyland: it needs a front of a pair of queens or "
                                       "better, and the front is pair of sixes")
    assert (verdicts["B"]["qualifies"], verdicts["B"]["cards"], verdicts["B"]["rule"]) == (True, 13, "ofc-fantasyland")
    # A fouled board never qualifies: B's queens in front over a middle of one pair of twos.
    fouled = OPEN_FACE.replace("middle: [Jh, Jc, Js, 8s, 2h]", "middle: [Jh, 2c, 3s, 8s, 2h]")
    data = json.loads(run(capsys, "explain", "--json", write(tmp_path, "foul.yaml", fouled)))
    verdict = next(f for f in data["fantasyland"] if f["seat"] == "B")
    assert verdict["qualifies"] is False and "a fouled board never earns Fantasyland" in verdict["reason"]
    text = run(capsys, "explain", write(tmp_path, "foul.yaml", fouled))
    assert "\nFantasyland\n" in text


def test_a_ruleset_without_fantasyland_says_nothing_of_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "explain", "--json", write(tmp_path, "flushes.yaml", TWO_KING_FLUSHES)))
    assert data["fantasyland"] == []


HOUSE = """id: kt
title: Kitchen table
version: 1.0.0
summary: The basic game, with four of a kind in the back paid 5 won or lost.
extends: basic
sources:
  - file: house-rules.txt
    title: The rule sheet on the wall
changelog:
  - version: 1.0.0
    date: "2026-12-01"
    changes: First version.
parameters:
  bonuses:
    mode: added
    requires_win: false
    same_category_multiplier: 1
    rule: null
    table:
      - {segment: back, hand: four_of_a_kind, points: 5, rule: kt-quads-back}
rules:
  - id: kt-quads-back
    title: Quads in the back pay 5
    topic: bonuses
    text: >-
      Four of a kind in the back is paid 5 points, won or lost.
    citations:
      - source: house-rules.txt
        quote: "Quads in the back pay five."
"""

# A's four sevens lose the back to B's king-high straight flush, and are paid all the same.
HOUSE_DEAL = """ruleset: kt
players:
  - seat: A
    front: [2c, 3d, 5c]
    middle: [Td, Jc, 4h, 6s, 8d]
    back: [7s, 7h, 7d, 7c, 4s]
  - seat: B
    front: [2d, 3c, 5s]
    middle: [Tc, Jd, 4c, 6d, 8c]
    back: [Kh, Qh, Jh, Th, 9h]
"""


def test_a_house_bonus_without_a_table_rule_and_the_house_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    write(folder, "kt.yaml", HOUSE)
    write(folder, "house-rules.txt", "Quads in the back pay five.\n")
    deal = write(tmp_path, "deal.yaml", HOUSE_DEAL)
    text = run(capsys, "explain", "--rulesets", str(folder), deal)
    line = next(x.strip() for x in text.splitlines() if x.strip().startswith("Back bonus:"))
    assert line == ("Back bonus: A is paid 5 for four sevens although it lost the back: bonuses are paid won or "
                    "lost (kt-quads-back).")
    # kt has no page in the rulebook: its own rule has no address; basic's rules link to basic's page.
    assert "rulesets/kt.html" not in text
    assert "<rulesets/basic.html#bas-setting-order>" in text
    data = json.loads(run(capsys, "explain", "--json", "--rulesets", str(folder), deal))
    assert data["rules"]["kt-quads-back"]["url"] is None
    assert data["rules"]["bas-setting-order"]["url"] == "rulesets/basic.html#bas-setting-order"


def test_a_four_player_explanation_opens_with_a_summary_that_fits_a_screen(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "explain", str(REPO / "examples" / "chiptalk-a-d.yaml"))
    lines = text.splitlines()
    summary = lines[: lines.index("The hands")]
    assert summary[3] == "Summary" and len(summary) <= 24
    # Source 000: "Final results: A wins 4, B wins 4, C loses 4, and D loses 4."; six matchups, one line each.
    assert sum(1 for x in summary if re.match(r"\s+[A-D] v [A-D]: ", x)) == 6
    assert any(x.startswith("Final results: A +4, B +4, C -4, D -4.") for x in summary)
    # The reading that changes no matchup is stated once, not after each of the six.
    assert sum(1 for x in lines if "under the alternative" in x.lower()) <= 1


def test_fantasyland_tie_break_only_with_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["As", "Ad", "Ac", "Kd", "Kh", "7c", "7d", "7h", "2s", "3s", "4s", "5s", "9c"]
    quiet = run(capsys, "fantasyland", "--ruleset", "open-face", *cards)
    assert "ties broken by" not in quiet
    verbose = run(capsys, "fantasyland", "--ruleset", "open-face", "--verbose", *cards)
    assert "ties broken by: " in verbose
