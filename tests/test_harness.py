"""The conformance corpus (format, lock, export) and the harness that runs it, against
the reference engine and against deliberately broken implementations (tests/impls/)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NamedTuple

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator

import cpspec
from cpspec.cli import main as cli_main
from cpspec.conformance.cases import (
    Case,
    canonical_json,
    case_hash,
    compare_lock,
    export_text,
    first_difference,
    load_corpus,
    read_lock,
    update_lock,
)
from cpspec.conformance.cases import main as cases_main
from cpspec.conformance.harness import Check, Selection
from cpspec.conformance.transport import PersistentTransport
from cpspec.errors import ERROR_CODES, CpspecError

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "conformance"
SCHEMAS = REPO / "schema"
IMPLS = Path(__file__).resolve().parent / "impls"
PACKAGE_ROOT = str(Path(cpspec.__file__).resolve().parent.parent)
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$")
# Two checks whose answers are cheap: used against implementations that fail slowly.
TWO_CHECKS = ["--id", "smoke-royal-flush-classify", "--id", "smoke-wheel-is-lowest-straight"]
# The smoke file's seven cases; the bad-card case runs under three rulesets: nine checks.
SMOKE = ["--id", "smoke-*"]
SMOKE_CHECKS = 9


@pytest.fixture(autouse=True)
def child_can_import_cpspec(monkeypatch: pytest.MonkeyPatch) -> None:
    """Implementations started by the harness (the reference server, twice.py) import cpspec."""
    current = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", PACKAGE_ROOT + (os.pathsep + current if current else ""))


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    """The committed corpus, loaded (and so validated) once for the tests that read it."""
    return load_corpus(CORPUS)


@pytest.fixture(scope="module")
def smoke_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus of the smoke file alone, so these tests do not slow down as the corpus grows."""
    root = tmp_path_factory.mktemp("smoke") / "cases"
    root.mkdir()
    (root / "harness-smoke.yaml").write_bytes((CORPUS / "cases" / "harness-smoke.yaml").read_bytes())
    return root.parent


