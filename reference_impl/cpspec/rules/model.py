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
#: The table sizes a scoring mechanism applies at (its ``table_sizes``); None: at every table.
TableSizes = frozenset[int] | None


@dataclass(frozen=True)
class Citation:
    """A quote from one of the ruleset's sources (named by its file or its url); ``paraphrase``: not word for word.

    One entry of ``rules[].citations[]``.
    """

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
class RuleTranslation:
    """A rule's title and text in another language (``rules[].translations.<lang>``), and its interpretation's.

    The English is the rule; a translation says the same in another language, under the same id and
    the same citations. ``source_says``, ``reading`` and ``alternatives`` (one for each of the English
    alternatives, in their order) are given where the rule has an interpretation.
    """

    title: str
    text: str
    source_says: str | None = None
    reading: str | None = None
    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One rule (``rules[]``): its stable id, title, topic, normative text, citations and interpretation.

    ``translations``: (language, :class:`RuleTranslation`) pairs, e.g. ``("zh", ...)``.
    """

    id: str
    title: str
    topic: str
    text: str
    citations: tuple[Citation, ...]
    interpretation: Interpretation | None
    origin: str  # the id of the ruleset file that defines this rule
    translations: tuple[tuple[str, RuleTranslation], ...] = ()

    def translation(self, lang: str) -> RuleTranslation | None:
        """The rule in ``lang`` (None for English, or where the rule has no such translation)."""
        return dict(self.translations).get(lang)

    def title_in(self, lang: str) -> str:
        """The rule's title in ``lang``, the English one where it has none."""
        translated = self.translation(lang)
        return translated.title if translated is not None else self.title

    def text_in(self, lang: str) -> str:
        """The rule's text in ``lang``, the English one where it has none."""
        translated = self.translation(lang)
        return translated.text if translated is not None else self.text


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
    """Hand ranking choices (``parameters.hands``): where the wheel A-2-3-4-5 ranks; rows ranked low."""

    wheel: Wheel
    rule: str
    front_rule: str | None
    lowball: Lowball | None = None

    @property
    def low_segments(self) -> tuple[str, ...]:
        """The segments ranked low (``parameters.hands.lowball.segments``); none in most rulesets."""
        return self.lowball.segments if self.lowball is not None else ()


#: How one segment must stand against another (``parameters.setting``): higher, at least as high, or not compared.
OrderRequirement = Literal["strict", "allow_equal", "none"]


@dataclass(frozen=True)
class SettingOrder:
    """The order a setting must keep (``parameters.setting``); breaking it fouls.

    ``back_over_front`` (default ``none``: not compared, as the other two imply it) compares the
    back with the front directly; ``low_rows_at_most``: a row ranked low fouls unless it is a
    high-card hand (no pair, straight or flush) whose highest card is at most this rank.
    """

    back_over_middle: OrderRequirement
    middle_over_front: OrderRequirement
    front_middle_ties: Literal["equal", "middle_higher"]
    rule: str
    cross_size_rule: str | None
    back_over_front: OrderRequirement = "none"
    low_rows_at_most: int | None = None


@dataclass(frozen=True)
class OverallPoint:
    """The overall point between two players (``parameters.scoring.overall``).

    ``counts_bonuses``: whether bonus credits count toward the higher total (``decided_by: higher_total``).
    """

    points: int
    decided_by: Literal["higher_total", "majority_of_segments", "more_segments"]
    rule: str
    counts_bonuses: bool = True
    table_sizes: TableSizes = None


@dataclass(frozen=True)
class Sweep:
    """Winning all three segments against one opponent (``parameters.scoring.sweep``).

    ``points`` are added to that matchup, or the sweeper's credits in it are multiplied by ``multiplier``.
    ``table_sizes``: the numbers of players at which it is paid (None: at every table).
    """

    points: int
    multiplier: int
    rule: str
    table_sizes: TableSizes = None


