"""cpspec.fast.tables must agree exactly with the readable evaluation, cpspec.rules.hands."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, pairwise

import pytest

from cpspec.fast.tables import category_of, evaluate, evaluator, front_comparable, sort_key
from cpspec.rules.cards import make_card, parse_card
from cpspec.rules.hands import Category, Wheel, compare, compare_front_with_middle, evaluate3, evaluate5


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize("wheel", list(Wheel))
def test_every_rank_multiset_suited_and_offsuit(wheel: Wheel) -> None:
    """All 6,175 rank multisets of five cards, each also as a flush when its ranks differ.

    The cards here are dealt differently from the tables' own representatives (spades for a
    flush, copies of a rank from the top suit down, the off-suit card last), so this also
    checks that suits other than 'all the same' never matter.
    """
    ev = evaluator(wheel)
    seen = 0
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        copies: dict[int, int] = {}
        offsuit = []
        for rank in ranks:
            offsuit.append(make_card(rank, 3 - copies.get(rank, 0)))
            copies[rank] = copies.get(rank, 0) + 1
        if len(set(ranks)) == 5:
            offsuit[-1] = make_card(ranks[-1], 0)
            suited = [make_card(rank, 3) for rank in ranks]
            assert ev.key5(suited) == sort_key(evaluate5(suited, wheel))
            assert ev.value5(suited) == evaluate5(suited, wheel)
        assert ev.key5(offsuit) == sort_key(evaluate5(offsuit, wheel))
        assert ev.value5(offsuit) == evaluate5(offsuit, wheel)
        seen += 1
    # C(13+4, 5) multisets of 13 ranks, less the 13 with five cards of one rank.
    assert seen == 6188 - 13


def test_every_front() -> None:
    ev = evaluator(Wheel.LOWEST)
    for ranks in combinations_with_replacement(range(13), 3):
        front = [make_card(rank, suit) for suit, rank in enumerate(ranks)]
        assert ev.key3(front) == sort_key(evaluate3(front))
        assert ev.value3(front) == evaluate3(front)


@pytest.mark.parametrize("wheel", list(Wheel))
def test_random_hands_agree_and_order_alike(wheel: Wheel) -> None:
    rng = random.Random(20240501)
    ev = evaluator(wheel)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    for hand in hands:
        assert ev.key5(hand) == sort_key(evaluate5(hand, wheel))
        assert ev.key3(hand[:3]) == sort_key(evaluate3(hand[:3]))
    for a, b in pairwise(hands):
        expected = compare(evaluate5(a, wheel), evaluate5(b, wheel))
        assert (ev.key5(a) > ev.key5(b)) - (ev.key5(a) < ev.key5(b)) == expected


# Standard poker categories, one hand each, worked out by hand.
CATEGORIES = [
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH),
    ("7c 7d 7h 7s 2d", Category.FOUR_OF_A_KIND),
    ("Kc Kd Kh 4s 4d", Category.FULL_HOUSE),
    ("Ad Jd 8d 6d 2d", Category.FLUSH),
    ("9c Td Jh Qs Kc", Category.STRAIGHT),
    ("5c 5d 5h Ks 2d", Category.THREE_OF_A_KIND),
    ("Jc Jd 4h 4s Ac", Category.TWO_PAIR),
    ("6c 6d 8h 4s 2c", Category.PAIR),
    ("Ac Qd 9h 6s 3c", Category.HIGH_CARD),
]


@pytest.mark.parametrize(("text", "category"), CATEGORIES)
def test_each_category(text: str, category: Category) -> None:
    for wheel in Wheel:
        assert category_of(evaluator(wheel).key5(cards(text))) is category


def test_categories_in_order() -> None:
    keys = [evaluator().key5(cards(text)) for text, _ in CATEGORIES]
    assert keys == sorted(keys, reverse=True)


def test_wheel_settings() -> None:
    wheel, six_high, king_high, broadway = (cards(t) for t in (
        "Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", "9c Td Jh Qs Kc", "Ac Kd Qh Js Tc"))
    low = evaluator(Wheel.LOWEST).key5
    # Lowest: A-2-3-4-5 is the lowest straight, below 2-3-4-5-6.
    assert low(wheel) < low(six_high) < low(king_high) < low(broadway)
    high = evaluator(Wheel.SECOND_HIGHEST).key5
    # Second highest: above K-high, below the broadway.
    assert low(six_high) == high(six_high)
    assert high(six_high) < high(king_high) < high(wheel) < high(broadway)
    steel = cards("Ah 2h 3h 4h 5h")
    assert evaluator(Wheel.SECOND_HIGHEST).key5(steel) > evaluator(Wheel.SECOND_HIGHEST).key5(cards("Kd Qd Jd Td 9d"))
    assert evaluator(Wheel.LOWEST).key5(steel) < evaluator(Wheel.LOWEST).key5(cards("6d 5d 4d 3d 2d"))
    assert evaluator(Wheel.LOWEST).value5(steel).name == "five-high straight flush"


def test_suits_never_break_ties() -> None:
    ev = evaluator()
    assert ev.key5(cards("Ah Kh Qh Jh 9h")) == ev.key5(cards("As Ks Qs Js 9s"))
    assert ev.key5(cards("Tc Td 8h 4s 2c")) == ev.key5(cards("Th Ts 8c 4d 2d"))
    assert ev.key3(cards("Qc Qd 2h")) == ev.key3(cards("Qh Qs 2c"))


@pytest.mark.parametrize(("front", "middle", "relation"), [
    ("As Kc Qd", "Ah Kd Qc 3h 2c", 0),  # same three top cards: the middle's extra kickers do not count
    ("As Kc Jd", "Ah Kd Qc 3h 2c", -1),  # third card J < Q
    ("Qs Qc Ad", "Qh Qd Ac 3h 2c", 0),  # pair of queens, ace kicker in both
    ("Qs Qc Kd", "Qh Qd Ac 3h 2c", -1),  # kicker K < A
    ("7s 7c 7d", "7h 7s 7c Kd 2h", 0),  # same trips (two decks: only values matter); kickers do not count
    ("8s 8c 8d", "7h 7s 7c Kd 2h", 1),
    ("As Ac Kd", "2h 2s 3c 3d 4h", -1),  # any two pair beats a front pair
    ("2s 2c 2d", "Ah Ad Kc Kd Qh", 1),  # front trips beat a middle two pair
    ("As Ac Ad", "2h 3s 4c 5d 6h", -1),  # a straight beats any front
])
def test_front_comparable_matches_the_cross_size_comparison(front: str, middle: str, relation: int) -> None:
    f, m = evaluate3(cards(front)), evaluate5(cards(middle))
    assert compare_front_with_middle(f, m, middle_wins_ties=False) == relation
    cut = front_comparable(sort_key(m))
    assert (sort_key(f) > cut) - (sort_key(f) < cut) == relation


def test_front_comparable_on_random_pairs() -> None:
    rng = random.Random(7)
    for _ in range(5000):
        deck = rng.sample(range(52), 8)
        f, m = evaluate3(deck[:3]), evaluate5(deck[3:])
        cut = front_comparable(sort_key(m))
        assert (sort_key(f) > cut) - (sort_key(f) < cut) == compare_front_with_middle(f, m, middle_wins_ties=False)


@pytest.mark.parametrize("wheel", list(Wheel))
def test_evaluate_gives_the_readable_values(wheel: Wheel) -> None:
    """``tables.evaluate`` is ``hands.evaluate``: random hands, then every rank multiset, flush or not."""
    rng = random.Random(99)
    for _ in range(2000):
        hand = rng.sample(range(52), 5)
        assert evaluate(hand, wheel) == evaluate5(hand, wheel)
        assert evaluate(hand[:3], wheel) == evaluate3(hand[:3])
    # Seen twice, with other suits: the same value (suits other than a flush never matter).
    first, second = cards("Ah Kh Qh Jh 9h"), cards("As Ks Qs Js 9s")
    assert evaluate(first, wheel) == evaluate(second, wheel) == evaluate5(second, wheel)
    assert evaluate(cards("Ah Kd Qh Jh 9h"), wheel).category is Category.HIGH_CARD
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        spread = [make_card(rank, index % 4) for index, rank in enumerate(ranks)]  # never five of one suit
        assert evaluate(spread, wheel) == evaluate5(spread, wheel)
        if len(set(ranks)) == 5:
            suited = [make_card(rank, 2) for rank in ranks]
            assert evaluate(suited, wheel) == evaluate5(suited, wheel)


def test_evaluate_refuses_what_the_readable_one_refuses() -> None:
    with pytest.raises(ValueError, match="3 or 5 cards"):
        evaluate(cards("Ah Kd Qh Jh"), Wheel.LOWEST)
