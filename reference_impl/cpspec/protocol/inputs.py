"""Reading the ops' inputs (a deal, a setting) into the rule modules' types, with located errors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from cpspec.errors import CpspecError
from cpspec.rules.cards import Card, card_text, parse_cards
from cpspec.rules.deal import DECLARATIONS, Deal, PlayerInput
from cpspec.rules.model import Ruleset

PLAYER_KEYS = frozenset({"seat", "front", "middle", "back", "cards", "declare", "natural"})
DEAL_KEYS = frozenset({"players", "button", "stacks", "banker"})


def _require_mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise CpspecError("bad_input", f"expected an object, got {type(value).__name__}", where)
    return value


def _check_keys(value: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(str(k) for k in value if k not in allowed)
    if extra:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(map(repr, extra))}", where)


def _valid_seat(seat: object) -> TypeGuard[str]:
    """A seat is named by a string of 1 to 64 characters, not all white space."""
    return isinstance(seat, str) and 0 < len(seat) <= 64 and not seat.isspace()


def parse_player(raw: Any, ruleset: Ruleset, where: str) -> PlayerInput:
    """One player of a deal (``input.players[i]``): seat, setting or cards, declaration."""
    player = _require_mapping(raw, where)
    _check_keys(player, PLAYER_KEYS, where)
    seat = player.get("seat")
    if not _valid_seat(seat):
        raise CpspecError("bad_input", "seat must be a non-empty string of at most 64 characters", f"{where}.seat")
    declare = player.get("declare")
    if declare is not None and declare not in DECLARATIONS:
        raise CpspecError(
            "bad_declaration", f"{declare!r} is not a declaration (natural, surrender, timeout)", f"{where}.declare"
        )
    natural = player.get("natural")
    if natural is not None:
        if declare != "natural":
            raise CpspecError(
                "bad_declaration", "'natural' names a natural only with declare: natural", f"{where}.natural"
            )
        if not isinstance(natural, str) or natural not in {h.id for h in ruleset.parameters.naturals.hands}:
            known = ", ".join(h.id for h in ruleset.parameters.naturals.hands) or "none"
            raise CpspecError("bad_declaration", f"{natural!r} is not a natural of this ruleset (known: {known})",
                              f"{where}.natural")
    setting_keys = [k for k in ("front", "middle", "back") if player.get(k) is not None]
    if setting_keys and player.get("cards") is not None:
        raise CpspecError("bad_input", "give either front/middle/back or cards, not both", where)
    front = middle = back = cards = None
    if setting_keys:
        missing = [k for k in ("front", "middle", "back") if player.get(k) is None]
        if missing:
            raise CpspecError("bad_hand_size", f"missing {', '.join(missing)}", where)
        front, middle, back = parse_setting(player, where)
        cards = front + middle + back
    elif player.get("cards") is not None:
        if declare != "natural":
            raise CpspecError("bad_input", "13 unset cards are allowed only with declare: natural", f"{where}.cards")
        cards = parse_cards(player["cards"], f"{where}.cards", 13)
    elif declare not in ("surrender", "timeout"):
        raise CpspecError("bad_hand_size", "a player needs front, middle and back (or cards with a natural)", where)
    return PlayerInput(seat, front, middle, back, cards, declare, natural, where)


def parse_setting(
    setting: Mapping[str, Any], where: str
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """A 3/5/5 front, middle and back, with no card twice among them; errors located under ``where``."""
    front = parse_cards(setting["front"], f"{where}.front", 3)
    middle = parse_cards(setting["middle"], f"{where}.middle", 5)
    back = parse_cards(setting["back"], f"{where}.back", 5)
    _check_distinct(front + middle + back, where)
    return front, middle, back


def _check_distinct(cards: tuple[Card, ...], where: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CpspecError("duplicate_card", f"{card_text(card)} appears twice in the player's hand", where)
        seen.add(card)


def parse_deal(raw: Any, ruleset: Ruleset, where: str = "input") -> Deal:
    """The ``score`` op's input: 2-4 players (``parameters.players``), distinct seats and cards, stacks."""
    deal = _require_mapping(raw, where)
    _check_keys(deal, DEAL_KEYS, where)
    players_raw = deal.get("players")
    if not isinstance(players_raw, list):
        raise CpspecError("bad_input", "players must be a list", f"{where}.players")
    limits = ruleset.parameters.players
    if not limits.min <= len(players_raw) <= limits.max:
        allowed = str(limits.min) if limits.min == limits.max else f"{limits.min} to {limits.max}"
        raise CpspecError(
            "bad_players", f"{len(players_raw)} players, but {ruleset.id} is played by {allowed}", f"{where}.players"
        )
    players = tuple(parse_player(p, ruleset, f"{where}.players[{i}]") for i, p in enumerate(players_raw))
    seats = [p.seat for p in players]
    for index, seat in enumerate(seats):
        if seat in seats[:index]:
            raise CpspecError("bad_players", f"seat {seat!r} is used twice", f"{where}.players[{index}].seat")
    if limits.seat_names is not None:
        for index, seat in enumerate(seats):
            if seat not in limits.seat_names:
                raise CpspecError(
                    "bad_players", f"seat {seat!r} is not one of {', '.join(limits.seat_names)}",
                    f"{where}.players[{index}].seat",
                )
        players = tuple(sorted(players, key=lambda p: limits.seat_names.index(p.seat)))  # type: ignore[union-attr]
    _check_no_card_dealt_twice(players)
    button, stacks = _parse_stacks(deal, seats, ruleset, where)
    return Deal(players, button, stacks, _parse_banker(deal, seats, ruleset, where))


