"""Ops on single hands and settings: ``classify``, ``compare``, ``check_setting``, ``find_naturals``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.inputs import parse_setting
from cpspec.protocol.outputs import hand_json, naturals_json, setting_check_json
from cpspec.protocol.registry import check_input_keys, register
from cpspec.rules.cards import Card, parse_cards
from cpspec.rules.fouls import check_order, evaluate_setting
from cpspec.rules.hands import HandValue, compare, compare_front_with_middle
from cpspec.rules.model import Ruleset


def _read_hand(data: Mapping[str, Any], key: str, ruleset: Ruleset, engine: Engine
               ) -> tuple[tuple[Card, ...], HandValue]:
    """The cards of a 3-card front or a 5-card hand given as ``input.<key>``, and its value."""
    raw = data[key]
    if not isinstance(raw, list):
        raise CpspecError("bad_input", "expected a list of cards", f"input.{key}")
    if len(raw) not in (3, 5):
        raise CpspecError("bad_hand_size", "a hand has 3 or 5 cards", f"input.{key}")
    cards = parse_cards(raw, f"input.{key}")
    return cards, engine.evaluate(cards, ruleset.parameters.hands.wheel)


@register("classify", "the category of a 3-card front or a 5-card hand")
def op_classify(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """The category and name of one hand."""
    assert ruleset is not None
    check_input_keys(data, {"cards"})
    return hand_json(_read_hand(data, "cards", ruleset, engine)[1])


@register("compare", "which of two hands is higher (3 vs 3, 5 vs 5, or a 3-card front vs a 5-card middle)")
def op_compare(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Which of two hands is higher; a front against a middle as ``parameters.setting.front_middle_ties`` says."""
    assert ruleset is not None
    check_input_keys(data, {"a", "b"})
    a_cards, a = _read_hand(data, "a", ruleset, engine)
    b_cards, b = _read_hand(data, "b", ruleset, engine)
    if not set(a_cards).isdisjoint(b_cards):
        raise CpspecError("duplicate_card", "a card is in both hands", "input.b")
    ties = ruleset.parameters.setting.front_middle_ties == "middle_higher"
    if a.size == b.size:
        result = compare(a, b)
    elif a.size == 3:
        result = compare_front_with_middle(a, b, ties)
    else:
        result = -compare_front_with_middle(b, a, ties)
    winner = "a" if result > 0 else "b" if result < 0 else "tie"
    return {"winner": winner, "a": hand_json(a), "b": hand_json(b)}


@register("check_setting", "whether a front/middle/back setting fouls, and why")
def op_check_setting(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Whether the setting keeps ``parameters.setting``'s order, and each violation."""
    assert ruleset is not None
    check_input_keys(data, {"front", "middle", "back"})
    front, middle, back = parse_setting(data, "input")
    hands = evaluate_setting(front, middle, back, ruleset.parameters.hands.wheel, engine.evaluate,
                             ruleset.parameters.hands.low_segments)
    return setting_check_json(hands, check_order(hands, ruleset.parameters.setting))


@register("find_naturals", "the naturals of the ruleset that 13 cards hold")
def op_find_naturals(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Every natural of ``parameters.naturals.hands`` the 13 cards hold, with a witness each."""
    assert ruleset is not None
    check_input_keys(data, {"cards"})
    cards = parse_cards(data["cards"], "input.cards", 13)
    return naturals_json(engine.find_naturals(cards, ruleset))
