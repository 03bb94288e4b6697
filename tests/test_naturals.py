"""Naturals: every hand below was worked out by hand, with the reasoning in its comment."""

from __future__ import annotations

import pytest

from cpspec.rules.cards import Card, parse_card, rank_of, suit_of
from cpspec.rules.hands import Wheel, compare, evaluate5
from cpspec.rules.naturals import (
    NATURAL_KINDS,
    DetectionOptions,
    NaturalWitness,
    find_all,
    find_natural,
)

DEFAULT = DetectionOptions()
NO_STRAIGHT_FLUSHES = DetectionOptions(straight_flush_counts=False)
DISTINCT_SUITS = DetectionOptions(three_flushes_distinct_suits=True)

# Written out by hand: the ten 5-card straights, as rank letters.
FIVE_CARD_STRAIGHTS = [
    set(text) for text in ["A2345", "23456", "34567", "45678", "56789",
                           "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
]  # fmt: skip
RANK_LETTERS = "23456789TJQKA"


def cards(text: str) -> list[Card]:
    hand = [parse_card(t) for t in text.split()]
    assert len(set(hand)) == len(hand), "test hand repeats a card"
    return hand


def rank_letters(segment: tuple[Card, ...]) -> set[str]:
    return {RANK_LETTERS[rank_of(c)] for c in segment}


def holds(kind: str, text: str, options: DetectionOptions = DEFAULT) -> bool:
    return find_natural(kind, cards(text), options) is not None


def check_arrangement(witness: NaturalWitness, text: str, wheel: Wheel = Wheel.LOWEST) -> None:
    """A 3/5/5 witness uses exactly the hand's cards and puts the higher 5-card hand in back."""
    assert witness.front is not None
    assert witness.middle is not None
    assert witness.back is not None
    assert (len(witness.front), len(witness.middle), len(witness.back)) == (3, 5, 5)
    assert sorted(witness.front + witness.middle + witness.back) == sorted(cards(text))
    middle, back = evaluate5(witness.middle, wheel), evaluate5(witness.back, wheel)
    assert compare(middle, back) <= 0


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
        find_all(cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks"), DEFAULT)
    with pytest.raises(ValueError):
        find_all(cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac Ad"), DEFAULT)
    with pytest.raises(ValueError):
        find_all([*cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks"), parse_card("Ks")], DEFAULT)
    with pytest.raises(ValueError):
        find_natural("royal_dragon", cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"), DEFAULT)


# --- dragon --------------------------------------------------------------------------

DRAGON = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"


def test_dragon() -> None:
    witness = find_natural("dragon", cards(DRAGON), DEFAULT)
    assert witness is not None
    assert witness.kind == "dragon"
    assert (witness.front, witness.middle, witness.back) == (None, None, None)
    assert "13 different ranks" in witness.explanation


def test_dragon_near_miss_two_kings_no_ace() -> None:
    assert not holds("dragon", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc")


def test_a_dragon_is_also_three_straights_and_nothing_else() -> None:
    # 2-3-4 / 5-9 / T-A; no pairs; suits 4/3/3/3 cannot make 3/5/5.
    assert set(find_all(cards(DRAGON), DEFAULT)) == {"dragon", "three_straights"}


# --- six pairs -----------------------------------------------------------------------


def test_six_pairs() -> None:
    text = "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Ks Ac"
    witness = find_natural("six_pairs", cards(text), DEFAULT)
    assert witness is not None
    assert (witness.front, witness.middle, witness.back) == (None, None, None)
    assert "single A" in witness.explanation
    strict = DetectionOptions(quads_count_as_two_pairs=False, trips_count_as_pair=False)
    assert holds("six_pairs", text, strict)


def test_six_pairs_near_miss_five_pairs() -> None:
    assert not holds("six_pairs", "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Qs Ac")


def test_six_pairs_with_four_of_a_kind() -> None:
    # Four 4s + pairs of 7, 9, J, K + a single ace: six pairs only if quads are two pairs.
    text = "4c 4d 4h 4s 7c 7d 9h 9s Jc Jd Kh Ks Ac"
    assert holds("six_pairs", text, DetectionOptions(quads_count_as_two_pairs=True))
    assert not holds("six_pairs", text, DetectionOptions(quads_count_as_two_pairs=False))


def test_six_pairs_with_three_of_a_kind() -> None:
    # Three 4s + pairs of 7, 9, J, K, A: six pairs only if trips count as a pair.
    text = "4c 4d 4h 7s 7c 9d 9h Js Jc Kd Kh As Ac"
    witness = find_natural("six_pairs", cards(text), DetectionOptions(trips_count_as_pair=True))
    assert witness is not None
    assert "single 4" in witness.explanation
    assert not holds("six_pairs", text, DetectionOptions(trips_count_as_pair=False))


def test_six_pairs_with_quads_and_trips_needs_both_options() -> None:
    # Four 4s (2 pairs) + three 6s (1 pair) + pairs of 9, J, K = 6 pairs, single 6.
    text = "4c 4d 4h 4s 6c 6d 6h 9s 9c Jd Jh Ks Kc"
    assert holds("six_pairs", text, DEFAULT)
    assert not holds("six_pairs", text, DetectionOptions(quads_count_as_two_pairs=False))
    assert not holds("six_pairs", text, DetectionOptions(trips_count_as_pair=False))


def test_two_trips_are_not_six_pairs() -> None:
    # Three 4s + three 6s + pairs of 9, J, K + a single ace: at most five pairs.
    assert not holds("six_pairs", "4c 4d 4h 6s 6c 6d 9h 9s Jc Jd Kh Ks Ac")


# --- three straights -----------------------------------------------------------------


def test_three_straights_plain() -> None:
    # 2-3-4 front, 5-9 and T-A; other splits exist (A-2-3 / 4-8 / 9-K ...).
    witness = find_natural("three_straights", cards(DRAGON), DEFAULT)
    assert witness is not None
    check_straights(witness, DRAGON, ["234", "A23", "QKA", "JQK"])


# A, three 2s, three 3s, two each of 4, 5, 6: the ace fits only in an A-2-3 front
# (no Q, K or 4-5 left over for anything else), leaving 2-6 twice.
ACE_LOW_ONLY = "Ah 2c 2d 2h 3c 3d 3s 4c 4h 5d 5s 6c 6h"
# A, three Ks, three Qs, two each of J, T, 9: the ace fits only in a Q-K-A front, then 9-K twice.
ACE_HIGH_ONLY = "Ac Kc Kd Kh Qc Qd Qs Jh Js Th Ts 9c 9d"
# Two aces, two kings, two 2s, 3, 4, 5, 9, T, J, Q: only K-A-2 + A-5 + 9-K uses them all.
WRAPAROUND_ONLY = "Kc Ad 2h Ac 2c 3d 4h 5s 9d Th Js Qc Kd"


def test_ace_low_front() -> None:
    witness = find_natural("three_straights", cards(ACE_LOW_ONLY), DEFAULT)
    assert witness is not None
    check_straights(witness, ACE_LOW_ONLY, ["A23"])
    assert "A-2-3" in witness.explanation
    assert not holds(
        "three_straights", ACE_LOW_ONLY, DetectionOptions(front_straight_ace_low=False)
    )


def test_ace_high_front() -> None:
    witness = find_natural("three_straights", cards(ACE_HIGH_ONLY), DEFAULT)
    assert witness is not None
    check_straights(witness, ACE_HIGH_ONLY, ["QKA"])
    assert "Q-K-A" in witness.explanation
    no_ace_high = DetectionOptions(front_straight_ace_high=False)
    assert not holds("three_straights", ACE_HIGH_ONLY, no_ace_high)


def test_wraparound_front() -> None:
    assert not holds("three_straights", WRAPAROUND_ONLY, DEFAULT)
    wraparound = DetectionOptions(front_straight_wraparound=True)
    witness = find_natural("three_straights", cards(WRAPAROUND_ONLY), wraparound)
    assert witness is not None
    check_straights(witness, WRAPAROUND_ONLY, ["KA2"])
    assert "K-A-2" in witness.explanation


def test_three_straights_near_miss() -> None:
    # 2 through K with a second king and no ace: the two kings need two straights
    # holding a K (J-Q-K front, 9-K), but there is only one jack.
    assert not holds("three_straights", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc")


def test_forced_three_card_straight_flush_front() -> None:
    # Q, K, A once each and 2-6 twice: the king fits only in a Q-K-A front (no J, no 9,
    # no T), so the front must be Qh Kh Ah and the rest 2-6 twice.
    text = "Qh Kh Ah 2c 3d 4s 5c 6d 2d 3c 4d 5s 6s"
    assert holds("three_straights", text, DEFAULT)
    assert not holds("three_straights", text, NO_STRAIGHT_FLUSHES)


def test_forced_five_card_straight_flush() -> None:
    # A dragon splits as 2-3-4/5-9/T-A, A-2-3/4-8/9-K, Q-K-A/2-6/7-J or J-Q-K/A-5/6-T;
    # with A-9 in hearts each split has an all-heart segment.
    text = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Tc Jd Qs Kc"
    assert holds("three_straights", text, DEFAULT)
    assert not holds("three_straights", text, NO_STRAIGHT_FLUSHES)


def test_straight_flush_avoided_when_possible() -> None:
    # 2-3-4 / 5-9 / 5-9 or 7-8-9 / 2-6 / 5-9; 5h-9h could make a straight flush, but
    # the hearts can be shared between two segments.
    text = "2c 3d 4s 5h 6h 7h 8h 9h 5c 6d 7c 8d 9s"
    witness = find_natural("three_straights", cards(text), NO_STRAIGHT_FLUSHES)
    assert witness is not None
    check_straights(witness, text, ["234", "789"])
    for segment in (witness.front, witness.middle, witness.back):
        assert segment is not None
        assert len({suit_of(c) for c in segment}) > 1


@pytest.mark.parametrize(
    ("wheel", "back_ranks"), [(Wheel.LOWEST, set("23456")), (Wheel.SECOND_HIGHEST, set("A2345"))]
)
def test_back_is_the_higher_straight_under_the_wheel_rule(
    wheel: Wheel, back_ranks: set[str]
) -> None:
    # Q, K fit only in a Q-K-A front; the other ace makes A-5, leaving 2-6.
    text = "Qc Kd Ah As 2c 3d 4h 5s 2d 3h 4s 5c 6d"
    witness = find_natural("three_straights", cards(text), DEFAULT, wheel=wheel)
    assert witness is not None
    check_arrangement(witness, text, wheel)
    assert witness.back is not None
    assert rank_letters(witness.back) == back_ranks


# --- three flushes -------------------------------------------------------------------


def test_three_flushes_in_three_suits() -> None:
    text = "2c 5c 9c 3d 6d 8d Td Qd 4h 7h 9h Jh Kh"
    for options in (DEFAULT, DISTINCT_SUITS, NO_STRAIGHT_FLUSHES):
        witness = find_natural("three_flushes", cards(text), options)
        assert witness is not None
        check_flushes(witness, text)
        assert witness.front is not None
        assert {suit_of(c) for c in witness.front} == {suit_of(parse_card("2c"))}


def test_eight_of_one_suit_and_five_of_another() -> None:
    text = "2h 3h 4h 6h 8h Th Qh Ah 3s 5s 7s 9s Js"
    witness = find_natural("three_flushes", cards(text), DEFAULT)
    assert witness is not None
    check_flushes(witness, text)
    assert not holds("three_flushes", text, DISTINCT_SUITS)
    assert holds("three_flushes", text, NO_STRAIGHT_FLUSHES)


def test_ten_of_one_suit_and_three_of_another() -> None:
    text = "2c 3c 5c 6c 8c 9c Tc Qc Kc Ac 4d 7d Jd"
    witness = find_natural("three_flushes", cards(text), DEFAULT)
    assert witness is not None
    check_flushes(witness, text)
    assert not holds("three_flushes", text, DISTINCT_SUITS)


def test_thirteen_of_one_suit() -> None:
    text = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    assert set(find_all(cards(text), DEFAULT)) == {"dragon", "three_straights", "three_flushes"}
    assert not holds("three_flushes", text, DISTINCT_SUITS)
    # Straight flushes not allowed: no three straights (every segment is all spades),
    # but the spades can still be split into three non-straight flushes.
    assert set(find_all(cards(text), NO_STRAIGHT_FLUSHES)) == {"dragon", "three_flushes"}
    witness = find_natural("three_flushes", cards(text), NO_STRAIGHT_FLUSHES)
    assert witness is not None
    check_flushes(witness, text)
    assert witness.middle is not None and witness.back is not None
    assert rank_letters(witness.middle) not in FIVE_CARD_STRAIGHTS
    assert rank_letters(witness.back) not in FIVE_CARD_STRAIGHTS


def test_forced_straight_flush_in_three_flushes() -> None:
    # The five spades 9-K must form one segment, a straight flush.
    text = "2h 3h 4h 6h 8h Th Qh Ah 9s Ts Js Qs Ks"
    assert holds("three_flushes", text, DEFAULT)
    assert not holds("three_flushes", text, NO_STRAIGHT_FLUSHES)


def test_suited_three_card_straight_front_in_three_flushes() -> None:
    # The three diamonds Q-K-A must be the front: a 3-card straight flush when Q-K-A counts.
    text = "Qd Kd Ad 2c 4c 6c 8c Tc 3h 5h 7h 9h Jh"
    assert holds("three_flushes", text, DEFAULT)
    assert not holds("three_flushes", text, NO_STRAIGHT_FLUSHES)
    no_ace_high = DetectionOptions(straight_flush_counts=False, front_straight_ace_high=False)
    assert holds("three_flushes", text, no_ace_high)


def test_three_flushes_near_misses() -> None:
    assert not holds("three_flushes", "2c 4c 6c 8c 3d 5d 7d 9d 2h 4h 6h 8h Th")  # 4/4/5
    assert not holds("three_flushes", "2c 4c 6c 3d 5d 7d 9d Jd 2h 4h 6h 8h 3s")  # 3/5/4/1
    assert not holds("three_flushes", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d 3d")  # 11/2


# --- find_all ------------------------------------------------------------------------


def test_find_all_returns_kinds_in_order() -> None:
    text = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    found = find_all(cards(text), DEFAULT)
    assert list(found) == [k for k in NATURAL_KINDS if k in found]
    assert all(witness.kind == kind for kind, witness in found.items())


def test_an_ordinary_hand_holds_no_natural() -> None:
    assert find_all(cards("2c 2d 5h 7s 8c 9d Th Js Qc Kd Ah As 3c"), DEFAULT) == {}
