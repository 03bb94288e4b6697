"""Speed: all 72,072 settings of a hand decided with bitsets, equal to :mod:`cpspec.rules.all_settings`.

:func:`cpspec.rules.all_settings.all_settings` is the readable definition: value each
hand once, check every setting with :func:`cpspec.rules.fouls.check_order`.
``tests/test_settings_classifier.py`` proves this module's answers equal to it (the same
valid settings, the same listing order) over every order rule and wheel rule.

:func:`classify` decides every setting in about a millisecond or two without looking
at them one by one:

1. Each of the 1,287 5-card and 286 3-card subsets is evaluated once
   (:mod:`cpspec.fast.tables`). A subset is named by its *mask* (bit ``p`` set when the
   card at position ``p`` of the hand is in it) and placed at its *place*, the sum of
   :data:`POSITION_WEIGHTS` over its positions.
2. Sets of subsets are Python ints used as bitsets: subset ``S`` is bit ``place(S)``.
   The middles are visited from the strongest down, while ``seen`` collects the backs
   that are stronger than the current middle (or as strong, when the ruleset allows
   equal hands).
3. The front condition is a threshold too: a front is fine when its key is below the
   middle's :func:`~cpspec.fast.tables.front_comparable` key (or equal, when ties are
   allowed). With the fronts sorted by key, the fine fronts are a prefix, found by
   bisection; the prefix's fronts are stored *reflected*, as bit ``W - place(F)``
   where ``W`` is the sum of all the weights.
4. For a middle ``M`` the rest of the hand is ``R``, with ``place(R) = W - place(M)``,
   and a front ``F`` inside ``R`` leaves the back ``B`` with ``place(B) = place(R) -
   place(F)``. Shifting the reflected fronts right by ``place(M)`` moves bit
   ``W - place(F)`` to bit ``place(B)``: the fine fronts become the backs they leave,
   and one AND with the allowed backs and with the backs disjoint from ``M`` gives
   every valid setting with this middle; ``int.bit_count`` counts them. (A front that
   is not inside ``R`` never lands on a back inside ``R``: that back's own front would
   have the same place, and places of 3-card subsets are distinct.)

``bench/run.py`` times it against the readable definition.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations, groupby
from typing import Final

from cpspec.fast.tables import Evaluator, evaluator, front_comparable
from cpspec.rules.all_settings import HAND_SIZE, SettingChoice, listing_key
from cpspec.rules.cards import Card
from cpspec.rules.fouls import SegmentHands
from cpspec.rules.model import Ruleset, SettingOrder

FULL: Final = (1 << HAND_SIZE) - 1

#: One weight per card position, such that the sums over two different 3-card (or two
#: different 5-card) subsets always differ. Powers of two would do; these were found by
#: a greedy search (each the smallest that keeps all sums of 1 to 5 weights distinct)
#: and keep the bitsets 3.4 times shorter: the largest 5-card place is 2,317, not 7,936.
POSITION_WEIGHTS: Final = (1, 2, 3, 5, 8, 14, 25, 45, 85, 162, 310, 595, 1165)
WEIGHT_SUM: Final = sum(POSITION_WEIGHTS)


def _mask(positions: Sequence[int]) -> int:
    return sum(1 << p for p in positions)


def _place(positions: Sequence[int]) -> int:
    return sum(POSITION_WEIGHTS[p] for p in positions)


@dataclass(frozen=True)
class Subsets:
    """The subsets of 13 card positions, in :func:`itertools.combinations` order.

    This does not depend on the cards, so it is built once per process.
    """

    masks5: tuple[int, ...]
    masks3: tuple[int, ...]
    index5: dict[int, int]  # mask -> index into masks5
    index3: dict[int, int]
    places5: tuple[int, ...]
    mask5_at: dict[int, int]  # place -> mask, for 5-card subsets
    bit5: tuple[int, ...]  # 1 << place, per 5-card subset
    reflected_bit3: tuple[int, ...]  # 1 << (WEIGHT_SUM - place), per 3-card subset
    disjoint5: tuple[int, ...]  # per 5-card subset M: the bits of the 5-card subsets of the rest
    disjoint_indices5: tuple[tuple[int, ...], ...]  # per 5-card subset M: the indices of those subsets


@cache
def subsets() -> Subsets:
    combos5 = list(combinations(range(HAND_SIZE), 5))
    combos3 = list(combinations(range(HAND_SIZE), 3))
    places5 = tuple(_place(c) for c in combos5)
    places3 = tuple(_place(c) for c in combos3)
    if len(set(places5)) != len(places5) or len(set(places3)) != len(places3):
        raise AssertionError("POSITION_WEIGHTS must give distinct places")
    masks5 = tuple(_mask(c) for c in combos5)
    masks3 = tuple(_mask(c) for c in combos3)
    index5 = {m: i for i, m in enumerate(masks5)}
    disjoint5 = []
    disjoint_indices5 = []
    for middle in combos5:
        rest = [p for p in range(HAND_SIZE) if p not in middle]
        backs = list(combinations(rest, 5))
        disjoint5.append(sum(1 << _place(back) for back in backs))
        disjoint_indices5.append(tuple(index5[_mask(back)] for back in backs))
    return Subsets(
        masks5=masks5,
        masks3=masks3,
        index5=index5,
        index3={m: i for i, m in enumerate(masks3)},
        places5=places5,
        mask5_at=dict(zip(places5, masks5, strict=True)),
        bit5=tuple(1 << p for p in places5),
        reflected_bit3=tuple(1 << (WEIGHT_SUM - p) for p in places3),
        disjoint5=tuple(disjoint5),
        disjoint_indices5=tuple(disjoint_indices5),
    )


def covers(ruleset: Ruleset) -> bool:
    """Whether this module decides the ruleset's order: the back over the middle over the front, each pair
    compared, no direct back-front comparison and no row ranked low. :mod:`cpspec.engines` sends the other
    rulesets to the readable definition (with the fast hand evaluation)."""
    order = ruleset.parameters.setting
    return (order.back_over_middle != "none" and order.middle_over_front != "none"
            and order.back_over_front == "none" and not ruleset.parameters.hands.low_segments)


@dataclass(frozen=True)
class OrderRules:
    """The setting order as two numbers the classifier can use."""

    back_may_equal_middle: bool
    front_may_equal_middle: bool  # a front equal to the middle (as compared) does not foul

    @classmethod
    def of(cls, order: SettingOrder) -> OrderRules:
        """The classifier's rules for a ruleset's ``parameters.setting``: which ties between segments do not foul.

        Reads ``back_over_middle``, ``middle_over_front`` and ``front_middle_ties``.
        """
        # compare_front_with_middle calls a tie a middle win under "middle_higher"; otherwise
        # a tie fouls only when the ruleset asks for a strictly higher middle.
        front_tie_ok = order.front_middle_ties == "middle_higher" or order.middle_over_front == "allow_equal"
        return cls(order.back_over_middle == "allow_equal", front_tie_ok)


@dataclass(frozen=True)
class Setting:
    """One setting, as masks of card positions."""

    front: int
    middle: int
    back: int


@dataclass(frozen=True)
class Classification:
    """Every setting of one hand under one ruleset's order, decided.

    ``keys5[i]`` / ``keys3[j]`` are the :func:`~cpspec.fast.tables.sort_key` of subset
    ``subsets().masks5[i]`` / ``masks3[j]``. ``valid_backs[i]`` is the bitset of the
    backs that make a valid setting with middle ``masks5[i]`` (the front is the rest).
    """

    cards: tuple[Card, ...]
    evaluator: Evaluator
    keys5: list[int]
    keys3: list[int]
    valid_backs: list[int]
    valid: int

    def is_valid(self, setting: Setting) -> bool:
        """Whether the setting does not foul: its back is one of the valid backs of its middle."""
        s = subsets()
        backs = self.valid_backs[s.index5[setting.middle]]
        return bool(backs >> s.places5[s.index5[setting.back]] & 1)

    def masks(self) -> Iterator[Setting]:
        """The valid settings as position masks, middle by middle in subset order, backs by increasing place."""
        s = subsets()
        for index, backs in enumerate(self.valid_backs):
            middle = s.masks5[index]
            while backs:
                lowest = backs & -backs
                back = s.mask5_at[lowest.bit_length() - 1]
                yield Setting(FULL ^ middle ^ back, middle, back)
                backs ^= lowest

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards at the positions a mask holds, in the hand's order."""
        return tuple(card for position, card in enumerate(self.cards) if mask >> position & 1)

    def hands(self, setting: Setting) -> SegmentHands:
        """The front, middle and back hand values."""
        s = subsets()
        return SegmentHands(
            self.evaluator.values3[self.keys3[s.index3[setting.front]]],
            self.evaluator.values5[self.keys5[s.index5[setting.middle]]],
            self.evaluator.values5[self.keys5[s.index5[setting.back]]],
        )

    @cached_property
    def _descending5(self) -> list[tuple[Card, ...]]:
        """Each 5-card subset's cards, highest first, by subset index (made on first use)."""
        return [_descending(combo) for combo in combinations(self.cards, 5)]

    @cached_property
    def _descending3(self) -> list[tuple[Card, ...]]:
        """Each 3-card subset's cards, highest first, by subset index."""
        return [_descending(combo) for combo in combinations(self.cards, 3)]

    def choice(self, setting: Setting) -> SettingChoice:
        """The setting as :class:`cpspec.rules.all_settings.SettingChoice` (cards highest first)."""
        s = subsets()
        front, middle, back = s.index3[setting.front], s.index5[setting.middle], s.index5[setting.back]
        values5 = self.evaluator.values5
        return SettingChoice(self._descending3[front], self._descending5[middle], self._descending5[back],
                             SegmentHands(self.evaluator.values3[self.keys3[front]], values5[self.keys5[middle]],
                                          values5[self.keys5[back]]))

    def __iter__(self) -> Iterator[SettingChoice]:
        """Every valid setting (:class:`cpspec.rules.all_settings.SettingsTable`)."""
        return (self.choice(setting) for setting in self.masks())

    def strongest(self, limit: int) -> list[SettingChoice]:
        """The first ``limit`` valid settings in :data:`cpspec.rules.all_settings.LIST_ORDER`."""
        return [self.choice(setting) for setting in ordered_settings(self, limit)]


