"""Validate ruleset files against the schema and the semantic checks (default: every bundled ruleset).

Exit status 0 when every file is valid, 2 when any is not (each problem on one line).
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="ruleset YAML files (default: the bundled ones)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from cpspec.errors import CpspecError, one_line
    from cpspec.rulesets.data import data_dir
    from cpspec.rulesets.loader import load_ruleset

    bundled = data_dir("rulesets")

    # the files' own folders first, in the order given, then the bundled rulesets (a set would make it random)
    folders = list(dict.fromkeys([*(Path(f).parent for f in args.files), bundled]))

    def find(rid: str) -> Path | None:
        for folder in folders:
            candidate = folder / f"{rid}.yaml"
            if candidate.is_file():
                return candidate
        return None

    files = [Path(f) for f in args.files] or sorted(bundled.glob("*.yaml"))
    failures = 0
    for path in files:
        try:
            ruleset = load_ruleset(path, find)
        except CpspecError as error:
            failures += 1
            print(f"cpspec validate: error: {one_line(error.describe())}", file=sys.stderr)
            continue
        print(f"ok  {path}  ({ruleset.id} {ruleset.version}, {len(ruleset.rules)} rules)")
    return 2 if failures else 0
