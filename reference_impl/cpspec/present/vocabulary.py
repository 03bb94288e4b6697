"""The game's words in both languages, and a natural's conditions in words.

Where names live: every term (the segments, the hand categories, the naturals by kind, the
scoring words) is one entry of the shared vocabulary, ``rulesets/vocabulary/terms.yaml``
(:mod:`cpspec.rulesets.vocabulary`); :data:`SEGMENT_NAMES` and :data:`HAND_NAMES` are read from
it. A natural's names belong to its ruleset (``naturals.hands[].names``), since which naturals
exist and what they are called differ from region to region; a bilingual ruleset's natural is
named as the vocabulary names its kind (tests/test_languages.py).

Standard library only at import: the dispute desk renders English explanations in the browser
without the vocabulary file; the tables are read the first time they are asked for.
"""

from __future__ import annotations

from typing import Final

from cpspec.rules.cards import RANKS
from cpspec.rules.model import SEGMENTS, Names, NaturalConditions, NaturalHand

#: The hand categories by their ids in rulesets (``bonuses.table[].hand``), and the royal flush.
HAND_IDS: Final = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                   "four_of_a_kind", "straight_flush", "royal_flush")


def _names(ids: tuple[str, ...]) -> dict[str, Names]:
    from cpspec.rulesets.vocabulary import vocabulary

    terms = vocabulary()
    return {i: Names(terms.term(i).en, terms.term(i).zh) for i in ids}


def __getattr__(name: str) -> dict[str, Names]:
    """``SEGMENT_NAMES`` (头墩, 中墩, 尾墩) and ``HAND_NAMES`` (乌龙 .. 皇家同花顺), read from the vocabulary."""
    if name == "SEGMENT_NAMES":
        return _names(SEGMENTS)
    if name == "HAND_NAMES":
        return _names(HAND_IDS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The languages names can be shown in: English alone, or with the Chinese beside it.
LANGUAGES: Final = ("en", "zh")


def segment_name(segment: str, lang: str = "en") -> str:
    """``front``, or with ``lang`` ``zh`` ``front 头墩``."""
    if lang != "zh":
        return segment
    return f"{segment} {_names((segment,))[segment].zh}"


def hand_name(name: str, category: str, royal: bool = False, lang: str = "en") -> str:
    """A hand's engine name (``pair of aces``), or with ``lang`` ``zh`` its category's Chinese name beside it."""
    if lang != "zh":
        return name
    key = "royal_flush" if royal else category
    return f"{name} ({_names((key,))[key].zh})"


def natural_name(natural: NaturalHand, lang: str = "en") -> str:
    """A natural's English name (its id when it has none), with its Chinese name beside it for ``zh``."""
    return natural.names.shown(lang, natural.id)


def conditions_text(requires: NaturalConditions) -> str:
    """What a natural requires, in words, e.g. ``13 different ranks; 13 cards of one suit``."""
    parts: list[str] = []
    if requires.distinct_ranks is not None:
        parts.append(f"{requires.distinct_ranks} different ranks")
    if requires.one_suit is not None:
        parts.append(f"{requires.one_suit} cards of one suit")
    if requires.one_colour is not None:
        parts.append(f"{requires.one_colour} cards of one colour")
    if requires.rank_range is not None:
        span = requires.rank_range
        howmany = "all 13 cards" if span.at_least == 13 else f"{span.at_least} cards"
        parts.append(f"{howmany} from {RANKS[span.low]} to {RANKS[span.high]}")
    if requires.ranks is not None:
        chosen = requires.ranks
        howmany = "all 13 cards" if chosen.at_least == 13 else f"{chosen.at_least} cards"
        if chosen.left_out is not None:
            parts.append(f"{howmany} other than {', '.join(RANKS[r] for r in sorted(chosen.left_out))}")
        else:
            parts.append(f"{howmany} of {', '.join(RANKS[r] for r in sorted(chosen.allowed))}")
    if requires.rank_sets is not None:
        sets = requires.rank_sets
        words = ((sets.quads, "four of a kind", "fours of a kind"), (sets.trips, "three of a kind", "threes of a kind"),
                 (sets.pairs, "pair", "pairs"))
        groups = [f"a {one}" if n == 1 else f"{n} {many}" for n, one, many in words if n]
        text = " and ".join(groups)
        splits = [what for flag, what in ((sets.split_trips, "three of a kind may count as a pair"),
                                          (sets.split_quads, "four of a kind as two pairs or a three")) if flag]
        parts.append(text + (f" ({'; '.join(splits)})" if splits else ""))
    if requires.segments is not None:
        shapes = requires.segments
        shape = {"straight": "a straight", "flush": "a flush", "straight_flush": "a straight flush"}[shapes.each]
        text = f"every segment {shape}"
        notes = []
        if shapes.each != "flush":
            runs = [run for flag, run in ((shapes.front_ace_low, "A-2-3"), (shapes.front_ace_high, "Q-K-A"),
                                          (shapes.front_wraparound, "K-A-2")) if flag]
            notes.append("front runs with the ace: " + (", ".join(runs) if runs else "none"))
        if shapes.each != "straight_flush":
            notes.append("a straight flush serves" if shapes.straight_flush_counts else "no straight flush serves")
        if shapes.each == "flush" and shapes.distinct_suits:
            notes.append("three different suits")
        parts.append(text + f" ({'; '.join(notes)})")
    return "; ".join(parts)


__all__ = ["HAND_IDS", "HAND_NAMES", "LANGUAGES", "SEGMENT_NAMES", "conditions_text", "hand_name",  # noqa: F822
           "natural_name", "segment_name"]
