"""One code mutant's trial, in a fresh process of its own: corpus checks until one fails, then random requests.

:mod:`cpspec.strength.code_mutation` starts ``python -s -m cpspec.strength.code_trial``
with ``PYTHONPATH`` at a temporary copy of the package in which one module is the mutant,
``PYTHONDONTWRITEBYTECODE=1`` and no bytecode of the mutated module anywhere, and writes the
plan to its standard input as JSON::

    {"mode": "trial", "work": DIR, "package": COPY, "seconds": LIMIT,
     "checks": [[offset, length, engine], ...],   # lines of DIR/checks.jsonl, in the order to run
     "fuzz": [[offset, length, engine], ...]}     # lines of DIR/fuzz.jsonl

Each check is a corpus case under one of its rulesets, judged by the harness's own
:func:`~cpspec.conformance.harness.judge` on the answer the server would write
(:func:`~cpspec.protocol.server.answer_text`); the first that fails kills the mutant, and
the trial ends. A mutant that passes them all replays the random requests: each answer is
compared with the unmutated engine's answer by the fuzz mode's own
:func:`~cpspec.conformance.fuzz.compare.disagreements` (free text aside; a violation's words
are defined, docs/protocol.md "Hand names and violations", and compared), each natural's
witness ``setting`` by what docs/naturals.md defines of it, the cards and each segment's hand
(where several settings are equally best, any may be shown; :func:`defined_fields`), and the
first that differs ends the trial. The verdict is one line of JSON on standard output: ``{"status": "killed", "by":
CHECK, "detail": ...}``, ``{"status": "differs", "request": ..., "difference": ...}`` or
``{"status": "survived", "fuzz": COUNT}``. A request that takes longer than ``seconds`` is
a failure (a hang is visible to any harness).

The rulesets are rebuilt from the merged documents that the parent process loaded and
validated (``DIR/rulesets/ID.json``) with :func:`cpspec.rulesets.build.build_ruleset`, the
builder the loader itself calls, so that a trial never pays for YAML or JSON Schema.
"""

from __future__ import annotations

import importlib
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, BinaryIO, Final, cast

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

Entry = tuple[int, int, str]  # offset and length of a JSON line, the engine to answer it with


class RebuiltRulesets:
    """The rulesets of a folder of merged, validated documents (``ID.json``), built with the standard library only.

    It answers what the server asks of a :class:`~cpspec.rulesets.loader.RulesetRegistry`
    (``get``, ``has``, ``ids``) without importing the loader, which imports YAML.
    """

    def __init__(self, folder: Path) -> None:
        self._documents = {path.stem: path for path in sorted(folder.glob("*.json"))}
        self._built: dict[str, Ruleset] = {}

    def ids(self) -> list[str]:
        """The ids of the rulesets in the folder, sorted."""
        return sorted(self._documents)

    def has(self, ruleset_id: str) -> bool:
        """Whether the folder holds the ruleset ``ruleset_id``."""
        return ruleset_id in self._documents

    def get(self, ruleset_id: str) -> Ruleset:
        """The ruleset ``ruleset_id``, built from its document on first use; ``unknown_ruleset`` if absent."""
        from cpspec.errors import CpspecError
        from cpspec.rulesets.build import build_ruleset

        if ruleset_id not in self._built:
            if ruleset_id not in self._documents:
                raise CpspecError("unknown_ruleset", f"no ruleset {ruleset_id!r}; known: {', '.join(self.ids())}")
            document = json.loads(self._documents[ruleset_id].read_text(encoding="utf-8"))
            self._built[ruleset_id] = build_ruleset(document, (f"{ruleset_id}.json",))
        return self._built[ruleset_id]


class TooSlow(BaseException):
    """A request ran longer than the trial allows (a BaseException: the server's catch-all must not answer it)."""


def _too_slow(signum: int, frame: FrameType | None) -> None:
    raise TooSlow


def answer(request: dict[str, Any], registry: RebuiltRulesets, engine_name: str, seconds: float) -> dict[str, Any]:
    """The answer the server writes to ``request`` (as an object), or a TooSlow after ``seconds``."""
    from cpspec.engines import ENGINES
    from cpspec.protocol.server import answer_text, encode

    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        reply: dict[str, Any] = json.loads(answer_text(encode(request), cast("RulesetRegistry", registry),
                                                       ENGINES[engine_name]))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return reply


def check_request(item: dict[str, Any]) -> dict[str, Any]:
    """The protocol request of one line of checks.jsonl."""
    return {"id": 1, "op": item["op"], "ruleset": item["ruleset"], "input": item["input"]}


