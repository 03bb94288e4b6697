"""Speed: table-driven hand evaluation, equal to :func:`cpspec.rules.hands.evaluate`.

:mod:`cpspec.rules.hands` is the readable definition; this module answers the same
question in a few list and dict look-ups, for code that evaluates thousands of
hands (the protocol server, every setting of a hand, simulations, benchmarks).
``tests/test_fast_tables.py`` proves it equal to the readable evaluation for every
rank multiset, flush or not, under both wheel rules.

How it works: each card contributes ``5 ** rank`` to a sum. A hand holds at most
four cards of a rank, so the sum is the hand's rank multiset written in base 5:
two hands have the same sum exactly when they have the same ranks. One table maps
the sum to the hand's sort key when the hand is not a flush, another when it is (five
cards of one suit, which can only happen with five distinct ranks). The keys are worked
written down category by category (about 0.01 s for all of them); each key's value is the one
:func:`cpspec.rules.hands.evaluate5` gives a representative hand of those ranks, asked
the first time that value is wanted, so the values *are* the reference's values.
``tests/test_fast_tables.py`` checks every key and value against the readable evaluation.

The all-settings classifier also needs hands as plain ints that sort as the hands
do: :func:`sort_key` (category, then five 4-bit rank digits).

>>> from cpspec.rules.cards import parse_card
>>> from cpspec.rules.hands import Wheel, evaluate5
>>> hand = [parse_card(t) for t in "Kc Kd Kh 4s 4d".split()]
>>> evaluate(hand, Wheel.LOWEST) == evaluate5(hand)
True
>>> evaluator(Wheel.LOWEST).key5(hand) == sort_key(evaluate5(hand))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

from cpspec.rules.cards import ACE, Card, make_card, rank_of
from cpspec.rules.hands import Category, HandValue, Wheel, evaluate3, evaluate5
from cpspec.rules.hands import evaluate as evaluate_readably

RANK_COUNT: Final = ACE + 1
#: Each card's contribution to a hand's rank-multiset sum: 5 ** rank.
RANK_CODE: Final[tuple[int, ...]] = tuple(5 ** rank_of(card) for card in range(52))

#: A sort key is the category followed by five 4-bit rank digits.
CATEGORY_SHIFT: Final = 20


def sort_key(value: HandValue) -> int:
    """An int that orders hands of one size as :func:`cpspec.rules.hands.compare` does."""
    key = int(value.category)
    for position in range(5):
        key = key * 16 + (value.ranks[position] + 1 if position < len(value.ranks) else 0)
    return key

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


@dataclass(frozen=True)
class Evaluator:
    """Look-up tables for one ruleset choice of the wheel.

    ``plain5`` and ``flush5`` map a 5-card rank sum to a sort key; ``front3`` maps a
    3-card rank sum to a sort key; ``values5`` and ``values3`` map every key back to
    the reference's HandValue. ``key5`` and
    ``key3`` are plain functions over those tables, so a hot loop pays for one
    call and no attribute look-ups: ``key5 = evaluator(wheel).key5``.
    """

    wheel: Wheel
    plain5: dict[int, int]
    flush5: dict[int, int]
    front3: dict[int, int]
    values5: Values
    values3: Values
    key5: KeyFunction
    key3: KeyFunction

    def value5(self, cards: Sequence[Card]) -> HandValue:
        """The reference's value of a 5-card hand, looked up: equal to ``evaluate5(cards, wheel)``."""
        return self.values5[self.key5(cards)]

    def value3(self, cards: Sequence[Card]) -> HandValue:
        """The reference's value of a 3-card front, looked up: equal to ``evaluate3(cards)``."""
        return self.values3[self.key3(cards)]


def _key_functions(
    plain: dict[int, int], flush: dict[int, int], front: dict[int, int]
) -> tuple[KeyFunction, KeyFunction]:
    code = RANK_CODE

    def key5(cards: Sequence[Card]) -> int:
        """The sort key of a 5-card hand, equal to ``sort_key(evaluate5(cards, wheel))``."""
        a, b, c, d, e = cards
        # Cards are rank * 4 + suit; the chain stops at the first suit that differs.
        if a & 3 == b & 3 == c & 3 == d & 3 == e & 3:
            return flush[code[a] + code[b] + code[c] + code[d] + code[e]]
        return plain[code[a] + code[b] + code[c] + code[d] + code[e]]

    def key3(cards: Sequence[Card]) -> int:
        """The sort key of a 3-card front, equal to ``sort_key(evaluate3(cards))``."""
        a, b, c = cards
        return front[code[a] + code[b] + code[c]]

    return key5, key3


class Values(dict[int, HandValue]):
    """Key -> the readable value, each worked out (by :func:`cpspec.rules.hands.evaluate5` or
    :func:`~cpspec.rules.hands.evaluate3` of a representative hand) the first time it is asked for."""

    def __init__(self, origin: dict[int, tuple[int, bool]], wheel: Wheel | None) -> None:
        super().__init__()
        self.origin = origin  # key -> (its rank sum, flush)
        self.wheel = wheel  # None: fronts

    def __missing__(self, key: int) -> HandValue:
        rank_sum, flush = self.origin[key]
        hand = _representative(ranks_of_sum(rank_sum), flush)
        value = evaluate3(hand) if self.wheel is None else evaluate5(hand, self.wheel)
        self[key] = value
        return value

    def every_key(self) -> list[int]:
        """Every key these values are for (worked out or not yet)."""
        return list(self.origin)


