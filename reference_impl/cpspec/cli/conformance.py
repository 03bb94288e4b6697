"""Run the conformance corpus against an implementation of the wire protocol (docs/protocol.md).

By default the corpus runs against the reference engine in-process. --impl "COMMAND" runs it
against any program that speaks the protocol on stdin/stdout: one persistent process, or one
per case with --per-case. Prints a line per failure and ends with "N passed, N failed" (and
", N skipped"); exits 0 only when nothing failed, 2 on bad arguments or an unreadable corpus.
See docs/implementers.md.
"""

from __future__ import annotations

import argparse

DEFAULT_TIMEOUT = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
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
    target.add_argument("--corpus", metavar="DIR", help="the corpus folder (default: the bundled conformance/)")
    select = parser.add_argument_group("which cases (each option repeatable; a case must match every option given)")
    select.add_argument("--ruleset", action="append", default=[], metavar="ID", help="only this ruleset")
    select.add_argument("--op", action="append", default=[], metavar="OP", help="only cases of this op")
    select.add_argument("--tag", action="append", default=[], metavar="TAG", help="only cases with this tag")
    select.add_argument("--id", action="append", default=[], metavar="PATTERN",
                        help="only cases whose id matches (glob patterns such as 'smoke-*' allowed)")
    select.add_argument("--skip-file", metavar="FILE",
                        help="known failures: one case id a line, '#' comments; run anyway, reported as skipped")
    report = parser.add_argument_group("reports")
    report.add_argument("--junit", metavar="FILE", help="write a JUnit XML report")
    report.add_argument("--json", metavar="FILE", help="write a JSON report")


def run(args: argparse.Namespace) -> int:
    import sys

    from cpspec.conformance.harness import run_checks
    from cpspec.conformance.report import Progress, failure_line, skip_notes, summary_line, write_reports
    from cpspec.conformance.setup import check_report_path, make_transport, select_checks
    from cpspec.errors import CpspecError

    transport = make_transport(args.impl, args.per_case, args.timeout, args.engine)
    checks, skip_ids, corpus, warnings = select_checks(args)
    junit = check_report_path(args.junit, "--junit")
    json_path = check_report_path(args.json, "--json")
    progress = Progress()

    def listen(done: int, total: int, result: object) -> None:
        from cpspec.conformance.harness import Result

        assert isinstance(result, Result)
        if result.status == "fail":
            progress.clear()
            print(failure_line(result), flush=True)
        progress.update(done, total, result)

    try:
        transport.start()
    except OSError as exc:
        raise CpspecError("bad_input", f"cannot start the implementation: {exc}", "--impl") from None
    try:
        outcome = run_checks(checks, transport, skip_ids, listen)
    finally:
        progress.clear()
    for line in ([outcome.support.note] if outcome.support.note else []) + skip_notes(outcome):
        print(f"note: {line}", file=sys.stderr)
    for line in warnings + outcome.warnings:
        print(f"warning: {line}", file=sys.stderr)
    try:
        write_reports(outcome, str(corpus), junit, json_path)
    except OSError as exc:
        print(f"cpspec conformance: error: cannot write a report: {exc}", file=sys.stderr)
        print(summary_line(outcome))
        return 2
    print(summary_line(outcome))
    return 1 if outcome.failed else 0
