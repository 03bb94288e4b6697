"""Setting the cards and fouling: a player's three hands and whether they keep the order the ruleset asks.

The order rule is ``parameters.setting``: the back must be higher than the middle
(or at least as high, ``back_over_middle: allow_equal``), and the middle higher than
the front (``middle_over_front``), where a 3-card front is compared with the 5-card
middle as :func:`cpspec.rules.hands.compare_front_with_middle` says
(``front_middle_ties``). A ruleset may compare the back with the front directly
(``back_over_front``) and leave a pair of segments unordered (``none``); a row ranked low
(``parameters.hands.lowball``) is never ordered against another, but fouls when it is worse
than the ``low_rows_at_most`` limit. A setting that breaks the order *fouls*.

>>> from cpspec.rules.cards import parse_cards
>>> from cpspec.rules.model import SettingOrder
>>> order = SettingOrder("strict", "strict", "equal", "r-order", None)
>>> hands = evaluate_setting(parse_cards("Ah Ad 2c".split(), "front"), parse_cards("Kh Kd 3c 4d 5s".split(), "middle"),
...                          parse_cards("7h 7d 7c 9d Js".split(), "back"), Wheel.LOWEST)
>>> check_order(hands, order).violations
('front (pair of aces) is higher than middle (pair of kings)',)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from cpspec.rules.cards import RANKS, Card
from cpspec.rules.hands import (
    Category,
    HandEvaluator,
    HandValue,
    Wheel,
    compare,
    compare_front_with_middle,
    evaluate,
)
from cpspec.rules.lowball import evaluate_deuce_to_seven
from cpspec.rules.model import OrderRequirement, SettingOrder


class SegmentHands(NamedTuple):
    """A setting's three hands; iterating gives them in SEGMENTS order (front, middle, back)."""

    front: HandValue
    middle: HandValue
    back: HandValue

    def get(self, segment: str) -> HandValue:
        """The hand of the named segment: ``front``, ``middle`` or ``back``."""
        hand: HandValue = getattr(self, segment)
        return hand


class SettingCheck(NamedTuple):
    """Whether a setting keeps the order ``parameters.setting`` asks for, what breaks it, and that rule's id."""

    fouled: bool
    violations: tuple[str, ...]
    rule: str


def evaluate_setting(
    front: Sequence[Card], middle: Sequence[Card], back: Sequence[Card], wheel: Wheel,
    evaluate: HandEvaluator = evaluate, low_segments: Collection[str] = (),
) -> SegmentHands:
    """The three hands' values; ``wheel`` is ``parameters.hands.wheel``.

    The segments of ``low_segments`` (``parameters.hands.lowball.segments``) are valued as rows
    ranked low (:func:`cpspec.rules.lowball.evaluate_deuce_to_seven`). ``evaluate`` is
    :func:`cpspec.rules.hands.evaluate` unless a caller passes an equal, faster one.
    """
    def value(segment: str, cards: Sequence[Card]) -> HandValue:
        return evaluate_deuce_to_seven(cards) if segment in low_segments else evaluate(cards, wheel)

    return SegmentHands(value("front", front), value("middle", middle), value("back", back))


class OrderRelation(NamedTuple):
    """One comparison the order rule makes: the segment that must be higher, the lower one, how, and the result."""

    higher: str
    lower: str
    requirement: OrderRequirement
    comparison: int  # -1, 0 or 1 from the higher segment's side


def _cross(a: HandValue, b: HandValue, middle_wins_ties: bool) -> int:
    """``a`` against ``b``: the same size compares as usual; a 3-card front against a 5-card hand as
    :func:`cpspec.rules.hands.compare_front_with_middle` says."""
    if a.size == b.size:
        return compare(a, b)
    if a.size == 3:
        return compare_front_with_middle(a, b, middle_wins_ties)
    return -compare_front_with_middle(b, a, middle_wins_ties)


def order_relations(hands: SegmentHands, order: SettingOrder) -> tuple[OrderRelation, ...]:
    """The comparisons ``parameters.setting`` asks for (back-middle, middle-front, back-front), skipping ``none``."""
    middle_wins_ties = order.front_middle_ties == "middle_higher"
    asked = (("back", "middle", order.back_over_middle), ("middle", "front", order.middle_over_front),
             ("back", "front", order.back_over_front))
    return tuple(
        OrderRelation(higher, lower, requirement, _cross(hands.get(higher), hands.get(lower), middle_wins_ties))
        for higher, lower, requirement in asked if requirement != "none"
    )


def within_low_limit(hand: HandValue, limit: int | None) -> bool:
    """Whether a hand ranked low keeps ``low_rows_at_most``: high card, its highest card at most ``limit``."""
    return limit is None or (hand.category is Category.HIGH_CARD and hand.ranks[0] <= limit)


def check_order(hands: SegmentHands, order: SettingOrder) -> SettingCheck:
    """Check the setting order of ``parameters.setting`` (``order``); each violation is named."""
    violations: list[str] = []
    for relation in order_relations(hands, order):
        if relation.comparison < 0 or (relation.comparison == 0 and relation.requirement == "strict"):
            how = "equal to" if relation.comparison == 0 else "higher than"
            lower, higher = hands.get(relation.lower), hands.get(relation.higher)
            violations.append(f"{relation.lower} ({lower.name}) is {how} {relation.higher} ({higher.name})")
    for segment, hand in zip(("front", "middle", "back"), hands, strict=True):
        if hand.low and not within_low_limit(hand, order.low_rows_at_most):
            limit = RANKS[order.low_rows_at_most] if order.low_rows_at_most is not None else ""
            violations.append(f"{segment} ({hand.name}) is worse than {limit} high, the most a low row may be")
    return SettingCheck(bool(violations), tuple(violations), order.rule)
