"""Speed: a cheap screen before the natural searches, and :func:`find_naturals`, equal to the readable one.

:func:`cpspec.rules.naturals.naturals_held` looks for every natural of the ruleset
in every hand. Most hands hold none, and the screen says so from the hand's rank
and suit counts in a few look-ups. It never leaves out a kind the hand holds:
``tests/test_natural_screen.py`` checks it against :func:`cpspec.rules.naturals.find_natural`
on hands built to hold each natural under every option combination, on near misses
and on random hands.

Rank counts are packed three bits a rank: a count of up to four never carries into the
next rank, so packed counts add up exactly, and a hand's packed counts equal its
segments' summed. Suit counts are packed four bits a suit (13 fits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cpspec.rules.cards import ACE, Card, rank_of, suit_of
from cpspec.rules.model import DetectionOptions, Ruleset
from cpspec.rules.naturals import (
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
_PACKED_RANK_OF_CARD: Final = tuple(1 << (RANK_BITS * rank_of(card)) for card in range(52))
_PACKED_SUIT_OF_CARD: Final = tuple(1 << (SUIT_BITS * suit_of(card)) for card in range(52))


def _rank_mask(ranks: Sequence[int]) -> int:
    return sum(1 << (RANK_BITS * r) for r in ranks)


_FIVE_CARD_STRAIGHT_MASKS: Final = tuple(_rank_mask(s) for s in FIVE_CARD_STRAIGHTS)


def _three_straight_masks(options: DetectionOptions) -> frozenset[int]:
    """The packed rank counts of every 13 ranks that split into three straights under ``options``."""
    return frozenset(
        _rank_mask(front) + middle + back
        for front in front_straights(options)
        for middle in _FIVE_CARD_STRAIGHT_MASKS
        for back in _FIVE_CARD_STRAIGHT_MASKS
    )


def _three_flush_suit_counts() -> frozenset[int]:
    """The packed suit counts that three flushes (3 + 5 + 5 cards of one suit each) can use up exactly."""
    suits = range(len(SUIT_NAMES))
    packed = set()
    for front in suits:
        for middle in suits:
            for back in suits:
                packed.add(sum(size << (SUIT_BITS * suit) for suit, size in zip((front, middle, back), SEGMENT_SIZES,
                                                                               strict=True)))
    return frozenset(packed)


_THREE_FLUSH_SUIT_COUNTS: Final = _three_flush_suit_counts()
#: Built once per set of options met (a process meets a handful).
_THREE_STRAIGHT_MASKS: dict[DetectionOptions, frozenset[int]] = {}


def possible_naturals(cards: Sequence[Card], options: DetectionOptions) -> tuple[str, ...]:
    """The kinds these 13 cards might hold; never leaves out one they hold."""
    kinds: list[str] = []
    distinct = len(set(map(_RANK_OF_CARD.__getitem__, cards)))
    if distinct == HAND_SIZE:
        kinds.append("dragon")
    elif distinct <= HAND_SIZE - 6:  # six pairs leave at most seven ranks
        rank_counts = [0] * (ACE + 1)
        for card in cards:
            rank_counts[_RANK_OF_CARD[card]] += 1
        pairs = rank_counts.count(2) + rank_counts.count(4) * (2 if options.quads_count_as_two_pairs else 1)
        if options.trips_count_as_pair:
            pairs += rank_counts.count(3)
        if pairs >= 6:
            kinds.append("six_pairs")
    masks = _THREE_STRAIGHT_MASKS.get(options)
    if masks is None:
        masks = _THREE_STRAIGHT_MASKS[options] = _three_straight_masks(options)
    if sum(map(_PACKED_RANK_OF_CARD.__getitem__, cards)) in masks:
        kinds.append("three_straights")
    if sum(map(_PACKED_SUIT_OF_CARD.__getitem__, cards)) in _THREE_FLUSH_SUIT_COUNTS:
        kinds.append("three_flushes")
    return tuple(kinds)


def find_naturals(cards: Sequence[Card], ruleset: Ruleset) -> list[HeldNatural]:
    """:func:`cpspec.rules.naturals.naturals_held`, searching only the kinds the screen lets through."""
    params = ruleset.parameters
    naturals = params.naturals
    if not naturals.hands:
        return []
    possible = possible_naturals(cards, naturals.detection)
    found = []
    for hand in naturals.hands:
        if hand.kind in possible:
            witness = find_natural(hand.kind, cards, naturals.detection, wheel=params.hands.wheel)
            if witness is not None:
                found.append((hand, witness))
    return found
