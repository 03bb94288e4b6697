"""Rulesets in two languages: every rule of a bilingual ruleset in each language it declares (a located
error otherwise), the vocabulary as the one source of the Chinese words, and ``cpspec explain --lang zh``
in Chinese throughout, in the vocabulary's words."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from cpspec.errors import CpspecError
from cpspec.present.explain import (
    Bullets,
    Cards,
    Heading,
    LinkStyle,
    Paragraph,
    RegisterLink,
    RuleLink,
    Styled,
    Table,
    explain_deal,
    explanation_json,
    render_text,
)
from cpspec.present.messages import MESSAGES
from cpspec.present.vocabulary import HAND_NAMES, SEGMENT_NAMES
from cpspec.protocol.deal_files import score_deal_file
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import bundled_registry, load_ruleset
from cpspec.rulesets.vocabulary import vocabulary

REGISTRY = bundled_registry()
REPO = Path(__file__).resolve().parent.parent
BILINGUAL = ("shisanshui", "shisanshui-malayan", "shisanshui-vietnamese")
DISPUTE = REPO / "examples" / "shisanshui-quanleida-zh.yaml"


@pytest.mark.parametrize("ruleset_id", BILINGUAL)
def test_the_shisanshui_rulesets_carry_chinese_for_every_rule_reading_and_natural(ruleset_id: str) -> None:
    ruleset = REGISTRY.get(ruleset_id)
    assert ruleset.languages == ("en", "zh")
    assert _han_share(ruleset.title_in("zh") + ruleset.summary_in("zh")) > 0.75
    for rule in ruleset.rules:
        zh = rule.translation("zh")
        assert zh is not None, rule.id
        assert _han_share(zh.title + zh.text) > 0.6, rule.id
        if rule.interpretation is not None:
            assert zh.reading and zh.source_says and len(zh.alternatives) == len(rule.interpretation.alternatives)
    terms = vocabulary()
    for hand in ruleset.parameters.naturals.hands:
        assert hand.names.zh == terms.zh(hand.kind), f"{hand.id} is named as the vocabulary names {hand.kind}"


def _house(tmp_path: Path, rule: str, head: str = "languages: [en, zh]\n") -> Path:
    path = tmp_path / "house-ssw.yaml"
    path.write_text(
        "id: house-ssw\nextends: shisanshui\ntitle: House 十三水\nversion: 1.0.0\nsummary: Ours.\n" + head
        + "translations: {zh: {title: 我们的十三水, summary: 我们的规则。}}\n"
        "changelog: [{version: 1.0.0, date: '2026-12-01', changes: First.}]\n"
        "rules:\n" + rule, encoding="utf-8")
    return path


RULE = ("  - id: hs-extra\n    title: Extra\n    topic: scoring\n    text: An extra rule.\n"
        "    citations: [{source: https://en.wikipedia.org/wiki/Chinese_poker, quote: Chinese poker}]\n")


def test_a_child_of_a_bilingual_ruleset_must_give_its_rules_in_chinese_too(tmp_path: Path) -> None:
    with pytest.raises(CpspecError) as raised:
        load_ruleset(_house(tmp_path, RULE, head=""), REGISTRY.find)
    assert raised.value.code == "bad_ruleset"
    assert "rule hs-extra has no zh translation" in raised.value.message
    assert raised.value.where is not None and raised.value.where.startswith(f"{tmp_path / 'house-ssw.yaml'}:9 ")
    english = load_ruleset(_house(tmp_path, RULE, head="languages: [en]\n"), REGISTRY.find)
    assert english.languages == ("en",) and english.rule("ssw-daqiang").title_in("zh") == "打枪：三墩全赢一个对手，该组比牌加倍"
    translated = RULE + "    translations: {zh: {title: 另一条, text: 另一条规则。}}\n"
    assert load_ruleset(_house(tmp_path, translated), REGISTRY.find).rule("hs-extra").title_in("zh") == "另一条"


def test_a_translation_gives_one_alternative_for_each(tmp_path: Path) -> None:
    rule = ("  - id: hs-extra\n    title: Extra\n    topic: scoring\n    text: An extra rule.\n"
            "    interpretation: {topic: extra, source_says: Nothing., reading: This., alternatives: [That., Other.]}\n"
            "    translations: {zh: {title: 另一条, text: 另一条规则。, source_says: 没说。, reading: 这样。,"
            " alternatives: [那样。]}}\n")
    with pytest.raises(CpspecError, match="gives 1 alternatives; the interpretation has 2"):
        load_ruleset(_house(tmp_path, rule), REGISTRY.find)


def test_a_translation_in_an_undeclared_language_is_refused(tmp_path: Path) -> None:
    text = (REPO / "rulesets" / "pagat.yaml").read_text(encoding="utf-8")
    first = text.index("\n  - id: ", text.index("\nrules:")) + 1
    end = text.index("\n  - id: ", first + 1)
    path = tmp_path / "pagat.yaml"
    path.write_text(text[:end] + "\n    translations: {zh: {title: 标题, text: 正文。}}" + text[end:], encoding="utf-8")
    with pytest.raises(CpspecError, match="add zh to languages"):
        load_ruleset(path)


def test_the_shared_names_are_the_vocabulary() -> None:
    terms = vocabulary()
    assert {s: n.zh for s, n in SEGMENT_NAMES.items()} == {s: terms.zh(s) for s in ("front", "middle", "back")}
    assert all(names.zh == terms.zh(hand) for hand, names in HAND_NAMES.items())
    for word in ("倒水", "打枪", "全垒打", "冲三", "乌龙", "铁支", "同花顺", "头墩", "中墩", "尾墩"):
        assert word in {t.zh for t in terms.terms}


def test_no_chinese_message_spells_out_a_term_of_its_own() -> None:
    words = {w: t.id for t in vocabulary().terms for w in (t.zh, *t.zh_also)}
    for message_id, templates in MESSAGES.items():
        plain = re.sub(r"\{t\[[^\]]+\]\}", "", templates["zh"])
        found = [(w, words[w]) for w in words if w in plain]
        assert not found, f"message {message_id} writes {found} itself instead of {{t[...]}}"


# --- the Chinese explanation -----------------------------------------------------------


def _han_share(text: str) -> float:
    letters = [c for c in text if unicodedata.category(c).startswith("L")]
    return sum(1 for c in letters if "CJK" in unicodedata.name(c, "")) / max(1, len(letters))


def _prose(explanation: object) -> str:
    """The explanation's words: headings, table headings and text, without cards, rule ids, seats."""
    parts: list[str] = []

    def cell(items: tuple[object, ...]) -> None:
        for part in items:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Styled):
                parts.append(part.text)
            else:
                assert isinstance(part, RuleLink | RegisterLink | Cards)

    for block in explanation.blocks:  # type: ignore[attr-defined]
        if isinstance(block, Heading):
            parts.append(block.text)
        elif isinstance(block, Paragraph):
            cell(block.parts)
        elif isinstance(block, Bullets):
            for item in block.items:
                cell(item)
        elif isinstance(block, Table):
            parts.extend(block.header)
            for row in block.rows:
                for c in row:
                    cell(c)
    return " ".join(parts)


