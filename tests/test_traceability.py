"""Traceability: every normative statement of every source document leads to a rule, and back.

``traceability/<source stem>.yaml`` lists the source's normative statements (verbatim) with
the ``ruleset:rule`` ids that implement each, and its other passages as ``not_normative``
with a reason. Quotes are compared with runs of whitespace collapsed to one space, since
the sources were collected with ragged line breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, SEEDS
from cpspec.rules.model import Rule, Ruleset
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.quotes import read_saved_texts
from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping

TRACEABILITY = REPO / "traceability"
SOURCE_FILES = sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
NO_SOURCES = pytest.mark.skip(reason=f"the source documents folder {SEEDS} is absent")
SOURCE_PARAMS = [pytest.param(p.name, id=p.stem) for p in SOURCE_FILES] or [pytest.param("", marks=NO_SOURCES)]
WORD = re.compile(r"\w+")


def normalise(text: str) -> str:
    return " ".join(text.split())


@cache
def source_text(name: str) -> str:
    return normalise((SEEDS / name).read_text(encoding="utf-8"))


def overlaps(a: str, b: str) -> bool:
    a, b = normalise(a), normalise(b)
    return a in b or b in a


@dataclass(frozen=True)
class Statement:
    quote: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Trace:
    source: str
    statements: tuple[Statement, ...]
    not_normative: tuple[tuple[str, str], ...]  # (quote, why)

    @property
    def quotes(self) -> list[str]:
        return [s.quote for s in self.statements] + [quote for quote, _ in self.not_normative]


def _strings(value: Any, where: str) -> list[str]:
    assert isinstance(value, list) and all(isinstance(v, str) and v for v in value), f"{where}: a list of strings"
    return list(value)


@cache
def load_trace(source_name: str) -> Trace:
    path = TRACEABILITY / f"{Path(source_name).stem}.yaml"
    assert path.is_file(), f"{path.relative_to(REPO)} is missing: every source document needs a traceability file"
    data = require_mapping(load_yaml_file(path))
    assert set(data) == {"source", "statements", "not_normative"}, f"{path.name}: keys are {sorted(data)}"
    assert data["source"] == source_name, f"{path.name}: source is {data['source']!r}, expected {source_name!r}"
    statements = []
    for index, raw in enumerate(data["statements"]):
        where = f"{path.name} statements[{index}]"
        assert isinstance(raw, dict) and set(raw) == {"quote", "rules"}, f"{where}: needs quote and rules"
        assert isinstance(raw["quote"], str) and raw["quote"].strip(), f"{where}: empty quote"
        rules = _strings(raw["rules"], f"{where}.rules")
        assert rules, f"{where}: a normative statement names at least one rule"
        statements.append(Statement(raw["quote"], tuple(rules)))
    others = []
    for index, raw in enumerate(data["not_normative"]):
        where = f"{path.name} not_normative[{index}]"
        assert isinstance(raw, dict) and set(raw) == {"quote", "why"}, f"{where}: needs quote and why"
        assert all(isinstance(raw[k], str) and raw[k].strip() for k in ("quote", "why")), f"{where}: empty field"
        others.append((raw["quote"], raw["why"]))
    return Trace(source_name, tuple(statements), tuple(others))


def bundled_rulesets() -> list[Ruleset]:
    return bundled_registry().all()


def find_rule(reference: str) -> tuple[Ruleset, Rule]:
    ruleset_id, _, rule_id = reference.partition(":")
    registry = bundled_registry()
    assert rule_id and registry.has(ruleset_id), f"{reference!r}: no ruleset {ruleset_id!r}"
    ruleset = registry.get(ruleset_id)
    assert rule_id in ruleset.rule_ids, f"{reference!r}: {ruleset_id} has no rule {rule_id!r}"
    return ruleset, ruleset.rule(rule_id)


@pytest.mark.parametrize("source", SOURCE_PARAMS)
def test_every_source_has_a_traceability_file(source: str) -> None:
    path = TRACEABILITY / f"{Path(source).stem}.yaml"
    assert path.is_file(), f"{path.relative_to(REPO)} is missing"


@pytest.mark.parametrize("source", SOURCE_PARAMS)
def test_quotes_are_verbatim(source: str) -> None:
    text = source_text(source)
    missing = [q for q in load_trace(source).quotes if normalise(q) not in text]
    assert not missing, f"not verbatim in {source}: {missing}"


@pytest.mark.parametrize("source", SOURCE_PARAMS)
def test_statements_lead_to_rules_that_cite_them(source: str) -> None:
    problems = []
    for statement in load_trace(source).statements:
        for reference in statement.rules:
            _, rule = find_rule(reference)
            quotes = [c.quote for c in rule.citations if c.source == source]
            if not any(overlaps(q, statement.quote) for q in quotes):
                problems.append(f"{reference} has no citation of {source} overlapping {statement.quote!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("source", SOURCE_PARAMS)
def test_every_citation_of_the_source_is_a_listed_statement(source: str) -> None:
    """The reverse direction: a rule quoting the source quotes one of its listed statements."""
    statements = [s.quote for s in load_trace(source).statements]
    unlisted = sorted(
        f"{ruleset.id}:{rule.id}: {citation.quote!r}"
        for ruleset in bundled_rulesets()
        for rule in ruleset.rules
        for citation in rule.citations
        if citation.source == source and not any(overlaps(citation.quote, s) for s in statements)
    )
    assert not unlisted, "citations that overlap no statement:\n" + "\n".join(unlisted)


@pytest.mark.parametrize("source", SOURCE_PARAMS)
def test_every_passage_is_accounted_for(source: str) -> None:
    """Every word of the source lies inside a statement or a not-normative passage."""
    text = source_text(source)
    covered = bytearray(len(text))
    for quote in load_trace(source).quotes:
        needle = normalise(quote)
        start = text.find(needle)
        while needle and start >= 0:
            covered[start:start + len(needle)] = b"\x01" * len(needle)
            start = text.find(needle, start + 1)
    loose = [m.group() for m in WORD.finditer(text) if not all(covered[m.start():m.end()])]
    assert not loose, f"{len(loose)} words of {source} are in no statement or not_normative passage, from: {loose[:12]}"


def test_every_citation_of_every_ruleset_is_verbatim() -> None:
    """Every quote that is not marked a paraphrase is in its source's saved text: a source document by its file
    name (shared/seeds), a public page by the address its saved copy's header gives (shared/sources)."""
    if not SEEDS.is_dir():
        pytest.skip(f"the source documents folder {SEEDS} is absent")
    saved = read_saved_texts([SEEDS, SEEDS.parent / "sources"])
    wrong = [
        f"{ruleset.id}:{rule.id} quotes {citation.source}: {citation.quote!r}"
        for ruleset in bundled_rulesets()
        for rule in ruleset.rules
        for citation in rule.citations
        if not citation.paraphrase
        and (saved.text_for(citation.source) is None
             or normalise(citation.quote) not in normalise(saved.text_for(citation.source) or ""))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_checks_catch_a_bad_quote() -> None:
    """The helpers the tests rely on: a changed letter or a missing word is not verbatim."""
    text = normalise("The back hand must  beat\nthe middle hand.")
    assert normalise("The back hand must beat the middle") in text
    assert normalise("The back hand must beat the midle") not in text
    assert overlaps("must beat", "The back hand must beat the middle")
    assert not overlaps("must equal", "The back hand must beat the middle")
