"""The harness's reports: a line per failure, the closing count, JUnit XML and JSON files."""

from __future__ import annotations

import json
import re
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, TextIO

from cpspec.conformance.harness import Result, Run

# Characters XML 1.0 cannot hold, even escaped (a garbage-printing implementation sends them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def failure_line(result: Result) -> str:
    """``FAIL id [ruleset] (pins: a, b): what was expected and what came back``, one line."""
    check = result.check
    pins = f" (pins: {', '.join(check.case.pins)})" if check.case.pins else ""
    # stderr explains a crash or a hang; next to a wrong value it is noise (the reports keep it)
    last = result.stderr[-1] if result.stderr and result.wire_problem else ""
    stderr = f" | stderr: {last if len(last) <= 160 else last[:157] + '...'}" if last else ""
    text = f"FAIL {check.name}{pins}: {result.detail}{stderr}"
    return " ".join(text.split())  # never more than one line, whatever came back


def failure_details(result: Result) -> list[str]:
    """The indented lines under a failure line: what was expected, and the diff against the answer."""
    if not result.expected:
        return []
    lines = [f"    expected: {result.expected}"]
    if result.differences:
        lines.append("    diff (- expected, + answer):")
        lines += [f"      {line}" for line in result.differences]
    elif result.got and not result.wire_problem:
        lines.append(f"    got: {result.got[:2000]}")
    return lines


def summary_line(run: Run) -> str:
    """``N passed, N failed`` and ``, N skipped`` when any was: always the last line of stdout."""
    line = f"{run.count('pass')} passed, {run.count('fail')} failed"
    skipped = run.count("skip")
    return f"{line}, {skipped} skipped" if skipped else line


def skip_notes(run: Run) -> list[str]:
    """One line per reason a check was skipped, with how many."""
    reasons: dict[str, int] = {}
    for result in run.results:
        if result.status == "skip":
            reason = "known failures (skip file)" if result.known_failure else result.detail
            reasons[reason] = reasons.get(reason, 0) + 1
    return [f"skipped {count}: {reason}" for reason, count in reasons.items()]


class Progress:
    """``[12/340] label`` on a terminal's stderr, redrawn at most ten times a second.

    The conformance harness labels each step with the check's name, the fuzzer with its op.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self._last = 0.0
        self._shown = False

    def update(self, done: int, total: int, label: str) -> None:
        """Show ``[done/total] label``, at most ten times a second (and always at the end), if enabled."""
        now = time.monotonic()
        if not self.enabled or (now - self._last < 0.1 and done < total):
            return
        self._last = now
        self.stream.write(f"\r\x1b[K[{done:,}/{total:,}] {label}"[:200])
        self.stream.flush()
        self._shown = True

    def clear(self) -> None:
        """Erase the progress line, if one is shown, so that a line can be printed in its place."""
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False


def _clean(text: str) -> str:
    return _NOT_XML.sub("?", text)


def junit_xml(run: Run, corpus: str) -> bytes:
    """The run as a JUnit XML report: one test case per check, with failures, skips and the run's properties."""
    suite = ET.Element("testsuite", {
        "name": "cpspec-conformance",
        "tests": str(len(run.results)),
        "failures": str(run.count("fail")),
        "errors": "0",
        "skipped": str(run.count("skip")),
        "time": f"{run.seconds:.3f}",
    })
    properties = ET.SubElement(suite, "properties")
    stopped = [("stopped", run.stopped)] if run.stopped else []
    for name, value in (("target", run.transport.target), ("mode", run.transport.mode), ("corpus", corpus),
                        *stopped):
        ET.SubElement(properties, "property", {"name": name, "value": _clean(value)})
    for result in run.results:
        check = result.check
        case = ET.SubElement(suite, "testcase", {
            "classname": f"conformance.{check.ruleset}",
            "name": check.case.id,
            "file": check.case.file,
            "time": f"{result.seconds:.4f}",
        })
        if result.status == "fail":
            failure = ET.SubElement(case, "failure", {"message": _clean(result.detail[:1000])})
            diff = "".join(f"\n  {line}" for line in result.differences)
            failure.text = _clean(f"{result.detail}\npins: {', '.join(check.case.pins) or '-'}\n"
                                  f"derivation: {check.case.derivation}\nexpected: {result.expected}\n"
                                  f"got: {result.got}" + (f"\ndiff (- expected, + answer):{diff}" if diff else ""))
        elif result.status == "skip":
            ET.SubElement(case, "skipped", {"message": _clean(result.detail[:1000])})
        if result.stderr:
            ET.SubElement(case, "system-err").text = _clean("\n".join(result.stderr))
    root = ET.Element("testsuites", {"name": "cpspec conformance"})
    root.append(suite)
    ET.indent(root)
    text: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return text + b"\n"


def json_report(run: Run, corpus: str) -> dict[str, Any]:
    """The run as one JSON object (``--json``): target, summary, notes, warnings and every check's result."""
    return {
        "target": run.transport.target,
        "mode": run.transport.mode,
        "corpus": corpus,
        "implementation": run.support.hello,
        "summary": {"passed": run.count("pass"), "failed": run.count("fail"), "skipped": run.count("skip"),
                    "not_run": run.not_run, "seconds": round(run.seconds, 3)},
        "stopped": run.stopped,
        "notes": [n for n in [run.support.note] if n] + skip_notes(run),
        "warnings": list(run.warnings),
        "results": [
            {
                "id": r.check.case.id,
                "ruleset": r.check.ruleset,
                "op": r.check.case.op,
                "file": r.check.case.file,
                "pins": list(r.check.case.pins),
                "tags": list(r.check.case.tags),
                "status": r.status,
                "known_failure": r.known_failure,
                "detail": r.detail,
                "expected": r.expected,
                "diff": list(r.differences),
                "got": r.got if r.status != "pass" else "",
                "stderr": list(r.stderr),
                "seconds": round(r.seconds, 4),
            }
            for r in run.results
        ],
    }


def write_reports(run: Run, corpus: str, junit: Path | None, json_path: Path | None) -> None:
    """Write the requested report files (OSError propagates; the caller reports it)."""
    if junit is not None:
        junit.write_bytes(junit_xml(run, corpus))
    if json_path is not None:
        text = json.dumps(json_report(run, corpus), ensure_ascii=False, indent=2)
        json_path.write_text(text + "\n", encoding="utf-8")
