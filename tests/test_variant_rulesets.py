"""The rulesets written from the public pages (pagat.com's Chinese Poker page and Wikipedia's): they load
cleanly, the settlement vocabulary they needed works as worked out by hand, and the mutation
equivalences argued for them fire only where they should.

Scores of whole deals are pinned by the conformance corpus (conformance/cases/pagat*/,
conformance/cases/wikipedia*/); these tests cover what a case cannot show.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import REPO
from cpspec.present.readings import ruleset_under
from cpspec.protocol.ops import op_score
from cpspec.rules.model import Settlement
from cpspec.rules.settlement import payment_order, settle
from cpspec.rulesets.loader import bundled_registry, load_checked
from cpspec.strength.parameter_equivalents import explain_survivor
from cpspec.strength.parameters import standalone_document

PAGE_RULESETS = sorted(rid for rid in bundled_registry().ids() if rid.startswith(("pagat", "wikipedia")))


def test_the_page_rulesets_are_all_there() -> None:
    assert len(PAGE_RULESETS) == 17
    assert {"pagat", "pagat-hawaiian-gardens", "wikipedia-two-four", "wikipedia-one-six"} <= set(PAGE_RULESETS)


@pytest.mark.parametrize("ruleset_id", PAGE_RULESETS)
def test_loads_without_inheritance_warnings(ruleset_id: str) -> None:
    """Each child writes its own rule for every parameter it changes and drops the parent's rules it replaces."""
    _, warnings = load_checked(REPO / "rulesets" / f"{ruleset_id}.yaml", bundled_registry().find)
    assert warnings == []


@pytest.mark.parametrize("ruleset_id", PAGE_RULESETS)
def test_cites_public_pages_only(ruleset_id: str) -> None:
    ruleset = bundled_registry().get(ruleset_id)
    assert all(source.url and source.file is None and source.read for source in ruleset.sources)
    assert {c.source for r in ruleset.rules for c in r.citations} <= {s.url for s in ruleset.sources}


# --- settlement: the dealer first, each chip once, special hands first ----------------------------


def test_the_button_itself_may_settle_first() -> None:
    settlement = Settlement("button", "clockwise", "r-x")
    assert payment_order(["A", "B", "C", "D"], "C", settlement) == ["C", "D", "A", "B"]
    assert payment_order(["A", "B", "C", "D"], "C", Settlement("button", "counterclockwise", "r-x")) == [
        "C", "B", "A", "D"]


# pagat.com's example: A (the dealer) has 8 chips, wins 6 from B, owes 6 to C and 1 to D.
EXAMPLE_NET = {("A", "B"): 6, ("A", "C"): -6, ("A", "D"): -1, ("B", "C"): -6, ("B", "D"): -6, ("C", "D"): 1}
EXAMPLE_STACKS = {"A": 8, "B": 20, "C": 20, "D": 20}


def test_each_chip_once_reproduces_the_example() -> None:
    once = Settlement("button", "clockwise", "r-x", limit="each_chip_once")
    payments, paid = settle(EXAMPLE_NET, ["A", "B", "C", "D"], "A", EXAMPLE_STACKS, once)
    # By hand: B pays A 6 (A has 2 chips left to use), A pays C 2 and D nothing; B pays C 6 and D 6 (2 left);
    # D pays C 1. "Therefore A ends up with 8+6-2=12 chips."
    assert [(p.payer, p.payee, p.owed, p.paid) for p in payments] == [
        ("B", "A", 6, 6), ("A", "C", 6, 2), ("A", "D", 1, 0), ("B", "C", 6, 6), ("B", "D", 6, 6), ("D", "C", 1, 1)]
    assert paid == {"A": 4, "B": -18, "C": 9, "D": 5}


def test_the_balance_limit_does_not_reproduce_the_example() -> None:
    """The limit the card-club rulesets use lets A pay C out of the chips it has just won from B."""
    balance = Settlement("button", "clockwise", "r-x")
    payments, paid = settle(EXAMPLE_NET, ["A", "B", "C", "D"], "A", EXAMPLE_STACKS, balance)
    # A: 8 + 6 = 14, pays C all 6 (8 left) and D 1 (7): A ends with 7, not 12.
    assert [(p.payer, p.payee, p.paid) for p in payments][:3] == [("B", "A", 6), ("A", "C", 6), ("A", "D", 1)]
    assert paid["A"] == -1


def test_each_chip_once_also_limits_the_winner() -> None:
    """A player with 3 chips wins at most 3 in all, and then has no chip left to lose."""
    once = Settlement("left_of_button", "clockwise", "r-x", limit="each_chip_once")
    payments, paid = settle({("A", "B"): 5, ("A", "C"): -4}, ["A", "B", "C"], "C", {"A": 3, "B": 9, "C": 9}, once)
    # Order A, B, C: B owes A 5 and pays 3 (A's 3 chips are used); A owes C 4 and pays 0.
    assert [(p.payer, p.payee, p.owed, p.paid) for p in payments] == [("B", "A", 5, 3), ("A", "C", 4, 0)]
    assert paid == {"A": 3, "B": -3, "C": 0}


def _deal_with_a_natural() -> dict[str, Any]:
    return {
        "button": "A",
        "stacks": {"A": 6, "B": 20, "N": 20},
        "players": [
            {"seat": "A", "front": ["6c", "6d", "2d"], "middle": ["9d", "9s", "4h", "4s", "Kc"],
             "back": ["5c", "5d", "5h", "8c", "Jc"]},
            {"seat": "B", "front": ["7h", "7c", "3h"], "middle": ["Kd", "Kh", "Ac", "Ad", "Th"],
             "back": ["Qs", "Js", "8s", "6s", "3s"]},
            {"seat": "N", "declare": "natural",
             "cards": ["As", "Ks", "Qh", "Jd", "Tc", "9c", "8d", "7d", "6h", "5s", "4c", "3c", "2h"]},
        ],
    }


