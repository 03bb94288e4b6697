"""Generate the conformance corpus's case families: the same worked examples under each ruleset.

It does NOT import cpspec and never asks the engine for an answer. Every expected value
comes from one of two places:

* a table below, written by hand, where each hand's category or each comparison's
  winner is what standard poker ranking says (the comment beside each entry says why);
  where a ruleset parameter changes the answer (where the wheel ranks, strict or
  equal-allowed setting order, how a front ties a middle), the rule that decides is
  applied to the ruleset's parameters here, in plain code;
* for the counting cases and the natural-detection cases, the independent brute-force
  enumerator conformance/tools/count_settings.py (which tries all 72,072 settings).

Which rulesets get which family is listed explicitly in RULESETS, so adding a ruleset adds
cases without changing any existing one (case ids are immutable). Run from the repository
root::

    python conformance/tools/generate_cases.py          # writes conformance/cases/generated/
    python conformance/tools/generate_cases.py --check  # exits 1 if a generated file is stale
    python conformance/tools/generate_cases.py --family=collection  # one family only (the counting
                                                                     # family takes minutes)
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import count_settings  # a sibling script, not a package

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "conformance" / "cases" / "generated"

#: The rulesets each family covers, in the order their cases were added. Append only.
RULESETS: tuple[str, ...] = (
    "basic", "two-four", "chiptalk",
    "english-harbour-western", "english-harbour-eastern", "chart-2020", "bicycle-club", "asian", "mandarin",
    "pagat", "wikipedia-two-four",
    "shisanshui", "shisanshui-malayan", "shisanshui-vietnamese",
    "open-face", "open-face-wikipedia", "pineapple", "progressive-pineapple", "turbo", "pineapple-2-7",
)


@dataclass
class Case:
    id: str
    description: str
    rulesets: list[str]
    op: str
    input: dict[str, Any]
    expected: dict[str, Any]
    pins: list[str]
    tags: list[str]
    derivation: str


@dataclass
class RulesetFacts:
    """What the generator reads from a ruleset file (plain data, no engine)."""

    id: str
    params: dict[str, Any]
    interpreted: set[str] = field(default_factory=set)  # rule ids with an interpretation

    @property
    def wheel(self) -> str:
        return str(self.params["hands"]["wheel"])

    @property
    def setting(self) -> dict[str, Any]:
        return dict(self.params["setting"])

    def tags_for(self, pins: list[str], tags: list[str]) -> list[str]:
        """Add `ambiguity` when a pinned rule is an interpretation the case shows."""
        return [*tags, "ambiguity"] if any(p in self.interpreted for p in pins) else tags


def load_facts(ruleset_id: str) -> RulesetFacts:
    path = ROOT / "rulesets" / f"{ruleset_id}.yaml"
    params = count_settings.ruleset_parameters(path)
    interpreted = {r["id"] for r in _all_rules(path) if "interpretation" in r}
    return RulesetFacts(ruleset_id, params, interpreted)


def _all_rules(path: Path) -> list[dict[str, Any]]:
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules: list[dict[str, Any]] = []
    if "extends" in doc:
        removed = set(doc.get("removes_rules", []))
        rules = [r for r in _all_rules(path.parent / f"{doc['extends']}.yaml") if r["id"] not in removed]
    return rules + list(doc.get("rules", []))


def cards(text: str) -> list[str]:
    return text.split()


# --- classify -------------------------------------------------------------------------
# (slug, cards, category, royal, why). Written by hand from the standard hand ranking.

CLASSIFY_FIVE = [
    ("royal-flush", "As Ks Qs Js Ts", "straight_flush", True, "ace-high straight flush of spades: a royal flush"),
    ("straight-flush", "9h 8h 7h 6h 5h", "straight_flush", False, "five hearts in sequence 5-9"),
    ("steel-wheel", "5d 4d 3d 2d Ad", "straight_flush", False, "A-2-3-4-5 of diamonds: a straight flush, not royal"),
    ("four-of-a-kind", "7c 7d 7h 7s 2d", "four_of_a_kind", False, "four sevens and a kicker"),
    ("full-house", "Kc Kd Kh 4s 4d", "full_house", False, "three kings and a pair of fours"),
    ("flush", "Ad Jd 8d 6d 2d", "flush", False, "five diamonds not in sequence"),
    ("flush-near-straight", "Kh Qh Jh Th 8h", "flush", False, "five hearts, K-Q-J-T-8 is not a sequence"),
    ("straight", "9c Td Jh Qs Kc", "straight", False, "9 to K in mixed suits"),
    ("broadway", "Ac Kd Qh Js Tc", "straight", False, "T to A in mixed suits: a straight, royal only when suited"),
    ("wheel", "5d 4c 3h 2s Ad", "straight", False, "A-2-3-4-5: the ace plays low in a straight"),
    ("no-wraparound", "Qc Kd Ah 2s 3c", "high_card", False, "Q-K-A-2-3 does not wrap around: ace high"),
    ("three-of-a-kind", "5c 5d 5h Ks 2d", "three_of_a_kind", False, "three fives and two odd cards"),
    ("two-pair", "Jc Jd 4h 4s Ac", "two_pair", False, "jacks and fours"),
    ("pair", "6c 6d 8h 4s 2c", "pair", False, "a pair of sixes"),
    ("high-card", "Ac Qd 9h 6s 3c", "high_card", False, "no pair, no sequence, mixed suits"),
    ("four-flush", "2c 5c 9c Jc Kd", "high_card", False, "four clubs and a diamond is not a flush"),
    ("four-straight", "2c 3d 4h 5s 7c", "high_card", False, "2-3-4-5 and a 7 is not a straight"),
]

CLASSIFY_FRONT = [
    ("front-trips", "Qs Qd Qc", "three_of_a_kind", "three queens"),
    ("front-pair", "Qs Qd Ac", "pair", "a pair of queens with an ace"),
    ("front-high-card", "Ah Kd Qc", "high_card", "ace high"),
    ("front-three-suited-sequence", "Qh Kh Ah", "high_card", "three hearts in sequence count only as ace high in a front"),
    ("front-sequence", "4c 5d 6h", "high_card", "a 3-card sequence is not a straight in a front: six high"),
    ("front-suited", "2s 7s Js", "high_card", "three spades are not a flush in a front: jack high"),
]


def classify_cases(facts: RulesetFacts) -> list[Case]:
    p = facts.params
    out: list[Case] = []
    for slug, hand, category, royal, why in CLASSIFY_FIVE:
        pins = [p["hands"]["rule"]]
        tags = ["hand-ranking"] + (["wheel"] if slug in ("wheel", "steel-wheel") else [])
        out.append(Case(
            f"classify-{slug}-{facts.id}", f"{hand} is {category.replace('_', ' ')}", [facts.id], "classify",
            {"cards": cards(hand)}, {"category": category, "royal": royal}, pins, tags,
            f"{why}; standard poker categories (the ruleset's hand rankings) -> {category}, royal {str(royal).lower()}",
        ))
    for slug, hand, category, why in CLASSIFY_FRONT:
        pins = [p["hands"].get("front_rule") or p["hands"]["rule"]]
        out.append(Case(
            f"classify-{slug}-{facts.id}", f"front {hand} is {category.replace('_', ' ')}", [facts.id], "classify",
            {"cards": cards(hand)}, {"category": category, "royal": False}, pins, ["hand-ranking"],
            f"{why}; a 3-card front is only three of a kind, a pair or high card -> {category}",
        ))
    return out


# --- compare (same size) --------------------------------------------------------------
# (slug, a, b, winner, why, tags). Hand-worked; none depends on a ruleset parameter.

COMPARE_SAME = [
    # the lowest hand of each category beats the highest hand of the category below
    ("pair-beats-high-card", "2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c", "a", "a pair of deuces beats ace high", []),
    ("two-pair-beats-pair", "3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc", "a", "the lowest two pair beats a pair of aces", []),
    ("trips-beat-two-pair", "2c 2d 2h 3s 4c", "Ac Ad Kh Ks Qc", "a", "three deuces beat aces up", []),
    ("wheel-beats-trips", "Ac 2d 3h 4s 5c", "Ad Ah As Kc Qd", "a", "the wheel is a straight wherever it ranks among straights, and any straight beats three aces", ["wheel"]),
    ("flush-beats-straight", "2c 3c 4c 5c 7c", "Ad Kd Qh Js Th", "a", "a seven-high flush beats the ace-high straight", []),
    ("full-house-beats-flush", "2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h", "a", "the lowest full house beats an ace-high flush", []),
    ("quads-beat-full-house", "2c 2d 2h 2s 3c", "Ac Ad Ah Ks Kc", "a", "four deuces beat aces full", []),
    ("straight-flush-beats-quads", "Ac 2c 3c 4c 5c", "Kc Kd Kh Ks Ad", "a", "the steel wheel (a straight flush) beats four kings", ["wheel"]),
    ("royal-beats-king-high-straight-flush", "As Ks Qs Js Ts", "Kh Qh Jh Th 9h", "a", "ace-high straight flush beats king-high", []),
    ("straight-flush-by-top-card", "9h 8h 7h 6h 5h", "8c 7c 6c 5c 4c", "a", "nine-high straight flush beats eight-high", []),
    # kickers at each position
    ("high-card-fifth-card", "Ac Kd Qh Js 9c", "Ad Kh Qs Jc 8d", "a", "A-K-Q-J equal, fifth card 9 beats 8", ["kicker"]),
    ("high-card-fourth-card", "Ac Kd Qh Js 3c", "Ad Kh Qs Tc 9d", "a", "A-K-Q equal, fourth card J beats T", ["kicker"]),
    ("high-card-third-card", "Ac Kd Qh 3s 2c", "Ad Kh Js Tc 9d", "a", "A-K equal, third card Q beats J", ["kicker"]),
    ("high-card-second-card", "Ac Kd 4h 3s 2c", "Ad Qh Js Tc 9d", "a", "aces equal, second card K beats Q", ["kicker"]),
    ("high-card-first-card", "Kc 5d 4h 3s 2c", "Qd Jh Ts 9c 7d", "a", "king high beats queen high whatever follows", ["kicker"]),
    ("pair-rank-before-kickers", "9c 9d 4h 3s 2c", "8c 8d Ah Ks Qc", "a", "the pair's rank decides before any kicker", ["kicker"]),
    ("pair-first-kicker", "9c 9d Ah 3s 2c", "9h 9s Kd Qc Jd", "a", "nines each, first kicker A beats K", ["kicker"]),
    ("pair-second-kicker", "9c 9d Ah Ks 2c", "9h 9s Ad Qc Jd", "a", "nines and aces each, second kicker K beats Q", ["kicker"]),
    ("pair-third-kicker", "9c 9d Ah Ks 3c", "9h 9s Ad Kc 2d", "a", "nines, A, K each, third kicker 3 beats 2", ["kicker"]),
    ("two-pair-high-pair", "Kc Kd 2h 2s 3c", "Qc Qd Jh Js Ac", "a", "kings up beat queens up", ["kicker"]),
    ("two-pair-low-pair", "Kc Kd 3h 3s 2c", "Kh Ks 2h 2s Ac", "a", "kings each, second pair threes beat deuces; the ace kicker comes last", ["kicker"]),
    ("two-pair-kicker", "Kc Kd 3h 3s 5c", "Kh Ks 3c 3d 4c", "a", "kings and threes each, kicker 5 beats 4", ["kicker"]),
    ("trips-rank", "3c 3d 3h 2s 4c", "2c 2d 2h Ad Kc", "a", "three threes beat three deuces despite the ace-king kickers", ["kicker"]),
    ("straight-by-top-card", "7c 6d 5h 4s 3c", "6c 5d 4h 3s 2c", "a", "seven-high straight beats six-high", []),
    ("flush-first-card", "Ah Jh 8h 6h 2h", "Kd Qd Jd 9d 7d", "a", "ace-high flush beats king-high", ["kicker"]),
    ("flush-second-card", "Ah Qh 4h 3h 2h", "Ad Jd Td 9d 7d", "a", "aces equal, second card Q beats J", ["kicker"]),
    ("flush-third-card", "Ah Kh 9h 3h 2h", "Ad Kd 8d 7d 6d", "a", "A-K equal, third card 9 beats 8", ["kicker"]),
    ("flush-fourth-card", "Ah Kh Qh 9h 2h", "Ad Kd Qd 8d 7d", "a", "A-K-Q equal, fourth card 9 beats 8", ["kicker"]),
    ("flush-fifth-card", "Ah Jh 8h 6h 3h", "Ad Jd 8d 6d 2d", "a", "A-J-8-6 equal, fifth card 3 beats 2", ["kicker"]),
    ("full-house-trips-first", "4c 4d 4h 2s 2c", "3c 3d 3h As Ac", "a", "fours full beat threes full: the three of a kind decides before the pair", ["kicker"]),
    ("quads-rank", "5c 5d 5h 5s 2c", "4c 4d 4h 4s Ac", "a", "four fives beat four fours whatever the kicker", ["kicker"]),
    # suits never break ties
    ("tie-high-card-suits", "Ac Kd Qh Js 9c", "Ad Kh Qs Jc 9d", "tie", "same ranks in other suits: suits never break ties", []),
    ("tie-pair-suits", "Ac Ad Kh Qs Jc", "Ah As Kc Qd Jd", "tie", "aces with K-Q-J each: suits never break ties", []),
    ("tie-straight-suits", "9c 8d 7h 6s 5c", "9d 8h 7s 6c 5d", "tie", "two nine-high straights are equal", []),
    ("tie-flush-suits", "Ah Jh 8h 6h 3h", "As Js 8s 6s 3s", "tie", "flushes of the same ranks are equal: no suit is higher", []),
    ("tie-royal-flushes", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "tie", "two royal flushes are equal", []),
    ("tie-wheels", "Ad 2c 3h 4s 5d", "Ac 2d 3s 4h 5c", "tie", "two wheels are equal wherever the wheel ranks", ["wheel"]),
    # fronts against fronts
    ("front-trips-beat-pair", "2c 2d 2h", "Ac As Kd", "a", "three deuces beat a pair of aces", []),
    ("front-pair-beats-high", "2c 2d 3h", "Ac Kd Qh", "a", "a pair of deuces beats ace high", []),
    ("front-pair-kicker", "Qs Qd Ac", "Qh Qc Kd", "a", "queens each, kicker A beats K", ["kicker"]),
    ("front-pair-rank", "Ks Kd 2c", "Qs Qd Ac", "a", "kings beat queens whatever the kicker", ["kicker"]),
    ("front-high-third-card", "Ah Kd 3c", "As Kc 2d", "a", "A-K equal, third card 3 beats 2", ["kicker"]),
    ("front-high-second-card", "Ah Qd 2c", "As Jc Td", "a", "aces equal, second card Q beats J", ["kicker"]),
    ("front-trips-rank", "3c 3d 3h", "2c 2d 2h", "a", "three threes beat three deuces", []),
    ("front-tie-suits", "Ah Kd Qc", "As Kc Qd", "tie", "same ranks: suits never break ties", []),
    ("front-sequence-is-high-card", "4c 5d 6h", "7c 3d 2h", "b", "a 3-card sequence is not a straight: six high loses to seven high", []),
    ("front-suited-is-high-card", "2s 7s Js", "Qc 3d 2h", "b", "three spades are not a flush: jack high loses to queen high", []),
]

# Where the wheel ranks decides these: (slug, a, b, winner if lowest, winner if second_highest, why)
COMPARE_WHEEL = [
    ("wheel-v-six-high", "Ad 2c 3h 4s 5d", "6c 5h 4d 3c 2h", "b", "a", "the six-high straight"),
    ("wheel-v-king-high", "Ad 2c 3h 4s 5d", "Kc Qd Jh Ts 9c", "b", "a", "the king-high straight"),
    ("wheel-v-broadway", "Ad 2c 3h 4s 5d", "Ac Kd Qh Js Tc", "b", "b", "the ace-high straight"),
    ("steel-wheel-v-six-high-straight-flush", "Ac 2c 3c 4c 5c", "6h 5h 4h 3h 2h", "b", "a", "the six-high straight flush"),
    ("steel-wheel-v-king-high-straight-flush", "Ac 2c 3c 4c 5c", "Kh Qh Jh Th 9h", "b", "a", "the king-high straight flush"),
]


def compare_cases(facts: RulesetFacts) -> list[Case]:
    rule = facts.params["hands"]["rule"]
    front_rule = facts.params["hands"].get("front_rule") or rule
    out: list[Case] = []
    for slug, a, b, winner, why, extra in COMPARE_SAME:
        front = slug.startswith("front-")
        pins = [front_rule] if front else [rule]
        tags = ["hand-ranking", *extra]
        out.append(Case(
            f"compare-{slug}-{facts.id}", f"{a} v {b}: {winner}", [facts.id], "compare",
            {"a": cards(a), "b": cards(b)}, {"winner": winner}, pins, tags, f"{why} -> {winner}",
        ))
    for slug, a, b, lowest, second, what in COMPARE_WHEEL:
        winner = lowest if facts.wheel == "lowest" else second
        place = ("A-2-3-4-5 is the lowest straight" if facts.wheel == "lowest"
                 else "A-2-3-4-5 ranks second, just below A-K-Q-J-T")
        out.append(Case(
            f"compare-{slug}-{facts.id}", f"{a} v {b}: {winner} (wheel {facts.wheel})", [facts.id], "compare",
            {"a": cards(a), "b": cards(b)}, {"winner": winner}, [rule],
            facts.tags_for([rule], ["hand-ranking", "wheel"]),
            f"the ruleset says {place}, so against {what} the winner is {winner}",
        ))
    return out


# --- a 3-card front against a 5-card middle ----------------------------------------------
# (slug, a, b, result when all of the front's ranks are matched..., why). `result_equal` is
# the winner under front_middle_ties: equal; under middle_higher a full match goes to the
# 5-card hand instead (marked "tie" -> the middle's side).

CROSS = [
    ("cross-pair-ace-kicker-v-king-kicker", "Qs Qd Ac", "Qh Qc Kd 7s 2s", "a",
     "queens each; the front's kicker A beats the middle's first kicker K, so the front is higher"),
    ("cross-high-cards-all-matched", "Ah Kd Qc", "As Kc Qd 3h 2c", "tie",
     "A-K-Q against A-K-Q: every rank the front has is matched; only the middle's extra 3-2 remain"),
    ("cross-middle-first-all-matched", "As Kc Qd 3h 2c", "Ah Kd Qc", "tie",
     "the same hands the other way round (a is the 5-card middle)"),
    ("cross-pair-and-kicker-matched", "Qs Qd Kc", "Qh Qc Kd 7s 2s", "tie",
     "queens with a king each; the middle's 7 and 2 are extra cards the front does not have"),
    ("cross-pair-lower-kicker", "Qs Qd 2c", "Qh Qc 5s 4s 3d", "b",
     "queens each; the front's kicker 2 loses to the middle's first kicker 5"),
    ("cross-high-card-third-rank", "Ah Kd Qc", "As Kc Jd 3h 2c", "a",
     "A-K each; the front's Q beats the middle's third card J"),
    ("cross-trips-beat-two-pair", "2c 2d 2h", "Ac Ad Kh Ks Qc", "a",
     "three of a kind is a higher category than two pair"),
    ("cross-trips-beat-lower-trips", "3c 3d 3h", "2c 2d 2h As Ks", "a",
     "three threes beat three deuces"),
    ("cross-pair-loses-to-two-pair", "Ac Ad Kh", "3c 3d 2h 2s 4c", "b",
     "two pair is a higher category than a pair"),
    ("cross-high-card-loses-to-pair", "Ac Kd Qh", "2c 2d 3h 4s 5c", "b",
     "a pair is a higher category than high card"),
    ("cross-pair-rank", "Ac Ad 2h", "Kc Kd Qh Js 9c", "a",
     "aces beat kings before any kicker"),
]


def cross_cases(facts: RulesetFacts) -> list[Case]:
    setting = facts.setting
    rule = setting.get("cross_size_rule") or setting["rule"]
    ties = setting["front_middle_ties"]
    out: list[Case] = []
    for slug, a, b, result, why in CROSS:
        winner = result
        how = ""
        if result == "tie":
            if ties == "middle_higher":
                winner = "a" if len(cards(a)) == 5 else "b"
                how = "; under this ruleset the middle's extra cards make it higher"
            else:
                how = "; under this ruleset the two are equal (the extra cards do not count)"
        pins = [rule]
        out.append(Case(
            f"compare-{slug}-{facts.id}", f"front v middle {a} v {b}: {winner}", [facts.id], "compare",
            {"a": cards(a), "b": cards(b)}, {"winner": winner}, pins,
            facts.tags_for(pins, ["front-middle"]),
            f"category first, then the front's ranks against the middle's in the same positions: {why}{how} -> {winner}",
        ))
    return out


# --- check_setting ------------------------------------------------------------------------
# (slug, front, middle, back, kind, why); kind: "valid", "foul", "equal-back" (back equals
# middle), "equal-front" (front equals middle, all its ranks matched).

SETTINGS = [
    ("valid-chiptalk-a", "Ts 6d 6h", "Qh Qd Jc 3s 2d", "4h 4d 4c Qc 3h", "valid",
     "pair of sixes < pair of queens < three fours"),
    ("valid-front-pair-lower-kicker", "Qs Qd 2c", "Qh Qc Kd 7s 3s", "8c 8d 8h 4c 5d", "valid",
     "front queens with a 2 < middle queens with K-7-3 < three eights"),
    ("foul-back-below-middle", "9d 7h 5s", "Kd Kh Ks Ad 7d", "9h 9s 6s 6c Jh", "foul",
     "the back (two pair) is lower than the middle (three kings)"),
    ("foul-trips-front-two-pair-middle", "4h 4d 4c", "9h 9s 6s 6c Jh", "Kd Kh Ks Ad 7d", "foul",
     "three fours in front are higher than two pair in the middle (the source's own mis-set example)"),
    ("foul-lower-flush-in-back", "2c 4s 5c", "Ah Jh 8h 6h 3h", "Kd Qd Jd 9d 7d", "foul",
     "both flushes; the king-high flush in back is lower than the ace-high flush in the middle"),
    ("foul-front-kicker-beats-middle", "Qs Qd Ac", "Qh Qc Kd 7s 2s", "8c 8d 8h 3c 4d", "foul",
     "front queens with an ace are higher than middle queens with a king"),
    ("foul-middle-below-front-pair", "Ac Ad 2h", "Kc Kd Qh Js 9c", "7c 7d 7h 3s 4s", "foul",
     "front aces are higher than middle kings"),
    ("equal-back-straights", "2c 3d 4h", "9c 8d 7h 6s 5c", "9d 8h 7s 6c 5d", "equal-back",
     "middle and back are both nine-high straights: equal"),
    ("equal-back-flushes", "2c 4s 5c", "Ah Jh 8h 6h 3h", "As Js 8s 6s 3s", "equal-back",
     "middle and back are flushes of the same ranks: equal"),
    ("equal-front-middle-high-cards", "Ah Kd Qc", "As Kc Qd 3h 2c", "7c 7d 7h 8s 9s", "equal-front",
     "front A-K-Q against middle A-K-Q-3-2: every rank the front has is matched"),
    ("equal-front-middle-pairs", "Qs Qd Kc", "Qh Qc Kd 7s 2s", "8c 8d 8h 3c 4d", "equal-front",
     "front queens with a king against middle queens with K-7-2: every rank the front has is matched"),
]


def setting_cases(facts: RulesetFacts) -> list[Case]:
    s = facts.setting
    if "none" in (s["back_over_middle"], s["middle_over_front"]):
        return []  # these settings assume the back, middle and front ordered in turn; such a ruleset has its own
    out: list[Case] = []
    for slug, front, middle, back, kind, why in SETTINGS:
        pins = [s["rule"]]
        tags = ["setting"]
        if kind == "valid":
            fouled, how = False, "the order holds"
        elif kind == "foul":
            fouled, how = True, "a higher hand stands in front of a lower one"
            tags.append("foul")
        elif kind == "equal-back":
            fouled = s["back_over_middle"] == "strict"
            how = ("the back must be higher than the middle, so equal fouls" if fouled
                   else "the back need only be at least as high as the middle, so equal is allowed")
            tags += ["foul"] if fouled else []
        else:
            if s.get("cross_size_rule"):
                pins.append(s["cross_size_rule"])
            middle_wins = s["front_middle_ties"] == "middle_higher"
            fouled = s["middle_over_front"] == "strict" and not middle_wins
            if middle_wins:
                how = "the middle's extra cards make it higher than the front, so the order holds"
            elif fouled:
                how = "the two are equal and the middle must be higher than the front, so it fouls"
            else:
                how = "the two are equal, and equal is allowed"
            tags += ["front-middle"] + (["foul"] if fouled else [])
        verdict = "fouls" if fouled else "does not foul"
        out.append(Case(
            f"setting-{slug}-{facts.id}", f"{front} / {middle} / {back} {verdict}", [facts.id], "check_setting",
            {"front": cards(front), "middle": cards(middle), "back": cards(back)}, {"fouled": fouled},
            pins, facts.tags_for(pins, tags) if kind.startswith("equal") else tags,
            f"{why}; {how} -> fouled {str(fouled).lower()}",
        ))
    return out


# --- natural detection ------------------------------------------------------------------
# (slug, 13 cards, why, detection options it turns on). What each hand holds is found by
# the brute-force enumerator (count_settings.survey), under the ruleset's own detection
# options; the "why" says, by hand, what the default options (quads as two pairs, trips as
# a pair, A-2-3 and Q-K-A fronts but not K-A-2, suits may repeat, straight flushes count)
# make of it.

NATURAL_HANDS = [
    ("dragon-mixed-suits", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
     "one card of each rank: a dragon; set A-2-3 / 4-8 / 9-K it is also three straights; four clubs and "
     "three of each other suit make no three flushes; no pair", ("dragon",)),
    ("dragon-one-suit", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac",
     "thirteen clubs: a dragon, three straights (A-2-3 / 4-8 / 9-K, straight flushes counting) and three "
     "flushes (every segment clubs)", ("dragon",)),
    ("twelve-ranks", "2c 2d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
     "no three: not a dragon; a deuce can only sit in A-2-3, 2-3-4, A-2-3-4-5 or 2-3-4-5-6, all of which need "
     "a three, so no three straights; one pair; suits 4/3/3/3, no three flushes: nothing", ()),
    ("six-pairs", "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c",
     "pairs of 2 to 7 and an 8: six pairs; suits 5 clubs, 4 diamonds, 4 hearts: no three flushes; the only "
     "five-card straights are 2-6, 3-7 and 4-8, and no two of them leave a three-card straight", ()),
    ("six-pairs-with-quads", "2c 2d 2h 2s 3c 3d 4c 4d 5c 5d 6c 6d 9h",
     "four deuces count as two pairs, with 3, 4, 5, 6: six pairs; four deuces cannot go into three straights; "
     "suits 5/5/2/1", ("quads_count_as_two_pairs",)),
    ("six-pairs-with-trips", "2c 2d 2h 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d",
     "three deuces count as a pair, with 3, 4, 5, 6, 7: six pairs; each segment would need a deuce (2-3-4 in "
     "front, 2-6 twice) and so three threes: no three straights; suits 6/6/1", ("trips_count_as_pair",)),
    ("five-pairs-near-miss", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 8h Th Qs",
     "five pairs and three odd cards: not six pairs; 2-6 twice leaves 8-T-Q, not a straight; suits 5/5/1/1/1: "
     "nothing", ()),
    ("three-flushes-5-5-3", "2c 4c 6c 8c Tc 3d 5d 7d 9d Jd 2h 9h Kh",
     "five clubs, five diamonds, three hearts: three flushes; the king fits no straight without a queen; two "
     "pairs", ()),
    ("three-flushes-8-5", "2c 3c 5c 7c 9c Jc Kc Ac 2d 4d 6d 8d Td",
     "eight clubs (three in front, five in the middle) and five diamonds: three flushes where two segments "
     "share a suit; no queen, so the king fits no straight; one pair", ("three_flushes_distinct_suits",)),
    ("three-flushes-near-miss-7-6", "2c 3c 5c 7c 9c Jc Kc 2d 4d 6d 8d Td Qd",
     "seven clubs and six diamonds cannot be split into 3 / 5 / 5 of one suit each; no ace, and the two deuces "
     "cannot both go into straights: nothing", ()),
    ("three-straights", "2c 3d 4h 5s 6c 7d 8h 9s 5c 6d 7h 8s 9c",
     "2-3-4 in front and 5-6-7-8-9 twice: three straights; five pairs only; suits 4/3/3/3", ()),
    ("three-straights-ace-high-front", "Qc Kd Ah 2c 3d 4h 5s 6c 2d 3h 4s 5c 6d",
     "Q-K-A in front and 2-3-4-5-6 twice: three straights, but only with the ace high in a 3-card straight "
     "(queen and king fit no 5-card straight here); five pairs", ("front_straight_ace_high",)),
    ("three-straights-ace-low-front", "Ac 2d 3h 9c Td Jh Qs Kc 9d Th Js Qc Kd",
     "A-2-3 in front and 9-T-J-Q-K twice: three straights, only with the ace low in a 3-card straight (T-J-Q-K-A "
     "would leave 2-3-9); five pairs", ("front_straight_ace_low",)),
    ("three-straights-wraparound-front", "Kc Ad 2h 3c 4d 5h 6s 7c 3d 4h 5s 6c 7d",
     "K-A-2 in front and 3-4-5-6-7 twice would be three straights only if K-A-2 counted as a straight; "
     "A-2-3-4-5 leaves K-6-7 and 2-3-4-5-6 leaves K-A-7; five pairs", ("front_straight_wraparound",)),
    ("three-flushes-need-a-straight-flush", "5h 6h 7h 8h 9h 2s 4s 8s Ts Qs 3c 9c Kc",
     "five hearts (a straight flush 5-9), five spades, three clubs: three flushes only if the straight flush "
     "may serve as a flush; the king fits no straight", ("straight_flush_counts",)),
    ("six-pairs-and-three-flushes", "2c 3c 4c 5c 9c 2d 3d 4d 5d Jd 9s Js Ks",
     "pairs of 2, 3, 4, 5, 9 and J with a king: six pairs; five clubs, five diamonds, three spades: three "
     "flushes; no ace or six, so no straight", ()),
]


@cache
def _survey(hand: tuple[str, ...], opts: count_settings.Options) -> tuple[int, int, frozenset[str]]:
    return count_settings.survey(hand, opts)


def _options(facts: RulesetFacts) -> count_settings.Options:
    return count_settings.options_for(ROOT / "rulesets" / f"{facts.id}.yaml")


def _held(facts: RulesetFacts, hand: str) -> list[dict[str, Any]]:
    """The ruleset's naturals that the hand holds, by brute force, as their table entries."""
    held = count_settings.naturals_held(tuple(cards(hand)), _options(facts))
    return [h for h in facts.params["naturals"]["hands"] if h["id"] in held]


