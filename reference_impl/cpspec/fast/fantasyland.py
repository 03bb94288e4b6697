"""Speed: the Fantasyland solver's search, equal to :func:`cpspec.analysis.fantasyland.solve_exhaustively`.

The readable definition values all C(n,5) * C(n-5,5) * C(n-10,3) arrangements of n cards (171
million for 17). This search finds the same arrangement, the first in
:data:`cpspec.analysis.fantasyland.TIE_BREAK`, in two passes over tables of the hand's subsets:

1. Every 5-card and 3-card subset is valued once, as a back, a middle and a front: its sort key
   in that row's ranking (:mod:`cpspec.fast.tables`; a row ranked low keys its hands turned
   round), the royalty it holds there, the stay requirements it meets (as bits), and the
   numbers the order rule compares. Royalties and requirements are read from tables made once
   per bonus table and requirement (by :func:`cpspec.rules.bonuses.bonus_for` and
   :func:`cpspec.rules.patterns.meets` themselves, so the values *are* the readable ones).
2. *The best value.* Backs by royalty, highest first; for each, the middles it allows by
   royalty; for each, the fronts by royalty. A branch stops as soon as its royalties so far
   plus the most the rows left could add (plus the stay's value) cannot beat the best found.
3. *The tie-break.* Among arrangements of that value (a staying one if there is one): the first
   back in the tie order (strongest, then the higher cards) that can still reach it, then the
   first middle with that back, then the first front. A back or a middle that cannot reach the
   value even with the most royalty left is passed over without a search.

``tests/test_fantasyland_solver.py`` proves the answers equal to the readable definition's on
hands of 13 to 15 cards; ``bench/run.py --only fantasyland`` times both.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Final

from cpspec.fast.tables import _representative, evaluator, front_comparable, sort_key
from cpspec.rules.bonuses import bonus_for
from cpspec.rules.cards import Card
from cpspec.rules.fouls import within_low_limit
from cpspec.rules.hands import HandValue, Wheel
from cpspec.rules.lowball import evaluate_deuce_to_seven
from cpspec.rules.model import Bonuses, HandRequirement, Ruleset
from cpspec.rules.patterns import meets

#: (front, middle, back): each row's cards.
Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
#: Above every front key: an order the ruleset does not ask for never stops a front.
NO_CAP: Final = 1 << 62


# --- tables made once per ranking, bonus table and requirement ------------------------------


@cache
def _low_values() -> dict[int, HandValue]:
    """Every 5-card hand ranked low (the readable :func:`evaluate_deuce_to_seven` of one hand of each rank
    multiset, flush or not), by the sort key of its high value with the wheel lowest."""
    high = evaluator(Wheel.LOWEST)
    found: dict[int, HandValue] = {}
    for table, flush in ((high.plain5, False), (high.flush5, True)):
        for rank_sum, key in table.items():
            found[key] = evaluate_deuce_to_seven(_representative(_ranks_of_sum(rank_sum), flush))
    return found


def _ranks_of_sum(rank_sum: int) -> list[int]:
    """The ranks (lowest first) whose ``5 ** rank`` add up to ``rank_sum``."""
    ranks: list[int] = []
    for rank in range(13):
        ranks += [rank] * (rank_sum % 5)
        rank_sum //= 5
    return ranks


@lru_cache(maxsize=256)
def _royalties5(bonuses: Bonuses, segment: str, low: bool, wheel: Wheel) -> dict[int, int]:
    """The royalty a 5-card hand holds in ``segment``, by its key in the row's ranking."""
    return {key: _points(value, segment, bonuses) for key, value in _values5(low, wheel).items()}


@lru_cache(maxsize=256)
def _royalties3(bonuses: Bonuses, wheel: Wheel) -> dict[int, int]:
    """The royalty a front holds, by its sort key."""
    return {key: _points(value, "front", bonuses) for key, value in evaluator(wheel).values3.items()}


def _points(value: HandValue, segment: str, bonuses: Bonuses) -> int:
    entry = bonus_for(value, segment, bonuses)
    return entry.points if entry else 0


