"""The comparison page: one row per rule topic, one column per chosen ruleset."""

from __future__ import annotations

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.summaries import topic_summary
from cpspec.present.rulebook.text import html, topic_title

# --- comparison matrix -------------------------------------------------------------------


def witness_box(engine_available: bool, bundle_version: str = "") -> str:
    """Where ``js/compare-witness.js`` shows, for two rulesets picked, the deals of ``diff`` on which they part:
    computed in the browser by the desk's engine (Pyodide and the desk's bundle, loaded only then)."""
    if not engine_available:
        return ('<p class="compare-witness-missing">Pick two rulesets: <code>cpspec diff A B</code> gives the '
                "smallest deal on which they pay differently (the in-browser engine was not part of this build).</p>")
    version = f"?v={bundle_version}" if bundle_version else ""
    return (f'<section id="compare-witness" class="compare-witness" data-bundle="assets/desk/cpspec.zip{version}" '
            'data-pyodide="assets/pyodide/" aria-live="polite"><h2 id="compare-witness-title" '
            'data-msg="witnessTitle">Where two rulesets part</h2>'
            '<p id="compare-witness-status" class="compare-witness-status" data-msg="witnessPick">Pick exactly two '
            "rulesets to see the smallest deal on which they pay differently.</p>"
            '<div id="compare-witness-body"></div></section>\n'
            '<script src="js/desk-messages.js"></script><script src="js/pyodide-wasm.js"></script>'
            '<script src="js/desk-engine.js"></script>'
            '<script src="js/compare-witness.js"></script>')


def comparison_page(inputs: Inputs, engine_available: bool = False, bundle_version: str = "") -> str:
    """One row per rule topic, one column per ruleset, in a scrolling box whose topic column and header row stay
    in place; a chooser (``js/compare.js``) shows only the rulesets to compare. Each cell links the rules. With
    two rulesets picked, :func:`witness_box` shows the deals on which they part (``engine_available``: Pyodide is
    in the build; ``bundle_version``: the desk bundle's hash)."""
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
             "the first chosen ruleset's is highlighted. With exactly two rulesets ticked, the deals on which they "
             "pay differently are shown below the table (`cpspec diff`, run in your browser on the deals of the two "
             "rulesets' cases), each one a link that opens it on the dispute desk. The sections below give the "
             "rule titles.",
             matrix, witness_box(engine_available, bundle_version)]
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
