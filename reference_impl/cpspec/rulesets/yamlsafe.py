"""The one place where cpspec reads YAML: strict, bounded, located, JSON-compatible.

Rulesets and conformance cases are written by people who make mistakes (and
sometimes by attackers), so this loader is much stricter than ``yaml.safe_load``.
It walks PyYAML's *event* stream (libyaml's C parser when available, else the
pure-Python one; both give the same events) and builds plain Python data itself,
iteratively, so that nothing is constructed that JSON could not hold and nothing
can recurse. Every failure is a :class:`~cpspec.errors.CpspecError` with code
``bad_file`` and, when known, a ``file.yaml:LINE`` location.

Decisions:

* Only plain data: mappings, sequences, strings, integers, finite floats,
  booleans and null. Any other tag is refused: ``!!python/...``, ``!!binary``,
  ``!!set``, ``!!omap``, ``!!pairs``, local ``!foo`` tags. The explicit standard
  tags ``!!str``, ``!!int``, ``!!float``, ``!!bool``, ``!!null``, ``!!map`` and
  ``!!seq`` are allowed (the value must fit the tag); the non-specific ``!``
  makes a scalar a string.
* Timestamps (``2024-05-01``, ``2001-12-14 21:59:43``) are kept as the string
  written, as in YAML 1.2, which has no timestamp type.
* ``.nan``, ``.inf`` and floats that overflow to infinity are refused (not JSON).
* YAML 1.1 numbers that read differently in YAML 1.2 and JSON are refused with a
  hint to quote them: sexagesimal (``1:30`` is 90) and leading-zero octal (``010``
  is 8). Other 1.1 forms (``0x1F``, ``0b101``, ``1_000``) are read as PyYAML
  reads them.
* Mapping keys must be strings. Unquoted ``yes``/``no``/``on``/``off``/``true``
  keys are booleans in YAML 1.1 and are refused with a hint to quote them;
  number, null and complex (collection) keys are refused too. Duplicate keys
  are refused, naming both lines. The value ``=`` is the string ``"="``.
* Anchors, aliases and ``<<`` merge keys are refused: rulesets never need them,
  and refusing them removes the "billion laughs" expansion attack entirely.
* Limits: ``max_bytes`` (UTF-8 size), ``max_depth`` (nested collections) and
  ``max_nodes`` (scalars plus collections). Exactly one document is allowed; an
  empty or comment-only text is refused. Control characters and lone
  surrogates are refused.
"""

from __future__ import annotations

import math
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, BinaryIO, Final, Protocol

import yaml
from yaml.constructor import SafeConstructor
from yaml.error import MarkedYAMLError
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from cpspec.errors import CpspecError

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "DEFAULT_MAX_NODES",
    "LoadedYaml",
    "load_yaml_file",
    "load_yaml_stream",
    "load_yaml_text",
    "require_mapping",
]

DEFAULT_MAX_BYTES: Final = 2_000_000
DEFAULT_MAX_DEPTH: Final = 64
DEFAULT_MAX_NODES: Final = 200_000

JsonPath = tuple[str | int, ...]

_TAG_PREFIX: Final = "tag:yaml.org,2002:"
_STR: Final = _TAG_PREFIX + "str"
_INT: Final = _TAG_PREFIX + "int"
_FLOAT: Final = _TAG_PREFIX + "float"
_BOOL: Final = _TAG_PREFIX + "bool"
_NULL: Final = _TAG_PREFIX + "null"
_TIMESTAMP: Final = _TAG_PREFIX + "timestamp"
_MERGE: Final = _TAG_PREFIX + "merge"
_VALUE: Final = _TAG_PREFIX + "value"
_MAP: Final = _TAG_PREFIX + "map"
_SEQ: Final = _TAG_PREFIX + "seq"

# The characters YAML allows in a stream (the same set PyYAML's reader checks).
_NON_PRINTABLE: Final = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_SEXAGESIMAL: Final = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$")
_LEADING_ZERO_OCTAL: Final = re.compile(r"[-+]?0[0-7_]+$")


class _Mark(Protocol):
    """A position in the text (PyYAML's and libyaml's marks both fit)."""

    @property
    def line(self) -> int: ...


_Fail = Callable[[str, "_Mark | None"], CpspecError]


class _EventSource(Protocol):
    """What we need from a PyYAML loader: its parser's event stream."""

    def check_event(self, *choices: type[Event]) -> bool: ...
    def get_event(self) -> Event | None: ...
    def dispose(self) -> None: ...