def ranks_of_sum(rank_sum: int) -> list[int]:
    """The ranks (lowest first) whose ``5 ** rank`` add up to ``rank_sum``."""
    ranks: list[int] = []
    for rank in range(RANK_COUNT):
        ranks += [rank] * (rank_sum % 5)
        rank_sum //= 5
    return ranks


def _key(category: Category, *ranks: int) -> int:
    """:func:`sort_key` of a hand of this category whose tie-break ranks are these."""
    key = int(category)
    for position in range(5):
        key = key * 16 + (ranks[position] + 1 if position < len(ranks) else 0)
    return key


def _straight_strength(top: int, wheel: Wheel) -> int:
    if wheel is Wheel.LOWEST:
        return top
    return ACE if top == 3 else ACE + 1 if top == ACE else top  # the wheel just below the broadway


def _hands5(wheel: Wheel) -> tuple[dict[int, int], dict[int, int]]:
    """Rank sum -> sort key of every 5-card hand, not a flush and a flush, written down category by category
    (``tests/test_fast_tables.py`` checks each against the readable evaluation)."""
    code = [5**rank for rank in range(RANK_COUNT)]
    down = range(ACE, -1, -1)
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for a, b, c, d, e in combinations(down, 5):
        rank_sum = code[a] + code[b] + code[c] + code[d] + code[e]
        top = a if a - e == 4 else 3 if (a, b) == (ACE, 3) else None
        if top is None:
            plain[rank_sum] = _key(Category.HIGH_CARD, a, b, c, d, e)
            flush[rank_sum] = _key(Category.FLUSH, a, b, c, d, e)
        else:
            strength = _straight_strength(top, wheel)
            plain[rank_sum] = _key(Category.STRAIGHT, strength)
            flush[rank_sum] = _key(Category.STRAIGHT_FLUSH, strength)
    for x in down:
        for y in down:
            if y != x:
                plain[4 * code[x] + code[y]] = _key(Category.FOUR_OF_A_KIND, x, y)
                plain[3 * code[x] + 2 * code[y]] = _key(Category.FULL_HOUSE, x, y)
        others = [r for r in down if r != x]
        for y, z in combinations(others, 2):
            plain[3 * code[x] + code[y] + code[z]] = _key(Category.THREE_OF_A_KIND, x, y, z)
        for y, z, w in combinations(others, 3):
            plain[2 * code[x] + code[y] + code[z] + code[w]] = _key(Category.PAIR, x, y, z, w)
    for x, y in combinations(down, 2):
        for z in down:
            if z not in (x, y):
                plain[2 * code[x] + 2 * code[y] + code[z]] = _key(Category.TWO_PAIR, x, y, z)
    return plain, flush


def _fronts() -> dict[int, int]:
    """Rank sum -> sort key of every 3-card front (checked like :func:`_hands5`)."""
    code = [5**rank for rank in range(RANK_COUNT)]
    down = range(ACE, -1, -1)
    front = {3 * code[x]: _key(Category.THREE_OF_A_KIND, x) for x in down}
    front.update({2 * code[x] + code[y]: _key(Category.PAIR, x, y) for x in down for y in down if y != x})
    front.update({code[x] + code[y] + code[z]: _key(Category.HIGH_CARD, x, y, z)
                  for x, y, z in combinations(down, 3)})
    return front


@cache
def evaluator(wheel: Wheel = Wheel.LOWEST) -> Evaluator:
    """The tables for ``wheel``, built once per process (about 0.01 s; each readable value on first use)."""
    plain5, flush5 = _hands5(wheel)
    front3 = _fronts()
    origin5 = {key: (rank_sum, False) for rank_sum, key in plain5.items()}
    origin5.update({key: (rank_sum, True) for rank_sum, key in flush5.items()})
    origin3 = {key: (rank_sum, False) for rank_sum, key in front3.items()}
    key5, key3 = _key_functions(plain5, flush5, front3)
    return Evaluator(wheel, plain5, flush5, front3, Values(origin5, wheel), Values(origin3, None), key5, key3)


def category_of(key: int) -> Category:
    """The hand category of a sort key (its top digits)."""
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
    sort key holds its category and those ranks (and zeros after them), so comparing a
    front's key with this number gives the same answer, ties included.

    >>> from cpspec.rules.cards import parse_card
    >>> middle = evaluate5([parse_card(t) for t in "Ah Kd Qc 3h 2c".split()])
    >>> front = evaluate3([parse_card(t) for t in "As Kc Qd".split()])
    >>> sort_key(front) == front_comparable(sort_key(middle))
    True
    """
    mask = _FRONT_DIGITS_MASK.get(middle_key >> CATEGORY_SHIFT)
    return middle_key if mask is None else middle_key & mask


def evaluate(cards: Sequence[Card], wheel: Wheel = Wheel.LOWEST) -> HandValue:
    """``cpspec.rules.hands.evaluate(cards, wheel)`` from the tables (built on first use, about 0.1 s)."""
    tables = _TABLES_BY_WHEEL.get(wheel)
    if tables is None:
        tables = _TABLES_BY_WHEEL[wheel] = evaluator(wheel)
    if len(cards) == 5:
        return tables.values5[tables.key5(cards)]
    if len(cards) == 3:
        return tables.values3[tables.key3(cards)]
    return evaluate_readably(cards, wheel)  # let the readable definition say what is wrong


_TABLES_BY_WHEEL: dict[Wheel, Evaluator] = {}
