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

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations
from typing import Final

from cpspec.rules.cards import ACE, RANKS, Card, rank_of, suit_of
from cpspec.rules.hands import Wheel, compare, evaluate5
from cpspec.rules.model import DetectionOptions, NaturalHand, Ruleset, natural_strength

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


def _find_three_straights(
    cards: Sequence[Card], options: DetectionOptions, wheel: Wheel
) -> NaturalWitness | None:
    """Split the ranks into a 3-card straight and two 5-card straights, then deal the cards to them."""
    counts = Counter(rank_of(card) for card in cards)
    for front_ranks in front_straights(options):
        if not all(counts[rank] for rank in front_ranks):
            continue
        after_front = counts - Counter(front_ranks)
        for middle_index, middle_ranks in enumerate(FIVE_CARD_STRAIGHTS):
            if not all(after_front[rank] for rank in middle_ranks):
                continue
            back_counts = after_front - Counter(middle_ranks)
            # The middle no later than the back in FIVE_CARD_STRAIGHTS: each split is tried once.
            for back_ranks in FIVE_CARD_STRAIGHTS[middle_index:]:
                if back_counts != Counter(back_ranks):
                    continue
                segments = _deal_ranks(cards, (front_ranks, middle_ranks, back_ranks), options)
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


# --- the ruleset's naturals ------------------------------------------------------------

#: A natural of the ruleset that a hand holds, with the witness that shows it.
HeldNatural = tuple[NaturalHand, NaturalWitness]
#: How the engine finds the naturals a hand holds: :func:`naturals_held` here, or an equal faster one.
NaturalFinder = Callable[[Sequence[Card], Ruleset], list[HeldNatural]]


def naturals_held(cards: Sequence[Card], ruleset: Ruleset) -> list[HeldNatural]:
    """Every natural of ``parameters.naturals.hands`` that these 13 cards hold, in the ruleset's order.

    Each is looked for with the ruleset's ``parameters.naturals.detection`` options; the
    wheel rule (``parameters.hands.wheel``) only decides how a witness's straights are placed.
    """
    params = ruleset.parameters
    found = []
    for hand in params.naturals.hands:
        witness = find_natural(hand.kind, cards, params.naturals.detection, wheel=params.hands.wheel)
        if witness is not None:
            found.append((hand, witness))
    return found


def strongest(found: Sequence[HeldNatural]) -> HeldNatural | None:
    """The natural a player holding these is credited with: highest rank (lowest number), then most points.

    On a tie, the first in the ruleset's order.
    """
    return min(found, key=lambda held: natural_strength(held[0]), default=None)


__all__ = [
    "NATURAL_KINDS",
    "DetectionOptions",
    "HeldNatural",
    "NaturalFinder",
    "NaturalWitness",
    "find_all",
    "find_natural",
    "front_straights",
    "naturals_held",
    "strongest",
]
