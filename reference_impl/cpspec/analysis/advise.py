"""A setting advisor: the setting with the best expected points against random opponents.

Method (seeded, so the same seed gives the same answer):

1. Deal. The other 39 cards are shuffled with ``random.Random(seed)`` and 13 go to each
   opponent, deal after deal.
2. Opponents' policy (:data:`POLICY`): an opponent holding a natural declares the
   best one when the ruleset's naturals are declared (automatic naturals are found by
   the engine anyway); otherwise it plays the non-fouling setting with the strongest
   back, then the strongest middle, then the strongest front
   (:func:`cpspec.rules.all_settings.strongest_setting`).
   It never surrenders.
3. Candidates (:data:`PRUNING`): the valid settings of our hand are grouped by their
   three hands (settings that differ only in suits score alike), and each group gets a
   heuristic: the sum, over the three segments, of the chance that our hand beats the
   opponents' hand in that segment (ties count half), measured on the opponents'
   settings of this very simulation. The ``candidates`` best groups are simulated;
   so is declaring a natural we hold, where the ruleset asks for a declaration.
4. Every candidate is scored by the engine (:func:`cpspec.rules.scoring.score_players`)
   against the same opponents in every deal. The answer is the candidate with the
   highest mean of our points; each mean comes with its standard error
   (sample standard deviation / sqrt(deals)).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.rules.all_settings import SettingChoice, listing_key
from cpspec.rules.cards import FULL_DECK, Card
from cpspec.rules.deal import PlayerInput
from cpspec.rules.hands import strength
from cpspec.rules.model import Ruleset
from cpspec.rules.naturals import strongest
from cpspec.rules.scoring import score_players
from cpspec.rules.status import PlayerState, resolve_player
from cpspec.rules.table_size import at_table

POLICY: Final = (
    "each opponent declares the best natural it holds when the ruleset's naturals are declared; "
    "otherwise it plays the non-fouling setting with the strongest back, then the strongest middle, "
    "then the strongest front; it never surrenders"
)
PRUNING: Final = (
    "valid settings with the same three hands are one candidate; the candidates with the highest "
    "sum over the segments of the chance to beat the opponents' hand there (ties half, measured on "
    "this simulation's opponents) are simulated, plus declaring a natural held where the ruleset asks "
    "for a declaration"
)
DEFAULT_DEALS: Final = 1000
MAX_DEALS: Final = 20_000
DEFAULT_CANDIDATES: Final = 8
MAX_CANDIDATES: Final = 64
DEFAULT_SEED: Final = 1
DEFAULT_SEATS: Final = ("A", "B", "C", "D")
SEGMENT_NAMES: Final = ("front", "middle", "back")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Options:
    """The advise op's choices (``input.opponents``, ``deals``, ``seed``, ``candidates``)."""

    opponents: int
    deals: int = DEFAULT_DEALS
    seed: int = DEFAULT_SEED
    candidates: int = DEFAULT_CANDIDATES


@dataclass(frozen=True)
class Candidate:
    """A way to play the hand: a setting (front, middle, back cards) or a natural declared."""

    front: tuple[Card, ...] | None
    middle: tuple[Card, ...] | None
    back: tuple[Card, ...] | None
    declare: str | None  # the natural's id when declaring one
    heuristic: float

    def player(self, seat: str, cards: Sequence[Card]) -> PlayerInput:
        """The candidate as a deal's player in ``seat``."""
        if self.declare is not None:
            return PlayerInput(seat, None, None, None, tuple(cards), "natural", self.declare, "advice")
        return PlayerInput(seat, self.front, self.middle, self.back, tuple(cards), None, None, "advice")


@dataclass(frozen=True)
class Estimate:
    """A candidate's simulated result: our mean points, its standard error, and our points in each deal."""

    candidate: Candidate
    state: PlayerState  # the candidate played: its status and hands
    mean: float
    standard_error: float
    points: tuple[int, ...]  # our points in each deal


@dataclass(frozen=True)
class Advice:
    """The advise op's answer before it is written as JSON (:func:`cpspec.protocol.outputs.advice_json`)."""

    best: Estimate | None  # None only if every setting fouls and no natural is held
    ranked: tuple[Estimate, ...]  # every simulated candidate, best first
    valid_settings: int
    options: Options
    natural: str | None  # the best natural held, if any
    automatic_natural: bool  # the engine scores that natural whatever the setting


def mean_and_error(values: Sequence[int]) -> tuple[float, float]:
    """The mean and its standard error (sample standard deviation / sqrt(n))."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


# --- the opponents' policy -------------------------------------------------------------


def opponent_player(seat: str, cards: Sequence[Card], ruleset: Ruleset, engine: Engine = DEFAULT) -> PlayerInput:
    """How the policy (:data:`POLICY`) plays these 13 cards."""
    naturals = ruleset.parameters.naturals
    if naturals.hands and naturals.declaration == "declared":
        held = strongest(engine.find_naturals(cards, ruleset))
        if held is not None:
            return PlayerInput(seat, None, None, None, tuple(cards), "natural", held[0].id, seat)
    setting = engine.strongest_setting(cards, ruleset)
    if setting is None:  # every setting fouls: play the strongest back anyway
        wheel = ruleset.parameters.hands.wheel
        ordered = sorted(cards, reverse=True)
        back = max(combinations(ordered, 5), key=lambda hand: strength(engine.evaluate(hand, wheel)))
        rest = [c for c in ordered if c not in back]
        return PlayerInput(seat, tuple(rest[5:]), tuple(rest[:5]), back, tuple(cards), None, None, seat)
    return PlayerInput(seat, setting.front, setting.middle, setting.back, tuple(cards), None, None, seat)


# --- advice ----------------------------------------------------------------------------


def seats_for(ruleset: Ruleset, players: int) -> tuple[str, ...]:
    """The seats of a simulated deal: the ruleset's seat names, or A, B, C, D; ours is the first."""
    names = ruleset.parameters.players.seat_names or DEFAULT_SEATS
    return tuple(names[:players])


