"""The published rulebook's generated pages, as Markdown, from the rulesets and the corpus.

Plain functions: each takes loaded data and returns the Markdown of one page, so they
are tested without MkDocs. ``site/hooks.py`` only gathers the inputs
(:func:`load_inputs`), asks for every page (:func:`generate_pages`) and hands them to
MkDocs as generated files; nothing generated is committed.

Page addresses (relative to the site's docs folder):

* ``rulesets.md`` and ``rulesets/<ruleset id>.md`` — every rule under an anchor equal to its id
* ``cases/<case id>.md`` and ``examples.md`` — the corpus as worked examples
* ``comparison.md``, ``hand-rankings.md``, ``ambiguities.md``, ``schema.md``
* every ``docs/*.md`` of the repository at the top level (``protocol.md``, ...)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpspec.errors import CpspecError
from cpspec.present.desk_site import desk_assets, desk_page, desk_versions
from cpspec.present.differences import parent_difference_section
from cpspec.present.explain import LinkStyle, explain_deal, md_escape, render_markdown, render_text
from cpspec.present.readings import Alternative, alternatives
from cpspec.present.vocabulary import HAND_NAMES, SEGMENT_NAMES, conditions_text
from cpspec.rules.cards import RANKS, parse_cards
from cpspec.rules.hands import Category, HandValue, Wheel, compare, evaluate3, evaluate5
from cpspec.rules.model import BonusEntry, Citation, FantasylandOption, Penalty, Rule, Ruleset, Source
from cpspec.rulesets.loader import RulesetRegistry
from cpspec.rulesets.quotes import address_key, header_address, read_saved_texts

#: The hand-written pages under site/docs, in the order the navigation shows them.
HAND_WRITTEN = ("index.md", "how-to-settle-a-dispute.md", "glossary.md")


# --- inputs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExampleDeal:
    """A deal file of ``examples/``: its name, ruleset, score input and leading comment."""

    name: str
    ruleset: str
    deal: Mapping[str, Any]
    comment: str


@dataclass(frozen=True)
class CaseView:
    """What the rulebook shows of one conformance case."""

    id: str
    description: str
    rulesets: tuple[str, ...]
    op: str
    input: Any
    expected: Any
    expected_error: str | None
    pins: tuple[str, ...]
    tags: tuple[str, ...]
    derivation: str
    replaces: str | None = None
    status: str = "active"
    where: str = ""


@dataclass(frozen=True)
class Inputs:
    """Everything the rulebook is generated from: the rulesets, the cases, the example deals, the schemas,
    the docs, and what the dispute desk and the citations need (pyodide, the package, the saved sources).
    """

    registry: RulesetRegistry
    cases: tuple[CaseView, ...] = ()
    examples: tuple[ExampleDeal, ...] = ()
    schemas: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # file name -> JSON schema
    docs: Mapping[str, str] = field(default_factory=dict)  # file name -> Markdown text
    #: The folder of the npm package pyodide (node_modules/pyodide), when it is installed.
    pyodide: Path | None = None
    #: The folder that holds the cpspec package, for the desk's bundle of browser modules.
    source_root: Path | None = None
    #: The saved text of each source file, where the build can read it (for a citation's context).
    source_texts: Mapping[str, str] = field(default_factory=dict)
    #: The public address of each source file, where one is known.
    addresses: Mapping[str, str] = field(default_factory=dict)

    @property
    def rulesets(self) -> list[Ruleset]:
        """Every ruleset of the registry, sorted by id."""
        return self.registry.all()

    @property
    def topics(self) -> tuple[str, ...]:
        """The rule topics, in the order of the ruleset schema's ``topic`` enum."""
        schema = self.schemas.get("ruleset.schema.json", {})
        enum = schema.get("$defs", {}).get("topic", {}).get("enum")
        if isinstance(enum, list):
            return tuple(str(t) for t in enum)
        seen = dict.fromkeys(rule.topic for r in self.rulesets for rule in r.rules)
        return tuple(seen)


def read_example(path: Path) -> ExampleDeal:
    """A deal file, with the comment lines at its top (the source's reasoning, usually)."""
    from cpspec.protocol.deal_files import read_deal_file

    ruleset_id, deal, _ = read_deal_file(str(path))
    comment: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        comment.append(line[1:].strip())
    return ExampleDeal(path.name, ruleset_id, deal, "\n".join(comment))


def read_cases(corpus: Path) -> tuple[CaseView, ...]:
    """Every case of the corpus folder (``conformance/``), read and validated by :mod:`cpspec.conformance.cases`."""
    from cpspec.conformance import cases as corpus_module

    if not corpus_module.case_files(corpus):
        return ()
    return tuple(
        CaseView(
            id=c.id, description=c.description, rulesets=tuple(c.rulesets), op=c.op, input=c.input,
            expected=c.expected, expected_error=c.expected_error, pins=tuple(c.pins), tags=tuple(c.tags),
            derivation=c.derivation, replaces=c.replaces, status=c.status, where=f"{corpus.name}/{c.file}:{c.line}",
        )
        for c in corpus_module.load_corpus(corpus)
    )


def load_inputs(repo: Path, registry: RulesetRegistry) -> Inputs:
    """Everything the rulebook is generated from, read from a checkout."""
    repo = repo.resolve()
    examples = tuple(read_example(p) for p in sorted((repo / "examples").glob("*.yaml")))
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted((repo / "schema").glob("*.json"))}
    docs = {p.name: p.read_text(encoding="utf-8") for p in sorted((repo / "docs").glob("*.md"))}
    pyodide = repo / "node_modules" / "pyodide"
    texts, addresses = read_sources(repo.parent / "shared")
    return Inputs(registry, read_cases(repo / "conformance"), examples, schemas, docs,
                  pyodide if (pyodide / "pyodide.asm.wasm").is_file() else None, repo / "reference_impl",
                  texts, addresses)


