"""Code mutation: the mutator's operators, the trial's fresh process, reach, and the corpus's strength against wrong code.

The quick tests check the operators on a small module written here, that every mutant of every
mutated module keeps its lines in place, that the rebuilt rulesets equal the loader's, and run a
few chosen mutants against a small corpus (one killed, one that answers differently, one
equivalent). The audit (``-m audit``) tries a 24th of every module's mutants (a 12th with
CPSPEC_AUDITS=full) on the whole corpus, and a few with and without reach; the full run (every mutant, conformance/STRENGTH.md) is
``python -m cpspec.mutation --code --jobs 2``, and a test checks that its report counts the
mutants the modules have now.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pytest

from conftest import audit_size
from cpspec.rulesets.build import ruleset_document
from cpspec.rulesets.loader import bundled_registry
from cpspec.strength.code_equivalents import EQUIVALENT, UNEXERCISED
from cpspec.strength.code_mutants import CodeMutant, mutants_of
from cpspec.strength.code_mutation import (
    DEFAULT_FUZZ,
    DEFAULT_MODULES,
    Bench,
    all_mutants,
    engine_for,
    package_root,
    prepare,
    run_code,
    sample,
    workbench,
)
from cpspec.strength.code_outcomes import problems, score
from cpspec.strength.code_trial import RebuiltRulesets
from cpspec.strength.command import main

CORPUS = Path(__file__).resolve().parent.parent / "conformance"


SOURCE = '''"""A docstring with 1 < 2 and a and b."""

LIMIT = 3


def pick(values: list[int], low: int = 0) -> int:
    """Another docstring: if x < 1."""
    assert values, "an assert is never mutated"
    best = min(values)
    for value in values:
        if value < low and not value == 7:
            continue
        if value in (4, 5):
            return value
        best += value - 1
    name = f"{best + 1} points"
    return -best if all(values) else len(name)
'''


def changes(source: str = SOURCE) -> dict[tuple[str, str], CodeMutant]:
    """(line text, operator) -> mutant."""
    return {(m.line_text, m.key[2]): m for m in mutants_of(source, "sample.py")}


def test_every_operator_makes_the_change_it_names() -> None:
    found = changes()
    condition = "if value < low and not value == 7:"
    expected = {
        (condition, "`<` → `<=`"): "if value <= low and not value == 7:",
        (condition, "`<` → `>`"): "if value > low and not value == 7:",
        (condition, "`==` → `!=`"): "if value < low and not value != 7:",
        (condition, "`and` → `or`"): "if value < low or not value == 7:",
        (condition, "remove `not`"): "if value < low and value == 7:",
        (condition, "`7` → `8`"): "if value < low and not value == 8:",
        (condition, "negate the `if` condition"): "if not (value < low and not value == 7):",
        ("if value in (4, 5):", "`in` → `not in`"): "if value not in (4, 5):",
        ("if value in (4, 5):", "`4` → `3`"): "if value in (3, 5):",
        ("return value", "remove the early `return`"): "pass",
        ("continue", "remove the `continue`"): "pass",
        ("best = min(values)", "`min` → `max`"): "best = max(values)",
        ("best += value - 1", "`+=` → `-=`"): "best -= value - 1",
        ("best += value - 1", "`-` → `+`"): "best += value + 1",
        ("best += value - 1", "`1` → `0`"): "best += value - 0",
        ("LIMIT = 3", "`3` → `4`"): "LIMIT = 4",
        ("def pick(values: list[int], low: int = 0) -> int:", "`0` → `-1`"):
            "def pick(values: list[int], low: int = -1) -> int:",
        ("return -best if all(values) else len(name)", "remove the unary minus"):
            "return best if all(values) else len(name)",
        ("return -best if all(values) else len(name)", "`all` → `any`"): "return -best if any(values) else len(name)",
        ("return -best if all(values) else len(name)", "negate the conditional expression's condition"):
            "return -best if not (all(values)) else len(name)",
    }
    for key, line in expected.items():
        assert key in found, key
        assert found[key].changed_line == line, key


def test_text_asserts_annotations_and_the_last_return_are_left_alone() -> None:
    found = changes()
    lines = {line for line, _ in found}
    assert not any("docstring" in line for line in lines)
    assert not any(line.startswith("assert") for line in lines)
    assert not any(line.startswith("name = f") for line in lines)  # an f-string is text
    # the annotation list[int] holds no constant; the last statement's return is not an early one
    assert ("return -best if all(values) else len(name)", "remove the early `return`") not in found


def test_several_changes_of_one_kind_on_a_line_are_numbered() -> None:
    found = changes("def f(x: int) -> bool:\n    return x < 1 or x < 2\n")
    assert ("return x < 1 or x < 2", "`<` → `<=`") in found
    assert ("return x < 1 or x < 2", "`<` → `<=` #2") in found
    assert found[("return x < 1 or x < 2", "`<` → `<=` #2")].changed_line == "return x < 1 or x <= 2"


def test_where_a_mutant_runs() -> None:
    found = changes()
    assert found[("LIMIT = 3", "`3` → `4`")].at_import
    default = found[("def pick(values: list[int], low: int = 0) -> int:", "`0` → `1`")]
    assert default.at_import  # a default argument is evaluated when the def runs
    inside = found[("if value in (4, 5):", "`in` → `not in`")]
    assert not inside.at_import and inside.reach == (inside.line, inside.line)
    multi = changes("def f(x: int) -> int:\n    y = (x +\n         1)\n    return y\n")
    assert multi[("1)", "`1` → `2`")].reach == (2, 3)  # the statement starts a line above


@pytest.mark.audit  # the strength tooling's own check over every module: with the audits
def test_every_mutant_of_every_module_keeps_its_lines_and_has_a_unique_key() -> None:
    mutants = all_mutants(DEFAULT_MODULES)
    assert len(mutants) > 1000
    assert len({m.key for m in mutants}) == len(mutants)
    root = package_root()
    sources = {module: (root / module).read_text(encoding="utf-8") for module in DEFAULT_MODULES}
    for mutant in mutants:
        original = sources[mutant.module]
        assert mutant.source != original
        assert mutant.source.count("\n") == original.count("\n"), mutant.label
        assert original.splitlines()[mutant.line - 1].strip() == mutant.line_text


def test_every_kept_reason_names_a_mutant_that_exists() -> None:
    keys = {m.key for m in all_mutants(DEFAULT_MODULES)}
    missing = [key for key in (*EQUIVALENT, *UNEXERCISED) if key not in keys]
    assert not missing, f"reasons for mutants that no longer exist: {missing}"
    assert not set(EQUIVALENT) & set(UNEXERCISED), "a mutant is either equivalent or unexercised"
    assert all(reason.strip() and "\n" not in reason for reason in (*EQUIVALENT.values(), *UNEXERCISED.values()))


def test_the_engines_mutants_are_tried_on() -> None:
    assert engine_for("rules/scoring.py", "score") == "reference"
    assert engine_for("rules/hands.py", "settings") == "fast"
    assert engine_for("rules/all_settings.py", "settings") == "reference"
    assert engine_for("fast/tables.py", "classify") == "fast"
    assert engine_for("rules/hands.py", "solve_fantasyland") == "fast"


def test_rulesets_rebuilt_from_their_documents_equal_the_loaders(tmp_path: Path) -> None:
    registry = bundled_registry()
    for ruleset_id in registry.ids():
        (tmp_path / f"{ruleset_id}.json").write_text(
            __import__("json").dumps(ruleset_document(registry.get(ruleset_id))), encoding="utf-8")
    rebuilt = RebuiltRulesets(tmp_path)
    assert rebuilt.ids() == registry.ids()
    for ruleset_id in registry.ids():
        assert rebuilt.get(ruleset_id) == registry.get(ruleset_id)
        assert rebuilt.get(ruleset_id).document == registry.get(ruleset_id).document
        assert [r.origin for r in rebuilt.get(ruleset_id).rules] == [r.origin for r in registry.get(ruleset_id).rules]


def _small_corpus(tmp_path: Path) -> Path:
    """two-four's own cases: no stacks, so settlement is left to the random requests."""
    corpus = tmp_path / "corpus"
    for source in (CORPUS / "cases" / "two-four").glob("*.yaml"):
        if not source.name.startswith("counting-"):
            target = corpus / "cases" / "two-four" / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return corpus


