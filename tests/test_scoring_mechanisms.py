"""The scoring mechanisms house rules are written with: each on a small ruleset extending basic, on deals worked by hand.

basic pays 1 a segment and nothing else; each test's child ruleset adds one mechanism
(with a rule of its own), so every number below follows from basic's rules plus that one.
The hands (checked by hand against the standard ranking):

* ``SWEEPER`` beats ``SWEPT`` in every segment: pair of queens v nines in front, kings v
  jacks in the middle, aces v queens in the back.
* ``TWO_ONE`` wins the front (pair of tens v pair of eights) and the back (an ace-high
  flush v a nine-high straight) against ``ONE_TWO``, which wins the middle (three sevens v
  a pair of jacks).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, player
from cpspec.errors import CpspecError
from cpspec.protocol.ops import op_score
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import load_ruleset

SWEEPER = "Qs Qd 2c | Ks Kd 3c 4d 5h | As Ad 6c 7d 8h"
SWEPT = "9s 9d 2h | Jc Jd 3s 4s 6d | Qh Qc 2s 3h 8c"
TWO_ONE = "Th Tc 2c | Jh Jd 3s 4h 5d | Ac Kc 9c 6c 4c"
ONE_TWO = "8s 8d 3c | 7c 7d 7h 2s 4s | 5s 6d 7s 8h 9h"


def house(tmp_path: Path, parameters: str, rules: str = "") -> Ruleset:
    """A child of basic with these parameters (YAML, indented for ``parameters:``) and extra rules."""
    shutil.copy(REPO / "rulesets" / "basic.yaml", tmp_path / "basic.yaml")
    text = (
        "id: house\ntitle: House rules\nversion: 1.0.0\nsummary: Basic with one mechanism.\nextends: basic\n"
        "changelog:\n  - {version: 1.0.0, date: '2026-12-01', changes: First.}\n"
        f"parameters:\n{parameters}\nrules:{chr(10) + rules if rules else ' []'}\n"
    )
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    return load_ruleset(tmp_path / "house.yaml")


def rule(rule_id: str, topic: str = "scoring") -> str:
    return (f"  - id: {rule_id}\n    title: A house rule\n    topic: {topic}\n    text: As the test says.\n"
            "    interpretation: {topic: house-test, source_says: Nothing., reading: The test's., alternatives: [None.]}\n")


def score(ruleset: Ruleset, *players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return op_score(ruleset, {"players": list(players), **extra})


def credits_of(output: dict[str, Any], a: str, b: str) -> list[tuple[str, int, str]]:
    for item in output["matchups"]:
        if item["seats"] == [a, b]:
            return [(c["seat"], c["points"], c["kind"]) for c in item["credits"]]
    raise AssertionError(f"no matchup {a} v {b}")


def test_the_hands_go_the_way_the_docstring_says(tmp_path: Path) -> None:
    plain = house(tmp_path, "  scoring: {overall: null}")
    out = score(plain, player("A", SWEEPER), player("B", SWEPT))
    assert out["matchups"][0]["segments"] == {"front": "A", "middle": "A", "back": "A"}
    out = score(plain, player("A", TWO_ONE), player("B", ONE_TWO))
    assert out["matchups"][0]["segments"] == {"front": "A", "middle": "B", "back": "A"}
    assert out["totals"] == {"A": 1, "B": -1}


# --- a sweep, per opponent ------------------------------------------------------------------


def test_sweep_points_are_added_to_the_swept_matchup(tmp_path: Path) -> None:
    # 1-6 scoring: 1 a segment, 3 more for all three: 3 + 3 = 6.
    ruleset = house(tmp_path, "  scoring:\n    sweep: {points: 3, rule: hs-sweep}", rule("hs-sweep"))
    out = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert out["totals"] == {"A": 6, "B": -6}
    assert credits_of(out, "A", "B")[-1] == ("A", 3, "sweep")
    # Two wins and a loss is no sweep: 2 - 1 = 1, nothing more.
    assert score(ruleset, player("A", TWO_ONE), player("B", ONE_TWO))["totals"] == {"A": 1, "B": -1}


def test_a_sweep_multiplier_multiplies_the_sweepers_credits(tmp_path: Path) -> None:
    # 2 a segment: 6 for the three; doubled, 12 (the sweep credit carries the extra 6).
    ruleset = house(tmp_path, "  scoring:\n    segment_points: 2\n    sweep: {multiplier: 2, rule: hs-sweep}",
                    rule("hs-sweep"))
    out = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert out["totals"] == {"A": 12, "B": -12}
    assert credits_of(out, "A", "B")[-1] == ("A", 6, "sweep")


def test_sweep_needs_exactly_one_of_points_and_multiplier(tmp_path: Path) -> None:
    with pytest.raises(CpspecError) as caught:
        house(tmp_path, "  scoring:\n    sweep: {points: 3, multiplier: 2, rule: hs-sweep}", rule("hs-sweep"))
    assert caught.value.code == "bad_ruleset" and "house.yaml" in str(caught.value)


# --- segment points by segment ---------------------------------------------------------------


def test_segments_may_pay_differently(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    segment_points: {front: 1, middle: 2, back: 3}")
    # A wins front (1) and back (3), B the middle (2): A +2.
    assert score(ruleset, player("A", TWO_ONE), player("B", ONE_TWO))["totals"] == {"A": 2, "B": -2}
    # A sweep collects 1 + 2 + 3 = 6.
    assert score(ruleset, player("A", SWEEPER), player("B", SWEPT))["totals"] == {"A": 6, "B": -6}


def test_a_segment_worth_nothing_pays_no_credit(tmp_path: Path) -> None:
    # Segments pay 0; only the overall point (majority) pays: A, winning two of three, +1.
    ruleset = house(tmp_path, "  scoring:\n    segment_points: 0\n"
                              "    overall: {points: 1, decided_by: majority_of_segments, rule: hs-overall}",
                    rule("hs-overall", "overall-point"))
    out = score(ruleset, player("A", TWO_ONE), player("B", ONE_TWO))
    assert credits_of(out, "A", "B") == [("A", 1, "overall")]


# --- the overall point and bonuses --------------------------------------------------------------


BONUS_TABLE = ("  bonuses:\n    table: [{segment: middle, hand: three_of_a_kind, points: 4, rule: hs-trips}]\n"
               "    requires_win: true\n    mode: added\n")


@pytest.mark.parametrize(("counts", "overall_to"), [(True, "B"), (False, "A")])
def test_the_overall_point_counts_bonuses_or_not(tmp_path: Path, counts: bool, overall_to: str) -> None:
    # B's middle three sevens wins and earns 4 more: B has 1 + 4 = 5, A 1 + 1 = 2.
    # Counting bonuses, B has the higher total (5 to 2) and takes the overall point: B +3 + 1 = +4.
    # Not counting them, A has 2 segments to B's 1: A takes it: B 5 - A 3 = B +2.
    ruleset = house(tmp_path, BONUS_TABLE + "  scoring:\n    overall: {points: 1, decided_by: higher_total, "
                                             f"counts_bonuses: {str(counts).lower()}, rule: hs-overall}}",
                    rule("hs-trips", "bonuses") + rule("hs-overall", "overall-point"))
    out = score(ruleset, player("A", TWO_ONE), player("B", ONE_TWO))
    assert out["matchups"][0]["overall"] == overall_to
    assert out["totals"]["B"] == (4 if counts else 2)


# --- the scoop, every opponent -------------------------------------------------------------------


def three_players() -> tuple[dict[str, Any], ...]:
    # A sweeps B and C. C v B: C's pair of tens beats nines in front, kings beat jacks, aces beat queens.
    return player("A", SWEEPER), player("B", SWEPT), player("C", "Ts Td 4c | Kh Kc 2d 5c 6h | Ah Ac 3d 4h 5d")


def test_a_three_player_deal_goes_as_worked(tmp_path: Path) -> None:
    out = score(house(tmp_path, "  scoring: {overall: null}"), *three_players())
    # A v C: queens over tens; kings: A Ks Kd 5h 4d 3c v C Kh Kc 6h 5c 2d, C's six kicker wins the middle;
    # aces: A's 8 kicker over C's 5: A wins front and back, C the middle.
    assert {tuple(m["seats"]): m["segments"] for m in out["matchups"]}[("A", "C")] == {
        "front": "A", "middle": "C", "back": "A"}


def test_a_scoop_multiplier_compounds_with_the_sweep(tmp_path: Path) -> None:
    # Only A v B is a sweep here (C wins A's middle), so there is no scoop: A v B 3 doubled = 6.
    ruleset = house(tmp_path, "  scoring:\n    sweep: {multiplier: 2, rule: hs-sweep}\n"
                              "    scoop: {multiplier: 2, rule: hs-scoop}", rule("hs-sweep") + rule("hs-scoop", "scoop"))
    out = score(ruleset, *three_players())
    assert credits_of(out, "A", "B") == [("A", 1, "segment")] * 3 + [("A", 3, "sweep")]
    # With two players, sweeping the one opponent is sweeping every opponent: 3, doubled 6, doubled again 12.
    two = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert two["totals"] == {"A": 12, "B": -12}
    assert credits_of(two, "A", "B")[-1] == ("A", 6, "scoop")


def test_a_scoop_instead_of_the_sweep(tmp_path: Path) -> None:
    # Paid double against one, triple against all: the scoop's triple replaces the sweep's double: 3 x 3 = 9.
    ruleset = house(tmp_path, "  scoring:\n    sweep: {multiplier: 2, rule: hs-sweep}\n"
                              "    scoop: {multiplier: 3, instead_of_sweep: true, rule: hs-scoop}",
                    rule("hs-sweep") + rule("hs-scoop", "scoop"))
    out = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert out["totals"] == {"A": 9, "B": -9}
    assert [kind for _, _, kind in credits_of(out, "A", "B")] == ["segment"] * 3 + ["scoop"]


def test_scoop_points_are_added(tmp_path: Path) -> None:
    # A sweep pays 3 + 5, a scoop 3 more: 11.
    ruleset = house(tmp_path, "  scoring:\n    sweep: {points: 5, rule: hs-sweep}\n"
                              "    scoop: {points: 3, rule: hs-scoop}", rule("hs-sweep") + rule("hs-scoop", "scoop"))
    assert score(ruleset, player("A", SWEEPER), player("B", SWEPT))["totals"] == {"A": 11, "B": -11}


# --- forfeits ----------------------------------------------------------------------------------


FOUL_HAND = "As Ad 2c | Ks Kd 3c 4d 5h | Qs Qd 6c 7d 8h"  # aces in front over kings in the middle: a foul


def test_a_foul_counted_as_a_sweep_pays_the_sweep(tmp_path: Path) -> None:
    # 1-6 with a foul scored as being swept: the opponent's three segments and the sweep, 3 + 3 = 6.
    parameters = ("  scoring:\n    sweep: {points: 3, rule: hs-sweep}\n  penalties:\n    foul:\n"
                  "      mode: scooped\n      counts_as_sweep: true\n      points: null\n")
    ruleset = house(tmp_path, parameters, rule("hs-sweep"))
    out = score(ruleset, player("A", SWEPT), player("B", FOUL_HAND))
    assert out["players"][1]["status"] == "foul"
    assert out["totals"] == {"A": 6, "B": -6}
    assert out["matchups"][0]["segments"] == {"front": "A", "middle": "A", "back": "A"}


def test_a_foul_not_counted_as_a_sweep_pays_no_sweep(tmp_path: Path) -> None:
    parameters = ("  scoring:\n    sweep: {points: 3, rule: hs-sweep}\n  penalties:\n    foul:\n"
                  "      mode: scooped\n      points: null\n")
    ruleset = house(tmp_path, parameters, rule("hs-sweep"))
    out = score(ruleset, player("A", SWEPT), player("B", FOUL_HAND))
    assert out["totals"] == {"A": 3, "B": -3}
    assert "segments" not in out["matchups"][0]


def test_surrender_priced_as_losing_two_of_three(tmp_path: Path) -> None:
    # pagat: "as though you had lost two out of three hands - one unit each, or two units each
    # if you play the version with the overall point".
    surrender = ("  penalties:\n    surrender:\n      mode: as_segments\n      receiver_wins: [middle, back]\n"
                 "      payer_wins: [front]\n      points: null\n")
    plain = house(tmp_path, surrender)
    assert score(plain, player("A", SWEEPER), {"seat": "B", "declare": "surrender"})["totals"] == {"A": 1, "B": -1}
    with_overall = house(tmp_path, surrender + "  scoring:\n    overall: {points: 1, decided_by: majority_of_segments, "
                                               "rule: hs-overall}", rule("hs-overall", "overall-point"))
    out = score(with_overall, player("A", SWEEPER), {"seat": "B", "declare": "surrender"})
    assert out["totals"] == {"A": 2, "B": -2}


def test_a_segment_won_by_both_sides_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CpspecError, match="won by both sides"):
        house(tmp_path, "  penalties:\n    surrender:\n      mode: as_segments\n      receiver_wins: [middle, back]\n"
                        "      payer_wins: [back]\n")


# --- house-banked play -------------------------------------------------------------------------


BANKED = "  scoring:\n    banker: {ties: banker, rule: hs-bank}\n"


def test_players_meet_only_the_banker(tmp_path: Path) -> None:
    ruleset = house(tmp_path, BANKED, rule("hs-bank"))
    out = score(ruleset, *three_players(), banker="C")
    assert [m["seats"] for m in out["matchups"]] == [["C", "A"], ["C", "B"]]
    # C v A: A wins front and back, C the middle: A +1. C v B: C sweeps: C +3.
    assert out["totals"] == {"A": 1, "B": -3, "C": 2}


def test_a_tied_segment_goes_to_the_banker(tmp_path: Path) -> None:
    # B's middle is A's in other suits: the middles tie, and the banker A takes it; A's queens
    # beat nines in front, its aces with an 8-7-6 beat aces with 8-3-2 in the back: A 3, B 0.
    tie = "9s 9d 2h | Kh Kc 3h 4s 5s | Ah Ac 2s 3s 8c"
    ruleset = house(tmp_path, BANKED, rule("hs-bank"))
    out = score(ruleset, player("A", SWEEPER), player("B", tie), banker="A")
    assert out["matchups"][0]["segments"]["middle"] == "A"
    assert out["totals"] == {"A": 3, "B": -3}
    plain = score(house(tmp_path, "  scoring: {overall: null}"), player("A", SWEEPER), player("B", tie))
    assert plain["matchups"][0]["segments"]["middle"] is None


@pytest.mark.parametrize(("extra", "code"), [({}, "bad_input"), ({"banker": "Z"}, "bad_input")])
def test_a_banked_deal_names_its_banker(tmp_path: Path, extra: dict[str, str], code: str) -> None:
    ruleset = house(tmp_path, BANKED, rule("hs-bank"))
    with pytest.raises(CpspecError) as caught:
        score(ruleset, player("A", SWEEPER), player("B", SWEPT), **extra)
    assert (caught.value.code, caught.value.where) == (code, "input.banker")


def test_a_banker_where_the_ruleset_has_none_is_unsupported(tmp_path: Path) -> None:
    with pytest.raises(CpspecError) as caught:
        score(house(tmp_path, "  scoring: {overall: null}"), player("A", SWEEPER), player("B", SWEPT), banker="A")
    assert caught.value.code == "unsupported"


# --- a single winner ---------------------------------------------------------------------------


SINGLE = "  scoring:\n    single_winner: {points: 2, rule: hs-single}\n"


def test_a_single_winner_collects_from_each(tmp_path: Path) -> None:
    # A beats B (all three) and C (front and back): A collects 2 from each; B v C pays nothing.
    ruleset = house(tmp_path, SINGLE, rule("hs-single"))
    out = score(ruleset, *three_players())
    assert out["totals"] == {"A": 4, "B": -2, "C": -2}
    assert credits_of(out, "B", "C") == []


def test_no_single_winner_no_payment(tmp_path: Path) -> None:
    # B holds A's hands in other suits: every segment ties, no one wins two, no one pays.
    ruleset = house(tmp_path, SINGLE, rule("hs-single"))
    out = score(ruleset, player("A", SWEEPER), player("B", "Qh Qc 2d | Kh Kc 3d 4c 5d | Ah Ac 6d 7c 8d"))
    assert out["totals"] == {"A": 0, "B": 0}
    assert out["matchups"][0]["notes"] and "no one pays" in out["matchups"][0]["notes"][0]


# --- naturals meeting: the difference ---------------------------------------------------------------


def test_the_higher_natural_collects_the_difference(tmp_path: Path) -> None:
    shutil.copy(REPO / "rulesets" / "chiptalk.yaml", tmp_path / "chiptalk.yaml")
    (tmp_path / "house.yaml").write_text(
        "id: house\ntitle: House\nversion: 1.0.0\nsummary: Chiptalk, naturals meet for the difference.\n"
        "extends: chiptalk\nchangelog:\n  - {version: 1.0.0, date: '2026-12-01', changes: First.}\n"
        "parameters:\n  naturals:\n    higher_rank: collects_difference\n", encoding="utf-8")
    ruleset = load_ruleset(tmp_path / "house.yaml")
    dragon = ["2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Tc", "Jd", "Qh", "Ks", "Ac"]
    six_pairs = ["2d", "2h", "3c", "3h", "4c", "4d", "5c", "5d", "6d", "6h", "7c", "7h", "8c"]
    out = score(ruleset, {"seat": "A", "declare": "natural", "cards": dragon},
                {"seat": "B", "declare": "natural", "cards": six_pairs},
                {"seat": "C", "declare": "surrender"}, {"seat": "D", "declare": "surrender"})
    # chiptalk: dragon 10 (rank 1), six pairs 4 (rank 2): the dragon collects 10 - 4 = 6.
    assert credits_of(out, "A", "B") == [("A", 6, "natural")]