#: The loader whose parser produces events: libyaml's if PyYAML was built with it.
_LOADER: Callable[[str], _EventSource] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Stateless helpers for number conversion (construct_yaml_int/float use no state).
_CONSTRUCTOR: Final = SafeConstructor()


@dataclass(frozen=True)
class LoadedYaml:
    """Plain, JSON-compatible data read from YAML, with the line of every value."""

    data: Any
    source: str
    lines: Mapping[JsonPath, int] = field(default_factory=lambda: MappingProxyType({}))

    def where(self, path: Sequence[str | int]) -> str:
        """``source:LINE`` for the deepest prefix of ``path`` with a known line."""
        key = tuple(path)
        for end in range(len(key), -1, -1):
            line = self.lines.get(key[:end])
            if line is not None:
                return f"{self.source}:{line}"
        return self.source


def require_mapping(loaded: LoadedYaml) -> dict[str, Any]:
    """Return the root mapping, or raise a located ``bad_file`` error."""
    if not isinstance(loaded.data, dict):
        raise CpspecError(
            "bad_file",
            f"the top level must be a mapping of keys to values, not {_kind(loaded.data)}",
            loaded.where(()),
        )
    return loaded.data


def load_yaml_text(
    text: str,
    source: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> LoadedYaml:
    """Read one YAML document from ``text``; ``source`` names it in messages."""
    try:
        return _load_text(text, source, max_bytes, max_depth, max_nodes)
    except CpspecError:
        raise
    except MarkedYAMLError as exc:
        raise _syntax_error(exc, source, text) from None
    except yaml.YAMLError as exc:
        raise CpspecError("bad_file", f"not valid YAML: {exc}", source) from None
    except RecursionError:
        raise CpspecError("bad_file", "the YAML is nested too deeply", source) from None
    except Exception as exc:  # never let anything else escape
        raise CpspecError(
            "bad_file", f"cannot read YAML: {type(exc).__name__}: {exc}", source
        ) from None


def load_yaml_file(
    path: str | Path,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> LoadedYaml:
    """Read one YAML document from a UTF-8 file no larger than ``max_bytes``."""
    source = str(path)
    try:
        raw = _read_bounded(Path(path), source, max_bytes)
    except CpspecError:
        raise
    except Exception as exc:  # pragma: no cover - belt and braces
        raise CpspecError("bad_file", f"cannot read file: {exc}", source) from None
    return _load_bytes(raw, source, max_bytes, max_depth, max_nodes)


def load_yaml_stream(
    stream: BinaryIO,
    source: str = "-",
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> LoadedYaml:
    """Read one YAML document from a binary stream (standard input for ``-``), at most ``max_bytes``."""
    try:
        raw = stream.read(max_bytes + 1)
    except OSError as exc:
        raise CpspecError("bad_file", f"cannot read: {exc.strerror or exc}", source) from None
    if len(raw) > max_bytes:
        raise CpspecError("bad_file", _too_large(None, max_bytes), source)
    return _load_bytes(raw, source, max_bytes, max_depth, max_nodes)


def _load_bytes(raw: bytes, source: str, max_bytes: int, max_depth: int, max_nodes: int) -> LoadedYaml:
    if not raw:
        raise CpspecError("bad_file", "the file is empty", source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CpspecError(
            "bad_file",
            f"the file is not UTF-8: invalid byte 0x{raw[exc.start]:02x} at byte offset "
            f"{exc.start} (line {line})",
            f"{source}:{line}",
        ) from None
    text = text.removeprefix("\ufeff")
    return load_yaml_text(
        text, source, max_bytes=max_bytes, max_depth=max_depth, max_nodes=max_nodes
    )


# --- file reading ----------------------------------------------------------------


def _read_bounded(path: Path, source: str, max_bytes: int) -> bytes:
    """Read at most ``max_bytes`` bytes, checking the size before reading."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise CpspecError("bad_file", "no such file", source) from None
    except OSError as exc:
        raise CpspecError("bad_file", f"cannot read file: {exc.strerror or exc}", source) from None
    if stat.S_ISDIR(info.st_mode):
        raise CpspecError("bad_file", "this is a directory, not a file", source)
    if not stat.S_ISREG(info.st_mode):
        raise CpspecError("bad_file", "this is not a regular file", source)
    if info.st_size > max_bytes:
        raise CpspecError("bad_file", _too_large(info.st_size, max_bytes), source)
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)  # the file may have grown since stat()
    except OSError as exc:
        raise CpspecError("bad_file", f"cannot read file: {exc.strerror or exc}", source) from None
    if len(raw) > max_bytes:
        raise CpspecError("bad_file", _too_large(None, max_bytes), source)
    return raw


def _too_large(size: int | None, max_bytes: int) -> str:
    shown = f"{size} bytes" if size is not None else f"over {max_bytes} bytes"
    return f"the file is too large ({shown}; the limit is {max_bytes} bytes)"


# --- building data from events ---------------------------------------------------


class _Frame:
    """A collection being built: a list, or a dict with its pending key."""

    __slots__ = ("container", "key", "key_lines", "path")

    def __init__(self, container: dict[str, Any] | list[Any], path: JsonPath) -> None:
        self.container = container
        self.path = path
        self.key: str | None = None  # a mapping's key waiting for its value
        self.key_lines: dict[str, int] = {}


def _load_text(
    text: str, source: str, max_bytes: int, max_depth: int, max_nodes: int
) -> LoadedYaml:
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise CpspecError(
            "bad_file",
            f"the YAML is too large (over {max_bytes} bytes of UTF-8)",
            source,
        )
    bad = _NON_PRINTABLE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        what = "lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "control character"
        raise CpspecError(
            "bad_file",
            f"{what} U+{ord(bad.group()):04X} is not allowed in YAML",
            f"{source}:{line}",
        )
    if not text.strip():
        raise CpspecError("bad_file", "the YAML is empty (only whitespace)", source)

    lines: dict[JsonPath, int] = {}
    stack: list[_Frame] = []
    root: Any = None
    documents = 0
    nodes = 0

    def fail(message: str, mark: _Mark | None) -> CpspecError:
        return CpspecError("bad_file", message, _where(source, mark))

    def place(value: Any, event: NodeEvent, is_collection: bool) -> JsonPath | None:
        """Put a finished scalar, or a new collection, where it belongs.

        Returns the value's JSON path, or None if it was a mapping key.
        """
        nonlocal root
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if not stack:
            root = value
            lines[()] = line
            return ()
        top = stack[-1]
        if isinstance(top.container, list):
            path: JsonPath = (*top.path, len(top.container))
            top.container.append(value)
            lines[path] = line
            return path
        if top.key is None:  # this node is a key
            if is_collection:
                raise fail(
                    "mapping keys must be plain strings, not lists or mappings", event.start_mark
                )
            assert isinstance(event, ScalarEvent)
            key = _check_key(value, event, fail)
            first = top.key_lines.get(key)
            if first is not None:
                raise fail(f"duplicate key {_show(key)} (first at line {first})", event.start_mark)
            top.key_lines[key] = line
            top.key = key
            return None
        key = top.key
        top.key = None
        top.container[key] = value
        path = (*top.path, key)
        lines[path] = line
        return path

    loader = _LOADER(text)
    try:
        while True:
            event = loader.get_event()
            if event is None or isinstance(event, StreamEndEvent):
                break
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise fail(
                        "only one YAML document is allowed (found a second '---')",
                        event.start_mark,
                    )
                continue
            if isinstance(event, AliasEvent):
                raise fail(
                    f"anchors and aliases are not allowed (found alias '*{event.anchor}')",
                    event.start_mark,
                )
            if isinstance(event, NodeEvent):
                if event.anchor is not None:
                    raise fail(
                        f"anchors and aliases are not allowed (found anchor '&{event.anchor}')",
                        event.start_mark,
                    )
                nodes += 1
                if nodes > max_nodes:
                    raise fail(
                        f"the YAML has too many values (the limit is {max_nodes})",
                        event.start_mark,
                    )
            if isinstance(event, ScalarEvent):
                place(_scalar(event, fail), event, False)
            elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
                is_map = isinstance(event, MappingStartEvent)
                tag = event.tag
                if tag not in (None, "!", _MAP if is_map else _SEQ):
                    raise fail(_tag_refused(tag), event.start_mark)
                if len(stack) >= max_depth:
                    raise fail(
                        f"the YAML is nested too deeply (the limit is {max_depth} levels)",
                        event.start_mark,
                    )
                container: dict[str, Any] | list[Any] = {} if is_map else []
                path = place(container, event, True)
                assert path is not None
                stack.append(_Frame(container, path))
            elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
                stack.pop()
    finally:
        loader.dispose()
    if documents == 0:
        raise CpspecError("bad_file", "the YAML has no document (only comments)", source)
    return LoadedYaml(root, source, MappingProxyType(lines))


def _check_key(value: Any, event: ScalarEvent, fail: _Fail) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise fail(
            f"the key {_show(event.value)} is read as a boolean; quote it (\"{event.value}\") "
            "to use it as a string",
            event.start_mark,
        )
    if value is None:
        raise fail("a mapping key is empty or null; keys must be strings", event.start_mark)
    raise fail(
        f"the key {_show(event.value)} is a number; mapping keys must be strings: quote it "
        f"(\"{event.value}\")",
        event.start_mark,
    )


def _resolve_plain(value: str) -> str:
    """The tag PyYAML's safe resolver gives a plain scalar."""
    resolvers = Resolver.yaml_implicit_resolvers
    candidates = resolvers.get(value[:1], []) + resolvers.get(None, [])
    for tag, regexp in candidates:
        if regexp.match(value):
            return str(tag)
    return _STR


def _scalar(event: ScalarEvent, fail: _Fail) -> Any:
    """Turn a scalar event into str, int, float, bool or None."""
    text = event.value
    mark = event.start_mark
    tag = event.tag
    if tag == "!":
        return text
    if tag is None:
        if not event.implicit[0]:  # quoted or block scalar
            return text
        tag = _resolve_plain(text)
    else:
        if tag == _STR:
            return text
        if tag not in (_INT, _FLOAT, _BOOL, _NULL):
            raise fail(_tag_refused(tag), mark)
        actual = _resolve_plain(text)
        if not (actual == tag or (tag == _FLOAT and actual == _INT)):
            short = tag[len(_TAG_PREFIX) :]
            raise fail(f"{_show(text)} is not a valid value for the tag '!!{short}'", mark)
    if tag in (_STR, _TIMESTAMP, _VALUE):
        return text
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return SafeConstructor.bool_values[text.lower()]
    if tag == _MERGE:
        raise fail("merge keys ('<<') are not allowed; write the values out", mark)
    if tag in (_INT, _FLOAT):
        if _SEXAGESIMAL.match(text):
            raise fail(
                f"{text!r} is a base-60 number in YAML 1.1; quote it if it is text",
                mark,
            )
        if tag == _INT and _LEADING_ZERO_OCTAL.match(text) and text.lstrip("+-") != "0":
            raise fail(
                f"{text!r} is an octal number in YAML 1.1; quote it, or drop the leading zero",
                mark,
            )
        node = ScalarNode(tag, text)
        try:
            number: int | float = (
                _CONSTRUCTOR.construct_yaml_int(node)
                if tag == _INT
                else _CONSTRUCTOR.construct_yaml_float(node)
            )
        except ValueError as exc:
            # The regexps already matched, so only Python's digit limit is left.
            reason = str(exc).split(";")[0]
            raise fail(f"cannot read the number {_show(text)}: {reason}", mark) from None
        if isinstance(number, float) and not math.isfinite(number):
            raise fail(
                f"{text!r} is not a finite number (JSON has no NaN or infinity)", mark
            )
        return number
    raise fail(_tag_refused(tag), mark)  # pragma: no cover - every resolved tag is handled


def _tag_refused(tag: str | None) -> str:
    shown = f"!!{tag[len(_TAG_PREFIX):]}" if tag and tag.startswith(_TAG_PREFIX) else str(tag)
    return (
        f"the tag {_show(shown, 80)} is not allowed: only plain data (strings, numbers, "
        "booleans, null, lists and mappings)"
    )


def _syntax_error(exc: MarkedYAMLError, source: str, text: str = "") -> CpspecError:
    mark = exc.problem_mark or exc.context_mark
    parts = [p for p in (exc.context, exc.problem) if p]
    if any("nesting depth" in p for p in parts):
        # newer libyaml builds stop at their own nesting limit before ours: same refusal, same words
        return CpspecError("bad_file", "the YAML is nested too deeply", _where(source, mark))
    line = text.split("\n")[mark.line] if mark is not None and mark.line < text.count("\n") + 1 else ""
    column = getattr(mark, "column", 0) if mark is not None else 0
    tab = line.find("\t")
    if tab >= 0 and (column >= tab or any("tab" in p for p in parts)):
        return CpspecError("bad_file", f"a tab at column {tab + 1}: YAML indents with spaces only; replace the tab "
                           "with spaces", _where(source, mark))
    message = "YAML syntax error: " + ("; ".join(parts) if parts else "malformed YAML")
    if mark is not None:
        message += f" (column {column + 1})"
    if any("mapping values are not allowed" in p for p in parts):
        message += (": a colon followed by a space inside an unquoted value starts a mapping; put the value in "
                    "quotes, e.g. title: \"Rule: one\"")
    return CpspecError("bad_file", message, _where(source, mark))


def _show(text: str, limit: int = 40) -> str:
    """``repr`` of a piece of the input, cut short if long."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _where(source: str, mark: _Mark | None) -> str:
    return f"{source}:{mark.line + 1}" if mark is not None else source


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "null (the document is empty)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return "a string"
