"""List the rulesets: id, version, title; the bundled ones, and those of --rulesets DIR (marked house)."""

from __future__ import annotations

import argparse
import json

from cpspec.cli.ruleset_options import add_rulesets_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec rulesets``: ``--json`` and ``--rulesets DIR``."""
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    add_rulesets_option(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec rulesets``: list the rulesets' ids, versions and titles, or JSON (exit status 0)."""
    chosen = registry(args)
    rulesets = chosen.all()
    house = set(chosen.house_ids())
    if args.json:
        print(json.dumps([{"id": r.id, "version": r.version, "title": r.title, "extends": r.extends,
                           **({"file": str(chosen.path(r.id))} if r.id in house else {})} for r in rulesets],
                         indent=2))
        return 0
    width = max(len(r.id) for r in rulesets)
    for r in rulesets:
        print(f"{r.id:<{width}}  {r.version:<7}  {r.title}" + (f"  (house: {chosen.path(r.id)})" if r.id in house
                                                                  else ""))
    return 0