@dataclass(frozen=True)
class Scoop:
    """Winning all three segments against every opponent (``parameters.scoring.scoop``).

    Either ``points_by_players`` replace each of the scooper's matchup results (by the number of
    players), or ``points`` are added to each, or the scooper's credits in each are multiplied by
    ``multiplier``; ``instead_of_sweep``: the per-opponent sweep is not paid as well.
    ``table_sizes``: the numbers of players at which it is paid (None: at every table).
    """

    points_by_players: Mapping[int, int]
    points: int
    multiplier: int
    instead_of_sweep: bool
    rule: str
    table_sizes: TableSizes = None


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
    table_sizes: TableSizes = None


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
    """One bonus hand (``parameters.bonuses.table[]``): a segment, a hand kind, its points, its rule.

    A rank-dependent entry names the ranks it pays for (``min_rank``, ``max_rank``: bounds on the
    hand's rank; ``ranks``: exactly these ranks) and, with ``per_rank``, pays that much more for
    each rank above ``min_rank`` (:func:`cpspec.rules.bonuses.entry_points`). Ranks are 0 (deuce)
    to 12 (ace). ``table_sizes``: the numbers of players at which the entry pays (None: at every table).
    """

    segment: str
    hand: str
    points: int
    rule: str
    min_rank: int | None = None
    max_rank: int | None = None
    per_rank: int = 0
    ranks: tuple[int, ...] | None = None
    table_sizes: TableSizes = None


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
class Names:
    """A thing's names in both languages: English (``en``) and Chinese (``zh``); either may be missing.

    A natural's ``parameters.naturals.hands[].names``.
    """

    en: str | None = None
    zh: str | None = None

    def shown(self, lang: str, fallback: str) -> str:
        """The name to show: English alone, or with ``lang`` ``zh`` the Chinese name beside it."""
        english = self.en or fallback
        if lang == "zh" and self.zh:
            return f"{english} ({self.zh})"
        return english


@dataclass(frozen=True)
class RankRange:
    """At least ``at_least`` of the 13 cards have ranks from ``low`` to ``high`` (0 deuce .. 12 ace, inclusive).

    A natural's ``parameters.naturals.hands[].requires.rank_range`` (``from`` and ``to`` there).
    """

    low: int
    high: int
    at_least: int


@dataclass(frozen=True)
class RankChoice:
    """At least ``at_least`` of the 13 cards have one of the ranks ``allowed`` (0 deuce .. 12 ace).

    A natural's ``parameters.naturals.hands[].requires.ranks``: written as the ranks ``allowed``,
    or as the ranks ``left_out`` (then ``allowed`` holds every other rank and ``left_out`` the
    ranks named, for the words that explain it).
    """

    allowed: frozenset[int]
    at_least: int = 13
    left_out: frozenset[int] | None = None


@dataclass(frozen=True)
class RankSets:
    """The cards can be divided into groups of one rank each: ``quads`` of four, ``trips`` of three, ``pairs`` of two.

    The other cards are free. A rank's cards go whole into one group, or are all free, unless the
    rank may be divided: three of a rank into a pair and a free card (``split_trips``), four of a
    rank into two pairs, or three and a free card, or a pair and two free cards (``split_quads``).
    A natural's ``parameters.naturals.hands[].requires.rank_sets``.
    """

    quads: int = 0
    trips: int = 0
    pairs: int = 0
    split_trips: bool = False
    split_quads: bool = False
    rule: str | None = None


SegmentShape = Literal["straight", "flush", "straight_flush"]


@dataclass(frozen=True)
class SegmentShapes:
    """The 13 cards can be set so that every segment has the shape ``each`` (the front's three cards included).

    A front is a straight when its three ranks run: A-2-3 where ``front_ace_low``, Q-K-A where
    ``front_ace_high``, K-A-2 where ``front_wraparound``, any other three in sequence always. A
    straight flush serves as a straight or a flush where ``straight_flush_counts``.
    ``distinct_suits``: three flushes must be of three different suits.
    A natural's ``parameters.naturals.hands[].requires.segments``.
    """

    each: SegmentShape
    front_ace_low: bool = True
    front_ace_high: bool = True
    front_wraparound: bool = False
    straight_flush_counts: bool = True
    distinct_suits: bool = False
    rule: str | None = None


