"""The score path's remembered answers give what working them out afresh gives.

``setting.bonus_for`` remembers its answer per ruleset by (segment, category, royal), and a
``HandValue`` keeps its name once described. The bonus table here is made up for the test,
so every expected entry is read off the table by hand.
"""

from __future__ import annotations

from dataclasses import replace

from cpspec.rules.cards import parse_card
from cpspec.rules.hands import HandValue, evaluate3, evaluate5
from cpspec.rules.model import BonusEntry, Ruleset
from cpspec.rules.setting import bonus_for
from cpspec.rulesets.loader import bundled_registry

TABLE = (
    BonusEntry("back", "four_of_a_kind", 4, "quads"),
    BonusEntry("back", "straight_flush", 5, "straight-flush"),
    BonusEntry("back", "royal_flush", 10, "royal"),
    BonusEntry("middle", "full_house", 2, "boat-low"),
    BonusEntry("middle", "full_house", 3, "boat-high"),
    BonusEntry("front", "three_of_a_kind", 3, "trips-first"),
    BonusEntry("front", "three_of_a_kind", 3, "trips-second"),
)


def with_table(table: tuple[BonusEntry, ...]) -> Ruleset:
    base = bundled_registry().get("basic")
    bonuses = replace(base.parameters.bonuses, table=table)  # a new object: a memo of its own
    return replace(base, parameters=replace(base.parameters, bonuses=bonuses))


def hand(text: str) -> HandValue:
    cards = [parse_card(t) for t in text.split()]
    return evaluate3(cards) if len(cards) == 3 else evaluate5(cards)


def rules_of(found: BonusEntry | None) -> str | None:
    return None if found is None else found.rule


def test_bonus_for_remembers_by_segment_category_and_royalty() -> None:
    ruleset = with_table(TABLE)
    royal = hand("As Ks Qs Js Ts")
    straight_flush = hand("9h 8h 7h 6h 5h")  # same category as the royal, not royal
    for _ in range(2):  # the second round is answered from the memo
        # A royal flush matches straight_flush (5) and royal_flush (10): the best pays.
        assert rules_of(bonus_for(royal, "back", ruleset)) == "royal"
        # Not royal: only the straight_flush entry; the royal's answer must not be reused.
        assert rules_of(bonus_for(straight_flush, "back", ruleset)) == "straight-flush"
        # No middle entry for straight flushes: the segment is part of the answer.
        assert bonus_for(royal, "middle", ruleset) is None
        # Two full-house entries in the middle: the higher (3) pays.
        assert rules_of(bonus_for(hand("7c 7d 7h 2s 2c"), "middle", ruleset)) == "boat-high"
        # Two equal trips entries in front: the first in table order is kept.
        assert rules_of(bonus_for(hand("Qc Qd Qh"), "front", ruleset)) == "trips-first"
        assert bonus_for(hand("Qc Qd 2h"), "front", ruleset) is None


def test_each_bonus_table_has_its_own_memo() -> None:
    quads = hand("9c 9d 9h 9s 2c")
    first = with_table(TABLE)
    assert bonus_for(quads, "back", first) == TABLE[0]
    richer = (BonusEntry("back", "four_of_a_kind", 8, "quads-rich"),)
    second = with_table(richer)  # same ruleset id, another table: 8 points, not the 4 remembered above
    assert bonus_for(quads, "back", second) == richer[0]
    assert bonus_for(quads, "back", first) == TABLE[0]


def test_hand_names_are_kept_and_unchanged() -> None:
    full_house = hand("7c 7d 7h 2s 2c")
    assert full_house.name == "full house, sevens full of deuces"
    assert full_house.name == "full house, sevens full of deuces"  # now the kept name
    assert hand("As Ks Qs Js Ts").name == "royal flush"
    # The kept name is not part of a value's identity: equal hands stay equal.
    assert hand("7s 7h 7d 2d 2h") == full_house
