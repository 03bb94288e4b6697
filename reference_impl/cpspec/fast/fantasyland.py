"""Speed: the Fantasyland solver's search, equal to :func:`cpspec.analysis.fantasyland.solve_exhaustively`.

The readable definition values all C(n,5) * C(n-5,5) * C(n-10,3) arrangements of n cards (171
million for 17). This search finds the same arrangement, the first in
:data:`cpspec.analysis.fantasyland.TIE_BREAK`, in two passes over tables of the hand's subsets:

1. Every 5-card and 3-card subset is valued once, as a back, a middle and a front: its sort key
   in that row's ranking (a row ranked low keys its hands turned round), the royalty it holds
   there, the stay requirements it meets (as bits), and the numbers the order rule compares. The
   keys come from the rank sums of :mod:`cpspec.fast.tables` (summed over the subsets by
   :func:`itertools.combinations` and ``sum``, the subsets of one suit looked up again as
   flushes); royalties and requirements from tables filled, key by key as hands need them, by
   :func:`cpspec.rules.bonuses.bonus_for` and :func:`cpspec.rules.patterns.meets` themselves (so
   the values *are* the readable ones).
2. *Ceilings.* A middle's ceiling is its royalty plus the most a front it allows holds (plus the
   stay's value where the requirements could make the board stay), the cards shared not
   considered; a back's is its royalty plus the best ceiling of a middle it allows. Both are one
   bisection into the allowed subsets sorted by the key the order compares, with a running
   maximum beside them.
3. *The best value.* Backs by ceiling, highest first; for each, the middles it allows by ceiling;
   for each, the fronts among the cards left by royalty. A branch stops as soon as its ceiling
   cannot beat the best found.
4. *The tie-break.* Among arrangements of that value (a staying one if there is one): the first
   back in the tie order (strongest, then the higher cards) that can still reach it, then the
   first middle with that back, then the first front. A back or a middle whose ceiling is below
   the value is passed over without a search.

``tests/test_fantasyland_solver.py`` proves the answers equal to the readable definition's on
hands of 13 to 15 cards; ``bench/run.py --only openface`` times both.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations, groupby, repeat
from operator import add, neg
from typing import Final

from cpspec.fast.tables import RANK_CODE, _representative, evaluator, front_comparable, sort_key
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
#: Below every value: "no subset is allowed here".
NONE: Final = -(1 << 40)


# --- tables filled key by key, shared by every hand of a process ---------------------------------

_TABLES: dict[Hashable, dict[int, object]] = {}


def _looked_up(name: Hashable, keys: Sequence[int], work_out: Callable[[int], object]) -> list[object]:
    """``[work_out(key) for key in keys]``, each distinct key worked out once per process (table ``name``)."""
    table = _TABLES.setdefault(name, {})
    for key in set(keys).difference(table):
        table[key] = work_out(key)
    return list(map(table.__getitem__, keys))


def _ranks_of_sum(rank_sum: int) -> list[int]:
    """The ranks (lowest first) whose ``5 ** rank`` add up to ``rank_sum``."""
    ranks: list[int] = []
    for rank in range(13):
        ranks += [rank] * (rank_sum % 5)
        rank_sum //= 5
    return ranks


#: Hands ranked low, by their key (the deuce-to-seven value's sort key, turned round).
_LOW_VALUES: dict[int, HandValue] = {}


def _low_key(rank_sum: int, flush: bool) -> int:
    """The key of a 5-card hand ranked low (the readable :func:`evaluate_deuce_to_seven`), its value remembered."""
    value = evaluate_deuce_to_seven(_representative(_ranks_of_sum(rank_sum), flush))
    key = -sort_key(value)
    _LOW_VALUES[key] = value
    return key


@dataclass(frozen=True)
class _Ranking:
    """How one row ranks its 5-card hands: high with a wheel rule, or low (deuce-to-seven)."""

    low: bool
    wheel: Wheel

    def value(self, key: int) -> HandValue:
        """The readable value of a key in this ranking."""
        return _LOW_VALUES[key] if self.low else evaluator(self.wheel).values5[key]


def _royalty(value: HandValue, segment: str, bonuses: Bonuses) -> int:
    entry = bonus_for(value, segment, bonuses)
    return entry.points if entry else 0


def _requirement_bits(value: HandValue, wanted: tuple[tuple[int, HandRequirement], ...]) -> int:
    return sum(bit for bit, requirement in wanted if meets(value, requirement))


@cache
def _shape(size: int) -> tuple[list[int], list[int], dict[int, int], dict[int, int]]:
    """The subsets of ``size`` positions, in :func:`itertools.combinations` order: the 5-card and 3-card
    ones as bit masks, and each mask's index."""
    bits = [1 << p for p in range(size)]
    masks5 = list(map(sum, combinations(bits, 5)))
    masks3 = list(map(sum, combinations(bits, 3)))
    return masks5, masks3, {m: i for i, m in enumerate(masks5)}, {m: i for i, m in enumerate(masks3)}


