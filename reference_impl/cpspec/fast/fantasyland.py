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
from itertools import accumulate, combinations, repeat
from operator import add, neg
from typing import Final

from cpspec.fast.tables import (
    CATEGORY_SHIFT,
    RANK_CODE,
    _representative,
    evaluator,
    front_comparable,
    ranks_of_sum,
    sort_key,
)
from cpspec.rules.bonuses import bonus_for
from cpspec.rules.cards import Card
from cpspec.rules.fouls import within_low_limit
from cpspec.rules.hands import CATEGORY_BY_ID, Category, HandValue, Wheel
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
    try:
        return list(map(table.__getitem__, keys))
    except KeyError:
        for key in set(keys).difference(table):
            table[key] = work_out(key)
        return list(map(table.__getitem__, keys))


#: Hands ranked low, by their key (the deuce-to-seven value's sort key, turned round).
_LOW_VALUES: dict[int, HandValue] = {}


def _low_key(rank_sum: int, flush: bool) -> int:
    """The key of a 5-card hand ranked low (the readable :func:`evaluate_deuce_to_seven`), its value remembered."""
    value = evaluate_deuce_to_seven(_representative(ranks_of_sum(rank_sum), flush))
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


def _category_named(kind: str) -> int:
    """The category a hand kind names (``royal_flush``: a straight flush)."""
    return int(Category.STRAIGHT_FLUSH if kind == "royal_flush" else CATEGORY_BY_ID[kind])


def _may_pay(segment: str, bonuses: Bonuses) -> frozenset[int]:
    """The categories a hand must be of to match an entry of this segment (any other holds no royalty there:
    :func:`cpspec.rules.patterns.fits` asks for the kind first)."""
    return frozenset(_category_named(entry.hand) for entry in bonuses.table if entry.segment == segment)


def _may_meet(wanted: tuple[tuple[int, HandRequirement], ...]) -> Callable[[int], bool]:
    """Whether a hand of a category could meet one of these requirements (:func:`cpspec.rules.patterns.meets`:
    the kind first; ``or_better`` also any higher category)."""
    exact = {_category_named(req.hand) for _, req in wanted if not req.or_better}
    lowest = min((_category_named(req.hand) for _, req in wanted if req.or_better), default=len(Category))
    return lambda category: category in exact or category >= lowest


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


_DISJOINT: dict[tuple[int, int], list[int]] = {}
#: Hands up to this size keep the lists of the middles each back leaves (at 15 cards: 3,003 lists of 252).
_KEEP_DISJOINT: Final = 15


def _disjoint(size: int, b: int) -> list[int]:
    """The indices of the 5-card subsets of ``size`` positions that share none with subset ``b``, in order."""
    found = _DISJOINT.get((size, b))
    if found is None:
        masks5, _, index5, _ = _shape(size)
        free = [1 << p for p in range(size) if not masks5[b] >> p & 1]
        found = list(map(index5.__getitem__, map(sum, combinations(free, 5))))
        if size <= _KEEP_DISJOINT:
            _DISJOINT[(size, b)] = found
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


def _low_keys(high_lowest: list[int]) -> list[int]:
    """The key of every 5-card subset ranked low, from its key ranked high with the wheel lowest."""
    origin = evaluator(Wheel.LOWEST).values5.origin
    return _looked_up("low by high key", high_lowest, lambda key: _low_key(*origin[key]))  # type: ignore[return-value]


@dataclass
class _Valued:
    """What the rows make of the hands of some keys: each 5-card hand in the middle and the back (its key in
    that row's ranking, whether it keeps the low limit, its royalty, the stay requirements it meets as bits),
    each front (its royalty and bits), and under each 5-card hand as a middle and as a back, the keys a front's
    must be below."""

    rows5: dict[str, tuple[list[int], list[bool], list[int], list[int]]]
    front: tuple[list[int], list[int]]
    front_cap_by_middle: list[int]
    front_cap_by_back: list[int]
    options: list[int]  # per stay option, the requirement bits it needs


