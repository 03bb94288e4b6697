"""The JSON shape of every op's answer: each defined once, here (``schema/protocol.schema.json`` describes them).

The rule modules return typed values; these functions write them as the protocol's
answers. Nothing else in the package builds an answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cpspec.analysis.advise import POLICY, PRUNING, Advice, Estimate, mean_and_error
from cpspec.analysis.fantasyland import TIE_BREAK, Arrangement
from cpspec.rules.all_settings import SettingChoice
from cpspec.rules.bonuses import HeldBonus, bonus_for
from cpspec.rules.cards import RANKS, Card, card_text, cards_text
from cpspec.rules.collection import CollectionDue
from cpspec.rules.fantasyland import Qualification
from cpspec.rules.fouls import SegmentHands, SettingCheck
from cpspec.rules.hands import HandValue
from cpspec.rules.ledger import Transfer
from cpspec.rules.model import SEGMENTS, DealRound, HandRequirement, Ruleset
from cpspec.rules.naturals import HeldNatural, strongest
from cpspec.rules.play import PlayCheck
from cpspec.rules.scoring import Credit, DealResult, Matchup
from cpspec.rules.settlement import Payment
from cpspec.rules.status import PlayerState
from cpspec.rules.tournament import Standing, TargetReached

JSON = dict[str, Any]


def hand_json(hand: HandValue) -> JSON:
    """A hand: ``{category, name, royal}``."""
    return {"category": hand.category.id, "name": hand.name, "royal": hand.royal}


def segments_json(hands: SegmentHands) -> JSON:
    """The three hands of a setting, by segment."""
    return {segment: hand_json(hand) for segment, hand in zip(SEGMENTS, hands, strict=True)}


def bonuses_json(bonuses: Sequence[HeldBonus]) -> list[JSON]:
    """Bonus hands held: ``[{segment, hand, points, rule}]``, front first."""
    return [{"segment": s, "hand": e.hand, "points": e.points, "rule": e.rule} for s, e in bonuses]


def setting_check_json(hands: SegmentHands, check: SettingCheck) -> JSON:
    """The ``check_setting`` answer."""
    return {"fouled": check.fouled, "violations": list(check.violations), "rule": check.rule,
            "segments": segments_json(hands)}


def player_json(state: PlayerState) -> JSON:
    """A player of the ``score`` answer (``players[]``)."""
    out: JSON = {"seat": state.seat, "status": state.status, "reason": state.reason, "rule": state.rule,
                 "natural": state.natural.id if state.natural else None, "declared": state.declared}
    if state.hands is not None:
        out["segments"] = segments_json(state.hands)
    if state.check is not None:
        out["fouled"] = state.check.fouled
        out["violations"] = list(state.check.violations)
    out["bonuses"] = bonuses_json(state.held_bonuses)
    return out


def credit_json(credit: Credit) -> JSON:
    """A credit (``matchups[].credits[]``); ``segment`` only where the credit belongs to one."""
    out: JSON = {"seat": credit.seat, "points": credit.points, "kind": credit.kind, "rule": credit.rule,
                 "reason": credit.reason}
    if credit.segment is not None:
        out["segment"] = credit.segment
    return out


def matchup_json(matchup: Matchup) -> JSON:
    """A matchup (``matchups[]``): seats, points, kind, segment winners, overall, notes, credits."""
    out: JSON = {"seats": list(matchup.seats), "points": matchup.points, "kind": matchup.kind}
    if matchup.segments:
        out["segments"] = dict(matchup.segments)
    out["overall"] = matchup.overall
    if matchup.notes:
        out["notes"] = list(matchup.notes)
    out["credits"] = [credit_json(c) for c in matchup.credits]
    return out


def result_json(result: DealResult) -> JSON:
    """The ``score`` answer without a settlement: totals, players, matchups."""
    return {
        "totals": result.totals,
        "players": [player_json(p) for p in result.players],
        "matchups": [matchup_json(m) for m in result.matchups],
    }


def payment_json(payment: Payment) -> JSON:
    """One payment of a settlement: ``{from, to, owed, paid}``."""
    return {"from": payment.payer, "to": payment.payee, "owed": payment.owed, "paid": payment.paid}


def settlement_json(button: str, order: Sequence[str], payments: Sequence[Payment], paid: Mapping[str, int],
                    rule: str) -> JSON:
    """The ``score`` answer's ``settlement``: the button, the order seats settle in, the payments, what each paid."""
    return {"button": button, "order": list(order), "payments": [payment_json(p) for p in payments],
            "paid": dict(paid), "rule": rule}


