"""Ops on rulesets as a whole: ``diff`` (where two rulesets part) and ``identify`` (which rules were played)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.analysis.diff import diff_rulesets
from cpspec.analysis.house_ruleset import house_document
from cpspec.analysis.identify import identify
from cpspec.analysis.observations import parse_observations
from cpspec.analysis.probes import adapted
from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.registry import check_input_keys, register, served_rulesets
from cpspec.protocol.which_rules_json import diff_json, identified_json, protocol_ask
from cpspec.rules.model import Ruleset
from cpspec.rulesets.ids import RULESET_ID


@register("diff", "the differences between the request's ruleset and another, each with the smallest deal it shows on")
def op_diff(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Every difference between the ruleset (A) and ``input.against`` (B), and the deals they part on."""
    assert ruleset is not None
    check_input_keys(data, {"against"})
    against = data["against"]
    served = served_rulesets()
    if not isinstance(against, str) or not RULESET_ID.match(against):
        raise CpspecError("bad_input", "against is a ruleset id", "input.against")
    if not served.has(against):
        raise CpspecError("unknown_ruleset", f"no ruleset {against!r}", "input.against")
    return diff_json(diff_rulesets(ruleset, served.get(against), protocol_ask(engine)))


@register("identify", "which rulesets pay what was observed on some deals; else the fewest changes that would",
          needs_ruleset=False)
def op_identify(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The served rulesets (or ``input.rulesets``) that agree with every observed deal, the nearest, the fixes, and
    the next deal to play; the search space takes the values of every served ruleset."""
    check_input_keys(data, {"deals"}, frozenset({"rulesets", "house_id"}))
    observations = parse_observations({"deals": data["deals"]})
    served = served_rulesets()
    chosen = data.get("rulesets")
    if chosen is not None and (not isinstance(chosen, list) or not chosen
                               or not all(isinstance(r, str) and served.has(r) for r in chosen)):
        raise CpspecError("bad_input", "rulesets is a non-empty list of the ids of served rulesets", "input.rulesets")
    house_id = data.get("house_id") or "house-observed"
    if not isinstance(house_id, str) or not RULESET_ID.match(house_id):
        raise CpspecError("bad_input", "house_id is a ruleset id (lowercase words joined by hyphens)", "input.house_id")
    known = served.all()
    rulesets = [served.get(r) for r in sorted(set(chosen))] if chosen else known
    ask = protocol_ask(engine)
    for observation in observations:
        _accepted_somewhere(observation.deal, observation.where, rulesets, ask)
    result = identify(observations, rulesets, ask, known)
    return identified_json(result, lambda fix: house_document(fix, house_id, len(observations)))


def _accepted_somewhere(deal: dict[str, Any], where: str, rulesets: list[Ruleset], ask: Any) -> None:
    """A deal no ruleset accepts is a mistake in the observations: the first ruleset's error, at the deal."""
    first: CpspecError | None = None
    for ruleset in rulesets:
        try:
            ask("score", ruleset, adapted(deal, ruleset))
            return
        except CpspecError as error:
            first = first or error
    if first is not None:
        first.where = (first.where or "input").replace("input", where, 1)
        raise first
