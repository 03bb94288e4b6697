"""Every key of a JSON Schema at every depth, for the schema reference: its dotted path, type, allowed values,
default, description, and the bundled rulesets whose files use it.

A path names a key as a file writes it: ``parameters.scoring.sweep.points``; ``[]`` stands for any item of
a list (``parameters.bonuses.table[].segment``) and ``*`` for a key of the writer's choosing (a natural's id,
a number of players).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SchemaKey:
    """One key of a schema: where it is, what it takes, and what the schema says of it."""

    path: str
    type: str
    allowed: str
    default: str
    description: str
    required: bool


def _resolve(node: Mapping[str, Any], defs: Mapping[str, Any]) -> tuple[Mapping[str, Any], str | None]:
    """A node with its ``$ref`` followed (the node's own keys, a description say, win); and the definition's name."""
    name = None
    seen = 0
    while "$ref" in node and str(node["$ref"]).startswith("#/$defs/") and seen < 16:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        target = defs.get(name, {})
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        seen += 1
    return node, name


def _branches(node: Mapping[str, Any], defs: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The node and the alternatives it allows (``oneOf``, ``anyOf``, ``allOf``), each resolved."""
    found = [node]
    for key in ("oneOf", "anyOf", "allOf"):
        for branch in node.get(key, []) or []:
            if isinstance(branch, Mapping):
                found.append(_resolve(branch, defs)[0])
    return found


def type_text(node: Mapping[str, Any], defs: Mapping[str, Any]) -> str:
    """A node's type in a few words: ``integer``, ``array of string``, ``object``, ``string or null``.

    >>> type_text({"type": "array", "items": {"type": "string"}}, {})
    'array of string'
    >>> type_text({"oneOf": [{"type": "integer"}, {"type": "null"}]}, {})
    'integer or null'
    """
    kinds: list[str] = []
    for branch in _branches(node, defs):
        kind = branch.get("type")
        names = [str(k) for k in kind] if isinstance(kind, list) else [str(kind)] if kind else []
        if not names and "enum" in branch:
            names = sorted({type(v).__name__.replace("str", "string").replace("int", "integer")
                            .replace("bool", "boolean").replace("NoneType", "null") for v in branch["enum"]})
        if not names and "const" in branch:
            names = [json.dumps(branch["const"])]
        for name in names:
            if name == "array" and isinstance(branch.get("items"), Mapping):
                name = f"array of {type_text(_resolve(branch['items'], defs)[0], defs)}"
            if name not in kinds:
                kinds.append(name)
    return " or ".join(kinds) or "any"


def allowed_text(node: Mapping[str, Any], defs: Mapping[str, Any]) -> str:
    """The values a node allows beyond its type: its enum, a range, a pattern, a size.

    >>> allowed_text({"enum": ["lowest", "second_highest"]}, {})
    '`"lowest"`, `"second_highest"`'
    >>> allowed_text({"type": "integer", "minimum": 2, "maximum": 4}, {})
    '2 to 4'
    """
    parts: list[str] = []
    for branch in _branches(node, defs):
        if "enum" in branch:
            parts.append(", ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in branch["enum"]))
        if "const" in branch:
            parts.append(f"`{json.dumps(branch['const'], ensure_ascii=False)}`")
        low, high = branch.get("minimum", branch.get("exclusiveMinimum")), branch.get("maximum")
        if low is not None and high is not None:
            parts.append(f"{low} to {high}")
        elif low is not None:
            parts.append(f"at least {low}" if "minimum" in branch else f"more than {low}")
        elif high is not None:
            parts.append(f"at most {high}")
        if "pattern" in branch:
            parts.append(f"matching `{branch['pattern']}`")
        if "minItems" in branch or "maxItems" in branch:
            parts.append(f"{branch.get('minItems', 0)} to {branch.get('maxItems', 'any number of')} items")
    unique = list(dict.fromkeys(parts))
    return "; ".join(unique)


def _description(node: Mapping[str, Any], defs: Mapping[str, Any], definition: str | None) -> str:
    for branch in _branches(node, defs):
        if branch.get("description"):
            return " ".join(str(branch["description"]).split())
    if definition == "ruleRef":
        return "The id of the rule of this ruleset that states it (cited by every answer that uses it)."
    return ""


def schema_keys(schema: Mapping[str, Any]) -> list[SchemaKey]:
    """Every key of the schema, depth first, in the schema's order.

    >>> schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "object", "properties": {
    ...     "b": {"type": "array", "items": {"type": "object", "properties": {"c": {"enum": [1, 2], "default": 1}}}}}}}}
    >>> [(k.path, k.type, k.default, k.required) for k in schema_keys(schema)]
    [('a', 'object', '', True), ('a.b', 'array of object', '', False), ('a.b[].c', 'integer', '1', False)]
    """
    defs = schema.get("$defs", {}) or {}
    found: dict[str, SchemaKey] = {}

    def walk(node: Mapping[str, Any], path: str, stack: tuple[str, ...]) -> None:
        for branch in _branches(node, defs):
            required = set(branch.get("required", []) or [])
            for name, sub in (branch.get("properties") or {}).items():
                if isinstance(sub, Mapping):
                    visit(sub, f"{path}.{name}" if path else name, name in required, stack)
            extra = branch.get("additionalProperties")
            if isinstance(extra, Mapping) and extra:
                visit(extra, f"{path}.*" if path else "*", False, stack)
            for sub in (branch.get("patternProperties") or {}).values():
                if isinstance(sub, Mapping):
                    visit(sub, f"{path}.*" if path else "*", False, stack)
            items = branch.get("items")
            if isinstance(items, Mapping):
                resolved, definition = _resolve(items, defs)
                if definition not in stack:
                    walk(resolved, f"{path}[]", (*stack, *(d for d in [definition] if d)))

    def visit(sub: Mapping[str, Any], path: str, required: bool, stack: tuple[str, ...]) -> None:
        resolved, definition = _resolve(sub, defs)
        default = next((json.dumps(b["default"], ensure_ascii=False) for b in _branches(resolved, defs)
                        if "default" in b), "")
        if path not in found:
            found[path] = SchemaKey(path, type_text(resolved, defs), allowed_text(resolved, defs), default,
                                    _description(resolved, defs, definition), required)
        if definition in stack:
            return
        walk(resolved, path, (*stack, *(d for d in [definition] if d)))

    walk(schema, "", ())
    return list(found.values())


def document_paths(document: Any) -> set[str]:
    """Every key path a file's content uses, written as :func:`schema_keys` writes them (lists as ``[]``).

    >>> sorted(document_paths({"a": [{"b": 1}, {"c": 2}], "d": {}}))
    ['a', 'a[].b', 'a[].c', 'd']
    """
    paths: set[str] = set()

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                here = f"{path}.{key}" if path else str(key)
                paths.add(here)
                walk(item, here)
        elif isinstance(value, list):
            for item in value:
                walk(item, f"{path}[]")

    walk(document, "")
    return paths


def users(key: str, documents: Sequence[tuple[str, set[str]]]) -> list[str]:
    """The names of the documents (name, paths) that use a key (``*`` standing for any one key)."""
    if "*" not in key:
        return [name for name, paths in documents if key in paths]
    pattern = re.compile("^" + re.escape(key).replace(r"\*", r"[^.\[\]]+") + "$")
    return [name for name, paths in documents if any(pattern.match(p) for p in paths)]


def key_anchor(prefix: str, path: str) -> str:
    """The anchor of a key on the schema page: ``key-parameters-scoring-sweep-points``.

    >>> key_anchor("key", "parameters.bonuses.table[].segment")
    'key-parameters-bonuses-table-segment'
    """
    return prefix + "-" + re.sub(r"[^a-z0-9]+", "-", path.lower().replace("*", "any")).strip("-")

