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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cpspec.rules.cards import SUIT_SYMBOLS, SUITS
from cpspec.rules.model import SEGMENTS, Ruleset

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
class Styled:
    """Text with a terminal style (``strong``, ``plus``, ``minus``); plain in Markdown but ``strong``."""

    text: str
    style: str


Inline = str | RuleLink | Cards | Styled
Cell = tuple[Inline, ...]


@dataclass(frozen=True)
class Heading:
    level: int  # 1 is the explanation's title
    text: str


@dataclass(frozen=True)
class Paragraph:
    parts: Cell


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Bullets:
    items: tuple[Cell, ...]


Block = Heading | Paragraph | Table | Bullets


@dataclass(frozen=True)
class Explanation:
    ruleset_id: str
    blocks: tuple[Block, ...]
    rules: Mapping[str, str] = field(default_factory=dict)  # every cited rule id -> its title


# --- links ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LinkStyle:
    """Where a rule's page is: ``{base}rulesets/{ruleset}{suffix}#{rule}``.

    The rulebook's pages link to ``.md`` sources (MkDocs turns them into page URLs);
    the terminal prints the built site's ``.html`` address under a base URL.
    """

    base: str = ""
    suffix: str = ".html"

    def rule_url(self, ruleset_id: str, rule_id: str) -> str:
        return f"{self.base}rulesets/{ruleset_id}{self.suffix}#{rule_id}"


# --- building the explanation ----------------------------------------------------------


def card_symbols(cards: Iterable[str]) -> str:
    """``["Td", "As"]`` as ``"T♦ A♠"``.

    >>> card_symbols(["Td", "As", "2c", "Kh"])
    'T♦ A♠ 2♣ K♥'
    """
    return " ".join(text[0].upper() + SUIT_SYMBOLS[SUITS.index(text[1].lower())] for text in cards)


def signed(points: int) -> str:
    """``+2``, ``-2`` or ``0``."""
    return f"{points:+d}" if points else "0"


