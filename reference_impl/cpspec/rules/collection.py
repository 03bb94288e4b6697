"""The house collection (rake) for a game size (``parameters.collection``).

The table lists games by their limit; a game not listed pays at the next higher
listed level (``unlisted: next_highest``); a game over every listed level pays the
``above`` level, if the table has one.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpspec.rules.model import Collection, CollectionLevel


@dataclass(frozen=True)
class CollectionDue:
    """What the house collects for a game (the ``collection`` answer): the level that applies and its amount."""

    game: float
    level: CollectionLevel
    above: bool  # the game is over every listed level
    listed: bool  # the game's size is itself a listed level


def collection_for(game: float, table: Collection) -> CollectionDue | None:
    """The level that applies to a game of this size, or None if the table covers no such game."""
    if table.above is not None and game > table.above.game:
        return CollectionDue(game, table.above, True, False)
    for level in sorted(table.levels, key=lambda level: level.game):
        if level.game >= game:
            return CollectionDue(game, level, False, level.game == game)
    return None
