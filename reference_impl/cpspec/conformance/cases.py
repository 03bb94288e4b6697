"""The conformance corpus: load and validate case files, compare outputs, lock and export.

A corpus folder holds ``cases/**/*.yaml`` (each ``{description?, cases: [CASE, ...]}``),
``lock.json`` (case id -> sha256 of the case's canonical JSON) and ``corpus.json`` (every
case in one generated JSON file). ``python -m cpspec.cases`` validates, locks and exports::

    python -m cpspec.cases validate   # load every case file; exit 2 with a located message if one is bad
    python -m cpspec.cases lock       # add new case ids to lock.json; refuse if a locked case changed
    python -m cpspec.cases check      # exit 1 if a locked case changed or disappeared, or one is unlocked
    python -m cpspec.cases export     # write corpus.json (add --check to only compare)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

from cpspec.errors import ERROR_CODES, CpspecError
from cpspec.rulesets.quick_schema import quick_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

    from cpspec.rulesets.loader import RulesetRegistry
    from cpspec.rulesets.yamlsafe import LoadedYaml

#: The version of the case format; written into corpus.json.
FORMAT_VERSION: Final = 1
CASE_SCHEMA: Final = "case.schema.json"
#: Not part of a case's locked hash: a released case gets ``status: replaced`` when corrected.
UNHASHED_FIELDS: Final = frozenset({"status"})


@dataclass(frozen=True, eq=False)
class Case:
    """One conformance case as written in its file, with where it was written."""

    id: str
    description: str
    rulesets: tuple[str, ...]
    op: str
    input: Any
    expected: dict[str, Any] | None
    expected_error: str | None
    pins: tuple[str, ...]
    tags: tuple[str, ...]
    derivation: str
    replaces: str | None
    status: str
    file: str  # relative to the corpus folder, for reports
    source: str  # the file as opened, for error messages
    line: int
    data: dict[str, Any] = field(repr=False)

    @property
    def active(self) -> bool:
        """Whether the case is run: every case but one marked ``status: replaced`` (a corrected released case)."""
        return self.status != "replaced"

    @property
    def where(self) -> str:
        """``file:LINE`` of the case as opened, for error messages."""
        return f"{self.source}:{self.line}"


# --- loading and validation --------------------------------------------------------


@cache
def case_schema() -> dict[str, Any]:
    from cpspec.rulesets.data import schema_path

    return cast(dict[str, Any], json.loads(schema_path(CASE_SCHEMA).read_text(encoding="utf-8")))


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(case_schema())


def path_text(path: Iterable[str | int]) -> str:
    """``cases[3].expected.totals.B`` for a JSON path."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part and all(c.isalnum() or c in "_-" for c in part):
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part, ensure_ascii=False)}]"
    return text


def case_files(folder: Path) -> list[Path]:
    """The case files of a corpus folder (its ``cases/`` subfolder if it has one), sorted."""
    root = folder / "cases" if (folder / "cases").is_dir() else folder
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def load_corpus(folder: Path | str, registry: RulesetRegistry | None = None) -> list[Case]:
    """Every case of a corpus folder, validated; raises a located CpspecError on the first problem."""
    from cpspec.rulesets.loader import bundled_registry

    folder = Path(folder)
    if not folder.is_dir():
        raise CpspecError("bad_file", "the corpus folder does not exist or is not a folder", str(folder))
    files = case_files(folder)
    if not files:
        raise CpspecError("bad_file", "no case files (cases/**/*.yaml) in the corpus folder", str(folder))
    rulesets = registry or bundled_registry()
    cases: list[Case] = []
    for path in files:
        cases.extend(load_case_file(path, folder, rulesets))
    _check_corpus(cases)
    return cases


def load_case_file(path: Path, folder: Path, registry: RulesetRegistry) -> list[Case]:
    """The cases of one file, checked against the schema and the rulesets."""
    from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping

    loaded = load_yaml_file(path)
    data = require_mapping(loaded)
    raw_cases = data.get("cases")
    for index, raw in enumerate(raw_cases if isinstance(raw_cases, list) else []):
        if isinstance(raw, dict):
            _check_result_fields(raw, loaded, ("cases", index))
    _check_schema(data, loaded)
    relative = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else str(path)
    cases = []
    for index, raw in enumerate(data["cases"]):
        case = _build_case(raw, relative, loaded.source, loaded.lines.get(("cases", index), 0))
        _check_case(case, loaded, ("cases", index), registry)
        cases.append(case)
    return cases


def _fail(loaded: LoadedYaml, path: Sequence[str | int], message: str) -> CpspecError:
    return CpspecError("bad_case", message, f"{loaded.where(path)} ({path_text(path) or 'top level'})")


