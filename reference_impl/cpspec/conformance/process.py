"""A child process speaking JSON Lines, watched so that it can never block the harness.

Three daemon threads per child: one writes requests to its stdin, one splits its
stdout into lines (refusing lines over a byte cap, so a flood costs bounded memory), one
drains its stderr (keeping the last few lines for the report, so a chatty child cannot
fill the pipe and deadlock). The harness only ever waits on a queue with a deadline.

Each child runs in a session (so a process group) of its own, and every child still
running is remembered: :func:`ending_children_on_signals` turns SIGTERM into an
interruption and, however the run ends, kills the whole process group of each child, so
that no grandchild outlives the harness.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import IO, Any, Final

#: The most bytes one answer line may have.
DEFAULT_LINE_CAP: Final = 4 * 1024 * 1024
STDERR_LINES: Final = 20
STDERR_LINE_CHARS: Final = 300
_CHUNK: Final = 65536


class Overflow:
    """A stdout line longer than the cap (its bytes were discarded)."""


class EndOfOutput:
    """The child closed its stdout (it exited, most likely)."""


class Timeout:
    """No line before the deadline."""


OVERFLOW: Final = Overflow()
END: Final = EndOfOutput()
TIMEOUT: Final = Timeout()

Line = bytes | Overflow | EndOfOutput | Timeout

#: Every child started and not yet killed, so that an interrupted run can end them all.
_LIVE: set[ChildProcess] = set()
_LIVE_LOCK = threading.Lock()


class ChildProcess:
    """One running implementation; start it with :meth:`start`, end it with :meth:`kill`."""

    def __init__(self, popen: subprocess.Popen[bytes], line_cap: int) -> None:
        self.popen = popen
        self.line_cap = line_cap
        self._lines: queue.Queue[bytes | Overflow | EndOfOutput] = queue.Queue(maxsize=64)
        self._writes: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._stop = threading.Event()
        self._stderr_closed = threading.Event()
        assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
        for target, stream in ((self._read_stdout, popen.stdout), (self._read_stderr, popen.stderr),
                               (self._write_stdin, popen.stdin)):
            threading.Thread(target=target, args=(stream,), daemon=True).start()

    @classmethod
    def start(cls, argv: Sequence[str], line_cap: int = DEFAULT_LINE_CAP) -> ChildProcess:
        """Start ``argv`` in its own process group; raises OSError if it cannot be started."""
        popen = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0, start_new_session=True,
        )
        child = cls(popen, line_cap)
        with _LIVE_LOCK:
            _LIVE.add(child)
        return child

    # --- the three pipe threads ---

    def _put(self, item: bytes | Overflow | EndOfOutput) -> None:
        while not self._stop.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def _read_stdout(self, stream: IO[bytes]) -> None:
        pending = bytearray()
        skipping = False  # inside a line that already overflowed
        try:
            while True:
                chunk = os.read(stream.fileno(), _CHUNK)
                if not chunk:
                    break
                start = 0
                while True:
                    newline = chunk.find(b"\n", start)
                    piece = chunk[start:] if newline < 0 else chunk[start:newline]
                    if not skipping:
                        pending += piece
                        if len(pending) > self.line_cap:
                            pending.clear()
                            skipping = True
                            self._put(OVERFLOW)
                    if newline < 0:
                        break
                    if not skipping:
                        self._put(bytes(pending))
                    pending.clear()
                    skipping = False
                    start = newline + 1
            if pending and not skipping:
                self._put(bytes(pending))
        except OSError:
            pass
        finally:
            stream.close()
            self._put(END)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        partial = b""
        try:
            while True:
                chunk = os.read(stream.fileno(), _CHUNK)
                if not chunk:
                    break
                *complete, partial = (partial + chunk).split(b"\n")
                partial = partial[-STDERR_LINE_CHARS * 4 :]
                for raw in complete[-STDERR_LINES:]:
                    self._keep_stderr(raw)
            if partial:
                self._keep_stderr(partial)
        except OSError:
            pass
        finally:
            stream.close()
            self._stderr_closed.set()

    def _keep_stderr(self, raw: bytes) -> None:
        text = raw.decode("utf-8", "replace").rstrip()
        if text:
            self._stderr.append(text if len(text) <= STDERR_LINE_CHARS else text[:STDERR_LINE_CHARS] + "...")

    def _write_stdin(self, stream: IO[bytes]) -> None:
        try:
            while True:
                data = self._writes.get()
                if data is None:
                    break
                stream.write(data)
                stream.flush()
        except (OSError, ValueError):
            pass  # the child stopped reading; its stdout will tell
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    # --- what the harness uses ---

    def send(self, data: bytes) -> None:
        """Queue bytes for the child's stdin (the writer thread sends them; never blocks)."""
        self._writes.put(data)

    def close_stdin(self) -> None:
        """Close the child's stdin once everything queued before has been written."""
        self._writes.put(None)

    def next_line(self, deadline: float) -> Line:
        """The next stdout line, :data:`OVERFLOW`, :data:`END`, or :data:`TIMEOUT` at the deadline."""
        try:
            return self._lines.get_nowait()
        except queue.Empty:
            pass
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return TIMEOUT
        try:
            return self._lines.get(timeout=remaining)
        except queue.Empty:
            return TIMEOUT

    def stderr_tail(self, wait: float = 0.0) -> tuple[str, ...]:
        """The last lines of stderr; ``wait`` gives a child that has exited time to be read to the end."""
        if wait > 0:
            self._stderr_closed.wait(wait)
        return tuple(self._stderr)

    def exit_status(self, wait: float = 0.0) -> int | None:
        """The child's exit status, waiting up to ``wait`` seconds; None while it runs (negative: the signal)."""
        try:
            return self.popen.wait(timeout=wait) if wait > 0 else self.popen.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Kill the child and its whole process group; never blocks for long.

        The group is killed even when the child itself has already exited: a grandchild
        it started may still be running in it.
        """
        self._stop.set()
        self.close_stdin()
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # nobody is left in the group
        except (OSError, AttributeError):
            if self.popen.poll() is None:
                self.popen.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):  # an unkillable child is left behind
            self.popen.wait(timeout=5)
        with _LIVE_LOCK:
            _LIVE.discard(self)


def kill_all_children() -> int:
    """Kill every child still running (and its process group); how many there were."""
    with _LIVE_LOCK:
        children = list(_LIVE)
    for child in children:
        child.kill()
    return len(children)


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal (SIGINT or SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextlib.contextmanager
def ending_children_on_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise :class:`Interrupted` (in the main thread);
    on the way out, however it is left, every child's process group is killed."""
    def stop(signum: int, _frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for which in (signal.SIGINT, signal.SIGTERM):
            previous[which] = signal.signal(which, stop)
    try:
        yield
    finally:
        kill_all_children()
        for which, handler in previous.items():
            signal.signal(which, handler)


def describe_exit(status: int | None) -> str:
    """How a child ended, in words: ``exited with status 3``, ``was killed by SIGKILL``, or ``closed its output``."""
    if status is None:
        return "closed its output"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"was killed by {name}"
    return f"exited with status {status}"
