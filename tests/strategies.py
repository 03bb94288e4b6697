"""Shared hypothesis strategies: cards, 3- and 5-card hands, and random legal deals for any ruleset.

A deal is built the way a table deals it: one shuffled deck, 13 cards to each player. Each
player then sets the cards by a policy: ``grouped`` (pairs and trips first into the back,
then the middle, then the front, which rarely fouls) or ``random`` (any 3/5/5 split, which
often fouls). Some hands are built to hold a natural, and some players declare a natural,
surrender or time out where the ruleset provides for it. Seat names come from the ruleset
when it fixes them. The strategies produce the ``score`` op's input exactly as on the wire.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from hypothesis import strategies as st

from cpspec.rules.cards import RANKS, SUITS
from cpspec.rules.model import Ruleset

#: Seat names for rulesets that do not fix them; a few are not ASCII, on purpose.
SEAT_POOL: Final = ("A", "B", "C", "D", "North", "Zoë", "席", "p 5")
ALL_CARDS: Final = tuple(r + s for r in RANKS for s in SUITS)

#: Natural shapes the deal strategy can build into a hand.
NATURAL_SHAPES: Final = ("dragon", "six_pairs", "three_flushes", "three_straights")


def rank_of(card: str) -> int:
    """0 for a deuce up to 12 for an ace (the test's own reading of the notation)."""
    return RANKS.index(card[0])


# --- hands -------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, size: int) -> tuple[str, ...]:
    """``size`` distinct cards, biased towards pairs, flushes and straights.

    Uniform hands almost never hold four of a kind or a straight flush, so half the
    time the cards come from a few ranks, a few suits, or a run of ranks.
    """
    how = draw(st.sampled_from(("uniform", "few_ranks", "few_suits", "run", "run_suited")))
    ranks: Sequence[str] = RANKS
    suits: Sequence[str] = SUITS
    if how == "few_ranks":
        ranks = draw(st.lists(st.sampled_from(RANKS), min_size=2, max_size=4, unique=True))
    elif how == "few_suits":
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    elif how in ("run", "run_suited"):
        low = draw(st.integers(min_value=-1, max_value=len(RANKS) - size))
        ranks = [RANKS[i % len(RANKS)] for i in range(low, low + size)]  # low -1 puts the ace below the deuce
        if how == "run_suited":
            suits = [draw(st.sampled_from(SUITS))]
    pool = [r + s for r in ranks for s in suits]
    if len(pool) < size:
        pool = list(ALL_CARDS)
    return tuple(draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)))


# --- deals -------------------------------------------------------------------------


def grouped_setting(cards: Sequence[str]) -> dict[str, list[str]]:
    """Biggest rank groups first, then highest rank: the back, then the middle, then the front."""
    counts = Counter(c[0] for c in cards)
    ordered = sorted(cards, key=lambda c: (counts[c[0]], rank_of(c), c[1]), reverse=True)
    return {"back": ordered[:5], "middle": ordered[5:10], "front": ordered[10:]}


def random_setting(cards: Sequence[str]) -> dict[str, list[str]]:
    """The cards in the order dealt: any 3/5/5 split, often a foul."""
    return {"front": list(cards[:3]), "middle": list(cards[3:8]), "back": list(cards[8:])}


def _take(deck: list[str], wanted: Sequence[str]) -> list[str]:
    for card in wanted:
        deck.remove(card)
    return list(wanted)


@st.composite
def natural_hand(draw: st.DrawFn, deck: list[str]) -> list[str]:
    """13 cards from ``deck`` (removed from it) shaped like a natural; deck must be full."""
    shape = draw(st.sampled_from(NATURAL_SHAPES))
    if shape == "dragon":
        wanted = [r + draw(st.sampled_from(SUITS)) for r in RANKS]
    elif shape == "six_pairs":
        ranks = draw(st.lists(st.sampled_from(RANKS), min_size=7, max_size=7, unique=True))
        wanted = []
        for rank in ranks[:6]:
            pair = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=2, unique=True))
            wanted += [rank + s for s in pair]
        wanted.append(ranks[6] + draw(st.sampled_from(SUITS)))
    elif shape == "three_flushes":
        wanted = []
        for size in (3, 5, 5):
            suit = draw(st.sampled_from(SUITS))
            wanted += [c for c in deck if c[1] == suit and c not in wanted][:size]  # a suit has 13 cards
    else:  # three straights: three runs of ranks, suits chosen so that no card repeats
        wanted = []
        for size in (3, 5, 5):
            low = draw(st.integers(min_value=0, max_value=len(RANKS) - size))
            for rank in RANKS[low:low + size]:
                free = [s for s in SUITS if rank + s not in wanted]
                wanted.append(rank + draw(st.sampled_from(free)))
    return _take(deck, wanted)


