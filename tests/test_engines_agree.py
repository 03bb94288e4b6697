"""The fast engine answers every request exactly as the reference engine (the rule modules alone) does.

``cpspec.engines.FAST`` replaces the readable evaluation, natural search and settings
classification with the named speed-ups of ``cpspec.fast``; the reference engine uses the
rule modules alone. Their answers must be the same text, byte for byte, on any request:
seeded random requests of every op and every bundled ruleset, about one in ten made bad on
purpose (``cpspec.conformance.fuzz.generate_requests``). The long comparison (40,000 requests
and the slow ops) is an audit (``-m audit``); a quick sample runs always.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from conftest import audit_size
from cpspec.conformance.fuzz.generate import OP_WEIGHTS, generate_requests
from cpspec.engines import FAST, REFERENCE
from cpspec.protocol.server import answer_text

#: The ops whose reference answers cost tenths of a second (every setting of a hand checked one by one).
SLOW_OPS = ("settings", "advise")
CHEAP_OPS = tuple(op for op in OP_WEIGHTS if op not in SLOW_OPS)


def disagreements(seed: int, count: int, ops: tuple[str, ...]) -> tuple[int, list[str]]:
    """How many requests were compared, and each one whose answers differ (with both answers)."""
    found = []
    compared = 0
    for request in generate_requests(seed, count, ops=ops):
        line = json.dumps(request)
        fast, reference = answer_text(line, engine=FAST), answer_text(line, engine=REFERENCE)
        compared += 1
        if fast != reference:
            found.append(f"{line}\n  fast:      {fast[:400]}\n  reference: {reference[:400]}")
    return compared, found


def test_a_quick_sample_agrees() -> None:
    compared, found = disagreements(1, 800, CHEAP_OPS)  # the audit compares 10,000 and 40 (40,000 and 200 full)
    slow_compared, slow_found = disagreements(2, 4, ("settings",))
    assert compared + slow_compared == 804
    assert not found + slow_found, "\n".join((found + slow_found)[:5])


#: The audit's requests, in seeded chunks (each a test of its own, so that the workers share them out and the
#: run shows its progress). Full size (CPSPEC_AUDITS=full): 40,000 cheap-op requests in chunks of 5,000, 200
#: settings in four chunks, 10 advise (about 8 CPU-minutes); CI's: 10,000 cheap, 40 settings, 2 advise. 100,000
#: cheap ones were compared once when the Open Face ops joined the fuzz (no difference).
CHEAP_CHUNKS, CHEAP_EACH = audit_size(4, 8), audit_size(2500, 5000)
SETTINGS_CHUNKS, SETTINGS_EACH = audit_size(2, 4), audit_size(20, 50)
ADVISE_EACH = audit_size(1, 5)
AUDIT_CHUNKS = [
    *(pytest.param(1000 + chunk, CHEAP_EACH, CHEAP_OPS, id=f"cheap-{chunk}") for chunk in range(CHEAP_CHUNKS)),
    *(pytest.param(2000 + chunk, SETTINGS_EACH, ("settings",), id=f"settings-{chunk}")
      for chunk in range(SETTINGS_CHUNKS)),
    *(pytest.param(3000 + chunk, ADVISE_EACH, ("advise",), id=f"advise-{chunk}") for chunk in range(2)),
]


@pytest.mark.audit
@pytest.mark.parametrize(("seed", "count", "ops"), AUDIT_CHUNKS)
def test_the_engines_agree_on_a_chunk_of_random_requests(
    seed: int, count: int, ops: tuple[str, ...], audit_figures: Callable[[str, str], None]
) -> None:
    compared, found = disagreements(seed, count, ops)
    audit_figures(f"engines agree ({', '.join(ops) if len(ops) < 3 else 'cheap ops'}, seed {seed})",
                  f"{compared - len(found)}/{compared} requests")
    assert compared == count
    assert not found, f"{len(found)} disagreements, the first:\n" + "\n".join(found[:5])
