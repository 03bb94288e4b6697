"""The JSON Lines wire protocol, version 1: one request per line in, one answer per line out.

Request: ``{"id": ..., "op": "...", "ruleset": "...", "input": {...}}``.
Answer: ``{"id": ..., "output": {...}}`` or ``{"id": ..., "error": {"code": ..., "message": ...}}``.
A bad line gets an error answer and the server goes on to the next line.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from cpspec.errors import CpspecError

if TYPE_CHECKING:
    from cpspec.engines import Engine
    from cpspec.protocol.registry import Op
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

MAX_LINE_BYTES = 1_000_000
MAX_DEPTH = 32
REQUEST_KEYS = frozenset({"id", "op", "ruleset", "input"})
MAX_ID_LENGTH = 200


def encode(value: Any) -> str:
    """``value`` as the protocol writes JSON: no spaces, non-ASCII characters kept as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class _NonFinite:
    """Stands for a NaN or Infinity while parsing, so that the request's id can still be read."""

    def __init__(self, name: str) -> None:
        self.name = name


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object without repeated names: which of two ids or inputs was meant cannot be told."""
    value: dict[str, Any] = {}
    for key, item in pairs:
        if key in value:
            raise CpspecError("bad_json", f"the name {key!r} appears twice in one object")
        value[key] = item
    return value


_DECODER = json.JSONDecoder(parse_constant=_NonFinite, object_pairs_hook=_unique_keys)


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
        if not _encodable(value):
            raise CpspecError("bad_json", "a string holds a lone surrogate")
    elif isinstance(value, _NonFinite):
        raise CpspecError("bad_json", f"{value.name} is not valid JSON")
    elif isinstance(value, float) and not math.isfinite(value):
        raise CpspecError("bad_json", "a number is too large to be a JSON number (a double)")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_value(key, depth + 1)
            _check_value(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            # An ASCII string needs no check (it holds no surrogate, and its depth is its list's):
            # the common case, a card, is passed over without a call.
            if type(item) is not str or not item.isascii():
                _check_value(item, depth + 1)


def _nesting_ok(text: str) -> bool:
    """A scan, outside strings, that the line does not nest deeper than MAX_DEPTH (so decoding never recurses deep)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # too few openers to nest too deep
        return True
    depth = 0
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
            if depth > MAX_DEPTH:
                return False
        elif char in "]}":
            depth -= 1
    return True


def _decode(line: str) -> Any:
    """The line's JSON value, NaN and Infinity left as markers for :func:`_check_value`."""
    if not _nesting_ok(line):
        raise CpspecError("too_large", f"nested deeper than {MAX_DEPTH} levels")
    try:
        return _DECODER.decode(line)
    except CpspecError:
        raise
    except (ValueError, RecursionError) as exc:
        raise CpspecError("bad_json", f"not JSON: {exc}") from None


def _check_request(value: Any) -> dict[str, Any]:
    _check_value(value)
    if not isinstance(value, dict):
        raise CpspecError("bad_request", f"a request is a JSON object, not {type(value).__name__}")
    return value


def parse_request(line: str) -> dict[str, Any]:
    """The request on one line, checked to be a JSON object with no NaN, lone surrogate or deep nesting."""
    return _check_request(_decode(line))


def _request_id(request: Any) -> Any:
    """The request's id if it is one that can be echoed, else None."""
    rid = request.get("id") if isinstance(request, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, str | int | float):
        return None
    if isinstance(rid, float) and not math.isfinite(rid):
        return None
    if isinstance(rid, str) and (len(rid) > MAX_ID_LENGTH or not _encodable(rid)):
        return None
    return rid


