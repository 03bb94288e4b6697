"""A ruleset file and its ancestors (``extends``), merged into one document, each value traced to its file and line.

The merged document keeps, on every rule and every source, the id of the file that wrote it
(``_origin``) and its index there (``_at``), so that an error in an inherited rule names the
parent's file and line, not the child's. Keys starting with ``_`` are stripped before the
schema sees the document (:func:`cpspec.rulesets.build.strip_private`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cpspec.errors import CpspecError
from cpspec.rulesets.build import merge
from cpspec.rulesets.yamlsafe import LoadedYaml, load_yaml_file, require_mapping

MAX_EXTENDS_DEPTH = 8
#: ``known(id) -> path``: where a ruleset of that id is, beyond the files beside a child.
Known = Callable[[str], Path | None]


@dataclass(frozen=True)
class RawRuleset:
    """One ruleset file as read: its data and the line of every value."""

    loaded: LoadedYaml
    data: dict[str, Any]

    @property
    def id(self) -> str:
        """The ruleset's ``id``, as the file gives it."""
        return str(self.data["id"])

    @property
    def path(self) -> Path:
        """The file the ruleset was read from."""
        return Path(self.loaded.source)

    def where(self, path: Sequence[str | int]) -> str:
        """``file:LINE (dotted.path)`` for a value of this file."""
        return f"{self.loaded.where(path)} ({path_text(path)})"


def path_text(path: Iterable[str | int]) -> str:
    """A path inside a ruleset as text: ``parameters.scoring.sweep`` or ``rules[3].id``; ``(root)`` for none."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(root)"


def read_raw(path: Path) -> RawRuleset:
    """A ruleset file, read safely; a file without a string ``id`` is not a ruleset (located error)."""
    loaded = load_yaml_file(path)
    data = require_mapping(loaded)
    rid = data.get("id")
    if not isinstance(rid, str):
        found = "" if "id" not in data else f" ({type(rid).__name__} found)"
        raise CpspecError(
            "bad_ruleset",
            f"not a ruleset: a ruleset file has a string 'id'{found}, then title, version, summary, sources, "
            "changelog, parameters and rules (see docs/house-rules.md)",
            f"{loaded.where(('id',))} (id)",
        )
    return RawRuleset(loaded, data)


def parent_path(parent_id: str, child: RawRuleset, known: Known | None) -> Path | None:
    """The file a child's ``extends`` names: ``<id>.yaml`` beside the child first, then ``known(id)``."""
    beside = child.path.parent / f"{parent_id}.yaml"
    if beside.is_file():
        return beside
    return known(parent_id) if known is not None else None


def read_chain(path: Path, known: Known | None = None) -> list[RawRuleset]:
    """The file at ``path`` and its ancestors, nearest first; a cycle, a missing or bad parent is located."""
    own = read_raw(path)
    if own.id != path.stem:
        raise CpspecError("bad_ruleset", f"id {own.id!r} must equal the file name {path.stem!r} (the file is "
                          f"found by its id: name it {own.id}.yaml, or change the id)", own.where(("id",)))
    chain = [own]
    while "extends" in chain[-1].data:
        child = chain[-1]
        parent_id = child.data["extends"]
        where = child.where(("extends",))
        if not isinstance(parent_id, str):
            raise CpspecError("bad_ruleset", "'extends' must be a ruleset id", where)
        seen = [raw.id for raw in chain]
        if parent_id in seen:
            cycle = " -> ".join([*seen[seen.index(parent_id):], parent_id])
            raise CpspecError("bad_ruleset", f"'extends' makes a cycle: {cycle}", where)
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise CpspecError("bad_ruleset", f"'extends' goes deeper than {MAX_EXTENDS_DEPTH} rulesets", where)
        found = parent_path(parent_id, child, known)
        if found is None:
            raise CpspecError("bad_ruleset", f"extends unknown ruleset {parent_id!r}: no file {parent_id}.yaml "
                              "beside this one and no bundled ruleset (or --rulesets file) of that id", where)
        parent = read_raw(Path(found))
        if parent.id != parent_id:
            raise CpspecError("bad_ruleset", f"the file {found} that 'extends: {parent_id}' found has the id "
                              f"{parent.id!r}", parent.where(("id",)))
        chain.append(parent)
    return chain


def _entry_key(entry: Any) -> str | None:
    """A source's key: its file name or its address."""
    if isinstance(entry, Mapping):
        key = entry.get("file") or entry.get("url")
        return key if isinstance(key, str) else None
    return None


