"""``cpspec diff A B``: what two rulesets write differently, and the smallest deal on which they pay differently.

The differences come from :mod:`cpspec.analysis.differences`. A witness is the first probe of
:mod:`cpspec.analysis.probes` (smallest first) that both rulesets accept and on which what is
paid differs (for Open Face rulesets that pay every finished board alike, a Fantasyland
verdict or a play check that differs). Each parameter difference is also applied alone to A:
its witness is the smallest probe on which A and B differ and A with that one change differs
from A, so it shows that difference at work. A difference no probe shows is reported as such,
never as one that changes no score; only a rule reference, a rule's text, what describes
the ruleset, and a parameter whose value the engine reads the same either way (a default
written out) are said to change no score on any deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cpspec.analysis.differences import Difference, differences, with_changes
from cpspec.analysis.probes import PROBE_OPS, Ask, Outcome, Probe, ordered_probes, outcome
from cpspec.rules.model import Ruleset


@dataclass(frozen=True)
class Side:
    """One ruleset's answer on a witness: the input it was asked, and its output (None: refused, with the code)."""

    input: dict[str, Any]
    output: dict[str, Any] | None
    refused: str | None = None


@dataclass(frozen=True)
class Witness:
    """A probe on which the two rulesets answer differently: its op, the corpus case it comes from, each side."""

    op: str
    case: str
    a: Side
    b: Side


#: How a difference stands: ``witness`` (a deal shows it alone), ``together`` (a deal shows it with the other
#: differences of its block, e.g. every difference under ``parameters.naturals``), ``no_witness`` (no probe
#: tried shows it), ``no_score`` (it never changes a score: a rule reference, a rule's text, a title).
Effect = Literal["witness", "together", "no_witness", "no_score"]


@dataclass(frozen=True)
class Found:
    """One difference and what it does: its effect and, with ``witness``, the deal that shows it."""

    difference: Difference
    effect: Effect
    witness: Witness | None = None


@dataclass
class Prober:
    """Outcomes of probes under rulesets, each asked once (rulesets told apart by identity)."""

    ask: Ask
    cache: dict[tuple[int, int], tuple[Outcome, dict[str, Any] | None, dict[str, Any]]] = field(default_factory=dict)
    asked: int = 0
    #: Every ruleset asked about, kept alive so that no other object takes its identity.
    kept: dict[int, Ruleset] = field(default_factory=dict)

    def __call__(self, index: int, probe: Probe, ruleset: Ruleset) -> tuple[Outcome, dict[str, Any] | None,
                                                                        dict[str, Any]]:
        """The outcome of ``probe`` under ``ruleset`` (``index``: its place in the lists tried)."""
        key = (id(probe), id(ruleset))
        if key not in self.cache:
            self.kept[id(ruleset)] = ruleset
            self.asked += 1
            self.cache[key] = outcome(self.ask, probe, ruleset)
        return self.cache[key]


def _side(result: tuple[Outcome, dict[str, Any] | None, dict[str, Any]]) -> Side:
    (state, facts), output, data = result
    return Side(data, output, None if state == "ok" else str(facts))


def _parting(prober: Prober, a: Ruleset, b: Ruleset, probes: Sequence[Probe], offset: int,
             accepted: bool = True) -> Iterator[tuple[int, Probe]]:
    """The probes on which ``a`` and ``b`` differ, in order: both accepting (or, ``accepted`` false, one only)."""
    for number, probe in enumerate(probes):
        oa, ob = prober(offset + number, probe, a)[0], prober(offset + number, probe, b)[0]
        if oa == ob:
            continue
        both = oa[0] == "ok" and ob[0] == "ok"
        if both == accepted:
            yield offset + number, probe


def probe_lists(a: Ruleset, b: Ruleset, only: Sequence[str] | None = None) -> list[list[Probe]]:
    """The probes tried, one list per op of :data:`PROBE_OPS`, the rulesets' own (and their parents') first;
    ``only``: just the probes of the cases of these rulesets."""
    first = [r for r in (a.id, b.id, a.extends, b.extends) if r]
    lists = [ordered_probes(first, op) for op in PROBE_OPS]
    if only is not None:
        lists = [[p for p in probes if set(p.rulesets) & set(only)] for probes in lists]
    return lists