def _join_words(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class _Builder:
    def __init__(self, ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self.output = output
        self.blocks: list[Block] = []
        self.cited: dict[str, str] = {}
        self.players = {p["seat"]: p for p in output["players"]}
        self.inputs = {p["seat"]: p for p in deal.get("players", []) if isinstance(p, Mapping)}

    def rule(self, rule_id: str | None) -> tuple[Inline, ...]:
        if rule_id is None:
            return ()
        try:
            self.cited[rule_id] = self.ruleset.rule(rule_id).title
        except KeyError:
            self.cited[rule_id] = "(not a rule of this ruleset)"
        return (RuleLink(rule_id),)

    def rules(self, *rule_ids: str | None) -> Cell:
        parts: list[Inline] = []
        for rule_id in dict.fromkeys(r for r in rule_ids if r):
            if parts:
                parts.append(", ")
            parts.extend(self.rule(rule_id))
        return tuple(parts)

    def build(self) -> Explanation:
        r = self.ruleset
        self.blocks.append(Heading(1, f"{r.title} ({r.id} {r.version})"))
        self.blocks.append(Paragraph((f"Cite as: {r.id} {r.version}, rule <id>. Players in seating order: "
                                      + ", ".join(self.players) + ".",)))
        self.hands()
        self.setting_order()
        self.naturals()
        self.bonuses()
        self.blocks.append(Heading(2, "Matchups"))
        for matchup in self.output["matchups"]:
            self.matchup(matchup)
        self.totals()
        self.settlement()
        if self.cited:
            self.blocks.append(Heading(2, "Rules cited"))
            self.blocks.append(Bullets(tuple((RuleLink(rid), f": {title}") for rid, title in self.cited.items())))
        return Explanation(r.id, tuple(self.blocks), dict(self.cited))

    # -- the hands and their validity

    def hands(self) -> None:
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            given = self.inputs.get(seat, {})
            segments = player.get("segments")
            if segments and all(isinstance(given.get(s), list) for s in SEGMENTS):
                for index, segment in enumerate(SEGMENTS):
                    rows.append(((seat if index == 0 else "",), (segment,),
                                 (Cards(tuple(given[segment])),), (segments[segment]["name"],)))
            elif isinstance(given.get("cards"), list):
                rows.append(((seat,), ("13 cards",), (Cards(tuple(given["cards"])),), ("not set",)))
            else:
                rows.append(((seat,), ("-",), ("no cards shown",), (player.get("declared") or player["status"],)))
        self.blocks.append(Heading(2, "The hands"))
        self.blocks.append(Table(("seat", "segment", "cards", "hand"), tuple(rows)))

    def _order_text(self, seat: str) -> str:
        """``back X > middle Y > front Z`` from the engine's own comparisons."""
        from cpspec.rules.cards import parse_cards
        from cpspec.rules.fouls import evaluate_setting, order_comparisons

        given = self.inputs[seat]
        front, middle, back = (parse_cards(given[s], s) for s in SEGMENTS)
        hands = evaluate_setting(front, middle, back, self.ruleset.parameters.hands.wheel)
        back_middle, front_middle = order_comparisons(hands, self.ruleset.parameters.setting)
        first = ">" if back_middle > 0 else "=" if back_middle == 0 else "<"
        second = ">" if front_middle < 0 else "=" if front_middle == 0 else "<"
        return f"back {hands.back.name} {first} middle {hands.middle.name} {second} front {hands.front.name}"

    def _front_middle_same_kind(self, player: Mapping[str, Any]) -> bool:
        segments = player.get("segments") or {}
        return bool(segments) and segments["front"]["category"] == segments["middle"]["category"]

    def setting_order(self) -> None:
        order = self.ruleset.parameters.setting
        def above(rule: str) -> str:
            return "at least as high as" if rule == "allow_equal" else "higher than"

        wanted = (f"the back must be {above(order.back_over_middle)} the middle, "
                  f"the middle {above(order.middle_over_front)} the front")
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
                undeclared = player["status"] == "natural" and not player.get("declared")
                automatic = params.declaration_rule if undeclared else None
                rows.append(((seat,), status, (player["reason"],), self.rules(player.get("rule"), automatic)))
        if rows:
            self.blocks.append(Table(("seat", "status", "why", "rule"), tuple(rows)))
        if params.hands and not any(p["status"] == "natural" for p in self.players.values()):
            how = ("counted whether declared or not" if params.declaration == "automatic"
                   else "counted only when declared")
            self.blocks.append(Paragraph((f"No player has a natural (naturals are {how}: ",
                                          *self.rules(params.declaration_rule or params.rule), ").")))

    def bonuses(self) -> None:
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            for bonus in player.get("bonuses", []):
                hand = player["segments"][bonus["segment"]]["name"]
                rows.append(((seat,), (bonus["segment"],), (hand,), (str(bonus["points"]),), self.rules(bonus["rule"])))
        if not rows:
            return
        bonuses = self.ruleset.parameters.bonuses
        when = ("only when the segment is won" if bonuses.requires_win else "whether the segment is won or not")
        self.blocks.append(Heading(2, "Bonus hands"))
        intro: list[Inline] = [f"Bonus hands held; each is paid {when}"]
        if bonuses.rule:
            intro += [" (", *self.rule(bonuses.rule), ")"]
        self.blocks.append(Paragraph((*intro, ".")))
        self.blocks.append(Table(("seat", "segment", "hand", "points", "rule"), tuple(rows)))

    # -- matchups

    def _hand(self, seat: str, segment: str) -> str:
        segments = self.players[seat].get("segments")
        return str(segments[segment]["name"]) if segments else "-"

    def matchup(self, matchup: Mapping[str, Any]) -> None:
        a, b = matchup["seats"]
        self.blocks.append(Heading(3, f"{a} v {b}"))
        credits: list[Mapping[str, Any]] = list(matchup["credits"])
        used: set[int] = set()
        rows: list[tuple[Cell, ...]] = []
        compared = matchup["kind"] == "compared"

        def row(step: str, result: str, points: str, rule: Cell, segment: str | None = None) -> tuple[Cell, ...]:
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
        self.blocks.append(Paragraph(self._matchup_summary(matchup)))

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
            parts.append("the scoop replaces the matchup's result")
        lead = f"{a} v {b}: " + ("; ".join(parts) + ". " if parts else "")
        net = matchup["points"][a]
        if net == 0:
            outcome = f"{a} {totals[a]}, {b} {totals[b]}: {a} and {b} break even."
        else:
            high, low = (a, b) if net > 0 else (b, a)
            outcome = (f"{high} {totals[high]} to {low} {totals[low]}, so "
                       f"{high} collects {abs(net)} from {low}.")
        return (lead, Styled(outcome, "strong"))

    # -- totals and settlement

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
        final = ", ".join(f"{seat} {signed(total)}" for seat, total in self.output["totals"].items())
        self.blocks.append(Paragraph((Styled(f"Final results: {final}.", "strong"),)))

    def settlement(self) -> None:
        settlement = self.output.get("settlement")
        if not settlement:
            return
        self.blocks.append(Heading(2, "Settlement with stacks"))
        self.blocks.append(Paragraph((
            f"Button {settlement['button']}; seats settle in the order {', '.join(settlement['order'])}, "
            "and no one wins or loses more than the stack they started with (", *self.rule(settlement.get("rule")),
            ").")))
        rows = tuple(((p["from"],), (p["to"],), (str(p["owed"]),), (str(p["paid"]),)) for p in settlement["payments"])
        if rows:
            self.blocks.append(Table(("from", "to", "owed", "paid"), rows))
        paid = ", ".join(f"{seat} {signed(v)}" for seat, v in settlement["paid"].items())
        self.blocks.append(Paragraph((Styled(f"Paid: {paid}.", "strong"),)))


def explain_deal(
    ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any] | None = None
) -> Explanation:
    """The explanation of one deal; ``output`` is the ``score`` op's output (computed when None)."""
    if output is None:
        from cpspec.protocol.ops.deals import op_score

        output = op_score(ruleset, deal)
    return _Builder(ruleset, deal, output).build()


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
    if isinstance(part, Styled):
        return _paint(part.text, part.style, color)
    shown = card_symbols(part.cards).split(" ")
    return " ".join(_paint(c, "red", color) if color and c[-1] in _RED_SUITS else c for c in shown)


def _plain_width(part: Inline) -> int:
    return len(_text_inline(part, color=False))


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
                urls = [links.rule_url(explanation.ruleset_id, p.rule) for p in item if isinstance(p, RuleLink)]
                lines.append(f"  {text}" + (f"  <{urls[0]}>" if urls else ""))
        else:
            lines.extend(_text_table(block, color))
    return "\n".join(lines)


def _text_table(table: Table, color: bool) -> list[str]:
    widths = [len(h) for h in table.header]
    for row in table.rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], sum(_plain_width(p) for p in cell))
    header = "  ".join(h.ljust(w) for h, w in zip(table.header, widths, strict=True)).rstrip()
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
        return f"[`{part.rule}`]({links.rule_url(ruleset_id, part.rule)})"
    if isinstance(part, Styled):
        return f"**{md_escape(part.text)}**" if part.style != "" else md_escape(part.text)
    return md_escape(card_symbols(part.cards))


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


__all__ = [
    "Block", "Bullets", "Cards", "Cell", "Explanation", "Heading", "Inline", "LinkStyle",
    "Paragraph", "RuleLink", "Styled", "Table", "card_symbols", "explain_deal", "md_escape",
    "render_markdown", "render_text", "signed",
]
