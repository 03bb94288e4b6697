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
#: The credit kinds of a matchup (``matchups[].credits[].kind``).
CREDIT_KINDS: tuple[str, ...] = ("segment", "bonus", "overall", "sweep", "natural", "penalty", "scoop", "winner")


@dataclass(frozen=True)
class Citation:
    """A quote from one of the ruleset's sources (named by its file or its url); ``paraphrase``: not word for word."""

    source: str
    quote: str
    paraphrase: bool = False


@dataclass(frozen=True)
class Interpretation:
    """Where a source is silent or ambiguous (``rules[].interpretation``): what it says, the reading chosen, others."""

    topic: str
    source_says: str
    reading: str
    alternatives: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    """One rule (``rules[]``): its stable id, title, topic, normative text, citations and interpretation."""

    id: str
    title: str
    topic: str
    text: str
    citations: tuple[Citation, ...]
    interpretation: Interpretation | None
    origin: str  # the id of the ruleset file that defines this rule


@dataclass(frozen=True)
class Players:
    """How many play and how seats are named (``parameters.players``)."""

    min: int
    max: int
    seat_names: tuple[str, ...] | None
    rule: str
    seat_rule: str | None


@dataclass(frozen=True)
class HandRules:
    """Hand ranking choices (``parameters.hands``): where the wheel A-2-3-4-5 ranks."""

    wheel: Wheel
    rule: str
    front_rule: str | None


@dataclass(frozen=True)
class SettingOrder:
    """The order a setting must keep (``parameters.setting``); breaking it fouls."""

    back_over_middle: Literal["strict", "allow_equal"]
    middle_over_front: Literal["strict", "allow_equal"]
    front_middle_ties: Literal["equal", "middle_higher"]
    rule: str
    cross_size_rule: str | None


@dataclass(frozen=True)
class OverallPoint:
    """The overall point between two players (``parameters.scoring.overall``).

    ``counts_bonuses``: whether bonus credits count toward the higher total (``decided_by: higher_total``).
    """

    points: int
    decided_by: Literal["higher_total", "majority_of_segments", "more_segments"]
    rule: str
    counts_bonuses: bool = True


@dataclass(frozen=True)
class Sweep:
    """Winning all three segments against one opponent (``parameters.scoring.sweep``).

    ``points`` are added to that matchup, or the sweeper's credits in it are multiplied by ``multiplier``.
    """

    points: int
    multiplier: int
    rule: str


@dataclass(frozen=True)
class Scoop:
    """Winning all three segments against every opponent (``parameters.scoring.scoop``).

    Either ``points_by_players`` replace each of the scooper's matchup results (by the number of
    players), or ``points`` are added to each, or the scooper's credits in each are multiplied by
    ``multiplier``; ``instead_of_sweep``: the per-opponent sweep is not paid as well.
    """

    points_by_players: Mapping[int, int]
    points: int
    multiplier: int
    instead_of_sweep: bool
    rule: str


@dataclass(frozen=True)
class Banker:
    """House-banked play (``parameters.scoring.banker``): each player is compared with the banker only.

    ``ties``: a tied segment goes to the banker (``banker``) or to no one (``tie``).
    """

    ties: Literal["banker", "tie"]
    rule: str


@dataclass(frozen=True)
class SingleWinner:
    """One winner a deal (``parameters.scoring.single_winner``).

    The player who beats every other player on at least two of the three segments collects
    ``points`` from each; no other payment is made; when no player does, no one pays.
    """

    points: int
    rule: str


@dataclass(frozen=True)
class Scoring:
    """How a deal is scored (``parameters.scoring``): the segments' points, the overall point, sweeps, scoops."""

    segment_points: Mapping[str, int]  # by segment: front, middle, back
    rule: str
    tie_rule: str | None
    overall: OverallPoint | None
    scoop: Scoop | None
    sweep: Sweep | None = None
    banker: Banker | None = None
    single_winner: SingleWinner | None = None


@dataclass(frozen=True)
class BonusEntry:
    """One bonus hand (``parameters.bonuses.table[]``): a segment, a hand kind, its points, its rule."""

    segment: str
    hand: str
    points: int
    rule: str


@dataclass(frozen=True)
class Bonuses:
    """Bonus hands (``parameters.bonuses``): added to or instead of the unit, won or held, doubled or not."""

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
    """One natural (``parameters.naturals.hands[]``): its id, kind, points, rank (1 is highest) and rule."""

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
    """Naturals (``parameters.naturals``): which exist, whether declared, how two of them meet."""

    declaration: Literal["automatic", "declared"]
    false_declaration: Literal["foul"]
    higher_rank: Literal["collects_own_value", "collects_difference", "push"]
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
    """What a forfeited hand pays each opponent (``parameters.penalties.<foul|surrender|timeout>``).

    ``mode``: ``fixed`` (``points``, plus the opponent's bonus hands where
    ``plus_opponent_bonuses``), ``scooped`` (as if the opponent won every segment) or
    ``as_segments`` (as if the opponent won the segments ``receiver_wins`` and the payer
    ``payer_wins``). ``counts_as_sweep``: a scooped matchup counts as the opponent's sweep.
    """

    mode: Literal["fixed", "scooped", "as_segments"]
    points: int
    plus_opponent_bonuses: bool
    against_natural: Literal["natural_value", "fixed"]
    pays_to: frozenset[Status]
    rule: str
    receiver_wins: tuple[str, ...] = ()
    payer_wins: tuple[str, ...] = ()
    counts_as_sweep: bool = False


@dataclass(frozen=True)
class Penalties:
    """The three forfeits (``parameters.penalties``); a ruleset without surrender or timeout has None."""

    foul: Penalty
    surrender: Penalty | None
    timeout: Penalty | None


@dataclass(frozen=True)
class Settlement:
    """Stack-limited settlement (``parameters.settlement``): who settles first, and in which direction."""

    first: Literal["left_of_button", "right_of_button"]
    direction: Literal["clockwise", "counterclockwise"]
    rule: str


@dataclass(frozen=True)
class CollectionLevel:
    """One level of the collection table (``parameters.collection.levels[]``): a game size and its amount."""

    game: float
    amount: float
    per: Literal["hand", "hour"]


@dataclass(frozen=True)
class Collection:
    """The house collection table (``parameters.collection``)."""

    levels: tuple[CollectionLevel, ...]
    above: CollectionLevel | None
    unlisted: Literal["next_highest"]
    rule: str


@dataclass(frozen=True)
class BuyIn:
    """The buy-in (``parameters.buy_in``)."""

    points: int
    rule: str


@dataclass(frozen=True)
class Tournament:
    """A tournament's end (``parameters.tournament``): the target score, and how replacements inherit."""

    target: int
    replacement: Literal["inherits_score"]
    rule: str
    replacement_rule: str | None


@dataclass(frozen=True)
class Parameters:
    """Every parameter block of a ruleset (``parameters``)."""

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
    """One release of a ruleset (``changelog[]``)."""

    version: str
    date: str
    changes: str


@dataclass(frozen=True)
class Ruleset:
    """A loaded ruleset (a file of ``rulesets/``, with ``extends`` merged): its rules and parameters."""

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
        """The rule with this id (KeyError if none)."""
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule's id, in the ruleset's order."""
        return tuple(r.id for r in self.rules)

    def natural(self, natural_id: str) -> NaturalHand:
        """The natural with this id (KeyError if none)."""
        for hand in self.parameters.naturals.hands:
            if hand.id == natural_id:
                return hand
        raise KeyError(natural_id)