def merge_sources(inherited: list[Any], own: list[Any]) -> list[Any]:
    """The parent's sources, then the child's new ones; a child's entry for the same file or url replaces the
    parent's in its place (a new title, say)."""
    merged = list(inherited)
    for entry in own:
        key = _entry_key(entry)
        at = next((i for i, e in enumerate(merged) if key is not None and _entry_key(e) == key), None)
        if at is None:
            merged.append(entry)
        else:
            merged[at] = entry
    return merged


def check_lists(raw: RawRuleset) -> None:
    """``rules`` and ``sources`` are lists of mappings, ``removes_rules`` a list of ids, before merging uses them."""
    for key, what in (("rules", "a rule is a mapping with id, title, topic and text"),
                      ("sources", "a source is a mapping: {file, title} or {url, title, read}")):
        items = raw.data.get(key, [])
        if not isinstance(items, list):
            raise CpspecError("bad_ruleset", f"'{key}' must be a list", raw.where((key,)))
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise CpspecError("bad_ruleset", what, raw.where((key, index)))
    removes = raw.data.get("removes_rules", [])
    if not isinstance(removes, list) or not all(isinstance(r, str) for r in removes):
        raise CpspecError("bad_ruleset", "'removes_rules' must be a list of rule ids", raw.where(("removes_rules",)))


def merge_chain(chain: list[RawRuleset]) -> dict[str, Any]:
    """Merge from the root ancestor down to the file itself (``chain`` is nearest first)."""
    merged: dict[str, Any] = {}
    rules: list[dict[str, Any]] = []
    sources: list[Any] = []
    for raw in reversed(chain):
        data = raw.data
        check_lists(raw)
        removes = data.get("removes_rules", [])
        inherited_ids = {rule.get("id") for rule in rules}
        for index, rule_id in enumerate(removes):
            if rule_id not in inherited_ids:
                raise CpspecError("bad_ruleset", f"removes_rules names {rule_id!r}, which it does not inherit",
                                  raw.where(("removes_rules", index)))
        rules = [rule for rule in rules if rule.get("id") not in removes]
        rules += [{**rule, "_origin": raw.id, "_at": index} for index, rule in enumerate(data.get("rules", []))]
        own_sources = [{**s, "_origin": raw.id, "_at": index} for index, s in enumerate(data.get("sources", []))]
        sources = merge_sources(sources, own_sources)
        top = {k: v for k, v in data.items() if k not in ("rules", "removes_rules", "parameters", "sources")}
        merged.update(copy.deepcopy(top))
        if "parameters" in data:
            merged["parameters"] = merge(merged.get("parameters", {}), data["parameters"])
    own = chain[0].data
    if "extends" not in own:
        merged.pop("extends", None)
    else:
        merged["extends"] = own["extends"]
    merged["rules"] = rules
    merged["sources"] = sources
    if "removes_rules" in own:
        merged["removes_rules"] = own["removes_rules"]
    return merged


def raw_of(chain: Sequence[RawRuleset], ruleset_id: Any) -> RawRuleset | None:
    """The ruleset file of the chain whose ``id`` is ``ruleset_id``, or None."""
    return next((raw for raw in chain if raw.id == ruleset_id), None)


def locate(path: Sequence[str | int], chain: Sequence[RawRuleset], merged: Mapping[str, Any]) -> str:
    """``file:LINE (path)`` of a value of the merged document: the file that wrote it, parent or child."""
    if path and path[0] in ("rules", "sources") and len(path) > 1 and isinstance(path[1], int):
        items = merged.get(str(path[0]), [])
        if path[1] < len(items) and isinstance(items[path[1]], Mapping):
            item = items[path[1]]
            raw = raw_of(chain, item.get("_origin"))
            if raw is not None and isinstance(item.get("_at"), int):
                return f"{raw.loaded.where((path[0], item['_at'], *path[2:]))} ({path_text(path)})"
    for raw in chain:  # the nearest file that writes the value (a child's override before its parent's)
        if tuple(path) in raw.loaded.lines:
            return raw.where(path)
    # not written anywhere as such (a value of a list, or a missing key): the deepest place the files know
    best = max(chain, key=lambda raw: _known_depth(raw.loaded, path))
    return best.where(path)


def _known_depth(loaded: LoadedYaml, path: Sequence[str | int]) -> int:
    for end in range(len(path), 0, -1):
        if tuple(path[:end]) in loaded.lines:
            return end
    return 0
