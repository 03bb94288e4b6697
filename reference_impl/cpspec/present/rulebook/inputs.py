"""What the rulebook is generated from: the rulesets, the corpus's cases, the example deals, the schemas,
the docs and the saved sources, read from a checkout."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import RulesetRegistry
from cpspec.rulesets.quotes import address_key, header_address, read_saved_texts

# --- inputs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExampleDeal:
    """A deal file of ``examples/``: its name, ruleset, score input and leading comment."""

    name: str
    ruleset: str
    deal: Mapping[str, Any]
    comment: str


@dataclass(frozen=True)
class CaseView:
    """What the rulebook shows of one conformance case."""

    id: str
    description: str
    rulesets: tuple[str, ...]
    op: str
    input: Any
    expected: Any
    expected_error: str | None
    pins: tuple[str, ...]
    tags: tuple[str, ...]
    derivation: str
    replaces: str | None = None
    status: str = "active"
    where: str = ""


@dataclass(frozen=True)
class Inputs:
    """Everything the rulebook is generated from: the rulesets, the cases, the example deals, the schemas,
    the docs, and what the dispute desk and the citations need (pyodide, the package, the saved sources).
    """

    registry: RulesetRegistry
    cases: tuple[CaseView, ...] = ()
    examples: tuple[ExampleDeal, ...] = ()
    schemas: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # file name -> JSON schema
    docs: Mapping[str, str] = field(default_factory=dict)  # file name -> Markdown text
    #: The folder of the npm package pyodide (node_modules/pyodide), when it is installed.
    pyodide: Path | None = None
    #: The folder that holds the cpspec package, for the desk's bundle of browser modules.
    source_root: Path | None = None
    #: The saved text of each source file, where the build can read it (for a citation's context).
    source_texts: Mapping[str, str] = field(default_factory=dict)
    #: The public address of each source file, where one is known.
    addresses: Mapping[str, str] = field(default_factory=dict)

    @property
    def rulesets(self) -> list[Ruleset]:
        """Every ruleset of the registry, sorted by id."""
        return self.registry.all()

    @property
    def topics(self) -> tuple[str, ...]:
        """The rule topics, in the order of the ruleset schema's ``topic`` enum."""
        schema = self.schemas.get("ruleset.schema.json", {})
        enum = schema.get("$defs", {}).get("topic", {}).get("enum")
        if isinstance(enum, list):
            return tuple(str(t) for t in enum)
        seen = dict.fromkeys(rule.topic for r in self.rulesets for rule in r.rules)
        return tuple(seen)

    @cached_property
    def cases_by_ruleset(self) -> Mapping[str, tuple[CaseView, ...]]:
        """The cases that run under each ruleset (by ruleset id), in the corpus's order."""
        found: dict[str, list[CaseView]] = {}
        for case in self.cases:
            for ruleset_id in case.rulesets:
                found.setdefault(ruleset_id, []).append(case)
        return {ruleset_id: tuple(cases) for ruleset_id, cases in found.items()}

    @cached_property
    def replaced_by(self) -> Mapping[str, tuple[str, ...]]:
        """The ids of the cases that replace each case (by the replaced case's id)."""
        found: dict[str, list[str]] = {}
        for case in self.cases:
            if case.replaces:
                found.setdefault(case.replaces, []).append(case.id)
        return {case_id: tuple(ids) for case_id, ids in found.items()}

    @cached_property
    def case_homes(self) -> Mapping[str, tuple[str, str]]:
        """Where each case is shown in full: (ruleset id, topic) of its page ``examples/<ruleset>/<topic>.md``.

        The first of its rulesets that the registry has, and the topic of the first rule it pins there
        (:func:`case_topic`); other rulesets' pages list it and link here.
        """
        homes: dict[str, tuple[str, str]] = {}
        for case in self.cases:
            known = [r for r in case.rulesets if self.registry.has(r)]
            if known:
                homes[case.id] = (known[0], case_topic(case, self.registry.get(known[0])))
        return homes

    def cases_page(self, ruleset_id: str, topic: str) -> str:
        """The page of worked examples that shows a ruleset's cases on a topic, from the docs folder: the topic's
        own page where some of them are shown there in full, else the ruleset's page of worked examples."""
        if (ruleset_id, topic) in set(self.case_homes.values()):
            return f"examples/{ruleset_id}/{topic}.md"
        return f"examples/{ruleset_id}.md#cases"

    def case_address(self, case_id: str) -> str:
        """A case's address from the docs folder: ``examples/<ruleset>/<topic>.md#<case id>``."""
        ruleset_id, topic = self.case_homes[case_id]
        return f"examples/{ruleset_id}/{topic}.md#{case_id}"


