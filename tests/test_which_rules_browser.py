"""Which rules, in headless Chromium: the comparison page shows, for two rulesets picked, the smallest deal on which
they pay differently (``diff`` run in the desk's engine), and the desk's "Which rules were these?" page finds a
ruleset from deals entered with the desk's form and what was paid (``identify``), at a phone's width (390 px).

The driver, the built site (once a run) and the browser are tests/test_site_browser.py's and
tests/test_desk_browser.py's; without Pyodide in the build (`npm ci`) these tests skip. The witness shown is
scored again here, under both rulesets, by the Python engine; the deals entered are corpus cases, with the
totals each case works out by hand from the rule text. Times are written to test-artifacts/which-rules-timings.json.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from cpspec.analysis.probes import adapted
from cpspec.protocol.ops import op_score
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import bundled_registry
from test_desk_browser import WIDTH, site_url, wait
from test_site_browser import ARTIFACTS, Browser, browser

__all__ = ["browser", "site_url"]  # the fixtures

TIMINGS = ARTIFACTS / "which-rules-timings.json"


def _record(what: str, ms: Any) -> None:
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    found = json.loads(TIMINGS.read_text(encoding="utf-8")) if TIMINGS.exists() else {}
    found[what] = ms
    TIMINGS.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")


def _engine_or_skip(browser: Browser, element: str) -> None:
    if browser.evaluate(f"document.getElementById({json.dumps(element)}) === null"):
        pytest.skip("Pyodide is not in this build (run `npm ci` at the repository's root); these tests need it")


def _deal_from_desk_link(href: str) -> tuple[str, dict[str, Any]]:
    """The ruleset and the deal of a desk address (the query js/desk.js reads)."""
    query = {k: v[0] for k, v in parse_qs(urlparse(href).query).items()}
    players = []
    for i in range(4):
        if f"s{i}" not in query:
            break
        players.append({"seat": query[f"s{i}"], **{name: query[f"{key}{i}"].split() for key, name in
                                                  (("f", "front"), ("m", "middle"), ("b", "back")) if f"{key}{i}" in query}})
    return query["ruleset"], {"players": players}


@pytest.mark.slow
def test_two_rulesets_picked_on_the_comparison_page_show_a_deal_they_pay_differently(
        site_url: str, browser: Browser) -> None:
    browser.viewport(WIDTH, 844, mobile=True)
    browser.open(f"{site_url}comparison.html?rulesets=pagat-house,pagat")
    wait(browser, "document.readyState === 'complete'")
    _engine_or_skip(browser, "compare-witness")
    pair = wait(browser, "document.getElementById('compare-witness').dataset.pair")
    assert pair == "pagat,pagat-house"  # in the chooser's order: the first is A
    _record("comparison page: engine ready, since the page was opened (ms)",
            int(browser.evaluate("document.getElementById('compare-witness').dataset.engineMs")))
    _record("comparison diff pagat v pagat-house (ms)",
            int(browser.evaluate("document.getElementById('compare-witness').dataset.diffMs")))
    sides = browser.evaluate("Array.from(document.querySelectorAll('#compare-witness-smallest .compare-witness-side'))"
                             ".map(s => [s.dataset.ruleset, s.querySelector('.compare-witness-paid').textContent])")
    assert [s[0] for s in sides] == ["pagat", "pagat-house"]
    assert sides[0][1] != sides[1][1]
    # Scored again here: the deal the desk link opens is paid as shown, and differently, under the two rulesets.
    href = browser.evaluate("document.querySelector('#compare-witness-smallest a.compare-witness-desk').href")
    _, deal = _deal_from_desk_link(href)
    registry = bundled_registry()
    paid = [op_score(registry.get(r), adapted(deal, registry.get(r)))["totals"] for r in ("pagat", "pagat-house")]
    assert paid[0] != paid[1]
    assert [", ".join(f"{s} {'+' if v > 0 else '−' if v < 0 else ''}{abs(v)}" for s, v in p.items()) for p in paid] == [
        s[1] for s in sides]
    # Each side cites its rules, linked to its ruleset's page; the page scrolls only inside its table.
    rules = browser.evaluate("Array.from(document.querySelectorAll('#compare-witness-smallest .compare-witness-rules a'))"
                             ".map(a => a.getAttribute('href'))")
    assert any(r.startswith("rulesets/pagat.html#") for r in rules)
    assert any(r.startswith("rulesets/pagat-house.html#") for r in rules)
    assert browser.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # Another pair, picked in the page: answered by the engine already loaded.
    browser.evaluate("document.querySelector('#compare-chooser input[data-col=\"pagat\"]').click()")
    assert wait(browser, "document.getElementById('compare-witness-status').textContent.includes('exactly two')")
    browser.evaluate("document.querySelector('#compare-chooser input[data-col=\"pagat-sweep\"]').click()")
    assert wait(browser, "document.getElementById('compare-witness').dataset.pair") == "pagat-house,pagat-sweep"
    _record("comparison diff pagat-house v pagat-sweep (ms)",
            int(browser.evaluate("document.getElementById('compare-witness').dataset.diffMs")))


#: Three deals of english-harbour-western's cases, each with the totals its derivation works out.
CASES = ("ehw-one-win-two-ties-no-majority", "ehw-two-wins-one-tie-3", "ehw-foul-pays-3")


def _cases() -> dict[str, Any]:
    cases = json.loads((data_dir("conformance") / "corpus.json").read_text(encoding="utf-8"))["cases"]
    return {c["id"]: c for c in cases if c["id"] in CASES}


def _enter(browser: Browser, players: list[dict[str, Any]], totals: dict[str, Any]) -> None:
    """Type a deal into the desk's form and what each seat was paid."""
    script = f"""(() => {{
      const players = {json.dumps(players)}, totals = {json.dumps(totals)};
      const set = (name, value) => {{ const f = document.querySelector(`[name="${{name}}"]`); f.value = value;
                                     f.dispatchEvent(new Event("input", {{bubbles: true}}));
                                     f.dispatchEvent(new Event("change", {{bubbles: true}})); }};
      players.forEach((p, i) => {{ set("s" + i, p.seat); set("f" + i, p.front.join(" ")); set("m" + i, p.middle.join(" "));
                                   set("b" + i, p.back.join(" ")); }});
      for (const [seat, value] of Object.entries(totals)) {{
        const f = document.querySelector(`#wr-totals [data-seat="${{seat}}"]`); f.value = String(value); }}
      document.getElementById("wr-add").click();
    }})()"""
    browser.evaluate(script)


