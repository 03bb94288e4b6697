"""Fantasyland: whether a finished board earns a next hand dealt all at once, and how many cards it gets.

``parameters.fantasyland`` lists options, each a set of requirements (a hand in a segment,
:func:`cpspec.rules.patterns.meets`) and the size of the next hand. A board that fouls never
qualifies. A player who played the hand normally is judged by the ``entry`` options; a player who
played it in Fantasyland by the ``stay`` options. Where several options are met, the one with the
most cards counts (the first listed of those on a tie). The player keeps 13 of the cards dealt and
discards the rest before setting them face down.
"""

from __future__ import annotations

from typing import NamedTuple

from cpspec.rules.fouls import SegmentHands
from cpspec.rules.model import Fantasyland, FantasylandOption
from cpspec.rules.patterns import meets


class Qualification(NamedTuple):
    """Whether the board earns a Fantasyland hand, its size, the options met, and the rule that decides."""

    qualifies: bool
    cards: int | None
    met: tuple[FantasylandOption, ...]
    rule: str
    reason: str


def options_met(hands: SegmentHands, options: tuple[FantasylandOption, ...]) -> tuple[FantasylandOption, ...]:
    """The options whose every requirement the three hands meet."""
    return tuple(option for option in options
                 if all(meets(hands.get(req.segment), req) for req in option.requires))


def qualify(hands: SegmentHands, fouled: bool, in_fantasyland: bool, fantasyland: Fantasyland) -> Qualification:
    """Judge a finished board: ``in_fantasyland`` says whether it was played in Fantasyland (the stay options)."""
    options = fantasyland.stay if in_fantasyland else fantasyland.entry
    quiet_rule = (fantasyland.stay_rule or fantasyland.rule) if in_fantasyland else fantasyland.rule
    if fouled:
        return Qualification(False, None, (), quiet_rule, "a fouled board never earns Fantasyland")
    met = options_met(hands, options)
    if not met:
        if in_fantasyland and not options:
            return Qualification(False, None, (), quiet_rule, "a player cannot stay in Fantasyland")
        what = "stay in" if in_fantasyland else "enter"
        return Qualification(False, None, (), quiet_rule, f"the board meets no condition to {what} Fantasyland")
    best = max(met, key=lambda option: option.cards)  # max keeps the first of equal sizes
    verb = "stays in" if in_fantasyland else "enters"
    return Qualification(True, best.cards, met, best.rule,
                         f"{verb} Fantasyland: the next hand is {best.cards} cards dealt at once")