def check_failure(item: dict[str, Any], reply: dict[str, Any]) -> str | None:
    """What is wrong with the answer to a check, as the harness judges it; None when it passes."""
    from cpspec.conformance.cases import Case
    from cpspec.conformance.harness import judge

    case = Case(id=item["case"], description="", rulesets=(item["ruleset"],), op=item["op"], input=item["input"],
                expected=item["expected"], expected_error=item["expected_error"], pins=(), tags=(), derivation="",
                replaces=None, status="active", file="", source="", line=0, data={})
    return judge(case, reply)[0]


def defined_fields(value: Any) -> Any:
    """``value`` with each natural's witness setting written as what makes it a best one (:func:`setting_worth`)."""
    if isinstance(value, dict):
        return {key: setting_worth(item) if key == "setting" else defined_fields(item) for key, item in value.items()}
    if isinstance(value, list):
        return [defined_fields(item) for item in value]
    return value


#: The wire's ranks, lowest first (a card is written rank then suit).
_RANK_ORDER: Final = "23456789TJQKA"


def setting_worth(setting: Any) -> Any:
    """A natural's witness setting as docs/naturals.md defines it: its cards, each segment's ranks (highest
    first), and whether the middle and the back are one suit (with the ranks, their hands; the front's three
    cards are a hand by their ranks alone). Two settings alike in these are equally good witnesses (two cards of
    one rank changing places, say); anything else is left as it is."""
    if not isinstance(setting, dict) or not all(isinstance(setting.get(s), list) for s in ("front", "middle", "back")):
        return setting
    cards = [card for s in ("front", "middle", "back") for card in setting[s]]
    if not all(isinstance(card, str) and len(card) == 2 and card[0] in _RANK_ORDER for card in cards):
        return setting
    worth: dict[str, Any] = {"cards": sorted(cards)}
    for segment in ("front", "middle", "back"):
        held = setting[segment]
        worth[segment] = {"ranks": sorted((card[0] for card in held), key=_RANK_ORDER.index, reverse=True)}
        if segment != "front":
            worth[segment]["one_suit"] = len({card[1] for card in held}) == 1
    return worth


def _read(stream: BinaryIO, offset: int, length: int) -> dict[str, Any]:
    stream.seek(offset)
    item: dict[str, Any] = json.loads(stream.read(length))
    return item


def trial(work: Path, checks: Sequence[Entry], fuzz: Sequence[Entry], seconds: float) -> dict[str, Any]:
    """The verdict on the mutant this process imports (see the module's docstring)."""
    from cpspec.conformance.fuzz.compare import disagreements

    registry = RebuiltRulesets(work / "rulesets")
    with (work / "checks.jsonl").open("rb") as stream:
        for offset, length, engine in checks:
            item = _read(stream, offset, length)
            where = f"{item['case']} [{item['ruleset']}]"
            try:
                failure = check_failure(item, answer(check_request(item), registry, engine, seconds))
            except TooSlow:
                failure = f"no answer within {seconds} s"
            if failure is not None:
                return {"status": "killed", "by": where, "detail": failure[:400]}
    with (work / "fuzz.jsonl").open("rb") as stream:
        for offset, length, engine in fuzz:
            item = _read(stream, offset, length)
            try:
                reply = answer(item["request"], registry, engine, seconds)
                found = disagreements(item["request"], defined_fields(item["answer"]), defined_fields(reply))
                difference = found[0].describe() if found else None
            except TooSlow:
                difference = f"no answer within {seconds} s"
            if difference is not None:
                return {"status": "differs", "request": item["request"], "difference": difference[:400]}
    return {"status": "survived", "fuzz": len(fuzz)}


