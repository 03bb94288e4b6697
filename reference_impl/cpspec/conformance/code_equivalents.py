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
    ("rules/scoring.py", "for segment, hand_a, hand_b in zip(SEGMENTS, a.hands, b.hands, strict=True):", "`True` → `False`"):
        "strict only raises on unequal lengths, and SEGMENTS and both players' hands always have three items",
    ("rules/scoring.py", "finish_matchup(matchup, 3, 0, (receiver,), ruleset, pays_sweep=penalty.counts_as_sweep)", "`0` → `1`"):
        "with the receiver on 3 segments every reading of the overall point (3 >= 2, 3 > 1) and the sweep (3 == 3) "
        "still goes to the receiver; the opponent's count is read only when the receiver's does not decide",
    ("rules/scoring.py", "finish_matchup(matchup, 3, 0, (receiver,), ruleset, pays_sweep=penalty.counts_as_sweep)", "`0` → `-1`"):
        "with the receiver on 3 segments every reading of the overall point (3 >= 2, 3 > -1) and the sweep (3 == 3) "
        "still goes to the receiver; the opponent's count is read only when the receiver's does not decide",
    ("rules/scoring.py", "high, low = (a, b) if a.natural.rank < b.natural.rank else (b, a)", "`<` → `<=`"):
        "equal ranks have already pushed and returned two lines above, so the ranks here differ and < and <= agree",
    ("rules/scoring.py", "high, low = (a, b) if order > 0 else (b, a)", "`>` → `>=`"):
        "order == 0 (equal holdings) has already pushed and returned, so order is never 0 here",
    ("rules/scoring.py", "high, low = (a, b) if order > 0 else (b, a)", "`0` → `-1`"):
        "order == 0 (equal holdings) has already pushed and returned, and compare_holdings gives -1, 0 or 1 only, "
        "so order > -1 is order > 0 here",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`1` → `2`"):
        "doubling the first seat's sign factor keeps the sign of the product, and only its sign is compared with 0",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`1` → `2` #2"):
        "-2 instead of -1 keeps the sign of the product, and only its sign is compared with 0",
    ("rules/scoring.py", "if winners and winners[0] in matchup.seats:", "`0` → `-1`"):
        "winners has at most one seat: two would each beat the other (two of three segments each, or each the "
        "positive net), and banked play, where two players need not meet, has no single winner (rulesets/checks.py)",
    ("rules/scoring.py", "matchup.credits.append(Credit(winners[0], single.points, \"winner\", single.rule,", "`0` → `-1`"):
        "winners has at most one seat: two would each beat the other (two of three segments each, or each the "
        "positive net), and banked play, where two players need not meet, has no single winner (rulesets/checks.py)",
}

UNEXERCISED: Final[dict[Key, str]] = {
    ("rules/scoring.py", "if against_same_kind and bonuses.same_category_multiplier > 1:", "`>` → `>=`"):
        "with a multiplier of 1 the points are unchanged and the rule cited is multiplier_rule or the entry's: only a "
        "ruleset with same_category_multiplier 1 and a multiplier_rule would cite another rule (none has one)",
    ("rules/scoring.py", "if against_same_kind and bonuses.same_category_multiplier > 1:", "`1` → `0`"):
        "the schema's minimum multiplier is 1, so > 0 is >= 1: only a ruleset with same_category_multiplier 1 and a "
        "multiplier_rule would cite another rule (none has one)",
    ("rules/scoring.py", 'counted = [c for c in matchup.credits if overall.counts_bonuses or c.kind != "bonus"]', "`!=` → `==`"):
        "every bundled ruleset whose overall point goes to the higher total counts bonuses (counts_bonuses: true), "
        "so the filter is never read; a ruleset with counts_bonuses false would show it",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "negate the conditional expression's condition"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `>=`"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `<`"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "negate the conditional expression's condition #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `>=` #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `<` #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "for credit in segment_credits(receiver, segment, False, ruleset):", "`False` → `True`"):
        "against_same_kind is read only where same_category_multiplier > 1, and the one bundled ruleset with a "
        "multiplier (english-harbour-eastern) scores no forfeit as a sweep (mode: fixed)",
    ("rules/scoring.py", "return", "remove the early `return` #2"):
        "when every pair meets, a player who sweeps every opponent has beaten all the others, so no second player can "
        "scoop; only banked play with a scoop (no bundled ruleset) lets two players each sweep the banker",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`0` → `1` #2"):
        "> 1 differs from > 0 only on a forfeit or natural matchup netting exactly 1; under the one single-winner "
        "ruleset (pagat-single-winner) such a matchup nets 0 or at least 3 (three units, a natural's 3 or 13)",
}
