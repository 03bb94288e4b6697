"""What the rulebook's search indexes: each rule and each case as its own small record, and the guide pages.

Pagefind (``pagefind[extended]`` from PyPI: its binary runs offline and segments Chinese) indexes the built
site; ``site/hooks.py`` hands it these records once MkDocs has written the pages. A record is a small HTML
document for one address: a rule's anchor on its ruleset's page, a case's anchor on its topic's page of
worked examples, or a whole guide page. Each carries the filters the search page offers (``kind``: rule, case
or guide; ``ruleset``; ``topic``) and the metadata it shows (the rule's id and its citation). A rule's title
and id are weighted above its text, and the search page (``js/search.js``) lists rules before guides and
guides before cases, with a rule whose id is the query first of all. A rule of a ruleset written in Chinese
too is also a Chinese record at its anchor on the Chinese edition's page, marked ``zh-CN`` (Pagefind keeps
an index a language and segments the Chinese one): for a query in Chinese the search page asks that index
first, so the Chinese page comes first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cpspec.present.rulebook.inputs import CaseView, Inputs, case_topic
from cpspec.present.rulebook.text import citation_text, html
from cpspec.rules.model import Rule, Ruleset

#: The kinds of result, in the order the search page lists them.
KINDS = ("rule", "guide", "case")

#: The built pages indexed whole as guides: every page but those whose parts are records of their own
#: (rulesets, cases), the printable summaries (the ruleset pages say the same), the search page itself,
#: the redirects and the error page.
_NOT_GUIDES = re.compile(r"^((?:zh/)?rulesets/|examples/[^/]+/|cases/|print/|search\.html$|404\.html$|desk\.html$)")


@dataclass(frozen=True)
class SearchRecord:
    """One result the search can give: its address (relative to the site's root) and the HTML to index."""

    url: str
    html: str

    @property
    def file(self) -> str:
        """The file that holds the record for indexing: a page's own path; for an anchor, a file of its own
        under ``_at/`` (the address the search page links to is the record's ``href`` metadata).

        >>> SearchRecord("rulesets/house.html#hs-tie", "").file
        '_at/rulesets/house/hs-tie.html'
        """
        page, _, anchor = self.url.partition("#")
        return f"_at/{page.removesuffix('.html')}/{anchor}.html" if anchor else page


def _document(href: str, title: str, body: str, filters: dict[str, str], meta: dict[str, str],
              weight_title: int, lang: str = "en") -> str:
    filter_tags = "".join(f'<span data-pagefind-filter="{key}">{html(value)}</span>' for key, value in filters.items())
    meta = {**meta, "href": href}
    meta_tags = "".join(f'<span data-pagefind-meta="{key}">{html(value)}</span>' for key, value in meta.items())
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{html(title)}</title></head>'
            f'<body><main data-pagefind-body><h1 data-pagefind-weight="{weight_title}">{html(title)}</h1>'
            f'{body}<div hidden>{filter_tags}{meta_tags}</div></main></body></html>')


def rule_record(ruleset: Ruleset, rule: Rule) -> SearchRecord:
    """A rule as its own result: its title and id weighted most, then the ruleset's title (which names the game,
    in Chinese too), then its text, quotes and interpretation."""
    parts = [f'<p data-pagefind-weight="8">{html(rule.id)} {html(rule.id.replace("-", " "))}</p>',
             f'<p data-pagefind-weight="2">{html(ruleset.title)}</p>', f"<p>{html(rule.text)}</p>"]
    parts += [f"<blockquote>{html(c.quote)}</blockquote>" for c in rule.citations]
    if rule.interpretation is not None:
        i = rule.interpretation
        parts.append(f"<p>{html(i.source_says)} {html(i.reading)}</p>")
    body = "".join(parts)
    url = f"rulesets/{ruleset.id}.html#{rule.id}"
    return SearchRecord(
        url,
        _document(url, rule.title, body, {"kind": "rule", "ruleset": ruleset.id, "topic": rule.topic},
                  {"id": rule.id, "ruleset": ruleset.id, "cite": citation_text(ruleset, rule.id)}, 10))


