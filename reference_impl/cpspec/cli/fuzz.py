"""Differential fuzzing: seeded random requests sent to the reference engine and to an implementation.

Every op and every ruleset both sides serve (their hello), with hands built to hold naturals,
fouls, bonus hands, ties, surrender and timeout, stacks and tournaments, Open Face plays
(legal or broken in one place) and Fantasyland boards and hands, and some bad inputs. Each
kind of disagreement is reported once, with how many requests showed it, the smallest
request found that still shows it, the rule ids the reference cites there, and a diff of the
two answers. The same seed gives the same report. --against COMMAND takes the expected
answers from a second implementation instead of the reference engine. Exits 0 when every
answer agreed, 1 when some did not, 2 on bad arguments or an implementation that cannot
start. See docs/implementers.md.
"""

from __future__ import annotations

import argparse

DEFAULT_COUNT = 1000
DEFAULT_SEED = 1
MAX_COUNT = 100_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec fuzz``: the implementation, where expected answers come from, which requests."""
    from cpspec.cli.conformance import DEFAULT_TIMEOUT, add_survival_arguments
    from cpspec.cli.ruleset_options import add_rulesets_option

    target = parser.add_argument_group("what to compare")
    target.add_argument("--impl", metavar="COMMAND", required=True,
                        help="the implementation's command line, split like a shell would")
    target.add_argument("--against", metavar="COMMAND",
                        help="take the expected answers from this implementation (default: the reference "
                             "engine in-process)")
    target.add_argument("--engine", choices=("fast", "reference"), default="fast",
                        help="the path of the in-process reference engine that gives the expected answers: fast "
                             "(default) or reference (the rule modules alone); not with --against")
    target.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"the longest wait for one answer (default {DEFAULT_TIMEOUT:g})")
    add_survival_arguments(target)
    requests = parser.add_argument_group("which requests")
    requests.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S",
                          help=f"the random seed (default {DEFAULT_SEED}); the same seed gives the same run")
    requests.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                          help=f"how many requests (default {DEFAULT_COUNT:,})")
    requests.add_argument("--ruleset", action="append", default=[], metavar="ID|FILE",
                          help="only this ruleset: an id, or the path of a ruleset file (repeatable)")
    add_rulesets_option(requests)
    requests.add_argument("--op", action="append", default=[], metavar="OP", help="only this op (repeatable)")
    requests.add_argument("--shrink-budget", type=int, default=None, metavar="N",
                          help="the most candidate requests tried when shrinking one disagreement (default 300)")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec fuzz``: 0 when every answer agreed, 1 when some did not or the run was stopped.

    SIGINT or SIGTERM ends the run, and the implementation's processes, with 128 + the signal's number.
    """
    from cpspec.cli.conformance import until_signal

    return until_signal("fuzz", _run, args)


def _run(args: argparse.Namespace) -> int:
    import sys

    from cpspec.conformance.fuzz.generate import OP_WEIGHTS
    from cpspec.conformance.fuzz.run import fuzz, report_lines
    from cpspec.conformance.fuzz.shrink import DEFAULT_BUDGET
    from cpspec.conformance.report import Progress
    from cpspec.conformance.setup import check_count, check_timeout, chosen_rulesets, closed_values, command_argv
    from cpspec.conformance.transport import InProcessTransport, PersistentTransport
    from cpspec.errors import CpspecError

    registry, only = chosen_rulesets(args)
    timeout = check_timeout(args.timeout)
    tested = PersistentTransport(command_argv(args.impl, "--impl"), timeout)
    if args.against and args.engine != "fast":
        raise CpspecError("bad_input", "--engine chooses the in-process reference; it does not go with --against",
                          "--engine")
    expected = (PersistentTransport(command_argv(args.against, "--against"), timeout) if args.against
                else InProcessTransport(args.engine, registry))
    count = check_count(args.count, "--count", 1, MAX_COUNT)
    seed = check_count(args.seed, "--seed", 0, 2**63 - 1)
    max_timeouts = check_count(args.max_timeouts, "--max-timeouts", 0, 1_000_000)
    budget = check_count(DEFAULT_BUDGET if args.shrink_budget is None else args.shrink_budget, "--shrink-budget",
                         0, 1_000_000)
    rulesets = only or None
    ops = closed_values(args.op, list(OP_WEIGHTS), "--op") or None
    progress = Progress()
    try:
        outcome = fuzz(tested, expected, seed, count, rulesets, ops, max_timeouts=max_timeouts, budget=budget,
                       progress=progress.update, registry=registry)
    finally:
        progress.clear()
    for note in outcome.notes:
        print(f"note: {note}", file=sys.stderr)
    print("\n".join(report_lines(outcome)))
    rate = outcome.sent / outcome.seconds if outcome.seconds > 0 else 0.0
    print(f"cpspec fuzz: {outcome.sent:,} requests in {outcome.seconds:.2f} s: {rate:,.0f} requests/s "
          "(both sides answering; shrinking not counted)", file=sys.stderr)
    return 1 if outcome.disagreed or outcome.stopped else 0
