"""A tournament: deals scored one after another, running totals, and when the target is reached.

``parameters.tournament``: play continues until a player's running total reaches
``target``; the deal on which one or more players reach it ends the tournament, and
the highest running total among them wins (a tie among the highest: no single winner).
A replacement player takes over a seat and inherits its score (``replacement:
inherits_score``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cpspec.rules.model import Tournament


@dataclass(frozen=True)
class Standing:
    """The standings after one deal (``standings[]``): that deal's totals, the running totals, who plays each seat."""

    deal: int  # 1 for the first deal
    totals: Mapping[str, int]
    running: Mapping[str, int]
    players: Mapping[str, str]


@dataclass(frozen=True)
class TargetReached:
    """The deal that ended the tournament (``reached``): the seats at or over the target, and the winner if one."""

    deal: int
    seats: tuple[str, ...]
    winner: str | None
    rule: str


def target_reached(deal: int, running: Mapping[str, int], tournament: Tournament | None) -> TargetReached | None:
    """Whether the running totals after ``deal`` reach ``parameters.tournament.target``, and who wins."""
    if tournament is None:
        return None
    over = tuple(seat for seat, points in running.items() if points >= tournament.target)
    if not over:
        return None
    best = max(running[seat] for seat in over)
    leaders = [seat for seat in over if running[seat] == best]
    return TargetReached(deal, over, leaders[0] if len(leaders) == 1 else None, tournament.rule)


def standings(
    deal_totals: Sequence[Mapping[str, int]], replacements: Sequence[Mapping[str, str]], names: Mapping[str, str]
) -> list[Standing]:
    """Running totals deal by deal; ``replacements[i]`` names the players who take over seats at deal ``i``.

    A replacement inherits the seat's score.
    """
    seats = list(deal_totals[0])
    running = dict.fromkeys(seats, 0)
    playing = {seat: names.get(seat, seat) for seat in seats}
    result = []
    for index, totals in enumerate(deal_totals):
        playing.update(replacements[index])
        for seat, points in totals.items():
            running[seat] += points
        result.append(Standing(index + 1, dict(totals), dict(running), dict(playing)))
    return result
