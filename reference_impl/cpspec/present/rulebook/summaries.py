"""Short plain summaries of what a ruleset's parameters say, one per rule topic."""

from __future__ import annotations

from cpspec.rules.cards import RANKS
from cpspec.rules.hands import Wheel
from cpspec.rules.model import BonusEntry, FantasylandOption, Penalty, Ruleset

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
