"""The protocol's operations: each takes a ruleset and an input object and returns an output object.

Ops are registered in :data:`OPS`; the protocol server, the harness and the CLI all
dispatch through it. Every op validates its own input and raises :class:`CpspecError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cpspec import PROTOCOL_VERSION, __version__
from cpspec.errors import CpspecError
from cpspec.protocol.jsontext import compact
from cpspec.protocol.outputs import hand_json, result_json
from cpspec.protocol.wire import result_text
from cpspec.rules.cards import cards_text, parse_cards
from cpspec.rules.deal import parse_deal, parse_setting
from cpspec.rules.hands import HandValue, compare, compare_front_with_middle, evaluate3, evaluate5
from cpspec.rules.model import Ruleset
from cpspec.rules.scoring import DealResult, score_deal
from cpspec.rules.setting import check_order, evaluate_setting, naturals_found, strongest
from cpspec.rules.settlement import payment_order, settle

Handler = Callable[[Ruleset | None, Mapping[str, Any]], dict[str, Any]]
#: Writes an op's output straight as compact JSON text: the same text as encoding the handler's output.
Writer = Callable[[Ruleset | None, Mapping[str, Any]], str]


@dataclass(frozen=True)
class Op:
    name: str
    needs_ruleset: bool
    handler: Handler
    summary: str
    writer: Writer | None = None

    def output_text(self, ruleset: Ruleset | None, data: Mapping[str, Any]) -> str:
        """The output as compact JSON text, through the writer where the op has one."""
        if self.writer is not None:
            return self.writer(ruleset, data)
        return compact(self.handler(ruleset, data))


OPS: dict[str, Op] = {}


def register(name: str, summary: str, needs_ruleset: bool = True) -> Callable[[Handler], Handler]:
    def wrap(handler: Handler) -> Handler:
        OPS[name] = Op(name, needs_ruleset, handler, summary)
        return handler

    return wrap


def register_writer(name: str) -> Callable[[Writer], Writer]:
    """Give a registered op a faster writer of its output text (a test holds it to the handler's output)."""
    def wrap(writer: Writer) -> Writer:
        OPS[name] = replace(OPS[name], writer=writer)
        return writer

    return wrap


def check_input_keys(data: Mapping[str, Any], required: set[str], optional: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """A located bad_input error for a missing or an unknown field of an op's input."""
    missing = sorted(required - set(data))
    if missing:
        raise CpspecError("bad_input", f"missing field(s) {', '.join(missing)}", "input")
    extra = sorted(str(k) for k in set(data) - required - optional)
    if extra:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(extra)}", "input")


@register("hello", "handshake: the implementation's name, protocol version, ops and rulesets", needs_ruleset=False)
def op_hello(_: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    from cpspec.rulesets.loader import bundled_registry

    return {
        "implementation": "cpspec",
        "version": __version__,
        "protocol": PROTOCOL_VERSION,
        "ops": sorted(OPS),
        "rulesets": bundled_registry().ids(),
    }


@register("describe_ruleset", "the ruleset's id, title, version and parameters")
def op_describe(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, set())
    return {"id": ruleset.id, "title": ruleset.title, "version": ruleset.version,
            "parameters": dict(ruleset.document["parameters"]), "rules": list(ruleset.rule_ids)}


def _read_hand(data: Mapping[str, Any], key: str, ruleset: Ruleset) -> tuple[tuple[int, ...], HandValue]:
    """The cards of a 3-card front or a 5-card hand given as ``input.<key>``, and its value."""
    raw = data[key]
    if not isinstance(raw, list):
        raise CpspecError("bad_input", "expected a list of cards", f"input.{key}")
    if len(raw) not in (3, 5):
        raise CpspecError("bad_hand_size", "a hand has 3 or 5 cards", f"input.{key}")
    cards = parse_cards(raw, f"input.{key}")
    return cards, evaluate3(cards) if len(cards) == 3 else evaluate5(cards, ruleset.parameters.hands.wheel)


@register("classify", "the category of a 3-card front or a 5-card hand")
def op_classify(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"cards"})
    return hand_json(_read_hand(data, "cards", ruleset)[1])


@register("compare", "which of two hands is higher (3 vs 3, 5 vs 5, or a 3-card front vs a 5-card middle)")
def op_compare(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"a", "b"})
    a_cards, a = _read_hand(data, "a", ruleset)
    b_cards, b = _read_hand(data, "b", ruleset)
    if not set(a_cards).isdisjoint(b_cards):
        raise CpspecError("duplicate_card", "a card is in both hands", "input.b")
    ties = ruleset.parameters.setting.front_middle_ties == "middle_higher"
    if a.size == b.size:
        result = compare(a, b)
    elif a.size == 3:
        result = compare_front_with_middle(a, b, ties)
    else:
        result = -compare_front_with_middle(b, a, ties)
    winner = "a" if result > 0 else "b" if result < 0 else "tie"
    return {"winner": winner, "a": hand_json(a), "b": hand_json(b)}


@register("check_setting", "whether a front/middle/back setting fouls, and why")
def op_check_setting(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"front", "middle", "back"})
    front, middle, back = parse_setting(data, "input")
    hands = evaluate_setting(front, middle, back, ruleset)
    check = check_order(hands, ruleset)
    return {
        "fouled": check.fouled,
        "violations": list(check.violations),
        "rule": check.rule,
        "segments": {s: hand_json(hands.get(s)) for s in ("front", "middle", "back")},
    }


