"""All 72,072 settings of a hand: counts, listing, naturals, the op and the CLI.

The fast classifier (:mod:`cpspec.fast.settings_classifier`) is proven equal to the readable
definition (:mod:`cpspec.rules.all_settings`): the same valid settings and the same listing.
Both are checked against enumerations written here from scratch: every front of 3 and
middle of 5 (itertools), each setting judged by the readable evaluator and the ruleset's
own order check (cpspec.rules.fouls.check_order).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Literal

import pytest

from conftest import example_deal, ruleset
from cpspec.fast.settings_classifier import (
    FULL,
    Classification,
    Setting,
    classify,
    ordered_settings,
    strongest_setting,
    subsets,
)
from cpspec.protocol.server import answer
from cpspec.rules import all_settings as readable
from cpspec.rules.all_settings import TOTAL_SETTINGS
from cpspec.rules.cards import cards_text, parse_card, parse_cards
from cpspec.rules.fouls import SegmentHands, check_order, evaluate_setting
from cpspec.rules.hands import HandValue, Wheel, evaluate3, evaluate5
from cpspec.rules.model import Ruleset
from cpspec.rules.naturals import naturals_held

CLI = [sys.executable, "-m", "cpspec"]

# Rulesets with each setting order: basic is strict/strict, chiptalk allows equal hands.
ORDERS = ("basic", "chiptalk")

#: Hands with many equal hands among their subsets (suits only differ), where strict and
#: allow-equal orders part ways, and ordinary ones.
TIE_HEAVY = {
    "six pairs": "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c",
    "twin flushes": "Ah Jh 8h 6h 3h As Js 8s 6s 3s 2c 4d 5c",
    "twin straights": "2c 3c 4c 5c 6d 2d 3d 4d 5d 6c Ah Kh Qh",
    "quads and trips": "9c 9d 9h 9s 2c 2d 2h 5c 5d Kh Ks Qc Jd",
}


SUITED = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"


def words(text: str) -> list[str]:
    return text.split()


def hand(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


@cache
def every_split() -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every (front, middle, back) split of positions 0..12."""
    out: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
    for front in combinations(range(13), 3):
        rest = [p for p in range(13) if p not in front]
        for middle in combinations(rest, 5):
            out.append((front, middle, tuple(p for p in rest if p not in middle)))
    return out


def mask(positions: tuple[int, ...]) -> int:
    return sum(1 << p for p in positions)


def valid_by_reference(cards: tuple[int, ...], rules: Ruleset) -> set[tuple[int, int, int]]:
    """Every non-fouling setting, judged by hands.evaluate* and setting.check_order.

    Each subset is evaluated once (memoised), the order check runs on all 72,072 settings.
    """
    wheel = rules.parameters.hands.wheel

    @cache
    def value(positions: tuple[int, ...]) -> HandValue:
        chosen = [cards[p] for p in positions]
        return evaluate3(chosen) if len(chosen) == 3 else evaluate5(chosen, wheel)

    settings = every_split()
    assert len(settings) == TOTAL_SETTINGS == 286 * 252
    return {
        (mask(f), mask(m), mask(b))
        for f, m, b in settings
        if not check_order(SegmentHands(value(f), value(m), value(b)), rules.parameters.setting).fouled
    }


def test_all_suited_hand_by_hand() -> None:
    # 2c..Ac: every 5-card subset is a flush or a straight flush of five different ranks, and
    # no two subsets have equal keys (different rank sets; straight flushes differ in their top
    # card). So of the two ways to place any two disjoint 5-card subsets, exactly one has the
    # higher in the back, whether or not equal hands are allowed. Every front is a high card,
    # below any flush, so the front never fouls: exactly half of 72,072 settings, 36,036, are valid.
    cards = hand(SUITED)
    for rules in ORDERS:
        assert classify(cards, ruleset(rules)).valid == 36_036


def test_naturals_of_the_all_suited_hand() -> None:
    # 13 clubs 2..A: thirteen different ranks (a dragon); all one suit (three flushes: 3 + 5 + 5
    # clubs); A-2-3 / 4-8 / 9-K are three straights (chiptalk counts A-2-3 and straight flushes).
    # No rank is paired, so no six pairs. The best setting of the straights puts the royal flush
    # T-A in the back, then the highest of the rest, 5-9, in the middle, leaving 2-3-4 in front.
    cards = hand(SUITED)
    held = naturals_held(cards, ruleset("chiptalk"))
    assert sorted(h.id for h, _ in held) == ["dragon", "three-flushes", "three-straights"]
    straights = next(w for h, w in held if h.id == "three-straights")
    assert straights.front is not None and sorted(cards_text(straights.front)) == ["2c", "3c", "4c"]
    assert straights.back is not None and sorted(cards_text(straights.back)) == ["Ac", "Jc", "Kc", "Qc", "Tc"]
    assert naturals_held(cards, ruleset("basic")) == []  # basic recognises no naturals