def _parse_banker(deal: Mapping[str, Any], seats: list[str], ruleset: Ruleset, where: str) -> str | None:
    """The banker's seat: named exactly when the ruleset is house-banked (``parameters.scoring.banker``)."""
    banker = deal.get("banker")
    if ruleset.parameters.scoring.banker is None:
        if banker is not None:
            raise CpspecError("unsupported", f"{ruleset.id} is not played against a banker", f"{where}.banker")
        return None
    if banker is None:
        raise CpspecError("bad_input", f"{ruleset.id} is played against a banker: name the banker's seat",
                          f"{where}.banker")
    if not isinstance(banker, str) or banker not in seats:
        raise CpspecError("bad_input", "banker must name one of the seats", f"{where}.banker")
    return banker


def _check_no_card_dealt_twice(players: tuple[PlayerInput, ...]) -> None:
    """Raise the located error for the first card dealt to two players."""
    owner: dict[Card, str] = {}
    for player in players:
        for card in player.cards or ():
            if card in owner:
                raise CpspecError(
                    "duplicate_card", f"{card_text(card)} is dealt to both {owner[card]} and {player.seat}",
                    player.where,
                )
            owner[card] = player.seat


def _parse_stacks(
    deal: Mapping[str, Any], seats: list[str], ruleset: Ruleset, where: str
) -> tuple[str | None, Mapping[str, int] | None]:
    button = deal.get("button")
    stacks_raw = deal.get("stacks")
    if button is None and stacks_raw is None:
        return None, None
    if ruleset.parameters.settlement is None:
        raise CpspecError("unsupported", f"{ruleset.id} has no stack-limited settlement (button, stacks)", where)
    if not isinstance(button, str) or button not in seats:
        raise CpspecError("bad_input", "button must name one of the seats", f"{where}.button")
    stacks_map = _require_mapping(stacks_raw, f"{where}.stacks")
    if sorted(stacks_map) != sorted(seats):
        raise CpspecError("bad_input", "stacks must give one amount for every seat", f"{where}.stacks")
    stacks: dict[str, int] = {}
    for seat, amount in stacks_map.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0 or amount > 10**12:
            raise CpspecError("bad_input", "a stack is a whole number of points from 0", f"{where}.stacks.{seat}")
        stacks[seat] = amount
    return button, stacks
