"""Why a surviving mutant cannot change any outcome: equivalent mutants, argued from the ruleset.

Each check looks at the unmutated ruleset document and the mutated parameter and returns a
sentence when the change provably cannot alter any score, settlement, classification or
error the protocol reports (only the wording of a ``reason`` or the split of ``credits``
may differ), or None when a case is needed. The arguments are deliberately narrow: a check
fires only when the parameter is not read at all under the rest of the ruleset, or when
the numbers work out the same whatever the hands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Path = tuple[str | int, ...]
Check = Callable[[Mapping[str, Any], Path, Any], "str | None"]

PENALTY_STATUSES = ("foul", "surrender", "timeout")


def _parameters(document: Mapping[str, Any]) -> Mapping[str, Any]:
    parameters: Mapping[str, Any] = document["parameters"]
    return parameters


def _no_bonuses(document: Mapping[str, Any]) -> bool:
    return not _parameters(document)["bonuses"]["table"]


def _no_naturals(document: Mapping[str, Any]) -> bool:
    return not _parameters(document)["naturals"]["hands"]


def _penalty(document: Mapping[str, Any], status: str) -> Mapping[str, Any] | None:
    penalty: Mapping[str, Any] | None = _parameters(document)["penalties"].get(status)
    return penalty


def _bonus_option(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path[:2] == ("parameters", "bonuses") and path[2] != "table" and _no_bonuses(document):
        return "the bonus table is empty, so no hand ever earns a bonus and how bonuses are paid is never read"
    return None


def _natural_option(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path[:2] == ("parameters", "naturals") and path[2] != "hands" and _no_naturals(document):
        return ("the ruleset has no naturals (a natural declaration is refused), so no natural option is "
                "ever read")
    return None


def _penalty_option_never_read(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path[:2] != ("parameters", "penalties") or len(path) < 4:
        return None
    key = path[3]
    if key == "against_natural" and _no_naturals(document):
        return "no hand is ever a natural in this ruleset, so what a penalty pays a natural is never read"
    if key == "plus_opponent_bonuses" and _no_bonuses(document):
        return "the bonus table is empty, so there is never an opponent's bonus to add to a penalty"
    return None


def _pays_to_member(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """A status toggled in pays_to that no opponent can have, or that pays back the same."""
    if path[:2] != ("parameters", "penalties") or len(path) != 4 or path[3] != "pays_to":
        return None
    payer = str(path[2])
    before = set(_parameters(document)["penalties"][payer]["pays_to"])
    toggled = before.symmetric_difference(after)
    if len(toggled) != 1:
        return None
    status = toggled.pop()
    if status == "natural" and _no_naturals(document):
        return "no opponent can be a natural in this ruleset, so paying naturals or not is never read"
    if status in PENALTY_STATUSES and _penalty(document, status) is None:
        return f"the ruleset has no {status}, so no opponent can have that status"
    if status == payer:
        return (f"two players who both {payer} pay each other the same amount, so whether a {payer} pays "
                f"another {payer} nets to nothing in every matchup")
    return None


def _sweep_value(document: Mapping[str, Any]) -> int:
    scoring = _parameters(document)["scoring"]
    overall = scoring.get("overall")
    return 3 * int(scoring["segment_points"]) + (int(overall["points"]) if overall else 0)


def _mode_same_amount(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """fixed <-> scooped when a sweep is worth exactly the fixed points and nothing else is added."""
    if path[:2] != ("parameters", "penalties") or len(path) != 4 or path[3] != "mode":
        return None
    penalty = _penalty(document, str(path[2]))
    if penalty is None or not _no_bonuses(document):
        return None
    if _sweep_value(document) == int(penalty["points"]):
        return (f"with no bonus hands a sweep is worth {_sweep_value(document)} (three segments and any overall "
                f"point), the same as the fixed {penalty['points']} points, so paying it either way is the same")
    return None


def _penalty_field(path: Path, key: str) -> bool:
    return path[:2] == ("parameters", "penalties") and len(path) == 4 and path[3] == key


def _opponent_can_be(document: Mapping[str, Any], payer: str, status: str) -> bool:
    """Whether some opponent of a ``payer`` hand can have ``status`` and be paid for it."""
    if status == "natural":
        return not _no_naturals(document)
    if status in PENALTY_STATUSES:
        return _penalty(document, status) is not None and status != payer  # the same status pays back alike
    return True


def _scooped_points_unread(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """In scooped mode the points are paid only to opponents that are neither normal nor paid a natural's value."""
    if not _penalty_field(path, "points"):
        return None
    payer = str(path[2])
    penalty = _penalty(document, payer)
    if penalty is None or penalty["mode"] != "scooped":
        return None
    for status in penalty["pays_to"]:
        if status == "normal" or not _opponent_can_be(document, payer, status):
            continue
        if status == "natural" and penalty["against_natural"] == "natural_value":
            continue
        return None
    return (f"the {payer} penalty is scooped: a normal opponent is paid a sweep and a natural its own value, "
            f"and no other opponent is paid, so the fixed points are never read")


