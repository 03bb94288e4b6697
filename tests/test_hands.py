"""Hand evaluation against standard poker rules; every expected value is worked out by hand."""

from __future__ import annotations

from itertools import pairwise

import pytest

from cpspec.rules.cards import parse_card
from cpspec.rules.hands import (
    Category,
    HandValue,
    Wheel,
    compare,
    compare_front_with_middle,
    evaluate,
    evaluate3,
    evaluate5,
)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def ev(text: str, wheel: Wheel = Wheel.LOWEST) -> HandValue:
    return evaluate(cards(text), wheel)


def cmp(a: str, b: str, wheel: Wheel = Wheel.LOWEST) -> int:
    return compare(ev(a, wheel), ev(b, wheel))


# --- the nine 5-card categories ------------------------------------------------------

CATEGORY_EXAMPLES = [
    # strongest first
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH, "nine-high straight flush"),
    ("7c 7d 7h 7s 2d", Category.FOUR_OF_A_KIND, "four sevens"),
    ("Kc Kd Kh 4s 4d", Category.FULL_HOUSE, "full house, kings full of fours"),
    ("Ad Jd 8d 6d 2d", Category.FLUSH, "ace-high flush"),
    ("9c Td Jh Qs Kc", Category.STRAIGHT, "king-high straight"),
    ("5c 5d 5h Ks 2d", Category.THREE_OF_A_KIND, "three fives"),
    ("Jc Jd 4h 4s Ac", Category.TWO_PAIR, "two pair, jacks and fours"),
    ("6c 6d 8h 4s 2c", Category.PAIR, "pair of sixes"),
    ("Ac Qd 9h 6s 3c", Category.HIGH_CARD, "ace high"),
]


@pytest.mark.parametrize(("text", "category", "name"), CATEGORY_EXAMPLES)
def test_each_category_is_recognised_and_named(text: str, category: Category, name: str) -> None:
    value = ev(text)
    assert value.category is category
    assert value.size == 5
    assert value.name == name
    assert value.matches(category.id)
    assert not value.matches("royal_flush")


def test_categories_rank_in_the_standard_order() -> None:
    texts = [text for text, _, _ in CATEGORY_EXAMPLES]
    for higher, lower in pairwise(texts):
        assert cmp(higher, lower) == 1
        assert cmp(lower, higher) == -1


def test_lowest_hand_of_a_category_beats_highest_of_the_one_below() -> None:
    assert cmp("2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c") == 1  # pair of deuces > ace high
    assert cmp("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc") == 1  # lowest two pair > pair of aces
    assert cmp("2c 2d 2h 3s 4c", "Ac Ad Kh Ks Qc") == 1  # trips > aces up
    assert cmp("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qc") == 1  # wheel > three aces
    assert cmp("2c 3c 4c 5c 7c", "Ac Kd Qh Js Tc") == 1  # 7-high flush > broadway
    assert cmp("2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h") == 1  # full house > ace-high flush
    assert cmp("2c 2d 2h 2s 3c", "Ac Ad Ah Ks Kc") == 1  # quads > aces full
    assert cmp("Ac 2c 3c 4c 5c", "Ac Ad Ah As Kc") == 1  # steel wheel > four aces


def test_royal_flush() -> None:
    royal = ev("As Ks Qs Js Ts")
    assert royal.category is Category.STRAIGHT_FLUSH
    assert royal.matches("royal_flush")
    assert royal.matches("straight_flush")
    assert royal.name == "royal flush"
    assert cmp("As Ks Qs Js Ts", "Kh Qh Jh Th 9h") == 1
    # Broadway off-suit and a king-high straight flush are not royal.
    assert not ev("Ac Kd Qh Js Tc").matches("royal_flush")
    assert not ev("Kh Qh Jh Th 9h").matches("royal_flush")
    assert cmp("As Ks Qs Js Ts", "Ah Kh Qh Jh Th") == 0


# --- the wheel -----------------------------------------------------------------------

WHEEL = "Ac 2d 3h 4s 5c"
SIX_HIGH = "2c 3d 4h 5s 6c"
KING_HIGH = "9c Td Jh Qs Kc"
BROADWAY = "Ac Kd Qh Js Tc"


def test_wheel_is_a_five_high_straight() -> None:
    for wheel in Wheel:
        value = ev(WHEEL, wheel)
        assert value.category is Category.STRAIGHT
        assert value.wheel
        assert value.name == "five-high straight"
    assert not ev(SIX_HIGH).wheel


def test_wheel_lowest_is_the_lowest_straight() -> None:
    assert cmp(WHEEL, SIX_HIGH, Wheel.LOWEST) == -1
    assert cmp(WHEEL, KING_HIGH, Wheel.LOWEST) == -1
    assert cmp(WHEEL, BROADWAY, Wheel.LOWEST) == -1
    assert cmp(WHEEL, "5d 4h 3c 2s Ah", Wheel.LOWEST) == 0


