"""Explaining a scored deal step by step, with the rule behind every number.

One explanation, two renderings: :func:`explain_deal` turns a ruleset, a deal (the
``score`` op's input) and the engine's ``score`` output into an :class:`Explanation`
(headings, paragraphs, tables and lists of :data:`Inline` pieces); :func:`render_text`
prints it for a terminal and :func:`render_markdown` writes it as Markdown for the
rulebook's worked examples. Both read the same blocks, so page and terminal never
disagree.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.errors import CpspecError
from cpspec.present.decisions import deciding_place, hand_order, place_text, requirement_text
from cpspec.present.messages import say as say_message
from cpspec.present.readings import alternatives, governing_rules, score_under
from cpspec.present.vocabulary import hand_name, natural_name, segment_name
from cpspec.rules.cards import SUIT_SYMBOLS, SUITS
from cpspec.rules.model import SEGMENTS, Penalty, Ruleset
from cpspec.rules.table_size import at_table, left_out_at

# --- the document model ----------------------------------------------------------------


@dataclass(frozen=True)
class RuleLink:
    """A reference to one rule of the explained ruleset."""

    rule: str


@dataclass(frozen=True)
class Cards:
    """Cards in the wire notation (``Td``), shown with suit symbols (``T♦``)."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class RegisterLink:
    """A reference to an entry (a topic) of the ambiguity register."""

    topic: str


@dataclass(frozen=True)
class Styled:
    """Text with a terminal style (``strong``, ``plus``, ``minus``); plain in Markdown but ``strong``."""

    text: str
    style: str


Inline = str | RuleLink | RegisterLink | Cards | Styled
Cell = tuple[Inline, ...]


