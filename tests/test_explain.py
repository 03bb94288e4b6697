"""`cpspec explain`: the step-by-step scoring, with the rule behind every number.

Expected values come from the source texts and the rulesets' own words (each test says which),
never from the engine's output.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cpspec.cli import main
from cpspec.cli.explain import use_color
from cpspec.present.explain import LinkStyle, card_symbols, explain_deal, md_escape, render_markdown, render_text
from cpspec.rulesets.loader import bundled_registry

REPO = Path(__file__).resolve().parent.parent
CHIPTALK_AD = REPO / "examples" / "chiptalk-a-d.yaml"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def block(text: str, heading: str) -> list[str]:
    """The lines under a heading line of the terminal output, up to the next blank line."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def row(lines: list[str], first: str) -> list[str]:
    """The cells (split on runs of two or more spaces) of the table row starting with ``first``."""
    for line in lines:
        cells = re.split(r"\s{2,}", line.strip())
        if cells[0] == first:
            return cells
    raise AssertionError(f"no row {first!r} in {lines}")


def write_deal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deal.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- the Chiptalk A–D example, against the source's own reasoning --------------------------


@pytest.fixture(scope="module")
def chiptalk_text() -> str:
    ruleset = bundled_registry().get("chiptalk")
    from cpspec.protocol.deal_files import read_deal_file

    _, deal, _ = read_deal_file(str(CHIPTALK_AD))
    return render_text(explain_deal(ruleset, deal), LinkStyle())


def test_cli_explain_reproduces_the_sources_a_v_b(capsys: pytest.CaptureFixture[str]) -> None:
    # Source 000: "A vs B: Player B wins the Back and Middle hands for two points. Player A wins the
    # Front hand for one point. B wins the overall point, making the final score 3-1, so B collects
    # 2 chips from A."  Each point is one of ct-segment-point ("The player with the higher Front hand
    # gets one point") or ct-overall-point ("the higher total gets an additional point").
    code, out, err = run_cli(capsys, "explain", str(CHIPTALK_AD))
    assert code == 0 and err == ""
    ab = block(out, "A v B")
    assert row(ab, "front")[-3:] == ["A wins", "A +1", "ct-segment-point"]
    assert row(ab, "middle")[-3:] == ["B wins", "B +1", "ct-segment-point"]
    assert row(ab, "back")[-3:] == ["B wins", "B +1", "ct-segment-point"]
    assert row(ab, "overall")[-2:] == ["B +1", "ct-overall-point"]
    assert "A v B: A wins the front; B wins the middle and back; B takes the overall point. " \
           "B 3 to A 1, so B collects 2 from A." in out


def test_explain_reproduces_every_matchup_of_the_source(chiptalk_text: str) -> None:
    # Source 000, matchup by matchup:
    #   "A vs C: Player A wins all three hands (a sweep) ... she collects 4 chips from C."  3 + overall = 4 to 0
    #   "A vs D: Player A wins the Middle and Front hands, while D wins the Back. A collects 2 chips from D." 3 to 1
    #   "B vs C: Player B wins the Back and Middle; C wins the Front. B gets 2 chips from C."  3 to 1
    #   "B vs D: Player B wins the Middle; D wins the Back; the Front is a tie. B and D break even."  1 to 1
    #   "C vs D: Player C wins the Middle and Front; D wins the Back. C gets 2 chips from D."  3 to 1
    text = chiptalk_text
    assert "A v C: A wins the front, middle and back; A takes the overall point. A 4 to C 0, so A collects 4 from C." in text
    assert "A v D: A wins the front and middle; D wins the back; A takes the overall point. " \
           "A 3 to D 1, so A collects 2 from D." in text
    assert "B v C: B wins the middle and back; C wins the front; B takes the overall point. " \
           "B 3 to C 1, so B collects 2 from C." in text
    assert "B v D: B wins the middle; D wins the back; the front is a tie. B 1, D 1: B and D break even." in text
    assert "C v D: C wins the front and middle; D wins the back; C takes the overall point. " \
           "C 3 to D 1, so C collects 2 from D." in text
    # The tied front scores nothing, by ct-segment-tie ("When a segment is equal neither player gets its point").
    assert row(block(text, "B v D"), "front")[-3:] == ["tie", "0", "ct-segment-tie"]
    # Equal totals give no overall point (ct-overall-point: "equal totals give none").
    assert not any(line.strip().startswith("overall") for line in block(text, "B v D"))
    # "Final results: A wins 4, B wins 4, C loses 4, and D loses 4."
    assert "Final results: A +4, B +4, C -4, D -4." in text
    totals = block(text, "Totals")
    assert row(totals, "A") == ["A", "v B -2, v C +4, v D +2", "+4"]
    assert row(totals, "D") == ["D", "v A -2, v B 0, v C -2", "-4"]


