"""Naturals: 13-card hands that win automatically, detected from a player's cards.

Which naturals a game recognises, and the fine points of each, are ruleset
choices; this module only answers "does this hand hold that natural, under these
options?" and shows a witness. A witness for three straights or three flushes is
a 3/5/5 arrangement with the back at least as high as the middle.

>>> from cpspec.rules.cards import parse_card
>>> hand = [parse_card(t) for t in "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac".split()]
>>> sorted(find_all(hand, DetectionOptions()))
['dragon', 'three_straights']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, pairwise, permutations
from typing import Final

from cpspec.rules.cards import ACE, RANKS, Card, rank_of, suit_of
from cpspec.rules.hands import Wheel, compare, evaluate5

NATURAL_KINDS: tuple[str, ...] = ("dragon", "six_pairs", "three_straights", "three_flushes")

HAND_SIZE: Final = 13
FRONT_SIZE: Final = 3
SEGMENT_SIZES: Final = (3, 5, 5)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

#: Every 5-card straight as its ranks, lowest straight (the wheel, A-2-3-4-5) first.
FIVE_CARD_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = (
    (ACE, 0, 1, 2, 3),
    *(tuple(range(low, low + 5)) for low in range(0, ACE - 3)),
)
_FIVE_CARD_STRAIGHT_SETS: Final = frozenset(frozenset(s) for s in FIVE_CARD_STRAIGHTS)


@dataclass(frozen=True)
class DetectionOptions:
    """The fine points of the naturals; a ruleset decides which apply."""

    quads_count_as_two_pairs: bool = True  # six pairs: four of a kind counts as two pairs
    trips_count_as_pair: bool = True  # six pairs: three of a kind counts as a pair + odd card
    front_straight_ace_low: bool = True  # A-2-3 is a 3-card straight
    front_straight_ace_high: bool = True  # Q-K-A is a 3-card straight
    front_straight_wraparound: bool = False  # K-A-2 is a 3-card straight
    three_flushes_distinct_suits: bool = False  # three flushes need three different suits
    straight_flush_counts: bool = True  # a straight flush may serve as a straight or a flush

    @cached_property
    def three_straight_masks(self) -> frozenset[int]:
        """The packed rank counts (RANK_BITS a rank) of every 13 ranks that split into three straights."""
        return frozenset(
            front_mask + middle_mask + back_mask
            for front_mask, _ in _front_straight_masks(self)
            for middle_mask in _FIVE_CARD_STRAIGHT_MASKS
            for back_mask in _FIVE_CARD_STRAIGHT_MASKS
        )


@dataclass(frozen=True)
class NaturalWitness:
    """Proof that a hand holds a natural.

    ``front``/``middle``/``back`` show a 3/5/5 arrangement for three straights and
    three flushes (back >= middle); they are None for a dragon and six pairs.
    """

    kind: str
    front: tuple[Card, ...] | None
    middle: tuple[Card, ...] | None
    back: tuple[Card, ...] | None
    explanation: str


def front_straights(options: DetectionOptions) -> tuple[tuple[int, ...], ...]:
    """The rank sets that make a 3-card straight under ``options``, lowest first."""
    straights: list[tuple[int, ...]] = []
    if options.front_straight_ace_low:
        straights.append((ACE, 0, 1))
    straights.extend(tuple(range(low, low + 3)) for low in range(0, ACE - 2))
    if options.front_straight_ace_high:
        straights.append((ACE - 2, ACE - 1, ACE))
    if options.front_straight_wraparound:
        straights.append((ACE - 1, ACE, 0))
    return tuple(straights)


def find_natural(
    kind: str,
    cards: Sequence[Card],
    options: DetectionOptions,
    *,
    wheel: Wheel = Wheel.LOWEST,
) -> NaturalWitness | None:
    """A witness that ``cards`` hold the natural ``kind``, or None.

    ``wheel`` only decides which of two 5-card straights is placed in the back.
    Raises ValueError for an unknown kind or a hand that is not 13 distinct cards.
    """
    _check_hand(cards)
    if kind == "dragon":
        return _find_dragon(cards)
    if kind == "six_pairs":
        return _find_six_pairs(cards, options)
    if kind == "three_straights":
        return _find_three_straights(cards, options, wheel)
    if kind == "three_flushes":
        return _find_three_flushes(cards, options, wheel)
    raise ValueError(f"unknown natural {kind!r}; expected one of {', '.join(NATURAL_KINDS)}")


def possible_naturals(cards: Sequence[Card], options: DetectionOptions) -> tuple[str, ...]:
    """The kinds these 13 cards might hold: a cheap screen before :func:`find_natural`.

    It never leaves out a kind the hand holds (a test checks this against
    :func:`find_natural`); most hands pass for no kind, so most searches never start.
    """
    kinds: list[str] = []
    distinct = len(set(map(_RANK_OF_CARD.__getitem__, cards)))
    if distinct == HAND_SIZE:
        kinds.append("dragon")
    elif distinct <= HAND_SIZE - 6:  # six pairs leave at most seven ranks
        rank_counts = [0] * (ACE + 1)
        for card in cards:
            rank_counts[card >> 2] += 1
        pairs = rank_counts.count(2) + rank_counts.count(4) * (2 if options.quads_count_as_two_pairs else 1)
        if options.trips_count_as_pair:
            pairs += rank_counts.count(3)
        if pairs >= 6:
            kinds.append("six_pairs")
    if sum(map(_PACKED_RANK_OF_CARD.__getitem__, cards)) in options.three_straight_masks:
        kinds.append("three_straights")
    if sum(map(_PACKED_SUIT_OF_CARD.__getitem__, cards)) in _PACKED_SUIT_PLANS:
        kinds.append("three_flushes")
    return tuple(kinds)




def find_all(
    cards: Sequence[Card], options: DetectionOptions, *, wheel: Wheel = Wheel.LOWEST
) -> dict[str, NaturalWitness]:
    """Every natural the hand holds, as kind -> witness, in NATURAL_KINDS order."""
    found: dict[str, NaturalWitness] = {}
    for kind in NATURAL_KINDS:
        witness = find_natural(kind, cards, options, wheel=wheel)
        if witness is not None:
            found[kind] = witness
    return found


def _check_hand(cards: Sequence[Card]) -> None:
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a hand has {HAND_SIZE} cards, not {len(cards)}")
    if len(set(cards)) != HAND_SIZE:
        raise ValueError("a hand cannot hold the same card twice")
    if min(cards) < 0 or max(cards) > 51:
        raise ValueError("a card is an int from 0 to 51")


def _rank_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * (ACE + 1)
    for card in cards:
        counts[rank_of(card)] += 1
    return counts


# --- dragon and six pairs -------------------------------------------------------------


def _find_dragon(cards: Sequence[Card]) -> NaturalWitness | None:
    if len({rank_of(card) for card in cards}) != HAND_SIZE:
        return None
    return NaturalWitness("dragon", None, None, None, "13 different ranks, deuce to ace")


def _find_six_pairs(cards: Sequence[Card], options: DetectionOptions) -> NaturalWitness | None:
    pair_ranks: list[int] = []
    notes: list[str] = []
    for rank, count in enumerate(_rank_counts(cards)):
        if count == 2:
            pair_ranks.append(rank)
        elif count == 3 and options.trips_count_as_pair:
            pair_ranks.append(rank)
            notes.append(f"three {RANKS[rank]}s count as a pair and a single")
        elif count == 4:
            pair_ranks.extend([rank, rank] if options.quads_count_as_two_pairs else [rank])
            if options.quads_count_as_two_pairs:
                notes.append(f"four {RANKS[rank]}s count as two pairs")
    if len(pair_ranks) < 6:
        return None
    # Thirteen cards hold at most six disjoint pairs, so exactly one card is left over.
    remaining = list(cards)
    for rank in pair_ranks:
        for _ in range(2):
            remaining.remove(next(c for c in remaining if rank_of(c) == rank))
    pairs = ", ".join(f"{RANKS[rank]}s" for rank in sorted(pair_ranks))
    explanation = f"pairs of {pairs} and a single {RANKS[rank_of(remaining[0])]}"
    if notes:
        explanation += " (" + "; ".join(notes) + ")"
    return NaturalWitness("six_pairs", None, None, None, explanation)


# --- three straights -----------------------------------------------------------------


#: Rank counts are packed three bits a rank: a count of up to four never carries into the next rank,
#: so packed counts add up exactly, and a hand's packed counts equal its segments' summed.
RANK_BITS: Final = 3


_RANK_OF_CARD: Final = tuple(rank_of(card) for card in range(52))
_PACKED_RANK_OF_CARD: Final = tuple(1 << (RANK_BITS * rank_of(card)) for card in range(52))
_PACKED_SUIT_OF_CARD: Final = tuple(1 << (4 * suit_of(card)) for card in range(52))  # four bits hold 13


def _rank_mask(ranks: Sequence[int]) -> int:
    """The packed counts of these ranks: a segment's ranks, or (with repeats) a hand's."""
    return sum(1 << (RANK_BITS * r) for r in ranks)


_FIVE_CARD_STRAIGHT_MASKS: Final = tuple(_rank_mask(s) for s in FIVE_CARD_STRAIGHTS)
_FIVE_CARD_STRAIGHT_INDEX_BY_MASK: Final = {m: i for i, m in enumerate(_FIVE_CARD_STRAIGHT_MASKS)}


@lru_cache(maxsize=64)
def _front_straight_masks(options: DetectionOptions) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple((_rank_mask(s), s) for s in front_straights(options))


def _find_three_straights(
    cards: Sequence[Card], options: DetectionOptions, wheel: Wheel
) -> NaturalWitness | None:
    counts = _rank_counts(cards)
    if max(counts) > len(SEGMENT_SIZES):  # each segment holds a rank at most once
        return None
    hand_mask = sum(n << (RANK_BITS * r) for r, n in enumerate(counts))
    if hand_mask not in options.three_straight_masks:  # most hands: one look-up says no
        return None
    for front_mask, front_ranks in _front_straight_masks(options):
        if not (counts[front_ranks[0]] and counts[front_ranks[1]] and counts[front_ranks[2]]):
            continue
        rest_mask = hand_mask - front_mask
        for middle_index, middle_mask in enumerate(_FIVE_CARD_STRAIGHT_MASKS):
            back_index = _FIVE_CARD_STRAIGHT_INDEX_BY_MASK.get(rest_mask - middle_mask)
            # Middle no later than back in FIVE_CARD_STRAIGHTS: try each split once.
            if back_index is None or back_index < middle_index:
                continue
            segment_ranks = (
                front_ranks,
                FIVE_CARD_STRAIGHTS[middle_index],
                FIVE_CARD_STRAIGHTS[back_index],
            )
            segments = _deal_ranks(cards, segment_ranks, options)
            if segments is not None:
                front_text = f"3-card straight {_ranks_text(segments[0])}"
                return _arranged_witness("three_straights", segments, front_text, wheel)
    return None


def _deal_ranks(
    cards: Sequence[Card], segment_ranks: Sequence[Sequence[int]], options: DetectionOptions
) -> tuple[tuple[Card, ...], ...] | None:
    """Give each segment one card of each of its ranks; None if only suited deals exist.

    Unless straight flushes count, no segment may be all of one suit.
    """
    users: dict[int, list[int]] = {}
    for segment, ranks in enumerate(segment_ranks):
        for r in ranks:
            users.setdefault(r, []).append(segment)
    by_rank: dict[int, list[Card]] = {r: [] for r in users}
    for card in sorted(cards):
        by_rank[rank_of(card)].append(card)
    ranks_in_order = sorted(users)
    # The segments that receive their last card at each position, to check them early.
    completed_at: list[list[int]] = [[] for _ in ranks_in_order]
    for segment, ranks in enumerate(segment_ranks):
        completed_at[max(ranks_in_order.index(r) for r in ranks)].append(segment)
    hands: list[list[Card]] = [[] for _ in segment_ranks]

    def deal(position: int) -> bool:
        if position == len(ranks_in_order):
            return True
        rank = ranks_in_order[position]
        for chosen in permutations(by_rank[rank]):
            for segment, card in zip(users[rank], chosen, strict=True):
                hands[segment].append(card)
            allowed = options.straight_flush_counts or not any(
                _one_suit(hands[segment]) for segment in completed_at[position]
            )
            if allowed and deal(position + 1):
                return True
            for segment in users[rank]:
                hands[segment].pop()
        return False

    if deal(0):
        return tuple(tuple(h) for h in hands)
    return None


# --- three flushes -------------------------------------------------------------------


def _suit_plans() -> dict[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Suit counts -> the (front, middle, back) suits that use them up exactly."""
    plans: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
    suits = range(len(SUIT_NAMES))
    for front_suit in suits:
        for middle_suit in suits:
            for back_suit in suits[middle_suit:]:  # middle <= back: try each split once
                needed = [0] * len(SUIT_NAMES)
                for suit, size in zip(
                    (front_suit, middle_suit, back_suit), SEGMENT_SIZES, strict=True
                ):
                    needed[suit] += size
                plans.setdefault(tuple(needed), []).append((front_suit, middle_suit, back_suit))
    return {counts: tuple(found) for counts, found in plans.items()}