CHOSEN = {
    # two-four's cases see a segment given to the lower hand
    ("rules/scoring.py", "winner = a if order > 0 else b if order < 0 else tie_winner", "`>` → `<`"): "killed",
    # paying the matchups with nothing owed lists them: no two-four case has stacks, the random requests do
    ("rules/settlement.py", "continue", "remove the `continue`"): "differs",
    # what is paid is never below 0 whatever the floor: an equivalent mutant, argued in code_equivalents
    ("rules/settlement.py", "paid = max(0, min(owed, balance[payer], room))", "`0` → `-1`"): "equivalent",
}


@pytest.mark.audit  # trials in fresh processes: the strength tooling's own check, with the audits
def test_chosen_mutants_are_killed_shown_different_or_equivalent(tmp_path: Path) -> None:
    run = run_code(["rules/scoring.py", "rules/settlement.py"], _small_corpus(tmp_path), jobs=2, fuzz_count=600,
                   select=lambda m: m.key in CHOSEN)
    outcomes = {o.mutant.key: o for r in run.reports for o in r.outcomes}
    assert set(outcomes) == set(CHOSEN)
    for key, status in CHOSEN.items():
        assert outcomes[key].status == status, (key, outcomes[key])
    differs = outcomes[("rules/settlement.py", "continue", "remove the `continue`")]
    assert differs.request is not None and differs.request["op"] == "score" and "stacks" in differs.request["input"]
    assert outcomes[("rules/settlement.py", "paid = max(0, min(owed, balance[payer], room))", "`0` → `-1`")].detail \
        == EQUIVALENT[("rules/settlement.py", "paid = max(0, min(owed, balance[payer], room))", "`0` → `-1`")]
    killed = outcomes[("rules/scoring.py", "winner = a if order > 0 else b if order < 0 else tie_winner", "`>` → `<`")]
    assert "[two-four]:" in killed.detail
    settlement = next(r for r in run.reports if r.module == "rules/settlement.py")
    assert score(settlement) == 0.0  # 0 of 1 non-equivalent killed
    assert any("rules/settlement.py" in line for line in problems(run))


