"""The rulesets index, each ruleset's page (its rules by topic, their citations), and the example deal pages."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from cpspec.errors import CpspecError
from cpspec.present.differences import parent_difference_section
from cpspec.present.explain import LinkStyle, explain_deal, md_escape, render_markdown
from cpspec.present.readings import alternatives
from cpspec.present.rulebook.inputs import ExampleDeal, Inputs, page_text, quote_in_context, saved_name
from cpspec.present.rulebook.summaries import topic_summary
from cpspec.present.rulebook.text import (
    blockquote,
    case_href,
    cases_for,
    citation_text,
    code,
    compact,
    flatten,
    rule_parameters,
    slug,
    table,
    topic_title,
)
from cpspec.present.vocabulary import conditions_text
from cpspec.rules.model import Citation, Rule, Ruleset, Source
from cpspec.rulesets.loader import RulesetRegistry

# --- the ruleset pages -------------------------------------------------------------------


def featured_examples(ruleset: Ruleset, inputs: Inputs) -> list[ExampleDeal]:
    """The example deals of this ruleset's sources: deals whose own ruleset's first source it shares."""
    mine = {s.key for s in ruleset.sources}
    featured = []
    for example in inputs.examples:
        if not inputs.registry.has(example.ruleset):
            continue
        owner = inputs.registry.get(example.ruleset)
        if owner.sources and owner.sources[0].key in mine:
            featured.append(example)
    return featured


def _example_section(ruleset: Ruleset, example: ExampleDeal, prefix: str = "../") -> str:
    parts = [f"## Worked example: `{example.name}` {{#example-{slug(example.name)}}}"]
    if example.ruleset == ruleset.id:
        parts.append(f"The deal file `examples/{example.name}` scored under this ruleset, step by step "
                     f"(the same as `cpspec explain examples/{example.name}`).")
    else:
        parts.append(f"The deal file `examples/{example.name}` (written for {example.ruleset}) scored under "
                     f"this ruleset, step by step (`cpspec explain examples/{example.name} --ruleset {ruleset.id}`).")
    if example.comment:
        parts.append("The file's own notes:\n\n```text\n" + example.comment + "\n```")
    try:
        explanation = explain_deal(ruleset, example.deal)
    except CpspecError as error:
        parts.append(f"This deal cannot be scored under {ruleset.id}: {md_escape(error.describe())}")
        return "\n\n".join(parts)
    parts.append(render_markdown(explanation, LinkStyle(prefix, ".md"), heading_level=3))
    return "\n\n".join(parts)


def desk_link(ruleset_id: str, deal: Mapping[str, Any], prefix: str = "", lang: str = "en") -> str:
    """The dispute desk's address with this deal filled in (the query ``site/docs/js/desk.js`` reads); a
    ``lang`` other than English opens the desk in that language (``lang=zh``)."""
    from urllib.parse import urlencode

    query: list[tuple[str, str]] = [("ruleset", ruleset_id)] + ([("lang", lang)] if lang != "en" else [])
    for index, player in enumerate(deal.get("players", [])):
        query.append((f"s{index}", str(player.get("seat", ""))))
        for key, name in (("f", "front"), ("m", "middle"), ("b", "back"), ("c", "cards")):
            if isinstance(player.get(name), list):
                query.append((f"{key}{index}", " ".join(str(c) for c in player[name])))
        for key, name in (("d", "declare"), ("n", "natural")):
            if player.get(name):
                query.append((f"{key}{index}", str(player[name])))
    return f"{prefix}desk.md?{urlencode(query)}"



def _inheritance_section(ruleset: Ruleset, registry: RulesetRegistry) -> str:
    if not ruleset.extends:
        return ""
    parent = registry.get(ruleset.extends)
    own = [r for r in ruleset.rules if r.origin == ruleset.id]
    inherited = [r for r in ruleset.rules if r.origin != ruleset.id]
    removed = [str(x) for x in ruleset.document.get("removes_rules", [])]
    parts = ["## What it inherits {#inheritance}",
             f"This ruleset extends [{parent.id}]({parent.id}.md) ({md_escape(parent.title)} {parent.version}): "
             "it keeps that ruleset's parameters except those listed below, and its rules except the ones it removes."]
    if inherited:
        parts.append("**Inherited rules:** " + ", ".join(f"[`{r.id}`](#{r.id})" for r in inherited))
    if removed:
        parts.append("**Removed rules** (replaced by this ruleset's own): "
                     + ", ".join(f"[`{rid}`]({parent.id}.md#{rid})" if rid in parent.rule_ids else f"`{rid}`"
                                 for rid in removed))
    if own:
        parts.append("**Its own rules:** " + ", ".join(f"[`{r.id}`](#{r.id})" for r in own))
    before = flatten(parent.document.get("parameters", {}))
    after = flatten(ruleset.document.get("parameters", {}))
    changed = [(path, before.get(path), after.get(path)) for path in sorted(set(before) | set(after))
               if before.get(path) != after.get(path)]
    if changed:
        rows = [(code(path), md_escape(compact(old) if path in before else "—"),
                 md_escape(compact(new) if path in after else "—")) for path, old, new in changed]
        parts.append("**Parameters overridden:**\n\n" + table(("parameter", parent.id, ruleset.id), rows))
    else:
        parts.append("**Parameters overridden:** none.")
    return "\n\n".join(parts)


def source_address(source: Source, inputs: Inputs) -> str | None:
    """A source's public address: a page's own, or the one its saved copy's header gives."""
    return source.url or (inputs.addresses.get(source.file) if source.file else None)


