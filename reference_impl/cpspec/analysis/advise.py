"""A setting advisor: the setting with the best expected points against random opponents.

Method (seeded, so the same seed gives the same answer):

1. Deal. The other 39 cards are shuffled with ``random.Random(seed)`` and 13 go to each
   opponent, deal after deal.
2. Opponents' policy (:data:`POLICY`): an opponent holding a natural declares the
   best one when the ruleset's naturals are declared (automatic naturals are found by
   the engine anyway); otherwise it plays the non-fouling setting with the strongest
   back, then the strongest middle, then the strongest front (:func:`strongest_setting`).
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
from typing import Any, Final

from cpspec.analysis.settings import FULL, OrderRules, Setting, classify, subsets
from cpspec.errors import CpspecError
from cpspec.fast.tables import evaluator, front_comparable
from cpspec.rules.cards import FULL_DECK, Card, cards_text
from cpspec.rules.deal import PlayerInput
from cpspec.rules.model import Ruleset
from cpspec.rules.scoring import score_players
from cpspec.rules.setting import PlayerState, best_natural, resolve_player

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
        if self.declare is not None:
            return PlayerInput(seat, None, None, None, tuple(cards), "natural", self.declare, "advice")
        return PlayerInput(seat, self.front, self.middle, self.back, tuple(cards), None, None, "advice")

    def to_json(self) -> dict[str, Any]:
        if self.declare is not None:
            return {"declare": self.declare}
        assert self.front is not None and self.middle is not None and self.back is not None
        return {"front": cards_text(self.front), "middle": cards_text(self.middle), "back": cards_text(self.back)}


@dataclass(frozen=True)
class Estimate:
    candidate: Candidate
    mean: float
    standard_error: float
    points: tuple[int, ...]  # our points in each deal


@dataclass(frozen=True)
class Advice:
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


def strongest_setting(cards: Sequence[Card], ruleset: Ruleset) -> Setting | None:
    """The non-fouling setting with the strongest back, then middle, then front (by key).

    Backs are tried from the strongest down, and for each back the middles that the
    rest of the hand can make, from the strongest down; the scan stops as soon as
    nothing left can beat the best found. Equal backs and equal middles are all
    tried, since what they leave over differs.
    """
    rules = OrderRules.of(ruleset.parameters.setting)
    ev = evaluator(ruleset.parameters.hands.wheel)
    s = subsets()
    keys5 = list(map(ev.key5, combinations(cards, 5)))
    front_tie = 1 if rules.front_may_equal_middle else 0
    best: tuple[int, int, int] | None = None
    found: Setting | None = None
    for b in sorted(range(len(keys5)), key=keys5.__getitem__, reverse=True):
        back_key, back = keys5[b], s.masks5[b]
        if best is not None and back_key < best[0]:
            break
        for m in sorted(s.disjoint_indices5[b], key=keys5.__getitem__, reverse=True):
            middle_key, middle = keys5[m], s.masks5[m]
            if middle_key > back_key or (middle_key == back_key and not rules.back_may_equal_middle):
                continue
            if best is not None and (back_key, middle_key) < best[:2]:
                break
            front = FULL ^ back ^ middle
            front_key = ev.key3([card for p, card in enumerate(cards) if front >> p & 1])
            if front_key < front_comparable(middle_key) + front_tie and (
                best is None or (back_key, middle_key, front_key) > best
            ):
                best, found = (back_key, middle_key, front_key), Setting(front, middle, back)
    return found


def opponent_player(seat: str, cards: Sequence[Card], ruleset: Ruleset) -> PlayerInput:
    """How the policy plays these 13 cards."""
    naturals = ruleset.parameters.naturals
    if naturals.hands and naturals.declaration == "declared":
        held = best_natural(cards, ruleset)
        if held is not None:
            return PlayerInput(seat, None, None, None, tuple(cards), "natural", held[0].id, seat)
    setting = strongest_setting(cards, ruleset)
    if setting is None:  # every setting fouls: play the strongest back anyway
        ev = evaluator(ruleset.parameters.hands.wheel)
        ordered = sorted(cards, reverse=True)
        back = max(combinations(ordered, 5), key=ev.key5)
        rest = [c for c in ordered if c not in back]
        return PlayerInput(seat, tuple(rest[5:]), tuple(rest[:5]), back, tuple(cards), None, None, seat)
    pick = [tuple(c for p, c in enumerate(cards) if mask >> p & 1)
            for mask in (setting.front, setting.middle, setting.back)]
    return PlayerInput(seat, pick[0], pick[1], pick[2], tuple(cards), None, None, seat)


# --- advice ----------------------------------------------------------------------------


def _descending(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def seats_for(ruleset: Ruleset, players: int) -> tuple[str, ...]:
    names = ruleset.parameters.players.seat_names or DEFAULT_SEATS
    return tuple(names[:players])


DECK_HOLDS: Final = 52 // 13  # hands of 13 cards in one deck


def check_options(ruleset: Ruleset, options: Options, where: str) -> None:
    limits = ruleset.parameters.players
    players = options.opponents + 1
    if players > DECK_HOLDS:
        raise CpspecError("bad_players", f"one deck deals at most {DECK_HOLDS - 1} opponents", f"{where}opponents")
    if not limits.min <= players <= limits.max:
        allowed = f"{limits.min - 1}" if limits.min == limits.max else f"{limits.min - 1} to {limits.max - 1}"
        raise CpspecError("bad_players", f"{ruleset.id} needs {allowed} opponents, not {options.opponents}",
                          f"{where}opponents")


def _segment_win_chances(keys: list[int], opponent_keys: list[int]) -> dict[int, float]:
    """For each of our keys, the chance of beating an opponent's key (ties half)."""
    n = len(opponent_keys)
    return {k: (bisect_left(opponent_keys, k) + bisect_right(opponent_keys, k)) / (2 * n) if n else 0.5
            for k in set(keys)}


