"""The JSON shapes of the engine's values in the protocol's answers (``score`` and the hand ops).

These functions are the definition of those shapes; :mod:`cpspec.protocol.wire` writes the same
shapes straight as text for the server, and a test holds the two to the same bytes.
"""

from __future__ import annotations

from typing import Any

from cpspec.rules.hands import HandValue
from cpspec.rules.scoring import DealResult
from cpspec.rules.setting import PlayerState


def hand_json(hand: HandValue) -> dict[str, Any]:
    return {"category": hand.category.id, "name": hand.name, "royal": hand.royal}


def bonuses_json(state: PlayerState) -> list[dict[str, Any]]:
    return [{"segment": s, "hand": e.hand, "points": e.points, "rule": e.rule} for s, e in state.held_bonuses]


def player_json(state: PlayerState) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": state.seat, "status": state.status, "reason": state.reason, "rule": state.rule,
                           "natural": state.natural.id if state.natural else None, "declared": state.declared}
    if state.hands is not None:
        out["segments"] = {s: hand_json(state.hands.get(s)) for s in ("front", "middle", "back")}
    if state.check is not None:
        out["fouled"] = state.check.fouled
        out["violations"] = list(state.check.violations)
    out["bonuses"] = bonuses_json(state)
    return out


def result_json(result: DealResult) -> dict[str, Any]:
    return {
        "totals": result.totals,
        "players": [player_json(p) for p in result.players],
        "matchups": [m.to_json() for m in result.matchups],
    }
