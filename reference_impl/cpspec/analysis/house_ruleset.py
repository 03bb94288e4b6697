"""A fix of ``identify`` written as a house ruleset: it ``extends`` the nearest ruleset and sets the changes.

Every value the changes borrow that cites a rule cites the house file's one rule instead
(:data:`cpspec.analysis.identify_space.HOUSE_RULE`), which says what was observed; so does each
block a change writes into, and a rule of the parent that no parameter cites any more is removed
(``removes_rules``), so that the file validates without warnings.
"""

from __future__ import annotations

import datetime
from typing import Any

from cpspec.analysis.differences import is_reference, set_at
from cpspec.analysis.identify import Fix
from cpspec.analysis.identify_space import HOUSE_RULE, house_rules, value_at
from cpspec.rulesets.build import merge


def house_document(fix: Fix, ruleset_id: str, observations: int, today: str | None = None) -> dict[str, Any]:
    """The document of a house ruleset (``ruleset_id``) that ``extends`` the fix's ruleset with its changes."""
    parameters: dict[str, Any] = {}
    described: list[str] = []
    replaced: list[str] = []
    for change in fix.changes:
        for path, value in change.sets:
            set_at(parameters, path, house_rules(value))
            present, block = value_at(fix.base.document["parameters"], path[:-1])
            if path[-1] != "rule" and present and isinstance(block, dict) and "rule" in block:
                set_at(parameters, (*path[:-1], "rule"), HOUSE_RULE)  # the block is now governed by the house rule
                replaced.append(str(block["rule"]))
            described.append(f"parameters.{'.'.join(path)} = {value if value is not None else 'null'}")
    cited = set(_cited(merge(fix.base.document["parameters"], parameters)))
    removed = sorted({r for r in replaced if r not in cited and r in fix.base.rule_ids})
    date = today or datetime.date.today().isoformat()
    said = "; ".join(described)
    return {
        "id": ruleset_id,
        "title": f"{fix.base.title}, as observed",
        "version": "1.0.0",
        "summary": f"{fix.base.id} with the changes that make {observations} observed deals agree: {said}.",
        "extends": fix.base.id,
        **({"removes_rules": removed} if removed else {}),
        "changelog": [{"version": "1.0.0", "date": date, "changes": "Written by cpspec identify."}],
        "parameters": parameters,
        "rules": [{
            "id": HOUSE_RULE,
            "title": "What the observed deals paid",
            "topic": "scoring",
            "text": f"This ruleset is {fix.base.id} with {said}: the fewest changes (of the search space of cpspec "
                    f"identify) under which every one of {observations} observed deals is paid as observed.",
            "interpretation": {
                "topic": "observed-payments",
                "source_says": f"{observations} deals and what was paid on each.",
                "reading": said,
                "alternatives": ["Other changes outside the search space may pay the same deals."],
            },
        }],
    }


def _cited(value: Any) -> list[str]:
    """Every rule id a parameter value cites."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if is_reference(k) and isinstance(v, str)] + [
            r for k, v in value.items() if not is_reference(k) for r in _cited(v)]
    if isinstance(value, list):
        return [r for v in value for r in _cited(v)]
    return []


def house_yaml(document: dict[str, Any]) -> str:
    """The document as YAML text (keys in the order written)."""
    import yaml

    return str(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100))