_SUIT_PLANS: Final = _suit_plans()
_PACKED_SUIT_PLANS: Final = frozenset(sum(n << (4 * suit) for suit, n in enumerate(counts)) for counts in _SUIT_PLANS)


def _find_three_flushes(
    cards: Sequence[Card], options: DetectionOptions, wheel: Wheel
) -> NaturalWitness | None:
    by_suit: list[list[Card]] = [[] for _ in SUIT_NAMES]
    for card in sorted(cards):
        by_suit[suit_of(card)].append(card)
    for segment_suits in _SUIT_PLANS.get(tuple(len(pool) for pool in by_suit), ()):
        if options.three_flushes_distinct_suits and len(set(segment_suits)) != 3:
            continue
        segments = _deal_suits(by_suit, segment_suits, options)
        if segments is not None:
            front_text = f"three {SUIT_NAMES[segment_suits[0]]} in front"
            return _arranged_witness("three_flushes", segments, front_text, wheel)
    return None


def _deal_suits(
    by_suit: Sequence[Sequence[Card]], segment_suits: Sequence[int], options: DetectionOptions
) -> tuple[tuple[Card, ...], ...] | None:
    """Split each suit's cards among the segments of that suit.

    Unless straight flushes count, no segment may also be a straight.
    """
    front_straight_sets = {frozenset(s) for s in front_straights(options)}

    def allowed(segment: Sequence[Card]) -> bool:
        if options.straight_flush_counts:
            return True
        ranks = frozenset(rank_of(c) for c in segment)
        if len(segment) == FRONT_SIZE:
            return ranks not in front_straight_sets
        return ranks not in _FIVE_CARD_STRAIGHT_SETS

    hands: list[tuple[Card, ...]] = [() for _ in segment_suits]

    def deal(segment: int, pools: list[tuple[Card, ...]]) -> bool:
        if segment == len(segment_suits):
            return True
        suit = segment_suits[segment]
        pool = pools[suit]
        for chosen in combinations(pool, SEGMENT_SIZES[segment]):
            if not allowed(chosen):
                continue
            hands[segment] = chosen
            pools[suit] = tuple(c for c in pool if c not in chosen)
            if deal(segment + 1, pools):
                return True
            pools[suit] = pool
        return False

    if deal(0, [tuple(pool) for pool in by_suit]):
        return tuple(hands)
    return None


