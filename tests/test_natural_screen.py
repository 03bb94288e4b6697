"""``fast.natural_screen.possible_naturals``, the cheap screen run before the searches, never leaves out a natural a hand holds.

Scoring trusts the screen: a kind it leaves out is never searched for. So for hands built to
hold each natural under every combination of detection options (and for those hands with one
card changed, and for plain random hands), every kind ``find_natural`` finds must be among
those the screen lets through. The screen may let through kinds a hand lacks; it must also
actually screen, which the last test checks on hands worked out by hand.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpspec.fast.natural_screen import find_naturals, possible_naturals
from cpspec.rules.cards import make_card, parse_card
from cpspec.rules.model import DetectionOptions
from cpspec.rules.naturals import (
    FIVE_CARD_STRAIGHTS,
    NATURAL_KINDS,
    find_natural,
    front_straights,
    naturals_held,
)
from cpspec.rulesets.loader import bundled_registry

OPTION_NAMES = (
    "quads_count_as_two_pairs", "trips_count_as_pair", "front_straight_ace_low", "front_straight_ace_high",
    "front_straight_wraparound", "three_flushes_distinct_suits", "straight_flush_counts",
)
ALL_OPTIONS = [DetectionOptions(**dict(zip(OPTION_NAMES, flags, strict=True)))
               for flags in product((False, True), repeat=len(OPTION_NAMES))]


def _cards_for_ranks(rank_lists: list[tuple[int, ...]], rng: random.Random) -> list[int] | None:
    """One card for every rank of every list, no card twice; None if a rank is asked for more than four times."""
    cards: list[int] = []
    for ranks in rank_lists:
        for rank in ranks:
            free = [make_card(rank, suit) for suit in range(4) if make_card(rank, suit) not in cards]
            if not free:
                return None
            cards.append(rng.choice(free))
    return cards


def _shaped_hand(kind: str, options: DetectionOptions, rng: random.Random) -> list[int]:
    if kind == "dragon":
        return [make_card(rank, rng.randrange(4)) for rank in range(13)]
    if kind == "six_pairs":
        ranks = rng.sample(range(13), 7)
        groups = [(r, r) for r in ranks[:6]] + [(ranks[6],)]
        if options.quads_count_as_two_pairs and rng.random() < 0.3:  # four of a kind instead of two pairs
            groups = [(ranks[0],) * 4, *groups[2:]]
        cards = _cards_for_ranks(groups, rng)
        assert cards is not None and len(cards) == 13
        return cards
    if kind == "three_straights":
        while True:
            front = rng.choice(front_straights(options))
            middle, back = rng.choice(FIVE_CARD_STRAIGHTS), rng.choice(FIVE_CARD_STRAIGHTS)
            cards = _cards_for_ranks([front, middle, back], rng)
            if cards is not None:
                return cards
    suits = rng.sample(range(4), 3) if options.three_flushes_distinct_suits else [rng.randrange(4) for _ in range(3)]
    cards = []
    for suit, size in zip(suits, (3, 5, 5), strict=True):
        free = [make_card(rank, suit) for rank in range(13) if make_card(rank, suit) not in cards]
        cards += rng.sample(free, size)
    return cards


def _check(cards: list[int], options: DetectionOptions) -> None:
    possible = possible_naturals(cards, options)
    for kind in NATURAL_KINDS:
        if find_natural(kind, cards, options) is not None:
            assert kind in possible, (kind, sorted(cards), options)


@settings(max_examples=300, deadline=None, database=None)
@given(options=st.sampled_from(ALL_OPTIONS), kind=st.sampled_from(NATURAL_KINDS),
       seed=st.integers(0, 2**32), change_one=st.booleans())
def test_the_screen_lets_through_every_natural_held(
    options: DetectionOptions, kind: str, seed: int, change_one: bool
) -> None:
    rng = random.Random(seed)
    cards = _shaped_hand(kind, options, rng)
    if change_one:  # a near miss, or another natural: the screen must still agree with the search
        outside = [c for c in range(52) if c not in cards]
        cards[rng.randrange(13)] = rng.choice(outside)
    _check(cards, options)


@pytest.mark.parametrize("seed", range(3))
def test_the_screen_lets_through_every_natural_in_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2_000):
        _check(rng.sample(range(52), 13), rng.choice(ALL_OPTIONS))


def _hand(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_the_screen_screens() -> None:
    default = DetectionOptions()
    # Two pairs, nine singles across three suits of 4/4/5: no natural can be there.
    assert set(possible_naturals(_hand("2c 2d 5h 7s 9c Jd Kh As 3c 6d 8h Ts Qc"), default)) == set()
    # Thirteen ranks: a dragon, and (2-3-4, 5-9, T-A) three straights too.
    assert set(possible_naturals(_hand("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"), default)) == {"dragon", "three_straights"}
    # Six pairs and a single.
    assert set(possible_naturals(_hand("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac"), default)) == {"six_pairs"}
    # Three of a kind counts as a pair only when the option says so.
    trips = _hand("2c 2d 2h 4s 4c 6d 6h 8s 8c Td Th Qs Qc")
    assert "six_pairs" in possible_naturals(trips, default)
    assert "six_pairs" not in possible_naturals(trips, DetectionOptions(trips_count_as_pair=False))
    # Suits 3 + 5 + 5: the counts allow three flushes.
    assert set(possible_naturals(_hand("2c 5c 9c 3d 6d 8d Td Kd 4h 7h Jh Qh Kh"), default)) == {"three_flushes"}


@pytest.mark.parametrize("ruleset_id", ["chiptalk", "bicycle-club", "asian", "english-harbour-eastern", "chart-2020"])
def test_the_screened_search_finds_what_the_readable_one_finds(ruleset_id: str) -> None:
    """The fast engine's natural finder equals :func:`naturals_held` on random hands and on hands holding naturals."""
    ruleset = bundled_registry().get(ruleset_id)
    rng = random.Random(ruleset_id)
    hands = [rng.sample(range(52), 13) for _ in range(1500)]
    hands += [_hand(text) for text in (
        "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", "2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac",
        "2c 5c 9c 3d 6d 8d Td Kd 4h 7h Jh Qh Kh", "Ac 2d 3h 4c 5d 6h 7c 8d 9h Tc Jd Qh Ks")]
    held = 0
    for cards in hands:
        readable = naturals_held(cards, ruleset)
        assert find_naturals(cards, ruleset) == readable
        held += bool(readable)
    assert held >= 3  # the hands worked out above hold naturals: the comparison is not vacuous
