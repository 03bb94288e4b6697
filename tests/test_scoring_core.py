"""Scoring under the first three rulesets, with expected values worked out by hand from the sources.

Each test's comment gives the derivation; the engine's output is never the source of an expectation.
"""

from __future__ import annotations

import copy
from typing import Any

from conftest import example_deal, matchup, player, score

# The royalty deal (chiptalk). Hands, by hand:
#   A: front Ks Kh 4c  pair of kings   | middle 8s 8h 8d 3s 3h full house (royalty 1) | back Ac Ad Ah As 2c four aces (royalty 3)
#   B: front Qs Qd 5c  pair of queens  | middle 9s Ts Js Qh Kd king-high straight      | back 3d 4d 5d 6d 7d straight flush (royalty 4)
#   C: front 2d 3c 6h  six high        | middle 9c 9d Tc Th 4h two pair               | back Jc Jd Jh Qc Kc three jacks
#   D: front 2h 4s 9h  nine high       | middle 5s 5h 6c 6s Td two pair, sixes, fives | back 7h 7c 7s 8c 2s three sevens
ROYALTY_DEAL = [
    player("A", "Ks Kh 4c | 8s 8h 8d 3s 3h | Ac Ad Ah As 2c"),
    player("B", "Qs Qd 5c | 9s Ts Js Qh Kd | 3d 4d 5d 6d 7d"),
    player("C", "2d 3c 6h | 9c 9d Tc Th 4h | Jc Jd Jh Qc Kc"),
    player("D", "2h 4s 9h | 5s 5h 6c 6s Td | 7h 7c 7s 8c 2s"),
]


def ad_players(name: str) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = example_deal(name)["players"]
    return copy.deepcopy(players)


def test_chiptalk_worked_example() -> None:
    # Source 000: "A vs B: ... B collects 2 chips from A", "A vs C: ... she collects 4 chips from C",
    # "A vs D: ... A collects 2 chips from D", "B vs C: ... B gets 2 chips from C",
    # "B vs D: ... B and D break even", "C vs D: ... C gets 2 chips from D",
    # "Final results: A wins 4, B wins 4, C loses 4, and D loses 4."
    out = score("chiptalk", ad_players("chiptalk-a-d.yaml"))
    assert out["totals"] == {"A": 4, "B": 4, "C": -4, "D": -4}
    assert matchup(out, "A", "B")["points"] == {"A": -2, "B": 2}
    assert matchup(out, "A", "B")["segments"] == {"front": "A", "middle": "B", "back": "B"}
    assert matchup(out, "A", "B")["overall"] == "B"
    assert matchup(out, "A", "C")["points"] == {"A": 4, "C": -4}
    assert matchup(out, "A", "D")["points"] == {"A": 2, "D": -2}
    assert matchup(out, "B", "C")["points"] == {"B": 2, "C": -2}
    assert matchup(out, "B", "D")["points"] == {"B": 0, "D": 0}
    assert matchup(out, "B", "D")["segments"]["front"] is None
    assert matchup(out, "B", "D")["overall"] is None
    assert matchup(out, "C", "D")["points"] == {"C": 2, "D": -2}
    # the comparison order of the source: A v B, A v C, A v D, B v C, B v D, C v D
    assert [m["seats"] for m in out["matchups"]] == [
        ["A", "B"], ["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"], ["C", "D"]]


def test_english_harbour_worked_example_under_basic() -> None:
    # Source 002: "Totaling everything; A gains 3, B loses 7, C gains 5 and D loses 1."
    out = score("basic", ad_players("english-harbour-a-d.yaml"))
    assert out["totals"] == {"A": 3, "B": -7, "C": 5, "D": -1}
    assert matchup(out, "A", "B")["points"] == {"A": 3, "B": -3}  # "A wins 3 units from B."
    assert matchup(out, "A", "C")["points"] == {"A": -1, "C": 1}  # "C wins 1unit from A."
    assert matchup(out, "B", "D")["points"] == {"B": -1, "D": 1}  # "D wins 1 unit from B."


def test_same_deal_under_two_four_adds_the_overall_point() -> None:
    # The English Harbour deal under 2-4 scoring: a 3-0 matchup pays 4, each 2-1 matchup pays 2.
    # A: +4 (v B) -2 (v C) +2 (v D) = 4;  B: -4 -4 -2 = -10;  C: +2 +4 +2 = 8;  D: -2 +2 -2 = -2.
    out = score("two-four", ad_players("english-harbour-a-d.yaml"))
    assert out["totals"] == {"A": 4, "B": -10, "C": 8, "D": -2}


