"""The conformance harness: select cases, shake hands, run each case once per ruleset, judge.

A *check* is one case run against one of its rulesets. Its result is ``pass``, ``fail`` or
``skip``: skipped when the implementation's ``hello`` does not list the op or the ruleset,
or when the check is a known failure from a skip file (run anyway, to warn when it passes).
"""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from cpspec.conformance.cases import Case, compact, first_difference
from cpspec.conformance.transport import Reply, Transport
from cpspec.errors import CpspecError

Status = Literal["pass", "fail", "skip"]
NOW_PASSES = "known failure, now passes"


@dataclass(frozen=True)
class Check:
    case: Case
    ruleset: str

    @property
    def name(self) -> str:
        return f"{self.case.id} [{self.ruleset}]"


@dataclass(frozen=True)
class Result:
    check: Check
    status: Status
    detail: str = ""
    known_failure: bool = False
    stderr: tuple[str, ...] = ()
    seconds: float = 0.0
    got: str = ""
    #: the failure happened on the wire (no answer, a crash, a bad line), not in the answer's content
    wire_problem: bool = False


@dataclass(frozen=True)
class Selection:
    """The filters; an empty tuple selects everything."""

    rulesets: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()

    def checks(self, cases: Iterable[Case]) -> list[Check]:
        chosen = []
        for case in cases:
            if not case.active:
                continue
            if self.ops and case.op not in self.ops:
                continue
            if self.tags and not set(self.tags) & set(case.tags):
                continue
            if self.ids and not any(fnmatch.fnmatchcase(case.id, pattern) for pattern in self.ids):
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
        if self.ops is not None and check.case.op not in self.ops:
            return f"op {check.case.op!r} is not served by the implementation (hello)"
        if self.rulesets is not None and check.ruleset not in self.rulesets:
            return f"ruleset {check.ruleset!r} is not served by the implementation (hello)"
        return None


def _string_set(value: Any) -> frozenset[str] | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return frozenset(value)
    return None


def handshake(transport: Transport) -> Support:
    """Send ``hello``; on any failure, assume every op and ruleset is supported, and say so."""
    reply = transport.exchange({"id": 0, "op": "hello", "input": {}})
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

    def count(self, status: Status) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def failed(self) -> bool:
        return self.count("fail") > 0


Listener = Callable[[int, int, Result], None]


def _verdict(check: Check, reply: Reply, known: bool) -> Result:
    if reply.answer is None:
        detail = reply.problem or "no answer"
        verdict: str | None = detail
        got = ""
    else:
        verdict, got = judge(check.case, reply.answer)
        detail = verdict or ""
    stderr = reply.stderr if verdict is not None else ()
    wire = reply.answer is None
    if known:
        note = NOW_PASSES if verdict is None else f"known failure: {detail}"
        return Result(check, "skip", note, True, stderr, reply.seconds, got, wire)
    return Result(check, "fail" if verdict else "pass", detail, False, stderr, reply.seconds, got, wire)


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


def run_checks(checks: Sequence[Check], transport: Transport, skip_ids: Sequence[str] = (),
               listener: Listener | None = None) -> Run:
    """Run every check in order through a started ``transport``; ``listener`` hears each result."""
    began = time.perf_counter()
    run = Run(transport)
    request_ids: dict[int, int] = {}
    try:
        run.support = handshake(transport)
        for index, check in enumerate(checks):
            reason = run.support.skip_reason(check)
            known = any(fnmatch.fnmatchcase(check.case.id, pattern) for pattern in skip_ids)
            strays: tuple[Any, ...] = ()
            if reason is not None:
                result = Result(check, "skip", reason, known)
            else:
                request_id = index + 1
                request_ids[request_id] = index
                reply = transport.exchange({"id": request_id, "op": check.case.op, "ruleset": check.ruleset,
                                            "input": check.case.input})
                result, strays = _verdict(check, reply, known), reply.stray_ids
                if result.known_failure and result.detail == NOW_PASSES:
                    run.warnings.append(f"skipped case now passes: {check.name}")
            run.results.append(result)
            if listener is not None:
                listener(index + 1, len(checks), result)
            _mark_answered_twice(run, request_ids, strays, listener, len(checks))
    finally:
        late = transport.close()
    _mark_answered_twice(run, request_ids, late, listener, len(checks))
    run.seconds = time.perf_counter() - began
    return run
