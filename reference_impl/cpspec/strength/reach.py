"""Which lines of which modules a piece of work runs: so that a mutant is tried only on the requests that reach it.

A request that never runs a mutated line gets the same answer from the mutant as from the
unmutated module: the two programs differ nowhere else, and the rule modules keep no cache
(``tests/test_architecture.py``) that an earlier request could fill. So each corpus check and
each random request is run once, unmutated, under :class:`LineRecorder`, and a mutant is tried
only on those that ran one of its lines (:attr:`CodeMutant.reach
<cpspec.strength.code_mutants.CodeMutant.reach>`). What runs outside any request (building
the rulesets) counts as reached by every request; so does a mutant that runs at import.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any, TypeVar

T = TypeVar("T")
Lines = dict[str, set[int]]  # module (path inside the package) -> line numbers run
Tracer = Callable[[FrameType, str, Any], Any]


class LineRecorder:
    """Records the lines run in a few source files (``files``: file name -> module) while :meth:`recording`."""

    def __init__(self, files: Mapping[str, str]) -> None:
        self.files = dict(files)

    @contextmanager
    def recording(self) -> Iterator[Lines]:
        """Trace the block; the lines it ran are in the dict yielded, filled when the block ends."""
        found: Lines = {}
        # One line tracer per code object, made on its first call, which adds to its module's set: the tracer runs
        # on every line of the traced modules, so it does no lookup there (a third quicker than one that does).
        tracers: dict[CodeType, Tracer | None] = {}

        def tracer_for(code: CodeType) -> Tracer | None:
            module = self.files.get(code.co_filename)
            if module is None:
                return None
            add = found.setdefault(module, set()).add

            def local(frame: FrameType, event: str, arg: Any) -> Tracer:
                add(frame.f_lineno)
                return local

            return local

        def calls(frame: FrameType, event: str, arg: Any) -> Tracer | None:
            code = frame.f_code
            if code not in tracers:
                tracers[code] = tracer_for(code)
            local = tracers[code]
            return None if local is None else local(frame, event, arg)

        previous = sys.gettrace()
        sys.settrace(calls)
        try:
            yield found
        finally:
            sys.settrace(previous)

    def run(self, work: Callable[[], T]) -> tuple[T, Lines]:
        """``work()``, and the lines it ran."""
        with self.recording() as found:
            result = work()
        return result, found


class ReachIndex:
    """For each module and line, the set of items (numbered 0, 1, ...) that ran it, as the bits of an int."""

    def __init__(self) -> None:
        self.by_line: dict[str, dict[int, int]] = {}
        self.everything = 0  # the items not traced: counted as reaching every line
        self.count = 0

    def add(self, lines: Lines | None) -> int:
        """Add the next item with the lines it ran (None: not traced); returns its number."""
        number = self.count
        self.count += 1
        bit = 1 << number
        if lines is None:
            self.everything |= bit
            return number
        for module, numbers in lines.items():
            table = self.by_line.setdefault(module, {})
            for line in numbers:
                table[line] = table.get(line, 0) | bit
        return number

    def extend(self, other: ReachIndex) -> None:
        """Append ``other``'s items after this index's own (item n of ``other`` becomes item ``self.count + n``).

        >>> first, second = ReachIndex(), ReachIndex()
        >>> first.add({"m.py": {3}}), second.add({"m.py": {3, 4}}), second.add(None)
        (0, 0, 1)
        >>> first.extend(second)
        >>> first.reaching("m.py", 4, 4, False, {}), first.reaching("m.py", 3, 3, False, {})
        ([1, 2], [0, 1, 2])
        """
        shift = self.count
        self.everything |= other.everything << shift
        for module, table in other.by_line.items():
            mine = self.by_line.setdefault(module, {})
            for line, bits in table.items():
                mine[line] = mine.get(line, 0) | bits << shift
        self.count += other.count

    @classmethod
    def interleaved(cls, parts: Sequence[ReachIndex]) -> ReachIndex:
        """One index of items dealt out to ``parts`` in turn: item n of part k becomes item ``k + len(parts) * n``.

        >>> first, second = ReachIndex(), ReachIndex()
        >>> first.add({"m.py": {3}}), first.add({"m.py": {4}}), second.add({"m.py": {3, 4}})
        (0, 1, 0)
        >>> both = ReachIndex.interleaved([first, second])
        >>> both.count, both.reaching("m.py", 3, 3, False, {}), both.reaching("m.py", 4, 4, False, {})
        (3, [0, 1], [1, 2])
        """
        step = len(parts)
        joined = cls()
        for k, part in enumerate(parts):
            joined.everything |= _spread(part.everything, step) << k
            for module, table in part.by_line.items():
                mine = joined.by_line.setdefault(module, {})
                for line, bits in table.items():
                    mine[line] = mine.get(line, 0) | _spread(bits, step) << k
            joined.count += part.count
        return joined

    def to_json(self) -> dict[str, Any]:
        """The index as JSON (bits as hexadecimal text)."""
        return {"count": self.count, "everything": f"{self.everything:x}",
                "by_line": {m: {str(line): f"{bits:x}" for line, bits in t.items()} for m, t in self.by_line.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReachIndex:
        """The index :meth:`to_json` wrote."""
        index = cls()
        index.count = data["count"]
        index.everything = int(data["everything"], 16)
        index.by_line = {m: {int(line): int(bits, 16) for line, bits in t.items()} for m, t in data["by_line"].items()}
        return index

    def reaching(self, module: str, first: int, last: int, always: bool, global_lines: Lines) -> list[int]:
        """The items that ran a line of ``module`` from ``first`` to ``last``, in order.

        Every item when ``always`` (the change runs at import) or when one of those lines ran
        outside any item (``global_lines``, such as building the rulesets).
        """
        span = range(first, last + 1)
        if always or any(line in global_lines.get(module, ()) for line in span):
            return list(range(self.count))
        table = self.by_line.get(module, {})
        bits = self.everything
        for line in span:
            bits |= table.get(line, 0)
        return [n for n in range(self.count) if bits >> n & 1]


def _spread(bits: int, step: int) -> int:
    """Bit n of ``bits`` moved to bit ``step * n`` (done on the binary digits as text: far quicker than bit by bit)."""
    if step == 1 or bits == 0:
        return bits
    return int(("0" * (step - 1)).join(format(bits, "b")[::-1])[::-1], 2)
