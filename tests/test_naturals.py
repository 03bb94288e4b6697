"""Naturals as conditions: every hand below was worked out by hand, with the reasoning in its comment."""

from __future__ import annotations

import pytest

from cpspec.rules.cards import RANKS, Card, parse_card, rank_of, suit_of
from cpspec.rules.hands import Wheel, compare, evaluate5
from cpspec.rules.model import NaturalConditions, NaturalHand, RankRange, RankSets, SegmentShapes
from cpspec.rules.naturals import NaturalWitness, compare_holdings, find_natural, holding_difference

# Written out by hand: the ten 5-card straights, as rank letters.
FIVE_CARD_STRAIGHTS = [
    set(text) for text in ["A2345", "23456", "34567", "45678", "56789",
                           "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
]  # fmt: skip


def natural(**requires: object) -> NaturalHand:
    return NaturalHand("n", "shape", 1, 1, "r", NaturalConditions(**requires))  # type: ignore[arg-type]


def straights(**options: bool) -> NaturalHand:
    return natural(segments=SegmentShapes("straight", **options))


def flushes(**options: bool) -> NaturalHand:
    return natural(segments=SegmentShapes("flush", **options))


def six_pairs(split_trips: bool = True, split_quads: bool = True) -> NaturalHand:
    return natural(rank_sets=RankSets(pairs=6, split_trips=split_trips, split_quads=split_quads))


DRAGON_NATURAL = natural(distinct_ranks=13)
NO_STRAIGHT_FLUSHES = {"straight_flush_counts": False}


def cards(text: str) -> list[Card]:
    hand = [parse_card(t) for t in text.split()]
    assert len(set(hand)) == len(hand), "test hand repeats a card"
    return hand


def rank_letters(segment: tuple[Card, ...]) -> set[str]:
    return {RANKS[rank_of(c)] for c in segment}


def holds(hand: NaturalHand, text: str, wheel: Wheel = Wheel.LOWEST) -> bool:
    return find_natural(hand, cards(text), wheel=wheel) is not None


def witness_of(hand: NaturalHand, text: str, wheel: Wheel = Wheel.LOWEST) -> NaturalWitness:
    witness = find_natural(hand, cards(text), wheel=wheel)
    assert witness is not None
    return witness


def check_arrangement(witness: NaturalWitness, text: str, wheel: Wheel = Wheel.LOWEST) -> None:
    """A 3/5/5 witness uses exactly the hand's cards and puts the higher 5-card hand in back."""
    assert witness.front is not None and witness.middle is not None and witness.back is not None
    assert (len(witness.front), len(witness.middle), len(witness.back)) == (3, 5, 5)
    assert sorted(witness.front + witness.middle + witness.back) == sorted(cards(text))
    assert compare(evaluate5(witness.middle, wheel), evaluate5(witness.back, wheel)) <= 0


def check_straights(witness: NaturalWitness, text: str, fronts: list[str]) -> None:
    check_arrangement(witness, text)
    assert witness.front is not None and witness.middle is not None and witness.back is not None
    assert rank_letters(witness.front) in [set(f) for f in fronts]
    assert rank_letters(witness.middle) in FIVE_CARD_STRAIGHTS
    assert rank_letters(witness.back) in FIVE_CARD_STRAIGHTS


def check_flushes(witness: NaturalWitness, text: str) -> None:
    check_arrangement(witness, text)
    for segment in (witness.front, witness.middle, witness.back):
        assert segment is not None
        assert len({suit_of(c) for c in segment}) == 1


# --- input checks --------------------------------------------------------------------


def test_rejects_hands_that_are_not_thirteen_distinct_cards() -> None:
    with pytest.raises(ValueError):
        find_natural(DRAGON_NATURAL, cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks"))
    with pytest.raises(ValueError):
        find_natural(DRAGON_NATURAL, cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac Ad"))
    with pytest.raises(ValueError):
        find_natural(DRAGON_NATURAL, [*cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks"), parse_card("Ks")])


# --- ranks: a dragon -----------------------------------------------------------------

DRAGON = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"


def test_dragon() -> None:
    witness = witness_of(DRAGON_NATURAL, DRAGON)
    assert witness.kind == "shape"
    assert (witness.front, witness.middle, witness.back) == (None, None, None)
    assert witness.explanation == "13 different ranks, deuce to ace"
    assert witness.compared == ()  # nothing to compare two dragons by


def test_dragon_near_miss_two_kings_no_ace() -> None:
    assert not holds(DRAGON_NATURAL, "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc")
    # twelve different ranks are enough for a natural that asks for twelve
    assert holds(natural(distinct_ranks=12), "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc")


def test_a_dragon_is_also_three_straights() -> None:
    # 2-3-4 / 5-9 / T-A is one split; suits 4/3/3/3 cannot make 3/5/5 flushes.
    assert holds(straights(), DRAGON)
    assert not holds(flushes(), DRAGON)


# --- suits and colours ---------------------------------------------------------------

CLUBS = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"


def test_thirteen_of_one_suit() -> None:
    assert witness_of(natural(one_suit=13), CLUBS).explanation == "13 clubs"
    # one card of another suit: twelve clubs, not thirteen
    twelve = CLUBS.replace("Ac", "Ad")
    assert not holds(natural(one_suit=13), twelve)
    assert witness_of(natural(one_suit=12), twelve).explanation == "12 clubs and 1 other"
    # a royal dragon: thirteen ranks and one suit, both
    royal = natural(distinct_ranks=13, one_suit=13)
    assert holds(royal, CLUBS) and not holds(royal, DRAGON) and not holds(royal, twelve)


def test_one_colour() -> None:
    # six clubs and seven spades are thirteen black cards
    black = "2c 4c 6c 8c Tc Qc 3s 5s 7s 9s Js Ks As"
    assert witness_of(natural(one_colour=13), black).explanation == "13 black cards"
    # a heart among them: twelve black, one red
    mixed = black.replace("As", "Ah")
    assert not holds(natural(one_colour=13), mixed)
    assert witness_of(natural(one_colour=12), mixed).explanation == "12 black cards and 1 of the other colour"
    # eleven black, two red: not twelve of one colour
    assert not holds(natural(one_colour=12), mixed.replace("Ks", "Kd"))
    # hearts and diamonds are red together
    assert holds(natural(one_colour=13), "2h 3h 4h 5h 6h 7h 8d 9d Td Jd Qd Kd Ad")


# --- rank ranges ---------------------------------------------------------------------

ALL_BIG = RankRange(6, 12, 13)  # 8 to A
ALL_SMALL = RankRange(0, 6, 13)  # 2 to 8


def test_all_big_edges() -> None:
    # 8 through A, the 8s included: every card from 8 to A
    big = "8c 8d 9h 9s Tc Jd Jh Qs Qc Kd Kh As Ac"
    assert witness_of(natural(rank_range=ALL_BIG), big).explanation == "every card from 8 to A"
    # a 7 in place of an 8: the range starts at 8
    assert not holds(natural(rank_range=ALL_BIG), big.replace("8c", "7c"))
    # from 9 to A, the 8s are outside
    assert not holds(natural(rank_range=RankRange(7, 12, 13)), big)
    # twelve of thirteen are enough where at_least is 12
    assert witness_of(natural(rank_range=RankRange(6, 12, 12)), big.replace("8c", "7c")).explanation == (
        "12 cards from 8 to A and 7")


def test_all_small_edges() -> None:
    small = "2c 2d 3h 3s 4c 5d 5h 6s 6c 7d 7h 8s 8c"
    assert holds(natural(rank_range=ALL_SMALL), small)
    # a 9 in place of an 8: the range ends at 8
    assert not holds(natural(rank_range=ALL_SMALL), small.replace("8c", "9c"))
    # ending at 7, the 8s are outside
    assert not holds(natural(rank_range=RankRange(0, 5, 13)), small)
    # an ace is high: never small
    assert not holds(natural(rank_range=ALL_SMALL), small.replace("8c", "Ac"))


def test_twelve_royals_both_readings() -> None:
    # four jacks, queens and kings (the twelve picture cards) and a deuce
    pictures = "Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks 2c"
    # "All 12 picture cards plus any 13th card": 12 cards from J to K
    assert holds(natural(rank_range=RankRange(9, 11, 12)), pictures)
    # "All 13 cards ... J-A": the deuce breaks it; an ace for it makes it
    assert not holds(natural(rank_range=RankRange(9, 12, 13)), pictures)
    assert holds(natural(rank_range=RankRange(9, 12, 13)), pictures.replace("2c", "Ac"))


# --- rank sets: six pairs and the others ---------------------------------------------


def test_six_pairs() -> None:
    text = "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Ks Ac"
    witness = witness_of(six_pairs(), text)
    assert (witness.front, witness.middle, witness.back) == (None, None, None)
    assert witness.explanation == "pairs of 2s, 5s, 7s, 9s, Js, Ks and a single A"
    assert holds(six_pairs(split_trips=False, split_quads=False), text)


def test_six_pairs_near_miss_five_pairs() -> None:
    assert not holds(six_pairs(), "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Qs Ac")


def test_six_pairs_with_four_of_a_kind() -> None:
    # Four 4s + pairs of 7, 9, J, K + a single ace: six pairs only if quads may be divided.
    text = "4c 4d 4h 4s 7c 7d 9h 9s Jc Jd Kh Ks Ac"
    witness = witness_of(six_pairs(split_trips=False), text)
    assert witness.explanation == "pairs of 4s, 4s, 7s, 9s, Js, Ks and a single A (four 4s count as two pairs)"
    assert not holds(six_pairs(split_quads=False), text)


def test_six_pairs_with_three_of_a_kind() -> None:
    # Three 4s + pairs of 7, 9, J, K, A: six pairs only if trips may be divided.
    text = "4c 4d 4h 7s 7c 9d 9h Js Jc Kd Kh As Ac"
    witness = witness_of(six_pairs(split_quads=False), text)
    assert "single 4" in witness.explanation and "three 4s count as a pair and a single" in witness.explanation
    assert not holds(six_pairs(split_trips=False), text)


def test_six_pairs_with_quads_and_trips_needs_both_options() -> None:
    # Four 4s (2 pairs) + three 6s (1 pair) + pairs of 9, J, K = 6 pairs, single 6.
    text = "4c 4d 4h 4s 6c 6d 6h 9s 9c Jd Jh Ks Kc"
    assert holds(six_pairs(), text)
    assert not holds(six_pairs(split_quads=False), text)
    assert not holds(six_pairs(split_trips=False), text)


def test_two_trips_are_not_six_pairs() -> None:
    # Three 4s + three 6s + pairs of 9, J, K + a single ace: at most five pairs (one single left for a trips).
    assert not holds(six_pairs(), "4c 4d 4h 6s 6c 6d 9h 9s Jc Jd Kh Ks Ac")


FOUR_TRIPS = natural(rank_sets=RankSets(trips=4, split_quads=True))


def test_four_trips() -> None:
    text = "3c 3d 3h 8c 8d 8h Tc Td Th Ac Ad Ah 7c"
    assert witness_of(FOUR_TRIPS, text).explanation == "trips of 3s, 8s, Ts, As and a single 7"
    # four 3s count as three and a single (the Wikipedia reading) only where quads may be divided
    quads = "3c 3d 3h 3s 6c 6d 6h Tc Td Th Ac Ad Ah"
    assert "four 3s count as three of a kind and a single" in witness_of(FOUR_TRIPS, quads).explanation
    assert not holds(natural(rank_sets=RankSets(trips=4)), quads)
    # three trips and two pairs: not four trips
    assert not holds(FOUR_TRIPS, "3c 3d 3h 8c 8d 8h Tc Td Th Ac Ad 7h 7c")


def test_three_quads_and_five_pairs_with_trips() -> None:
    three_quads = natural(rank_sets=RankSets(quads=3))
    assert holds(three_quads, "8c 8d 8h 8s Tc Td Th Ts Ac Ad Ah As Kh")
    assert not holds(three_quads, "8c 8d 8h 8s Tc Td Th Ts Ac Ad Ah Ks Kh")  # two quads
    five_and_three = natural(rank_sets=RankSets(trips=1, pairs=5))
    assert holds(five_and_three, "2c 2d 2h 5c 5d 7h 7s 9c 9d Jh Js Kc Kd")
    assert not holds(five_and_three, "2c 2d 4h 5c 5d 7h 7s 9c 9d Jh Js Kc Kd")  # five pairs, no trips
    assert not holds(five_and_three, "2c 2d 2h 5c 5d 7h 7s 9c 9d Jh Js Kc Ad")  # trips and four pairs
    # four 2s as two pairs with three 5s and pairs of 7, 9, J: only if quads may be divided
    quads = "2c 2d 2h 2s 5c 5d 5h 7c 7d 9c 9d Jh Js"
    assert not holds(five_and_three, quads)
    assert holds(natural(rank_sets=RankSets(trips=1, pairs=5, split_quads=True)), quads)


# --- three straights -----------------------------------------------------------------


def test_three_straights_plain_takes_the_best_setting() -> None:
    # Every split of a dragon: 2-3-4/5-9/T-A, 7-8-9/2-6/T-A, A-2-3/4-8/9-K, Q-K-A/2-6/7-J, J-Q-K/A-5/6-T...
    # The best back is T-A (ace high), and with it 5-9 beats 2-6 in the middle: 2-3-4 / 5-9 / T-A.
    witness = witness_of(straights(), DRAGON)
    check_straights(witness, DRAGON, ["234"])
    assert witness.explanation == "3-card straight 2-3-4, then nine-high straight and ace-high straight"


# A, three 2s, three 3s, two each of 4, 5, 6: the ace fits only in an A-2-3 front
# (no Q, K or 4-5 left over for anything else), leaving 2-6 twice.
ACE_LOW_ONLY = "Ah 2c 2d 2h 3c 3d 3s 4c 4h 5d 5s 6c 6h"
# A, three Ks, three Qs, two each of J, T, 9: the ace fits only in a Q-K-A front, then 9-K twice.
ACE_HIGH_ONLY = "Ac Kc Kd Kh Qc Qd Qs Jh Js Th Ts 9c 9d"
# Two aces, two kings, two 2s, 3, 4, 5, 9, T, J, Q: only K-A-2 + A-5 + 9-K uses them all.
WRAPAROUND_ONLY = "Kc Ad 2h Ac 2c 3d 4h 5s 9d Th Js Qc Kd"


def test_ace_low_front() -> None:
    witness = witness_of(straights(), ACE_LOW_ONLY)
    check_straights(witness, ACE_LOW_ONLY, ["A23"])
    assert "A-2-3" in witness.explanation
    assert not holds(straights(front_ace_low=False), ACE_LOW_ONLY)


def test_ace_high_front() -> None:
    witness = witness_of(straights(), ACE_HIGH_ONLY)
    check_straights(witness, ACE_HIGH_ONLY, ["QKA"])
    assert "Q-K-A" in witness.explanation
    assert not holds(straights(front_ace_high=False), ACE_HIGH_ONLY)


def test_wraparound_front() -> None:
    assert not holds(straights(), WRAPAROUND_ONLY)
    witness = witness_of(straights(front_wraparound=True), WRAPAROUND_ONLY)
    check_straights(witness, WRAPAROUND_ONLY, ["KA2"])
    assert "K-A-2" in witness.explanation


def test_three_straights_near_miss() -> None:
    # 2 through K with a second king and no ace: the two kings need two straights
    # holding a K (J-Q-K front, 9-K), but there is only one jack.
    assert not holds(straights(), "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc")


def test_forced_three_card_straight_flush_front() -> None:
    # Q, K, A once each and 2-6 twice: the king fits only in a Q-K-A front (no J, no 9,
    # no T), so the front must be Qh Kh Ah and the rest 2-6 twice.
    text = "Qh Kh Ah 2c 3d 4s 5c 6d 2d 3c 4d 5s 6s"
    assert holds(straights(), text)
    assert not holds(straights(**NO_STRAIGHT_FLUSHES), text)


def test_forced_five_card_straight_flush() -> None:
    # A dragon splits as 2-3-4/5-9/T-A, A-2-3/4-8/9-K, Q-K-A/2-6/7-J or J-Q-K/A-5/6-T (and 7-8-9/2-6/T-A);
    # with A-9 in hearts each split has an all-heart segment.
    text = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Tc Jd Qs Kc"
    assert holds(straights(), text)
    assert not holds(straights(**NO_STRAIGHT_FLUSHES), text)


def test_straight_flush_avoided_when_possible() -> None:
    # 2-3-4 / 5-9 / 5-9 or 7-8-9 / 2-6 / 5-9; 5h-9h could make a straight flush, but
    # the hearts can be shared between two segments.
    text = "2c 3d 4s 5h 6h 7h 8h 9h 5c 6d 7c 8d 9s"
    witness = witness_of(straights(**NO_STRAIGHT_FLUSHES), text)
    check_straights(witness, text, ["234", "789"])
    for segment in (witness.front, witness.middle, witness.back):
        assert segment is not None
        assert len({suit_of(c) for c in segment}) > 1
    # where straight flushes count, the best setting makes one: 5h-9h in the back
    best = witness_of(straights(), text)
    assert best.back is not None and {suit_of(c) for c in best.back} == {suit_of(parse_card("5h"))}


@pytest.mark.parametrize(
    ("wheel", "back_ranks"), [(Wheel.LOWEST, set("23456")), (Wheel.SECOND_HIGHEST, set("A2345"))]
)
def test_back_is_the_higher_straight_under_the_wheel_rule(wheel: Wheel, back_ranks: set[str]) -> None:
    # Q, K fit only in a Q-K-A front; the other ace makes A-5, leaving 2-6.
    text = "Qc Kd Ah As 2c 3d 4h 5s 2d 3h 4s 5c 6d"
    witness = witness_of(straights(), text, wheel)
    check_arrangement(witness, text, wheel)
    assert witness.back is not None
    assert rank_letters(witness.back) == back_ranks


THREE_STRAIGHT_FLUSHES = natural(segments=SegmentShapes("straight_flush"))


def test_three_straight_flushes() -> None:
    # Wikipedia's picture: A-2-3 of diamonds, T-A of hearts, T-A of spades
    text = "Ad 2d 3d Th Jh Qh Kh Ah Ts Js Qs Ks As"
    witness = witness_of(THREE_STRAIGHT_FLUSHES, text)
    check_flushes(witness, text)
    assert witness.explanation == "3-card straight flush A-2-3, then royal flush and royal flush"
    # the same ranks with the front's 3 a club: still three straights, not three straight flushes
    broken = text.replace("3d", "3c")
    assert holds(straights(), broken) and not holds(THREE_STRAIGHT_FLUSHES, broken)
    # thirteen clubs split A-2-3 / 4-8 / 9-K or 2-3-4 / 5-9 / T-A, all straight flushes
    assert holds(THREE_STRAIGHT_FLUSHES, CLUBS)


# --- three flushes -------------------------------------------------------------------


def test_three_flushes_in_three_suits() -> None:
    text = "2c 5c 9c 3d 6d 8d Td Qd 4h 7h 9h Jh Kh"
    for options in ({}, {"distinct_suits": True}, NO_STRAIGHT_FLUSHES):
        witness = witness_of(flushes(**options), text)
        check_flushes(witness, text)
        assert witness.front is not None
        assert {suit_of(c) for c in witness.front} == {suit_of(parse_card("2c"))}


def test_eight_of_one_suit_and_five_of_another() -> None:
    text = "2h 3h 4h 6h 8h Th Qh Ah 3s 5s 7s 9s Js"
    witness = witness_of(flushes(), text)
    check_flushes(witness, text)
    # the best back: the hearts' A-Q-T-8-6; the spades J-9-7-5-3 beat what the hearts have left
    assert witness.back is not None and rank_letters(witness.back) == set("AQT86")
    assert not holds(flushes(distinct_suits=True), text)
    assert holds(flushes(**NO_STRAIGHT_FLUSHES), text)


def test_ten_of_one_suit_and_three_of_another() -> None:
    text = "2c 3c 5c 6c 8c 9c Tc Qc Kc Ac 4d 7d Jd"
    check_flushes(witness_of(flushes(), text), text)
    assert not holds(flushes(distinct_suits=True), text)


def test_thirteen_of_one_suit_flushes() -> None:
    text = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    assert holds(flushes(), text) and holds(straights(), text)
    assert not holds(flushes(distinct_suits=True), text)
    # Straight flushes not allowed: no three straights (every segment is all spades),
    # but the spades can still be split into three non-straight flushes.
    assert not holds(straights(**NO_STRAIGHT_FLUSHES), text)
    witness = witness_of(flushes(**NO_STRAIGHT_FLUSHES), text)
    check_flushes(witness, text)
    assert witness.middle is not None and witness.back is not None
    assert rank_letters(witness.middle) not in FIVE_CARD_STRAIGHTS
    assert rank_letters(witness.back) not in FIVE_CARD_STRAIGHTS


def test_forced_straight_flush_in_three_flushes() -> None:
    # The five spades 9-K must form one segment, a straight flush.
    text = "2h 3h 4h 6h 8h Th Qh Ah 9s Ts Js Qs Ks"
    assert holds(flushes(), text)
    assert not holds(flushes(**NO_STRAIGHT_FLUSHES), text)


def test_suited_three_card_straight_front_in_three_flushes() -> None:
    # The three diamonds Q-K-A must be the front: a 3-card straight flush when Q-K-A counts.
    text = "Qd Kd Ad 2c 4c 6c 8c Tc 3h 5h 7h 9h Jh"
    assert holds(flushes(), text)
    assert not holds(flushes(**NO_STRAIGHT_FLUSHES), text)
    assert holds(flushes(straight_flush_counts=False, front_ace_high=False), text)


def test_three_flushes_near_misses() -> None:
    assert not holds(flushes(), "2c 4c 6c 8c 3d 5d 7d 9d 2h 4h 6h 8h Th")  # 4/4/5
    assert not holds(flushes(), "2c 4c 6c 3d 5d 7d 9d Jd 2h 4h 6h 8h 3s")  # 3/5/4/1
    assert not holds(flushes(), "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d 3d")  # 11/2


# --- several conditions --------------------------------------------------------------


def test_every_condition_must_hold() -> None:
    # all big and all black: 8-A in clubs and spades
    both = natural(rank_range=ALL_BIG, one_colour=13)
    black_big = "8c 9c Tc Jc Qc Kc Ac 8s 9s Ts Js Qs Ks"
    witness = witness_of(both, black_big)
    assert witness.explanation == "13 black cards; every card from 8 to A"
    assert not holds(both, black_big.replace("Ks", "Kh"))  # big, but a red card
    assert not holds(both, black_big.replace("Ks", "7s"))  # black, but a 7


def test_an_ordinary_hand_holds_nothing() -> None:
    ordinary = "2c 2d 5h 7s 8c 9d Th Js Qc Kd Ah As 3c"
    for hand in (DRAGON_NATURAL, six_pairs(), straights(), flushes(), THREE_STRAIGHT_FLUSHES, FOUR_TRIPS,
                 natural(one_suit=13), natural(one_colour=12), natural(rank_range=ALL_BIG)):
        assert not holds(hand, ordinary), hand


# --- two holdings of one natural ------------------------------------------------------


def test_six_pairs_compare_by_the_highest_pair_then_the_next() -> None:
    # aces and kings high against aces and queens: the second pair decides
    a = witness_of(six_pairs(), "Ac Ad Kc Kd 5c 5d 6h 6s 7c 7d 9h 9s 2c")
    b = witness_of(six_pairs(), "Ah As Qh Qs 5h 5s 6c 6d 7h 7s 9c 9d 2d")
    assert compare_holdings(a, b) == 1 and compare_holdings(b, a) == -1
    assert holding_difference(a, b) == "second pair: Ks against Qs"
    # the odd card is not compared: the same six pairs with another single are equal
    c = witness_of(six_pairs(), "Ah As Kh Ks 5h 5s 6c 6d 7h 7s 9c 9d 3d")
    assert compare_holdings(a, c) == 0


def test_three_straights_compare_back_then_middle_then_front() -> None:
    # back T-A for both; middle 5-9 against 4-8: the middle decides
    a = witness_of(straights(), "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    b = witness_of(straights(), "2d 3h 4c 4s 5h 6d 7h 8c Th Jc Qd Kh Ad")
    assert holding_difference(a, b) == "middle: nine-high straight against eight-high straight"
    assert compare_holdings(a, b) == 1
