"""Fast, table-driven hand evaluation that agrees exactly with :mod:`cpspec.rules.hands`.

:mod:`cpspec.rules.hands` is the readable reference; this module answers the same
question in a few list and dict look-ups, for code that evaluates thousands of
hands (every setting of a hand, simulations, benchmarks).

How it works: each card contributes ``5 ** rank`` to a sum. A hand holds at most
four cards of a rank, so the sum is the hand's rank multiset written in base 5:
two hands have the same sum exactly when they have the same ranks. One table maps
the sum to the hand's :attr:`HandValue.key` when the hand is not a flush, another
when it is (five cards of one suit, which can only happen with five distinct
ranks). The tables are filled by asking :func:`cpspec.rules.hands.evaluate5` about one
representative hand per rank multiset, so the keys *are* the reference's keys.
The largest sum (four aces and a king) is below 2**30, a one-digit CPython int.

>>> from cpspec.rules.cards import parse_card
>>> from cpspec.rules.hands import Wheel, evaluate5
>>> hand = [parse_card(t) for t in "Kc Kd Kh 4s 4d".split()]
>>> evaluator(Wheel.LOWEST).key5(hand) == evaluate5(hand).key
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

from cpspec.rules.cards import ACE, Card, make_card, rank_of
from cpspec.rules.hands import Category, HandValue, Wheel, evaluate3, evaluate5

RANK_COUNT: Final = ACE + 1
#: Each card's contribution to a hand's rank-multiset sum: 5 ** rank.
RANK_CODE: Final[tuple[int, ...]] = tuple(5 ** rank_of(card) for card in range(52))

#: ``HandValue.key`` is the category followed by five 4-bit rank digits.
CATEGORY_SHIFT: Final = 20

KeyFunction = Callable[[Sequence[Card]], int]


def _representative(ranks: Sequence[int], flush: bool) -> list[Card]:
    """Cards with these (sorted) ranks: all clubs for a flush, else each copy of a rank in its own suit."""
    if flush:
        return [make_card(rank, 0) for rank in ranks]
    cards = []
    copies = 0
    for index, rank in enumerate(ranks):
        copies = copies + 1 if index and ranks[index - 1] == rank else 0
        cards.append(make_card(rank, copies))
    if len(set(ranks)) == len(ranks):  # distinct ranks: break the flush with one other suit
        cards[0] = make_card(ranks[0], 1)
    return cards


def _rank_sum(ranks: Sequence[int]) -> int:
    return sum(5**rank for rank in ranks)


@dataclass(frozen=True)
class Evaluator:
    """Look-up tables for one ruleset choice of the wheel.

    ``plain5`` and ``flush5`` map a 5-card rank sum to a key; ``front3`` maps a
    3-card rank sum to a key; ``values5`` and ``values3`` map every key back to
    the reference's HandValue (for names, royal and wheel flags). ``key5`` and
    ``key3`` are plain functions over those tables, so a hot loop pays for one
    call and no attribute look-ups: ``key5 = evaluator(wheel).key5``.
    """

    wheel: Wheel
    plain5: dict[int, int]
    flush5: dict[int, int]
    front3: dict[int, int]
    values5: dict[int, HandValue]
    values3: dict[int, HandValue]
    key5: KeyFunction
    key3: KeyFunction

    def value5(self, cards: Sequence[Card]) -> HandValue:
        return self.values5[self.key5(cards)]

    def value3(self, cards: Sequence[Card]) -> HandValue:
        return self.values3[self.key3(cards)]


def _key_functions(
    plain: dict[int, int], flush: dict[int, int], front: dict[int, int]
) -> tuple[KeyFunction, KeyFunction]:
    code = RANK_CODE

    def key5(cards: Sequence[Card]) -> int:
        """The key of a 5-card hand, equal to ``evaluate5(cards, wheel).key``."""
        a, b, c, d, e = cards
        # Cards are rank * 4 + suit; the chain stops at the first suit that differs.
        if a & 3 == b & 3 == c & 3 == d & 3 == e & 3:
            return flush[code[a] + code[b] + code[c] + code[d] + code[e]]
        return plain[code[a] + code[b] + code[c] + code[d] + code[e]]

    def key3(cards: Sequence[Card]) -> int:
        """The key of a 3-card front, equal to ``evaluate3(cards).key``."""
        a, b, c = cards
        return front[code[a] + code[b] + code[c]]

    return key5, key3


@cache
def evaluator(wheel: Wheel = Wheel.LOWEST) -> Evaluator:
    """The tables for ``wheel``, built once per process (about 0.1 s)."""
    plain5: dict[int, int] = {}
    flush5: dict[int, int] = {}
    values5: dict[int, HandValue] = {}
    for ranks in combinations_with_replacement(range(RANK_COUNT), 5):
        if ranks[0] == ranks[4]:  # five of a rank: not in one deck
            continue
        shapes = (False, True) if len(set(ranks)) == 5 else (False,)
        for flush in shapes:
            value = evaluate5(_representative(ranks, flush), wheel)
            key = value.key
            (flush5 if flush else plain5)[_rank_sum(ranks)] = key
            values5[key] = value
    front3: dict[int, int] = {}
    values3: dict[int, HandValue] = {}
    for front_ranks in combinations_with_replacement(range(RANK_COUNT), 3):
        value = evaluate3(_representative(front_ranks, flush=False))
        key = value.key
        front3[_rank_sum(front_ranks)] = key
        values3[key] = value
    key5, key3 = _key_functions(plain5, flush5, front3)
    return Evaluator(wheel, plain5, flush5, front3, values5, values3, key5, key3)


def category_of(key: int) -> Category:
    return Category(key >> CATEGORY_SHIFT)


#: Per middle category, the mask that keeps only the rank digits a front of that
#: category has: three for high card, two for a pair (pair, kicker), one for trips.
_FRONT_DIGITS_MASK: Final[dict[int, int]] = {
    Category.HIGH_CARD: ~0xFF,
    Category.PAIR: ~0xFFF,
    Category.THREE_OF_A_KIND: ~0xFFFF,
}


def front_comparable(middle_key: int) -> int:
    """The middle's key cut down to what a front is compared with.

    :func:`cpspec.rules.hands.compare_front_with_middle` compares categories, then the
    front's ranks with the middle's first ranks in the same positions. A front's
    key holds its category and those ranks (and zeros after them), so comparing a
    front's key with this number gives the same answer, ties included.

    >>> from cpspec.rules.cards import parse_card
    >>> middle = evaluate5([parse_card(t) for t in "Ah Kd Qc 3h 2c".split()])
    >>> front = evaluate3([parse_card(t) for t in "As Kc Qd".split()])
    >>> front.key == front_comparable(middle.key)
    True
    """
    mask = _FRONT_DIGITS_MASK.get(middle_key >> CATEGORY_SHIFT)
    return middle_key if mask is None else middle_key & mask


# --- a lazy memo, for code that evaluates few hands but many times -------------------------

# One memo per wheel rule, chosen by identity: an enum member's hash is computed in Python.
_MEMO5_WHEEL_LOWEST: dict[int, HandValue] = {}
_MEMO5_WHEEL_SECOND_HIGHEST: dict[int, HandValue] = {}
_MEMO3: dict[int, HandValue] = {}
#: After this many different 5-card hands were evaluated one at a time, the memo takes every
#: hand at once from the :func:`evaluator` tables (a tenth of a second): a process that keeps
#: meeting new hands, such as a protocol server, would meet most of the 7,462 anyway.
FILL_AFTER: Final = 1_000


def fill_memo5(wheel: Wheel) -> None:
    """Remember every 5-card hand value for ``wheel`` now, from the evaluator's tables."""
    memo = _MEMO5_WHEEL_LOWEST if wheel is Wheel.LOWEST else _MEMO5_WHEEL_SECOND_HIGHEST
    tables = evaluator(wheel)
    for rank_sum, key in tables.plain5.items():
        memo.setdefault(rank_sum * 2, tables.values5[key])
    for rank_sum, key in tables.flush5.items():
        memo.setdefault(rank_sum * 2 + 1, tables.values5[key])


