"""The search page: a box, the filters (kind, ruleset, topic) and the results, filled by ``js/search.js`` from
the Pagefind index that the build writes to ``pagefind/`` (:mod:`cpspec.present.rulebook.search_index`)."""

from __future__ import annotations

from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.search_index import KINDS
from cpspec.present.rulebook.text import html, topic_title


def _select(name: str, label: str, options: list[tuple[str, str]]) -> str:
    items = "".join(f'<option value="{html(value)}">{html(text)}</option>' for value, text in options)
    return (f'<label class="search-filter">{label} <select name="{name}" data-filter="{name}">'
            f'<option value="">any</option>{items}</select></label>')


def search_page(inputs: Inputs) -> str:
    """The search page's Markdown (its form and result list are HTML; the script does the searching)."""
    kinds = [(k, {"rule": "rules", "guide": "guide pages", "case": "cases"}[k]) for k in KINDS]
    rulesets = [(r.id, r.id) for r in inputs.rulesets]
    topics = [(t, topic_title(t)) for t in inputs.topics]
    form = ('<form class="search-form" id="search-form" action="search.html" method="get" role="search">'
            '<input type="search" name="q" id="search-query" placeholder="a rule id or a word, English or 中文" '
            'aria-label="Search the rulebook" autocomplete="off"> <button type="submit">Search</button>'
            '<div class="search-filters">' + _select("kind", "Kind", kinds) + _select("ruleset", "Ruleset", rulesets)
            + _select("topic", "Topic", topics) + "</div></form>")
    return ("# Search\n\n"
            "Rules come first, each at its own anchor (a rule whose id is the query before all), then the guide "
            "pages, then the conformance cases. Narrow the results by kind, ruleset or topic.\n\n"
            f"{form}\n\n"
            '<div id="search-results" class="search-results" aria-live="polite">'
            "<p>The search needs JavaScript; every rule is also listed on its ruleset's page.</p></div>\n\n"
            '<script type="module" src="js/search.js"></script>\n')
