"""The printable one-page summary of a ruleset."""

from __future__ import annotations

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.summaries import bonus_points_text, topic_summary
from cpspec.present.rulebook.text import citation_text, html, table, topic_title
from cpspec.rules.model import Ruleset

# --- the printable summary -----------------------------------------------------------------

#: What a table needs, in the order the printed page gives it.
PRINT_TOPICS = ("setting-order", "scoring", "overall-point", "scoop", "bonuses", "naturals", "fouls", "surrender",
                "timeout", "fantasyland")


def print_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """A one-page summary for the table (order rule, scoring, bonuses, naturals, penalties), made to print on A4."""
    p = ruleset.parameters
    rule_of = {"setting-order": p.setting.rule, "scoring": p.scoring.rule,
               "overall-point": p.scoring.overall.rule if p.scoring.overall else None,
               "scoop": p.scoring.scoop.rule if p.scoring.scoop else None, "bonuses": p.bonuses.rule,
               "naturals": p.naturals.rule, "fouls": p.penalties.foul.rule,
               "surrender": p.penalties.surrender.rule if p.penalties.surrender else None,
               "timeout": p.penalties.timeout.rule if p.penalties.timeout else None,
               "fantasyland": p.fantasyland.rule if p.fantasyland else None}
    rows = []
    for topic in PRINT_TOPICS:
        if topic == "fantasyland" and p.fantasyland is None:
            continue
        summary = topic_summary(ruleset, topic)
        rule_id = rule_of.get(topic)
        text = ""
        if rule_id and rule_id in ruleset.rule_ids:
            text = md_escape(" ".join(ruleset.rule(rule_id).text.split()))
        rows.append((f"**{topic_title(topic)}**", md_escape(summary) + (f"<br>{text}" if text else ""),
                     f"[`{rule_id}`](../rulesets/{ruleset.id}.md#{rule_id})" if rule_id else "—"))
    bonus_rows = [(e.segment, e.hand.replace("_", " "), bonus_points_text(e), f"`{e.rule}`") for e in p.bonuses.table]
    natural_rows = [(md_escape(h.names.en or h.id), h.names.zh or "—", str(h.points), str(h.rank), f"`{h.rule}`")
                    for h in p.naturals.hands]
    parts = [f"# {md_escape(ruleset.title)}: the table summary",
             f'<p class="print-meta">{html(ruleset.id)} {ruleset.version} · cite a rule as '
             f"<code>{html(citation_text(ruleset, '<rule id>'))}</code> · the full rules: "
             f'<a href="../rulesets/{ruleset.id}.html">rulesets/{ruleset.id}.html</a></p>',
             '<div class="print-summary" markdown="1">',
             table(("", "what the table needs", "rule"), rows)]
    if bonus_rows:
        parts.append("**Bonus hands**\n\n" + table(("segment", "hand", "points", "rule"), bonus_rows))
    if natural_rows:
        declared = ("counted without a declaration" if p.naturals.declaration == "automatic"
                    else "count only when declared")
        parts.append(f"**Naturals** ({declared}; rank 1 is highest)\n\n"
                     + table(("natural", "中文", "points", "rank", "rule"), natural_rows))
    parts.append("</div>")
    return "\n\n".join(parts) + "\n"