@dataclass(frozen=True)
class Heading:
    """A heading of an explanation; ``level`` 1 is its title."""

    level: int  # 1 is the explanation's title
    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph: text, rule links, cards and styled words in a row."""

    parts: Cell


@dataclass(frozen=True)
class Table:
    """A table: its column headings and its rows of cells."""

    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Bullets:
    """A bulleted list, one cell an item."""

    items: tuple[Cell, ...]


Block = Heading | Paragraph | Table | Bullets


@dataclass(frozen=True)
class AlternativeResult:
    """One alternative reading of an interpretation, and what the deal totals under it.

    ``totals`` is None when no parameters carry the reading out (``error`` then says why not),
    or when the deal cannot be scored under them (``error`` holds the engine's message).
    """

    reading: str
    parameters: Mapping[str, Any] | None
    totals: Mapping[str, int] | None
    error: str | None = None


@dataclass(frozen=True)
class InterpretationUse:
    """An interpretation record that a cited rule carries, as it bears on the explained deal."""

    rule: str
    topic: str
    source_says: str
    reading: str
    alternatives: tuple[AlternativeResult, ...]


@dataclass(frozen=True)
class DecidingCards:
    """A segment won between two hands of the same name: whose cards beat whose, and where they part."""

    seats: tuple[str, str]
    segment: str
    winner: str
    winning_cards: tuple[str, ...]
    losing_cards: tuple[str, ...]
    hand: str  # the name both hands share
    decided: str  # "on the fourth card", "on the kicker", ...


@dataclass(frozen=True)
class FantasylandVerdict:
    """Whether one player's board earns Fantasyland, the next hand's size, why (or why not), the rule."""

    seat: str
    qualifies: bool
    cards: int | None
    reason: str
    rule: str


@dataclass(frozen=True)
class Explanation:
    """The blocks of one explained deal, the rules it cites and the interpretations it rests on."""

    ruleset_id: str
    blocks: tuple[Block, ...]
    rules: Mapping[str, str] = field(default_factory=dict)  # every cited rule id -> its title
    interpretations: tuple[InterpretationUse, ...] = ()
    ruleset_version: str = ""
    deciding: tuple[DecidingCards, ...] = ()
    fantasyland: tuple[FantasylandVerdict, ...] = ()


# --- links ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LinkStyle:
    """Where a rule's page is: ``{base}rulesets/{ruleset}{suffix}#{rule}``.

    The rulebook's pages link to ``.md`` sources (MkDocs turns them into page URLs);
    the terminal prints the built site's ``.html`` address under a base URL. A house ruleset has
    no page in the rulebook: ``pages`` (when not None) maps each rule that has a page to the ruleset
    whose page it is on (a bundled parent's), and ``topics`` (when not None) are the only register
    entries that exist.
    """

    base: str = ""
    suffix: str = ".html"
    pages: Mapping[str, str] | None = None
    topics: frozenset[str] | None = None

    def rule_url(self, ruleset_id: str, rule_id: str) -> str | None:
        """The address of a rule's entry on its ruleset's page (None: no page of the rulebook has it)."""
        if self.pages is not None:
            if rule_id not in self.pages:
                return None
            ruleset_id = self.pages[rule_id]
        return f"{self.base}rulesets/{ruleset_id}{self.suffix}#{rule_id}"

    def register_url(self, topic: str) -> str | None:
        """The ambiguity register's entry for an interpretation topic (None: the register has none)."""
        if self.topics is not None and topic not in self.topics:
            return None
        return f"{self.base}ambiguities{self.suffix}#{topic}"


# --- building the explanation ----------------------------------------------------------


def card_symbols(cards: Iterable[str]) -> str:
    """``["Td", "As"]`` as ``"T♦ A♠"``.

    >>> card_symbols(["Td", "As", "2c", "Kh"])
    'T♦ A♠ 2♣ K♥'
    """
    return " ".join(text[0].upper() + SUIT_SYMBOLS[SUITS.index(text[1].lower())] for text in cards)


def card_html(cards: Iterable[str]) -> str:
    """Cards with suit symbols as inline HTML, hearts and diamonds marked red (the rulebook's CSS colours them).

    >>> card_html(["Td", "As"])
    '<span class="card red">T♦</span> <span class="card">A♠</span>'
    """
    shown = []
    for text in card_symbols(cards).split(" "):
        red = text[-1] in (SUIT_SYMBOLS[SUITS.index("d")], SUIT_SYMBOLS[SUITS.index("h")])
        shown.append(f'<span class="card{" red" if red else ""}">{text}</span>')
    return " ".join(shown)


def signed(points: int) -> str:
    """``+2``, ``-2`` or ``0``."""
    return f"{points:+d}" if points else "0"


def _join_words(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


_FORFEIT_WORDS = {"foul": "fouled", "surrender": "surrendered", "timeout": "timed out"}
_STATUS_WORDS = {"normal": "a played hand", "natural": "a natural", "foul": "a fouled hand",
                 "surrender": "a surrendered hand", "timeout": "a timed-out hand"}


def _seat_list(seats: Sequence[str]) -> str:
    return _join_words(list(seats))


class _Builder:
    def __init__(self, ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any], lang: str = "en",
                 engine: Engine = DEFAULT) -> None:
        self.ruleset = ruleset
        self.engine = engine
        self.lang = lang
        self.deal = deal
        self.output = output
        self.blocks: list[Block] = []
        self.cited: dict[str, str] = {}
        self.scope: dict[str, None] | None = None  # the rules cited inside the current matchup
        self.players = {p["seat"]: p for p in output["players"]}
        # The ruleset as this table plays it: a mechanism whose table_sizes leave it out is gone.
        self.left_out = left_out_at(ruleset, len(self.players))
        self.ruleset = at_table(ruleset, len(self.players))
        self.inputs = {p["seat"]: p for p in deal.get("players", []) if isinstance(p, Mapping)}
        self._alternative_outputs: dict[tuple[str, int], Mapping[str, Any] | str] = {}
        self._resting: dict[str, None] = {}  # the interpreted rules some matchup's amounts rest on
        self._unchanged: dict[tuple[str, int], None] = {}  # (rule, alternative) paying some matchup the same
        self._changed: dict[tuple[str, int], None] = {}  # (rule, alternative) paying some matchup differently
        self._deciding: list[DecidingCards] = []
        self._fantasyland: list[FantasylandVerdict] = []
        self.text_lang = "en"  # the language of the explanation's sentences (``lang`` adds names beside them)

    def say(self, message_id: str, **values: object) -> str:
        """A message of :mod:`cpspec.present.messages` in the explanation's language."""
        return say_message(message_id, self.text_lang, **values)

    def _seat_names(self) -> str:
        return ", ".join(self.players)

    def rule(self, rule_id: str | None) -> tuple[Inline, ...]:
        if rule_id is None:
            return ()
        try:
            self.cited[rule_id] = self.ruleset.rule(rule_id).title
        except KeyError:
            self.cited[rule_id] = "(not a rule of this ruleset)"
        if self.scope is not None:
            self.scope[rule_id] = None
        return (RuleLink(rule_id),)

    def rules(self, *rule_ids: str | None) -> Cell:
        parts: list[Inline] = []
        for rule_id in dict.fromkeys(r for r in rule_ids if r):
            if parts:
                parts.append(", ")
            parts.extend(self.rule(rule_id))
        return tuple(parts)

    def governed(self, rule_id: str | None, *paths: str) -> Cell:
        """A parameter block's rule and the rules whose interpretation governs these parameters."""
        extra = [r for path in paths for r in governing_rules(self.ruleset, path)]
        return self.rules(rule_id, *extra)

    def build(self) -> Explanation:
        r = self.ruleset
        self.blocks.append(Heading(1, self.say("title", title=r.title_in(self.text_lang), id=r.id, version=r.version)))
        self.blocks.append(Paragraph((self.say("cite-as", id=r.id, version=r.version, seats=self._seat_names()),)))
        self.summary()
        self.table_size()
        self.hands()
        self.setting_order()
        self.naturals()
        self.bonuses()
        self.fantasyland()
        self.blocks.append(Heading(2, self.say("matchups")))
        for matchup in self.output["matchups"]:
            self.matchup(matchup)
        self.shared_readings()
        self.scoop()
        self.totals()
        self.settlement()
        uses = self.interpretations()
        if self.cited:
            self.blocks.append(Heading(2, self.say("rules-cited")))
            self.blocks.append(Bullets(tuple((RuleLink(rid), self.say("colon") + title)
                                             for rid, title in self.cited.items())))
        return Explanation(r.id, tuple(self.blocks), dict(self.cited), uses, r.version, tuple(self._deciding),
                           tuple(self._fantasyland))

    def summary(self) -> None:
        """With three or more players: each matchup's result in a line and the totals, before the detail."""
        if len(self.players) < 3:
            return
        self.blocks.append(Heading(2, self.say("summary")))
        self.blocks.append(Bullets(tuple(self._matchup_summary(m) for m in self.output["matchups"])))
        self.blocks.append(Paragraph((Styled(self.say("final", totals=self._final_text()), "strong"),
                                      self.say("summary-detail"))))

    def _final_text(self) -> str:
        return self.say("totals-sep").join(f"{seat} {signed(total)}" for seat, total in self.output["totals"].items())

    def table_size(self) -> None:
        """What the ruleset has but this table does not play, because of its size (``table_sizes``)."""
        if self.left_out:
            lines = tuple((f"Did not apply: {left.sentence(len(self.players), with_rule=False)} (",
                           *self.rule(left.rule), ").")
                          for left in self.left_out)
            self.blocks.append(Heading(2, "Table size"))
            self.blocks.append(Bullets(lines))

    # -- the hands and their validity

    def hands(self) -> None:
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            given = self.inputs.get(seat, {})
            segments = player.get("segments")
            if segments and all(isinstance(given.get(s), list) for s in SEGMENTS):
                for index, segment in enumerate(SEGMENTS):
                    rows.append(((seat if index == 0 else "",), (segment_name(segment, self.lang),),
                                 (Cards(tuple(given[segment])),), (self._hand_text(segments[segment]),)))
            elif isinstance(given.get("cards"), list):
                rows.append(((seat,), ("13 cards",), (Cards(tuple(given["cards"])),), ("not set",)))
            else:
                rows.append(((seat,), ("-",), ("no cards shown",), (player.get("declared") or player["status"],)))
        self.blocks.append(Heading(2, "The hands"))
        self.blocks.append(Table(("seat", "segment", "cards", "hand"), tuple(rows)))

    def _order_text(self, seat: str) -> str:
        """``back X > middle Y > front Z`` from the engine's own comparisons."""
        from cpspec.rules.cards import parse_cards
        from cpspec.rules.fouls import evaluate_setting, order_relations, within_low_limit

        given = self.inputs[seat]
        front, middle, back = (parse_cards(given[s], s) for s in SEGMENTS)
        params = self.ruleset.parameters
        hands = evaluate_setting(front, middle, back, params.hands.wheel, low_segments=params.hands.low_segments)
        relations = order_relations(hands, params.setting)
        sign = {1: ">", 0: "=", -1: "<"}
        if [(r.higher, r.lower) for r in relations] == [("back", "middle"), ("middle", "front")]:
            first, second = (sign[r.comparison] for r in relations)
            return f"back {hands.back.name} {first} middle {hands.middle.name} {second} front {hands.front.name}"
        parts = [f"{r.higher} {hands.get(r.higher).name} {sign[r.comparison]} {r.lower} {hands.get(r.lower).name}"
                 for r in relations]
        for segment in params.hands.low_segments:
            hand = hands.get(segment)
            keeps = within_low_limit(hand, params.setting.low_rows_at_most)
            parts.append(f"{segment} {hand.name} (ranked low: {'within' if keeps else 'beyond'} the limit)")
        return "; ".join(parts)

    def _front_middle_same_kind(self, player: Mapping[str, Any]) -> bool:
        segments = player.get("segments") or {}
        return bool(segments) and segments["front"]["category"] == segments["middle"]["category"]

    def setting_order(self) -> None:
        order = self.ruleset.parameters.setting
        def above(rule: str) -> str:
            return "at least as high as" if rule == "allow_equal" else "higher than"

        asked = [(higher, lower, requirement) for higher, lower, requirement in
                 (("back", "middle", order.back_over_middle), ("middle", "front", order.middle_over_front),
                  ("back", "front", order.back_over_front)) if requirement != "none"]
        wanted = ", ".join(f"the {higher} must be {above(requirement)} the {lower}" if index == 0
                           else f"the {higher} {above(requirement)} the {lower}"
                           for index, (higher, lower, requirement) in enumerate(asked))
        if order.low_rows_at_most is not None:
            from cpspec.rules.cards import RANKS

            low = _join_words(list(self.ruleset.parameters.hands.low_segments))
            wanted += (f"{', and ' if wanted else ''}the {low}, ranked low, no worse than "
                       f"{RANKS[order.low_rows_at_most]} high")
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            if "fouled" not in player or not all(isinstance(self.inputs.get(seat, {}).get(s), list) for s in SEGMENTS):
                continue
            cross = order.cross_size_rule if self._front_middle_same_kind(player) else None
            if player["fouled"]:
                verdict: Cell = (Styled("fouls", "minus"), ": " + "; ".join(player["violations"]))
            else:
                verdict = ("valid",)
            if player["status"] == "natural":
                verdict = (*verdict, f"; not compared: {seat} holds a natural")
            penalty = self.ruleset.parameters.penalties.foul.rule if player["status"] == "foul" else None
            rows.append(((seat,), (self._order_text(seat),), verdict, self.rules(order.rule, cross, penalty)))
        if not rows:
            return
        self.blocks.append(Heading(2, "Setting order"))
        self.blocks.append(Paragraph((f"Each setting is checked first: {wanted} (", *self.rule(order.rule), ").")))
        self.blocks.append(Table(("seat", "order", "verdict", "rule"), tuple(rows)))
        for seat, player in self.players.items():
            if player["status"] == "foul" and player.get("rule") not in (None, order.rule):
                self.blocks.append(Paragraph((f"{seat}: {player['reason']} (", *self.rule(player["rule"]), ").")))

    def _held_naturals(self, seat: str) -> list[str]:
        """The naturals a set hand holds (the find_naturals op's answer), for one not scored as a natural."""
        from cpspec.protocol.ops import op_find_naturals

        given = self.inputs.get(seat, {})
        if not all(isinstance(given.get(s), list) for s in SEGMENTS):
            return []
        try:
            found = op_find_naturals(self.ruleset, {"cards": [c for s in SEGMENTS for c in given[s]]}, self.engine)
        except CpspecError:
            return []
        return [str(n) for n in found["naturals"]]

    def naturals(self) -> None:
        params = self.ruleset.parameters.naturals
        declared = [s for s, p in self.players.items() if p["status"] in ("surrender", "timeout")]
        if not params.hands and not declared:
            return
        self.blocks.append(Heading(2, "Naturals and declarations"))
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            if player["status"] in ("natural", "surrender", "timeout") or player.get("declared"):
                status: Cell = (Styled(player["status"], "strong"),)
                if player["status"] == "natural" and player.get("natural") and self.lang != "en":
                    status = (*status, f" {natural_name(self.ruleset.natural(player['natural']), self.lang)}")
                undeclared = player["status"] == "natural" and not player.get("declared")
                automatic = params.declaration_rule if undeclared else None
                rows.append(((seat,), status, (player["reason"],), self.rules(player.get("rule"), automatic)))
        if rows:
            self.blocks.append(Table(("seat", "status", "why", "rule"), tuple(rows)))
        unclaimed: list[Cell] = []
        if params.hands and params.declaration == "declared":
            for seat, player in self.players.items():
                if player["status"] not in ("normal", "foul") or player.get("declared"):
                    continue
                held = self._held_naturals(seat)
                if held:
                    plays = "plays as set" + (" and fouls" if player["status"] == "foul" else "")
                    unclaimed.append((f"{seat} holds {_join_words(held)} but did not declare it, so the hand "
                                      f"{plays}: a natural counts only when declared (",
                                      *self.governed(params.declaration_rule or params.rule, "naturals.declaration"),
                                      ")."))
        if unclaimed:
            self.blocks.append(Bullets(tuple(unclaimed)))
        if params.hands and not any(p["status"] == "natural" for p in self.players.values()):
            how = ("counted whether declared or not" if params.declaration == "automatic"
                   else "counted only when declared")
            self.blocks.append(Paragraph((f"No player has a natural (naturals are {how}: ",
                                          *self.rules(params.declaration_rule or params.rule), ").")))

    def bonuses(self) -> None:
        bonuses = self.ruleset.parameters.bonuses
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            for bonus in player.get("bonuses", []):
                shown = self._hand_text(player["segments"][bonus["segment"]])
                rows.append(((seat,), (segment_name(bonus["segment"], self.lang),), (shown,), (str(bonus["points"]),),
                             self.rules(bonus["rule"])))
        missed = self._not_in_the_table()
        if not rows and not missed:
            return
        self.blocks.append(Heading(2, "Bonus hands"))
        if rows:
            when = ("only when the segment is won" if bonuses.requires_win else "whether the segment is won or not")
            intro: list[Inline] = [f"Bonus hands held; each is paid {when}"]
            if bonuses.rule:
                intro += [" (", *self.governed(bonuses.rule, "bonuses.requires_win"), ")"]
            self.blocks.append(Paragraph((*intro, ".")))
            self.blocks.append(Table(("seat", "segment", "hand", "points", "rule"), tuple(rows)))
        if missed:
            self.blocks.append(Bullets(tuple(missed)))

    def fantasyland(self) -> None:
        """For a ruleset with Fantasyland: whether each board earns it, and if not, why not."""
        from cpspec.rules.fantasyland import qualify

        fantasyland = self.ruleset.parameters.fantasyland
        if fantasyland is None:
            return
        lines: list[Cell] = []
        for seat, player in self.players.items():
            hands = self._segment_hands(seat)
            if hands is None:
                why = self._fantasyland_why(seat, player, None, None)
                self._fantasyland.append(FantasylandVerdict(seat, False, None, why, fantasyland.rule))
                lines.append((why + self.say("open"), *self.rule(fantasyland.rule), self.say("close")))
                continue
            verdict = qualify(hands, bool(player.get("fouled")), False, fantasyland)
            why = self._fantasyland_why(seat, player, hands, verdict)
            self._fantasyland.append(FantasylandVerdict(seat, verdict.qualifies, verdict.cards, why, verdict.rule))
            lines.append((why + self.say("open"), *self.rule(verdict.rule), self.say("close")))
        self.blocks.append(Heading(2, self.say("fantasyland")))
        self.blocks.append(Bullets(tuple(lines)))

    def _fantasyland_why(self, seat: str, player: Mapping[str, Any], hands: Any, verdict: Any) -> str:
        """Why a board earns Fantasyland or not (``hands`` None: no board is shown)."""
        fantasyland = self.ruleset.parameters.fantasyland
        assert fantasyland is not None
        if hands is None:
            return f"{seat} does not enter Fantasyland: no board is shown ({player['status']})"
        wanted = " or ".join(_join_words([requirement_text(r) for r in o.requires]) for o in fantasyland.entry)
        held = "; ".join(f"the {s} is {hands.get(s).name}" for s in
                         dict.fromkeys(r.segment for o in fantasyland.entry for r in o.requires))
        if verdict.qualifies:
            return f"{seat} {verdict.reason} (it needs {wanted}; {held})"
        if player.get("fouled"):
            return f"{seat} does not enter Fantasyland: {verdict.reason}"
        return f"{seat} does not enter Fantasyland: it needs {wanted}, and {held}"

    def _not_in_the_table(self) -> list[Cell]:
        """Hands the bonus table pays in another segment, but not in the one they stand in."""
        lines: list[Cell] = []
        for seat, segment, hand, elsewhere, rule in self._unpaid_kinds():
            if not elsewhere:  # the table pays this kind here, but not at this hand's rank
                lines.append((f"{seat}'s {hand['name']} in the {segment} earns no bonus: the table pays "
                              f"{hand['category'].replace('_', ' ')} in the {segment} only at other ranks (",
                              *self.rules(rule), ")."))
            else:
                lines.append((f"{seat}'s {hand['name']} in the {segment} earns no bonus: the table pays "
                              f"{hand['category'].replace('_', ' ')} only in the {_join_words(elsewhere)} (",
                              *self.rules(rule), ")."))
        return lines

    def _unpaid_kinds(self) -> list[tuple[str, str, Mapping[str, Any], list[str], str]]:
        """(seat, segment, hand, the segments the table pays its kind in, the rule) of each hand the bonus table
        pays elsewhere or at other ranks only (no segments: here, at other ranks)."""
        bonuses = self.ruleset.parameters.bonuses
        found: list[tuple[str, str, Mapping[str, Any], list[str], str]] = []
        for seat, player in self.players.items():
            if player["status"] != "normal":
                continue
            for segment in SEGMENTS:
                hand = (player.get("segments") or {}).get(segment)
                if hand is None or any(x["segment"] == segment for x in player.get("bonuses", [])):
                    continue
                kind = [e for e in bonuses.table
                        if e.hand == hand["category"] or (e.hand == "royal_flush" and hand["royal"])]
                elsewhere = sorted({e.segment for e in kind}, key=SEGMENTS.index)
                here = [e for e in kind if e.segment == segment]
                if here:
                    found.append((seat, segment, hand, [], here[0].rule))
                elif elsewhere:
                    found.append((seat, segment, hand, elsewhere, bonuses.rule or next(e.rule for e in bonuses.table)))
        return found

    # -- matchups

    def _hand_text(self, hand: Mapping[str, Any]) -> str:
        """A hand's name, with its category's Chinese name beside it in ``zh``."""
        return hand_name(str(hand["name"]), str(hand["category"]), bool(hand.get("royal")), self.lang)

    def _hand(self, seat: str, segment: str) -> str:
        segments = self.players[seat].get("segments")
        return self._hand_text(segments[segment]) if segments else "-"

    def matchup(self, matchup: Mapping[str, Any]) -> None:
        a, b = matchup["seats"]
        self.scope = {}
        self.blocks.append(Heading(3, f"{a} v {b}"))
        credits: list[Mapping[str, Any]] = list(matchup["credits"])
        used: set[int] = set()
        rows: list[tuple[Cell, ...]] = []
        compared = matchup["kind"] == "compared"

        def row(step: str, result: str, points: str, rule: Cell, segment: str | None = None) -> tuple[Cell, ...]:
            if step in SEGMENTS:
                step = segment_name(step, self.lang)
            if not compared:
                return ((step,), (result,), (points,), rule)
            hands: tuple[Cell, ...] = ((self._hand(a, segment),), (self._hand(b, segment),)) if segment else ((), ())
            return ((step,), *hands, (result,), (points,), rule)

        def credit_row(index: int, step: str, result: str, segment: str | None = None) -> tuple[Cell, ...]:
            credit = credits[index]
            used.add(index)
            return row(step, result, f"{credit['seat']} +{credit['points']}", self.rules(credit["rule"]), segment)

        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        for segment in SEGMENTS if segments else ():
            winner = segments.get(segment)
            shown = segment if compared else None
            own = [i for i, c in enumerate(credits) if c.get("segment") == segment and c["kind"] == "segment"]
            if winner is None:
                tie_rule = self.ruleset.parameters.scoring.tie_rule or self.ruleset.parameters.scoring.rule
                rows.append(row(segment, "tie", "0", self.rules(tie_rule), shown))
            elif own:
                rows.extend(credit_row(i, segment, f"{winner} wins", shown) for i in own)
            else:
                rows.append(row(segment, f"{winner} wins", "-", (), shown))
            for i, credit in enumerate(credits):
                if i not in used and credit.get("segment") == segment and credit["kind"] == "bonus":
                    rows.append(credit_row(i, f"{segment} bonus", str(credit["reason"])))
        for i, credit in enumerate(credits):
            if i not in used:
                rows.append(credit_row(i, str(credit["kind"]), str(credit["reason"])))
        if rows:
            header = ("step", a, b, "result", "points", "rule") if compared else ("step", "result", "points", "rule")
            self.blocks.append(Table(header, tuple(rows)))
        for note in matchup.get("notes", []):
            self.blocks.append(Paragraph((str(note),)))
        self._matchup_tail(matchup, compared)

    def _matchup_tail(self, matchup: Mapping[str, Any], compared: bool) -> None:
        """A matchup's decisions, its summary and the readings its amounts rest on."""
        decisions: list[Cell] = []
        if compared:
            decisions += self._deciding_cards(matchup)
            decisions += self._bonus_decisions(matchup)
            decisions += self._overall_decision(matchup)
        elif matchup["kind"] == "forfeit":
            decisions += self._penalty_decisions(matchup)
        else:
            decisions += self._natural_decisions(matchup)
        if decisions:
            self.blocks.append(Bullets(tuple(decisions)))
        self.blocks.append(Paragraph(self._matchup_summary(matchup)))
        readings = self._matchup_readings(matchup, list(self.scope or ()))
        self.scope = None
        if readings:
            self.blocks.append(Bullets(tuple(readings)))

    def _segment_hands(self, seat: str) -> Any:
        """The seat's three hands as the engine values them, or None for a hand not set."""
        from cpspec.rules.cards import parse_cards
        from cpspec.rules.fouls import evaluate_setting

        given = self.inputs.get(seat, {})
        if not all(isinstance(given.get(s), list) for s in SEGMENTS):
            return None
        front, middle, back = (parse_cards(given[s], s) for s in SEGMENTS)
        params = self.ruleset.parameters.hands
        return evaluate_setting(front, middle, back, params.wheel, low_segments=params.low_segments)

    def _deciding_cards(self, matchup: Mapping[str, Any]) -> list[Cell]:
        """For a segment won between hands of the same name: both hands' cards and the card that decides."""
        a, b = matchup["seats"]
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        hands = {seat: self._segment_hands(seat) for seat in (a, b)}
        if hands[a] is None or hands[b] is None:
            return []
        lines: list[Cell] = []
        for segment in SEGMENTS:
            winner = segments.get(segment)
            ha, hb = hands[a].get(segment), hands[b].get(segment)
            if ha.name != hb.name:
                continue
            place = deciding_place(ha, hb)
            if winner is None or place is None:
                continue
            loser = b if winner == a else a
            won, lost = (hand_order(self.inputs[s][segment]) for s in (winner, loser))
            decided = DecidingCards((a, b), segment, winner, won, lost, self._shared_name(ha, a, segment),
                                    self._place_text(ha, place))
            self._deciding.append(decided)
            lines.append(self._deciding_line(decided, loser))
        return lines

    def _shared_name(self, hand: Any, seat: str, segment: str) -> str:
        """The name two hands of a segment share (``ace-high flush``)."""
        return str(hand.name)

    def _place_text(self, hand: Any, place: tuple[str, int]) -> str:
        """Where two such hands part (``on the fourth card``)."""
        return place_text(hand.category, place)

    def _deciding_line(self, d: DecidingCards, loser: str) -> Cell:
        """One segment's deciding cards: whose cards beat whose, and where they part."""
        label = Styled(segment_name(d.segment, self.lang).capitalize(), "strong")
        return (label, f": {d.winner}'s ", Cards(d.winning_cards), f" beats {loser}'s ", Cards(d.losing_cards),
                f" {d.decided} (both {d.hand}).")

    def _credits_before_overall(self, matchup: Mapping[str, Any]) -> dict[str, int]:
        totals = {seat: 0 for seat in matchup["seats"]}
        for credit in matchup["credits"]:
            if credit["kind"] != "overall" and credit["seat"] in totals:
                totals[credit["seat"]] += credit["points"]
        return totals

    def _overall_decision(self, matchup: Mapping[str, Any]) -> list[Cell]:
        overall = self.ruleset.parameters.scoring.overall
        if overall is None or any(c["kind"] == "scoop" for c in matchup["credits"]):
            return []
        a, b = matchup["seats"]
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        wins = {seat: sum(1 for s in SEGMENTS if segments.get(s) == seat) for seat in (a, b)}
        ties = sum(1 for s in SEGMENTS if segments.get(s) is None)
        tie_text = f", {ties} tied" if ties else ""
        winner = matchup.get("overall")
        rule = self.governed(overall.rule, "scoring.overall.decided_by")
        label = Styled("Overall point", "strong")
        if overall.decided_by == "higher_total":
            totals = self._credits_before_overall(matchup)
            if winner:
                loser = b if winner == a else a
                why = f"awarded to {winner} (+{overall.points}): the higher total, {totals[winner]} to {totals[loser]}"
            else:
                why = f"not awarded: the totals are equal, {totals[a]} to {totals[b]}, and only a higher total earns it"
        elif overall.decided_by == "majority_of_segments":
            counts = f"{a} won {wins[a]}, {b} {wins[b]}{tie_text}"
            if winner:
                why = (f"awarded to {winner} (+{overall.points}): {winner} won {wins[winner]} of the three "
                       f"segments ({counts})")
            else:
                best = max(wins.values())
                why = (f"not awarded: a majority is two or more of the three segments, and no one won two "
                       f"({counts}; {best} of 3 is not a majority)")
        else:
            counts = f"{a} {wins[a]}, {b} {wins[b]}{tie_text}"
            if winner:
                why = f"awarded to {winner} (+{overall.points}): more segments won ({counts})"
            else:
                why = f"not awarded: both won as many segments ({counts})"
        return [(label, f": {why} (", *rule, ").")]

    def _bonus_decisions(self, matchup: Mapping[str, Any]) -> list[Cell]:
        bonuses = self.ruleset.parameters.bonuses
        if not bonuses.table:
            return []
        a, b = matchup["seats"]
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        credits = matchup["credits"]
        lines: list[Cell] = []
        for segment in SEGMENTS:
            for seat, other in ((a, b), (b, a)):
                player = self.players[seat]
                hand = (player.get("segments") or {}).get(segment)
                if hand is None:
                    continue
                held = [x for x in player.get("bonuses", []) if x["segment"] == segment]
                label = Styled(f"{segment.capitalize()} bonus", "strong")
                if not held:
                    continue
                entry = held[0]
                paid = [c for c in credits
                        if c["kind"] == "bonus" and c["seat"] == seat and c.get("segment") == segment]
                won = segments.get(segment) == seat
                if not bonuses.requires_win:
                    if not won:
                        result = "lost" if segments.get(segment) == other else "tied"
                        lines.append((label, f": {seat} is paid {entry['points']} for {hand['name']} although it "
                                      f"{result} the {segment}: bonuses are paid won or lost (",
                                      *self.rules(bonuses.rule, *governing_rules(self.ruleset, "bonuses.requires_win"),
                                                  entry["rule"]), ")."))
                    continue
                if not won:
                    result = "lost" if segments.get(segment) == other else "tied"
                    lines.append((label, f": not paid: {seat}'s {hand['name']} would earn {entry['points']}, but "
                                  f"{seat} {result} the {segment}, and a bonus is paid only for a segment won (",
                                  *self.governed(bonuses.rule, "bonuses.requires_win"), ")."))
                    continue
                points = sum(c["points"] for c in paid)
                how = "instead of the segment's unit" if bonuses.mode == "instead" else "on top of the segment's unit"
                text = f": {seat} is paid {points} for {hand['name']}, {how}"
                multiplier = bonuses.same_category_multiplier
                cell: list[Inline] = [label]
                if multiplier > 1:
                    theirs = (self.players[other].get("segments") or {}).get(segment, {})
                    if theirs.get("category") == hand["category"]:
                        text += (f"; {entry['points']} times {multiplier}, since {other} also holds "
                                 f"{hand['category'].replace('_', ' ')} there")
                    else:
                        text += (f"; not multiplied: {other}'s {theirs.get('name', 'hand')} is not the same kind "
                                 f"(only a win over the same kind multiplies by {multiplier})")
                    cell += [text, " (", *self.rules(entry["rule"], bonuses.multiplier_rule), ")."]
                else:
                    cell += [text, " (", *self.rules(entry["rule"]), ")."]
                lines.append(tuple(cell))
        return lines

    def _penalty_decisions(self, matchup: Mapping[str, Any]) -> list[Cell]:
        lines: list[Cell] = []
        for payer, receiver in (tuple(matchup["seats"]), tuple(reversed(matchup["seats"]))):
            status = self.players[payer]["status"]
            if status not in _FORFEIT_WORDS:
                continue
            penalty = getattr(self.ruleset.parameters.penalties, status)
            if not isinstance(penalty, Penalty):
                continue
            lines.append(self._penalty_line(payer, receiver, status, penalty))
        return lines

    def _penalty_line(self, payer: str, receiver: str, status: str, penalty: Penalty) -> Cell:
        other = self.players[receiver]
        theirs = other["status"]
        base = f"penalties.{status}"
        label = Styled("Penalty", "strong")
        head = f": {payer} {_FORFEIT_WORDS[status]} and {receiver} has {_STATUS_WORDS[theirs]}: "
        if theirs not in penalty.pays_to:
            paid_to = _join_words([_STATUS_WORDS[s] for s in sorted(penalty.pays_to)])
            return (label, head + f"{payer} pays {receiver} nothing; this penalty is paid only to {paid_to} (",
                    *self.governed(penalty.rule, f"{base}.pays_to"), ").")
        if theirs == "natural" and penalty.against_natural == "natural_value":
            natural = other.get("natural")
            points = self.ruleset.natural(natural).points if natural else 0
            return (label, head + f"{payer} pays the natural's value, {points}, instead of the penalty (",
                    *self.governed(penalty.rule, f"{base}.against_natural"), ").")
        if penalty.mode == "scooped" and theirs == "normal":
            swept = f", which counts as {receiver}'s sweep" if penalty.counts_as_sweep else ""
            return (label, head + f"{payer} is scored as losing every segment to {receiver}{swept} (",
                    *self.governed(penalty.rule, f"{base}.mode"), ").")
        if penalty.mode == "as_segments":
            lost = _join_words(list(penalty.receiver_wins)) or "no segment"
            won = _join_words(list(penalty.payer_wins)) or "no segment"
            return (label, head + f"{payer} is scored as losing the {lost} to {receiver} and winning the {won}, "
                    "the overall point decided from those, no bonuses (",
                    *self.governed(penalty.rule, f"{base}.mode", f"{base}.receiver_wins", f"{base}.payer_wins"), ").")
        text = head + f"{payer} pays the fixed {penalty.points}"
        held = other.get("bonuses", []) if theirs == "normal" else []
        paths = [f"{base}.points"]
        if penalty.plus_opponent_bonuses and theirs == "normal":
            paths.append(f"{base}.plus_opponent_bonuses")
            if held:
                amounts = " + ".join(str(x["points"]) for x in held)
                total = penalty.points + sum(x["points"] for x in held)
                text += (f" plus {receiver}'s bonuses at their listed value, never multiplied "
                         f"({penalty.points} + {amounts} = {total})")
            else:
                text += f" plus {receiver}'s bonuses, and {receiver} holds none"
        elif held:
            text += f"; {receiver}'s bonuses are not added"
            paths.append(f"{base}.plus_opponent_bonuses")
        return (label, text + " (", *self.governed(penalty.rule, *paths), ").")

    def _natural_decisions(self, matchup: Mapping[str, Any]) -> list[Cell]:
        naturals = self.ruleset.parameters.naturals
        a, b = matchup["seats"]
        held = {seat: self.players[seat].get("natural") for seat in (a, b) if self.players[seat]["status"] == "natural"}
        label = Styled("Natural", "strong")
        if len(held) == 2:
            meeting = naturals.meeting_rule or self.players[a].get("rule")
            rule = self.governed(meeting, "naturals.higher_rank", "naturals.same_natural")
            same = held[a] == held[b] and naturals.same_natural == "compare"
            if not matchup["credits"]:
                if same:
                    return [(label, f": two holdings of {held[a]} are compared, and they are equal: they push, "
                             "and each still collects from the other players (", *rule, ").")]
                return [(label, f": {held[a]} meets {held[b]}: they push, exchanging nothing, and each still "
                         "collects from the other players (", *rule, ").")]
            credit = matchup["credits"][0]
            winner = credit["seat"]
            loser = b if winner == a else a
            if same:
                return [(label, f": two holdings of {held[a]} are compared: {credit['reason']}; the higher collects "
                         f"its own value, {credit['points']} (", *rule, ").")]
            if naturals.higher_rank == "collects_difference":
                return [(label, f": {held[winner]} outranks {held[loser]} and collects the difference of their "
                         f"values, {credit['points']} (", *rule, ").")]
            return [(label, f": {held[winner]} outranks {held[loser]} and collects its own value, "
                     f"{credit['points']}; the value of {held[loser]} is not subtracted (", *rule, ").")]
        holder = next(iter(held))
        other = b if holder == a else a
        return [(label, f": {holder}'s {held[holder]} is not compared with {other}'s hand and collects its value (",
                 *self.rules(self.players[holder].get("rule")), ").")]

    def _matchup_summary(self, matchup: Mapping[str, Any]) -> Cell:
        a, b = matchup["seats"]
        credits = matchup["credits"]
        totals = {seat: sum(c["points"] for c in credits if c["seat"] == seat) for seat in (a, b)}
        parts: list[str] = []
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        if matchup["kind"] == "compared" and segments:
            for seat in (a, b):
                won = [s for s in SEGMENTS if segments.get(s) == seat]
                if won:
                    parts.append(f"{seat} wins the {_join_words(won)}")
            ties = [s for s in SEGMENTS if segments.get(s) is None]
            if ties:
                parts.append(f"the {_join_words(ties)} {'is a tie' if len(ties) == 1 else 'are ties'}")
        for seat in (a, b):
            bonus = sum(c["points"] for c in credits if c["seat"] == seat and c["kind"] == "bonus")
            if bonus:
                parts.append(f"{seat} earns {bonus} in bonuses")
        overall = matchup.get("overall")
        if overall:
            parts.append(f"{overall} takes the overall point")
        if any(c["kind"] == "scoop" for c in credits):
            scoop = self.ruleset.parameters.scoring.scoop
            parts.append("the scoop replaces the matchup's result" if scoop is None or scoop.points_by_players
                         else "the scoop adds to it")
        lead = f"{a} v {b}: " + ("; ".join(parts) + ". " if parts else "")
        net = matchup["points"][a]
        if net == 0:
            outcome = f"{a} {totals[a]}, {b} {totals[b]}: {a} and {b} break even."
        else:
            high, low = (a, b) if net > 0 else (b, a)
            outcome = (f"{high} {totals[high]} to {low} {totals[low]}, so "
                       f"{high} collects {abs(net)} from {low}.")
        return (lead, Styled(outcome, "strong"))

    # -- interpretations: the alternatives, scored

    def _alternative_output(self, rule_id: str, index: int) -> Mapping[str, Any] | str:
        key = (rule_id, index)
        if key not in self._alternative_outputs:
            alternative = alternatives(self.ruleset, rule_id)[index]
            assert alternative.parameters is not None
            self._alternative_outputs[key] = score_under(self.ruleset, alternative.parameters, self.deal, self.engine)
        return self._alternative_outputs[key]

    def _matchup_readings(self, matchup: Mapping[str, Any], rule_ids: Sequence[str]) -> list[Cell]:
        """The alternatives that would pay this matchup differently, one line each. The interpretations
        the matchup rests on and the alternatives that change nothing here are kept for
        :meth:`shared_readings`, which states them once for every matchup."""
        a, b = matchup["seats"]
        as_read = matchup["points"][a]
        lines: list[Cell] = []
        for rule_id in rule_ids:
            interpretation = self._interpretation(rule_id)
            if interpretation is None:
                continue
            self._resting.setdefault(rule_id, None)
            for index, alternative in enumerate(alternatives(self.ruleset, rule_id)):
                if alternative.parameters is None:
                    continue
                other = self._alternative_output(rule_id, index)
                if isinstance(other, str):
                    told = self.say("readings-unscored", error=other)
                else:
                    theirs = next(m for m in other["matchups"] if m["seats"] == [a, b])
                    points = theirs["points"][a]
                    if points == as_read:
                        self._unchanged.setdefault((rule_id, index), None)
                        continue
                    told = self.say("readings-instead", theirs=self._points(a, b, points),
                                    ours=self._points(a, b, as_read))
                self._changed[(rule_id, index)] = None
                lines.append((Styled(self.say("readings-label"), "strong"), self.say("reading-changed-under"),
                              *self.rule(rule_id), self.say("reading-changed-told",
                                                            reading=self._alternative_text(rule_id, index).strip(),
                                                            told=told)))
        return lines

    def _points(self, a: str, b: str, points: int) -> str:
        """``A +2`` (``A`` collects), ``B +2`` or ``even``, from the first seat's points."""
        if points == 0:
            return self.say("even")
        return f"{a} +{points}" if points > 0 else f"{b} +{-points}"

    def _alternative_text(self, rule_id: str, index: int) -> str:
        """An alternative reading of a rule in the explanation's language (the English one where it has none)."""
        translated = self.ruleset.rule(rule_id).translation(self.text_lang) if self.text_lang != "en" else None
        if translated is not None and index < len(translated.alternatives):
            return translated.alternatives[index]
        return alternatives(self.ruleset, rule_id)[index].reading

    def shared_readings(self) -> None:
        """Once, after the matchups: the interpretations they rest on, and each alternative that pays the
        same in every matchup."""
        if not self._resting:
            return
        named: list[Inline] = []
        for rule_id in self._resting:
            interpretation = self._interpretation(rule_id)
            named += [self.say("list-sep")] if named else []
            named += [*self.rule(rule_id), self.say("open"), RegisterLink(interpretation.topic), self.say("paren")]
        items: list[Cell] = [(self.say("readings-rest-all"), *named, self.say("stop"))]
        for rule_id, index in self._unchanged:
            if (rule_id, index) in self._changed:
                continue
            reading = self._alternative_text(rule_id, index).strip()
            items.append((self.say("reading-same-under"), *self.rule(rule_id),
                          self.say("reading-same-told", reading=reading)))
        self.blocks.append(Heading(3, self.say("readings-label")))
        self.blocks.append(Bullets(tuple(items)))

    def _interpretation(self, rule_id: str) -> Any:
        try:
            return self.ruleset.rule(rule_id).interpretation
        except KeyError:
            return None

    def interpretations(self) -> tuple[InterpretationUse, ...]:
        """The interpretations the result rests on, each alternative scored, in the explanation's language."""
        uses: list[InterpretationUse] = []
        for rule_id in list(self.cited):
            interpretation = self._interpretation(rule_id)
            if interpretation is None:
                continue
            translated = self.ruleset.rule(rule_id).translation(self.text_lang) if self.text_lang != "en" else None
            results = []
            for index, alternative in enumerate(alternatives(self.ruleset, rule_id)):
                reading = self._alternative_text(rule_id, index)
                if alternative.parameters is None:
                    results.append(AlternativeResult(reading, None, None, self.say("no-parameters")))
                    continue
                other = self._alternative_output(rule_id, index)
                if isinstance(other, str):
                    results.append(AlternativeResult(reading, alternative.parameters, None, other))
                else:
                    results.append(AlternativeResult(reading, alternative.parameters, dict(other["totals"])))
            source_says = (translated.source_says if translated and translated.source_says
                           else interpretation.source_says)
            chosen = translated.reading if translated and translated.reading else interpretation.reading
            uses.append(InterpretationUse(rule_id, interpretation.topic, source_says, chosen, tuple(results)))
        if not uses:
            return ()
        self.blocks.append(Heading(2, self.say("interpretations")))
        self.blocks.append(Paragraph((self.say("interpretations-intro"),)))
        items: list[Cell] = []
        final = self.output["totals"]
        for use in uses:
            items.append((*self.rule(use.rule), self.say("open"), RegisterLink(use.topic),
                          self.say("as-read", reading=use.reading.strip())))
            for result in use.alternatives:
                if result.totals is None:
                    outcome = self.say("not-scored", error=result.error)
                elif dict(result.totals) == dict(final):
                    outcome = self.say("same-totals")
                else:
                    outcome = self.say("other-totals", totals=self.say("totals-sep").join(
                        f"{seat} {signed(v)}" for seat, v in result.totals.items()))
                items.append((self.say("alternative", reading=result.reading.strip(), outcome=outcome),))
        self.blocks.append(Bullets(tuple(items)))
        return tuple(uses)

    # -- the scoop, totals and settlement

    def scoop(self) -> None:
        scoop = self.ruleset.parameters.scoring.scoop
        if scoop is None:
            return
        count = len(self.players)
        sweeps: dict[str, list[str]] = {seat: [] for seat in self.players}
        for matchup in self.output["matchups"]:
            segments = matchup.get("segments") or {}
            winners = {segments.get(s) for s in SEGMENTS}
            if len(segments) == len(SEGMENTS) and len(winners) == 1 and None not in winners:
                winner = winners.pop()
                assert winner is not None
                sweeps[winner].append(next(s for s in matchup["seats"] if s != winner))
            elif any(c["kind"] == "scoop" for c in matchup["credits"]):
                seat = matchup["credits"][0]["seat"]
                sweeps[seat].append(next(s for s in matchup["seats"] if s != seat))
        by_players = scoop.points_by_players
        lines: list[Cell] = []
        if by_players and count not in by_players:
            listed = _join_words([str(n) for n in sorted(by_players)])
            lines.append((f"The scoop is paid only in a game of {listed} players; this deal has {count} (",
                          *self.rule(scoop.rule), ")."))
        for seat, swept in sweeps.items():
            if not swept or (by_players and count not in by_players):
                continue
            opponents = [s for s in self.players if s != seat]
            if len(swept) == len(opponents):
                if by_players:
                    how = f"{by_players[count]} from each, replaces those matchups' results"
                elif scoop.points:
                    how = f"{scoop.points} more from each"
                else:
                    how = f"{seat}'s credits in each of those matchups times {scoop.multiplier}"
                    if scoop.instead_of_sweep:
                        how += ", instead of the sweep's"
                lines.append((f"{seat} won all three segments against every opponent: the scoop, {how} (",
                              *self.rule(scoop.rule), ")."))
            else:
                missed = [s for s in opponents if s not in swept]
                lines.append((f"{seat} swept {_join_words(swept)} but not {_join_words(missed)}: no scoop, which "
                              "needs all three segments against every opponent (", *self.rule(scoop.rule), ")."))
        if lines:
            self.blocks.append(Heading(2, "Scoop"))
            self.blocks.append(Bullets(tuple(lines)))

    def totals(self) -> None:
        self.blocks.append(Heading(2, "Totals"))
        rows: list[tuple[Cell, ...]] = []
        for seat, total in self.output["totals"].items():
            pieces = [f"v {other} {signed(m['points'][seat])}"
                      for m in self.output["matchups"] if seat in m["seats"]
                      for other in m["seats"] if other != seat]
            style = "plus" if total > 0 else "minus" if total < 0 else "strong"
            rows.append(((seat,), (", ".join(pieces),), (Styled(signed(total), style),)))
        self.blocks.append(Table(("seat", "matchups", "total"), tuple(rows)))
        self.blocks.append(Paragraph((Styled(f"Final results: {self._final_text()}.", "strong"),)))

    def settlement(self) -> None:
        settlement = self.output.get("settlement")
        if not settlement:
            return
        self.blocks.append(Heading(2, "Settlement with stacks"))
        rules = self.ruleset.parameters.settlement
        limit = ("each chip of a starting stack covers one payment, won or lost, so no one's winnings and losses "
                 "together come to more than the stack they started with"
                 if rules is not None and rules.limit == "each_chip_once"
                 else "no one wins or loses more than the stack they started with")
        first = "; the matchups of naturals are paid first" if rules is not None and rules.naturals_first else ""
        self.blocks.append(Paragraph((
            f"Button {settlement['button']}; seats settle in the order {', '.join(settlement['order'])}{first}, "
            f"and {limit} (", *self.rule(settlement.get("rule")), ").")))
        rows = tuple(((p["from"],), (p["to"],), (str(p["owed"]),), (str(p["paid"]),)) for p in settlement["payments"])
        if rows:
            self.blocks.append(Table(("from", "to", "owed", "paid"), rows))
        paid = ", ".join(f"{seat} {signed(v)}" for seat, v in settlement["paid"].items())
        self.blocks.append(Paragraph((Styled(f"Paid: {paid}.", "strong"),)))


def explain_deal(
    ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any] | None = None, lang: str = "en",
    engine: Engine = DEFAULT,
) -> Explanation:
    """The explanation of one deal; ``output`` is the ``score`` op's output (computed when None).

    ``lang`` ``zh``: for a ruleset that declares it (``languages``), the whole explanation in Chinese
    (:mod:`cpspec.present.explain_translated`); for another, the Chinese names of segments, hands and
    naturals beside the English ones (:mod:`cpspec.present.vocabulary`). ``engine`` scores the alternative
    readings (the desk passes the reference engine, which needs no tables built first).
    """
    if output is None:
        from cpspec.protocol.ops.deals import op_score

        output = op_score(ruleset, deal, engine)
    if lang != "en" and lang in ruleset.languages:
        from cpspec.present.explain_translated import explain_translated

        return explain_translated(ruleset, deal, output, lang, engine)
    return _Builder(ruleset, deal, output, lang, engine).build()


# --- rendering --------------------------------------------------------------------------

_ANSI = {"strong": "1", "plus": "32", "minus": "31", "rule": "36", "red": "31", "heading": "1;4"}
_RED_SUITS = frozenset({SUIT_SYMBOLS[SUITS.index("d")], SUIT_SYMBOLS[SUITS.index("h")]})


def _paint(text: str, style: str, color: bool) -> str:
    return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if color else text


def _text_inline(part: Inline, color: bool) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, RuleLink):
        return _paint(part.rule, "rule", color)
    if isinstance(part, RegisterLink):
        return _paint(part.topic, "rule", color)
    if isinstance(part, Styled):
        return _paint(part.text, part.style, color)
    shown = card_symbols(part.cards).split(" ")
    return " ".join(_paint(c, "red", color) if color and c[-1] in _RED_SUITS else c for c in shown)