@register("find_naturals", "the naturals of the ruleset that 13 cards hold")
def op_find_naturals(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"cards"})
    cards = parse_cards(data["cards"], "input.cards", 13)
    found = naturals_found(cards, ruleset)
    held = []
    for hand, witness in found:
        entry: dict[str, Any] = {"id": hand.id, "kind": hand.kind, "points": hand.points,
                                 "rule": hand.rule, "explanation": witness.explanation}
        if witness.front is not None:
            entry["setting"] = {"front": cards_text(witness.front), "middle": cards_text(witness.middle or ()),
                                "back": cards_text(witness.back or ())}
        held.append(entry)
    best = strongest(found)
    return {"naturals": sorted(h["id"] for h in held), "best": best.id if best else None, "details": held}


def _score(ruleset: Ruleset, data: Mapping[str, Any]) -> tuple[DealResult, dict[str, Any] | None]:
    """The scored deal, and its settlement with stacks if the input gave a button and stacks."""
    deal = parse_deal(data, ruleset)
    result = score_deal(deal, ruleset)
    settlement = ruleset.parameters.settlement
    if deal.stacks is None or deal.button is None or settlement is None:
        return result, None
    net = {m.seats: m.net for m in result.matchups}
    payments, paid = settle(net, list(deal.seats), deal.button, deal.stacks, settlement)
    return result, {
        "button": deal.button,
        "order": payment_order(list(deal.seats), deal.button, settlement),
        "payments": [p.to_json() for p in payments],
        "paid": paid,
        "rule": settlement.rule,
    }


@register("score", "score a deal of 2-4 players: every matchup, the totals, and the settlement with stacks")
def op_score(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    result, settlement = _score(ruleset, data)
    out = result_json(result)
    if settlement is not None:
        out["settlement"] = settlement
    return out


@register_writer("score")
def write_score(ruleset: Ruleset | None, data: Mapping[str, Any]) -> str:
    assert ruleset is not None
    result, settlement = _score(ruleset, data)
    text = result_text(result)
    return text if settlement is None else f'{text[:-1]},"settlement":{compact(settlement)}}}'


@register("tournament", "a sequence of deals: running standings, replacements, and when the target is reached")
def op_tournament(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"deals"}, {"names"})
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise CpspecError("bad_input", "deals must be a non-empty list", "input.deals")
    names_raw = data.get("names", {})
    if not isinstance(names_raw, dict) or not all(isinstance(v, str) for v in names_raw.values()):
        raise CpspecError("bad_input", "names maps seats to player names", "input.names")
    names: dict[str, str] = dict(names_raw)
    target = ruleset.parameters.tournament
    running: dict[str, int] = {}
    seats: list[str] | None = None
    standings: list[dict[str, Any]] = []
    reached: dict[str, Any] | None = None
    for index, raw in enumerate(deals):
        where = f"input.deals[{index}]"
        if not isinstance(raw, dict):
            raise CpspecError("bad_input", "a deal is an object", where)
        replacements = raw.get("replacements", {})
        deal_input = {k: v for k, v in raw.items() if k != "replacements"}
        deal = parse_deal(deal_input, ruleset, where)
        if seats is None:
            seats = list(deal.seats)
            running = {s: 0 for s in seats}
        elif sorted(deal.seats) != sorted(seats):
            raise CpspecError("bad_players", "every deal of a tournament has the same seats", f"{where}.players")
        if not isinstance(replacements, dict) or any(
            s not in running or not isinstance(n, str) for s, n in replacements.items()
        ):
            raise CpspecError("bad_input", "replacements maps existing seats to new player names",
                              f"{where}.replacements")
        if replacements and (target is None or target.replacement_rule is None):
            raise CpspecError("unsupported", f"{ruleset.id} does not provide for replacement players",
                              f"{where}.replacements")
        if reached is not None:
            raise CpspecError("bad_input", f"the tournament ended after deal {reached['deal']}", where)
        names.update(replacements)
        result = score_deal(deal, ruleset)
        for seat, points in result.totals.items():
            running[seat] += points
        standings.append({"deal": index + 1, "totals": result.totals, "running": dict(running),
                          "players": {s: names.get(s, s) for s in seats}})
        if target is not None:
            over = [s for s in seats if running[s] >= target.target]
            if over:
                best = max(running[s] for s in over)
                leaders = [s for s in over if running[s] == best]
                reached = {"deal": index + 1, "seats": over, "winner": leaders[0] if len(leaders) == 1 else None,
                           "rule": target.rule}
    return {"standings": standings, "final": dict(running),
            "target": target.target if target else None, "reached": reached}


@register("collection", "the house collection (rake) for a game size")
def op_collection(ruleset: Ruleset | None, data: Mapping[str, Any]) -> dict[str, Any]:
    assert ruleset is not None
    check_input_keys(data, {"game"})
    game = data["game"]
    if isinstance(game, bool) or not isinstance(game, int | float) or not game > 0 or game > 1e12:
        raise CpspecError("bad_input", "game is the game's limit, a positive number", "input.game")
    table = ruleset.parameters.collection
    if table is None:
        raise CpspecError("unsupported", f"{ruleset.id} has no collection table", "input")
    levels = sorted(table.levels, key=lambda lv: lv.game)
    if table.above is not None and game > table.above.game:
        level, listed = table.above, False
        return {"game": game, "level": f"above {level.game:g}", "amount": level.amount, "per": level.per,
                "listed": listed, "rule": table.rule}
    for level in levels:
        if level.game >= game:
            return {"game": game, "level": level.game, "amount": level.amount, "per": level.per,
                    "listed": level.game == game, "rule": table.rule}
    raise CpspecError("unsupported", f"no collection level covers a game of {game:g}", "input.game")


from cpspec.protocol import ops_settings  # noqa: E402,F401