#: Where each fine point a natural-detection hand turns on is written: (which natural's condition, its key,
#: the value when the key is left out). The natural is the first of the ruleset with that condition.
_FINE_POINTS: dict[str, tuple[str, str, str, bool]] = {
    "quads_count_as_two_pairs": ("rank_sets", "pairs", "split_quads", False),
    "trips_count_as_pair": ("rank_sets", "pairs", "split_trips", False),
    "front_straight_ace_low": ("segments", "straight", "front_ace_low", True),
    "front_straight_ace_high": ("segments", "straight", "front_ace_high", True),
    "front_straight_wraparound": ("segments", "straight", "front_wraparound", False),
    "three_flushes_distinct_suits": ("segments", "flush", "distinct_suits", False),
    "straight_flush_counts": ("segments", "flush", "straight_flush_counts", True),
}


def _fine_point(naturals: dict[str, Any], option: str) -> bool | None:
    """The ruleset's value of a fine point (``_FINE_POINTS``), or None if no natural of the ruleset has it."""
    condition, which, key, default = _FINE_POINTS[option]
    for hand in naturals["hands"]:
        block = hand.get("requires", {}).get(condition)
        if block is not None and (block.get("each") == which if condition == "segments" else block.get(which)):
            return bool(block.get(key, default))
    return None


