"""The published rulebook's generated pages, as Markdown, from the rulesets and the corpus.

A small package of page writers: plain functions, each taking loaded data and returning the text of one page
(or of one group of pages), so they are tested without MkDocs and the site generator could change.
``site/hooks.py`` only gathers the inputs (:func:`load_inputs`), asks for every page (:func:`generate_pages`),
hands them to MkDocs as generated files and, once the site is written, indexes it for search
(:mod:`cpspec.present.rulebook.search_index`); nothing generated is committed.

Page addresses (relative to the site's docs folder):

* ``rulesets.md`` and ``rulesets/<ruleset id>.md`` — every rule under an anchor equal to its id
* ``examples.md``, ``examples/<ruleset id>.md`` and ``examples/<ruleset id>/<topic>.md`` — the corpus as worked
  examples, each case under an anchor equal to its id (``cases/<case id>.html`` redirects there)
* ``comparison.md``, ``hand-rankings.md``, ``ambiguities.md``, ``schema.md``, ``search.md``
* every ``docs/*.md`` of the repository at the top level (``protocol.md``, ...)
"""

from cpspec.present.rulebook.ambiguities import ambiguity_page
from cpspec.present.rulebook.cases import case_redirects, case_section, examples_index
from cpspec.present.rulebook.comparison import comparison_page
from cpspec.present.rulebook.guides import expand_placeholders, included_doc
from cpspec.present.rulebook.hand_rankings import hand_rankings_page
from cpspec.present.rulebook.inputs import CaseView, ExampleDeal, Inputs, load_inputs, read_cases, read_example
from cpspec.present.rulebook.print_page import print_page
from cpspec.present.rulebook.ruleset_pages import desk_link, naturals_section, ruleset_page, rulesets_index
from cpspec.present.rulebook.schema_reference import schema_page
from cpspec.present.rulebook.search_build import write_search_index
from cpspec.present.rulebook.site import HAND_WRITTEN, generate_assets, generate_pages, site_nav
from cpspec.present.rulebook.trim import compact_html, unused_files, without_text_fonts

__all__ = [
    "HAND_WRITTEN", "CaseView", "ExampleDeal", "Inputs", "ambiguity_page", "case_redirects", "case_section",
    "compact_html", "comparison_page", "desk_link", "examples_index", "expand_placeholders", "generate_assets",
    "generate_pages", "hand_rankings_page", "included_doc", "load_inputs", "naturals_section", "print_page",
    "read_cases", "read_example", "ruleset_page", "rulesets_index", "schema_page", "site_nav", "unused_files",
    "without_text_fonts", "write_search_index",
]
