"""The fast engine answers every request exactly as the reference engine (the rule modules alone) does.

``cpspec.engines.FAST`` replaces the readable evaluation, natural search and settings
classification with the named speed-ups of ``cpspec.fast``; the reference engine uses the
rule modules alone. Their answers must be the same text, byte for byte, on any request:
seeded random requests of every op and every bundled ruleset, about one in ten made bad on
purpose (``cpspec.conformance.fuzz.generate_requests``). The long comparison (40,000 requests
and the slow ops) is slow-marked; a quick sample runs always.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor

import pytest

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


def compare_in_parallel(jobs: list[tuple[int, int, tuple[str, ...]]]) -> tuple[int, list[str]]:
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(disagreements, *zip(*jobs, strict=True)))
    return sum(count for count, _ in results), [line for _, found in results for line in found]


def test_a_quick_sample_agrees() -> None:
    compared, found = disagreements(1, 1500, CHEAP_OPS)
    slow_compared, slow_found = disagreements(2, 6, ("settings",))
    assert compared + slow_compared == 1506
    assert not found + slow_found, "\n".join((found + slow_found)[:5])


#: Cheap-op requests in the slow comparison, in seeded chunks of 5,000 (two processes). 100,000 were compared
#: once when the Open Face ops joined the fuzz (no difference, about 8 CPU-minutes); CI's share is smaller.
SLOW_CHEAP_REQUESTS = 40_000


@pytest.mark.slow
def test_forty_thousand_requests_of_every_op_and_ruleset_agree() -> None:
    jobs = [(1000 + chunk, 5000, CHEAP_OPS) for chunk in range(SLOW_CHEAP_REQUESTS // 5000)]
    jobs += [(2000 + chunk, 50, ("settings",)) for chunk in range(4)]
    jobs += [(3000 + chunk, 5, ("advise",)) for chunk in range(2)]
    compared, found = compare_in_parallel(jobs)
    assert compared == SLOW_CHEAP_REQUESTS + 200 + 10
    assert not found, f"{len(found)} disagreements, the first:\n" + "\n".join(found[:5])