def _candidates(cards: Sequence[Card], ruleset: Ruleset, opponents: list[list[PlayerState]],
                limit: int) -> tuple[list[Candidate], int]:
    """The settings worth simulating (see PRUNING), and the number of valid settings."""
    table = classify(cards, ruleset)
    s = subsets()
    opponent_keys: dict[str, list[int]] = {name: [] for name in SEGMENT_NAMES}
    for deal in opponents:
        for state in deal:
            if state.status == "normal" and state.hands is not None:
                for name in SEGMENT_NAMES:
                    opponent_keys[name].append(state.hands.get(name).key)
    for keys in opponent_keys.values():
        keys.sort()
    front_chance = _segment_win_chances(table.keys3, opponent_keys["front"])
    middle_chance = _segment_win_chances(table.keys5, opponent_keys["middle"])
    back_chance = _segment_win_chances(table.keys5, opponent_keys["back"])
    groups: dict[tuple[int, int, int], Setting] = {}
    for setting in table:
        hands = (table.keys3[s.index3[setting.front]], table.keys5[s.index5[setting.middle]],
                 table.keys5[s.index5[setting.back]])
        groups.setdefault(hands, setting)

    def score(hands: tuple[int, int, int]) -> tuple[float, tuple[int, int, int]]:
        return front_chance[hands[0]] + middle_chance[hands[1]] + back_chance[hands[2]], hands

    chosen = sorted(groups, key=score, reverse=True)[:limit]
    candidates = []
    for hands in chosen:
        front, middle, back = (_descending(table.cards_of(mask))
                               for mask in (groups[hands].front, groups[hands].middle, groups[hands].back))
        candidates.append(Candidate(front, middle, back, None, score(hands)[0]))
    return candidates, table.valid


def advise(cards: Sequence[Card], ruleset: Ruleset, options: Options, progress: Progress | None = None) -> Advice:
    """Simulate and rank the candidates (see the module's docstring)."""
    check_options(ruleset, options, "")
    seats = seats_for(ruleset, options.opponents + 1)
    rng = random.Random(options.seed)
    rest = [c for c in FULL_DECK if c not in set(cards)]
    opponents: list[list[PlayerState]] = []
    for deal in range(options.deals):
        shuffled = rng.sample(rest, 13 * options.opponents)
        opponents.append([
            resolve_player(opponent_player(seat, shuffled[13 * i: 13 * i + 13], ruleset), ruleset)
            for i, seat in enumerate(seats[1:])
        ])
        if progress is not None:
            progress(deal + 1, 2 * options.deals)

    candidates, valid = _candidates(cards, ruleset, opponents, options.candidates)
    naturals = ruleset.parameters.naturals
    held = best_natural(cards, ruleset) if naturals.hands else None
    automatic = held is not None and naturals.declaration == "automatic"
    if automatic:
        candidates = candidates[:1]  # the engine scores the natural whatever the setting
    elif held is not None:
        candidates.append(Candidate(None, None, None, held[0].id, 0.0))

    states = [resolve_player(c.player(seats[0], cards), ruleset) for c in candidates]
    points: list[list[int]] = [[] for _ in candidates]
    for deal, others in enumerate(opponents):
        for index, state in enumerate(states):
            points[index].append(score_players([state, *others], ruleset).totals[seats[0]])
        if progress is not None:
            progress(options.deals + deal + 1, 2 * options.deals)
    estimates = []
    for candidate, ours in zip(candidates, points, strict=True):
        mean, error = mean_and_error(ours)
        estimates.append(Estimate(candidate, mean, error, tuple(ours)))
    # Best mean first; equal means keep the heuristic's order (the sort is stable).
    ranked = sorted(estimates, key=lambda e: e.mean, reverse=True)
    return Advice(ranked[0] if ranked else None, tuple(ranked), valid, options,
                  held[0].id if held else None, automatic)


def describe_advice(advice: Advice, cards: Sequence[Card], ruleset: Ruleset) -> dict[str, Any]:
    """The advise op's output."""
    seat = seats_for(ruleset, advice.options.opponents + 1)[0]

    def estimate_json(e: Estimate) -> dict[str, Any]:
        out = e.candidate.to_json()
        state = resolve_player(e.candidate.player(seat, cards), ruleset)
        if state.hands is not None:
            out["hands"] = {s: state.hands.get(s).name for s in SEGMENT_NAMES}
        out["status"] = state.status
        out["expected_points"] = round(e.mean, 4)
        out["standard_error"] = round(e.standard_error, 4)
        out["heuristic"] = round(e.candidate.heuristic, 4)
        return out

    ranked = [estimate_json(e) for e in advice.ranked]
    out: dict[str, Any] = {
        "best": ranked[0] if ranked else None,
        "candidates": ranked,
        "valid_settings": advice.valid_settings,
        "natural": advice.natural,
        "automatic_natural": advice.automatic_natural,
        "opponents": advice.options.opponents,
        "deals": advice.options.deals,
        "seed": advice.options.seed,
        "policy": POLICY,
        "pruning": PRUNING,
    }
    if len(advice.ranked) > 1:
        first, second = advice.ranked[0], advice.ranked[1]
        margin, error = mean_and_error([a - b for a, b in zip(first.points, second.points, strict=True)])
        out["margin_over_next"] = {"points": round(margin, 4), "standard_error": round(error, 4)}
    return out