def _citation(citation: Citation, sources: Mapping[str, Source], inputs: Inputs) -> str:
    """A citation: the source's title and name, its public address where known, the quote (or the paraphrase),
    and the quote in its context where the saved text is available."""
    key = citation.source
    source = sources.get(key)
    title = source.title if source is not None else key
    address = source_address(source, inputs) if source is not None else None
    where = f"<{address}>" if address else "no public address is known"
    named = f"[`{key}`](#sources); {where}" if source is None or source.file else f"[source](#sources): <{key}>"
    read = f", read {source.read}" if source is not None and source.read else ""
    head = f"**Source:** *{md_escape(title)}* ({named}{read})"
    if citation.paraphrase:
        return f"{head}\n\n*Paraphrase (not the source's words):*\n\n{blockquote(citation.quote)}"
    name = saved_name(key, inputs)
    context = quote_in_context(page_text(inputs.source_texts[name]), citation.quote) if name is not None else None
    if context is None:
        note = "" if name is None else "\n\n*(The quote is not word for word in the saved text.)*"
        return f"{head}\n\n{blockquote(citation.quote)}{note}"
    before, after = context
    shown = (f"…{md_escape(before)} " if before else "") + f"**{md_escape(' '.join(citation.quote.split()))}**" + (
        f" {md_escape(after)}…" if after else "")
    return (f"{head}\n\n{blockquote(citation.quote)}\n\n"
            f'<details class="citation-context" markdown="1"><summary>In context</summary>\n\n{shown}\n\n</details>')


