"""The worked examples from the conformance corpus."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cpspec.errors import CpspecError
from cpspec.present.explain import LinkStyle, explain_deal, md_escape, render_markdown
from cpspec.present.rulebook.inputs import CaseView, Inputs
from cpspec.present.rulebook.ruleset_pages import example_deal_page, featured_examples
from cpspec.present.rulebook.text import (
    blockquote,
    case_href,
    cases_for,
    code,
    compact,
    json_block,
    slug,
    table,
    topic_title,
)
from cpspec.rules.model import Ruleset

# --- worked examples from the corpus ----------------------------------------------------


def _case_meta(case: CaseView, inputs: Inputs) -> str:
    rulesets = ", ".join(f"[{r}](../rulesets/{r}.md)" if inputs.registry.has(r) else code(r) for r in case.rulesets)
    pins = []
    for pin in case.pins:
        links = [f"[{r}](../rulesets/{r}.md#{pin})" for r in case.rulesets
                 if inputs.registry.has(r) and pin in inputs.registry.get(r).rule_ids]
        pins.append(f"`{pin}` ({', '.join(links)})" if links else f"`{pin}`")
    rows = [("op", code(case.op)), ("rulesets", rulesets), ("pins", "<br>".join(pins) or "—"),
            ("tags", ", ".join(case.tags) or "—")]
    if case.replaces:
        rows.append(("replaces", f"[`{case.replaces}`]({case.replaces}.md)"))
    if case.status == "replaced":
        rows.append(("status", "replaced by a corrected case; no longer run"))
    if case.where:
        rows.append(("file", code(case.where)))
    return table(("", ""), rows)


def _score_under(case: CaseView, ruleset: Ruleset) -> str:
    from cpspec.protocol.ops.deals import op_score

    if not isinstance(case.input, Mapping):
        return "The input is not an object."
    try:
        output = op_score(ruleset, case.input)
    except CpspecError as error:
        expected = f"The corpus expects the error `{case.expected_error}`. " if case.expected_error else ""
        return f"{expected}The reference engine answers `{error.code}`: {md_escape(error.describe())}"
    explanation = explain_deal(ruleset, case.input, output)
    return render_markdown(explanation, LinkStyle("../", ".md"), heading_level=3)


def _tournament_under(case: CaseView, ruleset: Ruleset) -> str:
    """Each deal of a tournament case explained, then the running standings."""
    from cpspec.protocol.ops.deals import op_tournament

    if not isinstance(case.input, Mapping):
        return "The input is not an object."
    try:
        output = op_tournament(ruleset, case.input)
    except CpspecError as error:
        expected = f"The corpus expects the error `{case.expected_error}`. " if case.expected_error else ""
        return f"{expected}The reference engine answers `{error.code}`: {md_escape(error.describe())}"
    parts = []
    for number, deal in enumerate(case.input.get("deals", []), start=1):
        replaced = deal.get("replacements") if isinstance(deal, Mapping) else None
        note = f" (replacements: {md_escape(compact(replaced))})" if replaced else ""
        score_input = {k: v for k, v in deal.items() if k != "replacements"}
        parts.append(f"### Deal {number}{note}\n\n"
                     + render_markdown(explain_deal(ruleset, score_input), LinkStyle("../", ".md"), heading_level=4))
    seats = list(output["final"])
    rows = [(str(s["deal"]), *(f"{s['totals'][seat]:+d} → {s['running'][seat]:+d}" for seat in seats))
            for s in output["standings"]]
    parts.append("### Standings\n\n" + table(("deal", *seats), rows))
    reached = output.get("reached")
    if reached:
        winner = reached.get("winner") or "shared"
        rule = reached.get("rule")
        link = f" ([`{rule}`](../rulesets/{ruleset.id}.md#{rule}))" if rule else ""
        parts.append(f"The target of {output['target']} is reached after deal {reached['deal']}; "
                     f"winner: {winner}{link}.")
    else:
        parts.append("No target is reached." if output.get("target") is None
                     else f"The target of {output['target']} is not reached.")
    return "\n\n".join(parts)


def case_page(case: CaseView, inputs: Inputs) -> str:
    """One conformance case as a worked example, linked to the rules it pins."""
    replaced_by = [c.id for c in inputs.cases if c.replaces == case.id]
    parts = [f"# {case.id}", md_escape(case.description)]
    if replaced_by:
        parts.append("**Replaced by** " + ", ".join(f"[`{x}`]({x}.md)" for x in replaced_by) + ".")
    parts.append(_case_meta(case, inputs))
    parts.append("## How the expected answer was worked out {#derivation}\n\n" + blockquote(case.derivation))
    explain = {"score": _score_under, "tournament": _tournament_under}.get(case.op)
    if explain is not None:
        for ruleset_id in case.rulesets:
            if not inputs.registry.has(ruleset_id):
                continue
            parts.append(f"## Under {ruleset_id} {{#under-{ruleset_id}}}\n\n"
                         + explain(case, inputs.registry.get(ruleset_id)))
    parts.append("## The case as data {#data}\n\n**Input**\n\n" + json_block(case.input))
    if case.expected_error is not None:
        parts.append(f"**Expected error:** `{case.expected_error}`")
    else:
        parts.append("**Expected** (compared as a subset of the output)\n\n" + json_block(case.expected))
    return "\n\n".join(parts) + "\n"


def _case_topic(case: CaseView, ruleset: Ruleset) -> str:
    """The topic of the first rule a case pins in this ruleset (``other`` when it pins none of them)."""
    for pin in case.pins:
        if pin in ruleset.rule_ids:
            return ruleset.rule(pin).topic
    return "other"


def _case_rows(cases: Iterable[CaseView]) -> list[tuple[str, ...]]:
    return [(f"[`{c.id}`]({case_href(c.id, '../../')})" + (" (replaced)" if c.status == "replaced" else ""),
             code(c.op), md_escape(c.description)) for c in sorted(cases, key=lambda c: c.id)]


def examples_index(inputs: Inputs) -> str:
    """The worked examples, grouped by ruleset: each ruleset's page lists its example deals and its cases by topic."""
    parts = ["# Worked examples",
             "The example deals of `examples/` and the conformance corpus (`conformance/cases/`), grouped by ruleset "
             "and, within a ruleset, by the topic of the rule each case pins. Every case has its own short page: the "
             "hand-worked derivation, then the deal explained step by step under each of its rulesets."]
    if not inputs.cases:
        parts.append("The corpus has no cases yet.")
    rows = []
    for ruleset in inputs.rulesets:
        cases = cases_for(inputs, ruleset.id)
        deals = [e for e in inputs.examples if e.ruleset == ruleset.id]
        rows.append((f"[{md_escape(ruleset.title)}](examples/{ruleset.id}.md)", str(len(deals)), str(len(cases))))
    parts.append(table(("ruleset", "example deals", "cases"), rows))
    return "\n\n".join(parts) + "\n"


