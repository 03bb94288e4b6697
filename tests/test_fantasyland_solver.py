"""The Fantasyland solver's search (cpspec.fast.fantasyland) is the readable definition, only faster.

``solve_exhaustively`` values every arrangement; the search must return the very same
arrangement (rows, discards, value) on every hand: random hands and hands built to be hard
(many royalties in reach, staying at stake, rows ranked low, equal hands that only the tie-break
separates). 13-card hands are cheap to check exhaustively; 14- and 15-card ones are slow. For 16
and 17 cards the exhaustive search is out of reach (up to 171 million arrangements), so the
search is checked there against itself one card smaller: an optimal arrangement discards at
least one card, so the best of n cards is the best over the n ways of leaving one card out; and
its answer is legal and worth what the readable functions say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from conftest import ruleset
from cpspec.analysis.fantasyland import Arrangement, arrangement, ranking_key, solve, solve_exhaustively
from cpspec.engines import FAST, REFERENCE
from cpspec.fast.fantasyland import search
from cpspec.rules.cards import Card, parse_cards
from cpspec.rules.fouls import check_order


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(), "cards")


def rows(found: Arrangement | None) -> tuple[object, ...] | None:
    return None if found is None else (found.front, found.middle, found.back, found.discards, found.value,
                                       found.stay.qualifies)


def same(hand: Sequence[Card], ruleset_id: str, stay_value: int = 0) -> None:
    rs = ruleset(ruleset_id)
    expected = solve_exhaustively(hand, rs, stay_value)
    got = solve(hand, rs, stay_value, FAST)
    assert rows(got) == rows(expected), (ruleset_id, stay_value, hand)


def random_hands(count: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


#: Hands built to be hard: royalties everywhere, staying at stake, equal hands in several suits.
CRAFTED_13 = [
    "As Ks Qs Js Ts Ah Kh Qh Jh Th 2c 3d 4h",  # two royal flushes
    "Qs Qd 4c Kc Kd 5h 6s 7c Ac Ad Ah 2c 2d",  # the corpus's thirteen
    "7c 7d 7h 7s Ac Ad Kh Qh Jh 9h 4h 3s 2s",  # quads with a flush and aces
    "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c",  # four sets of trips
    "Ac Kc Qc Jc 9c Ad Kd Qd Jd 9d Ah Kh Qh",  # two flushes of the same ranks
    "5c 6d 7h 8s 9c 5d 6h 7s 8c 9d Tc Jd Qh",  # straights and equal straights
    "Ac Ad Kc Kd Qc Qd Jc Jd Tc Td 9c 9d 8c",  # pairs and a club flush
    "7c 5d 4s 3h 2c 8c 6d 4h 3d 2d Kc Kd Ks",  # lows for the deuce-to-seven middle
]


@pytest.mark.parametrize(("ruleset_id", "stay_value"), [("open-face", 0)])
def test_crafted_thirteen_card_hands(ruleset_id: str, stay_value: int) -> None:
    for text in CRAFTED_13:
        same(cards(text), ruleset_id, stay_value)


@pytest.mark.audit
@pytest.mark.parametrize(("ruleset_id", "stay_value"), [("open-face", 15), ("pineapple-2-7", 15), ("open-face-wikipedia", 0),
                                                        ("open-face-wikipedia", 15), ("pineapple-2-7", 0),
                                                        ("progressive-pineapple", 0), ("progressive-pineapple", 15)])
def test_crafted_thirteen_card_hands_more(ruleset_id: str, stay_value: int) -> None:
    for text in CRAFTED_13:
        same(cards(text), ruleset_id, stay_value)


@pytest.mark.parametrize("ruleset_id", ["open-face", "pineapple-2-7"])
def test_random_thirteen_card_hands(ruleset_id: str) -> None:
    for hand in random_hands(5, 13, seed=len(ruleset_id)):
        same(hand, ruleset_id)


@pytest.mark.audit
@pytest.mark.parametrize("ruleset_id", ["open-face", "open-face-wikipedia", "pineapple", "pineapple-2-7"])
def test_random_thirteen_card_hands_more(ruleset_id: str) -> None:
    for hand in random_hands(12, 13, seed=100 + len(ruleset_id)):
        same(hand, ruleset_id)
    for hand in random_hands(4, 13, seed=7):
        same(hand, ruleset_id, stay_value=40)


def test_the_reference_engine_uses_the_readable_definition() -> None:
    hand = cards(CRAFTED_13[1])
    rs = ruleset("open-face")
    assert REFERENCE.fantasyland_search is None
    assert rows(solve(hand, rs, 0, REFERENCE)) == rows(solve_exhaustively(hand, rs))


#: Worked by hand (the corpus's ofc-solve-stay-* cases): 14 without staying (jacks full of queens behind a
#: diamond flush), 10 and a stay with four jacks in back (the diamond flush then lacks Jd).
STAY_HAND = "Ad Qs Qc Js Jh Jd Jc 9s 8d 7d 6h 4d 3c"
FULL_HOUSE, QUADS = "Qs Qc Js Jh Jc", "Ad Js Jh Jd Jc"


@pytest.mark.parametrize(("stay_value", "back", "value", "stays"), [
    (0, FULL_HOUSE, 14, False), (3, FULL_HOUSE, 14, False), (4, QUADS, 14, True), (10, QUADS, 20, True)])
def test_a_stay_value_changes_the_answer(stay_value: int, back: str, value: int, stays: bool) -> None:
    """Staying is worth taking once stay_value reaches 4 (14 - 10): at 4 the two boards are worth 14 each and
    TIE_BREAK prefers the board that stays."""
    rs = ruleset("open-face")
    hand = cards(STAY_HAND)
    found = solve(hand, rs, stay_value, FAST)
    assert found is not None
    assert (found.back, found.value, found.stay.qualifies) == (cards(back), value, stays)
    assert rows(found) == rows(solve_exhaustively(hand, rs, stay_value))


@pytest.mark.audit
@pytest.mark.parametrize("ruleset_id", ["pineapple", "pineapple-2-7", "progressive-pineapple"])
def test_fourteen_card_hands(ruleset_id: str) -> None:
    for hand in random_hands(3, 14, seed=14):
        same(hand, ruleset_id)
    same(cards("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c 3d"), ruleset_id)
    same(cards("Kc Kd As Ad Ah 9h 9d 7c 5d 4s 3h 2c Jc 6h"), ruleset_id, stay_value=20)


@pytest.mark.audit
def test_fifteen_card_hands() -> None:
    for hand in random_hands(1, 15, seed=15):
        same(hand, "progressive-pineapple")
    same(cards("7c 7d 7h 7s Ac Ad Kh Qh Jh 9h 4h 3s 2s 5d 6c"), "progressive-pineapple", stay_value=10)


def _check_answer(hand: Sequence[Card], ruleset_id: str, stay_value: int) -> Arrangement:
    rs = ruleset(ruleset_id)
    found = search(hand, rs, stay_value)
    assert found is not None
    front, middle, back = found
    best = arrangement(front, middle, back, sorted(hand, reverse=True), rs, stay_value)
    assert not check_order(best.hands, rs.parameters.setting).fouled
    assert len(set(front) | set(middle) | set(back)) == 13 and set(front + middle + back) <= set(hand)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("size", [16, 17])
def test_large_hands_agree_with_the_search_one_card_smaller(size: int) -> None:
    for hand in random_hands(2, size, seed=size):
        best = _check_answer(hand, "progressive-pineapple", 0)
        smaller = [_check_answer([c for c in hand if c != left_out], "progressive-pineapple", 0)
                   for left_out in hand]
        assert best.value == max(s.value for s in smaller)
        assert ranking_key(best) == max(ranking_key(s) for s in smaller)


def test_every_arrangement_fouls() -> None:
    hand = cards("Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh Qs Jc")
    assert solve_exhaustively(hand, ruleset("pineapple-2-7")) is None
    assert search(hand, ruleset("pineapple-2-7")) is None
