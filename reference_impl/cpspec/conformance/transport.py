"""How the harness reaches an implementation: in-process, one persistent process, or one per case.

Every transport turns a request object into a :class:`Reply`: the parsed answer, or a
``problem`` saying what went wrong on the wire (no answer in time, the process died, the
line was not JSON, too long, or carried another request's id), with its ``kind``. A
process that misbehaved is killed and a fresh one started for the next request, so one
bad answer never shifts the answers of the cases after it.

:meth:`PersistentTransport.exchange_many` pipelines: it writes many requests ahead of
the answers it reads, for runs (the fuzzer's) where lock-step would cost a round trip a
request. :class:`HangWatch` tells a hung implementation from a slow one.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from cpspec.conformance.process import (
    DEFAULT_LINE_CAP,
    END,
    OVERFLOW,
    TIMEOUT,
    ChildProcess,
    describe_exit,
)

if TYPE_CHECKING:
    from cpspec.rulesets.loader import RulesetRegistry

#: How long a process may take to exit after its stdin is closed before it is killed.
EXIT_GRACE: Final = 1.0
#: How many requests :meth:`PersistentTransport.exchange_many` writes ahead of the answers by default.
DEFAULT_WINDOW: Final = 64

# What went wrong on the wire (Reply.kind).
TIMED_OUT: Final = "timeout"
EXITED: Final = "exited"
TOO_LONG: Final = "too_long"
BAD_LINE: Final = "bad_line"
OUT_OF_ORDER: Final = "out_of_order"
EXTRA_LINES: Final = "extra_lines"
CANNOT_START: Final = "cannot_start"


@dataclass(frozen=True)
class Reply:
    """What a transport got for one request: the answer object, or a ``problem`` on the wire (with its ``kind``).

    Either way it carries the process's last stderr lines and the seconds the exchange took.
    """

    answer: dict[str, Any] | None = None
    problem: str | None = None
    stderr: tuple[str, ...] = ()
    seconds: float = 0.0
    #: ids of earlier requests that this process answered a second time
    stray_ids: tuple[Any, ...] = ()
    #: with a problem: which kind (TIMED_OUT, EXITED, ...)
    kind: str | None = None
    #: with an answer: the answer line as it came (without its newline)
    text: str | None = None


class Transport(Protocol):
    """How the harness reaches an implementation: in-process, one persistent process, or a process per request.

    ``mode`` names the kind, ``target`` what is run (for reports).
    """

    mode: str
    target: str

    def start(self) -> None:
        """Get ready before the first request (a process transport starts its first process: OSError if it cannot)."""

    def exchange(self, request: dict[str, Any]) -> Reply:
        """Send one request and return its reply: what goes wrong on the wire is its ``problem``, not an error."""

    def exchange_many(self, requests: Iterable[dict[str, Any]], window: int = DEFAULT_WINDOW) -> Iterator[Reply]:
        """The replies to ``requests``, in order, with up to ``window`` requests sent ahead of their answers."""

    def clone(self) -> Transport:
        """A new transport of the same kind and target, for another worker."""

    def abort(self) -> None:
        """Kill at once whatever process is running (an exchange under way then fails); for interruptions."""

    def close(self) -> tuple[Any, ...]:
        """End the transport; the ids of requests answered a second time after their answer was read."""


def encode(request: dict[str, Any]) -> bytes:
    """The request as one protocol line: compact JSON, UTF-8, ending in a newline."""
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def shorten(text: str, limit: int = 160) -> str:
    """The text stripped and, when longer than ``limit`` characters, cut short with ``...``."""
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
    """Whether two request ids are the same JSON value: equal values of one type, or equal numbers; never a boolean."""
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    return (type(a) is type(b) and a == b) or (
        isinstance(a, int | float) and isinstance(b, int | float) and a == b
    )


class HangWatch:
    """Tells a hung implementation from a slow one: ``limit`` answers in a row not in time.

    Each request that times out has already cost its process (it is killed and a fresh one
    started), so a streak of timeouts means fresh processes did not answer either.
    ``limit`` 0 never gives up.
    """

    def __init__(self, limit: int, timeout: float) -> None:
        self.limit = limit
        self.timeout = timeout
        self.streak = 0

    def hung(self, reply: Reply) -> bool:
        """Count ``reply``; True once ``limit`` replies in a row were timeouts."""
        self.streak = self.streak + 1 if reply.kind == TIMED_OUT else 0
        return 0 < self.limit <= self.streak

    def verdict(self, not_run: int, unit: str) -> str:
        """The line that ends a run given up on: why, and how much was not run."""
        return (f"stopped: the implementation gave no answer to {self.streak} requests in a row "
                f"(each restarted, each waited {self.timeout:g} s); it looks hung; "
                f"{not_run:,} {unit} not run")


def never_answered(replies: Sequence[Reply]) -> str | None:
    """Why the implementation cannot be run at all, when every reply so far says it never started
    or exited before answering (at least twice, so that one crash on one request is not enough)."""
    if len(replies) < 2 or not all(r.kind in (EXITED, CANNOT_START) for r in replies):
        return None
    last = replies[-1]
    stderr = f" | stderr: {shorten(last.stderr[-1], 160)}" if last.stderr else ""
    return f"the implementation never answered: {len(replies)} processes in a row: {last.problem}{stderr}"


class _Transport:
    """What every transport shares: a copy for another worker, many exchanges in a row."""

    mode = "?"
    target = "?"

    def start(self) -> None:
        pass

    def exchange(self, request: dict[str, Any]) -> Reply:
        raise NotImplementedError

    def exchange_many(self, requests: Iterable[dict[str, Any]], window: int = DEFAULT_WINDOW) -> Iterator[Reply]:
        """The replies to ``requests``, in order (here one at a time; processes pipeline)."""
        for request in requests:
            yield self.exchange(request)

    def clone(self) -> Transport:
        raise NotImplementedError

    def abort(self) -> None:
        """Kill at once whatever process is running (an exchange under way then fails); for interruptions."""

    def close(self) -> tuple[Any, ...]:
        return ()


class InProcessTransport(_Transport):
    """The reference engine, called on the JSON line exactly as the protocol server does.

    ``engine`` is :mod:`cpspec.engines`' name of the path to run: ``fast`` (the default) or ``reference``;
    ``registry`` the rulesets served (default: the bundled ones; ``--rulesets DIR`` adds house files). The
    requests of one transport share each hand's count of valid settings (:func:`cpspec.engines.sharing_counts`).
    """

    mode = "in-process"

    def __init__(self, engine: str = "fast", registry: RulesetRegistry | None = None) -> None:
        from cpspec.engines import engine_named, sharing_counts

        self.engine = engine
        self.registry = registry
        self.target = f"the reference engine (in-process, {engine} path)"
        self._path = sharing_counts(engine_named(engine))

    def exchange(self, request: dict[str, Any]) -> Reply:
        """Answer the request with the reference engine, through :func:`~cpspec.protocol.server.answer_text`."""
        from cpspec.protocol.server import answer_text

        began = time.perf_counter()
        text = answer_text(encode(request).decode("utf-8"), self.registry, engine=self._path)
        reply = json.loads(text)
        return Reply(answer=reply, seconds=time.perf_counter() - began, text=text)

    def clone(self) -> Transport:
        """A new in-process transport with the same engine and rulesets."""
        return InProcessTransport(self.engine, self.registry)


class _ProcessTransport(_Transport):
    """What the persistent and per-case transports share: reading one answer safely."""

    mode = "process"

    def __init__(self, argv: Sequence[str], timeout: float, line_cap: int = DEFAULT_LINE_CAP) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.line_cap = line_cap
        self.target = " ".join(self.argv)
        self._first: ChildProcess | None = None
        self._current: ChildProcess | None = None  # the process an exchange is using

    def abort(self) -> None:
        for child in (self._first, self._current):
            if child is not None:
                child.kill()

    def clone(self) -> Transport:
        return type(self)(self.argv, self.timeout, self.line_cap)

    def _spawn(self) -> ChildProcess:
        return ChildProcess.start(self.argv, self.line_cap)

    def start(self) -> None:
        """Start the first process, so that a command that cannot run fails early (OSError)."""
        self._first = self._spawn()

    def _take_first(self) -> ChildProcess | None:
        child, self._first = self._first, None
        return child

    def _await(self, child: ChildProcess, rid: Any, deadline: float, answered: list[Any]) -> tuple[
            dict[str, Any] | None, bytes | str, str | None, tuple[Any, ...]]:
        """Read lines until the answer to ``rid`` or a problem.

        (answer, its line, None, ()) or (None, what went wrong, its kind, stray ids).
        """
        while True:
            line = child.next_line(deadline)
            if line is TIMEOUT:
                return None, f"no answer within {self.timeout:g} s", TIMED_OUT, ()
            if line is END:
                status = child.exit_status(wait=0.5)
                return None, f"the implementation {describe_exit(status)} before answering", EXITED, ()
            if line is OVERFLOW:
                return None, f"the answer line is longer than {self.line_cap} bytes", TOO_LONG, ()
            assert isinstance(line, bytes)
            if not line.strip():
                continue
            parsed = parse_answer(line)
            if isinstance(parsed, str):
                return None, parsed, BAD_LINE, ()
            if same_id(parsed["id"], rid):
                return parsed, line, None, ()
            earlier = tuple(i for i in answered if same_id(i, parsed["id"]))
            what = "an earlier request's answer again" if earlier else "another id"
            return None, (f"answered with id {json.dumps(parsed['id'])} while waiting for id {json.dumps(rid)} "
                          f"(out of order: {what}): {shorten(json.dumps(parsed), 120)}"), OUT_OF_ORDER, earlier[:1]

    def _read_reply(self, child: ChildProcess, rid: Any, answered: list[Any], began: float) -> Reply:
        """The reply to request ``rid``, waiting at most the timeout from now."""
        got, detail, kind, strays = self._await(child, rid, time.monotonic() + self.timeout, answered)
        seconds = time.perf_counter() - began
        if got is not None:  # a running process: its stderr so far (no wait, no system call)
            assert isinstance(detail, bytes)
            return Reply(answer=got, stderr=child.stderr_tail(), seconds=seconds,
                         text=detail.decode("utf-8").rstrip("\r\n"))
        assert isinstance(detail, str)
        stderr = child.stderr_tail(wait=0.5 if child.exit_status() is not None else 0.0)
        return Reply(problem=detail, stderr=stderr, seconds=seconds, stray_ids=strays, kind=kind)

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
    """One process for the whole run; restarted after any problem."""

    mode = "persistent"

    def __init__(self, argv: Sequence[str], timeout: float, line_cap: int = DEFAULT_LINE_CAP) -> None:
        super().__init__(argv, timeout, line_cap)
        self._child: ChildProcess | None = None
        self._answered: list[Any] = []

    def _discard(self) -> None:
        if self._child is not None:
            self._child.kill()
        self._child = self._current = None
        self._answered = []

    def _ensure_child(self) -> ChildProcess | str:
        """The running process, started if need be; or why it cannot be started."""
        if self._child is None:
            self._child = self._take_first()
        if self._child is None:
            try:
                self._child = self._spawn()
            except OSError as exc:
                return f"cannot start the implementation: {exc}"
        self._current = self._child
        return self._child

    def exchange(self, request: dict[str, Any]) -> Reply:
        """Send one request to the running process (started if need be) and read its answer."""
        return next(self.exchange_many([request], 1))

    def exchange_many(self, requests: Iterable[dict[str, Any]], window: int = DEFAULT_WINDOW) -> Iterator[Reply]:
        """The replies to ``requests``, in order, with up to ``window`` requests written ahead.

        Each answer must come within the timeout of the wait for it starting. After a problem
        the process is killed, and the requests that were written to it but not answered are
        written again to a fresh one. Leaving the loop early ends a process that still owes answers.
        """
        source = iter(requests)
        waiting: deque[tuple[dict[str, Any], float]] = deque()  # written, not answered yet
        again: deque[dict[str, Any]] = deque()  # to write again to a fresh process
        live: ChildProcess | None = None  # the process the waiting requests were written to
        try:
            while True:
                while len(waiting) < max(1, window):
                    request = again.popleft() if again else next(source, None)
                    if request is None:
                        break
                    child = self._ensure_child()
                    if isinstance(child, str):
                        yield Reply(problem=child, kind=CANNOT_START)
                        continue
                    live = child
                    live.send(encode(request))
                    waiting.append((request, time.perf_counter()))
                if not waiting or live is None:
                    return
                request, began = waiting.popleft()
                reply = self._read_reply(live, request["id"], self._answered, began)
                if reply.answer is None:
                    self._discard()
                    again.extendleft(reversed([r for r, _ in waiting]))
                    waiting.clear()
                else:
                    self._answered.append(request["id"])
                yield reply
        finally:
            if waiting:
                self._discard()

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
        """Start a process, send the request, close its stdin, read the one answer, kill the process.

        A line printed after the answer is a problem (``extra_lines``): a per-case process answers once.
        """
        began = time.perf_counter()
        try:
            child = self._take_first() or self._spawn()
        except OSError as exc:
            return Reply(problem=f"cannot start the implementation: {exc}", kind=CANNOT_START)
        self._current = child
        try:
            child.send(encode(request))
            child.close_stdin()
            reply = self._read_reply(child, request["id"], [], began)
            if reply.answer is not None:
                extra, _ = self._drain(child, time.monotonic() + EXIT_GRACE, [request["id"]])
                if extra:
                    stderr = child.stderr_tail(wait=0.5 if child.exit_status() is not None else 0.0)
                    return Reply(problem=f"printed {len(extra)} more line(s) after its answer, first: {extra[0]!r}",
                                 stderr=stderr, seconds=time.perf_counter() - began, kind=EXTRA_LINES)
            return reply
        finally:
            child.kill()

    def close(self) -> tuple[Any, ...]:
        """Kill the first process if no request used it; no stray answers can be left."""
        first = self._take_first()
        if first is not None:
            first.kill()
        return ()
