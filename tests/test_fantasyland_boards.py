"""The certified optimal Fantasyland boards (conformance/fantasyland/boards.json) are what the rules say.

Each board was certified by the exhaustive definition when it was written (every arrangement
valued). Here every board is checked against the readable rules (its rows come from the hand, it
does not foul, it is worth its value, it stays or not as it says) and against the engine's search;
one 14-card board is solved exhaustively again. The audit re-certifies every 14- and 15-card board.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import ruleset
from cpspec.analysis.fantasyland import TIE_BREAK, arrangement, solve, solve_exhaustively
from cpspec.engines import FAST
from cpspec.rules.cards import cards_text, parse_cards
from cpspec.rules.fouls import check_order

BOARDS = Path(__file__).resolve().parent.parent / "conformance" / "fantasyland" / "boards.json"
DATA: dict[str, Any] = json.loads(BOARDS.read_text(encoding="utf-8"))
FIELDS = {"id", "ruleset", "version", "cards", "stay_value", "best", "certified"}
BEST_FIELDS = {"value", "royalties", "stays", "front", "middle", "back", "discards"}


def board_ids(sizes: tuple[int, ...]) -> list[str]:
    return [board["id"] for board in DATA["boards"] if len(board["cards"]) in sizes]


BY_ID = {board["id"]: board for board in DATA["boards"]}


def test_the_file_says_its_format_and_tie_break_and_covers_every_size() -> None:
    assert DATA["format"] == "cpspec-fantasyland-boards/1"
    assert DATA["tie_break"] == TIE_BREAK
    assert len(BY_ID) == len(DATA["boards"]), "ids are unique"
    assert {len(board["cards"]) for board in DATA["boards"]} == {14, 15, 16, 17}
    for board in DATA["boards"]:
        assert set(board) == FIELDS, board["id"]
        assert board["best"] is None or set(board["best"]) == BEST_FIELDS, board["id"]
        assert board["certified"].startswith("exhaustive: all "), board["id"]


def found_rows(found: Any) -> dict[str, Any] | None:
    if found is None:
        return None
    return {"value": found.value, "royalties": found.royalties, "stays": found.stay.qualifies,
            "front": cards_text(found.front), "middle": cards_text(found.middle), "back": cards_text(found.back),
            "discards": cards_text(found.discards)}


@pytest.mark.parametrize("board_id", board_ids((14, 15, 16, 17)))
def test_each_board_is_legal_worth_its_value_and_the_engine_finds_it(board_id: str) -> None:
    board = BY_ID[board_id]
    rs = ruleset(board["ruleset"])
    hand = parse_cards(board["cards"], "cards")
    best = board["best"]
    assert best is not None
    front, middle, back, discards = (parse_cards(best[row], row) for row in ("front", "middle", "back", "discards"))
    assert sorted(front + middle + back + discards) == sorted(hand)
    assert (len(front), len(middle), len(back)) == (3, 5, 5)
    valued = arrangement(front, middle, back, hand, rs, board["stay_value"])
    assert not check_order(valued.hands, rs.parameters.setting).fouled
    assert found_rows(valued) == best
    assert found_rows(solve(hand, rs, board["stay_value"], FAST)) == best


def test_a_fourteen_card_board_is_the_exhaustive_definitions_answer() -> None:
    board = BY_ID["fl14-pineapple-2-7-s0-2-1"]  # a second or two: a row ranked low prunes early
    hand = parse_cards(board["cards"], "cards")
    assert found_rows(solve_exhaustively(hand, ruleset(board["ruleset"]), board["stay_value"])) == board["best"]


@pytest.mark.audit
@pytest.mark.parametrize("board_id", board_ids((14, 15)))
def test_every_small_board_is_the_exhaustive_definitions_answer(board_id: str) -> None:
    board = BY_ID[board_id]
    hand = parse_cards(board["cards"], "cards")
    assert found_rows(solve_exhaustively(hand, ruleset(board["ruleset"]), board["stay_value"])) == board["best"]
