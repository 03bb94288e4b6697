"""The Fantasyland solver: the best legal arrangement of a hand dealt all at once (13 to 17 cards).

An *arrangement* keeps 13 of the cards as a 3-card front, a 5-card middle and a 5-card back
and discards the rest; it is *legal* when the board does not foul (``parameters.setting``). Its
*value* is its royalties (the bonus points its three hands hold, ``parameters.bonuses.table``)
plus ``stay_value`` when the board lets the player stay in Fantasyland
(``parameters.fantasyland.stay``): with ``stay_value`` 0 the objective is the royalties alone,
and a larger ``stay_value`` says what staying is worth in points. The solver answers the legal
arrangement that comes first in :data:`TIE_BREAK`, exactly.

:func:`solve_exhaustively` is the readable definition: it values every arrangement
(C(n,5) * C(n-5,5) * C(n-10,3) of them: 72,072 for 13 cards, 1,009,008 for 14, 171,531,360 for
17). :func:`solve` uses the engine's search (:mod:`cpspec.fast.fantasyland`, proven equal to
this one by ``tests/test_fantasyland_solver.py``) and reads its answer back through the readable
functions here.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final, NamedTuple

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.rules.bonuses import HeldBonus, bonus_for, held_bonuses
from cpspec.rules.cards import Card
from cpspec.rules.fantasyland import Qualification, qualify
from cpspec.rules.fouls import SegmentHands, check_order
from cpspec.rules.hands import HandValue, evaluate, strength
from cpspec.rules.lowball import evaluate_deuce_to_seven
from cpspec.rules.model import Fantasyland, Ruleset
from cpspec.rules.patterns import meets

TIE_BREAK: Final = (
    "the highest value (royalties, plus stay_value if the board stays in Fantasyland); then a board that "
    "stays; then the strongest back, and among equal backs the one whose cards, highest first, are higher "
    "(card ids rank * 4 + suit, suits c d h s, compared in turn); then the strongest middle (in a row ranked "
    "low, the best low), and among equal middles the higher cards; then the strongest front, and among equal "
    "fronts the higher cards"
)
MAX_STAY_VALUE: Final = 1000


class Arrangement(NamedTuple):
    """A legal arrangement: each row's cards (highest first), the discards, and what it is worth."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    discards: tuple[Card, ...]
    hands: SegmentHands
    bonuses: tuple[HeldBonus, ...]
    royalties: int
    stay: Qualification
    value: int


def fantasyland_of(ruleset: Ruleset, where: str = "input") -> Fantasyland:
    """The ruleset's Fantasyland, or an ``unsupported`` error."""
    if ruleset.parameters.fantasyland is None:
        raise CpspecError("unsupported", f"{ruleset.id} has no Fantasyland", where)
    return ruleset.parameters.fantasyland


def fantasyland_sizes(fantasyland: Fantasyland) -> tuple[int, ...]:
    """The sizes of the hands the ruleset deals in Fantasyland, smallest first."""
    return tuple(sorted({option.cards for option in (*fantasyland.entry, *fantasyland.stay)}))


def check_hand(cards: Sequence[Card], ruleset: Ruleset, where: str) -> None:
    """A located error unless the ruleset deals a Fantasyland hand of this many cards."""
    sizes = fantasyland_sizes(fantasyland_of(ruleset, where))
    if len(cards) not in sizes:
        listed = ", ".join(map(str, sizes))
        raise CpspecError("unsupported", f"{ruleset.id} deals Fantasyland hands of {listed} cards, not {len(cards)}",
                          where)


