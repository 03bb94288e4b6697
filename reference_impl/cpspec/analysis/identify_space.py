"""The parameter changes ``cpspec identify`` tries: a documented space of values (docs/which-rules.md).

Each entry of :data:`SPACE` is a parameter (a path under ``parameters``) and the values tried
beside those the candidate rulesets give it: every distinct value any of them gives that
parameter is tried too (the rules a value cites are not part of it: they become the house
rule, :data:`HOUSE_RULE`). One change is one parameter set to one value, or one alternative
reading of an interpretation that names parameters (``rules[].interpretation.alternatives[]
.parameters``), which sets all of them at once. A change to a parameter inside a block the
ruleset does not have (the points of a surrender where there is no surrender) is not tried.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cpspec.rules.model import Ruleset

#: The id a house ruleset's own rule takes; values borrowed from elsewhere cite it.
HOUSE_RULE = "house-observed"

_OVERALL = [None] + [{"points": p, "decided_by": d, "rule": HOUSE_RULE}
                     for p in (1, 2) for d in ("higher_total", "majority_of_segments", "more_segments")]

#: (parameter path under ``parameters``, the values tried besides those the rulesets give it).
SPACE: tuple[tuple[tuple[str, ...], tuple[Any, ...]], ...] = (
    (("scoring", "segment_points"), (1, 2, 3)),
    (("scoring", "overall"), tuple(_OVERALL)),
    (("scoring", "sweep"), (None, *({"points": p, "rule": HOUSE_RULE} for p in (1, 2, 3, 4, 6)),
                            {"multiplier": 2, "rule": HOUSE_RULE})),
    (("scoring", "scoop"), (None,)),
    (("scoring", "banker", "ties"), ("banker", "tie")),
    (("bonuses", "table"), ((),)),
    (("bonuses", "requires_win"), (True, False)),
    (("bonuses", "mode"), ("added", "instead")),
    (("naturals",), ({"declaration": "declared", "hands": []},)),
    (("naturals", "same_natural"), ("push", "compare")),
    (("penalties", "foul", "mode"), ("fixed", "scooped")),
    (("penalties", "foul", "points"), tuple(range(1, 13))),
    (("penalties", "foul", "pays_to"), ()),
    (("penalties", "surrender"), (None,)),
    (("penalties", "surrender", "points"), tuple(range(1, 7))),
    (("setting", "back_over_middle"), ("strict", "allow_equal")),
    (("setting", "middle_over_front"), ("strict", "allow_equal")),
    (("hands", "wheel"), ()),
)


@dataclass(frozen=True)
class Change:
    """One change: the parameters it sets (paths under ``parameters``) and where its values come from."""

    sets: tuple[tuple[tuple[str, ...], Any], ...]
    source: str

    @property
    def paths(self) -> frozenset[tuple[str, ...]]:
        """The parameters the change sets."""
        return frozenset(path for path, _ in self.sets)


def value_at(document: Mapping[str, Any], path: Sequence[str]) -> tuple[bool, Any]:
    """(whether the parameter is there, its value) in a ruleset's ``parameters``."""
    node: Any = document
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return False, None
        node = node[key]
    return True, node


def house_rules(value: Any) -> Any:
    """``value`` with every rule it cites replaced by :data:`HOUSE_RULE` (two values that differ only in the rules
    they cite are one value)."""
    if isinstance(value, Mapping):
        return {k: HOUSE_RULE if (k == "rule" or k.endswith("_rule")) and isinstance(v, str) else house_rules(v)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [house_rules(v) for v in value]
    return value


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=list)


def _leaves(prefix: tuple[str, ...], value: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(value, Mapping) and value:
        for key, item in value.items():
            yield from _leaves((*prefix, key), item)
    else:
        yield prefix, value


def readings(rulesets: Sequence[Ruleset]) -> list[Change]:
    """Every alternative reading that names parameters, in the rulesets given, each once."""
    found: dict[str, Change] = {}
    for ruleset in rulesets:
        for rule in ruleset.document.get("rules", []):
            for alternative in (rule.get("interpretation") or {}).get("alternatives", []):
                if isinstance(alternative, Mapping) and isinstance(alternative.get("parameters"), Mapping):
                    sets = tuple(_leaves((), alternative["parameters"]))
                    found.setdefault(_key(sets), Change(sets, f"an alternative reading of {rule['id']}"))
    return list(found.values())


def space_values(rulesets: Sequence[Ruleset]) -> list[tuple[tuple[str, ...], list[Any]]]:
    """Each parameter of :data:`SPACE` and every value tried for it: its own values, then the rulesets'."""
    out = []
    for path, extra in SPACE:
        values: dict[str, Any] = {}
        for value in extra:
            values.setdefault(_key(value), value)
        for ruleset in rulesets:
            present, value = value_at(ruleset.document["parameters"], path)
            if present:
                own = house_rules(value)
                values.setdefault(_key(own), own)
        out.append((path, list(values.values())))
    return out


def changes_for(base: Ruleset, space: Sequence[tuple[tuple[str, ...], list[Any]]],
                alternatives: Sequence[Change]) -> list[Change]:
    """The changes that apply to ``base``: each value that differs from the base's, inside a block it has."""
    parameters = base.document["parameters"]
    found = []
    for path, values in space:
        parent_present, parent = value_at(parameters, path[:-1])
        if not parent_present or not isinstance(parent, Mapping):
            continue
        current = parent.get(path[-1])
        for value in values:
            if _key(house_rules(value)) != _key(house_rules(current)):
                found.append(Change(((path, value),), "the search space"))
    for reading in alternatives:
        if any(_key(value_at(parameters, path)[1]) != _key(value) for path, value in reading.sets):
            found.append(reading)
    return found