def _shapes_rule(naturals: dict[str, Any]) -> str | None:
    """The rule that decides the naturals' fine points: the first one a natural's condition names."""
    for hand in naturals["hands"]:
        for block in hand.get("requires", {}).values():
            if isinstance(block, dict) and block.get("rule"):
                return str(block["rule"])
    return None


def _best(held: list[dict[str, Any]]) -> tuple[bool, str | None]:
    """(known, id): the highest-ranked natural, then the most points; unknown when two tie."""
    if not held:
        return True, None
    ranked = sorted(held, key=lambda h: (h["rank"], -h["points"]))
    top = ranked[0]
    if len(ranked) > 1 and (ranked[1]["rank"], ranked[1]["points"]) == (top["rank"], top["points"]):
        return False, None
    return True, str(top["id"])


def natural_cases(facts: RulesetFacts) -> list[Case]:
    naturals = facts.params["naturals"]
    if not naturals["hands"]:
        return []
    fine_points = {o: _fine_point(naturals, o) for o in _FINE_POINTS}
    shapes_rule = _shapes_rule(naturals)
    out: list[Case] = []
    for slug, hand, why, options in NATURAL_HANDS:
        held = _held(facts, hand)
        ids = sorted(str(h["id"]) for h in held)
        known, best = _best(held)
        expected: dict[str, Any] = {"naturals": ids}
        if known:
            expected["best"] = best
        pins = sorted({str(h["rule"]) for h in held} or {str(naturals.get("rule") or naturals["hands"][0]["rule"])})
        settings = [f"{o} {str(fine_points[o]).lower()}" for o in options if fine_points.get(o) is not None]
        if options and shapes_rule and shapes_rule not in pins:
            pins.append(shapes_rule)
        best_text = ("; best: " + (best or "none") + " (lowest rank number, then most points)") if known else (
            "; no single best (equal rank and points)")
        options_text = f"; this ruleset has {', '.join(settings)}" if settings else ""
        out.append(Case(
            f"naturals-{slug}-{facts.id}", f"{hand}: {', '.join(ids) or 'no natural'}", [facts.id], "find_naturals",
            {"cards": cards(hand)}, expected, pins,
            facts.tags_for(pins, ["natural", "natural-detection"]),
            f"{why}{options_text} -> {', '.join(ids) or 'none'}{best_text}. Confirmed by independent enumeration of all 72,072 "
            "settings by conformance/tools/count_settings.py.",
        ))
    return out