@pytest.mark.parametrize(("name", "rules"), [
    ("twin flushes", "basic"),
    ("six pairs", "chiptalk"),
    *(pytest.param(n, r, marks=pytest.mark.slow) for n in sorted(TIE_HEAVY) for r in ORDERS
      if (n, r) not in {("twin flushes", "basic"), ("six pairs", "chiptalk")}),
])
def test_valid_settings_are_exactly_the_reference_ones(name: str, rules: str) -> None:
    cards = hand(TIE_HEAVY[name])
    table = classify(cards, ruleset(rules))
    expected = valid_by_reference(cards, ruleset(rules))
    assert table.valid == len(expected)
    assert {(s.front, s.middle, s.back) for s in table.masks()} == expected


@pytest.mark.parametrize(("ties", "wheel", "text"), [
    # Three queens, nines and sixes: a high-card front Q-9-6 can tie a middle Q-9-6-4-3.
    ("middle_higher", Wheel.LOWEST, "Qc Qd Qh 9c 9d 9h 6c 6d 6h 4c 3d 2h 7s"),
    # A wheel and a six-high straight on disjoint cards: which may go in the back depends on the wheel.
    ("equal", Wheel.SECOND_HIGHEST, "Ac 2c 3d 4h 5s 2d 3h 4s 5c 6d Qc Qd 9h"),
])
def test_order_and_wheel_parameters_no_bundled_ruleset_uses(
    ties: Literal["equal", "middle_higher"], wheel: Wheel, text: str
) -> None:
    base = ruleset("basic")
    params = base.parameters
    assert (params.setting.front_middle_ties, params.hands.wheel) == ("equal", Wheel.LOWEST)
    variant = replace(base, parameters=replace(
        params, setting=replace(params.setting, front_middle_ties=ties), hands=replace(params.hands, wheel=wheel)))
    cards = hand(text)
    expected = valid_by_reference(cards, variant)
    assert {(s.front, s.middle, s.back) for s in classify(cards, variant).masks()} == expected
    assert expected != valid_by_reference(cards, base)


def test_allowing_equal_hands_never_makes_fewer_valid_settings() -> None:
    # Every setting valid under strict order is valid when equal hands are allowed too; the
    # twin flushes (Ah Jh 8h 6h 3h against As Js 8s 6s 3s) can be set equal, so there are more.
    cards = hand(TIE_HEAVY["twin flushes"])
    strict, equal = ({(s.front, s.middle, s.back) for s in classify(cards, ruleset(r)).masks()} for r in ORDERS)
    assert strict < equal


def test_is_valid_agrees_with_check_order_on_random_settings() -> None:
    rng = random.Random(11)
    for rules_id in ORDERS:
        rules = ruleset(rules_id)
        cards = tuple(rng.sample(range(52), 13))
        table = classify(cards, rules)
        for f, m, b in rng.sample(every_split(), 400):
            hands = evaluate_setting([cards[p] for p in f], [cards[p] for p in m], [cards[p] for p in b],
                                     rules.parameters.hands.wheel)
            fouled = check_order(hands, rules.parameters.setting).fouled
            assert table.is_valid(Setting(mask(f), mask(m), mask(b))) == (not fouled)


@pytest.mark.parametrize("deal_file", ["chiptalk-a-d.yaml", "english-harbour-a-d.yaml"])
def test_the_sources_hands(deal_file: str) -> None:
    """Each player of the worked examples: their own setting is judged as the engine judges it."""
    deal = example_deal(deal_file)
    rules = ruleset(deal["ruleset"])
    for player in deal["players"]:
        front, middle, back = (parse_cards(player[s], s) for s in ("front", "middle", "back"))
        cards = front + middle + back
        table = classify(cards, rules)
        own = Setting(0b111, 0b11111 << 3, 0b11111 << 8)
        fouled = check_order(evaluate_setting(front, middle, back, rules.parameters.hands.wheel),
                             rules.parameters.setting).fouled
        assert table.is_valid(own) == (not fouled)
        assert 0 < table.valid < TOTAL_SETTINGS


