"""The typed, immutable ruleset model the engine reads.

Every parameter block names the rule that governs it, so each number the engine
produces can be traced to a rule id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from cpspec.rules.hands import Wheel

Status = Literal["normal", "natural", "foul", "surrender", "timeout"]
STATUSES: tuple[Status, ...] = ("normal", "natural", "foul", "surrender", "timeout")
SEGMENTS: tuple[str, str, str] = ("front", "middle", "back")


@dataclass(frozen=True)
class Citation:
    """A quote from one of the ruleset's sources (named by its file or its url); ``paraphrase``: not word for word."""

    source: str
    quote: str
    paraphrase: bool = False


@dataclass(frozen=True)
class Interpretation:
    topic: str
    source_says: str
    reading: str
    alternatives: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    topic: str
    text: str
    citations: tuple[Citation, ...]
    interpretation: Interpretation | None
    origin: str  # the id of the ruleset file that defines this rule


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    seat_names: tuple[str, ...] | None
    rule: str
    seat_rule: str | None


@dataclass(frozen=True)
class HandRules:
    wheel: Wheel
    rule: str
    front_rule: str | None


@dataclass(frozen=True)
class SettingOrder:
    back_over_middle: Literal["strict", "allow_equal"]
    middle_over_front: Literal["strict", "allow_equal"]
    front_middle_ties: Literal["equal", "middle_higher"]
    rule: str
    cross_size_rule: str | None


@dataclass(frozen=True)
class OverallPoint:
    points: int
    decided_by: Literal["higher_total", "majority_of_segments", "more_segments"]
    rule: str


@dataclass(frozen=True)
class Scoop:
    points_by_players: Mapping[int, int]
    rule: str


@dataclass(frozen=True)
class Scoring:
    segment_points: int
    rule: str
    tie_rule: str | None
    overall: OverallPoint | None
    scoop: Scoop | None


@dataclass(frozen=True)
class BonusEntry:
    segment: str
    hand: str
    points: int
    rule: str


@dataclass(frozen=True)
class Bonuses:
    mode: Literal["added", "instead"]
    requires_win: bool
    same_category_multiplier: int
    table: tuple[BonusEntry, ...]
    rule: str | None
    multiplier_rule: str | None


@dataclass(frozen=True)
class DetectionOptions:
    """The fine points of the naturals (``parameters.naturals.detection``); a ruleset decides which apply."""

    quads_count_as_two_pairs: bool = True  # six pairs: four of a kind counts as two pairs
    trips_count_as_pair: bool = True  # six pairs: three of a kind counts as a pair + odd card
    front_straight_ace_low: bool = True  # A-2-3 is a 3-card straight
    front_straight_ace_high: bool = True  # Q-K-A is a 3-card straight
    front_straight_wraparound: bool = False  # K-A-2 is a 3-card straight
    three_flushes_distinct_suits: bool = False  # three flushes need three different suits
    straight_flush_counts: bool = True  # a straight flush may serve as a straight or a flush


@dataclass(frozen=True)
class NaturalHand:
    id: str
    kind: str
    points: int
    rank: int
    rule: str


def natural_strength(hand: NaturalHand) -> tuple[int, int]:
    """How naturals are preferred, smallest first: highest rank (lowest number), then most points."""
    return hand.rank, -hand.points


@dataclass(frozen=True)
class Naturals:
    declaration: Literal["automatic", "declared"]
    false_declaration: Literal["foul"]
    higher_rank: Literal["collects_own_value", "push"]
    equal_rank: Literal["push"]
    hands: tuple[NaturalHand, ...]
    detection: DetectionOptions
    rule: str | None
    declaration_rule: str | None
    false_declaration_rule: str | None
    meeting_rule: str | None
    detection_rule: str | None

    @property
    def strongest_first(self) -> tuple[NaturalHand, ...]:
        """The hands by preference: highest rank (lowest number), then most points; ties in file order."""
        return tuple(sorted(self.hands, key=natural_strength))


@dataclass(frozen=True)
class Penalty:
    mode: Literal["fixed", "scooped"]
    points: int
    plus_opponent_bonuses: bool
    against_natural: Literal["natural_value", "fixed"]
    pays_to: frozenset[Status]
    rule: str


@dataclass(frozen=True)
class Penalties:
    foul: Penalty
    surrender: Penalty | None
    timeout: Penalty | None


@dataclass(frozen=True)
class Settlement:
    first: Literal["left_of_button", "right_of_button"]
    direction: Literal["clockwise", "counterclockwise"]
    rule: str


@dataclass(frozen=True)
class CollectionLevel:
    game: float
    amount: float
    per: Literal["hand", "hour"]


@dataclass(frozen=True)
class Collection:
    levels: tuple[CollectionLevel, ...]
    above: CollectionLevel | None
    unlisted: Literal["next_highest"]
    rule: str


@dataclass(frozen=True)
class BuyIn:
    points: int
    rule: str


@dataclass(frozen=True)
class Tournament:
    target: int
    replacement: Literal["inherits_score"]
    rule: str
    replacement_rule: str | None


@dataclass(frozen=True)
class Parameters:
    players: Players
    hands: HandRules
    setting: SettingOrder
    scoring: Scoring
    bonuses: Bonuses
    naturals: Naturals
    penalties: Penalties
    settlement: Settlement | None
    collection: Collection | None
    buy_in: BuyIn | None
    tournament: Tournament | None


@dataclass(frozen=True)
class Source:
    """Where rules come from: a source document (``file``) or a public page (``url``, the date it was ``read``)."""

    file: str | None
    title: str
    url: str | None = None
    read: str | None = None

    @property
    def key(self) -> str:
        """What a citation names this source by: its file name, or its address."""
        return self.file or self.url or ""


@dataclass(frozen=True)
class ChangelogEntry:
    version: str
    date: str
    changes: str


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    version: str
    summary: str
    extends: str | None
    sources: tuple[Source, ...]
    changelog: tuple[ChangelogEntry, ...]
    rules: tuple[Rule, ...]
    parameters: Parameters
    document: Mapping[str, Any] = field(repr=False, compare=False)
    files: tuple[str, ...] = field(default=(), compare=False)

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rules)

    def natural(self, natural_id: str) -> NaturalHand:
        for hand in self.parameters.naturals.hands:
            if hand.id == natural_id:
                return hand
        raise KeyError(natural_id)