# --- counting (the settings op) -----------------------------------------------------------
# (slug, 13 cards, what makes the hand interesting). N is counted by
# conformance/tools/count_settings.py, which tries all 72,072 settings with a from-scratch
# evaluator and the ruleset's setting order.

COUNTING_HANDS = [
    ("dragon", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
     "thirteen different ranks, so no two segments can ever be equal"),
    ("six-pairs", "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c",
     "six pairs: many settings with equal middle and back (two pair against two pair of the same ranks)"),
    ("twin-straights", "2c 3c 4c 5c 6d 2d 3d 4d 5d 6c Ah Kh Qh",
     "two 2-3-4-5-6 straights and A-K-Q of hearts: equal straights in middle and back, straight flushes"),
    ("twin-flushes", "Ah Jh 8h 6h 3h As Js 8s 6s 3s 2c 4d 5c",
     "two flushes of the same ranks: equal middle and back"),
    ("front-middle-ties", "As Ad Kc Kh Qs Qd 7c 5h 3d 2s 9c 8h 4h",
     "two aces, kings and queens: fronts such as A-K-Q or Q-Q-K that equal a middle's first ranks"),
    ("chiptalk-a", "Ts 6d 6h Qh Qd Jc 3s 2d 4h 4d 4c Qc 3h",
     "player A's cards in the Chiptalk worked example: an ordinary hand"),
    ("quads-and-trips", "7c 7d 7h 7s Kc Kd Kh 2c 3d 5h 9s Jc Ad",
     "four sevens and three kings"),
    ("front-equals-middle", "As Ad Kc Kh Qs Qd 7c 7d 7h 2s 3c 4d 9h",
     "two aces, kings and queens with three sevens: a front such as A-K-Q can equal an A-K-Q-x-y middle "
     "while the sevens still hold up the back, so the count depends on whether the middle may equal the front"),
]


