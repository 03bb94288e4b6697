"""Score a deal file (YAML or JSON with ``ruleset`` and ``players``) and print each matchup and the totals.

The deal file's ``ruleset`` is an id or the path of a ruleset file, relative to the deal file.
"""

from __future__ import annotations

import argparse
import json

from cpspec.cli.ruleset_options import add_ruleset_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deal", metavar="DEAL", help="a YAML or JSON deal file (see examples/); - reads standard input")
    parser.add_argument("--json", action="store_true", help="print the protocol's score output as JSON")
    add_ruleset_option(parser, "score under this ruleset instead of the file's")


def run(args: argparse.Namespace) -> int:
    from cpspec.present.score_table import render_score
    from cpspec.protocol.deal_files import score_deal_file

    ruleset, _, output = score_deal_file(args.deal, args.ruleset, registry(args))
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
    else:
        print(render_score(output, ruleset))
    return 0
