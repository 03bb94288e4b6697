"""Building the typed :class:`~cpspec.rules.model.Ruleset` from a merged, validated ruleset document.

Standard library only (no YAML, no JSON Schema): the rulebook's dispute desk runs this module in
the browser on rulesets that were merged and validated when the site was built.
:mod:`cpspec.rulesets.loader` reads, merges and validates files, then calls :func:`build_ruleset`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from cpspec.rules.cards import RANKS
from cpspec.rules.hands import Wheel
from cpspec.rules.model import (
    SEGMENTS,
    Banker,
    BonusEntry,
    Bonuses,
    BuyIn,
    ChangelogEntry,
    Citation,
    Collection,
    CollectionLevel,
    Dealing,
    DealRound,
    Fantasyland,
    FantasylandOption,
    HandRequirement,
    HandRules,
    Interpretation,
    Lowball,
    Names,
    NaturalConditions,
    NaturalHand,
    Naturals,
    OverallPoint,
    Parameters,
    Penalties,
    Penalty,
    Players,
    RankChoice,
    RankRange,
    RankSets,
    Rule,
    Ruleset,
    RuleTranslation,
    Scoop,
    Scoring,
    SegmentShapes,
    SettingOrder,
    Settlement,
    SingleWinner,
    Source,
    Status,
    Sweep,
    Tournament,
)
from cpspec.rulesets.shorthand import conditions_for


def merge(parent: Any, child: Any) -> Any:
    """Deep-merge ``child`` over ``parent``: mappings merge, ``null`` deletes, the rest replaces."""
    if isinstance(parent, Mapping) and isinstance(child, Mapping):
        merged = dict(copy.deepcopy(parent))
        for key, value in child.items():
            if value is None:
                merged.pop(key, None)
            elif key in merged:
                merged[key] = merge(merged[key], value)
            else:
                merged[key] = copy.deepcopy(value)
        return merged
    return copy.deepcopy(child)


def strip_private(value: Any) -> Any:
    """``value`` without the keys that start with ``_`` (the loader's own notes, such as ``_origin``)."""
    if isinstance(value, dict):
        return {k: strip_private(v) for k, v in value.items() if not k.startswith("_")}
    if isinstance(value, list):
        return [strip_private(v) for v in value]
    return value


def _opt(mapping: Mapping[str, Any], key: str) -> Any:
    return mapping.get(key)


def table_sizes(raw: Mapping[str, Any]) -> frozenset[int] | None:
    """A mechanism's ``table_sizes`` (the numbers of players at which it applies), None where not given."""
    sizes = raw.get("table_sizes")
    return None if sizes is None else frozenset(sizes)


def _penalty(raw: Mapping[str, Any] | None) -> Penalty | None:
    if raw is None:
        return None
    return Penalty(
        mode=raw["mode"],
        points=raw.get("points", 0),
        plus_opponent_bonuses=raw["plus_opponent_bonuses"],
        against_natural=raw["against_natural"],
        pays_to=frozenset(cast(list[Status], raw["pays_to"])),
        rule=raw["rule"],
        receiver_wins=tuple(raw.get("receiver_wins", ())),
        payer_wins=tuple(raw.get("payer_wins", ())),
        counts_as_sweep=raw.get("counts_as_sweep", False),
        table_sizes=table_sizes(raw),
    )


def _segment_points(raw: int | Mapping[str, int]) -> dict[str, int]:
    """``scoring.segment_points``: one number for every segment, or one per segment."""
    if isinstance(raw, int):
        return dict.fromkeys(SEGMENTS, raw)
    return {segment: raw[segment] for segment in SEGMENTS}


def _scoring(raw: Mapping[str, Any]) -> Scoring:
    overall, scoop, sweep = raw.get("overall"), raw.get("scoop"), raw.get("sweep")
    banker, single = raw.get("banker"), raw.get("single_winner")
    return Scoring(
        segment_points=_segment_points(raw["segment_points"]), rule=raw["rule"], tie_rule=_opt(raw, "tie_rule"),
        overall=OverallPoint(overall["points"], overall["decided_by"], overall["rule"],
                             overall.get("counts_bonuses", True), table_sizes(overall)) if overall else None,
        scoop=Scoop(
            points_by_players={e["players"]: e["points"] for e in scoop.get("points_by_players", [])},
            points=scoop.get("points", 0), multiplier=scoop.get("multiplier", 1),
            instead_of_sweep=scoop.get("instead_of_sweep", False), rule=scoop["rule"],
            table_sizes=table_sizes(scoop),
        ) if scoop else None,
        sweep=Sweep(sweep.get("points", 0), sweep.get("multiplier", 1), sweep["rule"], table_sizes(sweep))
        if sweep else None,
        banker=Banker(banker["ties"], banker["rule"]) if banker else None,
        single_winner=SingleWinner(single["points"], single["rule"], table_sizes(single)) if single else None,
    )


def names(raw: Mapping[str, Any] | None) -> Names:
    """A ``names`` block: ``{en, zh}``, either optional."""
    return Names(raw.get("en"), raw.get("zh")) if raw else Names()


def natural_conditions(raw: Mapping[str, Any]) -> NaturalConditions:
    """A natural's ``requires`` block as the model's conditions (ranks written ``2``..``A`` become 0..12)."""
    ranks, sets, shapes = raw.get("rank_range"), raw.get("rank_sets"), raw.get("segments")
    return NaturalConditions(
        distinct_ranks=raw.get("distinct_ranks"), one_suit=raw.get("one_suit"), one_colour=raw.get("one_colour"),
        rank_range=RankRange(RANKS.index(ranks["from"]), RANKS.index(ranks["to"]), ranks.get("at_least", 13))
        if ranks else None,
        ranks=rank_choice(raw["ranks"]) if raw.get("ranks") else None,
        rank_sets=RankSets(**sets) if sets else None,
        segments=SegmentShapes(**shapes) if shapes else None,
    )


def rank_choice(raw: Mapping[str, Any]) -> RankChoice:
    """A ``requires.ranks`` block: the ranks ``allowed``, or every rank but those ``left_out``."""
    at_least = raw.get("at_least", 13)
    if "left_out" in raw:
        left_out = frozenset(RANKS.index(r) for r in raw["left_out"])
        return RankChoice(frozenset(range(len(RANKS))) - left_out, at_least, left_out)
    return RankChoice(frozenset(RANKS.index(r) for r in raw["allowed"]), at_least)


def natural_hand(raw: Mapping[str, Any], detection: Mapping[str, Any]) -> NaturalHand:
    """One natural: its conditions as written, or, written as a ``kind`` alone, what that kind stands for."""
    requires = raw.get("requires")
    if requires is None:
        requires = conditions_for(raw["kind"], detection)
        assert requires is not None, "the loader's checks refuse a kind without conditions"
    return NaturalHand(raw["id"], raw["kind"], raw["points"], raw["rank"], raw["rule"],
                       natural_conditions(requires), names(raw.get("names")), table_sizes(raw))
# --- Open Face: ranks, rows ranked low, the dealing schedule, Fantasyland ------------------------


def _rank(raw: str | None) -> int | None:
    """A rank as rulesets write it (``"6"``, ``"Q"``), as the engine counts it (0 for a deuce .. 12 for an ace)."""
    return None if raw is None else RANKS.index(raw)


def _ranks(raw: list[str] | None) -> tuple[int, ...] | None:
    return None if raw is None else tuple(RANKS.index(r) for r in raw)


def _bonus_entry(e: Mapping[str, Any]) -> BonusEntry:
    return BonusEntry(e["segment"], e["hand"], e["points"], e["rule"], min_rank=_rank(e.get("min_rank")),
                      max_rank=_rank(e.get("max_rank")), per_rank=e.get("per_rank", 0), ranks=_ranks(e.get("ranks")),
                      table_sizes=table_sizes(e))


def _lowball(raw: Mapping[str, Any] | None) -> Lowball | None:
    return Lowball(tuple(raw["segments"]), raw["ranking"], raw["rule"]) if raw else None


def _dealing(raw: Mapping[str, Any] | None) -> Dealing | None:
    if not raw:
        return None
    rounds = tuple(DealRound(r["cards"], r["keep"]) for r in raw["rounds"] for _ in range(r.get("repeat", 1)))
    return Dealing(rounds, raw["rule"], _opt(raw, "placement_rule"), _opt(raw, "discard_rule"))


def _requirement(raw: Mapping[str, Any]) -> HandRequirement:
    return HandRequirement(raw["segment"], raw["hand"], min_rank=_rank(raw.get("min_rank")),
                           max_rank=_rank(raw.get("max_rank")), ranks=_ranks(raw.get("ranks")),
                           or_better=raw.get("or_better", False))


def _options(raw: list[Mapping[str, Any]]) -> tuple[FantasylandOption, ...]:
    return tuple(FantasylandOption(o["cards"], tuple(_requirement(r) for r in o["requires"]), o["rule"]) for o in raw)


def _fantasyland(raw: Mapping[str, Any] | None) -> Fantasyland | None:
    if not raw:
        return None
    return Fantasyland(_options(raw["entry"]), _options(raw.get("stay", [])), raw["rule"], _opt(raw, "stay_rule"))


def _level(raw: Mapping[str, Any]) -> CollectionLevel:
    return CollectionLevel(game=raw["game"], amount=raw["amount"], per=raw["per"])


def build_ruleset(doc: Mapping[str, Any], files: tuple[str, ...] = ()) -> Ruleset:
    """The typed model of a merged, already validated ruleset document (``files``: where it was read from)."""
    p = doc["parameters"]
    players = p["players"]
    scoring = p["scoring"]
    bonuses = p["bonuses"]
    naturals = p["naturals"]
    penalties = p["penalties"]
    settlement = p.get("settlement")
    collection = p.get("collection")
    buy_in = p.get("buy_in")
    tournament = p.get("tournament")
    parameters = Parameters(
        players=Players(
            min=players["min"], max=players["max"],
            seat_names=tuple(players["seat_names"]) if players.get("seat_names") else None,
            rule=players["rule"], seat_rule=_opt(players, "seat_rule"),
        ),
        hands=HandRules(
            wheel=Wheel(p["hands"]["wheel"]), rule=p["hands"]["rule"], front_rule=_opt(p["hands"], "front_rule"),
            lowball=_lowball(p["hands"].get("lowball")),
        ),
        setting=SettingOrder(
            back_over_middle=p["setting"]["back_over_middle"],
            middle_over_front=p["setting"]["middle_over_front"],
            front_middle_ties=p["setting"]["front_middle_ties"],
            rule=p["setting"]["rule"],
            cross_size_rule=_opt(p["setting"], "cross_size_rule"),
            back_over_front=p["setting"].get("back_over_front", "none"),
            low_rows_at_most=_rank(p["setting"].get("low_rows_at_most")),
        ),
        scoring=_scoring(scoring),
        bonuses=Bonuses(
            mode=bonuses["mode"], requires_win=bonuses["requires_win"] or bonuses["mode"] == "instead",
            same_category_multiplier=bonuses["same_category_multiplier"],
            table=tuple(_bonus_entry(e) for e in bonuses["table"]),
            rule=_opt(bonuses, "rule"), multiplier_rule=_opt(bonuses, "multiplier_rule"),
        ),
        naturals=Naturals(
            declaration=naturals["declaration"],
            false_declaration=naturals.get("false_declaration", "foul"),
            higher_rank=naturals.get("higher_rank", "collects_own_value"),
            equal_rank=naturals.get("equal_rank", "push"),
            hands=tuple(natural_hand(h, naturals.get("detection", {})) for h in naturals["hands"]),
            rule=_opt(naturals, "rule"), declaration_rule=_opt(naturals, "declaration_rule"),
            false_declaration_rule=_opt(naturals, "false_declaration_rule"),
            meeting_rule=_opt(naturals, "meeting_rule"), same_natural=naturals.get("same_natural", "push"),
        ),
        penalties=Penalties(
            foul=cast(Penalty, _penalty(penalties["foul"])),
            surrender=_penalty(penalties.get("surrender")),
            timeout=_penalty(penalties.get("timeout")),
        ),
        settlement=Settlement(
            settlement["first"], settlement["direction"], settlement["rule"],
            limit=settlement.get("limit", "balance"), naturals_first=settlement.get("naturals_first", False),
        ) if settlement else None,
        collection=Collection(
            levels=tuple(_level(lv) for lv in collection["levels"]),
            above=_level(collection["above"]) if collection.get("above") else None,
            unlisted=collection["unlisted"], rule=collection["rule"],
        ) if collection else None,
        buy_in=BuyIn(buy_in["points"], buy_in["rule"]) if buy_in else None,
        tournament=Tournament(
            tournament["target"], tournament["replacement"], tournament["rule"], _opt(tournament, "replacement_rule")
        ) if tournament else None,
        dealing=_dealing(p.get("dealing")),
        fantasyland=_fantasyland(p.get("fantasyland")),
    )
    rules = tuple(
        Rule(
            id=r["id"], title=r["title"], topic=r["topic"], text=r["text"],
            citations=tuple(Citation(c["source"], c["quote"], c.get("paraphrase", False))
                            for c in r.get("citations", [])),
            interpretation=Interpretation(
                r["interpretation"]["topic"], r["interpretation"]["source_says"], r["interpretation"]["reading"],
                tuple(alternative_reading(a) for a in r["interpretation"]["alternatives"]),
            ) if "interpretation" in r else None,
            origin=r["_origin"],
            translations=tuple((lang, rule_translation(t)) for lang, t in r.get("translations", {}).items()),
        )
        for r in doc["rules"]
    )
    return Ruleset(
        id=doc["id"], title=doc["title"], version=doc["version"], summary=doc["summary"],
        extends=doc.get("extends"),
        sources=tuple(Source(s.get("file"), s["title"], s.get("url"), s.get("read")) for s in doc["sources"]),
        changelog=tuple(ChangelogEntry(c["version"], c["date"], c["changes"]) for c in doc["changelog"]),
        rules=rules, parameters=parameters, document=strip_private(doc),
        files=files, languages=tuple(doc.get("languages", ("en",))),
        translations=tuple((lang, (t["title"], t["summary"])) for lang, t in doc.get("translations", {}).items()),
    )


def rule_translation(raw: Mapping[str, Any]) -> RuleTranslation:
    """A ``rules[].translations.<lang>`` block: title and text, and the interpretation's where given."""
    return RuleTranslation(raw["title"], raw["text"], raw.get("source_says"), raw.get("reading"),
                           tuple(raw.get("alternatives", ())))


def alternative_reading(alternative: Any) -> str:
    """The text of an interpretation's alternative: a string, or an object's ``reading``."""
    return str(alternative["reading"]) if isinstance(alternative, Mapping) else str(alternative)


def ruleset_document(ruleset: Ruleset) -> dict[str, Any]:
    """The merged, validated document of a ruleset, each rule with the ``_origin`` :func:`build_ruleset` reads."""
    document = dict(ruleset.document)
    document["rules"] = [{**rule, "_origin": ruleset.rule(rule["id"]).origin} for rule in ruleset.document["rules"]]
    return document