def test_explain_shows_cards_hands_and_the_setting_check(chiptalk_text: str) -> None:
    # examples/chiptalk-a-d.yaml: A's front is Ts 6d 6h, "pair of sixes"; its back 4h 4d 4c Qc 3h "three fours".
    hands = block(chiptalk_text, "The hands")
    assert row(hands, "A")[1:] == ["front", "T♠ 6♦ 6♥", "pair of sixes"]
    assert any(line.split()[-3:] == ["3♥", "three", "fours"] for line in hands)
    # Every setting obeys ct-setting-order: back over middle over front (the file's comments name the hands).
    order_rows = [line for line in block(chiptalk_text, "Setting order")[2:]]
    assert len(order_rows) == 4 and all(" valid " in line and "ct-setting-order" in line for line in order_rows)
    assert "back three fours > middle pair of queens > front pair of sixes" in row(order_rows, "A")[1]


def test_every_rule_cited_has_a_link_to_its_page(chiptalk_text: str) -> None:
    cited = block(chiptalk_text, "Rules cited")
    assert "  ct-overall-point: The overall point goes to the higher total  " \
           "<rulesets/chiptalk.html#ct-overall-point>" in cited
    ids_used = set(re.findall(r"\b(ct-[a-z0-9-]+)\b", chiptalk_text.split("Rules cited")[0]))
    ids_listed = {line.split(":")[0].strip() for line in cited}
    assert ids_used == ids_listed


def test_base_url_makes_rule_links_absolute(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "explain", str(CHIPTALK_AD), "--base-url", "https://rules.example/")
    assert code == 0
    assert "<https://rules.example/rulesets/chiptalk.html#ct-segment-point>" in out


# --- Markdown: the same explanation -------------------------------------------------------


def test_markdown_mode_links_every_rule_and_agrees_with_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, text_out, _ = run_cli(capsys, "explain", str(CHIPTALK_AD))
    code_md, md_out, _ = run_cli(capsys, "explain", str(CHIPTALK_AD), "--markdown")
    assert code == code_md == 0
    assert "[`ct-overall-point`](rulesets/chiptalk.md#ct-overall-point)" in md_out
    assert "| front | pair of sixes | nine high | A wins | A +1 | [`ct-segment-point`]" in md_out
    assert "**B 3 to A 1, so B collects 2 from A.**" in md_out
    # The page and the terminal never disagree: the same rule ids, in the same order, at every step.
    in_text = re.findall(r"\bct-[a-z0-9-]+\b", re.sub(r"<[^>]*>", "", text_out))
    in_md = re.findall(r"`(ct-[a-z0-9-]+)`", md_out)
    assert in_text == in_md


def test_markdown_escapes_what_markdown_would_read_as_syntax() -> None:
    assert md_escape("a*b_c [d] <e> f|g") == "a\\*b\\_c \\[d\\] &lt;e> f\\|g"
    assert md_escape("-4 points") == "\\-4 points"
    assert md_escape("1. first") == "1\\. first"
    assert md_escape("A +4, B -4") == "A +4, B -4"


def test_card_symbols() -> None:
    assert card_symbols(["Td", "As", "2c", "Kh"]) == "T♦ A♠ 2♣ K♥"


# --- fouls, surrender, naturals, bonuses ----------------------------------------------------

FOUL_DEAL = """ruleset: chiptalk
players:
  - {seat: A, front: [2c, 3d, 4h], middle: [Ac, Ad, Ah, 5s, 6s], back: [Kc, Kd, 7h, 8s, 9s]}
  - {seat: B, front: [Qs, Qd, 5c], middle: [9c, Th, Jc, Qh, Kh], back: [2s, 3s, 4s, 7s, Js]}
  - {seat: C, front: [2d, 3h, 5d], middle: [4c, 4d, 6c, 7c, 8c], back: [Ts, Td, Tc, 9d, 9h]}
  - {seat: D, declare: surrender}
"""