#: What building or scoring with a difference applied alone can raise: the difference cannot stand alone.
CANNOT_STAND = (KeyError, TypeError, ValueError, AttributeError, IndexError)

#: How many probes on which A and B part are tried for one difference applied alone.
PER_DIFFERENCE = 150


def find_witness(prober: Prober, a: Ruleset, b: Ruleset, lists: Sequence[Sequence[Probe]],
                 changed: Ruleset | None = None) -> Witness | None:
    """The first probe on which ``a`` and ``b`` answer differently (both accepting it), and, given ``changed``,
    on which ``changed`` answers differently from ``a`` too (of the first :data:`PER_DIFFERENCE` such probes);
    else the first one that one of them accepts and the other refuses."""
    for accepted in (True, False):
        offset, tried = 0, 0
        for probes in lists:
            for index, probe in _parting(prober, a, b, probes, offset, accepted):
                if changed is None or prober(index, probe, changed)[0] != prober(index, probe, a)[0]:
                    return Witness(probe.op, probe.case, _side(prober(index, probe, a)),
                                   _side(prober(index, probe, b)))
                tried += 1
                if tried >= PER_DIFFERENCE:
                    break
            offset += len(probes)
    return None


@dataclass(frozen=True)
class RulesetDiff:
    """What ``diff`` finds: every difference with its effect, the smallest witness, and how many probes were asked."""

    a: Ruleset
    b: Ruleset
    found: tuple[Found, ...]
    witness: Witness | None
    asked: int


def _applied(prober: Prober, a: Ruleset, b: Ruleset, lists: Sequence[Sequence[Probe]],
             applied: Sequence[Difference]) -> Witness | None:
    """The witness of some differences applied together to ``a`` (None: none found, or they cannot stand)."""
    try:
        changed = with_changes(a, [(d.path, d.b, d.has_b) for d in applied])
        return find_witness(prober, a, b, lists, changed)
    except CANNOT_STAND:  # building or scoring with the change alone fails: it cannot stand without the others
        return None


def _same_model(a: Ruleset, difference: Difference) -> bool:
    """Whether applying the difference leaves A's parameters as they were (a default written out, say)."""
    try:
        return with_changes(a, [(difference.path, difference.b, difference.has_b)]).parameters == a.parameters
    except CANNOT_STAND:
        return False


def _effects(prober: Prober, a: Ruleset, b: Ruleset, lists: Sequence[Sequence[Probe]],
             found: Sequence[Difference], any_witness: Witness | None) -> list[Found]:
    """Each difference's effect: alone, then, for those no deal shows alone, with the rest of their block."""
    effects: list[Found] = []
    for difference in found:
        if difference.kind != "parameter" or _same_model(a, difference):
            effects.append(Found(difference, "no_score"))
            continue
        witness = _applied(prober, a, b, lists, [difference]) if any_witness else None
        effects.append(Found(difference, "witness", witness) if witness else Found(difference, "no_witness"))
    blocks: dict[tuple[str, ...], list[int]] = {}
    for index, item in enumerate(effects):
        if item.effect == "no_witness" and any_witness is not None:
            blocks.setdefault(item.difference.path[:2], []).append(index)
    for block, indexes in blocks.items():
        together = [d for d in found if d.kind == "parameter" and d.path[:2] == block]
        witness = _applied(prober, a, b, lists, together) if len(together) > 1 else None
        if witness is not None:
            for index in indexes:
                effects[index] = Found(effects[index].difference, "together", witness)
    return effects


def diff_rulesets(a: Ruleset, b: Ruleset, ask: Ask, only: Sequence[str] | None = None,
                  prober: Prober | None = None) -> RulesetDiff:
    """Every difference between ``a`` and ``b``, each parameter difference with its own witness, and the smallest
    deal on which the two differ; ``only``: try just the deals of these rulesets' cases; ``prober``: share the
    answers already asked (its ``ask`` is used)."""
    prober = prober or Prober(ask)
    start = prober.asked
    lists = probe_lists(a, b, only)
    listed = differences(a, b)
    # with no parameter the engine reads differently, no deal can be paid differently: nothing to search
    paying = any(d.kind == "parameter" and not _same_model(a, d) for d in listed)
    witness = find_witness(prober, a, b, lists) if paying else None
    found = tuple(_effects(prober, a, b, lists, listed, witness))
    return RulesetDiff(a, b, found, witness, prober.asked - start)
