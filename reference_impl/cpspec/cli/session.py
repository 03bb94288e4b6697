"""Score a session: several deals played one after another at one table, from a session file.

A session file (YAML or JSON) has ``ruleset`` (an id, or the path of a ruleset file relative to
the session file), ``deals`` (each a deal as in a deal file, without its own ruleset) and, for a
ruleset with a stack-limited settlement, optionally the ``stacks`` the session starts with (each
deal then names its ``button``). Prints each deal's result, the running totals, the session's
totals and the settle-up (the fewest payments); ``--json`` prints the protocol's score_session
output (docs/protocol.md, Sessions).
"""

from __future__ import annotations

import argparse
import json

from cpspec.cli.ruleset_options import add_ruleset_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec session``: the session file, ``--json`` and ``--ruleset``."""
    parser.add_argument("session", metavar="FILE", help="a YAML or JSON session file; - reads standard input")
    parser.add_argument("--json", action="store_true", help="print the protocol's score_session output as JSON")
    add_ruleset_option(parser, "score under this ruleset instead of the file's")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec session``: print a session's ledger and settle-up, or its JSON (exit status 0)."""
    from cpspec.present.session_table import render_session
    from cpspec.protocol.deal_files import read_deal
    from cpspec.protocol.ops import op_score_session

    session_file = read_deal(args.session)
    ruleset = session_file.ruleset(args.ruleset, registry(args))
    with session_file.locating_errors():
        output = op_score_session(ruleset, session_file.deal)
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
    else:
        print(render_session(output, ruleset))
    return 0
