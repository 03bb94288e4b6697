"""Loading rulesets: safe YAML, ``extends`` merging, schema and semantic validation, and the registry of ids.

A :class:`RulesetRegistry` maps ruleset ids to files: the bundled rulesets, plus any house
files added with :meth:`RulesetRegistry.with_files` (``--rulesets DIR``, ``--ruleset
./house.yaml``, a deal file's ``ruleset: ./house.yaml``). Every command goes through
:func:`registry_for` and :meth:`RulesetRegistry.named`. An id means one ruleset wherever it is
used: a house file whose id is a bundled ruleset's (and whose text differs from it), or two house
files with one id, are refused with the file and line.

>>> all(rs.parameters.players.min >= 2 for rs in bundled_registry().all())
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import build_ruleset, merge, strip_private
from cpspec.rulesets.chain import Known, RawRuleset, locate, merge_chain, read_chain, read_raw
from cpspec.rulesets.checks import check_semantics, inheritance_warnings
from cpspec.rulesets.data import data_dir, schema_path
from cpspec.rulesets.ids import RULESET_ID
from cpspec.rulesets.languages import check_languages
from cpspec.rulesets.quick_schema import quick_check
from cpspec.rulesets.yamlsafe import LoadedYaml

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, TypeChecker

__all__ = [
    "RULESET_ID", "RulesetRegistry", "bundled_registry", "get_ruleset", "load_checked", "load_document", "load_ruleset",
    "merge", "registry_for", "ruleset_validator",
]
SOURCE_FORMS = "a source is {file, title} (a source document) or {url, title, read} (a public page and the date read)"


@cache
def ruleset_validator() -> Draft202012Validator:
    # jsonschema is imported only when a ruleset is validated: it is the slowest import of all,
    # and commands such as `cpspec --help` or the protocol's hello never need it.
    from jsonschema import Draft202012Validator, validators

    strict_integers = cast(
        type[Draft202012Validator],
        validators.extend(  # type: ignore[no-untyped-call]
            Draft202012Validator,
            type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_strict_integer),
        ),
    )
    schema = json.loads(schema_path("ruleset.schema.json").read_text(encoding="utf-8"))
    return strict_integers(schema)


def _is_strict_integer(_: TypeChecker, instance: object) -> bool:
    """JSON Schema counts 3.0 as an integer; the engine's points and counts must be ints, so not here."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def load_checked(path: Path, known: Known | None = None) -> tuple[Ruleset, list[str]]:
    """Load, merge (``extends``), validate and build one ruleset file; also its warnings (each with its line).

    ``extends: <id>`` finds the file ``<id>.yaml`` beside the child first, then ``known(id)``
    (a registry's files). Every error names the file and line that wrote the value: the
    parent's for an inherited rule.
    """
    return _checked_chain(read_chain(Path(path), known))


def load_document(document: Mapping[str, Any], source: str) -> Ruleset:
    """A standalone ruleset (no ``extends``) already in memory, validated and built as a file would be; errors
    name ``source`` (there are no lines to give). The strength tooling builds thousands of mutants this way."""
    data = json.loads(json.dumps(document))  # a copy of its own (plain JSON data: quicker than deepcopy)
    if "extends" in data:
        raise CpspecError("bad_ruleset", "a ruleset given as data has no parent to extend", f"{source} (extends)")
    return _checked_chain([RawRuleset(LoadedYaml(data, source), data)])[0]


def _checked_chain(chain: list[RawRuleset]) -> tuple[Ruleset, list[str]]:
    merged = merge_chain(chain)
    _validate_schema(merged, chain)
    ruleset = build_ruleset(merged, tuple(str(raw.loaded.source) for raw in chain))
    check_semantics(ruleset, chain, merged)
    check_languages(ruleset, chain, merged)
    parent_parameters = merge_chain(chain[1:]).get("parameters", {}) if len(chain) > 1 else {}
    return ruleset, inheritance_warnings(ruleset, chain, parent_parameters)


def load_ruleset(path: Path, known: Known | None = None) -> Ruleset:
    """:func:`load_checked` without the warnings."""
    return load_checked(path, known)[0]


