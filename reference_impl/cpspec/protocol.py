"""The JSON Lines wire protocol, version 1: one request per line in, one answer per line out.

Request: ``{"id": ..., "op": "...", "ruleset": "...", "input": {...}}``.
Answer: ``{"id": ..., "output": {...}}`` or ``{"id": ..., "error": {"code": ..., "message": ...}}``.
A bad line gets an error answer and the server goes on to the next line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from cpspec.errors import CpspecError

if TYPE_CHECKING:
    from cpspec.loader import RulesetRegistry

MAX_LINE_BYTES = 1_000_000
MAX_DEPTH = 32
REQUEST_KEYS = frozenset({"id", "op", "ruleset", "input"})


def _reject_constant(name: str) -> Any:
    raise CpspecError("bad_json", f"{name} is not valid JSON")


def _check_value(value: Any, depth: int = 0) -> None:
    """Refuse lone surrogates and nesting deeper than MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise CpspecError("too_large", f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise CpspecError("bad_json", "a string holds a lone surrogate") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_value(key, depth + 1)
            _check_value(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_value(item, depth + 1)


def _nesting_ok(text: str) -> bool:
    """A cheap scan so that json.loads never recurses too deeply."""
    depth = 0
    deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return False
        elif char in "]}":
            depth -= 1
    return True


def parse_request(line: str) -> dict[str, Any]:
    if not _nesting_ok(line):
        raise CpspecError("too_large", f"nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(line, parse_constant=_reject_constant)
    except CpspecError:
        raise
    except (ValueError, RecursionError) as exc:
        raise CpspecError("bad_json", f"not JSON: {exc}") from None
    _check_value(value)
    if not isinstance(value, dict):
        raise CpspecError("bad_request", f"a request is a JSON object, not {type(value).__name__}")
    return value


def _request_id(request: Mapping[str, Any]) -> Any:
    rid = request.get("id")
    if isinstance(rid, bool) or not isinstance(rid, str | int | float) or (isinstance(rid, str) and len(rid) > 200):
        return None
    return rid


def dispatch(request: Mapping[str, Any], registry: RulesetRegistry | None = None) -> dict[str, Any]:
    """Run one parsed request; return its output or raise CpspecError.

    ``registry`` defaults to the bundled rulesets; the corpus-strength check passes mutants.
    """
    from cpspec.loader import bundled_registry
    from cpspec.ops import OPS

    if "id" not in request or _request_id(request) is None:
        raise CpspecError("bad_request", "id must be a string (at most 200 characters) or a number", "id")
    extra = sorted(str(k) for k in set(request) - REQUEST_KEYS)
    if extra:
        raise CpspecError("bad_request", f"unknown field(s) {', '.join(extra)}")
    op_name = request.get("op")
    if not isinstance(op_name, str):
        raise CpspecError("bad_request", "op must be a string", "op")
    op = OPS.get(op_name)
    if op is None:
        raise CpspecError("unknown_op", f"unknown op {op_name!r}; known: {', '.join(sorted(OPS))}", "op")
    data = request.get("input", {})
    if not isinstance(data, dict):
        raise CpspecError("bad_request", "input must be an object", "input")
    ruleset = None
    if op.needs_ruleset:
        ruleset_id = request.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise CpspecError("bad_request", "ruleset must be a ruleset id", "ruleset")
        ruleset = (registry or bundled_registry()).get(ruleset_id)
    return op.handler(ruleset, data)


def answer(line: str, registry: RulesetRegistry | None = None) -> dict[str, Any]:
    """The answer object for one request line; never raises."""
    request: dict[str, Any] | None = None
    try:
        request = parse_request(line)
        return {"id": _request_id(request), "output": dispatch(request, registry)}
    except CpspecError as error:
        rid = _request_id(request) if request is not None else None
        return {"id": rid, "error": error.to_json()}
    except Exception as exc:  # a bug must not end the session: report it on the wire instead
        rid = _request_id(request) if request is not None else None
        return {"id": rid, "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}}


def _read_lines(stream: BinaryIO) -> Any:
    """Yield decoded lines, or a CpspecError for a line that is too long or not UTF-8."""
    while True:
        chunk = stream.readline(MAX_LINE_BYTES + 1)
        if not chunk:
            return
        if len(chunk) > MAX_LINE_BYTES and not chunk.endswith(b"\n"):
            while chunk and not chunk.endswith(b"\n"):  # skip the rest of the oversized line
                chunk = stream.readline(MAX_LINE_BYTES)
            yield CpspecError("too_large", f"the line is longer than {MAX_LINE_BYTES} bytes")
            continue
        try:
            yield chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield CpspecError("bad_json", f"the line is not UTF-8 (byte {exc.start})")


def serve(stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> int:
    """Serve requests until end of input."""
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout
    for line in _read_lines(source):
        if isinstance(line, CpspecError):
            reply: dict[str, Any] = {"id": None, "error": line.to_json()}
        elif not line.strip():
            continue
        else:
            reply = answer(line)
        sink.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        sink.flush()
    return 0
