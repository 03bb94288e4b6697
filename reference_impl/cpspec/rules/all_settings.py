"""All 72,072 ways to set 13 cards, and which of them keep the setting order: the readable definition.

A setting splits 13 cards into a 3-card front, a 5-card middle and a 5-card back:
C(13,3) * C(10,5) = 286 * 252 = 72,072 ways. Whether one fouls is
:func:`cpspec.rules.fouls.check_order` under ``parameters.setting``, with the hands
valued under ``parameters.hands.wheel``. Each of the 286 fronts and 1,287 5-card
hands is valued once and every setting is then checked.

:mod:`cpspec.fast.settings_classifier` answers the same questions with bitsets;
``tests/test_settings_classifier.py`` proves the two equal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, NamedTuple, Protocol

from cpspec.rules.cards import Card
from cpspec.rules.fouls import SegmentHands, check_order
from cpspec.rules.hands import HandEvaluator, HandValue, evaluate, strength
from cpspec.rules.lowball import evaluate_deuce_to_seven
from cpspec.rules.model import Ruleset

HAND_SIZE: Final = 13
TOTAL_SETTINGS: Final = 72_072  # C(13,3) * C(10,5)

LIST_ORDER: Final = (
    "strongest back first, then strongest middle, then strongest front; settings with "
    "equal hands in all three segments (they differ only in suits) by their cards: the "
    "back's, then the middle's, then the front's card ids (rank * 4 + suit, suits c d h s) "
    "sorted high to low and compared, higher first"
)


class SettingChoice(NamedTuple):
    """One setting of a hand: each segment's cards (highest card id first) and the three hands' values."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    hands: SegmentHands


def listing_key(setting: SettingChoice) -> tuple[object, ...]:
    """What :data:`LIST_ORDER` sorts by, highest first: the hands back to front, then the cards."""
    return (strength(setting.hands.back), strength(setting.hands.middle), strength(setting.hands.front),
            setting.back, setting.middle, setting.front)


class SettingsTable(Protocol):
    """The valid (non-fouling) settings of one hand under one ruleset, however they were found."""

    @property
    def valid(self) -> int:
        """How many of the 72,072 settings keep the order."""

    def __iter__(self) -> Iterator[SettingChoice]:
        """Every valid setting (in no promised order)."""

    def strongest(self, limit: int) -> list[SettingChoice]:
        """The first ``limit`` valid settings in :data:`LIST_ORDER`."""


def _descending(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def every_setting(cards: Sequence[Card]) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]]:
    """All 72,072 (front, middle, back) splits of 13 cards, each segment's cards highest first."""
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
        raise ValueError("a hand to set is 13 distinct cards")
    ordered = _descending(cards)
    for front in combinations(ordered, 3):
        rest = [card for card in ordered if card not in front]
        for middle in combinations(rest, 5):
            back = tuple(card for card in rest if card not in middle)
            yield front, middle, back


@dataclass(frozen=True)
class ReadableSettingsTable:
    """The valid settings, found by checking every one (:func:`all_settings`)."""

    settings: tuple[SettingChoice, ...]

    @property
    def valid(self) -> int:
        """How many of the 72,072 settings keep the order."""
        return len(self.settings)

    def __iter__(self) -> Iterator[SettingChoice]:
        return iter(self.settings)

    def strongest(self, limit: int) -> list[SettingChoice]:
        """The first ``limit`` valid settings in :data:`LIST_ORDER`."""
        return sorted(self.settings, key=listing_key, reverse=True)[:max(limit, 0)]


def all_settings(cards: Sequence[Card], ruleset: Ruleset, evaluate: HandEvaluator = evaluate) -> ReadableSettingsTable:
    """Every setting of these 13 cards that does not foul under ``parameters.setting``.

    A row ranked low (``parameters.hands.lowball``) values its cards as such.
    """
    wheel = ruleset.parameters.hands.wheel
    low = ruleset.parameters.hands.low_segments
    values: dict[tuple[bool, tuple[Card, ...]], HandValue] = {}  # each hand valued once (high, or ranked low)

    def value(segment: str, hand: tuple[Card, ...]) -> HandValue:
        key = (segment in low, hand)
        if key not in values:
            values[key] = evaluate_deuce_to_seven(hand) if key[0] else evaluate(hand, wheel)
        return values[key]

    valid = []
    for front, middle, back in every_setting(cards):
        hands = SegmentHands(value("front", front), value("middle", middle), value("back", back))
        if not check_order(hands, ruleset.parameters.setting).fouled:
            valid.append(SettingChoice(front, middle, back, hands))
    return ReadableSettingsTable(tuple(valid))


def strongest_setting(cards: Sequence[Card], ruleset: Ruleset, evaluate: HandEvaluator = evaluate
                      ) -> SettingChoice | None:
    """The valid setting with the strongest back, then middle, then front (ties: by :data:`LIST_ORDER`)."""
    found = all_settings(cards, ruleset, evaluate).strongest(1)
    return found[0] if found else None