def test_wheel_second_highest_sits_between_king_high_and_broadway() -> None:
    assert cmp(WHEEL, SIX_HIGH, Wheel.SECOND_HIGHEST) == 1
    assert cmp(WHEEL, KING_HIGH, Wheel.SECOND_HIGHEST) == 1
    assert cmp(WHEEL, BROADWAY, Wheel.SECOND_HIGHEST) == -1
    assert cmp(BROADWAY, KING_HIGH, Wheel.SECOND_HIGHEST) == 1
    assert cmp(KING_HIGH, SIX_HIGH, Wheel.SECOND_HIGHEST) == 1
    # The broadway is still named for its ace.
    assert ev(BROADWAY, Wheel.SECOND_HIGHEST).name == "ace-high straight"


def test_steel_wheel() -> None:
    steel = ev("Ah 2h 3h 4h 5h")
    assert steel.category is Category.STRAIGHT_FLUSH
    assert steel.wheel
    assert not steel.royal
    assert steel.name == "five-high straight flush"
    assert cmp("Ah 2h 3h 4h 5h", "2c 3c 4c 5c 6c", Wheel.LOWEST) == -1
    assert cmp("Ah 2h 3h 4h 5h", "9d Td Jd Qd Kd", Wheel.LOWEST) == -1
    assert cmp("Ah 2h 3h 4h 5h", "2c 3c 4c 5c 6c", Wheel.SECOND_HIGHEST) == 1
    assert cmp("Ah 2h 3h 4h 5h", "9d Td Jd Qd Kd", Wheel.SECOND_HIGHEST) == 1
    assert cmp("Ah 2h 3h 4h 5h", "As Ks Qs Js Ts", Wheel.SECOND_HIGHEST) == -1


def test_ace_cannot_sit_in_the_middle_of_a_straight() -> None:
    assert ev("Qc Kd Ah 2s 3c").category is Category.HIGH_CARD
    assert ev("Kc Ad 2h 3s 4c").category is Category.HIGH_CARD


# --- kickers -------------------------------------------------------------------------


def test_high_card_kickers_at_every_position() -> None:
    assert cmp("Ac Jd 9h 6s 4c", "Kd Qh Js 9c 8d") == 1  # 1st card
    assert cmp("Ac Qd 3h 4s 2c", "Ad Jh Ts 9c 7d") == 1  # 2nd card
    assert cmp("Ac Jd 9h 3s 2c", "Ad Jh 8s 7c 6d") == 1  # 3rd card
    assert cmp("Ac Jd 9h 6s 2c", "Ad Jh 9s 5c 4d") == 1  # 4th card
    assert cmp("Ac Jd 9h 6s 4c", "Ad Jh 9s 6c 3d") == 1  # 5th card
    assert cmp("Ac Jd 9h 6s 3c", "Ad Jh 9s 6c 4d") == -1


def test_pair_rank_then_each_kicker() -> None:
    assert cmp("Qc Qd 4h 3s 2c", "Jc Jd Ah Ks Qh") == 1  # pair rank first
    assert cmp("Qc Qd Ah 3s 2c", "Qh Qs Kd Jc Td") == 1  # 1st kicker
    assert cmp("Qc Qd Ah 9s 4c", "Qh Qs Ad 8c 7d") == 1  # 2nd kicker
    assert cmp("Qc Qd Ah 9s 5c", "Qh Qs Ad 9c 4d") == 1  # 3rd kicker
    assert cmp("Qc Qd Ah 9s 5c", "Qh Qs Ad 9c 5d") == 0


def test_two_pair_top_pair_second_pair_then_kicker() -> None:
    assert cmp("Kc Kd 3h 3s 2c", "Qc Qd Jh Js Ac") == 1
    assert cmp("Kc Kd 5h 5s 2c", "Kh Ks 4c 4d Ac") == 1
    assert cmp("Kc Kd 5h 5s 9c", "Kh Ks 5c 5d 8c") == 1
    assert cmp("Kc Kd 5h 5s 9c", "Kh Ks 5c 5d 9d") == 0


def test_trips_full_house_and_quads_rank_by_the_big_group() -> None:
    assert cmp("8c 8d 8h 3s 2c", "7c 7d 7h As Ks") == 1
    assert cmp("8c 8d 8h As 2c", "8c 8d 8h Ks Qc") == 1  # kickers (possible with more decks)
    assert cmp("3c 3d 3h 2s 2c", "2d 2h 2s Ac Ad") == 1
    assert cmp("9c 9d 9h 5s 5c", "9c 9d 9h 4s 4c") == 1
    assert cmp("5c 5d 5h 5s 2c", "4c 4d 4h 4s Ac") == 1
    assert cmp("5c 5d 5h 5s 3c", "5c 5d 5h 5s 2d") == 1


