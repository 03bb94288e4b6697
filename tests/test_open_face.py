"""Open Face mechanisms, each on hands worked by hand: rank-dependent royalties, rows ranked low, the order
rule's new options, the dealing schedule and its checks, Fantasyland, the loader's checks of them, the
interpretation records' alternatives, and the command line."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, REPO, ruleset
from cpspec.analysis.fantasyland import solve
from cpspec.engines import FAST, REFERENCE
from cpspec.errors import PLAY_VIOLATIONS, CpspecError
from cpspec.present.readings import alternatives, ruleset_under
from cpspec.protocol.ops import op_check_play, op_qualify_fantasyland, op_score, op_settings
from cpspec.rules.all_settings import all_settings
from cpspec.rules.bonuses import bonus_for
from cpspec.rules.cards import parse_cards
from cpspec.rules.fouls import check_order, evaluate_setting
from cpspec.rules.hands import Category, Wheel, compare, evaluate
from cpspec.rules.lowball import evaluate_deuce_to_seven
from cpspec.rules.model import BonusEntry, Bonuses
from cpspec.rules.patterns import at_least, hand_rank
from cpspec.rulesets.build import merge
from cpspec.rulesets.loader import load_ruleset, ruleset_validator

OPEN_FACE = ("open-face", "open-face-wikipedia", "pineapple", "progressive-pineapple", "turbo", "pineapple-2-7")


def words(text: str) -> list[str]:
    return text.split()


def hand(text: str, wheel: Wheel = Wheel.LOWEST) -> Any:
    return evaluate(parse_cards(text.split(), "hand"), wheel)


def low(text: str) -> Any:
    return evaluate_deuce_to_seven(parse_cards(text.split(), "hand"))


# --- rank-dependent royalties -----------------------------------------------------------------


@pytest.mark.parametrize(("front", "pagat", "wikipedia"), [
    ("5c 5d Ah", 0, 0), ("6c 6d 2h", 1, 1), ("7c 7d 2h", 2, 2), ("Tc Td 2h", 5, 5), ("Qc Qd 2h", 7, 7),
    ("Ac Ad Kh", 9, 9), ("2c 2d 2h", 20, 10), ("7c 7d 7h", 20, 15), ("Ac Ad Ah", 20, 22)])
def test_front_royalties_by_rank(front: str, pagat: int, wikipedia: int) -> None:
    """pagat: sixes 1 ... aces 9, any trips 20; Wikipedia: the same pairs, 222 = 10 ... AAA = 22."""
    for ruleset_id, points in (("open-face", pagat), ("open-face-wikipedia", wikipedia)):
        entry = bonus_for(hand(front), "front", ruleset(ruleset_id).parameters.bonuses)
        assert (entry.points if entry else 0) == points, (ruleset_id, front)


def test_middle_trips_only_in_wikipedia() -> None:
    trips = hand("9c 9d 9h 2s 3s")
    assert bonus_for(trips, "middle", ruleset("open-face").parameters.bonuses) is None
    entry = bonus_for(trips, "middle", ruleset("open-face-wikipedia").parameters.bonuses)
    assert entry is not None and entry.points == 2


def test_rank_bounds_and_steps() -> None:
    table = (BonusEntry("front", "pair", 1, "r-pairs", min_rank=4, per_rank=2),
             BonusEntry("front", "pair", 3, "r-low", max_rank=3),
             BonusEntry("middle", "high_card", 8, "r-exact", ranks=(5, 3, 2, 1, 0)))
    bonuses = Bonuses("added", False, 1, table, None, None)
    points = {text: (bonus_for(hand(text), "front", bonuses) or BonusEntry("", "", 0, "")).points
              for text in ("5c 5d 2h", "6c 6d 2h", "Ac Ad 2h", "4c 4d 2h", "3c 3d 2h")}
    # sixes are rank 4: 1; aces (rank 12): 1 + 2 * 8 = 17; fives (rank 3): the max_rank entry, 3; fours 3.
    assert points == {"5c 5d 2h": 3, "6c 6d 2h": 1, "Ac Ad 2h": 17, "4c 4d 2h": 3, "3c 3d 2h": 3}
    assert bonus_for(low("7c 5d 4h 3s 2c"), "middle", bonuses) is not None
    assert bonus_for(low("7c 6d 4h 3s 2c"), "middle", bonuses) is None


def test_hand_rank_and_or_better() -> None:
    assert hand_rank(hand("5d 4c 3h 2s Ad")) == 3  # the wheel is five high
    assert hand_rank(hand("5d 4c 3h 2s Ad", Wheel.SECOND_HIGHEST)) == 3
    assert hand_rank(hand("Ac Kd Qh Js Tc", Wheel.SECOND_HIGHEST)) == 12
    assert hand_rank(hand("Kc Kd Kh 4s 4d")) == 11
    assert at_least(hand("Kc Kd 2h"), "pair", min_rank=10)
    assert not at_least(hand("Jc Jd 2h"), "pair", min_rank=10)
    assert at_least(hand("2c 2d 2h"), "pair", min_rank=12)  # any trips are better than any pair
    assert at_least(hand("5c 6c 7c 8c 9c"), "four_of_a_kind")
    assert not at_least(hand("5c 6c 7c 8c 9c"), "royal_flush")


# --- rows ranked low ---------------------------------------------------------------------------------


def test_deuce_to_seven_order() -> None:
    """Lower wins; 7-5-4-3-2 best; the ace always high; straights and flushes and pairs count against."""
    order = ["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c", "8c 5d 4h 3s 2c", "Tc 9d 8h 7s 5c", "Ac 5d 4h 3s 2c",
             "2c 2d 4h 5s 6c", "6c 5d 4h 3s 2c", "9c 7c 5c 3c 2c"]
    values = [low(text) for text in order]
    assert all(compare(better, worse) == 1 for better, worse in itertools.pairwise(values))
    assert values[4].category is Category.HIGH_CARD and values[4].ranks[0] == 12
    assert values[6].category is Category.STRAIGHT
    assert evaluate_deuce_to_seven(parse_cards(words("5c 4c 3c 2c Ac"), "x")).category is Category.FLUSH
    with pytest.raises(ValueError, match="ranked low"):
        compare(values[0], hand("7c 5d 4h 3s 2c"))


def test_the_low_middle_in_scoring_and_order() -> None:
    rs = ruleset("pineapple-2-7")
    front, middle, back = (parse_cards(t.split(), "x") for t in ("Ah Kd Qc", "Tc 9d 8s 7h 5s", "Kc Kh Ks 9c 9h"))
    hands = evaluate_setting(front, middle, back, Wheel.LOWEST, low_segments=rs.parameters.hands.low_segments)
    assert hands.middle.low and not hands.back.low
    assert not check_order(hands, rs.parameters.setting).fouled
    jack = evaluate_setting(front, parse_cards(words("Jc 9d 8s 7h 5s"), "x"), back, Wheel.LOWEST,
                            low_segments=("middle",))
    assert check_order(jack, rs.parameters.setting).violations == (
        "middle (J-9-8-7-5 low) is worse than T high, the most a low row may be",)


def test_settings_of_a_low_ruleset_fall_back_to_the_readable_definition() -> None:
    """The classifier covers the back-middle-front order only; 2-7's settings go the readable way, and agree."""
    rs = ruleset("pineapple-2-7")
    cards = parse_cards(words("7c 5d 4s 3h 2c Kc Kd As Ad Ah 9h 9d Jc"), "cards")
    readable = all_settings(cards, rs)
    fast = FAST.all_settings(cards, rs)
    assert fast.valid == readable.valid > 0
    assert op_settings(rs, {"cards": words("7c 5d 4s 3h 2c Kc Kd As Ad Ah 9h 9d Jc")}, FAST)["valid"] == \
        op_settings(rs, {"cards": words("7c 5d 4s 3h 2c Kc Kd As Ad Ah 9h 9d Jc")}, REFERENCE)["valid"]