def two_player(ruleset_id: str, a: str, b: str) -> dict[str, Any]:
    return score(ruleset_id, [player("A", a), player("B", b)])


def test_two_four_two_of_three_and_sweep_and_ties() -> None:
    # A: pair of aces front, two pair middle, flush back; B: king high, pair, straight.
    # A wins all three: 3 + overall = 4 (tf-shortcuts "all three hands gets four points").
    out = two_player("two-four", "As Ad 2c | Kh Kd 5s 5d 3c | 2h 7h 9h Jh Qh", "Ks 7c 4d | Qs Qd 8c 6s 3s | 4c 5h 6h 7d 8d")
    assert out["totals"] == {"A": 4, "B": -4}
    # Now B's back beats A's: B's spade flush over A's eight-high straight. A wins front and middle: 2 - 1 + 1 = 2.
    out = two_player("two-four", "As Ad 2c | Kh Kd 5s 5d 3c | 4c 5h 6h 7d 8d", "Ks 7c 4d | Qs Qd 8c 6s 3s | 2s 7s 9s Js Ts")
    assert out["totals"] == {"A": 2, "B": -2}
    assert matchup(out, "A", "B")["overall"] == "A"


def test_two_four_one_win_and_two_ties_earns_the_overall_point() -> None:
    # Fronts equal (A K Q each), middles equal (nines and fours, six kicker, each); A's heart flush beats B's three
    # sevens in the back. Totals 1 to 0, so A takes the overall point too (tf-overall-point, higher total): A +2.
    out = two_player("two-four", "Ac Kc Qd | 9c 9d 4c 4d 6c | 2h 5h 8h Th Jh", "Ah Kd Qs | 9h 9s 4h 4s 6d | 7s 7d 7c 3s 2s")
    assert matchup(out, "A", "B")["segments"] == {"front": None, "middle": None, "back": "A"}
    assert out["totals"] == {"A": 2, "B": -2}


def test_two_four_win_loss_tie_is_even() -> None:
    # A wins the front (pair of aces v king high), middles are equal (nines and threes, six kicker), B wins the back
    # (spade flush v eight-high straight): 1 - 1, equal totals, no overall point.
    out = two_player("two-four", "As Ad 2c | 9c 9d 3c 3d 6c | 4h 5h 6s 7d 8d", "Ks 7c 4s | 9h 9s 3h 3s 6d | 2s 5s 8s Js Ts")
    assert out["totals"] == {"A": 0, "B": 0}
    assert matchup(out, "A", "B")["overall"] is None


def test_chiptalk_royalties_are_added_before_the_overall_point() -> None:
    # A v B: A wins front (kings v queens) and middle (full house v straight), B wins back (straight flush v four aces).
    # Royalties, paid whether the segment wins or not: A 1 (middle full house) + 3 (back quads) = 4; B 4 (straight flush).
    # Totals A 2 + 4 = 6, B 1 + 4 = 5: overall point to A. A collects 7 - 5 = 2.
    # A v C and A v D: A sweeps: 3 + 4 royalties + 1 overall = 8 each. B v C and B v D likewise: 3 + 4 + 1 = 8.
    # C v D: D wins the front (nine high v six high), C the middle (tens and nines v sixes and fives) and the back
    # (jacks v sevens): 2 - 1 + 1 = C +2.  Totals: A 2+8+8 = 18, B -2+8+8 = 14, C -8-8+2 = -14, D -8-8-2 = -18.
    out = score("chiptalk", ROYALTY_DEAL)
    assert matchup(out, "A", "B")["points"] == {"A": 2, "B": -2}
    assert matchup(out, "A", "B")["overall"] == "A"
    assert matchup(out, "C", "D")["points"] == {"C": 2, "D": -2}
    assert out["totals"] == {"A": 18, "B": 14, "C": -14, "D": -18}
    royalty_rules = sorted(c["rule"] for c in matchup(out, "A", "B")["credits"] if c["kind"] == "bonus")
    assert royalty_rules == ["ct-royalty-four-of-a-kind", "ct-royalty-full-house", "ct-royalty-straight-flush"]


def ad_with(seat: str, **changes: Any) -> list[dict[str, Any]]:
    players = ad_players("chiptalk-a-d.yaml")
    for p in players:
        if p["seat"] == seat:
            for key, value in changes.items():
                if value is None:
                    p.pop(key, None)
                else:
                    p[key] = value
    return players


