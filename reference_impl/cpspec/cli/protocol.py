"""Serve the JSON Lines wire protocol (version 1) on stdin and stdout until end of input.

One request per line: {"id": 1, "op": "score", "ruleset": "<id>", "input": {...}}.
One answer per line, in order: {"id": 1, "output": {...}} or {"id": 1, "error": {"code": ..., "message": ...}}.
See docs/protocol.md for every op.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from cpspec.protocol.server import serve

    return serve()
