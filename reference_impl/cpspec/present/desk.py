"""The rulebook's dispute desk, as the browser runs it: a deal in, the scores and the explanation out.

The desk page loads Pyodide (CPython compiled to WebAssembly, with the standard library only),
unpacks the engine's standard-library modules (see :mod:`cpspec.present.desk_site`) and calls
:func:`answer` with a ruleset document (merged and validated when the site was built) and a deal
in the ``score`` op's input shape. The answer is the JSON of ``cpspec explain --json``, or the
same located error the CLI and the protocol give. No YAML, no JSON Schema: this module and
everything it imports must run on the standard library alone (a test holds it to that).
"""

from __future__ import annotations

import json
from typing import Any

from cpspec.errors import CpspecError
from cpspec.present.explain import LinkStyle, explain_deal, explanation_json
from cpspec.protocol.ops import op_score
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import build_ruleset

_RULESETS: dict[tuple[str, str], Ruleset] = {}


def ruleset_from_document(document: dict[str, Any]) -> Ruleset:
    """The ruleset of a merged, validated document (rules carry their ``_origin``), built once per version."""
    key = (str(document["id"]), str(document["version"]))
    if key not in _RULESETS:
        _RULESETS[key] = build_ruleset(document, (f"{document['id']}.json",))
    return _RULESETS[key]


def answer(document_text: str, deal_text: str, base: str = "") -> str:
    """``{"explanation": ...}`` (schema/explain.schema.json) or ``{"error": {"code", "message"}}``, as JSON text.

    ``base`` is where the rulebook's pages are, relative to the desk page (rule links are
    ``{base}rulesets/<id>.html#<rule>``).
    """
    try:
        ruleset = ruleset_from_document(json.loads(document_text))
        try:
            deal = json.loads(deal_text)
        except ValueError as error:
            raise CpspecError("bad_json", f"the deal is not valid JSON: {error}", "input") from None
        output = op_score(ruleset, deal)
        explanation = explain_deal(ruleset, deal, output)
        return json.dumps({"explanation": explanation_json(explanation, output, LinkStyle(base, ".html"))},
                          ensure_ascii=False)
    except CpspecError as error:
        return json.dumps({"error": error.to_json()}, ensure_ascii=False)


__all__ = ["answer", "ruleset_from_document"]
