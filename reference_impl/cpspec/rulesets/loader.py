"""Loading rulesets: safe YAML, ``extends`` merging, schema and semantic validation.

>>> all(rs.parameters.players.min >= 2 for rs in bundled_registry().all())
True
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import build_ruleset, merge, strip_private
from cpspec.rulesets.data import data_dir, schema_path
from cpspec.rulesets.yamlsafe import LoadedYaml, load_yaml_file, require_mapping

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, TypeChecker

MAX_EXTENDS_DEPTH = 8


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


def _path_text(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(root)"


@dataclass(frozen=True)
class _RawRuleset:
    loaded: LoadedYaml
    data: dict[str, Any]


def _read(path: Path) -> _RawRuleset:
    loaded = load_yaml_file(path)
    data = require_mapping(loaded)
    rid = data.get("id")
    if not isinstance(rid, str):
        raise CpspecError("bad_ruleset", "a ruleset needs a string 'id'", loaded.where(("id",)))
    return _RawRuleset(loaded, data)


class RulesetRegistry:
    """The rulesets of one folder, loaded on demand by id."""

    def __init__(self, folder: Path, extra_files: Sequence[Path] = ()) -> None:
        self.folder = folder
        self._paths: dict[str, Path] = {}
        for path in sorted(folder.glob("*.yaml")) + list(extra_files):
            self._paths[path.stem] = path
        self._cache: dict[str, Ruleset] = {}

    def ids(self) -> list[str]:
        return sorted(self._paths)

    def has(self, ruleset_id: str) -> bool:
        return ruleset_id in self._paths

    def get(self, ruleset_id: str) -> Ruleset:
        if ruleset_id not in self._cache:
            if ruleset_id not in self._paths:
                raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id!r}; known: {', '.join(self.ids())}")
            self._cache[ruleset_id] = load_ruleset(self._paths[ruleset_id], self._paths.get)
        return self._cache[ruleset_id]

    def all(self) -> list[Ruleset]:
        return [self.get(i) for i in self.ids()]


@cache
def bundled_registry() -> RulesetRegistry:
    return RulesetRegistry(data_dir("rulesets"))


def get_ruleset(ruleset_id: str) -> Ruleset:
    return bundled_registry().get(ruleset_id)


def load_ruleset(path: Path, find: Any = None) -> Ruleset:
    """Load, merge (``extends``), validate and build one ruleset file.

    ``find(id) -> Path | None`` locates a parent; by default, a sibling file ``<id>.yaml``.
    """
    path = Path(path)

    def default_find(rid: str) -> Path | None:
        candidate = path.parent / f"{rid}.yaml"
        return candidate if candidate.is_file() else None

    finder = find or default_find
    chain: list[_RawRuleset] = [_read(path)]
    own = chain[0]
    if own.data["id"] != path.stem:
        raise CpspecError(
            "bad_ruleset", f"id {own.data['id']!r} must equal the file name {path.stem!r}", own.loaded.where(("id",))
        )
    while "extends" in chain[-1].data:
        parent_id = chain[-1].data["extends"]
        where = chain[-1].loaded.where(("extends",))
        if not isinstance(parent_id, str):
            raise CpspecError("bad_ruleset", "'extends' must be a ruleset id", where)
        if len(chain) > MAX_EXTENDS_DEPTH or any(r.data["id"] == parent_id for r in chain):
            raise CpspecError("bad_ruleset", f"'extends' makes a cycle or is too deep at {parent_id!r}", where)
        parent_path = finder(parent_id)
        if parent_path is None:
            raise CpspecError("bad_ruleset", f"extends unknown ruleset {parent_id!r}", where)
        chain.append(_read(Path(parent_path)))

    merged = _merge_chain(chain)
    _validate_schema(merged, chain)
    ruleset = build_ruleset(merged, tuple(str(raw.loaded.source) for raw in chain))
    _check_semantics(ruleset, own.loaded)
    return ruleset


def _merge_chain(chain: list[_RawRuleset]) -> dict[str, Any]:
    """Merge from the root ancestor down to the file itself."""
    merged: dict[str, Any] = {}
    rules: list[dict[str, Any]] = []
    for raw in reversed(chain):
        data = raw.data
        _check_rule_lists(raw)
        removes = data.get("removes_rules", [])
        if isinstance(removes, list):
            unknown = [r for r in removes if r not in {rule.get("id") for rule in rules}]
            if unknown:
                raise CpspecError(
                    "bad_ruleset", f"removes_rules names rules it does not inherit: {unknown}",
                    raw.loaded.where(("removes_rules",)),
                )
            rules = [rule for rule in rules if rule.get("id") not in removes]
        for rule in data.get("rules", []):
            rules.append({**rule, "_origin": data["id"]})
        top = {k: v for k, v in data.items() if k not in ("rules", "removes_rules", "parameters")}
        merged.update(copy.deepcopy(top))
        if "parameters" in data:
            merged["parameters"] = merge(merged.get("parameters", {}), data["parameters"])
    own = chain[0].data
    if "extends" not in own:
        merged.pop("extends", None)
    else:
        merged["extends"] = own["extends"]
    merged["rules"] = rules
    if "removes_rules" in own:
        merged["removes_rules"] = own["removes_rules"]
    return merged


def _check_rule_lists(raw: _RawRuleset) -> None:
    """``rules`` must be a list of mappings and ``removes_rules`` a list of ids before merging uses them."""
    rules = raw.data.get("rules", [])
    if not isinstance(rules, list):
        raise CpspecError("bad_ruleset", "'rules' must be a list of rules", f"{raw.loaded.where(('rules',))} (rules)")
    for index, rule in enumerate(rules):
        if not isinstance(rule, dict):
            raise CpspecError("bad_ruleset", "a rule is a mapping with id, title, topic and text",
                              f"{raw.loaded.where(('rules', index))} (rules[{index}])")
    removes = raw.data.get("removes_rules", [])
    if not isinstance(removes, list) or not all(isinstance(r, str) for r in removes):
        raise CpspecError("bad_ruleset", "'removes_rules' must be a list of rule ids",
                          f"{raw.loaded.where(('removes_rules',))} (removes_rules)")


def _locate(path: Sequence[str | int], chain: list[_RawRuleset], merged: Mapping[str, Any]) -> str:
    """The file and line of a value of the merged document, as best as can be told."""
    if path and path[0] == "rules" and len(path) > 1 and isinstance(path[1], int):
        rules = merged.get("rules", [])
        if path[1] < len(rules):
            origin = rules[path[1]].get("_origin")
            rule_id = rules[path[1]].get("id")
            for raw in chain:
                if raw.data.get("id") == origin:
                    for index, rule in enumerate(raw.data.get("rules", [])):
                        if isinstance(rule, dict) and rule.get("id") == rule_id:
                            return f"{raw.loaded.where(('rules', index, *path[2:]))} ({_path_text(path)})"
    best = chain[0].loaded.where(path)
    for raw in chain:
        if tuple(path) in raw.loaded.lines:
            best = raw.loaded.where(path)
            break
    return f"{best} ({_path_text(path)})"


def _validate_schema(merged: dict[str, Any], chain: list[_RawRuleset]) -> None:
    from jsonschema.exceptions import ValidationError, best_match

    public = strip_private(merged)
    errors = list(ruleset_validator().iter_errors(public))
    if not errors:
        return
    error = cast(ValidationError, best_match(errors))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    path: list[str | int] = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        # point at the unexpected key itself rather than at the mapping that holds it
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        path += sorted(str(key) for key in error.instance if key not in known)[:1]
    raise CpspecError("bad_ruleset", f"{error.message}{more}", _locate(path, chain, merged))


def _rule_refs(value: Any, path: tuple[str | int, ...] = ()) -> Iterable[tuple[tuple[str | int, ...], str]]:
    """Every ``*rule`` reference in the parameters, with its path."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if (key == "rule" or key.endswith("_rule")) and isinstance(item, str):
                yield (*path, key), item
            else:
                yield from _rule_refs(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _rule_refs(item, (*path, index))


def _check_semantics(ruleset: Ruleset, loaded: LoadedYaml) -> None:
    def fail(message: str, path: Sequence[str | int] = ()) -> None:
        raise CpspecError("bad_ruleset", message, f"{loaded.where(path)} ({_path_text(path)})")

    seen: set[str] = set()
    for index, rule in enumerate(ruleset.rules):
        if rule.id in seen:
            fail(f"rule id {rule.id!r} is used twice", ("rules", index, "id"))
        seen.add(rule.id)
    sources = {s.file for s in ruleset.sources}
    for index, rule in enumerate(ruleset.rules):
        for c_index, citation in enumerate(rule.citations):
            if citation.source not in sources:
                fail(f"rule {rule.id} cites {citation.source}, which is not among the ruleset's sources",
                     ("rules", index, "citations", c_index, "source"))
    for path, ref in _rule_refs(ruleset.document["parameters"], ("parameters",)):
        if ref not in seen:
            fail(f"parameter refers to rule {ref!r}, which the ruleset does not have", path)
    p = ruleset.parameters
    if p.players.min > p.players.max:
        fail("players.min is greater than players.max", ("parameters", "players"))
    if p.players.seat_names is not None and len(p.players.seat_names) < p.players.max:
        fail("seat_names must name at least players.max seats", ("parameters", "players", "seat_names"))
    natural_ids = [h.id for h in p.naturals.hands]
    if len(set(natural_ids)) != len(natural_ids):
        fail("natural ids must be unique", ("parameters", "naturals", "hands"))
    if p.scoring.scoop is not None:
        counts = [e["players"] for e in ruleset.document["parameters"]["scoring"]["scoop"].get("points_by_players", [])]
        if len(set(counts)) != len(counts):
            fail("scoop gives two amounts for the same number of players",
                 ("parameters", "scoring", "scoop", "points_by_players"))
        for n in p.scoring.scoop.points_by_players:
            if not p.players.min <= n <= p.players.max:
                fail(f"scoop for {n} players, but the ruleset allows {p.players.min}-{p.players.max}",
                     ("parameters", "scoring", "scoop"))
    for kind in ("foul", "surrender", "timeout"):
        penalty = getattr(p.penalties, kind)
        if penalty is not None and set(penalty.receiver_wins) & set(penalty.payer_wins):
            fail("a segment cannot be won by both sides", ("parameters", "penalties", kind, "payer_wins"))
    if p.scoring.banker is not None and p.scoring.single_winner is not None:
        fail("a deal played against a banker has no single winner", ("parameters", "scoring", "single_winner"))
    versions = [c.version for c in ruleset.changelog]
    if ruleset.version not in versions:
        fail(f"version {ruleset.version} has no changelog entry", ("changelog",))
