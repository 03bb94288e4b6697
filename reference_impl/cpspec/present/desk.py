"""The rulebook's dispute desk, as the browser runs it: a deal in, the scores and the explanation out.

The desk page loads Pyodide (CPython compiled to WebAssembly, with the standard library only)
and unpacks one small bundle (see :mod:`cpspec.present.desk_site`): the engine's standard-library
modules and every ruleset as its merged, validated document (``desk-rulesets/<id>.json`` beside
the ``cpspec`` package). :func:`answer_by_id` takes a ruleset id and a deal in the ``score`` op's
input shape and gives the JSON of ``cpspec explain --json``, or the same located error the CLI and
the protocol give, with its place and its message apart so the page can say it in a player's words.
:func:`session` scores the desk's ledger with the ``score_session`` op. No YAML, no JSON Schema:
this module and everything it imports must run on the standard library alone (a test holds it to that).

The desk's engine (:data:`DESK_ENGINE`) values hands by the readable definition (a deal is a few dozen
hands, and the fast engine's tables would cost more to build than they save) and screens naturals
with the fast screen (proven equal, :mod:`cpspec.fast.natural_screen`), which needs no table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cpspec.engines import REFERENCE, Engine
from cpspec.errors import CpspecError
from cpspec.fast import natural_screen
from cpspec.present.explain import LinkStyle, explain_deal, explanation_json
from cpspec.protocol.ops import op_score, op_score_session
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import build_ruleset

_RULESETS: dict[tuple[str, str], Ruleset] = {}

#: Readable hand values, the fast natural screen; settings (not asked by the desk) the readable way.
DESK_ENGINE = Engine("desk", REFERENCE.evaluate, natural_screen.find_naturals, REFERENCE.all_settings,
                     REFERENCE.strongest_setting)

#: Where the bundle keeps the ruleset documents: beside the ``cpspec`` package.
DOCUMENTS = Path(__file__).resolve().parent.parent.parent / "desk-rulesets"


def ruleset_from_document(document: dict[str, Any]) -> Ruleset:
    """The ruleset of a merged, validated document (rules carry their ``_origin``), built once per version."""
    key = (str(document["id"]), str(document["version"]))
    if key not in _RULESETS:
        _RULESETS[key] = build_ruleset(document, (f"{document['id']}.json",))
    return _RULESETS[key]


def _bundled(ruleset_id: str) -> Ruleset:
    for (known, _), ruleset in _RULESETS.items():
        if known == ruleset_id:
            return ruleset
    path = DOCUMENTS / f"{ruleset_id}.json"
    if "/" in ruleset_id or not path.is_file():
        raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id!r} in the desk's bundle", "ruleset")
    return ruleset_from_document(json.loads(path.read_text(encoding="utf-8")))


def _error(error: CpspecError) -> str:
    """The error as JSON: the CLI's message, and its place (``input.players[1].front``) and words apart."""
    found: dict[str, str | None] = {**error.to_json(), "where": error.where, "detail": error.message}
    return json.dumps({"error": found}, ensure_ascii=False)


def _deal(deal_text: str) -> Any:
    try:
        return json.loads(deal_text)
    except ValueError as error:
        raise CpspecError("bad_json", f"the deal is not valid JSON: {error}", "input") from None


def _explained(ruleset: Ruleset, deal_text: str, base: str, lang: str) -> str:
    deal = _deal(deal_text)
    output = op_score(ruleset, deal, DESK_ENGINE)
    explanation = explain_deal(ruleset, deal, output, lang, engine=DESK_ENGINE)
    # A ruleset in its own language links to its page of that edition (``zh/rulesets/<id>.html``).
    pages = f"{base}{lang}/" if lang != "en" and lang in ruleset.languages else base
    return json.dumps({"explanation": explanation_json(explanation, output, LinkStyle(pages, ".html"))},
                      ensure_ascii=False)


def answer(document_text: str, deal_text: str, base: str = "", lang: str = "en") -> str:
    """``{"explanation": ...}`` (schema/explain.schema.json) or ``{"error": {"code", "message", "where",
    "detail"}}``, as JSON text, for a ruleset given as its document.

    ``base`` is where the rulebook's pages are, relative to the desk page (rule links are
    ``{base}rulesets/<id>.html#<rule>``). ``lang`` ``zh`` gives ``cpspec explain --lang zh``'s explanation, its
    rule links to the Chinese edition (``{base}zh/rulesets/...``) for a ruleset that declares Chinese.
    """
    try:
        return _explained(ruleset_from_document(json.loads(document_text)), deal_text, base, lang)
    except CpspecError as error:
        return _error(error)


def answer_by_id(ruleset_id: str, deal_text: str, base: str = "", lang: str = "en") -> str:
    """As :func:`answer`, for a ruleset of the bundle named by its id."""
    try:
        return _explained(_bundled(ruleset_id), deal_text, base, lang)
    except CpspecError as error:
        return _error(error)


def session(ruleset_id: str, session_text: str) -> str:
    """``{"session": <score_session output>}`` or ``{"error": ...}`` for the desk's ledger, as JSON text."""
    try:
        output = op_score_session(_bundled(ruleset_id), _deal(session_text), DESK_ENGINE)
        return json.dumps({"session": output}, ensure_ascii=False)
    except CpspecError as error:
        return _error(error)


__all__ = ["DESK_ENGINE", "DOCUMENTS", "answer", "answer_by_id", "ruleset_from_document", "session"]
