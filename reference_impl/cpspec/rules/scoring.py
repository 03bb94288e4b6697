"""Scoring a deal: every pair of players, segment by segment, then the scoop and the totals.

Each point is a :class:`Credit` to one seat with the rule id behind it; a matchup's
result for a seat is its credits minus its opponent's credits, so totals are zero-sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

from cpspec.fast.memo import BoundedMemo, IdentityMemo
from cpspec.rules.deal import Deal
from cpspec.rules.hands import HandValue
from cpspec.rules.model import SEGMENTS, OverallPoint, Penalty, Ruleset
from cpspec.rules.setting import PlayerState, bonus_for, resolve_player

FORFEITS = frozenset({"foul", "surrender", "timeout"})
_FORFEIT_VERBS = {"foul": "fouled", "surrender": "surrendered", "timeout": "timed out"}


class Credit(NamedTuple):
    """Points one seat collects from its opponent in a matchup, and why.

    A named tuple rather than a frozen dataclass: as immutable, and several times cheaper
    to build, which matters since a deal of four players makes a few dozen of them.
    """

    seat: str
    points: int
    kind: str  # segment, bonus, overall, natural, penalty, scoop
    rule: str
    reason: str
    segment: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat, "points": self.points, "kind": self.kind,
                                  "rule": self.rule, "reason": self.reason}
        if self.segment is not None:
            out["segment"] = self.segment
        return out


@dataclass(slots=True)
class Matchup:
    seats: tuple[str, str]
    kind: str  # compared, natural, forfeit
    segments: dict[str, str | None] = field(default_factory=dict)  # segment -> winning seat or None (tie)
    credits: list[Credit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def credit_totals(self) -> tuple[int, int]:
        """What each seat's credits add up to, the first seat's first, in one pass."""
        a, b = self.seats
        total_a = total_b = 0
        for credit in self.credits:
            if credit.seat == a:
                total_a += credit.points
            elif credit.seat == b:
                total_b += credit.points
        return total_a, total_b

    def credit_total(self, seat: str) -> int:
        return dict(zip(self.seats, self.credit_totals(), strict=True)).get(seat, 0)

    @property
    def net(self) -> int:
        """The first seat's points: its credits less its opponent's (the opponent has the negative)."""
        total_a, total_b = self.credit_totals()
        return total_a - total_b

    @property
    def points(self) -> dict[str, int]:
        net = self.net
        a, b = self.seats
        return {a: net, b: -net}

    @property
    def overall(self) -> str | None:
        """The seat credited with the overall point, if any."""
        for credit in self.credits:
            if credit.kind == "overall":
                return credit.seat
        return None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seats": list(self.seats), "points": self.points, "kind": self.kind}
        if self.segments:
            out["segments"] = dict(self.segments)
        out["overall"] = self.overall
        if self.notes:
            out["notes"] = list(self.notes)
        out["credits"] = [c.to_json() for c in self.credits]
        return out


@dataclass
class DealResult:
    """A scored deal; its matchups are final (score_players applied the scoop before making it)."""

    players: list[PlayerState]
    matchups: list[Matchup]
    #: Each matchup's points for its first seat (its second seat has the negative), in order.
    nets: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.nets = [matchup.net for matchup in self.matchups]

    @property
    def totals(self) -> dict[str, int]:
        totals = {p.seat: 0 for p in self.players}
        for matchup, net in zip(self.matchups, self.nets, strict=True):
            first, second = matchup.seats
            totals[first] += net
            totals[second] -= net
        return totals


WinKey = tuple[str, str, str, bool]  # seat, segment, the winning hand's name, against the same category
OverallKey = tuple[str, tuple[int, int] | None]  # the winner, and the totals or segment counts its reason cites


class _RulesetMemo:
    """Credits one ruleset pays the same way in every deal, kept across deals.

    What a segment's winner collects depends on the loser only through whether the
    loser holds the same category (the same-category multiplier), and on the winner
    only through its seat and its hand's name, which fixes the category and royalty
    (the bonus table's questions) and is all the reasons quote. The overall point depends on
    the winner and the numbers its reason cites. Keys carry seat names, which requests
    choose, so each memo forgets everything past a bound.
    """

    LIMIT = 50_000

    def __init__(self) -> None:
        self.wins: BoundedMemo[WinKey, list[Credit]] = BoundedMemo(self.LIMIT)
        self.overall: BoundedMemo[OverallKey, Credit] = BoundedMemo(self.LIMIT)


#: By ruleset identity: a ruleset's own hash would be worked out over all its fields.
_MEMO_BY_RULESET: IdentityMemo[Ruleset, _RulesetMemo] = IdentityMemo(64)


def _ruleset_memo(ruleset: Ruleset) -> _RulesetMemo:
    memo = _MEMO_BY_RULESET.get(ruleset)
    return memo if memo is not None else _MEMO_BY_RULESET.remember(ruleset, _RulesetMemo())


class _DealMemo:
    """Credits that depend on one player only, worked out once and reused in every matchup."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._kept = _ruleset_memo(ruleset)
        self._wins = self._kept.wins
        self._held: dict[str, list[Credit]] = {}
        bonuses = ruleset.parameters.bonuses
        #: Whether bonus hands are paid for holding them, after the segments (no win needed).
        self.pays_held_bonuses = not bonuses.requires_win and bool(bonuses.table)

    def win(self, winner: PlayerState, segment: str, hand: HandValue, against_same_kind: bool) -> list[Credit]:
        key = (winner.seat, segment, hand.name, against_same_kind)
        credits = self._wins.get(key)
        if credits is None:
            credits = self._wins.remember(key, _segment_credits(winner, segment, against_same_kind, self.ruleset))
        return credits

    def overall(self, winner: str, counts: tuple[int, int] | None) -> Credit:
        """The overall point to ``winner``; ``counts`` are the (higher, lower) totals or segment wins."""
        key = (winner, counts)
        credit = self._kept.overall.get(key)
        if credit is None:
            overall = self.ruleset.parameters.scoring.overall
            assert overall is not None
            reason = _overall_reason(overall, counts)
            credit = self._kept.overall.remember(key, Credit(winner, overall.points, "overall", overall.rule, reason))
        return credit

    def held(self, player: PlayerState) -> list[Credit]:
        credits = self._held.get(player.seat)
        if credits is None:
            credits = self._held[player.seat] = _held_bonus_credits(player, self.ruleset)
        return credits


def _segment_credits(winner: PlayerState, segment: str, against_same_kind: bool, ruleset: Ruleset) -> list[Credit]:
    """What the winner of one segment collects, against a hand of the same category or not."""
    assert winner.hands is not None
    params = ruleset.parameters
    bonuses = params.bonuses
    hand = winner.hands.get(segment)
    entry = bonus_for(hand, segment, ruleset) if bonuses.requires_win else None
    unit = Credit(winner.seat, params.scoring.segment_points, "segment", params.scoring.rule,
                  f"wins the {segment} with {hand.name}", segment)
    if entry is None:
        return [unit]
    points = entry.points
    reason = f"{hand.name} in the {segment} earns a bonus of {entry.points}"
    rule = entry.rule
    if against_same_kind and bonuses.same_category_multiplier > 1:
        points *= bonuses.same_category_multiplier
        reason += f", times {bonuses.same_category_multiplier} against the same kind of hand"
        rule = bonuses.multiplier_rule or entry.rule
    bonus = Credit(winner.seat, points, "bonus", rule, reason, segment)
    return [bonus] if bonuses.mode == "instead" else [unit, bonus]


def _held_bonus_credits(player: PlayerState, ruleset: Ruleset) -> list[Credit]:
    return [
        Credit(player.seat, entry.points, "bonus", entry.rule,
               f"holds {player.hands.get(segment).name} in the {segment}", segment)  # type: ignore[union-attr]
        for segment, entry in player.held_bonuses
    ]


def _overall(matchup: Matchup, wins_a: int, wins_b: int, memo: _DealMemo) -> None:
    overall = memo.ruleset.parameters.scoring.overall
    if overall is None:
        return
    a, b = matchup.seats
    counts: tuple[int, int] | None
    if overall.decided_by == "higher_total":
        ta, tb = matchup.credit_totals()
        winner = a if ta > tb else b if tb > ta else None
        counts = (max(ta, tb), min(ta, tb))
    elif overall.decided_by == "majority_of_segments":
        winner = a if wins_a >= 2 else b if wins_b >= 2 else None
        counts = None
    else:
        winner = a if wins_a > wins_b else b if wins_b > wins_a else None
        counts = (max(wins_a, wins_b), min(wins_a, wins_b))
    if winner is not None:
        matchup.credits.append(memo.overall(winner, counts))


def _overall_reason(overall: OverallPoint, counts: tuple[int, int] | None) -> str:
    if overall.decided_by == "majority_of_segments" or counts is None:
        return "wins a majority (two or more) of the three segments"
    if overall.decided_by == "higher_total":
        return f"higher total ({counts[0]} to {counts[1]})"
    return f"wins more segments ({counts[0]} to {counts[1]})"


def _held_bonuses_and_overall(
    matchup: Matchup, wins_a: int, wins_b: int, holders: tuple[PlayerState, ...], memo: _DealMemo
) -> None:
    """After the segments: bonuses paid for holding a hand (where no win is needed), then the overall point."""
    if memo.pays_held_bonuses:
        for holder in holders:
            matchup.credits += memo.held(holder)
    _overall(matchup, wins_a, wins_b, memo)


def compare_normal(a: PlayerState, b: PlayerState, memo: _DealMemo) -> Matchup:
    assert a.hands is not None and b.hands is not None
    matchup = Matchup((a.seat, b.seat), "compared")
    segments, credits = matchup.segments, matchup.credits
    wins_a = wins_b = 0
    # Hands of one segment have one size, so their keys order them (hands.compare, without its checks).
    for segment, hand_a, hand_b in zip(SEGMENTS, a.hands, b.hands, strict=True):
        key_a, key_b = hand_a.key, hand_b.key
        if key_a > key_b:
            segments[segment] = a.seat
            wins_a += 1
            credits += memo.win(a, segment, hand_a, hand_a.category == hand_b.category)
        elif key_b > key_a:
            segments[segment] = b.seat
            wins_b += 1
            credits += memo.win(b, segment, hand_b, hand_a.category == hand_b.category)
        else:
            segments[segment] = None
    _held_bonuses_and_overall(matchup, wins_a, wins_b, (a, b), memo)
    return matchup


def _penalty_of(player: PlayerState, ruleset: Ruleset) -> Penalty:
    penalty = getattr(ruleset.parameters.penalties, player.status)
    assert isinstance(penalty, Penalty)
    return penalty


def _payment(payer: PlayerState, receiver: PlayerState, memo: _DealMemo) -> list[Credit]:
    """What a forfeited hand pays one opponent."""
    ruleset = memo.ruleset
    penalty = _penalty_of(payer, ruleset)
    if receiver.status not in penalty.pays_to:
        return []
    why = f"{payer.seat} {_FORFEIT_VERBS[payer.status]}"
    if receiver.status == "natural" and penalty.against_natural == "natural_value":
        assert receiver.natural is not None
        return [Credit(receiver.seat, receiver.natural.points, "penalty", penalty.rule,
                       f"{why}: pays the value of {receiver.seat}'s {receiver.natural.id}")]
    if penalty.mode == "scooped" and receiver.status == "normal":
        assert receiver.hands is not None
        matchup = Matchup((receiver.seat, payer.seat), "forfeit")
        for segment in SEGMENTS:
            matchup.segments[segment] = receiver.seat
            won_with = receiver.hands.get(segment)
            for credit in memo.win(receiver, segment, won_with, False):  # a fouled hand has no category to match
                matchup.credits.append(Credit(credit.seat, credit.points, credit.kind, credit.rule,
                                              f"{credit.reason} ({why}: loses every segment, {penalty.rule})", segment))
        _held_bonuses_and_overall(matchup, 3, 0, (receiver,), memo)  # the receiver (seat a) won all three
        return matchup.credits
    credits = [Credit(receiver.seat, penalty.points, "penalty", penalty.rule, f"{why}: pays the penalty")]
    if penalty.plus_opponent_bonuses and receiver.status == "normal":
        credits += [
            Credit(c.seat, c.points, "bonus", c.rule, f"{why}: pays {receiver.seat}'s bonus ({c.reason})", c.segment)
            for c in memo.held(receiver)
        ]
    return credits


def compare_forfeit(a: PlayerState, b: PlayerState, memo: _DealMemo) -> Matchup:
    matchup = Matchup((a.seat, b.seat), "forfeit")
    for payer, receiver in ((a, b), (b, a)):
        if payer.status in FORFEITS:
            matchup.credits.extend(_payment(payer, receiver, memo))
    return matchup


def compare_naturals(a: PlayerState, b: PlayerState, ruleset: Ruleset) -> Matchup:
    naturals = ruleset.parameters.naturals
    matchup = Matchup((a.seat, b.seat), "natural")
    if a.natural is not None and b.natural is not None:
        meeting_rule = naturals.meeting_rule or a.natural.rule
        if a.natural.rank == b.natural.rank or naturals.higher_rank == "push":
            matchup.notes.append(f"{a.natural.id} meets {b.natural.id}: a push ({meeting_rule})")
            return matchup
        high = a if a.natural.rank < b.natural.rank else b
        low = b if high is a else a
        assert high.natural is not None and low.natural is not None
        matchup.credits.append(Credit(high.seat, high.natural.points, "natural", meeting_rule,
                                      f"{high.natural.id} outranks {low.natural.id}"))
        return matchup
    holder = a if a.natural is not None else b
    assert holder.natural is not None
    matchup.credits.append(Credit(holder.seat, holder.natural.points, "natural", holder.natural.rule,
                                  f"{holder.natural.id} wins automatically"))
    return matchup


def compare_players(a: PlayerState, b: PlayerState, memo: _DealMemo) -> Matchup:
    if a.status in FORFEITS or b.status in FORFEITS:
        return compare_forfeit(a, b, memo)
    if a.status == "natural" or b.status == "natural":
        return compare_naturals(a, b, memo.ruleset)
    return compare_normal(a, b, memo)


def _apply_scoop(players: list[PlayerState], matchups: list[Matchup], ruleset: Ruleset) -> None:
    scoop = ruleset.parameters.scoring.scoop
    if scoop is None or len(players) not in scoop.points_by_players:
        return
    points = scoop.points_by_players[len(players)]
    # A player scoops when each of its matchups (one per opponent) is compared and it wins all three segments.
    sweeps: dict[str | None, int] = {}
    for matchup in matchups:
        if matchup.kind == "compared":
            front, middle, back = matchup.segments.values()
            if front == middle == back:
                sweeps[front] = sweeps.get(front, 0) + 1
    for player in players:
        if sweeps.get(player.seat) == len(players) - 1:
            for matchup in (m for m in matchups if player.seat in m.seats):
                replaced = matchup.credit_total(player.seat)
                matchup.credits = [Credit(player.seat, points, "scoop", scoop.rule,
                                          f"wins all three segments against every opponent (instead of {replaced})")]
            return


def score_deal(deal: Deal, ruleset: Ruleset) -> DealResult:
    return score_players([resolve_player(p, ruleset) for p in deal.players], ruleset)


def score_players(players: list[PlayerState], ruleset: Ruleset) -> DealResult:
    """Score players already resolved (simulations resolve each hand once and reuse it)."""
    memo = _DealMemo(ruleset)
    matchups = [compare_players(a, b, memo) for a, b in combinations(players, 2)]
    _apply_scoop(players, matchups, ruleset)
    return DealResult(players, matchups)
