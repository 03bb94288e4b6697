"""Speed: a cheap screen before the natural searches, and :func:`find_naturals`, equal to the readable one.

:func:`cpspec.rules.naturals.naturals_held` checks every natural of the ruleset against
every hand. Most hands hold none, and the screen says so from the hand's rank and suit
counts in a few look-ups: :func:`may_hold` is a necessary condition for each of a natural's
conditions, never false for a hand that holds it. ``tests/test_natural_screen.py`` checks it
against :func:`cpspec.rules.naturals.find_natural` on hands built to hold each natural under
every option combination, on near misses and on random hands.

Rank counts are packed three bits a rank: a count of up to four never carries into the
next rank, so packed counts add up exactly, and a hand's packed counts equal its
segments' summed. Suit counts are packed four bits a suit (13 fits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from cpspec.rules.cards import ACE, Card, rank_of, suit_of
from cpspec.rules.model import NaturalHand, Ruleset, SegmentShapes
from cpspec.rules.naturals import (
    COLOURS,
    FIVE_CARD_STRAIGHTS,
    HAND_SIZE,
    SEGMENT_SIZES,
    SUIT_NAMES,
    HeldNatural,
    find_natural,
    front_straights,
)

RANK_BITS: Final = 3
SUIT_BITS: Final = 4

_RANK_OF_CARD: Final = tuple(rank_of(card) for card in range(52))
_SUIT_OF_CARD: Final = tuple(suit_of(card) for card in range(52))
_PACKED_RANK_OF_CARD: Final = tuple(1 << (RANK_BITS * rank_of(card)) for card in range(52))
_PACKED_SUIT_OF_CARD: Final = tuple(1 << (SUIT_BITS * suit_of(card)) for card in range(52))


def _rank_mask(ranks: Sequence[int]) -> int:
    return sum(1 << (RANK_BITS * r) for r in ranks)


_FIVE_CARD_STRAIGHT_MASKS: Final = tuple(_rank_mask(s) for s in FIVE_CARD_STRAIGHTS)


def _three_straight_masks(front_runs: tuple[tuple[int, ...], ...]) -> frozenset[int]:
    """The packed rank counts of every 13 ranks that split into a 3-card run of ``front_runs`` and two straights."""
    return frozenset(
        _rank_mask(front) + middle + back
        for front in front_runs
        for middle in _FIVE_CARD_STRAIGHT_MASKS
        for back in _FIVE_CARD_STRAIGHT_MASKS
    )


def _three_flush_suit_counts(distinct: bool) -> frozenset[int]:
    """The packed suit counts that three flushes (3 + 5 + 5 cards of one suit each) can use up exactly."""
    suits = range(len(SUIT_NAMES))
    packed = set()
    for front in suits:
        for middle in suits:
            for back in suits:
                if distinct and len({front, middle, back}) != 3:
                    continue
                packed.add(sum(size << (SUIT_BITS * suit) for suit, size in zip((front, middle, back), SEGMENT_SIZES,
                                                                               strict=True)))
    return frozenset(packed)


_THREE_FLUSH_SUIT_COUNTS: Final = {distinct: _three_flush_suit_counts(distinct) for distinct in (False, True)}
#: Built once per set of 3-card runs met (a process meets a handful).
_THREE_STRAIGHT_MASKS: dict[tuple[tuple[int, ...], ...], frozenset[int]] = {}


class HandCounts(NamedTuple):
    """What the screen reads of a hand, counted once: rank counts, suit counts, and both packed."""

    ranks: list[int]
    suits: list[int]
    packed_ranks: int
    packed_suits: int


def hand_counts(cards: Sequence[Card]) -> HandCounts:
    """Count the hand's ranks and suits once, for every natural's screen."""
    ranks = [0] * (ACE + 1)
    suits = [0] * len(SUIT_NAMES)
    for card in cards:
        ranks[_RANK_OF_CARD[card]] += 1
        suits[_SUIT_OF_CARD[card]] += 1
    return HandCounts(ranks, suits, sum(map(_PACKED_RANK_OF_CARD.__getitem__, cards)),
                      sum(map(_PACKED_SUIT_OF_CARD.__getitem__, cards)))


def _segments_may_hold(counts: HandCounts, shapes: SegmentShapes) -> bool:
    if shapes.each != "flush":
        runs = front_straights(shapes)
        masks = _THREE_STRAIGHT_MASKS.get(runs)
        if masks is None:
            masks = _THREE_STRAIGHT_MASKS[runs] = _three_straight_masks(runs)
        if counts.packed_ranks not in masks:
            return False
    if shapes.each != "straight":
        return counts.packed_suits in _THREE_FLUSH_SUIT_COUNTS[shapes.distinct_suits and shapes.each == "flush"]
    return True


def may_hold(counts: HandCounts, natural: NaturalHand) -> bool:
    """False only if the hand cannot hold ``natural``: a necessary condition for each condition it requires."""
    needs = natural.requires
    ranks = counts.ranks
    distinct = len(ranks) - ranks.count(0)
    if needs.distinct_ranks is not None and distinct < needs.distinct_ranks:
        return False
    if needs.one_suit is not None and max(counts.suits) < needs.one_suit:
        return False
    if needs.one_colour is not None and max(
            sum(counts.suits[s] for s in suits) for suits in COLOURS.values()) < needs.one_colour:
        return False
    if needs.rank_range is not None:
        span = needs.rank_range
        if sum(ranks[span.low:span.high + 1]) < span.at_least:
            return False
    if needs.rank_sets is not None:
        sets = needs.rank_sets
        # Each group of n cards of one rank leaves at least n - 1 fewer different ranks.
        if distinct > HAND_SIZE - 3 * sets.quads - 2 * sets.trips - sets.pairs:
            return False
    return needs.segments is None or _segments_may_hold(counts, needs.segments)


def find_naturals(cards: Sequence[Card], ruleset: Ruleset) -> list[HeldNatural]:
    """:func:`cpspec.rules.naturals.naturals_held`, searching only the naturals the screen lets through."""
    params = ruleset.parameters
    naturals = params.naturals
    if not naturals.hands:
        return []
    counts = hand_counts(cards)
    found = []
    for hand in naturals.hands:
        if may_hold(counts, hand):
            witness = find_natural(hand, cards, wheel=params.hands.wheel)
            if witness is not None:
                found.append((hand, witness))
    return found
