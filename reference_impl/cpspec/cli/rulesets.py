"""List the bundled rulesets: id, version, title."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON list")


def run(args: argparse.Namespace) -> int:
    from cpspec.rulesets.loader import bundled_registry

    rulesets = bundled_registry().all()
    if args.json:
        print(json.dumps([{"id": r.id, "version": r.version, "title": r.title, "extends": r.extends}
                          for r in rulesets], indent=2))
        return 0
    width = max(len(r.id) for r in rulesets)
    for r in rulesets:
        print(f"{r.id:<{width}}  {r.version:<7}  {r.title}")
    return 0