def _resolve(request: Mapping[str, Any], registry: RulesetRegistry | None) -> tuple[Op, Ruleset | None, dict[str, Any]]:
    """The op a parsed request asks for, its ruleset and its input; or raise CpspecError."""
    from cpspec.protocol.registry import all_ops
    from cpspec.rulesets.loader import RULESET_ID, bundled_registry

    ops = all_ops()
    if "id" not in request or _request_id(request) is None:
        raise CpspecError("bad_request", f"id must be a string (at most {MAX_ID_LENGTH} characters) or a number", "id")
    if not REQUEST_KEYS.issuperset(request):
        extra = sorted(str(k) for k in set(request) - REQUEST_KEYS)
        raise CpspecError("bad_request", f"unknown field(s) {', '.join(extra)}")
    op_name = request.get("op")
    if not isinstance(op_name, str):
        raise CpspecError("bad_request", "op must be a string", "op")
    op = ops.get(op_name)
    if op is None:
        raise CpspecError("unknown_op", f"unknown op {op_name!r}; known: {', '.join(sorted(ops))}", "op")
    data = request.get("input")
    data = {} if data is None else data  # null is the same as left out: no input
    if not isinstance(data, dict):
        raise CpspecError("bad_request", "input must be an object", "input")
    ruleset = None
    if op.needs_ruleset:
        ruleset_id = request.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise CpspecError("bad_request", "ruleset must be a ruleset id", "ruleset")
        rulesets = registry or bundled_registry()
        if not rulesets.has(ruleset_id) and not RULESET_ID.match(ruleset_id):
            raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id[:80]!r}: a request names a ruleset by its id "
                              "and never opens a file (serve a house file with cpspec protocol --rulesets DIR)",
                              "ruleset")
        ruleset = rulesets.get(ruleset_id)
    return op, ruleset, data


def _engine_or_default(engine: Engine | None) -> Engine:
    if engine is not None:
        return engine
    from cpspec.engines import DEFAULT

    return DEFAULT


def dispatch(request: Mapping[str, Any], registry: RulesetRegistry | None = None,
             engine: Engine | None = None) -> dict[str, Any]:
    """Run one parsed request; return its output or raise CpspecError.

    ``registry`` defaults to the bundled rulesets (``cpspec protocol --rulesets`` adds house files, the
    corpus-strength check passes mutants);
    ``engine`` to :data:`cpspec.engines.DEFAULT`.
    """
    from cpspec.protocol.registry import serving

    op, ruleset, data = _resolve(request, registry)
    with serving(registry):
        return op.handler(ruleset, data, _engine_or_default(engine))


def answer_text(line: str, registry: RulesetRegistry | None = None, engine: Engine | None = None) -> str:
    """The answer to one request line as JSON text (what the server writes); never raises."""
    value: Any = None  # the decoded line, kept so that an error answer can echo a readable id
    try:
        value = _decode(line)
        request = _check_request(value)
        output = dispatch(request, registry, engine)
        return encode({"id": _request_id(request), "output": output})
    except CpspecError as error:
        return encode({"id": _request_id(value), "error": error.to_json()})
    except Exception as exc:  # a bug must not end the session: report it on the wire instead
        internal = {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}
        return encode({"id": _request_id(value), "error": internal})


def answer(line: str, registry: RulesetRegistry | None = None, engine: Engine | None = None) -> dict[str, Any]:
    """The answer object for one request line (:func:`answer_text`, read back); never raises."""
    reply: dict[str, Any] = json.loads(answer_text(line, registry, engine))
    return reply


def _read_lines(stream: BinaryIO) -> Iterator[str | CpspecError]:
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


def serve(stdin: BinaryIO | None = None, stdout: TextIO | None = None,
          registry: RulesetRegistry | None = None, engine: Engine | None = None) -> int:
    """Serve requests until end of input, flushing each answer (a lock-step client waits for it)."""
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout
    for line in _read_lines(source):
        if isinstance(line, CpspecError):
            reply = encode({"id": None, "error": line.to_json()})
        elif not line.strip():
            continue
        else:
            reply = answer_text(line, registry, engine)
        sink.write(reply + "\n")
        sink.flush()
    return 0
