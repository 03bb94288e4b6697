"""``bonuses.bonus_for``: which entry of a bonus table a hand earns in a segment.

The bonus table here is made up for the test, so every expected entry is read off the
table by hand.
"""

from __future__ import annotations

from dataclasses import replace

from cpspec.rules.bonuses import bonus_for
from cpspec.rules.cards import parse_card
from cpspec.rules.hands import HandValue, evaluate3, evaluate5
from cpspec.rules.model import BonusEntry, Bonuses
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


def with_table(table: tuple[BonusEntry, ...]) -> Bonuses:
    return replace(bundled_registry().get("basic").parameters.bonuses, table=table)


def hand(text: str) -> HandValue:
    cards = [parse_card(t) for t in text.split()]
    return evaluate3(cards) if len(cards) == 3 else evaluate5(cards)


def rules_of(found: BonusEntry | None) -> str | None:
    return None if found is None else found.rule


def test_bonus_for_picks_the_best_entry_of_the_segment() -> None:
    ruleset = with_table(TABLE)
    royal = hand("As Ks Qs Js Ts")
    straight_flush = hand("9h 8h 7h 6h 5h")  # same category as the royal, not royal
    for _ in range(2):  # asked twice, answered the same (nothing kept between calls)
        # A royal flush matches straight_flush (5) and royal_flush (10): the best pays.
        assert rules_of(bonus_for(royal, "back", ruleset)) == "royal"
        # Not royal: only the straight_flush entry.
        assert rules_of(bonus_for(straight_flush, "back", ruleset)) == "straight-flush"
        # No middle entry for straight flushes: the segment is part of the answer.
        assert bonus_for(royal, "middle", ruleset) is None
        # Two full-house entries in the middle: the higher (3) pays.
        assert rules_of(bonus_for(hand("7c 7d 7h 2s 2c"), "middle", ruleset)) == "boat-high"
        # Two equal trips entries in front: the first in table order is kept.
        assert rules_of(bonus_for(hand("Qc Qd Qh"), "front", ruleset)) == "trips-first"
        assert bonus_for(hand("Qc Qd 2h"), "front", ruleset) is None


def test_another_table_gives_its_own_answer() -> None:
    quads = hand("9c 9d 9h 9s 2c")
    assert bonus_for(quads, "back", with_table(TABLE)) == TABLE[0]
    richer = (BonusEntry("back", "four_of_a_kind", 8, "quads-rich"),)
    assert bonus_for(quads, "back", with_table(richer)) == richer[0]
    assert bonus_for(quads, "back", with_table(TABLE)) == TABLE[0]