def _valued(ruleset: Ruleset, high5: list[int], low5: list[int], front_key: list[int]) -> _Valued:
    """The rows' view of these keys: ranked high (``high5``), ranked low (``low5``), fronts (``front_key``)."""
    params = ruleset.parameters
    wheel, low, order, bonuses = params.hands.wheel, params.hands.low_segments, params.setting, params.bonuses
    assert params.fantasyland is not None
    stay = params.fantasyland.stay
    requirements = [(o, r, req) for o, option in enumerate(stay) for r, req in enumerate(option.requires)]
    index_of = {(o, r): i for i, (o, r, _) in enumerate(requirements)}

    def profile(segment: str, keys: list[int], value: Callable[[int], HandValue]) -> tuple[list[int], list[int]]:
        """Each key's royalty in ``segment`` and the bits of the stay requirements it meets there. A hand of a
        category no entry (no requirement) names is not valued: it holds none."""
        turned = segment in low  # a key ranked low is the value's key negated
        need = tuple((1 << i, req) for i, (_, _, req) in enumerate(requirements) if req.segment == segment)
        paying, meeting = _may_pay(segment, bonuses), _may_meet(need)

        def category(key: int) -> int:
            return (-key if turned else key) >> CATEGORY_SHIFT

        royalties = _looked_up(("royalty", bonuses, segment, turned, wheel), keys,
                               lambda key: _royalty(value(key), segment, bonuses) if category(key) in paying else 0)
        if not need:
            return royalties, [0] * len(keys)  # type: ignore[return-value]
        bits = _looked_up(("bits", need, turned, wheel), keys,
                          lambda key: _requirement_bits(value(key), need) if meeting(category(key)) else 0)
        return royalties, bits  # type: ignore[return-value]

    rows5 = {}
    for segment in ("middle", "back"):
        ranking = _Ranking(segment in low, wheel)
        keys = low5 if ranking.low else high5
        fit = ([True] * len(keys) if not ranking.low else
               _looked_up(("fits", order.low_rows_at_most), keys,
                          lambda key: within_low_limit(_LOW_VALUES[key], order.low_rows_at_most)))
        rows5[segment] = (keys, fit, *profile(segment, keys, ranking.value))
    middle_higher = order.front_middle_ties == "middle_higher"
    caps: dict[object, list[int]] = {}
    for segment, requirement in (("middle", order.middle_over_front), ("back", order.back_over_front)):
        how = (requirement, requirement == "allow_equal" or middle_higher)
        caps[segment] = caps[how] = caps.get(how) or _cap(high5, *how)  # the same rule: the same list
    return _Valued(rows5, profile("front", front_key, evaluator(wheel).values3.__getitem__),  # type: ignore[arg-type]
                   caps["middle"], caps["back"],
                   [sum(1 << index_of[(o, r)] for r in range(len(option.requires))) for o, option in enumerate(stay)])


def fill_tables(ruleset: Ruleset) -> None:
    """Work out every hand's royalties and requirements for this ruleset now, rather than as hands need them
    (a benchmark's warm-up: the tables then hold every hand of every row)."""
    wheel = ruleset.parameters.hands.wheel
    high = evaluator(wheel).values5.every_key()
    low = _low_keys(evaluator(Wheel.LOWEST).values5.every_key()) if ruleset.parameters.hands.low_segments else high
    _valued(ruleset, high, low, evaluator(wheel).values3.every_key())


def _tabulate(cards: Sequence[Card], ruleset: Ruleset) -> _Hand:
    params = ruleset.parameters
    wheel = params.hands.wheel
    n = len(cards)
    masks5, masks3, index5, _ = _shape(n)
    high5 = _high_keys(cards, wheel, index5)
    low5 = (_low_keys(high5 if wheel is Wheel.LOWEST else _high_keys(cards, Wheel.LOWEST, index5))
            if params.hands.low_segments else high5)
    codes = [RANK_CODE[c] for c in cards]
    front_key = list(map(evaluator(wheel).front3.__getitem__, map(sum, combinations(codes, 3))))
    valued = _valued(ruleset, high5, low5, front_key)
    back_key, back_fits, royalty_back, bits_back = valued.rows5["back"]
    middle_key, middle_fits, royalty_middle, bits_middle = valued.rows5["middle"]
    return _Hand(
        masks5=masks5, masks3=masks3, index5=index5,
        back_key=back_key, middle_key=middle_key, back_fits=back_fits, middle_fits=middle_fits,
        back_beats_middle=high5,
        front_cap_by_middle=valued.front_cap_by_middle, front_cap_by_back=valued.front_cap_by_back,
        front_key=front_key,
        royalty_back=royalty_back, royalty_middle=royalty_middle, royalty_front=valued.front[0],
        bits_back=bits_back, bits_middle=bits_middle, bits_front=valued.front[1],
        options=valued.options, size=n,
    )


