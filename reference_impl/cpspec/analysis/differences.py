"""What two rulesets write differently, after ``extends``: parameters, rule references, rules, and the rest.

A parameter difference is found at the deepest place where both rulesets have an object: two
values that are not both objects (a number against an object, a table against a table) are
one difference. A difference can be applied alone to a ruleset (:func:`with_changes`), which
is how :mod:`cpspec.analysis.diff` tells which differences change a score.

>>> [d.where for d in value_differences(("parameters",), {"a": 1, "b": {"c": 2}}, {"a": 1, "b": {"c": 3}})]
['parameters.b.c']
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import build_ruleset

#: What a difference is: a ``parameter`` (may change a score), a ``reference`` (the rule a parameter cites),
#: a ``rule`` (its title, text, citations or interpretation), or ``about`` the ruleset (title, summary, sources).
Kind = Literal["parameter", "reference", "rule", "about"]

#: The top-level fields that describe a ruleset and change no score.
ABOUT_FIELDS: tuple[str, ...] = ("title", "summary", "version", "sources", "changelog", "extends")

Path = tuple[str, ...]


@dataclass(frozen=True)
class Difference:
    """One place the two rulesets differ: its path, each side's value (``None`` with ``has_a`` false: absent)."""

    path: Path
    a: Any
    b: Any
    kind: Kind
    has_a: bool = True
    has_b: bool = True

    @property
    def where(self) -> str:
        """The path written with dots, e.g. ``parameters.scoring.sweep``."""
        return ".".join(self.path)


def is_reference(key: str) -> bool:
    """Whether a parameter key names a rule (``rule``, ``tie_rule``, ...) rather than a value the engine reads.

    >>> is_reference("tie_rule"), is_reference("rule"), is_reference("rules")
    (True, True, False)
    """
    return key == "rule" or key.endswith("_rule")


def value_differences(path: Path, a: Any, b: Any, has_a: bool = True, has_b: bool = True) -> Iterator[Difference]:
    """Every difference between two parameter values at ``path``, objects compared key by key."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in sorted(set(a) | set(b)):
            yield from value_differences((*path, key), a.get(key), b.get(key), key in a, key in b)
    elif a != b:  # null and absent are the same: no value
        kind: Kind = "reference" if is_reference(path[-1]) else "parameter"
        yield Difference(path, a, b, kind, has_a, has_b)


def _rule_differences(a: Ruleset, b: Ruleset) -> Iterator[Difference]:
    rules_a = {r["id"]: r for r in a.document.get("rules", [])}
    rules_b = {r["id"]: r for r in b.document.get("rules", [])}
    for rule_id in sorted(set(rules_a) | set(rules_b)):
        ra, rb = rules_a.get(rule_id), rules_b.get(rule_id)
        if ra != rb:
            yield Difference(("rules", rule_id), ra, rb, "rule", ra is not None, rb is not None)


def differences(a: Ruleset, b: Ruleset) -> list[Difference]:
    """Every difference between two rulesets as loaded (``extends`` merged): parameters first, then rules, then
    what describes them."""
    found = list(value_differences(("parameters",), a.document["parameters"], b.document["parameters"]))
    found.extend(_rule_differences(a, b))
    for key in ABOUT_FIELDS:
        va, vb = a.document.get(key), b.document.get(key)
        if va != vb:
            found.append(Difference((key,), va, vb, "about", key in a.document, key in b.document))
    return found


def set_at(document: dict[str, Any], path: Sequence[str], value: Any, present: bool = True) -> None:
    """Write ``value`` at ``path`` of a document (creating objects on the way); ``present`` false removes the key."""
    node = document
    for key in path[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    if present:
        node[path[-1]] = copy.deepcopy(value)
    else:
        node.pop(path[-1], None)


def with_changes(ruleset: Ruleset, changes: Sequence[tuple[Path, Any, bool]]) -> Ruleset:
    """The ruleset with each ``(path, value, present)`` written into its document, rebuilt.

    Raises ``KeyError``, ``TypeError`` or ``ValueError`` when the changed document is not one the
    builder can read (a change that cannot stand alone).
    """
    document = {**ruleset.document, "parameters": copy.deepcopy(ruleset.document["parameters"]), "rules": []}
    for path, value, present in changes:
        set_at(document, path, value, present)
    rebuilt = build_ruleset(document, ruleset.files)  # the rules are the ruleset's own: only parameters change
    return dataclasses.replace(ruleset, parameters=rebuilt.parameters,
                               document={**rebuilt.document, "rules": ruleset.document.get("rules", [])})
