"""The protocol's operations: each takes a ruleset, an input object and an engine, and returns an answer.

Ops are registered in :data:`OPS` by the modules of :mod:`cpspec.protocol.ops`; the
server, the harness and the CLI all dispatch through it. Every op checks its own
input and raises :class:`cpspec.errors.CpspecError` with a location.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cpspec.engines import Engine
from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset

Handler = Callable[[Ruleset | None, Mapping[str, Any], Engine], dict[str, Any]]
H = TypeVar("H", bound=Handler)


@dataclass(frozen=True)
class Op:
    """One operation of the protocol: its name, whether a request names a ruleset, its handler, a summary."""

    name: str
    needs_ruleset: bool
    handler: Handler
    summary: str
    #: Why an implementation may leave the op out (its ``hello`` then does not list it); None: every one serves it.
    may_leave_out: str | None = None


#: Every op, by name (filled when :mod:`cpspec.protocol.ops` is imported).
OPS: dict[str, Op] = {}


def register(name: str, summary: str, needs_ruleset: bool = True, may_leave_out: str | None = None
             ) -> Callable[[H], H]:
    """A decorator that registers a handler as the op ``name`` (``may_leave_out``: why an implementation may)."""
    def wrap(handler: H) -> H:
        OPS[name] = Op(name, needs_ruleset, handler, summary, may_leave_out)
        return handler

    return wrap


def ops_markdown() -> str:
    """The op table of docs/implementers.md, from the registry: each op, whether it names a ruleset, what it does.

    ``tests/test_implementers_doc.py`` fails when the page's table is not this one.
    """
    rows = ["| op | names a ruleset | what it answers | left out on purpose |", "|---|---|---|---|"]
    for op in all_ops().values():
        rows.append(f"| `{op.name}` | {'yes' if op.needs_ruleset else 'no'} | {op.summary} | "
                    f"{op.may_leave_out or '—'} |")
    return "\n".join(rows) + "\n"


def check_input_keys(data: Mapping[str, Any], required: set[str], optional: frozenset[str] = frozenset()) -> None:
    """A located bad_input error for a missing or an unknown field of an op's input."""
    missing = sorted(required - set(data))
    if missing:
        raise CpspecError("bad_input", f"missing field(s) {', '.join(missing)}", "input")
    extra = sorted(str(k) for k in set(data) - required - optional)
    if extra:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(extra)}", "input")


def whole_number(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    """An optional integer field within [low, high], or a located bad_input error."""
    value = data.get(key)
    if value is None:  # left out, or null: the default
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CpspecError("bad_input", f"{key} must be a whole number from {low} to {high}", f"input.{key}")
    return value


def all_ops() -> dict[str, Op]:
    """:data:`OPS`, after importing every op module."""
    import cpspec.protocol.ops  # noqa: F401  (registers the ops)

    return OPS


class Served(Protocol):
    """The rulesets an op may name besides its own: a :class:`cpspec.rulesets.loader.RulesetRegistry`, or the
    desk's bundle in the browser (:class:`cpspec.present.desk_which_rules.DeskRulesets`)."""

    def ids(self) -> list[str]:
        """Every id served."""

    def has(self, ruleset_id: str) -> bool:
        """Whether the id is served."""

    def get(self, ruleset_id: str) -> Ruleset:
        """The ruleset of an id served."""

    def all(self) -> list[Ruleset]:
        """Every ruleset served."""


#: The rulesets the request being answered is served from (set by the server's dispatch for each request).
_SERVED: ContextVar[Served | None] = ContextVar("cpspec_served_rulesets", default=None)


@contextmanager
def serving(registry: Served | None) -> Iterator[None]:
    """Answer the requests inside with ``registry``'s rulesets (None: the bundled ones)."""
    token = _SERVED.set(registry)
    try:
        yield
    finally:
        _SERVED.reset(token)


def served_rulesets() -> Served:
    """The rulesets being served: those :func:`serving` set, else the bundled ones."""
    served = _SERVED.get()
    if served is not None:
        return served
    from cpspec.rulesets.loader import bundled_registry  # here: the desk's browser bundle has no loader

    return bundled_registry()
