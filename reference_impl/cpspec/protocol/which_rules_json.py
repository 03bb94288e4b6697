"""The answers of ``diff`` and ``identify`` as JSON (``#/$defs/diffOutput``, ``#/$defs/identifyOutput``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cpspec.analysis.diff import Found, RulesetDiff, Side, Witness
from cpspec.analysis.identify import Fix, Identified, NextDeal
from cpspec.protocol.registry import all_ops

JSON = dict[str, Any]


def cited_rules(value: Any) -> list[str]:
    """Every rule id an answer cites (the values of its ``rule`` keys), sorted, each once.

    >>> cited_rules({"credits": [{"rule": "b-x"}, {"rule": "a-y"}, {"rule": "b-x"}]})
    ['a-y', 'b-x']
    """
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, child in item.items():
                if key == "rule" and isinstance(child, str):
                    found.add(child)
                else:
                    walk(child)
        elif isinstance(item, list):
            for child in item:
                walk(child)

    walk(value)
    return sorted(found)


def side_json(side: Side) -> JSON:
    """One ruleset's answer on a witness: the input asked, and the output with the rules it cites, or the refusal."""
    if side.output is None:
        return {"input": side.input, "refused": side.refused}
    return {"input": side.input, "output": side.output, "rules": cited_rules(side.output)}


def witness_json(witness: Witness) -> JSON:
    """A witness: its op, the corpus case the probe comes from, and each side."""
    return {"op": witness.op, "case": witness.case, "a": side_json(witness.a), "b": side_json(witness.b)}


def found_json(found: Found) -> JSON:
    """One difference: its path, its kind, each side's value where it has one, its effect, its witness."""
    d = found.difference
    out: JSON = {"path": d.where, "kind": d.kind}
    if d.has_a and d.a is not None:
        out["a"] = d.a
    if d.has_b and d.b is not None:
        out["b"] = d.b
    out["effect"] = found.effect
    if found.witness is not None:
        out["witness"] = witness_json(found.witness)
    return out


def diff_json(result: RulesetDiff) -> JSON:
    """The ``diff`` answer."""
    out: JSON = {"a": result.a.id, "b": result.b.id, "differences": [found_json(f) for f in result.found]}
    if result.witness is not None:
        out["witness"] = witness_json(result.witness)
    out["probes_asked"] = result.asked
    return out


def fix_json(fix: Fix) -> JSON:
    """A set of parameter changes to a ruleset that makes every observation agree."""
    return {"ruleset": fix.base.id, "changes": [
        {"sets": [{"path": ".".join(("parameters", *path)), "value": value} for path, value in c.sets],
         "source": c.source} for c in fix.changes]}


def next_deal_json(deal: NextDeal) -> JSON:
    """The deal proposed to tell the candidates apart, and what each candidate would pay on it."""
    return {"input": deal.input, "case": deal.case, "totals": [
        {"candidate": label, "totals": totals} if totals is not None else {"candidate": label, "refused": refused}
        for label, totals, refused in deal.totals]}


def identified_json(result: Identified, house: Callable[[Fix], JSON] | None = None) -> JSON:
    """The ``identify`` answer; ``house`` writes the house ruleset of the nearest fix (when there is one)."""
    out: JSON = {
        "observations": result.observations,
        "agreeing": list(result.agreeing),
        "nearest": [{"ruleset": r.id, "agrees": n} for r, n in result.nearest],
        "fixes": [fix_json(f) for f in result.fixes],
        "searched": result.searched,
    }
    if result.next_deal is not None:
        out["next_deal"] = next_deal_json(result.next_deal)
    if result.alike:
        out["alike"] = [{"candidates": list(a.candidates), "differ_in": list(a.differ_in)} for a in result.alike]
    if house is not None and result.fixes:
        out["house_ruleset"] = house(result.fixes[0])
    return out


def protocol_ask(engine: Any) -> Callable[[str, Any, Any], JSON]:
    """An :data:`cpspec.analysis.probes.Ask` that answers through the protocol's ops with ``engine``."""
    ops = all_ops()

    def ask(op: str, ruleset: Any, data: Any) -> JSON:
        return ops[op].handler(ruleset, data, engine)

    return ask