def _rule_section(ruleset: Ruleset, rule: Rule, inputs: Inputs, sources: Mapping[str, Source]) -> str:
    parts = [f"### `{rule.id}` {md_escape(rule.title)} {{#{rule.id}}}"]
    meta = [f"**Cite as:** {code(citation_text(ruleset, rule.id))}",
            f"topic [{topic_title(rule.topic).lower()}](../comparison.md#{rule.topic})"]
    if rule.origin != ruleset.id:
        meta.append(f"inherited from [{rule.origin}]({rule.origin}.md#{rule.id})")
    parts.append(" · ".join(meta))
    parts.append(md_escape(rule.text.strip()))
    for citation in rule.citations:
        parts.append(_citation(citation, sources, inputs))
    if rule.interpretation is not None:
        i = rule.interpretation
        patches = {a.reading: a.parameters for a in alternatives(ruleset, rule.id)}
        prose = {a.reading: a.prose_because or "" for a in alternatives(ruleset, rule.id)}
        alternatives_text = "\n".join(
            f"    - {md_escape(a)}"
            + (f" *(carried out by the parameters* {code(json.dumps(patches[a]))}*: cpspec explain scores it)*"
               if patches.get(a) else f" *(no parameter: {md_escape(prose[a])})*" if prose.get(a) else "")
            for a in i.alternatives)
        parts.append(
            f"**Interpretation** ([ambiguity register: {i.topic}](../ambiguities.md#{i.topic}))\n\n"
            f"- *What the source says:* {md_escape(i.source_says)}\n"
            f"- *The reading chosen:* {md_escape(i.reading)}\n"
            f"- *The alternatives:*\n{alternatives_text}"
        )
    params = rule_parameters(ruleset, rule.id)
    if params:
        parts.append("**Parameters it governs:** "
                     + "; ".join(f"{code(path)}" + (f" ({md_escape(values)})" if values else "")
                                 for path, values in params))
    examples = [c for c in cases_for(inputs, ruleset.id) if rule.id in c.pins]
    if examples:
        shown = sorted(examples, key=lambda c: ("worked-example" not in c.tags, c.status == "replaced"))[:WORKED_SHOWN]
        more = (f"\n\n[All {len(examples)} cases that pin it]({'../' + inputs.cases_page(ruleset.id, rule.topic)}), "
                f"with the other cases on {topic_title(rule.topic).lower()}." if len(examples) > len(shown) else "")
        parts.append("**Worked examples:**\n\n" + "\n".join(
            f"- [`{c.id}`]({case_href(inputs, c.id)}): {md_escape(c.description)}" for c in shown) + more)
    return "\n\n".join(parts)


#: How many of the cases that pin a rule its entry lists (worked examples first); a link leads to the rest.
WORKED_SHOWN = 5


def _source_line(source: Source, inputs: Inputs) -> str:
    if source.url:
        return f"- {md_escape(source.title)} — <{source.url}> (read {source.read})"
    address = source_address(source, inputs)
    return f"- `{source.file}`: {md_escape(source.title)}" + (f" — <{address}>" if address
                                                             else " (no public address is known)")


def ruleset_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """The page of one ruleset, rules first: the summary, the rules by topic, then its worked examples,
    then its sources, changelog and inheritance."""
    sources = {s.key: s for s in ruleset.sources}
    parts = [f"# {md_escape(ruleset.title)}", md_escape(ruleset.summary.strip())]
    parent = f"[{ruleset.extends}]({ruleset.extends}.md)" if ruleset.extends else "—"
    parts.append(table(("id", "version", "extends", "rules", "cite a rule as"), [
        (code(ruleset.id), ruleset.version, parent, str(len(ruleset.rules)),
         code(citation_text(ruleset, "<rule id>")))]))
    parts.append(f"[Printable one-page summary](../print/{ruleset.id}.md) · "
                 f"[Settle a deal on the dispute desk](../desk.md) · "
                 f"[Worked examples](../examples/{ruleset.id}.md)")
    order = {t: i for i, t in enumerate(inputs.topics)}
    topics = sorted(dict.fromkeys(r.topic for r in ruleset.rules), key=lambda t: order.get(t, len(order)))
    parts.append("## Summary {#parameters}\n\n" + table(
        ("topic", "summary", "rules"),
        [(f"[{topic_title(t)}](#topic-{t})" if t in topics else topic_title(t), md_escape(topic_summary(ruleset, t)),
          ", ".join(f"[`{r.id}`](#{r.id})" for r in ruleset.rules if r.topic == t))
         for t in inputs.topics if topic_summary(ruleset, t) or any(r.topic == t for r in ruleset.rules)]))
    if ruleset.parameters.naturals.hands:
        parts.append(naturals_section(ruleset, "naturals.md" in inputs.docs))
    for topic in topics:
        parts.append(f"## Rules: {topic_title(topic).lower()} {{#topic-{topic}}}")
        for rule in ruleset.rules:
            if rule.topic == topic:
                parts.append(_rule_section(ruleset, rule, inputs, sources))
    examples = [e for e in featured_examples(ruleset, inputs)]
    worked = [c for c in cases_for(inputs, ruleset.id) if "worked-example" in c.tags and c.status != "replaced"]
    lines = [f"- [`{e.name}`](../examples/{ruleset.id}/{slug(e.name.removesuffix('.yaml'))}.md), explained under "
             f"this ruleset" for e in examples]
    lines += [f"- [`{c.id}`]({case_href(inputs, c.id)}): {md_escape(c.description)}" for c in worked]
    parts.append("## Worked examples {#worked-examples}\n\n"
                 + (f"Every case of this ruleset, by topic: [worked examples of {ruleset.id}](../examples/"
                    f"{ruleset.id}.md).\n\n") + "\n".join(lines))
    parts.append("## Sources {#sources}\n\n" + "\n".join(_source_line(s, inputs) for s in ruleset.sources))
    parts.append("## Changelog {#changelog}\n\n" + "\n".join(
        f"- **{c.version}** ({c.date}): {md_escape(c.changes)}" for c in ruleset.changelog))
    inheritance = _inheritance_section(ruleset, inputs.registry)
    if inheritance:
        parts.append(inheritance)
        parts.append(parent_difference_section(ruleset, inputs.registry, lambda r, deal: desk_link(r, deal, "../")))
    return "\n\n".join(parts) + "\n"


