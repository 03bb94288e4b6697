"""Hand patterns: a hand kind, bounded by rank, as bonus entries and Fantasyland requirements name hands.

A pattern names a kind (a category id such as ``pair``, or ``royal_flush``) and may bound the
hand's *rank* (:func:`hand_rank`) from below (``min_rank``) and above (``max_rank``) or give the
hand's ranks exactly (``ranks``). A Fantasyland requirement may also accept any stronger hand
(``or_better``): a higher category, or the same category of a higher rank.

>>> from cpspec.rules.cards import parse_cards
>>> from cpspec.rules.hands import evaluate
>>> queens = evaluate(parse_cards("Qs Qd 4c".split(), "front"))
>>> hand_rank(queens), fits(queens, "pair", min_rank=10), fits(queens, "pair", min_rank=11)
(10, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpspec.rules.cards import ACE
from cpspec.rules.hands import CATEGORY_BY_ID, Category, HandValue
from cpspec.rules.model import HandRequirement

_STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)


def hand_rank(hand: HandValue) -> int:
    """The rank that names a hand: of its largest group of equal cards (the higher pair of two pair, the
    three of a full house), or its highest card; a straight's top card, 5 for A-2-3-4-5 where the ace
    plays low."""
    if hand.category in _STRAIGHTS:
        return 3 if hand.wheel else min(hand.ranks[0], ACE)
    return hand.ranks[0]


def fits(hand: HandValue, kind: str, min_rank: int | None = None, max_rank: int | None = None,
         ranks: Sequence[int] | None = None) -> bool:
    """Whether the hand is of this kind, its rank within the bounds, its ranks exactly ``ranks`` if given."""
    if not hand.matches(kind):
        return False
    rank = hand_rank(hand)
    if (min_rank is not None and rank < min_rank) or (max_rank is not None and rank > max_rank):
        return False
    return ranks is None or tuple(hand.ranks) == tuple(ranks)


def at_least(hand: HandValue, kind: str, min_rank: int | None = None) -> bool:
    """Whether the hand is at least as strong as the weakest hand of this kind (and rank): a higher category,
    or the same category of at least ``min_rank``. For a row ranked high only."""
    if kind == "royal_flush":
        return hand.royal
    category = CATEGORY_BY_ID[kind]
    if hand.category != category:
        return hand.category > category
    return min_rank is None or hand_rank(hand) >= min_rank


def meets(hand: HandValue, requirement: HandRequirement) -> bool:
    """Whether the hand meets a Fantasyland requirement (``or_better``: or is stronger)."""
    if requirement.or_better:
        return at_least(hand, requirement.hand, requirement.min_rank)
    return fits(hand, requirement.hand, requirement.min_rank, requirement.max_rank, requirement.ranks)