# --- the loader's checks -------------------------------------------------------------------------


def _variant(tmp_path: Path, parameters: dict[str, Any], base: str = "open-face") -> Path:
    """A ruleset file extending ``base`` with these parameters, beside copies of the bundled files it needs."""
    for name in ("open-face", "pineapple", "pineapple-2-7"):
        (tmp_path / f"{name}.yaml").write_text((REPO / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8"),
                                               encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text(json.dumps({"id": "house", "title": "T", "version": "1.0.0", "summary": "S", "extends": base,
                                "changelog": [{"version": "1.0.0", "date": "2026-12-02", "changes": "x"}],
                                "parameters": parameters}), encoding="utf-8")
    return path


@pytest.mark.parametrize(("parameters", "base", "message"), [
    ({"dealing": {"rounds": [{"cards": 5, "keep": 5}, {"cards": 1, "keep": 1, "repeat": 7}], "rule": "ofc-deal"}},
     "open-face", "keep 12 cards, not 13"),
    ({"dealing": {"rounds": [{"cards": 5, "keep": 5}, {"cards": 1, "keep": 2, "repeat": 4}], "rule": "ofc-deal"}},
     "open-face", "keeps more cards than it deals"),
    ({"players": {"max": 4}}, "pineapple", "need more than 52 cards"),
    ({"setting": {"back_over_middle": "allow_equal"}}, "pineapple-2-7", "a row ranked low is not ordered"),
    ({"setting": {"low_rows_at_most": "T"}}, "open-face", "needs a row ranked low"),
    ({"fantasyland": {"entry": [{"cards": 14, "requires": [{"segment": "middle", "hand": "high_card", "max_rank": "9",
                                                             "or_better": True}], "rule": "p27-fantasyland"}]}},
     "pineapple-2-7", "or_better applies to a row ranked high"),
    ({"bonuses": {"table": [{"segment": "front", "hand": "pair", "points": 1, "min_rank": "Q", "max_rank": "6",
                             "rule": "ofc-royalty-front-pairs"}]}}, "open-face", "min_rank is above max_rank"),
])
def test_the_loader_refuses_what_cannot_be(tmp_path: Path, parameters: dict[str, Any], base: str,
                                           message: str) -> None:
    with pytest.raises(CpspecError) as error:
        load_ruleset(_variant(tmp_path, parameters, base))
    assert error.value.code == "bad_ruleset" and message in error.value.message
    assert "house.yaml" in error.value.describe() or base in error.value.describe()


def test_per_rank_needs_min_rank(tmp_path: Path) -> None:
    path = _variant(tmp_path, {"bonuses": {"table": [{"segment": "front", "hand": "pair", "points": 1, "per_rank": 1,
                                                       "rule": "ofc-royalty-front-pairs"}]}})
    with pytest.raises(CpspecError) as error:
        load_ruleset(path)
    assert error.value.code == "bad_ruleset" and "min_rank" in error.value.message


@pytest.mark.parametrize("ruleset_id", OPEN_FACE)
def test_every_alternative_makes_a_valid_ruleset(ruleset_id: str) -> None:
    """An interpretation's alternative parameters, merged over the ruleset's, pass the schema and build."""
    rs = ruleset(ruleset_id)
    validator = ruleset_validator()
    checked = 0
    for rule in rs.rules:
        for alternative in alternatives(rs, rule.id):
            if alternative.parameters is None:
                continue
            document = {k: v for k, v in rs.document.items() if k not in ("extends", "removes_rules")}
            document["parameters"] = merge(rs.document["parameters"], alternative.parameters)
            errors = sorted(validator.iter_errors(document), key=str)
            assert not errors, f"{rule.id}: {errors[0].message}"
            assert ruleset_under(rs, alternative.parameters).parameters != rs.parameters
            checked += 1
    assert checked > 0


def test_the_disputed_middle_full_house() -> None:
    """Pineapple's reading: jacks full in the middle do not stay; pokerninja's alternative: they do."""
    board = {"front": ["2s", "3d", "4h"], "middle": ["Jc", "Jd", "Jh", "5c", "5d"],
             "back": ["Qc", "Qd", "Qh", "6c", "6d"], "in_fantasyland": True}
    rs = ruleset("pineapple")
    assert op_qualify_fantasyland(rs, board)["qualifies"] is False
    (other,) = [a for a in alternatives(rs, "pin-fantasyland-stay") if a.parameters]
    assert op_qualify_fantasyland(ruleset_under(rs, other.parameters), board)["next_cards"] == 14


# --- the play checker --------------------------------------------------------------------------------


def test_every_violation_code_is_documented_and_reachable() -> None:
    docs = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    schema = json.loads((REPO / "schema" / "protocol.schema.json").read_text(encoding="utf-8"))
    assert set(schema["$defs"]["playViolationCode"]["enum"]) == set(PLAY_VIOLATIONS)
    for code in PLAY_VIOLATIONS:
        assert f"`{code}`" in docs
    corpus = "".join(p.read_text(encoding="utf-8") for p in (REPO / "conformance" / "cases").rglob("*.yaml"))
    assert all(f"code: {code}" in corpus for code in PLAY_VIOLATIONS)


def test_a_play_with_several_faults_lists_each() -> None:
    rs = ruleset("pineapple")
    rounds = [{"dealt": ["Ac", "Ad", "Kc", "Qs", "5h"], "board": {"front": [], "middle": ["Kc", "5h"],
                                                                  "back": ["Ac", "Ad", "Qs"]}},
              {"dealt": ["Ac", "Qd", "9s"], "board": {"front": ["Qd", "Qd"], "middle": ["Kc", "5h"],
                                                      "back": ["Ac", "Ad"]}, "discarded": ["2c"]}]
    out = op_check_play(rs, {"rounds": rounds})
    found = [(v["code"], v["where"]) for v in out["violations"]]
    assert found == [
        ("dealt_twice", "input.rounds[1].dealt[0]"),
        ("placed_twice", "input.rounds[1].board.front[1]"),
        ("card_moved", "input.rounds[1].board.back"),
        ("wrong_number_kept", "input.rounds[1].board"),
        ("not_dealt", "input.rounds[1].discarded[0]"),
    ]
    assert out["legal"] is False and out["next_round"] is None


def test_a_score_of_a_finished_play_is_a_score() -> None:
    """A complete play's board is scored by the score op as it stands."""
    deal = json.loads(json.dumps({"players": [
        {"seat": "A", "front": ["Qs", "Qd", "4c"], "middle": ["Kc", "Kd", "5h", "6s", "7c"],
         "back": ["Ac", "Ad", "Ah", "2c", "2d"]},
        {"seat": "B", "front": ["Js", "8d", "3c"], "middle": ["Tc", "Td", "5d", "6d", "7d"],
         "back": ["9c", "9d", "9h", "3s", "3d"]}]}))
    out = op_score(ruleset("open-face"), deal)
    # A sweeps (queens over jack high, kings over tens, aces full over nines full): 3 + 3; royalties A queens 7 +
    # aces full 6, B nines full 6: 6 + 13 - 6 = 13.
    assert out["totals"] == {"A": 13, "B": -13}


# --- the solver op -------------------------------------------------------------------------------------


def test_the_solver_refuses_sizes_the_ruleset_does_not_deal() -> None:
    cards = parse_cards(words("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c"), "cards")
    assert solve(cards, ruleset("open-face")) is not None
    from cpspec.protocol.ops import op_solve_fantasyland

    with pytest.raises(CpspecError) as error:
        op_solve_fantasyland(ruleset("pineapple"), {"cards": words("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c")})
    assert error.value.code == "unsupported" and error.value.where == "input.cards"
    with pytest.raises(CpspecError) as error:
        op_solve_fantasyland(ruleset("basic"), {"cards": words("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c")})
    assert error.value.code == "unsupported"


def test_a_changed_fantasyland_size_is_dealt(tmp_path: Path) -> None:
    """The sizes come from the options: a house ruleset dealing 15 accepts a 15-card hand."""
    base = ruleset("pineapple")
    entry = replace(base.parameters.fantasyland.entry[0], cards=15)  # type: ignore[union-attr]
    house = replace(base, parameters=replace(base.parameters, fantasyland=replace(
        base.parameters.fantasyland, entry=(entry,))))  # type: ignore[arg-type]
    from cpspec.protocol.ops import op_solve_fantasyland

    out = op_solve_fantasyland(house, {"cards": words("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c 3d 4h")})
    assert out["best"]["royalties"] == 65 and out["best"]["discards"] == ["3d", "2c"]


# --- the command line --------------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cpspec", *args], capture_output=True, text=True, timeout=120)


def test_cli_fantasyland_solves_and_says_why() -> None:
    done = run_cli("fantasyland", "As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c 3d", "--ruleset", "pineapple")
    assert done.returncode == 0, done.stderr
    assert "value 65" in done.stdout and "discard 2c" in done.stdout and "royal flush" in done.stdout
    assert "stays in Fantasyland: the next hand is 14 cards" in done.stdout
    as_json = run_cli("fantasyland", *words("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c 3d"), "--ruleset", "pineapple",
                      "--json", "--stay-value", "5")
    assert json.loads(as_json.stdout)["best"]["value"] == 70


@pytest.mark.parametrize(("args", "where"), [
    (("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s Xc 3d", "--ruleset", "pineapple"), "CARDS[12]"),
    (("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c", "--ruleset", "pineapple"), "CARDS"),
    (("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c 3d", "--ruleset", "pineapple", "--stay-value", "-2"), "--stay-value"),
    (("As Ks Qs Js Ts Ah Ad Ac 9c 9d 9h 9s 2c", "--ruleset", "nope"), "--ruleset"),
])
def test_cli_fantasyland_bad_input_is_one_located_line(args: tuple[str, ...], where: str) -> None:
    done = run_cli("fantasyland", *args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and where in lines[0] and "Traceback" not in done.stderr


def test_cli_fantasyland_has_help() -> None:
    done = run_cli("fantasyland", "--help")
    assert done.returncode == 0 and "--stay-value" in done.stdout and "13 to 17" in done.stdout
    assert "fantasyland" in run_cli("--help").stdout


def test_cli_scores_an_open_face_board_file() -> None:
    done = run_cli("score", str(EXAMPLES / "open-face-ivey-hellmuth.yaml"))
    assert done.returncode == 0, done.stderr
    # Wikipedia: "Hellmuth would pay Ivey 4 units".
    assert "Ivey +4   Hellmuth -4" in done.stdout
    assert "bonuses: front pair +1 (ofc-royalty-front-pairs), back full house +6 (ofc-royalty-back)" in done.stdout
    assert "Fantasyland next hand" in done.stdout and "Ivey      no" in done.stdout