def chinese_rule_record(ruleset: Ruleset, rule: Rule) -> SearchRecord:
    """A rule of a ruleset written in Chinese too, as a Chinese result at its anchor on the Chinese edition's
    page: its Chinese title and id weighted most, then the ruleset's Chinese title, then its Chinese text."""
    zh = rule.translation("zh")
    title, text = (zh.title, zh.text) if zh is not None else (rule.title, rule.text)
    parts = [f'<p data-pagefind-weight="8">{html(rule.id)} {html(rule.id.replace("-", " "))}</p>',
             f'<p data-pagefind-weight="2">{html(ruleset.title_in("zh"))}</p>', f"<p>{html(text)}</p>"]
    if zh is not None and zh.reading:
        parts.append(f"<p>{html(zh.source_says or '')} {html(zh.reading)}</p>")
    url = f"zh/rulesets/{ruleset.id}.html#{rule.id}"
    return SearchRecord(
        url,
        _document(url, title, "".join(parts), {"kind": "rule", "ruleset": ruleset.id, "topic": rule.topic},
                  {"id": rule.id, "ruleset": ruleset.id, "cite": citation_text(ruleset, rule.id)}, 10, "zh-CN"))


def case_record(case: CaseView, inputs: Inputs) -> SearchRecord | None:
    """A conformance case as its own result, at its anchor on its topic's page (None if it has no page)."""
    home = inputs.case_homes.get(case.id)
    if home is None:
        return None
    ruleset = inputs.registry.get(home[0])
    derivation = " ".join(case.derivation.split())
    body = (f'<p data-pagefind-weight="4">{html(case.id)}</p><p>{html(case.description)}</p>'
            f"<p>{html(derivation[:240])}</p><p>{html(' '.join(case.tags))}</p>")
    url = inputs.case_address(case.id).replace(".md#", ".html#")
    return SearchRecord(
        url,
        _document(url, f"Case {case.id}", body, {"kind": "case", "ruleset": ruleset.id,
                                            "topic": case_topic(case, ruleset)},
                  {"id": case.id, "ruleset": ruleset.id}, 1))


def search_records(inputs: Inputs) -> list[SearchRecord]:
    """Every rule of every ruleset (inherited ones under each ruleset that has them), the rules of the rulesets
    written in Chinese too again in Chinese, then every case."""
    records = [rule_record(ruleset, rule) for ruleset in inputs.rulesets for rule in ruleset.rules]
    records += [chinese_rule_record(ruleset, rule) for ruleset in inputs.rulesets if "zh" in ruleset.languages
                for rule in ruleset.rules]
    records += [r for case in inputs.cases if (r := case_record(case, inputs)) is not None]
    return records


def is_guide(url: str) -> bool:
    """Whether a built page (by its address from the site's root) is indexed whole, as a guide.

    >>> [is_guide(u) for u in ("glossary.html", "rulesets/house.html", "examples/house/scoring.html")]
    [True, False, False]
    """
    return url.endswith(".html") and not _NOT_GUIDES.match(url)


def guide_record(url: str, page: str) -> SearchRecord:
    """A built guide page as a result: the article only (not the menu), marked as a guide.

    >>> record = guide_record("a.html", '<nav>menu</nav><div itemprop="articleBody"><h1>A</h1></div>')
    >>> record.html.split("<span")[0]
    '<nav>menu</nav><div itemprop="articleBody" data-pagefind-body>'
    """
    marker = 'itemprop="articleBody">'
    return SearchRecord(url, page.replace(
        marker, f'{marker[:-1]} data-pagefind-body><span hidden data-pagefind-filter="kind">guide</span>'
        f'<span hidden data-pagefind-meta="href">{html(url)}</span>', 1))