def conformance(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``cpspec conformance ARGS`` in-process: (exit status, stdout, stderr)."""
    code = cli_main(["conformance", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def on_smoke(capsys: pytest.CaptureFixture[str], corpus: Path, *args: str) -> tuple[int, str, str]:
    return conformance(capsys, "--corpus", str(corpus), *args)


def summary(stdout: str) -> tuple[int, int, int]:
    """(passed, failed, skipped) from the closing line, which must be the last line of stdout."""
    match = SUMMARY.match(stdout.rstrip("\n").splitlines()[-1])
    assert match, f"no closing line in {stdout!r}"
    return int(match[1]), int(match[2]), int(match[3] or 0)


def fail_lines(stdout: str) -> list[str]:
    """The FAIL lines alone (without the expected value and diff printed under each)."""
    return [line for line in stdout.splitlines() if line.startswith("FAIL ")]


def impl(name: str) -> str:
    return f"{sys.executable} {IMPLS / name}"


def reference_server() -> str:
    return f"{sys.executable} -m cpspec protocol"


# --- the schemas --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["case.schema.json", "protocol.schema.json"])
def test_schemas_are_draft_2020_12_with_an_id(name: str) -> None:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(f"/schema/{name}")


def test_error_codes_of_the_schemas_are_the_engines_wire_codes() -> None:
    case = json.loads((SCHEMAS / "case.schema.json").read_text(encoding="utf-8"))
    protocol = json.loads((SCHEMAS / "protocol.schema.json").read_text(encoding="utf-8"))
    codes = case["$defs"]["errorCode"]["enum"]
    wire = protocol["$defs"]["errorCode"]["enum"]
    assert set(wire) <= set(ERROR_CODES)
    # A case never expects a file-level code: those come from a ruleset file the server loads
    # (a broken file of --rulesets DIR answers bad_ruleset), never from a request. bad_case never
    # reaches the wire at all.
    assert set(wire) - set(codes) == {"bad_ruleset", "bad_file"}
    assert set(codes) <= set(wire) and "bad_case" not in wire


def test_reference_answers_follow_the_protocol_schema(corpus: list[Case]) -> None:
    from cpspec.protocol.server import answer

    protocol = json.loads((SCHEMAS / "protocol.schema.json").read_text(encoding="utf-8"))

    def part(name: str) -> Any:  # jsonschema-rs: the same Draft 2020-12 check, a hundred times quicker
        return jsonschema_rs.Draft202012Validator({"$schema": protocol["$schema"], "$defs": protocol["$defs"],
                                                   "$ref": f"#/$defs/{name}"})

    request, reply, hello = part("request"), part("answer"), part("helloOutput")
    hello_answer = answer('{"id": 0, "op": "hello", "input": {}}')
    reply.validate(hello_answer)
    hello.validate(hello_answer["output"])
    # Every case's request follows the schema. Its answer is checked where the corpus is answered, once a run
    # (test_the_whole_corpus_passes_in_process): conftest.py checks every answer line the server writes.
    for case in corpus:
        for ruleset in case.rulesets:
            message = {"id": case.id, "op": case.op, "ruleset": ruleset, "input": case.input}
            if isinstance(case.input, dict):
                request.validate(message)
    reply.validate(answer(json.dumps({"id": "one", "op": corpus[0].op, "ruleset": corpus[0].rulesets[0],
                                      "input": corpus[0].input})))
    bad = answer("{not json")
    reply.validate(bad)
    assert bad["id"] is None and bad["error"]["code"] == "bad_json"


# --- the corpus as committed -----------------------------------------------------


def test_every_case_file_is_valid(corpus: list[Case]) -> None:
    files = sorted({case.file for case in corpus})
    on_disk = sorted(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "cases").rglob("*.yaml"))
    assert files == on_disk  # every file holds at least one case, and every case is found
    assert "cases/harness-smoke.yaml" in files


def test_no_locked_case_changed_or_disappeared_and_every_case_is_locked(corpus: list[Case]) -> None:
    report = compare_lock(corpus, read_lock(CORPUS))
    assert report.lines() == [], "\n".join(report.lines())


def test_corpus_json_export_is_up_to_date(corpus: list[Case]) -> None:
    current = (CORPUS / "corpus.json").read_text(encoding="utf-8")
    assert current == export_text(corpus), "run: python -m cpspec.conformance.cases export"
    data = json.loads(current)
    assert data["format"] == 1 and data["protocol"] == 1
    assert data["schema"].endswith("/schema/case.schema.json")


# --- loading and validating case files ---------------------------------------------

GOOD_CASE = """\
cases:
  - id: tiny-classify
    description: A pair of aces.
    rulesets: [basic]
    op: classify
    input: {cards: [Ah, Ad, 2c]}
    expected: {category: pair}
    pins: [bas-front-hands]
    tags: [hand-ranking]
    derivation: Two aces and a deuce in a 3-card front is a pair.
"""


def write_corpus(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "cases" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def load_error(tmp_path: Path, files: dict[str, str]) -> CpspecError:
    with pytest.raises(CpspecError) as caught:
        load_corpus(write_corpus(tmp_path, files))
    return caught.value


def test_a_good_case_file_loads(tmp_path: Path) -> None:
    (case,) = load_corpus(write_corpus(tmp_path, {"a.yaml": GOOD_CASE}))
    assert (case.id, case.rulesets, case.pins, case.expected) == (
        "tiny-classify", ("basic",), ("bas-front-hands",), {"category": "pair"})
    assert case.file == "cases/a.yaml" and case.line == 2 and case.active


@pytest.mark.parametrize(
    ("old", "new", "line", "path", "message"),
    [
        # line numbers count from 1 in GOOD_CASE: "- id" is line 2, pins line 8, tags line 9
        ("pins: [bas-front-hands]", "pins: [bas-no-such-rule]", 8, "cases[0].pins[0]",
         "ruleset basic has no rule 'bas-no-such-rule'"),
        ("rulesets: [basic]", "rulesets: [basic, nonesuch]", 4, "cases[0].rulesets[1]", "no ruleset 'nonesuch'"),
        ("tags: [hand-ranking]", "tags: [hand-rankings]", 9, "cases[0].tags[0]", "'hand-rankings' is not one of"),
        ("expected: {category: pair}", "expected: {category: pair}\n    expected_error: bad_card", 2, "cases[0]",
         "exactly one of 'expected' and 'expected_error' (found both)"),
        ("expected: {category: pair}", "expected_error: no_such_code", 7, "cases[0].expected_error",
         "'no_such_code' is not one of"),
        ("    derivation: Two aces and a deuce in a 3-card front is a pair.\n", "", 2, "cases[0]",
         "'derivation' is a required property"),
        ("description: A pair of aces.", "description: A pair of aces.\n    colour: red", 4, "cases[0].colour",
         "unknown field 'colour'"),
        ("id: tiny-classify", "id: Tiny_Classify", 2, "cases[0].id", "does not match"),
    ],
)
def test_a_bad_case_is_refused_with_file_line_and_path(
    tmp_path: Path, old: str, new: str, line: int, path: str, message: str
) -> None:
    assert old in GOOD_CASE
    error = load_error(tmp_path, {"bad.yaml": GOOD_CASE.replace(old, new)})
    assert error.code == "bad_case"
    assert error.where == f"{tmp_path / 'cases' / 'bad.yaml'}:{line} ({path})"
    assert message in error.message


def test_ids_are_unique_across_files(tmp_path: Path) -> None:
    error = load_error(tmp_path, {"a.yaml": GOOD_CASE, "sub/b.yaml": GOOD_CASE})
    assert error.code == "bad_case"
    assert error.where == f"{tmp_path / 'cases' / 'sub' / 'b.yaml'}:2"
    assert "'tiny-classify' is used twice" in error.message and "a.yaml:2" in error.message


def test_a_replaced_case_needs_its_replacement_and_vice_versa(tmp_path: Path) -> None:
    replaced = GOOD_CASE.replace("    derivation:", "    status: replaced\n    derivation:")
    error = load_error(tmp_path / "one", {"a.yaml": replaced})
    assert "needs a case that 'replaces' it" in error.message
    replacement = GOOD_CASE.replace("tiny-classify", "tiny-classify-2").replace(
        "    derivation:", "    replaces: tiny-classify\n    derivation:")
    error = load_error(tmp_path / "two", {"a.yaml": GOOD_CASE, "b.yaml": replacement})
    assert "must then have 'status: replaced'" in error.message
    cases = load_corpus(write_corpus(tmp_path / "three", {"a.yaml": replaced, "b.yaml": replacement}))
    assert [(c.id, c.active) for c in cases] == [("tiny-classify", False), ("tiny-classify-2", True)]


def test_hostile_yaml_is_refused_by_the_safe_loader(tmp_path: Path) -> None:
    error = load_error(tmp_path, {"a.yaml": GOOD_CASE.replace("op: classify", "op: &x classify")})
    assert error.code == "bad_file" and "anchors and aliases are not allowed" in error.message


def test_an_empty_or_missing_corpus_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CpspecError, match="no case files"):
        load_corpus(tmp_path)
    with pytest.raises(CpspecError, match="does not exist"):
        load_corpus(tmp_path / "nowhere")


# --- subset matching ----------------------------------------------------------------


def test_subset_matching() -> None:
    actual = {"totals": {"A": 4, "B": -4}, "matchups": [{"seats": ["A", "B"], "kind": "compared"}], "x": 1}
    assert first_difference({"totals": {"B": -4}}, actual) is None  # extra keys are ignored
    assert first_difference({"matchups": [{"seats": ["A", "B"]}]}, actual) is None  # items compared as subsets
    assert first_difference({"x": 1.0}, actual) is None  # numbers by value
    wrong = first_difference({"totals": {"A": 4, "B": 4}}, actual)
    assert wrong is not None and wrong.describe() == "totals.B: expected 4, got -4"
    missing = first_difference({"totals": {"C": 0}}, actual)
    assert missing is not None and missing.describe() == "totals.C: expected 0, got nothing (the key is missing)"
    longer = first_difference({"matchups": [{}, {}]}, actual)
    assert longer is not None and longer.describe().startswith("matchups: expected 2 items")
    deep = first_difference({"matchups": [{"seats": ["A", "C"]}]}, actual)
    assert deep is not None and deep.describe() == 'matchups[0].seats[1]: expected "C", got "B"'
    assert first_difference({"flag": True}, {"flag": 1}) is not None  # a boolean is not a number
    assert first_difference({"v": None}, {"v": 0}) is not None
    assert first_difference({"v": "1"}, {"v": 1}) is not None  # no coercion
    not_object = first_difference({"a": {"b": 1}}, {"a": [1]})
    assert not_object is not None and not_object.describe() == 'a: expected an object {"b":1}, got [1]'


# --- hashing, lock and export ---------------------------------------------------------


def tiny_case(tmp_path: Path) -> Case:
    (case,) = load_corpus(write_corpus(tmp_path, {"a.yaml": GOOD_CASE}))
    return case


def test_the_hash_is_sha256_of_sorted_compact_json_without_status(tmp_path: Path) -> None:
    assert canonical_json({"b": [1, "é"], "a": {"d": None, "c": True}}) == '{"a":{"c":true,"d":null},"b":[1,"é"]}'
    case = tiny_case(tmp_path)
    written = ('{"derivation":"Two aces and a deuce in a 3-card front is a pair.","description":"A pair of aces.",'
               '"expected":{"category":"pair"},"id":"tiny-classify","input":{"cards":["Ah","Ad","2c"]},'
               '"op":"classify","pins":["bas-front-hands"],"rulesets":["basic"],"tags":["hand-ranking"]}')
    assert case_hash(case) == hashlib.sha256(written.encode()).hexdigest()
    case.data["status"] = "replaced"
    assert case_hash(case) == hashlib.sha256(written.encode()).hexdigest()


def test_lock_adds_new_ids_and_refuses_to_change_locked_ones(tmp_path: Path) -> None:
    root = write_corpus(tmp_path, {"a.yaml": GOOD_CASE})
    first = update_lock(root, load_corpus(root))
    assert first.new == ["tiny-classify"] and not first.broken
    locked = read_lock(root)
    assert list(locked) == ["tiny-classify"]
    write_corpus(root, {"a.yaml": GOOD_CASE.replace("category: pair", "category: high_card")})
    second = update_lock(root, load_corpus(root))
    assert second.changed == ["tiny-classify"] and second.broken
    assert read_lock(root) == locked  # nothing written
    (root / "cases" / "a.yaml").unlink()
    write_corpus(root, {"b.yaml": GOOD_CASE.replace("tiny-classify", "other-case")})
    third = update_lock(root, load_corpus(root))
    assert third.removed == ["tiny-classify"] and third.new == ["other-case"]
    assert read_lock(root) == locked


def test_cases_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = str(write_corpus(tmp_path, {"a.yaml": GOOD_CASE}))
    assert cases_main(["check", "--corpus", root]) == 1  # not locked yet
    assert cases_main(["lock", "--corpus", root]) == 0
    assert cases_main(["check", "--corpus", root]) == 0
    assert cases_main(["export", "--corpus", root, "--check"]) == 1
    assert cases_main(["export", "--corpus", root]) == 0
    assert cases_main(["export", "--corpus", root, "--check"]) == 0
    exported = json.loads((tmp_path / "corpus.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in exported["cases"]] == ["tiny-classify"]
    write_corpus(tmp_path, {"a.yaml": GOOD_CASE.replace("A pair of aces.", "Two aces.")})
    capsys.readouterr()
    assert cases_main(["lock", "--corpus", root]) == 1
    assert "changed since it was locked" in capsys.readouterr().err
    assert cases_main(["validate", "--corpus", str(tmp_path / "nowhere")]) == 2


# --- the harness against the reference --------------------------------------------------


def test_the_whole_corpus_passes_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = conformance(capsys)
    passed, failed, _ = summary(out)
    assert (code, failed) == (0, 0), out
    assert passed >= SMOKE_CHECKS
    assert "Traceback" not in out + err


#: Fantasyland hands this large are left out of the readable-path run: the readable solver values every
#: arrangement (171,531,360 for 17 cards, minutes a hand). tests/test_fantasyland_solver.py covers them: an
#: optimal arrangement discards at least one card, so the best of n cards is the best over the n hands of n - 1.
READABLE_SOLVER_MAX_CARDS: Final = 15


#: The readable-path run comes in parts that the test workers share: the ``settings`` cases (the slow ones there,
#: every one of the 72,072 settings checked by the rule modules) in this many, and every other case in one more.
READABLE_SETTINGS_PARTS: Final = 2


class ReadablePart(NamedTuple):
    """One part of the readable-path run: its name and the ids of the cases it runs."""

    name: str
    ids: tuple[str, ...]

    def checks(self, corpus: list[Case]) -> list[Check]:
        """The checks this part runs."""
        return Selection(ids=self.ids).checks(corpus)


def readable_parts(corpus: list[Case]) -> list[ReadablePart]:
    """The readable-path run's parts: the ``settings`` cases in READABLE_SETTINGS_PARTS, then every other case but the
    Fantasyland hands of over READABLE_SOLVER_MAX_CARDS cards (in no part)."""
    active = [c for c in corpus if c.active]
    settings = [c.id for c in active if c.op == "settings"]
    others = tuple(c.id for c in active if c.op != "settings" and not (
        c.op == "solve_fantasyland" and len(c.input["cards"]) > READABLE_SOLVER_MAX_CARDS))
    parts = [ReadablePart(f"settings cases, part {k + 1} of {READABLE_SETTINGS_PARTS}",
                          tuple(settings[k::READABLE_SETTINGS_PARTS])) for k in range(READABLE_SETTINGS_PARTS)]
    return [*parts, ReadablePart("every other case", others)]


def test_the_readable_paths_parts_cover_every_check_but_the_largest_fantasyland_hands(corpus: list[Case]) -> None:
    parts = readable_parts(corpus)
    checks = [check.name for part in parts for check in part.checks(corpus)]
    assert len(checks) == len(set(checks)) and all(part.ids for part in parts)  # each once, none empty
    solver = Selection(ops=("solve_fantasyland",)).checks(corpus)
    large = {check.name for check in solver} - set(checks)
    assert large and len(large) < len(solver)  # the cut leaves some out, and keeps most
    assert all(len(check.case.input["cards"]) > READABLE_SOLVER_MAX_CARDS for check in solver if check.name in large)
    assert set(checks) | large == {check.name for check in Selection().checks(corpus)}


@pytest.mark.audit
@pytest.mark.parametrize("part", range(READABLE_SETTINGS_PARTS + 1))
def test_the_whole_corpus_passes_through_the_readable_path(
    capsys: pytest.CaptureFixture[str], corpus: list[Case], audit_figures: Callable[[str, str], None], part: int
) -> None:
    """``--engine reference``: every case through the rule modules alone, no table of cpspec.fast (the largest
    Fantasyland hands aside, see READABLE_SOLVER_MAX_CARDS), in parts (:func:`readable_parts`, which the test above
    shows cover the corpus); with the fast path's run, every check of the corpus."""
    parts = readable_parts(corpus)
    chosen = parts[part]
    code, out, _ = conformance(capsys, "--engine", "reference", *(f"--id={case_id}" for case_id in chosen.ids))
    passed, failed, skipped = summary(out)
    assert (code, failed, skipped) == (0, 0, 0), out
    assert passed == len(chosen.checks(corpus))
    left = ""
    if part == READABLE_SETTINGS_PARTS:  # the last part's line says what no part runs
        unrun = len(Selection().checks(corpus)) - sum(len(p.checks(corpus)) for p in parts)
        left = f" ({unrun} Fantasyland checks of over {READABLE_SOLVER_MAX_CARDS} cards left to the fast path)"
    audit_figures(f"the readable engine over the corpus: {chosen.name}", f"{passed}/{passed} checks{left}")


def test_the_reference_server_passes_as_an_external_process(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path
) -> None:
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", reference_server(), *SMOKE)
    assert code == 0, out
    assert summary(out) == (SMOKE_CHECKS, 0, 0)


@pytest.mark.slow  # one Python process per case, each importing cpspec
def test_the_reference_server_passes_one_process_per_case(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path
) -> None:
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", reference_server(), "--per-case", *TWO_CHECKS)
    assert code == 0, out
    assert summary(out) == (2, 0, 0)


def test_a_failure_line_names_the_case_ruleset_pins_and_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A copy of the Chiptalk A-D case expecting B at -4 instead of the source's +4: the one
    # difference the harness must point at is totals.B.
    smoke = (CORPUS / "cases" / "harness-smoke.yaml").read_text(encoding="utf-8")
    assert "totals: {A: 4, B: 4, C: -4, D: -4}" in smoke
    write_corpus(tmp_path, {"wrong.yaml": smoke.replace("totals: {A: 4, B: 4,", "totals: {A: 4, B: -4,")})
    fail_line = ("FAIL smoke-chiptalk-a-d [chiptalk] (pins: ct-comparisons, ct-segment-point, ct-segment-tie, "
                 "ct-overall-point, ct-difference): totals.B: expected -4, got 4")
    code, out, _ = conformance(capsys, "--corpus", str(tmp_path), "--id", "smoke-chiptalk-a-d", "--brief")
    assert code == 1
    assert out.splitlines() == [fail_line, "0 passed, 1 failed"]
    # Without --brief: the expected value whole, then a diff whose only change is B's total.
    code, out, _ = conformance(capsys, "--corpus", str(tmp_path), "--id", "smoke-chiptalk-a-d")
    lines = out.splitlines()
    assert code == 1 and lines[0] == fail_line and lines[-1] == "0 passed, 1 failed"
    assert lines[1].startswith('    expected: {"totals":{"A":4,"B":-4,"C":-4,"D":-4},"matchups":[{"seats":["A","B"]')
    assert lines[2] == "    diff (- expected, + answer):"
    changed = [line.strip() for line in lines[3:-1] if line.strip()[:1] in "+-"]
    assert changed == ['-  "totals": {"A":4,"B":-4,"C":-4,"D":-4},', '+  "totals": {"A":4,"B":4,"C":-4,"D":-4},']


def test_filters_select_cases(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    # The bad-card case runs under basic, two-four and chiptalk; --ruleset keeps one of them.
    code, out, _ = on_smoke(capsys, smoke_corpus, "--id", "smoke-classify-bad-card", "--ruleset", "two-four")
    assert (code, summary(out)) == (0, (1, 0, 0))
    # Among the smoke cases, op classify: the royal flush (basic) and bad card (3 rulesets).
    code, out, _ = on_smoke(capsys, smoke_corpus, *SMOKE, "--op", "classify")
    assert (code, summary(out)) == (0, (4, 0, 0))
    # Tag wheel: only the wheel comparison among the smoke cases.
    code, out, _ = on_smoke(capsys, smoke_corpus, *SMOKE, "--tag", "wheel")
    assert (code, summary(out)) == (0, (1, 0, 0))


def test_skip_file_known_failures_and_a_warning_when_one_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], smoke_corpus: Path
) -> None:
    skip = tmp_path / "skip.txt"
    skip.write_text("# known failures\nsmoke-royal-flush-classify  # passes, in fact\nno-such-case\n")
    code, out, err = on_smoke(capsys, smoke_corpus, *TWO_CHECKS, "--skip-file", str(skip))
    assert code == 0
    assert summary(out) == (1, 0, 1)
    assert "warning: skipped case now passes: smoke-royal-flush-classify [basic]" in err
    assert "'no-such-case', which matches no case" in err
    # Against an implementation that fails everything, the skipped case stays skipped.
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", impl("zero.py"), *TWO_CHECKS, "--skip-file", str(skip))
    assert (code, summary(out)) == (1, (0, 1, 1))


