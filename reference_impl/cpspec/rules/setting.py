"""A player's hand before any comparison: its segments, whether it fouls, its natural, its status."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from cpspec.errors import CpspecError
from cpspec.fast.tables import front_comparable, memo_value3, memo_value5
from cpspec.rules.cards import Card
from cpspec.rules.deal import PlayerInput
from cpspec.rules.hands import HandValue
from cpspec.rules.model import SEGMENTS, BonusEntry, NaturalHand, Ruleset, Status, natural_strength
from cpspec.rules.naturals import NaturalWitness, find_natural, possible_naturals


class SegmentHands(NamedTuple):
    """A setting's three hands; iterating gives them in SEGMENTS order."""

    front: HandValue
    middle: HandValue
    back: HandValue

    def get(self, segment: str) -> HandValue:
        hand: HandValue = getattr(self, segment)
        return hand


class SettingCheck(NamedTuple):  # named tuples here: immutable, and built several times faster than frozen dataclasses
    """Whether a setting keeps the order back ≥ middle ≥ front the ruleset asks for."""

    fouled: bool
    violations: tuple[str, ...]
    rule: str


def evaluate_setting(
    front: Sequence[Card], middle: Sequence[Card], back: Sequence[Card], ruleset: Ruleset
) -> SegmentHands:
    wheel = ruleset.parameters.hands.wheel
    # Remembered evaluate3/evaluate5 results: the same values, looked up once a hand was seen.
    return SegmentHands(memo_value3(front), memo_value5(middle, wheel), memo_value5(back, wheel))


def check_order(hands: SegmentHands, ruleset: Ruleset) -> SettingCheck:
    order = ruleset.parameters.setting
    front, middle, back = hands
    # Keys order hands of one size; a front's key against the middle's key cut to the front's
    # positions orders a front and a middle as hands.compare_front_with_middle does, ties included.
    back_vs_middle = back.key - middle.key
    front_vs_middle = front.key - front_comparable(middle.key)
    if back_vs_middle > 0 and front_vs_middle < 0:  # the common case: strictly in order
        return _in_order(order.rule)
    if front_vs_middle == 0 and order.front_middle_ties == "middle_higher":
        front_vs_middle = -1
    violations: list[str] = []
    if back_vs_middle < 0 or (back_vs_middle == 0 and order.back_over_middle == "strict"):
        relation = "equal to" if back_vs_middle == 0 else "higher than"
        violations.append(f"middle ({middle.name}) is {relation} back ({back.name})")
    if front_vs_middle > 0 or (front_vs_middle == 0 and order.middle_over_front == "strict"):
        relation = "equal to" if front_vs_middle == 0 else "higher than"
        violations.append(f"front ({front.name}) is {relation} middle ({middle.name})")
    return SettingCheck(bool(violations), tuple(violations), order.rule)


@cache
def _in_order(rule: str) -> SettingCheck:
    return SettingCheck(False, (), rule)


def bonus_for(hand: HandValue, segment: str, ruleset: Ruleset) -> BonusEntry | None:
    """The best-paying bonus table entry this hand earns in this segment, if any."""
    bonuses = ruleset.parameters.bonuses
    # Whether an entry matches depends only on the hand's category and royalty: remember the answer.
    memo = bonuses.best_entry_memo
    memo_key = (segment, hand.category, hand.royal)
    if memo_key in memo:
        return memo[memo_key]
    best: BonusEntry | None = None
    for entry in bonuses.table:
        if entry.segment == segment and hand.matches(entry.hand) and (best is None or entry.points > best.points):
            best = entry
    memo[memo_key] = best
    return best


class PlayerState(NamedTuple):
    """What a player brings to every matchup."""

    seat: str
    status: Status
    hands: SegmentHands | None
    check: SettingCheck | None
    natural: NaturalHand | None
    witness: NaturalWitness | None
    reason: str
    rule: str | None
    declared: str | None

    #: Bonus hands the player holds, as (segment, entry): only a normal hand holds any.
    held_bonuses: tuple[tuple[str, BonusEntry], ...] = ()