def counting_cases(facts: RulesetFacts) -> list[Case]:
    opts = _options(facts)
    s = facts.setting
    out: list[Case] = []
    for slug, hand, what in COUNTING_HANDS:
        total, valid, held = _survey(tuple(cards(hand)), opts)
        ids = sorted(held)
        pins = [str(s["rule"])] + ([str(s["cross_size_rule"])] if s.get("cross_size_rule") else [])
        order = (f"back {s['back_over_middle']}, middle over front {s['middle_over_front']}, "
                 f"front-middle ties {s['front_middle_ties']}, wheel {facts.wheel}")
        out.append(Case(
            f"count-{slug}-{facts.id}", f"{hand}: {valid} of 72,072 settings keep the order", [facts.id], "settings",
            {"cards": cards(hand)}, {"total": total, "valid": valid, "naturals": ids}, pins, ["counting", "setting"],
            f"{what}. Independent enumeration by conformance/tools/count_settings.py, which tries every front of 3 "
            f"and middle of 5 (C(13,3) * C(10,5) = {total}) with its own from-scratch hand evaluator and this "
            f"ruleset's setting order ({order}), finds {valid} that do not foul; its brute-force search of the "
            f"same settings finds the naturals: {', '.join(ids) or 'none'}.",
        ))
    return out


