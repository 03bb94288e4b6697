"""The ambiguity register: every interpretation record, by topic."""

from __future__ import annotations

from cpspec.present.explain import md_escape
from cpspec.present.readings import Alternative, alternatives
from cpspec.present.rulebook.inputs import Inputs
from cpspec.rules.model import Rule, Ruleset

# --- ambiguity register ------------------------------------------------------------------


def ambiguity_page(inputs: Inputs) -> str:
    """Every interpretation record of every ruleset, grouped by its topic."""
    groups: dict[str, list[tuple[Ruleset, Rule, list[str]]]] = {}
    seen: dict[tuple[str, str], list[str]] = {}
    for r in inputs.rulesets:
        for rule in r.rules:
            if rule.interpretation is None:
                continue
            key = (rule.origin, rule.id)
            if key in seen:
                seen[key].append(r.id)
                continue
            seen[key] = []
            home = inputs.registry.get(rule.origin) if inputs.registry.has(rule.origin) else r
            groups.setdefault(rule.interpretation.topic, []).append((home, rule, seen[key]))
    parts = ["# Ambiguity register",
             "Where a source is silent, garbled or contradicts itself, the ruleset records what the source says, "
             "the reading chosen and the alternatives. Grouped by topic; each entry links to its rule."]
    if groups:
        parts.append("Topics: " + ", ".join(f"[{t}](#{t})" for t in sorted(groups)))
    for topic in sorted(groups):
        parts.append(f"## {topic} {{#{topic}}}")
        for home, rule, also in groups[topic]:
            assert rule.interpretation is not None
            i = rule.interpretation
            also_text = f" (also in {', '.join(f'[{x}](rulesets/{x}.md#{rule.id})' for x in also)})" if also else ""
            parts.append(
                f"### [`{rule.id}`](rulesets/{home.id}.md#{rule.id}) {md_escape(rule.title)}\n\n"
                f"{home.id} {home.version}{also_text}\n\n"
                f"- *What the source says:* {md_escape(i.source_says)}\n"
                f"- *The reading chosen:* {md_escape(i.reading)}\n"
                "- *The alternatives:*\n" + "\n".join(_register_alternative(a) for a in alternatives(home, rule.id)))
    return "\n\n".join(parts) + "\n"


def _register_alternative(alternative: Alternative) -> str:
    """One alternative on the ambiguity page: carried out by parameters, or why it stays prose."""
    how = (" *(carried out by parameters)*" if alternative.parameters
           else f" *(no parameter: {md_escape(alternative.prose_because)})*" if alternative.prose_because else "")
    return f"    - {md_escape(alternative.reading)}{how}"
