"""Why a surviving code mutant cannot change an answer: one line each, keyed by the mutant's stable key.

:data:`EQUIVALENT` holds the mutants that cannot change any answer under any ruleset;
:data:`UNEXERCISED` those that only a ruleset with parameters no bundled ruleset has could show
(a sweep, a banker, a single winner, a wheel ranked second highest, ...): the corpus, which runs
the bundled rulesets, cannot kill them, and a ruleset that brings those parameters needs cases
that do. A key is (module, the line's text, the operator) as :attr:`cpspec.conformance.code_mutants.CodeMutant.key`
gives it. A reason is kept only for a mutant that passes the whole corpus *and* answers every
random request of the fuzz mode as the unmutated engine does; the check
(:mod:`cpspec.conformance.code_mutation`) flags a reason whose mutant no longer exists, is
killed, or answers differently.
"""

from __future__ import annotations

from typing import Final

Key = tuple[str, str, str]

EQUIVALENT: Final[dict[Key, str]] = {
    ("rules/settlement.py", "paid = max(0, min(owed, balance[payer], room))", "`0` → `-1`"):
        "min(...) is never below 0: owed is positive, a balance never goes below 0, and room = 2 * stack - balance "
        "never below 0 since no balance passes twice its stack; so the floor of 0 or -1 is never reached",
}

UNEXERCISED: Final[dict[Key, str]] = {
}
