"""cpspec fuzz: the request generator, the comparison, shrinking, and whole runs against the
reference server (nothing to find) and against tests/impls/back_tie.py (one planted bug)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

import pytest

from cpspec.cli import main
from cpspec.conformance.cases import Difference
from cpspec.conformance.fuzz import OP_WEIGHTS, generate_requests
from cpspec.conformance.fuzz.compare import disagreements, rules_involved, shape, signature
from cpspec.conformance.fuzz.run import FuzzRun, fuzz, report_lines
from cpspec.conformance.fuzz.shrink import shrink
from cpspec.conformance.transport import PersistentTransport
from cpspec.protocol.server import answer_text
from cpspec.rulesets.loader import bundled_registry
from test_harness import IMPLS, child_can_import_cpspec, impl

__all__ = ["child_can_import_cpspec"]  # the autouse fixture, imported so that it applies here too


def reference(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(answer_text(json.dumps(request)))
    return answer


# --- the generator -------------------------------------------------------------------


def test_the_same_seed_gives_the_same_requests_and_another_seed_others() -> None:
    first = list(generate_requests(7, 300))
    assert first == list(generate_requests(7, 300))
    assert first != list(generate_requests(8, 300))
    assert [r["id"] for r in first] == list(range(1, 301))


def test_the_first_requests_take_each_op_once_and_the_choice_is_kept() -> None:
    requests = list(generate_requests(3, 200, rulesets=["basic"], ops=["classify", "hello"], bad_share=0))
    assert [r["op"] for r in requests[:2]] == ["classify", "hello"]
    assert {r["op"] for r in requests} == {"classify", "hello"}
    assert {r.get("ruleset") for r in requests if r["op"] == "classify"} == {"basic"}
    assert "ruleset" not in requests[1]
    with pytest.raises(ValueError, match="unknown ops"):
        list(generate_requests(1, 1, ops=["dance"]))


def test_generated_deals_reach_the_rules() -> None:
    """Over a few thousand requests the reference sees every op and ruleset, naturals declared and
    not, fouls, surrender and timeout, bonuses, tied backs, settlements and bad inputs."""
    seen: Counter[str] = Counter()
    for request in generate_requests(11, 3000):
        seen[f"op {request['op']}"] += 1
        seen[f"ruleset {request.get('ruleset')}"] += 1
        answer = reference(request)
        if "error" in answer:
            seen[f"error {answer['error']['code']}"] += 1
            continue
        output = answer["output"]
        if request["op"] != "score":
            continue
        for player in output["players"]:
            seen[f"status {player['status']}"] += 1
            seen["bonus"] += bool(player["bonuses"])
        for matchup in output["matchups"]:
            seen[f"kind {matchup['kind']}"] += 1
            if matchup["kind"] == "compared" and matchup["segments"]["back"] is None:
                seen["tied back"] += 1
        seen["settlement"] += "settlement" in output
        declared = [p for p in request["input"]["players"] if p.get("declare") == "natural"]
        seen["declared natural"] += any(p["status"] == "natural" for p in output["players"]
                                        if p["seat"] in {d["seat"] for d in declared})
        seen["undeclared natural held"] += any(p["status"] == "normal" and p.get("natural") for p in output["players"])
    assert all(seen[f"op {op}"] for op in OP_WEIGHTS)
    assert all(seen[f"ruleset {r}"] for r in bundled_registry().ids())
    for what in ("status natural", "status foul", "status surrender", "status timeout", "bonus", "tied back",
                 "settlement", "kind natural", "kind forfeit", "declared natural",
                 "error bad_card", "error duplicate_card", "error bad_hand_size", "error bad_input", "error bad_players",
                 "error unknown_op", "error unknown_ruleset", "error bad_request"):
        assert seen[what] > 0, what


# --- comparing answers ---------------------------------------------------------------


def test_free_text_and_error_messages_are_not_compared() -> None:
    request = {"id": 1, "op": "classify", "ruleset": "basic", "input": {}}
    a = {"id": 1, "output": {"category": "pair", "name": "pair of aces", "details": [{"reason": "x", "n": 1}]}}
    b = {"id": 1, "output": {"category": "pair", "name": "two aces", "details": [{"reason": "y", "n": 1}], "more": 2}}
    assert disagreements(request, a, b) == []
    wrong = {"id": 1, "output": {"category": "two_pair", "details": [{"n": 2}]}}
    assert [d.describe() for d in disagreements(request, a, wrong)] == [
        'output.category: expected "pair", got "two_pair"', "output.details[0].n: expected 1, got 2"]
    error = {"id": 1, "error": {"code": "bad_card", "message": "one wording"}}
    assert disagreements(request, error, {"id": 1, "error": {"code": "bad_card", "message": "another"}}) == []
    assert [d.describe() for d in disagreements(request, error, {"id": 1, "error": {"code": "bad_input"}})] == [
        'error.code: expected "bad_card", got "bad_input"']
    hello = {"id": 0, "op": "hello", "input": {}}
    assert disagreements(hello, {"id": 0, "output": {"protocol": 1, "ops": ["a"], "implementation": "x"}},
                         {"id": 0, "output": {"protocol": 1, "ops": ["b"], "implementation": "y"}}) == []


def test_advise_outputs_and_equally_good_witness_settings_are_not_compared() -> None:
    """docs/protocol.md, Decided details: advise's generator is not specified; a witness may be any best one."""
    advise = {"id": 2, "op": "advise", "ruleset": "basic", "input": {}}
    assert disagreements(advise, {"id": 2, "output": {"best": {"expected_points": 1.5}}},
                         {"id": 2, "output": {"best": {"expected_points": -3.0}}}) == []
    assert disagreements(advise, {"id": 2, "output": {}}, {"id": 2, "error": {"code": "bad_input"}}) != []
    find = {"id": 3, "op": "find_naturals", "ruleset": "shisanshui", "input": {}}
    one = {"explanation": "e", "setting": {"front": ["2c", "3d", "4h"], "middle": ["5c", "6c", "7c", "8c", "9c"]}}
    other = {"explanation": "f", "setting": {"front": ["2d", "3c", "4h"], "middle": ["5c", "6c", "7c", "8c", "9c"]}}
    worse = {"explanation": "e", "setting": {"front": ["2c", "3d", "5h"], "middle": ["4c", "6c", "7c", "8c", "9c"]}}
    assert disagreements(find, {"id": 3, "output": {"details": [one]}}, {"id": 3, "output": {"details": [other]}}) == []
    assert disagreements(find, {"id": 3, "output": {"details": [one]}}, {"id": 3, "output": {"details": [worse]}})


