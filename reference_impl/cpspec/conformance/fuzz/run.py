"""A fuzz run: the requests sent to both sides (pipelined), the disagreements grouped, shrunk and reported.

The *expected* side is the reference engine in-process, or a second implementation
(``--against``); the *tested* side is the implementation. Each request goes to both; a request
whose answers disagree (:mod:`~cpspec.conformance.fuzz.compare`), or that the tested side
did not answer properly, joins the group of its :func:`~cpspec.conformance.fuzz.compare.signature`.
Each group is reported once, in order of first appearance, with its count, its rulesets, the
smallest request found that still shows it (:mod:`~cpspec.conformance.fuzz.shrink`), the rule
ids the reference cites there, and a diff of the two answers to that request.

The report holds no timing, so the same seed gives the same report, byte for byte; the rate
is told separately (:attr:`FuzzRun.seconds`).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from cpspec.conformance import DEFAULT_MAX_TIMEOUTS
from cpspec.conformance.cases import Difference, compact, diff_lines
from cpspec.conformance.fuzz.compare import FREE_TEXT, disagreements, rules_involved, signature
from cpspec.conformance.fuzz.generate import OP_WEIGHTS, generate_requests
from cpspec.conformance.fuzz.shrink import DEFAULT_BUDGET, Shrunk, shrink
from cpspec.conformance.harness import support_of
from cpspec.conformance.transport import (
    CANNOT_START,
    DEFAULT_WINDOW,
    EXITED,
    TIMED_OUT,
    HangWatch,
    InProcessTransport,
    Reply,
    Transport,
    never_answered,
)
from cpspec.errors import CpspecError

if TYPE_CHECKING:
    from cpspec.rulesets.loader import RulesetRegistry

#: The most groups of disagreements reported in full (the others are counted).
MAX_GROUPS: Final = 50


@dataclass
class Group:
    """One kind of disagreement: every request that showed it, the first kept to shrink."""

    signature: frozenset[str]
    op: str
    first: int  # the id of the first request that showed it
    request: dict[str, Any]
    count: int = 0
    rulesets: Counter[str] = field(default_factory=Counter)
    shrunk: Shrunk | None = None
    expected: dict[str, Any] | None = None
    answer: Reply | None = None
    rules: list[str] = field(default_factory=list)


@dataclass
class FuzzRun:
    """One fuzz run: the seed, both sides, the requests sent (by op), the disagreements grouped, and why it stopped."""

    seed: int
    target: str
    expected_from: str
    sent: int = 0
    ops: Counter[str] = field(default_factory=Counter)
    groups: dict[frozenset[str], Group] = field(default_factory=dict)
    stopped: str | None = None
    notes: list[str] = field(default_factory=list)
    #: the seconds the requests took, both sides, without shrinking (not in the report)
    seconds: float = 0.0

    @property
    def disagreed(self) -> int:
        """How many requests disagreed, over every group."""
        return sum(g.count for g in self.groups.values())


def _problem_signature(side: str, reply: Reply) -> frozenset[str]:
    return frozenset({f"({side} gave no answer: {reply.kind or 'problem'})"})


def _compare(request: dict[str, Any], expected: Reply, got: Reply) -> tuple[frozenset[str], list[Difference]]:
    """The signature of the disagreement (empty when there is none) and its differences."""
    if expected.answer is None:
        return _problem_signature("the expected side", expected), []
    if got.answer is None:
        return _problem_signature("the implementation", got), []
    if expected.text is not None and expected.text == got.text:
        return frozenset(), []
    found = disagreements(request, expected.answer, got.answer)
    return signature(request, found), found


Served = tuple[frozenset[str] | None, frozenset[str] | None, str | None]


def _start(transport: Transport, option: str) -> Served:
    """Start a side and shake hands; a side that cannot run at all is a located error."""
    try:
        transport.start()
    except OSError as exc:
        raise CpspecError("bad_input", f"cannot start the implementation: {exc}", option) from None
    hello = transport.exchange({"id": 0, "op": "hello", "input": {}})
    if hello.kind in (EXITED, CANNOT_START):
        again = transport.exchange({"id": 0, "op": "hello", "input": {}})
        why = never_answered([hello, again])
        if why is not None:
            raise CpspecError("bad_input", why, option)
        hello = again
    support = support_of(hello)
    return support.ops, support.rulesets, support.note


def fuzz(tested: Transport, expected: Transport | None, seed: int, count: int,
         rulesets: Sequence[str] | None = None, ops: Sequence[str] | None = None, *,
         max_timeouts: int = DEFAULT_MAX_TIMEOUTS, budget: int = DEFAULT_BUDGET, window: int = DEFAULT_WINDOW,
         progress: Callable[[int, int, str], None] | None = None, registry: RulesetRegistry | None = None) -> FuzzRun:
    """Send ``count`` requests made from ``seed`` to both sides and collect the disagreements.

    ``expected`` None means the reference engine in-process (fast path); the rule ids are always
    read from the in-process reference's answers. Ops and rulesets a side's hello does not list
    are not drawn. ``registry``: the rulesets drawn from (default: the bundled ones). Transports are
    started here and closed before returning.
    """
    from cpspec.rulesets.loader import bundled_registry

    rulesets_in_use = registry or bundled_registry()
    reference = expected if isinstance(expected, InProcessTransport) else InProcessTransport(registry=registry)
    expect = expected or reference
    run = FuzzRun(seed, tested.target, expect.target)
    sides = [(tested, "--impl")] + ([(expect, "--against")] if expect is not reference else [])
    chosen_ops = set(ops or OP_WEIGHTS)
    chosen_rulesets = set(rulesets or rulesets_in_use.ids())
    try:
        for transport, option in sides:
            served_ops, served_rulesets, note = _start(transport, option)
            if note:
                run.notes.append(f"{option}: {note}")
            chosen_ops &= served_ops if served_ops is not None else chosen_ops
            chosen_rulesets &= served_rulesets if served_rulesets is not None else chosen_rulesets
        if not chosen_ops or not chosen_rulesets:
            raise CpspecError("bad_input", "the implementations serve no op or no ruleset in common with the "
                                           "choice", "--impl")
        op_list = [op for op in OP_WEIGHTS if op in chosen_ops]
        ruleset_list = [r for r in rulesets_in_use.ids() if r in chosen_rulesets]
        _stream(run, tested, expect, generate_requests(seed, count, ruleset_list, op_list, registry=registry), count,
                max_timeouts, window, progress)
        for group in list(run.groups.values())[:MAX_GROUPS]:
            _explain(group, tested, expect, reference, budget)
    finally:
        for transport, _ in sides:
            transport.close()
    return run


def _stream(run: FuzzRun, tested: Transport, expect: Transport, requests: Iterator[dict[str, Any]], count: int,
            max_timeouts: int, window: int, progress: Callable[[int, int, str], None] | None) -> None:
    began = time.perf_counter()
    mine, theirs, kept = itertools.tee(requests, 3)
    watches = [HangWatch(max_timeouts, float(getattr(side, "timeout", 0.0))) for side in (expect, tested)]
    pairs = zip(kept, expect.exchange_many(theirs, window), tested.exchange_many(mine, window), strict=True)
    for request, want, got in pairs:
        run.sent += 1
        run.ops[request["op"] if request["op"] in OP_WEIGHTS else "(not an op)"] += 1
        key, _ = _compare(request, want, got)
        if key:
            group = run.groups.get(key)
            if group is None:
                group = run.groups[key] = Group(key, str(request["op"]), request["id"], request)
            group.count += 1
            group.rulesets[str(request.get("ruleset", "-"))] += 1
        if progress is not None:
            progress(run.sent, count, str(request["op"]))
        hung = [watch for watch, reply in zip(watches, (want, got), strict=True) if watch.hung(reply)]
        if hung:
            run.stopped = hung[-1].verdict(count - run.sent, "requests")
            break
    run.seconds = time.perf_counter() - began


def _explain(group: Group, tested: Transport, expect: Transport, reference: Transport, budget: int) -> None:
    """Shrink the group's first request and keep what the report shows of it."""
    numbers = itertools.count(10**9)  # ids no generated request has

    def ask(request: dict[str, Any]) -> tuple[Reply, Reply]:
        numbered = {**request, "id": next(numbers)}
        return expect.exchange(numbered), tested.exchange(numbered)

    original_want, original_got = ask(group.request)
    kind = _answer_kind(original_want)
    if TIMED_OUT in (original_want.kind, original_got.kind):  # each try would wait the whole timeout
        budget = 0

    def shows(candidate: dict[str, Any]) -> bool:
        want, got = ask(candidate)
        if _answer_kind(want) != kind:
            return False  # no longer the same kind of request: an output became an error, or another error
        key, _ = _compare(candidate, want, got)
        return bool(key & group.signature)

    group.shrunk = shrink(group.request, shows, budget)
    smallest = {**group.shrunk.request, "id": 1}
    want, got = ask(smallest)
    group.expected, group.answer = want.answer, got
    cited = reference.exchange(smallest).answer or {}
    _, found = _compare(smallest, want, got)
    group.rules = rules_involved(cited, found) if found else []