@dataclass(frozen=True)
class NaturalConditions:
    """What a natural requires of the 13 cards (``parameters.naturals.hands[].requires``): every condition given.

    ``distinct_ranks``: at least that many different ranks; ``one_suit`` / ``one_colour``: at least
    that many cards of one suit / of one colour (clubs and spades black, diamonds and hearts red);
    ``rank_range``: enough cards within a range of ranks; ``ranks``: enough cards of some ranks
    (or none of some ranks); ``rank_sets``: groups of a rank; ``segments``: a setting whose three
    segments all have one shape.
    """

    distinct_ranks: int | None = None
    one_suit: int | None = None
    one_colour: int | None = None
    rank_range: RankRange | None = None
    ranks: RankChoice | None = None
    rank_sets: RankSets | None = None
    segments: SegmentShapes | None = None


@dataclass(frozen=True)
class NaturalHand:
    """One natural (``parameters.naturals.hands[]``): its id, kind, points, rank (1 is highest), rule and conditions.

    ``kind`` names its shape (the ``kind`` of the protocol's answers); ``names`` its names in both languages.
    ``table_sizes``: the numbers of players at which it counts (None: at every table).
    """

    id: str
    kind: str
    points: int
    rank: int
    rule: str
    requires: NaturalConditions = field(default_factory=NaturalConditions)
    names: Names = field(default_factory=Names)
    table_sizes: TableSizes = None


def natural_strength(hand: NaturalHand) -> tuple[int, int]:
    """How naturals are preferred, smallest first: highest rank (lowest number), then most points."""
    return hand.rank, -hand.points


@dataclass(frozen=True)
class Naturals:
    """Naturals (``parameters.naturals``): which exist, whether declared, how two of them meet.

    ``same_natural``: two players holding the same natural push, or are compared (:mod:`cpspec.rules.naturals`).
    """

    declaration: Literal["automatic", "declared"]
    false_declaration: Literal["foul"]
    higher_rank: Literal["collects_own_value", "collects_difference", "push"]
    equal_rank: Literal["push"]
    hands: tuple[NaturalHand, ...]
    rule: str | None
    declaration_rule: str | None
    false_declaration_rule: str | None
    meeting_rule: str | None
    same_natural: Literal["push", "compare"] = "push"

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
    ``table_sizes`` (a surrender or a timeout only): the numbers of players at which it may be
    declared (None: at every table).
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
    table_sizes: TableSizes = None


@dataclass(frozen=True)
class Penalties:
    """The three forfeits (``parameters.penalties``); a ruleset without surrender or timeout has None."""

    foul: Penalty
    surrender: Penalty | None
    timeout: Penalty | None


@dataclass(frozen=True)
class Settlement:
    """Stack-limited settlement (``parameters.settlement``): who settles first, in which direction, how stacks limit.

    ``limit``: ``balance`` (pay at most what one holds at the time, win at most one's stack) or
    ``each_chip_once`` (winnings and losses together at most one's stack). ``naturals_first``:
    the matchups naturals settle are paid before the others.
    """

    first: Literal["left_of_button", "right_of_button", "button"]
    direction: Literal["clockwise", "counterclockwise"]
    rule: str
    limit: Literal["balance", "each_chip_once"] = "balance"
    naturals_first: bool = False


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
    dealing: Dealing | None = None
    fantasyland: Fantasyland | None = None


