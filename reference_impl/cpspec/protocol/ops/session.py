"""The ``score_session`` op: deals played one after another at one table, the running totals and the settle-up.

Input: ``{"deals": [score input, ...], "stacks": {seat: points}}``. Every deal has the same seats.
``stacks`` (optional, for a ruleset with a stack-limited settlement) are the stacks the session
starts with: each deal then names its ``button`` and is settled with the stacks as they stand after
the deals before it, and what it paid is its result. Output: each deal's totals (and what it paid),
the running totals after it, the session's totals, and the settle-up: the fewest payments that clear
them (:mod:`cpspec.rules.ledger`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.ops.deals import op_score
from cpspec.protocol.outputs import session_json
from cpspec.protocol.registry import check_input_keys, register
from cpspec.rules.ledger import running_totals, settle_up
from cpspec.rules.model import Ruleset


def _start_stacks(data: Mapping[str, Any], ruleset: Ruleset) -> dict[str, int] | None:
    raw = data.get("stacks")
    if raw is None:
        return None
    if ruleset.parameters.settlement is None:
        raise CpspecError("unsupported", f"{ruleset.id} has no stack-limited settlement (stacks)", "input.stacks")
    if not isinstance(raw, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**12
                                            for v in raw.values()):
        raise CpspecError("bad_input", "stacks maps every seat to a whole number of points from 0", "input.stacks")
    return {str(k): v for k, v in raw.items()}


@register("score_session", "deals played in turn at one table: each deal's result, running totals, the settle-up")
def op_score_session(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Each deal scored alone (with the stacks as they stand, if given), the running totals, the fewest payments."""
    assert ruleset is not None
    check_input_keys(data, {"deals"}, frozenset({"stacks"}))
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise CpspecError("bad_input", "deals must be a non-empty list", "input.deals")
    stacks = _start_stacks(data, ruleset)
    seats: list[str] | None = None
    scored: list[dict[str, Any]] = []
    results: list[dict[str, int]] = []
    for index, raw in enumerate(deals):
        where = f"input.deals[{index}]"
        if not isinstance(raw, dict):
            raise CpspecError("bad_input", "a deal is an object", where)
        deal = dict(raw)
        if stacks is not None:
            if "stacks" in deal:
                raise CpspecError("bad_input", "the session's stacks carry over: a deal gives only its button",
                                  f"{where}.stacks")
            if "button" not in deal:
                raise CpspecError("bad_input", "with the session's stacks, each deal names its button",
                                  f"{where}.button")
            deal["stacks"] = dict(stacks)
        try:
            output = op_score(ruleset, deal, engine)
        except CpspecError as error:
            inner = (error.where or "input").removeprefix("input")
            # The stacks a deal is settled with are the session's: a fault in them is the session's stacks'.
            error.where = "input.stacks" if stacks is not None and inner.startswith(".stacks") else where + inner
            raise
        these = list(output["totals"])
        if seats is None:
            seats = these
            if stacks is not None and sorted(stacks) != sorted(seats):
                raise CpspecError("bad_input", "stacks must give one amount for every seat", "input.stacks")
        elif sorted(these) != sorted(seats):
            raise CpspecError("bad_players", "every deal of a session has the same seats", f"{where}.players")
        paid = output.get("settlement", {}).get("paid")
        result = dict(paid if paid is not None else output["totals"])
        if stacks is not None:
            stacks = {seat: stacks[seat] + result[seat] for seat in stacks}
        scored.append(output)
        results.append(result)
    assert seats is not None
    running = running_totals(results, seats)
    return session_json(scored, running, settle_up(running[-1]))


__all__ = ["op_score_session"]
