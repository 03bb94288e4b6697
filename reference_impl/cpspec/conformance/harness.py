"""The conformance harness: select cases, shake hands, run each case once per ruleset, judge.

A *check* is one case run against one of its rulesets. Its result is ``pass``, ``fail`` or
``skip``: skipped when the implementation's ``hello`` does not list the op or the ruleset,
or when the check is a known failure from a skip file (run anyway, to warn when it passes).

A run survives its implementation: one that never starts answering is refused at once
(:func:`~cpspec.conformance.transport.never_answered`), one that stops answering ends the run
after a few timeouts in a row (:class:`~cpspec.conformance.transport.HangWatch`), and with
``jobs`` above 1 the checks are shared among that many implementation processes, the results
still reported in corpus order.
"""

from __future__ import annotations

import fnmatch
import itertools
import queue
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from cpspec.conformance import DEFAULT_MAX_TIMEOUTS
from cpspec.conformance.cases import Case, compact, differences, first_difference
from cpspec.conformance.transport import (
    CANNOT_START,
    EXITED,
    HangWatch,
    Reply,
    Transport,
    never_answered,
)
from cpspec.errors import CpspecError

HELLO: Final = {"id": 0, "op": "hello", "input": {}}
_GLOB: Final = re.compile(r"[*?[]")  # what makes an --id a pattern (fnmatch)

Status = Literal["pass", "fail", "skip"]
NOW_PASSES = "known failure, now passes"


@dataclass(frozen=True)
class Check:
    """One case run against one of its rulesets (a case listing three rulesets makes three checks)."""

    case: Case
    ruleset: str

    @property
    def name(self) -> str:
        """``case id [ruleset]``, as reports name the check."""
        return f"{self.case.id} [{self.ruleset}]"


@dataclass(frozen=True)
class Result:
    """What became of one check: ``pass``, ``fail`` or ``skip``, why, what came back, and how long it took.

    ``detail`` is what is wrong (with a failure) or why the check was skipped; ``known_failure`` marks a
    check of the skip file, run anyway.
    """

    check: Check
    status: Status
    detail: str = ""
    known_failure: bool = False
    stderr: tuple[str, ...] = ()
    seconds: float = 0.0
    got: str = ""
    #: the failure happened on the wire (no answer, a crash, a bad line), not in the answer's content
    wire_problem: bool = False
    #: with a failure: what the case expects, in short
    expected: str = ""
    #: with a wrong output: every difference, one a line
    differences: tuple[str, ...] = ()


@dataclass(frozen=True)
class Selection:
    """The filters; an empty tuple selects everything."""

    rulesets: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()

    def checks(self, cases: Iterable[Case]) -> list[Check]:
        """The checks of the active cases that every filter given lets through, in corpus order."""
        chosen = []
        # Plain ids are looked up, only glob patterns matched: thousands of --id options stay quick.
        exact = {pattern for pattern in self.ids if not _GLOB.search(pattern)}
        patterns = [pattern for pattern in self.ids if pattern not in exact]
        for case in cases:
            if not case.active:
                continue
            if self.ops and case.op not in self.ops:
                continue
            if self.tags and not set(self.tags) & set(case.tags):
                continue
            if self.ids and case.id not in exact and not any(fnmatch.fnmatchcase(case.id, p) for p in patterns):
                continue
            chosen += [Check(case, r) for r in case.rulesets if not self.rulesets or r in self.rulesets]
        return chosen