def naturals_section(ruleset: Ruleset, vocabulary_page: bool = True) -> str:
    """The ruleset's naturals: names in both languages, value, rank, and what each requires of the 13 cards.

    ``vocabulary_page``: the site includes docs/naturals.md, which the section links to.
    """
    naturals = ruleset.parameters.naturals
    rows = [(f"[`{h.id}`](#{h.rule})", md_escape(h.names.en or h.id), md_escape(h.names.zh or "—"), str(h.points),
             str(h.rank), md_escape(conditions_text(h.requires)))
            for h in naturals.hands]
    how = "counted whether declared or not" if naturals.declaration == "automatic" else "counted only when declared"
    same = ("two of the same natural are compared" if naturals.same_natural == "compare"
            else "two of the same natural push")
    return ("## Naturals {#naturals}\n\n"
            f"Naturals are {how}; rank 1 is the highest; {same}. Each is defined by what it requires of the 13 cards"
            + (" ([the vocabulary](../naturals.md))" if vocabulary_page else "") + ".\n\n"
            + table(("natural", "name", "中文", "points", "rank", "requires"), rows))


def example_deal_page(ruleset: Ruleset, example: ExampleDeal) -> str:
    """One example deal explained under one ruleset (the section that used to sit on the ruleset page)."""
    section = _example_section(ruleset, example, "../../")
    desk = desk_link(ruleset.id, example.deal, "../../")
    return (f"# {md_escape(example.name)} under {md_escape(ruleset.id)}\n\n"
            f"[Open this deal on the dispute desk]({desk}) · [{md_escape(ruleset.title)}](../../rulesets/"
            f"{ruleset.id}.md)\n\n" + section.split("\n\n", 1)[1] + "\n")


def rulesets_index(inputs: Inputs) -> str:
    """The rulesets page: a table of every ruleset with its id, version, parent and summary."""
    rows = [(f"[{md_escape(r.title)}](rulesets/{r.id}.md)", code(r.id), r.version,
             f"[{r.extends}](rulesets/{r.extends}.md)" if r.extends else "—", md_escape(r.summary.strip()))
            for r in inputs.rulesets]
    return ("# Rulesets\n\nEvery variant is a ruleset: a file of `rulesets/` with its sources, its rules and the "
            "parameters the engine reads. Each rule has a permanent address: "
            "`rulesets/<ruleset>.html#<rule id>`.\n\n"
            + table(("ruleset", "id", "version", "extends", "summary"), rows) + "\n")
