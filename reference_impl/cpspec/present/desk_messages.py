"""The dispute desk's words in Chinese: one entry for each entry of ``site/docs/js/desk-messages.js``.

The English table lives in the JavaScript (each entry a string or a function of the values it names);
this is its Chinese twin, by the same keys. A template's ``{0}``, ``{1}`` are the JavaScript function's
arguments in order (``player: (n) => ...`` is ``"{t[player]} {0}"``), filled in by the page; the
game's words are the vocabulary's (``{t[term-id]}``, :mod:`cpspec.rulesets.vocabulary`) and a sentence
the explanation already says is its message (``{m[message-id]}``, :mod:`cpspec.present.messages`), so
that no Chinese word is written twice. :func:`desk_catalogue` resolves both at build time; the site
serves the result as ``assets/desk/messages-zh.json`` and ``js/desk.js`` reads it when the address
says ``lang=zh`` (tests/test_desk_chinese.py holds the two tables to the same keys and arities).
"""

from __future__ import annotations

import re
from typing import Final

from cpspec.present.messages import say, word

#: Key -> Chinese template, or a table of them (the segments, the fields, ...), as in desk-messages.js.
DESK_ZH: Final[dict[str, str | dict[str, str]]] = {
    "pageTitle": "{t[desk]}",
    "intro": "在这里裁定一副牌：选{t[ruleset]}，填入每位{t[player]}的牌（可以键入或粘贴，如 Ts 6d 6h 或 T♠ 6♦ 6♥，"
             "也可以在下面的牌表里点选），在{t[ruleset]}允许时加上{t[declare]}或{t[surrender]}，然后计分。"
             "{t[desk]}在你的浏览器里运行本项目自己的引擎（编译为 WebAssembly 的 Python，只在本页载入，"
             "不向任何地方发送数据），"
             "给出与 cpspec explain --lang zh 相同的逐步解释，每条规则和{t[interpretation]}都链接到本规则书中的原处。"
             "这副牌保存在本页的地址里：复制地址即可分享裁定。接连打的几副牌可以记入下面的牌局：累计分数、撤回和结账。",
    "language": "语言",
    "engineMissingPage": "本站构建时没有安装浏览器内的引擎（在仓库根目录运行 npm ci 即安装 Pyodide）。"
                         "规则书的其他部分不需要它；cpspec explain --lang zh 给出同样的解释。",
    "ruleset": "{t[ruleset]}",
    "example": "示例",
    "addPlayer": "加一位{t[player]}",
    "removePlayer": "去掉最后一位{t[player]}",
    "scoreDeal": "计分",
    "loading": "正在载入引擎…",
    "engineMissing": "本站构建时没有包含浏览器内的引擎。",
    "engineFailed": "引擎无法载入：{0}",
    "engineReady": "引擎已就绪（{0} 毫秒）。",
    "notLoadedYet": "引擎仍在载入；载入后即计分。",
    "scored": "计分用时 {0} 毫秒。",
    "notScored": "未计分：这副牌有错，已在上面标出。",
    "cannotScore": "这副牌无法计分：",
    "cliSays": "cpspec 的原话：",
    "player": "{t[player]} {0}",
    "seat": "{t[seat]}",
    "segments": {"front": "{t[front]}", "middle": "{t[middle]}", "back": "{t[back]}"},
    "placeholders": {"front": "3 张牌", "middle": "5 张牌", "back": "5 张牌"},
    "declarationNames": {"natural": "{t[natural]}", "surrender": "{t[surrender]}", "timeout": "{t[timeout]}"},
    "noDeclaration": "不{t[declare]}",
    "declares": "{t[declare]}：{0}",
    "declaration": "{t[declare]}",
    "whichNatural": "哪种{t[natural]}",
    "bestNatural": "（手中最大的一种）",
    "thirteenCards": "{m[thirteen-cards]}",
    "thirteenPlaceholder": "或{m[not-set]}的 13 张牌，{t[declare]}{t[natural]}时",
    "noSurrender": "{0} 没有{t[surrender]}，也不{t[declare]}：每手牌都按摆好的比。",
    "noSurrenderHere": "{0} 没有{t[surrender]}。",
    "playersExactly": "{0} 须由恰好 {1} 位{t[player]}来打。",
    "playersAtMost": "{0} 至多由 {1} 位{t[player]}来打。",
    "playersAtLeast": "{0} 至少由 {1} 位{t[player]}来打。",
    "gridHelp": "牌表：点一张牌，把它加到你正在填的栏里。已用的牌有标记。",
    "cardInUse": "{0} 已在{1}里：每张牌只发一次。",
    "cardPlace": "{t[player]} {0}（{1}）的{2}",
    "noField": "先点一位{t[player]}的栏，再点牌。",
    "errorAt": "{t[player]} {0}（{1}）：{2}",
    "needsCards": "{0}须 {1} 张牌，现有 {2} 张",
    "notACard": "{0}：{1} 不是一张牌（写作 Td 或 T♦）",
    "fields": {"front": "{t[front]}", "middle": "{t[middle]}", "back": "{t[back]}", "cards": "{m[thirteen-cards]}",
               "seat": "{t[seat]}", "declare": "{t[declare]}", "natural": "{t[natural]}"},
    "sessionTitle": "本桌的牌局",
    "sessionHelp": "先计分，再把这副牌记入牌局：累计分数、每副牌的裁定一点即见、撤回、可分享的地址或文件"
                   "（cpspec session FILE 可读）和结账。",
    "record": "把这副牌记入牌局",
    "undo": "撤回上一副",
    "settle": "结账",
    "share": "复制牌局的地址",
    "download": "下载牌局文件",
    "newSession": "新牌局",
    "sessionEmpty": "牌局里还没有牌。",
    "sessionOther": "这个牌局按 {0} 计分；要换{t[ruleset]}，请开新牌局。",
    "scoreFirst": "请先计分（须没有错）。",
    "recorded": "第 {0} 副已记入牌局。",
    "undone": "第 {0} 副已撤回。",
    "dealLabel": "第 {0} 副",
    "afterDeals": "{0} 副之后：",
    "running": "累计",
    "settleTitle": "结账：{0} 笔付款，结清所有{t[total]}所需的最少笔数",
    "pays": "{0} 付给 {1} {2}",
    "allEven": "结账：人人持平，谁也不付。",
    "copied": "牌局的地址已在地址栏里（浏览器允许时也已复制）。",
    "startingStacks": "起始{t[stack]}（可不填；填了，每副牌都从{t[button]}起按当时的{t[stack]}结算）",
    "button": "{t[button]}",
    # Errors the desk says in a player's words ("duplicate_card": the card, from the engine's message).
    "duplicateCard": "{0} 发了两次：每张牌只发一次",
    # The rest by their code (cpspec.errors.CODES); the engine's own words follow under cliSays.
    "codes": {"bad_json": "这副牌不是合法的 JSON", "bad_input": "有一栏缺了、多了或填错了类型",
              "bad_card": "有一张牌写错了（点数 2-9TJQKA 加花色 cdhs）", "duplicate_card": "有一张牌发了两次",
              "bad_hand_size": "有一{t[segment]}的张数不对",
              "bad_players": "{t[topic-players]}或{t[seat]}名称不合本{t[ruleset]}",
              "bad_declaration": "这个{t[declare]}不存在或本{t[ruleset]}不允许",
              "unsupported": "本{t[ruleset]}没有规定这副牌所问的事", "unknown_ruleset": "没有这个{t[ruleset]}"},
}

_REFERENCE = re.compile(r"\{([tm])\[([^\]]+)\]\}")


def resolve(template: str, lang: str = "zh") -> str:
    """A template with its vocabulary words and messages said in ``lang``; ``{0}`` and the like are kept.

    >>> resolve("{t[player]} {0}")
    '玩家 {0}'
    >>> resolve("{m[thirteen-cards]}")
    '十三张'
    """
    return _REFERENCE.sub(lambda m: word(m[2], lang) if m[1] == "t" else say(m[2], lang), template)


def desk_catalogue(lang: str = "zh") -> dict[str, str | dict[str, str]]:
    """The desk's table in ``lang``, every template resolved (the page fills in the ``{0}``)."""
    return {key: resolve(value, lang) if isinstance(value, str) else {k: resolve(v, lang) for k, v in value.items()}
            for key, value in DESK_ZH.items()}


__all__ = ["DESK_ZH", "desk_catalogue", "resolve"]
