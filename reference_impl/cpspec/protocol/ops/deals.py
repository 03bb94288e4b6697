"""Ops on whole deals: ``score`` (one deal, with the settlement when stacks are given) and ``tournament``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.inputs import parse_deal
from cpspec.protocol.outputs import result_json, settlement_json, standings_json
from cpspec.protocol.registry import check_input_keys, register
from cpspec.rules.deal import Deal
from cpspec.rules.model import Ruleset
from cpspec.rules.scoring import score_deal
from cpspec.rules.settlement import payment_order, settle
from cpspec.rules.tournament import standings, target_reached


@register("score", "score a deal of 2-4 players: every matchup, the totals, and the settlement with stacks")
def op_score(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Every matchup with its credits, the totals, and the stack-limited settlement if stacks are given."""
    assert ruleset is not None
    deal = parse_deal(data, ruleset)
    result = score_deal(deal, ruleset, engine.evaluate, engine.find_naturals)
    out = result_json(result)
    settlement = ruleset.parameters.settlement
    if deal.stacks is not None and deal.button is not None and settlement is not None:
        net = {m.seats: m.net for m in result.matchups}
        payments, paid = settle(net, list(deal.seats), deal.button, deal.stacks, settlement)
        order = payment_order(list(deal.seats), deal.button, settlement)
        out["settlement"] = settlement_json(deal.button, order, payments, paid, settlement.rule)
    return out


def _tournament_deal(raw: Any, index: int, seats: tuple[str, ...] | None, ruleset: Ruleset
                     ) -> tuple[Deal, dict[str, str]]:
    """One deal of a tournament and the replacements made before it, checked (located errors)."""
    where = f"input.deals[{index}]"
    if not isinstance(raw, dict):
        raise CpspecError("bad_input", "a deal is an object", where)
    replaced = raw.get("replacements")
    replaced = {} if replaced is None else replaced  # null is the same as left out: no replacements
    deal = parse_deal({k: v for k, v in raw.items() if k != "replacements"}, ruleset, where)
    if seats is not None and sorted(deal.seats) != sorted(seats):
        raise CpspecError("bad_players", "every deal of a tournament has the same seats", f"{where}.players")
    if not isinstance(replaced, dict) or any(s not in deal.seats or not isinstance(n, str)
                                             for s, n in replaced.items()):
        raise CpspecError("bad_input", "replacements maps existing seats to new player names",
                          f"{where}.replacements")
    tournament = ruleset.parameters.tournament
    if replaced and (tournament is None or tournament.replacement_rule is None):
        raise CpspecError("unsupported", f"{ruleset.id} does not provide for replacement players",
                          f"{where}.replacements")
    return deal, dict(replaced)


@register("tournament", "a sequence of deals: running standings, replacements, and when the target is reached")
def op_tournament(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Each deal scored in turn, the running totals, and the deal that reaches ``parameters.tournament.target``."""
    assert ruleset is not None
    check_input_keys(data, {"deals"}, frozenset({"names"}))
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise CpspecError("bad_input", "deals must be a non-empty list", "input.deals")
    names = data.get("names")
    names = {} if names is None else names
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        raise CpspecError("bad_input", "names maps seats to player names", "input.names")
    tournament = ruleset.parameters.tournament
    seats: tuple[str, ...] | None = None
    totals: list[dict[str, int]] = []
    replacements: list[dict[str, str]] = []
    running: dict[str, int] = {}
    reached = None
    for index, raw in enumerate(deals):
        deal, replaced = _tournament_deal(raw, index, seats, ruleset)
        if reached is not None:
            raise CpspecError("bad_input", f"the tournament ended after deal {reached.deal}", f"input.deals[{index}]")
        seats = seats or deal.seats
        totals.append(score_deal(deal, ruleset, engine.evaluate, engine.find_naturals).totals)
        replacements.append(replaced)
        running = {seat: running.get(seat, 0) + totals[-1][seat] for seat in seats}  # in the first deal's order
        reached = target_reached(index + 1, running, tournament)
    return standings_json(standings(totals, replacements, names), tournament.target if tournament else None, reached)
