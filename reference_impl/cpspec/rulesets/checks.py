"""The checks of a merged ruleset that its schema cannot make, each located in the file that wrote the value.

Errors (:func:`check_semantics`): rule ids used twice, a citation of a source the ruleset does
not list, a parameter naming a rule the ruleset does not have (said plainly when the child's
``removes_rules`` removed it), players, naturals and scoop amounts that cannot be, a version with
no changelog entry.

Warnings (:func:`inheritance_warnings`): where a child's parameters may now say something else
than the rule text it inherits unchanged. They do not stop a ruleset from loading; ``cpspec
validate`` prints them. Two cases are found:

* the child changes a value whose governing rule (the ``rule`` of the nearest block around it,
  or of the list entry it belongs to) it inherits unchanged from its parent;
* the child replaces or deletes (``null``) the parameter that cited an inherited rule, so the rule
  is kept but nothing cites it any more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset
from cpspec.rules.table_size import table_size_conditions
from cpspec.rulesets.chain import RawRuleset, locate, path_text

#: A place in a ruleset document: keys and list indexes from the top.
DocPath = tuple[str | int, ...]



def rule_refs(value: Any, path: DocPath = ()) -> Iterable[tuple[DocPath, str]]:
    """Every ``*rule`` reference in the parameters, with its path."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if _is_rule_key(key) and isinstance(item, str):
                yield (*path, key), item
            else:
                yield from rule_refs(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from rule_refs(item, (*path, index))


def _is_rule_key(key: object) -> bool:
    return isinstance(key, str) and (key == "rule" or key.endswith("_rule"))


def check_semantics(ruleset: Ruleset, chain: Sequence[RawRuleset], merged: Mapping[str, Any]) -> None:
    """Raise a located ``bad_ruleset`` error for the first semantic problem of a merged ruleset."""

    def fail(message: str, path: Sequence[str | int] = ()) -> None:
        raise CpspecError("bad_ruleset", message, locate(path, chain, merged))

    seen: set[str] = set()
    for index, rule in enumerate(ruleset.rules):
        if rule.id in seen:
            fail(f"rule id {rule.id!r} is used twice", ("rules", index, "id"))
        seen.add(rule.id)
    sources = {s.key for s in ruleset.sources}
    for index, rule in enumerate(ruleset.rules):
        for c_index, citation in enumerate(rule.citations):
            if citation.source not in sources:
                fail(f"rule {rule.id} cites {citation.source}, which is not among the ruleset's sources (its own or "
                     "its parent's)", ("rules", index, "citations", c_index, "source"))
    removed = [str(r) for r in chain[0].data.get("removes_rules", [])]
    for path, ref in rule_refs(ruleset.document["parameters"], ("parameters",)):
        if ref in seen:
            continue
        if ref in removed:
            raise CpspecError(
                "bad_ruleset",
                f"removes_rules removes {ref}, but {path_text(path)} ({locate(path, chain, merged).split(' ')[0]}) "
                "still names it: give that parameter a rule of this ruleset, or keep the rule",
                chain[0].where(("removes_rules", removed.index(ref))),
            )
        fail(f"parameter refers to rule {ref!r}, which the ruleset does not have", path)
    _check_parameters(ruleset, fail)
    versions = [c.version for c in ruleset.changelog]
    if ruleset.version not in versions:
        fail(f"version {ruleset.version} has no changelog entry", ("changelog",))


def _check_parameters(ruleset: Ruleset, fail: Any) -> None:
    p = ruleset.parameters
    if p.players.min > p.players.max:
        fail("players.min is greater than players.max", ("parameters", "players"))
    if p.players.seat_names is not None and len(p.players.seat_names) < p.players.max:
        fail("seat_names must name at least players.max seats", ("parameters", "players", "seat_names"))
    natural_ids = [h.id for h in p.naturals.hands]
    if len(set(natural_ids)) != len(natural_ids):
        fail("natural ids must be unique", ("parameters", "naturals", "hands"))
    for index, hand in enumerate(p.naturals.hands):
        at = ("parameters", "naturals", "hands", index, "requires")
        sets, ranks = hand.requires.rank_sets, hand.requires.rank_range
        if sets is not None:
            cards = 4 * sets.quads + 3 * sets.trips + 2 * sets.pairs
            if cards > 13:
                fail(f"rank_sets asks for {cards} cards in groups, more than a hand's 13", (*at, "rank_sets"))
            if cards == 0:
                fail("rank_sets asks for no group (give quads, trips or pairs)", (*at, "rank_sets"))
        if ranks is not None and ranks.low > ranks.high:
            fail("rank_range goes from a higher rank to a lower one (the ace is high)", (*at, "rank_range"))
        chosen = hand.requires.ranks
        if chosen is not None and chosen.at_least > 4 * len(chosen.allowed):
            fail(f"ranks asks for {chosen.at_least} cards of {len(chosen.allowed)} ranks, more than the deck holds",
                 (*at, "ranks"))
    for condition in table_size_conditions(ruleset):
        outside = sorted(n for n in condition.table_sizes if not p.players.min <= n <= p.players.max)
        if outside:
            fail(f"table_sizes names {', '.join(map(str, outside))} players, but the ruleset allows "
                 f"{p.players.min}-{p.players.max}", ("parameters", *condition.path, "table_sizes"))
    if p.scoring.scoop is not None:
        counts = [e["players"] for e in ruleset.document["parameters"]["scoring"]["scoop"].get("points_by_players", [])]
        if len(set(counts)) != len(counts):
            fail("scoop gives two amounts for the same number of players",
                 ("parameters", "scoring", "scoop", "points_by_players"))
        for n in p.scoring.scoop.points_by_players:
            if not p.players.min <= n <= p.players.max:
                fail(f"scoop for {n} players, but the ruleset allows {p.players.min}-{p.players.max}",
                     ("parameters", "scoring", "scoop"))
    for kind in ("foul", "surrender", "timeout"):
        penalty = getattr(p.penalties, kind)
        if penalty is not None and set(penalty.receiver_wins) & set(penalty.payer_wins):
            fail("a segment cannot be won by both sides", ("parameters", "penalties", kind, "payer_wins"))
    if p.scoring.banker is not None and p.scoring.single_winner is not None:
        fail("a deal played against a banker has no single winner", ("parameters", "scoring", "single_winner"))
    _check_open_face(ruleset, fail)


# --- Open Face: rank bounds, rows ranked low, the dealing schedule, Fantasyland -----------------

_ORDER_KEYS = (("back_over_middle", ("back", "middle")), ("middle_over_front", ("middle", "front")),
               ("back_over_front", ("back", "front")))


def _check_open_face(ruleset: Ruleset, fail: Any) -> None:
    p = ruleset.parameters
    for index, entry in enumerate(p.bonuses.table):
        if entry.min_rank is not None and entry.max_rank is not None and entry.min_rank > entry.max_rank:
            fail("min_rank is above max_rank", ("parameters", "bonuses", "table", index))
    low = set(p.hands.low_segments)
    for key, segments in _ORDER_KEYS:
        if getattr(p.setting, key) != "none" and low.intersection(segments):
            fail(f"a row ranked low is not ordered against another: {key} must be none", ("parameters", "setting", key))
    if p.setting.low_rows_at_most is not None and not low:
        fail("low_rows_at_most needs a row ranked low (hands.lowball)", ("parameters", "setting", "low_rows_at_most"))
    if p.dealing is not None:
        kept = sum(r.keep for r in p.dealing.rounds)
        if kept != 13:
            fail(f"the rounds keep {kept} cards, not 13", ("parameters", "dealing", "rounds"))
        for index, raw in enumerate(ruleset.document["parameters"]["dealing"]["rounds"]):
            if raw["keep"] > raw["cards"]:
                fail("a round keeps more cards than it deals", ("parameters", "dealing", "rounds", index))
        if p.players.max * p.dealing.cards_seen > 52:
            fail(f"{p.players.max} players dealt {p.dealing.cards_seen} cards each need more than 52 cards",
                 ("parameters", "players", "max"))
    if p.fantasyland is not None:
        for kind in ("entry", "stay"):
            for o_index, option in enumerate(getattr(p.fantasyland, kind)):
                for r_index, req in enumerate(option.requires):
                    where = ("parameters", "fantasyland", kind, o_index, "requires", r_index)
                    if req.or_better and (req.segment in low or req.max_rank is not None or req.ranks is not None):
                        fail("or_better applies to a row ranked high, with at most a min_rank", where)
                    if req.min_rank is not None and req.max_rank is not None and req.min_rank > req.max_rank:
                        fail("min_rank is above max_rank", where)


# --- warnings ------------------------------------------------------------------------------


def _at(value: Any, path: Sequence[str | int]) -> Any:
    for part in path:
        if isinstance(part, int):
            if not isinstance(value, list) or part >= len(value):
                return None
            value = value[part]
        elif isinstance(value, Mapping) and part in value:
            value = value[part]
        else:
            return None
    return value


def _leaves(value: Any, path: DocPath) -> Iterable[tuple[DocPath, Any]]:
    """The values a child's ``parameters`` writes: a mapping's keys recursively; a list or a scalar is one value."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    else:
        yield path, value


def _governing_rule(parameters: Any, path: DocPath) -> tuple[str, DocPath] | None:
    """The ``rule`` of the nearest block around ``path`` (``path`` is under ``parameters``), and that block."""
    for end in range(len(path) - 1, 0, -1):
        block = _at(parameters, path[1:end])
        if isinstance(block, Mapping) and isinstance(block.get("rule"), str):
            return str(block["rule"]), path[:end]
    return None


def inheritance_warnings(ruleset: Ruleset, chain: Sequence[RawRuleset], parent_parameters: Mapping[str, Any]
                         ) -> list[str]:
    """Where the child's parameters may contradict rule text it inherits unchanged (see the module's doc)."""
    if len(chain) < 2:
        return []
    own = chain[0]
    own_rules = {r.id for r in ruleset.rules if r.origin == ruleset.id}
    inherited = {r.id: r.origin for r in ruleset.rules if r.origin != ruleset.id}
    merged = ruleset.document["parameters"]
    warnings: list[str] = []
    for path, value in _leaves(own.data.get("parameters", {}), ("parameters",)):
        if _is_rule_key(path[-1]) or value is None or _at(parent_parameters, path[1:]) == value:
            continue
        for governing, block in _rules_over(merged, path, value, _at(parent_parameters, path[1:])):
            if governing in inherited and governing not in own_rules:
                origin = inherited[governing]
                warnings.append(
                    f"{own.where(path)}: changes a value that rule {governing} governs ({path_text(block)}), but the "
                    f"rule's text is inherited unchanged from {origin}: write this ruleset's own rule for it (and "
                    f"list {governing} in removes_rules), or check that the inherited text still says what the "
                    "parameters do")
    cited_now = {ref for _, ref in rule_refs(merged)} | _governed_by_interpretations(ruleset)
    for path, ref in rule_refs(parent_parameters, ("parameters",)):
        if ref in inherited and ref not in cited_now:
            written = own.loaded.where(_deepest_written(own, path))
            warnings.append(
                f"{written} ({path_text(path)}): this ruleset replaces or deletes the parameter that cited rule "
                f"{ref}, which it still inherits from {inherited[ref]}: no parameter cites the rule any more; "
                f"remove it (removes_rules: [{ref}]) or cite it again")
    return warnings


def _rules_over(merged: Mapping[str, Any], path: DocPath, value: Any, before: Any) -> Iterable[tuple[str, DocPath]]:
    """The rules that govern a value the child writes: the nearest block's rule, and for a list of entries with
    rules of their own (bonus hands, naturals), the rule of each entry that is not the parent's as it was."""
    found = _governing_rule(merged, path)
    if found is not None:
        yield found
    if isinstance(value, list):
        kept = before if isinstance(before, list) else []
        for index, item in enumerate(value):
            if isinstance(item, Mapping) and isinstance(item.get("rule"), str) and item not in kept:
                yield str(item["rule"]), (*path, index)


def _governed_by_interpretations(ruleset: Ruleset) -> set[str]:
    return {str(rule.get("id")) for rule in ruleset.document.get("rules", [])
            if isinstance(rule, Mapping) and rule.get("interpretation", {}).get("governs")}


def _deepest_written(raw: RawRuleset, path: DocPath) -> DocPath:
    for end in range(len(path), 0, -1):
        if tuple(path[:end]) in raw.loaded.lines:
            return path[:end]
    return ()
