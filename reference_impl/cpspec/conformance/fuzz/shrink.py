"""Shrinking a request that shows a disagreement, keeping it one that still shows it.

Greedy, in two phases, each candidate tried through ``shows`` (which sends it to both sides
and says whether it is still valid, in the reference's eyes, and still disagrees the same way):

1. structure: drop a deal of a tournament, drop a player (with its stack), drop the button
   and the stacks together, drop any one field (a declaration, a natural's id, an option),
   name the seats A, B, C, D; repeated until none of these helps;
2. cards: each card in turn, towards a simpler one not in use: the same rank in a lower suit
   (clubs, diamonds, hearts, spades), then a lower rank; then phase 1 once more.

``budget`` bounds the candidates tried, so a shrink always ends; the order of the moves is
fixed, so the same request and the same answers give the same result.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from cpspec.conformance.fuzz.generate import RANKS, SUITS, at_path, card_lists, object_paths

#: The most candidates one shrink tries.
DEFAULT_BUDGET: Final = 300
PLAIN_SEATS: Final = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class Shrunk:
    """The result of a shrink: the smallest request found, how many candidates were accepted and tried."""

    request: dict[str, Any]
    steps: int  # candidates accepted
    tried: int  # candidates tried


def size(request: dict[str, Any]) -> int:
    """The size of a request as the shrink compares them: the length of its compact JSON text."""
    return len(json.dumps(request, ensure_ascii=False, separators=(",", ":")))


def shrink(request: dict[str, Any], shows: Callable[[dict[str, Any]], bool], budget: int = DEFAULT_BUDGET) -> Shrunk:
    """The smallest request found from ``request`` for which ``shows`` stays true."""
    current = request
    steps = tried = 0

    def attempt(candidates: Iterator[dict[str, Any]]) -> bool:
        nonlocal current, steps, tried
        for candidate in candidates:
            if tried >= budget:
                return False
            tried += 1
            if shows(candidate):
                current = candidate
                steps += 1
                return True
        return False

    def structure() -> None:
        while tried < budget and attempt(structural_moves(current)):
            pass

    structure()
    for position in range(len(card_positions(current))):
        while tried < budget and attempt(card_moves(current, position)):
            pass
    structure()
    return Shrunk(current, steps, tried)


# --- the moves ---


def _deals(data: Any) -> list[tuple[Any, ...]]:
    """The paths of the deals inside an input: the input itself (score) or each of its deals."""
    if isinstance(data, dict) and isinstance(data.get("deals"), list):
        return [("deals", i) for i, d in enumerate(data["deals"]) if isinstance(d, dict)]
    return [()] if isinstance(data, dict) and isinstance(data.get("players"), list) else []


def structural_moves(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Candidates one structural step smaller than ``request``, most of a reduction first."""
    data = request.get("input")
    if isinstance(data, dict) and isinstance(data.get("deals"), list) and len(data["deals"]) > 1:
        for index in range(len(data["deals"])):
            candidate = copy.deepcopy(request)
            del candidate["input"]["deals"][index]
            yield candidate
    deals = _deals(data)
    if deals:
        players = at_path(data, deals[0])["players"]
        for index, player in enumerate(players):
            seat = player.get("seat") if isinstance(player, dict) else None
            candidate = copy.deepcopy(request)
            for path in deals:
                _drop_player(at_path(candidate["input"], path), index, seat)
            if isinstance(seat, str):
                for key in ("names",):
                    table = candidate["input"].get(key)
                    if isinstance(table, dict):
                        table.pop(seat, None)
            yield candidate
        for path in deals:
            deal = at_path(data, path)
            if "button" in deal and "stacks" in deal:
                candidate = copy.deepcopy(request)
                target = at_path(candidate["input"], path)
                del target["button"], target["stacks"]
                yield candidate
    for path in object_paths(data):
        for key in list(at_path(data, path)):
            candidate = copy.deepcopy(request)
            del at_path(candidate["input"], path)[key]
            yield candidate
    renamed = _plain_seats(request)
    if renamed is not None:
        yield renamed


def _drop_player(deal: dict[str, Any], index: int, seat: Any) -> None:
    players = deal["players"]
    position = next((i for i, p in enumerate(players) if isinstance(p, dict) and p.get("seat") == seat), index)
    if position < len(players):
        del players[position]
    stacks = deal.get("stacks")
    if isinstance(stacks, dict) and isinstance(seat, str):
        stacks.pop(seat, None)
    if deal.get("button") == seat:
        remaining = [p.get("seat") for p in players if isinstance(p, dict)]
        if remaining:
            deal["button"] = remaining[0]
    replacements = deal.get("replacements")
    if isinstance(replacements, dict) and isinstance(seat, str):
        replacements.pop(seat, None)


def _plain_seats(request: dict[str, Any]) -> dict[str, Any] | None:
    """The request with its seats named A, B, C, ... in order of first appearance, if they are not."""
    from cpspec.conformance.fuzz.compare import seats_of

    data = request.get("input")
    deals = _deals(data)
    if not deals:
        return None
    order: list[str] = []
    for path in deals:
        for player in at_path(data, path)["players"]:
            seat = player.get("seat") if isinstance(player, dict) else None
            if isinstance(seat, str) and seat not in order:
                order.append(seat)
    plain = list(PLAIN_SEATS[: len(order)])
    if len(order) > len(PLAIN_SEATS) or order == plain or len(order) != len(seats_of(request)):
        return None
    names = dict(zip(order, PLAIN_SEATS, strict=False))
    candidate = copy.deepcopy(request)
    for path in deals:
        deal = at_path(candidate["input"], path)
        for player in deal["players"]:
            if isinstance(player, dict) and player.get("seat") in names:
                player["seat"] = names[player["seat"]]
        if deal.get("button") in names:
            deal["button"] = names[deal["button"]]
        for key in ("stacks", "replacements"):
            if isinstance(deal.get(key), dict):
                deal[key] = {names.get(k, k): v for k, v in deal[key].items()}
    if isinstance(candidate["input"].get("names"), dict):
        candidate["input"]["names"] = {names.get(k, k): v for k, v in candidate["input"]["names"].items()}
    return candidate


def card_positions(request: dict[str, Any]) -> list[tuple[Any, ...]]:
    """(path of a card list, index) for every card of the request, in document order."""
    data = request.get("input")
    return [(*path, index) for path in card_lists(data) for index in range(len(at_path(data, path)))]


def _card_number(text: Any) -> int | None:
    if isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS:
        return RANKS.index(text[0]) * 4 + SUITS.index(text[1])
    return None


def card_moves(request: dict[str, Any], position: int) -> Iterator[dict[str, Any]]:
    """The card at ``position`` replaced by a simpler one not used elsewhere: a lower suit, then a lower rank."""
    positions = card_positions(request)
    if position >= len(positions):
        return
    *path, index = positions[position]
    data = request["input"]
    card = _card_number(at_path(data, path)[index])
    if card is None:
        return
    used = {_card_number(at_path(data, p[:-1])[p[-1]]) for p in positions}
    rank = card // 4
    lower_suits = [c for c in range(rank * 4, card) if c not in used]
    lower_ranks = [c for c in range(rank * 4) if c not in used]
    tries = lower_suits + lower_ranks[:1] + lower_ranks[-1:]  # the same rank, the simplest card, the next lower
    for candidate_card in dict.fromkeys(tries):
        candidate = copy.deepcopy(request)
        at_path(candidate["input"], path)[index] = RANKS[candidate_card // 4] + SUITS[candidate_card % 4]
        yield candidate
