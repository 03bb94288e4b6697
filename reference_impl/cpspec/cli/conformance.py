"""Run the conformance corpus against an implementation of the wire protocol (docs/protocol.md).

By default the corpus runs against the reference engine in-process. --impl "COMMAND" runs it
against any program that speaks the protocol on stdin/stdout: one persistent process, or one
per case with --per-case, or --jobs N processes at a time. Prints a line per failure (with
what was expected and a diff, unless --brief) and ends with "N passed, N failed" (and
", N skipped"). An implementation that stops answering ends the run after --max-timeouts
timeouts in a row. --rulesets DIR and --corpus DIR run a club's own cases on its own rules (with
--impl, the implementation must serve them too, e.g. "cpspec protocol --rulesets DIR"). Exits 0 only
when nothing failed; 2 on bad arguments, an unreadable corpus
or an implementation that cannot start; 130 or 143 when stopped by SIGINT or SIGTERM (the
implementation's processes are ended). See docs/implementers.md.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cpspec.cli.ruleset_options import add_rulesets_option

DEFAULT_TIMEOUT = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec conformance``: what to run against, which cases, and which reports."""
    target = parser.add_argument_group("what to run against")
    target.add_argument("--impl", metavar="COMMAND",
                        help='the implementation\'s command line, split like a shell would (e.g. "./my-impl --serve"); '
                             "default: the reference engine in-process")
    target.add_argument("--engine", choices=("fast", "reference"),
                        help="the in-process engine's path: fast (default: the rule modules with the named speed-ups "
                             "of cpspec.fast) or reference (the rule modules alone)")
    target.add_argument("--per-case", action="store_true", help="start one process per case (with --impl)")
    target.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"the longest wait for one answer (default {DEFAULT_TIMEOUT:g})")
    add_survival_arguments(target)
    target.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="run the checks in N implementation processes at once (with --impl; default 1); "
                             "results are still reported in corpus order")
    target.add_argument("--corpus", metavar="DIR", help="the corpus folder (default: the bundled conformance/); its "
                        "cases/**/*.yaml may name the rulesets of --rulesets")
    add_rulesets_option(target)
    select = parser.add_argument_group("which cases (each option repeatable; a case must match every option given)")
    select.add_argument("--ruleset", action="append", default=[], metavar="ID|FILE",
                        help="only this ruleset (an id, or the path of a ruleset file)")
    select.add_argument("--op", action="append", default=[], metavar="OP", help="only cases of this op")
    select.add_argument("--tag", action="append", default=[], metavar="TAG", help="only cases with this tag")
    select.add_argument("--id", action="append", default=[], metavar="PATTERN",
                        help="only cases whose id matches (glob patterns such as 'smoke-*' allowed)")
    select.add_argument("--skip-file", metavar="FILE",
                        help="known failures: one case id a line, '#' comments; run anyway, reported as skipped")
    report = parser.add_argument_group("reports")
    report.add_argument("--brief", action="store_true",
                        help="one line per failure, without the expected value and the diff under it")
    report.add_argument("--junit", metavar="FILE", help="write a JUnit XML report")
    report.add_argument("--json", metavar="FILE", help="write a JSON report")


def add_survival_arguments(group: argparse._ArgumentGroup) -> None:
    """--max-timeouts, shared with cpspec fuzz."""
    from cpspec.conformance import DEFAULT_MAX_TIMEOUTS

    group.add_argument("--max-timeouts", type=int, default=DEFAULT_MAX_TIMEOUTS, metavar="N",
                       help=f"give up on an implementation after N answers in a row that did not come within "
                            f"the timeout, each from a restarted process (default {DEFAULT_MAX_TIMEOUTS}; 0: never)")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec conformance``: the corpus against the implementation; 0 when nothing failed, else 1.

    SIGINT or SIGTERM ends the run, and the implementation's processes, with 128 + the signal's number.
    """
    return until_signal("conformance", _run, args)


def until_signal(command: str, body: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """``body(args)``, ending every implementation process (and its group) however it ends;
    SIGINT or SIGTERM ends it with one line and 128 + the signal's number."""
    from cpspec.conformance.process import Interrupted, ending_children_on_signals

    try:
        with ending_children_on_signals():
            return body(args)
    except Interrupted as stop:
        import sys

        print(f"cpspec {command}: stopped by {stop}; the implementation's processes were ended", file=sys.stderr)
        return 128 + stop.signum


def _run(args: argparse.Namespace) -> int:
    import sys

    from cpspec.conformance.harness import Result, Support, run_checks
    from cpspec.conformance.report import (
        Progress,
        failure_details,
        failure_line,
        skip_notes,
        summary_line,
        write_reports,
    )
    from cpspec.conformance.setup import (
        check_count,
        check_report_path,
        chosen_rulesets,
        make_transport,
        select_checks,
    )
    from cpspec.errors import CpspecError

    registry, only = chosen_rulesets(args)
    transport = make_transport(args.impl, args.per_case, args.timeout, args.jobs, args.engine, registry)
    max_timeouts = check_count(args.max_timeouts, "--max-timeouts", 0, 1_000_000)
    checks, skip_ids, corpus, warnings = select_checks(args, registry, only)
    junit = check_report_path(args.junit, "--junit")
    json_path = check_report_path(args.json, "--json")
    progress = Progress()

    def hello(support: Support) -> None:
        if support.note:
            print(f"note: {support.note}", file=sys.stderr, flush=True)

    def listen(done: int, total: int, result: Result) -> None:
        if result.status == "fail":
            progress.clear()
            print(failure_line(result), flush=True)
            if not args.brief:
                print("\n".join(failure_details(result)), flush=True)
        progress.update(done, total, result.check.name)

    try:
        transport.start()
    except OSError as exc:
        raise CpspecError("bad_input", f"cannot start the implementation: {exc}", "--impl") from None
    try:
        outcome = run_checks(checks, transport, skip_ids, listen, jobs=args.jobs, max_timeouts=max_timeouts,
                             on_hello=hello)
    finally:
        progress.clear()
    for line in skip_notes(outcome):
        print(f"note: {line}", file=sys.stderr)
    for line in warnings + outcome.warnings:
        print(f"warning: {line}", file=sys.stderr)
    if outcome.stopped:
        print(outcome.stopped)
    try:
        write_reports(outcome, str(corpus), junit, json_path)
    except OSError as exc:
        print(f"cpspec conformance: error: cannot write a report: {exc}", file=sys.stderr)
        print(summary_line(outcome))
        return 2
    print(summary_line(outcome))
    return 1 if outcome.failed else 0