def _answer_kind(reply: Reply) -> str:
    if reply.answer is None:
        return f"problem {reply.kind}"
    error = reply.answer.get("error")
    return f"error {error.get('code')}" if isinstance(error, dict) else "output"


# --- the report ---


def _without(value: Any, keys: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


def _shown(answer: dict[str, Any] | None) -> Any:
    """An answer as the report compares it: without its id and free text."""
    if answer is None:
        return None
    return _without({k: v for k, v in answer.items() if k != "id"}, FREE_TEXT)


def _players(request: dict[str, Any]) -> str:
    data = request.get("input")
    deals = data.get("deals") if isinstance(data, dict) else None
    deal = deals[0] if isinstance(deals, list) and deals and isinstance(deals[0], dict) else data
    players = deal.get("players") if isinstance(deal, dict) else None
    return f"{len(players)} players" if isinstance(players, list) else ""


def report_lines(run: FuzzRun) -> list[str]:
    """The report: a heading, a block per kind of disagreement, and the closing count."""
    ops = ", ".join(f"{op} {n:,}" for op, n in sorted(run.ops.items()))
    lines = [f"fuzz: seed {run.seed}, {run.sent:,} requests to {run.target}, "
             f"expected from {run.expected_from}", f"requests: {ops}"]
    for number, group in enumerate(run.groups.values(), 1):
        if number > MAX_GROUPS:
            lines.append(f"... and {len(run.groups) - MAX_GROUPS} more kinds of disagreement, not shrunk")
            break
        rulesets = ", ".join(f"{r} {n:,}" for r, n in sorted(group.rulesets.items()))
        lines += ["", f"DISAGREEMENT {number}: {group.op}, {group.count:,} requests "
                      f"(first: request {group.first}; rulesets: {rulesets})",
                  f"  where: {', '.join(sorted(group.signature))}"]
        if group.shrunk is None:
            continue
        lines.append(f"  rules: {', '.join(group.rules) or '(none cited)'}")
        before, after = _players(group.request), _players(group.shrunk.request)
        change = f"from {before} to {after}; " if before and before != after else ""
        lines += [f"  smallest request ({change}{group.shrunk.steps} shrinking steps of {group.shrunk.tried} tried):",
                  f"    {compact({**group.shrunk.request, 'id': 1}, 10**6)}"]
        answer = group.answer
        if answer is None or answer.answer is None:
            lines.append(f"  the implementation: {answer.problem if answer else 'no answer'}")
            continue
        want, got = _shown(group.expected), _shown(answer.answer)
        lines.append(f"  expected: {compact(want, 1000)}")
        lines.append("  diff (- expected, + answer):")
        lines += [f"    {line}" for line in diff_lines(want, got)]
    lines += [""] if run.groups else []
    if run.stopped:
        lines.append(run.stopped)
    agreed = run.sent - run.disagreed
    kinds = len(run.groups)
    lines.append(f"{run.sent:,} requests: {agreed:,} agreed, {run.disagreed:,} disagreed"
                 + (f" ({kinds} kind{'s' if kinds != 1 else ''} of disagreement)" if kinds else ""))
    return lines
