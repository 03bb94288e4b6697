"""A bilingual ruleset's Chinese page: the same rules under the same anchors as its English page."""

from __future__ import annotations

from cpspec.present.chinese.common import md, zh
from cpspec.rules.model import Citation, Rule, Ruleset

#: From ``zh/rulesets/<id>.md`` to the docs root.
ROOT = "../../"


def citation_line(citation: Citation, ruleset: Ruleset) -> str:
    """A citation: the source's title and address, and the quote in the source's own words."""
    source = next((s for s in ruleset.sources if s.key == citation.source), None)
    title = md(source.title) if source is not None else md(citation.source)
    address = source.url if source is not None and source.url else None
    where = f"（<{address}>）" if address else ""
    quote = "\n".join(f"> {md(line)}" for line in citation.quote.strip().splitlines())
    kind = "意述（非原文）" if citation.paraphrase else "原文"
    return f"**来源：** *{title}*{where}，{kind}：\n\n{quote}"


def rule_section(ruleset: Ruleset, rule: Rule) -> str:
    """One rule: its Chinese title under the rule's own anchor, the text, citations and interpretation."""
    zh_rule = rule.translation("zh")
    title = rule.title_in("zh")
    english = f"{ROOT}rulesets/{ruleset.id}.md#{rule.id}"
    parts = [f"### `{rule.id}` {md(title)} {{#{rule.id}}}",
             f"**{zh('citation')}：** `{ruleset.id} {ruleset.version}, rule {rule.id}` · "
             f"英文原文：[{md(rule.title)}]({english})"
             + (f" · 继承自 [{rule.origin}]({rule.origin}.md#{rule.id})" if rule.origin != ruleset.id else ""),
             md(rule.text_in("zh").strip())]
    parts += [citation_line(c, ruleset) for c in rule.citations]
    interpretation = rule.interpretation
    if interpretation is not None:
        says = zh_rule.source_says if zh_rule and zh_rule.source_says else interpretation.source_says
        reading = zh_rule.reading if zh_rule and zh_rule.reading else interpretation.reading
        others = zh_rule.alternatives if zh_rule and zh_rule.alternatives else interpretation.alternatives
        parts.append(f"**{zh('interpretation')}**（[模糊之处登记：{interpretation.topic}]({ROOT}ambiguities.md#"
                     f"{interpretation.topic})）\n\n"
                     f"- *来源所说：* {md(says.strip())}\n"
                     f"- *采用的解读：* {md(reading.strip())}\n"
                     f"- *{zh('alternative')}：*\n" + "\n".join(f"    - {md(a.strip())}" for a in others))
    return "\n\n".join(parts)


def naturals_table(ruleset: Ruleset) -> str:
    """The ruleset's naturals: the Chinese name, the English one, the value, the rank, the rule."""
    naturals = ruleset.parameters.naturals
    how = f"须{zh('declare')}才算" if naturals.declaration == "declared" else f"不必{zh('declare')}"
    rows = [f"| [{md(h.names.zh or h.id)}](#{h.rule}) | {md(h.names.en or h.id)} | {h.points} | {h.rank} | "
            f"[`{h.rule}`](#{h.rule}) |" for h in naturals.hands]
    return (f"## {zh('natural')} {{#naturals}}\n\n{zh('natural')}{how}；排名 1 最大。各牌型的说明见"
            f"[{zh('natural')}]({ROOT}zh/naturals.md)。\n\n"
            f"| {zh('natural')} | English | {zh('unit')} | 排名 | 规则 |\n|---|---|---|---|---|\n" + "\n".join(rows))


def topic_name(topic: str) -> str:
    """A rule topic's Chinese name (the vocabulary's ``topic-<topic>``), its id where it has none."""
    try:
        return zh(f"topic-{topic}")
    except KeyError:
        return topic


def ruleset_page(ruleset: Ruleset) -> str:
    """The Chinese page of one bilingual ruleset, linked to its English twin at the same anchors."""
    parent = f"[{ruleset.extends}]({ruleset.extends}.md)" if ruleset.extends else "—"
    parts = [f"# {md(ruleset.title_in('zh'))}",
             f"[English]({ROOT}rulesets/{ruleset.id}.md) · **中文**",
             md(ruleset.summary_in("zh").strip()),
             f"| {zh('ruleset')} | 版本 | 继承 | 规则数 | {zh('citation')}格式 |\n|---|---|---|---|---|\n"
             f"| `{ruleset.id}` | {ruleset.version} | {parent} | {len(ruleset.rules)} | "
             f"`{ruleset.id} {ruleset.version}, rule <{zh('rule-id')}>` |",
             f"[在{zh('desk')}上计分]({ROOT}desk.md?lang=zh&ruleset={ruleset.id}) · "
             f"[实例（英文）]({ROOT}examples/{ruleset.id}.md) · "
             f"[如何解决争议]({ROOT}zh/how-to-settle-a-dispute.md) · [牌型大小]({ROOT}zh/hand-rankings.md)"]
    if ruleset.parameters.naturals.hands:
        parts.append(naturals_table(ruleset))
    topics = list(dict.fromkeys(r.topic for r in ruleset.rules))
    for topic in topics:
        parts.append(f"## 规则：{topic_name(topic)} {{#topic-{topic}}}")
        parts += [rule_section(ruleset, rule) for rule in ruleset.rules if rule.topic == topic]
    parts.append("## 来源 {#sources}\n\n" + "\n".join(
        f"- {md(s.title)}" + (f" — <{s.url}>（{s.read} 读取）" if s.url else "") for s in ruleset.sources))
    return "\n\n".join(parts) + "\n"


__all__ = ["citation_line", "naturals_table", "rule_section", "ruleset_page", "topic_name"]