# --- shared helpers ------------------------------------------------------------------


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({suit_of(c) for c in cards}) == 1


def _arranged_witness(
    kind: str, segments: Sequence[tuple[Card, ...]], front_text: str, wheel: Wheel
) -> NaturalWitness:
    """A witness from a front and two 5-card segments, the higher of which goes in the back."""
    front, middle, back = segments
    middle_value, back_value = evaluate5(middle, wheel), evaluate5(back, wheel)
    if compare(middle_value, back_value) > 0:
        middle, back = back, middle
        middle_value, back_value = back_value, middle_value
    explanation = f"{front_text}, then {middle_value.name} and {back_value.name}"
    return NaturalWitness(kind, front, middle, back, explanation)


def _ranks_text(cards: Sequence[Card]) -> str:
    """A 3-card straight's ranks in playing order, e.g. ``A-2-3``, ``Q-K-A``, ``K-A-2``."""
    ranks = sorted(rank_of(c) for c in cards)
    for start in range(len(ranks)):
        rotated = ranks[start:] + ranks[:start]
        if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):
            return "-".join(RANKS[r] for r in rotated)
    return "-".join(RANKS[r] for r in ranks)


__all__ = [
    "NATURAL_KINDS",
    "DetectionOptions",
    "NaturalWitness",
    "find_all",
    "find_natural",
    "front_straights",
]
