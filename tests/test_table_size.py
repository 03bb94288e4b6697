"""Table-size conditions (``table_sizes``) on every mechanism that takes one, and the ``ranks`` natural condition.

Each test's house ruleset extends basic (1 a segment, nothing else; a foul and a surrender
pay 3) with one mechanism that applies only at some table sizes, and plays the same hands at
a table where it applies and at one where it does not. The hands (standard ranking):

* ``SWEEPER`` beats ``SWEPT`` and ``THIRD`` in every segment (queens / kings / aces against
  nines / jacks / queens, and against fours / jacks / kings);
* ``SWEPT`` v ``THIRD``: nines beat fours in front; J-J-7-6-5 beats J-J-6-4-3 in the middle
  and kings beat queens in the back, so ``THIRD`` wins two of three.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import player
from cpspec.errors import CpspecError
from cpspec.present.explain import LinkStyle, explain_deal, render_text
from cpspec.rules.table_size import at_table, left_out_at
from test_scoring_mechanisms import SWEEPER, SWEPT, credits_of, house, rule, score

THIRD = "4c 4h 2d | Jh Js 5c 6h 7c | Kc Kh 5d 6s 7h"
NO_PICTURES = ["2c", "3c", "3d", "4d", "5h", "5s", "6c", "7d", "7s", "8d", "9c", "Tc", "Ac"]  # no J, Q or K; one ace


def test_the_third_hand_goes_the_way_the_docstring_says(tmp_path: Path) -> None:
    out = score(house(tmp_path, "  scoring: {overall: null}"), player("A", SWEEPER), player("B", SWEPT),
                player("C", THIRD))
    # A sweeps both (3 + 3); C wins two of three against B (2 - 1).
    assert out["totals"] == {"A": 6, "B": -4, "C": -2}


def test_a_sweep_with_table_sizes_is_paid_only_there(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    sweep: {points: 2, table_sizes: [3], rule: hs-sweep}", rule("hs-sweep"))
    heads_up = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert heads_up["totals"] == {"A": 3, "B": -3}  # 3 units, no sweep at a table of two
    three = score(ruleset, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert credits_of(three, "A", "B")[-1] == ("A", 2, "sweep")
    assert three["totals"] == {"A": 10, "B": -6, "C": -4}  # A 5 + 5; C beats B on two of three
    assert [left.rule for left in left_out_at(ruleset, 2)] == ["hs-sweep"]
    assert left_out_at(ruleset, 3) == ()


def test_a_scoop_with_table_sizes_is_paid_only_there(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    scoop: {points: 4, table_sizes: [2], rule: hs-scoop}",
                    rule("hs-scoop", "scoop"))
    heads_up = score(ruleset, player("A", SWEEPER), player("B", SWEPT))
    assert heads_up["totals"] == {"A": 7, "B": -7}  # 3 + the scoop's 4
    three = score(ruleset, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert ("A", 4, "scoop") not in credits_of(three, "A", "B")
    assert three["totals"]["A"] == 6


def test_an_overall_point_with_table_sizes_is_paid_only_there(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    overall: {points: 1, decided_by: majority_of_segments, "
                              "table_sizes: [2], rule: hs-overall}", rule("hs-overall", "overall-point"))
    assert score(ruleset, player("A", SWEEPER), player("B", SWEPT))["totals"] == {"A": 4, "B": -4}
    three = score(ruleset, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert three["totals"] == {"A": 6, "B": -4, "C": -2}


def test_a_single_winner_with_table_sizes_applies_only_there(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    single_winner: {points: 5, table_sizes: [3, 4], rule: hs-one}",
                    rule("hs-one"))
    assert score(ruleset, player("A", SWEEPER), player("B", SWEPT))["totals"] == {"A": 3, "B": -3}
    three = score(ruleset, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert three["totals"] == {"A": 10, "B": -5, "C": -5}


def test_a_bonus_entry_with_table_sizes_pays_only_there(tmp_path: Path) -> None:
    # SWEEPER's back is a pair of aces: 2 more where the entry applies.
    ruleset = house(tmp_path, "  bonuses:\n    table: [{segment: back, hand: pair, points: 2, table_sizes: [3], "
                              "rule: hs-pair}]", rule("hs-pair", "bonuses"))
    assert score(ruleset, player("A", SWEEPER), player("B", SWEPT))["totals"] == {"A": 3, "B": -3}
    three = score(ruleset, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert ("A", 2, "bonus") in credits_of(three, "A", "B")
    # C's back pair of kings beats B's queens: 2 more for C too.
    assert three["totals"] == {"A": 10, "B": -8, "C": -2}


NATURAL = ("  naturals:\n    declaration: declared\n    hands:\n"
           "      - {id: no-pictures, kind: no_pictures, points: 5, rank: 1, rule: hs-natural, table_sizes: [3],\n"
           "         requires: {ranks: {left_out: [J, Q, K]}}}\n")


def test_a_natural_with_table_sizes_counts_only_there(tmp_path: Path) -> None:
    ruleset = house(tmp_path, NATURAL, rule("hs-natural", "naturals"))
    declared = {"seat": "A", "declare": "natural", "cards": NO_PICTURES}
    heads_up = score(ruleset, declared, player("B", SWEPT))
    # At a table of two the natural does not count: a false declaration, a foul paying 3.
    assert heads_up["players"][0]["status"] == "foul" and heads_up["totals"] == {"A": -3, "B": 3}
    three = score(ruleset, declared, player("B", SWEPT), player("C", THIRD))
    assert three["players"][0]["status"] == "natural" and three["totals"]["A"] == 10
    assert at_table(ruleset, 3) is ruleset  # nothing left out: the same ruleset
    assert at_table(ruleset, 2).parameters.naturals.hands == ()


def test_a_surrender_with_table_sizes_is_refused_elsewhere(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  penalties:\n    surrender: {table_sizes: [3, 4]}")
    three = score(ruleset, {"seat": "A", "declare": "surrender"}, player("B", SWEPT), player("C", THIRD))
    assert three["totals"]["A"] == -6
    with pytest.raises(CpspecError) as caught:
        score(ruleset, {"seat": "A", "declare": "surrender"}, player("B", SWEPT))
    assert caught.value.code == "bad_declaration"
    assert "A declared surrender, but penalties.surrender (bas-surrender) applies only with 3 or 4 players; " \
           "this table has 2" in caught.value.describe()
    assert caught.value.where == "input.players[0].declare"


def test_a_timeout_with_table_sizes_is_refused_elsewhere(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  penalties:\n    timeout: {mode: fixed, points: 2, plus_opponent_bonuses: false, "
                              "against_natural: fixed, pays_to: [normal], table_sizes: [2], rule: hs-timeout}",
                    rule("hs-timeout", "timeout"))
    assert score(ruleset, {"seat": "A", "declare": "timeout"}, player("B", SWEPT))["totals"] == {"A": -2, "B": 2}
    with pytest.raises(CpspecError) as caught:
        score(ruleset, {"seat": "A", "declare": "timeout"}, player("B", SWEPT), player("C", THIRD))
    assert caught.value.code == "bad_declaration" and "this table has 3" in caught.value.describe()


def test_a_foul_penalty_takes_no_table_sizes(tmp_path: Path) -> None:
    with pytest.raises(CpspecError) as caught:
        house(tmp_path, "  penalties:\n    foul: {table_sizes: [2]}")
    assert caught.value.code == "bad_ruleset"


def test_table_sizes_outside_the_players_allowed_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CpspecError) as caught:
        house(tmp_path, "  players: {min: 2, max: 3}\n  scoring:\n    sweep: {points: 1, table_sizes: [4], "
                        "rule: hs-sweep}", rule("hs-sweep"))
    assert caught.value.code == "bad_ruleset" and "table_sizes names 4 players" in caught.value.describe()


def test_the_explanation_says_what_the_table_size_left_out(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "  scoring:\n    sweep: {points: 2, table_sizes: [3], rule: hs-sweep}", rule("hs-sweep"))
    deal = {"players": [player("A", SWEEPER), player("B", SWEPT)]}
    text = render_text(explain_deal(ruleset, deal), LinkStyle("", ".md"))
    assert "Did not apply: scoring.sweep applies only with 3 players; this table has 2 (hs-sweep)" in text
    three = {"players": [player("A", SWEEPER), player("B", SWEPT), player("C", THIRD)]}
    assert "Did not apply" not in render_text(explain_deal(ruleset, three), LinkStyle("", ".md"))


# --- the ranks condition ---------------------------------------------------------------------------


@pytest.mark.parametrize(("requires", "held"), [
    ("{ranks: {left_out: [J, Q, K]}}", True),
    ("{ranks: {left_out: [J, Q, K, A]}}", False),  # the ace
    ("{ranks: {left_out: [J, Q, K, A], at_least: 12}}", True),  # twelve of 2 to 10
    ('{ranks: {left_out: ["3"]}}', False),  # two threes
    ('{ranks: {left_out: ["3"], at_least: 11}}', True),
    ('{ranks: {allowed: ["2", "3", "4", "5", "6", "7", "8", "9", T, A]}}', True),
    ('{ranks: {allowed: ["2", "3", "4", "5", "6", "7", "8", "9", T]}}', False),
])
def test_a_ranks_condition_allows_or_leaves_out_ranks(tmp_path: Path, requires: str, held: bool) -> None:
    from cpspec.engines import FAST, REFERENCE
    from cpspec.rules.cards import parse_cards

    natural = NATURAL.replace("table_sizes: [3],\n", "\n").replace("{ranks: {left_out: [J, Q, K]}}", requires)
    ruleset = house(tmp_path, natural, rule("hs-natural", "naturals"))
    cards = parse_cards(NO_PICTURES, "cards")
    assert bool(REFERENCE.find_naturals(cards, ruleset)) is held
    assert bool(FAST.find_naturals(cards, ruleset)) is held


def test_a_ranks_condition_names_one_of_allowed_and_left_out(tmp_path: Path) -> None:
    both = NATURAL.replace("{ranks: {left_out: [J, Q, K]}}", "{ranks: {left_out: [J], allowed: [A]}}")
    with pytest.raises(CpspecError) as caught:
        house(tmp_path, both, rule("hs-natural", "naturals"))
    assert caught.value.code == "bad_ruleset"


def test_a_ranks_condition_asking_more_cards_than_the_ranks_have_is_refused(tmp_path: Path) -> None:
    few = NATURAL.replace("{ranks: {left_out: [J, Q, K]}}", "{ranks: {allowed: [A, K], at_least: 9}}")
    with pytest.raises(CpspecError) as caught:
        house(tmp_path, few, rule("hs-natural", "naturals"))
    assert "ranks asks for 9 cards of 2 ranks" in caught.value.describe()


@pytest.mark.parametrize(("sets", "held"), [
    ("{trips: 1, pairs: 3}", True),  # the second three of a kind stays free
    ("{trips: 2, pairs: 3}", True),
    ("{trips: 1, pairs: 4}", False),  # three threes are not a pair without split_trips
    ("{trips: 1, pairs: 4, split_trips: true}", True),
])
def test_rank_sets_extra_groups_stay_free(tmp_path: Path, sets: str, held: bool) -> None:
    """docs/naturals.md: "that many groups" means at least that many (extra groups stay free)."""
    from cpspec.engines import FAST, REFERENCE
    from cpspec.rules.cards import parse_cards

    natural = NATURAL.replace("table_sizes: [3],\n", "\n").replace("{ranks: {left_out: [J, Q, K]}}",
                                                                   f"{{rank_sets: {sets}}}")
    ruleset = house(tmp_path, natural, rule("hs-natural", "naturals"))
    cards = parse_cards(["2c", "2d", "2h", "3c", "3d", "3h", "4c", "4d", "5c", "5d", "6c", "6d", "7c"], "cards")
    assert bool(REFERENCE.find_naturals(cards, ruleset)) is held
    assert bool(FAST.find_naturals(cards, ruleset)) is held


# --- decided details a bundled ruleset cannot show (docs/protocol.md, Decided details) ----------------


def test_overall_is_null_after_a_single_winner_or_a_scoop_by_players(tmp_path: Path) -> None:
    overall = "    overall: {points: 1, decided_by: majority_of_segments, rule: hs-overall}\n"
    single = house(tmp_path, "  scoring:\n" + overall + "    single_winner: {points: 5, rule: hs-one}",
                   rule("hs-overall", "overall-point") + rule("hs-one"))
    out = score(single, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert [m["overall"] for m in out["matchups"]] == [None, None, None]  # C's two-of-three over B is gone too
    by_players = house(tmp_path, "  scoring:\n" + overall + "    scoop: {points_by_players: [{players: 3, points: 9}], "
                                 "rule: hs-scoop}", rule("hs-overall", "overall-point") + rule("hs-scoop", "scoop"))
    out = score(by_players, player("A", SWEEPER), player("B", SWEPT), player("C", THIRD))
    assert [m["overall"] for m in out["matchups"]] == [None, None, "C"]
    assert credits_of(out, "A", "B") == [("A", 9, "scoop")]


def test_describe_ruleset_leaves_every_null_out() -> None:
    from cpspec.protocol.server import answer

    def nulls(value: object, path: str = "") -> list[str]:
        if isinstance(value, dict):
            return [p for k, v in value.items() for p in ([f"{path}.{k}"] if v is None else nulls(v, f"{path}.{k}"))]
        if isinstance(value, list):
            return [p for i, v in enumerate(value) for p in nulls(v, f"{path}[{i}]")]
        return []

    out = answer('{"id": 1, "op": "describe_ruleset", "ruleset": "basic", "input": {}}')["output"]
    assert "settlement" not in out["parameters"] and nulls(out["parameters"]) == []  # basic.yaml writes settlement: null
