"""How the harness reaches an implementation: in-process, one persistent process, or one per case.

Every transport turns a request object into a :class:`Reply`: the parsed answer, or a
``problem`` saying what went wrong on the wire (no answer in time, the process died, the
line was not JSON, too long, or carried another request's id). A process that misbehaved
is killed and a fresh one started for the next request, so one bad answer never shifts
the answers of the cases after it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from cpspec.conformance.process import (
    DEFAULT_LINE_CAP,
    END,
    OVERFLOW,
    TIMEOUT,
    ChildProcess,
    describe_exit,
)

#: How long a process may take to exit after its stdin is closed before it is killed.
EXIT_GRACE: Final = 1.0


@dataclass(frozen=True)
class Reply:
    answer: dict[str, Any] | None = None
    problem: str | None = None
    stderr: tuple[str, ...] = ()
    seconds: float = 0.0
    #: ids of earlier requests that this process answered a second time
    stray_ids: tuple[Any, ...] = ()


class Transport(Protocol):
    mode: str
    target: str

    def start(self) -> None: ...
    def exchange(self, request: dict[str, Any]) -> Reply: ...
    def close(self) -> tuple[Any, ...]: ...


def encode(request: dict[str, Any]) -> bytes:
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def shorten(text: str, limit: int = 160) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_answer(raw: bytes) -> dict[str, Any] | str:
    """The answer object of one stdout line, or a problem saying why it is not one."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"the answer line is not UTF-8 (byte {exc.start})"
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return f"not a JSON answer: {shorten(text)!r}"
    if not isinstance(value, dict):
        return f"the answer is not a JSON object: {shorten(text)!r}"
    if "id" not in value:
        return f"the answer has no id: {shorten(text)!r}"
    return value


