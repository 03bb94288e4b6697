"""``cpspec identify``: which rulesets pay what was observed, or the fewest parameter changes that would.

1. Every candidate ruleset scores every observed deal (:mod:`cpspec.analysis.observations`); those
   that agree with all of them are the answer.
2. When none does, every ruleset is changed by one change of :mod:`cpspec.analysis.identify_space`
   at a time; if no single change makes every observation agree, the three nearest (most
   observations agreeing; then the least off in the totals of those they get wrong; then by id)
   by two: a change that makes some deal the ruleset got wrong agree with any other, or two
   parameters of one block (a foul's mode and its points). Every set of the fewest changes that
   makes every observation agree is a fix.
3. When several candidates remain (rulesets, or fixes), the smallest corpus deal on which they
   pay the most different totals is proposed as the next deal to play; candidates that no deal
   tried tells apart are named, with the parameters in which they differ (those ``score`` never
   showed at work, such as a dealing schedule).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cpspec.analysis.diff import CANNOT_STAND
from cpspec.analysis.differences import with_changes
from cpspec.analysis.identify_space import Change, changes_for, house_rules, readings, space_values
from cpspec.analysis.observations import Observation, agrees
from cpspec.analysis.probes import Ask, adapted, ordered_probes, score_facts
from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset

#: How many of the nearest rulesets are changed; how many fixes are kept; how many first changes are paired.
NEAREST = 3
MAX_FIXES = 5
PAIRED = 12
#: How far off a refused deal counts, when the nearest rulesets are ranked.
REFUSED = 1000
#: How many corpus deals (smallest first) of two, three and four players are tried for the next deal to play.
NEXT_DEAL_PROBES = ((2, 200), (3, 100), (4, 100))
#: How many deals of cases written for some of the candidates but not all are tried after those (smallest first):
#: where two rulesets differ in a natural or a declaration, the deal that shows it is rarely among the smallest.
TELLING_PROBES = 100


@dataclass(frozen=True)
class Fix:
    """Changes to a ruleset that make every observation agree: the ruleset, the changes, the changed ruleset."""

    base: Ruleset
    changes: tuple[Change, ...]
    ruleset: Ruleset = field(repr=False)

    @property
    def label(self) -> str:
        """How the fix is named among candidates: the ruleset and its changes."""
        sets = "; ".join(f"{'.'.join(p)} = {json.dumps(v, separators=(',', ':'))}" for c in self.changes
                         for p, v in c.sets)
        return f"{self.base.id} with {sets}"


@dataclass(frozen=True)
class NextDeal:
    """A deal that tells the candidates apart, the corpus case it comes from, and what each candidate pays on it."""

    input: dict[str, Any]
    case: str
    totals: tuple[tuple[str, dict[str, int] | None, str | None], ...]  # candidate, what it pays or why it refuses


@dataclass(frozen=True)
class Alike:
    """Candidates that paid alike on every deal tried for the next deal, and the parameters in which they differ."""

    candidates: tuple[str, ...]
    differ_in: tuple[str, ...]


@dataclass(frozen=True)
class Identified:
    """What ``identify`` finds: the agreeing rulesets, the nearest with their counts, the fixes, the next deal."""

    observations: int
    agreeing: tuple[str, ...]
    nearest: tuple[tuple[Ruleset, int], ...]
    fixes: tuple[Fix, ...]
    next_deal: NextDeal | None
    searched: int
    alike: tuple[Alike, ...] = ()


class _Judge:
    """Whether rulesets agree with each observation, each asked once."""

    def __init__(self, ask: Ask, observations: Sequence[Observation]) -> None:
        self.ask = ask
        self.observations = observations
        self.asked = 0

    def paid(self, ruleset: Ruleset, index: int) -> dict[str, Any] | None:
        """The ruleset's score answer on an observed deal (None: refused, or a changed ruleset cannot score it)."""
        observation = self.observations[index]
        self.asked += 1
        try:
            return self.ask("score", ruleset, adapted(observation.deal, ruleset))
        except (CpspecError, *CANNOT_STAND):
            return None

    def agrees(self, ruleset: Ruleset, index: int) -> bool:
        output = self.paid(ruleset, index)
        return output is not None and agrees(self.observations[index], output)

    def misses(self, ruleset: Ruleset) -> tuple[list[int], int]:
        """The observations the ruleset gets wrong, and how far off its totals are in all (a refusal: 1000)."""
        missed, off = [], 0
        for index, observation in enumerate(self.observations):
            output = self.paid(ruleset, index)
            if output is None:
                missed.append(index)
                off += REFUSED
            elif not agrees(observation, output):
                missed.append(index)
                off += sum(abs(output["totals"].get(seat, 0) - points) for seat, points in observation.totals.items())
        return missed, off

    def all_agree(self, ruleset: Ruleset, first: Sequence[int]) -> bool:
        rest = [i for i in range(len(self.observations)) if i not in first]
        return all(self.agrees(ruleset, i) for i in [*first, *rest])


