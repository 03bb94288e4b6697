"""The sentences of a translated explanation, by message id, in English and Chinese.

A template is ``str.format`` text: its fields are the message's values (``{seat}``,
``{points}``) and the game's words, ``{t[sweep]}``, taken from the shared vocabulary
(:mod:`cpspec.rulesets.vocabulary`) in the message's language, so that no template writes a
term of its own (tests/test_languages.py checks that no Chinese template spells out a
vocabulary word). :func:`say` fills one in.

Standard library only at import (the vocabulary is read the first time a term is asked for).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

#: Each language by its own name, as a language switch shows it.
LANGUAGE_NAMES: Final[dict[str, str]] = {"en": "English", "zh": "中文"}

#: message id -> language -> template.
MESSAGES: Final[dict[str, dict[str, str]]] = {
    "title": {"en": "{title} ({id} {version})", "zh": "{title}（{id} {version}）"},
    "cite-as": {"en": "Cite as: {id} {version}, rule <id>. Players in seating order: {seats}.",
                "zh": "{t[citation]}格式：{id} {version}, rule <{t[rule-id]}>。{t[seat]}顺序：{seats}。"},
    "hands": {"en": "The hands", "zh": "各家的牌"},
    "col-seat": {"en": "seat", "zh": "{t[player]}"},
    "col-segment": {"en": "segment", "zh": "{t[segment]}"},
    "col-cards": {"en": "cards", "zh": "牌"},
    "col-hand": {"en": "hand", "zh": "牌型"},
    "col-order": {"en": "order", "zh": "顺序"},
    "col-verdict": {"en": "verdict", "zh": "结论"},
    "col-rule": {"en": "rule", "zh": "规则"},
    "col-status": {"en": "status", "zh": "状态"},
    "col-why": {"en": "why", "zh": "说明"},
    "col-points": {"en": "points", "zh": "{t[unit]}"},
    "col-step": {"en": "step", "zh": "步骤"},
    "col-result": {"en": "result", "zh": "结果"},
    "col-matchups": {"en": "matchups", "zh": "各组{t[matchup]}"},
    "col-total": {"en": "total", "zh": "{t[total]}"},
    "thirteen-cards": {"en": "13 cards", "zh": "十三张"},
    "not-set": {"en": "not set", "zh": "未{t[setting]}"},
    "no-cards": {"en": "no cards shown", "zh": "未亮牌"},
    "setting-order": {"en": "Setting order", "zh": "{t[setting-order]}"},
    "order-intro": {"en": "Each setting is checked first: {wanted} (", "zh": "先检查每家的{t[setting]}：{wanted}（"},
    "order-higher": {"en": "the {higher} must be higher than the {lower}", "zh": "{higher}须大于{lower}"},
    "order-at-least": {"en": "the {higher} must be at least as high as the {lower}", "zh": "{higher}不得小于{lower}"},
    "valid": {"en": "valid", "zh": "合格"},
    "fouls": {"en": "fouls", "zh": "{t[foul]}"},
    "not-above": {"en": "the {higher} is not higher than the {lower}", "zh": "{higher}不大于{lower}"},
    "below": {"en": "the {higher} is below the {lower}", "zh": "{higher}小于{lower}"},
    "natural-not-compared": {"en": "; not compared: {seat} holds a natural",
                             "zh": "；不比：{seat}是{t[natural]}"},
    "naturals": {"en": "Naturals and declarations", "zh": "{t[natural]}与{t[declare]}"},
    "natural-status": {"en": "natural", "zh": "{t[natural]}"},
    "natural-held": {"en": "{name}, {points} from each opponent",
                     "zh": "{name}，向每个对手收 {points} {t[unit]}"},
    "natural-automatic": {"en": "counted without a declaration", "zh": "不必{t[declare]}即算"},
    "false-natural": {"en": "declared {name}, which the cards do not hold: a foul",
                      "zh": "{t[declare]}（{name}），手中却没有：{t[foul]}"},
    "undeclared": {"en": "{seat} holds {names} but did not declare it, so the hand plays as set (",
                   "zh": "{seat}手中有{names}，但没有{t[declare]}，所以按已摆好的三{t[segment]}比（"},
    "no-natural": {"en": "No player has a natural (naturals are counted only when declared: ",
                   "zh": "没有{t[player]}是{t[natural]}（{t[natural]}须{t[declare]}才算："},
    "no-natural-auto": {"en": "No player has a natural (naturals are counted whether declared or not: ",
                        "zh": "没有{t[player]}是{t[natural]}（{t[natural]}不论{t[declare]}与否都算："},
    "bonuses": {"en": "Bonus hands", "zh": "{t[bonus]}"},
    "no-bonus-rank": {"en": "{seat}'s {hand} in the {segment} earns no bonus: the table pays {kind} in the {segment} "
                            "only at other ranks (",
                      "zh": "{seat}的{segment}{hand}没有{t[bonus]}：{segment}的{kind}只在别的点数才有{t[bonus]}（"},
    "no-bonus-segment": {"en": "{seat}'s {hand} in the {segment} earns no bonus: the table pays {kind} only in the "
                               "{segments} (",
                         "zh": "{seat}的{segment}{hand}没有{t[bonus]}：{kind}只在{segments}才有{t[bonus]}（"},
    "bonus-intro-won": {"en": "Bonus hands held; each is paid only when the segment is won (",
                        "zh": "各家的{t[bonus]}牌型；只有赢{t[segment]}才得{t[bonus]}（"},
    "bonus-intro-held": {"en": "Bonus hands held; each is paid whether the segment is won or not (",
                         "zh": "各家的{t[bonus]}牌型；不论该{t[segment]}输赢都得{t[bonus]}（"},
    "matchups": {"en": "Matchups", "zh": "{t[matchup]}"},
    "versus": {"en": "{a} v {b}", "zh": "{a} 对 {b}"},
    "wins": {"en": "{seat} wins", "zh": "{seat} 赢"},
    "tie": {"en": "tie", "zh": "{t[tie]}"},
    "segment-bonus": {"en": "{segment} bonus", "zh": "{segment}{t[bonus]}"},
    "bonus-reason": {"en": "{hand} in the {segment}: a bonus of {points}",
                     "zh": "{segment}{hand}：{t[bonus]} {points} {t[unit]}"},
    "bonus-named": {"en": "{name} ({hand}): a bonus of {points}",
                    "zh": "{name}（{hand}）：{t[bonus]} {points} {t[unit]}"},
    "kind-sweep": {"en": "sweep", "zh": "{t[sweep]}"},
    "kind-scoop": {"en": "scoop", "zh": "{t[scoop]}"},
    "kind-natural": {"en": "natural", "zh": "{t[natural]}"},
    "kind-penalty": {"en": "penalty", "zh": "{t[penalty]}"},
    "kind-overall": {"en": "overall point", "zh": "{t[overall-point]}"},
    "kind-segment": {"en": "segment", "zh": "{t[segment]}"},
    "kind-bonus": {"en": "bonus", "zh": "{t[bonus]}"},
    "kind-winner": {"en": "winner", "zh": "赢家"},
    "sweep-reason": {"en": "all three segments won: {before} times {multiplier}",
                     "zh": "三{t[segment]}全赢：{before} × {multiplier}"},
    "scoop-reason": {"en": "all three segments won against every opponent: {before} becomes {after}",
                     "zh": "三{t[segment]}全赢每一个对手：{before} 变为 {after}"},
    "natural-reason": {"en": "{name} collects {points}", "zh": "{name}收 {points} {t[unit]}"},
    "penalty-reason": {"en": "{payer} pays {points}", "zh": "{payer} 赔 {points} {t[unit]}"},
    "bonus-label": {"en": "{segment} bonus", "zh": "{segment}{t[bonus]}"},
    "bonus-paid-added": {"en": ": {seat} is paid {points} for {hand}, on top of the segment's unit (",
                         "zh": "：{seat}以{hand}得 {points} {t[unit]}，另加该{t[segment]}的一{t[unit]}（"},
    "bonus-paid-instead": {"en": ": {seat} is paid {points} for {hand}, instead of the segment's unit (",
                           "zh": "：{seat}以{hand}收 {points} {t[unit]}，而不是该{t[segment]}的一{t[unit]}（"},
    "bonus-not-paid": {"en": ": not paid: {seat}'s {hand} would earn {points}, but {seat} {result} the {segment}, "
                             "and a bonus is paid only for a segment won (",
                       "zh": "：不付：{seat}的{hand}可得 {points} {t[unit]}，但{seat}{result}，只有赢{t[segment]}才得"
                             "{t[bonus]}（"},
    "bonus-paid-anyway": {"en": ": {seat} is paid {points} for {hand} although it {result} the {segment}: bonuses are "
                                "paid won or lost (",
                          "zh": "：{seat}虽然{result}，仍以{hand}得 {points} {t[unit]}：{t[bonus]}不论输赢都付（"},
    "result-lost": {"en": "lost", "zh": "输了{segment}"},
    "result-tied": {"en": "tied", "zh": "{segment}{t[tie]}"},
    "penalty-label": {"en": "Penalty", "zh": "{t[penalty]}"},
    "penalty-head": {"en": ": {payer} {forfeit} and {receiver} has {theirs}: ",
                     "zh": "：{payer}{forfeit}，{receiver}{theirs}："},
    "forfeit-foul": {"en": "fouled", "zh": "{t[foul]}"},
    "forfeit-surrender": {"en": "surrendered", "zh": "{t[surrender]}"},
    "forfeit-timeout": {"en": "timed out", "zh": "{t[timeout]}"},
    "status-surrender": {"en": "a surrendered hand", "zh": "也{t[surrender]}"},
    "status-timeout": {"en": "a timed-out hand", "zh": "也{t[timeout]}"},
    "declared-forfeit": {"en": "declared {forfeit}",
                         "zh": "{t[declare]}{forfeit}：不亮牌，不参与{t[matchup]}，按{t[penalty]}赔付"},
    "penalty-as-segments": {"en": "{payer} is scored as losing the {lost} to {receiver} and winning the {won}, the "
                                  "overall point decided from those, no bonuses (",
                            "zh": "{payer}按输给{receiver}{lost}、赢{won}计，{t[overall-point]}由此而定，不计"
                                  "{t[bonus]}（"},
    "no-segment": {"en": "no segment", "zh": "无{t[segment]}"},
    "penalty-plus-bonuses": {"en": " plus {receiver}'s bonuses at their listed value, never multiplied ({sum})",
                             "zh": "，另加{receiver}的{t[bonus]}，按列出的{t[unit]}数，不加倍（{sum}）"},
    "penalty-plus-none": {"en": " plus {receiver}'s bonuses, and {receiver} holds none",
                          "zh": "，另加{receiver}的{t[bonus]}，而{receiver}没有{t[bonus]}"},
    "penalty-bonuses-apart": {"en": "; {receiver}'s bonuses are not added", "zh": "；{receiver}的{t[bonus]}不另加"},
    "status-normal": {"en": "a played hand", "zh": "照常{t[setting]}"},
    "status-natural": {"en": "a natural", "zh": "是{t[natural]}"},
    "status-foul": {"en": "a fouled hand", "zh": "也{t[foul]}"},
    "penalty-nothing": {"en": "{payer} pays {receiver} nothing (", "zh": "{payer}不赔{receiver}（"},
    "penalty-natural": {"en": "{payer} pays the natural's value, {points}, instead of the penalty (",
                        "zh": "{payer}赔{t[natural]}的{t[unit]}数 {points}，而不是{t[penalty]}（"},
    "penalty-scooped": {"en": "{payer} is scored as losing every segment to {receiver} (",
                        "zh": "{payer}按三{t[segment]}全输给{receiver}计（"},
    "penalty-scooped-sweep": {"en": "{payer} is scored as losing every segment to {receiver}, which counts as "
                                    "{receiver}'s sweep (",
                              "zh": "{payer}按三{t[segment]}全输给{receiver}计，算作{receiver}{t[sweep]}（"},
    "penalty-fixed": {"en": "{payer} pays the fixed {points} (", "zh": "{payer}赔固定的 {points} {t[unit]}（"},
    "natural-label": {"en": "Natural", "zh": "{t[natural]}"},
    "natural-alone": {"en": ": {holder}'s {name} is not compared with {other}'s hand and collects its value (",
                      "zh": "：{holder}的{name}不与{other}的牌比，直接收它的{t[unit]}数（"},
    "natural-push": {"en": ": {a} meets {b}: they push, exchanging nothing (",
                     "zh": "：{a}遇{b}：{t[tie]}，不收不付（"},
    "natural-same-push": {"en": ": two holdings of {a} are compared, and they are equal: they push (",
                          "zh": "：两家都是{a}，相比一样大：{t[tie]}（"},
    "natural-same": {"en": ": two holdings of {a} are compared: {winner}'s is higher and collects its value, "
                           "{points} (",
                     "zh": "：两家都是{a}，相比{winner}的较大，收它的{t[unit]}数 {points}（"},
    "natural-difference": {"en": ": {high} outranks {low} and collects the difference of their values, {points} (",
                           "zh": "：{high}大于{low}，收两者{t[unit]}数之差 {points}（"},
    "natural-own": {"en": ": {high} outranks {low} and collects its own value, {points} (",
                    "zh": "：{high}大于{low}，收自己的{t[unit]}数 {points}，不减去{low}的{t[unit]}数（"},
    "summary-wins": {"en": "{seat} wins the {segments}", "zh": "{seat}赢{segments}"},
    "summary-ties": {"en": "the {segments} tied", "zh": "{segments}{t[tie]}"},
    "summary-bonus": {"en": "{seat} earns {points} in bonuses", "zh": "{seat}得{t[bonus]} {points} {t[unit]}"},
    "summary-overall": {"en": "{seat} takes the overall point", "zh": "{seat}得{t[overall-point]}"},
    "summary-sweep": {"en": "{seat} sweeps", "zh": "{seat}{t[sweep]}"},
    "summary-scoop": {"en": "{seat} scoops", "zh": "{seat}{t[scoop]}"},
    "summary-lead": {"en": "{a} v {b}: ", "zh": "{a} 对 {b}："},
    "summary-even": {"en": "{a} {pa}, {b} {pb}: {a} and {b} break even.",
                     "zh": "{a} {pa}，{b} {pb}：{a}与{b}不输不赢。"},
    "summary-net": {"en": "{high} {ph} to {low} {pl}, so {high} collects {net} from {low}.",
                    "zh": "{high} {ph} 比 {low} {pl}，{high}向{low}收 {net} {t[unit]}。"},
    "readings-label": {"en": "Readings", "zh": "{t[interpretation]}"},
    "reading-changed-under": {"en": ": under the alternative to ", "zh": "：按 "},
    "reading-changed-told": {"en": ", “{reading}”: {told}.", "zh": " 的{t[alternative]}「{reading}」：{told}。"},
    "readings-rest-all": {"en": "The matchups' amounts rest on the interpretations of ",
                          "zh": "各组{t[matchup]}的{t[unit]}数取决于以下规则的{t[interpretation]}："},
    "reading-same-under": {"en": "Under the alternative to ", "zh": "按 "},
    "reading-same-told": {"en": ", “{reading}”, every matchup pays the same.",
                          "zh": " 的{t[alternative]}「{reading}」，每组{t[matchup]}的{t[unit]}数都不变。"},
    "summary": {"en": "Summary", "zh": "概要"},
    "summary-detail": {"en": " The detail follows: the hands, each matchup step by step, the rules.",
                       "zh": "下面是详情：各家的牌、每组{t[matchup]}的每一步、所引规则。"},
    "deciding-winner": {"en": ": {winner}'s ", "zh": "：{winner}的 "},
    "deciding-beats": {"en": " beats {loser}'s ", "zh": " {decided}胜{loser}的 "},
    "deciding-both": {"en": " {decided} (both {hand}).", "zh": "（两手都是{hand}）。"},
    "decided-top": {"en": "on the top card", "zh": "以最大的一张牌"},
    "decided-card": {"en": "on the {nth} card", "zh": "以第{nth}张牌"},
    "decided-group": {"en": "on the {group}", "zh": "以{group}"},
    "decided-higher": {"en": "higher {group}", "zh": "大的{group}"},
    "decided-lower": {"en": "lower {group}", "zh": "小的{group}"},
    "decided-kicker": {"en": "on the {nth} kicker", "zh": "以第{nth}张单牌"},
    "decided-only-kicker": {"en": "on the kicker", "zh": "以单牌"},
    "ordinals": {"en": "first second third fourth fifth", "zh": "一 二 三 四 五"},
    "fantasyland": {"en": "Fantasyland", "zh": "{t[fantasyland]}"},
    "fl-no-board": {"en": "{seat} does not enter Fantasyland: no board is shown ({status})",
                    "zh": "{seat}不进{t[fantasyland]}：没有亮出三{t[segment]}（{status}）"},
    "fl-enters": {"en": "{seat} enters Fantasyland: the next hand is {cards} cards dealt at once (it needs {wanted}; "
                        "{held})",
                  "zh": "{seat}进{t[fantasyland]}：下一手一次发 {cards} 张牌（须{wanted}；{held}）"},
    "fl-fouled": {"en": "{seat} does not enter Fantasyland: a fouled board never earns Fantasyland",
                  "zh": "{seat}不进{t[fantasyland]}：{t[foul]}的牌从不进{t[fantasyland]}"},
    "fl-not": {"en": "{seat} does not enter Fantasyland: it needs {wanted}, and {held}",
               "zh": "{seat}不进{t[fantasyland]}：须{wanted}，而{held}"},
    "fl-held": {"en": "the {segment} is {hand}", "zh": "{segment}是{hand}"},
    "fl-or": {"en": " or ", "zh": "或"},
    "fl-held-sep": {"en": "; ", "zh": "，"},
    "fl-needs": {"en": "a {segment} of {what}", "zh": "{segment}是{what}"},
    "fl-or-better": {"en": "{what} or better", "zh": "{what}或更大"},
    "fl-at-least": {"en": "{what}, {rank} or higher", "zh": "{what}（{rank} 或以上）"},
    "fl-at-most": {"en": "{what}, at most {rank}", "zh": "{what}（至多 {rank}）"},
    "open": {"en": " (", "zh": "（"},
    "close": {"en": ").", "zh": "）。"},
    "paren": {"en": ")", "zh": "）"},
    "stop": {"en": ".", "zh": "。"},
    "colon": {"en": ": ", "zh": "："},
    "readings-instead": {"en": "{theirs} instead of {ours}", "zh": "{theirs}，而不是 {ours}"},
    "readings-unscored": {"en": "the deal cannot be scored ({error})", "zh": "这副牌无法计分（{error}）"},
    "even": {"en": "even", "zh": "不输不赢"},
    "scoop": {"en": "Scoop", "zh": "{t[scoop]}"},
    "scoop-made": {"en": "{seat} won all three segments against every opponent: the scoop, {how} (",
                   "zh": "{seat}三{t[segment]}全赢每一个对手：{t[scoop]}，{how}（"},
    "scoop-times": {"en": "{seat}'s credits in each of those matchups times {multiplier}",
                    "zh": "每组{t[matchup]}中{seat}的所得 × {multiplier}"},
    "scoop-instead": {"en": "{seat}'s credits in each of those matchups times {multiplier}, instead of the sweep's",
                      "zh": "每组{t[matchup]}中{seat}的所得 × {multiplier}，取代{t[sweep]}的倍数"},
    "scoop-points": {"en": "{points} more from each", "zh": "每家另收 {points} {t[unit]}"},
    "scoop-missed": {"en": "{seat} swept {swept} but not {missed}: no scoop, which needs all three segments against "
                           "every opponent (",
                     "zh": "{seat}{t[sweep]}了{swept}，但没有{t[sweep]}{missed}：没有{t[scoop]}，{t[scoop]}须三"
                           "{t[segment]}全赢每一个对手（"},
    "totals": {"en": "Totals", "zh": "{t[total]}"},
    "settlement": {"en": "Settlement with stacks", "zh": "{t[settlement]}"},
    "settlement-order": {"en": "Button {button}; seats settle in the order {order}{first}, and {limit} (",
                         "zh": "{t[button]} {button}；按 {order} 的顺序结算{first}，{limit}（"},
    "settlement-naturals-first": {"en": "; the matchups of naturals are paid first",
                                  "zh": "；先付{t[natural]}的{t[matchup]}"},
    "settlement-each-chip": {"en": "each chip of a starting stack covers one payment, won or lost, so no one's "
                                   "winnings and losses together come to more than the stack they started with",
                             "zh": "起始{t[stack]}的每一枚只抵一笔付款，不论输赢，"
                                   "所以谁的输赢{t[total]}都不超过自己的起始{t[stack]}"},
    "settlement-balance": {"en": "no one wins or loses more than the stack they started with",
                           "zh": "谁的输赢都不超过自己的起始{t[stack]}"},
    "col-from": {"en": "from", "zh": "付方"},
    "col-to": {"en": "to", "zh": "收方"},
    "col-owed": {"en": "owed", "zh": "应付"},
    "col-paid": {"en": "paid", "zh": "实付"},
    "settlement-paid": {"en": "{paid}: {amounts}.", "zh": "{paid}：{amounts}。"},
    "table-size": {"en": "Table size", "zh": "{t[topic-players]}"},
    "did-not-apply": {"en": "Did not apply: {title} (", "zh": "不适用：{title}（"},
    "did-not-apply-why": {"en": ") applies only with {listed} players; this table has {players}.",
                          "zh": "）只在 {listed} 人时适用；本桌 {players} 人。"},
    "list-or": {"en": " or ", "zh": "或"},
    "against": {"en": "v {other} {points}", "zh": "对 {other} {points}"},
    "final": {"en": "Final results: {totals}.", "zh": "最终结果：{totals}。"},
    "interpretations": {"en": "Interpretations this result rests on", "zh": "本结果所依据的{t[interpretation]}"},
    "interpretations-intro": {
        "en": "Where the source is silent or unclear, the ruleset records the reading it chose; each alternative that "
              "parameters can carry out is scored too.",
        "zh": "来源没说清楚之处，{t[ruleset]}记下了它采用的解读；能用参数表达的{t[alternative]}也各计一次分。"},
    "as-read": {"en": "): as read: {reading}", "zh": "）：采用的解读：{reading}"},
    "alternative": {"en": "    alternative “{reading}”: {outcome}",
                    "zh": "    {t[alternative]}「{reading}」：{outcome}"},
    "same-totals": {"en": "the same totals", "zh": "{t[total]}相同"},
    "other-totals": {"en": "totals {totals}", "zh": "{t[total]} {totals}"},
    "not-scored": {"en": "not scored: {error}", "zh": "未计分：{error}"},
    "no-parameters": {"en": "no parameter carries this reading out", "zh": "没有参数能表达这种解读"},
    "rules-cited": {"en": "Rules cited", "zh": "所引规则"},
    "not-a-rule": {"en": "(not a rule of this ruleset)", "zh": "（不是本{t[ruleset]}的规则）"},
    "list-sep": {"en": ", ", "zh": "、"},
    "list-and": {"en": " and ", "zh": "和"},
    "totals-sep": {"en": ", ", "zh": "，"},
}


class _Words:
    """The vocabulary's words in one language, for ``{t[term-id]}`` in a template."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, term_id: str) -> str:
        from cpspec.rulesets.vocabulary import vocabulary

        return vocabulary().term(term_id).word(self.lang)


