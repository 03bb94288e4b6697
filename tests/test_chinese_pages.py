"""The rulebook's Chinese edition, page by page without MkDocs: every rule of a bilingual ruleset under
the same anchor as on its English page and linked to it, the glossary as the vocabulary, the hand examples
named in its words, the language switch on the English twins and the pages marked zh-CN."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from cpspec.present import rulebook
from cpspec.present.chinese import chinese_nav, chinese_pages, mark_language, twins, with_language_switch
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.vocabulary import vocabulary

REPO = Path(__file__).resolve().parent.parent
REGISTRY = bundled_registry()
BILINGUAL = ("shisanshui", "shisanshui-malayan", "shisanshui-quanleida-four", "shisanshui-vietnamese", "shisanshui-wuhua")


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    examples = tuple(rulebook.read_example(p) for p in sorted((REPO / "examples").glob("*.yaml")))
    return chinese_pages(rulebook.Inputs(REGISTRY, examples=examples))


def _han_share(text: str) -> float:
    """The share of Chinese among the letters of a page's own prose: without the quotes (in their source's
    language), the English twins' titles it links to, the sources' titles, addresses, ids and anchors."""
    text = re.sub(r"(?m)^> .*$|^- .*— <.*$|\[[^\]]*\]\([^)]*\)|`[^`]*`|<[^>]*>|\{#[^}]*\}|\*[^*]*\*（<[^>]*>）",
                  " ", text)
    letters = [c for c in text if unicodedata.category(c).startswith("L")]
    return sum(1 for c in letters if "CJK" in unicodedata.name(c, "")) / max(1, len(letters))


def test_the_edition_has_a_page_for_each_bilingual_ruleset_and_each_reference(pages: dict[str, str]) -> None:
    assert sorted(pages) == sorted(["zh/index.md", "zh/hand-rankings.md", "zh/naturals.md", "zh/glossary.md",
                                    "zh/how-to-settle-a-dispute.md", *(f"zh/rulesets/{r}.md" for r in BILINGUAL)])
    assert set(pages) == set(twins(REGISTRY))
    menu = chinese_nav(REGISTRY)[0]["中文"]
    assert {"规则集": [{REGISTRY.get(r).title_in("zh"): f"zh/rulesets/{r}.md"} for r in BILINGUAL]} in menu


@pytest.mark.parametrize("ruleset_id", BILINGUAL)
def test_every_rule_stands_under_its_english_anchor_in_chinese(pages: dict[str, str], ruleset_id: str) -> None:
    ruleset = REGISTRY.get(ruleset_id)
    page = pages[f"zh/rulesets/{ruleset_id}.md"]
    assert f"[English](../../rulesets/{ruleset_id}.md)" in page
    for rule in ruleset.rules:
        assert page.count(f"{{#{rule.id}}}") == 1, rule.id
        assert f"### `{rule.id}` {rule.title_in('zh')} {{#{rule.id}}}" in page
        assert f"(../../rulesets/{ruleset_id}.md#{rule.id})" in page
        for citation in rule.citations:  # the same citations, quoted in the source's own words
            assert f"> {citation.quote.splitlines()[0]}" in page.replace("\\", "")
    assert _han_share(page) > 0.75


def test_the_glossary_is_the_vocabulary_in_both_languages(pages: dict[str, str]) -> None:
    page = pages["zh/glossary.md"]
    for term in vocabulary().terms:
        assert f"### {term.zh} {{#{term.id}}}" in page
        if term.glossary:
            assert f"](../glossary.md#{term.glossary})" in page
    english = (REPO / "site" / "docs" / "glossary.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#([a-z-]+)\}", english))
    assert {t.glossary for t in vocabulary().terms if t.glossary} <= anchors, "every English anchor exists"


def test_the_hand_rankings_name_each_example_in_the_vocabulary(pages: dict[str, str]) -> None:
    page = pages["zh/hand-rankings.md"]
    for hand in ("同花顺 5-9", "铁支 K", "葫芦 8 带 2", "三条 4", "两对 9、6", "对子 Q", "乌龙 A-J-8-5-3"):
        assert hand in page, hand
    assert "A2345 仅次于 10JQKA：[" in page and "shisanshui-vietnamese.md#ssv-hand-rankings" in page


def test_the_dispute_guide_settles_the_quanleida_deal_in_chinese(pages: dict[str, str]) -> None:
    page = pages["zh/how-to-settle-a-dispute.md"]
    assert "最终结果：A +72，B -17，C -29，D -26。" in page
    assert "(../zh/rulesets/shisanshui.md#ssw-quanleida)" in page
    assert _han_share(page) > 0.8


def test_an_english_twin_gets_a_switch_and_other_pages_do_not() -> None:
    pairs = twins(REGISTRY)
    page = with_language_switch("rulesets/shisanshui.md", "# Title\n\nText", pairs)
    assert page == "# Title\n\n**English** · [中文](../zh/rulesets/shisanshui.md)\n\nText"
    assert with_language_switch("rulesets/pagat.md", "# Pagat\n", pairs) == "# Pagat\n"
    assert "[中文](zh/glossary.md)" in with_language_switch("glossary.md", "# Glossary\n", pairs)


def test_the_chinese_pages_are_marked_chinese() -> None:
    html = '<!DOCTYPE html>\n<html class="writer-html5" lang="en" >\n<head>'
    assert 'lang="zh-CN"' in mark_language(html, "zh/rulesets/shisanshui.md")
    assert mark_language(html, "rulesets/shisanshui.md") == html