def _changed(base: Ruleset, changes: Sequence[Change]) -> Ruleset | None:
    sets = [(("parameters", *path), value, True) for change in changes for path, value in change.sets]
    try:
        return with_changes(base, sets)
    except CANNOT_STAND:
        return None


def _fixes(judge: _Judge, base: Ruleset, misses: list[int], changes: list[Change], pairs: bool
           ) -> tuple[list[Fix], int]:
    """The single changes that fix ``base``, or else (with ``pairs``) the pairs; and how many changed rulesets
    were tried."""
    tried = 0
    improving: list[tuple[int, Change]] = []
    found: list[Fix] = []
    for change in changes:
        changed = _changed(base, [change])
        if changed is None:
            continue
        tried += 1
        if pairs:
            fixed = sum(1 for i in misses if judge.agrees(changed, i))
        else:  # only a fix counts: stop at the first deal still wrong
            fixed = len(misses) if all(judge.agrees(changed, i) for i in misses) else 0
        if fixed == len(misses) and judge.all_agree(changed, misses):
            found.append(Fix(base, (change,), changed))
        elif fixed:
            improving.append((fixed, change))
    if found or not pairs:
        return found, tried
    improving.sort(key=lambda item: -item[0])
    pairs_tried: set[tuple[int, int]] = set()
    for first, second in [*((f, s) for _, f in improving[:PAIRED] for s in changes), *_siblings(changes)]:
        key = (min(id(first), id(second)), max(id(first), id(second)))
        if key in pairs_tried or first.paths & second.paths:
            continue
        pairs_tried.add(key)
        changed = _changed(base, [first, second])
        if changed is None:
            continue
        tried += 1
        if judge.all_agree(changed, misses):
            found.append(Fix(base, (first, second), changed))
            if len(found) >= MAX_FIXES:
                return found, tried
    return found, tried


