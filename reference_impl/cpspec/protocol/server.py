"""The JSON Lines wire protocol, version 1: one request per line in, one answer per line out.

Request: ``{"id": ..., "op": "...", "ruleset": "...", "input": {...}}``.
Answer: ``{"id": ..., "output": {...}}`` or ``{"id": ..., "error": {"code": ..., "message": ...}}``.
A bad line gets an error answer and the server goes on to the next line.
"""

from __future__ import annotations

import json
import math
import re
import sys
import threading
from collections.abc import Callable, Mapping
from functools import cache
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from cpspec.errors import CpspecError
from cpspec.protocol.jsontext import compact

if TYPE_CHECKING:
    from cpspec.protocol.ops import Op
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

MAX_LINE_BYTES = 1_000_000
MAX_DEPTH = 32
REQUEST_KEYS = frozenset({"id", "op", "ruleset", "input"})


class _NonFinite:
    """Stands for a NaN or Infinity while parsing, so that the request's id can still be read."""

    def __init__(self, name: str) -> None:
        self.name = name


#: Set while decoding a line when a value was read that the walk of :func:`_check_value` must see.
_DECODING = threading.local()


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object without repeated names: which of two ids or inputs was meant cannot be told."""
    value = dict(pairs)
    if len(value) == len(pairs):
        return value
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise CpspecError("bad_json", f"the name {key!r} appears twice in one object")
        seen.add(key)
    raise AssertionError("unreachable: a dict shorter than its pairs repeats a name")


def _non_finite(name: str) -> _NonFinite:
    _DECODING.needs_check = True
    return _NonFinite(name)


def _float(text: str) -> float:
    """A JSON number with a fraction or exponent; one too large for a double asks for the walk."""
    value = float(text)
    if not math.isfinite(value):
        _DECODING.needs_check = True
    return value


#: Built once: json.loads with hooks builds a new decoder (and scanner) for every call.
_DECODER = json.JSONDecoder(parse_constant=_non_finite, parse_float=_float, object_pairs_hook=_unique_keys)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_value(value: Any, depth: int = 0) -> None:
    """Refuse NaN, Infinity (also a number too large for a double), lone surrogates and deep nesting."""
    if depth > MAX_DEPTH:
        raise CpspecError("too_large", f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        if not value.isascii() and not _encodable(value):  # isascii reads a flag: the common case is cheap
            raise CpspecError("bad_json", "a string holds a lone surrogate")
    elif isinstance(value, _NonFinite):
        raise CpspecError("bad_json", f"{value.name} is not valid JSON")
    elif isinstance(value, float) and not math.isfinite(value):
        raise CpspecError("bad_json", "a number is too large to be a JSON number (a double)")
    elif isinstance(value, dict):
        for key, item in value.items():
            # An ASCII string within the depth limit needs no check: skip the call (one per card).
            if type(key) is not str or depth >= MAX_DEPTH or not key.isascii():
                _check_value(key, depth + 1)
            if type(item) is not str or depth >= MAX_DEPTH or not item.isascii():
                _check_value(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            if type(item) is not str or depth >= MAX_DEPTH or not item.isascii():
                _check_value(item, depth + 1)


def _nesting_ok(text: str) -> bool:
    """A cheap scan so that json.loads never recurses too deeply."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # too few openers to nest too deep
        return True
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


_JSON_WHITESPACE = re.compile(r"[ \t\n\r]*")
#: The decoder's scanner (what JSONDecoder.decode calls after skipping white space), with the hooks above.
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]


def _parse_json(text: str) -> Any:
    """``_DECODER.decode(text)``, calling its scanner directly (the same value, the same errors)."""
    start = _JSON_WHITESPACE.match(text, 0).end()  # type: ignore[union-attr]  # matches the empty string
    try:
        value, end = _SCAN(text, start)
    except StopIteration as err:
        raise json.JSONDecodeError("Expecting value", text, err.value) from None
    end = _JSON_WHITESPACE.match(text, end).end()  # type: ignore[union-attr]
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def _decode(line: str) -> tuple[Any, bool]:
    """The line's JSON value, NaN and Infinity left as markers for :func:`_check_request`.

    Also whether the value needs :func:`_check_value`'s walk: only a line with a ``\\u``
    escape, or a lone surrogate of its own (a line read as UTF-8 never has one), can
    hold a lone surrogate, and only the hooks make markers. Depth needs no walk:
    :func:`_nesting_ok` has bounded it.
    """
    if not _nesting_ok(line):
        raise CpspecError("too_large", f"nested deeper than {MAX_DEPTH} levels")
    _DECODING.needs_check = "\\u" in line or (not line.isascii() and not _encodable(line))
    try:
        value = _parse_json(line)
    except CpspecError:
        raise
    except (ValueError, RecursionError) as exc:
        raise CpspecError("bad_json", f"not JSON: {exc}") from None
    return value, bool(_DECODING.needs_check)