def _bonus_flag_unread(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """plus_opponent_bonuses is read by fixed penalties only."""
    if not _penalty_field(path, "plus_opponent_bonuses"):
        return None
    penalty = _penalty(document, str(path[2]))
    if penalty is not None and penalty["mode"] == "scooped":
        return ("a scooped penalty pays a normal opponent the sweep, bonuses included as the sweep earns them; "
                "adding bonuses applies only to fixed penalties")
    if penalty is not None and penalty["mode"] == "as_segments":
        return "a penalty priced as lost segments pays the segments' units and the overall point, never bonus hands"
    return None


def _against_natural_same_amount(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if not _penalty_field(path, "against_natural"):
        return None
    payer = str(path[2])
    penalty = _penalty(document, payer)
    if penalty is None:
        return None
    if "natural" not in penalty["pays_to"]:
        return f"a {payer} pays nothing to a natural, so what it would pay one is never read"
    values = {int(h["points"]) for h in _parameters(document)["naturals"]["hands"]}
    if "points" in penalty and values == {int(penalty["points"])}:
        return (f"every natural is worth {penalty['points']}, the {payer} penalty's fixed points, so paying a "
                f"natural its value or the fixed points is the same")
    return None


def _requires_win_implied(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path == ("parameters", "bonuses", "requires_win") and _parameters(document)["bonuses"]["mode"] == "instead":
        return ("bonuses paid instead of the segment's unit are earned only by winning the segment, so "
                "requires_win is implied by mode instead (the loader sets it)")
    return None


def _multiplier_unread(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    bonuses = _parameters(document)["bonuses"]
    if path == ("parameters", "bonuses", "same_category_multiplier") and not bonuses["requires_win"] \
            and bonuses["mode"] == "added":
        return ("bonuses are paid for holding the hand, won or lost, never for beating a hand, so there is no "
                "beaten hand of the same kind to multiply against")
    return None


def _decided_by_same_without_bonuses(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path != ("parameters", "scoring", "overall", "decided_by") or not _no_bonuses(document):
        return None
    before = _parameters(document)["scoring"]["overall"]["decided_by"]
    if {before, after} == {"higher_total", "more_segments"}:
        return ("with no bonus hands a matchup's total is the segment points won, so the higher total is "
                "always the player who won more segments")
    return None


def _buy_in(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path[:2] == ("parameters", "buy_in"):
        return ("the buy-in is reported only by describe_ruleset, which echoes the parameters and is not run "
                "against mutants; no score depends on it")
    return None


def _natural_rank_order_kept(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """A natural's rank is only ever compared with the other naturals' ranks (which is higher, or equal)."""
    if len(path) != 5 or path[:3] != ("parameters", "naturals", "hands") or path[4] != "rank":
        return None
    hands = _parameters(document)["naturals"]["hands"]
    index = int(path[3])
    before = int(hands[index]["rank"])

    def sign(value: int) -> int:
        return (value > 0) - (value < 0)

    others = [int(h["rank"]) for i, h in enumerate(hands) if i != index]
    if all(sign(before - other) == sign(int(after) - other) for other in others):
        return ("a natural's rank is only compared with the other naturals' ranks, and this one is still higher, "
                "equal or lower than each of them as before")
    return None


def _single_winner_amount(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """With a single winner only who beats whom is read: segment winners, and the sign of other matchups."""
    parameters = _parameters(document)
    if not parameters["scoring"].get("single_winner"):
        return None
    why = ("with a single winner only who beats whom is read (the segments won, and for a natural or a forfeit "
           "whether the matchup's net is positive), and the change keeps every amount positive")
    if path == ("parameters", "scoring", "segment_points") and isinstance(after, int) and after >= 1:
        return why
    naturals = parameters["naturals"]
    if (len(path) == 5 and path[:3] == ("parameters", "naturals", "hands") and path[4] == "points"
            and naturals.get("higher_rank", "collects_own_value") != "collects_difference"):
        return why
    if path[:2] == ("parameters", "penalties") and len(path) == 4:
        penalty = _penalty(document, str(path[2]))
        if penalty is not None and path[3] == "points" and isinstance(after, int) and after >= 1:
            return why
        if penalty is not None and path[3] == "against_natural" and int(penalty.get("points", 0)) >= 1:
            return why
    return None


def _bonus_mode_without_units(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    if path != ("parameters", "bonuses", "mode"):
        return None
    parameters = _parameters(document)
    points = parameters["scoring"]["segment_points"]
    units = list(points.values()) if isinstance(points, Mapping) else [points]
    if all(int(u) == 0 for u in units) and parameters["bonuses"]["requires_win"]:
        return ("every segment's unit is 0, so a bonus paid instead of the unit or in addition to it is the same "
                "amount, and bonuses already need a won segment")
    return None


def _equal_value_naturals_reordered(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """Under collects_difference, reordering naturals of equal value changes no payment.

    Two naturals of equal points meeting pay a difference of 0 whatever their order; when every natural of
    another value stands above (or below) all of them before and after, the only other effect is which of
    two equal-valued naturals a hand holding both is credited with, which pays the same.
    """
    if len(path) != 5 or path[:3] != ("parameters", "naturals", "hands") or path[4] != "rank":
        return None
    naturals = _parameters(document)["naturals"]
    if naturals.get("higher_rank", "collects_own_value") != "collects_difference":
        return None
    hands = naturals["hands"]
    index = int(path[3])
    before = [int(h["rank"]) for h in hands]
    moved = list(before)
    moved[index] = int(after)

    def order(ranks: list[int], i: int, j: int) -> int:
        return (ranks[i] > ranks[j]) - (ranks[i] < ranks[j])

    points = [int(h["points"]) for h in hands]
    changed = [j for j in range(len(hands)) if j != index and order(before, index, j) != order(moved, index, j)]
    if not changed or any(points[j] != points[index] for j in changed):
        return None
    group = [index, *changed]
    for k in range(len(hands)):
        if k in group or points[k] == points[index]:
            continue
        sides = {order(ranks, k, g) for ranks in (before, moved) for g in group}
        if len(sides) != 1 or 0 in sides:
            return None
    return ("naturals of equal value meeting pay the difference, 0, whatever their order, and every natural of "
            "another value ranks above or below all of them before and after; so only which of two equal-valued "
            "naturals a hand holding both is credited with can change, which pays the same")
def _natural_at(document: Mapping[str, Any], path: Path) -> tuple[int, Mapping[str, Any]] | None:
    """The natural a path under ``parameters.naturals.hands[i]`` belongs to, with its index."""
    if path[:3] != ("parameters", "naturals", "hands") or len(path) < 5 or not isinstance(path[3], int):
        return None
    hands = _parameters(document)["naturals"]["hands"]
    return path[3], hands[path[3]]


def _distinct_ranks_implied(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """``distinct_ranks`` beside ``one_suit: 13``: thirteen cards of one suit are thirteen ranks already."""
    found = _natural_at(document, path)
    if found is None or path[4:] != ("requires", "distinct_ranks"):
        return None
    requires = found[1].get("requires", {})
    if requires.get("one_suit") == 13 and int(after) <= 13:
        return ("the natural also requires thirteen cards of one suit, which are thirteen different ranks, so "
                "asking for fewer different ranks beside it decides nothing")
    return None


def _lowest_rank_lowered_further(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """The natural ranked below every other one, moved one further down, is still below every other one."""
    found = _natural_at(document, path)
    if found is None or path[4:] != ("rank",):
        return None
    index, hand = found
    others = [int(h["rank"]) for i, h in enumerate(_parameters(document)["naturals"]["hands"]) if i != index]
    if int(after) == int(hand["rank"]) + 1 and others and int(hand["rank"]) > max(others):
        return ("this natural already ranks below every other one; one rank lower it still does, so no meeting "
                "and no choice of the best natural changes")
    return None


_RANKS = "23456789TJQKA"


def _one_of_each_rank(requires: Mapping[str, Any]) -> bool:
    """A natural whose 13 cards are one of each rank: thirteen different ranks, or thirteen of one suit."""
    return requires.get("distinct_ranks") == 13 or requires.get("one_suit") == 13


def _never_together(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two naturals can be neither one hand's nor two hands' of one deal.

    One holds one card of each rank; the other needs more cards within a range of ranks than
    the three of each rank the first leaves (and so more than the one of each the first has).
    """
    for one, other in ((a, b), (b, a)):
        span = other.get("requires", {}).get("rank_range")
        if _one_of_each_rank(one.get("requires", {})) and span is not None:
            width = _RANKS.index(span["to"]) - _RANKS.index(span["from"]) + 1
            if int(span.get("at_least", 13)) > 3 * width:
                return True
    return False


def _order_change_unseen(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """A rank change that moves a natural only against naturals it can never meet nor be held with."""
    found = _natural_at(document, path)
    if found is None or path[4:] != ("rank",):
        return None
    index, hand = found
    before = int(hand["rank"])
    moved = []
    for i, other in enumerate(_parameters(document)["naturals"]["hands"]):
        if i == index:
            continue
        rank = int(other["rank"])
        if (before > rank) - (before < rank) != (int(after) > rank) - (int(after) < rank):
            moved.append(other)
    if moved and all(_never_together(hand, other) for other in moved):
        names = ", ".join(str(o["id"]) for o in moved)
        return (f"the new rank changes {hand['id']}'s order only against {names}, which no deal can hold together "
                f"with it (one holds one card of each rank; the other needs more cards of a few ranks than the "
                f"three of each left), and no hand holds both: no meeting and no choice of the best changes")
    return None


CHECKS: tuple[Check, ...] = (
    _bonus_option,
    _natural_option,
    _penalty_option_never_read,
    _pays_to_member,
    _mode_same_amount,
    _scooped_points_unread,
    _bonus_flag_unread,
    _against_natural_same_amount,
    _requires_win_implied,
    _multiplier_unread,
    _decided_by_same_without_bonuses,
    _buy_in,
    _natural_rank_order_kept,
    _single_winner_amount,
    _bonus_mode_without_units,
    _equal_value_naturals_reordered,
    _distinct_ranks_implied,
    _lowest_rank_lowered_further,
    _order_change_unseen,
)


def explain_survivor(document: Mapping[str, Any], path: Path, after: Any) -> str | None:
    """Why changing ``path`` to ``after`` cannot change any outcome, or None if it might."""
    for check in CHECKS:
        reason = check(document, path, after)
        if reason is not None:
            return reason
    return None
