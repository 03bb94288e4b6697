"""The text of ``cpspec identify``, written from the ``identify`` answer (``#/$defs/identifyOutput``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.present.differences import short


def _change(change: Mapping[str, Any]) -> str:
    sets = "; ".join(f"{s['path']} = {short(s['value'], 60)}" for s in change["sets"])
    return f"{sets} ({change['source']})"


def identify_text(out: Mapping[str, Any]) -> str:
    """The agreeing rulesets, or the nearest and the fixes; then the next deal to play, if one is proposed."""
    n = out["observations"]
    lines = []
    if out["agreeing"]:
        lines.append(f"Agree with all {n} observed deals: {', '.join(out['agreeing'])}")
    else:
        lines.append(f"No ruleset agrees with all {n} observed deals. Nearest: "
                     + ", ".join(f"{x['ruleset']} ({x['agrees']} of {n})" for x in out["nearest"]))
        if out["fixes"]:
            lines.append(f"Fewest changes that make every deal agree ({out['searched']} changed rulesets tried):")
            for fix in out["fixes"]:
                lines.append(f"- {fix['ruleset']} with " + " and ".join(_change(c) for c in fix["changes"]))
        else:
            lines.append(f"No change of one or two parameters of the search space makes every deal agree "
                         f"({out['searched']} changed rulesets tried).")
    if "next_deal" in out:
        deal = out["next_deal"]
        lines.append(f"To tell them apart, play this deal next (from corpus case {deal['case']}):")
        for player in deal["input"].get("players", []):
            held = " / ".join(" ".join(player[s]) for s in ("front", "middle", "back") if s in player)
            lines.append(f"    {player.get('seat')}: {held or ' '.join(player.get('cards', []))}"
                         + (f" [{player['declare']}]" if player.get("declare") else ""))
        for item in deal["totals"]:
            paid = (", ".join(f"{seat} {points:+d}" for seat, points in item["totals"].items()) if "totals" in item
                    else f"refuses the deal ({item['refused']})")
            lines.append(f"  {item['candidate']}: {paid}")
    for group in out.get("alike", []):
        lines.append(f"No deal tried tells {', '.join(group['candidates'])} apart: they differ only in "
                     f"{', '.join(group['differ_in']) or 'nothing score reads'}")
    return "\n".join(lines)
