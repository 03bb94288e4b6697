"""Bonus hands: the entries of ``parameters.bonuses.table`` a hand earns in a segment.

Whether a bonus is paid only for a won segment (``requires_win``), instead of the
segment's unit or in addition to it (``mode``), and doubled against a hand of the
same category (``same_category_multiplier``) is decided in :mod:`cpspec.rules.scoring`.
"""

from __future__ import annotations

from cpspec.rules.fouls import SegmentHands
from cpspec.rules.hands import HandValue
from cpspec.rules.model import SEGMENTS, BonusEntry, Bonuses

#: A bonus a player holds: the segment, and the table entry its hand earns there.
HeldBonus = tuple[str, BonusEntry]


def bonus_for(hand: HandValue, segment: str, bonuses: Bonuses) -> BonusEntry | None:
    """The best-paying entry of ``bonuses.table`` this hand earns in this segment, if any.

    An entry names a segment and a hand kind (a category id or ``royal_flush``); among the
    entries the hand matches, the one with the most points wins, the first one on a tie.
    """
    best: BonusEntry | None = None
    for entry in bonuses.table:
        if entry.segment == segment and hand.matches(entry.hand) and (best is None or entry.points > best.points):
            best = entry
    return best


def held_bonuses(hands: SegmentHands, bonuses: Bonuses) -> tuple[HeldBonus, ...]:
    """The entries of ``bonuses.table`` these hands earn, as (segment, entry), front first."""
    found = []
    for segment, hand in zip(SEGMENTS, hands, strict=True):
        entry = bonus_for(hand, segment, bonuses)
        if entry is not None:
            found.append((segment, entry))
    return tuple(found)
