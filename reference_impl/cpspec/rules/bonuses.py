"""Bonus hands: the entries of ``parameters.bonuses.table`` a hand earns in a segment.

Whether a bonus is paid only for a won segment (``requires_win``), instead of the
segment's unit or in addition to it (``mode``), and doubled against a hand of the
same category (``same_category_multiplier``) is decided in :mod:`cpspec.rules.scoring`.
"""

from __future__ import annotations

from dataclasses import replace

from cpspec.rules.fouls import SegmentHands
from cpspec.rules.hands import HandValue
from cpspec.rules.model import SEGMENTS, BonusEntry, Bonuses
from cpspec.rules.patterns import fits, hand_rank

#: A bonus a player holds: the segment, and the table entry its hand earns there.
HeldBonus = tuple[str, BonusEntry]


def entry_points(entry: BonusEntry, hand: HandValue) -> int:
    """What an entry pays for this hand: its points, plus ``per_rank`` for each rank above ``min_rank``.

    Front pairs 66 = 1 ... AA = 9 are one entry: ``min_rank`` six, ``points`` 1, ``per_rank`` 1.
    """
    if not entry.per_rank or entry.min_rank is None:
        return entry.points
    return entry.points + entry.per_rank * (hand_rank(hand) - entry.min_rank)


def bonus_for(hand: HandValue, segment: str, bonuses: Bonuses) -> BonusEntry | None:
    """The best-paying entry of ``bonuses.table`` this hand earns in this segment, if any, as the hand earns it.

    An entry names a segment and a hand kind (a category id or ``royal_flush``), and may bound
    the hand's rank (:func:`cpspec.rules.patterns.fits`); among the entries the hand matches,
    the one that pays the most (:func:`entry_points`) wins, the first one on a tie. A
    rank-dependent entry is returned with the points of this hand's rank.
    """
    best: BonusEntry | None = None
    for entry in bonuses.table:
        if entry.segment != segment or not fits(hand, entry.hand, entry.min_rank, entry.max_rank, entry.ranks):
            continue
        points = entry_points(entry, hand)
        if best is None or points > best.points:
            best = replace(entry, points=points, per_rank=0) if entry.per_rank else entry
    return best


def held_bonuses(hands: SegmentHands, bonuses: Bonuses) -> tuple[HeldBonus, ...]:
    """The entries of ``bonuses.table`` these hands earn, as (segment, entry), front first."""
    found = []
    for segment, hand in zip(SEGMENTS, hands, strict=True):
        entry = bonus_for(hand, segment, bonuses)
        if entry is not None:
            found.append((segment, entry))
    return tuple(found)
