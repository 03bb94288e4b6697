"""A player's status before any comparison: surrendered, timed out, holding a natural, fouled or normal.

The order of the questions is the rule: a surrender or a timeout is declared
(``parameters.penalties``); then a declared natural is checked
(``parameters.naturals.declaration``, ``false_declaration``), or, where naturals
count automatically, the strongest natural held wins; only then does the setting
order decide a foul (``parameters.setting``). A normal hand holds its bonuses
(``parameters.bonuses.table``).

>>> from cpspec.rules.cards import parse_cards
>>> from cpspec.rules.deal import PlayerInput
>>> from cpspec.rulesets.loader import bundled_registry
>>> front, middle, back = (parse_cards(text.split(), "cards")
...                        for text in ("As Ad 2c", "Ks Kd 3c 4d 5h", "Qs Qd 6c 7d 8h"))
>>> state = resolve_player(PlayerInput("A", front, middle, back, front + middle + back, None, None, "A"),
...                        bundled_registry().get("basic"))
>>> state.status, state.rule
('foul', 'bas-setting-order')
>>> for violation in state.check.violations:
...     print(violation)
middle (pair of kings) is higher than back (pair of queens)
front (pair of aces) is higher than middle (pair of kings)
"""

from __future__ import annotations

from typing import NamedTuple

from cpspec.errors import CpspecError
from cpspec.rules.bonuses import HeldBonus, held_bonuses
from cpspec.rules.deal import PlayerInput
from cpspec.rules.fouls import SegmentHands, SettingCheck, check_order, evaluate_setting
from cpspec.rules.hands import HandEvaluator, evaluate
from cpspec.rules.model import BonusEntry, NaturalHand, Ruleset, Status
from cpspec.rules.naturals import NaturalFinder, NaturalWitness, naturals_held, strongest


class PlayerState(NamedTuple):
    """What a player brings to every matchup: the ``players[]`` item of the ``score`` answer."""

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
    held_bonuses: tuple[HeldBonus, ...] = ()

    def bonus_in(self, segment: str) -> BonusEntry | None:
        """The bonus table's entry the player's hand earns in this segment, if any."""
        return next((entry for held_segment, entry in self.held_bonuses if held_segment == segment), None)


def resolve_player(
    player: PlayerInput, ruleset: Ruleset,
    evaluate: HandEvaluator = evaluate, find_naturals: NaturalFinder = naturals_held,
) -> PlayerState:
    """Decide the player's status: surrender, timeout, natural, foul or normal.

    ``evaluate`` and ``find_naturals`` are the readable definitions unless a caller
    passes equal, faster ones (:mod:`cpspec.engines`).
    """
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
        hands = evaluate_setting(player.front, player.middle, player.back, params.hands.wheel, evaluate,
                                 params.hands.low_segments)
        check = check_order(hands, params.setting)
    naturals = params.naturals
    if player.declare == "natural":
        # A natural left out at this table size (cpspec.rules.table_size) is declared falsely, not unknown.
        if not naturals.hands and not any(what.startswith("naturals.") for what in ruleset.left_out_at_table):
            raise CpspecError("bad_declaration", f"{ruleset.id} has no naturals", f"{player.where}.declare")
        held = find_naturals(player.cards, ruleset)
        if player.natural is not None:
            held = [(hand, witness) for hand, witness in held if hand.id == player.natural]
        best = strongest(held)
        if best is None:
            what = player.natural or "any natural"
            return PlayerState(player.seat, "foul", hands, check, None, None,
                               f"declared {what} but the cards do not hold it",
                               naturals.false_declaration_rule or params.penalties.foul.rule, "natural")
        natural, witness = best
        return PlayerState(player.seat, "natural", hands, check, natural, witness,
                           f"declared {natural.id}: {witness.explanation}", natural.rule, "natural")
    if naturals.declaration == "automatic" and naturals.hands:
        best = strongest(find_naturals(player.cards, ruleset))
        if best is not None:
            natural, witness = best
            return PlayerState(player.seat, "natural", hands, check, natural, witness,
                               f"holds {natural.id}: {witness.explanation}", natural.rule, None)
    assert check is not None and hands is not None
    if check.fouled:
        return PlayerState(player.seat, "foul", hands, check, None, None,
                           "; ".join(check.violations), check.rule, None)
    bonuses = held_bonuses(hands, params.bonuses)
    return PlayerState(player.seat, "normal", hands, check, None, None, "sets a valid hand", None, None, bonuses)
