"""A plain-text table of a ``score`` output, for the terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.rules.model import Ruleset


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def render_score(output: Mapping[str, Any], ruleset: Ruleset,
                 fantasyland: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    """The players, each matchup, the totals (and what stacks paid); ``fantasyland``: each seat's
    ``qualify_fantasyland`` answer, where the ruleset has Fantasyland."""
    lines = [f"{ruleset.title} ({ruleset.id} {ruleset.version})", "", "Players"]
    seat_width = max(len(p["seat"]) for p in output["players"])
    for player in output["players"]:
        seat = player["seat"].ljust(seat_width)
        if "segments" in player and player["status"] in ("normal", "foul"):
            segs = " | ".join(player["segments"][s]["name"] for s in ("front", "middle", "back"))
            lines.append(f"  {seat}  {player['status']:<9} {segs}")
        else:
            lines.append(f"  {seat}  {player['status']:<9} {player['reason']}")
        if player["status"] not in ("normal",):
            lines.append(f"  {' ' * seat_width}  {'':<9} ({player['reason']}; rule {player['rule']})")
        if player.get("bonuses"):
            held = ", ".join(f"{b['segment']} {b['hand'].replace('_', ' ')} +{b['points']} ({b['rule']})"
                             for b in player["bonuses"])
            lines.append(f"  {' ' * seat_width}  {'':<9} bonuses: {held}")
    lines += ["", "Matchups"]
    for matchup in output["matchups"]:
        a, b = matchup["seats"]
        head = f"  {a} v {b}".ljust(2 * seat_width + 7)
        if matchup["kind"] == "compared":
            segs = "  ".join(
                f"{s} {matchup['segments'][s] or 'tie'}" for s in ("front", "middle", "back")
            )
            overall = matchup.get("overall")
            segs += f"  overall {overall}" if overall else ""
        else:
            segs = matchup["kind"] + ": " + "; ".join(
                c["reason"] for c in matchup["credits"]) if matchup["credits"] else matchup["kind"] + ": push"
        points = matchup["points"]
        lines.append(f"{head}{segs}   => {a} {_signed(points[a])}, {b} {_signed(points[b])}")
    lines += ["", "Totals"]
    lines.append("  " + "   ".join(f"{seat} {_signed(total)}" for seat, total in output["totals"].items()))
    if fantasyland:
        lines += ["", "Fantasyland next hand"]
        for seat, found in fantasyland.items():
            verdict = f"{found['next_cards']} cards" if found["qualifies"] else "no"
            lines.append(f"  {seat.ljust(seat_width)}  {verdict} ({found['reason']}; rule {found['rule']})")
    if "settlement" in output:
        paid = output["settlement"]["paid"]
        lines += ["", f"Paid with stacks (button {output['settlement']['button']})"]
        lines.append("  " + "   ".join(f"{seat} {_signed(total)}" for seat, total in paid.items()))
    return "\n".join(lines)
