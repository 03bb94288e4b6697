"""Corpus strength against wrong code: every small mutant of the rule modules, run against the corpus.

For each module of :data:`DEFAULT_MODULES`, every mutant :func:`~cpspec.strength.code_mutants.mutants_of`
makes is tried in a fresh process (:mod:`cpspec.strength.code_trial`) on a temporary copy of
the package in which that one module is replaced, with no bytecode of it anywhere. The trial runs
the corpus checks that reach the changed line (:mod:`cpspec.strength.reach`), cheap ops first,
and stops at the first that fails: the mutant is *killed*. A mutant that passes every check
replays random requests of the fuzz mode (:func:`~cpspec.conformance.fuzz.generate_requests`)
that reach its line, against the unmutated engine's answers: one that answers any differently
*differs* (a wrong engine the corpus accepts: a case is needed); one that never does is
*equivalent* when :mod:`cpspec.strength.code_equivalents` argues why it cannot change an
answer, *unexercised* when it argues that only parameters no bundled ruleset has would show it
(counted apart until such a ruleset exists), else *unexplained*.

Which engine answers: the rule modules are tried as the readable engine runs them
(``reference``), except that the ``settings`` op (72,072 settings a case, half a second on the
readable path) goes through the fast classifier for every module but ``rules/all_settings.py``,
its readable definition; the classifier's tables are still built from the mutated
``rules/hands.py``; and ``solve_fantasyland`` (every arrangement of up to 17 cards valued on the
readable path) always goes through the fast search. A module of ``fast/`` is tried under the
``fast`` engine.
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

from cpspec.conformance.cases import load_corpus
from cpspec.errors import CpspecError
from cpspec.strength.code_equivalents import EQUIVALENT, UNEXERCISED
from cpspec.strength.code_mutants import CodeMutant, mutants_of
from cpspec.strength.code_outcomes import FUZZ_PER_MUTANT, CodeOutcome, CodeRun, ModuleReport
from cpspec.strength.code_trial import settings_kind
from cpspec.strength.reach import Lines, ReachIndex

#: The modules mutated by default: every rule module, and the reading of the protocol's inputs
#: (where a bad input is refused with a located error, or wrongly accepted).
DEFAULT_MODULES: Final = (
    "rules/all_settings.py", "rules/bonuses.py", "rules/cards.py", "rules/collection.py", "rules/deal.py",
    "rules/fantasyland.py", "rules/fouls.py", "rules/hands.py", "rules/ledger.py", "rules/lowball.py",
    "rules/model.py", "rules/naturals.py", "rules/patterns.py", "rules/play.py", "rules/scoring.py",
    "rules/settlement.py", "rules/status.py", "rules/table_size.py", "rules/tournament.py", "protocol/inputs.py",
)
#: Ops not run: ``hello`` and ``describe_ruleset`` echo the implementation and the parameters; ``advise``
#: simulates thousands of deals a request (the rules it uses are those of ``score`` and ``settings``).
SKIPPED_OPS: Final = frozenset({"hello", "describe_ruleset", "advise", "diff", "identify"})
# (``diff`` and ``identify`` search the served rulesets and the corpus's deals, which a trial's rebuilt rulesets
# do not carry; the rules they apply are those of ``score``, whose cases the trial runs.)
#: Ops whose readable path takes about half a second a request (72,072 settings each).
SETTINGS_OPS: Final = frozenset({"settings"})
#: Ops always answered by the fast engine: solving a Fantasyland hand on the readable path values every
#: arrangement of up to 17 cards (seconds to minutes a request); its readable definition,
#: ``analysis/fantasyland.py``, is not a mutated module, and the fast search still runs the rule modules.
FAST_OPS: Final = frozenset({"solve_fantasyland"})
#: Cheap ops first, so that most mutants die before the slower cases run.
OP_COST: Final = {"settings": 3, "tournament": 2}
DEFAULT_FUZZ: Final = 4000
DEFAULT_SEED: Final = 17
#: ... of which at most this many ``settings`` requests on the readable path (half a second each).
SLOW_FUZZ_PER_MUTANT: Final = 8
#: A request that takes longer than this under a mutant is a failure.
SECONDS: Final = 20.0

def engine_for(module: str, op: str) -> str:
    """The engine a mutant of ``module`` is tried with on ``op`` (see the module's docstring)."""
    if module.startswith("fast/") or op in FAST_OPS:
        return "fast"
    if op in SETTINGS_OPS and module != "rules/all_settings.py":
        return "fast"
    return "reference"


@dataclass(frozen=True)
class Item:
    """A line of checks.jsonl or fuzz.jsonl: where it is, its op, and a name for reports."""

    offset: int
    length: int
    op: str
    name: str
    kind: str = ""  # for settings: counting or listing (code_trial.settings_kind)


@dataclass
class Bench:
    """The prepared work: the package copy, the rulesets' documents, the checks and requests, what reaches what."""

    folder: Path
    base: Path  # folder holding the unmutated copy of cpspec, compiled
    checks: list[Item] = field(default_factory=list)
    fuzz: list[Item] = field(default_factory=list)
    check_reach: ReachIndex = field(default_factory=ReachIndex)
    fuzz_reach: ReachIndex = field(default_factory=ReachIndex)
    global_lines: Lines = field(default_factory=dict)
    #: the lines of rules/all_settings.py a settings check runs on the readable path
    readable_settings: dict[str, set[int]] = field(default_factory=dict)  # by settings_kind
    broken: list[int] = field(default_factory=list)  # the checks that fail unmutated (not used)
    fuzz_per_mutant: int = FUZZ_PER_MUTANT
    #: False: every mutant is tried on every check and request (to test that reach leaves out none that matter)
    use_reach: bool = True


# --- preparing the work ----------------------------------------------------------------------


def package_root() -> Path:
    """The folder of the ``cpspec`` package in use, the one whose modules are copied and mutated."""
    import cpspec

    return Path(cpspec.__file__).resolve().parent


def _copy_package(target: Path) -> Path:
    """An unmutated copy of the package under ``target/cpspec``, compiled (bundled data left out)."""
    destination = target / "cpspec"
    shutil.copytree(package_root(), destination, ignore=shutil.ignore_patterns("__pycache__", "_data", "*.pyc"))
    compileall.compile_dir(destination, quiet=2)
    return target


def _write_lines(path: Path, items: Iterable[dict[str, Any]]) -> list[tuple[int, int]]:
    spans = []
    with path.open("wb") as stream:
        for item in items:
            data = json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            spans.append((stream.tell(), len(data)))
            stream.write(data + b"\n")
    return spans


def _trace_engine(op: str) -> str:
    """The engine the unmutated package answers ``op`` with when the reach is traced."""
    return "fast" if op in SETTINGS_OPS or op in FAST_OPS else "reference"


def _run_trial(plan: dict[str, Any], package: Path, limit: float) -> subprocess.CompletedProcess[str]:
    """``python -m cpspec.strength.code_trial`` on ``package``, fresh, with no bytecode written."""
    environment = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(package), "PYTHONDONTWRITEBYTECODE": "1",
                   "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-s", "-m", "cpspec.strength.code_trial"], input=json.dumps(plan),
                          capture_output=True, text=True, encoding="utf-8", cwd=package, env=environment,
                          timeout=limit, check=False)


