"""The worked examples from the conformance corpus: a page per ruleset, and a page per (ruleset, topic) that shows
each of its cases in full under an anchor equal to the case's id; the old one-page-per-case addresses
(``cases/<case id>.html``) become small redirects (:func:`case_redirects`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cpspec.errors import CpspecError
from cpspec.present.explain import LinkStyle, explain_deal, md_escape, render_markdown
from cpspec.present.rulebook.inputs import CaseView, Inputs, case_topic
from cpspec.present.rulebook.ruleset_pages import desk_link, example_deal_page, featured_examples
from cpspec.present.rulebook.text import (
    blockquote,
    case_href,
    cases_for,
    code,
    compact,
    flow_yaml,
    slug,
    table,
    topic_title,
)
from cpspec.rules.model import Ruleset

# --- worked examples from the corpus ----------------------------------------------------

#: From a page of ``examples/<ruleset>/`` to the site's root.
_ROOT = "../../"


def _case_meta(case: CaseView, inputs: Inputs) -> str:
    """The case's op, rulesets, pinned rules (each linked to the first of the case's rulesets that has it), tags
    and file, on one line (a table a case would make the site twice as heavy)."""
    pins = []
    for pin in case.pins:
        home = next((r for r in case.rulesets if inputs.registry.has(r) and pin in inputs.registry.get(r).rule_ids),
                    None)
        pins.append(f"[`{pin}`]({_ROOT}rulesets/{home}.md#{pin})" if home else f"`{pin}`")
    items = [f"**op** {code(case.op)}", f"**rulesets** {', '.join(case.rulesets)}",
             f"**pins** {', '.join(pins) or '—'}", f"**tags** {', '.join(case.tags) or '—'}"]
    if case.replaces and case.replaces in inputs.case_homes:
        items.append(f"**replaces** [`{case.replaces}`]({case_href(inputs, case.replaces, _ROOT)})")
    if case.status == "replaced":
        items.append("**status** replaced by a corrected case; no longer run")
    if case.where:
        items.append(f"**file** {code(case.where)}")
    return " · ".join(items)


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
    return render_markdown(explanation, LinkStyle(_ROOT, ".md"), heading_level=4)


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
        parts.append(f"**Deal {number}**{note}\n\n"
                     + render_markdown(explain_deal(ruleset, score_input), LinkStyle(_ROOT, ".md"), heading_level=5))
    seats = list(output["final"])
    rows = [(str(s["deal"]), *(f"{s['totals'][seat]:+d} → {s['running'][seat]:+d}" for seat in seats))
            for s in output["standings"]]
    parts.append("**Standings**\n\n" + table(("deal", *seats), rows))
    reached = output.get("reached")
    if reached:
        winner = reached.get("winner") or "shared"
        rule = reached.get("rule")
        link = f" ([`{rule}`]({_ROOT}rulesets/{ruleset.id}.md#{rule}))" if rule else ""
        parts.append(f"The target of {output['target']} is reached after deal {reached['deal']}; "
                     f"winner: {winner}{link}.")
    else:
        parts.append("No target is reached." if output.get("target") is None
                     else f"The target of {output['target']} is not reached.")
    return "\n\n".join(parts)


#: What the dispute desk's address can carry of a deal: its players' seats, rows or cards, and declarations.
_DESK_DEAL_KEYS = frozenset({"players"})
_DESK_PLAYER_KEYS = frozenset({"seat", "front", "middle", "back", "cards", "declare", "natural"})


def explained_in_full(case: CaseView) -> bool:
    """Whether a case's page explains its deal step by step: a worked example or a tournament. Every other deal
    is explained on the dispute desk, one click away, or by ``cpspec explain``: step-by-step explanations of
    every case would make the site several times heavier."""
    return "worked-example" in case.tags or case.op == "tournament"


def _on_the_desk(case: CaseView) -> bool:
    """Whether the dispute desk's address can carry the case's deal (players' seats, rows or cards, declarations;
    no banker, stacks or button)."""
    players = case.input.get("players") if isinstance(case.input, Mapping) else None
    return (isinstance(players, list) and set(case.input) <= _DESK_DEAL_KEYS
            and all(isinstance(p, Mapping) and set(p) <= _DESK_PLAYER_KEYS for p in players))


def case_section(case: CaseView, inputs: Inputs) -> str:
    """One conformance case as a worked example, under a heading whose anchor is the case's id: what it says,
    the rules it pins, the hand-worked derivation, the deal explained under each of its rulesets, its data."""
    parts = [f"## `{case.id}` {{#{case.id}}}", md_escape(case.description)]
    replaced_by = inputs.replaced_by.get(case.id, ())
    if replaced_by:
        parts.append("**Replaced by** " + ", ".join(f"[`{x}`]({case_href(inputs, x, _ROOT)})" for x in replaced_by)
                     + ".")
    parts.append(_case_meta(case, inputs))
    parts.append("**How the expected answer was worked out**\n\n" + blockquote(case.derivation))
    explain = {"score": _score_under, "tournament": _tournament_under}.get(case.op)
    if explain is not None and not explained_in_full(case) and _on_the_desk(case):
        parts.append("**Step by step:** " + " · ".join(
            f"[under {r} on the dispute desk]({desk_link(r, case.input, _ROOT)})"
            for r in case.rulesets if inputs.registry.has(r)))
    elif explain is not None and not explained_in_full(case):
        parts.append("**Step by step:** the input below, saved as a deal file with its `ruleset`, is explained by "
                     "`cpspec explain FILE`.")
    elif explain is not None:
        for ruleset_id in case.rulesets:
            if inputs.registry.has(ruleset_id):
                parts.append(f"### Under {ruleset_id} {{#{case.id}--{ruleset_id}}}\n\n"
                             + explain(case, inputs.registry.get(ruleset_id)))
    data = "**Input**\n\n" + _data_block(case.input) + "\n\n"
    if case.expected_error is not None:
        data += f"**Expected error:** `{case.expected_error}`"
    else:
        data += "**Expected** (compared as a subset of the output)\n\n" + _data_block(case.expected)
    parts.append(f'<details class="case-data" markdown="1"><summary>The case as data</summary>\n\n{data}\n\n</details>')
    return "\n\n".join(parts)


def _data_block(value: object) -> str:
    """A case's input or expected answer in YAML's flow style, as a code block without a language (the site
    highlights none, and the 6,000-odd blocks would each carry the class)."""
    return "```\n" + flow_yaml(value) + "\n```"


def _case_rows(cases: Iterable[CaseView], inputs: Inputs, root: str = _ROOT) -> list[tuple[str, ...]]:
    return [(f"[`{c.id}`]({case_href(inputs, c.id, root)})" + (" (replaced)" if c.status == "replaced" else ""),
             code(c.op), md_escape(c.description)) for c in sorted(cases, key=lambda c: c.id)]


def examples_index(inputs: Inputs) -> str:
    """The worked examples, grouped by ruleset: each ruleset's page lists its example deals and its cases by topic."""
    parts = ["# Worked examples",
             "The example deals of `examples/` and the conformance corpus (`conformance/cases/`), grouped by ruleset "
             "and, within a ruleset, by the topic of the rule each case pins. Each topic has one page with its cases "
             "in full, each under an anchor equal to its id (`examples/<ruleset>/<topic>.html#<case id>`): the "
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


def _by_topic(ruleset: Ruleset, inputs: Inputs) -> dict[str, list[CaseView]]:
    by_topic: dict[str, list[CaseView]] = {}
    for case in cases_for(inputs, ruleset.id):
        by_topic.setdefault(case_topic(case, ruleset), []).append(case)
    return by_topic


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
    by_topic = _by_topic(ruleset, inputs)
    order = {t: i for i, t in enumerate(inputs.topics)}
    topics = sorted(by_topic, key=lambda t: order.get(t, len(order)))
    pages = _topic_pages(ruleset, inputs)
    if topics:
        parts.append("## Cases by topic {#cases}\n\n" + table(("topic", "cases"), [
            (f"[{topic_title(t)}]({ruleset.id}/{t}.md)" if t in pages else f"[{topic_title(t)}](#cases-{t})",
             str(len(by_topic[t]))) for t in topics]))
    for topic in (t for t in topics if t not in pages):
        parts.append(f"### {topic_title(topic)} {{#cases-{topic}}}\n\nShown in full with another ruleset's cases:"
                     "\n\n" + table(("case", "op", "description"), _case_rows(by_topic[topic], inputs, "../")))
    return "\n\n".join(parts) + "\n"


def _topic_pages(ruleset: Ruleset, inputs: Inputs) -> list[str]:
    """The topics with a page of their own under ``examples/<ruleset>/``: those where some case is shown in full."""
    return sorted({topic for ruleset_id, topic in inputs.case_homes.values() if ruleset_id == ruleset.id})


def ruleset_topic_cases_page(ruleset: Ruleset, topic: str, inputs: Inputs) -> str:
    """The cases of one ruleset whose first pinned rule is on one topic: a list of them all, then in full each
    case whose home this page is (the others are shown in full on their own ruleset's page, and linked)."""
    cases = sorted(_by_topic(ruleset, inputs).get(topic, []), key=lambda c: c.id)
    here = [c for c in cases if inputs.case_homes.get(c.id) == (ruleset.id, topic)]
    parts = [f"# {md_escape(ruleset.id)}: {topic_title(topic).lower()}",
             f"Back to [the worked examples of {md_escape(ruleset.id)}](../{ruleset.id}.md) · "
             + (f"[the rules on this topic]({_ROOT}rulesets/{ruleset.id}.md#topic-{topic})" if topic != "other"
                else f"(these cases pin no rule of {md_escape(ruleset.id)})"),
             ]
    if here:
        parts.append("**On this page:** " + " · ".join(f"[`{c.id}`](#{c.id})" for c in here))
    elsewhere = [c for c in cases if c not in here]
    if elsewhere:
        parts.append("**Shown with another ruleset's cases:**\n\n" + table(("case", "op", "description"),
                                                                          _case_rows(elsewhere, inputs)))
    parts += [case_section(c, inputs) for c in here]
    return "\n\n".join(parts) + "\n"


def example_pages(inputs: Inputs) -> dict[str, str]:
    """Every page under ``examples/``: one per ruleset, one per (ruleset, topic), one per example deal."""
    pages: dict[str, str] = {}
    for ruleset in inputs.rulesets:
        pages[f"examples/{ruleset.id}.md"] = ruleset_examples_page(ruleset, inputs)
        for topic in _topic_pages(ruleset, inputs):
            pages[f"examples/{ruleset.id}/{topic}.md"] = ruleset_topic_cases_page(ruleset, topic, inputs)
        for example in featured_examples(ruleset, inputs):
            name = slug(example.name.removesuffix(".yaml"))
            if f"examples/{ruleset.id}/{name}.md" in pages:
                raise ValueError(f"the example deal {example.name} would replace a page of cases of {ruleset.id}")
            pages[f"examples/{ruleset.id}/{name}.md"] = example_deal_page(ruleset, example)
    return pages


def case_redirects(inputs: Inputs) -> dict[str, str]:
    """The old address of each case (``cases/<case id>.html``, a page each until the cases were grouped) as a
    page of one tag that sends the browser to the case's anchor on its topic's page (some 3,000 of them: each
    is kept to its one line, a tenth of a kilobyte)."""
    pages = {}
    for case_id in inputs.case_homes:
        target = "../" + inputs.case_address(case_id).replace(".md#", ".html#")
        pages[f"cases/{case_id}.html"] = f'<meta http-equiv="refresh" content="0;url={target}">\n'
    return pages