def classify(cards: Sequence[Card], ruleset: Ruleset) -> Classification:
    """Decide all 72,072 settings of 13 distinct cards (see the module's docstring)."""
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
        raise ValueError("classify needs 13 distinct cards")
    rules = OrderRules.of(ruleset.parameters.setting)
    ev = evaluator(ruleset.parameters.hands.wheel)
    s = subsets()
    keys5 = list(map(ev.key5, combinations(cards, 5)))
    keys3 = list(map(ev.key3, combinations(cards, 3)))

    front_order = sorted(range(len(keys3)), key=keys3.__getitem__)
    sorted_front_keys = [keys3[j] for j in front_order]
    weakest_fronts = [0]  # weakest_fronts[t]: the reflected bits of the t weakest fronts
    for j in front_order:
        weakest_fronts.append(weakest_fronts[-1] | s.reflected_bit3[j])
    front_tie = 1 if rules.front_may_equal_middle else 0

    places5, bit5, disjoint5 = s.places5, s.bit5, s.disjoint5
    back_may_equal = rules.back_may_equal_middle
    valid_backs = [0] * len(keys5)
    valid = 0
    seen = 0  # the backs at least as strong as the current middles
    middle_order = sorted(range(len(keys5)), key=keys5.__getitem__, reverse=True)
    for key, group in groupby(middle_order, key=keys5.__getitem__):
        middles = list(group)  # equal hands, differing in suits
        stronger = seen
        for i in middles:
            seen |= bit5[i]
        allowed = seen if back_may_equal else stronger
        reflected = weakest_fronts[bisect_left(sorted_front_keys, front_comparable(key) + front_tie)]
        if not (allowed and reflected):
            continue
        for i in middles:
            backs = (reflected >> places5[i]) & allowed & disjoint5[i]
            if backs:
                valid_backs[i] = backs
                valid += backs.bit_count()
    return Classification(tuple(cards), ev, keys5, keys3, valid_backs, valid)


