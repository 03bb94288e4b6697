"""``setting.check_order`` (which compares keys) agrees with the order read off ``hands.compare``.

The reference reading here follows the rule text: the back must be at least the middle
(strictly, unless equal hands are allowed) and the middle at least the front, a front and a
middle compared by ``hands.compare_front_with_middle`` under the ruleset's tie rule. Every
combination of the three order options is checked on random settings, many of them close
(same category, equal hands), and the violations must be the same, in the same order.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product

import pytest

from cpspec.rules.hands import HandValue, Wheel, compare, compare_front_with_middle, evaluate3, evaluate5
from cpspec.rules.model import Ruleset
from cpspec.rules.setting import SegmentHands, check_order
from cpspec.rulesets.loader import bundled_registry

OPTIONS = list(product(("strict", "allow_equal"), ("strict", "allow_equal"), ("equal", "middle_higher")))


def _ruleset(back_over_middle: str, middle_over_front: str, ties: str) -> Ruleset:
    base = bundled_registry().get("basic")
    order = replace(base.parameters.setting, back_over_middle=back_over_middle,
                    middle_over_front=middle_over_front, front_middle_ties=ties)
    return replace(base, parameters=replace(base.parameters, setting=order))


def _expected_violations(hands: SegmentHands, ruleset: Ruleset) -> list[str]:
    order = ruleset.parameters.setting
    found = []
    back_vs_middle = compare(hands.back, hands.middle)
    if back_vs_middle < 0 or (back_vs_middle == 0 and order.back_over_middle == "strict"):
        relation = "equal to" if back_vs_middle == 0 else "higher than"
        found.append(f"middle ({hands.middle.name}) is {relation} back ({hands.back.name})")
    front_vs_middle = compare_front_with_middle(hands.front, hands.middle, order.front_middle_ties == "middle_higher")
    if front_vs_middle > 0 or (front_vs_middle == 0 and order.middle_over_front == "strict"):
        relation = "equal to" if front_vs_middle == 0 else "higher than"
        found.append(f"front ({hands.front.name}) is {relation} middle ({hands.middle.name})")
    return found


def _close_settings(rng: random.Random, count: int) -> list[SegmentHands]:
    """Settings from few ranks, so that segments often share a category or are equal."""
    settings = []
    for _ in range(count):
        ranks = rng.sample(range(13), rng.choice((3, 4, 5, 13)))
        deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
        if len(deck) < 13:
            deck += rng.sample([c for c in range(52) if c not in deck], 13 - len(deck))
        cards = rng.sample(deck, 13)
        front: HandValue = evaluate3(cards[:3])
        settings.append(SegmentHands(front, evaluate5(cards[3:8], Wheel.LOWEST), evaluate5(cards[8:], Wheel.LOWEST)))
    return settings


@pytest.mark.parametrize(("back_over_middle", "middle_over_front", "ties"), OPTIONS)
def test_check_order_agrees_with_the_rule_read_off_compare(back_over_middle: str, middle_over_front: str,
                                                         ties: str) -> None:
    ruleset = _ruleset(back_over_middle, middle_over_front, ties)
    rng = random.Random(f"{back_over_middle}/{middle_over_front}/{ties}")
    fouls = 0
    for hands in _close_settings(rng, 1_500):
        expected = _expected_violations(hands, ruleset)
        check = check_order(hands, ruleset)
        assert list(check.violations) == expected, hands
        assert check.fouled == bool(expected)
        assert check.rule == ruleset.parameters.setting.rule
        fouls += check.fouled
    assert 0 < fouls < 1_500  # both outcomes were exercised