def read_skip_file(path: Path) -> list[str]:
    """Case ids (or glob patterns), one a line; ``#`` starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CpspecError("bad_file", f"cannot read the skip file: {exc}", str(path)) from None
    ids = []
    for number, raw in enumerate(text.splitlines(), 1):
        entry = raw.split("#", 1)[0].strip()
        if not entry:
            continue
        if any(c.isspace() for c in entry):
            raise CpspecError("bad_file", f"one case id a line, not {entry!r}", f"{path}:{number}")
        ids.append(entry)
    return ids


@dataclass(frozen=True)
class Support:
    """What the implementation says it serves; None means 'assume everything'."""

    ops: frozenset[str] | None = None
    rulesets: frozenset[str] | None = None
    hello: dict[str, Any] | None = None
    note: str | None = None

    def skip_reason(self, check: Check) -> str | None:
        """Why the check is skipped (its op or ruleset not served, as ``hello`` says), or None to run it."""
        if self.ops is not None and check.case.op not in self.ops:
            return f"op {check.case.op!r} is not served by the implementation (hello)"
        if self.rulesets is not None and check.ruleset not in self.rulesets:
            return f"ruleset {check.ruleset!r} is not served by the implementation (hello)"
        return None


def _string_set(value: Any) -> frozenset[str] | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return frozenset(value)
    return None


def handshake(transport: Transport) -> tuple[Support, Reply]:
    """Send ``hello``: what the implementation serves, and the reply itself."""
    reply = transport.exchange(dict(HELLO))
    return support_of(reply), reply


def support_of(reply: Reply) -> Support:
    """What a reply to ``hello`` says is served; on any failure, assume everything, and say so."""
    assume = "assuming every op and ruleset is supported"
    if reply.answer is None:
        return Support(note=f"hello failed ({reply.problem}); {assume}")
    output = reply.answer.get("output")
    if not isinstance(output, dict):
        error = reply.answer.get("error")
        return Support(note=f"hello failed (answer {compact(error if error else reply.answer)}); {assume}")
    ops, rulesets = _string_set(output.get("ops")), _string_set(output.get("rulesets"))
    missing = [name for name, value in (("ops", ops), ("rulesets", rulesets)) if value is None]
    note = f"hello lists no {' or '.join(missing)}; {assume}" if missing else None
    return Support(ops, rulesets, output, note)


def judge(case: Case, answer: dict[str, Any]) -> tuple[str | None, str]:
    """(None if the answer is right else what is wrong, what came back in short)."""
    has_output, has_error = "output" in answer, "error" in answer
    if has_output == has_error:
        which = "both" if has_output else "neither"
        return f"the answer has {which} of 'output' and 'error': {compact(answer)}", compact(answer)
    if has_error:
        error = answer["error"]
        if not isinstance(error, dict) or not isinstance(error.get("code"), str):
            return f"the error is not an object with a code: {compact(error)}", compact(error)
        got = f"error {error['code']}: {compact(error.get('message', ''), 120)}"
        if case.expected_error is None:
            return f"expected output, got {got}", got
        if error["code"] != case.expected_error:
            return f"expected error {case.expected_error}, got {got}", got
        return None, got
    output = answer["output"]
    got = compact(output, 2000)
    if case.expected_error is not None:
        return f"expected error {case.expected_error}, got output {compact(output)}", got
    if not isinstance(output, dict):
        return f"the output is not an object: {compact(output)}", got
    difference = first_difference(case.expected, output)
    return (difference.describe() if difference else None), got


@dataclass
class Run:
    """Everything a report needs."""

    transport: Transport
    support: Support = field(default_factory=Support)
    results: list[Result] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: how many checks were selected (results holds fewer when the run was stopped)
    total: int = 0
    #: why the run was given up before its end, with how many checks were not run
    stopped: str | None = None

    def count(self, status: Status) -> int:
        """How many results have ``status``."""
        return sum(1 for r in self.results if r.status == status)

    @property
    def not_run(self) -> int:
        """How many selected checks have no result (the run was stopped before them)."""
        return self.total - len(self.results)

    @property
    def failed(self) -> bool:
        """Whether the run failed: a check failed, or the run was given up before its end."""
        return self.count("fail") > 0 or self.stopped is not None


Listener = Callable[[int, int, Result], None]


def expected_text(case: Case) -> str:
    """What the case expects, in short: an error code or the expected output as compact JSON."""
    if case.expected_error is not None:
        return f"error {case.expected_error}"
    return compact(case.expected, 2000)


def _verdict(check: Check, reply: Reply, known: bool) -> Result:
    lines: tuple[str, ...] = ()
    if reply.answer is None:
        detail = reply.problem or "no answer"
        verdict: str | None = detail
        got = ""
    else:
        verdict, got = judge(check.case, reply.answer)
        detail = verdict or ""
        output = reply.answer.get("output")
        if verdict is not None and check.case.expected_error is None and isinstance(output, dict):
            lines = tuple(differences_shown(check.case.expected, output))
    stderr = reply.stderr if verdict is not None else ()
    wire = reply.answer is None
    expected = expected_text(check.case) if verdict is not None else ""
    if known:
        note = NOW_PASSES if verdict is None else f"known failure: {detail}"
        return Result(check, "skip", note, True, stderr, reply.seconds, got, wire, expected, lines)
    status: Status = "fail" if verdict else "pass"
    return Result(check, status, detail, False, stderr, reply.seconds, got, wire, expected, lines)


def differences_shown(expected: Any, output: dict[str, Any]) -> list[str]:
    """The diff of a wrong output against what was expected, for a failure's report; empty when
    the two share nothing (the expected value and the answer, shown whole, say more)."""
    from cpspec.conformance.cases import diff_lines

    lines = diff_lines(expected, output)
    if lines:
        return lines if any(line.startswith(" ") for line in lines) else []
    # Equal when printed (1 against 1.0 is no difference, true against 1 is): say where, then.
    return [d.describe() for d in differences(expected, output, limit=20)]


def _mark_answered_twice(run: Run, request_ids: dict[int, int], strays: Sequence[Any],
                         listener: Listener | None, total: int) -> None:
    for stray in strays:
        if stray == 0 and not isinstance(stray, bool):
            run.warnings.append("the implementation answered hello more than once")
            continue
        index = request_ids.get(stray) if isinstance(stray, int) else None
        if index is None or index >= len(run.results):
            continue
        result = run.results[index]
        if result.status == "pass":
            failed = replace(result, status="fail", detail="answered more than once (a second answer came later)")
            run.results[index] = failed
            if listener is not None:
                listener(index + 1, total, failed)


class _Checker:
    """Runs one check through a transport: the skip rules, the request, the verdict."""

    def __init__(self, support: Support, skip_ids: Sequence[str]) -> None:
        self.support = support
        self.skip_ids = skip_ids

    def run(self, transport: Transport, index: int, check: Check) -> tuple[Result, Reply | None]:
        reason = self.support.skip_reason(check)
        known = any(fnmatch.fnmatchcase(check.case.id, pattern) for pattern in self.skip_ids)
        if reason is not None:
            return Result(check, "skip", reason, known), None
        reply = transport.exchange({"id": index + 1, "op": check.case.op, "ruleset": check.ruleset,
                                    "input": check.case.input})
        return _verdict(check, reply, known), reply


Outcome = tuple[Result, Reply | None]


class _Workers:
    """One thread per transport, each taking the next check; outcomes handed back in corpus order."""

    def __init__(self, checks: Sequence[Check], transports: Sequence[Transport], checker: _Checker,
                 start: int) -> None:
        self.checks = checks
        self.checker = checker
        self.start = start
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._following = iter(range(start, len(checks)))
        self._done: queue.Queue[tuple[int, Outcome | BaseException]] = queue.Queue()
        self.threads = [threading.Thread(target=self._work, args=(t,), daemon=True) for t in transports]
        for thread in self.threads:
            thread.start()

    def _work(self, transport: Transport) -> None:
        while not self.stop.is_set():
            with self._lock:
                index = next(self._following, None)
            if index is None:
                return
            try:
                self._done.put((index, self.checker.run(transport, index, self.checks[index])))
            except BaseException as exc:  # handed to the main thread, which raises it
                self._done.put((index, exc))
                return

    def outcomes(self) -> Iterator[tuple[int, Outcome]]:
        ready: dict[int, Outcome] = {}
        for index in range(self.start, len(self.checks)):
            while index not in ready:
                finished, outcome = self._done.get()
                if isinstance(outcome, BaseException):
                    raise outcome
                ready[finished] = outcome
            yield index, ready.pop(index)

    def end(self, seconds: float) -> None:
        """Take no further check; wait up to ``seconds`` for the ones under way."""
        self.stop.set()
        deadline = time.monotonic() + seconds
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))


def run_checks(checks: Sequence[Check], transport: Transport, skip_ids: Sequence[str] = (),
               listener: Listener | None = None, *, jobs: int = 1, max_timeouts: int = DEFAULT_MAX_TIMEOUTS,
               on_hello: Callable[[Support], None] | None = None) -> Run:
    """Run every check through a started ``transport``; ``listener`` hears each result, in order.

    ``on_hello`` hears what the handshake found before any result. With ``jobs`` above 1 the
    checks are shared among that many copies of the transport (processes) and still reported in
    order. After ``max_timeouts`` answers in a row that did not come in time (0: never) the run is
    stopped (``Run.stopped``). An implementation that exits before answering both ``hello`` and
    the first check raises CpspecError (``--impl``): nothing could be checked.
    """
    began = time.perf_counter()
    run = Run(transport, total=len(checks))
    request_ids: dict[int, int] = {}
    timeout = float(getattr(transport, "timeout", 0.0))
    watch = HangWatch(max_timeouts, timeout)
    transports = [transport]
    workers: _Workers | None = None
    ended_early = True
    try:
        run.support, hello = handshake(transport)
        checker = _Checker(run.support, skip_ids)
        first: list[tuple[int, Outcome]] = []
        if hello.kind in (EXITED, CANNOT_START) and checks:
            first = [(0, checker.run(transport, 0, checks[0]))]
            reply = first[0][1][1]
            why = never_answered([hello, reply]) if reply is not None else None
            if why is not None:
                raise CpspecError("bad_input", why, "--impl")
        if on_hello is not None:
            on_hello(run.support)
        hung = watch.hung(hello)
        stream: Iterator[tuple[int, Outcome]] = iter(first)
        if not hung and jobs > 1:
            transports += [transport.clone() for _ in range(jobs - 1)]
            workers = _Workers(checks, transports, checker, len(first))
            stream = itertools.chain(first, workers.outcomes())
        elif not hung:
            stream = itertools.chain(first, (
                (index, checker.run(transport, index, checks[index])) for index in range(len(first), len(checks))))
        for index, (result, reply) in stream:
            strays: tuple[Any, ...] = ()
            if reply is not None:
                request_ids[index + 1] = index
                strays = reply.stray_ids
                if result.known_failure and result.detail == NOW_PASSES:
                    run.warnings.append(f"skipped case now passes: {result.check.name}")
            run.results.append(result)
            if listener is not None:
                listener(index + 1, len(checks), result)
            _mark_answered_twice(run, request_ids, strays, listener, len(checks))
            if reply is not None and watch.hung(reply):
                hung = True
                break
        if hung:
            run.stopped = watch.verdict(run.not_run, "checks")
        ended_early = hung
    finally:
        if ended_early:  # stopped, interrupted or failed: nothing more is owed, end the processes now
            for each in transports:
                each.abort()
        if workers is not None:
            workers.end(timeout + 5)
    late: list[Any] = []
    for each in transports:
        late += each.close()
    _mark_answered_twice(run, request_ids, late, listener, len(checks))
    run.seconds = time.perf_counter() - began
    return run