@dataclass(frozen=True)
class Source:
    """Where rules come from: a source document (``file``) or a public page (``url``, the date it was ``read``).

    One entry of ``sources[]``.
    """

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
    languages: tuple[str, ...] = ("en",)
    #: (language, (title, summary)) pairs: the ruleset's title and summary in the languages it declares.
    translations: tuple[tuple[str, tuple[str, str]], ...] = ()

    def title_in(self, lang: str) -> str:
        """The ruleset's title in ``lang``, the English one where it has none."""
        return dict(self.translations).get(lang, (self.title, self.summary))[0]

    def summary_in(self, lang: str) -> str:
        """The ruleset's summary in ``lang``, the English one where it has none."""
        return dict(self.translations).get(lang, (self.title, self.summary))[1]
    #: What :func:`cpspec.rules.table_size.at_table` removed for the table being played (``naturals.hands (id)``).
    left_out_at_table: tuple[str, ...] = field(default=(), compare=False)

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
        """The natural of ``parameters.naturals.hands`` with this id (KeyError if none)."""
        for hand in self.parameters.naturals.hands:
            if hand.id == natural_id:
                return hand
        raise KeyError(natural_id)


# --- Open Face: rows ranked low, the dealing schedule, Fantasyland ------------------------------


@dataclass(frozen=True)
class Lowball:
    """Rows ranked low (``parameters.hands.lowball``): in them the lower hand wins.

    ``deuce_to_seven``: the standard categories and ranks, the ace always high (A-2-3-4-5 is ace
    high, not a straight), straights and flushes counting against the hand; the best is 7-5-4-3-2.
    """

    segments: tuple[str, ...]
    ranking: Literal["deuce_to_seven"]
    rule: str


@dataclass(frozen=True)
class DealRound:
    """One round of the dealing schedule (``parameters.dealing.rounds[]``): cards dealt, cards kept.

    The kept cards are placed in the rows; the others (``cards - keep``) are discarded face down.
    """

    cards: int
    keep: int

    @property
    def discards(self) -> int:
        """How many of the round's cards are discarded."""
        return self.cards - self.keep


@dataclass(frozen=True)
class Dealing:
    """How a hand is dealt and placed round by round (``parameters.dealing``), rather than 13 cards at once.

    ``rounds`` is the schedule with each ``repeat`` written out. ``placement_rule``: a placed card is
    never moved and a full row takes no more; ``discard_rule``: where discards are made.
    """

    rounds: tuple[DealRound, ...]
    rule: str
    placement_rule: str | None
    discard_rule: str | None

    @property
    def cards_seen(self) -> int:
        """How many cards one player is dealt over the whole schedule."""
        return sum(r.cards for r in self.rounds)


@dataclass(frozen=True)
class HandRequirement:
    """A hand a Fantasyland condition asks for in one segment (``parameters.fantasyland.*[].requires[]``).

    The same pattern as a bonus entry (a hand kind, rank bounds, exact ranks); with ``or_better``
    any hand at least as strong as the weakest one the pattern names also meets it.
    """

    segment: str
    hand: str
    min_rank: int | None = None
    max_rank: int | None = None
    ranks: tuple[int, ...] | None = None
    or_better: bool = False


@dataclass(frozen=True)
class FantasylandOption:
    """One way into (or to stay in) Fantasyland: every requirement met, and the next hand's size in cards.

    One entry of ``parameters.fantasyland.entry[]`` (or ``stay[]``).
    """

    cards: int
    requires: tuple[HandRequirement, ...]
    rule: str


@dataclass(frozen=True)
class Fantasyland:
    """Fantasyland (``parameters.fantasyland``): a board that does not foul and meets an option earns a hand
    dealt all at once.

    ``entry`` applies to a player who played the hand normally, ``stay`` to a player who played it in
    Fantasyland; when several options are met, the one with the most cards counts. The player keeps
    13 of the cards and discards the rest.
    """

    entry: tuple[FantasylandOption, ...]
    stay: tuple[FantasylandOption, ...]
    rule: str
    stay_rule: str | None
