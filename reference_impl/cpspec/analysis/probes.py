"""The deals tried when looking for one on which rulesets part: the corpus's deals, smallest first.

The pool is every ``score`` input of the conformance corpus (``conformance/corpus.json``), each
with every two- and three-player deal made of some of its players, the same deals with every
natural declared on a setting left undeclared (so that a ruleset without that natural plays
it as set, and one that finds naturals unasked still finds it), and the inputs of its
``qualify_fantasyland`` and ``check_play`` cases (Open Face rulesets can differ only there).
Deals are ordered by :func:`size`: fewest players, then fewest declarations (a natural, a
surrender, a timeout), then the deals of the rulesets asked about before the others, then
the corpus's order. A deal is adapted to each ruleset: ``button`` and ``stacks`` are dropped,
and ``banker`` is kept only where play is banked (the first seat, unless the deal names one).

Answers are asked through an :data:`Ask` (the protocol's ops), so that this layer never
parses a request itself.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset

#: Ask an op of a ruleset: ``ask(op, ruleset, input)`` is the op's output, or raises CpspecError (refused).
Ask = Callable[[str, Ruleset, Mapping[str, Any]], dict[str, Any]]

#: The ops a witness may be found with, in the order they are tried.
PROBE_OPS: tuple[str, ...] = ("score", "qualify_fantasyland", "check_play")


@dataclass(frozen=True)
class Probe:
    """One request to try: its op, its input, and the corpus case it comes from."""

    op: str
    input: Mapping[str, Any]
    case: str
    rulesets: tuple[str, ...]

    @property
    def players(self) -> int:
        """How many players the deal has (0 for an op on one board or one hand)."""
        players = self.input.get("players")
        return len(players) if isinstance(players, list) else 0

    @property
    def declarations(self) -> int:
        """How many players declare something (a natural, a surrender, a timeout)."""
        players = self.input.get("players")
        return sum(1 for p in players if isinstance(p, dict) and p.get("declare")) if isinstance(players, list) else 0


def size(probe: Probe, first: Iterable[str] = ()) -> tuple[int, int, int]:
    """How small a probe is, for sorting: players, declarations, and 0 for a deal of a ruleset in ``first``."""
    return probe.players, probe.declarations, 0 if set(probe.rulesets) & set(first) else 1


def undeclared(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The deal with every natural declared on a setting left undeclared (played as set), if it has one."""
    players = data["players"]
    if not any(isinstance(p, dict) and p.get("declare") == "natural" and "front" in p for p in players):
        return None
    plain = [{k: v for k, v in p.items() if k not in ("declare", "natural")}
             if isinstance(p, dict) and p.get("declare") == "natural" and "front" in p else p for p in players]
    return {**data, "players": plain}


def _sub_deals(data: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    """Every deal made of two or three of the players of a larger deal (in seating order)."""
    players = data["players"]
    for count in (2, 3):
        if count >= len(players):
            break
        for chosen in itertools.combinations(players, count):
            sub = {"players": list(chosen)}
            banker = data.get("banker")
            if banker is not None and any(isinstance(p, dict) and p.get("seat") == banker for p in chosen):
                sub["banker"] = banker
            yield sub


@cache
def corpus_probes() -> tuple[Probe, ...]:
    """Every probe of the bundled corpus, in the corpus's order, each deal once (its sub-deals after it), with
    the rulesets of every case that gives it."""
    from cpspec.rulesets.data import data_dir  # here: the desk's browser bundle has no corpus and no data module

    cases = json.loads((data_dir("conformance") / "corpus.json").read_text(encoding="utf-8"))["cases"]
    found: dict[str, Probe] = {}

    def add(op: str, data: Mapping[str, Any], case: Mapping[str, Any]) -> None:
        """The probe once, with every ruleset whose cases give it (a deal is often reused across rulesets)."""
        key = op + json.dumps(data, sort_keys=True)
        known = found.get(key)
        rulesets = tuple(case["rulesets"]) if known is None else (
            known.rulesets + tuple(r for r in case["rulesets"] if r not in known.rulesets))
        found[key] = Probe(op, data, known.case if known else case["id"], rulesets)

    for case in cases:
        data = case.get("input")
        if case["op"] not in PROBE_OPS or "expected_error" in case or not isinstance(data, dict):
            continue
        if case["op"] == "score" and isinstance(data.get("players"), list):
            plain = undeclared(data)
            for deal in (data, plain) if plain is not None else (data,):
                add("score", deal, case)
                for sub in _sub_deals(deal):
                    add("score", sub, case)
        elif case["op"] != "score":
            add(case["op"], data, case)
    return tuple(found.values())


def ordered_probes(first: Sequence[str] = (), op: str = "score") -> list[Probe]:
    """The corpus's probes of one op, smallest first (:func:`size`), those of the rulesets ``first`` before
    others of their size."""
    return sorted((p for p in corpus_probes() if p.op == op), key=lambda p: size(p, first))


def adapted(data: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """A score input as ``ruleset`` takes it: no stacks or button; a banker only where play is banked."""
    out = {k: v for k, v in data.items() if k not in ("button", "stacks", "banker")}
    if ruleset.parameters.scoring.banker is not None and isinstance(data.get("players"), list) and data["players"]:
        first = data["players"][0]
        out["banker"] = data.get("banker") or (first.get("seat") if isinstance(first, dict) else None)
    return out


#: What a ruleset makes of a probe: ("ok", the facts compared) or ("refused", the error code).
Outcome = tuple[str, Any]


def _without_rules(value: Any) -> Any:
    """An output without the rule ids it cites, so that two rulesets citing different rules compare equal."""
    if isinstance(value, dict):
        return {k: _without_rules(v) for k, v in value.items() if k not in ("rule", "rules", "pins")}
    if isinstance(value, list):
        return [_without_rules(v) for v in value]
    return value


def score_facts(output: Mapping[str, Any]) -> Any:
    """What is paid in a score answer: the totals, and each pair's points (a pair that does not meet pays 0)."""
    pairs = sorted(tuple(sorted(m["points"].items())) for m in output["matchups"] if any(m["points"].values()))
    return tuple(sorted(output["totals"].items())), tuple(pairs)


def outcome(ask: Ask, probe: Probe, ruleset: Ruleset) -> tuple[Outcome, dict[str, Any] | None, dict[str, Any]]:
    """The outcome of a probe under a ruleset, its full output (None when refused), and the input asked."""
    data = adapted(probe.input, ruleset) if probe.op == "score" else dict(probe.input)
    try:
        output = ask(probe.op, ruleset, data)
    except CpspecError as error:
        return ("refused", error.code), None, data
    facts = score_facts(output) if probe.op == "score" else json.dumps(_without_rules(output), sort_keys=True)
    return ("ok", facts), output, data
