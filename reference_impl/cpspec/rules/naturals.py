"""Naturals: 13-card hands that win automatically, each defined by the ruleset as conditions on the cards.

A natural (``parameters.naturals.hands[]``) lists what it ``requires`` of the 13 cards
(:class:`~cpspec.rules.model.NaturalConditions`); it is held when every condition is met:

* ``distinct_ranks``: at least that many different ranks (13: one card of each rank, a dragon);
* ``one_suit``, ``one_colour``: at least that many cards of one suit, of one colour;
* ``rank_range``: at least so many cards with ranks from one rank to another (all 8 or higher);
* ``ranks``: at least so many cards of the ranks allowed, or of none of the ranks left out (no
  jack, queen or king, the ace allowed);
* ``rank_sets``: the cards divide into so many quads, trips and pairs (six pairs, three quads);
* ``segments``: the cards can be set so that every segment is a straight, a flush or a
  straight flush (the front's three cards too).

This module answers "do these cards hold this natural?" with a witness that says how, and
compares two holdings of the same natural (for ``parameters.naturals.same_natural: compare``).

>>> from cpspec.rules.cards import parse_card
>>> from cpspec.rules.model import NaturalConditions, NaturalHand, SegmentShapes
>>> hand = [parse_card(t) for t in "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac".split()]
>>> dragon = NaturalHand("dragon", "dragon", 13, 1, "r", NaturalConditions(distinct_ranks=13))
>>> find_natural(dragon, hand).explanation
'13 different ranks, deuce to ace'
>>> straights = NaturalHand("three-straights", "three_straights", 3, 2, "r",
...                         NaturalConditions(segments=SegmentShapes("straight")))
>>> find_natural(straights, hand).explanation
'3-card straight 2-3-4, then nine-high straight and ace-high straight'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations
from typing import Any, Final

from cpspec.rules.cards import ACE, RANKS, Card, rank_of, suit_of
from cpspec.rules.hands import HandValue, Wheel, compare, evaluate5, strength
from cpspec.rules.model import (
    NaturalHand,
    RankChoice,
    RankRange,
    RankSets,
    Ruleset,
    SegmentShapes,
    natural_strength,
)

HAND_SIZE: Final = 13
FRONT_SIZE: Final = 3
SEGMENT_SIZES: Final = (3, 5, 5)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
#: The suits of each colour: clubs and spades are black, diamonds and hearts red.
COLOURS: Final = {"black": (0, 3), "red": (1, 2)}
#: The size of each kind of rank set, biggest first.
SET_SIZES: Final = {"quads": 4, "trips": 3, "pairs": 2}

#: Every 5-card straight as its ranks, lowest straight (the wheel, A-2-3-4-5) first.
FIVE_CARD_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = (
    (ACE, 0, 1, 2, 3),
    *(tuple(range(low, low + 5)) for low in range(0, ACE - 3)),
)
_FIVE_CARD_STRAIGHT_SETS: Final = frozenset(frozenset(s) for s in FIVE_CARD_STRAIGHTS)
_STRAIGHT_OF_RANKS: Final = {frozenset(s): s for s in FIVE_CARD_STRAIGHTS}

#: One thing two holdings of a natural are compared by: what (``back``, ``highest pair``), its words, its key.
Compared = tuple[str, str, tuple[int, ...]]


@dataclass(frozen=True)
class NaturalWitness:
    """Proof that a hand holds a natural.

    ``front``/``middle``/``back`` show the best setting of a natural with segment shapes (the
    back at least as high as the middle); they are None for any other natural. ``compared``
    lists, most significant first, what two holdings of the same natural are compared by: the
    setting's back, middle and front, then the rank sets' groups, biggest and highest first. It
    is empty for a natural with neither.
    """

    kind: str
    front: tuple[Card, ...] | None
    middle: tuple[Card, ...] | None
    back: tuple[Card, ...] | None
    explanation: str
    compared: tuple[Compared, ...] = ()

    @property
    def strength(self) -> tuple[tuple[int, ...], ...]:
        """The keys of ``compared``: the higher, the better holding."""
        return tuple(key for _, _, key in self.compared)


def front_straights(shapes: SegmentShapes) -> tuple[tuple[int, ...], ...]:
    """The rank sets that make a 3-card straight under ``shapes``, lowest first (K-A-2, if allowed, first)."""
    straights: list[tuple[int, ...]] = []
    if shapes.front_wraparound:
        straights.append((ACE - 1, ACE, 0))
    if shapes.front_ace_low:
        straights.append((ACE, 0, 1))
    straights.extend(tuple(range(low, low + 3)) for low in range(0, ACE - 2))
    if shapes.front_ace_high:
        straights.append((ACE - 2, ACE - 1, ACE))
    return tuple(straights)


def check_hand(cards: Sequence[Card]) -> None:
    """Raise ValueError unless ``cards`` are 13 distinct cards."""
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a hand has {HAND_SIZE} cards, not {len(cards)}")
    if len(set(cards)) != HAND_SIZE:
        raise ValueError("a hand cannot hold the same card twice")
    if min(cards) < 0 or max(cards) > 51:
        raise ValueError("a card is an int from 0 to 51")


def find_natural(natural: NaturalHand, cards: Sequence[Card], *, wheel: Wheel = Wheel.LOWEST) -> NaturalWitness | None:
    """A witness that ``cards`` hold ``natural`` (every condition it requires), or None.

    The conditions are checked in the order of :class:`~cpspec.rules.model.NaturalConditions`.
    ``wheel`` (``parameters.hands.wheel``) ranks the straights of a witness's setting.
    Raises ValueError for a hand that is not 13 distinct cards.
    """
    check_hand(cards)
    needs = natural.requires
    said: list[str] = []
    compared: list[Compared] = []
    counted: tuple[tuple[Any, Callable[[Sequence[Card], Any], str | None]], ...] = (
        (needs.distinct_ranks, distinct_ranks), (needs.one_suit, one_suit), (needs.one_colour, one_colour),
        (needs.rank_range, in_rank_range), (needs.ranks, of_ranks),
    )
    for wanted, check in counted:
        if wanted is not None:
            text = check(cards, wanted)
            if text is None:
                return None
            said.append(text)
    setting: tuple[tuple[Card, ...], ...] | None = None
    if needs.segments is not None:
        best = best_setting(cards, needs.segments, wheel)
        if best is None:
            return None
        setting, text, segments_compared = best
        said.append(text)
        compared.extend(segments_compared)
    if needs.rank_sets is not None:
        groups = best_rank_sets(cards, needs.rank_sets)
        if groups is None:
            return None
        said.append(rank_sets_text(cards, groups))
        compared.extend(groups_compared(groups))
    front, middle, back = setting if setting is not None else (None, None, None)
    return NaturalWitness(natural.kind, front, middle, back, "; ".join(said), tuple(compared))


# --- ranks, suits and colours ----------------------------------------------------------


def distinct_ranks(cards: Sequence[Card], at_least: int) -> str | None:
    """At least ``at_least`` different ranks: what they are, or None."""
    ranks = {rank_of(card) for card in cards}
    if len(ranks) < at_least:
        return None
    if len(ranks) == HAND_SIZE:
        return "13 different ranks, deuce to ace"
    return f"{len(ranks)} different ranks"


def one_suit(cards: Sequence[Card], at_least: int) -> str | None:
    """At least ``at_least`` cards of one suit: which, or None."""
    counts = Counter(suit_of(card) for card in cards)
    suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))
    if count < at_least:
        return None
    others = HAND_SIZE - count
    return f"{count} {SUIT_NAMES[suit]}" + (f" and {others} other" if others else "")


def one_colour(cards: Sequence[Card], at_least: int) -> str | None:
    """At least ``at_least`` cards of one colour (clubs and spades black, diamonds and hearts red), or None."""
    for colour, suits in COLOURS.items():
        count = sum(1 for card in cards if suit_of(card) in suits)
        if count >= at_least:
            others = HAND_SIZE - count
            return f"{count} {colour} cards" + (f" and {others} of the other colour" if others else "")
    return None


def in_rank_range(cards: Sequence[Card], ranks: RankRange) -> str | None:
    """At least ``ranks.at_least`` cards with ranks from ``ranks.low`` to ``ranks.high``, or None."""
    inside = [card for card in cards if ranks.low <= rank_of(card) <= ranks.high]
    if len(inside) < ranks.at_least:
        return None
    span = f"{RANKS[ranks.low]} to {RANKS[ranks.high]}"
    outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)
    if not outside:
        return f"every card from {span}"
    return f"{len(inside)} cards from {span} and {', '.join(outside)}"


def of_ranks(cards: Sequence[Card], ranks: RankChoice) -> str | None:
    """At least ``ranks.at_least`` cards of the ranks ``ranks.allowed``: which, or None.

    >>> from cpspec.rules.cards import parse_card
    >>> hand = [parse_card(t) for t in "2c 3d 4h 5s 6c 7d 8h 9s Tc Td Th Ah Ac".split()]
    >>> of_ranks(hand, RankChoice(frozenset(range(13)) - {9, 10, 11}, 13, frozenset({9, 10, 11})))
    'no J, Q or K'
    >>> of_ranks(hand, RankChoice(frozenset({0, 1, 2}), 13)) is None
    True
    """
    inside = [card for card in cards if rank_of(card) in ranks.allowed]
    if len(inside) < ranks.at_least:
        return None
    named = ranks.left_out if ranks.left_out is not None else ranks.allowed
    listed = [RANKS[rank] for rank in sorted(named)]
    words = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"
    outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)
    if ranks.left_out is not None:
        return f"no {words}" if not outside else f"{len(inside)} cards that are not {words}, and {', '.join(outside)}"
    if not outside:
        return f"every card one of {words}"
    return f"{len(inside)} cards of {words}, and {', '.join(outside)}"


# --- rank sets ---------------------------------------------------------------------------

#: A division of the cards into groups: (size, rank) of each group, biggest and highest first.
Groups = tuple[tuple[int, int], ...]


def rank_divisions(count: int, sets: RankSets) -> tuple[tuple[int, ...], ...]:
    """The ways ``count`` cards of one rank may go into groups (the sizes of the groups; the rest free)."""
    ways: list[tuple[int, ...]] = [()]
    if count >= 2:
        ways.append((count,))
    if count == 3 and sets.split_trips:
        ways.append((2,))
    if count == 4 and sets.split_quads:
        ways.extend([(2, 2), (3,), (2,)])
    return tuple(ways)


def rank_set_divisions(cards: Sequence[Card], sets: RankSets) -> Iterator[Groups]:
    """Every division of the cards into exactly the groups ``sets`` asks for (the other cards free).

    Ranks are taken highest first; a branch stops as soon as the ranks left cannot give the
    groups still wanted.
    """
    counts = Counter(rank_of(card) for card in cards)
    ranks = sorted(counts, reverse=True)
    wanted = {4: sets.quads, 3: sets.trips, 2: sets.pairs}
    # The most groups of each size the ranks from position i on can give: a branch needing more stops.
    most: list[dict[int, int]] = [dict.fromkeys(wanted, 0) for _ in range(len(ranks) + 1)]
    for index in range(len(ranks) - 1, -1, -1):
        ways = rank_divisions(counts[ranks[index]], sets)
        most[index] = {size: most[index + 1][size] + max(way.count(size) for way in ways) for size in wanted}

    def divide(index: int, still: dict[int, int], chosen: list[tuple[int, int]]) -> Iterator[Groups]:
        if not any(still.values()):
            yield tuple(sorted(chosen, reverse=True))
            return
        if any(still[size] > most[index][size] for size in still):
            return
        rank = ranks[index]
        for sizes in rank_divisions(counts[rank], sets):
            need = Counter(sizes)
            if any(need[size] > still.get(size, 0) for size in need):
                continue
            left = {size: still[size] - need[size] for size in still}
            yield from divide(index + 1, left, [*chosen, *((size, rank) for size in sizes)])

    yield from divide(0, wanted, [])


def best_rank_sets(cards: Sequence[Card], sets: RankSets) -> Groups | None:
    """The highest division of the cards into the groups ``sets`` asks for, or None if there is none."""
    return max(rank_set_divisions(cards, sets), default=None)


def _plural(rank: int) -> str:
    return f"{RANKS[rank]}s"


_ORDINALS: Final = ("highest", "second", "third", "fourth", "fifth", "sixth")
_SET_NAMES: Final = {4: "four of a kind", 3: "three of a kind", 2: "pair"}


def groups_compared(groups: Groups) -> list[Compared]:
    """What rank sets are compared by: each group in turn, biggest and highest first (the highest pair, the next...)."""
    items: list[Compared] = []
    seen: Counter[int] = Counter()
    for size, rank in groups:
        items.append((f"{_ORDINALS[seen[size]]} {_SET_NAMES[size]}", _plural(rank), (size, rank)))
        seen[size] += 1
    return items


def rank_sets_text(cards: Sequence[Card], groups: Groups) -> str:
    """The groups in words, lowest first (``pairs of 2s, 3s and 4s and a single 8``), and how ranks were divided."""
    parts: list[str] = []
    for name, size in SET_SIZES.items():
        ranks = sorted(rank for group_size, rank in groups if group_size == size)
        if ranks:
            parts.append(f"{name} of {', '.join(_plural(r) for r in ranks)}")
    counts = Counter(rank_of(card) for card in cards)
    in_groups: Counter[int] = Counter()
    for size, rank in groups:
        in_groups[rank] += size
    free = sorted(RANKS[rank] for rank in counts for _ in range(counts[rank] - in_groups[rank]))
    notes = []
    for rank in sorted(counts):
        sizes = [size for size, r in groups if r == rank]
        if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):
            notes.append(_division_note(rank, counts[rank], sizes))
    text = ", ".join(parts)
    if free:
        text += f" and a single {free[0]}" if len(free) == 1 else f" and {', '.join(free)} free"
    if notes:
        text += " (" + "; ".join(notes) + ")"
    return text


def _division_note(rank: int, count: int, sizes: Sequence[int]) -> str:
    """How a divided rank counts, e.g. ``four 4s count as two pairs``, ``three 6s count as a pair and a single``."""
    counted = "two pairs" if len(sizes) == 2 else "three of a kind" if sizes[0] == 3 else "a pair"
    rest = count - sum(sizes)
    if rest:
        counted += " and a single" if rest == 1 else " and two singles"
    return f"{'three' if count == 3 else 'four'} {_plural(rank)} count as {counted}"


# --- segment shapes ----------------------------------------------------------------------

Setting = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({suit_of(c) for c in cards}) == 1


def _is_straight(cards: Sequence[Card], shapes: SegmentShapes) -> bool:
    ranks = frozenset(rank_of(c) for c in cards)
    if len(cards) == FRONT_SIZE:
        return ranks in {frozenset(s) for s in front_straights(shapes)}
    return ranks in _FIVE_CARD_STRAIGHT_SETS


def shaped_settings(cards: Sequence[Card], shapes: SegmentShapes, wheel: Wheel = Wheel.LOWEST) -> Iterator[Setting]:
    """Settings of the cards (front, middle, back) whose three segments all have the shape ``shapes.each``.

    Straights: every one. Flushes: for each way of giving the segments suits, the one with the
    highest back, then the highest middle, of those suits (so the best of all is among them).
    A hand holds the shape exactly when there is one.
    """
    if shapes.each == "flush":
        yield from _flush_settings(cards, shapes, wheel)
    else:
        yield from _straight_settings(cards, shapes)


def _straight_settings(cards: Sequence[Card], shapes: SegmentShapes) -> Iterator[Setting]:
    """Split the ranks into a 3-card straight and two 5-card straights, then deal the cards to them.

    A straight flush serves as a straight only where ``straight_flush_counts``; for the shape
    ``straight_flush`` every segment must be one.
    """
    counts = [0] * len(RANKS)
    for card in cards:
        counts[rank_of(card)] += 1
    for front_ranks in front_straights(shapes):
        if not all(counts[rank] for rank in front_ranks):
            continue
        after_front = list(counts)
        for rank in front_ranks:
            after_front[rank] -= 1
        for middle_index, middle_ranks in enumerate(FIVE_CARD_STRAIGHTS):
            if not all(after_front[rank] for rank in middle_ranks):
                continue
            left = list(after_front)
            for rank in middle_ranks:
                left[rank] -= 1
            # The ranks left must be a straight, one card each, no earlier in FIVE_CARD_STRAIGHTS than the
            # middle (each split is tried once).
            if max(left) != 1:
                continue
            back_ranks = _STRAIGHT_OF_RANKS.get(frozenset(rank for rank, n in enumerate(left) if n))
            if back_ranks is not None and FIVE_CARD_STRAIGHTS.index(back_ranks) >= middle_index:
                yield from _deal_ranks(cards, (front_ranks, middle_ranks, back_ranks), shapes)


def _segment_allowed(segment: Sequence[Card], shapes: SegmentShapes) -> bool:
    """Whether a segment dealt for a straight shape keeps it: suited for straight flushes; else unsuited,
    unless straight flushes count."""
    if shapes.each == "straight_flush":
        return _one_suit(segment)
    return shapes.straight_flush_counts or not _one_suit(segment)


def _deal_ranks(cards: Sequence[Card], segment_ranks: Sequence[Sequence[int]], shapes: SegmentShapes
                ) -> Iterator[Setting]:
    """Every way to give each segment one card of each of its ranks that keeps the shape."""
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

    def deal(position: int) -> Iterator[Setting]:
        if position == len(ranks_in_order):
            yield tuple(hands[0]), tuple(hands[1]), tuple(hands[2])
            return
        rank = ranks_in_order[position]
        for chosen in permutations(by_rank[rank]):
            for segment, card in zip(users[rank], chosen, strict=True):
                hands[segment].append(card)
            if all(_segment_allowed(hands[segment], shapes) for segment in completed_at[position]):
                yield from deal(position + 1)
            for segment in users[rank]:
                hands[segment].pop()

    yield from deal(0)


def _flush_settings(cards: Sequence[Card], shapes: SegmentShapes, wheel: Wheel) -> Iterator[Setting]:
    """Give each segment cards of one suit, as many as the suits have; for each such plan, its best setting.

    A plan and the same plan with the middle's and back's suits exchanged give the same two 5-card
    segments (each suit's cards go whole to its segments), so only one of the two is tried.
    """
    by_suit: list[list[Card]] = [[] for _ in SUIT_NAMES]
    for card in sorted(cards):
        by_suit[suit_of(card)].append(card)
    held = [len(pool) for pool in by_suit]
    suits = range(len(SUIT_NAMES))
    for front_suit in suits:
        for middle_suit in suits:
            # The middle's suit no later than the back's: the higher of the two goes in the back anyway.
            for back_suit in suits[middle_suit:]:
                plan = (front_suit, middle_suit, back_suit)
                if shapes.distinct_suits and len(set(plan)) != len(plan):
                    continue
                needed = [0] * len(SUIT_NAMES)
                for suit, size in zip(plan, SEGMENT_SIZES, strict=True):
                    needed[suit] += size
                if needed != held:
                    continue
                best = _best_of_plan(cards, by_suit, plan, shapes, wheel)
                if best is not None:
                    yield best


def _best_of_plan(cards: Sequence[Card], by_suit: Sequence[Sequence[Card]], plan: Sequence[int],
                  shapes: SegmentShapes, wheel: Wheel) -> Setting | None:
    """The highest back of its suit, then the highest middle of its suit, that leave a front of the plan's suit.

    A straight flush serves as a flush only where ``straight_flush_counts``. Two choices of five
    cards of one suit never rank equal, so the first that works is the best.
    """
    def allowed(segment: Sequence[Card]) -> bool:
        return shapes.straight_flush_counts or not _is_straight(segment, shapes)

    def highest_first(pool: Sequence[Card]) -> list[tuple[Card, ...]]:
        return sorted(combinations(pool, SEGMENT_SIZES[2]), key=lambda five: strength(evaluate5(five, wheel)),
                      reverse=True)

    for back in highest_first(by_suit[plan[2]]):
        if not allowed(back):
            continue
        for middle in highest_first([c for c in by_suit[plan[1]] if c not in back]):
            front = tuple(c for c in sorted(cards) if c not in back and c not in middle)
            if allowed(middle) and allowed(front):
                return front, middle, back
    return None


def _front_strength(front: Sequence[Card], shapes: SegmentShapes) -> tuple[int, ...]:
    """How two fronts of a shaped setting compare: a 3-card straight by its place among the 3-card straights
    (:func:`front_straights`, lowest first); a 3-card flush by its ranks, highest first."""
    ranks = frozenset(rank_of(c) for c in front)
    if shapes.each == "flush":
        return tuple(sorted(ranks, reverse=True))
    return ([frozenset(run) for run in front_straights(shapes)].index(ranks),)


def setting_compared(setting: Setting, values: tuple[HandValue, HandValue], shapes: SegmentShapes
                     ) -> list[Compared]:
    """What a shaped setting is compared by: the back, then the middle, then the front (the sources' order).

    ``values`` are the middle's and the back's hand values.
    """
    front = setting[0]
    middle_value, back_value = values
    return [("back", back_value.name, (back_value.category, *back_value.ranks)),
            ("middle", middle_value.name, (middle_value.category, *middle_value.ranks)),
            ("front", "-".join(RANKS[r] for r in sorted({rank_of(c) for c in front}, reverse=True))
             if shapes.each == "flush" else _ranks_text(front), _front_strength(front, shapes))]


def _same_values(setting: Setting) -> tuple[frozenset[int] | bool, ...]:
    """What a setting's values depend on: each segment's ranks and whether it is one suit."""
    return tuple(part for segment in setting for part in (frozenset(rank_of(c) for c in segment), _one_suit(segment)))


def best_setting(cards: Sequence[Card], shapes: SegmentShapes, wheel: Wheel = Wheel.LOWEST
                 ) -> tuple[Setting, str, list[Compared]] | None:
    """The strongest setting of the shape (the higher 5-card segment in the back), in words, and what it compares by.

    Settings whose segments hold the same ranks, each one suit or not alike, are worth the same: one is valued.
    """
    best: tuple[tuple[tuple[int, ...], ...], Setting, list[Compared]] | None = None
    seen: set[tuple[frozenset[int] | bool, ...]] = set()
    for front, middle, back in shaped_settings(cards, shapes, wheel):
        alike = _same_values((front, middle, back))
        if alike in seen:
            continue
        seen.add(alike)
        middle_value, back_value = evaluate5(middle, wheel), evaluate5(back, wheel)
        if compare(middle_value, back_value) > 0:
            middle, back = back, middle
            middle_value, back_value = back_value, middle_value
        setting = (front, middle, back)
        compared = setting_compared(setting, (middle_value, back_value), shapes)
        key = tuple(item[2] for item in compared)
        if best is None or key > best[0]:
            best = (key, setting, compared)
    if best is None:
        return None
    _, (front, middle, back), compared = best
    if shapes.each == "flush":
        front_text = f"three {SUIT_NAMES[suit_of(front[0])]} in front"
    else:
        kind = "straight flush" if shapes.each == "straight_flush" else "straight"
        front_text = f"3-card {kind} {_ranks_text(front)}"
    text = f"{front_text}, then {compared[1][1]} and {compared[0][1]}"
    return (front, middle, back), text, compared


def _ranks_text(cards: Sequence[Card]) -> str:
    """A 3-card straight's ranks in playing order, e.g. ``A-2-3``, ``Q-K-A``, ``K-A-2``."""
    ranks = sorted(rank_of(c) for c in cards)
    for start in range(len(ranks)):
        rotated = ranks[start:] + ranks[:start]
        if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):
            return "-".join(RANKS[r] for r in rotated)
    return "-".join(RANKS[r] for r in ranks)


# --- two holdings of the same natural -----------------------------------------------------


def compare_holdings(a: NaturalWitness, b: NaturalWitness) -> int:
    """-1, 0 or 1 as holding ``a`` of a natural is lower than, equal to or higher than ``b`` of the same natural.

    By the best setting's back, then middle, then front; then by the rank sets, the biggest
    and highest groups first (six pairs: the highest pair, then the next). A natural with
    neither segment shapes nor rank sets has nothing to compare: two holdings are equal.
    """
    return (a.strength > b.strength) - (a.strength < b.strength)


def holding_difference(high: NaturalWitness, low: NaturalWitness) -> str:
    """Where the higher of two holdings first differs from the lower, e.g. ``back: ace-high straight against ...``."""
    for (what, high_text, high_key), (_, low_text, low_key) in zip(high.compared, low.compared, strict=True):
        if high_key != low_key:
            return f"{what}: {high_text} against {low_text}"
    return "equal"


# --- the ruleset's naturals ------------------------------------------------------------

#: A natural of the ruleset that a hand holds, with the witness that shows it.
HeldNatural = tuple[NaturalHand, NaturalWitness]
#: How the engine finds the naturals a hand holds: :func:`naturals_held` here, or an equal faster one.
NaturalFinder = Callable[[Sequence[Card], Ruleset], list[HeldNatural]]


def naturals_held(cards: Sequence[Card], ruleset: Ruleset) -> list[HeldNatural]:
    """Every natural of ``parameters.naturals.hands`` that these 13 cards hold, in the ruleset's order.

    The wheel rule (``parameters.hands.wheel``) ranks the straights of a witness's setting.
    """
    params = ruleset.parameters
    found = []
    for hand in params.naturals.hands:
        witness = find_natural(hand, cards, wheel=params.hands.wheel)
        if witness is not None:
            found.append((hand, witness))
    return found


def strongest(found: Sequence[HeldNatural]) -> HeldNatural | None:
    """The natural a player holding these is credited with: highest rank (lowest number), then most points.

    On a tie, the first in the ruleset's order.
    """
    return min(found, key=lambda held: natural_strength(held[0]), default=None)


__all__ = [
    "HeldNatural",
    "NaturalFinder",
    "NaturalWitness",
    "best_rank_sets",
    "best_setting",
    "check_hand",
    "compare_holdings",
    "find_natural",
    "front_straights",
    "holding_difference",
    "naturals_held",
    "strongest",
]