def prepare(folder: Path, corpus_folder: Path, modules: Sequence[str], fuzz_count: int = DEFAULT_FUZZ,
            seed: int = DEFAULT_SEED, jobs: int = 1) -> Bench:
    """Write the work folder: package copy, rulesets, checks and random requests, and what reaches what.

    The reach is traced in fresh processes on the unmutated copy (:func:`cpspec.strength.code_trial.trace`),
    ``jobs`` parts at a time, which also answer the random requests as the unmutated engine does.
    """
    from cpspec.conformance.fuzz import OP_WEIGHTS, generate_requests
    from cpspec.rulesets.build import ruleset_document
    from cpspec.rulesets.loader import bundled_registry

    bench = Bench(folder, _copy_package(folder / "base"))
    registry = bundled_registry()
    (folder / "rulesets").mkdir()
    for ruleset_id in registry.ids():
        document = ruleset_document(registry.get(ruleset_id))
        (folder / "rulesets" / f"{ruleset_id}.json").write_text(json.dumps(document, ensure_ascii=False),
                                                                 encoding="utf-8")
    cases = [c for c in load_corpus(corpus_folder) if c.active and c.op not in SKIPPED_OPS]
    ordered = sorted(((c, r) for c in cases for r in c.rulesets), key=lambda cr: OP_COST.get(cr[0].op, 1))
    items = [{"case": case.id, "op": case.op, "ruleset": ruleset_id, "input": case.input,
              "expected": case.expected, "expected_error": case.expected_error} for case, ruleset_id in ordered]
    spans = _write_lines(folder / "checks.jsonl", items)
    bench.checks = [Item(o, n, i["op"], f"{i['case']} [{i['ruleset']}]", settings_kind(i)) for (o, n), i
                    in zip(spans, items, strict=True)]
    ops = [op for op in OP_WEIGHTS if op not in SKIPPED_OPS]
    requests = list(generate_requests(seed, fuzz_count, ops=ops))
    request_spans = _write_lines(folder / "requests.jsonl", requests)
    checks = [[i.offset, i.length, _trace_engine(i.op)] for i in bench.checks]
    fuzz = [[o, n, _trace_engine(r["op"])] for (o, n), r in zip(request_spans, requests, strict=True)]
    parts = max(1, min(jobs, 8))
    plans = [{"mode": "trace", "work": str(folder), "package": str(bench.base), "seconds": SECONDS * 10,
              "modules": list(modules), "part": f"-{k}", "settings_lines": k == 0,
              "checks": checks[k::parts],  # dealt in turn: the costly settings checks come last, and are shared
              "fuzz": fuzz[k * len(fuzz) // parts:(k + 1) * len(fuzz) // parts]} for k in range(parts)]
    limit = 60 + SECONDS * 10 + 0.1 * (len(items) + len(requests))
    with ThreadPoolExecutor(max_workers=parts) as pool:
        finished = list(pool.map(lambda plan: _run_trial(plan, bench.base, limit), plans))
    _merge_traces(bench, finished, requests)
    return bench


def _merge_traces(bench: Bench, finished: Sequence[subprocess.CompletedProcess[str]],
                  requests: Sequence[dict[str, Any]]) -> None:
    """Join the parts' reach into ``bench`` (the checks back in their order) and their answered requests into
    ``fuzz.jsonl``."""
    folder = bench.folder
    spans: list[tuple[int, int]] = []
    check_parts: list[ReachIndex] = []  # the checks were dealt to the parts in turn (see prepare)
    with (folder / "fuzz.jsonl").open("wb") as joined:
        for k, done in enumerate(finished):
            reach_file = folder / f"reach-{k}.json"
            if done.returncode != 0 or not reach_file.exists():
                raise CpspecError("internal", f"tracing the unmutated package failed: {done.stderr.strip()[-2000:]}")
            reach = json.loads(reach_file.read_text(encoding="utf-8"))
            for module, lines in reach["global"].items():
                bench.global_lines.setdefault(module, set()).update(lines)
            bench.broken += [k + len(finished) * n for n in reach["broken"]]
            check_parts.append(ReachIndex.from_json(reach["checks"]))
            bench.fuzz_reach.extend(ReachIndex.from_json(reach["fuzz"]))
            if k == 0:
                bench.readable_settings = {kind: set(lines) for kind, lines in reach["readable_settings"].items()}
            start = joined.tell()
            joined.write((folder / f"fuzz-{k}.jsonl").read_bytes())
            spans += [(start + offset, length) for offset, length in reach["spans"]]
    bench.check_reach.extend(ReachIndex.interleaved(check_parts))
    bench.broken.sort()
    bench.fuzz = [Item(o, n, r["op"], f"request {r['id']}", settings_kind(r)) for (o, n), r
                  in zip(spans, requests, strict=True)]


# --- trying one mutant -----------------------------------------------------------------------------


def _mutant_package(bench: Bench, mutant: CodeMutant, target: Path) -> None:
    """``target/cpspec``: the unmutated copy's files linked, the mutated module written, its bytecode left out."""
    base = bench.base / "cpspec"
    module = Path(mutant.module)
    stale = f"{module.stem}.{sys.implementation.cache_tag}"
    for source in base.rglob("*"):
        relative = source.relative_to(base)
        destination = target / "cpspec" / relative
        if source.is_dir():
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        if relative == module:
            destination.write_text(mutant.source, encoding="utf-8")
        elif relative.parent == module.parent / "__pycache__" and relative.name.startswith(stale):
            continue  # the unmutated module's bytecode: never where the mutant could load it
        else:
            try:
                os.link(source, destination)
            except OSError:
                shutil.copy2(source, destination)


def _numbers(index: ReachIndex, items: Sequence[Item], bench: Bench, mutant: CodeMutant) -> list[int]:
    """The items that reach the mutant: all of them for ``fast/`` (traced on the readable path only); for
    ``rules/all_settings.py``, every ``settings`` item where a readable settings check runs its line (the
    items were traced through the fast classifier)."""
    first, last = mutant.reach
    always = mutant.at_import or mutant.module.startswith("fast/") or not bench.use_reach
    numbers = set(index.reaching(mutant.module, first, last, always, bench.global_lines))
    if mutant.module == "rules/all_settings.py":
        kinds = {kind for kind, lines in bench.readable_settings.items()
                 if always or any(line in lines for line in range(first, last + 1))}
        numbers.update(n for n, item in enumerate(items) if item.op in SETTINGS_OPS and item.kind in kinds)
    return sorted(numbers)


def _entries(bench: Bench, mutant: CodeMutant) -> tuple[list[list[Any]], list[list[Any]]]:
    broken = set(bench.broken)
    checks = [bench.checks[n] for n in _numbers(bench.check_reach, bench.checks, bench, mutant) if n not in broken]
    fuzz = [bench.fuzz[n] for n in _numbers(bench.fuzz_reach, bench.fuzz, bench, mutant)]
    slow = [i for i in fuzz if engine_for(mutant.module, i.op) == "reference" and i.op in SETTINGS_OPS]
    fuzz = [i for i in fuzz if i not in slow][:bench.fuzz_per_mutant - SLOW_FUZZ_PER_MUTANT] + slow[
        :SLOW_FUZZ_PER_MUTANT]
    return ([[i.offset, i.length, engine_for(mutant.module, i.op)] for i in checks],
            [[i.offset, i.length, engine_for(mutant.module, i.op)] for i in fuzz])


def trial_verdict(bench: Bench, mutant: CodeMutant, number: int) -> tuple[dict[str, Any], int, int]:
    """The trial's verdict on one mutant (see :mod:`cpspec.strength.code_trial`), and the checks and requests."""
    checks, fuzz = _entries(bench, mutant)
    target = bench.folder / f"mutant-{number}"
    _mutant_package(bench, mutant, target)
    plan = {"mode": "trial", "work": str(bench.folder), "package": str(target), "seconds": SECONDS,
            "checks": checks, "fuzz": fuzz}
    # Each request has SECONDS, and so has the import: this only stops a trial stuck elsewhere.
    limit = 60 + SECONDS * (1 + len(checks) + len(fuzz))
    try:
        done = _run_trial(plan, target, limit)
    except subprocess.TimeoutExpired:
        verdict: dict[str, Any] = {"status": "killed", "by": "(the trial)", "detail": f"no verdict in {limit:.0f} s"}
    else:
        lines = done.stdout.strip().splitlines()
        try:
            verdict = json.loads(lines[-1]) if lines else {}
        except ValueError:
            verdict = {}
        if done.returncode != 0 or not verdict:
            last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
            verdict = {"status": "killed", "by": "(the mutant does not run)", "detail": last[:300]}
    finally:
        shutil.rmtree(target, ignore_errors=True)
    return verdict, len(checks), len(fuzz)


def judge_mutant(bench: Bench, mutant: CodeMutant, number: int) -> CodeOutcome:
    """Try one mutant and classify it: killed, differs, equivalent (with its reason) or unexplained."""
    began = time.monotonic()
    verdict, checks, fuzz = trial_verdict(bench, mutant, number)
    seconds = time.monotonic() - began
    reason = EQUIVALENT.get(mutant.key)
    unexercised = UNEXERCISED.get(mutant.key)
    status = verdict.get("status")
    if status == "error":
        raise CpspecError("internal", f"the trial of {mutant.label} did not import its copy: {verdict['detail']}")
    if status == "killed":
        return CodeOutcome(mutant, "killed", f"{verdict['by']}: {verdict['detail']}", None, checks, fuzz,
                           (reason or unexercised) is not None, seconds)
    if status == "differs":
        return CodeOutcome(mutant, "differs", verdict["difference"], verdict["request"], checks, fuzz,
                           (reason or unexercised) is not None, seconds)
    if reason is not None:
        return CodeOutcome(mutant, "equivalent", reason, None, checks, fuzz, seconds=seconds)
    if unexercised is not None:
        return CodeOutcome(mutant, "unexercised", unexercised, None, checks, fuzz, seconds=seconds)
    return CodeOutcome(mutant, "unexplained", "", None, checks, fuzz, seconds=seconds)


# --- the whole run -----------------------------------------------------------------------------------


def all_mutants(modules: Sequence[str]) -> list[CodeMutant]:
    """Every mutant of the modules, in the order given."""
    root = package_root()
    return [m for module in modules for m in _mutants(module, (root / module).read_text(encoding="utf-8"))]


@cache
def _mutants(module: str, source: str) -> tuple[CodeMutant, ...]:
    """The mutants of one module's source (checking each edit parses the module: a few seconds in all)."""
    return tuple(mutants_of(source, module))


def sample(mutants: Sequence[CodeMutant], count: int) -> list[CodeMutant]:
    """``count`` mutants spread evenly over the list (the same ones every time)."""
    if count >= len(mutants):
        return list(mutants)
    step = len(mutants) / count
    return [mutants[int(n * step)] for n in range(count)]


@contextmanager
def workbench(corpus_folder: Path, modules: Sequence[str], fuzz_count: int = DEFAULT_FUZZ, seed: int = DEFAULT_SEED,
              jobs: int = 1) -> Iterator[Bench]:
    """The work prepared (:func:`prepare`) in a temporary folder, removed when the block ends: for several runs."""
    with tempfile.TemporaryDirectory(prefix="cpspec-code-mutants-") as tmp:
        yield prepare(Path(tmp), corpus_folder, modules, fuzz_count, seed, jobs)


def run_code(modules: Sequence[str], corpus_folder: Path, jobs: int = 1, fuzz_count: int = DEFAULT_FUZZ,
             seed: int = DEFAULT_SEED, sample_size: int | None = None,
             progress: Callable[[str], None] | None = None,
             select: Callable[[CodeMutant], bool] | None = None, use_reach: bool = True,
             bench: Bench | None = None) -> CodeRun:
    """Prepare, try every mutant (or those ``select`` chooses, or a sample), and gather the reports by module.

    ``bench``: work already prepared by :func:`workbench` for these modules (``corpus_folder``,
    ``fuzz_count`` and ``seed`` are then those it was prepared with).
    """
    started = time.monotonic()
    if bench is not None:
        return _try_mutants(bench, modules, jobs, sample_size, progress, select, use_reach, started)
    with workbench(corpus_folder, modules, fuzz_count, seed, jobs) as prepared:
        if progress:
            progress(f"prepared {len(prepared.checks)} checks and {len(prepared.fuzz)} requests "
                     f"in {time.monotonic() - started:.0f} s")
        return _try_mutants(prepared, modules, jobs, sample_size, progress, select, use_reach, started)


def _try_mutants(bench: Bench, modules: Sequence[str], jobs: int, sample_size: int | None,
                 progress: Callable[[str], None] | None, select: Callable[[CodeMutant], bool] | None,
                 use_reach: bool, started: float) -> CodeRun:
    """:func:`run_code` on prepared work; times are counted from ``started``."""
    bench = replace(bench, use_reach=use_reach)
    every = all_mutants(modules)
    mutants = every
    if select is not None:
        mutants = [m for m in mutants if select(m)]
    if sample_size is not None:
        mutants = sample(mutants, sample_size)
    if progress:
        progress(f"trying {len(mutants)} mutants with {jobs} jobs")
    plain = next((m for m in modules if engine_for(m, "settings") == "fast"), modules[0])
    baseline = trial_verdict(bench, _unchanged(plain), -1)[0]
    if baseline.get("status") != "survived":
        raise CpspecError("internal", f"the unmutated package fails its own trial: {baseline}")
    done = [0]

    def judge(number: int, mutant: CodeMutant) -> CodeOutcome:
        outcome = judge_mutant(bench, mutant, number)
        done[0] += 1
        if progress and (done[0] % 100 == 0 or done[0] == len(mutants)):
            progress(f"{done[0]}/{len(mutants)} mutants tried, {time.monotonic() - started:.0f} s")
        return outcome

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        outcomes = list(pool.map(judge, range(len(mutants)), mutants))
    reports = {module: ModuleReport(module) for module in modules}
    for outcome in outcomes:
        reports[outcome.mutant.module].outcomes.append(outcome)
    known = {m.key for m in every}
    unknown = sorted(key for key in (*EQUIVALENT, *UNEXERCISED) if key[0] in modules and key not in known)
    broken = [bench.checks[n].name for n in bench.broken]
    return CodeRun(list(reports.values()), time.monotonic() - started, len(bench.checks), len(bench.fuzz),
                   broken, unknown, bench.fuzz_per_mutant)


def _unchanged(module: str) -> CodeMutant:
    """The module as it is, tried like a mutant: the trial must pass every check and every request."""
    source = (package_root() / module).read_text(encoding="utf-8")
    return CodeMutant(module, 1, "", "unchanged", 1, source, (1, len(source.splitlines())), True)
