"""The dispute desk's words in Chinese: one entry for each entry of ``site/docs/js/desk-messages.js``.

The English table lives in the JavaScript (each entry a string or a function of the values it names);
this is its Chinese twin, by the same keys. A template's ``{0}``, ``{1}`` are the JavaScript function's
arguments in order (``player: (n) => ...`` is ``"{t[player]} {0}"``), filled in by the page; the
game's words are the vocabulary's (``{t[term-id]}``, :mod:`cpspec.rulesets.vocabulary`) and a sentence
the explanation already says is its message (``{m[message-id]}``, :mod:`cpspec.present.messages`), so
that no Chinese word is written twice. :func:`desk_catalogue` resolves both at build time; the site
serves the result as ``assets/desk/messages-zh.json`` (with the menu's Chinese names, :func:`menu_titles`)
and ``js/desk.js`` reads it when the address says ``lang=zh`` (tests/test_desk_chinese.py holds the two
tables to the same keys and arities).
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
    # The theme's words around the desk (js/desk-language.js): the site's name, the search boxes.
    "siteName": "{t[game]}规则书",
    "search": "搜索",
    # The engine's sentences said in a player's words, by their form (js/desk-language.js reads the values
    # out of the engine's English); the place (the player, the row) is errorAt's.
    "says": {"duplicateCard": "{0} 发了两次：每张牌只发一次",
             "playerCount": "{0} 位{t[player]}，而本{t[ruleset]}须由恰好 {1} 位{t[player]}来打",
             "playerRange": "{0} 位{t[player]}，而本{t[ruleset]}须由 {1} 至 {2} 位{t[player]}来打",
             "seatEmpty": "{t[seat]}不能空着（至多 64 个字符）",
             "seatTwice": "{t[seat]} {0} 已有别的{t[player]}用了：每位{t[player]}的{t[seat]}各不相同",
             "seatNotAllowed": "{t[seat]} {0} 不是本{t[ruleset]}的{t[seat]}（只有 {1}）",
             "sessionSeats": "牌局里每副牌的{t[seat]}都须相同",
             "notADeclaration": "{0} 不是一种{t[declare]}（只有{t[natural]}、{t[surrender]}和{t[timeout]}）",
             "notANatural": "{0} 不是本{t[ruleset]}的{t[natural]}",
             "hasNoNaturals": "本{t[ruleset]}没有{t[natural]}，不能{t[declare]}",
             "hasNoSurrender": "本{t[ruleset]}没有{t[surrender]}",
             "hasNoTimeout": "本{t[ruleset]}没有{t[timeout]}",
             "bankerMissing": "本{t[ruleset]}是对{t[bank]}打的：须指明{t[bank]}的{t[seat]}",
             "noStacks": "本{t[ruleset]}不按{t[stack]}结算（没有{t[button]}和起始{t[stack]}）",
             "buttonNotASeat": "{t[button]}须是这副牌的一个{t[seat]}",
             "stacksEverySeat": "每个{t[seat]}都须有一个起始{t[stack]}",
             "stackAmount": "{t[stack]}须是从 0 起的整数"},
    # Which rules were these? (js/desk-which-rules.js), and the comparison page's witness (js/compare-witness.js).
    "whichRulesAsk": "要从几副牌和每副牌实得的分数看出一个应用或一桌打的是哪个{t[ruleset]}：",
    "whichPaidTitle": "这副牌各家实得多少",
    "whichPaidHelp": "这副牌每个{t[seat]}的{t[total]}：赢了多少（12）或输了多少（-12）。不清楚的{t[seat]}可以空着。",
    "whichPaidBy": "{0} 实得",
    "whichAdd": "加入这副牌",
    "whichUndo": "收回上一副",
    "whichIdentify": "这是哪个{t[ruleset]}？",
    "whichDownload": "下载这些牌的文件",
    "whichCannotAdd": "这副牌无法加入：",
    "whichNoTotals": "请至少填一个{t[seat]}在这副牌实得多少",
    "whichNotANumber": "{0} 实得的 {1} 不是整数（写作 6 或 -6）",
    "whichAdded": "第 {0} 副已加入。请填下一副，或问这是哪个{t[ruleset]}。",
    "whichEmpty": "还没有填入牌。",
    "whichPaid": "实得 {0}",
    "whichSearching": "正在用每个{t[ruleset]}试这 {0} 副牌…",
    "whichDone": "用时 {0} 毫秒。",
    "whichAgree": "这 {0} 个{t[ruleset]}付全部 {1} 副牌都与实付相同：",
    "whichNoneAgree": "没有哪个{t[ruleset]}付全部 {0} 副牌都与实付相同。",
    "whichNearest": "最接近的：",
    "whichAgreesWith": "{1} 副中有 {0} 副付得与实付相同",
    "whichFixes": "让每副牌都付得与实付相同的最少参数改动：",
    "whichWith": "改为",
    "whichNoFix": "改动一两个参数都做不到：这些规则在搜索范围之外（请写一个自家的{t[ruleset]}，"
                  "用 cpspec identify --rulesets 检查）。",
    "whichHouse": "下载自家{t[ruleset]}文件",
    "whichHouseNote": "由规则书{t[desk]}上的 cpspec identify 写出的自家{t[ruleset]}（JSON，YAML 也能读）。",
    "whichNext": "要分辨它们，下一副请打（或在应用里填入）这副牌：",
    "whichRefuses": "不接受这副牌（{0}）",
    "whichOpenDesk": "在{t[desk]}上打开",
    "whichPutInForm": "填入表格",
    "whichAlike": "试过的牌都分不出 {0}：它们只在 {1} 上不同。",
    "whichUnread": "计分从不读取的内容",
    "whichDealError": "第 {0} 副：{1}",
    "witnessTitle": "两个{t[ruleset]}在哪里分歧",
    "witnessPick": "恰好选两个{t[ruleset]}，即可看到两者付得不同的最小一副牌。",
    "witnessLoading": "正在载入引擎（只载入一次），寻找两者分歧的牌…",
    "witnessSearching": "正在寻找 {0} 与 {1} 分歧的牌…",
    "witnessDone": "用时 {0} 毫秒找到（问了 {1} 次）。",
    "witnessNone": "{0} 与 {1} 的用例中，没有哪副牌两者付得不同。",
    "witnessSmallest": "{0} 与 {1} 付得不同的最小一副牌",
    "witnessFromCase": "出自语料库用例（{0}）：",
    "witnessRules": "{m[col-rule]}：",
    "witnessOpenDesk": "在{t[desk]}上打开这副牌",
    "witnessParameters": "每个不同的参数，以及显示它的最小一副牌",
    "witnessTogether": "（与同一块的其余参数一起显示）",
    "witnessNoDeal": "试过的牌都付得相同",
    "witnessQuiet": "另有 {0} 处不同（规则{t[citation]}、规则正文、标题和来源）在任何一副牌上都不改变计分。",
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


def menu_titles() -> dict[str, str]:
    """The menu's English pages that have a Chinese twin -> the twin's name in the Chinese menu (the desk in
    Chinese names them so and links to the twin, ``zh/``; a ruleset's twin is named by its Chinese title).

    >>> menu_titles()["glossary.html"]
    '词汇表'
    """
    # Here, not above: the Chinese edition's package reads the rulebook's, which serves this table.
    from cpspec.present.chinese.common import EDITION_TITLES, FIXED_TWINS

    return {FIXED_TWINS[page].removesuffix(".md") + ".html": title for page, title in EDITION_TITLES.items()}


def desk_catalogue(lang: str = "zh") -> dict[str, str | dict[str, str]]:
    """The desk's table in ``lang``, every template resolved (the page fills in the ``{0}``), with its menu."""
    table: dict[str, str | dict[str, str]] = {
        key: resolve(value, lang) if isinstance(value, str) else {k: resolve(v, lang) for k, v in value.items()}
        for key, value in DESK_ZH.items()}
    table["menu"] = menu_titles()
    return table


__all__ = ["DESK_ZH", "desk_catalogue", "menu_titles", "resolve"]
