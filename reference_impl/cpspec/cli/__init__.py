"""The ``cpspec`` command line.

Each command lives in its own module of this package that provides ``add_arguments``
and ``run``; modules import heavy dependencies only inside ``run`` so that
``cpspec --help`` starts fast. Bad input exits with status 2 and one located line.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cpspec import __version__

#: (command, module, one-line help). Order is the order shown in --help.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("score", "cpspec.cli.score", "score a deal file and print the matchups and totals"),
    ("rulesets", "cpspec.cli.rulesets", "list the rulesets (the bundled ones and those of --rulesets DIR)"),
    ("validate", "cpspec.cli.validate", "validate ruleset files, and check their quotes (default: every ruleset)"),
    ("protocol", "cpspec.cli.protocol", "serve the JSON Lines wire protocol on stdin/stdout"),
    ("explain", "cpspec.cli.explain", "explain the scoring of a deal step by step, with rule ids"),
    ("session", "cpspec.cli.session", "score a session of deals at one table: running totals and the settle-up"),
    ("conformance", "cpspec.cli.conformance", "run the conformance corpus against an implementation"),
    ("fuzz", "cpspec.cli.fuzz", "compare an implementation with the reference on seeded random requests"),
    ("settings", "cpspec.cli.settings", "list the legal settings of 13 cards and the naturals they hold"),
    ("advise", "cpspec.cli.advise", "suggest a setting by seeded simulation"),
    ("fantasyland", "cpspec.cli.fantasyland", "solve a Fantasyland hand: the best arrangement of 13 to 17 cards"),
    ("diff", "cpspec.cli.diff", "where two rulesets differ, and the smallest deal on which they pay differently"),
    ("identify", "cpspec.cli.identify", "which rulesets pay what was observed on some deals (or what would)"),
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command (each command's module adds its own arguments)."""
    parser = _Parser(
        prog="cpspec",
        description="Chinese Poker rules as data: score deals, check implementations, explain rulings.",
        epilog="Bad input exits with status 2 and a one-line message naming where the problem is.",
    )
    parser.add_argument("--version", action="version", version=f"cpspec {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=module.__doc__)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input is one located line on stderr and exit status 2, never a traceback."""
    from cpspec.errors import CpspecError, one_line

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        code: int = args.run(args)
        return code
    except CpspecError as error:
        if error.code == "unknown_ruleset" and error.where is None and getattr(args, "ruleset", None):
            error.where = "--ruleset"  # the only ruleset id a command reads without a place of its own
        print(f"cpspec {args.command}: error: {one_line(error.describe())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"cpspec {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: one line, not a traceback
        print(f"cpspec {args.command}: internal error: {type(exc).__name__}: {one_line(str(exc))}", file=sys.stderr)
        return 70