DECK_HOLDS: Final = 52 // 13  # hands of 13 cards in one deck


def check_options(ruleset: Ruleset, options: Options, where: str) -> None:
    """A located bad_players error when the number of opponents does not fit the deck or the ruleset."""
    limits = ruleset.parameters.players
    players = options.opponents + 1
    if players > DECK_HOLDS:
        raise CpspecError("bad_players", f"one deck deals at most {DECK_HOLDS - 1} opponents", f"{where}opponents")
    if not limits.min <= players <= limits.max:
        allowed = f"{limits.min - 1}" if limits.min == limits.max else f"{limits.min - 1} to {limits.max - 1}"
        raise CpspecError("bad_players", f"{ruleset.id} needs {allowed} opponents, not {options.opponents}",
                          f"{where}opponents")


Strength = tuple[int, tuple[int, ...]]


def _segment_win_chances(ours: list[Strength], theirs: list[Strength]) -> dict[Strength, float]:
    """For each of our hands, the chance of beating an opponent's hand there (ties half); ``theirs`` sorted."""
    n = len(theirs)
    return {k: (bisect_left(theirs, k) + bisect_right(theirs, k)) / (2 * n) if n else 0.5 for k in set(ours)}


def _candidates(cards: Sequence[Card], ruleset: Ruleset, opponents: list[list[PlayerState]],
                limit: int, engine: Engine) -> tuple[list[Candidate], int]:
    """The settings worth simulating (see PRUNING), and the number of valid settings."""
    table = engine.all_settings(cards, ruleset)
    theirs: dict[str, list[Strength]] = {name: [] for name in SEGMENT_NAMES}
    for deal in opponents:
        for state in deal:
            if state.status == "normal" and state.hands is not None:
                for name in SEGMENT_NAMES:
                    theirs[name].append(strength(state.hands.get(name)))
    for segment_hands in theirs.values():
        segment_hands.sort()
    # Settings with the same three hands score alike: one group each, shown by its first in the listing order.
    groups: dict[tuple[Strength, Strength, Strength], SettingChoice] = {}
    for setting in table:
        hands = (strength(setting.hands.front), strength(setting.hands.middle), strength(setting.hands.back))
        if hands not in groups or listing_key(setting) > listing_key(groups[hands]):
            groups[hands] = setting
    chances = {name: _segment_win_chances([hands[index] for hands in groups], theirs[name])
               for index, name in enumerate(SEGMENT_NAMES)}

    def score(hands: tuple[Strength, Strength, Strength]) -> tuple[float, tuple[Strength, Strength, Strength]]:
        total = sum(chances[name][hand] for name, hand in zip(SEGMENT_NAMES, hands, strict=True))
        return total, hands

    chosen = sorted(groups, key=score, reverse=True)[:limit]
    candidates = [Candidate(groups[h].front, groups[h].middle, groups[h].back, None, score(h)[0]) for h in chosen]
    return candidates, table.valid


def advise(cards: Sequence[Card], ruleset: Ruleset, options: Options, progress: Progress | None = None,
           engine: Engine = DEFAULT) -> Advice:
    """Simulate and rank the candidates (see the module's docstring)."""
    check_options(ruleset, options, "")
    seats = seats_for(ruleset, options.opponents + 1)
    ruleset = at_table(ruleset, len(seats))  # the table-size conditions of this table (cpspec.rules.table_size)
    rng = random.Random(options.seed)
    rest = [c for c in FULL_DECK if c not in set(cards)]
    opponents: list[list[PlayerState]] = []
    for deal in range(options.deals):
        shuffled = rng.sample(rest, 13 * options.opponents)
        opponents.append([
            resolve_player(opponent_player(seat, shuffled[13 * i: 13 * i + 13], ruleset, engine), ruleset,
                           engine.evaluate, engine.find_naturals)
            for i, seat in enumerate(seats[1:])
        ])
        if progress is not None:
            progress(deal + 1, 2 * options.deals)

    candidates, valid = _candidates(cards, ruleset, opponents, options.candidates, engine)
    naturals = ruleset.parameters.naturals
    held = strongest(engine.find_naturals(cards, ruleset)) if naturals.hands else None
    automatic = held is not None and naturals.declaration == "automatic"
    if automatic:
        candidates = candidates[:1]  # the engine scores the natural whatever the setting
    elif held is not None:
        candidates.append(Candidate(None, None, None, held[0].id, 0.0))

    states = [resolve_player(c.player(seats[0], cards), ruleset, engine.evaluate, engine.find_naturals)
              for c in candidates]
    points: list[list[int]] = [[] for _ in candidates]
    for deal, others in enumerate(opponents):
        for index, state in enumerate(states):
            points[index].append(score_players([state, *others], ruleset).totals[seats[0]])
        if progress is not None:
            progress(options.deals + deal + 1, 2 * options.deals)
    estimates = []
    for candidate, state, ours in zip(candidates, states, points, strict=True):
        mean, error = mean_and_error(ours)
        estimates.append(Estimate(candidate, state, mean, error, tuple(ours)))
    # Best mean first; equal means keep the heuristic's order (the sort is stable).
    ranked = sorted(estimates, key=lambda e: e.mean, reverse=True)
    return Advice(ranked[0] if ranked else None, tuple(ranked), valid, options,
                  held[0].id if held else None, automatic)