def _check_result_fields(raw: Mapping[str, Any], loaded: LoadedYaml, path: tuple[str | int, ...]) -> None:
    """Exactly one of expected / expected_error, said plainly (the schema's oneOf message is not)."""
    has = [key for key in ("expected", "expected_error") if key in raw]
    if len(has) != 1:
        found = "both" if has else "neither"
        raise _fail(loaded, path, f"a case has exactly one of 'expected' and 'expected_error' (found {found})")


def _check_schema(data: Mapping[str, Any], loaded: LoadedYaml) -> None:
    from jsonschema.exceptions import ValidationError, best_match

    quick = quick_check(CASE_SCHEMA)
    if quick is not None and quick(data):
        return
    errors = list(_validator().iter_errors(data))
    if not errors:
        return
    error = cast(ValidationError, best_match(errors))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    path, message = list(error.absolute_path), error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        unknown = [key for key in error.instance if key not in allowed]
        if unknown:  # point at the unknown key itself, not at its mapping
            path.append(unknown[0])
            message = f"unknown field {unknown[0]!r}; allowed: {', '.join(allowed)}"
    raise _fail(loaded, path, f"{message}{more}")


def _build_case(raw: dict[str, Any], file: str, source: str, line: int) -> Case:
    return Case(
        id=raw["id"],
        description=raw["description"],
        rulesets=tuple(raw["rulesets"]),
        op=raw["op"],
        input=raw["input"],
        expected=raw.get("expected"),
        expected_error=raw.get("expected_error"),
        pins=tuple(raw["pins"]),
        tags=tuple(raw["tags"]),
        derivation=raw["derivation"],
        replaces=raw.get("replaces"),
        status=raw.get("status", "active"),
        file=file,
        source=source,
        line=line,
        data=raw,
    )


def _check_case(case: Case, loaded: LoadedYaml, path: tuple[str | int, ...], registry: RulesetRegistry) -> None:
    if case.expected_error is not None and case.expected_error not in ERROR_CODES:
        raise _fail(loaded, (*path, "expected_error"), f"unknown error code {case.expected_error!r}")
    for index, ruleset_id in enumerate(case.rulesets):
        if not registry.has(ruleset_id):
            raise _fail(loaded, (*path, "rulesets", index),
                        f"no ruleset {ruleset_id!r}; known: {', '.join(registry.ids())}")
        rule_ids = set(registry.get(ruleset_id).rule_ids)
        for pin_index, pin in enumerate(case.pins):
            if pin not in rule_ids:
                raise _fail(loaded, (*path, "pins", pin_index), f"ruleset {ruleset_id} has no rule {pin!r}")
    if case.replaces == case.id:
        raise _fail(loaded, (*path, "replaces"), "a case cannot replace itself")


def _check_corpus(cases: Sequence[Case]) -> None:
    """Checks across files: unique ids, and replacements that point at replaced cases."""
    by_id: dict[str, Case] = {}
    for case in cases:
        first = by_id.get(case.id)
        if first is not None:
            raise CpspecError("bad_case", f"case id {case.id!r} is used twice (first at {first.where})", case.where)
        by_id[case.id] = case
    replaced_by: dict[str, Case] = {}
    for case in cases:
        if case.replaces is None:
            continue
        old = by_id.get(case.replaces)
        if old is None:
            raise CpspecError("bad_case", f"replaces unknown case {case.replaces!r}", case.where)
        if old.active:
            raise CpspecError(
                "bad_case", f"replaces {old.id!r}, which must then have 'status: replaced' ({old.where})", case.where
            )
        if old.id in replaced_by:
            raise CpspecError(
                "bad_case", f"{old.id!r} is already replaced by {replaced_by[old.id].id!r}", case.where
            )
        replaced_by[old.id] = case
    for case in cases:
        if not case.active and case.id not in replaced_by:
            raise CpspecError("bad_case", "a case with 'status: replaced' needs a case that 'replaces' it", case.where)


# --- subset matching ---------------------------------------------------------------


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = _Missing()


@dataclass(frozen=True)
class Difference:
    """The first place where an output does not contain what a case expects."""

    path: tuple[str | int, ...]
    expected: str
    actual: str

    def describe(self) -> str:
        """One line: the place in the output, what the case expects there and what came instead."""
        where = path_text(self.path) or "the output"
        return f"{where}: expected {self.expected}, got {self.actual}"


def compact(value: Any, limit: int = 160) -> str:
    """Compact JSON, cut short with '...' when longer than ``limit`` characters."""
    if value is MISSING:
        return "nothing (the key is missing)"
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return "value"


