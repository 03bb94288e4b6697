"""Corpus strength: mutate every semantic parameter of every ruleset and see which cases notice.

A *mutant* is a ruleset with one parameter changed: a number one higher or one lower, an
enum switched to each other value the schema allows, a boolean flipped, a status added to
or removed from a penalty's ``pays_to``, two seat names swapped. Each mutant is written as a
standalone ruleset file (the ``extends`` chain merged in) to a temporary folder, loaded with
:class:`~cpspec.rulesets.loader.RulesetRegistry`, and the ruleset's conformance cases are run against
it through :func:`cpspec.protocol.server.dispatch`. A mutant is *killed* when some case's answer no
longer matches its expectation; a *survivor* is a change no case can see. Mutants that do not
load (outside the schema, or breaking a semantic check) are *invalid* and not counted.

Survivors are either explained (:mod:`cpspec.strength.parameter_equivalents` shows why the change
cannot alter any outcome, e.g. bonus options when the bonus table is empty) or need a case.

``describe_ruleset`` cases are not run: that op echoes the parameters, so it would kill
every mutant without showing any behaviour.

The command and its report: :mod:`cpspec.strength.command` (``python -m cpspec.mutation``).
"""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, cast

from cpspec.conformance.cases import Case, first_difference, load_corpus
from cpspec.engines import DEFAULT, Engine, sharing_counts
from cpspec.errors import CpspecError
from cpspec.rulesets.loader import RulesetRegistry, bundled_registry, load_document
from cpspec.strength.parameter_equivalents import explain_survivor

#: Ops whose answers are not behaviour (they echo the ruleset or the implementation).
SKIPPED_OPS = frozenset({"describe_ruleset", "hello"})
#: Relative cost of an op, to run the cheap cases first.
OP_COST = {"settings": 3, "tournament": 2}

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Mutation:
    """One change to one parameter of one ruleset."""

    ruleset: str
    path: Path_  # inside the ruleset document, starting with "parameters"
    before: Any
    after: Any

    @property
    def label(self) -> str:
        """The change in one line: ``parameters.scoring.sweep.points: 3 -> 4``."""
        where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in self.path).replace(".[", "[")
        return f"{where}: {json.dumps(self.before)} -> {json.dumps(self.after)}"


@dataclass
class Outcome:
    """What became of one mutant: ``killed`` (and by which case), ``survived`` (and why, if known) or ``invalid``."""

    mutation: Mutation
    status: str  # killed, survived, invalid
    killed_by: str | None = None
    explanation: str | None = None


@dataclass
class RulesetReport:
    """Every parameter mutant of one ruleset and its outcome, with the cases that fail even unmutated."""

    ruleset: str
    cases: int
    broken_cases: list[str] = field(default_factory=list)  # cases that fail on the unmutated ruleset
    outcomes: list[Outcome] = field(default_factory=list)

    def count(self, status: str) -> int:
        """How many of the ruleset's mutants ended with ``status``."""
        return sum(1 for o in self.outcomes if o.status == status)


# --- enumerating mutants -------------------------------------------------------------


@cache
def _schema() -> dict[str, Any]:
    from cpspec.rulesets.data import schema_path

    return cast(dict[str, Any], json.loads(schema_path("ruleset.schema.json").read_text(encoding="utf-8")))


def _resolve(node: Mapping[str, Any], value: Any) -> Mapping[str, Any]:
    """Follow $ref, pick the branch of anyOf that describes a non-null value, and the defining branch of allOf."""
    defs = _schema()["$defs"]
    while True:
        if "$ref" in node:
            node = defs[str(node["$ref"]).rsplit("/", 1)[-1]]
        elif "anyOf" in node and value is not None:
            branches = [b for b in node["anyOf"] if b.get("type") != "null"]
            node = branches[0]
        elif "allOf" in node and "properties" not in node:  # a definition narrowed by a condition
            node = next(b for b in node["allOf"] if "$ref" in b or "properties" in b)  # (penalties.foul)
        else:
            return node


def _is_rule_reference(key: str) -> bool:
    return key == "rule" or key.endswith("_rule")


def _number_mutants(value: float, node: Mapping[str, Any]) -> Iterator[float]:
    for step in (1, -1):
        candidate = value + step
        if "minimum" in node and candidate < node["minimum"]:
            continue
        if "exclusiveMinimum" in node and candidate <= node["exclusiveMinimum"]:
            continue
        if "maximum" in node and candidate > node["maximum"]:
            continue
        yield candidate