def test_a_foul_is_explained_and_paid_by_the_mis_set_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A sets three aces in the middle over a pair of kings in the back: the middle is higher than the
    # back, which ct-setting-order forbids. ct-mis-set: a mis-set hand "pays 6 points ... to each
    # opponent whose hand is played" (B and C); ct-surrender: D "pays 2 points to each other player,
    # whatever they hold" (A too, ct-forfeits-meeting). B v C: B wins front (pair of queens v five high)
    # and middle (straight v pair of fours), C the back (full house v flush): 3 to 1, B +2.
    # Totals: A -6 -6 +2 = -10; B +6 +2 +2 = +10; C +6 -2 +2 = +6; D -2 -2 -2 = -6.
    code, out, _ = run_cli(capsys, "explain", write_deal(tmp_path, FOUL_DEAL))
    assert code == 0
    order = row(block(out, "Setting order"), "A")
    assert order[2] == "fouls: middle (three aces) is higher than back (pair of kings)"
    assert order[3] == "ct-setting-order, ct-mis-set"
    assert row(block(out, "A v B"), "penalty")[-2:] == ["B +6", "ct-mis-set"]
    assert row(block(out, "A v D"), "penalty")[-2:] == ["A +2", "ct-surrender"]
    assert row(block(out, "Naturals and declarations"), "D")[-1] == "ct-surrender"
    assert "Final results: A -10, B +10, C +6, D -6." in out


NATURAL_DEAL = """ruleset: chiptalk
players:
  - {seat: A, front: [2c, 3d, 4h], middle: [5s, 6c, 7d, 8h, 9s], back: [Tc, Jd, Qh, Ks, Ac]}
  - {seat: B, front: [Qs, Qd, 5c], middle: [9c, Th, Jc, Qc, Kh], back: [2s, 3s, 4s, 7s, Js]}
  - {seat: C, front: [2d, 3h, 5d], middle: [4c, 4d, 6h, 7c, 8c], back: [Ts, Td, Ad, Ah, As]}
  - {seat: D, front: [2h, 3c, 6d], middle: [9d, 9h, 5h, 7h, 8d], back: [Kc, Kd, 8s, 6s, Jh]}
"""


def test_an_undeclared_dragon_is_found_and_collects_ten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A holds thirteen different ranks, 2 to A: the Dragon, which "collects 10 points from each other
    # player" (ct-dragon), counted without a declaration (ct-natural-declaration).
    code, out, _ = run_cli(capsys, "explain", write_deal(tmp_path, NATURAL_DEAL))
    assert code == 0
    natural = row(block(out, "Naturals and declarations"), "A")
    assert natural[1] == "natural" and natural[-1] == "ct-dragon, ct-natural-declaration"
    for other in "BCD":
        assert f"A 10 to {other} 0, so A collects 10 from {other}." in out
    assert row(block(out, "A v B"), "natural")[-2:] == ["A +10", "ct-dragon"]


def test_royalties_are_shown_with_their_rules() -> None:
    # ct-royalties: "A player holding a royalty hand adds its points to its total in every matchup,
    # whether or not that segment wins". A holds four aces in the back (3, ct-royalty-four-of-a-kind)
    # and a full house in the middle (1, ct-royalty-full-house); B a straight flush in the back
    # (4, ct-royalty-straight-flush), which beats A's four aces.
    players: list[dict[str, Any]] = [
        {"seat": "A", "front": ["Ks", "Kh", "4c"], "middle": ["8s", "8h", "8d", "3s", "3h"],
         "back": ["Ac", "Ad", "Ah", "As", "2c"]},
        {"seat": "B", "front": ["Qs", "Qd", "5c"], "middle": ["9s", "Ts", "Js", "Qh", "Kd"],
         "back": ["3d", "4d", "5d", "6d", "7d"]},
        {"seat": "C", "front": ["2d", "3c", "6h"], "middle": ["9c", "9d", "Tc", "Th", "4h"],
         "back": ["Jc", "Jd", "Jh", "Qc", "Kc"]},
        {"seat": "D", "front": ["2h", "4s", "9h"], "middle": ["5s", "5h", "6c", "6s", "Td"],
         "back": ["7h", "7c", "7s", "8c", "2s"]},
    ]
    text = render_text(explain_deal(bundled_registry().get("chiptalk"), {"players": players}), LinkStyle())
    held = block(text, "Bonus hands")
    assert row(held, "A")[1:] == ["middle", "full house, eights full of threes", "1", "ct-royalty-full-house"]
    assert any(line.split()[-2:] == ["3", "ct-royalty-four-of-a-kind"] for line in held)
    ab = block(text, "A v B")
    # A v B: A wins front (kings v queens) and middle (full house v straight), B the back (straight
    # flush v four aces): segment points A 2, B 1; royalties A 1 + 3 = 4, B 4; totals A 6, B 5;
    # A takes the overall point: 7 to 5, A +2.
    assert sum(1 for line in ab if "ct-royalty" in line and line.split()[1] == "bonus") == 3
    # The royalty on a lost segment gets its own line: A's four aces lose the back and still collect 3.
    assert any(line.strip().startswith("Back bonus: A is paid 3 for four aces although it lost the back")
               for line in ab)
    assert "A 7 to B 5, so A collects 2 from B." in text