def _descending(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def value_row(segment: str, cards: Sequence[Card], ruleset: Ruleset) -> HandValue:
    """One row's hand as the ruleset values it (a row ranked low as such)."""
    if segment in ruleset.parameters.hands.low_segments:
        return evaluate_deuce_to_seven(cards)
    return evaluate(cards, ruleset.parameters.hands.wheel)


def value_hands(front: Sequence[Card], middle: Sequence[Card], back: Sequence[Card], ruleset: Ruleset
                ) -> SegmentHands:
    """The three hands as the ruleset values them."""
    return SegmentHands(value_row("front", front, ruleset), value_row("middle", middle, ruleset),
                        value_row("back", back, ruleset))


def arrangement(front: Sequence[Card], middle: Sequence[Card], back: Sequence[Card], cards: Sequence[Card],
                ruleset: Ruleset, stay_value: int, hands: SegmentHands | None = None) -> Arrangement:
    """An arrangement of ``cards`` and its value (the board is assumed legal)."""
    hands = hands or value_hands(front, middle, back, ruleset)
    held = held_bonuses(hands, ruleset.parameters.bonuses)
    royalties = sum(entry.points for _, entry in held)
    stay = qualify(hands, False, True, fantasyland_of(ruleset))
    kept = set(front) | set(middle) | set(back)
    return Arrangement(_descending(front), _descending(middle), _descending(back),
                       _descending([c for c in cards if c not in kept]), hands, held, royalties, stay,
                       royalties + (stay_value if stay.qualifies else 0))


def ranking_key(found: Arrangement) -> tuple[object, ...]:
    """What :data:`TIE_BREAK` orders by, the best first when sorted from the highest."""
    hands = found.hands
    return (found.value, found.stay.qualifies, strength(hands.back), found.back, strength(hands.middle),
            found.middle, strength(hands.front), found.front)


def solve_exhaustively(cards: Sequence[Card], ruleset: Ruleset, stay_value: int = 0) -> Arrangement | None:
    """The readable definition: every arrangement valued, the first in :data:`TIE_BREAK` kept (None: all foul).

    Each row's hand, its royalty and the stay requirements it meets are worked out once per set of cards
    (``rows``); every arrangement is then checked and ranked.
    """
    ordered = _descending(cards)
    order = ruleset.parameters.setting
    bonuses = ruleset.parameters.bonuses
    stay_options = fantasyland_of(ruleset).stay
    Row = tuple[HandValue, int, frozenset[tuple[int, int]]]
    rows: dict[tuple[str, tuple[Card, ...]], Row] = {}

    def row(segment: str, hand: tuple[Card, ...]) -> Row:
        """A row's hand, the royalty it holds, and the stay requirements (option, requirement) it meets."""
        if (segment, hand) not in rows:
            value = value_row(segment, hand, ruleset)
            entry = bonus_for(value, segment, bonuses)
            met = frozenset((o, r) for o, option in enumerate(stay_options)
                            for r, req in enumerate(option.requires) if req.segment == segment and meets(value, req))
            rows[(segment, hand)] = (value, entry.points if entry else 0, met)
        return rows[(segment, hand)]

    def stays(met: frozenset[tuple[int, int]]) -> bool:
        return any(all((o, r) in met for r in range(len(option.requires))) for o, option in enumerate(stay_options))

    fouls: dict[tuple[HandValue, HandValue, HandValue], bool] = {}  # the order rule, once per three hands

    def fouled(hands: SegmentHands) -> bool:
        if hands not in fouls:
            fouls[hands] = check_order(hands, order).fouled
        return fouls[hands]

    stay_bound = stay_value if stay_options else 0
    best_key: tuple[object, ...] | None = None
    best_value = -1
    best: tuple[tuple[Card, ...], ...] = ()
    for back in combinations(ordered, 5):
        back_row = row("back", back)
        rest = [c for c in ordered if c not in back]
        for middle in combinations(rest, 5):
            middle_row = row("middle", middle)
            left = [c for c in rest if c not in middle]
            for front in combinations(left, 3):
                front_row = row("front", front)
                royalties = front_row[1] + middle_row[1] + back_row[1]
                if royalties + stay_bound < best_value:
                    continue  # cannot reach the best found, staying or not
                stay = stays(front_row[2] | middle_row[2] | back_row[2])
                value = royalties + (stay_value if stay else 0)
                hands = SegmentHands(front_row[0], middle_row[0], back_row[0])
                if value < best_value or fouled(hands):
                    continue
                key = (value, stay, strength(hands.back), back, strength(hands.middle), middle,
                       strength(hands.front), front)
                if best_key is None or key > best_key:
                    best_key, best_value, best = key, value, (front, middle, back)
    if best_key is None:
        return None
    return arrangement(best[0], best[1], best[2], ordered, ruleset, stay_value)


def solve(cards: Sequence[Card], ruleset: Ruleset, stay_value: int = 0, engine: Engine = DEFAULT
          ) -> Arrangement | None:
    """The best legal arrangement (:data:`TIE_BREAK`): the engine's search, read back through the readable values."""
    if engine.fantasyland_search is None:
        return solve_exhaustively(cards, ruleset, stay_value)
    found = engine.fantasyland_search(cards, ruleset, stay_value)
    if found is None:
        return None
    front, middle, back = found
    return arrangement(front, middle, back, _descending(cards), ruleset, stay_value)