def test_hello_limits_what_is_run(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    # limited.py claims only op classify and ruleset basic: of the nine smoke checks, the
    # royal flush and the bad card under basic run; the other seven are skipped.
    code, out, err = on_smoke(capsys, smoke_corpus, "--impl", impl("limited.py"), *SMOKE)
    assert (code, summary(out)) == (0, (2, 0, 7))
    assert "not served by the implementation (hello)" in err


def test_junit_and_json_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    junit, report = tmp_path / "r.xml", tmp_path / "r.json"
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", impl("zero.py"), *TWO_CHECKS,
                               "--junit", str(junit), "--json", str(report))
    assert code == 1 and summary(out) == (0, 2, 0)
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("2", "2", "0")
    names = [(t.get("classname"), t.get("name")) for t in suite.iter("testcase")]
    assert names == [("conformance.basic", "smoke-royal-flush-classify"),
                     ("conformance.chiptalk", "smoke-wheel-is-lowest-straight")]
    assert all(t.find("failure") is not None for t in suite.iter("testcase"))
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["summary"]["failed"] == 2 and data["mode"] == "persistent"
    first = data["results"][0]
    assert (first["id"], first["status"], first["pins"]) == ("smoke-royal-flush-classify", "fail",
                                                            ["bas-hand-rankings"])
    assert first["detail"] == 'category: expected "straight_flush", got nothing (the key is missing)'
    assert first["stderr"] and first["stderr"][-1].startswith("chatter")


