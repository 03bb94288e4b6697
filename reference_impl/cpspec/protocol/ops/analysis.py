"""``settings`` (the legal settings of 13 cards, and the naturals held) and ``advise`` (a setting by simulation).

``settings`` input: ``{"cards": [13 cards], "list": false, "limit": 100}``; with ``list``,
at most ``limit`` valid settings in :data:`cpspec.rules.all_settings.LIST_ORDER`.

``advise`` input: ``{"cards": [13 cards], "opponents": N, "deals": N, "seed": S,
"candidates": K}`` (all but ``cards`` optional); the method is :mod:`cpspec.analysis.advise`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.outputs import advice_json, settings_json
from cpspec.protocol.registry import check_input_keys, register, whole_number
from cpspec.rules.all_settings import TOTAL_SETTINGS
from cpspec.rules.cards import Card, parse_cards
from cpspec.rules.model import Ruleset

if TYPE_CHECKING:
    from cpspec.analysis.advise import Options

DEFAULT_LIMIT: Final = 100


def hand_cards(data: Mapping[str, Any]) -> tuple[Card, ...]:
    """``input.cards``: 13 distinct cards."""
    return parse_cards(data["cards"], "input.cards", 13)


@register("settings", "count (and optionally list) the settings of 13 cards that do not foul; the naturals held")
def op_settings(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """How many of the 72,072 settings keep the order, the naturals held, and the strongest settings if asked."""
    assert ruleset is not None
    check_input_keys(data, {"cards"}, frozenset({"list", "limit"}))
    cards = hand_cards(data)
    listing = data.get("list") if data.get("list") is not None else False
    if not isinstance(listing, bool):
        raise CpspecError("bad_input", "list must be true or false", "input.list")
    limit = whole_number(data, "limit", DEFAULT_LIMIT, 0, TOTAL_SETTINGS)
    table = engine.all_settings(cards, ruleset)
    found = engine.find_naturals(cards, ruleset)
    return settings_json(TOTAL_SETTINGS, table.valid, found, table.strongest(limit) if listing else None, ruleset)


def advice_options(ruleset: Ruleset, data: Mapping[str, Any]) -> Options:
    """Read the advise op's optional fields into :class:`cpspec.analysis.advise.Options`."""
    from cpspec.analysis.advise import (
        DEFAULT_CANDIDATES,
        DEFAULT_DEALS,
        DEFAULT_SEED,
        MAX_CANDIDATES,
        MAX_DEALS,
        Options,
        check_options,
    )

    limits = ruleset.parameters.players
    options = Options(
        opponents=whole_number(data, "opponents", limits.max - 1, 0, 64),
        deals=whole_number(data, "deals", DEFAULT_DEALS, 1, MAX_DEALS),
        seed=whole_number(data, "seed", DEFAULT_SEED, 0, 2**53),
        candidates=whole_number(data, "candidates", DEFAULT_CANDIDATES, 1, MAX_CANDIDATES),
    )
    check_options(ruleset, options, "input.")
    return options


@register("advise", "the setting with the best expected points against random opponents, by seeded simulation",
          may_leave_out="its random opponents come from Python's own generator, which the protocol does not "
                        "specify, so no other implementation can agree with it; no case sends it")
def op_advise(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The candidate settings ranked by simulated expected points (:mod:`cpspec.analysis.advise`)."""
    assert ruleset is not None
    from cpspec.analysis.advise import advise

    check_input_keys(data, {"cards"}, frozenset({"opponents", "deals", "seed", "candidates"}))
    cards = hand_cards(data)
    options = advice_options(ruleset, data)
    return advice_json(advise(cards, ruleset, options, engine=engine))
