"""The Chinese home page (中文版首页) and dispute guide (如何解决争议), with disputes settled in Chinese.

The disputes are the example deals named ``*-zh.yaml`` (``examples/``), each under its own ruleset.
"""

from __future__ import annotations

from cpspec.present.chinese.common import ChineseLinks, md, zh
from cpspec.present.explain import explain_deal, render_markdown
from cpspec.present.rulebook import ExampleDeal, Inputs, desk_link
from cpspec.rules.model import Ruleset

#: How the example deals the Chinese guide settles are named.
DISPUTE_SUFFIX = "-zh.yaml"


def index_page(rulesets: list[Ruleset]) -> str:
    """The Chinese edition's home: what it holds, and the rulesets written in Chinese."""
    first = rulesets[0]
    rule = first.rules[0].id
    rows = "\n".join(f"| [{md(r.title_in('zh'))}](rulesets/{r.id}.md) | `{r.id}` | {r.version} | "
                     f"{md(r.summary_in('zh').strip())} |" for r in rulesets)
    return "\n\n".join([
        f"# {zh('game')}规则书（中文版）",
        "[English](../index.md) · **中文**",
        f"{zh('game')}的规则写成数据：每条规则有固定的{zh('rule-id')}、中英文两种文字和出处的原文。中文版与英文版是同一套"
        f"规则，同一个编号、同一个锚点：`zh/rulesets/{first.id}.html#{rule}` 与 `rulesets/{first.id}.html#{rule}` "
        "是同一条规则的两种文字；英文为准。",
        f"| {zh('ruleset')} | 编号 | 版本 | 简介 |\n|---|---|---|---|\n" + rows,
        f"- [如何解决争议](how-to-settle-a-dispute.md)：引用规则、查实例、用 `cpspec explain --lang zh` 逐步计分\n"
        f"- [牌型大小](hand-rankings.md)：{zh('front')}、{zh('middle')}、{zh('back')}和各牌型\n"
        f"- [{zh('natural')}](naturals.md)：各规则集的{zh('natural')}与水数\n"
        "- [词汇表](glossary.md)：本书所用的每个词及其英文",
    ]) + "\n"


def disputes(inputs: Inputs) -> list[ExampleDeal]:
    """The example deals the Chinese guide settles (named ``*-zh.yaml``, of a ruleset written in Chinese)."""
    found = [e for e in inputs.examples if e.name.endswith(DISPUTE_SUFFIX)
             and "zh" in inputs.registry.get(e.ruleset).languages]
    if not found:
        raise ValueError(f"the Chinese dispute guide settles the examples named *{DISPUTE_SUFFIX}; there are none")
    return found


def settled(example: ExampleDeal, inputs: Inputs) -> str:
    """One example deal: its file and its explanation in Chinese, step by step."""
    ruleset = inputs.registry.get(example.ruleset)
    explained = render_markdown(explain_deal(ruleset, example.deal, lang="zh"), ChineseLinks("../", ".md"),
                                heading_level=3)
    deal = "\n".join("  - {" + ", ".join(f"{k}: [{', '.join(v)}]" if isinstance(v, list) else f"{k}: {v}"
                                          for k, v in p.items()) + "}" for p in example.deal["players"])
    return "\n\n".join([
        f"`examples/{example.name}`，依{zh('ruleset')} `{ruleset.id}` 计分："
        f"[在{zh('desk')}上打开]({desk_link(ruleset.id, example.deal, '../', 'zh')})。",
        f"```yaml\nruleset: {example.ruleset}\nplayers:\n{deal}\n```",
        explained.strip()])


def dispute_guide_page(inputs: Inputs) -> str:
    """The four steps of settling a dispute, and the example deals explained in Chinese step by step."""
    examples = disputes(inputs)
    ruleset = inputs.registry.get(examples[0].ruleset)
    scoop = ruleset.parameters.scoring.scoop
    rule = scoop.rule if scoop is not None else ruleset.parameters.scoring.rule
    return "\n\n".join([
        "# 如何解决争议",
        "[English](../how-to-settle-a-dispute.md) · **中文**",
        "牌桌上的争议几乎都是三个问题：*玩的是哪套规则*、*规则怎么说*、*这副牌该怎么算*。四步可以回答。",
        "## 一、找到规则集和规则 {#find-the-rule}",
        f"先讲定玩哪个{zh('ruleset')}（见[首页](index.md)）。{zh('ruleset')}的页面按主题列出规则"
        f"（{zh('topic-setting-order')}、{zh('topic-scoring')}、{zh('topic-scoop')}、{zh('topic-naturals')}……）。"
        f"规则带有**{zh('interpretation')}**的，是来源本身没说清楚：记录里有来源所说、本规则集采用的解读和"
        f"{zh('alternative')}。",
        "## 二、引用规则 {#cite-it}",
        f"每条规则都有可直接贴上的{zh('citation')}和固定地址，中英文相同：\n\n"
        f"- {zh('citation')}：`{ruleset.id} {ruleset.version}, rule {rule}`\n"
        f"- 地址：`zh/rulesets/{ruleset.id}.html#{rule}`（英文：`rulesets/{ruleset.id}.html#{rule}`）",
        "## 三、查实例 {#check-an-example}",
        "每条规则下列出钉住它的实例（英文）：依规则原文手算出结果的牌局。若其中有你的情形，争议即解决。",
        "## 四、用 `cpspec explain --lang zh` 逐步计分 {#run-explain}",
        f"把牌写成牌局文件（与 `cpspec score` 相同的格式），运行 `cpspec explain 文件 --lang zh`：逐步列出每家"
        f"{zh('setting')}是否合格、{zh('natural')}与{zh('declare')}、每组{zh('matchup')}逐墩的结果、{zh('bonus')}、"
        f"{zh('sweep')}、{zh('scoop')}和{zh('total')}，每个数都注明依据的{zh('rule-id')}。"
        f"`--json` 输出同样内容的 JSON（键名不变，文字为中文）。",
        "下面的牌局在生成本页时逐步计分（与 `cpspec explain --lang zh` 的输出相同）。",
        *(settled(example, inputs) for example in examples),
    ]) + "\n"


__all__ = ["DISPUTE_SUFFIX", "dispute_guide_page", "disputes", "index_page", "settled"]