def _descending(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def ordered_settings(table: Classification, limit: int) -> list[Setting]:
    """The first ``limit`` valid settings in :data:`LIST_ORDER`."""
    if limit <= 0:
        return []
    s = subsets()
    keys5, keys3 = table.keys5, table.keys3
    found: list[tuple[int, int, int, int, int]] = []  # back, middle, front keys; middle, back indices
    for i, backs in enumerate(table.valid_backs):
        if not backs:
            continue
        middle_key, middle = keys5[i], s.masks5[i]
        for b in s.disjoint_indices5[i]:
            if backs >> s.places5[b] & 1:
                front = FULL ^ middle ^ s.masks5[b]
                found.append((keys5[b], middle_key, keys3[s.index3[front]], i, b))
    strongest = heapq.nlargest(limit, found, key=lambda f: f[:3]) if limit < len(found) else found
    if strongest and len(strongest) < len(found):  # the weakest kept may tie with some left out
        cut = min(f[:3] for f in strongest)
        strongest = [f for f in strongest if f[:3] != cut] + [f for f in found if f[:3] == cut]
    strongest.sort(key=lambda f: f[:3], reverse=True)

    def setting(f: tuple[int, int, int, int, int]) -> Setting:
        middle, back = s.masks5[f[3]], s.masks5[f[4]]
        return Setting(FULL ^ middle ^ back, middle, back)

    def card_order(st: Setting) -> tuple[tuple[Card, ...], ...]:
        return tuple(_descending(table.cards_of(m)) for m in (st.back, st.middle, st.front))

    ordered: list[Setting] = []
    start = 0
    while start < len(strongest) and len(ordered) < limit:
        end = start + 1
        while end < len(strongest) and strongest[end][:3] == strongest[start][:3]:
            end += 1
        group = [setting(f) for f in strongest[start:end]]
        if len(group) > 1:  # equal hands, other suits: by the cards
            group.sort(key=card_order, reverse=True)
        ordered.extend(group)
        start = end
    return ordered[:limit]




def strongest_setting(cards: Sequence[Card], ruleset: Ruleset) -> SettingChoice | None:
    """:func:`cpspec.rules.all_settings.strongest_setting`, without deciding every setting.

    Backs are tried from the strongest down, and for each back the middles that the
    rest of the hand can make, from the strongest down; the scan stops as soon as
    nothing left can beat the best found. Equal backs and equal middles are all
    tried, since what they leave over differs; among settings with equal hands the
    first in the listing order wins, as in the readable definition.
    """
    rules = OrderRules.of(ruleset.parameters.setting)
    ev = evaluator(ruleset.parameters.hands.wheel)
    s = subsets()
    keys5 = list(map(ev.key5, combinations(cards, 5)))
    front_tie = 1 if rules.front_may_equal_middle else 0
    best: tuple[int, int, int] | None = None
    found: list[Setting] = []
    for b in sorted(range(len(keys5)), key=keys5.__getitem__, reverse=True):
        back_key, back = keys5[b], s.masks5[b]
        if best is not None and back_key < best[0]:
            break
        for m in sorted(s.disjoint_indices5[b], key=keys5.__getitem__, reverse=True):
            middle_key, middle = keys5[m], s.masks5[m]
            if middle_key > back_key or (middle_key == back_key and not rules.back_may_equal_middle):
                continue
            if best is not None and (back_key, middle_key) < best[:2]:
                break
            front = FULL ^ back ^ middle
            front_key = ev.key3([card for p, card in enumerate(cards) if front >> p & 1])
            if front_key >= front_comparable(middle_key) + front_tie:
                continue
            keys = (back_key, middle_key, front_key)
            if best is None or keys > best:
                best, found = keys, [Setting(front, middle, back)]
            elif keys == best:
                found.append(Setting(front, middle, back))
    if not found:
        return None
    table = Classification(tuple(cards), ev, keys5, [], [], 0)
    return max((_choice_of(table, setting) for setting in found), key=listing_key)


def _choice_of(table: Classification, setting: Setting) -> SettingChoice:
    """A setting's cards and hands, valuing the front afresh (the table's 3-card keys are not needed)."""
    front_cards = table.cards_of(setting.front)
    return SettingChoice(_descending(front_cards), _descending(table.cards_of(setting.middle)),
                         _descending(table.cards_of(setting.back)),
                         SegmentHands(table.evaluator.value3(front_cards),
                                      table.evaluator.value5(table.cards_of(setting.middle)),
                                      table.evaluator.value5(table.cards_of(setting.back))))
