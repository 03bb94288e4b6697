"""The card-club rulesets (bicycle-club, asian, mandarin), scored deal by deal.

Every expected number is worked out by hand from the source page (003) and the rulesets'
readings of it; the derivation is in the comment above each case. Hands are written
"front | middle | back". A deal's cards are all different; ``distinct`` checks it.

Reminders used throughout:
- Bicycle Club (BCC) 2-4 scoring: net segments plus 1 for winning two or three of them,
  so 2 of 3 = 2, 3 of 3 = 4, 1 win + 2 ties = 1, 1 win + 1 loss + 1 tie = 0.
- Asian / Mandarin: 1 a segment, no majority point: 2 of 3 = 1, 3 of 3 = 3, unless the scoop.
- A fouled hand loses every segment to each opponent: 4 in BCC, 3 in Asian/Mandarin.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from conftest import matchup, player, ruleset, score
from cpspec.errors import CpspecError
from cpspec.protocol.ops import op_collection, op_find_naturals

MINE = ("bicycle-club", "asian", "mandarin")
COVERED: dict[str, set[str]] = defaultdict(set)
F = TypeVar("F", bound=Callable[..., Any])


def covers(ruleset_id: str, *rule_ids: str) -> Callable[[F], F]:
    """Record that the decorated test works out deals for these rules of this ruleset."""

    def mark(test: F) -> F:
        COVERED[ruleset_id].update(rule_ids)
        return test

    return mark


def pile(seat: str, cards: str, natural: str | None = None) -> dict[str, Any]:
    """A player who declares an automatic win by putting the 13 cards down unset."""
    out: dict[str, Any] = {"seat": seat, "declare": "natural", "cards": cards.split()}
    if natural is not None:
        out["natural"] = natural
    return out


def distinct(*players: dict[str, Any]) -> list[dict[str, Any]]:
    cards = [c for p in players for key in ("front", "middle", "back", "cards") for c in p.get(key, [])]
    assert len(cards) == len(set(cards)) == 13 * len(players), "a test deal repeats a card"
    return list(players)


def totals(ruleset_id: str, *players: dict[str, Any], **extra: Any) -> dict[str, int]:
    result: dict[str, int] = score(ruleset_id, distinct(*players), **extra)["totals"]
    return result


def credit_rules(output: dict[str, Any]) -> set[str]:
    return {c["rule"] for m in output["matchups"] for c in m["credits"]}


# --- hands ------------------------------------------------------------------------------

# Two of three: fronts A-K-2 > Q-T-3 (A); middles 99 > 88 (A); backs JJJ < TTT55 (B).
TWO_OF_THREE = (player("A", "Ah Kd 2c | 9c 9d 5h 6s 7c | Jc Jd Jh 3s 4s"),
                player("B", "Qh Ts 3c | 8c 8d 2h 4c 6d | Tc Td Th 5c 5d"))
# Sweep: KK > J-high, AA > TT, QQQ > 99-88.
SWEEP = (player("A", "Kc Kd 2s | Ac Ad 3c 4d 6h | Qc Qd Qh 7s 8s"),
         player("B", "Jc 9d 5s | Tc Td 2c 3d 7h | 8c 8d 9h 9s 4c"))
# One win, two ties: fronts A-K-2 both, middles nine-high straights both, backs TTT33 < JJJ44.
ONE_WIN_TWO_TIES = (player("A", "Ah Kh 2c | 5c 6d 7h 8s 9c | Tc Td Th 3c 3d"),
                    player("B", "Ad Kd 2d | 5d 6h 7s 8c 9d | Jc Jd Jh 4c 4d"))
# One win, one loss, one tie: A-K-3 > A-K-2 (A), straights tie, TTT33 < JJJ44 (B).
WIN_LOSS_TIE = (player("A", "Ah Kh 3c | 5c 6d 7h 8s 9c | Tc Td Th 3s 3d"),
                player("B", "Ad Kd 2d | 5d 6h 7s 8c 9d | Jc Jd Jh 4c 4d"))

DRAGON = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"  # thirteen ranks, mixed suits
SIX_PAIRS = "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c"  # six pairs and an eight
# C and D of the Dragon deal: D wins every segment from C (A-high > 5-high, JJJTT > 99,
# KKKAA > QQQ88).
DRAGON_C = player("C", "2s 3s 5h | 9c 9d 4s 6s 7s | Qc Qd Qs 8d 8s")
DRAGON_D = player("D", "As Ts 9h | Jc Jh Js Td Th | Kc Kd Kh Ad Ah")
DRAGON_DEAL = (pile("A", DRAGON), pile("B", SIX_PAIRS, "six-pairs"), DRAGON_C, DRAGON_D)

# The scoop deal. A: AAA in front, four kings in the middle, a nine-high straight flush
# in the back; it beats every other hand in every segment.
# B v C: QQ > J-high, JJ44 > 99, TTT33 > QQ88: B sweeps.  B v D: QQ > A-high, JJ44 > 77,
# TTT33 > 5544: B sweeps.  C v D: J-8-2 < A-J-2 (D), 99 > 77 (C), QQ88 > 5544 (C): C 2 of 3.
SCOOPER = player("A", "Ac Ad Ah | Kc Kd Kh Ks 2c | 5h 6h 7h 8h 9h")
SCOOP_B = player("B", "Qc Qd 3c | Jc Jd 4c 4d 6c | Tc Td Th 3d 3h")
SCOOP_C = player("C", "Js 8c 2d | 9c 9d 5c 6d 7c | Qh Qs 8d 8s 2h")
SCOOP_D = player("D", "As Jh 2s | 7d 7s 6s 9s Ts | 4h 4s 5d 5s 3s")
# The same cards as C and D, set out of order: C's pair of queens in front of a pair of
# nines; D's two pair in the middle over a pair of sevens in the back.
SCOOP_C_FOULED = player("C", "Qh Qs 2d | 9c 9d 5c 6d 7c | Js 8c 8d 8s 2h")
SCOOP_D_FOULED = player("D", "As Jh 2s | 4h 4s 5d 5s 3s | 7d 7s 6s 9s Ts")


# --- Bicycle Club: scoring ----------------------------------------------------------------


@covers("bicycle-club", "bcc-two-of-three", "bcc-segment-point", "bcc-points", "bcc-overall-point")
def test_bcc_two_of_three_wins_2() -> None:
    # A wins front and middle (2 points), B the back (1): net 1, plus 1 for A's majority = 2.
    out = score("bicycle-club", distinct(*TWO_OF_THREE))
    assert out["totals"] == {"A": 2, "B": -2}
    m = matchup(out, "A", "B")
    assert m["segments"] == {"front": "A", "middle": "A", "back": "B"}
    assert m["overall"] == "A"
    assert {"bcc-segment-point", "bcc-overall-point"} <= credit_rules(out)


@covers("bicycle-club", "bcc-sweep", "bcc-segment-point", "bcc-overall-point")
def test_bcc_sweep_wins_4() -> None:
    # 3 segments, minus 0, plus 1 for the majority = 4.
    assert totals("bicycle-club", *SWEEP) == {"A": 4, "B": -4}


@covers("bicycle-club", "bcc-overall-point", "bcc-segment-tie")
def test_bcc_one_win_two_ties_is_not_a_majority() -> None:
    # Net segments 1 - 0 = 1; one win of three segments is no majority: 1, not 2.
    out = score("bicycle-club", distinct(*ONE_WIN_TWO_TIES))
    assert out["totals"] == {"A": -1, "B": 1}
    assert matchup(out, "A", "B")["segments"] == {"front": None, "middle": None, "back": "B"}
    assert matchup(out, "A", "B")["overall"] is None


@covers("bicycle-club", "bcc-overall-point", "bcc-segment-tie")
def test_bcc_one_win_one_loss_one_tie_breaks_even() -> None:
    # 1 - 1 = 0 and nobody has two wins.
    assert totals("bicycle-club", *WIN_LOSS_TIE) == {"A": 0, "B": 0}


@covers("bicycle-club", "bcc-hand-rankings")
def test_bcc_wheel_is_the_lowest_straight() -> None:
    # Fronts K-Q-7 > K-J-6 (A); middles TT77 > 9988 (B); backs: A's A-2-3-4-5 against B's
    # 2-3-4-5-6. The wheel is the lowest straight, so B wins the back and 2 of 3: B +2.
    # (Were the wheel high, A would win the back and 2 of 3 instead.)
    a = player("A", "Kc Qd 7h | 9c 9d 8h 8s Jc | Ac 2d 3h 4s 5c")
    b = player("B", "Ks Jd 6h | Tc Td 7c 7d 2h | 2c 3d 4h 5s 6c")
    out = score("bicycle-club", distinct(a, b))
    assert matchup(out, "A", "B")["segments"]["back"] == "B"
    assert out["totals"] == {"A": -2, "B": 2}


@covers("bicycle-club", "bcc-front-hands")
def test_bcc_front_straight_flush_is_only_high_card() -> None:
    # A's front 2h 3h 4h is four-high, not a straight flush, so B's A-9-5 wins it; B's QQ
    # beats JJ; A's KKK beats AA. B wins 2 of 3: +2.
    a = player("A", "2h 3h 4h | Jc Jd 6c 7d 9s | Kc Kd Kh 5c 8d")
    b = player("B", "As 5d 9h | Qc Qd 6d 8c Ts | Ac Ad 2c 3c 4c")
    out = score("bicycle-club", distinct(a, b))
    assert out["players"][0]["segments"]["front"]["category"] == "high_card"
    assert out["totals"] == {"A": -2, "B": 2}


# --- Bicycle Club: setting order and fouls --------------------------------------------------


@covers("bicycle-club", "bcc-setting-order")
def test_bcc_back_may_equal_middle() -> None:
    # A's middle and back are both nine-high straights: "beat or equal" allows it. A plays:
    # A-K-Q > 4-3-2 (A), straight > TT (A), straight < JJJ33 (B): A 2 of 3 = +2.
    a = player("A", "Ac Kd Qh | 5d 6h 7s 8c 9d | 5c 6d 7h 8s 9c")
    b = player("B", "2c 3d 4h | Tc Td Jc Qd 2d | Jh Js Jd 3c 3h")
    out = score("bicycle-club", distinct(a, b))
    assert out["players"][0]["status"] == "normal"
    assert out["totals"] == {"A": 2, "B": -2}
    # Under two-four ("higher value") the same setting fouls.
    assert score("two-four", [a, b])["players"][0]["status"] == "foul"


FRONT_EQUALS_MIDDLE = player("A", "Ah Kd Qc | As Kc Qd 3h 2c | 7c 7d 7h 7s 5c")
FRONT_PAIR_ABOVE_MIDDLE = player("A", "Qs Qd Ac | Qh Qc Kd 7s 2s | 5c 5d 5h 9c 9d")
VALID_B = player("B", "4c 4d 6s | 8c 8d 9h Ts Js | Tc Td Th 2d 2h")


@covers("bicycle-club", "bcc-setting-order", "bcc-front-vs-middle", "bcc-foul")
@pytest.mark.parametrize("fouled", [FRONT_EQUALS_MIDDLE, FRONT_PAIR_ABOVE_MIDDLE], ids=["equal", "higher"])
def test_bcc_middle_must_beat_front(fouled: dict[str, Any]) -> None:
    # A-K-Q front equals the A-K-Q-3-2 middle (the middle's extra cards do not count), and
    # QQ with an ace kicker is higher than QQ with a king kicker. The middle must *beat* the
    # front, so both foul: A loses all three segments to B, 3 + 1 for the majority = 4.
    out = score("bicycle-club", distinct(fouled, VALID_B))
    assert out["players"][0]["status"] == "foul"
    assert out["totals"] == {"A": -4, "B": 4}


@covers("asian", "as-foul")
@covers("mandarin", "mdr-foul")
@pytest.mark.parametrize("ruleset_id", ["asian", "mandarin"])
def test_bonus_versions_foul_pays_3(ruleset_id: str) -> None:
    # The fouled hand loses all three segments; no majority point in these versions: 3.
    assert totals(ruleset_id, FRONT_EQUALS_MIDDLE, VALID_B) == {"A": -3, "B": 3}


# A fouls (front equal to middle), B declares six pairs (six exact pairs and an ace), C fouls
# (four jacks in the middle above two pair in the back).
FOUL_A = player("A", "Ah Kh Qc | As Ks Qd 3h 2h | 9c 9d 9h 9s 8c")
FOUL_C = player("C", "Tc Th 8d | Jc Jd Jh Js 8h | Qh Qs Kc Kd Ad")
SIX_PAIRS_ACE = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d Ac"


@covers("bicycle-club", "bcc-foul", "bcc-forfeits-meeting", "bcc-naturals")
def test_bcc_fouls_meet_a_natural_and_each_other() -> None:
    # Each fouled hand pays the six pairs its value, 4. The two fouled hands exchange nothing.
    # B +8, A -4, C -4.
    out = score("bicycle-club", distinct(FOUL_A, pile("B", SIX_PAIRS_ACE), FOUL_C))
    assert out["totals"] == {"A": -4, "B": 8, "C": -4}
    assert matchup(out, "A", "C")["points"] == {"A": 0, "C": 0}


# --- Bicycle Club: automatic wins -----------------------------------------------------------


@covers("bicycle-club", "bcc-naturals", "bcc-dragon", "bcc-six-pairs", "bcc-naturals-meeting",
        "bcc-declaration", "bcc-comparisons")
def test_bcc_dragon_beats_six_pairs_and_both_collect() -> None:
    # A's Dragon collects 4 from B (it beats the other automatic wins), C and D: +12.
    # B's six pairs pays A 4 and collects 4 from C and D: +4.
    # D sweeps C: 4.  C: -4 -4 -4 = -12.  D: -4 -4 +4 = -4.
    out = score("bicycle-club", distinct(*DRAGON_DEAL))
    assert out["totals"] == {"A": 12, "B": 4, "C": -12, "D": -4}
    assert matchup(out, "A", "B")["points"] == {"A": 4, "B": -4}
    assert [m["seats"] for m in out["matchups"]] == [
        ["A", "B"], ["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"], ["C", "D"]]


# A: three flushes from eight hearts and five spades. B: six pairs with three sevens.
# C v D: 5-4-3 < A-K-8 (D), 88 < TT99 (D), AAAKK > QQJJ (C): D 2 of 3.
PUSH_DEAL = (
    pile("A", "2h 3h 5h 6h 8h 9h Th Qh 2s 4s 7s 9s Js", "three-flushes"),
    pile("B", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 7h", "six-pairs"),
    player("C", "3s 5s 4h | 8c 8d 6s Ts Jh | Ac Ad As Kc Kd"),
    player("D", "Kh Ah 8s | 9c 9d Tc Td Qs | Jc Jd Qc Qd Ks"),
)


@covers("bicycle-club", "bcc-naturals-meeting", "bcc-three-flushes", "bcc-six-pairs")
def test_bcc_two_automatic_wins_push_and_each_collects() -> None:
    # Eight hearts split 3 + 5 with five spades make three flushes; three sevens hold a
    # pair, so 22 33 44 55 66 777 are six pairs. A v B push (0); each collects 4 from C and
    # D: +8 each. D wins 2 of 3 from C: 2. C: -4 -4 -2 = -10; D: -4 -4 +2 = -6.
    out = score("bicycle-club", distinct(*PUSH_DEAL))
    assert matchup(out, "A", "B")["points"] == {"A": 0, "B": 0}
    assert out["totals"] == {"A": 8, "B": 8, "C": -10, "D": -6}


@covers("bicycle-club", "bcc-three-straights", "bcc-front-hands", "bcc-naturals")
@pytest.mark.parametrize(
    ("natural", "opponent"),
    [
        # A-2-3 in front, 2-3-4-5-6 and 8-9-T-J-Q: three straights (A-2-3 the lowest).
        (player("A", "Ac 2d 3h | 2c 3d 4h 5s 6c | 8d 9h Ts Jc Qd", declare="natural"),
         player("B", "Kc Kd 7s | Ad Ah 4c 4d 7c | 9c 9d 9s 5c 5d")),
        # Q-K-A in front, 3-4-5-6-7 and 7-8-9-T-J: three straights.
        (player("A", "Qc Kd Ah | 3c 4d 5h 6s 7c | 7d 8h 9s Tc Jd", declare="natural", natural="three-straights"),
         player("B", "2c 2d 2h | As Ad Ac 3d 4c | Ks Kh Kc 9c 9d")),
    ],
    ids=["A-2-3", "Q-K-A"],
)
def test_bcc_three_straights_with_ace_in_front(natural: dict[str, Any], opponent: dict[str, Any]) -> None:
    # The straight in front counts for the automatic win: A collects 4 from B, whose hand
    # (however strong) is not compared.
    out = score("bicycle-club", distinct(natural, opponent))
    assert out["players"][0]["natural"] == "three-straights"
    assert out["totals"] == {"A": 4, "B": -4}


@covers("bicycle-club", "bcc-three-straights", "bcc-false-natural", "bcc-foul")
def test_bcc_king_ace_deuce_is_no_straight_so_the_declaration_fouls() -> None:
    # K-A-2 does not wrap around; no other split of K A 2 2 3 4 5 6 8 9 T J Q makes three
    # straights (A-2-3 in front leaves K 2 4 5 6 8 9 T J Q, which holds only one 5-card
    # straight). Declaring it is a foul: B scoops A, 4.
    a = player("A", "Kc Ad 2h | 2c 3d 4h 5s 6c | 8d 9h Ts Jc Qd", declare="natural", natural="three-straights")
    b = player("B", "Kd Ks 7s | Ac Ah 4c 4d 7c | 9c 9d 9s 5c 5d")
    out = score("bicycle-club", distinct(a, b))
    assert out["players"][0]["status"] == "foul"
    assert out["totals"] == {"A": -4, "B": 4}
    assert op_find_naturals(ruleset("bicycle-club"), {"cards": a["front"] + a["middle"] + a["back"]})["naturals"] == []


@covers("bicycle-club", "bcc-straight-flush-natural", "bcc-three-flushes")
def test_bcc_straight_flush_serves_as_a_flush() -> None:
    # Exactly five spades, 4-5-6-7-8: they must be the middle, a straight flush, which
    # counts as a flush; three clubs in front, five diamonds in the back. A collects 4;
    # B's four aces are not compared.
    a = pile("A", "3c 8c Qc 4s 5s 6s 7s 8s 2d 5d 9d Jd Kd", "three-flushes")
    b = player("B", "Kh Qh 2h | Tc Td Th 9c 9h | Ac Ad Ah As 2c")
    assert totals("bicycle-club", a, b) == {"A": 4, "B": -4}


# B holds six pairs (22 33 44 55 66 77 and an ace) and sets them validly.
# As set: KK > 77A (A); AA < 3322 (B); JJJ > 6655 (A): A wins 2 of 3.
DECL_A = player("A", "Kc Kd 2h | Ac Ad 3h 4h 8s | Jc Jd Jh 9s Ts")
DECL_B_SET = "7c 7d As | 2c 2d 3c 3d 4c | 4d 5c 5d 6c 6d"


@covers("bicycle-club", "bcc-declaration", "bcc-six-pairs")
def test_bcc_undeclared_automatic_win_plays_as_set() -> None:
    # Not declared: the hand plays as set, A +2.  Declared (set or not): B collects 4.
    assert totals("bicycle-club", DECL_A, player("B", DECL_B_SET)) == {"A": 2, "B": -2}
    assert totals("bicycle-club", DECL_A, player("B", DECL_B_SET, declare="natural")) == {"A": -4, "B": 4}
    assert totals("bicycle-club", DECL_A, pile("B", DECL_B_SET.replace("|", ""))) == {"A": -4, "B": 4}


# --- Bicycle Club: players, deal, settlement, collection, buy-in ----------------------------


@covers("bicycle-club", "bcc-players", "bcc-dead-hands", "bcc-comparisons")
def test_bcc_two_to_four_players_only_the_players_hands_count() -> None:
    # Two players: one matchup. Three players: three (A v B, A v C, B v C); the empty seats'
    # hands are dead and not part of the deal. Scoop deal, three-handed: A sweeps B and C
    # (4 each); B sweeps C (4). A +8, B 0, C -8.
    two = score("bicycle-club", distinct(*TWO_OF_THREE))
    three = score("bicycle-club", distinct(SCOOPER, SCOOP_B, SCOOP_C))
    assert len(two["matchups"]) == 1
    assert [m["seats"] for m in three["matchups"]] == [["A", "B"], ["A", "C"], ["B", "C"]]
    assert three["totals"] == {"A": 8, "B": 0, "C": -8}
    # A fifth player is refused before any card is looked at.
    with pytest.raises(CpspecError) as error:
        score("bicycle-club", [SCOOPER, SCOOP_B, SCOOP_C, SCOOP_D, {**SCOOP_B, "seat": "E"}])
    assert error.value.code == "bad_players"


@covers("bicycle-club", "bcc-deal")
def test_bcc_thirteen_cards_set_3_5_5() -> None:
    short = {"seat": "A", "front": ["Ah", "Kd", "2c"], "middle": ["9c", "9d", "5h", "6s"],
             "back": ["Jc", "Jd", "Jh", "3s", "4s"]}
    with pytest.raises(CpspecError) as error:
        score("bicycle-club", [short, TWO_OF_THREE[1]])
    assert error.value.code == "bad_hand_size"


def _settle(stacks: dict[str, int], button: str) -> dict[str, Any]:
    out = score("bicycle-club", distinct(*DRAGON_DEAL), button=button, stacks=stacks)
    settlement: dict[str, Any] = out["settlement"]
    assert settlement["rule"] == "bcc-payoff-order"
    return settlement


@covers("bicycle-club", "bcc-payoff-order", "bcc-stack-limit", "bcc-buy-in")
def test_bcc_payoffs_from_the_button_capped_by_the_stacks() -> None:
    # Matchup results of the Dragon deal: A +4 from each of B, C, D; B +4 from C and D;
    # D +4 from C. Button D, so A (left of D) settles first, then B, then C.
    # Stacks: A and B a fresh buy-in (20 points), C 6, D 2.
    #   B->A 4 (B 16, A 24); C->A 4 (C 2, A 28); D->A 4 owed, D has 2 (D 0, A 30);
    #   C->B 4 owed, C has 2 (C 0, B 18); D->B owed 4, D has 0; C->D owed 4, C has 0.
    # Paid: A +10, B -2, C -6, D -2.
    buy_in = ruleset("bicycle-club").parameters.buy_in
    assert buy_in is not None and buy_in.points == 20
    done = _settle({"A": buy_in.points, "B": buy_in.points, "C": 6, "D": 2}, "D")
    assert done["order"] == ["A", "B", "C", "D"]
    assert [(p["from"], p["to"], p["owed"], p["paid"]) for p in done["payments"]] == [
        ("B", "A", 4, 4), ("C", "A", 4, 4), ("D", "A", 4, 2), ("C", "B", 4, 2), ("D", "B", 4, 0), ("C", "D", 4, 0)]
    assert done["paid"] == {"A": 10, "B": -2, "C": -6, "D": -2}


@covers("bicycle-club", "bcc-payoff-order", "bcc-stack-limit")
def test_bcc_a_short_stack_wins_only_its_stack_and_the_order_matters() -> None:
    # A starts with 3, so it wins at most 3 in all. Others start with 20.
    # Button D, order A B C D: B->A 3 of 4 (A full); C->A 0; D->A 0; C->B 4; D->B 4;
    #   C->D 4.  A +3, B -3 +8 = +5, C -8, D -4 +4 = 0.
    assert _settle({"A": 3, "B": 20, "C": 20, "D": 20}, "D")["paid"] == {"A": 3, "B": 5, "C": -8, "D": 0}
    # Button B, order C D A B (clockwise from the seat left of B): C->D 4; C->A 3 of 4
    #   (A full); C->B 4; D->A 0; D->B 4; A-B: B owes A 4 but A is full, 0.
    #   A +3, B +8, C -11, D +4 -4 = 0.
    done = _settle({"A": 3, "B": 20, "C": 20, "D": 20}, "B")
    assert done["order"] == ["C", "D", "A", "B"]
    assert done["paid"] == {"A": 3, "B": 8, "C": -11, "D": 0}


@covers("bicycle-club", "bcc-collection")
@pytest.mark.parametrize(
    ("game", "level", "amount", "per", "listed"),
    [
        (5, 5, 1, "hand", True),
        (10, 10, 1, "hand", True),
        (20, 20, 20, "hour", True),
        (25, 25, 25, "hour", True),
        (50, 50, 30, "hour", True),
        (100, 100, 40, "hour", True),
        (3, 5, 1, "hand", False),  # below the table: the next level up, $5
        (15, 20, 20, "hour", False),  # between $10 and $20: the next highest, $20
        (30, 50, 30, "hour", False),  # between $25 and $50: $50
        (150, "above 100", 50, "hour", False),  # "Above $100"
    ],
)
def test_bcc_collection_by_game_size(game: float, level: object, amount: float, per: str, listed: bool) -> None:
    for ruleset_id in MINE:  # the table is the page's, whatever the scoring version
        out = op_collection(ruleset(ruleset_id), {"game": game})
        assert (out["level"], out["amount"], out["per"], out["listed"]) == (level, amount, per, listed)


# --- Asian -----------------------------------------------------------------------------------


@covers("asian", "as-three-point-scoring")
def test_asian_one_point_a_segment() -> None:
    # 2 of 3: 2 - 1 = 1, no majority point. Sweep: 3. One win, two ties: 1.
    assert totals("asian", *TWO_OF_THREE) == {"A": 1, "B": -1}
    assert totals("asian", *SWEEP) == {"A": 3, "B": -3}
    assert totals("asian", *ONE_WIN_TWO_TIES) == {"A": -1, "B": 1}


@covers("asian", "as-back-bonuses")
@covers("mandarin", "mdr-back-bonuses")
@pytest.mark.parametrize("ruleset_id", ["asian", "mandarin"])
def test_bonus_versions_pay_no_back_hand_bonus(ruleset_id: str) -> None:
    # Two-handed (no scoop): A sweeps B with four kings in the middle and a straight flush
    # in the back; the lost bonus list pays nothing, so 3.
    out = score(ruleset_id, distinct(SCOOPER, SCOOP_B))
    assert out["totals"] == {"A": 3, "B": -3}
    assert out["players"][0]["bonuses"] == []


@covers("asian", "as-scoop")
def test_asian_scoop_four_handed_is_7_from_each() -> None:
    # A beats B, C and D in every segment: 7 from each instead of 3: +21.
    # B v C and B v D: B sweeps, 3 each. C v D: C 2 of 3, 1.
    # B: -7 +3 +3 = -1. C: -7 -3 +1 = -9. D: -7 -3 -1 = -11.
    out = score("asian", distinct(SCOOPER, SCOOP_B, SCOOP_C, SCOOP_D))
    assert out["totals"] == {"A": 21, "B": -1, "C": -9, "D": -11}
    assert "as-scoop" in credit_rules(out)


@covers("asian", "as-scoop")
def test_asian_has_no_three_handed_scoop() -> None:
    # "9 points in the Mandarin Version only": three-handed Asian A sweeps B and C, 3 each.
    # B sweeps C: 3. A +6, B 0, C -6.
    assert totals("asian", SCOOPER, SCOOP_B, SCOOP_C) == {"A": 6, "B": 0, "C": -6}


@covers("asian", "as-scoop-needs-compared-hands", "as-foul")
def test_asian_fouled_opponent_breaks_the_scoop() -> None:
    # D fouls: it pays A, B and C 3 each. A beats B and C in every segment but could not
    # out-rank D's hand as set: no scoop, 3 from each of B and C. B sweeps C: 3.
    # A 3+3+3 = 9; B -3+3+3 = 3; C -3-3+3 = -3; D -9.
    assert totals("asian", SCOOPER, SCOOP_B, SCOOP_C, SCOOP_D_FOULED) == {"A": 9, "B": 3, "C": -3, "D": -9}


@covers("asian", "as-dragon", "as-naturals-meeting")
def test_asian_dragon_13_from_everyone() -> None:
    # A's Dragon collects 13 from each, the six pairs included: +39. B: -13 +4 +4 = -5.
    # D sweeps C: 3. C: -13 -4 -3 = -20. D: -13 -4 +3 = -14.
    out = score("asian", distinct(*DRAGON_DEAL))
    assert out["totals"] == {"A": 39, "B": -5, "C": -20, "D": -14}
    assert matchup(out, "A", "B")["points"] == {"A": 13, "B": -13}


@covers("asian", "as-dragon")
def test_asian_dragon_against_a_foul_collects_13() -> None:
    # The fouled hand (A-K-Q front equal to its A-K-Q-3-2 middle) pays the Dragon's value.
    fouled = player("B", "Ah Kh Qc | As Kc Qd 3h 2h | 9c 9d 9h 8s 8c")
    assert totals("asian", pile("A", DRAGON), fouled) == {"A": 13, "B": -13}
    assert totals("bicycle-club", pile("A", DRAGON), fouled) == {"A": 4, "B": -4}


@covers("asian", "as-naturals-meeting")
def test_asian_other_automatic_wins_push() -> None:
    # Three flushes v six pairs push; each collects 4 from C and D: +8 each.
    # C v D: D 2 of 3 = 1. C: -4 -4 -1 = -9; D: -4 -4 +1 = -7.
    assert totals("asian", *PUSH_DEAL) == {"A": 8, "B": 8, "C": -9, "D": -7}


@covers("asian", "as-natural-option")
def test_asian_player_may_decline_an_automatic_win() -> None:
    # Not declared, the six pairs play as set: A wins 2 of 3, 1. Declared: B collects 4.
    assert totals("asian", DECL_A, player("B", DECL_B_SET)) == {"A": 1, "B": -1}
    assert totals("asian", DECL_A, player("B", DECL_B_SET, declare="natural")) == {"A": -4, "B": 4}


# --- Mandarin --------------------------------------------------------------------------------


@covers("mandarin", "mdr-three-point-scoring")
def test_mandarin_one_point_a_segment() -> None:
    assert totals("mandarin", *TWO_OF_THREE) == {"A": 1, "B": -1}
    assert totals("mandarin", *SWEEP) == {"A": 3, "B": -3}


@covers("mandarin", "mdr-scoop")
def test_mandarin_scoop_four_handed_is_12_from_each() -> None:
    # A: 12 from each of three = +36. B: -12 +3 +3 = -6. C: -12 -3 +1 = -14.
    # D: -12 -3 -1 = -16.
    out = score("mandarin", distinct(SCOOPER, SCOOP_B, SCOOP_C, SCOOP_D))
    assert out["totals"] == {"A": 36, "B": -6, "C": -14, "D": -16}
    assert "mdr-scoop" in credit_rules(out)


@covers("mandarin", "mdr-scoop")
def test_mandarin_scoop_three_handed_is_9_from_each() -> None:
    # A: 9 from each of two = +18. B sweeps C: 3. B: -9 +3 = -6. C: -9 -3 = -12.
    assert totals("mandarin", SCOOPER, SCOOP_B, SCOOP_C) == {"A": 18, "B": -6, "C": -12}
    # Two-handed there is no scoop: a sweep is 3.
    assert totals("mandarin", SCOOPER, SCOOP_B) == {"A": 3, "B": -3}


@covers("mandarin", "mdr-scoop", "mdr-foul")
def test_mandarin_fouled_opponent_breaks_the_scoop() -> None:
    # C fouls (pair of queens in front of a pair of nines) and pays A and B 3 each;
    # A sweeps B: 3, no scoop. A +6, B -3 +3 = 0, C -6.
    assert totals("mandarin", SCOOPER, SCOOP_B, SCOOP_C_FOULED) == {"A": 6, "B": 0, "C": -6}


@covers("mandarin", "mdr-natural-values")
def test_mandarin_automatic_wins_at_bicycle_club_values() -> None:
    # Dragon 4 from each (beating the six pairs): +12. B: -4 +4 +4 = +4.
    # D sweeps C: 3. C: -4 -4 -3 = -11. D: -4 -4 +3 = -5.
    assert totals("mandarin", *DRAGON_DEAL) == {"A": 12, "B": 4, "C": -11, "D": -5}


# --- every quoted rule has a worked deal --------------------------------------------------------

NO_SCORE_EFFECT = {
    "bcc-player-payoffs": "who hands over the chips and who reads the hands; no amount depends on it",
    "bcc-management": "management's discretion and the clock; no amount depends on it",
    "bcc-misdeal": "the list of misdeal situations is lost; a misdealt hand is simply not scored",
}


@pytest.mark.parametrize("ruleset_id", MINE)
def test_every_quoting_rule_has_a_worked_deal(ruleset_id: str) -> None:
    rules = ruleset(ruleset_id).rules
    own = {r.id for r in rules if r.origin == ruleset_id}
    unknown = COVERED[ruleset_id] - own
    assert not unknown, f"tests claim rules {ruleset_id} does not define: {sorted(unknown)}"
    quoting = {r.id for r in rules if r.origin == ruleset_id and r.citations}
    missing = quoting - COVERED[ruleset_id] - set(NO_SCORE_EFFECT)
    assert not missing, f"{ruleset_id}: rules quoting the source without a worked deal: {sorted(missing)}"
