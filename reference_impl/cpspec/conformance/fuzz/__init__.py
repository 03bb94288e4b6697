"""Differential fuzzing: seeded random requests sent to two implementations, every disagreement shrunk.

- :func:`generate_requests` (``generate.py``) makes the requests: every op, every ruleset
  the implementation serves, hands built to hold what the rules care about (naturals declared
  and not, false declarations, fouls, bonus hands, ties, surrender and timeout, stacks with a
  button, tournaments; Open Face plays, legal or broken in one place, Fantasyland boards and
  hands) and, now and then, a bad input. The same seed gives the same requests.
- :mod:`~cpspec.conformance.fuzz.compare` says where two answers disagree on what the
  protocol defines, and which rule ids the reference's answer cites there.
- :mod:`~cpspec.conformance.fuzz.shrink` makes a disagreeing request as small as it goes
  while it still disagrees the same way.
- :mod:`~cpspec.conformance.fuzz.run` sends the requests (pipelined), groups the
  disagreements and writes the report (``cpspec fuzz``, docs/implementers.md).
"""

from __future__ import annotations

from cpspec.conformance.fuzz.generate import OP_WEIGHTS, generate_requests

__all__ = ["OP_WEIGHTS", "generate_requests"]