def _url(part: RuleLink | RegisterLink, ruleset_id: str, links: LinkStyle) -> str | None:
    if isinstance(part, RuleLink):
        return links.rule_url(ruleset_id, part.rule)
    return links.register_url(part.topic)


def _plain_width(part: Inline) -> int:
    """The columns a piece takes on a terminal: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in _text_inline(part, color=False))


def render_text(explanation: Explanation, links: LinkStyle, color: bool = False) -> str:
    """The explanation for a terminal: aligned columns, suit symbols, ANSI colour when asked."""
    lines: list[str] = []
    for block in explanation.blocks:
        if isinstance(block, Heading):
            if lines:
                lines.append("")
            lines.append(_paint(block.text, "heading" if block.level == 1 else "strong", color))
        elif isinstance(block, Paragraph):
            lines.append("".join(_text_inline(p, color) for p in block.parts))
        elif isinstance(block, Bullets):
            for item in block.items:
                text = "".join(_text_inline(p, color) for p in item)
                urls = dict.fromkeys(u for p in item if isinstance(p, RuleLink | RegisterLink)
                                     if (u := _url(p, explanation.ruleset_id, links)) is not None)
                lines.append(f"  {text}" + ("  " + " ".join(f"<{u}>" for u in urls) if urls else ""))
        else:
            lines.extend(_text_table(block, color))
    return "\n".join(lines)


def _text_table(table: Table, color: bool) -> list[str]:
    widths = [_plain_width(h) for h in table.header]
    for row in table.rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], sum(_plain_width(p) for p in cell))
    header = "  ".join(h + " " * (w - _plain_width(h)) for h, w in zip(table.header, widths, strict=True)).rstrip()
    out = ["  " + _paint(header, "strong", color)]
    for row in table.rows:
        cells = []
        for cell, width in zip(row, widths, strict=True):
            shown = "".join(_text_inline(p, color) for p in cell)
            cells.append(shown + " " * (width - sum(_plain_width(p) for p in cell)))
        out.append(("  " + "  ".join(cells)).rstrip())
    return out


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]{|"} | {"<": "&lt;", "&": "&amp;"})
_MD_LINE_START = re.compile(r"^(?:[#+>=-]|\d+(?=[.)]))")


def md_escape(text: str) -> str:
    """Text safe to place inside Markdown (tables included), changed as little as possible.

    >>> print(md_escape("a*b_[c] <d> | e"))
    a\\*b\\_\\[c\\] &lt;d> \\| e
    >>> print(md_escape("-4 and 3. go"), md_escape("1. go"))
    \\-4 and 3. go 1\\. go
    """
    escaped = text.translate(_MD_SPECIAL)
    match = _MD_LINE_START.match(escaped)
    if match is None:
        return escaped
    if match.group().isdigit():
        return escaped[: match.end()] + "\\" + escaped[match.end():]
    return "\\" + escaped


def _md_inline(part: Inline, ruleset_id: str, links: LinkStyle) -> str:
    if isinstance(part, str):
        return md_escape(part)
    if isinstance(part, RuleLink):
        url = links.rule_url(ruleset_id, part.rule)
        return f"[`{part.rule}`]({url})" if url else f"`{part.rule}`"
    if isinstance(part, RegisterLink):
        url = links.register_url(part.topic)
        return f"[{md_escape(part.topic)}]({url})" if url else md_escape(part.topic)
    if isinstance(part, Styled):
        return f"**{md_escape(part.text)}**" if part.style != "" else md_escape(part.text)
    return card_html(part.cards)


def render_markdown(explanation: Explanation, links: LinkStyle, heading_level: int = 1) -> str:
    """The explanation as Markdown; its title is a heading of ``heading_level`` (others below it)."""
    out: list[str] = []

    def inline(cell: Cell) -> str:
        return "".join(_md_inline(p, explanation.ruleset_id, links) for p in cell)

    for block in explanation.blocks:
        if isinstance(block, Heading):
            level = min(6, heading_level + block.level - 1)
            out.append(f"{'#' * level} {md_escape(block.text)}")
        elif isinstance(block, Paragraph):
            out.append(inline(block.parts))
        elif isinstance(block, Bullets):
            out.append("\n".join(f"- {inline(item)}" for item in block.items))
        else:
            lines = ["| " + " | ".join(md_escape(h) for h in block.header) + " |",
                     "|" + "---|" * len(block.header)]
            lines += ["| " + " | ".join(inline(cell) or " " for cell in row) + " |" for row in block.rows]
            out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


# --- JSON ---------------------------------------------------------------------------------


def _inline_json(part: Inline) -> Any:
    if isinstance(part, str):
        return part
    if isinstance(part, RuleLink):
        return {"rule": part.rule}
    if isinstance(part, RegisterLink):
        return {"interpretation": part.topic}
    if isinstance(part, Styled):
        return {"text": part.text, "style": part.style}
    return {"cards": list(part.cards)}


def _cell_json(cell: Cell) -> list[Any]:
    return [_inline_json(p) for p in cell]


def _block_json(block: Block) -> dict[str, Any]:
    if isinstance(block, Heading):
        return {"type": "heading", "level": block.level, "text": block.text}
    if isinstance(block, Paragraph):
        return {"type": "paragraph", "parts": _cell_json(block.parts)}
    if isinstance(block, Bullets):
        return {"type": "bullets", "items": [_cell_json(item) for item in block.items]}
    return {"type": "table", "header": list(block.header), "rows": [[_cell_json(c) for c in row] for row in block.rows]}


def explanation_json(explanation: Explanation, output: Mapping[str, Any], links: LinkStyle) -> dict[str, Any]:
    """The explanation as JSON (``schema/explain.schema.json``): its blocks, the rules and readings it
    rests on, with their addresses, and the ``score`` output it explains."""
    rid = explanation.ruleset_id
    return {
        "ruleset": {"id": rid, "version": explanation.ruleset_version},
        "totals": dict(output["totals"]),
        "blocks": [_block_json(b) for b in explanation.blocks],
        "rules": {r: {"title": t, "url": links.rule_url(rid, r)} for r, t in explanation.rules.items()},
        "interpretations": [
            {"rule": use.rule, "topic": use.topic, "url": links.register_url(use.topic),
             "source_says": use.source_says, "reading": use.reading,
             "alternatives": [{"reading": a.reading, "parameters": dict(a.parameters) if a.parameters else None,
                               "totals": dict(a.totals) if a.totals is not None else None, "error": a.error}
                              for a in use.alternatives]}
            for use in explanation.interpretations
        ],
        "deciding": [{"seats": list(d.seats), "segment": d.segment, "winner": d.winner,
                      "winning_cards": list(d.winning_cards), "losing_cards": list(d.losing_cards), "hand": d.hand,
                      "decided": d.decided} for d in explanation.deciding],
        "fantasyland": [{"seat": f.seat, "qualifies": f.qualifies, "cards": f.cards, "reason": f.reason,
                         "rule": f.rule} for f in explanation.fantasyland],
        "score": dict(output),
    }


__all__ = [
    "AlternativeResult", "Block", "Bullets", "Cards", "Cell", "DecidingCards", "Explanation", "FantasylandVerdict",
    "Heading", "Inline", "InterpretationUse", "LinkStyle", "Paragraph", "RegisterLink", "RuleLink", "Styled", "Table",
    "card_html", "card_symbols", "explain_deal", "explanation_json", "md_escape", "render_markdown", "render_text",
    "signed",
]