def _mutants_of(value: Any, node: Mapping[str, Any], path: Path_) -> Iterator[tuple[Path_, Any]]:
    """(path, new value) for every single change of ``value`` the schema allows."""
    node = _resolve(node, value)
    if isinstance(value, bool):
        yield path, not value
    elif isinstance(value, int | float):
        for candidate in _number_mutants(value, node):
            yield path, candidate
    elif isinstance(value, str):
        for other in node.get("enum", []):
            if other != value:
                yield path, other
    elif isinstance(value, dict):
        properties = node.get("properties", {})
        for key, item in value.items():
            if not _is_rule_reference(key) and key in properties:
                yield from _mutants_of(item, properties[key], (*path, key))
    elif isinstance(value, list):
        items = _resolve(node.get("items", {}), None)
        if "enum" in items:  # a set of enum values, such as pays_to: toggle each member
            for member in items["enum"]:
                toggled = [v for v in value if v != member] if member in value else [*value, member]
                yield path, toggled
        elif all(isinstance(v, str) for v in value):  # an ordered list of names: swap neighbours
            for index in range(len(value) - 1):
                swapped = list(value)
                swapped[index], swapped[index + 1] = swapped[index + 1], swapped[index]
                yield path, swapped
        else:
            for index, item in enumerate(value):
                yield from _mutants_of(item, items, (*path, index))


def _get(document: Any, path: Path_) -> Any:
    for part in path:
        document = document[part]
    return document


def standalone_document(ruleset_id: str, registry: RulesetRegistry) -> dict[str, Any]:
    """The ruleset's merged document as a file that loads on its own (no extends)."""
    document = copy.deepcopy(dict(registry.get(ruleset_id).document))
    document.pop("extends", None)
    document.pop("removes_rules", None)
    return document


def mutations(ruleset_id: str, registry: RulesetRegistry) -> list[Mutation]:
    """Every mutant of a ruleset's ``parameters``, as the schema allows each value to change."""
    document = standalone_document(ruleset_id, registry)
    parameters_schema = _schema()["properties"]["parameters"]
    return [
        Mutation(ruleset_id, path, _get(document, path), after)
        for path, after in _mutants_of(document["parameters"], parameters_schema, ("parameters",))
    ]


def apply(document: Mapping[str, Any], mutation: Mutation) -> dict[str, Any]:
    """The ruleset document with the mutation's change made: the containers on the mutation's path are copied, the
    rest is shared with ``document``, which is left alone."""
    mutated = dict(document)
    parent: Any = mutated
    for key in mutation.path[:-1]:
        child = parent[key]
        parent[key] = child = dict(child) if isinstance(child, dict) else list(child)
        parent = child
    parent[mutation.path[-1]] = copy.deepcopy(mutation.after)
    return mutated


# --- running the cases -----------------------------------------------------------------


def case_passes(case: Case, ruleset_id: str, registry: RulesetRegistry, engine: Engine | None = None) -> bool:
    """Whether the case's answer under ``registry`` (on ``engine``, by default the fast path) matches its
    expectation."""
    from cpspec.protocol.server import dispatch

    request = {"id": case.id, "op": case.op, "ruleset": ruleset_id, "input": case.input}
    try:
        output = dispatch(request, registry, engine)
    except CpspecError as error:
        return case.expected_error == error.code
    except Exception:  # a crash under a mutant is a visible change
        return False
    if case.expected_error is not None:
        return False
    return first_difference(case.expected, output) is None


def _first_killer(cases: list[Case], ruleset_id: str, registry: RulesetRegistry, engine: Engine) -> str | None:
    """The first case whose answer changes, moved to the front of ``cases``: a case that kills one mutant
    of a ruleset often kills the next (a neighbouring value of the same parameter), so it is tried first."""
    for index, case in enumerate(cases):
        if not case_passes(case, ruleset_id, registry, engine):
            cases.insert(0, cases.pop(index))
            return case.id
    return None


def _load_mutant(document: Mapping[str, Any], ruleset_id: str, folder: Path) -> RulesetRegistry | None:
    """The mutant built from its document (and written beside, so that the registry holds it as a file)."""
    path = folder / f"{ruleset_id}.yaml"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    try:
        ruleset = load_document(document, str(path))
    except CpspecError:
        return None
    return RulesetRegistry.holding(folder, [ruleset])


def check_ruleset(ruleset_id: str, corpus: Path | Sequence[Case]) -> RulesetReport:
    """Run every mutant of one ruleset against that ruleset's cases (of a corpus folder, or cases loaded)."""
    registry = bundled_registry()
    loaded_cases = load_corpus(corpus) if isinstance(corpus, Path) else corpus
    cases = [c for c in loaded_cases if c.active and ruleset_id in c.rulesets and c.op not in SKIPPED_OPS]
    report = RulesetReport(ruleset_id, len(cases))
    report.broken_cases = [c.id for c in cases if not case_passes(c, ruleset_id, registry)]
    # Cheap ops first, so that most mutants are killed before the slower counting cases run.
    usable = sorted((c for c in cases if c.id not in report.broken_cases), key=lambda c: OP_COST.get(c.op, 1))
    document = standalone_document(ruleset_id, registry)
    # The mutants that leave the setting order and the hand ranking alone count a hand's settings as the ruleset does.
    engine = sharing_counts(DEFAULT)
    with tempfile.TemporaryDirectory(prefix="cpspec-mutant-") as tmp:
        for mutation in mutations(ruleset_id, registry):
            mutant = apply(document, mutation)
            loaded = _load_mutant(mutant, ruleset_id, Path(tmp))
            if loaded is None:
                report.outcomes.append(Outcome(mutation, "invalid"))
                continue
            killer = _first_killer(usable, ruleset_id, loaded, engine)
            if killer is not None:
                report.outcomes.append(Outcome(mutation, "killed", killed_by=killer))
            else:
                reason = explain_survivor(document, mutation.path, mutation.after)
                report.outcomes.append(Outcome(mutation, "survived", explanation=reason))
    return report


