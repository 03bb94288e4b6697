"""Table-size conditions: a scoring mechanism that applies only when so many players play.

Any of the overall point, the sweep, the scoop, a single winner (``parameters.scoring.*``), a
bonus entry (``parameters.bonuses.table[]``), a natural (``parameters.naturals.hands[]``), a
surrender or a timeout (``parameters.penalties.surrender``, ``.timeout``) may carry
``table_sizes``: the numbers of players at which it applies. At any other table size the deal is
scored as if the ruleset did not have it: :func:`at_table` gives that ruleset, and
:func:`left_out_at` lists what it left out, with the rule behind each, for the explanation.

>>> from cpspec.rules.model import Scoop
>>> home_run = Scoop({}, 0, 2, False, "r-home-run", frozenset({4}))
>>> applies(home_run.table_sizes, 4), applies(home_run.table_sizes, 3), applies(None, 2)
(True, False, True)
>>> LeftOut(("scoring", "scoop"), "scoring.scoop", "r-home-run", frozenset({4})).sentence(3)
'scoring.scoop (r-home-run) applies only with 4 players; this table has 3'
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple, TypeVar

from cpspec.errors import CpspecError
from cpspec.rules.deal import PlayerInput
from cpspec.rules.model import OverallPoint, Penalty, Ruleset, Scoop, SingleWinner, Sweep, TableSizes

#: A block that may carry ``table_sizes`` (or is absent).
_Sized = TypeVar("_Sized", OverallPoint | None, Sweep | None, Scoop | None, SingleWinner | None, Penalty | None)


class LeftOut(NamedTuple):
    """A mechanism with a table-size condition: where it is, what it is, its rule, the table sizes it applies at."""

    path: tuple[str | int, ...]  # under parameters: ("scoring", "scoop"), ("bonuses", "table", 2)
    what: str  # e.g. "scoring.scoop", "bonuses.table (back four_of_a_kind)", "naturals.hands (no-pictures)"
    rule: str
    table_sizes: frozenset[int]

    def sentence(self, players: int, with_rule: bool = True) -> str:
        """Why it did not apply, in words (see the module's example); ``with_rule``: the rule in brackets."""
        listed = " or ".join(str(n) for n in sorted(self.table_sizes))
        rule = f" ({self.rule})" if with_rule else ""
        return f"{self.what}{rule} applies only with {listed} players; this table has {players}"


def applies(sizes: TableSizes, players: int) -> bool:
    """Whether a mechanism with these ``table_sizes`` applies at a table of ``players`` (None: at every table)."""
    return sizes is None or players in sizes


def table_size_conditions(ruleset: Ruleset) -> tuple[LeftOut, ...]:
    """Every mechanism of the ruleset that carries ``table_sizes``, in parameter order."""
    p = ruleset.parameters
    found: list[LeftOut] = []
    blocks = ((("scoring", "overall"), p.scoring.overall), (("scoring", "sweep"), p.scoring.sweep),
              (("scoring", "scoop"), p.scoring.scoop), (("scoring", "single_winner"), p.scoring.single_winner),
              (("penalties", "surrender"), p.penalties.surrender), (("penalties", "timeout"), p.penalties.timeout))
    for path, block in blocks:
        if block is not None and block.table_sizes is not None:
            found.append(LeftOut(path, ".".join(map(str, path)), block.rule, block.table_sizes))
    for index, entry in enumerate(p.bonuses.table):
        if entry.table_sizes is not None:
            found.append(LeftOut(("bonuses", "table", index), f"bonuses.table ({entry.segment} {entry.hand})",
                                 entry.rule, entry.table_sizes))
    for index, hand in enumerate(p.naturals.hands):
        if hand.table_sizes is not None:
            found.append(LeftOut(("naturals", "hands", index), f"naturals.hands ({hand.id})", hand.rule,
                                 hand.table_sizes))
    return tuple(found)


def left_out_at(ruleset: Ruleset, players: int) -> tuple[LeftOut, ...]:
    """The mechanisms whose ``table_sizes`` leave out a table of ``players``, in parameter order."""
    return tuple(c for c in table_size_conditions(ruleset) if players not in c.table_sizes)


def at_table(ruleset: Ruleset, players: int) -> Ruleset:
    """The ruleset as played by ``players``: every mechanism whose ``table_sizes`` leave them out removed.

    The same ruleset object when nothing is left out (most rulesets have no table-size condition).
    """
    left_out = left_out_at(ruleset, players)
    if not left_out:
        return ruleset
    p = ruleset.parameters

    def kept(block: _Sized) -> _Sized:
        return block if block is None or applies(block.table_sizes, players) else None

    scoring = replace(p.scoring, overall=kept(p.scoring.overall), sweep=kept(p.scoring.sweep),
                      scoop=kept(p.scoring.scoop), single_winner=kept(p.scoring.single_winner))
    bonuses = replace(p.bonuses, table=tuple(e for e in p.bonuses.table if applies(e.table_sizes, players)))
    naturals = replace(p.naturals, hands=tuple(h for h in p.naturals.hands if applies(h.table_sizes, players)))
    penalties = replace(p.penalties, surrender=kept(p.penalties.surrender), timeout=kept(p.penalties.timeout))
    parameters = replace(p, scoring=scoring, bonuses=bonuses, naturals=naturals, penalties=penalties)
    return replace(ruleset, parameters=parameters, left_out_at_table=tuple(left.what for left in left_out))


def refuse_left_out_declaration(player: PlayerInput, players: int, ruleset: Ruleset) -> None:
    """Raise ``bad_declaration`` for a surrender or a timeout declared where the table size leaves it out.

    ``ruleset`` is the ruleset as written (before :func:`at_table`), ``players`` the table's size.
    """
    for left in left_out_at(ruleset, players):
        if player.declare is not None and left.path == ("penalties", player.declare):
            raise CpspecError("bad_declaration", f"{player.seat} declared {player.declare}, but "
                              f"{left.sentence(players)}", f"{player.where}.declare")


__all__ = ["LeftOut", "applies", "at_table", "left_out_at", "refuse_left_out_declaration", "table_size_conditions"]
