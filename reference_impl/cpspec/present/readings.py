"""Interpretation records as data: the alternatives a rule's reading was chosen over, scored.

An interpretation's alternative is a string, or an object ``{reading, parameters}`` whose
``parameters`` is a partial parameters block carrying the reading out; merged over the
ruleset's own parameters (:func:`cpspec.rulesets.build.merge`) it gives the ruleset the
alternative describes, so a deal can be scored under it and the difference told honestly.
An interpretation may also list the parameters its reading ``governs`` (dotted paths such as
``penalties.foul.plus_opponent_bonuses``): a line that explains one of them cites that rule.

Standard library only: the dispute desk runs this in the browser.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import alternative_reading, build_ruleset, merge


@dataclass(frozen=True)
class Alternative:
    """One alternative reading: its text, and the parameters patch that carries it out, or why none does."""

    reading: str
    parameters: Mapping[str, Any] | None
    prose_because: str | None = None


def _interpretation_record(ruleset: Ruleset, rule_id: str) -> Mapping[str, Any] | None:
    for rule in ruleset.document.get("rules", []):
        if isinstance(rule, Mapping) and rule.get("id") == rule_id:
            record = rule.get("interpretation")
            return record if isinstance(record, Mapping) else None
    return None


def alternatives(ruleset: Ruleset, rule_id: str) -> tuple[Alternative, ...]:
    """The alternatives of a rule's interpretation record, in file order (none without a record)."""
    record = _interpretation_record(ruleset, rule_id)
    if record is None:
        return ()
    found = []
    for raw in record.get("alternatives", []):
        patch = raw.get("parameters") if isinstance(raw, Mapping) else None
        why = raw.get("prose_because") if isinstance(raw, Mapping) else None
        found.append(Alternative(alternative_reading(raw), patch if isinstance(patch, Mapping) else None,
                                 why if isinstance(why, str) else None))
    return tuple(found)


def governed_parameters(ruleset: Ruleset, rule_id: str) -> tuple[str, ...]:
    """The parameter paths a rule's interpretation says its reading decides."""
    record = _interpretation_record(ruleset, rule_id)
    governs = record.get("governs", []) if record is not None else []
    return tuple(str(path) for path in governs)


def governing_rules(ruleset: Ruleset, path: str) -> tuple[str, ...]:
    """The rules whose interpretation governs the parameter at ``path`` (e.g. ``scoring.overall.decided_by``)."""
    return tuple(rule.id for rule in ruleset.rules
                 if rule.interpretation is not None and path in governed_parameters(ruleset, rule.id))


#: The rulesets built for an alternative, by (the ruleset's identity, the patch as JSON); the ruleset is kept
#: with its patched copy, so that an identity is never reused while its entry stands. The rulebook explains
#: hundreds of deals under the same few alternatives.
_UNDER: dict[tuple[int, str], tuple[Ruleset, Ruleset]] = {}


def ruleset_under(ruleset: Ruleset, parameters: Mapping[str, Any]) -> Ruleset:
    """The ruleset with a partial parameters block merged over its own (the rules stay as they are)."""
    key = (id(ruleset), json.dumps(parameters, sort_keys=True, default=str))
    if key not in _UNDER:
        if len(_UNDER) >= 512:
            _UNDER.clear()
        _UNDER[key] = (ruleset, _build_under(ruleset, parameters))
    return _UNDER[key][1]


def _build_under(ruleset: Ruleset, parameters: Mapping[str, Any]) -> Ruleset:
    document = dict(ruleset.document)
    document["parameters"] = merge(ruleset.document["parameters"], parameters)
    document["rules"] = [{**rule, "_origin": ruleset.rule(rule["id"]).origin} for rule in ruleset.document["rules"]]
    return build_ruleset(document, ruleset.files)


def score_under(ruleset: Ruleset, parameters: Mapping[str, Any], deal: Mapping[str, Any],
                engine: Engine = DEFAULT) -> dict[str, Any] | str:
    """The ``score`` output of the deal under the patched ruleset, or the engine's message if it refuses it."""
    from cpspec.protocol.ops import op_score

    try:
        return op_score(ruleset_under(ruleset, parameters), deal, engine)
    except CpspecError as error:
        return error.describe()
    except (KeyError, TypeError, ValueError) as error:  # a patch the schema test should have caught
        return f"the alternative's parameters do not make a valid ruleset ({type(error).__name__}: {error})"


__all__ = ["Alternative", "alternatives", "governed_parameters", "governing_rules", "ruleset_under", "score_under"]
