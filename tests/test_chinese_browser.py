"""The Chinese edition in headless Chromium: a Chinese search gives the Chinese page first; and what tells
whether a page's labels are Chinese (the Chinese desk's tests are tests/test_desk_browser.py's, where the
engine is already loaded). The driver and the built site (once a run) are tests/test_site_browser.py's.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

import pytest

from test_site_browser import Browser, browser, site_url

__all__ = ["browser", "site_url"]  # the fixtures, shared

#: What a Chinese label may carry besides Chinese: seats, cards and ranks, numbers, the commands it names,
#: rule and topic ids (``ssw-daqiang``, ``base-points``), ruleset ids and the sources' names.
_NAMES = re.compile(r"cpspec(?: explain --lang zh| session FILE)?|WebAssembly|Python|JSON|vocus|mrcash\.store"
                    r"|shisanshui[a-z-]*|[a-z]+(?:-[a-z0-9]+)+|(?<![A-Za-z])(?:10|[2-9TJQKA])[cdhs♣♦♥♠]?(?![a-z])"
                    r"|(?<![A-Za-z])[A-D](?![A-Za-z])")


def han_share(text: str) -> float:
    letters = [c for c in _NAMES.sub(" ", text) if unicodedata.category(c).startswith("L")]
    return sum(1 for c in letters if "CJK" in unicodedata.name(c, "")) / max(1, len(letters))


#: Every label the page shows in its body: headings, field labels, legends, buttons, table heads, the chosen
#: option of each menu, notes and the status line, the introduction, and each visible field's placeholder.
VISIBLE_LABELS = """
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


_FIRST = ("(() => { const a = document.querySelector('#search-results li.search-result a'); "
          "return a && {href: a.href, text: a.textContent}; })()")


@pytest.mark.slow
def test_a_chinese_search_gives_the_chinese_page_first(site_url: str, browser: Browser) -> None:
    browser.viewport(1280, 800)
    browser.open(f"{site_url}search.html?q={quote('全垒打')}")
    browser.wait_for("document.getElementById('search-results') && "
                     "document.getElementById('search-results').dataset.query === '全垒打'")
    first: dict[str, str] = browser.evaluate(_FIRST)
    # A term: the rule titled with it, on its Chinese page (ssw-quanleida or its four-player child's).
    assert first["href"].startswith(f"{site_url}zh/rulesets/shisanshui") and "全垒打" in first["text"], first
    # The game's name, asked on the loaded page: any of its rules, in Chinese.
    browser.evaluate("(() => { const out = document.getElementById('search-results'); out.dataset.query = ''; "
                     "document.getElementById('search-query').value = '十三水'; "
                     "document.getElementById('search-form').requestSubmit(); })()")
    browser.wait_for("document.getElementById('search-results').dataset.query === '十三水'")
    first = browser.evaluate(_FIRST)
    assert first["href"].startswith(f"{site_url}zh/"), first