def test_the_explanation_accounts_for_every_credit() -> None:
    # Whatever the deal, the points in a matchup's rows add up to what the matchup pays.
    from cpspec.present.explain import Heading, Table
    from cpspec.protocol.deal_files import read_deal_file
    from cpspec.protocol.ops import op_score

    ruleset = bundled_registry().get("chiptalk")
    _, deal, _ = read_deal_file(str(CHIPTALK_AD))
    output = op_score(ruleset, deal)
    blocks = explain_deal(ruleset, deal, output).blocks
    for index, matchup in enumerate(output["matchups"]):
        heading = next(i for i, b in enumerate(blocks)
                       if isinstance(b, Heading) and b.text == " v ".join(matchup["seats"]))
        table = blocks[heading + 1]
        assert isinstance(table, Table)
        got = {seat: 0 for seat in matchup["seats"]}
        for cells in table.rows:
            points = "".join(str(p) for p in cells[-2])
            if points not in ("0", "-"):
                seat, amount = points.split(" +")
                got[seat] += int(amount)
        a, b = matchup["seats"]
        assert got[a] - got[b] == matchup["points"][a], index


# --- colour ---------------------------------------------------------------------------------


def test_colour_only_on_a_terminal_without_no_color() -> None:
    assert use_color("auto", True, {}) is True
    assert use_color("auto", True, {"NO_COLOR": "1"}) is False
    assert use_color("auto", False, {}) is False
    assert use_color("always", False, {"NO_COLOR": "1"}) is True
    assert use_color("never", True, {}) is False


def test_colour_paints_red_suits_and_rule_ids(chiptalk_text: str) -> None:
    from cpspec.protocol.deal_files import read_deal_file

    _, deal, _ = read_deal_file(str(CHIPTALK_AD))
    painted = render_text(explain_deal(bundled_registry().get("chiptalk"), deal), LinkStyle(), color=True)
    assert "\x1b[31m6♦\x1b[0m" in painted and "\x1b[36mct-overall-point\x1b[0m" in painted
    assert "\x1b[31mT♠" not in painted
    assert re.sub(r"\x1b\[[0-9;]*m", "", painted) == chiptalk_text
    assert "\x1b[" not in chiptalk_text


def test_piped_output_has_no_colour(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "explain", str(CHIPTALK_AD))
    assert "\x1b[" not in out


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "where"), [
    ("ruleset: basic\nplayers:\n  - {seat: A, front: [Ts, 6d, 6h], middle: [Qh, Qd, Jc, 3s, 2d], "
     "back: [4h, 4d, 4c, Qc, 3h]}\n  - {seat: B, front: [9d, 7h, Xx], middle: [9h, 9s, 6s, 6c, Jh], "
     "back: [Kd, Kh, Ks, Ad, 7d]}\n", "input.players[1].front[2]"),
    ("ruleset: nope\nplayers: []\n", "no ruleset 'nope'"),
    ("players: []\n", "deal.yaml:"),
    ("ruleset: chiptalk\nplayers: [\n", "deal.yaml:"),
])
def test_bad_input_exits_2_with_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    code, out, err = run_cli(capsys, "explain", write_deal(tmp_path, text))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("cpspec explain: error: ")
    assert where in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "explain", str(tmp_path / "absent.yaml"))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_render_markdown_heading_levels() -> None:
    from cpspec.protocol.deal_files import read_deal_file

    _, deal, _ = read_deal_file(str(CHIPTALK_AD))
    md = render_markdown(explain_deal(bundled_registry().get("chiptalk"), deal), LinkStyle("../", ".md"), 3)
    assert md.startswith("### Chiptalk")
    assert "\n##### A v B\n" in md and "(../rulesets/chiptalk.md#ct-segment-tie)" in md
