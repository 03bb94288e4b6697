"""The rulebook's page generator (cpspec.present.rulebook), without MkDocs.

Facts about the rules are taken from the ruleset files' own words and the sources; the page
structure (anchors, links, one row per topic, one column per ruleset) from the task's requirements.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import markdown  # type: ignore[import-untyped,unused-ignore]
import pytest

from cpspec.present import rulebook
from cpspec.present.rulebook import CaseView, Inputs
from cpspec.rulesets.loader import RulesetRegistry, bundled_registry

REPO = Path(__file__).resolve().parent.parent


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: Counter[str] = Counter()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids[value] += 1
            if name == "href" and value:
                self.hrefs.append(value)


def html_of(page: str) -> _Ids:
    """The page as MkDocs renders it (the same Markdown extensions as site/mkdocs.yml)."""
    parser = _Ids()
    parser.feed(markdown.markdown(page, extensions=["attr_list", "tables", "toc"]))
    return parser


def seed_examples() -> tuple[rulebook.ExampleDeal, ...]:
    return tuple(rulebook.read_example(p) for p in sorted((REPO / "examples").glob("*.yaml")))


def schemas() -> dict[str, dict[str, object]]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted((REPO / "schema").glob("*.json"))}


A_D_CASE = CaseView(
    id="rulebook-test-chiptalk-a-d", description="The Chiptalk A-D example", rulesets=("chiptalk",), op="score",
    input={"players": [
        {"seat": "A", "front": ["Ts", "6d", "6h"], "middle": ["Qh", "Qd", "Jc", "3s", "2d"],
         "back": ["4h", "4d", "4c", "Qc", "3h"]},
        {"seat": "B", "front": ["9d", "7h", "5s"], "middle": ["9h", "9s", "6s", "6c", "Jh"],
         "back": ["Kd", "Kh", "Ks", "Ad", "7d"]},
        {"seat": "C", "front": ["Kc", "7s", "5d"], "middle": ["Js", "Jd", "Ac", "Td", "5c"],
         "back": ["Ah", "As", "3c", "3d", "8c"]},
        {"seat": "D", "front": ["9c", "7c", "5h"], "middle": ["Tc", "Th", "Qs", "4s", "2s"],
         "back": ["8s", "8h", "8d", "2c", "2h"]},
    ]},
    expected={"totals": {"A": 4, "B": 4, "C": -4, "D": -4}}, expected_error=None,
    pins=("ct-overall-point", "ct-segment-point"), tags=("worked-example", "four-players"),
    derivation="Source 000: A +4, B +4, C -4, D -4.",
)
CLASSIFY_CASE = CaseView(
    id="rulebook-test-classify", description="A royal flush", rulesets=("basic", "two-four"), op="classify",
    input={"cards": ["As", "Ks", "Qs", "Js", "Ts"]}, expected={"category": "straight_flush"}, expected_error=None,
    pins=(), tags=("hand-ranking",), derivation="A-K-Q-J-T of one suit.",
)


@pytest.fixture(scope="module")
def inputs() -> Inputs:
    return Inputs(bundled_registry(), (A_D_CASE, CLASSIFY_CASE), seed_examples(), schemas(),
                  {name: (REPO / "docs" / name).read_text(encoding="utf-8")
                   for name in ("protocol.md", "which-rules.md")})  # which-rules.md: desk-which-rules.md links it


@pytest.fixture(scope="module")
def pages(inputs: Inputs) -> dict[str, str]:
    return rulebook.generate_pages(inputs)


# --- ruleset pages ---------------------------------------------------------------------------


def test_a_page_per_bundled_ruleset_with_every_rule_anchored_exactly_once(pages: dict[str, str]) -> None:
    for ruleset in bundled_registry().all():
        page = pages[f"rulesets/{ruleset.id}.md"]
        ids = html_of(page).ids
        for rule in ruleset.rules:
            assert ids[rule.id] == 1, (ruleset.id, rule.id)
            assert f"`{ruleset.id} {ruleset.version}, rule {rule.id}`" in page


def test_a_rule_shows_text_quote_interpretation_and_examples(pages: dict[str, str]) -> None:
    page = pages["rulesets/chiptalk.md"]
    section = page.split("{#ct-overall-point}", 1)[1].split("\n### ", 1)[0]
    # The rule's normative text and its quote of source 000, from rulesets/chiptalk.yaml.
    assert "the player with the higher total gets one more point, the overall point" in section
    assert "> The player with the higher total gets an additional point called the overall point." in section
    assert "[`000_942d16e1966ec2a7.txt`](#sources)" in section and "*Chiptalk.net Chinese Poker Tournament Rules*" in section
    # Its interpretation record: register topic, what the source says, the reading, the alternatives.
    assert "(../ambiguities.md#majority-with-ties)" in section
    assert "*What the source says:*" in section and "*The reading chosen:*" in section
    assert "    - Only two or more segment wins earn it." in section
    # The parameter it governs and the worked example that pins it.
    assert "`scoring.overall` (points 1, decided\\_by higher\\_total)" in section
    assert ("[`rulebook-test-chiptalk-a-d`](../examples/chiptalk/overall-point.md#rulebook-test-chiptalk-a-d)"
            in section)


def test_rules_come_first_and_the_seed_examples_have_their_own_pages(pages: dict[str, str]) -> None:
    # examples/chiptalk-a-d.yaml is source 000's deal, english-harbour-a-d.yaml source 002's.
    chiptalk = pages["rulesets/chiptalk.md"]
    # The summary, then the rules by topic, then the examples: the first rule comes before any example.
    assert chiptalk.index("## Summary") < chiptalk.index("{#ct-players}") < chiptalk.index("## Worked examples")
    assert "(../examples/chiptalk/chiptalk-a-d.md)" in chiptalk
    for ruleset in bundled_registry().all():
        from_002 = any((s.file or "").startswith("002_") for s in ruleset.sources)
        assert (f"examples/{ruleset.id}/english-harbour-a-d.md" in pages) == from_002, ruleset.id
    assert not any(name.startswith("examples/two-four/") and name.endswith("-a-d.md") for name in pages)
    basic = pages["examples/basic/english-harbour-a-d.md"]
    # Source 002: "Totaling everything; A gains 3, B loses 7, C gains 5 and D loses 1."
    assert "**Final results: A +3, B -7, C +5, D -1.**" in basic
    deal = pages["examples/chiptalk/chiptalk-a-d.md"]
    assert "[`ct-overall-point`](../../rulesets/chiptalk.md#ct-overall-point)" in deal
    assert "(../../desk.md?ruleset=chiptalk&s0=A&f0=Ts+6d+6h" in deal


def test_worked_examples_are_grouped_by_ruleset_in_short_pages(pages: dict[str, str], inputs: Inputs) -> None:
    index = pages["examples.md"]
    for ruleset in inputs.rulesets:
        assert f"(examples/{ruleset.id}.md)" in index
    # Every case is shown in full exactly once, under an anchor equal to its id, at the address the rule pages
    # link to; each of its rulesets' pages of worked examples links it.
    for case in inputs.cases:
        full = [n for n, text in pages.items() if f"{{#{case.id}}}" in text]
        assert full == [inputs.case_address(case.id).split("#")[0]], (case.id, full)
        for ruleset_id in case.rulesets:
            if not inputs.registry.has(ruleset_id):
                continue
            linked = [n for n, text in pages.items() if n.startswith(f"examples/{ruleset_id}")
                      and (f"](#{case.id})" in text or f"{case.id}.md#{case.id})" in text or f"#{case.id})" in text)]
            assert linked, (case.id, ruleset_id)
    # The index and each ruleset's page of worked examples are short: one line per ruleset or topic.
    listings = [text for n, text in pages.items() if n == "examples.md" or (n.startswith("examples/") and n.count("/") == 1)]
    assert max(len(text.splitlines()) for text in listings) < 120


def test_old_case_addresses_redirect_to_the_cases_anchor(inputs: Inputs) -> None:
    redirects = rulebook.case_redirects(inputs)
    assert set(redirects) == {f"cases/{c.id}.html" for c in inputs.cases}
    page = redirects["cases/rulebook-test-chiptalk-a-d.html"]
    assert 'content="0;url=../examples/chiptalk/overall-point.html#rulebook-test-chiptalk-a-d"' in page


def test_citations_show_title_quote_in_context_and_address(pages: dict[str, str], inputs: Inputs) -> None:
    section = pages["rulesets/chiptalk.md"].split("{#ct-overall-point}", 1)[1].split("\n### ", 1)[0]
    assert "**Source:** *Chiptalk.net Chinese Poker Tournament Rules* ([`000_942d16e1966ec2a7.txt`](#sources); " \
           "no public address is known)" in section
    if "000_942d16e1966ec2a7.txt" in inputs.source_texts:
        assert "<summary>In context</summary>" in section
        assert "**The player with the higher total gets an additional point called the overall point.**" in section


def _tmp_registry(tmp_path: Path) -> RulesetRegistry:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    shutil.copy(REPO / "rulesets" / "basic.yaml", folder / "basic.yaml")
    (folder / "my-variant.yaml").write_text(
        "id: my-variant\ntitle: My variant\nversion: 2.1.0\nsummary: Two points a segment.\nextends: basic\n"
        "changelog: [{version: 2.1.0, date: '2026-01-01', changes: Doubled.}]\n"
        "removes_rules: [bas-surrender]\n"
        "parameters:\n  penalties: {surrender: null}\n  scoring: {segment_points: 2, rule: mv-double}\n"
        "rules:\n  - id: mv-double\n    title: Two points a segment\n    topic: scoring\n    text: Two.\n"
        "    interpretation: {topic: doubled-stakes, source_says: s, reading: r, alternatives: [a]}\n",
        encoding="utf-8")
    return RulesetRegistry(folder)


def test_new_rulesets_get_pages_without_changing_the_generator(tmp_path: Path) -> None:
    registry = _tmp_registry(tmp_path)
    pages = rulebook.generate_pages(Inputs(registry, schemas=schemas()))
    assert {p for p in pages if p.startswith("rulesets/")} == {"rulesets/basic.md", "rulesets/my-variant.md"}
    page = pages["rulesets/my-variant.md"]
    # What it inherits, removes, adds and overrides.
    assert "This ruleset extends [basic](basic.md)" in page
    assert "[`bas-segment-tie`](#bas-segment-tie)" in page.split("**Inherited rules:**")[1].split("\n")[0]
    assert "**Removed rules** (replaced by this ruleset's own): [`bas-surrender`](basic.md#bas-surrender)" in page
    assert "**Its own rules:** [`mv-double`](#mv-double)" in page
    assert "| `scoring.segment_points` | 1 | 2 |" in page
    assert "| `scoring.rule` | bas-segment-unit | mv-double |" in page
    assert "inherited from [basic](basic.md#bas-segment-tie)" in page
    assert "`my-variant 2.1.0, rule bas-segment-tie`" in page
    ids = html_of(page).ids
    assert ids["mv-double"] == 1 and ids["bas-segment-tie"] == 1 and ids["bas-surrender"] == 0
    assert "- **2.1.0** (2026-01-01): Doubled." in page
    nav = json.dumps(rulebook.site_nav(Inputs(registry)))
    assert '"My variant": "rulesets/my-variant.md"' in nav


# --- comparison matrix ------------------------------------------------------------------------


def test_comparison_has_a_row_per_topic_and_a_column_per_ruleset(pages: dict[str, str], inputs: Inputs) -> None:
    topics = schemas()["ruleset.schema.json"]["$defs"]["topic"]["enum"]  # type: ignore[index]
    page = pages["comparison.md"]
    matrix = page.split('<table class="compare" id="compare-matrix">', 1)[1].split("</table>", 1)[0]
    header = matrix.split("</thead>")[0]
    columns = re.findall(r'<th scope="col" data-col="([a-z0-9-]+)">', header)
    assert columns == bundled_registry().ids()
    rows = re.findall(r"<tr>(.*?)</tr>", matrix.split("<tbody>")[1])
    assert [re.search(r'<th scope="row"><a href="#([a-z-]+)">', r).group(1) for r in rows] == topics  # type: ignore[union-attr]
    cells = {re.search(r'href="#([a-z-]+)"', r).group(1): dict(re.findall(r'<td data-col="([a-z0-9-]+)">(.*?)</td>', r))  # type: ignore[union-attr]
             for r in rows}
    chiptalk = cells["overall-point"]["chiptalk"]
    # chiptalk.yaml: overall {points: 1, decided_by: higher_total, rule: ct-overall-point}
    assert chiptalk.startswith("+1 for the higher total") and 'href="rulesets/chiptalk.html#ct-overall-point"' in chiptalk
    # basic.yaml: "no overall point"
    assert cells["overall-point"]["basic"] == "none"
    # basic.yaml: a foul "pays 3 units to each opponent"
    assert cells["fouls"]["basic"].startswith("3 to each opponent")
    # The chooser has a box per ruleset, and the page loads its script.
    assert re.findall(r'<input type="checkbox" data-col="([a-z0-9-]+)" checked>', page) == columns
    assert '<script src="js/compare.js"></script>' in page
    ids = html_of(page).ids
    assert all(ids[t] == 1 for t in topics)


# --- hand rankings, ambiguity register, schema, included docs ----------------------------------


def test_hand_rankings_list_every_category_in_order(pages: dict[str, str]) -> None:
    page = pages["hand-rankings.md"]
    five = page.split("{#five-card}")[1].split("{#front}")[0]
    names = [line.split(" | ")[1] for line in five.splitlines() if re.match(r"\| \d", line)]
    # Standard poker, highest first.
    assert names == ["straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind",
                     "two pair", "pair", "high card"]
    kings = ('<span class="card">K♣</span> <span class="card red">K♦</span> <span class="card red">K♥</span> '
             '<span class="card">K♠</span> <span class="card">5♠</span>')
    assert f"| 2 | four of a kind | 铁支 | `four_of_a_kind` | {kings} | four kings |" in five
    front = page.split("{#front}")[1].split("{#ties}")[0]
    assert [line.split(" | ")[1:3] for line in front.splitlines() if re.match(r"\| \d", line)] == \
        [["three of a kind", "三条"], ["pair", "对子"], ["high card", "乌龙"]]
    segments = page.split("{#segments}")[1].split("{#five-card}")[0]
    assert "| front | 头墩 | 3 |" in segments and "| middle | 中墩 | 5 |" in segments and "| back | 尾墩 | 5 |" in segments
    assert "[basic](rulesets/basic.md#bas-hand-rankings)" in page


def test_the_ambiguity_register_groups_by_topic_and_lists_inherited_rules_once(tmp_path: Path) -> None:
    registry = _tmp_registry(tmp_path)
    page = rulebook.ambiguity_page(Inputs(registry))
    # bas-hand-rankings' interpretation is filed under wheel-rank (basic.yaml) and inherited by my-variant.
    wheel = page.split("{#wheel-rank}")[1].split("\n## ")[0]
    assert wheel.count("### [`bas-hand-rankings`]") == 1
    assert "(also in [my-variant](rulesets/my-variant.md#bas-hand-rankings))" in wheel
    assert "{#doubled-stakes}" in page and "[`mv-double`](rulesets/my-variant.md#mv-double)" in page


def test_schema_reference_documents_every_definition(pages: dict[str, str]) -> None:
    page = pages["schema.md"]
    ids = html_of(page).ids
    assert ids["ruleset"] == 1 and ids["ruleset--rule"] == 1 and ids["ruleset--citation"] == 1
    assert ("| `quote` | string | yes | A short verbatim quote from the source (whitespace aside), unless paraphrase is "
            "true. |") in page
    assert "[citation](#ruleset--citation)" in page


def test_included_docs_keep_links_between_docs_and_drop_links_to_other_files() -> None:
    text = "See [the protocol](protocol.md#ops), [a schema](../schema/case.schema.json) and [web](https://x.y/)."
    out = rulebook.included_doc("implementers.md", text, ["protocol.md", "implementers.md"])
    assert out == ("See [the protocol](protocol.md#ops), a schema (`../schema/case.schema.json` in the repository) "
                   "and [web](https://x.y/).")


def test_placeholders(inputs: Inputs) -> None:
    out = rulebook.expand_placeholders("x <!-- cpspec:rulesets --> y", inputs)
    assert "[Chiptalk.net Chinese Poker Tournament](rulesets/chiptalk.md)" in out
    sample = rulebook.expand_placeholders("<!-- cpspec:explain-sample examples/chiptalk-a-d.yaml -->", inputs)
    assert sample.startswith("```console\n$ cpspec explain examples/")
    with pytest.raises(ValueError, match="unknown rulebook placeholder"):
        rulebook.expand_placeholders("<!-- cpspec:nothing -->", inputs)


# --- worked examples ---------------------------------------------------------------------------


def test_a_score_case_is_explained_step_by_step_and_links_back(pages: dict[str, str]) -> None:
    page = pages["examples/chiptalk/overall-point.md"].split("{#rulebook-test-chiptalk-a-d}", 1)[1]
    # The cards with suit symbols, each segment with the rule that decides it, the source's totals.
    assert ('| A | front | <span class="card">T♠</span> <span class="card red">6♦</span> '
            '<span class="card red">6♥</span> | pair of sixes |') in page
    assert "| front | pair of sixes | nine high | A wins | A +1 | [`ct-segment-point`]" \
           "(../../rulesets/chiptalk.md#ct-segment-point) |" in page
    assert "**B 3 to A 1, so B collects 2 from A.**" in page
    assert "**Final results: A +4, B +4, C -4, D -4.**" in page
    assert "[`ct-overall-point`](../../rulesets/chiptalk.md#ct-overall-point)" in page
    assert "> Source 000: A +4, B +4, C -4, D -4." in page


def test_a_case_that_is_not_a_worked_example_is_explained_on_the_desk(inputs: Inputs) -> None:
    from dataclasses import replace

    from cpspec.present.rulebook.cases import case_section, explained_in_full

    plain = replace(A_D_CASE, id="rulebook-test-plain", tags=("four-players",))
    assert explained_in_full(A_D_CASE) and not explained_in_full(plain)
    shown = case_section(plain, replace(inputs, cases=(plain,)))
    assert "[under chiptalk on the dispute desk](../../desk.md?ruleset=chiptalk&s0=A&f0=Ts+6d+6h" in shown
    assert "Final results" not in shown
    banker = replace(plain, input={**plain.input, "banker": "A"})
    assert "cpspec explain FILE" in case_section(banker, replace(inputs, cases=(banker,)))


def test_other_cases_show_their_data_and_the_index_lists_every_case(pages: dict[str, str]) -> None:
    page = pages["examples/basic/other.md"]
    assert "{category: straight_flush}" in page and "**rulesets** basic, two-four" in page
    assert "[`rulebook-test-classify`](../examples/basic/other.md#rulebook-test-classify)" in pages["examples/two-four.md"]


def test_the_corpus_reader_reads_the_committed_corpus() -> None:
    cases = rulebook.read_cases(REPO / "conformance")
    assert len({c.id for c in cases}) == len(cases)
    assert all(c.op and c.rulesets for c in cases)


def test_every_generated_link_points_to_a_generated_page(pages: dict[str, str]) -> None:
    hand_written = set(rulebook.HAND_WRITTEN)
    for name, page in pages.items():
        base = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
        for href in re.findall(r"\]\(([^)\s]+)\)", page):
            if href.startswith(("#", "http://", "https://")):
                continue
            target = href.split("#")[0].split("?")[0]
            parts: list[str] = []
            for part in (base + target).split("/"):
                if part == "..":
                    parts.pop()
                elif part:
                    parts.append(part)
            resolved = "/".join(parts)
            assert resolved in pages or resolved in hand_written, (name, href)


def test_the_schema_reference_lists_every_key_at_every_depth(pages: dict[str, str]) -> None:
    page = pages["schema.md"]
    for path in ("parameters.scoring.segment_points", "parameters.scoring.sweep.points",
                 "parameters.bonuses.same_category_multiplier", "parameters.setting.back_over_middle",
                 "parameters.bonuses.table[].segment", "parameters.penalties.surrender.mode"):
        anchor = "key-" + re.sub(r"[^a-z0-9]+", "-", path).strip("-")
        assert f"#### `{path}` {{#{anchor}}}" in page, path
    entry = page.split("{#key-parameters-setting-back-over-middle}", 1)[1].split("####", 1)[0]
    assert '**allowed** `"strict"`, `"allow_equal"`, `"none"`' in entry and "**required**" in entry
    assert "**used in** [asian](rulesets/asian.md) and" in entry
    assert "#### `cases[].tags` {#case-key-cases-tags}" in page


def test_search_records_rules_and_cases_at_their_anchors(inputs: Inputs) -> None:
    from cpspec.present.rulebook.search_index import search_records

    records = {r.url: r.html for r in search_records(inputs)}
    rule = records["rulesets/chiptalk.html#ct-overall-point"]
    assert '<span data-pagefind-filter="kind">rule</span>' in rule
    assert '<span data-pagefind-filter="ruleset">chiptalk</span>' in rule
    assert '<span data-pagefind-filter="topic">overall-point</span>' in rule
    assert '<span data-pagefind-meta="id">ct-overall-point</span>' in rule and 'data-pagefind-weight="10"' in rule
    case = records["examples/chiptalk/overall-point.html#rulebook-test-chiptalk-a-d"]
    assert '<span data-pagefind-filter="kind">case</span>' in case
    chinese = records["zh/rulesets/shisanshui.html#ssw-quanleida"]
    assert '<html lang="zh-CN">' in chinese and "全垒打" in chinese
    assert '<span data-pagefind-meta="href">zh/rulesets/shisanshui.html#ssw-quanleida</span>' in chinese
    assert len(records) == (sum(len(r.rules) for r in inputs.rulesets) + len(inputs.cases)
                            + sum(len(r.rules) for r in inputs.rulesets if "zh" in r.languages))
