"""The Chinese reference pages: hand rankings (牌型大小), naturals (特殊牌型) and the glossary (词汇表).

The hand examples are the English page's own (:data:`cpspec.present.rulebook.hand_rankings.FIVE_CARD_EXAMPLES`),
evaluated by the engine and named from their cards in the vocabulary's words; the glossary is the
vocabulary file, term by term.
"""

from __future__ import annotations

from cpspec.present.chinese.common import md, zh
from cpspec.present.explain import card_html
from cpspec.present.explain_translated import hand_words
from cpspec.present.rulebook.hand_rankings import FIVE_CARD_EXAMPLES, FRONT_EXAMPLES
from cpspec.rules.cards import parse_cards
from cpspec.rules.hands import Category, evaluate3, evaluate5
from cpspec.rules.model import Ruleset
from cpspec.rulesets.vocabulary import vocabulary

#: The glossary's sections, in order: group -> heading.
GROUPS = {"segment": "墩", "setting": "摆牌与倒水", "scoring": "计分", "hand": "牌型", "bonus-hand": "奖励牌型",
          "natural": "特殊牌型", "reference": "本规则书的用语", "topic": "规则主题"}


def _example_rows(examples: tuple[tuple[Category, str], ...]) -> list[str]:
    rows = []
    for rank, (category, text) in enumerate(examples, start=1):
        cards = text.split()
        parsed = parse_cards(cards, "hand-rankings example")
        hand = evaluate3(parsed) if len(parsed) == 3 else evaluate5(parsed)
        if hand.category is not category:
            raise ValueError(f"hand-rankings example {text} is a {hand.category.id}, not {category.id}")
        term = vocabulary().term(category.id)
        rows.append(f"| {rank} | {term.zh} | {term.en} | {card_html(cards)} | "
                    f"{md(hand_words(cards, category.id, hand.royal, 'zh'))} |")
    return rows


def hand_rankings_page(rulesets: list[Ruleset]) -> str:
    """The rows, the five-card and front rankings, and where the bilingual rulesets differ (A2345)."""
    header = "| 名次 | 牌型 | English | 例子 | 说法 |\n|---|---|---|---|---|\n"
    segments = "\n".join(f"| {zh(s)} | {vocabulary().term(s).en} | {n} | {md(vocabulary().term(s).zh_text)} |"
                         for s, n in (("front", 3), ("middle", 5), ("back", 5)))
    wheel: dict[str, list[str]] = {}
    for r in rulesets:
        wheel.setdefault(r.parameters.hands.wheel.value, []).append(
            f"[{md(r.title_in('zh'))}](rulesets/{r.id}.md#{r.parameters.hands.rule})")
    said = {"lowest": "A2345 是最小的顺子", "second_highest": "A2345 仅次于 10JQKA"}
    parts = [
        "# 牌型大小",
        "[English](../hand-rankings.md) · **中文**",
        f"中墩和尾墩的五张牌按标准扑克牌型排大小，头墩的三张只有{zh('three_of_a_kind')}、{zh('pair')}和"
        f"{zh('high_card')}。花色不分大小。下面每个例子都在生成本页时由参考引擎（`cpspec.rules.hands`）判定。",
        "## 三墩 {#segments}",
        f"| {zh('segment')} | English | 张数 | 说明 |\n|---|---|---|---|\n" + segments,
        "## 五张牌的牌型 {#five-card}",
        header + "\n".join(_example_rows(FIVE_CARD_EXAMPLES)),
        f"## {zh('front')}（三张） {{#front}}",
        f"三张连牌或同花色在{zh('front')}只算{zh('high_card')}（三顺子、三同花等{zh('natural')}除外）。",
        header + "\n".join(_example_rows(FRONT_EXAMPLES)),
        "## 各规则集的不同 {#differences}",
        f"**{zh('wheel')}。** " + "；".join(f"{said.get(k, k)}：{'、'.join(v)}" for k, v in wheel.items()) + "。",
    ]
    return "\n\n".join(parts) + "\n"


def naturals_page(rulesets: list[Ruleset]) -> str:
    """Every natural of the bilingual rulesets: its name, what it is, and its value in each ruleset."""
    kinds = list(dict.fromkeys(h.kind for r in rulesets for h in r.parameters.naturals.hands))
    header = "| " + " | ".join(f"[`{r.id}`](rulesets/{r.id}.md#naturals)" for r in rulesets) + " |"
    rows = []
    for kind in kinds:
        term = vocabulary().term(kind)
        cells = []
        for r in rulesets:
            hand = next((h for h in r.parameters.naturals.hands if h.kind == kind), None)
            cells.append(f"[{hand.points}](rulesets/{r.id}.md#{hand.rule})" if hand else "—")
        rows.append(f"| {term.zh} | {md(term.en)} | {md(term.zh_text)} | " + " | ".join(cells) + " |")
    return "\n\n".join([
        f"# {zh('natural')}",
        "[English](../naturals.md) · **中文**",
        f"{md(vocabulary().term('natural').zh_text)}各规则集的水数（向每个对手收）如下；点水数可看该规则的原文与出处。",
        f"| {zh('natural')} | English | 说明 " + header + "\n|---|---|---|" + "---|" * len(rulesets) + "\n"
        + "\n".join(rows),
    ]) + "\n"


def glossary_page() -> str:
    """The vocabulary, group by group: the Chinese term, the English one, other names, the definition."""
    parts = ["# 词汇表", "[English](../glossary.md) · **中文**",
             "本规则书中文版和 `cpspec explain --lang zh` 所用的词，一词一个编号（`rulesets/vocabulary/terms.yaml`）。"
             "「又称」是玩家的其他说法（繁体、各地用语），本书不用。"]
    terms = vocabulary()
    for group, heading in GROUPS.items():
        parts.append(f"## {heading} {{#group-{group}}}")
        for term in terms.group(group):
            english = (f"[{md(term.en)}](../glossary.md#{term.glossary})" if term.glossary else md(term.en))
            also = f" · 又称：{'、'.join(term.zh_also)}" if term.zh_also else ""
            parts.append(f"### {term.zh} {{#{term.id}}}\n\nEnglish：{english}{also}\n\n{md(term.zh_text)}")
    return "\n\n".join(parts) + "\n"


__all__ = ["GROUPS", "glossary_page", "hand_rankings_page", "naturals_page"]
