"""The game's words in both languages, and a natural's conditions in words.

Where names live: the segments and the hand categories are the same in every ruleset, so
their English and Chinese names are one shared table here (:data:`SEGMENT_NAMES`,
:data:`HAND_NAMES`); a natural's names belong to its ruleset (``naturals.hands[].names``),
since which naturals exist and what they are called differ from region to region (六对半 or
六對半, "six pairs" or "six and a half pairs"). The Chinese names here are the simplified
forms the Chinese-language rule pages most use; a rule's title or text may give a region's own.

Standard library only: the dispute desk renders explanations in the browser.
"""

from __future__ import annotations

from typing import Final

from cpspec.rules.cards import RANKS
from cpspec.rules.model import Names, NaturalConditions, NaturalHand

#: The three segments: 头墩 (front), 中墩 (middle), 尾墩 (back).
SEGMENT_NAMES: Final[dict[str, Names]] = {
    "front": Names("front", "头墩"),
    "middle": Names("middle", "中墩"),
    "back": Names("back", "尾墩"),
}

#: The hand categories by their ids in rulesets (``bonuses.table[].hand``), and the royal flush.
HAND_NAMES: Final[dict[str, Names]] = {
    "high_card": Names("high card", "乌龙"),
    "pair": Names("pair", "对子"),
    "two_pair": Names("two pair", "两对"),
    "three_of_a_kind": Names("three of a kind", "三条"),
    "straight": Names("straight", "顺子"),
    "flush": Names("flush", "同花"),
    "full_house": Names("full house", "葫芦"),
    "four_of_a_kind": Names("four of a kind", "铁支"),
    "straight_flush": Names("straight flush", "同花顺"),
    "royal_flush": Names("royal flush", "皇家同花顺"),
}

#: The languages names can be shown in: English alone, or with the Chinese beside it.
LANGUAGES: Final = ("en", "zh")


def segment_name(segment: str, lang: str = "en") -> str:
    """``front``, or with ``lang`` ``zh`` ``front 头墩``."""
    names = SEGMENT_NAMES[segment]
    return f"{segment} {names.zh}" if lang == "zh" and names.zh else segment


def hand_name(name: str, category: str, royal: bool = False, lang: str = "en") -> str:
    """A hand's engine name (``pair of aces``), or with ``lang`` ``zh`` its category's Chinese name beside it."""
    names = HAND_NAMES["royal_flush" if royal else category]
    return f"{name} ({names.zh})" if lang == "zh" and names.zh else name


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


__all__ = ["HAND_NAMES", "LANGUAGES", "SEGMENT_NAMES", "conditions_text", "hand_name", "natural_name",
           "segment_name"]
