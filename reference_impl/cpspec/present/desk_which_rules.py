"""Which rules, in the browser: ``diff`` of two bundled rulesets for the comparison page, and ``identify`` from the
deals a person enters on the desk's "Which rules were these?" page.

Like :mod:`cpspec.present.desk`, this runs in Pyodide on the standard library alone: the rulesets are the
bundle's documents (:class:`DeskRulesets`, served to the ops as the protocol's server serves a registry), and
the deals tried come from the bundle's copy of the corpus's probe cases (``cpspec/_data/conformance/
corpus.json``, read by :func:`cpspec.analysis.probes.corpus_probes`). Every function answers JSON text:
``{"diff": <diffOutput>}``, ``{"identify": <identifyOutput>}``, ``{"ok": true}``, or the desk's
``{"error": ...}`` with its place (``input.players[1].front``) and its words apart.

``diff`` and ``identify`` ask thousands of answers, so they use the CLI's engine (:data:`cpspec.engines.DEFAULT`:
its hand tables cost a few hundredths of a second to build, and value hands several times faster than the
readable definition the desk's one-deal rulings use); a deal entered is checked with the desk's engine.
"""

from __future__ import annotations

import json
from typing import Any

from cpspec.analysis.diff import diff_rulesets
from cpspec.analysis.observations import parse_observations
from cpspec.analysis.probes import adapted
from cpspec.engines import DEFAULT
from cpspec.errors import CpspecError
from cpspec.present.desk import DESK_ENGINE, DOCUMENTS, ruleset_from_document
from cpspec.protocol.ops import op_score
from cpspec.protocol.ops.which_rules import op_identify
from cpspec.protocol.registry import serving
from cpspec.protocol.which_rules_json import diff_json, protocol_ask
from cpspec.rules.model import Ruleset
from cpspec.rulesets.ids import RULESET_ID


class DeskRulesets:
    """The rulesets of the desk's bundle (``desk-rulesets/<id>.json``), as the ops ask for served rulesets."""

    def ids(self) -> list[str]:
        """Every ruleset id of the bundle, sorted."""
        return sorted(path.stem for path in DOCUMENTS.glob("*.json"))

    def has(self, ruleset_id: str) -> bool:
        """Whether the bundle has the ruleset."""
        return bool(RULESET_ID.match(ruleset_id)) and (DOCUMENTS / f"{ruleset_id}.json").is_file()

    def get(self, ruleset_id: str) -> Ruleset:
        """The ruleset of the bundle with this id, or an ``unknown_ruleset`` error."""
        if not self.has(ruleset_id):
            raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id!r} in the desk's bundle", "ruleset")
        return ruleset_from_document(json.loads((DOCUMENTS / f"{ruleset_id}.json").read_text(encoding="utf-8")))

    def all(self) -> list[Ruleset]:
        """Every ruleset of the bundle, by id."""
        return [self.get(ruleset_id) for ruleset_id in self.ids()]


def _error(error: CpspecError, where: str | None = None) -> str:
    found = {**error.to_json(), "where": where if where is not None else error.where, "detail": error.message}
    return json.dumps({"error": found}, ensure_ascii=False)


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        raise CpspecError("bad_json", f"the {what} is not valid JSON: {error}", "input") from None


def ready() -> str:
    """``{"ok": true}``: the engine is loaded (a page asks it first, to tell loading from searching)."""
    return json.dumps({"ok": True})


def diff(a_id: str, b_id: str) -> str:
    """``{"diff": ...}``: every difference between two bundled rulesets, each with the smallest deal of the two
    rulesets' cases on which they pay differently (as the ruleset pages' "how this differs from its parent")."""
    rulesets = DeskRulesets()
    try:
        a, b = rulesets.get(a_id), rulesets.get(b_id)
        result = diff_rulesets(a, b, protocol_ask(DEFAULT), only=[a.id, b.id])
        return json.dumps({"diff": diff_json(result)}, ensure_ascii=False)
    except CpspecError as error:
        return _error(error)


def identify(observations_text: str) -> str:
    """``{"identify": ...}``: the ``identify`` op on ``{"deals": [...]}`` over every ruleset of the bundle (the
    house ruleset, when one is written, has the id ``house-observed``)."""
    try:
        with serving(DeskRulesets()):
            output = op_identify(None, _json(observations_text, "list of deals"), DEFAULT)
        return json.dumps({"identify": output}, ensure_ascii=False)
    except CpspecError as error:
        return _error(error)


def check_observation(ruleset_id: str, observation_text: str) -> str:
    """``{"ok": true}`` when one observed deal (a score input with ``totals`` or ``matchups``) is well formed and
    the ruleset of the desk's form accepts it; else the error, placed in the form (``input.players[1].front``,
    ``input.totals.B``), so that the desk marks the field."""
    observation = "input.deals[0]"
    try:
        parsed = parse_observations({"deals": [_json(observation_text, "deal")]})[0]
    except CpspecError as error:
        return _error(error, (error.where or "input").replace(observation, "input", 1))
    try:
        ruleset = DeskRulesets().get(ruleset_id)
        op_score(ruleset, adapted(parsed.deal, ruleset), DESK_ENGINE)
    except CpspecError as error:
        return _error(error)
    return json.dumps({"ok": True})


__all__ = ["DeskRulesets", "check_observation", "diff", "identify", "ready"]