def test_chiptalk_mis_set_loses_six_to_each_player() -> None:
    # A swaps middle and back: three fours in the middle, a pair of queens in the back -> mis-set (ct-mis-set):
    # A pays 6 to each of B, C, D. The rest as in the worked example: B v C +2 B, B v D even, C v D +2 C.
    # A -18; B 6 + 2 = 8; C 6 - 2 + 2 = 6; D 6 - 2 = 4.
    players = ad_with("A", middle=["4h", "4d", "4c", "Qc", "3h"], back=["Qh", "Qd", "Jc", "3s", "2d"])
    out = score("chiptalk", players)
    assert out["players"][0]["status"] == "foul"
    assert out["totals"] == {"A": -18, "B": 8, "C": 6, "D": 4}
    assert {c["rule"] for c in matchup(out, "A", "B")["credits"]} == {"ct-mis-set"}


def test_chiptalk_surrender_with_notice_and_timeout() -> None:
    # Surrender: "lose 2 points from each player" -> A -6; B 2 + 2 = 4; C 2 - 2 + 2 = 2; D 2 - 2 = 0.
    surrender = ad_with("A", declare="surrender", front=None, middle=None, back=None)
    assert score("chiptalk", surrender)["totals"] == {"A": -6, "B": 4, "C": 2, "D": 0}
    # Timeout: "will lose all match ups ... -12 for the hand" -> A -12; B 4 + 2 = 6; C 4 - 2 + 2 = 4; D 4 - 2 = 2.
    timeout = ad_with("A", declare="timeout", front=None, middle=None, back=None)
    assert score("chiptalk", timeout)["totals"] == {"A": -12, "B": 6, "C": 4, "D": 2}


# A dragon in clubs for A (13 ranks; also three flushes and three straights, but the Dragon outranks them),
# and three hands without a natural for B, C, D.
DRAGON_DEAL = [
    player("A", "2c 3c 4c | 5c 6c 7c 8c 9c | Tc Jc Qc Kc Ac"),
    player("B", "2d 3d 9h | Kd Kh 5s 6s 8d | Ad Ah As Js Ts"),
    player("C", "4d 5h 7s | 9d 9s Td Th 4h | Qd Qh Qs 2h 3h"),
    player("D", "2s 3s 4s | 6d 6h 7d 7h Ks | 8h 8s Jd Jh 5d"),
]


def test_chiptalk_dragon_wins_ten_from_each_player() -> None:
    # ct-dragon: "worth an additional 6 points (10 total points)", read as 10 from each player: A +30.
    out = score("chiptalk", DRAGON_DEAL)
    assert out["players"][0]["natural"] == "dragon"
    for other in "BCD":
        assert matchup(out, "A", other)["points"]["A"] == 10
    assert out["totals"]["A"] == 30
    assert sum(out["totals"].values()) == 0


def test_chiptalk_naturals_are_automatic_even_when_the_setting_fouls() -> None:
    # The same dragon set with the high clubs in front: as a setting it fouls, but naturals need no declaration here.
    players = copy.deepcopy(DRAGON_DEAL)
    players[0] = player("A", "Qc Kc Ac | 2c 3c 4c 5c 6c | 7c 8c 9c Tc Jc")
    out = score("chiptalk", players)
    assert out["players"][0]["status"] == "natural"
    assert out["totals"]["A"] == 30


def test_two_non_dragon_naturals_push_and_both_collect() -> None:
    # A: six pairs (2 5 7 9 J K pairs and the ace). B: three flushes (hearts front, diamonds middle, spades back).
    # ct-naturals-meeting: naturals that are not Dragons push; each collects 4 (3 + overall) from C and from D.
    # C v D is compared: D wins the front (7-5-2 v 6-4-2), C the middle (queens v nines) and the back (flush v straight):
    # C +2. Totals: A 8, B 8, C -4 -4 +2 = -6, D -4 -4 -2 = -10.
    players = [
        player("A", "2c 2d Ac | 5c 5d 7c 7d 9c | 9d Jc Jd Kc Kd"),
        player("B", "3h 6h 8h | 3d 4d 6d 8d Td | 3s 6s 8s Qs As"),
        player("C", "4c 6c 2h | Qh Qd 8c Tc 3c | Ah Kh Jh Th 4h"),
        player("D", "5h 7h 2s | 9h 9s 4s 5s 7s | Ts Js Qc Ks Ad"),
    ]
    out = score("chiptalk", players)
    statuses = {p["seat"]: (p["status"], p["natural"]) for p in out["players"]}
    assert statuses == {"A": ("natural", "six-pairs"), "B": ("natural", "three-flushes"),
                        "C": ("normal", None), "D": ("normal", None)}
    assert matchup(out, "A", "B")["points"] == {"A": 0, "B": 0}
    assert out["totals"] == {"A": 8, "B": 8, "C": -6, "D": -10}