def _check_request(value: Any, needs_check: bool = True) -> dict[str, Any]:
    if needs_check:
        _check_value(value)
    if not isinstance(value, dict):
        raise CpspecError("bad_request", f"a request is a JSON object, not {type(value).__name__}")
    return value


def parse_request(line: str) -> dict[str, Any]:
    return _check_request(*_decode(line))


def _request_id(request: Any) -> Any:
    """The request's id if it is one that can be echoed, else None."""
    rid = request.get("id") if isinstance(request, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, str | int | float):
        return None
    if isinstance(rid, float) and not math.isfinite(rid):
        return None
    if isinstance(rid, str) and (len(rid) > 200 or not _encodable(rid)):
        return None
    return rid


@cache
def _engine() -> tuple[dict[str, Op], Callable[[], RulesetRegistry]]:
    """The ops and the bundled rulesets, imported on first use: answering no request needs no engine."""
    from cpspec.protocol.ops import OPS
    from cpspec.rulesets.loader import bundled_registry

    return OPS, bundled_registry


def _resolve(request: Mapping[str, Any], registry: RulesetRegistry | None) -> tuple[Op, Ruleset | None, dict[str, Any]]:
    """The op a parsed request asks for, its ruleset and its input; or raise CpspecError."""
    ops, bundled_registry = _engine()

    if "id" not in request or _request_id(request) is None:
        raise CpspecError("bad_request", "id must be a string (at most 200 characters) or a number", "id")
    if not REQUEST_KEYS.issuperset(request):
        extra = sorted(str(k) for k in set(request) - REQUEST_KEYS)
        raise CpspecError("bad_request", f"unknown field(s) {', '.join(extra)}")
    op_name = request.get("op")
    if not isinstance(op_name, str):
        raise CpspecError("bad_request", "op must be a string", "op")
    op = ops.get(op_name)
    if op is None:
        raise CpspecError("unknown_op", f"unknown op {op_name!r}; known: {', '.join(sorted(ops))}", "op")
    data = request.get("input", {})
    if not isinstance(data, dict):
        raise CpspecError("bad_request", "input must be an object", "input")
    ruleset = None
    if op.needs_ruleset:
        ruleset_id = request.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise CpspecError("bad_request", "ruleset must be a ruleset id", "ruleset")
        ruleset = (registry or bundled_registry()).get(ruleset_id)
    return op, ruleset, data


def dispatch(request: Mapping[str, Any], registry: RulesetRegistry | None = None) -> dict[str, Any]:
    """Run one parsed request; return its output or raise CpspecError.

    ``registry`` defaults to the bundled rulesets; the corpus-strength check passes mutants.
    """
    op, ruleset, data = _resolve(request, registry)
    return op.handler(ruleset, data)


def _id_text(request_id: Any) -> str:
    """The id as JSON: ints and strings written directly (the encoder writes them the same), others encoded."""
    if type(request_id) is int:
        return str(request_id)
    if type(request_id) is str:
        return encode_basestring(request_id)
    return compact(request_id)


def answer_text(line: str, registry: RulesetRegistry | None = None) -> str:
    """The answer to one request line as compact JSON text (what the server writes); never raises."""
    value: Any = None  # the decoded line, kept so that an error answer can echo a readable id
    try:
        value, needs_check = _decode(line)
        request = _check_request(value, needs_check)
        op, ruleset, data = _resolve(request, registry)
        output = op.output_text(ruleset, data)
        return f'{{"id":{_id_text(_request_id(request))},"output":{output}}}'
    except CpspecError as error:
        return compact({"id": _request_id(value), "error": error.to_json()})
    except Exception as exc:  # a bug must not end the session: report it on the wire instead
        internal = {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}
        return compact({"id": _request_id(value), "error": internal})


def answer(line: str, registry: RulesetRegistry | None = None) -> dict[str, Any]:
    """The answer object for one request line (:func:`answer_text`, read back); never raises."""
    reply: dict[str, Any] = json.loads(answer_text(line, registry))
    return reply


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
            reply = compact({"id": None, "error": line.to_json()})
        elif not line.strip():
            continue
        else:
            reply = answer_text(line)
        sink.write(reply + "\n")
        sink.flush()
    return 0
