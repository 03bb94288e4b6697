"""Explain the scoring of a deal file step by step: each setting's validity, naturals, every matchup
segment by segment, bonuses, the overall point and the totals, with the rule behind every number and
a link to its page in the rulebook."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from cpspec.cli.ruleset_options import add_ruleset_option, registry

if TYPE_CHECKING:
    from cpspec.present.explain import LinkStyle
    from cpspec.rules.model import Ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec explain``: the deal file, ``--ruleset``, the output form, links and language."""
    parser.add_argument("deal", metavar="DEAL",
                        help="a YAML or JSON deal file, as for `cpspec score` (- reads standard input)")
    add_ruleset_option(parser, "explain under this ruleset instead of the file's")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--markdown", action="store_true", help="write Markdown (as the rulebook's worked examples)")
    how.add_argument("--json", action="store_true",
                     help="write the explanation as JSON (its shape: schema/explain.schema.json)")
    parser.add_argument(
        "--base-url", metavar="URL", default="",
        help="where the rulebook is published; rule links are BASE_URL + rulesets/<id>.html#<rule> "
             "(.md with --markdown and a relative base)",
    )
    parser.add_argument("--lang", choices=("en", "zh"), default="en",
                        help="zh: in Chinese throughout for a ruleset written in Chinese too (its languages: "
                             "[en, zh]), its rules linked to the rulebook's Chinese pages; for another, the "
                             "Chinese names of segments (头墩, 中墩, 尾墩), hands and naturals beside the English ones")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the terminal output (auto: only on a terminal and when NO_COLOR is unset)")


def use_color(choice: str, stream_is_tty: bool, environ: dict[str, str] | os._Environ[str]) -> bool:
    """Colour only on a terminal and without NO_COLOR, unless forced."""
    if choice != "auto":
        return choice == "always"
    return stream_is_tty and not environ.get("NO_COLOR")


def rulebook_links(ruleset: Ruleset, base: str, suffix: str) -> LinkStyle:
    """Links into the rulebook: a bundled ruleset has a page there; a house ruleset has none, so only the rules
    it inherits from a bundled ruleset link (to that ruleset's page), and only the register's own topics
    (those of the bundled rulesets) have entries."""
    from cpspec.present.explain import LinkStyle
    from cpspec.rulesets.loader import bundled_registry

    bundled = bundled_registry()
    if ruleset.id in bundled.ids() and bundled.get(ruleset.id) == ruleset:
        return LinkStyle(base, suffix)
    topics = frozenset(r.interpretation.topic for b in bundled.all() for r in b.rules if r.interpretation)
    pages = {r.id: r.origin for r in ruleset.rules
             if r.origin in bundled.ids() and any(o.id == r.id for o in bundled.get(r.origin).rules)}
    return LinkStyle(base, suffix, pages=pages, topics=topics)


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec explain``: explain a deal file step by step, as text, Markdown or JSON (exit status 0)."""
    from cpspec.present.explain import explain_deal, explanation_json, render_markdown, render_text
    from cpspec.protocol.deal_files import score_deal_file

    ruleset, deal, output = score_deal_file(args.deal, args.ruleset, registry(args))
    explanation = explain_deal(ruleset, deal, output, args.lang)
    base: str = args.base_url
    absolute = "://" in base
    suffix = ".html" if absolute or not args.markdown else ".md"
    links: LinkStyle
    if args.lang == "zh" and "zh" in ruleset.languages:  # rules link to the Chinese edition's pages
        from cpspec.present.chinese.common import ChineseLinks

        links = ChineseLinks(base, suffix)
    else:
        links = rulebook_links(ruleset, base, suffix)
    if args.json:
        import json

        print(json.dumps(explanation_json(explanation, output, links), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(render_markdown(explanation, links), end="")
    else:
        color = use_color(args.color, sys.stdout.isatty(), os.environ)
        print(render_text(explanation, links, color))
    return 0
