"""Serve the JSON Lines wire protocol (version 1) on stdin and stdout until end of input.

One request per line: {"id": 1, "op": "score", "ruleset": "<id>", "input": {...}}.
One answer per line, in order: {"id": 1, "output": {...}} or {"id": 1, "error": {"code": ..., "message": ...}}.
See docs/protocol.md for every op.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=("fast", "reference"), default="fast",
                        help="fast (default): the rule modules with the named speed-ups of cpspec.fast; "
                             "reference: the rule modules alone (same answers, slower)")


def run(args: argparse.Namespace) -> int:
    from cpspec.protocol.server import serve

    engine = None
    if args.engine != "fast":  # the default engine is imported at the first request, not before
        from cpspec.engines import engine_named

        engine = engine_named(args.engine)
    return serve(engine=engine)
