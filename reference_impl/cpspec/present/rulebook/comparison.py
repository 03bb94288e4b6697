"""The comparison page: one row per rule topic, one column per chosen ruleset."""

from __future__ import annotations

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.summaries import topic_summary
from cpspec.present.rulebook.text import html, topic_title

# --- comparison matrix -------------------------------------------------------------------



def comparison_page(inputs: Inputs) -> str:
    """One row per rule topic, one column per ruleset, in a scrolling box whose topic column and header row stay
    in place; a chooser (``js/compare.js``) shows only the rulesets to compare. Each cell links the rules."""
    rulesets = inputs.rulesets
    head = "".join(f'<th scope="col" data-col="{r.id}"><a href="rulesets/{r.id}.html">{html(r.id)}</a></th>'
                   for r in rulesets)
    body = []
    for topic in inputs.topics:
        cells = [f'<th scope="row"><a href="#{topic}">{html(topic_title(topic))}</a></th>']
        for r in rulesets:
            summary = html(topic_summary(r, topic))
            links = "<br>".join(f'<a href="rulesets/{r.id}.html#{rule.id}"><code>{rule.id}</code></a>'
                                for rule in r.rules if rule.topic == topic)
            cells.append(f'<td data-col="{r.id}">' + ("<br>".join(x for x in (summary, links) if x) or "—") + "</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    chooser = "".join(f'<label><input type="checkbox" data-col="{r.id}" checked> {html(r.id)}</label> '
                      for r in rulesets)
    matrix = (f'<div class="compare-chooser" id="compare-chooser" hidden><strong>Compare:</strong> {chooser}'
              '<button type="button" id="compare-all">all</button> '
              '<button type="button" id="compare-none">none</button>'
              ' <label class="compare-option"><input type="checkbox" id="compare-only-differences"> only the rows that '
              'differ</label> <span id="compare-count" class="compare-count"></span></div>\n'
              '<div class="compare-wrap" id="compare-wrap" tabindex="0">'
              f'<table class="compare" id="compare-matrix"><thead><tr><th scope="col">topic</th>{head}</tr></thead>'
              f'<tbody>{"".join(body)}</tbody></table></div>\n<script src="js/compare.js"></script>')
    parts = ["# Comparison of the rulesets",
             "One row per topic, one column per ruleset. Each cell summarises the ruleset's parameter and links "
             "the rules that decide it; the topic column and the header stay in place while the table scrolls. "
             "Tick the rulesets to compare: the choice is kept in the page's address "
             "(`comparison.html?rulesets=<id>,<id>`), so a comparison can be shared. A cell that differs from "
             "the first chosen ruleset's is highlighted. The sections below give the rule titles.",
             matrix]
    for topic in inputs.topics:
        section = [f"## {topic_title(topic)} {{#{topic}}}"]
        for r in rulesets:
            rules = [rule for rule in r.rules if rule.topic == topic]
            summary = topic_summary(r, topic)
            line = f"- **[{r.id}](rulesets/{r.id}.md)**" + (f": {md_escape(summary)}" if summary else "")
            if rules:
                line += "\n" + "\n".join(f"    - [`{rule.id}`](rulesets/{r.id}.md#{rule.id}) {md_escape(rule.title)}"
                                         for rule in rules)
            elif not summary:
                line += ": no rule on this topic"
            section.append(line)
        parts.append(section[0] + "\n\n" + "\n".join(section[1:]))
    return "\n\n".join(parts) + "\n"