def natural_json(held: HeldNatural, with_rank: bool) -> JSON:
    """A natural held, with its witness: ``{id, kind, points, [rank], rule, explanation, [setting]}``."""
    hand, witness = held
    out: JSON = {"id": hand.id, "kind": hand.kind, "points": hand.points}
    if with_rank:
        out["rank"] = hand.rank
    out["rule"] = hand.rule
    out["explanation"] = witness.explanation
    if witness.front is not None and witness.middle is not None and witness.back is not None:
        out["setting"] = {"front": cards_text(witness.front), "middle": cards_text(witness.middle),
                          "back": cards_text(witness.back)}
    return out


def naturals_json(found: Sequence[HeldNatural]) -> JSON:
    """The ``find_naturals`` answer: the ids held (sorted), the best, and each with its witness."""
    best = strongest(found)
    return {"naturals": sorted(hand.id for hand, _ in found), "best": best[0].id if best else None,
            "details": [natural_json(held, with_rank=False) for held in found]}


def setting_choice_json(setting: SettingChoice, ruleset: Ruleset) -> JSON:
    """One listed setting of the ``settings`` answer: cards, hands and the bonuses they earn."""
    out: JSON = {segment: cards_text(cards) for segment, cards in zip(SEGMENTS, setting[:3], strict=True)}
    out["hands"] = segments_json(setting.hands)
    bonuses = []
    for segment, hand in zip(SEGMENTS, setting.hands, strict=True):
        entry = bonus_for(hand, segment, ruleset.parameters.bonuses)
        if entry is not None:
            bonuses.append((segment, entry))
    out["bonuses"] = bonuses_json(bonuses)
    return out


def settings_json(total: int, valid: int, found: Sequence[HeldNatural], listed: Sequence[SettingChoice] | None,
                  ruleset: Ruleset) -> JSON:
    """The ``settings`` answer: the count of valid settings, the naturals held (by id), and the listing if asked."""
    by_id = sorted(found, key=lambda held: held[0].id)
    best = strongest(found)
    out: JSON = {"total": total, "valid": valid, "naturals": [hand.id for hand, _ in by_id],
                 "best_natural": best[0].id if best else None,
                 "natural_details": [natural_json(held, with_rank=True) for held in by_id]}
    if listed is not None:
        out["settings"] = [setting_choice_json(setting, ruleset) for setting in listed]
    return out


def standings_json(standings: Sequence[Standing], target: int | None, reached: TargetReached | None) -> JSON:
    """The ``tournament`` answer: standings deal by deal, the final totals, the target and when it was reached."""
    return {
        "standings": [{"deal": s.deal, "totals": dict(s.totals), "running": dict(s.running),
                       "players": dict(s.players)} for s in standings],
        "final": dict(standings[-1].running),
        "target": target,
        "reached": None if reached is None else {"deal": reached.deal, "seats": list(reached.seats),
                                                 "winner": reached.winner, "rule": reached.rule},
    }


def session_json(scored: Sequence[Mapping[str, Any]], running: Sequence[Mapping[str, int]],
                 transfers: Sequence[Transfer]) -> JSON:
    """The ``score_session`` answer: each deal's totals (and what it paid with stacks), the running totals after
    it, the session's totals and the settle-up."""
    deals: list[JSON] = []
    for number, (output, after) in enumerate(zip(scored, running, strict=True), start=1):
        entry: JSON = {"deal": number, "totals": dict(output["totals"])}
        if "settlement" in output:
            entry["paid"] = dict(output["settlement"]["paid"])
        entry["running"] = dict(after)
        deals.append(entry)
    return {"deals": deals, "totals": dict(running[-1]),
            "settle_up": [{"from": t.payer, "to": t.payee, "amount": t.amount} for t in transfers]}


def collection_json(due: CollectionDue, rule: str) -> JSON:
    """The ``collection`` answer: the level that applies (a number, or ``above N``), its amount, and the rule."""
    level: float | str = f"above {due.level.game:g}" if due.above else due.level.game
    return {"game": due.game, "level": level, "amount": due.level.amount, "per": due.level.per,
            "listed": due.listed, "rule": rule}


def candidate_json(front: Sequence[Card] | None, middle: Sequence[Card] | None, back: Sequence[Card] | None,
                   declare: str | None) -> JSON:
    """How an advised candidate plays: a setting, or a natural declared."""
    if declare is not None:
        return {"declare": declare}
    assert front is not None and middle is not None and back is not None
    return {"front": cards_text(front), "middle": cards_text(middle), "back": cards_text(back)}


