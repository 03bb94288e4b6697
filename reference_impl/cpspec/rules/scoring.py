"""Scoring a deal: every pair of players, segment by segment, then the scoop and the totals.

Each point is a :class:`Credit` to one seat with the rule id behind it; a matchup's
result for a seat is its credits minus its opponent's credits, so totals are zero-sum.

The order of the rules, for each pair of players:

1. If either forfeits (a foul, a surrender, a timeout), the forfeit pays
   (``parameters.penalties``): :func:`compare_forfeit`.
2. Otherwise, if either holds a natural, the naturals settle it
   (``parameters.naturals``): :func:`compare_naturals`.
3. Otherwise the two hands are compared segment by segment
   (``parameters.scoring``, ``parameters.bonuses``): :func:`compare_normal`; a player
   who wins all three is paid the sweep (``parameters.scoring.sweep``).

Which pairs meet: every pair, or, in house-banked play (``parameters.scoring.banker``),
each player and the banker. Then a player who wins every segment against every
opponent scoops (``parameters.scoring.scoop``): :func:`apply_scoop`. Where a deal has a
single winner (``parameters.scoring.single_winner``), that replaces every payment:
:func:`apply_single_winner`. Before all of it, a mechanism whose ``table_sizes`` leave out the
number of players is removed (:func:`cpspec.rules.table_size.at_table`).

Under basic scoring (one unit a segment), A wins all three segments against B:

>>> from cpspec.protocol.inputs import parse_deal
>>> from cpspec.rulesets.loader import bundled_registry
>>> basic = bundled_registry().get("basic")
>>> def seat(name, front, middle, back):
...     return {"seat": name, "front": front.split(), "middle": middle.split(), "back": back.split()}
>>> deal = parse_deal({"players": [seat("A", "Qs Qd 2c", "Ks Kd 3c 4d 5h", "As Ad 6c 7d 8h"),
...                                seat("B", "9s 9d 2h", "Jc Jd 3s 4s 6d", "Qh Qc 2s 3h 8c")]}, basic)
>>> result = score_deal(deal, basic)
>>> result.totals
{'A': 3, 'B': -3}
>>> [(credit.segment, credit.points, credit.rule) for credit in result.matchups[0].credits]
[('front', 1, 'bas-segment-unit'), ('middle', 1, 'bas-segment-unit'), ('back', 1, 'bas-segment-unit')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

from cpspec.rules.deal import Deal
from cpspec.rules.hands import HandEvaluator, compare, evaluate
from cpspec.rules.model import SEGMENTS, Penalty, Ruleset
from cpspec.rules.naturals import NaturalFinder, compare_holdings, holding_difference, naturals_held
from cpspec.rules.status import PlayerState, resolve_player
from cpspec.rules.table_size import at_table, refuse_left_out_declaration

FORFEITS = frozenset({"foul", "surrender", "timeout"})
_FORFEIT_VERBS = {"foul": "fouled", "surrender": "surrendered", "timeout": "timed out"}


class Credit(NamedTuple):
    """Points one seat collects from its opponent in a matchup, and why (``matchups[].credits[]``)."""

    seat: str
    points: int
    kind: str  # segment, bonus, overall, natural, penalty, scoop
    rule: str
    reason: str
    segment: str | None = None


@dataclass
class Matchup:
    """Two players' result (``matchups[]``): who won each segment, and every credit with its rule."""

    seats: tuple[str, str]
    kind: str  # compared, natural, forfeit
    segments: dict[str, str | None] = field(default_factory=dict)  # segment -> winning seat or None (tie)
    credits: list[Credit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def credit_total(self, seat: str) -> int:
        """What the seat's credits in this matchup add up to."""
        return sum(credit.points for credit in self.credits if credit.seat == seat)

    @property
    def net(self) -> int:
        """The first seat's points: its credits less its opponent's (the opponent has the negative)."""
        first = self.seats[0]
        return sum(credit.points if credit.seat == first else -credit.points for credit in self.credits)

    @property
    def points(self) -> dict[str, int]:
        """Each seat's points from this matchup: the net, and its negative."""
        first, second = self.seats
        net = self.net
        return {first: net, second: -net}

    @property
    def overall(self) -> str | None:
        """The seat credited with the overall point, if any."""
        for credit in self.credits:
            if credit.kind == "overall":
                return credit.seat
        return None


@dataclass(frozen=True)
class DealResult:
    """A scored deal (the ``score`` answer): the players' states and every matchup, scoop applied."""

    players: list[PlayerState]
    matchups: list[Matchup]

    @property
    def totals(self) -> dict[str, int]:
        """Each seat's points over all its matchups; they add up to zero."""
        totals = {p.seat: 0 for p in self.players}
        for matchup in self.matchups:
            first, second = matchup.seats
            net = matchup.net
            totals[first] += net
            totals[second] -= net
        return totals


# --- two normal hands -----------------------------------------------------------------


def segment_credits(winner: PlayerState, segment: str, against_same_kind: bool, ruleset: Ruleset) -> list[Credit]:
    """What the winner of one segment collects (``parameters.scoring.segment_points``, ``parameters.bonuses``).

    The segment's unit, and a bonus where the hand earns one and bonuses need a win
    (``requires_win``): in addition to the unit (``mode: added``) or instead of it
    (``mode: instead``), multiplied against a hand of the same category
    (``same_category_multiplier``).
    """
    assert winner.hands is not None
    params = ruleset.parameters
    bonuses = params.bonuses
    hand = winner.hands.get(segment)
    units = params.scoring.segment_points[segment]
    unit = [Credit(winner.seat, units, "segment", params.scoring.rule,
                   f"wins the {segment} with {hand.name}", segment)] if units else []
    entry = winner.bonus_in(segment) if bonuses.requires_win else None
    if entry is None:
        return unit
    points = entry.points
    reason = f"{hand.name} in the {segment} earns a bonus of {entry.points}"
    rule = entry.rule
    if against_same_kind and bonuses.same_category_multiplier > 1:
        points *= bonuses.same_category_multiplier
        reason += f", times {bonuses.same_category_multiplier} against the same kind of hand"
        rule = bonuses.multiplier_rule or entry.rule
    bonus = Credit(winner.seat, points, "bonus", rule, reason, segment)
    return [bonus] if bonuses.mode == "instead" else [*unit, bonus]


def held_bonus_credits(player: PlayerState, ruleset: Ruleset) -> list[Credit]:
    """Bonuses paid for holding a hand, won or not (``parameters.bonuses.requires_win: false``)."""
    if ruleset.parameters.bonuses.requires_win:
        return []
    assert player.hands is not None or not player.held_bonuses
    return [
        Credit(player.seat, entry.points, "bonus", entry.rule,
               f"holds {player.hands.get(segment).name} in the {segment}", segment)  # type: ignore[union-attr]
        for segment, entry in player.held_bonuses
    ]


def overall_credit(matchup: Matchup, wins_a: int, wins_b: int, ruleset: Ruleset) -> Credit | None:
    """The overall point (``parameters.scoring.overall``), if the ruleset has one and someone earns it.

    ``decided_by``: ``higher_total`` (the higher total of the matchup's credits so far,
    bonus credits counted where ``counts_bonuses``), ``majority_of_segments`` (two or more
    of the three segments), ``more_segments`` (more segments won than the opponent).
    """
    overall = ruleset.parameters.scoring.overall
    if overall is None:
        return None
    a, b = matchup.seats
    if overall.decided_by == "higher_total":
        counted = [c for c in matchup.credits if overall.counts_bonuses or c.kind != "bonus"]
        total_a = sum(c.points for c in counted if c.seat == a)
        total_b = sum(c.points for c in counted if c.seat == b)
        winner = a if total_a > total_b else b if total_b > total_a else None
        reason = f"higher total ({max(total_a, total_b)} to {min(total_a, total_b)})"
    elif overall.decided_by == "majority_of_segments":
        winner = a if wins_a >= 2 else b if wins_b >= 2 else None
        reason = "wins a majority (two or more) of the three segments"
    else:
        winner = a if wins_a > wins_b else b if wins_b > wins_a else None
        reason = f"wins more segments ({max(wins_a, wins_b)} to {min(wins_a, wins_b)})"
    if winner is None:
        return None
    return Credit(winner, overall.points, "overall", overall.rule, reason)


def sweep_credit(matchup: Matchup, sweeper: str, ruleset: Ruleset) -> Credit | None:
    """The sweep (``parameters.scoring.sweep``) to a player who won all three segments against this opponent.

    ``points`` are added; or, with ``multiplier``, the sweeper's credits in this matchup so far
    are multiplied (the credit carries the extra points).
    """
    sweep = ruleset.parameters.scoring.sweep
    if sweep is None:
        return None
    if sweep.points:
        return Credit(sweeper, sweep.points, "sweep", sweep.rule, f"wins all three segments: {sweep.points} more")
    earned = matchup.credit_total(sweeper)
    extra = earned * (sweep.multiplier - 1)
    return Credit(sweeper, extra, "sweep", sweep.rule,
                  f"wins all three segments: {earned} times {sweep.multiplier}")


def finish_matchup(matchup: Matchup, wins_a: int, wins_b: int, holders: tuple[PlayerState, ...],
                   ruleset: Ruleset, pays_sweep: bool = True) -> None:
    """After the segments: bonuses paid for holding a hand (where no win is needed), the overall point, the sweep."""
    for holder in holders:
        matchup.credits += held_bonus_credits(holder, ruleset)
    overall = overall_credit(matchup, wins_a, wins_b, ruleset)
    if overall is not None:
        matchup.credits.append(overall)
    sweeper = matchup.seats[0] if wins_a == 3 else matchup.seats[1] if wins_b == 3 else None
    sweep = sweep_credit(matchup, sweeper, ruleset) if sweeper is not None and pays_sweep else None
    if sweep is not None:
        matchup.credits.append(sweep)


def compare_normal(a: PlayerState, b: PlayerState, ruleset: Ruleset, banker: str | None = None) -> Matchup:
    """Two normal hands: each segment to the higher hand; then held bonuses, the overall point and the sweep.

    A tie goes to no one, or to the banker where the banker wins ties (``parameters.scoring.banker.ties``).
    """
    assert a.hands is not None and b.hands is not None
    matchup = Matchup((a.seat, b.seat), "compared")
    wins = {a.seat: 0, b.seat: 0}
    house = ruleset.parameters.scoring.banker
    tie_winner = {a.seat: a, b.seat: b}.get(banker or "") if house is not None and house.ties == "banker" else None
    for segment, hand_a, hand_b in zip(SEGMENTS, a.hands, b.hands, strict=True):
        order = compare(hand_a, hand_b)
        winner = a if order > 0 else b if order < 0 else tie_winner
        matchup.segments[segment] = winner.seat if winner else None
        if winner is not None:
            wins[winner.seat] += 1
            matchup.credits += segment_credits(winner, segment, hand_a.category == hand_b.category, ruleset)
    finish_matchup(matchup, wins[a.seat], wins[b.seat], (a, b), ruleset)
    return matchup


# --- forfeits -------------------------------------------------------------------------


def _penalty_of(player: PlayerState, ruleset: Ruleset) -> Penalty:
    penalty = getattr(ruleset.parameters.penalties, player.status)
    assert isinstance(penalty, Penalty)
    return penalty


def forfeit_payment(payer: PlayerState, receiver: PlayerState, ruleset: Ruleset) -> list[Credit]:
    """What a forfeited hand pays one opponent (``parameters.penalties.<foul|surrender|timeout>``).

    Nothing to an opponent whose status is not in ``pays_to``; a natural's value to a
    natural where ``against_natural: natural_value``; under ``mode: scooped``, what the
    opponent would collect for winning every segment (bonuses and the overall point
    included, the sweep where ``counts_as_sweep``); under ``mode: as_segments``, what the
    two would collect had they won the segments listed (``receiver_wins``, ``payer_wins``);
    otherwise the fixed ``points``, plus the opponent's bonus hands where
    ``plus_opponent_bonuses``.
    """
    penalty = _penalty_of(payer, ruleset)
    if receiver.status not in penalty.pays_to:
        return []
    why = f"{payer.seat} {_FORFEIT_VERBS[payer.status]}"
    if receiver.status == "natural" and penalty.against_natural == "natural_value":
        assert receiver.natural is not None
        return [Credit(receiver.seat, receiver.natural.points, "penalty", penalty.rule,
                       f"{why}: pays the value of {receiver.seat}'s {receiver.natural.id}")]
    if penalty.mode == "scooped" and receiver.status == "normal":
        return _scored_as_swept(payer, receiver, penalty, why, ruleset)
    if penalty.mode == "as_segments":
        return _scored_as_segments(payer, receiver, penalty, why, ruleset)
    credits = [Credit(receiver.seat, penalty.points, "penalty", penalty.rule, f"{why}: pays the penalty")]
    if penalty.plus_opponent_bonuses and receiver.status == "normal":
        assert receiver.hands is not None
        credits += [
            Credit(receiver.seat, entry.points, "bonus", entry.rule,
                   f"{why}: pays {receiver.seat}'s bonus (holds {receiver.hands.get(segment).name} in the {segment})",
                   segment)
            for segment, entry in receiver.held_bonuses
        ]
    return credits


def _scored_as_swept(payer: PlayerState, receiver: PlayerState, penalty: Penalty, why: str,
                     ruleset: Ruleset) -> list[Credit]:
    """The receiver collects as if it had won every segment (a fouled hand has no category to match)."""
    assert receiver.hands is not None
    matchup = Matchup((receiver.seat, payer.seat), "forfeit")
    for segment in SEGMENTS:
        matchup.segments[segment] = receiver.seat
        for credit in segment_credits(receiver, segment, False, ruleset):
            matchup.credits.append(credit._replace(
                reason=f"{credit.reason} ({why}: loses every segment, {penalty.rule})"))
    finish_matchup(matchup, 3, 0, (receiver,), ruleset, pays_sweep=penalty.counts_as_sweep)
    return matchup.credits


def _scored_as_segments(payer: PlayerState, receiver: PlayerState, penalty: Penalty, why: str,
                        ruleset: Ruleset) -> list[Credit]:
    """Each side collects the units of the segments it is credited with, then the overall point; no bonus hands."""
    scoring = ruleset.parameters.scoring
    matchup = Matchup((receiver.seat, payer.seat), "forfeit")
    for seat, segments in ((receiver.seat, penalty.receiver_wins), (payer.seat, penalty.payer_wins)):
        for segment in segments:
            if scoring.segment_points[segment]:
                matchup.credits.append(Credit(seat, scoring.segment_points[segment], "penalty", penalty.rule,
                                              f"{why}: counted as {seat} winning the {segment}", segment))
    overall = overall_credit(matchup, len(penalty.receiver_wins), len(penalty.payer_wins), ruleset)
    if overall is not None:
        matchup.credits.append(overall._replace(reason=f"{why}: {overall.reason}"))
    return matchup.credits


def counts_as_sweep_by(payer: PlayerState, ruleset: Ruleset) -> bool:
    """Whether a forfeit by ``payer`` counts as its opponent's sweep (``penalties.<kind>.counts_as_sweep``)."""
    penalty = _penalty_of(payer, ruleset)
    return penalty.mode == "scooped" and penalty.counts_as_sweep


def compare_forfeit(a: PlayerState, b: PlayerState, ruleset: Ruleset) -> Matchup:
    """A matchup where one or both players forfeit: each forfeit pays the other, as its penalty says.

    Where the forfeit counts as the opponent's sweep, the matchup's segments are the opponent's.
    """
    matchup = Matchup((a.seat, b.seat), "forfeit")
    for payer, receiver in ((a, b), (b, a)):
        if payer.status in FORFEITS:
            credits = forfeit_payment(payer, receiver, ruleset)
            matchup.credits += credits
            if credits and receiver.status == "normal" and counts_as_sweep_by(payer, ruleset):
                matchup.segments = dict.fromkeys(SEGMENTS, receiver.seat)
    return matchup


# --- naturals ---------------------------------------------------------------------------


def compare_naturals(a: PlayerState, b: PlayerState, ruleset: Ruleset) -> Matchup:
    """A natural against a normal hand wins its points; two naturals meet (``parameters.naturals``).

    Two holdings of the same natural are compared where ``same_natural: compare``
    (:func:`_same_natural`). Two naturals of equal rank push (``equal_rank``); of different rank, the higher
    collects its own value (``higher_rank: collects_own_value``), or the difference of the
    two values (``collects_difference``), or they push (``push``).
    """
    naturals = ruleset.parameters.naturals
    matchup = Matchup((a.seat, b.seat), "natural")
    if a.natural is not None and b.natural is not None:
        meeting_rule = naturals.meeting_rule or a.natural.rule
        if a.natural.id == b.natural.id and naturals.same_natural == "compare":
            return _same_natural(a, b, matchup, meeting_rule)
        if a.natural.rank == b.natural.rank or naturals.higher_rank == "push":
            matchup.notes.append(f"{a.natural.id} meets {b.natural.id}: a push ({meeting_rule})")
            return matchup
        high, low = (a, b) if a.natural.rank < b.natural.rank else (b, a)
        assert high.natural is not None and low.natural is not None
        if naturals.higher_rank == "collects_difference":
            difference = high.natural.points - low.natural.points
            if difference > 0:
                matchup.credits.append(Credit(high.seat, difference, "natural", meeting_rule,
                                              f"{high.natural.id} outranks {low.natural.id}: "
                                              f"{high.natural.points} less {low.natural.points}"))
            return matchup
        matchup.credits.append(Credit(high.seat, high.natural.points, "natural", meeting_rule,
                                      f"{high.natural.id} outranks {low.natural.id}"))
        return matchup
    holder = a if a.natural is not None else b
    assert holder.natural is not None
    matchup.credits.append(Credit(holder.seat, holder.natural.points, "natural", holder.natural.rule,
                                  f"{holder.natural.id} wins automatically"))
    return matchup


def _same_natural(a: PlayerState, b: PlayerState, matchup: Matchup, meeting_rule: str) -> Matchup:
    """Two players holding the same natural, compared (``same_natural: compare``): the higher collects its points.

    The holdings compare as :func:`cpspec.rules.naturals.compare_holdings` says; equal holdings push.
    """
    assert a.natural is not None and a.witness is not None and b.witness is not None
    order = compare_holdings(a.witness, b.witness)
    if order == 0:
        matchup.notes.append(f"{a.natural.id} meets {b.natural.id if b.natural else ''}: equal holdings push "
                             f"({meeting_rule})")
        return matchup
    high, low = (a, b) if order > 0 else (b, a)
    assert high.witness is not None and low.witness is not None
    matchup.credits.append(Credit(high.seat, a.natural.points, "natural", meeting_rule,
                                  f"{high.seat}'s {a.natural.id} is higher than {low.seat}'s "
                                  f"({holding_difference(high.witness, low.witness)})"))
    return matchup


# --- the deal ---------------------------------------------------------------------------


def compare_players(a: PlayerState, b: PlayerState, ruleset: Ruleset, banker: str | None = None) -> Matchup:
    """One matchup: forfeits first, then naturals, then the hands segment by segment."""
    if a.status in FORFEITS or b.status in FORFEITS:
        return compare_forfeit(a, b, ruleset)
    if a.status == "natural" or b.status == "natural":
        return compare_naturals(a, b, ruleset)
    return compare_normal(a, b, ruleset, banker)


def pairs(players: list[PlayerState], ruleset: Ruleset, banker: str | None) -> list[tuple[PlayerState, PlayerState]]:
    """Who meets whom: every pair in seating order, or each player and the banker (``parameters.scoring.banker``)."""
    if ruleset.parameters.scoring.banker is None:
        return list(combinations(players, 2))
    house = next(p for p in players if p.seat == banker)
    return [(house, p) for p in players if p is not house]


def swept(matchup: Matchup) -> str | None:
    """The seat that won all three segments of a matchup (or is counted so by a forfeit), if one did."""
    winners = set(matchup.segments.values())
    return winners.pop() if len(winners) == 1 and len(matchup.segments) == len(SEGMENTS) else None


def apply_scoop(players: list[PlayerState], matchups: list[Matchup], ruleset: Ruleset) -> None:
    """A player who sweeps every opponent scoops (``parameters.scoring.scoop``).

    With ``points_by_players``, the scoop's points (by the number of players) replace every
    credit of each of that player's matchups; with ``points``, they are added to each; with
    ``multiplier``, the scooper's credits in each are multiplied. Under ``instead_of_sweep``
    the per-opponent sweep is taken back first.
    """
    scoop = ruleset.parameters.scoring.scoop
    if scoop is None or (scoop.points_by_players and len(players) not in scoop.points_by_players):
        return
    for player in players:
        own = [m for m in matchups if player.seat in m.seats]
        if not own or not all(swept(m) == player.seat for m in own):
            continue
        for matchup in own:
            if scoop.points_by_players:
                points = scoop.points_by_players[len(players)]
                replaced = matchup.credit_total(player.seat)
                matchup.credits = [Credit(player.seat, points, "scoop", scoop.rule,
                                          f"wins all three segments against every opponent (instead of {replaced})")]
                continue
            if scoop.instead_of_sweep:
                matchup.credits = [c for c in matchup.credits if c.kind != "sweep"]
            if scoop.points:
                matchup.credits.append(Credit(player.seat, scoop.points, "scoop", scoop.rule,
                                              f"wins all three segments against every opponent: {scoop.points} more"))
            else:
                earned = matchup.credit_total(player.seat)
                matchup.credits.append(Credit(player.seat, earned * (scoop.multiplier - 1), "scoop", scoop.rule,
                                              f"wins all three segments against every opponent: {earned} times "
                                              f"{scoop.multiplier}"))
        return


def beats(matchup: Matchup, seat: str) -> bool:
    """Whether ``seat`` beats its opponent in this matchup, for a single winner (``parameters.scoring.single_winner``).

    Two or more of the three segments won; or the opponent forfeits and ``seat`` does not; or
    ``seat``'s natural wins (it collects, or the opponent has none).
    """
    if matchup.kind == "compared":
        return sum(1 for winner in matchup.segments.values() if winner == seat) >= 2
    return matchup.net * (1 if matchup.seats[0] == seat else -1) > 0


def apply_single_winner(players: list[PlayerState], matchups: list[Matchup], ruleset: Ruleset) -> None:
    """Where a deal has one winner, it collects ``points`` from each other player, and nothing else is paid.

    Reads ``parameters.scoring.single_winner`` (None: nothing changes).
    """
    single = ruleset.parameters.scoring.single_winner
    if single is None:
        return
    winners = [p.seat for p in players
               if all(beats(m, p.seat) for m in matchups if p.seat in m.seats)]
    for matchup in matchups:
        matchup.credits = []
        if winners and winners[0] in matchup.seats:
            matchup.credits.append(Credit(winners[0], single.points, "winner", single.rule,
                                          "beats every other player on two or more of the three segments"))
        elif not winners:
            matchup.notes.append(f"no player beats every other: no one pays ({single.rule})")


def score_players(players: list[PlayerState], ruleset: Ruleset, banker: str | None = None) -> DealResult:
    """Score players already resolved (simulations resolve each hand once and reuse it).

    ``banker`` is the banker's seat in house-banked play (``parameters.scoring.banker``). The
    ruleset is taken as played by this many players (:func:`cpspec.rules.table_size.at_table`).
    """
    ruleset = at_table(ruleset, len(players))
    matchups = [compare_players(a, b, ruleset, banker) for a, b in pairs(players, ruleset, banker)]
    apply_scoop(players, matchups, ruleset)
    apply_single_winner(players, matchups, ruleset)
    return DealResult(players, matchups)


def score_deal(
    deal: Deal, ruleset: Ruleset, evaluate: HandEvaluator = evaluate, find_naturals: NaturalFinder = naturals_held
) -> DealResult:
    """Score a deal: resolve each player (:func:`cpspec.rules.status.resolve_player`), then every matchup.

    ``evaluate`` and ``find_naturals`` are the readable definitions unless a caller
    passes equal, faster ones (:mod:`cpspec.engines`). Players are resolved in list order; a surrender
    or a timeout declared at a table size that leaves it out is refused in its turn
    (:func:`cpspec.rules.table_size.refuse_left_out_declaration`).
    """
    table = at_table(ruleset, len(deal.players))
    players = []
    for player in deal.players:
        refuse_left_out_declaration(player, len(deal.players), ruleset)
        players.append(resolve_player(player, table, evaluate, find_naturals))
    return score_players(players, table, deal.banker)
