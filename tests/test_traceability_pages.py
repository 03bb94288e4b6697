"""Traceability for the public pages the rulesets cite (pagat.com's and Wikipedia's Chinese Poker pages).

The same check as tests/test_traceability.py makes for the source documents, against the saved copy of
each page (shared/sources, found by the address on its second line): ``traceability/pages/<name>.yaml``
lists the page's normative statements (verbatim) with the ``ruleset:rule`` ids that cite each, and every
other passage as ``not_normative`` with the reason (a heading, an example reproduced by a case, a
variation not bundled, a natural its ruleset does not bundle, ...). Every word of the page is in
one or the other, each statement leads to a rule that quotes it, and every quote of the page by a
bundled rule is one of the statements.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from conftest import REPO, SEEDS
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.quotes import SavedTexts, normalise, read_saved_texts
from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping
from test_traceability import Statement, Trace, _strings, find_rule, overlaps, uncovered_words

SOURCES = SEEDS.parent / "sources"
PAGES = REPO / "traceability" / "pages"
PAGE_FILES = sorted(PAGES.glob("*.yaml"))
NO_SOURCES = pytest.mark.skip(reason=f"the saved pages folder {SOURCES} is absent")
PAGE_PARAMS = [pytest.param(p, id=p.stem, marks=[] if SOURCES.is_dir() else [NO_SOURCES]) for p in PAGE_FILES]


@cache
def saved() -> SavedTexts:
    return read_saved_texts([SOURCES])


@cache
def load_page_trace(path: Path) -> Trace:
    data = require_mapping(load_yaml_file(path))
    assert set(data) == {"source", "statements", "not_normative"}, f"{path.name}: keys are {sorted(data)}"
    statements = []
    for index, raw in enumerate(data["statements"]):
        where = f"{path.name} statements[{index}]"
        assert isinstance(raw, dict) and set(raw) == {"quote", "rules"}, f"{where}: needs quote and rules"
        rules = _strings(raw["rules"], f"{where}.rules")
        assert rules, f"{where}: a normative statement names at least one rule"
        statements.append(Statement(str(raw["quote"]), tuple(rules)))
    others = []
    for index, raw in enumerate(data["not_normative"]):
        where = f"{path.name} not_normative[{index}]"
        assert isinstance(raw, dict) and set(raw) == {"quote", "why"}, f"{where}: needs quote and why"
        assert all(isinstance(raw[k], str) and raw[k].strip() for k in ("quote", "why")), f"{where}: empty field"
        others.append((str(raw["quote"]), str(raw["why"])))
    return Trace(str(data["source"]), tuple(statements), tuple(others))


def page_text(trace: Trace) -> str:
    """The saved page's text after its four-line header, white space normalised."""
    name = saved().name_for(trace.source)
    assert name is not None, f"no saved copy of {trace.source} in {SOURCES}"
    return normalise("\n".join(saved().by_name[name].splitlines()[4:]))


@pytest.mark.skipif(not SOURCES.is_dir(), reason=f"the saved pages folder {SOURCES} is absent")
def test_every_cited_page_with_a_saved_copy_has_a_traceability_file() -> None:
    """Pages known only from the research notes (no saved copy) are checked against the notes that quote them."""
    cited = {c.source for rs in bundled_registry().all() for r in rs.rules for c in r.citations
             if c.source.startswith("http") and saved().name_for(c.source) is not None}
    traced = {load_page_trace(p).source for p in PAGE_FILES}
    assert cited <= traced, f"pages cited without a traceability file: {sorted(cited - traced)}"


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_page_quotes_are_verbatim(path: Path) -> None:
    trace = load_page_trace(path)
    text = page_text(trace)
    missing = [q for q in trace.quotes if normalise(q) not in text]
    assert not missing, f"not verbatim in the saved {trace.source}: {missing}"


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_page_statements_lead_to_rules_that_cite_them(path: Path) -> None:
    trace = load_page_trace(path)
    problems = []
    for statement in trace.statements:
        for reference in statement.rules:
            _, rule = find_rule(reference)
            quotes = [c.quote for c in rule.citations if c.source == trace.source]
            if not any(overlaps(q, statement.quote) for q in quotes):
                problems.append(f"{reference} has no citation of {trace.source} overlapping {statement.quote!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_every_citation_of_the_page_is_a_listed_statement(path: Path) -> None:
    trace = load_page_trace(path)
    statements = [s.quote for s in trace.statements]
    unlisted = sorted(
        f"{ruleset.id}:{rule.id}: {citation.quote!r}"
        for ruleset in bundled_registry().all()
        for rule in ruleset.rules
        for citation in rule.citations
        if citation.source == trace.source and not citation.paraphrase
        and not any(overlaps(citation.quote, s) for s in statements)
    )
    assert not unlisted, "citations that overlap no statement:\n" + "\n".join(unlisted)


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_every_passage_of_the_page_is_accounted_for(path: Path) -> None:
    trace = load_page_trace(path)
    loose = uncovered_words(page_text(trace), trace.quotes)
    assert not loose, f"{len(loose)} words of {trace.source} are in no statement or not_normative passage: {loose[:12]}"


@pytest.mark.skipif(not SOURCES.is_dir(), reason=f"the saved pages folder {SOURCES} is absent")
def test_a_missing_passage_is_caught() -> None:
    """The coverage check really looks: a statement left out of both lists leaves its words uncovered."""
    trace = load_page_trace(PAGE_FILES[0])
    assert uncovered_words(page_text(trace), trace.quotes[1:])
