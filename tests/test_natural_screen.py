"""``fast.natural_screen.may_hold``, the cheap screen run before the searches, never leaves out a natural a hand holds.

Scoring trusts the screen: a natural it leaves out is never searched for. So for hands built to
hold each kind of condition under every combination of its options (and for those hands with
one card changed, and for plain random hands), every natural ``find_natural`` finds must be let
through by the screen. The screen may let through naturals a hand lacks; it must also actually
screen, which a test checks on hands worked out by hand. Then the fast finder must equal the
readable one on every bundled ruleset with naturals.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpspec.conformance.fuzz.generate import rank_set_shapes
from cpspec.fast.natural_screen import find_naturals, hand_counts, may_hold
from cpspec.rules.cards import make_card, parse_card
from cpspec.rules.model import NaturalConditions, NaturalHand, RankChoice, RankRange, RankSets, SegmentShapes
from cpspec.rules.naturals import FIVE_CARD_STRAIGHTS, find_natural, front_straights, naturals_held
from cpspec.rulesets.loader import bundled_registry


def _natural(name: str, **requires: object) -> NaturalHand:
    return NaturalHand(name, name, 1, 1, "r", NaturalConditions(**requires))  # type: ignore[arg-type]


SHAPE_OPTIONS = ("front_ace_low", "front_ace_high", "front_wraparound", "straight_flush_counts", "distinct_suits")
#: Each shape under every combination of the options it reads (the front's runs matter to flushes only when
#: straight flushes do not count, to tell a suited run).
SEGMENT_NATURALS = [
    _natural(f"{each}-{''.join(str(int(f)) for f in flags)}",
             segments=SegmentShapes(each, **dict(zip(SHAPE_OPTIONS, flags, strict=True))))  # type: ignore[arg-type]
    for each in ("straight", "flush", "straight_flush")
    for flags in product((False, True), repeat=len(SHAPE_OPTIONS))
    if (each != "flush" and not flags[4] and (each == "straight" or flags[3]))
    or (each == "flush" and (not flags[3] or flags[:3] == (True, True, False)))
]
SET_NATURALS = [
    _natural(f"sets-{quads}{trips}{pairs}-{int(split_trips)}{int(split_quads)}",
             rank_sets=RankSets(quads, trips, pairs, split_trips, split_quads))
    for quads, trips, pairs in ((0, 0, 6), (0, 4, 0), (3, 0, 0), (0, 1, 5), (1, 0, 4), (0, 2, 3))
    for split_trips in (False, True) for split_quads in (False, True)
]
OTHER_NATURALS = [
    *(_natural(f"distinct-{n}", distinct_ranks=n) for n in (11, 12, 13)),
    *(_natural(f"suit-{n}", one_suit=n) for n in (11, 12, 13)),
    *(_natural(f"colour-{n}", one_colour=n) for n in (11, 12, 13)),
    *(_natural(f"range-{low}-{high}-{n}", rank_range=RankRange(low, high, n))
      for low, high, n in ((6, 12, 13), (0, 6, 13), (9, 12, 13), (9, 11, 12), (0, 7, 12))),
    _natural("royal-dragon", distinct_ranks=13, one_suit=13),
    _natural("big-black", rank_range=RankRange(6, 12, 13), one_colour=13),
    _natural("no-pictures", ranks=RankChoice(frozenset(range(13)) - {9, 10, 11}, 13, frozenset({9, 10, 11}))),
    _natural("no-pictures-12", ranks=RankChoice(frozenset(range(13)) - {9, 10, 11}, 12, frozenset({9, 10, 11}))),
    _natural("odd-ranks", ranks=RankChoice(frozenset({0, 2, 4, 6, 8, 10, 12}), 12)),
]
ALL_NATURALS = SEGMENT_NATURALS + SET_NATURALS + OTHER_NATURALS


def _cards_for_ranks(rank_lists: list[tuple[int, ...]], rng: random.Random, suit: int | None = None
                     ) -> list[int] | None:
    """One card for every rank of every list, no card twice; None if a rank (of the suit) runs out."""
    cards: list[int] = []
    for ranks in rank_lists:
        for rank in ranks:
            suits = [suit] if suit is not None else range(4)
            free = [make_card(rank, s) for s in suits if make_card(rank, s) not in cards]
            if not free:
                return None
            cards.append(rng.choice(free))
    return cards


def _shaped_hand(natural: NaturalHand, rng: random.Random) -> list[int]:
    """13 cards built to hold the natural's first condition (the others may or may not hold)."""
    needs = natural.requires
    if needs.segments is not None:
        shapes = needs.segments
        if shapes.each == "flush":
            suits = rng.sample(range(4), 3) if shapes.distinct_suits else [rng.randrange(4) for _ in range(3)]
            cards: list[int] = []
            for suit, size in zip(suits, (3, 5, 5), strict=True):
                free = [make_card(rank, suit) for rank in range(13) if make_card(rank, suit) not in cards]
                cards += rng.sample(free, size)
            return cards
        while True:
            runs = [rng.choice(front_straights(shapes)), rng.choice(FIVE_CARD_STRAIGHTS), rng.choice(FIVE_CARD_STRAIGHTS)]
            if shapes.each == "straight_flush":
                parts = [_cards_for_ranks([run], rng, rng.randrange(4)) for run in runs]
                if all(p is not None for p in parts) and len({c for p in parts for c in p or []}) == 13:
                    return [c for p in parts for c in p or []]
                continue
            built = _cards_for_ranks(runs, rng)
            if built is not None:
                return built
    if needs.rank_sets is not None:
        sets = needs.rank_sets
        shape = rng.choice(rank_set_shapes(sets))
        ranks = rng.sample(range(13), len(shape))
        built = _cards_for_ranks([(r,) * n for r, n in zip(ranks, shape, strict=True)], rng)
        assert built is not None and len(built) == 13
        return built
    if needs.one_suit is not None or needs.one_colour is not None:
        suits = [rng.randrange(4)] if needs.one_suit is not None else rng.choice([[0, 3], [1, 2]])
        pool = [c for c in range(52) if c % 4 in suits]
        return rng.sample(pool, 13)
    if needs.rank_range is not None:
        span = needs.rank_range
        pool = [c for c in range(52) if span.low <= c // 4 <= span.high]
        return rng.sample(pool, 13) if len(pool) >= 13 else rng.sample(range(52), 13)
    if needs.ranks is not None:
        allowed = [c for c in range(52) if c // 4 in needs.ranks.allowed]
        others = [c for c in range(52) if c // 4 not in needs.ranks.allowed]
        inside = rng.choice([13, 12, 11])
        return rng.sample(allowed, inside) + rng.sample(others, 13 - inside)
    return [make_card(rank, rng.randrange(4)) for rank in range(13)]


def _check(cards: list[int]) -> None:
    counts = hand_counts(cards)
    for natural in ALL_NATURALS:
        if find_natural(natural, cards) is not None:
            assert may_hold(counts, natural), (natural.id, sorted(cards))


@settings(max_examples=150, deadline=None, database=None)
@given(index=st.integers(0, len(ALL_NATURALS) - 1), seed=st.integers(0, 2**32), change_one=st.booleans())
def test_the_screen_lets_through_every_natural_held(index: int, seed: int, change_one: bool) -> None:
    rng = random.Random(seed)
    cards = _shaped_hand(ALL_NATURALS[index], rng)
    if change_one:  # a near miss, or another natural: the screen must still agree with the search
        outside = [c for c in range(52) if c not in cards]
        cards[rng.randrange(13)] = rng.choice(outside)
    _check(cards)


@pytest.mark.parametrize("seed", range(2))
def test_the_screen_lets_through_every_natural_in_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        _check(rng.sample(range(52), 13))


def _hand(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _let_through(text: str, naturals: list[NaturalHand]) -> set[str]:
    counts = hand_counts(_hand(text))
    return {n.id for n in naturals if may_hold(counts, n)}


DRAGON = _natural("dragon", distinct_ranks=13)
SIX_PAIRS = _natural("six-pairs", rank_sets=RankSets(pairs=6, split_trips=True, split_quads=True))
SIX_PAIRS_STRICT = _natural("six-pairs-strict", rank_sets=RankSets(pairs=6))
STRAIGHTS = _natural("straights", segments=SegmentShapes("straight"))
FLUSHES = _natural("flushes", segments=SegmentShapes("flush"))
ALL_BIG = _natural("all-big", rank_range=RankRange(6, 12, 13))
BLACK = _natural("black", one_colour=13)
SHOWN = [DRAGON, SIX_PAIRS, STRAIGHTS, FLUSHES, ALL_BIG, BLACK]


def test_the_screen_screens() -> None:
    # Two pairs, nine singles across three suits of 4/4/5, low cards, both colours: nothing can be there.
    assert _let_through("2c 2d 5h 7s 9c Jd Kh As 3c 6d 8h Ts Qc", SHOWN) == set()
    # Thirteen ranks: a dragon, and (2-3-4, 5-9, T-A) three straights too.
    assert _let_through("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", SHOWN) == {"dragon", "straights"}
    # Six pairs and a single.
    assert _let_through("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac", SHOWN) == {"six-pairs"}
    # Five pairs and trips: six ranks allow six pairs; counted rank by rank, the three deuces give a pair only
    # where three of a rank may be divided, so the strict six pairs is screened out.
    trips = "2c 2d 2h 4s 4c 6d 6h 8s 8c Td Th Qs Qc"
    assert _let_through(trips, [SIX_PAIRS, SIX_PAIRS_STRICT]) == {"six-pairs"}
    # Four deuces, three 5s and pairs of 7, 9, J: by sizes alone two pairs from the deuces and one from the 5s and
    # three more make six where ranks may be divided: let through (and held).
    assert _let_through("2c 2d 2h 2s 5c 5d 5h 7c 7d 9c 9d Jh Js", [SIX_PAIRS, SIX_PAIRS_STRICT]) == {"six-pairs"}
    # Suits 3 + 5 + 5: the counts allow three flushes.
    assert _let_through("2c 5c 9c 3d 6d 8d Td Kd 4h 7h Jh Qh Kh", SHOWN) == {"flushes"}
    # 8 to A in clubs and spades: all big and all black; and, seven ranks, pairs of 8 to K and an ace, six pairs.
    # Not three straights: the one ace goes in Q-K-A (8-Q and 9-K would then need two more queens, one is left)
    # or T-J-Q-K-A (8, 8, 9, 9, T, J, Q, K left: 8-Q leaves 8-9-K, 9-K leaves 8-8-9). Suits 7/6: no three flushes.
    assert _let_through("8c 9c Tc Jc Qc Kc Ac 8s 9s Ts Js Qs Ks", SHOWN) == {"all-big", "black", "six-pairs"}


NATURAL_RULESETS = [rid for rid in bundled_registry().ids() if bundled_registry().get(rid).parameters.naturals.hands]


@pytest.mark.parametrize("ruleset_id", NATURAL_RULESETS)
def test_the_screened_search_finds_what_the_readable_one_finds(ruleset_id: str) -> None:
    """The fast engine's natural finder equals :func:`naturals_held` on random hands and on hands holding naturals."""
    ruleset = bundled_registry().get(ruleset_id)
    rng = random.Random(ruleset_id)
    hands = [rng.sample(range(52), 13) for _ in range(600)]
    hands += [_shaped_hand(natural, rng) for natural in ruleset.parameters.naturals.hands for _ in range(20)]
    hands += [_hand(text) for text in (
        "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", "2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac",
        "2c 5c 9c 3d 6d 8d Td Kd 4h 7h Jh Qh Kh", "Ac 2d 3h 4c 5d 6h 7c 8d 9h Tc Jd Qh Ks")]
    held = 0
    for cards in hands:
        readable = naturals_held(cards, ruleset)
        assert find_naturals(cards, ruleset) == readable
        held += bool(readable)
    assert held >= 3 * len(ruleset.parameters.naturals.hands)  # built hands hold naturals: not vacuous
