"""Reading the Open Face ops' inputs (a play round by round, a finished board, a Fantasyland hand), with located
errors.

A play's violations of the schedule (a card placed twice, a row over-full) are findings of the
``check_play`` op, not errors: cards are read one by one here (a bad card is a ``bad_card``
error), and repeats are left for :func:`cpspec.rules.play.check_play` to find.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cpspec.errors import CpspecError
from cpspec.protocol.registry import check_input_keys
from cpspec.rules.cards import Card, parse_card
from cpspec.rules.model import SEGMENTS
from cpspec.rules.play import PlayedRound

#: At most this many rounds, and this many cards in one list (a round deals at most 17).
MAX_ROUNDS: Final = 20
MAX_LIST: Final = 17
ROUND_KEYS: Final = frozenset({"dealt", "board", "discarded"})


def read_card_list(raw: Any, where: str) -> tuple[Card, ...]:
    """A list of cards, each checked (``bad_card`` names its place); repeats are kept."""
    if not isinstance(raw, list):
        raise CpspecError("bad_input", "expected a list of cards", where)
    if len(raw) > MAX_LIST:
        raise CpspecError("bad_hand_size", f"at most {MAX_LIST} cards, not {len(raw)}", where)
    return tuple(parse_card(text, f"{where}[{index}]") for index, text in enumerate(raw))


def read_rounds(data: Mapping[str, Any]) -> list[PlayedRound]:
    """``input.rounds``: each round's ``dealt`` cards, its ``board`` after the round, its ``discarded`` cards."""
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise CpspecError("bad_input", "rounds must be a list", "input.rounds")
    if len(rounds) > MAX_ROUNDS:
        raise CpspecError("bad_input", f"at most {MAX_ROUNDS} rounds", "input.rounds")
    played = []
    for index, raw in enumerate(rounds):
        where = f"input.rounds[{index}]"
        if not isinstance(raw, Mapping):
            raise CpspecError("bad_input", "a round is an object with dealt, board and (optionally) discarded", where)
        extra = sorted(str(k) for k in raw if k not in ROUND_KEYS)
        missing = sorted(k for k in ("dealt", "board") if raw.get(k) is None)
        if extra or missing:
            what = f"unknown field(s) {', '.join(extra)}" if extra else f"missing field(s) {', '.join(missing)}"
            raise CpspecError("bad_input", what, where)
        board_raw = raw["board"]
        if not isinstance(board_raw, Mapping) or sorted(board_raw) != sorted(SEGMENTS):
            raise CpspecError("bad_input", "board has exactly front, middle and back (lists of cards)",
                              f"{where}.board")
        board = {segment: read_card_list(board_raw[segment], f"{where}.board.{segment}") for segment in SEGMENTS}
        discarded = None if raw.get("discarded") is None else read_card_list(raw["discarded"], f"{where}.discarded")
        played.append(PlayedRound(read_card_list(raw["dealt"], f"{where}.dealt"), board, discarded, where))
    return played


def read_flag(data: Mapping[str, Any], key: str) -> bool:
    """An optional true/false field (default false; null is the same as left out)."""
    value = data.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise CpspecError("bad_input", f"{key} must be true or false", f"input.{key}")
    return value


def check_board_keys(data: Mapping[str, Any], optional: frozenset[str]) -> None:
    """A finished board's input: front, middle and back, and the op's optional fields."""
    check_input_keys(data, {"front", "middle", "back"}, optional)