def read_sources(shared: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The saved source texts beside the repository (``shared/seeds``, ``shared/sources``) and the public
    addresses their headers give (a saved page's second line), by file name; empty where absent."""
    saved = read_saved_texts([shared / "seeds", shared / "sources"])
    addresses = {name: address for name, text in saved.by_name.items() if (address := header_address(text))}
    return dict(saved.by_name), addresses


def page_text(text: str) -> str:
    """A saved text without the four-line header of a saved page (title, address, date, note), if it has one."""
    return "\n".join(text.splitlines()[4:]) if header_address(text) else text


def saved_name(source: str, inputs: Inputs) -> str | None:
    """The saved file of a citation's source: the file itself, or the saved page whose header gives the address."""
    if source in inputs.source_texts:
        return source
    wanted = address_key(source)
    return next((name for name, address in inputs.addresses.items() if address_key(address) == wanted), None)


def quote_in_context(text: str, quote: str, width: int = 160) -> tuple[str, str] | None:
    """The words before and after a quote in its source's saved text, or None where it is not found.

    Up to ``width`` characters each side; a word the cut runs through is left out:

    >>> quote_in_context("One. The player with the higher total wins. Two.", "the higher total", 8)
    ('with', 'wins.')
    >>> quote_in_context("One. The player with the higher total wins. Two.", "the higher total", 16)
    ('player with', 'wins. Two.')
    """
    flat = " ".join(text.split())
    wanted = " ".join(quote.split())
    at = flat.find(wanted)
    if at < 0:
        at = flat.lower().find(wanted.lower())
    if at < 0 or not wanted:
        return None
    before = flat[max(0, at - width):at]
    after = flat[at + len(wanted):at + len(wanted) + width]
    if at - width > 0:
        before = before.split(" ", 1)[-1] if " " in before else before
    if at + len(wanted) + width < len(flat):
        after = after.rsplit(" ", 1)[0] if " " in after else after
    return before.strip(), after.strip()


# --- small helpers -----------------------------------------------------------------------


def rule_href(ruleset_id: str, rule_id: str, prefix: str = "../") -> str:
    """The Markdown link to a rule's entry on its ruleset's page; ``prefix`` leads from the linking page to the root."""
    return f"{prefix}rulesets/{ruleset_id}.md#{rule_id}"


def case_href(case_id: str, prefix: str = "../") -> str:
    """The Markdown link to a conformance case's page; ``prefix`` leads from the linking page to the root."""
    return f"{prefix}cases/{case_id}.md"


def citation_text(ruleset: Ruleset, rule_id: str) -> str:
    """The ready-to-paste citation of a rule: ``<ruleset id> <version>, rule <rule id>``."""
    return f"{ruleset.id} {ruleset.version}, rule {rule_id}"


def topic_title(topic: str) -> str:
    """A rule topic as a title: ``setting-order`` reads ``Setting order``."""
    return topic.replace("-", " ").capitalize()


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}"


def _blockquote(text: str) -> str:
    return "\n".join("> " + md_escape(line) if line.strip() else ">" for line in text.strip().splitlines())


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("\n", " ") or " " for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def pretty_json(value: Any, width: int = 100, indent: str = "") -> str:
    """JSON with short lists and objects kept on one line (a hand of cards, a seat's totals).

    >>> print(pretty_json({"seat": "A", "front": ["Ts", "6d", "6h"]}, width=20))
    {
      "seat": "A",
      "front": ["Ts", "6d", "6h"]
    }
    """
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(indent) + len(flat) <= width or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {pretty_json(v, width, inner).lstrip()}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + pretty_json(v, width, inner).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


def _json_block(value: Any) -> str:
    return "```json\n" + pretty_json(value) + "\n```"


def _compact(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_compact(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _cases_for(inputs: Inputs, ruleset_id: str) -> list[CaseView]:
    return [c for c in inputs.cases if ruleset_id in c.rulesets]


def ancestors(ruleset: Ruleset, registry: RulesetRegistry) -> list[Ruleset]:
    """The rulesets this one extends, nearest first."""
    chain: list[Ruleset] = []
    current = ruleset
    while current.extends and len(chain) < 16:
        current = registry.get(current.extends)
        chain.append(current)
    return chain


def rule_parameters(ruleset: Ruleset, rule_id: str) -> list[tuple[str, str]]:
    """The parameters that name this rule as theirs: (dotted path, their values)."""
    found: list[tuple[str, str]] = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            if any((k == "rule" or k.endswith("_rule")) and v == rule_id for k, v in value.items()):
                plain = {k: v for k, v in value.items()
                         if not (k == "rule" or k.endswith("_rule")) and not isinstance(v, Mapping | list)}
                found.append((path, _compact(plain)))
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")

    walk(ruleset.document.get("parameters", {}), "")
    return found


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """A nested parameters mapping as ``{dotted.path: leaf}``; lists are leaves."""
    if isinstance(value, Mapping) and value:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{path}.{key}" if path else str(key)))
        return out
    return {path: value}


# --- summaries of parameters, per topic -------------------------------------------------


def _penalty_text(penalty: Penalty | None, what: str) -> str:
    if penalty is None:
        return f"no {what}"
    if penalty.mode == "fixed":
        text = f"{penalty.points} to each opponent"
        if penalty.plus_opponent_bonuses:
            text += " plus the opponent's bonuses"
    elif penalty.mode == "scooped":
        text = "scored as losing every segment" + (", as the opponent's sweep" if penalty.counts_as_sweep else "")
    else:
        text = (f"scored as losing the {' and '.join(penalty.receiver_wins) or 'none'}"
                f" and winning the {' and '.join(penalty.payer_wins) or 'none'}")
    if penalty.against_natural == "natural_value":
        text += "; a natural's value against a natural"
    return text


def _scoring_text(ruleset: Ruleset) -> str:
    scoring = ruleset.parameters.scoring
    points = scoring.segment_points
    if len(set(points.values())) == 1:
        text = f"{points['front']} a segment"
    else:
        text = ", ".join(f"{segment} {value}" for segment, value in points.items())
    if scoring.sweep is not None:
        more = f"+{scoring.sweep.points}" if scoring.sweep.points else f"×{scoring.sweep.multiplier}"
        text += f"; {more} for all three against an opponent"
    if scoring.banker is not None:
        text += "; against the banker only" + (", ties to the banker" if scoring.banker.ties == "banker" else "")
    if scoring.single_winner is not None:
        text += f"; one winner a deal, {scoring.single_winner.points} from each"
    return text


def topic_summary(ruleset: Ruleset, topic: str) -> str:
    """A short, plain summary of what the ruleset's parameters say on a topic ('' where none do)."""
    p = ruleset.parameters
    if topic == "players":
        count = f"{p.players.min}" if p.players.min == p.players.max else f"{p.players.min}–{p.players.max}"
        text = f"{count} players"
        return text + (f" ({', '.join(p.players.seat_names)})" if p.players.seat_names else "")
    if topic == "seating":
        return f"seats {', '.join(p.players.seat_names)}" if p.players.seat_names else "seating order as listed"
    if topic == "hand-rankings":
        text = "A-2-3-4-5 lowest straight" if p.hands.wheel is Wheel.LOWEST else "A-2-3-4-5 second-highest straight"
        if p.hands.lowball is not None:
            text += f"; {', '.join(p.hands.lowball.segments)} ranked low ({p.hands.lowball.ranking.replace('_', '-')})"
        return text
    if topic == "setting-order":
        return _order_summary(ruleset)
    if topic == "scoring":
        return _scoring_text(ruleset)
    if topic == "overall-point":
        overall = p.scoring.overall
        if overall is None:
            return "none"
        how = {"higher_total": "the higher total", "majority_of_segments": "a majority of segments",
               "more_segments": "more segments won"}[overall.decided_by]
        return f"+{overall.points} for {how}" + (" (bonuses not counted)" if not overall.counts_bonuses else "")
    if topic == "bonuses":
        table = p.bonuses.table
        if not table:
            return "none"
        text = f"{len(table)} bonus entries, " + ("added" if p.bonuses.mode == "added" else "instead of the unit")
        text += ", when won" if p.bonuses.requires_win else ", won or lost"
        if p.bonuses.same_category_multiplier > 1:
            text += f", ×{p.bonuses.same_category_multiplier} against the same kind"
        return text
    if topic == "scoop":
        scoop = p.scoring.scoop
        if scoop is None:
            return "none"
        if scoop.points_by_players:
            amounts = sorted(scoop.points_by_players.items())
            return "sweeping everyone: " + ", ".join(f"{n} players {pts}" for n, pts in amounts)
        more = f"+{scoop.points} from each" if scoop.points else f"×{scoop.multiplier} from each"
        return f"sweeping everyone: {more}" + (" instead of the sweep" if scoop.instead_of_sweep else "")
    if topic == "naturals":
        if not p.naturals.hands:
            return "none"
        hands = ", ".join(f"{h.id} {h.points}" for h in p.naturals.hands)
        return f"{p.naturals.declaration}: {hands}"
    if topic == "fouls":
        return _penalty_text(p.penalties.foul, "foul penalty")
    if topic == "surrender":
        return _penalty_text(p.penalties.surrender, "surrender")
    if topic == "timeout":
        return _penalty_text(p.penalties.timeout, "timeout")
    if topic == "settlement":
        s = p.settlement
        if s is None:
            return "no stack limit"
        text = f"limited by stacks, from {s.first.replace('_', ' ')}, {s.direction}"
        if s.limit == "each_chip_once":
            text += ", each chip won or lost once"
        return text + (", naturals first" if s.naturals_first else "")
    if topic == "collection":
        return "none" if p.collection is None else f"{len(p.collection.levels)} levels"
    if topic == "buy-in":
        return "none" if p.buy_in is None else f"{p.buy_in.points} points"
    if topic == "tournament":
        return "none" if p.tournament is None else f"to {p.tournament.target} points"
    if topic == "deal":
        return _dealing_summary(ruleset)
    if topic == "fantasyland":
        return _fantasyland_summary(ruleset)
    return ""


# --- Open Face: the order with rows ranked low, the dealing schedule, Fantasyland, rank-dependent royalties --


def _order_summary(ruleset: Ruleset) -> str:
    """``back ≥ middle > front``, or the pairs a ruleset orders (``back > front``) and its low rows' limit."""
    order = ruleset.parameters.setting
    sign = {"allow_equal": "≥", "strict": ">"}
    ties = "" if order.front_middle_ties == "equal" else "; middle's extra cards break a front tie"
    if order.back_over_front == "none" and "none" not in (order.back_over_middle, order.middle_over_front):
        return f"back {sign[order.back_over_middle]} middle {sign[order.middle_over_front]} front{ties}"
    pairs = [f"{higher} {sign[req]} {lower}" for higher, lower, req in
             (("back", "middle", order.back_over_middle), ("middle", "front", order.middle_over_front),
              ("back", "front", order.back_over_front)) if req != "none"]
    if order.low_rows_at_most is not None:
        low = ", ".join(ruleset.parameters.hands.low_segments)
        pairs.append(f"{low} no worse than {RANKS[order.low_rows_at_most]} high")
    return "; ".join(pairs) + ties


def _dealing_summary(ruleset: Ruleset) -> str:
    dealing = ruleset.parameters.dealing
    if dealing is None:
        return "13 cards at once"
    rounds = " + ".join(str(r.cards) if r.cards == r.keep else f"{r.cards} (keep {r.keep})" for r in dealing.rounds)
    return f"round by round: {rounds}"


def _fantasyland_summary(ruleset: Ruleset) -> str:
    fantasyland = ruleset.parameters.fantasyland
    if fantasyland is None:
        return "none"
    sizes = sorted({o.cards for o in fantasyland.entry})
    stay = "stay: " + ("none" if not fantasyland.stay else ", ".join(_option_text(o) for o in fantasyland.stay))
    return ("entry: " + ", ".join(_option_text(o) for o in fantasyland.entry)
            + f"; {stay} (hands of {', '.join(map(str, sizes))} cards)")


def _option_text(option: FantasylandOption) -> str:
    parts = []
    for req in option.requires:
        rank = f" {RANKS[req.min_rank]}+" if req.min_rank is not None else ""
        exact = f" {''.join(RANKS[r] for r in req.ranks)}" if req.ranks is not None else ""
        better = " or better" if req.or_better else ""
        parts.append(f"{req.segment} {req.hand.replace('_', ' ')}{rank}{exact}{better}")
    return " and ".join(parts) + f" → {option.cards}"


def bonus_points_text(entry: BonusEntry) -> str:
    """A bonus entry's points, with its ranks: ``1 (from 6, +1 a rank)``, ``1 (up to 9)``, ``8 (75432)``."""
    text = str(entry.points)
    notes = []
    if entry.ranks is not None:
        notes.append("".join(RANKS[r] for r in entry.ranks))
    if entry.min_rank is not None:
        notes.append(f"from {RANKS[entry.min_rank]}" + (f", +{entry.per_rank} a rank" if entry.per_rank else ""))
    if entry.max_rank is not None:
        notes.append(f"up to {RANKS[entry.max_rank]}")
    return text + (f" ({'; '.join(notes)})" if notes else "")


# --- the ruleset pages -------------------------------------------------------------------


def featured_examples(ruleset: Ruleset, inputs: Inputs) -> list[ExampleDeal]:
    """The example deals of this ruleset's sources: deals whose own ruleset's first source it shares."""
    mine = {s.key for s in ruleset.sources}
    featured = []
    for example in inputs.examples:
        if not inputs.registry.has(example.ruleset):
            continue
        owner = inputs.registry.get(example.ruleset)
        if owner.sources and owner.sources[0].key in mine:
            featured.append(example)
    return featured


def _example_section(ruleset: Ruleset, example: ExampleDeal, prefix: str = "../") -> str:
    parts = [f"## Worked example: `{example.name}` {{#example-{_slug(example.name)}}}"]
    if example.ruleset == ruleset.id:
        parts.append(f"The deal file `examples/{example.name}` scored under this ruleset, step by step "
                     f"(the same as `cpspec explain examples/{example.name}`).")
    else:
        parts.append(f"The deal file `examples/{example.name}` (written for {example.ruleset}) scored under "
                     f"this ruleset, step by step (`cpspec explain examples/{example.name} --ruleset {ruleset.id}`).")
    if example.comment:
        parts.append("The file's own notes:\n\n```text\n" + example.comment + "\n```")
    try:
        explanation = explain_deal(ruleset, example.deal)
    except CpspecError as error:
        parts.append(f"This deal cannot be scored under {ruleset.id}: {md_escape(error.describe())}")
        return "\n\n".join(parts)
    parts.append(render_markdown(explanation, LinkStyle(prefix, ".md"), heading_level=3))
    return "\n\n".join(parts)


def desk_link(ruleset_id: str, deal: Mapping[str, Any], prefix: str = "") -> str:
    """The dispute desk's address with this deal filled in (the query ``site/docs/js/desk.js`` reads)."""
    from urllib.parse import urlencode

    query: list[tuple[str, str]] = [("ruleset", ruleset_id)]
    for index, player in enumerate(deal.get("players", [])):
        query.append((f"s{index}", str(player.get("seat", ""))))
        for key, name in (("f", "front"), ("m", "middle"), ("b", "back"), ("c", "cards")):
            if isinstance(player.get(name), list):
                query.append((f"{key}{index}", " ".join(str(c) for c in player[name])))
        for key, name in (("d", "declare"), ("n", "natural")):
            if player.get(name):
                query.append((f"{key}{index}", str(player[name])))
    return f"{prefix}desk.md?{urlencode(query)}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _inheritance_section(ruleset: Ruleset, registry: RulesetRegistry) -> str:
    if not ruleset.extends:
        return ""
    parent = registry.get(ruleset.extends)
    own = [r for r in ruleset.rules if r.origin == ruleset.id]
    inherited = [r for r in ruleset.rules if r.origin != ruleset.id]
    removed = [str(x) for x in ruleset.document.get("removes_rules", [])]
    parts = ["## What it inherits {#inheritance}",
             f"This ruleset extends [{parent.id}]({parent.id}.md) ({md_escape(parent.title)} {parent.version}): "
             "it keeps that ruleset's parameters except those listed below, and its rules except the ones it removes."]
    if inherited:
        parts.append("**Inherited rules:** " + ", ".join(f"[`{r.id}`](#{r.id})" for r in inherited))
    if removed:
        parts.append("**Removed rules** (replaced by this ruleset's own): "
                     + ", ".join(f"[`{rid}`]({parent.id}.md#{rid})" if rid in parent.rule_ids else f"`{rid}`"
                                 for rid in removed))
    if own:
        parts.append("**Its own rules:** " + ", ".join(f"[`{r.id}`](#{r.id})" for r in own))
    before = flatten(parent.document.get("parameters", {}))
    after = flatten(ruleset.document.get("parameters", {}))
    changed = [(path, before.get(path), after.get(path)) for path in sorted(set(before) | set(after))
               if before.get(path) != after.get(path)]
    if changed:
        rows = [(_code(path), md_escape(_compact(old) if path in before else "—"),
                 md_escape(_compact(new) if path in after else "—")) for path, old, new in changed]
        parts.append("**Parameters overridden:**\n\n" + _table(("parameter", parent.id, ruleset.id), rows))
    else:
        parts.append("**Parameters overridden:** none.")
    return "\n\n".join(parts)


def source_address(source: Source, inputs: Inputs) -> str | None:
    """A source's public address: a page's own, or the one its saved copy's header gives."""
    return source.url or (inputs.addresses.get(source.file) if source.file else None)


def _citation(citation: Citation, sources: Mapping[str, Source], inputs: Inputs) -> str:
    """A citation: the source's title and name, its public address where known, the quote (or the paraphrase),
    and the quote in its context where the saved text is available."""
    key = citation.source
    source = sources.get(key)
    title = source.title if source is not None else key
    address = source_address(source, inputs) if source is not None else None
    where = f"<{address}>" if address else "no public address is known"
    named = f"[`{key}`](#sources); {where}" if source is None or source.file else f"[source](#sources): <{key}>"
    read = f", read {source.read}" if source is not None and source.read else ""
    head = f"**Source:** *{md_escape(title)}* ({named}{read})"
    if citation.paraphrase:
        return f"{head}\n\n*Paraphrase (not the source's words):*\n\n{_blockquote(citation.quote)}"
    name = saved_name(key, inputs)
    context = quote_in_context(page_text(inputs.source_texts[name]), citation.quote) if name is not None else None
    if context is None:
        note = "" if name is None else "\n\n*(The quote is not word for word in the saved text.)*"
        return f"{head}\n\n{_blockquote(citation.quote)}{note}"
    before, after = context
    shown = (f"…{md_escape(before)} " if before else "") + f"**{md_escape(' '.join(citation.quote.split()))}**" + (
        f" {md_escape(after)}…" if after else "")
    return (f"{head}\n\n{_blockquote(citation.quote)}\n\n"
            f'<details class="citation-context" markdown="1"><summary>In context</summary>\n\n{shown}\n\n</details>')


def _rule_section(ruleset: Ruleset, rule: Rule, inputs: Inputs, sources: Mapping[str, Source]) -> str:
    parts = [f"### `{rule.id}` {md_escape(rule.title)} {{#{rule.id}}}"]
    meta = [f"**Cite as:** {_code(citation_text(ruleset, rule.id))}",
            f"topic [{topic_title(rule.topic).lower()}](../comparison.md#{rule.topic})"]
    if rule.origin != ruleset.id:
        meta.append(f"inherited from [{rule.origin}]({rule.origin}.md#{rule.id})")
    parts.append(" · ".join(meta))
    parts.append(md_escape(rule.text.strip()))
    for citation in rule.citations:
        parts.append(_citation(citation, sources, inputs))
    if rule.interpretation is not None:
        i = rule.interpretation
        patches = {a.reading: a.parameters for a in alternatives(ruleset, rule.id)}
        prose = {a.reading: a.prose_because or "" for a in alternatives(ruleset, rule.id)}
        alternatives_text = "\n".join(
            f"    - {md_escape(a)}"
            + (f" *(carried out by the parameters* {_code(json.dumps(patches[a]))}*: cpspec explain scores it)*"
               if patches.get(a) else f" *(no parameter: {md_escape(prose[a])})*" if prose.get(a) else "")
            for a in i.alternatives)
        parts.append(
            f"**Interpretation** ([ambiguity register: {i.topic}](../ambiguities.md#{i.topic}))\n\n"
            f"- *What the source says:* {md_escape(i.source_says)}\n"
            f"- *The reading chosen:* {md_escape(i.reading)}\n"
            f"- *The alternatives:*\n{alternatives_text}"
        )
    params = rule_parameters(ruleset, rule.id)
    if params:
        parts.append("**Parameters it governs:** "
                     + "; ".join(f"{_code(path)}" + (f" ({md_escape(values)})" if values else "")
                                 for path, values in params))
    examples = [c for c in _cases_for(inputs, ruleset.id) if rule.id in c.pins]
    if examples:
        parts.append("**Worked examples:**\n\n" + "\n".join(
            f"- [`{c.id}`]({case_href(c.id)}): {md_escape(c.description)}" for c in examples))
    return "\n\n".join(parts)


def _source_line(source: Source, inputs: Inputs) -> str:
    if source.url:
        return f"- {md_escape(source.title)} — <{source.url}> (read {source.read})"
    address = source_address(source, inputs)
    return f"- `{source.file}`: {md_escape(source.title)}" + (f" — <{address}>" if address
                                                             else " (no public address is known)")


def ruleset_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """The page of one ruleset, rules first: the summary, the rules by topic, then its worked examples,
    then its sources, changelog and inheritance."""
    sources = {s.key: s for s in ruleset.sources}
    parts = [f"# {md_escape(ruleset.title)}", md_escape(ruleset.summary.strip())]
    parent = f"[{ruleset.extends}]({ruleset.extends}.md)" if ruleset.extends else "—"
    parts.append(_table(("id", "version", "extends", "rules", "cite a rule as"), [
        (_code(ruleset.id), ruleset.version, parent, str(len(ruleset.rules)),
         _code(citation_text(ruleset, "<rule id>")))]))
    parts.append(f"[Printable one-page summary](../print/{ruleset.id}.md) · "
                 f"[Settle a deal on the dispute desk](../desk.md) · "
                 f"[Worked examples](../examples/{ruleset.id}.md)")
    order = {t: i for i, t in enumerate(inputs.topics)}
    topics = sorted(dict.fromkeys(r.topic for r in ruleset.rules), key=lambda t: order.get(t, len(order)))
    parts.append("## Summary {#parameters}\n\n" + _table(
        ("topic", "summary", "rules"),
        [(f"[{topic_title(t)}](#topic-{t})" if t in topics else topic_title(t), md_escape(topic_summary(ruleset, t)),
          ", ".join(f"[`{r.id}`](#{r.id})" for r in ruleset.rules if r.topic == t))
         for t in inputs.topics if topic_summary(ruleset, t) or any(r.topic == t for r in ruleset.rules)]))
    if ruleset.parameters.naturals.hands:
        parts.append(naturals_section(ruleset, "naturals.md" in inputs.docs))
    for topic in topics:
        parts.append(f"## Rules: {topic_title(topic).lower()} {{#topic-{topic}}}")
        for rule in ruleset.rules:
            if rule.topic == topic:
                parts.append(_rule_section(ruleset, rule, inputs, sources))
    examples = [e for e in featured_examples(ruleset, inputs)]
    worked = [c for c in _cases_for(inputs, ruleset.id) if "worked-example" in c.tags and c.status != "replaced"]
    lines = [f"- [`{e.name}`](../examples/{ruleset.id}/{_slug(e.name.removesuffix('.yaml'))}.md), explained under "
             f"this ruleset" for e in examples]
    lines += [f"- [`{c.id}`]({case_href(c.id)}): {md_escape(c.description)}" for c in worked]
    parts.append("## Worked examples {#worked-examples}\n\n"
                 + (f"Every case of this ruleset, by topic: [worked examples of {ruleset.id}](../examples/"
                    f"{ruleset.id}.md).\n\n") + "\n".join(lines))
    parts.append("## Sources {#sources}\n\n" + "\n".join(_source_line(s, inputs) for s in ruleset.sources))
    parts.append("## Changelog {#changelog}\n\n" + "\n".join(
        f"- **{c.version}** ({c.date}): {md_escape(c.changes)}" for c in ruleset.changelog))
    inheritance = _inheritance_section(ruleset, inputs.registry)
    if inheritance:
        parts.append(inheritance)
        parts.append(parent_difference_section(ruleset, inputs.registry, lambda r, deal: desk_link(r, deal, "../")))
    return "\n\n".join(parts) + "\n"


def naturals_section(ruleset: Ruleset, vocabulary_page: bool = True) -> str:
    """The ruleset's naturals: names in both languages, value, rank, and what each requires of the 13 cards.

    ``vocabulary_page``: the site includes docs/naturals.md, which the section links to.
    """
    naturals = ruleset.parameters.naturals
    rows = [(f"[`{h.id}`](#{h.rule})", md_escape(h.names.en or h.id), md_escape(h.names.zh or "—"), str(h.points),
             str(h.rank), md_escape(conditions_text(h.requires)))
            for h in naturals.hands]
    how = "counted whether declared or not" if naturals.declaration == "automatic" else "counted only when declared"
    same = ("two of the same natural are compared" if naturals.same_natural == "compare"
            else "two of the same natural push")
    return ("## Naturals {#naturals}\n\n"
            f"Naturals are {how}; rank 1 is the highest; {same}. Each is defined by what it requires of the 13 cards"
            + (" ([the vocabulary](../naturals.md))" if vocabulary_page else "") + ".\n\n"
            + _table(("natural", "name", "中文", "points", "rank", "requires"), rows))


def example_deal_page(ruleset: Ruleset, example: ExampleDeal) -> str:
    """One example deal explained under one ruleset (the section that used to sit on the ruleset page)."""
    section = _example_section(ruleset, example, "../../")
    desk = desk_link(ruleset.id, example.deal, "../../")
    return (f"# {md_escape(example.name)} under {md_escape(ruleset.id)}\n\n"
            f"[Open this deal on the dispute desk]({desk}) · [{md_escape(ruleset.title)}](../../rulesets/"
            f"{ruleset.id}.md)\n\n" + section.split("\n\n", 1)[1] + "\n")


def rulesets_index(inputs: Inputs) -> str:
    """The rulesets page: a table of every ruleset with its id, version, parent and summary."""
    rows = [(f"[{md_escape(r.title)}](rulesets/{r.id}.md)", _code(r.id), r.version,
             f"[{r.extends}](rulesets/{r.extends}.md)" if r.extends else "—", md_escape(r.summary.strip()))
            for r in inputs.rulesets]
    return ("# Rulesets\n\nEvery variant is a ruleset: a file of `rulesets/` with its sources, its rules and the "
            "parameters the engine reads. Each rule has a permanent address: "
            "`rulesets/<ruleset>.html#<rule id>`.\n\n"
            + _table(("ruleset", "id", "version", "extends", "summary"), rows) + "\n")


# --- comparison matrix -------------------------------------------------------------------


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def comparison_page(inputs: Inputs) -> str:
    """One row per rule topic, one column per ruleset, in a scrolling box whose topic column and header row stay
    in place; a chooser (``js/compare.js``) shows only the rulesets to compare. Each cell links the rules."""
    rulesets = inputs.rulesets
    head = "".join(f'<th scope="col" data-col="{r.id}"><a href="rulesets/{r.id}.html">{_html(r.id)}</a></th>'
                   for r in rulesets)
    body = []
    for topic in inputs.topics:
        cells = [f'<th scope="row"><a href="#{topic}">{_html(topic_title(topic))}</a></th>']
        for r in rulesets:
            summary = _html(topic_summary(r, topic))
            links = "<br>".join(f'<a href="rulesets/{r.id}.html#{rule.id}"><code>{rule.id}</code></a>'
                                for rule in r.rules if rule.topic == topic)
            cells.append(f'<td data-col="{r.id}">' + ("<br>".join(x for x in (summary, links) if x) or "—") + "</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    chooser = "".join(f'<label><input type="checkbox" data-col="{r.id}" checked> {_html(r.id)}</label> '
                      for r in rulesets)
    matrix = (f'<div class="compare-chooser" id="compare-chooser" hidden><strong>Compare:</strong> {chooser}'
              '<button type="button" id="compare-all">all</button></div>\n'
              '<div class="compare-wrap" id="compare-wrap" tabindex="0">'
              f'<table class="compare" id="compare-matrix"><thead><tr><th scope="col">topic</th>{head}</tr></thead>'
              f'<tbody>{"".join(body)}</tbody></table></div>\n<script src="js/compare.js"></script>')
    parts = ["# Comparison of the rulesets",
             "One row per topic, one column per ruleset. Each cell summarises the ruleset's parameter and links "
             "the rules that decide it; the topic column and the header stay in place while the table scrolls, "
             "and the boxes above it choose which rulesets to compare. The sections below give the rule titles.",
             matrix]
    for topic in inputs.topics:
        section = [f"## {topic_title(topic)} {{#{topic}}}"]
        for r in rulesets:
            rules = [rule for rule in r.rules if rule.topic == topic]
            summary = topic_summary(r, topic)
            line = f"- **[{r.id}](rulesets/{r.id}.md)**" + (f": {md_escape(summary)}" if summary else "")
            if rules:
                line += "\n" + "\n".join(f"    - [`{rule.id}`](rulesets/{r.id}.md#{rule.id}) {md_escape(rule.title)}"
                                         for rule in rules)
            elif not summary:
                line += ": no rule on this topic"
            section.append(line)
        parts.append(section[0] + "\n\n" + "\n".join(section[1:]))
    return "\n\n".join(parts) + "\n"


# --- the printable summary -----------------------------------------------------------------

#: What a table needs, in the order the printed page gives it.
PRINT_TOPICS = ("setting-order", "scoring", "overall-point", "scoop", "bonuses", "naturals", "fouls", "surrender",
                "timeout", "fantasyland")


def print_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """A one-page summary for the table (order rule, scoring, bonuses, naturals, penalties), made to print on A4."""
    p = ruleset.parameters
    rule_of = {"setting-order": p.setting.rule, "scoring": p.scoring.rule,
               "overall-point": p.scoring.overall.rule if p.scoring.overall else None,
               "scoop": p.scoring.scoop.rule if p.scoring.scoop else None, "bonuses": p.bonuses.rule,
               "naturals": p.naturals.rule, "fouls": p.penalties.foul.rule,
               "surrender": p.penalties.surrender.rule if p.penalties.surrender else None,
               "timeout": p.penalties.timeout.rule if p.penalties.timeout else None,
               "fantasyland": p.fantasyland.rule if p.fantasyland else None}
    rows = []
    for topic in PRINT_TOPICS:
        if topic == "fantasyland" and p.fantasyland is None:
            continue
        summary = topic_summary(ruleset, topic)
        rule_id = rule_of.get(topic)
        text = ""
        if rule_id and rule_id in ruleset.rule_ids:
            text = md_escape(" ".join(ruleset.rule(rule_id).text.split()))
        rows.append((f"**{topic_title(topic)}**", md_escape(summary) + (f"<br>{text}" if text else ""),
                     f"[`{rule_id}`](../rulesets/{ruleset.id}.md#{rule_id})" if rule_id else "—"))
    bonus_rows = [(e.segment, e.hand.replace("_", " "), bonus_points_text(e), f"`{e.rule}`") for e in p.bonuses.table]
    natural_rows = [(md_escape(h.names.en or h.id), h.names.zh or "—", str(h.points), str(h.rank), f"`{h.rule}`")
                    for h in p.naturals.hands]
    parts = [f"# {md_escape(ruleset.title)}: the table summary",
             f'<p class="print-meta">{_html(ruleset.id)} {ruleset.version} · cite a rule as '
             f"<code>{_html(citation_text(ruleset, '<rule id>'))}</code> · the full rules: "
             f'<a href="../rulesets/{ruleset.id}.html">rulesets/{ruleset.id}.html</a></p>',
             '<div class="print-summary" markdown="1">',
             _table(("", "what the table needs", "rule"), rows)]
    if bonus_rows:
        parts.append("**Bonus hands**\n\n" + _table(("segment", "hand", "points", "rule"), bonus_rows))
    if natural_rows:
        declared = ("counted without a declaration" if p.naturals.declaration == "automatic"
                    else "count only when declared")
        parts.append(f"**Naturals** ({declared}; rank 1 is highest)\n\n"
                     + _table(("natural", "中文", "points", "rank", "rule"), natural_rows))
    parts.append("</div>")
    return "\n\n".join(parts) + "\n"


# --- hand rankings -----------------------------------------------------------------------

#: One example per category, highest first; the generator checks each against cpspec.rules.hands.
FIVE_CARD_EXAMPLES: tuple[tuple[Category, str], ...] = (
    (Category.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h"),
    (Category.FOUR_OF_A_KIND, "Kc Kd Kh Ks 5s"),
    (Category.FULL_HOUSE, "8s 8h 8d 2c 2h"),
    (Category.FLUSH, "Ad Jd 8d 6d 3d"),
    (Category.STRAIGHT, "Tc 9d 8h 7s 6c"),
    (Category.THREE_OF_A_KIND, "4h 4d 4c Qc 3h"),
    (Category.TWO_PAIR, "9h 9s 6s 6c Jh"),
    (Category.PAIR, "Qh Qd Jc 3s 2d"),
    (Category.HIGH_CARD, "Ah Jc 8d 5s 3c"),
)
FRONT_EXAMPLES: tuple[tuple[Category, str], ...] = (
    (Category.THREE_OF_A_KIND, "7c 7d 7s"),
    (Category.PAIR, "6d 6h Ts"),
    (Category.HIGH_CARD, "Kc 7s 5d"),
)
#: Pairs of hands (higher first) that show how ties between hands of one category break.
TIE_BREAK_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("Kc Kd Kh Ks 5s", "9c 9d 9h 9s Ac", "four of a kind: the rank of the four decides"),
    ("Qh Qd 4c 4s 2d", "Jh Jd Tc Ts Ad", "two pair: the higher pair first"),
    ("Qh Qd Ac 3s 2d", "Qs Qc Kc 7s 2c", "pair: equal pairs, then the kickers in order"),
    ("Ad Jd 8d 6d 3d", "Ks Qs Js 9s 7s", "flush: the highest card first"),
    ("6c 5d 4h 3s 2c", "5h 4s 3d 2d Ah", "straight: six-high beats the wheel where the wheel is lowest"),
    ("Qs Qd Ac", "Qh Qc Kd", "front pair: equal pairs, then the kicker"),
)


def _hand(text: str, wheel: Wheel = Wheel.LOWEST) -> HandValue:
    cards = parse_cards(text.split(), "hand-rankings example")
    return evaluate3(cards) if len(cards) == 3 else evaluate5(cards, wheel)


def _symbols(text: str) -> str:
    from cpspec.present.explain import card_html

    return card_html(text.split())


def hand_rankings_page(inputs: Inputs) -> str:
    """The 5-card and front rankings, with examples evaluated by :mod:`cpspec.rules.hands`."""
    rows = []
    for rank, (category, text) in enumerate(FIVE_CARD_EXAMPLES, start=1):
        hand = _hand(text)
        if hand.category is not category:
            raise ValueError(f"hand-rankings example {text} is a {hand.category.id}, not {category.id}")
        rows.append((str(rank), md_escape(category.id.replace("_", " ")), HAND_NAMES[category.id].zh or "",
                     _code(category.id), _symbols(text), md_escape(hand.name)))
    front_rows = []
    for rank, (category, text) in enumerate(FRONT_EXAMPLES, start=1):
        hand = _hand(text)
        if hand.category is not category:
            raise ValueError(f"front example {text} is a {hand.category.id}, not {category.id}")
        front_rows.append((str(rank), md_escape(category.id.replace("_", " ")), HAND_NAMES[category.id].zh or "",
                           _symbols(text), md_escape(hand.name)))
    tie_rows = []
    for higher, lower, why in TIE_BREAK_EXAMPLES:
        if compare(_hand(higher), _hand(lower)) <= 0:
            raise ValueError(f"tie-break example {higher} does not beat {lower}")
        tie_rows.append((_symbols(higher), _symbols(lower), md_escape(why)))
    by_wheel: dict[str, list[str]] = {}
    by_front: dict[str, list[str]] = {}
    rule_links: list[str] = []
    for r in inputs.rulesets:
        by_wheel.setdefault(r.parameters.hands.wheel.value, []).append(
            f"[{r.id}](rulesets/{r.id}.md#{r.parameters.hands.rule})")
        cross = r.parameters.setting.cross_size_rule
        by_front.setdefault(r.parameters.setting.front_middle_ties, []).append(
            f"[{r.id}](rulesets/{r.id}.md#{cross})" if cross else r.id)
        ids = [rule.id for rule in r.rules if rule.topic == "hand-rankings"]
        if ids:
            rule_links.append(f"- **{r.id}**: " + ", ".join(f"[`{i}`](rulesets/{r.id}.md#{i})" for i in ids))
    wheel_text = {"lowest": "A-2-3-4-5 (the wheel) is the lowest straight",
                  "second_highest": "A-2-3-4-5 ranks just below A-K-Q-J-T"}
    tie_text = {"equal": "a front whose cards match the middle's first ranks equals the middle",
                "middle_higher": "the middle's extra cards make it higher than a matching front"}
    parts = [
        "# Hand rankings",
        "Chinese Poker uses the standard poker ranking for the two 5-card hands (middle and back) and a "
        "reduced one for the 3-card front. Suits never break ties. Every example below is evaluated by the "
        "reference engine (`cpspec.rules.hands`) when the rulebook is built.",
        "## The segments {#segments}",
        "Every ruleset names the three hands alike; the Chinese names are the ones the Chinese-language rule pages use "
        "(`cpspec explain --lang zh` prints them beside the English).",
        _table(("segment", "中文", "cards"), [(name, SEGMENT_NAMES[name].zh or "", size)
                                            for name, size in (("front", "3"), ("middle", "5"), ("back", "5"))]),
        "## Five-card hands {#five-card}",
        _table(("rank", "category", "中文", "id in rulesets", "example", "the engine's name"), rows),
        "## The front (three cards) {#front}",
        "A front counts only three of a kind, a pair or high card: three cards in sequence or of one suit are "
        "high card (outside naturals such as three straights and three flushes).",
        _table(("rank", "category", "中文", "example", "the engine's name"), front_rows),
        "## Breaking ties within a category {#ties}",
        _table(("higher", "lower", "why"), tie_rows),
        "## Where the rulesets differ {#differences}",
        "**The wheel.** " + "; ".join(f"{wheel_text.get(k, k)}: {', '.join(v)}" for k, v in by_wheel.items()) + ".",
        "**A front against a middle** (when checking the setting order). "
        + "; ".join(f"{tie_text.get(k, k)}: {', '.join(v)}" for k, v in by_front.items()) + ".",
    ]
    if rule_links:
        parts.append("**The hand-ranking rules of each ruleset:**\n\n" + "\n".join(rule_links))
    return "\n\n".join(parts) + "\n"


# --- ambiguity register ------------------------------------------------------------------


def ambiguity_page(inputs: Inputs) -> str:
    """Every interpretation record of every ruleset, grouped by its topic."""
    groups: dict[str, list[tuple[Ruleset, Rule, list[str]]]] = {}
    seen: dict[tuple[str, str], list[str]] = {}
    for r in inputs.rulesets:
        for rule in r.rules:
            if rule.interpretation is None:
                continue
            key = (rule.origin, rule.id)
            if key in seen:
                seen[key].append(r.id)
                continue
            seen[key] = []
            home = inputs.registry.get(rule.origin) if inputs.registry.has(rule.origin) else r
            groups.setdefault(rule.interpretation.topic, []).append((home, rule, seen[key]))
    parts = ["# Ambiguity register",
             "Where a source is silent, garbled or contradicts itself, the ruleset records what the source says, "
             "the reading chosen and the alternatives. Grouped by topic; each entry links to its rule."]
    if groups:
        parts.append("Topics: " + ", ".join(f"[{t}](#{t})" for t in sorted(groups)))
    for topic in sorted(groups):
        parts.append(f"## {topic} {{#{topic}}}")
        for home, rule, also in groups[topic]:
            assert rule.interpretation is not None
            i = rule.interpretation
            also_text = f" (also in {', '.join(f'[{x}](rulesets/{x}.md#{rule.id})' for x in also)})" if also else ""
            parts.append(
                f"### [`{rule.id}`](rulesets/{home.id}.md#{rule.id}) {md_escape(rule.title)}\n\n"
                f"{home.id} {home.version}{also_text}\n\n"
                f"- *What the source says:* {md_escape(i.source_says)}\n"
                f"- *The reading chosen:* {md_escape(i.reading)}\n"
                "- *The alternatives:*\n" + "\n".join(_register_alternative(a) for a in alternatives(home, rule.id)))
    return "\n\n".join(parts) + "\n"


def _register_alternative(alternative: Alternative) -> str:
    """One alternative on the ambiguity page: carried out by parameters, or why it stays prose."""
    how = (" *(carried out by parameters)*" if alternative.parameters
           else f" *(no parameter: {md_escape(alternative.prose_because)})*" if alternative.prose_because else "")
    return f"    - {md_escape(alternative.reading)}{how}"


# --- worked examples from the corpus ----------------------------------------------------


def _case_meta(case: CaseView, inputs: Inputs) -> str:
    rulesets = ", ".join(f"[{r}](../rulesets/{r}.md)" if inputs.registry.has(r) else _code(r) for r in case.rulesets)
    pins = []
    for pin in case.pins:
        links = [f"[{r}](../rulesets/{r}.md#{pin})" for r in case.rulesets
                 if inputs.registry.has(r) and pin in inputs.registry.get(r).rule_ids]
        pins.append(f"`{pin}` ({', '.join(links)})" if links else f"`{pin}`")
    rows = [("op", _code(case.op)), ("rulesets", rulesets), ("pins", "<br>".join(pins) or "—"),
            ("tags", ", ".join(case.tags) or "—")]
    if case.replaces:
        rows.append(("replaces", f"[`{case.replaces}`]({case.replaces}.md)"))
    if case.status == "replaced":
        rows.append(("status", "replaced by a corrected case; no longer run"))
    if case.where:
        rows.append(("file", _code(case.where)))
    return _table(("", ""), rows)


def _score_under(case: CaseView, ruleset: Ruleset) -> str:
    from cpspec.protocol.ops.deals import op_score

    if not isinstance(case.input, Mapping):
        return "The input is not an object."
    try:
        output = op_score(ruleset, case.input)
    except CpspecError as error:
        expected = f"The corpus expects the error `{case.expected_error}`. " if case.expected_error else ""
        return f"{expected}The reference engine answers `{error.code}`: {md_escape(error.describe())}"
    explanation = explain_deal(ruleset, case.input, output)
    return render_markdown(explanation, LinkStyle("../", ".md"), heading_level=3)


def _tournament_under(case: CaseView, ruleset: Ruleset) -> str:
    """Each deal of a tournament case explained, then the running standings."""
    from cpspec.protocol.ops.deals import op_tournament

    if not isinstance(case.input, Mapping):
        return "The input is not an object."
    try:
        output = op_tournament(ruleset, case.input)
    except CpspecError as error:
        expected = f"The corpus expects the error `{case.expected_error}`. " if case.expected_error else ""
        return f"{expected}The reference engine answers `{error.code}`: {md_escape(error.describe())}"
    parts = []
    for number, deal in enumerate(case.input.get("deals", []), start=1):
        replaced = deal.get("replacements") if isinstance(deal, Mapping) else None
        note = f" (replacements: {md_escape(_compact(replaced))})" if replaced else ""
        score_input = {k: v for k, v in deal.items() if k != "replacements"}
        parts.append(f"### Deal {number}{note}\n\n"
                     + render_markdown(explain_deal(ruleset, score_input), LinkStyle("../", ".md"), heading_level=4))
    seats = list(output["final"])
    rows = [(str(s["deal"]), *(f"{s['totals'][seat]:+d} → {s['running'][seat]:+d}" for seat in seats))
            for s in output["standings"]]
    parts.append("### Standings\n\n" + _table(("deal", *seats), rows))
    reached = output.get("reached")
    if reached:
        winner = reached.get("winner") or "shared"
        rule = reached.get("rule")
        link = f" ([`{rule}`](../rulesets/{ruleset.id}.md#{rule}))" if rule else ""
        parts.append(f"The target of {output['target']} is reached after deal {reached['deal']}; "
                     f"winner: {winner}{link}.")
    else:
        parts.append("No target is reached." if output.get("target") is None
                     else f"The target of {output['target']} is not reached.")
    return "\n\n".join(parts)


def case_page(case: CaseView, inputs: Inputs) -> str:
    """One conformance case as a worked example, linked to the rules it pins."""
    replaced_by = [c.id for c in inputs.cases if c.replaces == case.id]
    parts = [f"# {case.id}", md_escape(case.description)]
    if replaced_by:
        parts.append("**Replaced by** " + ", ".join(f"[`{x}`]({x}.md)" for x in replaced_by) + ".")
    parts.append(_case_meta(case, inputs))
    parts.append("## How the expected answer was worked out {#derivation}\n\n" + _blockquote(case.derivation))
    explain = {"score": _score_under, "tournament": _tournament_under}.get(case.op)
    if explain is not None:
        for ruleset_id in case.rulesets:
            if not inputs.registry.has(ruleset_id):
                continue
            parts.append(f"## Under {ruleset_id} {{#under-{ruleset_id}}}\n\n"
                         + explain(case, inputs.registry.get(ruleset_id)))
    parts.append("## The case as data {#data}\n\n**Input**\n\n" + _json_block(case.input))
    if case.expected_error is not None:
        parts.append(f"**Expected error:** `{case.expected_error}`")
    else:
        parts.append("**Expected** (compared as a subset of the output)\n\n" + _json_block(case.expected))
    return "\n\n".join(parts) + "\n"


def _case_topic(case: CaseView, ruleset: Ruleset) -> str:
    """The topic of the first rule a case pins in this ruleset (``other`` when it pins none of them)."""
    for pin in case.pins:
        if pin in ruleset.rule_ids:
            return ruleset.rule(pin).topic
    return "other"


def _case_rows(cases: Iterable[CaseView]) -> list[tuple[str, ...]]:
    return [(f"[`{c.id}`]({case_href(c.id, '../../')})" + (" (replaced)" if c.status == "replaced" else ""),
             _code(c.op), md_escape(c.description)) for c in sorted(cases, key=lambda c: c.id)]


def examples_index(inputs: Inputs) -> str:
    """The worked examples, grouped by ruleset: each ruleset's page lists its example deals and its cases by topic."""
    parts = ["# Worked examples",
             "The example deals of `examples/` and the conformance corpus (`conformance/cases/`), grouped by ruleset "
             "and, within a ruleset, by the topic of the rule each case pins. Every case has its own short page: the "
             "hand-worked derivation, then the deal explained step by step under each of its rulesets."]
    if not inputs.cases:
        parts.append("The corpus has no cases yet.")
    rows = []
    for ruleset in inputs.rulesets:
        cases = _cases_for(inputs, ruleset.id)
        deals = [e for e in inputs.examples if e.ruleset == ruleset.id]
        rows.append((f"[{md_escape(ruleset.title)}](examples/{ruleset.id}.md)", str(len(deals)), str(len(cases))))
    parts.append(_table(("ruleset", "example deals", "cases"), rows))
    return "\n\n".join(parts) + "\n"


def ruleset_examples_page(ruleset: Ruleset, inputs: Inputs) -> str:
    """One ruleset's worked examples: its example deals, then its cases by topic (each topic a page)."""
    parts = [f"# Worked examples: {md_escape(ruleset.title)}",
             f"Back to [{md_escape(ruleset.title)}](../rulesets/{ruleset.id}.md) · [all rulesets](../examples.md)"]
    deals = featured_examples(ruleset, inputs)
    if deals:
        parts.append("## Example deals {#deals}\n\n" + "\n".join(
            f"- [`{e.name}`]({ruleset.id}/{_slug(e.name.removesuffix('.yaml'))}.md)"
            + (f" (written for {e.ruleset})" if e.ruleset != ruleset.id else "")
            + (f": {md_escape(e.comment.splitlines()[0])}" if e.comment else "") for e in deals))
    by_topic: dict[str, list[CaseView]] = {}
    for case in _cases_for(inputs, ruleset.id):
        by_topic.setdefault(_case_topic(case, ruleset), []).append(case)
    order = {t: i for i, t in enumerate(inputs.topics)}
    topics = sorted(by_topic, key=lambda t: order.get(t, len(order)))
    if topics:
        parts.append("## Cases by topic {#cases}\n\n" + _table(("topic", "cases"), [
            (f"[{topic_title(t)}]({ruleset.id}/{t}.md)", str(len(by_topic[t]))) for t in topics]))
    return "\n\n".join(parts) + "\n"


def ruleset_topic_cases_page(ruleset: Ruleset, topic: str, inputs: Inputs) -> str:
    """The cases of one ruleset whose first pinned rule is on one topic."""
    cases = [c for c in _cases_for(inputs, ruleset.id) if _case_topic(c, ruleset) == topic]
    return (f"# {md_escape(ruleset.id)}: {topic_title(topic).lower()}\n\n"
            f"Back to [the worked examples of {md_escape(ruleset.id)}](../{ruleset.id}.md) · "
            + (f"[the rules on this topic](../../rulesets/{ruleset.id}.md#topic-{topic})" if topic != "other"
               else f"(these cases pin no rule of {md_escape(ruleset.id)})") + "\n\n"
            + _table(("case", "op", "description"), _case_rows(cases)) + "\n")


def example_pages(inputs: Inputs) -> dict[str, str]:
    """Every page under ``examples/``: one per ruleset, one per (ruleset, topic), one per example deal."""
    pages: dict[str, str] = {}
    for ruleset in inputs.rulesets:
        pages[f"examples/{ruleset.id}.md"] = ruleset_examples_page(ruleset, inputs)
        topics = {_case_topic(c, ruleset) for c in _cases_for(inputs, ruleset.id)}
        for topic in sorted(topics):
            pages[f"examples/{ruleset.id}/{topic}.md"] = ruleset_topic_cases_page(ruleset, topic, inputs)
        for example in featured_examples(ruleset, inputs):
            name = _slug(example.name.removesuffix(".yaml"))
            pages[f"examples/{ruleset.id}/{name}.md"] = example_deal_page(ruleset, example)
    return pages


# --- schema reference --------------------------------------------------------------------


def _schema_type(node: Mapping[str, Any], anchor: Callable[[str], str]) -> str:
    if "$ref" in node:
        ref = str(node["$ref"])
        name = ref.rsplit("/", 1)[-1]
        return f"[{name}](#{anchor(name)})" if ref.startswith("#/$defs/") else _code(ref)
    if "enum" in node:
        return "one of " + ", ".join(_code(json.dumps(v)) for v in node["enum"])
    if "const" in node:
        return _code(json.dumps(node["const"]))
    for key in ("oneOf", "anyOf"):
        if key in node and isinstance(node[key], list):
            return " or ".join(_schema_type(n, anchor) for n in node[key] if isinstance(n, Mapping))
    kind = node.get("type")
    text = " or ".join(kind) if isinstance(kind, list) else str(kind or "any")
    if kind == "array" and isinstance(node.get("items"), Mapping):
        text = f"array of {_schema_type(node['items'], anchor)}"
    if "pattern" in node:
        text += f" matching {_code(str(node['pattern']))}"
    return text


def _schema_object(node: Mapping[str, Any], anchor: Callable[[str], str]) -> str:
    props = node.get("properties")
    if not isinstance(props, Mapping) or not props:
        return f"Type: {_schema_type(node, anchor)}."
    required = set(node.get("required", []))
    rows = [(_code(name), _schema_type(sub, anchor), "yes" if name in required else "",
             md_escape(str(sub.get("description", ""))))
            for name, sub in props.items() if isinstance(sub, Mapping)]
    extra = "" if node.get("additionalProperties", True) is not False else "No other keys are allowed."
    return _table(("key", "type", "required", "description"), rows) + (f"\n\n{extra}" if extra else "")


def schema_page(inputs: Inputs) -> str:
    """A reference of every JSON Schema in ``schema/``: the top level and each definition."""
    parts = ["# Schema reference",
             "Generated from the JSON Schemas (Draft 2020-12) in `schema/`; the files are the authority."]
    for name, schema in inputs.schemas.items():
        stem = name.removesuffix(".json").removesuffix(".schema")

        def anchor(definition: str, stem: str = stem) -> str:
            return f"{stem}--{_slug(definition)}"

        parts.append(f"## {md_escape(str(schema.get('title', name)))} (`{name}`) {{#{stem}}}")
        if schema.get("description"):
            parts.append(md_escape(str(schema["description"])))
        parts.append(_schema_object(schema, anchor))
        for definition, node in (schema.get("$defs") or {}).items():
            if not isinstance(node, Mapping):
                continue
            parts.append(f"### {md_escape(definition)} {{#{anchor(definition)}}}")
            if node.get("description"):
                parts.append(md_escape(str(node["description"])))
            parts.append(_schema_object(node, anchor))
    return "\n\n".join(parts) + "\n"


# --- included documents ------------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s]+)\)")


def included_doc(name: str, text: str, siblings: Iterable[str]) -> str:
    """A ``docs/*.md`` file for the site: links to sibling docs stay links, links to other repository
    files become code (they are not pages of the rulebook)."""
    pages = set(siblings)

    def fix(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            return match.group(0)
        path = target.split("#", 1)[0]
        if path in pages:
            return match.group(0)
        return f"{label} (`{target}` in the repository)"

    return _LINK.sub(fix, text)


# --- placeholders in the hand-written pages ----------------------------------------------


def _example_named(inputs: Inputs, name: str) -> ExampleDeal:
    found = [e for e in inputs.examples if e.name == name.removeprefix("examples/")]
    if not found:
        raise ValueError(f"the rulebook names the example {name!r}, which examples/ does not have")
    return found[0]


def explain_sample(inputs: Inputs, name: str) -> str:
    """The terminal output of ``cpspec explain`` for the example deal the page names, as a code block."""
    example = _example_named(inputs, name)
    ruleset = inputs.registry.get(example.ruleset)
    text = render_text(explain_deal(ruleset, example.deal), LinkStyle("", ".html"))
    return f"```console\n$ cpspec explain examples/{example.name}\n{text}\n```"


def deal_file_sample(inputs: Inputs, name: str) -> str:
    """The deal file the page names, as it is in ``examples/`` (its players, without the comment)."""
    example = _example_named(inputs, name)
    lines = [f"ruleset: {example.ruleset}", "players:"]
    for player in example.deal["players"]:
        fields = ", ".join(f"{k}: [{', '.join(v)}]" if isinstance(v, list) else f"{k}: {v}" for k, v in player.items())
        lines.append(f"  - {{{fields}}}")
    return "```yaml\n" + "\n".join(lines) + "\n```"


def disputes_list(inputs: Inputs, names: Sequence[str]) -> str:
    """Each named example deal as a dispute: its file's first note (the question), the result, the
    interpretations the result rests on, and links to settle it step by step and on the desk."""
    items = []
    for name in names:
        example = _example_named(inputs, name)
        note = " ".join(example.comment.split())
        question = note[:note.rfind("?", 0, 400) + 1] or note.split(". ")[0]
        ruleset = inputs.registry.get(example.ruleset)
        explanation = explain_deal(ruleset, example.deal)
        totals = ", ".join(f"{seat} {v:+d}" if v else f"{seat} 0" for seat, v in explain_totals(ruleset, example))
        readings = ", ".join(f"[{u.topic}](ambiguities.md#{u.topic})" for u in explanation.interpretations
                             if any(a.totals is not None and dict(a.totals) != dict(_totals(ruleset, example))
                                    for a in u.alternatives))
        page = f"examples/{ruleset.id}/{_slug(example.name.removesuffix('.yaml'))}.md"
        items.append(f"- **{md_escape(question)}** {totals}. [Step by step]({page}) · "
                     f"[on the dispute desk]({desk_link(ruleset.id, example.deal)}) · `cpspec explain examples/"
                     f"{example.name}`" + (f" · the result rests on: {readings}" if readings else ""))
    return "\n".join(items)


def _totals(ruleset: Ruleset, example: ExampleDeal) -> dict[str, int]:
    from cpspec.protocol.ops import op_score

    return dict(op_score(ruleset, example.deal)["totals"])


def explain_totals(ruleset: Ruleset, example: ExampleDeal) -> list[tuple[str, int]]:
    """Each seat's total when the example deal is scored under the ruleset, in the answer's order."""
    return list(_totals(ruleset, example).items())


def expand_placeholders(markdown: str, inputs: Inputs) -> str:
    """Replace ``<!-- cpspec:NAME [ARGUMENT] -->`` in a hand-written page with generated Markdown."""
    generators: dict[str, Callable[[str], str]] = {
        "rulesets": lambda _: _table(("ruleset", "id", "version", "summary"), [
            (f"[{md_escape(r.title)}](rulesets/{r.id}.md)", _code(r.id), r.version, md_escape(r.summary.strip()))
            for r in inputs.rulesets]),
        "explain-sample": lambda arg: explain_sample(inputs, arg),
        "deal-file": lambda arg: deal_file_sample(inputs, arg),
        "disputes": lambda arg: disputes_list(inputs, arg.split()),
        "citation": lambda arg: _code(citation_text(inputs.registry.get(arg.split()[0]), arg.split()[1])),
        "counts": lambda _: (f"{len(inputs.rulesets)} rulesets, "
                             f"{sum(len(r.rules) for r in inputs.rulesets)} rules, "
                             f"{len(inputs.cases)} conformance cases"),
    }

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in generators:
            raise ValueError(f"unknown rulebook placeholder {name!r}")
        return generators[name]((match.group(2) or "").strip())

    return re.sub(r"<!--\s*cpspec:([a-z-]+)((?:\s+[^\s>-][^>]*?)?)\s*-->", replace, markdown)


# --- the whole site ----------------------------------------------------------------------


def generate_pages(inputs: Inputs) -> dict[str, str]:
    """Every generated page: docs-relative path -> Markdown."""
    pages: dict[str, str] = {"rulesets.md": rulesets_index(inputs)}
    for ruleset in inputs.rulesets:
        pages[f"rulesets/{ruleset.id}.md"] = ruleset_page(ruleset, inputs)
    pages["comparison.md"] = comparison_page(inputs)
    pages["hand-rankings.md"] = hand_rankings_page(inputs)
    pages["ambiguities.md"] = ambiguity_page(inputs)
    pages["examples.md"] = examples_index(inputs)
    pages.update(example_pages(inputs))
    for ruleset in inputs.rulesets:
        pages[f"print/{ruleset.id}.md"] = print_page(ruleset, inputs)
    for case in inputs.cases:
        pages[f"cases/{case.id}.md"] = case_page(case, inputs)
    pages["schema.md"] = schema_page(inputs)
    pages["desk.md"] = desk_page(inputs.rulesets, inputs.pyodide is not None, *desk_versions(generate_assets(inputs)))
    for name, text in inputs.docs.items():
        if name in pages or name in HAND_WRITTEN:
            raise ValueError(f"docs/{name} would replace a rulebook page of the same name")
        pages[name] = included_doc(name, text, inputs.docs)
    return pages


def generate_assets(inputs: Inputs) -> dict[str, bytes | Path]:
    """The desk's files: site path -> content, or the file to copy (Pyodide's, when it is installed)."""
    return desk_assets(inputs.source_root, inputs.rulesets, [(e.name, e.ruleset, e.deal) for e in inputs.examples],
                       inputs.pyodide)


def site_nav(inputs: Inputs) -> list[Any]:
    """The navigation: hand-written pages, the rulesets, the generated references, the included docs."""
    docs = [{_doc_title(name, text): name} for name, text in inputs.docs.items()]
    return [
        {"Home": "index.md"},
        {"Dispute desk": "desk.md"},
        {"How to settle a dispute": "how-to-settle-a-dispute.md"},
        {"Rulesets": ["rulesets.md", *({r.title: f"rulesets/{r.id}.md"} for r in inputs.rulesets)]},
        {"Comparison": "comparison.md"},
        {"Hand rankings": "hand-rankings.md"},
        {"Worked examples": "examples.md"},
        {"Ambiguity register": "ambiguities.md"},
        {"Glossary": "glossary.md"},
        {"For implementers": [*docs, {"Schema reference": "schema.md"}]},
    ]


def _doc_title(name: str, text: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return name.removesuffix(".md").replace("-", " ").capitalize()
