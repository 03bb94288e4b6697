"""Hand evaluation: the nine 5-card categories and the three 3-card front categories.

A :class:`HandValue` orders hands of the same size by category, then ranks. Suits never break
ties. How the ace-low straight (the wheel, A-2-3-4-5) ranks is a ruleset choice,
passed in as :class:`Wheel`. Comparing a 3-card front with a 5-card middle is a
ruleset choice too (see :func:`compare_front_with_middle`).

>>> from cpspec.rules.cards import parse_card
>>> def ev(text: str) -> HandValue:
...     return evaluate([parse_card(t) for t in text.split()])
>>> ev("As Ks Qs Js Ts").name
'royal flush'
>>> ev("5d 4c 3h 2s Ad").name
'five-high straight'
>>> ev("Qs Qd Ac").name
'pair of queens'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from cpspec.rules.cards import ACE, RANK_NAMES, RANKS, Card, rank_of, suit_of


class Category(IntEnum):
    """The nine poker categories, weakest first; a 3-card front can only be the first, second or fourth."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def id(self) -> str:
        """The category's id in rulesets and on the wire, e.g. ``full_house``."""
        return _CATEGORY_IDS[self]


_CATEGORY_IDS: tuple[str, ...] = tuple(c.name.lower() for c in Category)
#: Category ids as rulesets write them (``parameters.bonuses.table[].hand``), e.g. ``full_house``.
CATEGORY_BY_ID: dict[str, Category] = {c.id: c for c in Category}
#: Hand names that rulesets may use besides the nine category ids.
EXTRA_HAND_IDS: frozenset[str] = frozenset({"royal_flush"})


class Wheel(StrEnum):
    """Where A-2-3-4-5 ranks among straights (``parameters.hands.wheel``)."""

    LOWEST = "lowest"
    SECOND_HIGHEST = "second_highest"


@dataclass(frozen=True)
class HandValue:
    """The value of a 3- or 5-card hand.

    ``ranks`` are the tie-break ranks, most significant first (0 = deuce ..
    12 = ace); for straights it holds one *strength* number instead, so that
    the wheel can be placed where the ruleset says. Two hands of the same size
    compare by category, then by ``ranks`` (see :func:`compare`). A hand with
    ``low`` stands in a row ranked low (:mod:`cpspec.rules.lowball`): there the
    lower hand wins.
    """

    category: Category
    ranks: tuple[int, ...]
    size: int
    royal: bool = False
    wheel: bool = False
    low: bool = False
    #: A player's name for the hand, e.g. ``full house, kings full of fours`` (:func:`describe`).
    name: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", describe(self))

    def matches(self, hand_id: str) -> bool:
        """Whether this hand is of the named kind: a category id or ``royal_flush``."""
        if hand_id == "royal_flush":
            return self.royal
        return self.category.id == hand_id


#: How the engine evaluates a 3- or 5-card hand: :func:`evaluate` here, or an equal faster one.
HandEvaluator = Callable[[Sequence[Card], Wheel], HandValue]


def _straight_top(distinct_desc: Sequence[int]) -> int | None:
    """The top rank of a 5-card straight, 3 for the wheel, or None."""
    if len(distinct_desc) != 5:
        return None
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if list(distinct_desc) == [ACE, 3, 2, 1, 0]:
        return 3
    return None


def _straight_strength(top: int, wheel: Wheel) -> int:
    """The number straights are ordered by: the top rank, with the wheel moved where ``wheel`` says."""
    if wheel is Wheel.LOWEST:
        return top
    # Second highest: the wheel sits just below A-K-Q-J-T, so lift the broadway by one.
    if top == 3:
        return ACE
    return ACE + 1 if top == ACE else top


def evaluate(cards: Sequence[Card], wheel: Wheel = Wheel.LOWEST) -> HandValue:
    """Evaluate a 3-card front or a 5-card hand; ``wheel`` is ``parameters.hands.wheel``."""
    if len(cards) == 3:
        return evaluate3(cards)
    if len(cards) == 5:
        return evaluate5(cards, wheel)
    raise ValueError(f"a hand has 3 or 5 cards, not {len(cards)}")


def _grouped(cards: Sequence[Card]) -> list[tuple[int, int]]:
    """(count, rank) pairs, biggest group first, then highest rank first."""
    counts = Counter(rank_of(c) for c in cards)
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def evaluate3(cards: Sequence[Card]) -> HandValue:
    """A front: three of a kind, pair or high card; straights and flushes do not count."""
    groups = _grouped(cards)
    ranks = tuple(r for _, r in groups)
    if groups[0][0] == 3:
        return HandValue(Category.THREE_OF_A_KIND, ranks, 3)
    if groups[0][0] == 2:
        return HandValue(Category.PAIR, ranks, 3)
    return HandValue(Category.HIGH_CARD, ranks, 3)