def _without_names(prose: str) -> str:
    """Prose without seats (A .. D), ranks (A, K, 10), the ruleset's id and the sources' names (vocus, mrcash.store)."""
    return re.sub(r"(?<![A-Za-z0-9])(?:[AKQJ]|10|[2-9])(?![A-Za-z0-9])|[A-D](?![a-z])|shisanshui|mrcash\.store|vocus",
                  " ", prose)


def _dispute() -> tuple[object, dict[str, object], object]:
    ruleset, deal, output = score_deal_file(str(DISPUTE), None, REGISTRY)
    return explain_deal(ruleset, deal, output, "zh"), output, ruleset


def test_the_quanleida_dispute_is_explained_in_chinese_throughout() -> None:
    explanation, output, _ = _dispute()
    prose = _prose(explanation)
    assert _han_share(prose) > 0.8, "every letter counted, seats and card ranks included"
    assert _han_share(_without_names(prose)) > 0.99
    text = render_text(explanation, LinkStyle())  # type: ignore[arg-type]
    for english in ("wins", "sweep", "scoop", "three queens", "Matchups", "Totals", "bonus"):
        assert english not in prose
    assert "冲三（三条 Q）：奖励 3 水" in text
    assert "A 三墩全赢每一个对手：全垒打" in text
    assert "最终结果：A +72，B -17，C -29，D -26。" in text
    assert output["totals"] == {"A": 72, "B": -17, "C": -29, "D": -26}  # type: ignore[index]


