"""How two rulesets differ, for people: the text of ``cpspec diff`` and the rulebook's "how this differs from
its parent" section, both written from the ``diff`` answer (``#/$defs/diffOutput``).

>>> short({"points": 3, "rule": "x-y"})
'{"points":3,"rule":"x-y"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cpspec.analysis.diff import Prober

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

JSON = Mapping[str, Any]

#: The effects that change what is paid, and how each is said.
PAYING = {"witness": "shown alone", "together": "shown with the rest of its block"}


def short(value: Any, width: int = 70) -> str:
    """A value as compact JSON, cut to ``width`` characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= width else text[: width - 1] + "…"


def _value(item: JSON, side: str) -> str:
    return short(item[side]) if side in item else "(none)"


def _paid(side: JSON) -> str:
    """What one side paid on a witness, in a few words."""
    if "refused" in side:
        return f"refused ({side['refused']})"
    output = side["output"]
    if "totals" in output:
        return ", ".join(f"{seat} {points:+d}" for seat, points in output["totals"].items())
    return short(output, 90)


def _deal_lines(data: JSON) -> list[str]:
    lines = []
    for player in data.get("players", []):
        held = " / ".join(" ".join(player[s]) for s in ("front", "middle", "back") if s in player)
        held = held or " ".join(player.get("cards", [])) or "(no cards)"
        declare = f" [{player['declare']}]" if player.get("declare") else ""
        lines.append(f"    {player.get('seat')}: {held}{declare}")
    if "banker" in data:
        lines.append(f"    banker: {data['banker']}")
    if not lines:
        lines.append("    " + short(data, 100))
    return lines


def parting_keys(witness: JSON) -> list[str]:
    """The keys of two answers (not a score's) whose values differ, the rules they cite left out.

    >>> parting_keys({"a": {"output": {"next_cards": 13, "rule": "x-a"}}, "b": {"output": {"next_cards": 14,
    ...                                                                                  "rule": "y-b"}}})
    ['next_cards']
    """
    if "output" not in witness["a"] or "output" not in witness["b"]:
        return []
    out_a, out_b = witness["a"]["output"], witness["b"]["output"]
    return [k for k in dict.fromkeys([*out_a, *out_b]) if k not in ("rule", "rules") and out_a.get(k) != out_b.get(k)]


def _answered(side: JSON, keys: list[str]) -> str:
    """What one side answered: what it paid, or (another op) the values of the keys where the two part."""
    if "refused" in side or "totals" in side["output"] or not keys:
        return _paid(side)
    return "; ".join(f"{k} {short(side['output'].get(k), 40)}" for k in keys)


def witness_text(witness: JSON, a: str, b: str) -> list[str]:
    """A witness as lines of text: the deal, then what each ruleset pays (or answers) and the rules it cites."""
    lines = [f"  {witness['op']} (from corpus case {witness['case']}):", *_deal_lines(witness["a"]["input"])]
    keys = parting_keys(witness)
    for name, side in ((a, witness["a"]), (b, witness["b"])):
        rules = ", ".join(side.get("rules", [])[:8]) + (" ..." if len(side.get("rules", [])) > 8 else "")
        lines.append(f"  {name}: {_answered(side, keys)}" + (f"  (rules: {rules})" if rules else ""))
    return lines


