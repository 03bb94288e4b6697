"""Setting the cards and fouling: a player's three hands and whether they keep the order the ruleset asks.

The order rule is ``parameters.setting``: the back must be higher than the middle
(or at least as high, ``back_over_middle: allow_equal``), and the middle higher than
the front (``middle_over_front``), where a 3-card front is compared with the 5-card
middle as :func:`cpspec.rules.hands.compare_front_with_middle` says
(``front_middle_ties``). A setting that breaks the order *fouls*.

>>> from cpspec.rules.cards import parse_cards
>>> from cpspec.rules.model import SettingOrder
>>> order = SettingOrder("strict", "strict", "equal", "r-order", None)
>>> hands = evaluate_setting(parse_cards("Ah Ad 2c".split(), "front"), parse_cards("Kh Kd 3c 4d 5s".split(), "middle"),
...                          parse_cards("7h 7d 7c 9d Js".split(), "back"), Wheel.LOWEST)
>>> check_order(hands, order).violations
('front (pair of aces) is higher than middle (pair of kings)',)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cpspec.rules.cards import Card
from cpspec.rules.hands import HandEvaluator, HandValue, Wheel, compare, compare_front_with_middle, evaluate
from cpspec.rules.model import SettingOrder


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
    evaluate: HandEvaluator = evaluate,
) -> SegmentHands:
    """The three hands' values; ``wheel`` is ``parameters.hands.wheel``.

    ``evaluate`` is :func:`cpspec.rules.hands.evaluate` unless a caller passes an equal, faster one.
    """
    return SegmentHands(evaluate(front, wheel), evaluate(middle, wheel), evaluate(back, wheel))


def order_comparisons(hands: SegmentHands, order: SettingOrder) -> tuple[int, int]:
    """The back against the middle, and the front against the middle: each -1, 0 or 1 from the first's side.

    The front is compared with the middle as ``order.front_middle_ties`` says.
    """
    front, middle, back = hands
    middle_wins_ties = order.front_middle_ties == "middle_higher"
    return compare(back, middle), compare_front_with_middle(front, middle, middle_wins_ties)


def check_order(hands: SegmentHands, order: SettingOrder) -> SettingCheck:
    """Check the setting order of ``parameters.setting`` (``order``); each violation is named."""
    front, middle, back = hands
    back_vs_middle, front_vs_middle = order_comparisons(hands, order)
    violations: list[str] = []
    if back_vs_middle < 0 or (back_vs_middle == 0 and order.back_over_middle == "strict"):
        relation = "equal to" if back_vs_middle == 0 else "higher than"
        violations.append(f"middle ({middle.name}) is {relation} back ({back.name})")
    if front_vs_middle > 0 or (front_vs_middle == 0 and order.middle_over_front == "strict"):
        relation = "equal to" if front_vs_middle == 0 else "higher than"
        violations.append(f"front ({front.name}) is {relation} middle ({middle.name})")
    return SettingCheck(bool(violations), tuple(violations), order.rule)
