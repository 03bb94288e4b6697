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
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import count_settings  # a sibling script, not a package

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "conformance" / "cases" / "generated"

#: The rulesets each family covers, in the order their cases were added. Append only.
RULESETS: tuple[str, ...] = ("basic", "two-four", "chiptalk")


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


# --- generation -------------------------------------------------------------------------

FAMILIES = {
    "classify": classify_cases,
    "compare": compare_cases,
    "front-middle": cross_cases,
    "setting": setting_cases,
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


def outputs() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for ruleset_id in RULESETS:
        facts = load_facts(ruleset_id)
        for family, make in FAMILIES.items():
            files[OUT / f"{family}-{ruleset_id}.yaml"] = render(family, ruleset_id, make(facts))
    return files


def main(argv: list[str]) -> int:
    files = outputs()
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