_FRONTS_WITHIN: dict[tuple[int, int], list[int]] = {}


def _fronts_of(size: int, rest: int) -> list[int]:
    """The indices of the 3-card subsets of the positions in ``rest`` (a mask), in combinations order."""
    found = _FRONTS_WITHIN.get((size, rest))
    if found is None:
        index3 = _shape(size)[3]
        found = [index3[mask] for mask in map(sum, combinations([1 << p for p in range(size) if rest >> p & 1], 3))]
        _FRONTS_WITHIN[(size, rest)] = found
    return found


# --- one hand's tables -----------------------------------------------------------------------


@dataclass
class _Hand:
    """One hand's subsets, each valued as the rows would value it."""

    masks5: list[int]
    masks3: list[int]
    index5: dict[int, int]
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


def _high_keys(cards: Sequence[Card], wheel: Wheel, index5: dict[int, int]) -> list[int]:
    """The sort key of every 5-card subset (:func:`cpspec.fast.tables.sort_key` of its readable value)."""
    tables = evaluator(wheel)
    codes = [RANK_CODE[c] for c in cards]
    keys = list(map(tables.plain5.__getitem__, map(sum, combinations(codes, 5))))
    for suit in range(4):  # the subsets of one suit are flushes
        same = [1 << p for p, card in enumerate(cards) if card & 3 == suit]
        if len(same) >= 5:
            where = [p for p, card in enumerate(cards) if card & 3 == suit]
            for mask, positions in zip(map(sum, combinations(same, 5)), combinations(where, 5), strict=True):
                keys[index5[mask]] = tables.flush5[sum(codes[p] for p in positions)]
    return keys


def _low_keys(cards: Sequence[Card], high_lowest: list[int]) -> list[int]:
    """The key of every 5-card subset ranked low, from its key ranked high with the wheel lowest."""
    lowest = evaluator(Wheel.LOWEST)
    by_key = _TABLES.setdefault("low by high key", {})
    missing = set(high_lowest).difference(by_key)
    if missing:
        sums = {key: (rank_sum, flush) for flush, table in ((False, lowest.plain5), (True, lowest.flush5))
                for rank_sum, key in table.items() if key in missing}
        for key in missing:
            by_key[key] = _low_key(*sums[key])
    return list(map(by_key.__getitem__, high_lowest))  # type: ignore[arg-type]


