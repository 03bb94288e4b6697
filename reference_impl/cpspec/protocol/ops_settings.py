"""The protocol ops ``settings`` and ``advise``, registered in :data:`cpspec.protocol.ops.OPS`.

``settings`` input: ``{"cards": [13 cards], "list": false, "limit": 100}``.
Output: ``{"total": 72072, "valid": N, "naturals": [ids held, sorted], "best_natural":
id or null, "natural_details": [...]}``, plus ``"settings": [...]`` when ``list`` is
true: at most ``limit`` valid settings in :data:`cpspec.analysis.settings.LIST_ORDER`.

``advise`` input: ``{"cards": [13 cards], "opponents": N, "deals": N, "seed": S,
"candidates": K}`` (all but ``cards`` optional); output: see :mod:`cpspec.analysis.advise`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from cpspec.errors import CpspecError
from cpspec.protocol.ops import check_input_keys, register
from cpspec.rules.cards import Card, parse_cards
from cpspec.rules.model import Ruleset
from cpspec.rules.setting import naturals_found, strongest

if TYPE_CHECKING:
    from cpspec.analysis.advise import Options

DEFAULT_LIMIT: Final = 100
MAX_LIMIT: Final = 72_072


def whole_number(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    """An optional integer field within [low, high], or a located bad_input error."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CpspecError("bad_input", f"{key} must be a whole number from {low} to {high}", f"input.{key}")
    return value


def hand_cards(data: Mapping[str, Any]) -> tuple[Card, ...]:
    return parse_cards(data["cards"], "input.cards", 13)


@register("settings", "count (and optionally list) the settings of 13 cards that do not foul; the naturals held")
def op_settings(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    from cpspec.analysis.settings import (
        TOTAL_SETTINGS,
        classify,
        held_by_id,
        ordered_settings,
        setting_json,
    )

    check_input_keys(data, {"cards"}, {"list", "limit"})
    cards = hand_cards(data)
    listing = data.get("list", False)
    if not isinstance(listing, bool):
        raise CpspecError("bad_input", "list must be true or false", "input.list")
    limit = whole_number(data, "limit", DEFAULT_LIMIT, 0, MAX_LIMIT)
    table = classify(cards, ruleset)
    found = naturals_found(cards, ruleset)
    held = held_by_id(found)
    best = strongest(found)
    out: dict[str, Any] = {
        "total": TOTAL_SETTINGS,
        "valid": table.valid,
        "naturals": [h.id for h in held],
        "best_natural": best.id if best else None,
        "natural_details": [h.to_json() for h in held],
    }
    if listing:
        out["settings"] = [setting_json(table, s, ruleset) for s in ordered_settings(table, limit)]
    return out


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


@register("advise", "the setting with the best expected points against random opponents, by seeded simulation")
def op_advise(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    from cpspec.analysis.advise import advise, describe_advice

    check_input_keys(data, {"cards"}, {"opponents", "deals", "seed", "candidates"})
    cards = hand_cards(data)
    options = advice_options(ruleset, data)
    return describe_advice(advise(cards, ruleset, options), cards, ruleset)