def same_id(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    return (type(a) is type(b) and a == b) or (
        isinstance(a, int | float) and isinstance(b, int | float) and a == b
    )


class InProcessTransport:
    """The reference engine, called on the JSON line exactly as the protocol server does.

    ``engine`` is :mod:`cpspec.engines`' name of the path to run: ``fast`` (the default) or ``reference``.
    """

    mode = "in-process"

    def __init__(self, engine: str = "fast") -> None:
        self.engine = engine
        self.target = f"the reference engine (in-process, {engine} path)"

    def start(self) -> None:
        pass

    def exchange(self, request: dict[str, Any]) -> Reply:
        from cpspec.engines import engine_named
        from cpspec.protocol.server import answer

        began = time.perf_counter()
        line = encode(request).decode("utf-8")
        reply = json.loads(json.dumps(answer(line, engine=engine_named(self.engine)), ensure_ascii=False))
        return Reply(answer=reply, seconds=time.perf_counter() - began)

    def close(self) -> tuple[Any, ...]:
        return ()


class _ProcessTransport:
    """What the persistent and per-case transports share: reading one answer safely."""

    mode = "process"

    def __init__(self, argv: Sequence[str], timeout: float, line_cap: int = DEFAULT_LINE_CAP) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.line_cap = line_cap
        self.target = " ".join(self.argv)
        self._first: ChildProcess | None = None

    def _spawn(self) -> ChildProcess:
        return ChildProcess.start(self.argv, self.line_cap)

    def start(self) -> None:
        """Start the first process, so that a command that cannot run fails early (OSError)."""
        self._first = self._spawn()

    def _take_first(self) -> ChildProcess | None:
        child, self._first = self._first, None
        return child

    def _await(self, child: ChildProcess, rid: Any, deadline: float, answered: list[Any]) -> tuple[
            dict[str, Any] | None, str | None, tuple[Any, ...]]:
        """(answer, problem, stray ids): read lines until the answer to ``rid`` or a problem."""
        while True:
            line = child.next_line(deadline)
            if line is TIMEOUT:
                return None, f"no answer within {self.timeout:g} s", ()
            if line is END:
                status = child.exit_status(wait=0.5)
                return None, f"the implementation {describe_exit(status)} before answering", ()
            if line is OVERFLOW:
                return None, f"the answer line is longer than {self.line_cap} bytes", ()
            assert isinstance(line, bytes)
            if not line.strip():
                continue
            parsed = parse_answer(line)
            if isinstance(parsed, str):
                return None, parsed, ()
            if same_id(parsed["id"], rid):
                return parsed, None, ()
            earlier = tuple(i for i in answered if same_id(i, parsed["id"]))
            what = "an earlier request's answer again" if earlier else "another id"
            return None, (f"answered with id {json.dumps(parsed['id'])} while waiting for id {json.dumps(rid)} "
                          f"(out of order: {what}): {shorten(json.dumps(parsed), 120)}"), earlier[:1]

    def _drain(self, child: ChildProcess, deadline: float, answered: list[Any]) -> tuple[list[str], tuple[Any, ...]]:
        """After stdin is closed: the extra lines the child still prints, and the ids they repeat."""
        extra: list[str] = []
        strays: list[Any] = []
        while True:
            line = child.next_line(deadline)
            if line is TIMEOUT or line is END:
                return extra, tuple(strays)
            if line is OVERFLOW:
                extra.append(f"a line longer than {self.line_cap} bytes")
                continue
            assert isinstance(line, bytes)
            if not line.strip():
                continue
            extra.append(shorten(line.decode("utf-8", "replace"), 120))
            parsed = parse_answer(line)
            if isinstance(parsed, dict):
                strays += [i for i in answered if same_id(i, parsed["id"])][:1]


class PersistentTransport(_ProcessTransport):
    """One process for the whole run, one request at a time; restarted after any problem."""

    mode = "persistent"

    def __init__(self, argv: Sequence[str], timeout: float, line_cap: int = DEFAULT_LINE_CAP) -> None:
        super().__init__(argv, timeout, line_cap)
        self._child: ChildProcess | None = None
        self._answered: list[Any] = []

    def _discard(self) -> None:
        if self._child is not None:
            self._child.kill()
        self._child = None
        self._answered = []

    def exchange(self, request: dict[str, Any]) -> Reply:
        began = time.perf_counter()
        if self._child is None:
            self._child = self._take_first()
        if self._child is None:
            try:
                self._child = self._spawn()
            except OSError as exc:
                return Reply(problem=f"cannot start the implementation: {exc}")
        child = self._child
        deadline = time.monotonic() + self.timeout
        child.send(encode(request))
        answer, problem, strays = self._await(child, request["id"], deadline, self._answered)
        stderr = child.stderr_tail(wait=0.5 if child.exit_status() is not None else 0.0)
        if answer is None:
            self._discard()
        else:
            self._answered.append(request["id"])
        return Reply(answer=answer, problem=problem, stderr=stderr,
                     seconds=time.perf_counter() - began, stray_ids=strays)

    def close(self) -> tuple[Any, ...]:
        """End the process: close its stdin, collect any late repeated answers, kill it."""
        first = self._take_first()
        if first is not None:
            first.kill()
        if self._child is None:
            return ()
        child = self._child
        child.close_stdin()
        _, strays = self._drain(child, time.monotonic() + EXIT_GRACE, self._answered)
        self._discard()
        return strays


class PerCaseTransport(_ProcessTransport):
    """A fresh process for every request: send it, close stdin, read the one answer."""

    mode = "per-case"

    def exchange(self, request: dict[str, Any]) -> Reply:
        began = time.perf_counter()
        try:
            child = self._take_first() or self._spawn()
        except OSError as exc:
            return Reply(problem=f"cannot start the implementation: {exc}")
        try:
            deadline = time.monotonic() + self.timeout
            child.send(encode(request))
            child.close_stdin()
            answer, problem, _ = self._await(child, request["id"], deadline, [])
            if answer is not None:
                grace = min(deadline, time.monotonic() + EXIT_GRACE)
                extra, _ = self._drain(child, grace, [request["id"]])
                if extra:
                    problem = f"printed {len(extra)} more line(s) after its answer, first: {extra[0]!r}"
                    answer = None
            stderr = child.stderr_tail(wait=0.5 if child.exit_status() is not None else 0.0)
            return Reply(answer=answer, problem=problem, stderr=stderr,
                         seconds=time.perf_counter() - began)
        finally:
            child.kill()

    def close(self) -> tuple[Any, ...]:
        first = self._take_first()
        if first is not None:
            first.kill()
        return ()
