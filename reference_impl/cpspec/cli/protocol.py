"""Serve the JSON Lines wire protocol (version 1) on stdin and stdout until end of input.

One request per line: {"id": 1, "op": "score", "ruleset": "<id>", "input": {...}}.
One answer per line, in order: {"id": 1, "output": {...}} or {"id": 1, "error": {"code": ..., "message": ...}}.
See docs/protocol.md for every op. --rulesets DIR serves the ruleset files of DIR beside the bundled
ones (hello lists them); a request names a ruleset by its id, never by a path.
"""

from __future__ import annotations

import argparse

from cpspec.cli.ruleset_options import add_rulesets_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec protocol``: ``--rulesets DIR`` and ``--engine``."""
    add_rulesets_option(parser)
    parser.add_argument("--engine", choices=("fast", "reference"), default="fast",
                        help="fast (default): the rule modules with the named speed-ups of cpspec.fast; "
                             "reference: the rule modules alone (same answers, slower)")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec protocol``: serve the wire protocol on stdin and stdout until end of input; the exit status."""
    from cpspec.protocol.server import serve

    engine = None
    if args.engine != "fast":  # the default engine is imported at the first request, not before
        from cpspec.engines import engine_named

        engine = engine_named(args.engine)
    served = registry(args) if args.rulesets else None  # every house file is checked before the first request
    return serve(registry=served, engine=engine)