def _tabulate(cards: Sequence[Card], ruleset: Ruleset) -> _Hand:
    params = ruleset.parameters
    wheel = params.hands.wheel
    low = params.hands.low_segments
    order = params.setting
    fantasyland = params.fantasyland
    assert fantasyland is not None
    n = len(cards)
    masks5, masks3, index5, _ = _shape(n)
    high5 = _high_keys(cards, wheel, index5)
    low5 = (_low_keys(cards, high5 if wheel is Wheel.LOWEST else _high_keys(cards, Wheel.LOWEST, index5))
            if low else high5)
    ev = evaluator(wheel)
    codes = [RANK_CODE[c] for c in cards]
    front_key = list(map(ev.front3.__getitem__, map(sum, combinations(codes, 3))))
    rankings = {segment: _Ranking(segment in low, wheel) for segment in ("middle", "back")}

    def keys_for(segment: str) -> list[int]:
        return low5 if segment in low else high5

    def fits(segment: str) -> list[bool]:
        if segment not in low:
            return [True] * len(high5)
        limit = order.low_rows_at_most
        return _looked_up(("fits", limit), low5,  # type: ignore[return-value]
                          lambda key: within_low_limit(_LOW_VALUES[key], limit))

    def royalties(segment: str) -> list[int]:
        ranking = rankings[segment]
        return _looked_up(("royalty", params.bonuses, segment, ranking), keys_for(segment),  # type: ignore[return-value]
                          lambda key: _royalty(ranking.value(key), segment, params.bonuses))

    requirements = [(o, r, req) for o, option in enumerate(fantasyland.stay) for r, req in enumerate(option.requires)]
    index_of = {(o, r): i for i, (o, r, _) in enumerate(requirements)}

    def wanted(segment: str) -> tuple[tuple[int, HandRequirement], ...]:
        return tuple((1 << i, req) for i, (_, _, req) in enumerate(requirements) if req.segment == segment)

    def bits5(segment: str) -> list[int]:
        if not wanted(segment):
            return [0] * len(high5)
        ranking, need = rankings[segment], wanted(segment)
        return _looked_up(("bits", need, ranking), keys_for(segment),  # type: ignore[return-value]
                          lambda key: _requirement_bits(ranking.value(key), need))

    need3 = wanted("front")
    bits_front = (_looked_up(("bits3", need3, wheel), front_key,
                             lambda key: _requirement_bits(ev.values3[key], need3)) if need3 else [0] * len(front_key))
    middle_higher = order.front_middle_ties == "middle_higher"
    comparable = _looked_up("front comparable", high5, front_comparable) if (
        order.middle_over_front != "none" or order.back_over_front != "none") else []
    return _Hand(
        masks5=masks5, masks3=masks3, index5=index5,
        back_key=keys_for("back"), middle_key=keys_for("middle"),
        back_fits=fits("back"), middle_fits=fits("middle"),
        back_beats_middle=high5,
        front_cap_by_middle=_cap(comparable, len(high5), order.middle_over_front,  # type: ignore[arg-type]
                                 order.middle_over_front == "allow_equal" or middle_higher),
        front_cap_by_back=_cap(comparable, len(high5), order.back_over_front,  # type: ignore[arg-type]
                               order.back_over_front == "allow_equal" or middle_higher),
        front_key=front_key,
        royalty_back=royalties("back"), royalty_middle=royalties("middle"),
        royalty_front=_looked_up(("royalty3", params.bonuses, wheel), front_key,  # type: ignore[arg-type]
                                 lambda key: _royalty(ev.values3[key], "front", params.bonuses)),
        bits_back=bits5("back"), bits_middle=bits5("middle"), bits_front=bits_front,  # type: ignore[arg-type]
        options=[sum(1 << index_of[(o, r)] for r in range(len(option.requires)))
                 for o, option in enumerate(fantasyland.stay)],
        size=n,
    )


def _cap(comparable: list[int], count: int, requirement: str, tie_ok: bool) -> list[int]:
    if requirement == "none":
        return [NO_CAP] * count
    return list(map(add, comparable, repeat(1 if tie_ok else 0)))


def _sorted_by(indices: Iterable[int], *keys: list[int]) -> list[int]:
    """``indices`` sorted by the first key list, then the second, ... (ascending; ties keep the given order)."""
    found = list(indices)
    for key in reversed(keys):
        found.sort(key=key.__getitem__)
    return found


def _places(ordered: list[int]) -> list[int]:
    """Each index's place in ``ordered`` (a permutation of ``range(len(ordered))``)."""
    places = [0] * len(ordered)
    for place, i in enumerate(ordered):
        places[i] = place
    return places


class _Best:
    """Subsets sorted by the key the order rule compares, with the running maximum of a value beside them:
    ``below(cap)`` is the best value of a subset whose key is under ``cap`` (:data:`NONE`: none is)."""

    def __init__(self, members: Iterable[int], value: list[int], order_key: list[int]) -> None:
        ordered = _sorted_by(members, order_key)
        self.keys = list(map(order_key.__getitem__, ordered))
        self.best = list(accumulate(map(value.__getitem__, ordered), max, initial=NONE))

    def below(self, cap: int) -> int:
        """The best value among the members whose key is under ``cap``."""
        return self.best[bisect_left(self.keys, cap)]

    def below_each(self, caps: list[int]) -> list[int]:
        """:meth:`below` of every cap."""
        return list(map(self.best.__getitem__, map(bisect_left, repeat(self.keys), caps)))


