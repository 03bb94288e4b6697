"""Score a deal file (YAML or JSON with ``ruleset`` and ``players``) and print each matchup and the totals."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deal", metavar="DEAL", help="a YAML or JSON deal file (see examples/)")
    parser.add_argument("--json", action="store_true", help="print the protocol's score output as JSON")
    parser.add_argument("--ruleset", metavar="ID", help="score under this ruleset instead of the file's")


def run(args: argparse.Namespace) -> int:
    from cpspec.errors import CpspecError
    from cpspec.files import read_deal_file
    from cpspec.loader import bundled_registry
    from cpspec.ops import op_score
    from cpspec.report import render_score

    ruleset_id, deal, where = read_deal_file(args.deal)
    ruleset = bundled_registry().get(args.ruleset or ruleset_id)
    try:
        output = op_score(ruleset, deal)
    except CpspecError as error:
        error.where = f"{where}: {error.where}" if error.where else where
        raise
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
    else:
        print(render_score(output, ruleset))
    return 0