def ruleset_examples_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """One ruleset's worked examples: its example deals, then its cases by topic (each topic a page)."""
    parts = [f"# Worked examples: {md_escape(ruleset.title)}",
             f"Back to [{md_escape(ruleset.title)}](../rulesets/{ruleset.id}.md) · [all rulesets](../examples.md)"]
    deals = featured_examples(ruleset, inputs)
    if deals:
        parts.append("## Example deals {#deals}\n\n" + "\n".join(
            f"- [`{e.name}`]({ruleset.id}/{slug(e.name.removesuffix('.yaml'))}.md)"
            + (f" (written for {e.ruleset})" if e.ruleset != ruleset.id else "")
            + (f": {md_escape(e.comment.splitlines()[0])}" if e.comment else "") for e in deals))
    by_topic: dict[str, list[CaseView]] = {}
    for case in cases_for(inputs, ruleset.id):
        by_topic.setdefault(_case_topic(case, ruleset), []).append(case)
    order = {t: i for i, t in enumerate(inputs.topics)}
    topics = sorted(by_topic, key=lambda t: order.get(t, len(order)))
    if topics:
        parts.append("## Cases by topic {#cases}\n\n" + table(("topic", "cases"), [
            (f"[{topic_title(t)}]({ruleset.id}/{t}.md)", str(len(by_topic[t]))) for t in topics]))
    return "\n\n".join(parts) + "\n"


def ruleset_topic_cases_page(ruleset: Ruleset, topic: str, inputs: Inputs) -> str:
    """The cases of one ruleset whose first pinned rule is on one topic."""
    cases = [c for c in cases_for(inputs, ruleset.id) if _case_topic(c, ruleset) == topic]
    return (f"# {md_escape(ruleset.id)}: {topic_title(topic).lower()}\n\n"
            f"Back to [the worked examples of {md_escape(ruleset.id)}](../{ruleset.id}.md) · "
            + (f"[the rules on this topic](../../rulesets/{ruleset.id}.md#topic-{topic})" if topic != "other"
               else f"(these cases pin no rule of {md_escape(ruleset.id)})") + "\n\n"
            + table(("case", "op", "description"), _case_rows(cases)) + "\n")


def example_pages(inputs: Inputs) -> dict[str, str]:
    """Every page under ``examples/``: one per ruleset, one per (ruleset, topic), one per example deal."""
    pages: dict[str, str] = {}
    for ruleset in inputs.rulesets:
        pages[f"examples/{ruleset.id}.md"] = ruleset_examples_page(ruleset, inputs)
        topics = {_case_topic(c, ruleset) for c in cases_for(inputs, ruleset.id)}
        for topic in sorted(topics):
            pages[f"examples/{ruleset.id}/{topic}.md"] = ruleset_topic_cases_page(ruleset, topic, inputs)
        for example in featured_examples(ruleset, inputs):
            name = slug(example.name.removesuffix(".yaml"))
            pages[f"examples/{ruleset.id}/{name}.md"] = example_deal_page(ruleset, example)
    return pages
