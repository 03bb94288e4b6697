"""The engine's surfaces: CLI, protocol, tournament, settlement, loader, and its independence from variants."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, REPO, example_deal, ruleset
from cpspec.errors import CpspecError
from cpspec.protocol.ops import op_tournament
from cpspec.protocol.server import serve
from cpspec.rules.model import Settlement
from cpspec.rules.settlement import payment_order, settle
from cpspec.rulesets.loader import bundled_registry, load_ruleset, merge
from test_scoring_core import DRAGON_DEAL

CLI = [sys.executable, "-m", "cpspec"]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_cli_scores_both_worked_examples() -> None:
    # Expected totals are the sources' own: 000 "A wins 4, B wins 4, C loses 4, and D loses 4";
    # 002 "A gains 3, B loses 7, C gains 5 and D loses 1".
    chiptalk = run_cli("score", str(EXAMPLES / "chiptalk-a-d.yaml"), "--json")
    assert chiptalk.returncode == 0, chiptalk.stderr
    assert json.loads(chiptalk.stdout)["totals"] == {"A": 4, "B": 4, "C": -4, "D": -4}
    basic = run_cli("score", str(EXAMPLES / "english-harbour-a-d.yaml"))
    assert basic.returncode == 0, basic.stderr
    assert "A +3   B -7   C +5   D -1" in basic.stdout


def test_protocol_scores_the_worked_example_and_survives_bad_lines() -> None:
    deal = example_deal("chiptalk-a-d.yaml")
    lines = [
        json.dumps({"id": 1, "op": "score", "ruleset": "chiptalk", "input": {"players": deal["players"]}}),
        "this is not json",
        json.dumps({"id": "two", "op": "nonsense", "ruleset": "chiptalk", "input": {}}),
        json.dumps({"id": 3, "op": "score", "ruleset": "nope", "input": {}}),
        json.dumps({"id": 4, "op": "classify", "ruleset": "basic", "input": {"cards": ["Xx", "Ks", "Qs"]}}),
        "",
        json.dumps({"id": 5, "op": "classify", "ruleset": "basic", "input": {"cards": ["5d", "4c", "3h", "2s", "Ad"]}}),
    ]
    out = io.StringIO()
    serve(io.BytesIO(("\n".join(lines) + "\n").encode()), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, None, "two", 3, 4, 5]
    assert answers[0]["output"]["totals"] == {"A": 4, "B": 4, "C": -4, "D": -4}
    assert [a.get("error", {}).get("code") for a in answers[1:5]] == ["bad_json", "unknown_op", "unknown_ruleset",
                                                                      "bad_card"]
    assert "input.cards[0]" in answers[4]["error"]["message"]
    assert answers[5]["output"]["category"] == "straight"  # the wheel is a straight


def test_protocol_subprocess_round_trip() -> None:
    request = json.dumps({"id": 9, "op": "hello"}) + "\n"
    done = run_cli("protocol", stdin=request)
    assert done.returncode == 0 and done.stderr == ""
    answer = json.loads(done.stdout)
    assert answer["id"] == 9 and answer["output"]["protocol"] == 1
    assert {"basic", "two-four", "chiptalk"} <= set(answer["output"]["rulesets"])


def test_cli_bad_input_is_one_located_line_and_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "deal.yaml"
    deal = example_deal("chiptalk-a-d.yaml")
    deal["players"][2]["middle"][1] = "Zz"
    bad.write_text(json.dumps(deal))
    done = run_cli("score", str(bad))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert str(bad) in done.stderr and "players[2].middle[1]" in done.stderr
    missing = run_cli("score", str(tmp_path / "absent.yaml"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_cli_rulesets_and_validate() -> None:
    listed = run_cli("rulesets")
    assert listed.returncode == 0
    for rid, version in (("basic", "1.0.0"), ("two-four", "1.0.0"), ("chiptalk", "1.2.0")):
        assert re.search(rf"^{rid}\s+{re.escape(version)}", listed.stdout, re.M)
    valid = run_cli("validate")
    assert valid.returncode == 0, valid.stderr


def test_tournament_running_scores_replacement_and_target() -> None:
    ad = example_deal("chiptalk-a-d.yaml")["players"]
    deals: list[dict[str, Any]] = [
        {"players": ad},
        {"players": ad, "replacements": {"C": "Carol"}},
        {"players": DRAGON_DEAL},
    ]
    out = op_tournament(ruleset("chiptalk"), {"deals": deals, "names": {"C": "Cy"}})
    # Deal 1: A +4, B +4, C -4, D -4 (source 000). Deal 2 repeats it: running A 8, B 8, C -8, D -8; the
    # replacement Carol takes over C's -4 and ends deal 2 at -8 (ct-replacement).
    assert out["standings"][0]["running"] == {"A": 4, "B": 4, "C": -4, "D": -4}
    assert out["standings"][1]["running"] == {"A": 8, "B": 8, "C": -8, "D": -8}
    assert out["standings"][0]["players"]["C"] == "Cy" and out["standings"][1]["players"]["C"] == "Carol"
    # Deal 3: A's Dragon wins 10 from each player: A reaches 8 + 30 = 38 >= 30 (ct-tournament-target).
    assert out["standings"][2]["running"]["A"] == 38
    assert out["reached"]["deal"] == 3 and out["reached"]["winner"] == "A"
    with pytest.raises(CpspecError) as error:
        op_tournament(ruleset("chiptalk"), {"deals": [*deals, {"players": ad}]})
    assert error.value.code == "bad_input" and "ended after deal 3" in error.value.message


def test_tournament_replacement_needs_a_ruleset_that_allows_it() -> None:
    ad = example_deal("english-harbour-a-d.yaml")["players"]
    with pytest.raises(CpspecError) as error:
        op_tournament(ruleset("basic"), {"deals": [{"players": ad, "replacements": {"A": "Zed"}}]})
    assert error.value.code == "unsupported"


def test_payment_order_and_capped_settlement() -> None:
    seats = ["A", "B", "C", "D"]
    clockwise = Settlement("left_of_button", "clockwise", "x-rule")
    assert payment_order(seats, "D", clockwise) == ["A", "B", "C", "D"]
    assert payment_order(seats, "A", Settlement("right_of_button", "counterclockwise", "x-rule")) == ["D", "C", "B", "A"]
    # Owed: A wins 4 from B and 4 from C, D wins 2 from A, B wins 2 from C, B v D even, C wins 2 from D.
    net = {("A", "B"): 4, ("A", "C"): 4, ("A", "D"): -2, ("B", "C"): 2, ("B", "D"): 0, ("C", "D"): 2}
    stacks = {"A": 3, "B": 10, "C": 1, "D": 10}
    payments, paid = settle(net, seats, "D", stacks, clockwise)
    # By hand, in order A-B, A-C, A-D, B-C, C-D (B-D owes nothing); nobody below 0 or above twice its stack:
    #   B pays A min(4, 10, 6-3)=3; C pays A min(4, 1, 6-6)=0; A pays D 2; C pays B min(2, 1, 20-7)=1; D pays C min(2, 12, 2-0)=2.
    assert [(p.payer, p.payee, p.owed, p.paid) for p in payments] == [
        ("B", "A", 4, 3), ("C", "A", 4, 0), ("A", "D", 2, 2), ("C", "B", 2, 1), ("D", "C", 2, 2)]
    assert paid == {"A": 1, "B": -2, "C": 1, "D": 0}


def test_stacks_are_refused_by_a_ruleset_without_settlement() -> None:
    ad = example_deal("english-harbour-a-d.yaml")["players"]
    with pytest.raises(CpspecError) as error:
        ruleset_basic = ruleset("basic")
        from cpspec.protocol.ops import op_score

        op_score(ruleset_basic, {"players": ad, "button": "A", "stacks": {"A": 1, "B": 1, "C": 1, "D": 1}})
    assert error.value.code == "unsupported"


def test_merge_semantics() -> None:
    parent = {"a": {"x": 1, "y": [1, 2]}, "b": 2, "c": 3}
    child = {"a": {"y": [3]}, "b": None, "d": 4}
    assert merge(parent, child) == {"a": {"x": 1, "y": [3]}, "c": 3, "d": 4}
    assert parent == {"a": {"x": 1, "y": [1, 2]}, "b": 2, "c": 3}  # untouched


def _copy_rulesets(tmp_path: Path) -> Path:
    folder = tmp_path / "rulesets"
    shutil.copytree(REPO / "rulesets", folder)
    return folder


def test_extends_merges_parameters_and_rules(tmp_path: Path) -> None:
    folder = _copy_rulesets(tmp_path)
    child = folder / "my-variant.yaml"
    child.write_text(
        "id: my-variant\ntitle: T\nversion: 1.0.0\nsummary: S\nextends: basic\n"
        "changelog: [{version: 1.0.0, date: '2026-01-01', changes: c}]\n"
        "removes_rules: [bas-surrender]\n"
        "parameters:\n  penalties: {surrender: null}\n  scoring:\n    overall: {points: 1, decided_by: majority_of_segments, rule: mv-majority}\n"
        "rules:\n  - id: mv-majority\n    title: t\n    topic: overall-point\n    text: t\n"
        "    interpretation: {topic: x, source_says: s, reading: r, alternatives: [a]}\n"
    )
    loaded = load_ruleset(child)
    assert loaded.extends == "basic"
    assert loaded.parameters.penalties.surrender is None
    assert loaded.parameters.scoring.overall is not None and loaded.parameters.scoring.segment_points == {"front": 1, "middle": 1, "back": 1}
    assert "bas-surrender" not in loaded.rule_ids and "bas-segment-unit" in loaded.rule_ids
    assert loaded.rule("bas-segment-unit").origin == "basic" and loaded.rule("mv-majority").origin == "my-variant"


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda t: t.replace("rule: bas-segment-unit", "rule: bas-nowhere"), "bas-nowhere"),
        (lambda t: t.replace("      points: 3\n      plus_opponent_bonuses: true", "      points: three\n      plus_opponent_bonuses: true"),
         "parameters.penalties.foul.points"),
        (lambda t: t.replace("id: basic", "id: other"), "file name"),
        (lambda t: t.replace("version: 1.0.0\nsummary", "version: 1.0.1\nsummary"), "changelog"),
        (lambda t: t.replace("  - id: bas-segment-tie", "  - id: bas-segment-unit"), "used twice"),
    ],
)
def test_bad_rulesets_are_refused_with_a_location(tmp_path: Path, edit: Any, fragment: str) -> None:
    folder = _copy_rulesets(tmp_path)
    path = folder / "basic.yaml"
    path.write_text(edit(path.read_text()))
    with pytest.raises(CpspecError) as error:
        load_ruleset(path)
    assert error.value.code in ("bad_ruleset", "bad_file")
    assert fragment in error.value.describe()
    assert "basic.yaml" in error.value.describe()


def test_schema_violation_names_line(tmp_path: Path) -> None:
    folder = _copy_rulesets(tmp_path)
    path = folder / "basic.yaml"
    text = path.read_text()
    path.write_text(text.replace("    wheel: lowest", "    wheel: sideways"))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == "    wheel: lowest")
    with pytest.raises(CpspecError) as error:
        load_ruleset(path)
    assert f"basic.yaml:{line}" in error.value.describe()
    assert "parameters.hands.wheel" in error.value.describe()


def test_engine_names_no_variant() -> None:
    """The engine knows poker, not variants: no ruleset id or variant name appears in its code.

    A docstring's example may load a bundled ruleset by its id (``>>> registry.get("basic")``):
    that is documentation of how to call the engine, not the engine choosing by variant.
    """
    words = {"chiptalk", "harbour", "bicycle", "bcc", "asian", "mandarin", "eastern", "western", "smolen",
             "dragon hand", "clean sweep", "pineapple", "shisanshui", "hawaiian", "pagat", "wikipedia", "十三水"}
    ids = set(bundled_registry().ids())
    pattern = re.compile(r"\b(" + "|".join(sorted(words)) + r")\b", re.I)
    alternatives = "|".join(map(re.escape, sorted(ids)))
    id_pattern = re.compile(rf"""["']({alternatives})["']""")
    offenders = []
    for source in sorted((REPO / "reference_impl" / "cpspec").rglob("*.py")):
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            example = line.lstrip().startswith((">>>", "..."))
            if pattern.search(line) or (id_pattern.search(line) and not example):
                offenders.append(f"{source.name}:{number}: {line.strip()}")
    assert offenders == []


def test_a_runs_engine_counts_a_hands_settings_once_for_each_setting_order_and_hand_ranking() -> None:
    from dataclasses import replace

    from cpspec.engines import FAST, CountedTable, sharing_counts
    from cpspec.rules.cards import parse_card

    asked: list[int] = []

    def counted(cards: Any, rules: Any) -> Any:
        asked.append(len(cards))
        return FAST.all_settings(cards, rules)

    engine = sharing_counts(replace(FAST, all_settings=counted))
    basic = ruleset("basic")
    equal_backs = replace(basic, parameters=replace(basic.parameters, setting=replace(
        basic.parameters.setting, back_over_middle="allow_equal" if basic.parameters.setting.back_over_middle
        == "strict" else "strict")))
    six_pairs = "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c"  # backs and middles of equal rank abound
    hand = tuple(parse_card(text) for text in six_pairs.split())
    first = engine.all_settings(hand, basic)
    again = engine.all_settings(tuple(reversed(hand)), basic)  # the same hand, its cards in another order
    assert len(asked) == 1 and isinstance(again, CountedTable) and again.valid == first.valid
    assert again.strongest(5) == first.strongest(5) and len(asked) == 2  # a listing is found again, not kept
    other = engine.all_settings(hand, equal_backs)  # another setting order: counted afresh
    assert len(asked) == 3 and other.valid == FAST.all_settings(hand, equal_backs).valid != first.valid