def first_difference(expected: Any, actual: Any, path: tuple[str | int, ...] = ()) -> Difference | None:
    """None if ``actual`` contains ``expected`` as a subset, else the first difference.

    Objects: every expected key must be present with a matching value (other keys are
    ignored). Lists: the same length, items matched in order. Numbers compare by value
    (1 == 1.0); booleans are not numbers; nothing else is coerced.
    """
    return next(iter_differences(expected, actual, path), None)


def differences(expected: Any, actual: Any, ignore: frozenset[str] = frozenset(),
                limit: int | None = None) -> list[Difference]:
    """Every difference :func:`first_difference` would find in turn (at most ``limit``),
    skipping the object keys named in ``ignore`` wherever they are."""
    found = []
    for difference in iter_differences(expected, actual, (), ignore):
        found.append(difference)
        if limit is not None and len(found) >= limit:
            break
    return found


def iter_differences(expected: Any, actual: Any, path: tuple[str | int, ...] = (),
                     ignore: frozenset[str] = frozenset()) -> Iterator[Difference]:
    """The differences between ``expected`` and ``actual`` (subset comparison), in document order."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield Difference(path, f"an object {compact(expected)}", compact(actual))
            return
        for key, value in expected.items():
            if key in ignore:
                continue
            if key not in actual:
                yield Difference((*path, key), compact(value), compact(MISSING))
            else:
                yield from iter_differences(value, actual[key], (*path, key), ignore)
        return
    if isinstance(expected, list):
        if not isinstance(actual, list):
            yield Difference(path, f"a list {compact(expected)}", compact(actual))
        elif len(expected) != len(actual):
            yield Difference(path, f"{len(expected)} items {compact(expected)}",
                             f"{len(actual)} items {compact(actual)}")
        else:
            for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
                yield from iter_differences(want, got, (*path, index), ignore)
        return
    if _is_number(expected) and _is_number(actual):
        equal = bool(expected == actual)
    else:
        equal = type(expected) is type(actual) and expected == actual
    if not equal:
        shown = compact(actual) if _kind(actual) == "value" else f"{_kind(actual)} {compact(actual)}"
        yield Difference(path, compact(expected), shown)


def projected(expected: Any, actual: Any) -> Any:
    """``actual`` cut down to the keys ``expected`` has (what subset comparison looks at).

    A key the answer lacks is left out, so that a diff shows it as missing.
    """
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {k: projected(v, actual[k]) for k, v in expected.items() if k in actual}
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [projected(e, a) for e, a in zip(expected, actual, strict=True)]
    return actual


def pretty_lines(value: Any, indent: str = "", width: int = 72) -> list[str]:
    """JSON a few values a line: a list or object is written on one line when it fits ``width``."""
    text = compact(value, 10**9)
    if len(indent) + len(text) <= width or not isinstance(value, dict | list) or not value:
        return [indent + text]
    inner = indent + "  "
    items: list[list[str]]
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            lines = pretty_lines(item, inner, width)
            items.append([f"{inner}{compact(key)}: {lines[0].lstrip()}", *lines[1:]])
        opening, closing = "{", "}"
    else:
        items = [pretty_lines(item, inner, width) for item in value]
        opening, closing = "[", "]"
    out = [indent + opening]
    for number, lines in enumerate(items):
        out += [*lines[:-1], lines[-1] + ("," if number < len(items) - 1 else "")]
    return [*out, indent + closing]


def diff_lines(expected: Any, actual: Any, limit: int = 40) -> list[str]:
    """A unified diff (``-`` expected, ``+`` answer) of ``expected`` and the answer's matching part."""
    import difflib

    want, got = pretty_lines(expected), pretty_lines(projected(expected, actual))
    lines = [line.rstrip() for line in difflib.unified_diff(want, got, lineterm="", n=1)][2:]
    if len(lines) > limit:
        lines = [*lines[:limit], f"... ({len(lines) - limit} more lines)"]
    return lines