@pytest.mark.audit  # trials in fresh processes: the strength tooling's own check, with the audits
def test_the_command_reports_code_mutants(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "STRENGTH.md"
    status = main(["--code-only", "--module", "rules/collection.py", "--sample", "3", "--fuzz", "200",
                   "--corpus", str(_small_corpus(tmp_path)), "--report", str(report)])
    text = report.read_text(encoding="utf-8")
    assert "## Engine code" in text and "| `rules/collection.py` | 3 |" in text
    assert status in (0, 1)
    assert main(["--code-only", "--module", "rules/nothing.py"]) == 2
    assert "no module 'rules/nothing.py'" in capsys.readouterr().err


#: One mutant in this many of each module is tried in the audit at full size (CPSPEC_AUDITS=full); at CI's size,
#: every other one of those (a 24th), so that CI's sample is part of the full one. The full run, every mutant, is
#: `python -m cpspec.mutation --code --jobs 2` and its report conformance/STRENGTH.md.
SAMPLE_EVERY: Final = 12
SAMPLE_KEPT: Final = audit_size(2, 1)  # every mutant of the full sample kept (1), or every other (2)
#: One mutant in this many is also tried without reach (on every check and request: seconds apiece); at CI's size
#: one in four of those.
REACH_SAMPLE_EVERY: Final = 150
REACH_KEPT: Final = audit_size(4, 1)
#: The random requests the audit's work is prepared with (the full run's 4,000 at full size).
SAMPLE_FUZZ: Final = audit_size(1000, DEFAULT_FUZZ)


def _every_nth_of_each_module(step: int, leave_out: tuple[str, ...] = ()) -> set[tuple[str, str, str]]:
    chosen: set[tuple[str, str, str]] = set()
    for module in DEFAULT_MODULES:
        if module not in leave_out:
            mutants = all_mutants([module])
            chosen.update(m.key for m in sample(mutants, max(1, len(mutants) // step))[::SAMPLE_KEPT])
    return chosen


@pytest.mark.audit
def test_a_sample_of_every_modules_mutants_on_the_whole_corpus(audit_figures: Callable[[str, str], None]) -> None:
    """A 12th of each module's mutants at full size (every other one of those at CI's) on the whole corpus, prepared
    once.

    1. Each is killed by the corpus, or equivalent or unexercised as argued: the same check as
       the full run (``code_report.problems``: no survivor unexplained or shown different, no
       reason kept for a mutant the corpus kills).
    2. Reach leaves out no check or request that matters: a few mutants tried on every check and
       request fare as when tried on those that reach their line (killed stays killed; one that
       survives both ways is not shown different only without reach: reach may put a request
       that runs its line inside the cap).
    """
    chosen = _every_nth_of_each_module(SAMPLE_EVERY)
    reach_chosen = set(sorted(_every_nth_of_each_module(REACH_SAMPLE_EVERY, leave_out=("rules/all_settings.py",)))[
        ::REACH_KEPT])
    sampled = chosen | reach_chosen
    with workbench(CORPUS, DEFAULT_MODULES, fuzz_count=SAMPLE_FUZZ, jobs=2) as bench:
        run = run_code(DEFAULT_MODULES, CORPUS, jobs=2, select=lambda m: m.key in sampled, bench=bench)
        without = run_code(DEFAULT_MODULES, CORPUS, jobs=2, select=lambda m: m.key in reach_chosen, use_reach=False,
                           bench=bench)
    outcomes = {o.mutant.key: o for r in run.reports for o in r.outcomes}
    killed = sum(r.count("killed") for r in run.reports)
    counted = sum(r.not_equivalent for r in run.reports)
    audit_figures(f"code mutants killed (one in {SAMPLE_EVERY * SAMPLE_KEPT} of each module)",
                  f"{killed}/{counted} ({len(outcomes) - counted} argued equivalent or unexercised; {run.seconds:.0f} s)")
    assert set(outcomes) == sampled
    assert all(r.outcomes for r in run.reports), "every module has mutants in the sample"
    assert sum(r.count("killed") for r in run.reports) > len(outcomes) // 2
    trouble = problems(run)
    assert not trouble, "\n".join(trouble)

    second = {o.mutant.key: o for r in without.reports for o in r.outcomes}
    assert set(second) == reach_chosen
    assert any(outcomes[key].checks < second[key].checks for key in reach_chosen), "reach leaves some checks out"
    for key in reach_chosen:
        assert (outcomes[key].status == "killed") == (second[key].status == "killed"), key
        assert not (second[key].status == "differs" and outcomes[key].status != "differs"), key


def test_the_recorded_full_run_is_of_the_modules_as_they_are() -> None:
    """conformance/STRENGTH.md's code table counts each module's mutants as the mutator makes them now: a change
    to a rule module that adds or removes mutants needs the full run again (its command is in the report)."""
    text = (CORPUS / "STRENGTH.md").read_text(encoding="utf-8")
    for module in DEFAULT_MODULES:
        row = re.search(rf"^\| `{re.escape(module)}` \| (\d+) \|", text, re.MULTILINE)
        assert row is not None, f"no row for {module} in conformance/STRENGTH.md"
        assert int(row.group(1)) == len(all_mutants([module])), f"{module}: run the full code mutation again"


def _reach_of(bench: Bench) -> tuple[object, ...]:
    fuzz_lines = (bench.folder / "fuzz.jsonl").read_bytes()
    return (bench.check_reach.to_json(), bench.fuzz_reach.to_json(), bench.global_lines, bench.broken,
            bench.readable_settings, [(i.op, i.name, i.kind) for i in bench.checks],
            [(i.op, i.name, fuzz_lines[i.offset:i.offset + i.length]) for i in bench.fuzz])


@pytest.mark.audit  # the strength tooling's own check over every module: with the audits
def test_a_trace_split_into_parts_gives_the_reach_of_one_trace(tmp_path: Path) -> None:
    corpus = _small_corpus(tmp_path)
    modules = ["rules/scoring.py", "rules/hands.py"]
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = prepare(tmp_path / "one", corpus, modules, fuzz_count=120, jobs=1)
    two = prepare(tmp_path / "two", corpus, modules, fuzz_count=120, jobs=2)
    assert one.check_reach.count > 10 and one.fuzz_reach.count == 120
    # the parts' global lines may only add to one trace's (each part fills the fast path's caches itself)
    assert all(one.global_lines[m] <= two.global_lines[m] for m in one.global_lines)
    two.global_lines = one.global_lines
    assert _reach_of(one) == _reach_of(two)