def memo_value5(cards: Sequence[Card], wheel: Wheel = Wheel.LOWEST) -> HandValue:
    """``evaluate5(cards, wheel)``, remembered by rank multiset and flushness.

    Unlike :func:`evaluator` this builds no tables up front: a process that scores a
    handful of deals pays nothing, a server scoring thousands soon looks every hand up.
    """
    if len(cards) != 5:
        return evaluate5(cards, wheel)  # let the reference say what is wrong
    a, b, c, d, e = cards
    flush = a & 3 == b & 3 == c & 3 == d & 3 == e & 3
    slot = (RANK_CODE[a] + RANK_CODE[b] + RANK_CODE[c] + RANK_CODE[d] + RANK_CODE[e]) * 2 + flush
    memo = _MEMO5_WHEEL_LOWEST if wheel is Wheel.LOWEST else _MEMO5_WHEEL_SECOND_HIGHEST
    value = memo.get(slot)
    if value is None:
        value = memo[slot] = evaluate5(cards, wheel)
        if len(memo) == FILL_AFTER:
            fill_memo5(wheel)
    return value


def memo_value3(cards: Sequence[Card]) -> HandValue:
    """``evaluate3(cards)``, remembered by rank multiset."""
    if len(cards) != 3:
        return evaluate3(cards)
    a, b, c = cards
    slot = RANK_CODE[a] + RANK_CODE[b] + RANK_CODE[c]
    value = _MEMO3.get(slot)
    if value is None:
        value = _MEMO3[slot] = evaluate3(cards)
    return value
