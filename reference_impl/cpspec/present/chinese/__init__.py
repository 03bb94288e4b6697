"""The rulebook's Chinese edition (中文版): the pages of the rulesets that declare ``zh``, the hand
rankings, the naturals, the glossary and the dispute guide, each linked to its English twin.

Page writers return Markdown, as :mod:`cpspec.present.rulebook`'s do; ``site/hooks.py`` asks
for them (:func:`chinese_pages`), adds their menu (:func:`chinese_nav`), puts a language switch
on every English page that has a Chinese twin (:func:`with_language_switch`) and marks the
built Chinese pages ``lang="zh-CN"`` (:func:`mark_language`), the language a search index
(Pagefind) files a page under.

Addresses: ``zh/index.md``, ``zh/rulesets/<id>.md`` (every rule under the same anchor as its
English twin: ``zh/rulesets/<id>.html#<rule id>``), ``zh/hand-rankings.md``,
``zh/naturals.md``, ``zh/glossary.md``, ``zh/how-to-settle-a-dispute.md``.
"""

from __future__ import annotations

from typing import Any

from cpspec.present.chinese.common import EDITION_TITLES, bilingual, twins, zh
from cpspec.present.chinese.guide import dispute_guide_page, index_page
from cpspec.present.chinese.references import glossary_page, hand_rankings_page, naturals_page
from cpspec.present.chinese.ruleset_page import ruleset_page
from cpspec.present.chinese.switch import mark_language, with_language_switch
from cpspec.present.rulebook import Inputs
from cpspec.rulesets.loader import RulesetRegistry


def chinese_pages(inputs: Inputs) -> dict[str, str]:
    """Every page of the Chinese edition: docs-relative path -> Markdown."""
    rulesets = bilingual(inputs.registry)
    pages = {"zh/index.md": index_page(rulesets),
             "zh/hand-rankings.md": hand_rankings_page(rulesets),
             "zh/naturals.md": naturals_page(rulesets),
             "zh/glossary.md": glossary_page(),
             "zh/how-to-settle-a-dispute.md": dispute_guide_page(inputs)}
    for ruleset in rulesets:
        pages[f"zh/rulesets/{ruleset.id}.md"] = ruleset_page(ruleset)
    return pages


def chinese_nav(registry: RulesetRegistry) -> list[Any]:
    """The Chinese edition's menu, one entry of the navigation."""
    guides = ("zh/index.md", "zh/how-to-settle-a-dispute.md")
    pages: list[dict[str, Any]] = [{EDITION_TITLES[page]: page} for page in guides]
    pages.append({zh("ruleset"): [{r.title_in("zh"): f"zh/rulesets/{r.id}.md"} for r in bilingual(registry)]})
    pages += [{EDITION_TITLES[page]: page} for page in ("zh/hand-rankings.md", "zh/naturals.md", "zh/glossary.md")]
    return [{"中文": pages}]


__all__ = ["chinese_nav", "chinese_pages", "mark_language", "twins", "with_language_switch"]