@lru_cache(maxsize=16)
def _values5(low: bool, wheel: Wheel) -> dict[int, HandValue]:
    """Every 5-card hand by its key in a ranking (low: turned round)."""
    if low:
        return {-sort_key(value): value for value in _low_values().values()}
    return dict(evaluator(wheel).values5)


@lru_cache(maxsize=512)
def _meeting5(requirement: HandRequirement, low: bool, wheel: Wheel) -> frozenset[int]:
    """The keys of the 5-card hands that meet a requirement, in a row's ranking."""
    return frozenset(key for key, value in _values5(low, wheel).items() if meets(value, requirement))


@lru_cache(maxsize=512)
def _meeting3(requirement: HandRequirement, wheel: Wheel) -> frozenset[int]:
    return frozenset(key for key, value in evaluator(wheel).values3.items() if meets(value, requirement))


@lru_cache(maxsize=64)
def _within5(limit: int | None, wheel: Wheel) -> frozenset[int]:
    """The keys of the hands ranked low that keep ``low_rows_at_most``."""
    return frozenset(key for key, value in _values5(True, wheel).items() if within_low_limit(value, limit))


# --- one hand's tables -----------------------------------------------------------------------


@dataclass
class _Hand:
    """One hand's subsets, each valued as the rows would value it."""

    masks5: list[int]
    masks3: list[int]
    back_key: list[int]  # in the back's ranking
    middle_key: list[int]  # in the middle's ranking
    back_fits: list[bool]  # within the low limit (or not ranked low)
    middle_fits: list[bool]
    back_beats_middle: list[int]  # the back's key as the middle's order compares it (high rows only)
    front_cap_by_middle: list[int]  # a front is legal under this middle when its key is below this
    front_cap_by_back: list[int]
    front_key: list[int]
    royalty_back: list[int]
    royalty_middle: list[int]
    royalty_front: list[int]
    bits_back: list[int]
    bits_middle: list[int]
    bits_front: list[int]
    options: list[int]  # per stay option, the requirement bits it needs
    size: int  # how many cards


def _cap(keys: list[int], requirement: str, tie_ok: bool) -> list[int]:
    if requirement == "none":
        return [NO_CAP] * len(keys)
    tie = 1 if tie_ok else 0
    return [front_comparable(key) + tie for key in keys]


def _tabulate(cards: Sequence[Card], ruleset: Ruleset) -> _Hand:
    params = ruleset.parameters
    wheel = params.hands.wheel
    low = params.hands.low_segments
    order = params.setting
    fantasyland = params.fantasyland
    assert fantasyland is not None
    ev = evaluator(wheel)
    n = len(cards)
    bits = [1 << p for p in range(n)]
    five = list(combinations(range(n), 5))
    three = list(combinations(range(n), 3))
    masks5 = [bits[a] | bits[b] | bits[c] | bits[d] | bits[e] for a, b, c, d, e in five]
    masks3 = [bits[a] | bits[b] | bits[c] for a, b, c in three]
    cards5 = list(combinations(cards, 5))
    high5 = list(map(ev.key5, cards5))
    lowest = evaluator(Wheel.LOWEST)
    low_values = _low_values()
    low5 = [-sort_key(low_values[k]) for k in map(lowest.key5, cards5)] if low else high5

    def keys_for(segment: str) -> list[int]:
        return low5 if segment in low else high5

    def fits(segment: str) -> list[bool]:
        if segment not in low:
            return [True] * len(high5)
        allowed = _within5(order.low_rows_at_most, wheel)
        return [key in allowed for key in low5]

    front_key = list(map(ev.key3, combinations(cards, 3)))
    requirements = [(o, r, req) for o, option in enumerate(fantasyland.stay) for r, req in enumerate(option.requires)]
    index_of = {(o, r): i for i, (o, r, _) in enumerate(requirements)}

    def bits5(segment: str) -> list[int]:
        wanted = [(1 << i, _meeting5(req, segment in low, wheel)) for i, (_, _, req) in enumerate(requirements)
                  if req.segment == segment]
        return [sum(bit for bit, keys in wanted if key in keys) for key in keys_for(segment)]

    wanted3 = [(1 << i, _meeting3(req, wheel)) for i, (_, _, req) in enumerate(requirements) if req.segment == "front"]
    royalty_back = _royalties5(params.bonuses, "back", "back" in low, wheel)
    royalty_middle = _royalties5(params.bonuses, "middle", "middle" in low, wheel)
    royalty_front = _royalties3(params.bonuses, wheel)
    middle_higher = order.front_middle_ties == "middle_higher"
    return _Hand(
        masks5=masks5, masks3=masks3,
        back_key=keys_for("back"), middle_key=keys_for("middle"),
        back_fits=fits("back"), middle_fits=fits("middle"),
        back_beats_middle=high5,
        front_cap_by_middle=_cap(high5, order.middle_over_front,
                                 order.middle_over_front == "allow_equal" or middle_higher),
        front_cap_by_back=_cap(high5, order.back_over_front, order.back_over_front == "allow_equal" or middle_higher),
        front_key=front_key,
        royalty_back=[royalty_back[k] for k in keys_for("back")],
        royalty_middle=[royalty_middle[k] for k in keys_for("middle")],
        royalty_front=[royalty_front[k] for k in front_key],
        bits_back=bits5("back"), bits_middle=bits5("middle"),
        bits_front=[sum(bit for bit, keys in wanted3 if key in keys) for key in front_key],
        options=[sum(1 << index_of[(o, r)] for r in range(len(option.requires)))
                 for o, option in enumerate(fantasyland.stay)],
        size=n,
    )