@pytest.mark.slow
def test_the_desk_tells_which_rules_paid_the_deals_entered(site_url: str, browser: Browser) -> None:
    browser.viewport(WIDTH, 844, mobile=True)
    browser.open(f"{site_url}desk-which-rules.html")
    wait(browser, "document.getElementById('cpspec-desk') && document.getElementById('cpspec-desk').dataset.engine")
    if browser.evaluate("document.getElementById('cpspec-desk').dataset.engine") != "yes":
        pytest.skip("Pyodide is not in this build (run `npm ci` at the repository's root); these tests need it")
    wait(browser, "document.getElementById('cpspec-desk').dataset.ready === 'yes' && "
                  "document.querySelectorAll('#wr-totals input').length === 2")
    # A mistake is said in the players' terms, and its field marked: a front of two cards, then a total not a number.
    case = _cases()["ehw-one-win-two-ties-no-majority"]
    short = json.loads(json.dumps(case["input"]["players"]))
    short[1]["front"] = short[1]["front"][:2]
    _enter(browser, short, {"A": 1, "B": -1})
    words = wait(browser, "!document.getElementById('desk-error').hidden && "
                          "document.querySelector('#desk-error .desk-error-words').textContent")
    assert words == f"Player 2 ({short[1]['seat']}): the front needs 3 cards, it has 2"
    assert browser.evaluate("document.querySelector('[name=\"f1\"]').getAttribute('aria-invalid')") == "true"
    _enter(browser, case["input"]["players"], {"A": "one"})
    assert "what A was paid, one, is not a whole number" in wait(
        browser, "document.querySelector('#desk-error .desk-error-words').textContent.includes('whole') && "
                 "document.querySelector('#desk-error .desk-error-words').textContent")
    assert browser.evaluate("document.querySelector('#wr-totals [data-seat=\"A\"]').getAttribute('aria-invalid')") == "true"
    assert browser.evaluate("document.getElementById('cpspec-desk').dataset.observed") == "0"
    # The deals, each with the totals its case expects: after two, several rulesets agree, and the next deal to
    # play is proposed (a link to the desk, and a button that puts it in the form); after the third, one is left.
    for number, case_id in enumerate(CASES, start=1):
        case = _cases()[case_id]
        _enter(browser, case["input"]["players"], case["expected"]["totals"])
        wait(browser, f"document.getElementById('cpspec-desk').dataset.observed === '{number}'")
        if number == 2:
            browser.evaluate("document.getElementById('wr-identify').click()")
            wait(browser, "document.getElementById('cpspec-desk').dataset.identified === '1'", timeout=300)
            assert len(browser.evaluate("Array.from(document.querySelectorAll('#wr-agreeing a'))"
                                        ".map(a => a.dataset.ruleset)")) > 1
            ruleset, deal = _deal_from_desk_link(browser.evaluate("document.getElementById('wr-next-desk').href"))
            assert ruleset in bundled_registry().ids() and len(deal["players"]) >= 2
    browser.evaluate("document.getElementById('wr-identify').click()")
    wait(browser, "document.getElementById('cpspec-desk').dataset.identified === '2'", timeout=300)
    _record("which-rules page: engine ready (ms)", int(browser.evaluate("document.getElementById('cpspec-desk').dataset.engineMs")))
    _record("identify, three english-harbour-western deals (ms)",
            int(browser.evaluate("document.getElementById('cpspec-desk').dataset.identifyMs")))
    agreeing = browser.evaluate("Array.from(document.querySelectorAll('#wr-agreeing a')).map(a => a.dataset.ruleset)")
    assert "english-harbour-western" in agreeing
    assert browser.evaluate("document.documentElement.scrollWidth") <= WIDTH
    browser.screenshot(ARTIFACTS / f"desk-which-rules-{WIDTH}.png", full_page=True)