# --- collection (the card club's rake table) --------------------------------------------------
# Written by hand from the card-club page (source 003) as bcc-collection reads it: "$5 $1 per
# hand, $10 $1 per hand, $20 $20 per hour, $25 $25 per hour, $50 $30 per hour, $100 $40 per
# hour, Above $100 $50 per hour", and "Game limits not listed will be collected at the next
# highest level". (game, level or None for "above $100", amount, per, listed, why)

COLLECTION = [
    (5, 5, 1, "hand", True, "a $5 game is listed: $1 per hand"),
    (10, 10, 1, "hand", True, "a $10 game is listed: $1 per hand"),
    (20, 20, 20, "hour", True, "a $20 game is listed: $20 per hour"),
    (25, 25, 25, "hour", True, "a $25 game is listed: $25 per hour"),
    (50, 50, 30, "hour", True, "a $50 game is listed: $30 per hour"),
    (100, 100, 40, "hour", True, "a $100 game is listed: $40 per hour"),
    (3, 5, 1, "hand", False, "a $3 game is not listed; the next highest level is $5: $1 per hand"),
    (15, 20, 20, "hour", False, "a $15 game is not listed; the next highest level is $20: $20 per hour"),
    (7.5, 10, 1, "hand", False, "a $7.50 game is not listed; the next highest level is $10: $1 per hand"),
    (30, 50, 30, "hour", False, "a $30 game is not listed; the next highest level is $50: $30 per hour"),
    (75, 100, 40, "hour", False, "a $75 game is not listed; the next highest level is $100: $40 per hour"),
    (150, None, 50, "hour", False, "a $150 game is above $100: $50 per hour"),
    (101, None, 50, "hour", False, "a $101 game is above $100: $50 per hour"),
]


