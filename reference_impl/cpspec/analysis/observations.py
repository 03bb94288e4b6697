"""Observed deals for ``cpspec identify``: each deal with what was paid (totals, or points per matchup).

``{"deals": [{"players": [...], "totals": {"A": 3, "B": -3}}, {"players": [...], "matchups":
[{"points": {"A": 2, "B": -2}}]}]}``: a deal is a ``score`` input (``players``, and ``banker`` for
house-banked play) with ``totals`` (some or all seats) and/or ``matchups`` (each the points of
two seats). Errors name the deal and the field, as ``input.deals[2].totals.B``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cpspec.errors import CpspecError

#: The fields a deal of the observations may have beside the score input's.
PAID_FIELDS = frozenset({"totals", "matchups"})
DEAL_FIELDS = frozenset({"players", "banker"}) | PAID_FIELDS


@dataclass(frozen=True)
class Observation:
    """One observed deal: the score input, the totals paid (seat -> points), each matchup's points."""

    deal: dict[str, Any]
    totals: dict[str, int]
    matchups: tuple[dict[str, int], ...]
    where: str


def _points(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        raise CpspecError("bad_input", "points are an object of seats and whole numbers", where)
    for seat, points in value.items():
        if isinstance(points, bool) or not isinstance(points, int):
            raise CpspecError("bad_input", f"the points of seat {seat!r} must be a whole number", f"{where}.{seat}")
    return dict(value)


def _seats(players: Any) -> set[str]:
    return {p["seat"] for p in players if isinstance(p, dict) and isinstance(p.get("seat"), str)}


def _observation(raw: Any, where: str) -> Observation:
    if not isinstance(raw, dict):
        raise CpspecError("bad_input", "a deal is an object with players and what was paid", where)
    unknown = sorted(set(raw) - DEAL_FIELDS)
    if unknown:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(unknown)}", where)
    if not isinstance(raw.get("players"), list):
        raise CpspecError("bad_input", "players must be a list", f"{where}.players")
    if raw.get("totals") is None and raw.get("matchups") is None:
        raise CpspecError("bad_input", "say what was paid: totals, or matchups", where)
    seats = _seats(raw["players"])
    totals = _points(raw["totals"], f"{where}.totals") if raw.get("totals") is not None else {}
    matchups: list[dict[str, int]] = []
    listed = raw.get("matchups")
    if listed is not None and not isinstance(listed, list):
        raise CpspecError("bad_input", "matchups must be a list", f"{where}.matchups")
    for index, item in enumerate(listed or []):
        place = f"{where}.matchups[{index}]"
        if not isinstance(item, dict) or set(item) - {"seats", "points"} or "points" not in item:
            raise CpspecError("bad_input", "a matchup is an object with the points of its two seats", place)
        points = _points(item["points"], f"{place}.points")
        if len(points) != 2:
            raise CpspecError("bad_input", "a matchup's points name its two seats", f"{place}.points")
        matchups.append(points)
    for seat in [*totals, *(s for m in matchups for s in m)]:
        if seat not in seats:
            raise CpspecError("bad_input", f"{seat!r} is not a seat of this deal", where)
    deal = {k: v for k, v in raw.items() if k not in PAID_FIELDS}
    return Observation(deal, totals, tuple(matchups), where)


def parse_observations(data: Mapping[str, Any], where: str = "input") -> list[Observation]:
    """The observations of an ``identify`` input (``deals``: a non-empty list), checked, with located errors."""
    unknown = sorted(set(data) - {"deals"})
    if unknown:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(unknown)}", where)
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise CpspecError("bad_input", "deals must be a non-empty list of observed deals", f"{where}.deals")
    return [_observation(raw, f"{where}.deals[{index}]") for index, raw in enumerate(deals)]


def agrees(observation: Observation, output: Mapping[str, Any]) -> bool:
    """Whether a score answer pays what was observed: every total given, every matchup given (a pair that does
    not meet pays nothing)."""
    totals = output["totals"]
    if any(totals.get(seat) != points for seat, points in observation.totals.items()):
        return False
    paid = {frozenset(m["points"]): m["points"] for m in output["matchups"]}
    for points in observation.matchups:
        met = paid.get(frozenset(points))
        if (met if met is not None else dict.fromkeys(points, 0)) != points:
            return False
    return True