def test_listing_order_limit_and_independence_from_card_order() -> None:
    rules = ruleset("chiptalk")
    text = TIE_HEAVY["quads and trips"]
    table = classify(hand(text), rules)
    top = ordered_settings(table, 50)
    assert len(top) == 50
    s = subsets()
    strengths = [(table.keys5[s.index5[x.back]], table.keys5[s.index5[x.middle]], table.keys3[s.index3[x.front]])
                 for x in top]
    assert strengths == sorted(strengths, reverse=True)
    # The first: the strongest back this hand can make is four nines (with the king kicker).
    back = table.hands(top[0]).back
    assert back.name == "four nines" and back.ranks == (7, 11)
    assert all(table.is_valid(x) for x in top)
    assert all(x.front | x.middle | x.back == FULL for x in top)
    shuffled = text.split()
    random.Random(3).shuffle(shuffled)
    again = classify(hand(" ".join(shuffled)), rules)

    def shown(listed: Classification) -> list[list[str]]:
        return [[" ".join(sorted(cards_text(listed.cards_of(m)))) for m in (x.front, x.middle, x.back)]
                for x in ordered_settings(listed, 50)]

    assert shown(table) == shown(again)
    assert ordered_settings(table, 0) == []


def test_a_shorter_list_is_a_prefix_of_a_longer_one() -> None:
    # The twin flushes make many settings with equal hands that differ only in suits; a limit
    # that cuts through such a group must still pick them by the documented card order.
    table = classify(hand(TIE_HEAVY["twin flushes"]), ruleset("chiptalk"))
    longest = ordered_settings(table, 60)
    for limit in (1, 2, 3, 5, 8, 13, 21, 34):
        assert ordered_settings(table, limit) == longest[:limit]
    everything = ordered_settings(table, TOTAL_SETTINGS)
    assert len(everything) == table.valid and everything[:60] == longest


def request(op_input: dict[str, object], rules: str = "chiptalk", op: str = "settings") -> dict[str, object]:
    return answer(json.dumps({"id": 1, "op": op, "ruleset": rules, "input": op_input}))


def test_op_counts_and_naturals() -> None:
    reply = request({"cards": words(SUITED)})
    output = reply["output"]
    assert isinstance(output, dict)
    assert {k: output[k] for k in ("total", "valid", "naturals")} == {
        "total": 72072, "valid": 36036, "naturals": ["dragon", "three-flushes", "three-straights"]}
    assert "settings" not in output


def test_op_lists_settings_with_hands_and_bonuses() -> None:
    # 9999 + 222 + royal flush in spades: chiptalk pays royalties for front trips (2),
    # middle four of a kind (3) and back straight flush (4).
    cards = words("As Ks Qs Js Ts 9c 9d 9h 9s 2c 2d 2h 3c")
    output = request({"cards": cards, "list": True, "limit": 3})["output"]
    assert isinstance(output, dict)
    first = output["settings"][0]
    assert first["back"] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert first["middle"] == ["9s", "9h", "9d", "9c", "3c"]
    assert first["front"] == ["2h", "2d", "2c"]
    assert first["hands"]["back"]["name"] == "royal flush"
    assert {(b["segment"], b["points"]) for b in first["bonuses"]} == {("front", 2), ("middle", 3), ("back", 4)}
    assert len(output["settings"]) == 3


@pytest.mark.parametrize(("op_input", "code", "where"), [
    ({"cards": ["2c", "3c"]}, "bad_hand_size", "input.cards"),
    ({"cards": words(SUITED.replace("Ac", "Xx"))}, "bad_card", "input.cards[12]"),
    ({"cards": words(SUITED.replace("Ac", "2c"))}, "duplicate_card", "input.cards[12]"),
    ({"cards": words(SUITED), "list": "yes"}, "bad_input", "input.list"),
    ({"cards": words(SUITED), "limit": -1}, "bad_input", "input.limit"),
    ({"cards": words(SUITED), "limit": True}, "bad_input", "input.limit"),
    ({"cards": words(SUITED), "extra": 1}, "bad_input", "input"),
    ({}, "bad_input", "input"),
])
def test_op_errors_are_located(op_input: dict[str, object], code: str, where: str) -> None:
    error = request(op_input)["error"]
    assert isinstance(error, dict)
    assert error["code"] == code
    assert error["message"].startswith(where)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=60)


