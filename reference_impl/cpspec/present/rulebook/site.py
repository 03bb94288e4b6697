"""The whole site: every generated page, the desk's assets and the navigation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cpspec.present.desk_site import desk_assets, desk_page, desk_versions
from cpspec.present.desk_which_rules_page import which_rules_page
from cpspec.present.rulebook.ambiguities import ambiguity_page
from cpspec.present.rulebook.cases import example_pages, examples_index
from cpspec.present.rulebook.comparison import comparison_page
from cpspec.present.rulebook.guides import included_doc
from cpspec.present.rulebook.hand_rankings import hand_rankings_page
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.print_page import print_page
from cpspec.present.rulebook.pyodide_trim import lighter_pyodide
from cpspec.present.rulebook.ruleset_pages import ruleset_page, rulesets_index
from cpspec.present.rulebook.schema_reference import schema_page
from cpspec.present.rulebook.search_page import search_page

#: The hand-written pages under site/docs, in the order the navigation shows them.
HAND_WRITTEN = ("index.md", "how-to-settle-a-dispute.md", "glossary.md")

# --- the whole site ----------------------------------------------------------------------


def generate_pages(inputs: Inputs) -> dict[str, str]:
    """Every generated page: docs-relative path -> Markdown."""
    pages: dict[str, str] = {"rulesets.md": rulesets_index(inputs)}
    for ruleset in inputs.rulesets:
        pages[f"rulesets/{ruleset.id}.md"] = ruleset_page(ruleset, inputs)
    versions = desk_versions(generate_assets(inputs))
    pages["comparison.md"] = comparison_page(inputs, inputs.pyodide is not None, versions[0])
    pages["hand-rankings.md"] = hand_rankings_page(inputs)
    pages["ambiguities.md"] = ambiguity_page(inputs)
    pages["examples.md"] = examples_index(inputs)
    pages.update(example_pages(inputs))
    for ruleset in inputs.rulesets:
        pages[f"print/{ruleset.id}.md"] = print_page(ruleset, inputs)
    pages["schema.md"] = schema_page(inputs)
    pages["search.md"] = search_page(inputs)
    pages["desk.md"] = desk_page(inputs.rulesets, inputs.pyodide is not None, *versions)
    pages["desk-which-rules.md"] = which_rules_page(inputs.rulesets, inputs.pyodide is not None, *versions)
    for name, text in inputs.docs.items():
        if name in pages or name in HAND_WRITTEN:
            raise ValueError(f"docs/{name} would replace a rulebook page of the same name")
        pages[name] = included_doc(name, text, [*inputs.docs, *pages])
    return pages


def generate_assets(inputs: Inputs) -> dict[str, bytes | Path]:
    """The desk's files: site path -> content, or the file to copy (Pyodide's, when it is installed; its standard
    library and lock file lighter, :mod:`cpspec.present.rulebook.pyodide_trim`)."""
    return lighter_pyodide(desk_assets(inputs.source_root, inputs.rulesets,
                                       [(e.name, e.ruleset, e.deal) for e in inputs.examples], inputs.pyodide))


def site_nav(inputs: Inputs) -> list[Any]:
    """The navigation: hand-written pages, the rulesets, the generated references, the included docs."""
    docs = [{_doc_title(name, text): name} for name, text in inputs.docs.items()]
    return [
        {"Home": "index.md"},
        {"Dispute desk": "desk.md"},
        {"Which rules were these?": "desk-which-rules.md"},
        {"How to settle a dispute": "how-to-settle-a-dispute.md"},
        {"Rulesets": ["rulesets.md", *({r.title: f"rulesets/{r.id}.md"} for r in inputs.rulesets)]},
        {"Comparison": "comparison.md"},
        {"Hand rankings": "hand-rankings.md"},
        {"Worked examples": "examples.md"},
        {"Ambiguity register": "ambiguities.md"},
        {"Glossary": "glossary.md"},
        {"For implementers": [*docs, {"Schema reference": "schema.md"}]},
    ]


def _doc_title(name: str, text: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return name.removesuffix(".md").replace("-", " ").capitalize()
