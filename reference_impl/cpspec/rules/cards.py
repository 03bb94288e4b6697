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

Card = int


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def make_card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def parse_card(text: object, where: str | None = None) -> Card:
    """Parse one card; raise ``CpspecError('bad_card')`` naming ``where`` on bad text."""
    known = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if known is not None:  # the common case, in one look-up; anything else takes the long way
        return known
    if not isinstance(text, str) or len(text) != 2:
        raise CpspecError("bad_card", f"{text!r} is not a card (expected e.g. 'Td', 'As')", where)
    rank = RANKS.find(text[0].upper())
    suit = SUITS.find(text[1].lower())
    if rank < 0 or suit < 0:
        raise CpspecError("bad_card", f"{text!r} is not a card (expected e.g. 'Td', 'As')", where)
    return make_card(rank, suit)


#: Every spelling parse_card accepts: a rank in either case, a suit in either case.
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    r + s: make_card(rank, suit)
    for rank, rank_char in enumerate(RANKS)
    for r in {rank_char, rank_char.lower()}
    for suit, suit_char in enumerate(SUITS)
    for s in {suit_char, suit_char.upper()}
}


def known_cards(texts: list[object]) -> tuple[Card, ...] | None:
    """The cards, if every item is a card's spelling and none repeats; else None (say why with parse_cards)."""
    try:
        cards = tuple(map(_CARD_BY_TEXT.get, texts))  # type: ignore[arg-type]
    except TypeError:  # an unhashable item is no card
        return None
    distinct = set(cards)
    if len(distinct) != len(cards) or None in distinct:  # a set answers "None in" without comparing each card
        return None
    return cards  # type: ignore[return-value]


def parse_cards(texts: object, where: str, size: int | None = None) -> tuple[Card, ...]:
    """Parse a list of cards, checking its size and that no card repeats."""
    if type(texts) is not list and (not isinstance(texts, Sequence) or isinstance(texts, str)):
        raise CpspecError("bad_input", "expected a list of cards", where)
    if size is not None and len(texts) != size:
        raise CpspecError(
            "bad_hand_size", f"expected {size} cards, got {len(texts)}", where
        )
    known = known_cards(list(texts))
    if known is not None:  # the common case: all cards, all different
        return known
    cards: list[Card] = []  # something is wrong: find the first bad place and name it
    seen: dict[Card, int] = {}
    for index, text in enumerate(texts):
        card = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:  # not a card: parse_card raises, naming the place
            card = parse_card(text, f"{where}[{index}]")
        if card in seen:
            raise CpspecError(
                "duplicate_card",
                f"{card_text(card)} appears twice (also at [{seen[card]}])",
                f"{where}[{index}]",
            )
        seen[card] = index
        cards.append(card)
    return tuple(cards)


def card_text(card: Card) -> str:
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_symbol(card: Card) -> str:
    """The card with a suit symbol, e.g. ``T♦``."""
    return RANKS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def cards_text(cards: Sequence[Card]) -> list[str]:
    return [card_text(c) for c in cards]


FULL_DECK: Final[tuple[Card, ...]] = tuple(range(52))