def collection_cases(facts: RulesetFacts) -> list[Case]:
    collection = facts.params.get("collection")
    if not collection or collection.get("rule") != "bcc-collection":
        return []
    out: list[Case] = []
    for game, level, amount, per, listed, why in COLLECTION:
        expected: dict[str, Any] = {"amount": amount, "per": per, "listed": listed}
        if level is not None:
            expected = {"level": level, **expected}
        slug = str(game).replace(".", "-")
        out.append(Case(
            f"collection-game-{slug}-{facts.id}", f"a ${game:g} game: ${amount} per {per}", [facts.id], "collection",
            {"game": game}, expected, ["bcc-collection"], facts.tags_for(["bcc-collection"], ["collection"]),
            f"{why} (bcc-collection: limits not listed are collected at the next listed level above them).",
        ))
    return out


# --- generation -------------------------------------------------------------------------

FAMILIES = {
    "classify": classify_cases,
    "compare": compare_cases,
    "front-middle": cross_cases,
    "setting": setting_cases,
    "naturals": natural_cases,
    "counting": counting_cases,
    "collection": collection_cases,
}


def _yaml_case(case: Case) -> str:
    def j(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        f"  - id: {case.id}",
        f"    description: {j(case.description)}",
        f"    rulesets: {j(case.rulesets)}",
        f"    op: {case.op}",
        f"    input: {j(case.input)}",
        f"    expected: {j(case.expected)}",
        f"    pins: {j(case.pins)}",
        f"    tags: {j(case.tags)}",
        f"    derivation: {j(case.derivation)}",
    ]
    return "\n".join(lines) + "\n"


def render(family: str, ruleset_id: str, cases: list[Case]) -> str:
    head = (f"# GENERATED by conformance/tools/generate_cases.py ({family} family, ruleset {ruleset_id}).\n"
            "# Do not edit by hand; change the generator's tables and re-run it.\n")
    body = "".join(_yaml_case(c) for c in cases)
    return f"{head}description: {json.dumps(f'The {family} family under {ruleset_id}.')}\ncases:\n{body}"


def outputs(only: set[str] | None = None) -> dict[Path, str]:
    files: dict[Path, str] = {}
    for ruleset_id in RULESETS:
        facts = load_facts(ruleset_id)
        for family, make in FAMILIES.items():
            if only and family not in only:
                continue
            cases = make(facts)
            if cases:
                files[OUT / f"{family}-{ruleset_id}.yaml"] = render(family, ruleset_id, cases)
    return files


def main(argv: list[str]) -> int:
    only = {a.split("=", 1)[1] for a in argv if a.startswith("--family=")}
    files = outputs(only or None)
    if "--check" in argv:
        stale = [p for p, text in files.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