def say(message_id: str, lang: str, **values: object) -> str:
    """Message ``message_id`` in ``lang`` (English where it has no such language), its fields filled in.

    >>> say("versus", "zh", a="A", b="B")
    'A 对 B'
    >>> say("summary-bonus", "zh", seat="A", points=3)
    'A 得奖励 3 水'
    """
    templates = MESSAGES[message_id]
    text = templates.get(lang, templates["en"]).format(t=_Words(lang), **values)
    return _spaced(text) if lang == "zh" else text


_HAN = "\u4e00-\u9fff"
_LATIN_NEXT_TO_HAN = re.compile(f"(?<=[{_HAN}])(?=[A-Za-z0-9+-])|(?<=[A-Za-z0-9])(?=[{_HAN}])")


def _spaced(text: str) -> str:
    """Chinese text with a space between a Chinese character and a Latin letter or digit beside it.

    >>> _spaced("A以三条Q得3水")
    'A 以三条 Q 得 3 水'
    """
    return _LATIN_NEXT_TO_HAN.sub(" ", text)


def word(term_id: str, lang: str) -> str:
    """A vocabulary term in ``lang``: ``word("sweep", "zh")`` is 打枪."""
    return _Words(lang)[term_id]


def join(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in English, ``a、b和c`` in Chinese."""
    if len(items) <= 1:
        return "".join(items)
    return say("list-sep", lang).join(items[:-1]) + say("list-and", lang) + items[-1]


__all__ = ["LANGUAGE_NAMES", "MESSAGES", "join", "say", "word"]