def test_special_hands_settle_first_or_in_table_order() -> None:
    ruleset = bundled_registry().get("pagat-hawaiian-gardens")
    first = op_score(ruleset, _deal_with_a_natural())["settlement"]
    # Special hands first: A pays N 6 of 13 and has nothing left for B's 6; B pays N 13.
    assert first["paid"] == {"A": -6, "B": -13, "N": 19}
    in_order = op_score(ruleset_under(ruleset, {"settlement": {"naturals_first": False}}), _deal_with_a_natural())
    # One pass from the dealer: A pays B its 6 first and has nothing left for N; B, 6 of its 20 chips used
    # winning them, pays N all 13 from the 14 left.
    assert in_order["settlement"]["paid"] == {"A": -6, "B": -7, "N": 13}


# --- mutation equivalences argued for these rulesets ---------------------------------------------------


def _document(ruleset_id: str) -> dict[str, Any]:
    return standalone_document(ruleset_id, bundled_registry())


def test_a_natural_s_rank_is_equivalent_only_while_its_order_is_kept() -> None:
    pagat = _document("pagat")  # complete straight 1, three flushes 2, three straights 3, six pairs 4
    assert explain_survivor(pagat, ("parameters", "naturals", "hands", 3, "rank"), 5)
    assert explain_survivor(pagat, ("parameters", "naturals", "hands", 3, "rank"), 3) is None
    assert explain_survivor(pagat, ("parameters", "naturals", "hands", 0, "rank"), 2) is None


def test_amounts_under_a_single_winner_are_equivalent_only_while_positive() -> None:
    single = _document("pagat-single-winner")
    assert explain_survivor(single, ("parameters", "scoring", "segment_points"), 2)
    assert explain_survivor(single, ("parameters", "scoring", "segment_points"), 0) is None
    assert explain_survivor(single, ("parameters", "naturals", "hands", 1, "points"), 4)
    assert explain_survivor(_document("pagat"), ("parameters", "scoring", "segment_points"), 2) is None
    assert explain_survivor(_document("pagat"), ("parameters", "naturals", "hands", 1, "points"), 4) is None


def test_bonus_mode_is_equivalent_only_without_units() -> None:
    assert explain_survivor(_document("pagat-hawaiian-gardens"), ("parameters", "bonuses", "mode"), "instead")
    assert explain_survivor(_document("pagat-held"), ("parameters", "bonuses", "mode"), "instead") is None


def test_bonuses_of_a_penalty_priced_as_lost_segments_are_never_read() -> None:
    path = ("parameters", "penalties", "surrender", "plus_opponent_bonuses")
    assert explain_survivor(_document("pagat-surrender"), path, True)
    assert explain_survivor(_document("pagat-hawaiian-gardens"), path, True) is None


def test_equal_value_naturals_may_be_reordered_only_under_difference_payments() -> None:
    gardens = _document("pagat-hawaiian-gardens")  # complete straight 13 (rank 1), the others 4 (rank 2)
    assert explain_survivor(gardens, ("parameters", "naturals", "hands", 3, "rank"), 3)
    # the complete straight falling to rank 2 would tie a 4-unit hand: that changes a payment (13 - 4 to 0)
    assert explain_survivor(gardens, ("parameters", "naturals", "hands", 0, "rank"), 2) is None
    # the same reordering where the higher collects its own value is not equivalent
    assert explain_survivor(_document("pagat-vietnamese"), ("parameters", "naturals", "hands", 3, "rank"), 3) is None


# --- explanations of the new penalty and settlement vocabulary ---------------------------------------


def _explained(ruleset_id: str, deal: dict[str, Any]) -> str:
    from cpspec.present.explain import LinkStyle, explain_deal, render_text

    return " ".join(render_text(explain_deal(bundled_registry().get(ruleset_id), deal), LinkStyle()).split())


def test_explain_tells_a_surrender_priced_as_lost_segments() -> None:
    deal = {"players": [
        {"seat": "S", "declare": "surrender"},
        {"seat": "C", "front": ["Kh", "Jc", "5h"], "middle": ["7h", "7s", "9h", "Td", "2s"],
         "back": ["As", "Qs", "8s", "6s", "3s"]}]}
    text = _explained("pagat-surrender", deal)
    assert "S is scored as losing the middle and back to C and winning the front" in text
    assert "fixed" not in text


def test_explain_tells_the_chips_limit_and_naturals_first() -> None:
    text = _explained("pagat-hawaiian-gardens", _deal_with_a_natural())
    assert "the matchups of naturals are paid first" in text
    assert "each chip of a starting stack covers one payment, won or lost" in text


def test_the_guide_shows_a_bundled_child_as_it_is() -> None:
    """docs/house-rules.md quotes rulesets/pagat-sweep.yaml whole, after a `shown:` mark; it must be the file."""
    guide = (REPO / "docs" / "house-rules.md").read_text(encoding="utf-8")
    mark = "<!-- shown: rulesets/pagat-sweep.yaml -->\n```yaml\n"
    assert mark in guide
    shown = guide.split(mark, 1)[1].split("```\n", 1)[0]
    assert shown == (REPO / "rulesets" / "pagat-sweep.yaml").read_text(encoding="utf-8")