def test_cli_accepts_separate_or_quoted_cards() -> None:
    text = SUITED
    separate = run_cli("settings", *text.split(), "--ruleset", "basic", "--json", "--limit", "2")
    quoted = run_cli("settings", text, "--ruleset", "basic", "--json", "--limit", "2")
    assert separate.returncode == quoted.returncode == 0, separate.stderr + quoted.stderr
    assert separate.stdout == quoted.stdout
    output = json.loads(separate.stdout)
    assert output["valid"] == 36036 and len(output["settings"]) == 2


def test_cli_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    from cpspec.cli import main

    assert main(["settings", SUITED, "--ruleset", "chiptalk", "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert "36,036 of 72,072" in out and "natural dragon" in out
    assert "1. 4c 3c 2c (four high) | 9c 8c 7c 6c 5c (nine-high straight flush) | Ac Kc Qc Jc Tc (royal flush)" in out


def test_cli_bad_card_is_located_with_status_2() -> None:
    done = run_cli("settings", SUITED.replace("Ac", "Zz"), "--ruleset", "basic")
    assert done.returncode == 2
    assert "CARDS[12]" in done.stderr and "'Zz'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def count_every_setting_afresh(cards: tuple[int, ...], rules: Ruleset) -> int:
    """The naive way: evaluate (hands.evaluate3/5) and check each of the 72,072 settings from scratch."""
    wheel = rules.parameters.hands.wheel
    valid = 0
    for f, m, b in every_split():
        hands = SegmentHands(evaluate3([cards[p] for p in f]), evaluate5([cards[p] for p in m], wheel),
                             evaluate5([cards[p] for p in b], wheel))
        valid += not check_order(hands, rules.parameters.setting).fouled
    return valid


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", ORDERS)
def test_counts_match_the_naive_enumeration_on_random_hands(seed: int, rules: str) -> None:
    cards = tuple(random.Random(seed).sample(range(52), 13))
    assert classify(cards, ruleset(rules)).valid == count_every_setting_afresh(cards, ruleset(rules))


# --- the classifier against the readable definition --------------------------------------


def _same_tables(cards: tuple[int, ...], rules: Ruleset) -> None:
    fast, slow = classify(cards, rules), readable.all_settings(cards, rules)
    assert fast.valid == slow.valid
    assert sorted(fast) == sorted(slow)  # the same settings, cards and hands
    for limit in (0, 1, 7, 60):
        assert fast.strongest(limit) == slow.strongest(limit)
    # readable.strongest_setting is the first of this listing by its definition (test below): not valued again
    assert strongest_setting(cards, rules) == next(iter(slow.strongest(1)), None)


@pytest.mark.parametrize("name", sorted(TIE_HEAVY))
def test_the_classifier_equals_the_readable_definition_on_tie_heavy_hands(name: str) -> None:
    _same_tables(hand(TIE_HEAVY[name]), ruleset("chiptalk"))


@pytest.mark.audit
@pytest.mark.parametrize("order", [("strict", "strict", "equal"), ("allow_equal", "strict", "equal"),
                                   ("strict", "allow_equal", "middle_higher"), ("allow_equal", "allow_equal", "equal")])
@pytest.mark.parametrize("wheel", list(Wheel))
def test_the_classifier_equals_the_readable_definition_under_every_order_and_wheel(
    order: tuple[str, str, str], wheel: Wheel
) -> None:
    base = ruleset("basic")
    params = base.parameters
    setting = replace(params.setting, back_over_middle=order[0], middle_over_front=order[1], front_middle_ties=order[2])
    variant = replace(base, parameters=replace(params, setting=setting, hands=replace(params.hands, wheel=wheel)))
    rng = random.Random(f"{order}{wheel}")
    for _ in range(2):
        _same_tables(tuple(rng.sample(range(52), 13)), variant)
    _same_tables(hand("Ac 2c 3d 4h 5s 2d 3h 4s 5c 6d Qc Qd 9h"), variant)


def test_the_strongest_setting_is_the_first_listed() -> None:
    cards = hand(TIE_HEAVY["quads and trips"])
    rules = ruleset("basic")
    first = readable.all_settings(cards, rules).strongest(1)[0]
    assert strongest_setting(cards, rules) == first == readable.strongest_setting(cards, rules)
    assert first.hands.back.name == "four nines"