def estimate_json(estimate: Estimate) -> JSON:
    """One simulated candidate of the ``advise`` answer."""
    candidate, state = estimate.candidate, estimate.state
    out = candidate_json(candidate.front, candidate.middle, candidate.back, candidate.declare)
    if state.hands is not None:
        out["hands"] = {segment: hand.name for segment, hand in zip(SEGMENTS, state.hands, strict=True)}
    out["status"] = state.status
    out["expected_points"] = round(estimate.mean, 4)
    out["standard_error"] = round(estimate.standard_error, 4)
    out["heuristic"] = round(candidate.heuristic, 4)
    return out


def advice_json(advice: Advice) -> JSON:
    """The ``advise`` answer: the best candidate, every candidate ranked, and how the simulation was made."""
    ranked = [estimate_json(e) for e in advice.ranked]
    out: JSON = {
        "best": ranked[0] if ranked else None,
        "candidates": ranked,
        "valid_settings": advice.valid_settings,
        "natural": advice.natural,
        "automatic_natural": advice.automatic_natural,
        "opponents": advice.options.opponents,
        "deals": advice.options.deals,
        "seed": advice.options.seed,
        "policy": POLICY,
        "pruning": PRUNING,
    }
    if len(advice.ranked) > 1:
        first, second = advice.ranked[0], advice.ranked[1]
        margin, error = mean_and_error([a - b for a, b in zip(first.points, second.points, strict=True)])
        out["margin_over_next"] = {"points": round(margin, 4), "standard_error": round(error, 4)}
    return out


# --- Open Face: a play checked, Fantasyland qualification, the Fantasyland solver ----------------


def _round_json(round_: DealRound) -> JSON:
    return {"cards": round_.cards, "keep": round_.keep}


def play_check_json(check: PlayCheck, rule: str, finished: JSON | None) -> JSON:
    """The ``check_play`` answer: legal, complete, the schedule and how far it got, every violation, the board."""
    out: JSON = {
        "legal": check.legal,
        "complete": check.complete,
        "rounds_played": check.rounds_played,
        "schedule": [_round_json(r) for r in check.schedule],
        "next_round": _round_json(check.next_round) if check.next_round is not None else None,
        "violations": [{"code": v.code, "round": v.round, "where": v.where, "message": v.message, "rule": v.rule,
                        **({"card": card_text(v.card)} if v.card is not None else {})} for v in check.violations],
        "board": {segment: cards_text(check.board[segment]) for segment in SEGMENTS},
        "rule": rule,
    }
    if finished is not None:
        out["finished"] = finished
    return out


def requirement_json(requirement: HandRequirement) -> JSON:
    """A Fantasyland requirement as rulesets write it (ranks as rank characters)."""
    out: JSON = {"segment": requirement.segment, "hand": requirement.hand}
    if requirement.min_rank is not None:
        out["min_rank"] = RANKS[requirement.min_rank]
    if requirement.max_rank is not None:
        out["max_rank"] = RANKS[requirement.max_rank]
    if requirement.ranks is not None:
        out["ranks"] = [RANKS[r] for r in requirement.ranks]
    out["or_better"] = requirement.or_better
    return out


def qualification_json(hands: SegmentHands, check: SettingCheck, in_fantasyland: bool,
                       found: Qualification) -> JSON:
    """The ``qualify_fantasyland`` answer: the board's check, whether it earns Fantasyland, the next hand's size."""
    out = setting_check_json(hands, check)
    out.update({
        "in_fantasyland": in_fantasyland,
        "qualifies": found.qualifies,
        "next_cards": found.cards,
        "discards": found.cards - 13 if found.cards is not None else None,
        "options_met": [{"cards": o.cards, "rule": o.rule, "requires": [requirement_json(r) for r in o.requires]}
                        for o in found.met],
        "rule": found.rule,
        "reason": found.reason,
        "order_rule": check.rule,
    })
    return out


def arrangement_json(found: Arrangement) -> JSON:
    """One solved arrangement: its rows, discards, hands, royalties, whether it stays, its value."""
    return {
        "front": cards_text(found.front), "middle": cards_text(found.middle), "back": cards_text(found.back),
        "discards": cards_text(found.discards),
        "segments": segments_json(found.hands),
        "bonuses": bonuses_json(found.bonuses),
        "royalties": found.royalties,
        "stays": found.stay.qualifies,
        "next_cards": found.stay.cards,
        "value": found.value,
    }


def solution_json(found: Arrangement | None, cards: int, stay_value: int) -> JSON:
    """The ``solve_fantasyland`` answer: the best arrangement (or null when every one fouls) and the objective."""
    return {"cards": cards, "stay_value": stay_value, "found": found is not None,
            "best": arrangement_json(found) if found is not None else None, "tie_break": TIE_BREAK}