def _validate_schema(merged: dict[str, Any], chain: list[RawRuleset]) -> None:
    from jsonschema.exceptions import ValidationError, best_match

    public = strip_private(merged)
    quick = quick_check("ruleset.schema.json")
    if quick is not None and quick(public):
        return
    errors = list(ruleset_validator().iter_errors(public))
    if not errors:
        return
    error = cast(ValidationError, best_match(errors))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    path: list[str | int] = list(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        # point at the unexpected key itself rather than at the mapping that holds it
        allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        path += sorted(str(key) for key in error.instance if key not in allowed)[:1]
    elif error.validator == "oneOf" and path[:1] == ["sources"] and isinstance(error.instance, dict):
        message = f"{SOURCE_FORMS}; this one has {', '.join(sorted(map(str, error.instance)))}"
    raise CpspecError("bad_ruleset", f"{message}{more}", locate(path, chain, merged))


# --- the registry ------------------------------------------------------------------------


def _same_file(a: Path, b: Path) -> bool:
    """The same file, or two files with the same bytes (a copy of a bundled ruleset is that ruleset)."""
    try:
        return a.resolve() == b.resolve() or a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _ruleset_files(paths: Iterable[str | Path], option: str) -> list[Path]:
    """The files named: a file as it is, a folder's ``*.yaml`` files (sorted); a located error for nothing there."""
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(p for p in path.glob("*.yaml") if p.is_file())
            if not found:
                raise CpspecError("bad_file", f"no ruleset files (*.yaml) in the folder given with {option}", str(path))
            files += found
        elif path.exists():
            files.append(path)
        else:
            raise CpspecError("bad_file", f"no such file or folder (given with {option})", str(path))
    return files


class RulesetRegistry:
    """Rulesets by id: the ``*.yaml`` files of one folder (the bundled rulesets), loaded on demand, and the
    house files added with :meth:`with_files`, loaded and checked when added."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._paths: dict[str, Path] = {path.stem: path for path in sorted(folder.glob("*.yaml"))}
        self._added: dict[str, Path] = {}
        self._cache: dict[str, Ruleset] = {}
        self._warnings: dict[str, list[str]] = {}

    @classmethod
    def holding(cls, folder: Path, rulesets: Iterable[Ruleset]) -> RulesetRegistry:
        """The registry of a folder with some of its rulesets already built from the very documents written there
        (:func:`load_document`; the strength tooling's mutants): those are not read and checked again."""
        registry = cls(folder)
        for ruleset in rulesets:
            if ruleset.id not in registry._paths:
                raise ValueError(f"no file {ruleset.id}.yaml in {folder}")
            registry._cache[ruleset.id] = ruleset
            registry._warnings[ruleset.id] = []
        return registry

    def ids(self) -> list[str]:
        """The ids of every ruleset of the registry, sorted."""
        return sorted(self._paths)

    def house_ids(self) -> list[str]:
        """The ids of the files added with :meth:`with_files`."""
        return sorted(self._added)

    def has(self, ruleset_id: str) -> bool:
        """Whether the registry holds a ruleset of this id."""
        return ruleset_id in self._paths

    def path(self, ruleset_id: str) -> Path:
        """The file of a ruleset id of the registry."""
        return self._paths[ruleset_id]

    def find(self, ruleset_id: str) -> Path | None:
        """The file of a ruleset id, or None: what :func:`load_checked` takes to find parents."""
        return self._paths.get(ruleset_id)

    def get(self, ruleset_id: str) -> Ruleset:
        """The ruleset of this id, loaded and checked on first use; an ``unknown_ruleset`` error naming the ids
        known when there is none.
        """
        if ruleset_id not in self._cache:
            if ruleset_id not in self._paths:
                raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id!r}; known: {', '.join(self.ids())}")
            ruleset, warnings = load_checked(self._paths[ruleset_id], self.find)
            self._cache[ruleset_id] = ruleset
            self._warnings[ruleset_id] = warnings
        return self._cache[ruleset_id]

    def warnings(self, ruleset_id: str) -> list[str]:
        """The located warnings of a ruleset (see :mod:`cpspec.rulesets.checks`)."""
        self.get(ruleset_id)
        return list(self._warnings[ruleset_id])

    def all(self) -> list[Ruleset]:
        """Every ruleset of the registry, loaded, sorted by id."""
        return [self.get(i) for i in self.ids()]

    def with_files(self, paths: Iterable[str | Path], option: str = "--rulesets") -> RulesetRegistry:
        """This registry with the ruleset files named (files, or folders of ``*.yaml`` files) added.

        Each added file is loaded and checked at once, so a bad file is reported before anything
        uses it. Refused with the file and line: a file that is not a ruleset, an id that differs
        from the file name, an id that another file already gives (a bundled ruleset, unless the
        file is that ruleset or a byte-for-byte copy of it, or another added file), and a parent
        found beside a file whose id is another file's.
        """
        added = RulesetRegistry.__new__(RulesetRegistry)
        added.folder = self.folder
        added._paths = dict(self._paths)
        added._added = dict(self._added)
        added._cache = dict(self._cache)
        added._warnings = dict(self._warnings)
        pending: list[tuple[RawRuleset, Path, Path | None]] = []  # (file, path, the file that has its id already)
        for path in _ruleset_files(paths, option):
            raw = read_raw(path)
            if raw.id != path.stem:
                raise CpspecError("bad_ruleset", f"id {raw.id!r} must equal the file name {path.stem!r} (a ruleset "
                                  f"is found by its id: name the file {raw.id}.yaml, or change the id)",
                                  raw.where(("id",)))
            current = added._paths.get(raw.id)
            if current is not None and _same_file(current, path):
                continue
            pending.append((raw, path, current))
            if current is None:
                added._paths[raw.id] = path
                added._added[raw.id] = path
        # what is wrong inside a file is told first, then that its id is taken
        for raw, path, current in pending:
            if current is None:
                added.get(raw.id)
            else:
                load_checked(path, added.find)
        for raw, _, current in pending:
            if current is not None:
                added._refuse_clash(raw, current)
        for raw, _, _ in pending:
            added._check_parents(added.get(raw.id))
        return added

    def _refuse_clash(self, raw: RawRuleset, current: Path) -> None:
        if raw.id in self._added:
            raise CpspecError("bad_ruleset", f"two files give the ruleset id {raw.id!r}: {current} and this one; an "
                              "id names one ruleset, so rename one of them (file and id)", raw.where(("id",)))
        raise CpspecError("bad_ruleset", f"the id {raw.id!r} is the bundled ruleset {current}'s, and this file "
                          "differs from it: a house ruleset needs an id of its own (rename the file and its id; "
                          f"to build on the bundled one, write 'extends: {raw.id}')", raw.where(("id",)))

    def _check_parents(self, ruleset: Ruleset) -> None:
        """A parent found beside a house file must be the registry's ruleset of that id, if it has one."""
        for file in ruleset.files[1:]:
            parent = Path(file)
            current = self._paths.get(parent.stem)
            if current is not None and not _same_file(current, parent):
                self._refuse_clash(read_raw(parent), current)

    def named(self, spec: str, where: str = "--ruleset", relative_to: Path | None = None) -> Ruleset:
        """The ruleset ``spec`` names: an id of this registry, or else a path to a ruleset file (relative to
        ``relative_to`` when given), added and checked as by :meth:`with_files`; ``where`` is the place that
        named it (an option, a file's line), for the errors."""
        return self.named_in(spec, where, relative_to)[0]

    def named_in(self, spec: str, where: str = "--ruleset", relative_to: Path | None = None
                 ) -> tuple[Ruleset, RulesetRegistry]:
        """:meth:`named`, and the registry that holds the ruleset (this one, or this one with the file added)."""
        if RULESET_ID.match(spec):
            if not self.has(spec):
                raise CpspecError("unknown_ruleset", f"no ruleset {spec!r}; known: {', '.join(self.ids())} (or give "
                                  "the path of a ruleset file)", where)
            return self.get(spec), self
        path = Path(spec)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        if path.is_dir():
            raise CpspecError("bad_file", f"{path} is a directory, not a ruleset file (a folder of rulesets goes "
                              "to --rulesets)", where)
        if not path.exists():
            raise CpspecError("bad_file", f"no such file: {path} (and {spec!r} is not a ruleset id: ids are "
                              f"lowercase words joined by hyphens; known: {', '.join(self.ids())})", where)
        registry = self.with_files([path], where)
        return registry.get(read_raw(path).id), registry

    def resolve_all(self, specs: Iterable[str], option: str = "--ruleset") -> tuple[RulesetRegistry, tuple[str, ...]]:
        """Ids or paths (as :meth:`named` reads them) to ids: the registry with the files among them added, and
        the ids in the order given."""
        registry, ids = self, []
        for spec in specs:
            if RULESET_ID.match(spec):
                if not registry.has(spec):
                    raise CpspecError("bad_input", f"unknown value {spec!r}; known: {', '.join(registry.ids())} (or "
                                      "the path of a ruleset file)", option)
                ids.append(spec)
            else:
                ruleset, registry = registry.named_in(spec, option)
                ids.append(ruleset.id)
        return registry, tuple(ids)

    def locator(self, ruleset_id: str) -> Callable[[Sequence[str | int]], str]:
        """``locate(path)``: the file and line that wrote a value of the ruleset's merged document."""
        chain = read_chain(self._paths[ruleset_id], self.find)
        merged = merge_chain(chain)
        return lambda path: locate(path, chain, merged)


@cache
def bundled_registry() -> RulesetRegistry:
    return RulesetRegistry(data_dir("rulesets"))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The bundled ruleset of this id (an ``unknown_ruleset`` error if there is none)."""
    return bundled_registry().get(ruleset_id)


def registry_for(paths: Sequence[str | Path] = (), option: str = "--rulesets") -> RulesetRegistry:
    """The bundled rulesets and the ruleset files (or folders of them) named: the one way every command builds
    the registry it uses."""
    return bundled_registry().with_files(paths, option) if paths else bundled_registry()