def trace(work: Path, modules: Sequence[str], checks: Sequence[Entry], requests: Sequence[Entry],
          seconds: float, part: str, settings_lines: bool) -> dict[str, Any]:
    """Run the unmutated package once over the checks and requests given, recording what reaches what.

    Writes ``fuzz{part}.jsonl`` (each request of ``requests.jsonl`` given, with this engine's
    answer) and returns the reach of the checks and requests given, numbered from 0
    (:class:`~cpspec.strength.reach.ReachIndex` as JSON), the lines run outside them
    (building the rulesets, filling the fast path's caches), the checks that fail, where each
    answered request is in that file, and (``settings_lines``) the readable settings' lines.
    The parent may split the work into parts, each traced in a process of its own, and merge them.

    A request answered by the ``fast`` engine is run twice: lines run only the first time
    filled a cache, and count as run by every request (a mutant there is tried on all).
    """
    from cpspec.strength.reach import LineRecorder, Lines, ReachIndex

    files = {}
    for module in modules:
        name = "cpspec." + module.removesuffix(".py").replace("/", ".")
        files[str(importlib.import_module(name).__file__)] = module
    recorder = LineRecorder(files)
    registry = RebuiltRulesets(work / "rulesets")
    with recorder.recording() as everywhere:
        for ruleset_id in registry.ids():
            registry.get(ruleset_id)

    def traced(request: dict[str, Any], engine: str) -> tuple[dict[str, Any], Lines]:
        with recorder.recording() as lines:
            reply = answer(request, registry, engine, seconds)
        if engine == "fast":
            with recorder.recording() as again:
                answer(request, registry, engine, seconds)
            for module, numbers in lines.items():
                everywhere.setdefault(module, set()).update(numbers - again.get(module, set()))
        return reply, lines

    check_reach, fuzz_reach, broken = ReachIndex(), ReachIndex(), []
    with (work / "checks.jsonl").open("rb") as stream:
        for number, (offset, length, engine) in enumerate(checks):
            item = _read(stream, offset, length)
            reply, lines = traced(check_request(item), engine)
            check_reach.add(lines)
            if check_failure(item, reply) is not None:
                broken.append(number)
    readable_settings = (_readable_settings_lines(recorder, registry, work, seconds) if settings_lines else {})
    spans = []
    with (work / "requests.jsonl").open("rb") as stream, (work / f"fuzz{part}.jsonl").open("wb") as out:
        for offset, length, engine in requests:
            request = _read(stream, offset, length)
            reply, lines = traced(request, engine)
            fuzz_reach.add(lines)
            data = json.dumps({"request": request, "answer": reply}, ensure_ascii=False).encode("utf-8")
            spans.append((out.tell(), len(data)))
            out.write(data + b"\n")
    return {"global": {module: sorted(lines) for module, lines in everywhere.items()},
            "checks": check_reach.to_json(), "fuzz": fuzz_reach.to_json(), "broken": broken, "spans": spans,
            "readable_settings": readable_settings}


def settings_kind(request: dict[str, Any]) -> str:
    """``listing`` for a ``settings`` request that asks for the list, else ``counting``."""
    data = request.get("input")
    return "listing" if isinstance(data, dict) and data.get("list") is True else "counting"


def _readable_settings_lines(recorder: Any, registry: RebuiltRulesets, work: Path,
                             seconds: float) -> dict[str, list[int]]:
    """The lines of ``rules/all_settings.py`` that a ``settings`` request runs on the readable path, by kind.

    Traced on the first request of each kind only (each takes half a second there): the readable
    definition runs the same lines for every valid hand of 13 cards (its one branch on the data,
    ``if hand not in values``, goes both ways in every hand), and listing adds the sort.
    """
    found: dict[str, list[int]] = {}
    for name in ("checks.jsonl", "requests.jsonl"):
        with (work / name).open("rb") as stream:
            for line in stream:
                item = json.loads(line)
                request = check_request(item) if name == "checks.jsonl" else item
                kind = settings_kind(request)
                if request.get("op") != "settings" or kind in found:
                    continue
                with recorder.recording() as lines:
                    answer(request, registry, "reference", seconds)
                found[kind] = sorted(lines.get("rules/all_settings.py", set()))
    return found


def main() -> int:
    """Read the plan on standard input, run the trial (or the trace), print the verdict as one JSON line; 0.

    Returns 2 when the package imported is not the mutant's copy (the trial would test the wrong code).
    """
    plan = json.load(sys.stdin)
    signal.signal(signal.SIGALRM, _too_slow)
    import cpspec

    work = Path(plan["work"])
    if not Path(cpspec.__file__).resolve().is_relative_to(Path(plan["package"]).resolve()):
        print(json.dumps({"status": "error", "detail": f"imported {cpspec.__file__}, not the mutant's copy"}))
        return 2
    seconds = float(plan["seconds"])
    checks = [(int(o), int(n), str(e)) for o, n, e in plan["checks"]]
    fuzz = [(int(o), int(n), str(e)) for o, n, e in plan["fuzz"]]
    # The mutated module is imported here, under the clock: a mutant that hangs at import is caught.
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        importlib.import_module("cpspec.protocol.server")
        importlib.import_module("cpspec.protocol.registry").all_ops()
        importlib.import_module("cpspec.engines")
    except TooSlow:
        print(json.dumps({"status": "killed", "by": "(import)", "detail": f"not imported within {seconds} s"}))
        return 0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if plan.get("mode") == "trace":
        part = str(plan["part"])
        result = trace(work, plan["modules"], checks, fuzz, seconds, part, bool(plan["settings_lines"]))
        (work / f"reach{part}.json").write_text(json.dumps(result), encoding="utf-8")
        print(json.dumps({"status": "traced"}))
        return 0
    print(json.dumps(trial(work, checks, fuzz, seconds), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