def test_a_signature_forgets_positions_and_seat_names() -> None:
    request = {"id": 1, "op": "score", "input": {"players": [{"seat": "Ann"}, {"seat": "Bob"}]}}
    assert shape(("output", "matchups", 3, "points", "Bob"), {"Ann", "Bob"}) == "output.matchups[].points.*"
    found = [Difference(("output", "totals", "Ann"), "1", "2"), Difference(("output", "totals", "Bob"), "1", "2")]
    assert signature(request, found) == frozenset({"output.totals.*"})


def test_the_rules_involved_are_those_cited_nearest_the_difference() -> None:
    expected = {"output": {"totals": {"A": 1}, "rule": "top-rule",
                           "matchups": [{"points": {"A": 1}, "credits": [{"rule": "r-segment"}, {"rule": "r-tie"}]}]}}
    near = [Difference(("output", "matchups", 0, "points", "A"), "1", "2"),
            Difference(("output", "totals", "A"), "1", "2")]
    assert rules_involved(expected, near) == ["r-segment", "r-tie"]  # the totals' nearest citer is the whole answer
    assert rules_involved(expected, near[1:]) == ["r-segment", "r-tie", "top-rule"]


# --- shrinking -------------------------------------------------------------------------


def test_shrinking_keeps_what_shows_the_problem_and_drops_the_rest() -> None:
    deal = {"players": [
        {"seat": "North", "front": ["Kc", "Kd", "7h"], "middle": ["9s", "9h", "Qs", "Qd", "2c"],
         "back": ["As", "Ah", "Ad", "5s", "5c"]},
        {"seat": "East", "declare": "surrender"},
        {"seat": "South", "front": ["3c", "4d", "8h"], "middle": ["Tc", "Td", "Jc", "Jd", "6c"],
         "back": ["Ks", "Kh", "3s", "3d", "4h"]}], "button": "East", "stacks": {"North": 5, "East": 5, "South": 5}}
    # english-harbour-western: surrender, and a settlement with button and stacks; two to four players.
    request = {"id": 9, "op": "score", "ruleset": "english-harbour-western", "input": deal}

    def shows(candidate: dict[str, Any]) -> bool:
        # "the problem": a player holds a full house in the back, and the request is still a valid deal
        players = candidate["input"].get("players", [])
        valid = "error" not in reference(candidate)
        return valid and any(len({c[0] for c in p.get("back", [])}) == 2 and p.get("back") and
                             max(sum(c[0] == r for c in p["back"]) for r in {c[0] for c in p["back"]}) == 3
                             for p in players)

    assert shows(request)
    result = shrink(request, shows)
    players = result.request["input"]["players"]
    assert len(players) == 2  # the ruleset needs two players at least
    assert "button" not in result.request["input"] and "stacks" not in result.request["input"]
    assert [p["seat"] for p in players] == ["A", "B"]
    assert shows(result.request) and result.steps > 0 and result.tried >= result.steps


