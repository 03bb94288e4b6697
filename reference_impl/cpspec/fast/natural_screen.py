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

from cpspec.rules.cards import RANKS, Card, rank_of, suit_of
from cpspec.rules.model import NaturalHand, RankSets, Ruleset, SegmentShapes
from cpspec.rules.naturals import (
    COLOURS,
    FIVE_CARD_STRAIGHTS,
    HAND_SIZE,
    SEGMENT_SIZES,
    SUIT_NAMES,
    HeldNatural,
    find_natural,
    front_straights,
    rank_divisions,
)

RANK_BITS: Final = 3
SUIT_BITS: Final = 4

_RANK_OF_CARD: Final = tuple(rank_of(card) for card in range(52))
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
#: Built once per choice of 3-card runs (ace low, ace high, wraparound) met: a process meets a handful.
_THREE_STRAIGHT_MASKS: dict[tuple[bool, bool, bool], frozenset[int]] = {}


def _most_groups(count: int, split_trips: bool, split_quads: bool) -> dict[int, int]:
    """The most groups of each size one rank of ``count`` cards can give, in any one way of dividing it."""
    sets = RankSets(pairs=1, split_trips=split_trips, split_quads=split_quads)
    return {size: max(way.count(size) for way in rank_divisions(count, sets)) for size in (4, 3, 2)}


#: By (split_trips, split_quads), then by a rank's count: the most groups of each size it gives.
_MOST_GROUPS: Final = {
    (trips, quads): tuple(_most_groups(count, trips, quads) for count in range(5))
    for trips in (False, True) for quads in (False, True)
}


class HandCounts(NamedTuple):
    """What the screen reads of a hand, counted once: its different ranks, and its rank and suit counts packed."""

    distinct: int
    packed_ranks: int
    packed_suits: int

    def rank_count(self, rank: int) -> int:
        """How many cards of this rank the hand holds."""
        return (self.packed_ranks >> (RANK_BITS * rank)) & 7

    def suit_count(self, suit: int) -> int:
        """How many cards of this suit the hand holds."""
        return (self.packed_suits >> (SUIT_BITS * suit)) & 15


def hand_counts(cards: Sequence[Card]) -> HandCounts:
    """Count the hand's ranks and suits once, for every natural's screen."""
    return HandCounts(len(set(map(_RANK_OF_CARD.__getitem__, cards))),
                      sum(map(_PACKED_RANK_OF_CARD.__getitem__, cards)),
                      sum(map(_PACKED_SUIT_OF_CARD.__getitem__, cards)))


def _segments_may_hold(counts: HandCounts, shapes: SegmentShapes) -> bool:
    if shapes.each != "flush":
        key = (shapes.front_ace_low, shapes.front_ace_high, shapes.front_wraparound)
        masks = _THREE_STRAIGHT_MASKS.get(key)
        if masks is None:
            masks = _THREE_STRAIGHT_MASKS[key] = _three_straight_masks(front_straights(shapes))
        if counts.packed_ranks not in masks:
            return False
    if shapes.each != "straight":
        return counts.packed_suits in _THREE_FLUSH_SUIT_COUNTS[shapes.distinct_suits and shapes.each == "flush"]
    return True


def may_hold(counts: HandCounts, natural: NaturalHand) -> bool:
    """False only if the hand cannot hold ``natural``: a necessary condition for each condition it requires."""
    needs = natural.requires
    distinct = counts.distinct
    if needs.distinct_ranks is not None and distinct < needs.distinct_ranks:
        return False
    if needs.one_suit is not None and max(map(counts.suit_count, range(len(SUIT_NAMES)))) < needs.one_suit:
        return False
    if needs.one_colour is not None and max(
            sum(map(counts.suit_count, suits)) for suits in COLOURS.values()) < needs.one_colour:
        return False
    if needs.rank_range is not None:
        span = needs.rank_range
        if sum(map(counts.rank_count, range(span.low, span.high + 1))) < span.at_least:
            return False
    if needs.ranks is not None and sum(map(counts.rank_count, needs.ranks.allowed)) < needs.ranks.at_least:
        return False
    if needs.rank_sets is not None and not _sets_may_hold(counts, needs.rank_sets):
        return False
    return needs.segments is None or _segments_may_hold(counts, needs.segments)


def _sets_may_hold(counts: HandCounts, sets: RankSets) -> bool:
    """Few enough different ranks, then enough groups of each size, each size counted on its own."""
    # Each group of n cards of one rank leaves at least n - 1 fewer different ranks.
    if counts.distinct > HAND_SIZE - 3 * sets.quads - 2 * sets.trips - sets.pairs:
        return False
    most = {4: 0, 3: 0, 2: 0}
    for rank in range(len(RANKS)):
        for size, groups in _MOST_GROUPS[sets.split_trips, sets.split_quads][counts.rank_count(rank)].items():
            most[size] += groups
    return most[4] >= sets.quads and most[3] >= sets.trips and most[2] >= sets.pairs


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