def evaluate5(cards: Sequence[Card], wheel: Wheel = Wheel.LOWEST) -> HandValue:
    """A 5-card hand: its category (straights and flushes count), then its ranks."""
    groups = _grouped(cards)
    shape = tuple(n for n, _ in groups)
    ranks = tuple(r for _, r in groups)
    flush = len({suit_of(c) for c in cards}) == 1
    top = _straight_top(ranks) if shape == (1, 1, 1, 1, 1) else None
    if top is not None:
        strength = (_straight_strength(top, wheel),)
        category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        return HandValue(category, strength, 5, royal=flush and top == ACE, wheel=top == 3)
    if shape == (4, 1):
        return HandValue(Category.FOUR_OF_A_KIND, ranks, 5)
    if shape == (3, 2):
        return HandValue(Category.FULL_HOUSE, ranks, 5)
    if flush:
        return HandValue(Category.FLUSH, ranks, 5)
    if shape == (3, 1, 1):
        return HandValue(Category.THREE_OF_A_KIND, ranks, 5)
    if shape == (2, 2, 1):
        return HandValue(Category.TWO_PAIR, ranks, 5)
    if shape == (2, 1, 1, 1):
        return HandValue(Category.PAIR, ranks, 5)
    return HandValue(Category.HIGH_CARD, ranks, 5)


def strength(hand: HandValue) -> tuple[int, tuple[int, ...]]:
    """What orders hands of one size: the category, then the ranks (suits never count).

    For a hand ranked low the order is turned round, so that the better hand (the lower one) still
    has the greater strength.
    """
    if hand.low:
        return -hand.category, tuple(-rank for rank in hand.ranks)
    return hand.category, hand.ranks


def compare(a: HandValue, b: HandValue) -> int:
    """-1, 0 or 1 as hand ``a`` is worse than, equal to or better than ``b`` (same size, same ranking).

    Better is higher, except between two hands ranked low, where it is lower.
    """
    if a.size != b.size:
        raise ValueError("compare hands of different sizes with compare_front_with_middle")
    if a.low != b.low:
        raise ValueError("a hand ranked low is compared only with another hand ranked low")
    return (strength(a) > strength(b)) - (strength(a) < strength(b))


def compare_front_with_middle(front: HandValue, middle: HandValue, middle_wins_ties: bool) -> int:
    """Compare a 3-card front with a 5-card middle when checking the setting order.

    Categories first; then the front's ranks against the middle's ranks in the
    same positions (pair rank, then kickers). The front has fewer kickers: when all
    that it has are equal, the hands are equal unless ``middle_wins_ties`` says the
    middle's extra cards make it higher. Returns -1, 0, 1 from the front's side.

    >>> from cpspec.rules.cards import parse_card
    >>> f = evaluate([parse_card(t) for t in "Ah Kd Qc".split()])
    >>> m = evaluate([parse_card(t) for t in "As Kc Qd 3h 2c".split()])
    >>> compare_front_with_middle(f, m, middle_wins_ties=False)
    0
    >>> compare_front_with_middle(f, m, middle_wins_ties=True)
    -1
    """
    if front.category != middle.category:
        return 1 if front.category > middle.category else -1
    head = middle.ranks[: len(front.ranks)]
    if front.ranks != head:
        return 1 if front.ranks > head else -1
    return -1 if middle_wins_ties else 0


def _plural(rank: int) -> str:
    """``sixes``, ``kings``: a rank's name for several cards."""
    name = RANK_NAMES[rank]
    return name + ("es" if name == "six" else "s")


def describe(hand: HandValue) -> str:
    """A player's name for the hand, e.g. 'full house, sevens full of eights'."""
    r = hand.ranks
    c = hand.category
    if hand.low and c is Category.HIGH_CARD:
        return "-".join(RANKS[rank] for rank in r) + " low"
    if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        if hand.royal:
            return "royal flush"
        top = 3 if hand.wheel else min(r[0], ACE)
        kind = "straight flush" if c is Category.STRAIGHT_FLUSH else "straight"
        return f"{RANK_NAMES[top]}-high {kind}"
    if c is Category.FOUR_OF_A_KIND:
        return f"four {_plural(r[0])}"
    if c is Category.FULL_HOUSE:
        return f"full house, {_plural(r[0])} full of {_plural(r[1])}"
    if c is Category.FLUSH:
        return f"{RANK_NAMES[r[0]]}-high flush"
    if c is Category.THREE_OF_A_KIND:
        return f"three {_plural(r[0])}"
    if c is Category.TWO_PAIR:
        return f"two pair, {_plural(r[0])} and {_plural(r[1])}"
    if c is Category.PAIR:
        return f"pair of {_plural(r[0])}"
    return f"{RANK_NAMES[r[0]]} high"

