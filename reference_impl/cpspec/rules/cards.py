"""Cards: parsing and printing the two-character notation (``Td``, ``As``).

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, with rank 0 for a deuce
up to 12 for an ace, and suit 0..3 for clubs, diamonds, hearts, spades.
Suits never break ties; they matter only for flushes.

>>> parse_card("As"), card_text(51)
(51, 'As')
>>> rank_of(parse_card("Td")), suit_of(parse_card("Td"))
(8, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cpspec.errors import CpspecError

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
ACE: Final = 12

#: A card is an int from 0 to 51 (see the module's docstring).
Card = int


def rank_of(card: Card) -> int:
    """The card's rank: 0 for a deuce up to 12 for an ace."""
    return card // 4


def suit_of(card: Card) -> int:
    """The card's suit: 0..3 for clubs, diamonds, hearts, spades."""
    return card % 4


def make_card(rank: int, suit: int) -> Card:
    """The card of this rank (0..12) and suit (0..3)."""
    return rank * 4 + suit


def parse_card(text: object, where: str | None = None) -> Card:
    """Parse one card; raise ``CpspecError('bad_card')`` naming ``where`` on bad text.

    A rank ``2-9 T J Q K A`` then a suit ``c d h s``; either may be written in upper or lower case.
    """
    if not isinstance(text, str) or len(text) != 2:
        raise CpspecError("bad_card", f"{text!r} is not a card (expected e.g. 'Td', 'As')", where)
    rank = RANKS.find(text[0].upper())
    suit = SUITS.find(text[1].lower())
    if rank < 0 or suit < 0:
        raise CpspecError("bad_card", f"{text!r} is not a card (expected e.g. 'Td', 'As')", where)
    return make_card(rank, suit)


def parse_cards(texts: object, where: str, size: int | None = None) -> tuple[Card, ...]:
    """Parse a list of cards, checking its size and that no card repeats; errors name ``where[index]``."""
    if not isinstance(texts, Sequence) or isinstance(texts, str):
        raise CpspecError("bad_input", "expected a list of cards", where)
    if size is not None and len(texts) != size:
        raise CpspecError("bad_hand_size", f"expected {size} cards, got {len(texts)}", where)
    cards: list[Card] = []
    for index, text in enumerate(texts):
        card = parse_card(text, f"{where}[{index}]")
        if card in cards:
            raise CpspecError(
                "duplicate_card",
                f"{card_text(card)} appears twice (also at [{cards.index(card)}])",
                f"{where}[{index}]",
            )
        cards.append(card)
    return tuple(cards)


def card_text(card: Card) -> str:
    """The card in the wire notation, e.g. ``Td``."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_symbol(card: Card) -> str:
    """The card with a suit symbol, e.g. ``T♦``."""
    return RANKS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def cards_text(cards: Sequence[Card]) -> list[str]:
    """Cards in the wire notation, in the order given."""
    return [card_text(c) for c in cards]


FULL_DECK: Final[tuple[Card, ...]] = tuple(range(52))
