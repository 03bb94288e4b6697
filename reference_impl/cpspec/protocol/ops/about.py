"""``hello`` (the handshake) and ``describe_ruleset``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec import PROTOCOL_VERSION, __version__
from cpspec.engines import DEFAULT, Engine
from cpspec.protocol.registry import OPS, check_input_keys, register, served_rulesets
from cpspec.rules.model import Ruleset


@register("hello", "handshake: the implementation's name, protocol version, ops and rulesets", needs_ruleset=False)
def op_hello(_: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The implementation's name and version, the protocol version, every op and every ruleset served (the bundled
    ones, and those of ``cpspec protocol --rulesets DIR``)."""
    return {
        "implementation": "cpspec",
        "version": __version__,
        "protocol": PROTOCOL_VERSION,
        "ops": sorted(OPS),
        "rulesets": served_rulesets().ids(),
    }


@register("describe_ruleset", "the ruleset's id, title, version and parameters")
def op_describe(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The ruleset's id, title, version, parameters (as merged, every null left out) and rule ids."""
    assert ruleset is not None
    check_input_keys(data, set())
    return {"id": ruleset.id, "title": ruleset.title, "version": ruleset.version,
            "parameters": without_nulls(ruleset.document["parameters"]), "rules": list(ruleset.rule_ids)}


def without_nulls(value: Any) -> Any:
    """``value`` with every null mapping value left out, at any depth: a null and a missing key say the same.

    >>> without_nulls({"overall": None, "scoop": {"points": 3, "rule": None}, "table": [{"ranks": None}]})
    {'scoop': {'points': 3}, 'table': [{}]}
    """
    if isinstance(value, Mapping):
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return value
