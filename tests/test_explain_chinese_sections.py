"""``cpspec explain --lang zh`` in the sections the bilingual rulesets' own deals never reach: a surrender and
a timeout (their rows, what they pay), the hands the bonus table pays only elsewhere (no bonus, and why), a
settlement within the players' stacks, and a mechanism the table's size leaves out. Each is said in Chinese
throughout, as the 全垒打 dispute is (tests/test_languages.py): every letter but seats and card ranks Chinese.

The deals are scored under a house child of shisanshui (written below, Chinese for each rule it adds) that adds
a surrender (2 to each opponent), a timeout (3, plus the opponent's bonuses), a settlement from the button's
left and a 全垒打 for four players only. Every amount is worked out by hand from those rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from cpspec.present.explain import LinkStyle, explain_deal, render_text
from cpspec.protocol.ops import op_score
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry, load_ruleset
from test_languages import _han_share, _prose, _without_names

REGISTRY = bundled_registry()

_SOURCE = "    citations: [{source: https://en.wikipedia.org/wiki/Chinese_poker, quote: Chinese poker}]\n"
HOUSE = (
    "id: house-ssw\nextends: shisanshui\ntitle: House 十三水\nversion: 1.0.0\nsummary: Ours.\nlanguages: [en, zh]\n"
    "translations: {zh: {title: 我们的十三水, summary: 我们的规则。}}\n"
    "changelog: [{version: 1.0.0, date: '2026-12-01', changes: First.}]\n"
    "parameters:\n"
    "  scoring: {scoop: {table_sizes: [4]}}\n"
    "  penalties:\n"
    "    surrender: {mode: fixed, points: 2, plus_opponent_bonuses: false, against_natural: fixed,\n"
    "                pays_to: [normal, natural, foul, surrender, timeout], rule: hs-surrender}\n"
    "    timeout: {mode: fixed, points: 3, plus_opponent_bonuses: true, against_natural: fixed,\n"
    "              pays_to: [normal, natural, foul], rule: hs-timeout}\n"
    "  settlement: {first: left_of_button, direction: clockwise, rule: hs-stacks}\n"
    "rules:\n"
    "  - id: hs-surrender\n    title: Surrender\n    topic: surrender\n"
    "    text: A player may surrender before the hands are shown and pays 2 to each opponent.\n" + _SOURCE
    + "    translations: {zh: {title: 投降赔两水, text: 开牌前可以投降，向每个对手赔 2 水。}}\n"
    "  - id: hs-timeout\n    title: Timeout\n    topic: timeout\n"
    "    text: A player who does not set the hand in time pays 3 to each opponent still in, plus their bonuses.\n"
    + _SOURCE + "    translations: {zh: {title: 超时赔三水, text: 没有按时摆好牌的玩家向每个未投降的对手赔 3 水，另加对手的奖励。}}\n"
    "  - id: hs-stacks\n    title: Stacks\n    topic: scoring\n"
    "    text: Each deal is settled from the left of the button within the stacks the players hold.\n" + _SOURCE
    + "    translations: {zh: {title: 从庄位左手起结算, text: 每副牌从庄位左手起，在各家持有的筹码之内结算。}}\n")

A = {"seat": "A", "front": ["Qs", "Qh", "Qd"], "middle": ["5c", "6d", "7h", "8s", "9c"],
     "back": ["Ad", "Kd", "Td", "4d", "2d"]}
# B's back is a full house, which the table pays in the middle only (ssw-middle-full-house): no bonus there.
B = {"seat": "B", "front": ["As", "Ts", "2s"], "middle": ["Jd", "Jh", "8c", "6s", "3d"],
     "back": ["Ks", "Kc", "Kh", "9s", "9h"]}


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    path = tmp_path_factory.mktemp("house") / "house-ssw.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return load_ruleset(path, REGISTRY.find)


def _explained(ruleset: Ruleset, deal: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    output = op_score(ruleset, deal)
    explanation = explain_deal(ruleset, deal, output, "zh")
    return _prose(explanation), render_text(explanation, LinkStyle()), output


def _all_chinese(prose: str) -> None:
    bare = _without_names(prose).replace("house-ssw", " ")
    assert _han_share(bare) > 0.99, [w for w in bare.split() if any("a" <= c.lower() <= "z" for c in w)]


def test_a_surrender_a_timeout_and_a_stack_settlement_are_explained_in_chinese(house: Ruleset) -> None:
    deal = {"players": [A, B, {"seat": "C", "declare": "surrender"}, {"seat": "D", "declare": "timeout"}],
            "button": "A", "stacks": {"A": 30, "B": 5, "C": 10, "D": 10}}
    prose, text, output = _explained(house, deal)
    _all_chinese(prose)
    # A v B: A wins the front (three queens, 冲三 3 more: ssw-front-trips) and the middle (a straight over jacks),
    # B the back (kings full over A's flush): A 1 + 3 + 1 = 5, B 1: A +4. C surrendered: 2 to A, to B and to D
    # (hs-surrender pays a timed-out hand too). D timed out: 3 to A plus A's bonus 3 = 6 (hs-timeout), 3 to B
    # (no bonus: B's full house is in the back), nothing to C (hs-timeout pays no surrendered hand).
    assert output["totals"] == {"A": 4 + 2 + 6, "B": -4 + 2 + 3, "C": -6, "D": 2 - 6 - 3}
    assert "C     -     未亮牌" in text and "投降" in text and "超时" in text
    assert "报牌投降：不亮牌，不参与比牌，按罚分赔付" in text
    assert "D 超时，A 照常摆牌：D 赔固定的 3 水，另加 A 的奖励，按列出的水数，不加倍（3 + 3 = 6）" in text
    assert "D 超时，C 也投降：D 不赔 C" in text
    # B's full house: the table pays a full house in the middle only.
    assert "B 的尾墩葫芦 K 带 9 没有奖励：葫芦只在中墩才有奖励（ssw-royalties）" in text
    # No 全垒打: A lost the back to B, and a surrender is no 打枪.
    assert "全垒打，" not in text
    # The settlement from A's left (B, C, D, A), each seat's payments in turn: no stack runs short (B holds 5 and
    # has collected 2 + 3 when it pays A 4; C pays 6 of 10, D 9 of 10), so every amount owed is paid.
    assert "庄位 A；按 B、C、D、A 的顺序结算，谁的输赢都不超过自己的起始筹码（hs-stacks）。" in text
    assert "付方  收方  应付  实付\n  C     B     2     2\n  D     B     3     3\n  B     A     4     4" in text
    assert "实付：A +12，B +1，C -6，D -7。" in text


def test_what_the_table_s_size_leaves_out_is_said_in_chinese(house: Ruleset) -> None:
    deal = {"players": [A, B, {"seat": "C", "declare": "surrender"}]}
    prose, text, output = _explained(house, deal)
    _all_chinese(prose)
    # 全垒打 is for four players here (scoring.scoop.table_sizes [4]); this table has three.
    assert "不适用：全垒打：对每个对手都打枪，再加倍（ssw-quanleida）只在 4 人时适用；本桌 3 人。" in text
    assert output["totals"] == {"A": 4 + 2, "B": -4 + 2, "C": -4}
