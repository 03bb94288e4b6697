"""``collection``: the house collection (rake) for a game size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.outputs import collection_json
from cpspec.protocol.registry import check_input_keys, register
from cpspec.rules.collection import collection_for
from cpspec.rules.model import Ruleset


@register("collection", "the house collection (rake) for a game size")
def op_collection(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The level of ``parameters.collection`` that applies to ``input.game``, and its amount."""
    assert ruleset is not None
    check_input_keys(data, {"game"})
    game = data["game"]
    if isinstance(game, bool) or not isinstance(game, int | float) or not game > 0 or game > 1e12:
        raise CpspecError("bad_input", "game is the game's limit, a positive number", "input.game")
    table = ruleset.parameters.collection
    if table is None:
        raise CpspecError("unsupported", f"{ruleset.id} has no collection table", "input")
    due = collection_for(game, table)
    if due is None:
        raise CpspecError("unsupported", f"no collection level covers a game of {game:g}", "input.game")
    return collection_json(due, table.rule)
