"""The Chinese edition in headless Chromium: the Chinese desk settles the 全垒打 dispute at a phone's width
(390 px) with every label it shows in Chinese, the language switch keeps the choice in the address, and a
Chinese search gives the Chinese page first.

The driver, the built site (once a run) and the desk's helpers are tests/test_site_browser.py's and
tests/test_desk_browser.py's. The dispute is examples/shisanshui-quanleida-zh.yaml, worked by hand there
(A +72, B -17, C -29, D -26); its desk link is the one the Chinese dispute guide gives.
"""

from __future__ import annotations

import json
import re
import unicodedata
from urllib.parse import quote

import pytest

from test_desk_browser import WIDTH, open_desk, site_url, totals, wait
from test_site_browser import ARTIFACTS, Browser, browser

__all__ = ["browser", "site_url"]  # the fixtures, shared

#: What a Chinese label may carry besides Chinese: seats, cards and ranks, numbers, the commands it names,
#: rule and topic ids (``ssw-daqiang``, ``base-points``), ruleset ids and the sources' names.
_NAMES = re.compile(r"cpspec(?: explain --lang zh| session FILE)?|WebAssembly|Python|JSON|vocus|mrcash\.store"
                    r"|shisanshui[a-z-]*|[a-z]+(?:-[a-z0-9]+)+|(?<![A-Za-z])(?:10|[2-9TJQKA])[cdhs♣♦♥♠]?(?![a-z])"
                    r"|(?<![A-Za-z])[A-D](?![A-Za-z])")


def _han_share(text: str) -> float:
    letters = [c for c in _NAMES.sub(" ", text) if unicodedata.category(c).startswith("L")]
    return sum(1 for c in letters if "CJK" in unicodedata.name(c, "")) / max(1, len(letters))


#: Every label the page shows in its body: headings, field labels, legends, buttons, table heads, the chosen
#: option of each menu, notes and the status line, the introduction, and each visible field's placeholder.
_VISIBLE_LABELS = """
Array.from(document.querySelectorAll('[itemprop=articleBody] :is(h1, h2, h3, h4, label, legend, '
    + 'button:not(.desk-card), th, .desk-note, #desk-status, #desk-intro, #desk-lang span, summary)'))
  .filter(n => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden')
  .map(n => n.innerText.trim())
  .concat(Array.from(document.querySelectorAll('[itemprop=articleBody] select'))
    .filter(s => s.getClientRects().length && s.selectedIndex >= 0).map(s => s.options[s.selectedIndex].text))
  .concat(Array.from(document.querySelectorAll('[itemprop=articleBody] input[placeholder]'))
    .filter(i => i.getClientRects().length).map(i => i.placeholder))
  .filter(t => t && t !== '—')
"""


@pytest.mark.slow
def test_the_chinese_desk_settles_the_quanleida_dispute_at_a_phones_width(site_url: str, browser: Browser) -> None:
    browser.viewport(WIDTH, 844, mobile=True)
    browser.open(f"{site_url}zh/how-to-settle-a-dispute.html")
    browser.wait_for("document.readyState === 'complete'")
    links = browser.evaluate("Array.from(document.querySelectorAll('a[href*=\"desk.html?\"]')).map(a => a.href)")
    link = next(h for h in links if "lang=zh" in h and "f0=Qs+Qh+Qd" in h)  # the guide's 全垒打 dispute
    open_desk(browser, link)
    # examples/shisanshui-quanleida-zh.yaml: A sweeps all three (全垒打), 冲三 3 doubled twice with the rows.
    assert totals(browser) == ["A +72", "B −17", "C −29", "D −26"]
    assert browser.evaluate("document.documentElement.lang") == "zh-CN"
    assert browser.evaluate("document.getElementById('cpspec-desk').dataset.lang") == "zh"
    labels: list[str] = browser.evaluate(_VISIBLE_LABELS)
    assert len(labels) > 30, labels
    english = [label for label in labels if _han_share(label) < 0.99]
    assert not english, english
    # The explanation is the engine's `explain --lang zh`, its rules linked to the Chinese edition.
    result: str = browser.evaluate("document.getElementById('desk-result').innerText")
    assert "A 三墩全赢每一个对手：全垒打" in result and "冲三（三条 Q）：奖励 3 水" in result
    assert "最终结果：A +72，B -17，C -29，D -26。" in result
    assert _han_share(result) > 0.99
    href = browser.evaluate("document.querySelector('#desk-result a.desk-rule').getAttribute('href')")
    assert href.startswith("zh/rulesets/shisanshui.html#"), href
    assert browser.evaluate("document.documentElement.scrollWidth") <= WIDTH
    browser.screenshot(ARTIFACTS / f"desk-zh-quanleida-{WIDTH}.png", full_page=True)
    # An error in the players' terms, in Chinese: B's front one card short.
    browser.evaluate("document.getElementById('desk-f1').value = 'As Kh'; "
                     "document.getElementById('desk-form').requestSubmit();")
    wait(browser, "!document.getElementById('desk-error').hidden")
    said = browser.evaluate("document.querySelector('#desk-error .desk-error-words').textContent")
    assert said == "玩家 2（B）：头墩须 3 张牌，现有 2 张"


@pytest.mark.slow
def test_the_language_switch_keeps_the_deal_and_puts_the_language_in_the_address(site_url: str,
                                                                                  browser: Browser) -> None:
    browser.viewport(WIDTH, 844, mobile=True)
    open_desk(browser, f"{site_url}desk.html?ruleset=shisanshui&s0=A&f0=Qs+Qh+Qd&m0=5c+6d+7h+8s+9c"
                       "&b0=Ad+Kd+Td+4d+2d&s1=B&f1=As+Kh+2s&m1=Jd+Jh+8c+6s+3d&b1=Ks+Kc+9s+9h+4c")
    assert browser.evaluate("document.getElementById('desk-score').textContent") == "Score the deal"
    before = browser.evaluate("Number(document.getElementById('cpspec-desk').dataset.scored)")
    browser.evaluate("document.querySelector('#desk-lang a[data-lang=zh]').click()")
    wait(browser, f"Number(document.getElementById('cpspec-desk').dataset.scored) > {before}")
    assert "lang=zh" in browser.evaluate("window.location.search")
    assert browser.evaluate("document.getElementById('desk-score').textContent") == "计分"
    assert browser.evaluate("document.getElementById('desk-f0').value") == "Qs Qh Qd"
    assert "头墩" in browser.evaluate("document.getElementById('desk-result').innerText")
    browser.evaluate("document.querySelector('#desk-lang a[data-lang=en]').click()")
    wait(browser, "document.getElementById('desk-score').textContent === 'Score the deal'")
    assert "lang=" not in browser.evaluate("window.location.search")


@pytest.mark.slow
def test_a_chinese_search_gives_the_chinese_page_first(site_url: str, browser: Browser) -> None:
    browser.viewport(1280, 800)
    for query in ("全垒打", "打枪", "倒水"):
        browser.open(f"{site_url}search.html?q={quote(query)}")
        browser.wait_for(f"document.getElementById('search-results') && "
                         f"document.getElementById('search-results').dataset.query === {json.dumps(query)}")
        hrefs: list[str] = browser.evaluate(
            "Array.from(document.querySelectorAll('#search-results li.search-result a')).map(a => a.href)")
        assert hrefs, query
        assert hrefs[0].startswith(f"{site_url}zh/"), (query, hrefs[:3])
