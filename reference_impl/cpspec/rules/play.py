"""A hand played round by round, checked against the dealing schedule (``parameters.dealing``).

In each round a player is dealt the schedule's number of cards, places ``keep`` of them in the
rows, face up, and discards the others face down. A card once placed is never moved, and a full
row (3 cards in front, 5 in the middle and the back) takes no more. A play is given as what each
round dealt, the whole board after the round, and (optionally) the cards discarded; every place
where it breaks the schedule is a :class:`Violation` with a code from
:data:`cpspec.errors.PLAY_VIOLATIONS`, located in the input. A hand dealt all at once (Fantasyland)
is a schedule of one round: all its cards dealt, 13 kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from cpspec.errors import PLAY_VIOLATIONS
from cpspec.rules.cards import Card, card_text
from cpspec.rules.model import SEGMENTS, Dealing, DealRound

#: How many cards each row holds when full.
ROW_SIZES: Mapping[str, int] = {"front": 3, "middle": 5, "back": 5}


class PlayedRound(NamedTuple):
    """One round as played (``input.rounds[i]``): the cards dealt, the board after it, the cards discarded."""

    dealt: tuple[Card, ...]
    board: Mapping[str, tuple[Card, ...]]  # front, middle, back: every card in the row after this round
    discarded: tuple[Card, ...] | None  # None: not given (the cards dealt and not placed are the discards)
    where: str


class Violation(NamedTuple):
    """One place where the play breaks the schedule: a code of :data:`cpspec.errors.PLAY_VIOLATIONS`."""

    code: str
    round: int  # counted from 1
    where: str
    message: str
    rule: str
    card: Card | None = None


class PlayCheck(NamedTuple):
    """What checking a play found: the violations, how far the schedule got, the board after the last round."""

    violations: tuple[Violation, ...]
    rounds_played: int
    schedule: tuple[DealRound, ...]
    board: Mapping[str, tuple[Card, ...]]

    @property
    def legal(self) -> bool:
        """No violation."""
        return not self.violations

    @property
    def complete(self) -> bool:
        """Every round of the schedule played, legally: the board holds its 13 cards."""
        return self.legal and self.rounds_played == len(self.schedule)

    @property
    def next_round(self) -> DealRound | None:
        """The schedule's next round, if the play is legal and not finished."""
        return self.schedule[self.rounds_played] if self.legal and self.rounds_played < len(self.schedule) else None


def all_at_once(cards: int) -> tuple[DealRound, ...]:
    """The schedule of a hand dealt all at once (Fantasyland): one round, ``cards`` dealt and 13 kept."""
    return (DealRound(cards, 13),)


def check_play(rounds: Sequence[PlayedRound], schedule: Sequence[DealRound], dealing: Dealing) -> PlayCheck:
    """Check each round against ``schedule`` (``dealing.rounds``, or :func:`all_at_once`); rule ids from ``dealing``."""
    placing = dealing.placement_rule or dealing.rule
    discarding = dealing.discard_rule or dealing.rule
    found: list[Violation] = []

    def flag(code: str, number: int, where: str, message: str, rule: str, card: Card | None = None) -> None:
        assert code in PLAY_VIOLATIONS
        found.append(Violation(code, number, where, message, rule, card))

    dealt_in: dict[Card, int] = {}  # every card dealt so far, and the round that dealt it
    board: dict[Card, str] = {}  # every card placed so far, and its row
    for index, played in enumerate(rounds):
        number, where = index + 1, played.where
        if index >= len(schedule):
            flag("too_many_rounds", number, where,
                 f"round {number}: the schedule has {len(schedule)} rounds", dealing.rule)
            continue
        due = schedule[index]
        if len(played.dealt) != due.cards:
            flag("wrong_deal_size", number, f"{where}.dealt",
                 f"round {number} deals {due.cards} cards, not {len(played.dealt)}", dealing.rule)
        for position, card in enumerate(played.dealt):
            if card in dealt_in:
                earlier = "earlier in this round" if dealt_in[card] == number else f"in round {dealt_in[card]}"
                flag("dealt_twice", number, f"{where}.dealt[{position}]",
                     f"{card_text(card)} was dealt {earlier}", dealing.rule, card)
            else:
                dealt_in[card] = number
        dealt_now = set(played.dealt)
        now: dict[Card, str] = {}
        for segment in SEGMENTS:
            row = played.board[segment]
            for position, card in enumerate(row):
                at = f"{where}.board.{segment}[{position}]"
                if card in now:
                    also = "earlier in this row" if now[card] == segment else f"in the {now[card]}"
                    flag("placed_twice", number, at, f"{card_text(card)} is also {also}", placing, card)
                    continue
                now[card] = segment
                if card in board:
                    if board[card] != segment:
                        flag("card_moved", number, at, f"{card_text(card)} was placed in the {board[card]}; "
                             "a card once placed is never moved", placing, card)
                elif card not in dealt_now:
                    how = (f"was dealt in round {dealt_in[card]} and not placed then" if card in dealt_in
                           and dealt_in[card] < number else f"was not dealt in round {number}")
                    flag("not_dealt", number, at, f"{card_text(card)} {how}", placing, card)
            if len(row) > ROW_SIZES[segment]:
                flag("row_overfull", number, f"{where}.board.{segment}",
                     f"the {segment} holds {ROW_SIZES[segment]} cards, not {len(row)}", placing)
        for card, segment in board.items():
            if card not in now:
                flag("card_moved", number, f"{where}.board.{segment}",
                     f"{card_text(card)}, placed in the {segment} earlier, is no longer there", placing, card)
        placed = [card for card in now if card not in board and card in dealt_now]
        if len(placed) != due.keep:
            flag("wrong_number_kept", number, f"{where}.board",
                 f"round {number} places {due.keep} of its cards, not {len(placed)}", dealing.rule)
        if played.discarded is not None:
            for position, card in enumerate(played.discarded):
                at = f"{where}.discarded[{position}]"
                if card in now:
                    flag("placed_twice", number, at, f"{card_text(card)} is discarded and placed", discarding, card)
                elif card not in dealt_now:
                    flag("not_dealt", number, at, f"{card_text(card)} was not dealt in round {number}",
                         discarding, card)
            if due.discards == 0 and played.discarded:
                flag("discard_not_allowed", number, f"{where}.discarded",
                     f"round {number} keeps every card it deals: nothing is discarded", discarding)
            elif len(played.discarded) != due.discards:
                flag("wrong_number_discarded", number, f"{where}.discarded",
                     f"round {number} discards {due.discards}, not {len(played.discarded)}", discarding)
        board = now
    final = {segment: tuple(card for card, row in board.items() if row == segment) for segment in SEGMENTS}
    return PlayCheck(tuple(found), min(len(rounds), len(schedule)), tuple(schedule), final)