# --- whole runs ------------------------------------------------------------------------


def test_the_reference_against_itself_finds_nothing_on_thousands_of_requests() -> None:
    tested = PersistentTransport([sys.executable, "-m", "cpspec", "protocol"], timeout=20)
    run = fuzz(tested, None, seed=5, count=3000)
    assert run.sent == 3000 and run.stopped is None
    assert run.disagreed == 0, report_lines(run)
    assert sum(run.ops.values()) == 3000 and set(OP_WEIGHTS) <= set(run.ops)


def _planted(seed: int, count: int) -> FuzzRun:
    """The planted back-tie bug fuzzed over every bundled ruleset whose segments decide payments.

    Left out: single-winner rulesets, where a tie in the back can leave no winner and nothing paid,
    so the reference's answer cites no rule beside the points the bug moves (only a note names it).
    """
    tested = PersistentTransport([sys.executable, str(IMPLS / "back_tie.py")], timeout=20)
    rulesets = [r.id for r in bundled_registry().all() if r.parameters.scoring.single_winner is None]
    return fuzz(tested, None, seed=seed, count=count, rulesets=rulesets)


def test_the_fuzz_finds_the_planted_bug_and_shrinks_it() -> None:
    run = _planted(seed=1, count=1500)
    assert run.disagreed > 0
    # One bug: every disagreement is the back's winner. Where a ruleset's segments pay nothing
    # (segment_points 0) it moves no points, so it shows as a second kind of disagreement.
    assert all(g.op == "score" and "output.matchups[].segments.back" in g.signature for g in run.groups.values())
    (group,) = [g for g in run.groups.values() if "output.totals.*" in g.signature]
    assert group.shrunk is not None
    smallest = group.shrunk.request
    players = smallest["input"]["players"]
    assert len(players) == 2 and set(smallest["input"]) == {"players"}  # no button, no stacks
    # Checked afresh: the reference ties the backs of the two players, the implementation gives it to the first.
    expected = reference({**smallest, "id": 1})["output"]["matchups"][0]
    assert expected["kind"] == "compared" and expected["segments"]["back"] is None
    assert group.answer is not None and group.answer.answer is not None
    wrong = group.answer.answer["output"]["matchups"][0]
    assert wrong["segments"]["back"] == players[0]["seat"]
    # The rules: those the reference's matchup cites, the segment point among them.
    ruleset = bundled_registry().get(smallest["ruleset"])
    assert ruleset.parameters.scoring.rule in group.rules
    assert set(group.rules) <= set(ruleset.rule_ids)


def test_the_same_seed_gives_a_byte_identical_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["fuzz", "--impl", impl("back_tie.py"), "--seed", "4", "--count", "600"]
    assert main(args) == 1
    first = capsys.readouterr()
    assert main(args) == 1
    second = capsys.readouterr()
    assert first.out == second.out
    assert "DISAGREEMENT 1: score" in first.out and "smallest request" in first.out
    assert first.out.splitlines()[-1].startswith("600 requests: ")
    assert "requests/s" in first.err  # the rate goes to stderr: the report itself has no timing


def test_the_fuzz_stops_on_a_hung_implementation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--impl", impl("sleeper.py"), "--timeout", "0.3", "--count", "500"]) == 1
    out = capsys.readouterr().out
    assert "stopped: the implementation gave no answer to 3 requests in a row" in out
    assert "requests not run" in out


@pytest.mark.parametrize(("args", "says"), [
    (["--count", "0"], "--count: must be a whole number from 1"),
    (["--seed", "-1"], "--seed: must be a whole number from 0"),
    (["--op", "dance"], "--op: unknown value 'dance'"),
    (["--ruleset", "nonesuch"], "--ruleset: unknown value 'nonesuch'"),
    (["--timeout", "0"], "--timeout: must be a number of seconds above 0"),
    (["--against", "'unclosed"], "--against: cannot split the command"),
])
def test_bad_fuzz_arguments_exit_2_with_a_located_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                                        says: str) -> None:
    assert main(["fuzz", "--impl", impl("zero.py"), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cpspec fuzz: error: ") and says in err and len(err.splitlines()) == 1


def test_against_compares_two_implementations() -> None:
    tested = PersistentTransport([sys.executable, str(IMPLS / "back_tie.py")], timeout=20)
    expected = PersistentTransport([sys.executable, "-m", "cpspec", "protocol"], timeout=20)
    run = fuzz(tested, expected, seed=1, count=800, ops=["score"])
    assert run.expected_from == f"{sys.executable} -m cpspec protocol"
    assert run.disagreed > 0 and all(g.op == "score" for g in run.groups.values())