# --- the search -------------------------------------------------------------------------------


class _Levels:
    """Subsets grouped by the royalty they hold, each group sorted by the key the order rule compares.

    ``below(cap)`` of a group is how many of its members (a prefix) have a key under ``cap``: those
    the order allows. Within a group, equal keys are sorted by decreasing index, so that walking a
    prefix from its end visits the members in the tie order (strongest first, then the higher cards).
    """

    def __init__(self, members: list[int], royalty: list[int], order_key: list[int]) -> None:
        groups: dict[int, list[int]] = {}
        for i in members:
            groups.setdefault(royalty[i], []).append(i)
        self.levels = sorted(groups, reverse=True)
        self.members = {level: sorted(groups[level], key=lambda i: (order_key[i], -i)) for level in self.levels}
        self.keys = {level: [order_key[i] for i in self.members[level]] for level in self.levels}

    def below(self, level: int, cap: int) -> int:
        return bisect_left(self.keys[level], cap)

    def best_below(self, cap: int) -> int | None:
        """The highest royalty of a member whose key is under ``cap`` (None: no member is)."""
        return next((level for level in self.levels if self.below(level, cap) > 0), None)


class _Search:
    """Both passes over one hand's tables (see the module's docstring)."""

    def __init__(self, hand: _Hand, ruleset: Ruleset, stay_value: int) -> None:
        self.h = h = hand
        order = ruleset.parameters.setting
        self.stay = stay_value if hand.options else 0
        n5 = len(h.masks5)
        # A middle is allowed under a back when its order key is under the back's cap.
        if order.back_over_middle == "none":
            self.middle_order_key = [0] * n5
            self.middle_cap = [1] * n5
        else:
            self.middle_order_key = h.back_beats_middle
            tie = 1 if order.back_over_middle == "allow_equal" else 0
            self.middle_cap = [key + tie for key in h.back_beats_middle]
        self.fronts = _Levels(list(range(len(h.masks3))), h.royalty_front, h.front_key)
        # A middle's ceiling: its royalty, the most a front below it holds, and the stay's value where the
        # requirements the back meets (``pattern``), the middle's and a front's could make the board stay
        # (the cards shared not considered). Without a stay value every back has the same ceilings.
        patterns = sorted(set(h.bits_back)) if self.stay else [0]
        by_front_bits: dict[int, _Levels] = {}
        for bits in sorted(set(h.bits_front)) if self.stay else [0]:
            members = [f for f in range(len(h.masks3)) if not self.stay or h.bits_front[f] == bits]
            by_front_bits[bits] = _Levels(members, h.royalty_front, h.front_key)
        self.middles: dict[int, _Levels] = {}
        for pattern in patterns:
            ceiling = [-1] * n5
            for m in range(n5):
                if not h.middle_fits[m]:
                    continue
                for bits, fronts in by_front_bits.items():
                    front = fronts.best_below(h.front_cap_by_middle[m])
                    if front is None:
                        continue
                    met = pattern | h.bits_middle[m] | bits
                    staying = self.stay and any(met & need == need for need in h.options)
                    ceiling[m] = max(ceiling[m], h.royalty_middle[m] + front + (self.stay if staying else 0))
            self.middles[pattern] = _Levels([m for m in range(n5) if ceiling[m] >= 0], ceiling,
                                            self.middle_order_key)
        self.front_rank = {f: i for i, f in enumerate(sorted(range(len(h.masks3)),
                                                             key=lambda f: (-h.front_key[f], f)))}
        self.index5 = {mask: i for i, mask in enumerate(h.masks5)}
        self.index3 = {mask: i for i, mask in enumerate(h.masks3)}
        self.full = (1 << h.size) - 1
        self.within: dict[int, list[int]] = {}

    def fronts_within(self, rest: int) -> list[int]:
        """The fronts made of the cards of ``rest`` (a mask), by royalty (highest first), then in the tie order."""
        found = self.within.get(rest)
        if found is None:
            h = self.h
            positions = [p for p in range(h.size) if rest >> p & 1]
            fronts = [self.index3[(1 << a) | (1 << b) | (1 << c)] for a, b, c in combinations(positions, 3)]
            found = self.within[rest] = sorted(fronts, key=lambda f: (-h.royalty_front[f], self.front_rank[f]))
        return found

    def stays(self, b: int, m: int, f: int) -> bool:
        met = self.h.bits_back[b] | self.h.bits_middle[m] | self.h.bits_front[f]
        return any(met & need == need for need in self.h.options)

    def front_cap(self, b: int, m: int) -> int:
        return min(self.h.front_cap_by_middle[m], self.h.front_cap_by_back[b])

    def middles_for(self, b: int) -> _Levels:
        """The middles by their ceilings with this back."""
        return self.middles[self.h.bits_back[b] if self.stay else 0]

    def ceiling(self, b: int) -> int:
        """The most a board with this back can be worth, the order considered but not the cards shared (-1: none)."""
        best_middle = self.middles_for(b).best_below(self.middle_cap[b])
        return -1 if best_middle is None else self.h.royalty_back[b] + best_middle

    def best_front(self, b: int, m: int) -> tuple[int, int] | None:
        """The most royalty a front can add to this back and middle, and one such front."""
        h = self.h
        cap = self.front_cap(b, m)
        for f in self.fronts_within(self.full ^ h.masks5[b] ^ h.masks5[m]):
            if h.front_key[f] < cap:
                return h.royalty_front[f], f
        return None

    def best_value(self) -> int | None:
        h, stay = self.h, self.stay
        best: int | None = None
        backs = sorted(((self.ceiling(b), b) for b in range(len(h.masks5)) if h.back_fits[b]), reverse=True)
        for ceiling, b in backs:
            if ceiling < 0 or (best is not None and ceiling <= best):
                break
            rb, used, cap = h.royalty_back[b], h.masks5[b], self.middle_cap[b]
            middles = self.middles_for(b)
            for level in middles.levels:
                if best is not None and rb + level <= best:
                    break
                members = middles.members[level]
                for i in range(middles.below(level, cap)):
                    m = members[i]
                    if h.masks5[m] & used:
                        continue
                    if stay:
                        value = self._best_with_stay(b, m, best)
                    else:
                        found = self.best_front(b, m)
                        value = None if found is None else rb + h.royalty_middle[m] + found[0]
                    if value is not None and (best is None or value > best):
                        best = value
                        if rb + level <= best:
                            break
        return best

    def _best_with_stay(self, b: int, m: int, best: int | None) -> int | None:
        """The best value of this back and middle with some front, staying counted."""
        h, stay = self.h, self.stay
        cap = self.front_cap(b, m)
        base = h.royalty_back[b] + h.royalty_middle[m]
        found: int | None = None
        for f in self.fronts_within(self.full ^ h.masks5[b] ^ h.masks5[m]):
            ceiling = base + h.royalty_front[f] + stay
            if (found is not None and ceiling <= found) or (best is not None and ceiling <= best):
                break
            if h.front_key[f] >= cap:
                continue
            value = base + h.royalty_front[f] + (stay if self.stays(b, m, f) else 0)
            if found is None or value > found:
                found = value
        return found

    def front_for(self, b: int, m: int, value: int, want_stay: bool) -> int | None:
        """The first front in the tie order that makes ``value`` with this back and middle (staying if asked)."""
        h, stay = self.h, self.stay
        cap = self.front_cap(b, m)
        rest = value - h.royalty_back[b] - h.royalty_middle[m]
        best: int | None = None
        for f in self.fronts_within(self.full ^ h.masks5[b] ^ h.masks5[m]):
            royalty = h.royalty_front[f]
            if royalty < rest - stay:
                break
            if h.front_key[f] >= cap or (best is not None and self.front_rank[f] > self.front_rank[best]):
                continue
            staying = self.stays(b, m, f) if (stay or want_stay) else False
            if (want_stay and not staying) or royalty + (stay if staying else 0) != rest:
                continue
            best = f
        return best

    def reaches(self, b: int, value: int, want_stay: bool) -> bool:
        """Whether some middle and front make ``value`` with this back."""
        h = self.h
        rb, used, cap = h.royalty_back[b], h.masks5[b], self.middle_cap[b]
        middles = self.middles_for(b)
        for level in middles.levels:
            if rb + level < value:
                return False
            members = middles.members[level]
            for i in range(middles.below(level, cap)):
                m = members[i]
                if not h.masks5[m] & used and self.front_for(b, m, value, want_stay) is not None:
                    return True
        return False

    def first(self, value: int, want_stay: bool) -> tuple[int, int, int] | None:
        """The first arrangement in the tie order that makes ``value``."""
        h = self.h
        backs = sorted((b for b in range(len(h.masks5)) if h.back_fits[b]), key=lambda b: (-h.back_key[b], b))
        for b in backs:
            if self.ceiling(b) < value or not self.reaches(b, value, want_stay):
                continue
            return self._with_back(b, value, want_stay)
        return None

    def _with_back(self, b: int, value: int, want_stay: bool) -> tuple[int, int, int]:
        """The first middle (and front) in the tie order that make ``value`` with this back."""
        h = self.h
        free = [p for p in range(h.size) if not h.masks5[b] >> p & 1]
        middles = [self.index5[sum(1 << p for p in combo)] for combo in combinations(free, 5)]
        cap = self.middle_cap[b]
        for m in sorted(middles, key=lambda m: (-h.middle_key[m], m)):
            if not h.middle_fits[m] or self.middle_order_key[m] >= cap:
                continue
            f = self.front_for(b, m, value, want_stay)
            if f is not None:
                return f, m, b
        raise AssertionError("reaches() found a middle")


def search(cards: Sequence[Card], ruleset: Ruleset, stay_value: int = 0) -> Rows | None:
    """The first legal arrangement in :data:`cpspec.analysis.fantasyland.TIE_BREAK` (None when every one fouls)."""
    ordered = tuple(sorted(cards, reverse=True))
    hand = _tabulate(ordered, ruleset)
    finder = _Search(hand, ruleset, stay_value)
    value = finder.best_value()
    if value is None:
        return None
    found = finder.first(value, True) if hand.options else None
    if found is None:
        found = finder.first(value, False)
    assert found is not None, "an arrangement of the best value exists"
    f, m, b = found
    positions = list(range(len(ordered)))
    return (tuple(ordered[p] for p in positions if hand.masks3[f] >> p & 1),
            tuple(ordered[p] for p in positions if hand.masks5[m] >> p & 1),
            tuple(ordered[p] for p in positions if hand.masks5[b] >> p & 1))
