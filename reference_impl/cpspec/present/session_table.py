"""A plain-text ledger of a ``score_session`` output, for the terminal: deal by deal, the totals, the settle-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpspec.rules.model import Ruleset


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def render_session(output: Mapping[str, Any], ruleset: Ruleset) -> str:
    """Each deal's result and the running totals after it, the session's totals, and who pays whom."""
    seats = list(output["totals"])
    width = max(6, *(len(s) for s in seats))
    lines = [f"{ruleset.title} ({ruleset.id} {ruleset.version}): a session of {len(output['deals'])} deals", ""]
    head = "  deal  " + "  ".join(s.rjust(width) for s in seats) + "   running"
    lines.append(head)
    for deal in output["deals"]:
        result = deal.get("paid", deal["totals"])
        cells = "  ".join(_signed(result[s]).rjust(width) for s in seats)
        running = ", ".join(f"{s} {_signed(deal['running'][s])}" for s in seats)
        note = " (paid, within the stacks)" if "paid" in deal else ""
        lines.append(f"  {deal['deal']:>4}  {cells}   {running}{note}")
    lines.append("")
    lines.append("Totals: " + ", ".join(f"{s} {_signed(output['totals'][s])}" for s in seats) + ".")
    if output["settle_up"]:
        count = len(output["settle_up"])
        lines.append(f"Settle up ({count} payment{'s' if count != 1 else ''}, the fewest that clear every total):")
        lines.extend(f"  {p['from']} pays {p['to']} {p['amount']}" for p in output["settle_up"])
    else:
        lines.append("Settle up: everyone is even; no one pays.")
    return "\n".join(lines)


__all__ = ["render_session"]
