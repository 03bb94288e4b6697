"""Why a surviving code mutant cannot change an answer: one line each, keyed by the mutant's stable key.

:data:`EQUIVALENT` holds the mutants that cannot change any answer under any ruleset;
:data:`UNEXERCISED` those that only a ruleset with parameters no bundled ruleset has could show
(a sweep, a banker, a single winner, a wheel ranked second highest, ...): the corpus, which runs
the bundled rulesets, cannot kill them, and a ruleset that brings those parameters needs cases
that do. UNEXERCISED also holds the few mutants only the op ``advise`` reaches (the readable
engine's strongest setting, its opponents' policy): a seeded simulation whose answer cannot be
worked out by hand, which the corpus has no case of and the trials leave out. A key is
(module, the line's text, the operator) as :attr:`cpspec.strength.code_mutants.CodeMutant.key`
gives it. A reason is kept only for a mutant that passes the whole corpus *and* answers every
random request of the fuzz mode as the unmutated engine does; the check
(:mod:`cpspec.strength.code_mutation`) flags a reason whose mutant no longer exists, is
killed, or answers differently.
"""

from __future__ import annotations

from typing import Final

Key = tuple[str, str, str]

EQUIVALENT: Final[dict[Key, str]] = {
    ("rules/settlement.py", "paid = max(0, min(owed, balance[payer], room))", "`0` → `-1`"):
        "min(...) is never below 0: owed is positive, a balance never goes below 0, and room = 2 * stack - balance "
        "never below 0 since no balance passes twice its stack; so the floor of 0 or -1 is never reached",
    ("rules/scoring.py",
        "for segment, hand_a, hand_b in zip(SEGMENTS, a.hands, b.hands, strict=True):",
        "`True` → `False`"):
        "strict only raises on unequal lengths, and SEGMENTS and both players' hands always have three items",
    ("rules/scoring.py",
        "finish_matchup(matchup, 3, 0, (receiver,), ruleset, pays_sweep=penalty.counts_as_sweep)",
        "`0` → `1`"):
        "with the receiver on 3 segments every reading of the overall point (3 >= 2, 3 > 1) and the sweep (3 == 3) "
        "still goes to the receiver; the opponent's count is read only when the receiver's does not decide",
    ("rules/scoring.py",
        "finish_matchup(matchup, 3, 0, (receiver,), ruleset, pays_sweep=penalty.counts_as_sweep)",
        "`0` → `-1`"):
        "with the receiver on 3 segments every reading of the overall point (3 >= 2, 3 > -1) and the sweep (3 == 3) "
        "still goes to the receiver; the opponent's count is read only when the receiver's does not decide",
    ("rules/scoring.py", "high, low = (a, b) if a.natural.rank < b.natural.rank else (b, a)", "`<` → `<=`"):
        "equal ranks have already pushed and returned two lines above, so the ranks here differ and < and <= agree",
    ("rules/scoring.py", "high, low = (a, b) if order > 0 else (b, a)", "`>` → `>=`"):
        "order == 0 (equal holdings) has already pushed and returned, so order is never 0 here",
    ("rules/scoring.py", "high, low = (a, b) if order > 0 else (b, a)", "`0` → `-1`"):
        "order == 0 (equal holdings) has already pushed and returned, and compare_holdings gives -1, 0 or 1 only, so "
        "order > -1 is order > 0 here",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`1` → `2`"):
        "doubling the first seat's sign factor keeps the sign of the product, and only its sign is compared with 0",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`1` → `2` #2"):
        "-2 instead of -1 keeps the sign of the product, and only its sign is compared with 0",
    ("rules/scoring.py", "if winners and winners[0] in matchup.seats:", "`0` → `-1`"):
        "winners has at most one seat: two would each beat the other (two of three segments each, or each the "
        "positive net), and banked play, where two players need not meet, has no single winner (rulesets/checks.py)",
    ("rules/scoring.py",
        "matchup.credits.append(Credit(winners[0], single.points, \"winner\", single.rule,",
        "`0` → `-1`"):
        "winners has at most one seat: two would each beat the other (two of three segments each, or each the "
        "positive net), and banked play, where two players need not meet, has no single winner (rulesets/checks.py)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`4` → `5`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`4` → `3`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`3` → `4`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`3` → `2`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`2` → `3`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "SET_SIZES: Final = {\"quads\": 4, \"trips\": 3, \"pairs\": 2}", "`2` → `1`"):
        "SET_SIZES names the groups in rank_sets_text only, the explanation's words (free text)",
    ("rules/naturals.py", "if min(cards) < 0 or max(cards) > 51:", "`or` → `and`"):
        "every hand reaches here parsed from the wire (protocol/inputs.py refuses a card that is not one of the 52, "
        "and the other callers pass parsed cards), so no card is below 0 or above 51",
    ("rules/naturals.py", "if min(cards) < 0 or max(cards) > 51:", "`min` → `max`"):
        "every hand reaches here parsed from the wire (protocol/inputs.py refuses a card that is not one of the 52, "
        "and the other callers pass parsed cards), so no card is below 0 or above 51",
    ("rules/naturals.py", "if min(cards) < 0 or max(cards) > 51:", "`0` → `-1`"):
        "every hand reaches here parsed from the wire (protocol/inputs.py refuses a card that is not one of the 52, "
        "and the other callers pass parsed cards), so no card is below 0 or above 51",
    ("rules/naturals.py", "if min(cards) < 0 or max(cards) > 51:", "`max` → `min`"):
        "every hand reaches here parsed from the wire (protocol/inputs.py refuses a card that is not one of the 52, "
        "and the other callers pass parsed cards), so no card is below 0 or above 51",
    ("rules/naturals.py", "if min(cards) < 0 or max(cards) > 51:", "`51` → `52`"):
        "every hand reaches here parsed from the wire (protocol/inputs.py refuses a card that is not one of the 52, "
        "and the other callers pass parsed cards), so no card is below 0 or above 51",
    ("rules/naturals.py", "if len(ranks) == HAND_SIZE:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if len(ranks) == HAND_SIZE:", "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "return \"13 different ranks, deuce to ace\"", "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))",
        "remove the unary minus"):
        "changes only which of suits of equal count is named, in the explanation (free text); the count, and so "
        "whether the natural is held, is the same",
    ("rules/naturals.py", "suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))", "`0` → `1`"):
        "changes only which of suits of equal count is named, in the explanation (free text); the count, and so "
        "whether the natural is held, is the same",
    ("rules/naturals.py", "suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))", "`0` → `-1`"):
        "changes only which of suits of equal count is named, in the explanation (free text); the count, and so "
        "whether the natural is held, is the same",
    ("rules/naturals.py", "others = HAND_SIZE - count", "`-` → `+`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "return f\"{count} {SUIT_NAMES[suit]}\" + (f\" and {others} other\" if others else \"\")",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "count = sum(1 for card in cards if suit_of(card) in suits)",
        "negate the comprehension filter's condition"):
        "counting the cards outside each colour counts the other colour, and both colours are tried: some colour "
        "reaches the number exactly when one did before; only the colour named (free text) changes",
    ("rules/naturals.py", "count = sum(1 for card in cards if suit_of(card) in suits)", "`in` → `not in`"):
        "counting the cards outside each colour counts the other colour, and both colours are tried: some colour "
        "reaches the number exactly when one did before; only the colour named (free text) changes",
    ("rules/naturals.py", "others = HAND_SIZE - count", "`-` → `+` #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "return f\"{count} {colour} cards\" + (f\" and {others} of the other colour\" if others else \"\")",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)",
        "negate the comprehension filter's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)",
        "`not in` → `in`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if not outside:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "return f\"every card from {span}\"", "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if count >= 2:", "`2` → `1`"):
        "a one-card way is never taken: only groups of 4, 3 and 2 are wanted, so the need check skips it, and it "
        "counts no wanted group in the bound",
    ("rules/naturals.py", "ranks = sorted(counts, reverse=True)", "`True` → `False`"):
        "the order the ranks are tried in changes only the order the divisions are found: each is sorted, and the "
        "highest is taken",
    ("rules/naturals.py",
        "most: list[dict[int, int]] = [dict.fromkeys(wanted, 0) for _ in range(len(ranks) + 1)]",
        "`1` → `2`"):
        "one more bound entry past the last rank is never read (the bound past the last rank is all zeros either way)",
    ("rules/naturals.py", "if any(need[size] > still.get(size, 0) for size in need):", "`0` → `1`"):
        "a way's sizes are 4, 3 or 2, always keys of still, so the default is never read",
    ("rules/naturals.py", "if any(need[size] > still.get(size, 0) for size in need):", "`0` → `-1`"):
        "a way's sizes are 4, 3 or 2, always keys of still, so the default is never read",
    ("rules/naturals.py",
        "ranks = sorted(rank for group_size, rank in groups if group_size == size)",
        "negate the comprehension filter's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "ranks = sorted(rank for group_size, rank in groups if group_size == size)", "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if ranks:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "in_groups[rank] += size", "`+=` → `-=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "free = sorted(RANKS[rank] for rank in counts for _ in range(counts[rank] - in_groups[rank]))",
        "`-` → `+`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "sizes = [size for size, r in groups if r == rank]",
        "negate the comprehension filter's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "sizes = [size for size, r in groups if r == rank]", "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`or` → `and`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`>` → `>=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`>` → `<`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`1` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`1` → `0`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`<` → `<=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if sizes and (len(sizes) > 1 or sum(sizes) < counts[rank]):", "`<` → `>`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if free:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "text += f\" and a single {free[0]}\" if len(free) == 1 else f\" and {', '.join(free)} free\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "text += f\" and a single {free[0]}\" if len(free) == 1 else f\" and {', '.join(free)} free\"",
        "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "text += f\" and a single {free[0]}\" if len(free) == 1 else f\" and {', '.join(free)} free\"",
        "`1` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "text += f\" and a single {free[0]}\" if len(free) == 1 else f\" and {', '.join(free)} free\"",
        "`1` → `0`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if notes:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`2` → `3`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`2` → `1`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "negate the conditional expression's condition #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`==` → `!=` #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`0` → `-1`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`3` → `4`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted = \"two pairs\" if len(sizes) == 2 else \"three of a kind\" if sizes[0] == 3 else \"a pair\"",
        "`3` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "rest = count - sum(sizes)", "`-` → `+`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if rest:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "counted += \" and a single\" if rest == 1 else \" and two singles\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "counted += \" and a single\" if rest == 1 else \" and two singles\"", "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "counted += \" and a single\" if rest == 1 else \" and two singles\"", "`1` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "counted += \" and a single\" if rest == 1 else \" and two singles\"", "`1` → `0`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if not all(counts[rank] for rank in front_ranks):", "`all` → `any`"):
        "a front rank the hand lacks leaves a negative count, and the ten counts left then sum to 5 with a negative "
        "among them, so at least seven ranks are non-zero and no single straight of one card each is left: the split "
        "yields nothing, as when it is skipped",
    ("rules/naturals.py", "continue", "remove the `continue` #2"):
        "a front rank the hand lacks leaves a negative count, and the ten counts left then sum to 5 with a negative "
        "among them, so at least seven ranks are non-zero and no single straight of one card each is left: the split "
        "yields nothing, as when it is skipped",
    ("rules/naturals.py", "if not all(after_front[rank] for rank in middle_ranks):", "`all` → `any`"):
        "a middle rank the hand lacks leaves a negative count, and the five counts left then sum to 5 with a negative "
        "among them, so at least seven ranks are non-zero and no straight of one card each is left: the split yields "
        "nothing, as when it is skipped",
    ("rules/naturals.py", "continue", "remove the `continue` #3"):
        "a middle rank the hand lacks leaves a negative count, and the five counts left then sum to 5 with a negative "
        "among them, so at least seven ranks are non-zero and no straight of one card each is left: the split yields "
        "nothing, as when it is skipped",
    ("rules/naturals.py", "continue", "remove the `continue` #4"):
        "the counts left are never negative here and sum to 5, so a count of 2 or more leaves fewer than five ranks, "
        "which no straight matches",
    ("rules/naturals.py",
        "if back_ranks is not None and FIVE_CARD_STRAIGHTS.index(back_ranks) >= middle_index:",
        "`>=` → `<=`"):
        "each split into two 5-card straights is still tried once, its two straights in the other order; best_setting "
        "puts the higher in the back, so only which of equally good settings is found first changes "
        "(docs/naturals.md: any of them may be shown)",
    ("rules/naturals.py", "for segment, card in zip(users[rank], chosen, strict=True):", "`True` → `False`"):
        "strict only raises on unequal lengths, and a rank's cards are exactly as many as the segments that take that "
        "rank (every card is dealt)",
    ("rules/naturals.py", "for suit, size in zip(plan, SEGMENT_SIZES, strict=True):", "`True` → `False`"):
        "strict only raises on unequal lengths, and a plan and SEGMENT_SIZES both have three items",
    ("rules/naturals.py",
        "return sorted(combinations(pool, SEGMENT_SIZES[2]), key=lambda five: strength(evaluate5(five, wheel)),",
        "`2` → `1`"):
        "SEGMENT_SIZES[1] and SEGMENT_SIZES[2] are both 5 (middle and back)",
    ("rules/naturals.py",
        "(\"front\", \"-\".join(RANKS[r] for r in sorted({rank_of(c) for c in front}, reverse=True))",
        "`True` → `False`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "if shapes.each == \"flush\" else _ranks_text(front), _front_strength(front, shapes))]",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "if shapes.each == \"flush\" else _ranks_text(front), _front_strength(front, shapes))]",
        "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "continue", "remove the `continue` #8"):
        "a setting alike one already valued is worth the same, and only a strictly higher key replaces the best, so "
        "valuing it again changes nothing",
    ("rules/naturals.py", "if compare(middle_value, back_value) > 0:", "`>` → `>=`"):
        "when the middle and the back are equal, exchanging them gives the same hands in every segment, so only which "
        "of equally good settings is shown changes (docs/naturals.md: any of them may be shown)",
    ("rules/naturals.py", "if compare(middle_value, back_value) > 0:", "`0` → `-1`"):
        "when the middle and the back are equal, exchanging them gives the same hands in every segment, so only which "
        "of equally good settings is shown changes (docs/naturals.md: any of them may be shown)",
    ("rules/naturals.py", "if best is None or key > best[0]:", "`>` → `>=`"):
        "a later setting of equal key has the same hands in the back and middle and the same front ranks: only which "
        "of equally good settings is shown changes (docs/naturals.md: any of them may be shown)",
    ("rules/naturals.py", "if shapes.each == \"flush\":", "negate the `if` condition #3"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if shapes.each == \"flush\":", "`==` → `!=` #3"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "kind = \"straight flush\" if shapes.each == \"straight_flush\" else \"straight\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "kind = \"straight flush\" if shapes.each == \"straight_flush\" else \"straight\"",
        "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):",
        "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`all` → `any`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`-` → `+`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`+` → `-`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`1` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`1` → `0`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`1` → `2` #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if all((b - a) % (ACE + 1) == 1 for a, b in pairwise(rotated)):", "`1` → `0` #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "return \"-\".join(RANKS[r] for r in rotated)", "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "for (what, high_text, high_key), (_, low_text, low_key) in zip(high.compared, low.compared, strict=True):",
        "`True` → `False`"):
        "two holdings of one natural have compared lists of one length, and the text is free anyway",
    ("rules/hands.py", "name: str = field(init=False, compare=False, repr=False)", "`False` → `True` #2"):
        "the name is a function of the other fields (describe), so comparing or hashing it as well changes no "
        "comparison",
    ("rules/hands.py", "name: str = field(init=False, compare=False, repr=False)", "`False` → `True` #3"):
        "a hand's repr is never part of an answer",
    ("rules/hands.py", "return None", "remove the early `return`"):
        "_straight_top is called only for five distinct ranks (shape 1-1-1-1-1), so the length check never fails",
    ("rules/hands.py", "return ACE + 1 if top == ACE else top", "`1` → `2`"):
        "the broadway's strength only has to be above the wheel's (ACE) and every other straight's: ACE + 2 orders as "
        "ACE + 1 does, and the number is no part of any answer",
    ("rules/hands.py", "if groups[0][0] == 3:", "`0` → `-1`"):
        "of three cards, three of a kind is the only group, and otherwise the last group is a single card: "
        "groups[-1][0] == 3 exactly when groups[0][0] == 3",
    ("rules/hands.py", "return 1 if front.category > middle.category else -1", "`1` → `2`"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.category != middle.category` > and >= "
        "agree",
    ("rules/hands.py", "return 1 if front.category > middle.category else -1", "`>` → `>=`"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.category != middle.category` > and >= "
        "agree",
    ("rules/hands.py", "return 1 if front.category > middle.category else -1", "`1` → `2` #2"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.category != middle.category` > and >= "
        "agree",
    ("rules/hands.py", "return 1 if front.ranks > head else -1", "`1` → `2`"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.ranks != head` > and >= agree",
    ("rules/hands.py", "return 1 if front.ranks > head else -1", "`>` → `>=`"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.ranks != head` > and >= agree",
    ("rules/hands.py", "return 1 if front.ranks > head else -1", "`1` → `2` #2"):
        "the callers read only the sign (> 0, < 0, == 0), and inside `front.ranks != head` > and >= agree",
    ("rules/hands.py", "return -1 if middle_wins_ties else 0", "`1` → `2`"):
        "the callers read only the sign (> 0, < 0, == 0)",
    ("rules/hands.py", "top = 3 if hand.wheel else min(r[0], ACE)", "`0` → `-1`"):
        "a straight's ranks hold one strength number, so r[-1] is r[0]: the same top card, the same name",
    ("rules/model.py", "paraphrase: bool = False", "`False` → `True`"):
        "the builder (rulesets/build.py) always passes paraphrase (its own default when the file leaves it out), so "
        "this default is never read",
    ("rules/model.py", "counts_bonuses: bool = True", "`True` → `False`"):
        "the builder (rulesets/build.py) always passes counts_bonuses (its own default when the file leaves it out), "
        "so this default is never read",
    ("rules/model.py", "per_rank: int = 0", "`0` → `1`"):
        "the builder (rulesets/build.py) always passes per_rank (its own default when the file leaves it out), so "
        "this default is never read",
    ("rules/model.py", "per_rank: int = 0", "`0` → `-1`"):
        "the builder (rulesets/build.py) always passes per_rank (its own default when the file leaves it out), so "
        "this default is never read",
    ("rules/model.py", "english = self.en or fallback", "`or` → `and`"):
        "Names.shown is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if lang == \"zh\" and self.zh:", "negate the `if` condition"):
        "Names.shown is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if lang == \"zh\" and self.zh:", "`and` → `or`"):
        "Names.shown is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if lang == \"zh\" and self.zh:", "`==` → `!=`"):
        "Names.shown is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "return f\"{english} ({self.zh})\"", "remove the early `return`"):
        "Names.shown is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "counts_as_sweep: bool = False", "`False` → `True`"):
        "the builder (rulesets/build.py) always passes counts_as_sweep (its own default when the file leaves it out), "
        "so this default is never read",
    ("rules/model.py", "naturals_first: bool = False", "`False` → `True`"):
        "the builder (rulesets/build.py) always passes naturals_first (its own default when the file leaves it out), "
        "so this default is never read",
    ("rules/model.py", "return self.file or self.url or \"\"", "`or` → `and`"):
        "Source.key is read by no rule and no op, only by the loader's checks and cpspec validate --sources (where a "
        "wrong key refuses every bundled ruleset before any request, and every test that loads one fails); the trials "
        "rebuild rulesets without those checks",
    ("rules/model.py", "document: Mapping[str, Any] = field(repr=False, compare=False)", "`False` → `True`"):
        "no answer prints, compares or hashes a Ruleset (a ruleset's document in its repr or its equality is never "
        "seen)",
    ("rules/model.py", "document: Mapping[str, Any] = field(repr=False, compare=False)", "`False` → `True` #2"):
        "no answer prints, compares or hashes a Ruleset (a ruleset's document in its repr or its equality is never "
        "seen)",
    ("rules/model.py", "files: tuple[str, ...] = field(default=(), compare=False)", "`False` → `True`"):
        "no answer compares or hashes a Ruleset",
    ("rules/model.py", "if rule.id == rule_id:", "negate the `if` condition"):
        "Ruleset.rule is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if rule.id == rule_id:", "`==` → `!=`"):
        "Ruleset.rule is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "return rule", "remove the early `return`"):
        "Ruleset.rule is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the code "
        "mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if hand.id == natural_id:", "negate the `if` condition"):
        "Ruleset.natural is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the "
        "code mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "if hand.id == natural_id:", "`==` → `!=`"):
        "Ruleset.natural is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the "
        "code mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "return hand", "remove the early `return`"):
        "Ruleset.natural is called only by cpspec.present (the rulebook, explanations, the dispute desk) and by the "
        "code mutation's own preparation in the unmutated parent, never while answering a request",
    ("rules/model.py", "or_better: bool = False", "`False` → `True`"):
        "the builder (rulesets/build.py) always passes or_better (its own default when the file leaves it out), so "
        "this default is never read",
    ("protocol/inputs.py",
        "known = \", \".join(h.id for h in ruleset.parameters.naturals.hands) or \"none\"",
        "`or` → `and`"):
        "changes only the known naturals listed in the error's message (free text: the corpus checks the error's "
        "code, the fuzz mode never compares a message); the code and the place are the same",
    ("protocol/inputs.py",
        "allowed = str(limits.min) if limits.min == limits.max else f\"{limits.min} to {limits.max}\"",
        "negate the conditional expression's condition"):
        "changes only how the allowed number of players is written in the error's message (free text: the corpus "
        "checks the error's code, the fuzz mode never compares a message); the code and the place are the same",
    ("protocol/inputs.py",
        "allowed = str(limits.min) if limits.min == limits.max else f\"{limits.min} to {limits.max}\"",
        "`==` → `!=`"):
        "changes only how the allowed number of players is written in the error's message (free text: the corpus "
        "checks the error's code, the fuzz mode never compares a message); the code and the place are the same",
    ("rules/fouls.py", "if a.size == 3:", "`3` → `4`"):
        "the higher segment of every comparison asked (back over middle, middle over front, back over front) is the "
        "back or the middle, five cards, so a.size is never 3 (nor 4 or 2): the front-first branch never runs",
    ("rules/fouls.py", "if a.size == 3:", "`3` → `2`"):
        "the higher segment of every comparison asked (back over middle, middle over front, back over front) is the "
        "back or the middle, five cards, so a.size is never 3 (nor 4 or 2): the front-first branch never runs",
    ("rules/fouls.py", "return compare_front_with_middle(a, b, middle_wins_ties)", "remove the early `return`"):
        "the higher segment of every comparison asked (back over middle, middle over front, back over front) is the "
        "back or the middle, five cards, so a.size is never 3 (nor 4 or 2): the front-first branch never runs",
    ("rules/fouls.py",
        "for segment, hand in zip((\"front\", \"middle\", \"back\"), hands, strict=True):",
        "`True` → `False`"):
        "strict only raises on unequal lengths, and the three names and a setting's three hands always match",
    ("rules/all_settings.py", "if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:", "`or` → `and`"):
        "every caller passes 13 distinct cards the protocol has checked (bad_hand_size, duplicate_card), so the check "
        "never fires either way",
    ("rules/all_settings.py",
        "return sorted(self.settings, key=listing_key, reverse=True)[:max(limit, 0)]",
        "`0` → `-1`"):
        "a limit is 0 to 72,072 (docs/protocol.md; a negative one is bad_input), so max(limit, -1) is max(limit, 0)",
    ("rules/all_settings.py", "found = all_settings(cards, ruleset, evaluate).strongest(1)", "`1` → `2`"):
        "the first two settings in the listing order begin with the first, and only found[0] is returned",
    ("rules/settlement.py", "for second in order[i + 1:]:", "`1` → `0`"):
        "order[i:] adds the pair (first, first), which is in no phase: its amount is 0 and it is skipped",
    ("rules/settlement.py", "payee, payer = (first, second) if amount > 0 else (second, first)", "`>` → `>=`"):
        "an amount of 0 has been skipped just above, so amount > 0, amount >= 0 and amount > -1 agree",
    ("rules/settlement.py", "payee, payer = (first, second) if amount > 0 else (second, first)", "`0` → `-1`"):
        "an amount of 0 has been skipped just above, so amount > 0, amount >= 0 and amount > -1 agree",
    ("rules/settlement.py", "paid = max(0, min(owed, unused[payer], unused[payee]))", "`0` → `-1`"):
        "min(...) is never below 0: owed is positive, and a stack's unused chips start at the stack (0 or more) and "
        "fall only by what was paid, at most what was left; so the floor of 0 or -1 is never reached",
    ("rules/bonuses.py", "if not entry.per_rank or entry.min_rank is None:", "`or` → `and`"):
        "per_rank needs min_rank (the schema's dependentRequired), so the other branch runs only with per_rank 0, "
        "which adds nothing to the points",
    ("rules/bonuses.py", "best = replace(entry, points=points, per_rank=0) if entry.per_rank else entry", "`0` → `1`"):
        "the returned entry's per_rank is read by nothing (entry_points runs on table entries only; answers give a "
        "bonus's segment, hand, points and rule)",
    ("rules/bonuses.py", "best = replace(entry, points=points, per_rank=0) if entry.per_rank else entry", "`0` → `-1`"):
        "the returned entry's per_rank is read by nothing (entry_points runs on table entries only; answers give a "
        "bonus's segment, hand, points and rule)",
    ("rules/bonuses.py", "for segment, hand in zip(SEGMENTS, hands, strict=True):", "`True` → `False`"):
        "strict only raises on unequal lengths, and SEGMENTS and a setting's hands both have three items",
    ("rules/cards.py", "return RANKS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]", "`+` → `-`"):
        "card_symbol is called by no op (the explanations write suit symbols with their own card_symbols)",
    ("rules/tournament.py",
        "return TargetReached(deal, over, leaders[0] if len(leaders) == 1 else None, tournament.rule)",
        "`0` → `-1`"):
        "inside `len(leaders) == 1` the first leader is the last",
    ("rules/tournament.py", "seats = list(deal_totals[0])", "`0` → `-1`"):
        "every deal of a tournament has the same seats (ops/deals.py refuses others), so the running totals and the "
        "players hold the same seats with the same values; only the order of those objects' keys could follow a later "
        "deal seated in another order, which the protocol does not fix and the harness and the fuzz mode do not "
        "compare (objects compare by key)",
    ("rules/status.py", "what = player.natural or \"any natural\"", "`or` → `and`"):
        "changes only the words of a false declaration's reason (free text, never compared); the status, the rule and "
        "the payments are the same",
    ("rules/deal.py", "return self.front is not None", "`is not` → `is`"):
        "PlayerInput.has_setting is called nowhere in the package (the rules test `front is not None` themselves)",
    ("rules/play.py",
        "earlier = \"earlier in this round\" if dealt_in[card] == number else f\"in round {dealt_in[card]}\"",
        "negate the conditional expression's condition"):
        "changes only where the card was dealt before in a violation's message (free text: cases and the fuzz mode "
        "compare a violation's code, round, place, card and rule)",
    ("rules/play.py",
        "earlier = \"earlier in this round\" if dealt_in[card] == number else f\"in round {dealt_in[card]}\"",
        "`==` → `!=`"):
        "changes only where the card was dealt before in a violation's message (free text: cases and the fuzz mode "
        "compare a violation's code, round, place, card and rule)",
    ("rules/play.py",
        "also = \"earlier in this row\" if now[card] == segment else f\"in the {now[card]}\"",
        "negate the conditional expression's condition"):
        "changes only where else the card stands in a violation's message (free text: cases and the fuzz mode compare "
        "a violation's code, round, place, card and rule)",
    ("rules/play.py",
        "also = \"earlier in this row\" if now[card] == segment else f\"in the {now[card]}\"",
        "`==` → `!=`"):
        "changes only where else the card stands in a violation's message (free text: cases and the fuzz mode compare "
        "a violation's code, round, place, card and rule)",
    ("rules/play.py", "and dealt_in[card] < number else f\"was not dealt in round {number}\")", "`<` → `<=`"):
        "changes only how a card not dealt is described in a violation's message (free text: cases and the fuzz mode "
        "compare a violation's code, round, place, card and rule)",
    ("rules/play.py", "and dealt_in[card] < number else f\"was not dealt in round {number}\")", "`<` → `>`"):
        "changes only how a card not dealt is described in a violation's message (free text: cases and the fuzz mode "
        "compare a violation's code, round, place, card and rule)",
    ("rules/patterns.py", "return 3 if hand.wheel else min(hand.ranks[0], ACE)", "`0` → `-1`"):
        "a straight's ranks hold one strength number, so ranks[-1] is ranks[0]",
    ("rules/patterns.py", "return hand.category > category", "`>` → `>=`"):
        "inside `hand.category != category` > and >= agree",
    ("rules/fantasyland.py", "if in_fantasyland and not options:", "negate the `if` condition"):
        "both answers for a board that meets no option are the same (no qualification, no cards, none met, the same "
        "rule); only the reason's words (free text) differ",
    ("rules/fantasyland.py", "if in_fantasyland and not options:", "`and` → `or`"):
        "both answers for a board that meets no option are the same (no qualification, no cards, none met, the same "
        "rule); only the reason's words (free text) differ",
    ("rules/fantasyland.py", "if in_fantasyland and not options:", "remove `not`"):
        "both answers for a board that meets no option are the same (no qualification, no cards, none met, the same "
        "rule); only the reason's words (free text) differ",
    ("rules/fantasyland.py",
        "return Qualification(False, None, (), quiet_rule, \"a player cannot stay in Fantasyland\")",
        "remove the early `return`"):
        "both answers for a board that meets no option are the same (no qualification, no cards, none met, the same "
        "rule); only the reason's words (free text) differ",
    ("rules/fantasyland.py",
        "what = \"stay in\" if in_fantasyland else \"enter\"",
        "negate the conditional expression's condition"):
        "changes only the words of the reason (free text)",
    ("rules/fantasyland.py",
        "verb = \"stays in\" if in_fantasyland else \"enters\"",
        "negate the conditional expression's condition"):
        "changes only the words of the reason (free text)",
    ("rules/ledger.py", "sums = [0] * (1 << count)", "`1` → `2`"):
        "the list of subset sums is only made longer: every index read or written is a mask below 1 << count",
    ("rules/ledger.py", "best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the last group's mask)",
        "`0` → `1` #2"):
        "every split's group count is built up from the empty set's, so starting it at 1 adds 1 to every count alike: "
        "the split with the most groups, and so every payment, is the same",
    ("rules/ledger.py", "running = {seat: running[seat] + result.get(seat, 0) for seat in seats}", "`0` → `1`"):
        "the default is never read: every deal of a session has the first deal's seats (bad_players otherwise), and "
        "its result (its totals, or with stacks its settlement's paid) names every seat it has",
    ("rules/ledger.py", "running = {seat: running[seat] + result.get(seat, 0) for seat in seats}", "`0` → `-1`"):
        "the default is never read: every deal of a session has the first deal's seats (bad_players otherwise), and "
        "its result (its totals, or with stacks its settlement's paid) names every seat it has",
    ("rules/ledger.py", "for mask in range(1, 1 << count):", "`1` → `2`"):
        "sums[1], the first seat alone, then stays 0: it is never the sum a larger mask is built on (that drops the "
        "mask's lowest seat, leaving 1 only for mask 1 itself), so mask 1 alone enters best, as a group of one that no "
        "split uses (every group tried holds its mask's lowest seat, so a rest never holds the first seat), and a "
        "group of the first seat alone leaves a rest summing to minus its balance, never zero, so never in best",
    ("rules/ledger.py", "sums[mask] = sums[mask ^ low] + balances[low.bit_length() - 1]", "`+` → `-`"):
        "each sum becomes the true sum negated (by induction from sums[0] = 0), and a sum is only ever compared with 0",
    ("rules/ledger.py", "best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the last group's mask)",
        "`0` → `-1` #2"):
        "every split's group count is built up from the empty set's, so starting it at -1 takes 1 from every count "
        "alike: the split with the most groups, and so every payment, is the same",
    ("rules/ledger.py", "best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the last group's mask)",
        "`0` → `1` #3"):
        "the empty set's last group is never read: the search reads only best[...][0], and the walk that collects "
        "the groups stops when the mask left is 0",
    ("rules/ledger.py", "best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the last group's mask)",
        "`0` → `-1` #3"):
        "the empty set's last group is never read: the search reads only best[...][0], and the walk that collects "
        "the groups stops when the mask left is 0",
    ("rules/ledger.py", "for mask in range(1, full + 1):", "`1` → `0`"):
        "mask 0 then also passes through the search, which tries no group of it (the walk over its subsets starts "
        "at 0 and so stops at once): best[0] keeps the value it starts with",
    ("rules/ledger.py", "if len(seats) > 16:", "`16` → `17`"):
        "a session's seats are its first deal's (a deal with other seats is refused) and the schema allows at most "
        "four players, so a settle-up never has 15 seats or more",
    ("rules/ledger.py", "if len(seats) > 16:", "`16` → `15`"):
        "a session's seats are its first deal's (a deal with other seats is refused) and the schema allows at most "
        "four players, so a settle-up never has 15 seats or more",
    ("rules/ledger.py", "for mask in range(1, full + 1):", "`1` → `2`"):
        "mask 1 is the first seat alone, a zero-sum group only if that seat is even, and settle_up leaves out every "
        "seat that is even before the search: its sum is never 0, so it is skipped whether or not it is looked at",
    ("rules/ledger.py", "continue", "remove the `continue`"):
        "a subset whose balances do not sum to zero can never be completed: each of its parts that sums to zero leaves "
        "a rest that does not, and only zero-sum subsets enter best, so nothing is found for it either way",
    ("rules/ledger.py", "count_here = best[mask ^ sub][0] + 1", "`1` → `2`"):
        "counting each group twice doubles every split's count alike, so the split with the most groups (the first "
        "found among equals) is the same",
    ("rules/ledger.py", "if len(seats) > 16:", "`>` → `>=`"):
        "a session's seats are its first deal's (a deal with other seats is refused) and the schema allows at most "
        "four players, so a settle-up never has 16 seats",
    ("rules/model.py", "return dict(self.translations).get(lang, (self.title, self.summary))[0]", "`0` → `1`"):
        "a ruleset's title in another language is read only by the rulebook's Chinese pages and explain, never by an "
        "op: no answer of the protocol holds it",
    ("rules/naturals.py", "if ranks.left_out is not None:", "`is not` → `is`"):
        "this line words a natural's explanation, free text that the corpus and the fuzz never compare "
        "(docs/protocol.md, Decided details); which natural is held does not depend on it",
    ("rules/table_size.py", "def sentence(self, players: int, with_rule: bool = True) -> str:", "`True` → `False`"):
        "the sentence is the free text of a bad_declaration message (and of explain, which passes with_rule itself); "
        "the error's code and where it is, the compared parts, are the same",
    ("rules/table_size.py", 'rule = f" ({self.rule})" if with_rule else ""',
        "negate the conditional expression's condition"):
        "it only moves the rule's id in or out of the sentence: free text of a bad_declaration message and of "
        "explain's \"Did not apply\" line, which the corpus and the fuzz never compare (docs/protocol.md, Decided "
        "details); the error's code and where it is are the same",
    ("rules/table_size.py", "return ruleset", "remove the early `return`"):
        "with nothing left out every block is kept and every entry passes applies(), so the rebuilt ruleset equals "
        "the one given (left_out_at_table is () either way): only a new object, never another answer",
    ("rules/model.py",
        "return translated.title if translated is not None else self.title",
        "negate the conditional expression's condition"):
        "Rule.title_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the dispute "
        "desk), never while answering a request",
    ("rules/model.py", "return translated.title if translated is not None else self.title", "`is not` → `is`"):
        "Rule.title_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the dispute "
        "desk), never while answering a request",
    ("rules/model.py",
        "return translated.text if translated is not None else self.text",
        "negate the conditional expression's condition"):
        "Rule.text_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the dispute "
        "desk), never while answering a request",
    ("rules/model.py", "return translated.text if translated is not None else self.text", "`is not` → `is`"):
        "Rule.text_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the dispute "
        "desk), never while answering a request",
    ("rules/model.py", "at_least: int = 13", "`13` → `14`"):
        "the builder (rulesets/build.py) always passes at_least (13 where the file leaves it out), so this default "
        "is never read",
    ("rules/model.py", "at_least: int = 13", "`13` → `12`"):
        "the builder (rulesets/build.py) always passes at_least (13 where the file leaves it out), so this default "
        "is never read",
    ("rules/model.py", "return dict(self.translations).get(lang, (self.title, self.summary))[0]", "`0` → `-1`"):
        "Ruleset.title_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the "
        "dispute desk), never while answering a request",
    ("rules/model.py", "return dict(self.translations).get(lang, (self.title, self.summary))[1]", "`1` → `2`"):
        "Ruleset.summary_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the "
        "dispute desk), never while answering a request",
    ("rules/model.py", "return dict(self.translations).get(lang, (self.title, self.summary))[1]", "`1` → `0`"):
        "Ruleset.summary_in is called only by cpspec.present (the Chinese explanation, the rulebook's pages, the "
        "dispute desk), never while answering a request",
    ("rules/model.py", "left_out_at_table: tuple[str, ...] = field(default=(), compare=False)", "`False` → `True`"):
        "no answer compares or hashes a Ruleset",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "`0` → `-1`"):
        "listed[0] is read only where listed has one item, and then listed[-1] is that item",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "`==` → `!=`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "`1` → `2`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "`1` → `0`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)",
        "negate the comprehension filter's condition #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "outside = sorted(RANKS[rank_of(card)] for card in cards if card not in inside)",
        "`not in` → `in` #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if ranks.left_out is not None:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "return f\"no {words}\" if not outside else "
        "f\"{len(inside)} cards that are not {words}, and {', '.join(outside)}\"",
        "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py",
        "return f\"no {words}\" if not outside else "
        "f\"{len(inside)} cards that are not {words}, and {', '.join(outside)}\"",
        "negate the conditional expression's condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if not outside:", "negate the `if` condition #2"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "return f\"every card one of {words}\"", "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "seen[size] += 1", "`+=` → `-=`"):
        "seen picks only the ordinal word of what a comparison names (the second pair), in a natural matchup's "
        "reason (free text: the corpus and the fuzz mode never compare it); the key compared is (size, rank) either "
        "way",
    ("rules/naturals.py", "seen[size] += 1", "`1` → `0`"):
        "seen picks only the ordinal word of what a comparison names (the second pair), in a natural matchup's "
        "reason (free text: the corpus and the fuzz mode never compare it); the key compared is (size, rank) either "
        "way",
    ("rules/naturals.py", "if high_key != low_key:", "negate the `if` condition"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "if high_key != low_key:", "`!=` → `==`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
    ("rules/naturals.py", "return f\"{what}: {high_text} against {low_text}\"", "remove the early `return`"):
        "changes only the explanation's words or the words a natural matchup's reason quotes (free text: the corpus "
        "and the fuzz mode never compare them)",
}

UNEXERCISED: Final[dict[Key, str]] = {
    ("rules/table_size.py",
        'if player.declare is not None and left.path == ("penalties", player.declare):', "`is not` → `is`"):
        "it stops every refusal of a declaration left out at the table's size, and only a ruleset whose "
        "penalties.surrender or penalties.timeout has table_sizes has one to refuse (no bundled ruleset has)",
    ("rules/scoring.py", "if against_same_kind and bonuses.same_category_multiplier > 1:", "`>` → `>=`"):
        "with a multiplier of 1 the points are unchanged and the rule cited is multiplier_rule or the entry's: only a "
        "ruleset with same_category_multiplier 1 and a multiplier_rule would cite another rule (none has one)",
    ("rules/scoring.py", "if against_same_kind and bonuses.same_category_multiplier > 1:", "`1` → `0`"):
        "the schema's minimum multiplier is 1, so > 0 is >= 1: only a ruleset with same_category_multiplier 1 and a "
        "multiplier_rule would cite another rule (none has one)",
    ("rules/scoring.py",
        "counted = [c for c in matchup.credits if overall.counts_bonuses or c.kind != \"bonus\"]",
        "`!=` → `==`"):
        "every bundled ruleset whose overall point goes to the higher total counts bonuses (counts_bonuses: true), so "
        "the filter is never read; a ruleset with counts_bonuses false would show it",
    ("rules/scoring.py",
        "winner = a if wins_a > wins_b else b if wins_b > wins_a else None",
        "negate the conditional expression's condition"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `>=`"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `<`"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py",
        "winner = a if wins_a > wins_b else b if wins_b > wins_a else None",
        "negate the conditional expression's condition #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `>=` #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "winner = a if wins_a > wins_b else b if wins_b > wins_a else None", "`>` → `<` #2"):
        "decided_by: more_segments: no bundled ruleset's overall point is decided by more segments won",
    ("rules/scoring.py", "for credit in segment_credits(receiver, segment, False, ruleset):", "`False` → `True`"):
        "against_same_kind is read only where same_category_multiplier > 1, and the one bundled ruleset with a "
        "multiplier scores no forfeit as a sweep (mode: fixed)",
    ("rules/scoring.py", "return", "remove the early `return` #2"):
        "when every pair meets, a player who sweeps every opponent has beaten all the others, so no second player can "
        "scoop; only banked play with a scoop (no bundled ruleset) lets two players each sweep the banker",
    ("rules/scoring.py", "return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0", "`0` → `1` #2"):
        "> 1 differs from > 0 only on a forfeit or natural matchup netting exactly 1; under the one single-winner "
        "ruleset such a matchup nets 0 or at least 3 (three units, a natural's 3 or 13)",
    ("rules/naturals.py", "FRONT_SIZE: Final = 3", "`3` → `4`"):
        "FRONT_SIZE is read only by _is_straight, which runs only where a straight flush does not serve as a straight "
        "or flush (straight_flush_counts: false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "FRONT_SIZE: Final = 3", "`3` → `2`"):
        "FRONT_SIZE is read only by _is_straight, which runs only where a straight flush does not serve as a straight "
        "or flush (straight_flush_counts: false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "straights.append((ACE - 1, ACE, 0))", "`-` → `+`"):
        "front_wraparound: no bundled ruleset lets K-A-2 be a 3-card straight",
    ("rules/naturals.py", "straights.append((ACE - 1, ACE, 0))", "`1` → `2`"):
        "front_wraparound: no bundled ruleset lets K-A-2 be a 3-card straight",
    ("rules/naturals.py", "straights.append((ACE - 1, ACE, 0))", "`1` → `0`"):
        "front_wraparound: no bundled ruleset lets K-A-2 be a 3-card straight",
    ("rules/naturals.py", "straights.append((ACE - 1, ACE, 0))", "`0` → `1`"):
        "front_wraparound: no bundled ruleset lets K-A-2 be a 3-card straight",
    ("rules/naturals.py", "straights.append((ACE - 1, ACE, 0))", "`0` → `-1`"):
        "front_wraparound: no bundled ruleset lets K-A-2 be a 3-card straight",
    ("rules/naturals.py", "straights.extend(tuple(range(low, low + 3)) for low in range(0, ACE - 2))", "`2` → `1`"):
        "one range further adds Q-K-A a second time, after its place from front_ace_high, which every bundled ruleset "
        "has (the first place, the one a front's strength reads, is unchanged); front_ace_high: false would show it",
    ("rules/naturals.py", "suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))", "`max` → `min`"):
        "one_suit is 13 in every bundled ruleset: a hand meets it only when all its cards are of one suit, then the "
        "only suit counted, so any pick of a suit agrees; one_suit below 13 would show it",
    ("rules/naturals.py", "suit, count = max(counts.items(), key=lambda item: (item[1], -item[0]))", "`1` → `0`"):
        "one_suit is 13 in every bundled ruleset: a hand meets it only when all its cards are of one suit, then the "
        "only suit counted, so any pick of a suit agrees; one_suit below 13 would show it",
    ("rules/naturals.py", "ways.extend([(2, 2), (3,), (2,)])", "`2` → `3` #3"):
        "a four of a kind counted as one pair (two cards free) completes a division only where the groups wanted "
        "leave two cards free besides; every bundled rank set leaves at most one of the 13 (six pairs: a quad and "
        "five other pairs would be 14 cards)",
    ("rules/naturals.py", "ways.extend([(2, 2), (3,), (2,)])", "`2` → `1` #3"):
        "a four of a kind counted as one pair (two cards free) completes a division only where the groups wanted "
        "leave two cards free besides; every bundled rank set leaves at most one of the 13 (six pairs: a quad and "
        "five other pairs would be 14 cards)",
    ("rules/naturals.py", "continue", "remove the `continue`"):
        "every bundled rank set uses 12 or 13 of the 13 cards, so a group taken that is not wanted leaves too few "
        "cards for the groups that are, and the bound prunes the branch; a rank set wanting fewer cards would run "
        "past the last rank (an error)",
    ("rules/naturals.py", "return max(rank_set_divisions(cards, sets), default=None)", "`max` → `min`"):
        "every bundled rank set uses 12 or 13 of the 13 cards, so each rank's count fixes its groups and the cards "
        "divide in one way only: the lowest division is the highest; a rank set leaving more cards free would show it",
    ("rules/naturals.py", "if len(cards) == FRONT_SIZE:", "negate the `if` condition"):
        "_is_straight runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "if len(cards) == FRONT_SIZE:", "`==` → `!=`"):
        "_is_straight runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py",
        "return ranks in {frozenset(s) for s in front_straights(shapes)}",
        "remove the early `return`"):
        "_is_straight runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "return ranks in {frozenset(s) for s in front_straights(shapes)}", "`in` → `not in`"):
        "_is_straight runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "return ranks in _FIVE_CARD_STRAIGHT_SETS", "`in` → `not in`"):
        "_is_straight runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "return shapes.straight_flush_counts or not _one_suit(segment)", "remove `not`"):
        "_segment_allowed's second part runs only where a straight flush does not serve as a straight or flush "
        "(straight_flush_counts: false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "if shapes.distinct_suits and len(set(plan)) != len(plan):", "`!=` → `==`"):
        "distinct_suits: no bundled ruleset asks three flushes of three different suits",
    ("rules/naturals.py", "continue", "remove the `continue` #5"):
        "distinct_suits: no bundled ruleset asks three flushes of three different suits",
    ("rules/naturals.py", "return shapes.straight_flush_counts or not _is_straight(segment, shapes)", "remove `not`"):
        "allowed() runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "continue", "remove the `continue` #7"):
        "this continue runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/naturals.py", "if allowed(middle) and allowed(front):", "`and` → `or`"):
        "allowed() runs only where a straight flush does not serve as a straight or flush (straight_flush_counts: "
        "false); every bundled ruleset's shapes count them",
    ("rules/hands.py", "return -hand.category, tuple(-rank for rank in hand.ranks)", "remove the unary minus"):
        "the one bundled ruleset with a row ranked low (a deuce-to-seven middle) fouls any low row that is not a "
        "high-card hand (low_rows_at_most), so two low rows compared are both high card and their categories never "
        "differ; a ruleset allowing pairs in a low row would show it",
    ("rules/hands.py", "return -1 if middle_wins_ties else 0", "`1` → `0`"):
        "front_middle_ties: middle_higher: no bundled ruleset lets a middle's extra cards win a tie with the front; "
        "under `equal` both branches give 0",
    ("rules/model.py", "split_trips: bool = False", "`False` → `True`"):
        "the bundled rank sets that leave split_trips out (three quads, four trips, five pairs and trips) want no "
        "pair, or use all 13 cards, so a three of a kind counted as a pair never completes one; a six-pairs natural "
        "leaving it out would show it",
    ("rules/model.py", "front_ace_low: bool = True", "`True` → `False`"):
        "every bundled natural whose shapes read front_ace_low states it (the shapes that leave it out do not read "
        "it: flushes), so the default is never read; a ruleset leaving it out would show it",
    ("rules/model.py", "front_ace_high: bool = True", "`True` → `False`"):
        "every bundled natural whose shapes read front_ace_high states it (the shapes that leave it out do not read "
        "it: flushes), so the default is never read; a ruleset leaving it out would show it",
    ("rules/model.py", "front_wraparound: bool = False", "`False` → `True`"):
        "every bundled natural whose shapes read front_wraparound states it (the shapes that leave it out do not read "
        "it: flushes), so the default is never read; a ruleset leaving it out would show it",
    ("rules/model.py", "straight_flush_counts: bool = True", "`True` → `False`"):
        "every bundled natural whose shapes read straight_flush_counts states it (the shapes that leave it out do not "
        "read it: three straight flushes), so the default is never read; a ruleset leaving it out would show it",
    ("rules/model.py", "distinct_suits: bool = False", "`False` → `True`"):
        "every bundled natural whose shapes read distinct_suits states it (the shapes that leave it out do not read "
        "it: straight shapes), so the default is never read; a ruleset leaving it out would show it",
    ("rules/model.py", "return hand.rank, -hand.points", "remove the unary minus"):
        "every bundled ruleset gives naturals of one rank the same points, so preferring fewer points among naturals "
        "of the best rank picks the same one",
    ("rules/fouls.py", "return compare(a, b)", "remove the early `return`"):
        "for two 5-card hands compare_front_with_middle (turned round) orders as compare does, by category then "
        "ranks, except that under front_middle_ties: middle_higher a tie goes to the lower segment and a row ranked "
        "low is ordered the other way; no bundled ruleset has middle_higher, and the one with a low row (a "
        "deuce-to-seven middle) compares that row with no other",
    ("rules/all_settings.py", "found = all_settings(cards, ruleset, evaluate).strongest(1)", "`1` → `0`"):
        "strongest_setting is reached only by the op advise on the readable engine (the fast engine asks "
        "settings_classifier.strongest_setting): advise, a seeded simulation whose answer cannot be worked out by "
        "hand, has no case and the code mutation leaves it out (SKIPPED_OPS); tests/test_engines_agree compares the "
        "two engines' advice",
    ("rules/all_settings.py", "return found[0] if found else None", "`0` → `1`"):
        "strongest_setting is reached only by the op advise on the readable engine (the fast engine asks "
        "settings_classifier.strongest_setting): advise, a seeded simulation whose answer cannot be worked out by "
        "hand, has no case and the code mutation leaves it out (SKIPPED_OPS); tests/test_engines_agree compares the "
        "two engines' advice",
    ("rules/all_settings.py", "return found[0] if found else None", "`0` → `-1`"):
        "strongest_setting is reached only by the op advise on the readable engine (the fast engine asks "
        "settings_classifier.strongest_setting): advise, a seeded simulation whose answer cannot be worked out by "
        "hand, has no case and the code mutation leaves it out (SKIPPED_OPS); tests/test_engines_agree compares the "
        "two engines' advice",
    ("rules/all_settings.py", "return found[0] if found else None", "negate the conditional expression's condition"):
        "strongest_setting is reached only by the op advise on the readable engine (the fast engine asks "
        "settings_classifier.strongest_setting): advise, a seeded simulation whose answer cannot be worked out by "
        "hand, has no case and the code mutation leaves it out (SKIPPED_OPS); tests/test_engines_agree compares the "
        "two engines' advice",
    ("rules/bonuses.py", "if best is None or points > best.points:", "`>` → `>=`"):
        "no bundled bonus table has two entries that one hand meets for equal points (every rank pattern and "
        "suitedness tried for each segment), so the first or the last on a tie is the same entry; a table with such a "
        "tie would show it",
    ("rules/cards.py", "FULL_DECK: Final[tuple[Card, ...]] = tuple(range(52))", "`52` → `53`"):
        "FULL_DECK is read only by the op advise (the cards its opponents are dealt from): a seeded simulation whose "
        "answer cannot be worked out by hand, with no case, left out of the trials",
    ("rules/cards.py", "FULL_DECK: Final[tuple[Card, ...]] = tuple(range(52))", "`52` → `51`"):
        "FULL_DECK is read only by the op advise (the cards its opponents are dealt from): a seeded simulation whose "
        "answer cannot be worked out by hand, with no case, left out of the trials",
    ("rules/patterns.py", "if hand.category in _STRAIGHTS:", "negate the `if` condition"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "if hand.category in _STRAIGHTS:", "`in` → `not in`"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "return 3 if hand.wheel else min(hand.ranks[0], ACE)", "remove the early `return`"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "return 3 if hand.wheel else min(hand.ranks[0], ACE)", "`3` → `4`"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "return 3 if hand.wheel else min(hand.ranks[0], ACE)", "`3` → `2`"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py",
        "return 3 if hand.wheel else min(hand.ranks[0], ACE)",
        "negate the conditional expression's condition"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "return 3 if hand.wheel else min(hand.ranks[0], ACE)", "`min` → `max`"):
        "a straight's rank is only compared where a bonus entry or a Fantasyland requirement bounds a straight by "
        "rank (min_rank, max_rank, per_rank, ranks) or asks for one or better with a min_rank; no bundled ruleset "
        "does (fits computes the rank, and nothing reads it)",
    ("rules/patterns.py", "return hand.royal", "remove the early `return`"):
        "no bundled Fantasyland requirement asks for a royal flush or better",
    ("rules/lowball.py", "return HandValue(category, _ACE_HIGH_WHEEL, 5, low=True)", "`5` → `6`"):
        "a hand's size is read only when it is compared with another; a wheel in a row ranked low is ace high, worse "
        "than the ten-high limit of the one bundled ruleset with a low row (a deuce-to-seven middle), so it always "
        "fouls and is compared with nothing; a low row without that limit would show it",
    ("rules/lowball.py", "return HandValue(category, _ACE_HIGH_WHEEL, 5, low=True)", "`5` → `4`"):
        "a hand's size is read only when it is compared with another; a wheel in a row ranked low is ace high, worse "
        "than the ten-high limit of the one bundled ruleset with a low row (a deuce-to-seven middle), so it always "
        "fouls and is compared with nothing; a low row without that limit would show it",
    ("rules/fantasyland.py",
        "return Qualification(False, None, (), quiet_rule, \"a player cannot stay in Fantasyland\")",
        "`False` → `True`"):
        "runs only for a board played in Fantasyland under a ruleset with no stay options; every bundled ruleset with "
        "Fantasyland has some",
    ("rules/naturals.py",
        "words = listed[0] if len(listed) == 1 else f\"{', '.join(listed[:-1])} or {listed[-1]}\"",
        "`0` → `1`"):
        "runs only for a natural whose ranks name a single rank (no bundled natural does: they name three, four or "
        "ten), where listed[1] would raise; with two or more ranks it is not read",
}