def case_topic(case: CaseView, ruleset: Ruleset) -> str:
    """The topic of the first rule a case pins in this ruleset (``other`` when it pins none of them)."""
    for pin in case.pins:
        if pin in ruleset.rule_ids:
            return ruleset.rule(pin).topic
    return "other"


def read_example(path: Path) -> ExampleDeal:
    """A deal file, with the comment lines at its top (the source's reasoning, usually)."""
    from cpspec.protocol.deal_files import read_deal_file

    ruleset_id, deal, _ = read_deal_file(str(path))
    comment: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        comment.append(line[1:].strip())
    return ExampleDeal(path.name, ruleset_id, deal, "\n".join(comment))


def read_cases(corpus: Path) -> tuple[CaseView, ...]:
    """Every case of the corpus folder (``conformance/``), read and validated by :mod:`cpspec.conformance.cases`."""
    from cpspec.conformance import cases as corpus_module

    if not corpus_module.case_files(corpus):
        return ()
    return tuple(
        CaseView(
            id=c.id, description=c.description, rulesets=tuple(c.rulesets), op=c.op, input=c.input,
            expected=c.expected, expected_error=c.expected_error, pins=tuple(c.pins), tags=tuple(c.tags),
            derivation=c.derivation, replaces=c.replaces, status=c.status, where=f"{corpus.name}/{c.file}:{c.line}",
        )
        for c in corpus_module.load_corpus(corpus)
    )


def load_inputs(repo: Path, registry: RulesetRegistry) -> Inputs:
    """Everything the rulebook is generated from, read from a checkout."""
    repo = repo.resolve()
    examples = tuple(read_example(p) for p in sorted((repo / "examples").glob("*.yaml")))
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted((repo / "schema").glob("*.json"))}
    docs = {p.name: p.read_text(encoding="utf-8") for p in sorted((repo / "docs").glob("*.md"))}
    pyodide = repo / "node_modules" / "pyodide"
    texts, addresses = read_sources(repo.parent / "shared")
    return Inputs(registry, read_cases(repo / "conformance"), examples, schemas, docs,
                  pyodide if (pyodide / "pyodide.asm.wasm").is_file() else None, repo / "reference_impl",
                  texts, addresses)


def read_sources(shared: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The saved source texts beside the repository (``shared/seeds``, ``shared/sources``) and the public
    addresses their headers give (a saved page's second line), by file name; empty where absent."""
    saved = read_saved_texts([shared / "seeds", shared / "sources"])
    addresses = {name: address for name, text in saved.by_name.items() if (address := header_address(text))}
    return dict(saved.by_name), addresses


def page_text(text: str) -> str:
    """A saved text without the four-line header of a saved page (title, address, date, note), if it has one."""
    return "\n".join(text.splitlines()[4:]) if header_address(text) else text


def saved_name(source: str, inputs: Inputs) -> str | None:
    """The saved file of a citation's source: the file itself, or the saved page whose header gives the address."""
    if source in inputs.source_texts:
        return source
    wanted = address_key(source)
    return next((name for name, address in inputs.addresses.items() if address_key(address) == wanted), None)


def quote_in_context(text: str, quote: str, width: int = 160) -> tuple[str, str] | None:
    """The words before and after a quote in its source's saved text, or None where it is not found.

    Up to ``width`` characters each side; a word the cut runs through is left out:

    >>> quote_in_context("One. The player with the higher total wins. Two.", "the higher total", 8)
    ('with', 'wins.')
    >>> quote_in_context("One. The player with the higher total wins. Two.", "the higher total", 16)
    ('player with', 'wins. Two.')
    """
    flat = " ".join(text.split())
    wanted = " ".join(quote.split())
    at = flat.find(wanted)
    if at < 0:
        at = flat.lower().find(wanted.lower())
    if at < 0 or not wanted:
        return None
    before = flat[max(0, at - width):at]
    after = flat[at + len(wanted):at + len(wanted) + width]
    if at - width > 0:
        before = before.split(" ", 1)[-1] if " " in before else before
    if at + len(wanted) + width < len(flat):
        after = after.rsplit(" ", 1)[0] if " " in after else after
    return before.strip(), after.strip()
