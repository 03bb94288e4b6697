"""Ops of hands played round by round (Open Face): ``check_play``, ``qualify_fantasyland``, ``solve_fantasyland``.

``check_play`` input: ``{"rounds": [{"dealt": [...], "board": {"front": [...], "middle": [...], "back":
[...]}, "discarded": [...]}], "fantasyland": N}`` (``discarded`` optional; ``fantasyland``: check a hand
of N cards dealt at once instead of the dealing schedule). ``qualify_fantasyland`` input: a finished
board (``front``, ``middle``, ``back``) and ``in_fantasyland`` (default false). ``solve_fantasyland``
input: ``{"cards": [13 to 17 cards], "stay_value": 0}``. A finished board is scored by ``score``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.analysis.fantasyland import MAX_STAY_VALUE, check_hand, fantasyland_of, fantasyland_sizes, solve
from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.protocol.inputs import parse_setting
from cpspec.protocol.outputs import play_check_json, qualification_json, setting_check_json, solution_json
from cpspec.protocol.play_inputs import check_board_keys, read_flag, read_rounds
from cpspec.protocol.registry import check_input_keys, register, whole_number
from cpspec.rules.cards import parse_cards
from cpspec.rules.fantasyland import qualify
from cpspec.rules.fouls import check_order, evaluate_setting
from cpspec.rules.model import Dealing, Ruleset
from cpspec.rules.play import all_at_once, check_play


def _dealing(ruleset: Ruleset) -> Dealing:
    if ruleset.parameters.dealing is None:
        raise CpspecError("unsupported", f"{ruleset.id} deals 13 cards at once; it has no dealing schedule", "input")
    return ruleset.parameters.dealing


@register("check_play", "check a hand played round by round against the ruleset's dealing schedule")
def op_check_play(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
    """Every violation of the schedule, located; the board after the last round; the next round if any."""
    assert ruleset is not None
    check_input_keys(data, {"rounds"}, frozenset({"fantasyland"}))
    dealing = _dealing(ruleset)
    schedule = dealing.rounds
    if data.get("fantasyland") is not None:
        sizes = fantasyland_sizes(fantasyland_of(ruleset, "input.fantasyland"))
        cards = whole_number(data, "fantasyland", 0, 13, 17)
        if cards not in sizes:
            raise CpspecError("unsupported", f"{ruleset.id} deals Fantasyland hands of "
                              f"{', '.join(map(str, sizes))} cards, not {cards}", "input.fantasyland")
        schedule = all_at_once(cards)
    check = check_play(read_rounds(data), schedule, dealing)
    finished = None
    if check.complete:
        params = ruleset.parameters
        hands = evaluate_setting(check.board["front"], check.board["middle"], check.board["back"],
                                 params.hands.wheel, engine.evaluate, params.hands.low_segments)
        finished = setting_check_json(hands, check_order(hands, params.setting))
    return play_check_json(check, dealing.rule, finished)


@register("qualify_fantasyland", "whether a finished board earns (or keeps) Fantasyland, and the next hand's size")
def op_qualify_fantasyland(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT
                           ) -> dict[str, Any]:
    """The board's order check, then the Fantasyland options it meets (entry, or stay when in Fantasyland)."""
    assert ruleset is not None
    check_board_keys(data, frozenset({"in_fantasyland"}))
    fantasyland = fantasyland_of(ruleset)
    in_fantasyland = read_flag(data, "in_fantasyland")
    front, middle, back = parse_setting(data, "input")
    params = ruleset.parameters
    hands = evaluate_setting(front, middle, back, params.hands.wheel, engine.evaluate, params.hands.low_segments)
    check = check_order(hands, params.setting)
    return qualification_json(hands, check, in_fantasyland, qualify(hands, check.fouled, in_fantasyland, fantasyland))


@register("solve_fantasyland", "the best legal arrangement of a Fantasyland hand (13 to 17 cards), exactly",
          may_leave_out="an exact search over up to 171,531,360 arrangements is a program of its own; "
                        "its cases are skipped when hello does not list it")
def op_solve_fantasyland(ruleset: Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT
                         ) -> dict[str, Any]:
    """The arrangement of greatest value (royalties, plus ``stay_value`` if it stays), ties broken as documented."""
    assert ruleset is not None
    check_input_keys(data, {"cards"}, frozenset({"stay_value"}))
    raw = data["cards"]
    if not isinstance(raw, list):
        raise CpspecError("bad_input", "expected a list of cards", "input.cards")
    if not 13 <= len(raw) <= 17:
        raise CpspecError("bad_hand_size", f"a Fantasyland hand has 13 to 17 cards, not {len(raw)}", "input.cards")
    cards = parse_cards(raw, "input.cards")
    check_hand(cards, ruleset, "input.cards")
    stay_value = whole_number(data, "stay_value", 0, 0, MAX_STAY_VALUE)
    return solution_json(solve(cards, ruleset, stay_value, engine), len(cards), stay_value)