class _Levels:
    """Subsets grouped by a value (their ceiling), highest first, each group sorted by the key the order rule
    compares.

    ``allowed(level, cap)`` of a group is how many of its members (a prefix) have a key under ``cap``:
    those the order allows. Within a group, equal keys are sorted by decreasing index, so that walking a
    prefix from its end visits the members in the tie order (strongest first, then the higher cards).
    """

    def __init__(self, members: Iterable[int], value: list[int], order_key: list[int]) -> None:
        negated = list(map(neg, value))
        ordered = _sorted_by(sorted(members, reverse=True), negated, order_key)
        self.levels: list[int] = []
        self.members: dict[int, list[int]] = {}
        self.keys: dict[int, list[int]] = {}
        for level, group in groupby(ordered, key=value.__getitem__):
            self.levels.append(level)
            self.members[level] = listed = list(group)
            self.keys[level] = list(map(order_key.__getitem__, listed))

    def allowed(self, level: int, cap: int) -> int:
        """How many members of this level have a key under ``cap``."""
        return bisect_left(self.keys[level], cap)


class _Search:
    """Both passes over one hand's tables (see the module's docstring)."""

    def __init__(self, hand: _Hand, ruleset: Ruleset, stay_value: int) -> None:
        self.h = h = hand
        order = ruleset.parameters.setting
        self.stay = stay = stay_value if hand.options else 0
        n5, n3 = len(h.masks5), len(h.masks3)
        # A middle is allowed under a back when its order key is under the back's cap.
        if order.back_over_middle == "none":
            self.middle_order_key = [0] * n5
            self.middle_cap = [1] * n5
        else:
            self.middle_order_key = h.back_beats_middle
            self.middle_cap = list(map(add, h.back_beats_middle,
                                       repeat(1 if order.back_over_middle == "allow_equal" else 0)))
        # A middle's ceiling: its royalty, the most a front below it holds, and the stay's value where the
        # requirements the back meets (``pattern``), the middle's and a front's could make the board stay
        # (the cards shared not considered). Without a stay value every back has the same ceilings.
        patterns = sorted(set(h.bits_back)) if stay else [0]
        self.middles: dict[int, _Levels] = {}
        middle_best: dict[int, _Best] = {}
        fits = [m for m in range(n5) if h.middle_fits[m]]
        if not stay:
            front = _Best(range(n3), h.royalty_front, h.front_key).below_each(h.front_cap_by_middle)
            ceilings = {0: list(map(add, h.royalty_middle, front))}
        else:
            ceilings = self._staying_ceilings(patterns, fits)
        for pattern, ceiling in ceilings.items():
            members = [m for m in fits if ceiling[m] >= 0]
            self.middles[pattern] = _Levels(members, ceiling, self.middle_order_key)
            middle_best[pattern] = _Best(members, ceiling, self.middle_order_key)
        # A back's ceiling: its royalty and the best ceiling of a middle it allows.
        self.back_ceiling = [NONE] * n5
        for pattern, best in middle_best.items():
            below = best.below_each(self.middle_cap)
            for b in range(n5):
                if h.back_fits[b] and (not stay or h.bits_back[b] == pattern) and below[b] >= 0:
                    self.back_ceiling[b] = h.royalty_back[b] + below[b]
        # Fronts by royalty (highest first), then in the tie order (the strongest, then the higher cards).
        self.front_rank = _places(_sorted_by(range(n3), list(map(neg, h.front_key))))
        self.front_place = _places(_sorted_by(range(n3), list(map(neg, h.royalty_front)), list(map(neg, h.front_key))))
        self.full = (1 << h.size) - 1
        self.within: dict[int, list[int]] = {}

    def _staying_ceilings(self, patterns: list[int], fits: list[int]) -> dict[int, list[int]]:
        """Each middle's ceiling for each pattern of requirements a back meets, staying considered."""
        h, stay = self.h, self.stay
        groups: dict[int, list[int]] = {}
        for f, bits in enumerate(h.bits_front):
            groups.setdefault(bits, []).append(f)
        fronts = {bits: _Best(members, h.royalty_front, h.front_key).below_each(h.front_cap_by_middle)
                  for bits, members in groups.items()}
        found: dict[int, list[int]] = {}
        for pattern in patterns:
            ceiling = found[pattern] = [NONE] * len(h.masks5)
            for m in fits:
                best = NONE
                for bits, front in fronts.items():
                    if front[m] < 0:
                        continue
                    met = pattern | h.bits_middle[m] | bits
                    staying = any(met & need == need for need in h.options)
                    best = max(best, h.royalty_middle[m] + front[m] + (stay if staying else 0))
                ceiling[m] = best
        return found

    def fronts_within(self, rest: int) -> list[int]:
        """The fronts made of the cards of ``rest`` (a mask), by royalty (highest first), then in the tie order."""
        found = self.within.get(rest)
        if found is None:
            found = self.within[rest] = sorted(_fronts_of(self.h.size, rest), key=self.front_place.__getitem__)
        return found

    def stays(self, b: int, m: int, f: int) -> bool:
        """Whether the board of this back, middle and front stays in Fantasyland."""
        met = self.h.bits_back[b] | self.h.bits_middle[m] | self.h.bits_front[f]
        return any(met & need == need for need in self.h.options)

    def front_cap(self, b: int, m: int) -> int:
        """A front is allowed with this back and middle when its key is below this."""
        return min(self.h.front_cap_by_middle[m], self.h.front_cap_by_back[b])

    def middles_for(self, b: int) -> _Levels:
        """The middles by their ceilings with this back."""
        return self.middles[self.h.bits_back[b] if self.stay else 0]

    def best_front(self, b: int, m: int) -> int | None:
        """The most royalty a front can add to this back and middle."""
        h = self.h
        cap = self.front_cap(b, m)
        front_key = h.front_key
        for f in self.fronts_within(self.full ^ h.masks5[b] ^ h.masks5[m]):
            if front_key[f] < cap:
                return h.royalty_front[f]
        return None

    def best_value(self) -> int | None:
        """The highest value of a legal arrangement (None: every one fouls)."""
        h, stay = self.h, self.stay
        best: int | None = None
        ceilings = self.back_ceiling
        masks5, royalty_middle = h.masks5, h.royalty_middle
        for b in _sorted_by(range(len(masks5)), list(map(neg, ceilings))):
            ceiling = ceilings[b]
            if ceiling < 0 or (best is not None and ceiling <= best):
                break
            rb, used, cap = h.royalty_back[b], masks5[b], self.middle_cap[b]
            middles = self.middles_for(b)
            for level in middles.levels:
                if best is not None and rb + level <= best:
                    break
                members = middles.members[level]
                for i in range(middles.allowed(level, cap)):
                    m = members[i]
                    if masks5[m] & used:
                        continue
                    if stay:
                        value = self._best_with_stay(b, m, best)
                    else:
                        front = self.best_front(b, m)
                        value = None if front is None else rb + royalty_middle[m] + front
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
            for i in range(middles.allowed(level, cap)):
                m = members[i]
                if not h.masks5[m] & used and self.front_for(b, m, value, want_stay) is not None:
                    return True
        return False

    def first(self, value: int, want_stay: bool) -> tuple[int, int, int] | None:
        """The first arrangement in the tie order that makes ``value``."""
        h = self.h
        ceilings = self.back_ceiling
        for b in _sorted_by(range(len(h.masks5)), list(map(neg, h.back_key))):
            if ceilings[b] < value or not self.reaches(b, value, want_stay):
                continue
            return self._with_back(b, value, want_stay)
        return None

    def _with_back(self, b: int, value: int, want_stay: bool) -> tuple[int, int, int]:
        """The first middle (and front) in the tie order that make ``value`` with this back."""
        h = self.h
        free = [1 << p for p in range(h.size) if not h.masks5[b] >> p & 1]
        middles = sorted(map(h.index5.__getitem__, map(sum, combinations(free, 5))))
        cap = self.middle_cap[b]
        for m in _sorted_by(middles, list(map(neg, h.middle_key))):
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