# --- canonical hashing, lock and export --------------------------------------------------


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text as is: the form a case's hash is taken of."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def case_hash(case: Case) -> str:
    """sha256 (hex) of the case's canonical JSON, without its ``status``."""
    content = {k: v for k, v in case.data.items() if k not in UNHASHED_FIELDS}
    return hashlib.sha256(canonical_json(content).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class LockReport:
    """The corpus against ``lock.json``: locked ids whose case changed, locked ids gone, ids not locked yet."""

    changed: list[str]
    removed: list[str]
    new: list[str]

    @property
    def broken(self) -> bool:
        """Whether a locked case changed or disappeared (a released case never changes); new ids do not break it."""
        return bool(self.changed or self.removed)

    def lines(self) -> list[str]:
        """One line per changed, removed and unlocked case id, saying what is wrong or what to run."""
        out = [f"changed since it was locked (a released case never changes; add a new case with "
               f"'replaces: {case_id}'): {case_id}" for case_id in self.changed]
        out += [f"locked but no longer in the corpus: {case_id}" for case_id in self.removed]
        out += [f"not locked yet (run python -m cpspec.cases lock): {case_id}" for case_id in self.new]
        return out


def read_lock(folder: Path) -> dict[str, str]:
    """The ``lock.json`` of a corpus folder (case id -> sha256 hex), or ``{}`` when the folder has none.

    An unreadable or ill-shaped lock is a ``bad_file`` error naming the file.
    """
    path = folder / "lock.json"
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CpspecError("bad_file", f"cannot read the lock: {exc}", str(path)) from None
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise CpspecError("bad_file", "the lock maps case ids to sha256 hex strings", str(path))
    return data


def compare_lock(cases: Sequence[Case], lock: Mapping[str, str]) -> LockReport:
    """Compare each case's hash with the lock: which locked cases changed, which are gone, which are new."""
    hashes = {case.id: case_hash(case) for case in cases}
    return LockReport(
        changed=sorted(i for i, h in hashes.items() if i in lock and lock[i] != h),
        removed=sorted(i for i in lock if i not in hashes),
        new=sorted(i for i in hashes if i not in lock),
    )


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def update_lock(folder: Path, cases: Sequence[Case]) -> LockReport:
    """Add the new ids to lock.json; write nothing if a locked case changed or disappeared."""
    lock = read_lock(folder)
    report = compare_lock(cases, lock)
    if not report.broken and report.new:
        updated = dict(lock)
        updated.update({case.id: case_hash(case) for case in cases if case.id in report.new})
        (folder / "lock.json").write_text(_dump(updated), encoding="utf-8")
    return report


def export_text(cases: Sequence[Case]) -> str:
    """corpus.json: every case as written, sorted by id, with the format and schema versions."""
    from cpspec import PROTOCOL_VERSION

    return _dump({
        "format": FORMAT_VERSION,
        "schema": case_schema()["$id"],
        "protocol": PROTOCOL_VERSION,
        "cases": [case.data for case in sorted(cases, key=lambda c: c.id)],
    })


# --- python -m cpspec.cases ---------------------------------------------------------


def _default_folder() -> Path:
    from cpspec.rulesets.data import data_dir

    return data_dir("conformance")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cpspec.cases validate|lock|check|export``: 0 done, 1 a lock or export check failed, 2 bad input."""
    parser = argparse.ArgumentParser(prog="python -m cpspec.cases", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["validate", "lock", "check", "export"])
    parser.add_argument("--corpus", metavar="DIR", help="the corpus folder (default: the bundled conformance/)")
    parser.add_argument("--check", action="store_true", help="export: only check that corpus.json is up to date")
    parser.add_argument("--rulesets", action="append", default=[], metavar="DIR",
                        help="the cases may also name the ruleset files of this folder (repeatable)")
    args = parser.parse_args(argv)
    folder = Path(args.corpus) if args.corpus else _default_folder()
    try:
        from cpspec.rulesets.loader import registry_for

        cases = load_corpus(folder, registry_for(args.rulesets))
        return _act(args.action, folder, cases, args.check)
    except CpspecError as error:
        print(f"cpspec.conformance.cases: error: {error.describe()}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cpspec.conformance.cases: error: {exc}", file=sys.stderr)
        return 2


def _act(action: str, folder: Path, cases: Sequence[Case], check_only: bool) -> int:
    if action == "validate":
        files = len({case.file for case in cases})
        print(f"{len(cases)} cases in {files} files: valid")
        return 0
    if action in ("lock", "check"):
        report = update_lock(folder, cases) if action == "lock" else compare_lock(cases, read_lock(folder))
        for line in report.lines():
            if action == "check" or not line.startswith("not locked"):
                print(line, file=sys.stderr)
        if report.broken:
            if action == "lock":
                print("lock.json not updated", file=sys.stderr)
            return 1
        if action == "lock":
            print(f"locked {len(report.new)} new case(s); {len(cases)} in all")
            return 0
        return 1 if report.new else 0
    target = folder / "corpus.json"
    text = export_text(cases)
    current = target.read_text(encoding="utf-8") if target.exists() else None
    if check_only:
        if current != text:
            print(f"{target} is out of date: run python -m cpspec.cases export", file=sys.stderr)
            return 1
        return 0
    if current != text:
        target.write_text(text, encoding="utf-8")
    print(f"wrote {target} ({len(cases)} cases)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