def _cap(keys: list[int], requirement: str, tie_ok: bool) -> list[int]:
    """Under each 5-card hand (by key), the key a front's must be below (:func:`front_comparable`, plus one
    where a tie is allowed)."""
    if requirement == "none":
        return [NO_CAP] * len(keys)
    tie = 1 if tie_ok else 0
    return _looked_up(("front cap", tie), keys, lambda key: front_comparable(key) + tie)  # type: ignore[return-value]


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
    ``below_each(caps)`` is, for each cap, the best value of a subset whose key is under it (:data:`NONE`:
    none is). ``ordered``: the members, sorted by ``order_key``. Only the keys where the running maximum
    rises are kept (a few dozen), so that each look-up is a short bisection."""

    def __init__(self, ordered: list[int], value: list[int], order_key: list[int]) -> None:
        rising = list(accumulate(map(value.__getitem__, ordered), max))
        keys = list(map(order_key.__getitem__, ordered))
        first = dict(zip(reversed(rising), reversed(keys), strict=True))  # each maximum: the first key with it
        levels = sorted(first)
        self.keys = list(map(first.__getitem__, levels))
        self.best = [NONE, *levels]

    def below_each(self, caps: list[int]) -> list[int]:
        """The best value among the members whose key is under each cap."""
        return list(map(self.best.__getitem__, map(bisect_left, repeat(self.keys), caps)))


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
        # Every 5-card subset sorted by the order key, equal keys by decreasing index.
        self.by_key = by_key = sorted(range(n5 - 1, -1, -1), key=self.middle_order_key.__getitem__)
        fronts = sorted(range(n3), key=h.front_key.__getitem__)
        # A middle's ceiling: its royalty, the most a front below it holds, and the stay's value where the
        # requirements the back meets (``pattern``), the middle's and a front's could make the board stay
        # (the cards shared not considered). Without a stay value every back has the same ceilings.
        if not stay:
            front = _Best(fronts, h.royalty_front, h.front_key).below_each(h.front_cap_by_middle)
            ceilings = {0: list(map(add, h.royalty_middle, front))}
        else:
            ceilings = self._staying_ceilings(sorted(set(h.bits_back)), fronts)
        if False in h.middle_fits:
            for ceiling in ceilings.values():
                for m in range(n5):
                    if not h.middle_fits[m]:
                        ceiling[m] = NONE
        self.middle_ceiling = ceilings
        # A back's ceiling: its royalty and the best ceiling of a middle it allows.
        self.back_ceiling = [NONE] * n5
        for pattern, ceiling in ceilings.items():
            below = _Best(by_key, ceiling, self.middle_order_key).below_each(self.middle_cap)
            if not stay and False not in h.back_fits:
                self.back_ceiling = list(map(add, h.royalty_back, below))
                continue
            for b in range(n5):
                if h.back_fits[b] and (not stay or h.bits_back[b] == pattern) and below[b] >= 0:
                    self.back_ceiling[b] = h.royalty_back[b] + below[b]
        # Fronts by royalty (highest first), then in the tie order (the strongest, then the higher cards).
        self.front_rank = _places(_sorted_by(range(n3), list(map(neg, h.front_key))))
        self.front_place = _places(_sorted_by(range(n3), list(map(neg, h.royalty_front)), list(map(neg, h.front_key))))
        self.full = (1 << h.size) - 1
        self.bits = [1 << p for p in range(h.size)]
        self.within: dict[int, list[int]] = {}

    def _staying_ceilings(self, patterns: list[int], fronts: list[int]) -> dict[int, list[int]]:
        """Each middle's ceiling for each pattern of requirements a back meets, staying considered."""
        h, stay = self.h, self.stay
        groups: dict[int, list[int]] = {}
        for f in fronts:
            groups.setdefault(h.bits_front[f], []).append(f)
        by_bits = {bits: _Best(members, h.royalty_front, h.front_key).below_each(h.front_cap_by_middle)
                   for bits, members in groups.items()}
        found: dict[int, list[int]] = {}
        for pattern in patterns:
            ceiling = found[pattern] = [NONE] * len(h.masks5)
            for m in range(len(h.masks5)):
                best = NONE
                for bits, front in by_bits.items():
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

    def middles_with(self, b: int, need: int) -> tuple[list[int], list[int]]:
        """The middles of the cards this back leaves that it allows and whose ceiling with it is at least
        ``need``, in combinations order (that is, by index); and the ceilings."""
        ceiling = self.middle_ceiling[self.h.bits_back[b] if self.stay else 0]
        cap, order_key = self.middle_cap[b], self.middle_order_key
        return [m for m in _disjoint(self.h.size, b) if ceiling[m] >= need and order_key[m] < cap], ceiling

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
        royalty_middle, royalty_front, front_key = h.royalty_middle, h.royalty_front, h.front_key
        masks5, cap_by_middle, within = h.masks5, h.front_cap_by_middle, self.within
        for b in sorted(range(len(ceilings)), key=list(map(neg, ceilings)).__getitem__):
            ceiling = ceilings[b]
            if ceiling < 0 or (best is not None and ceiling <= best):
                break
            rb, cap_by_back, left = h.royalty_back[b], h.front_cap_by_back[b], self.full ^ masks5[b]
            middles, middle_ceiling = self.middles_with(b, 0 if best is None else best - rb + 1)
            middles.sort(key=list(map(neg, middle_ceiling)).__getitem__)
            for m in middles:
                if best is not None and rb + middle_ceiling[m] <= best:
                    break
                if stay:
                    value = self._best_with_stay(b, m, best)
                else:  # the best front: the first allowed one by royalty (self.best_front, written out)
                    rest = left ^ masks5[m]
                    fronts = within.get(rest) or self.fronts_within(rest)
                    cap = min(cap_by_middle[m], cap_by_back)
                    value = next((rb + royalty_middle[m] + royalty_front[f] for f in fronts if front_key[f] < cap),
                                 None)
                if value is not None and (best is None or value > best):
                    best = value
        return best

    def may_stay(self) -> bool:
        """Whether some board could stay: each requirement of some option is met by some subset in its row."""
        h = self.h
        met = 0
        for bits in (h.bits_back, h.bits_middle, h.bits_front):
            for value in set(bits):
                met |= value
        return any(met & need == need for need in h.options)

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

    def first(self, value: int, want_stay: bool) -> tuple[int, int, int] | None:
        """The first arrangement in the tie order that makes ``value``: the first back that can, with the first
        middle in the tie order that can with it, and the first front."""
        h = self.h
        ceilings = self.back_ceiling
        in_tie_order = (self.by_key[::-1] if h.back_key is self.middle_order_key  # the same ranking: the same sort
                        else _sorted_by(range(len(h.masks5)), list(map(neg, h.back_key))))
        negated = list(map(neg, h.middle_key))
        for b in [b for b in in_tie_order if ceilings[b] >= value]:
            middles, _ = self.middles_with(b, value - h.royalty_back[b])
            for m in sorted(middles, key=negated.__getitem__):
                f = self.front_for(b, m, value, want_stay)
                if f is not None:
                    return f, m, b
        return None


def search(cards: Sequence[Card], ruleset: Ruleset, stay_value: int = 0) -> Rows | None:
    """The first legal arrangement in :data:`cpspec.analysis.fantasyland.TIE_BREAK` (None when every one fouls)."""
    ordered = tuple(sorted(cards, reverse=True))
    hand = _tabulate(ordered, ruleset)
    finder = _Search(hand, ruleset, stay_value)
    value = finder.best_value()
    if value is None:
        return None
    found = finder.first(value, True) if hand.options and finder.may_stay() else None
    if found is None:
        found = finder.first(value, False)
    assert found is not None, "an arrangement of the best value exists"
    f, m, b = found
    positions = list(range(len(ordered)))
    return (tuple(ordered[p] for p in positions if hand.masks3[f] >> p & 1),
            tuple(ordered[p] for p in positions if hand.masks5[m] >> p & 1),
            tuple(ordered[p] for p in positions if hand.masks5[b] >> p & 1))
