"""The English Harbour Western and Eastern rulesets (source 002) and the 2020 chart (source 004).

Every expected number below was worked out by hand from the source text (and, where the
source is silent, from the reading the ruleset records); the derivation is in the
comment above each assertion. Each test names the rules it exercises with ``@covers``;
the last tests check that every rule of the three rulesets that quotes a source is
exercised by at least one scored deal.
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from conftest import EXAMPLES, example_deal, matchup, player, ruleset, score
from cpspec.cli import main
from cpspec.errors import CpspecError
from cpspec.protocol.server import serve

WESTERN = "english-harbour-western"
EASTERN = "english-harbour-eastern"
CHART = "chart-2020"
BOTH_EH = (WESTERN, EASTERN)

COVERED: set[str] = set()
Test = TypeVar("Test", bound=Callable[..., None])


def covers(*rule_refs: str) -> Callable[[Test], Test]:
    """Record the ``ruleset:rule`` references a test exercises; ``eh:`` means both English Harbour rulesets."""

    def mark(test: Test) -> Test:
        for ref in rule_refs:
            prefix, rule_id = ref.split(":")
            if prefix == "eh":
                COVERED.update({f"{WESTERN}:ehw-{rule_id}", f"{EASTERN}:ehe-{rule_id}"})
            else:
                COVERED.add(ref)
        return test

    return mark


def natural(seat: str, natural_id: str, cards: str) -> dict[str, Any]:
    return {"seat": seat, "declare": "natural", "natural": natural_id, "cards": cards.split()}


def surrender(seat: str) -> dict[str, Any]:
    return {"seat": seat, "declare": "surrender"}


def ad_players() -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = example_deal("english-harbour-a-d.yaml")["players"]
    return copy.deepcopy(players)


def points(out: dict[str, Any], a: str, b: str) -> int:
    """What ``a`` nets from ``b``."""
    net: int = matchup(out, a, b)["points"][a]
    return net


# --- two-player hands, worked out by hand ------------------------------------------------
# A: front Ah Kh 2c (ace-king high) | middle 5s 5h 9c 8d 3s (fives, 9 8 3) | back Ts Jd Qh Kd Ac (ace-high straight)
# B's front As Qc 2d (ace-queen high) loses to A's: the king beats the queen.
A_PLAIN = player("A", "Ah Kh 2c | 5s 5h 9c 8d 3s | Ts Jd Qh Kd Ac")
# B ties the middle (fives, 9 8 3) and the back (ace-high straight): A wins 1 segment, ties 2.
B_TIES_TWO = player("B", "As Qc 2d | 5c 5d 9d 8c 3h | Tc Jc Qs Ks Ad")
# B's middle fives, 9 8 2 loses to A's 9 8 3; back tied: A wins 2, ties 1.
B_LOSES_TWO_TIES_ONE = player("B", "As Qc 2d | 5c 5d 9d 8c 2h | Tc Jc Qs Ks Ad")
# B's middle fives, 9 8 4 beats A's 9 8 3; back tied: A wins front, B middle, back tied.
B_SPLITS_WITH_A_TIE = player("B", "As Qc 2d | 5c 5d 9d 8c 4h | Tc Jc Qs Ks Ad")
# B's back tens full of fours beats A's straight; middle fives 9 8 2 loses: A wins front and middle, B the back.
B_WINS_BACK_ONLY = player("B", "As Qc 2d | 5c 5d 9d 8c 2h | Tc Td Th 4s 4d")
# B's back king-high straight loses to A's ace-high straight; middle 9 8 2 loses: A sweeps.
B_SWEPT = player("B", "As Qc 2d | 5c 5d 9d 8c 2h | 9h Tc Jc Qs Ks")

# Four kings in the back (the source's K K K K 5 against 9 9 9 9 3).
A_KINGS = player("A", "Ah Qh 2c | 6s 6h Jd 8d 3s | Kc Kd Ks Kh 5c")
B_NINES_LOSING_FRONT_MIDDLE = player("B", "As Jc 2d | 6c 6d Jh 8c 2h | 9c 9d 9h 9s 3c")
# The same cards with fronts and middles exchanged: B wins front (A-Q over A-J) and middle (6s, J 8 3 over J 8 2).
A_KINGS_LOSING_FRONT_MIDDLE = player("A", "As Jc 2d | 6c 6d Jh 8c 2h | Kc Kd Ks Kh 5c")
B_NINES_WINNING_FRONT_MIDDLE = player("B", "Ah Qh 2c | 6s 6h Jd 8d 3s | 9c 9d 9h 9s 3c")

# Four kings in the back against a full house: A wins front (A-Q over A-J), middle (fives 9 8 3 over 9 8 2),
# back (four of a kind over a full house, a different category, so no doubling).
A_QUADS = player("A", "Ah Qh 2c | 5s 5h 9c 8d 3s | Kc Kd Ks Kh 4c")
B_FULL_HOUSE = player("B", "As Jc 2d | 5c 5d 9d 8c 2h | Tc Td Th 7s 7d")
# B's front, a pair of aces, is higher than its middle, a pair of fives: a foul.
B_FOULED = player("B", "As Ad Jc | 5c 5d 9d 8c 2h | Tc Td Th 7s 7d")

DRAGON = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"  # thirteen ranks: the complete straight
SIX_PAIRS = "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c"  # pairs of 2s to 7s and the 8c
THREE_FLUSHES = "Ah Kh Qh 2s 4s 6s 8s Ts 9c Jc Qc Kc Ac"  # three hearts, five spades, five clubs
# Dealt beside DRAGON and SIX_PAIRS: front 2s 3s 5h five high | middle nines | back tens full of eights.
C_BESIDE_DRAGON = player("C", "2s 3s 5h | 9c 9d 4s 6s 7s | Td Th Ts 8d 8s")
# Dealt beside SIX_PAIRS and THREE_FLUSHES: front 4 high | middle nines | back tens full of jacks.
C_BESIDE_FLUSHES = player("C", "2c 3d 4h | 9d 9h 5h 6c 7d | Td Th Tc Jd Jh")


# --- Western -------------------------------------------------------------------------------


@covers(f"{WESTERN}:ehw-a-d-example", f"{WESTERN}:ehw-majority-point", f"{WESTERN}:ehw-version",
        f"{WESTERN}:ehw-comparisons", f"{WESTERN}:ehw-stakes", f"{WESTERN}:ehw-disconnection")
def test_western_scores_the_a_d_example_with_the_majority_point() -> None:
    # The example's segments (002, and examples/english-harbour-a-d.yaml): one unit a segment, and under Western
    # one more for two or three segments won:
    #   A v B: A wins all three          -> 3 + 1 = A +4
    #   A v C: A the back, C two         -> C: 2 - 1 + 1 = C +2
    #   A v D: D the back, A two         -> A +2
    #   B v C: C wins all three          -> C +4
    #   B v D: D back and front, B middle-> D +2
    #   C v D: C middle and front, D back-> C +2
    # Totals: A 4 - 2 + 2 = +4; B -4 - 4 - 2 = -10; C 2 + 4 + 2 = +8; D -2 + 2 - 2 = -2.
    # (ehw-disconnection and ehw-stakes: a hand is scored as set, in units; nothing else is recorded.)
    out = score(WESTERN, ad_players())
    assert out["totals"] == {"A": 4, "B": -10, "C": 8, "D": -2}
    assert points(out, "A", "B") == 4 and matchup(out, "A", "B")["overall"] == "A"
    assert points(out, "C", "A") == 2 and matchup(out, "A", "C")["overall"] == "C"
    assert points(out, "D", "B") == 2
    # Each pair once, in seating order.
    assert [m["seats"] for m in out["matchups"]] == [
        ["A", "B"], ["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"], ["C", "D"]]


@covers(f"{WESTERN}:ehw-majority-point")
@pytest.mark.parametrize(("b", "expected", "why"), [
    (B_WINS_BACK_ONLY, 2, "2 of 3: 2 - 1 + 1 = +2, as the source says"),
    (B_SWEPT, 4, "sweep: 3 + 1"),
    (B_TIES_TWO, 1, "one won, two tied: one of three is no majority, so 1"),
    (B_LOSES_TWO_TIES_ONE, 3, "two won, one tied: 2 + 1"),
    (B_SPLITS_WITH_A_TIE, 0, "one won, one lost, one tied: 1 - 1, nobody has a majority"),
])
def test_western_majority_point(b: dict[str, Any], expected: int, why: str) -> None:
    out = score(WESTERN, [A_PLAIN, b])
    assert out["totals"] == {"A": expected, "B": -expected}, why


@covers(f"{EASTERN}:ehe-no-majority-point", f"{EASTERN}:ehe-version", f"{EASTERN}:ehe-comparisons",
        f"{EASTERN}:ehe-stakes", f"{EASTERN}:ehe-disconnection")
@pytest.mark.parametrize(("b", "expected", "why"), [
    (B_WINS_BACK_ONLY, 1, "2 of 3 with no bonus hand: 2 - 1 = +1, as the source says"),
    (B_SWEPT, 3, "sweep with no bonus hand: 3"),
    (B_TIES_TWO, 1, "one won, two tied"),
])
def test_eastern_has_no_majority_point(b: dict[str, Any], expected: int, why: str) -> None:
    out = score(EASTERN, [A_PLAIN, b])
    assert out["totals"] == {"A": expected, "B": -expected}, why
    assert all(m["overall"] is None for m in out["matchups"])


@covers(f"{EASTERN}:ehe-a-d-example")
def test_eastern_keeps_the_a_d_example_totals() -> None:
    # No winning segment of the example holds a bonus hand (trips and pairs only), so Eastern scores it
    # one unit a segment: "Totaling everything; A gains 3, B loses 7, C gains 5 and D loses 1."
    out = score(EASTERN, ad_players())
    assert out["totals"] == {"A": 3, "B": -7, "C": 5, "D": -1}
    assert points(out, "A", "B") == 3  # "A wins 3 units from B."
    assert points(out, "C", "A") == 1  # "C wins 1unit from A."


# --- Eastern bonus hands -------------------------------------------------------------------


@covers(f"{EASTERN}:ehe-bonus-hands", f"{EASTERN}:ehe-bonus-four-of-a-kind")
def test_eastern_back_quads_sweep_wins_6() -> None:
    # "if a player wins all 3 hands with a 4-of-a-Kind in the back, he wins 6 units": front 1 + middle 1 + the
    # back's bonus 4 instead of its unit (B's full house is another category, so no doubling).
    out = score(EASTERN, [A_QUADS, B_FULL_HOUSE])
    assert out["totals"] == {"A": 6, "B": -6}
    bonus = [c for c in matchup(out, "A", "B")["credits"] if c["kind"] == "bonus"]
    assert [(c["segment"], c["points"], c["rule"]) for c in bonus] == [("back", 4, "ehe-bonus-four-of-a-kind")]
    # Western pays no bonus: 3 segments + the majority point = 4.
    assert score(WESTERN, [A_QUADS, B_FULL_HOUSE])["totals"] == {"A": 4, "B": -4}


@covers(f"{EASTERN}:ehe-bonus-doubles", f"{EASTERN}:ehe-bonus-four-of-a-kind")
def test_eastern_bonus_doubles_against_the_same_kind() -> None:
    # "player A's back hand is K K K K 5 and Player B's is 9 9 9 9 3 , Player A earns a bonus of 8 units, not 4."
    # With A also winning front (A-Q over A-J) and middle (sixes, J 8 3 over J 8 2): 1 + 1 + 8 = 10.
    out = score(EASTERN, [A_KINGS, B_NINES_LOSING_FRONT_MIDDLE])
    assert out["totals"] == {"A": 10, "B": -10}
    # B wins front and middle (1 + 1), A the back (8): A nets 8 - 2 = +6.
    out = score(EASTERN, [A_KINGS_LOSING_FRONT_MIDDLE, B_NINES_WINNING_FRONT_MIDDLE])
    assert out["totals"] == {"A": 6, "B": -6}
    assert matchup(out, "A", "B")["segments"] == {"front": "B", "middle": "B", "back": "A"}
    # The same deal under Western: B wins two segments, so B nets 2 - 1 + 1 = +2.
    assert score(WESTERN, [A_KINGS_LOSING_FRONT_MIDDLE, B_NINES_WINNING_FRONT_MIDDLE])["totals"] == {"A": -2, "B": 2}


@covers(f"{EASTERN}:ehe-bonus-front-trips", f"{EASTERN}:ehe-bonus-middle-full-house",
        f"{EASTERN}:ehe-bonus-straight-flush", f"{EASTERN}:ehe-bonus-hands")
def test_eastern_adopted_bonus_hands_and_a_losing_bonus_hand() -> None:
    # North/East/South/West of the chart deal below, seated A, B, C, D:
    #   A: front trips queens | middle eights full | back four aces
    #   B: front pair of kings | middle king-high straight | back 7-high straight flush
    # A v B: A front (trips, 3), A middle (full house, 2), B back (straight flush over quads, 5; A's quads lose
    # and earn nothing; different categories, no doubling): A 5, B 5, net 0.
    # A v C (C: 6 high | two pair | three jacks): A 3 + 2 + 4 = +9.
    # B v C: B front pair 1, middle straight 1, back straight flush 5 = +7.
    out = score(EASTERN, [dict(p, seat=s) for p, s in zip(CHART_BONUS_DEAL[:3], "ABC", strict=True)])
    assert points(out, "A", "B") == 0
    assert points(out, "A", "C") == 9
    assert points(out, "B", "C") == 7
    assert out["totals"] == {"A": 9, "B": 7, "C": -16}


# --- Clean Sweeps (both English Harbour rulesets) -----------------------------------------


@covers("eh:clean-sweeps", "eh:complete-straight", "eh:six-pairs", "eh:clean-sweeps-meeting",
        "eh:clean-sweep-declaration")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_higher_clean_sweep_collects_its_full_value(ruleset_id: str) -> None:
    # A complete straight (13) meets six pairs (3): "the hands of higher rank wins the total unit value for that
    # hand; the value for the lower ranking Clean Sweep hand won't be subtracted" -> A takes 13 from B, not 10.
    # A v C: 13. B v C: six pairs collect 3.
    # Totals: A 13 + 13 = +26; B -13 + 3 = -10; C -13 - 3 = -16.
    out = score(ruleset_id, [natural("A", "complete-straight", DRAGON), natural("B", "six-pairs", SIX_PAIRS),
                             C_BESIDE_DRAGON])
    assert out["totals"] == {"A": 26, "B": -10, "C": -16}
    assert points(out, "A", "B") == 13


@covers("eh:clean-sweeps", "eh:three-flushes", "eh:six-pairs", "eh:clean-sweeps-meeting")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_equal_clean_sweeps_push_and_both_collect(ruleset_id: str) -> None:
    # Six pairs and three flushes share one rank (both 3 units): "they tie. No money is exchanged between these 2
    # players, but instead they collect from the others." A v B 0; A v C +3; B v C +3.
    out = score(ruleset_id, [natural("A", "six-pairs", SIX_PAIRS), natural("B", "three-flushes", THREE_FLUSHES),
                             C_BESIDE_FLUSHES])
    assert points(out, "A", "B") == 0
    assert out["totals"] == {"A": 3, "B": 3, "C": -6}


@covers("eh:three-straights", "eh:clean-sweep-shapes")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_clean_sweep_shapes(ruleset_id: str) -> None:
    # Three straights with an ace-low 3-card straight in front (straights count in the front only for Clean
    # Sweeps): front Ah 2c 3d (A-2-3) | middle 3h 4h 5s 6c 7d (3 to 7) | back 4s 5d 6h 7s 8h (4 to 8); no 8 twice,
    # so not a complete straight, and five pairs only, so not six pairs.
    three_straights = "Ah 2c 3d 3h 4h 5s 6c 7d 4s 5d 6h 7s 8h"
    # Six pairs where four nines count as two pairs: 9 9 9 9 / T T / J J / Q Q / K K and the odd 2s.
    quads_pairs = "9s 9d 9h 9c Tc Td Jc Jd Qc Qd Kc Kd 2s"
    # C: front As Ad Kh (pair of aces) | middle Qh Qs Jh Js 2d (queens up) | back 8c 8d 8s Th Ts (eights full).
    c = player("C", "As Ad Kh | Qh Qs Jh Js 2d | 8c 8d 8s Th Ts")
    out = score(ruleset_id, [natural("A", "three-straights", three_straights), natural("B", "six-pairs", quads_pairs),
                             c])
    # Equal rank: A v B push; each collects 3 from C.
    assert out["totals"] == {"A": 3, "B": 3, "C": -6}
    assert [p["natural"] for p in out["players"]] == ["three-straights", "six-pairs", None]


@covers("eh:clean-sweep-declaration")
def test_undeclared_clean_sweep_plays_as_a_regular_hand() -> None:
    # A holds six pairs but does not declare: it plays as set,
    #   front 3c 3h 8c (pair of threes) | middle 5c 5d 4c 4d 2d (fives and fours) | back 7c 7h 6d 6h 2h (sevens, sixes)
    # against B: front Tc Td 3d (pair of tens) | middle As Ad Ks Kd 4h (aces and kings) | back queens full of nines.
    # B wins every segment: Western 3 + 1 = 4, Eastern 3 (no bonus hand: B's full house is in the back).
    a = player("A", "3c 3h 8c | 5c 5d 4c 4d 2d | 7c 7h 6d 6h 2h")
    b = player("B", "Tc Td 3d | As Ad Ks Kd 4h | Qs Qh Qd 9s 9h")
    assert score(WESTERN, [a, b])["totals"] == {"A": -4, "B": 4}
    assert score(EASTERN, [a, b])["totals"] == {"A": -3, "B": 3}
    # Declared, the same cards collect 3.
    declared = {**a, "declare": "natural", "natural": "six-pairs"}
    assert score(WESTERN, [declared, b])["totals"] == {"A": 3, "B": -3}


@covers("eh:false-clean-sweep", "eh:foul", "eh:surrender")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_false_clean_sweep_is_a_foul_but_not_against_a_surrender(ruleset_id: str) -> None:
    # A declares six pairs it does not hold (its setting is valid): a foul. B plays a normal hand; C surrenders.
    #   A v B: A pays 3 (B holds no bonus hand).
    #   A v C: a foul pays "each opponent who didn't surrender", so nothing; C's surrender pays A 3.
    #   B v C: C pays 3.
    # Totals: A -3 + 3 = 0; B 3 + 3 = +6; C -3 - 3 = -6.
    a = {**A_PLAIN, "declare": "natural", "natural": "six-pairs"}
    out = score(ruleset_id, [a, B_TIES_TWO, surrender("C")])
    assert out["players"][0]["status"] == "foul"
    assert out["totals"] == {"A": 0, "B": 6, "C": -6}
    assert points(out, "A", "C") == 3
    assert matchup(out, "A", "C")["kind"] == "forfeit"


@covers("eh:foul", "eh:complete-straight", "eh:surrender")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_foul_pays_a_clean_sweep_its_value_and_surrender_pays_it_3(ruleset_id: str) -> None:
    # A fouls (front pair of aces over a middle pair of nines); B declares the complete straight; C surrenders.
    #   A v B: "Against a Clean Sweep hand, the value of the Clean Sweep hand": A pays 13.
    #   A v C: the foul pays no surrendered hand; C pays A 3.
    #   B v C: C pays 3 ("must pay each opponent 3 units"), not the Clean Sweep's 13.
    # Totals: A -13 + 3 = -10; B 13 + 3 = +16; C -3 - 3 = -6.
    a = player("A", "As Ad 2d | 9c 9d 3c 4c 5c | Td Th Ts 8d 8s")
    out = score(ruleset_id, [a, natural("B", "complete-straight", DRAGON), surrender("C")])
    assert out["totals"] == {"A": -10, "B": 16, "C": -6}
    assert points(out, "B", "A") == 13


@covers(f"{EASTERN}:ehe-foul", f"{EASTERN}:ehe-foul-bonuses", f"{WESTERN}:ehw-foul")
def test_foul_pays_3_plus_the_opponents_bonuses() -> None:
    # B fouls against A's four kings in the back: "3 units plus any opponent's bonus" = 3 + 4 = 7 under Eastern;
    # Western has no bonus hands: 3.
    assert score(EASTERN, [A_QUADS, B_FOULED])["totals"] == {"A": 7, "B": -7}
    assert score(WESTERN, [A_QUADS, B_FOULED])["totals"] == {"A": 3, "B": -3}
    # Against front trips (3) and a middle full house (2), back aces full (no bonus in the back): 3 + 3 + 2 = 8.
    a = player("A", "Qs Qd Qc | 8s 8h 8d 3s 3h | Ac Ad Ah Ks Kh")
    b = player("B", "9s 9h 2d | 7c 7d 5c 4d 2s | Tc Th Td 6s 6h")  # front nines over middle sevens: a foul
    assert score(EASTERN, [a, b])["totals"] == {"A": 8, "B": -8}


@covers("eh:surrender", "eh:forfeits-meeting")
@pytest.mark.parametrize(("ruleset_id", "expected"), [
    # B, C, D compared as in the A-D example; A pays each 3 and is not compared.
    # Eastern (one unit a segment): B: 3 - 3 - 1 = -1; C: 3 + 3 + 1 = +7; D: 3 + 1 - 1 = +3; A: -9.
    (EASTERN, {"A": -9, "B": -1, "C": 7, "D": 3}),
    # Western (majority point): B: 3 - 4 - 2 = -3; C: 3 + 4 + 2 = +9; D: 3 + 2 - 2 = +3; A: -9.
    (WESTERN, {"A": -9, "B": -3, "C": 9, "D": 3}),
])
def test_surrender_pays_everyone_3_and_is_not_compared(ruleset_id: str, expected: dict[str, int]) -> None:
    players = ad_players()
    players[0] = surrender("A")
    out = score(ruleset_id, players)
    assert out["totals"] == expected
    for other in "BCD":
        assert matchup(out, "A", other)["kind"] == "forfeit"
        assert "segments" not in matchup(out, "A", other)


@covers("eh:forfeits-meeting", "eh:surrender", "eh:foul")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_forfeited_hands_meeting(ruleset_id: str) -> None:
    # A and B surrender, C fouls (front nines over middle sevens), D plays (no bonus hand).
    #   A v B: each pays the other 3 -> 0.   A v C, B v C: the surrender pays C 3; C pays no surrendered hand.
    #   A v D, B v D: D +3 each.             C v D: C pays D 3.
    # Totals: A -6, B -6, C 3 + 3 - 3 = +3, D 3 + 3 + 3 = +9.
    c = player("C", "9s 9h 2d | 7c 7d 5c 4d 2s | Tc Th Td 6s 6h")
    d = player("D", "Ah Qh 2c | 5s 5h 9c 8d 3s | Kc Kd Ks 4h 4c")
    out = score(ruleset_id, [surrender("A"), surrender("B"), c, d])
    assert out["totals"] == {"A": -6, "B": -6, "C": 3, "D": 9}
    # Two fouled hands pay each other 3 each: nothing; each pays the normal hand 3.
    b_foul = player("B", "As Ad Jc | 5c 5d 9d 8c 2h | Tc Td Th 7s 7d")
    a_foul = player("A", "Kc Kd 3c | Qc Qd 4s 6s 8s | Ac Ah 7c 7h 3d")  # kings in front over queens: a foul
    out = score(ruleset_id, [a_foul, b_foul, player("C", "2c 3h 4h | 9h 9s 5h 6c 6h | Js Jh Jd 2s 2d")])
    assert points(out, "A", "B") == 0
    assert out["totals"] == {"A": -3, "B": -3, "C": 6}


# --- Dealer puck settlement ----------------------------------------------------------------


@covers("eh:dealer-puck", "eh:cash-limit")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_two_player_settlement_caps_both_ways(ruleset_id: str) -> None:
    # A_PLAIN v B_WINS_BACK_ONLY: A wins front and middle, B the back: Western 2 - 1 + 1 = +2, Eastern +1.
    owed = 2 if ruleset_id == WESTERN else 1
    deal = [A_PLAIN, B_WINS_BACK_ONLY]
    # Button A: the player to A's right (listed before A, round the table) is B; order B, A.
    out = score(ruleset_id, deal, button="A", stacks={"A": 10, "B": 1})
    assert out["settlement"]["order"] == ["B", "A"]
    # B has 1: it cannot lose more than that.
    assert out["settlement"]["payments"] == [{"from": "B", "to": "A", "owed": owed, "paid": 1}]
    assert out["settlement"]["paid"] == {"A": 1, "B": -1}
    assert out["totals"] == {"A": owed, "B": -owed}  # the scores themselves are not capped
    # A has 1: it cannot win more than that.
    out = score(ruleset_id, deal, button="B", stacks={"A": 1, "B": 10})
    assert out["settlement"]["order"] == ["A", "B"]
    assert out["settlement"]["paid"] == {"A": 1, "B": -1}


@covers("eh:dealer-puck", "eh:cash-limit", "eh:complete-straight", "eh:six-pairs")
@pytest.mark.parametrize("ruleset_id", BOTH_EH)
def test_three_player_settlement_order_decides_who_is_paid(ruleset_id: str) -> None:
    # Owed (see test_higher_clean_sweep_collects_its_full_value): A +13 from B, A +13 from C, B +3 from C.
    # Seats A, B, C clockwise, puck at B: the first to pay is A (immediately to B's right), then on to the right:
    # C, then B. Pairs in order: A-C, A-B, C-B. Stacks A 10, B 5, C 30; nobody wins more than its stack.
    #   A-C: C owes 13; A may win 10 more -> 10 (A 20, C 20)
    #   A-B: B owes 13; A has won its 10 -> 0
    #   C-B: C owes B 3; B may win 5 -> 3 (B 8, C 17)
    # Paid: A +10, B +3, C -13. (Going the other way, A, B, C, B would pay A 5 first: A +10, B -2, C -8.)
    deal = [natural("A", "complete-straight", DRAGON), natural("B", "six-pairs", SIX_PAIRS), C_BESIDE_DRAGON]
    out = score(ruleset_id, deal, button="B", stacks={"A": 10, "B": 5, "C": 30})
    settlement = out["settlement"]
    assert settlement["order"] == ["A", "C", "B"]
    assert [(p["from"], p["to"], p["owed"], p["paid"]) for p in settlement["payments"]] == [
        ("C", "A", 13, 10), ("B", "A", 13, 0), ("C", "B", 3, 3)]
    assert settlement["paid"] == {"A": 10, "B": 3, "C": -13}


@covers(f"{WESTERN}:ehw-dealer-puck", f"{WESTERN}:ehw-cash-limit", f"{WESTERN}:ehw-a-d-example")
def test_four_player_settlement_of_the_a_d_example() -> None:
    # Western owed (see the A-D test): A +4 from B, C +2 from A, A +2 from D, C +4 from B, D +2 from B, C +2 from D.
    # Puck at C: B (to C's right) pays first, then A, D, C. Pairs: B-A, B-D, B-C, A-D, A-C, D-C.
    # Stacks A 3, B 5, C 100, D 100:
    #   B-A: B owes 4; A may win 3           -> 3   (A 6, B 2)
    #   B-D: B owes 2; B has 2               -> 2   (B 0, D 102)
    #   B-C: B owes 4; B has nothing         -> 0
    #   A-D: D owes 2; A has won its 3       -> 0
    #   A-C: A owes 2                        -> 2   (A 4, C 102)
    #   D-C: D owes 2                        -> 2   (D 100, C 104)
    # Paid: A +1, B -5, C +4, D 0.
    out = score(WESTERN, ad_players(), button="C", stacks={"A": 3, "B": 5, "C": 100, "D": 100})
    settlement = out["settlement"]
    assert settlement["order"] == ["B", "A", "D", "C"]
    assert [(p["from"], p["to"], p["owed"], p["paid"]) for p in settlement["payments"]] == [
        ("B", "A", 4, 3), ("B", "D", 2, 2), ("B", "C", 4, 0), ("D", "A", 2, 0), ("A", "C", 2, 2), ("D", "C", 2, 2)]
    assert settlement["paid"] == {"A": 1, "B": -5, "C": 4, "D": 0}


def test_stacks_must_cover_every_seat() -> None:
    with pytest.raises(CpspecError) as error:
        score(WESTERN, [A_PLAIN, B_TIES_TWO], button="A", stacks={"A": 5})
    assert error.value.code == "bad_input"


# --- chart-2020 ----------------------------------------------------------------------------

# All 52 cards, worked out by hand (each rank once per suit):
#   North: front Qs Qd Qc trips  | middle 8s 8h 8d 3s 3h full house | back Ac Ad Ah As 2c four aces
#   East:  front Ks Kh 4c kings  | middle 9s Ts Js Qh Kd K-high straight | back 3d-7d straight flush
#   South: front 2d 3c 6h 6 high | middle 9c 9d Tc Th 4h tens and nines | back Jc Jd Jh Kc 5c three jacks
#   West:  front 2h 4s 9h 9 high | middle 5s 5h 6c 6s Td sixes and fives | back 7h 7c 7s 8c 2s three sevens
CHART_BONUS_DEAL = [
    player("North", "Qs Qd Qc | 8s 8h 8d 3s 3h | Ac Ad Ah As 2c"),
    player("East", "Ks Kh 4c | 9s Ts Js Qh Kd | 3d 4d 5d 6d 7d"),
    player("South", "2d 3c 6h | 9c 9d Tc Th 4h | Jc Jd Jh Kc 5c"),
    player("West", "2h 4s 9h | 5s 5h 6c 6s Td | 7h 7c 7s 8c 2s"),
]


@covers(f"{CHART}:cht-special-hands", f"{CHART}:cht-bonus-front-trips", f"{CHART}:cht-bonus-middle-full-house",
        f"{CHART}:cht-bonus-four-of-a-kind", f"{CHART}:cht-bonus-straight-flush", f"{CHART}:cht-segment-unit",
        f"{CHART}:cht-comparisons", f"{CHART}:cht-players", f"{CHART}:cht-deal", f"{CHART}:cht-showdown",
        f"{CHART}:cht-stakes", f"{CHART}:cht-hand-rankings", f"{CHART}:cht-front-hands")
def test_chart_special_hands_earn_instead_of_the_unit() -> None:
    # Fronts: North trips > East kings > West 9 high > South 6 high.
    # Middles: North full house > East straight > South tens up > West sixes up.
    # Backs: East straight flush > North four aces > South three jacks > West three sevens.
    # Units (a segment won with a chart hand earns the chart's units instead of 1):
    #   N v E: N front trips 3 + middle full house 2; E back straight flush 5   -> 0
    #   N v S: 3 + 2 + back four of a kind 4                                    -> N +9
    #   N v W: the same                                                          -> N +9
    #   E v S: front 1 + middle 1 + back straight flush 5                        -> E +7
    #   E v W: the same                                                          -> E +7
    #   S v W: W front 1; S middle 1 and back 1                                  -> S +1
    # Totals: N 18, E 14, S -9 - 7 + 1 = -15, W -9 - 7 - 1 = -17.
    # (Were the chart's units added to the unit, N v E would be (1 + 3) + (1 + 2) - (1 + 5) = +1.)
    out = score(CHART, CHART_BONUS_DEAL)
    assert out["totals"] == {"North": 18, "East": 14, "South": -15, "West": -17}
    assert points(out, "North", "East") == 0
    assert points(out, "North", "South") == 9
    assert points(out, "East", "West") == 7
    assert points(out, "South", "West") == 1


@covers(f"{CHART}:cht-seats", f"{CHART}:cht-comparisons")
def test_chart_compares_in_the_compass_order_whatever_the_input_order() -> None:
    # "North V. East, North V. South, North V. West, East V. South, East V. West, South V. West"
    out = score(CHART, list(reversed(CHART_BONUS_DEAL)))
    assert [m["seats"] for m in out["matchups"]] == [
        ["North", "East"], ["North", "South"], ["North", "West"],
        ["East", "South"], ["East", "West"], ["South", "West"]]


@covers(f"{CHART}:cht-players", f"{CHART}:cht-seats")
def test_chart_needs_four_compass_seats() -> None:
    with pytest.raises(CpspecError) as error:
        score(CHART, CHART_BONUS_DEAL[:3])
    assert error.value.code == "bad_players"
    renamed = [dict(p) for p in CHART_BONUS_DEAL]
    renamed[0]["seat"] = "A"
    with pytest.raises(CpspecError) as error:
        score(CHART, renamed)
    assert error.value.code == "bad_players"


@covers(f"{CHART}:cht-segment-tie", f"{CHART}:cht-segment-unit")
def test_chart_ties_pay_nothing() -> None:
    # North and East tie middle (fives, 9 8 3) and back (ace-high straights); North's front A-K beats A-Q.
    #   South: front 7-3-2 | middle sixes and fours | back three sevens
    #   West: front Q-9-4 | middle eights and sixes | back jacks and tens
    # N v E: front N, rest tied -> N +1.   N v S: N front and back, S middle -> N +1.
    # N v W: N front and back, W middle -> N +1.   E v S: E +1.   E v W: E +1.
    # S v W: W front and middle, S back -> W +1.
    # Totals: N +3, E -1 + 1 + 1 = +1, S -3, W -1 - 1 + 1 = -1.
    deal = [
        player("North", "Ah Kh 2c | 5s 5h 9c 8d 3s | Ts Jd Qh Kd Ac"),
        player("East", "As Qc 2d | 5c 5d 9d 8c 3h | Tc Jc Qs Ks Ad"),
        player("South", "2h 3c 7c | 4c 4d 6c 6d Kc | 7d 7h 7s 2s 3d"),
        player("West", "Qd 9s 4h | 8h 8s 6h 6s 4s | Jh Js Th Td 9h"),
    ]
    out = score(CHART, deal)
    assert matchup(out, "North", "East")["segments"] == {"front": "North", "middle": None, "back": None}
    assert out["totals"] == {"North": 3, "East": 1, "South": -3, "West": -1}


# Beside DRAGON and SIX_PAIRS: three straights (front 2s 3s 4s, middle 8-Q, back 9-K) and West's cards.
CHART_THREE_STRAIGHTS = "2s 3s 4s 8d 9c Td Jc Qc 9h Th Jh Qd Kd"
# West: front Kc Kh 5h kings | middle Ad Ah As 9d 6s three aces | back 7s 8s Ts Js Qs queen-high flush.
CHART_WEST_BESIDE_NATURALS = player("West", "Kc Kh 5h | Ad Ah As 9d 6s | 7s 8s Ts Js Qs")


@covers(f"{CHART}:cht-naturals", f"{CHART}:cht-complete-straight", f"{CHART}:cht-six-pairs",
        f"{CHART}:cht-three-straights", f"{CHART}:cht-natural-declaration", f"{CHART}:cht-naturals-meeting")
def test_chart_naturals() -> None:
    # N complete straight 13 from each: N v E 13, N v S 13, N v W 13.
    # E six pairs and S three straights are both 3-unit naturals: E v S push; each takes 3 from West.
    # Totals: N +39; E -13 + 3 = -10; S -13 + 3 = -10; W -13 - 3 - 3 = -19.
    out = score(CHART, [
        natural("North", "complete-straight", DRAGON),
        natural("East", "six-pairs", SIX_PAIRS),
        natural("South", "three-straights", CHART_THREE_STRAIGHTS),
        CHART_WEST_BESIDE_NATURALS,
    ])
    assert out["totals"] == {"North": 39, "East": -10, "South": -10, "West": -19}
    assert points(out, "East", "South") == 0


@covers(f"{CHART}:cht-three-flushes", f"{CHART}:cht-naturals")
def test_chart_three_flushes() -> None:
    # North three flushes (3 from each), the others ordinary hands made of the remaining cards:
    #   East: six pairs' cards set as a valid hand, front 3c 3h 8c | middle 5c 5d 4c 4d 2d | back 7c 7h 6d 6h 2h
    #   South: front 2c 3d 4h | middle 9d 9h 5h 6c 7d | back Td Th Tc Jd Jh
    #   West, the last 13 cards: front 3s 5s 7s (7 high) | middle Qd Qs 8d 8h 9s (queens up)
    #     | back Kd Ks Ad As Js (aces up)
    # North: +3 from each = +9.
    # E v S: front E (pair of threes over 4 high); middle E (fives and fours, two pair, over a pair of nines);
    #   back S (tens full over sevens and sixes). E 2, S 1: E +1.
    # E v W: front E (pair over 7 high); middle W (queens up over fives up); back W (aces up over sevens up): W +1.
    # S v W: front W (7 high over 4 high); middle W (two pair over a pair); back S (full house): W +1.
    # Totals: N +9; E -3 + 1 - 1 = -3; S -3 - 1 - 1 = -5; W -3 + 1 + 1 = -1.
    deal = [
        natural("North", "three-flushes", THREE_FLUSHES),
        player("East", "3c 3h 8c | 5c 5d 4c 4d 2d | 7c 7h 6d 6h 2h"),
        player("South", "2c 3d 4h | 9d 9h 5h 6c 7d | Td Th Tc Jd Jh"),
        player("West", "3s 5s 7s | Qd Qs 8d 8h 9s | Kd Ks Ad As Js"),
    ]
    out = score(CHART, deal)
    assert out["totals"] == {"North": 9, "East": -3, "South": -5, "West": -1}


@covers(f"{CHART}:cht-foul", f"{CHART}:cht-setting-order", f"{CHART}:cht-false-natural")
@pytest.mark.parametrize("how", ["bad setting", "false declaration"])
def test_chart_foul_loses_every_segment(how: str) -> None:
    # West fouls, either by a front pair of sixes over a middle pair of fives, or by declaring six pairs it does
    # not hold. Every opponent wins all three segments against West, with the chart's units:
    #   N v W: front trips 3 + middle full house 2 + back four aces 4 = +9
    #   E v W: 1 + 1 + straight flush 5 = +7
    #   S v W: 1 + 1 + 1 = +3
    # The rest as in the bonus deal: N v E 0, N v S +9, E v S +7.
    # Totals: N 0 + 9 + 9 = 18; E 0 + 7 + 7 = 14; S -9 - 7 + 3 = -13; W -9 - 7 - 3 = -19.
    deal = [dict(p) for p in CHART_BONUS_DEAL]
    if how == "bad setting":
        deal[3] = player("West", "6c 6s 2h | 5s 5h Td 9h 4s | 7h 7c 7s 8c 2s")
    else:
        deal[3] = {**deal[3], "declare": "natural", "natural": "six-pairs"}
    out = score(CHART, deal)
    assert out["players"][3]["status"] == "foul"
    assert out["totals"] == {"North": 18, "East": 14, "South": -13, "West": -19}


@covers(f"{CHART}:cht-foul", f"{CHART}:cht-natural-declaration", f"{CHART}:cht-complete-straight")
def test_chart_foul_against_a_natural_and_another_foul() -> None:
    # North declares the complete straight. East holds six pairs undeclared, set front 8c 7c 7h (sevens) over
    # middle 2d 2h 3c 4c 5c (deuces): a foul. South's front Qc Qd 2s over middle 9c 9h 3s 4s 8d: a foul.
    #   N v E, N v S, N v W: 13 each (a fouled hand pays a natural its value).
    #   E v S: two fouled hands exchange nothing.
    #   E v W, S v W: West wins every segment with no chart hand (kings, three aces, a flush): +3 each.
    # Totals: N +39; E -13 - 3 = -16; S -16; W -13 + 3 + 3 = -7.
    out = score(CHART, [
        natural("North", "complete-straight", DRAGON),
        player("East", "8c 7c 7h | 2d 2h 3c 4c 5c | 3h 4d 5d 6d 6h"),
        player("South", "Qc Qd 2s | 9c 9h 3s 4s 8d | Td Th Jc Jh Kd"),
        CHART_WEST_BESIDE_NATURALS,
    ])
    assert out["totals"] == {"North": 39, "East": -16, "South": -16, "West": -7}
    assert points(out, "East", "South") == 0


def test_chart_has_no_surrender_or_stacks() -> None:
    deal = [dict(p) for p in CHART_BONUS_DEAL]
    deal[0] = surrender("North")
    with pytest.raises(CpspecError) as error:
        score(CHART, deal)
    assert error.value.code == "bad_declaration"
    with pytest.raises(CpspecError) as error:
        score(CHART, CHART_BONUS_DEAL, button="North", stacks={"North": 1, "East": 1, "South": 1, "West": 1})
    assert error.value.code == "unsupported"


# --- the protocol and the CLI ------------------------------------------------------------


def test_protocol_scores_the_eastern_quads_example() -> None:
    # The source's K K K K 5 over 9 9 9 9 3 with a sweep: 1 + 1 + 8 = 10.
    request = {"id": 1, "op": "score", "ruleset": EASTERN,
               "input": {"players": [A_KINGS, B_NINES_LOSING_FRONT_MIDDLE]}}
    out = io.StringIO()
    serve(io.BytesIO((json.dumps(request) + "\n").encode()), out)
    answer = json.loads(out.getvalue())
    assert answer["output"]["totals"] == {"A": 10, "B": -10}


def test_cli_validates_and_lists_the_new_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    validated = capsys.readouterr().out
    assert main(["rulesets"]) == 0
    listed = capsys.readouterr().out
    # Western and Eastern 1.1.0 gave their interpretation records data, and 1.2.0 (like the chart's 1.1.0)
    # wrote their naturals as conditions (changelog).
    for ruleset_id, version in ((WESTERN, "1.2.0"), (EASTERN, "1.2.0"), (CHART, "1.1.0")):
        assert f"({ruleset_id} {version}," in validated
        assert any(line.split()[0] == ruleset_id for line in listed.splitlines())


@pytest.mark.parametrize(("name", "totals", "paid"), [
    # Derivations in each file's header (the same as the tests above).
    ("english-harbour-western-a-d.yaml", {"A": 4, "B": -10, "C": 8, "D": -2}, {"A": 1, "B": -5, "C": 4, "D": 0}),
    ("english-harbour-eastern-quads.yaml", {"A": 10, "B": -10}, None),
    ("chart-2020-special-hands.yaml", {"North": 18, "East": 14, "South": -15, "West": -17}, None),
])
def test_example_files_score_as_their_comments_say(
    name: str, totals: dict[str, int], paid: dict[str, int] | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(EXAMPLES / name), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"] == totals
    assert out.get("settlement", {}).get("paid") == paid


# --- coverage of the rules -----------------------------------------------------------------


def cited_rules(ruleset_id: str) -> set[str]:
    """The ruleset's own rules (not inherited ones) that quote a source."""
    rs = ruleset(ruleset_id)
    return {f"{ruleset_id}:{r.id}" for r in rs.rules if r.citations and r.origin == ruleset_id}


@pytest.mark.parametrize("ruleset_id", [WESTERN, EASTERN, CHART])
def test_every_cited_rule_is_exercised_by_a_deal(ruleset_id: str) -> None:
    missing = sorted(cited_rules(ruleset_id) - COVERED)
    assert not missing, f"rules quoting a source without a scored deal: {missing}"


def test_coverage_marks_name_real_rules() -> None:
    known = {f"{rid}:{r.id}" for rid in (WESTERN, EASTERN, CHART) for r in ruleset(rid).rules}
    unknown = sorted(COVERED - known)
    assert not unknown, unknown