def test_the_chinese_explanation_uses_the_vocabulary_and_no_other_name() -> None:
    explanation, _, _ = _dispute()
    text = render_text(explanation, LinkStyle())  # type: ignore[arg-type]
    terms = vocabulary()
    for term_id in ("front", "middle", "back", "sweep", "scoop", "bonus", "front-trips", "three_of_a_kind",
                    "straight", "flush", "pair", "two_pair", "high_card", "natural", "declare"):
        assert terms.zh(term_id) in text, term_id
    for term in terms.terms:
        for other in term.zh_also:
            assert other not in text, f"{other} is not the vocabulary's word for {term.id} ({term.zh})"


def test_the_chinese_explanation_keeps_the_json_keys() -> None:
    explanation, output, ruleset = _dispute()
    document = explanation_json(explanation, output, LinkStyle())  # type: ignore[arg-type]
    schema = json.loads((data_dir("schema") / "explain.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator(schema).validate(document)
    assert document["rules"]["ssw-daqiang"]["title"] == ruleset.rule("ssw-daqiang").title_in("zh")  # type: ignore[attr-defined]
    assert all(_han_share(use["reading"]) > 0.6 for use in document["interpretations"])


@pytest.mark.parametrize("ruleset_id", BILINGUAL)
def test_the_rule_translations_use_the_vocabulary_s_words(ruleset_id: str) -> None:
    """Another name for a term (相公 for 倒水) appears only quoted (「…」) or as a gloss after the term."""
    ruleset = REGISTRY.get(ruleset_id)
    texts = [ruleset.title_in("zh"), ruleset.summary_in("zh")]
    for rule in ruleset.rules:
        zh = rule.translation("zh")
        assert zh is not None
        texts += [zh.title, zh.text, zh.source_says or "", zh.reading or "", *zh.alternatives]
    for term in vocabulary().terms:
        for other in term.zh_also:
            for text in texts:
                bare = re.sub(r"「[^」]*」", "", text).replace(f"{term.zh}（{other}）", term.zh)
                assert other not in bare, f"{other!r} instead of {term.zh!r} in {text!r}"


def test_the_chinese_explanation_has_the_summary_the_deciding_cards_and_the_readings_once() -> None:
    explanation, output, _ = _dispute()
    text = render_text(explanation, LinkStyle())  # type: ignore[arg-type]
    headings = [b.text for b in explanation.blocks if isinstance(b, Heading)]  # type: ignore[attr-defined]
    assert headings[1] == "概要", "four players: the summary first"
    # A's back A-K-10-4-2 and D's A-6-5-3-2 are both flushes; the aces are equal, the second cards K > 6.
    assert "尾墩：A 的 A♦ K♦ T♦ 4♦ 2♦ 以第二张牌胜 D 的 A♥ 6♥ 5♥ 3♥ 2♥（两手都是同花）。" in text
    # B's front A-K-2 and C's A-J-4 are both high cards; the second cards K > J.
    assert "头墩：B 的 A♠ K♥ 2♠ 以第二张牌胜 C 的 A♣ J♣ 4♥（两手都是乌龙）。" in text
    document = explanation_json(explanation, output, LinkStyle())  # type: ignore[arg-type]
    assert [(d["segment"], d["winner"], d["decided"]) for d in document["deciding"]] == [
        ("back", "A", "以第二张牌"), ("front", "B", "以第二张牌")]
    # vocus's middle bonuses (straight flush, quads, full house) pay no hand of this deal: said once, after the
    # matchups, and in the list of interpretations; the matchups themselves do not repeat it.
    readings = headings.index("解读记录")
    assert headings[readings - 1] == "C 对 D" and text.count("vocus 的中墩奖励") == 2
    assert "按 ssw-royalties 的其他解读「vocus 的中墩奖励（同花顺 8、铁支 6、葫芦 4）。」，每组比牌的水数都不变。" in text


def test_a_fantasyland_verdict_in_chinese_names_the_requirement_and_the_hand() -> None:
    from cpspec.present.explain_translated import explain_translated

    ruleset, deal, output = score_deal_file(str(REPO / "examples" / "open-face-ivey-hellmuth.yaml"), None, REGISTRY)
    explanation = explain_translated(ruleset, deal, output, "zh")
    # Fantasyland needs a front of queens or better; Ivey's front is a pair of sixes, Hellmuth's A-K-Q high.
    assert [f.reason for f in explanation.fantasyland] == [
        "Ivey 不进范特西：须头墩是对子 Q 或更大，而头墩是对子 6",
        "Hellmuth 不进范特西：须头墩是对子 Q 或更大，而头墩是乌龙 A-K-Q"]