def diff_text(out: JSON) -> str:
    """The text of ``cpspec diff``: the smallest witness, the differences that change what is paid (each with
    its deal), the parameters no deal showed, and those that change no score."""
    a, b, found = out["a"], out["b"], out["differences"]
    paying = [d for d in found if d["effect"] in PAYING]
    unseen = [d for d in found if d["effect"] == "no_witness"]
    quiet = [d for d in found if d["effect"] == "no_score"]
    lines = [f"{a} v {b}: {len(found)} differences after extends; {len(paying)} change what is paid, "
             f"{len(unseen)} no deal tried shows, {len(quiet)} change no score ({out['probes_asked']} answers asked)"]
    if "witness" in out:
        lines += ["", "The smallest deal on which they differ:", *witness_text(out["witness"], a, b)]
    else:
        lines += ["", "No deal tried is paid differently."]
    if paying:
        lines += ["", "Differences that change what is paid (for Open Face: a Fantasyland verdict, a play check):"]
        for item in paying:
            lines.append(f"- {item['path']}: {a} {_value(item, 'a')}; {b} {_value(item, 'b')} "
                         f"({PAYING[item['effect']]})")
            lines += ["  " + line for line in witness_text(item["witness"], a, b)]
    if unseen:
        lines += ["", "Parameters that differ, on which no deal tried is paid differently:"]
        lines += [f"- {d['path']}: {a} {_value(d, 'a')}; {b} {_value(d, 'b')}" for d in unseen]
    if quiet:
        lines += ["", "Differences that change no score on any deal (rule references, rule texts, descriptions):"]
        for kind in ("reference", "rule", "about"):
            paths = [d["path"] for d in quiet if d["kind"] == kind]
            if paths:
                lines.append(f"- {kind} ({len(paths)}): " + ", ".join(paths))
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def parent_section(out: JSON, link: Callable[[str, JSON], str]) -> str:
    """The rulebook's "How this differs from its parent" section, from ``diff`` of the parent (a) against this
    ruleset (b). ``link(ruleset_id, deal)`` is the desk's address with a deal filled in (under this ruleset, or
    under the parent where this one refuses the deal)."""
    a, b = out["a"], out["b"]
    parts = ["## How this differs from its parent {#parent-differences}",
             f"Every parameter that differs from [{a}]({a}.md), and for each one that changes what is paid the "
             f"smallest deal of the corpus on which the two pay differently (`cpspec diff {a} {b}`)."]
    rows = []
    for item in out["differences"]:
        if item["kind"] != "parameter":
            continue
        if item["effect"] in PAYING:
            w = item["witness"]
            keys = parting_keys(w)
            shown = (b, w["b"]) if "output" in w["b"] else (a, w["a"])  # opened where the deal is accepted
            deal = (f"[deal]({link(shown[0], shown[1]['input'])}) ({w['case']}): {a} {_paid(w['a'])}; {b} "
                    f"{_paid(w['b'])}"
                    if w["op"] == "score" else
                    f"`{w['op']}` ({w['case']}): {a} {_answered(w['a'], keys)}; {b} {_answered(w['b'], keys)}")
        else:
            deal = "no deal tried is paid differently"
        rows.append(f"| `{item['path']}` | `{_cell(_value(item, 'a'))}` | `{_cell(_value(item, 'b'))}` | "
                    f"{_cell(deal)} |")
    if rows:
        parts.append("| parameter | parent | this ruleset | where they part |\n|---|---|---|---|\n" + "\n".join(rows))
    quiet = [d for d in out["differences"] if d["effect"] == "no_score"]
    if quiet:
        parts.append(f"{len(quiet)} further differences (rule references, rule texts, the title and sources) change "
                     "no score on any deal.")
    return "\n\n".join(parts)


#: One prober per registry (kept with it, so that no other registry takes its identity).
_SHARED: dict[int, tuple[RulesetRegistry, Prober]] = {}


def parent_difference_section(ruleset: Ruleset, registry: RulesetRegistry, link: Callable[[str, JSON], str]) -> str:
    """The section of a ruleset page that ``extends`` another: ``diff`` of the parent against it, over the deals
    of the two rulesets' cases (the answers asked are shared between the pages of one registry)."""
    from cpspec.analysis.diff import diff_rulesets
    from cpspec.engines import DEFAULT
    from cpspec.protocol.which_rules_json import diff_json, protocol_ask

    assert ruleset.extends is not None
    parent = registry.get(ruleset.extends)
    prober = _SHARED.setdefault(id(registry), (registry, Prober(protocol_ask(DEFAULT))))[1]
    result = diff_rulesets(parent, ruleset, prober.ask, only=[ruleset.id, parent.id], prober=prober)
    return parent_section(diff_json(result), link)