# --- the harness against broken implementations -----------------------------------------


BROKEN = [
    # (script, timeout, filter, something every failure line says)
    ("zero.py", "5", TWO_CHECKS, "got nothing (the key is missing)"),
    ("sleeper.py", "0.5", TWO_CHECKS, "no answer within 0.5 s"),
    ("garbage.py", "5", TWO_CHECKS, "not a JSON answer"),
    ("flood.py", "5", TWO_CHECKS, "the answer line is longer than 4194304 bytes"),
    ("out_of_order.py", "5", SMOKE, ""),
    ("dies.py", "5", SMOKE, ""),
]


@pytest.mark.parametrize(("script", "timeout", "selection", "says"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_implementation_fails_cleanly_and_the_run_ends(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path, script: str, timeout: str, selection: list[str], says: str
) -> None:
    code, out, err = on_smoke(capsys, smoke_corpus, "--impl", impl(script), "--timeout", timeout, *selection)
    checks = len(selection) // 2 if selection is TWO_CHECKS else SMOKE_CHECKS
    passed, failed, skipped = summary(out)
    assert code == 1
    assert (passed, failed, skipped) == (0, checks, 0)
    failures = [line for line in out.splitlines() if line.startswith("FAIL ")]
    assert len(failures) == checks
    assert all(says in line for line in failures)
    assert "Traceback" not in out + err and "internal error" not in err


def test_a_crash_is_reported_with_its_status_and_stderr(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    # dies.py answers two requests (hello and the first check) and dies on the third.
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", impl("dies.py"), *SMOKE)
    lines = fail_lines(out)
    assert code == 1
    assert "exited with status 3 before answering | stderr: fatal: simulated crash" in lines[1]
    assert lines[1].startswith("FAIL smoke-basic-a-d [basic]")


def test_answers_with_wrong_ids_are_out_of_order(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    # out_of_order.py answers hello (id 0) rightly, then the first check with id 0: hello's
    # answer again. The process is restarted, so the second check is again answered rightly.
    code, out, err = on_smoke(capsys, smoke_corpus, "--impl", impl("out_of_order.py"), *TWO_CHECKS)
    lines = fail_lines(out)
    assert code == 1
    assert "answered with id 0 while waiting for id 1 (out of order" in lines[0]
    assert 'category: expected "straight_flush"' not in lines[0]
    assert "smoke-wheel-is-lowest-straight [chiptalk]" in lines[1] and "winner: expected" in lines[1]
    assert "answered hello more than once" in err


def test_an_answer_given_twice_fails_the_case_it_belongs_to(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path
) -> None:
    # twice.py gives the reference's (right) answer twice; the bad-card case runs three times.
    # Check 1 reads hello's repeat (id 0): out of order, restart. Check 2 is answered rightly,
    # then check 3 reads check 2's repeat: check 3 is out of order and check 2 is failed as
    # answered twice.
    code, out, err = on_smoke(capsys, smoke_corpus, "--impl", impl("twice.py"), "--id", "smoke-classify-bad-card")
    assert code == 1
    assert summary(out) == (0, 3, 0)
    failures = fail_lines(out)
    assert [line.split(":")[0] for line in failures] == [
        "FAIL smoke-classify-bad-card [basic]", "FAIL smoke-classify-bad-card [chiptalk]",
        "FAIL smoke-classify-bad-card [two-four]"]
    assert "answered with id 2 while waiting for id 3" in failures[1]
    assert "answered more than once" in failures[2]
    assert "answered hello more than once" in err


@pytest.mark.slow  # one Python process per case
def test_per_case_processes_are_watched_too(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", impl("sleeper.py"), "--per-case", "--timeout", "0.5",
                            *TWO_CHECKS)
    assert code == 1 and summary(out) == (0, 2, 0)
    code, out, _ = on_smoke(capsys, smoke_corpus, "--impl", impl("twice.py"), "--per-case", *TWO_CHECKS)
    assert code == 1 and out.count("more line(s) after its answer") == 2


@pytest.mark.slow  # the whole command line in a subprocess
def test_a_flood_on_the_command_line_prints_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cpspec", "conformance", "--impl", impl("flood.py"), "--timeout", "5",
         "--id", "smoke-royal-flush-classify"],
        capture_output=True, text=True, timeout=60, env={**os.environ},
    )
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == "0 passed, 1 failed"
    assert "Traceback" not in done.stdout + done.stderr


def test_a_transport_restarts_after_a_problem() -> None:
    transport = PersistentTransport([sys.executable, str(IMPLS / "dies.py")], timeout=5)
    replies = [transport.exchange({"id": n, "op": "hello", "input": {}}) for n in range(1, 6)]
    transport.close()
    # Two answers per process, the third request finds it dead; then a new process.
    assert [r.answer is not None for r in replies] == [True, True, False, True, True]
    assert replies[2].problem is not None and "exited with status 3" in replies[2].problem


# --- bad arguments and unreadable corpora ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--corpus", "/nonexistent/corpus"], "/nonexistent/corpus: the corpus folder does not exist"),
        (["--impl", "/nonexistent/program"], "--impl: cannot start the implementation"),
        (["--impl", "'unclosed"], "--impl: cannot split the command"),
        (["--ruleset", "nonesuch"], "--ruleset: unknown value 'nonesuch'"),
        (["--op", "dance"], "--op: unknown value 'dance'"),
        (["--tag", "nonesuch"], "--tag: unknown value 'nonesuch'"),
        (["--id", "no-case-has-this-id"], "matches the filters"),
        (["--per-case"], "--per-case: --per-case needs --impl"),
        (["--timeout", "0"], "--timeout: must be a number of seconds above 0"),
        (["--timeout", "nan"], "--timeout: must be a number of seconds above 0"),
        (["--junit", "/nonexistent/dir/r.xml"], "--junit: the folder /nonexistent/dir does not exist"),
        (["--skip-file", "/nonexistent/skip.txt"], "/nonexistent/skip.txt: cannot read the skip file"),
    ],
)
def test_bad_arguments_exit_2_with_a_located_message(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path, args: list[str], says: str
) -> None:
    code, out, err = on_smoke(capsys, smoke_corpus, *args)
    assert code == 2
    assert err.startswith("cpspec conformance: error: ") and says in err
    assert "Traceback" not in out + err


def test_a_bad_case_file_is_exit_2_naming_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_corpus(tmp_path, {"a.yaml": GOOD_CASE.replace("op: classify", "op: dance")})
    code, _, err = conformance(capsys, "--corpus", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'cases' / 'a.yaml'}:5 (cases[0].op)" in err


def test_ids_select_by_name_or_by_glob_pattern(corpus: list[Case]) -> None:
    """Plain ids are looked up and patterns matched (fnmatch), together: thousands of ids stay quick."""
    one = Selection(ids=("smoke-royal-flush-classify",)).checks(corpus)
    assert [c.case.id for c in one] == ["smoke-royal-flush-classify"]
    both = Selection(ids=("smoke-royal-flush-classify", "smoke-w*")).checks(corpus)
    assert {c.case.id for c in both} == {"smoke-royal-flush-classify", "smoke-wheel-is-lowest-straight"}
    assert Selection(ids=("smoke-royal-flush-classif[xy]",)).checks(corpus)
    assert Selection(ids=("smoke-royal-flush",)).checks(corpus) == []  # a plain id is matched whole
    every = tuple(case.id for case in corpus if case.active)
    assert len(Selection(ids=every).checks(corpus)) == len(Selection().checks(corpus))