def _declarations(ruleset: Ruleset) -> list[str]:
    penalties = ruleset.parameters.penalties
    allowed = ["surrender"] if penalties.surrender is not None else []
    allowed += ["timeout"] if penalties.timeout is not None else []
    allowed += ["natural"] if ruleset.parameters.naturals.hands else []
    return allowed


@st.composite
def player_entry(
    draw: st.DrawFn, ruleset: Ruleset, seat: str, cards: list[str], built_natural: bool = False
) -> dict[str, Any]:
    """One player's entry of the ``score`` input: a setting, maybe a declaration.

    A hand built to hold a natural is declared a natural half the time (where the ruleset has naturals).
    """
    entry: dict[str, Any] = {"seat": seat}
    declarations = _declarations(ruleset)
    declare = draw(st.sampled_from(declarations)) if declarations and draw(st.integers(0, 9)) == 0 else None
    if built_natural and "natural" in declarations and draw(st.booleans()):
        declare = "natural"
    setting = draw(st.sampled_from((grouped_setting, grouped_setting, random_setting)))(cards)
    if declare in ("surrender", "timeout"):
        entry["declare"] = declare
        if draw(st.booleans()):
            entry.update(setting)
        return entry
    if declare == "natural":
        entry["declare"] = "natural"
        if draw(st.booleans()):
            entry["natural"] = draw(st.sampled_from([h.id for h in ruleset.parameters.naturals.hands]))
        if draw(st.booleans()):
            entry["cards"] = list(cards)
            return entry
    entry.update(setting)
    return entry


def seat_names(ruleset: Ruleset, count: int) -> st.SearchStrategy[list[str]]:
    fixed = ruleset.parameters.players.seat_names
    if fixed is not None:
        # keep the ruleset's order: the players are listed in seating order
        return st.sets(st.sampled_from(fixed), min_size=count, max_size=count).map(
            lambda chosen: [name for name in fixed if name in chosen]
        )
    return st.lists(st.sampled_from(SEAT_POOL), min_size=count, max_size=count, unique=True)


@st.composite
def deals(draw: st.DrawFn, ruleset: Ruleset, with_stacks: bool = False) -> dict[str, Any]:
    """A legal ``score`` input for ``ruleset``; ``with_stacks`` adds a button and stacks where allowed."""
    limits = ruleset.parameters.players
    count = draw(st.integers(min_value=max(2, limits.min), max_value=min(4, limits.max)))
    seats = draw(seat_names(ruleset, count))
    deck = list(draw(st.permutations(ALL_CARDS)))
    natural_at = draw(st.integers(min_value=0, max_value=3 * count - 1))  # a built natural one time in three
    built = draw(natural_hand(deck)) if natural_at < count else None  # first, while the deck is full
    holdings: list[list[str]] = []
    for index in range(count):
        if index == natural_at and built is not None:
            holdings.append(built)
        else:
            holdings.append(deck[:13])
            del deck[:13]
    players = [draw(player_entry(ruleset, seat, cards, built_natural=index == natural_at))
               for index, (seat, cards) in enumerate(zip(seats, holdings, strict=True))]
    deal: dict[str, Any] = {"players": players}
    if ruleset.parameters.scoring.banker is not None:  # house-banked play names the banker's seat
        deal["banker"] = draw(st.sampled_from(seats))
    if with_stacks and ruleset.parameters.settlement is not None:
        deal["button"] = draw(st.sampled_from(seats))
        stack = st.integers(min_value=0, max_value=60) | st.just(1000)  # 1000 covers any deal's result
        deal["stacks"] = {seat: draw(stack) for seat in seats}
    return deal