def held_bonuses(hands: SegmentHands, ruleset: Ruleset) -> tuple[tuple[str, BonusEntry], ...]:
    """The bonus table's entries these hands earn, as (segment, entry), front first."""
    if not ruleset.parameters.bonuses.table:
        return ()
    found = []
    for segment, hand in zip(SEGMENTS, hands, strict=True):
        entry = bonus_for(hand, segment, ruleset)
        if entry is not None:
            found.append((segment, entry))
    return tuple(found)


def _witness(hand: NaturalHand, cards: Sequence[Card], ruleset: Ruleset) -> NaturalWitness | None:
    params = ruleset.parameters
    return find_natural(hand.kind, cards, params.naturals.detection, wheel=params.hands.wheel)


def best_natural(
    cards: Sequence[Card], ruleset: Ruleset, only: str | None = None
) -> tuple[NaturalHand, NaturalWitness] | None:
    """The highest natural of the ruleset that these 13 cards hold (highest rank, then most points).

    Stops at the first natural found, strongest first; ties keep the ruleset's order.
    """
    naturals = ruleset.parameters.naturals
    possible = possible_naturals(cards, naturals.detection)
    for hand in naturals.strongest_first:
        if (only is not None and hand.id != only) or hand.kind not in possible:
            continue
        witness = _witness(hand, cards, ruleset)
        if witness is not None:
            return hand, witness
    return None


def naturals_found(cards: Sequence[Card], ruleset: Ruleset) -> list[tuple[NaturalHand, NaturalWitness]]:
    """Every natural of the ruleset that these 13 cards hold, in the ruleset's order, with a witness."""
    found = []
    naturals = ruleset.parameters.naturals
    possible = possible_naturals(cards, naturals.detection)
    for hand in naturals.hands:
        if hand.kind not in possible:
            continue
        witness = _witness(hand, cards, ruleset)
        if witness is not None:
            found.append((hand, witness))
    return found


def strongest(found: Sequence[tuple[NaturalHand, NaturalWitness]]) -> NaturalHand | None:
    """The natural :func:`best_natural` would pick among those :func:`naturals_found` returned."""
    return min((hand for hand, _ in found), key=natural_strength, default=None)


def resolve_player(player: PlayerInput, ruleset: Ruleset) -> PlayerState:
    """Decide the player's status: surrender, timeout, natural, foul or normal."""
    params = ruleset.parameters
    if player.declare in ("surrender", "timeout"):
        penalty = getattr(params.penalties, player.declare)
        if penalty is None:
            raise CpspecError("bad_declaration", f"{ruleset.id} has no {player.declare}", f"{player.where}.declare")
        return PlayerState(player.seat, player.declare, None, None, None, None,
                           f"declared {player.declare}", penalty.rule, player.declare)
    assert player.cards is not None
    hands = check = None
    if player.front is not None:  # the player set the cards
        assert player.middle is not None and player.back is not None
        hands = evaluate_setting(player.front, player.middle, player.back, ruleset)
        check = check_order(hands, ruleset)
    naturals = params.naturals
    if player.declare == "natural":
        if not naturals.hands:
            raise CpspecError("bad_declaration", f"{ruleset.id} has no naturals", f"{player.where}.declare")
        found = best_natural(player.cards, ruleset, only=player.natural)
        if found is None:
            what = player.natural or "any natural"
            return PlayerState(player.seat, "foul", hands, check, None, None,
                               f"declared {what} but the cards do not hold it",
                               naturals.false_declaration_rule or params.penalties.foul.rule, "natural")
        return PlayerState(player.seat, "natural", hands, check, found[0], found[1],
                           f"declared {found[0].id}: {found[1].explanation}", found[0].rule, "natural")
    if naturals.declaration == "automatic" and naturals.hands:
        found = best_natural(player.cards, ruleset)
        if found is not None:
            return PlayerState(player.seat, "natural", hands, check, found[0], found[1],
                               f"holds {found[0].id}: {found[1].explanation}", found[0].rule, None)
    assert check is not None and hands is not None
    if check.fouled:
        return PlayerState(player.seat, "foul", hands, check, None, None,
                           "; ".join(check.violations), check.rule, None)
    return PlayerState(player.seat, "normal", hands, check, None, None, "sets a valid hand", None, None,
                       held_bonuses(hands, ruleset))
