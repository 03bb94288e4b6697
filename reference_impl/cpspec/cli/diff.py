"""Show where two rulesets differ (after ``extends``), and the smallest deal on which they pay differently.

A and B are ruleset ids or the paths of ruleset files. Each parameter that differs is listed with
a deal of the conformance corpus on which it changes what is paid (applied alone, or with the rest
of its block); differences that change no score on any deal (a rule reference, a rule's text, a
title) are listed as such.
"""

from __future__ import annotations

import argparse

from cpspec.cli.ruleset_options import add_rulesets_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec diff``: the two rulesets, ``--json`` and ``--rulesets``."""
    parser.add_argument("a", metavar="A", help="a ruleset id, or the path of a ruleset file")
    parser.add_argument("b", metavar="B", help="a ruleset id, or the path of a ruleset file")
    parser.add_argument("--json", action="store_true", help="print the protocol's diff output as JSON")
    add_rulesets_option(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec diff``: print the differences and their witness deals (exit status 0)."""
    import json

    from cpspec.analysis.diff import diff_rulesets
    from cpspec.engines import DEFAULT
    from cpspec.present.differences import diff_text
    from cpspec.protocol.which_rules_json import diff_json, protocol_ask

    pool, (a, b) = registry(args).resolve_all([args.a, args.b], "A B")
    output = diff_json(diff_rulesets(pool.get(a), pool.get(b), protocol_ask(DEFAULT)))
    print(json.dumps(output, indent=2, ensure_ascii=False) if args.json else diff_text(output))
    return 0