# --- reporting ------------------------------------------------------------------------------


def _figure(killed: int, counted: int) -> str:
    return f"{killed}/{counted} ({100 * killed / counted:.1f}%)" if counted else "0/0"


def parameter_report_lines(reports: Sequence[RulesetReport], seconds: float) -> list[str]:
    """The ruleset-parameter section of conformance/STRENGTH.md, as Markdown lines (``seconds``: the run time)."""
    killed = sum(r.count("killed") for r in reports)
    survived = sum(r.count("survived") for r in reports)
    invalid = sum(r.count("invalid") for r in reports)
    equivalent = sum(1 for r in reports for o in r.outcomes if o.status == "survived" and o.explanation)
    unexplained = survived - equivalent
    lines = [
        "## Ruleset parameters",
        "",
        "Every semantic parameter of every bundled ruleset is mutated: numbers +1 and -1 (point values, ranks,",
        "thresholds, player counts, scoop sizes, collection levels and amounts, the tournament target), each",
        "other allowed value of every enum, every boolean flipped, each status toggled in a penalty's `pays_to`,",
        "neighbouring seat names swapped. Each mutant runs that ruleset's cases (`describe_ruleset` excluded,",
        "since it echoes the parameters). A mutant is *killed* when some case's answer changes. Mutants the",
        "schema or the loader refuses are *invalid* and not counted. A survivor is either an *equivalent*",
        "mutant, one that provably cannot change any score, settlement, classification or error (the reason is",
        "given below, from `cpspec/strength/parameter_equivalents.py`), or a gap that needs a case.",
        "",
        f"**Mutation score: {_figure(killed, killed + unexplained)}** of the valid mutants that are not "
        f"equivalent are killed. Raw: {_figure(killed, killed + survived)} of all valid mutants killed; "
        f"{equivalent} equivalent, {unexplained} unexplained, {invalid} invalid. Run time {seconds:.0f} s.",
        "",
        "| ruleset | cases | mutants | invalid | killed | equivalent | unexplained |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        eq = sum(1 for o in r.outcomes if o.status == "survived" and o.explanation)
        lines.append(f"| {r.ruleset} | {r.cases} | {len(r.outcomes)} | {r.count('invalid')} | "
                     f"{r.count('killed')} | {eq} | {r.count('survived') - eq} |")
    broken = [(r.ruleset, c) for r in reports for c in r.broken_cases]
    if broken:
        lines += ["", "### Cases that fail on the unmutated ruleset (not used to kill mutants)", ""]
        lines += [f"- {ruleset}: `{case_id}`" for ruleset, case_id in broken]
    lines += ["", "### Survivors", ""]
    any_survivor = False
    for r in reports:
        for o in r.outcomes:
            if o.status != "survived":
                continue
            any_survivor = True
            why = o.explanation or "**UNEXPLAINED: a case is needed.**"
            lines.append(f"- `{r.ruleset}` `{o.mutation.label}` — {why}")
    if not any_survivor:
        lines.append("None.")
    lines += ["", "### Invalid mutants", ""]
    lines += [f"- `{r.ruleset}` `{o.mutation.label}`" for r in reports for o in r.outcomes if o.status == "invalid"]
    return lines


_CORPUS: list[Case] = []  # the cases a worker process checks mutants against (set by _receive)


def _receive(cases: list[Case]) -> None:
    _CORPUS[:] = cases


def _check_one(ruleset_id: str) -> RulesetReport:
    return check_ruleset(ruleset_id, _CORPUS)


def run(ruleset_ids: Sequence[str], corpus_folder: Path, jobs: int = 1) -> list[RulesetReport]:
    """Check the parameter mutants of each ruleset against the corpus (read once), ``jobs`` rulesets at a time;
    the largest rulesets first, so that no worker is left with a long one at the end."""
    cases = load_corpus(corpus_folder)
    if jobs <= 1 or len(ruleset_ids) <= 1:
        return [check_ruleset(rid, cases) for rid in ruleset_ids]
    size = {rid: sum(1 for c in cases if rid in c.rulesets) for rid in ruleset_ids}
    order = sorted(ruleset_ids, key=lambda rid: -size[rid])
    with ProcessPoolExecutor(max_workers=jobs, initializer=_receive, initargs=(cases,)) as pool:
        reports = dict(zip(order, pool.map(_check_one, order), strict=True))
    return [reports[rid] for rid in ruleset_ids]