def test_flushes_and_straights_compare_by_their_cards() -> None:
    assert cmp("Ah Kh 9h 7h 5h", "As Ks 9s 7s 4s") == 1  # 5th card of a flush
    assert cmp("Kh Qh Jh 9h 7h", "As 5s 4s 3s 2s") == -1
    assert cmp("3c 4d 5h 6s 7c", SIX_HIGH) == 1
    assert cmp("Kd Qd Jd Td 9d", "Qc Jc Tc 9c 8c") == 1


def test_suits_never_break_ties() -> None:
    pairs = [
        ("Ah Kh Qh Jh 9h", "As Ks Qs Js 9s"),
        ("Ac Kd Qh Js 9c", "Ad Ks Qc Jh 9d"),
        ("Tc Td 8h 4s 2c", "Th Ts 8c 4d 2d"),
        ("9c Td Jh Qs Kc", "9s Tc Jd Qh Kd"),
        ("Ah 2h 3h 4h 5h", "As 2s 3s 4s 5s"),
    ]
    for a, b in pairs:
        assert compare(ev(a), ev(b)) == 0
        assert cmp(a, b) == 0


# --- 3-card fronts -------------------------------------------------------------------


def test_front_categories() -> None:
    assert ev("2c 2d 2h").category is Category.THREE_OF_A_KIND
    assert ev("Ac Ad Kc").category is Category.PAIR
    assert ev("Ah Kh Qh").category is Category.HIGH_CARD
    assert ev("Ah Kh Qh").name == "ace high"
    assert ev("2c 3c 4c").category is Category.HIGH_CARD  # no straights or flushes in front
    assert ev("Qs Qd Ac").name == "pair of queens"
    assert evaluate3(cards("5c 5d 5h")).size == 3


def test_front_order() -> None:
    assert cmp("2c 2d 2h", "Ac Ad Kc") == 1
    assert cmp("2c 2d 3h", "Ah Kh Qh") == 1
    assert cmp("Qs Qd Ac", "Qh Qc Kd") == 1  # kicker
    assert cmp("Ah Kh Qh", "As Kd Jc") == 1
    assert cmp("Ah Kh 3h", "As Kd 2c") == 1  # 3rd card
    assert cmp("Ah Kh Qh", "Ad Kc Qs") == 0  # the suited one is not a flush
    assert cmp("Ah Kh Qh", "Ad Ks 2c") == 1
    assert cmp("4c 3c 2c", "5d 3h 2s") == -1  # 2-3-4 is not a straight


def test_evaluate_rejects_other_sizes_and_compare_rejects_mixed_sizes() -> None:
    with pytest.raises(ValueError):
        ev("Ac Kd Qh Js")
    with pytest.raises(ValueError):
        compare(ev("Ac Kd Qh"), ev("Ac Kd Qh Js 9c"))
    assert evaluate5(cards("Ac Kd Qh Js 9c")).size == 5


# --- front against middle ------------------------------------------------------------


@pytest.mark.parametrize("middle_wins_ties", [False, True])
def test_front_pair_with_better_kicker_beats_middle(middle_wins_ties: bool) -> None:
    front, middle = ev("Qs Qd Ac"), ev("Qh Qc Kd 7s 2s")
    assert compare_front_with_middle(front, middle, middle_wins_ties) == 1


def test_front_equal_to_middle_top_cards_depends_on_the_tie_rule() -> None:
    front, middle = ev("Ah Kd Qc"), ev("As Kc Qd 3h 2c")
    assert compare_front_with_middle(front, middle, middle_wins_ties=False) == 0
    assert compare_front_with_middle(front, middle, middle_wins_ties=True) == -1


@pytest.mark.parametrize("middle_wins_ties", [False, True])
def test_front_against_middle_categories_and_ranks(middle_wins_ties: bool) -> None:
    def front_vs_middle(front: str, middle: str) -> int:
        return compare_front_with_middle(ev(front), ev(middle), middle_wins_ties)

    assert front_vs_middle("5c 5d 5h", "Ac Ad Kc Kd Qh") == 1  # trips > two pair
    assert front_vs_middle("Ac Ad Kh", "2c 2d 3h 3s 4c") == -1  # pair < two pair
    assert front_vs_middle("Jc Jd Ah", "Qc Qd 2h 3s 4c") == -1  # lower pair
    assert front_vs_middle("Qs Qd 2c", "Qh Qc 3d 7s 8s") == -1  # lower kicker
    assert front_vs_middle("Ac Kd 2h", "Qc Jd 9h 7s 5c") == 1  # higher first card
    assert front_vs_middle("2c 2d 3h", "Ac Kd Qh Js 9c") == 1  # pair > high card
    assert front_vs_middle("Ac Ad Ah", "2c 3d 4h 5s 6c") == -1  # trips < straight