def _distinct(fixes: Sequence[Fix]) -> list[Fix]:
    """The fixes, each set of values on each ruleset once (the same values reached as a reading and from the
    space are one fix)."""
    seen: set[str] = set()
    out = []
    for fix in fixes:
        key = fix.base.id + json.dumps(sorted((list(p), house_rules(v)) for c in fix.changes for p, v in c.sets),
                                       default=list, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(fix)
    return out


def _siblings(changes: Sequence[Change]) -> list[tuple[Change, Change]]:
    """Pairs of changes to two parameters of one block (a foul's mode and its points), which may only work
    together."""
    single = [c for c in changes if len(c.sets) == 1]
    return [(a, b) for i, a in enumerate(single) for b in single[i + 1:]
            if a.sets[0][0][:-1] == b.sets[0][0][:-1] and a.sets[0][0] != b.sets[0][0]]


def next_deal(ask: Ask, candidates: Sequence[tuple[str, Ruleset]], first: Sequence[str]
              ) -> tuple[NextDeal | None, tuple[tuple[str, ...], ...]]:
    """The smallest corpus deal on which the candidates pay the most different ways (refusing it is one way), every
    candidate accepting it where that does as well; and, when no deal tried tells every candidate from every
    other, the groups of candidates that answered alike on all of them.

    The deals tried are the smallest of two, three and four players (:data:`NEXT_DEAL_PROBES`), then those of
    cases written for some of the rulesets ``first`` but not all (:data:`TELLING_PROBES`)."""
    best: tuple[tuple[int, int], NextDeal] | None = None
    seen: dict[str, list[Any]] = {label: [] for label, _ in candidates}
    ordered = ordered_probes(first)
    tried = [p for players, quota in NEXT_DEAL_PROBES for p in [q for q in ordered if q.players == players][:quota]]
    named, smallest = set(first), {id(p) for p in tried}  # the same Probe objects: identity, not a deep compare
    tried += [p for p in ordered if 0 < len(named & set(p.rulesets)) < len(named) and id(p) not in smallest
              ][:TELLING_PROBES]
    for probe in tried:
        paid: list[tuple[str, dict[str, int] | None, Any]] = []
        for label, ruleset in candidates:
            try:
                output = ask("score", ruleset, adapted(probe.input, ruleset))
            except CpspecError as error:  # refusing the deal tells a candidate apart too
                paid.append((label, None, ("refused", error.code)))
                continue
            except CANNOT_STAND:
                paid.append((label, None, ("refused", "internal")))
                continue
            paid.append((label, output["totals"], score_facts(output)))
        if all(totals is None for _, totals, _ in paid):
            continue
        for label, _, facts in paid:
            seen[label].append(facts)
        kinds = len({facts for _, _, facts in paid})
        rank = (kinds, -sum(1 for _, totals, _ in paid if totals is None))  # then the fewest refusals
        if kinds > 1 and (best is None or rank > best[0]):
            best = rank, NextDeal(dict(probe.input), probe.case,
                                  tuple((lab, t, None if t is not None else str(f[1])) for lab, t, f in paid))
            if rank == (len(candidates), 0):
                return best[1], ()
    if best is not None and best[0][0] == len(candidates):
        return best[1], ()
    groups: dict[str, list[str]] = {}
    for label, facts in seen.items():
        groups.setdefault(json.dumps(facts, default=list), []).append(label)
    return (best[1] if best else None), tuple(tuple(g) for g in groups.values() if len(g) > 1)


def identify(observations: Sequence[Observation], rulesets: Sequence[Ruleset], ask: Ask,
             known: Sequence[Ruleset] | None = None) -> Identified:
    """The rulesets that agree with every observation; else the nearest and the fewest changes that make them.

    ``known``: the rulesets whose values and readings make the search space (default: ``rulesets``).
    """
    judge = _Judge(ask, observations)
    judged = {r.id: judge.misses(r) for r in rulesets}
    misses = {rid: missed for rid, (missed, _) in judged.items()}
    by_id = {r.id: r for r in rulesets}
    agreeing = tuple(r.id for r in rulesets if not misses[r.id])
    ranked = sorted(rulesets, key=lambda r: (len(misses[r.id]), judged[r.id][1], r.id))
    nearest = tuple((r, len(observations) - len(misses[r.id])) for r in ranked[:NEAREST])
    fixes: list[Fix] = []
    searched = 0
    if not agreeing:
        space, alternatives = space_values(known or rulesets), readings(known or rulesets)
        for base in ranked:  # single changes to every ruleset; pairs of changes to the nearest only
            found, tried = _fixes(judge, base, misses[base.id], changes_for(base, space, alternatives), False)
            fixes.extend(found)
            searched += tried
        for base, _ in nearest if not fixes else ():
            found, tried = _fixes(judge, base, misses[base.id], changes_for(base, space, alternatives), True)
            fixes.extend(found)
            searched += tried
        least = min((len(f.changes) for f in fixes), default=0)
        fixes = _distinct([f for f in fixes if len(f.changes) == least])[:MAX_FIXES]
    candidates = ([(i, by_id[i]) for i in agreeing] if len(agreeing) > 1
                  else [(f.label, f.ruleset) for f in fixes] if len(fixes) > 1 else [])
    proposed, alike = next_deal(ask, candidates, [r.id for _, r in candidates]) if candidates else (None, ())
    by_label = dict(candidates)
    why = tuple(Alike(group, _unread(by_label[group[0]], [by_label[g] for g in group[1:]])) for group in alike)
    return Identified(len(observations), agreeing, nearest, tuple(fixes), proposed, searched, why)


def _unread(first: Ruleset, others: Sequence[Ruleset]) -> tuple[str, ...]:
    """The parameters in which rulesets that pay alike differ (those the deals tried never showed at work)."""
    from cpspec.analysis.differences import differences

    return tuple(sorted({d.where for other in others for d in differences(first, other) if d.kind == "parameter"}))
