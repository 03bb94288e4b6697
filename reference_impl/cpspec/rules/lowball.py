"""Rows ranked low: deuce-to-seven (``parameters.hands.lowball``).

In a row ranked low the lower hand wins. Deuce-to-seven uses the standard categories and ranks
with the ace always high: A-2-3-4-5 is not a straight but an ace-high hand (a flush if its cards
share a suit), and straights and flushes count against the hand. The best hand is 7-5-4-3-2 of
mixed suits; 7-6-4-3-2 comes next, and any pair is worse than every high-card hand.

>>> from cpspec.rules.cards import parse_cards
>>> from cpspec.rules.hands import compare
>>> best = evaluate_deuce_to_seven(parse_cards("7c 5d 4h 3s 2c".split(), "x"))
>>> best.name
'7-5-4-3-2 low'
>>> compare(best, evaluate_deuce_to_seven(parse_cards("8c 5d 4h 3s 2c".split(), "x")))
1
>>> evaluate_deuce_to_seven(parse_cards("Ac 5d 4h 3s 2c".split(), "x")).name
'A-5-4-3-2 low'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cpspec.rules.cards import ACE, Card
from cpspec.rules.hands import Category, HandValue, Wheel, evaluate5

#: The wheel's ranks with the ace high: A, 5, 4, 3, 2.
_ACE_HIGH_WHEEL = (ACE, 3, 2, 1, 0)


def evaluate_deuce_to_seven(cards: Sequence[Card]) -> HandValue:
    """A 5-card hand as a row ranked deuce-to-seven values it (the lower hand is the better one)."""
    hand = evaluate5(cards, Wheel.LOWEST)
    if hand.wheel:  # the ace plays high only: A-5-4-3-2 is ace high, or an ace-high flush
        category = Category.FLUSH if hand.category is Category.STRAIGHT_FLUSH else Category.HIGH_CARD
        return HandValue(category, _ACE_HIGH_WHEEL, 5, low=True)
    return replace(hand, low=True)
