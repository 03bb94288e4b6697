"""A deal as the rules see it: each player's seat, cards and declaration, already read and checked.

:mod:`cpspec.protocol.inputs` reads the ``score`` op's JSON into these types, with
located errors; the rule modules take them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

from cpspec.rules.cards import Card

Declaration = Literal["natural", "surrender", "timeout"]
DECLARATIONS: tuple[Declaration, ...] = ("natural", "surrender", "timeout")


class PlayerInput(NamedTuple):
    """One player of a deal (``input.players[]``): a seat, a setting or 13 unset cards, a declaration."""

    seat: str
    front: tuple[Card, ...] | None
    middle: tuple[Card, ...] | None
    back: tuple[Card, ...] | None
    cards: tuple[Card, ...] | None  # all 13 cards, whether given as a setting or as a pile
    declare: Declaration | None
    natural: str | None  # the natural named in the declaration, if any
    where: str  # where the player is in the input, for located errors

    @property
    def has_setting(self) -> bool:
        """Whether the player set the cards into a front, a middle and a back."""
        return self.front is not None


class Deal(NamedTuple):
    """A deal (the ``score`` op's ``input``): the players in seating order, the button and stacks, the banker."""

    players: tuple[PlayerInput, ...]
    button: str | None
    stacks: Mapping[str, int] | None
    banker: str | None = None  # the banker's seat, in house-banked play

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in seating order (clockwise)."""
        return tuple(p.seat for p in self.players)
