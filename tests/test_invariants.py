"""The laws of the game, as properties that every bundled ruleset must obey on random legal deals.

* Nothing is created or lost: totals sum to zero, every pair of players is compared once,
  each seat's total is the sum of its matchups, and with stacks the amounts actually paid
  sum to zero and no one wins or loses more than their stack. (No bundled ruleset deducts a
  house collection from a deal's totals; the collection is a separate lookup.)
* Scoring does not depend on names: swapping two seats' hands swaps their results,
  relabelling the suits changes nothing, and the seating order changes nothing without stacks.
* Scoring is a function: the same deal scores the same every time and the input is not changed.
* The hand evaluators agree with a slow evaluator written here from the rules of poker.

Rulesets are discovered from the bundled registry, so a new ruleset is checked without
editing this file. Each property runs a few dozen examples by default and many more in
the variant marked ``slow`` (CI runs both).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from random import Random
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import audit_size
from cpspec.protocol.ops import op_score, op_tournament
from cpspec.rules.cards import RANKS, SUITS, parse_card
from cpspec.rules.hands import Wheel, compare, evaluate3, evaluate5, strength
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry
from strategies import ALL_CARDS, deals, hands, rank_of

RULESET_IDS: Final = bundled_registry().ids()
FAST_EXAMPLES: Final = 20
SLOW_EXAMPLES: Final = audit_size(40, 100)  # CI's size, and CPSPEC_AUDITS=full's (conftest.py)
Deal = dict[str, Any]


def _runs(ids: Sequence[str]) -> list[Any]:
    """(ruleset id, example count) for every ruleset: a fast run, and a slow-marked long run."""
    fast = [pytest.param(rid, FAST_EXAMPLES, id=rid) for rid in ids]
    slow = [pytest.param(rid, SLOW_EXAMPLES, id=f"{rid}-thorough", marks=pytest.mark.audit) for rid in ids]
    return fast + slow


RUNS: Final = _runs(RULESET_IDS)
EVALUATOR_RUNS: Final = [pytest.param(60, id="fast"), pytest.param(audit_size(600, 1_500), id="thorough", marks=pytest.mark.audit)]


def property_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,  # counterexamples found become conformance cases, not a local cache
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def ruleset(ruleset_id: str) -> Ruleset:
    return bundled_registry().get(ruleset_id)


def check_deals(ruleset_id: str, examples: int, check: Callable[[Ruleset, Deal, st.DataObject], None],
                with_stacks: bool = False) -> None:
    """Run ``check(ruleset, deal, data)`` on random legal deals of the ruleset."""
    rules = ruleset(ruleset_id)

    @property_settings(examples)
    @given(deal=deals(rules, with_stacks=with_stacks), data=st.data())
    def run(deal: Deal, data: st.DataObject) -> None:
        check(rules, deal, data)

    run()


def matchup_points(output: dict[str, Any]) -> dict[frozenset[str], dict[str, int]]:
    return {frozenset(m["seats"]): m["points"] for m in output["matchups"]}


def statuses(output: dict[str, Any]) -> dict[str, str]:
    return {p["seat"]: p["status"] for p in output["players"]}


# --- nothing is created or lost ----------------------------------------------------


def _zero_sum(rules: Ruleset, deal: Deal, _: st.DataObject) -> None:
    output = op_score(rules, deal)
    seats = [p["seat"] for p in deal["players"]]
    totals = output["totals"]
    assert sorted(totals) == sorted(seats)
    assert sum(totals.values()) == 0
    assert sorted(statuses(output)) == sorted(seats)
    assert set(statuses(output).values()) <= {"normal", "natural", "foul", "surrender", "timeout"}
    pairs = [frozenset(m["seats"]) for m in output["matchups"]]
    meeting = [p for p in combinations(seats, 2) if "banker" not in deal or deal["banker"] in p]  # or the bank
    assert sorted(map(sorted, pairs)) == sorted(sorted(p) for p in meeting)
    for matchup in output["matchups"]:
        a, b = matchup["seats"]
        assert matchup["points"][a] == -matchup["points"][b]
        credits = Counter[str]()
        for credit in matchup["credits"]:
            assert isinstance(credit["points"], int) and credit["points"] >= 0
            assert credit["rule"] in rules.rule_ids
            credits[credit["seat"]] += credit["points"]
        assert matchup["points"][a] == credits[a] - credits[b]
    for seat in seats:
        assert totals[seat] == sum(m["points"][seat] for m in output["matchups"] if seat in m["seats"])
    json.dumps(output, allow_nan=False)  # the output is plain JSON
    if "stacks" in deal and "settlement" in output:
        _check_settlement(deal, output)


def _check_settlement(deal: Deal, output: dict[str, Any]) -> None:
    stacks: dict[str, int] = deal["stacks"]
    settlement = output["settlement"]
    paid: dict[str, int] = settlement["paid"]
    assert sum(paid.values()) == 0
    for seat, amount in paid.items():
        assert -stacks[seat] <= amount <= stacks[seat], f"{seat} moves {amount} with a stack of {stacks[seat]}"
    net = {frozenset(m["seats"]): m["points"] for m in output["matchups"]}
    for payment in settlement["payments"]:
        assert 0 <= payment["paid"] <= payment["owed"]
        assert payment["owed"] == net[frozenset((payment["from"], payment["to"]))][payment["to"]]
    exposure = {seat: sum(abs(points[seat]) for points in net.values() if seat in points) for seat in stacks}
    if all(stacks[seat] >= exposure[seat] for seat in stacks):  # no stack can run out: everything is paid
        assert paid == output["totals"]


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_nothing_is_created_or_lost(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _zero_sum, with_stacks=True)


# --- names do not matter -----------------------------------------------------------


def _without_stacks(deal: Deal) -> Deal:
    """The deal's players (and its banker, where the ruleset is house-banked), without a button or stacks."""
    kept = {"players": copy.deepcopy(deal["players"])}
    if "banker" in deal:
        kept["banker"] = deal["banker"]
    return kept


def _swap_two_seats(rules: Ruleset, deal: Deal, data: st.DataObject) -> None:
    deal = _without_stacks(deal)
    players = deal["players"]
    i, j = data.draw(st.lists(st.integers(0, len(players) - 1), min_size=2, max_size=2, unique=True), label="swap")
    si: str = players[i]["seat"]
    sj: str = players[j]["seat"]
    swapped = copy.deepcopy(deal)
    swapped["players"][i] = {**players[j], "seat": si}
    swapped["players"][j] = {**players[i], "seat": sj}
    rename = {si: sj, sj: si}
    if "banker" in deal:  # the bank goes with its hand
        swapped["banker"] = rename.get(deal["banker"], deal["banker"])
    before, after = op_score(rules, deal), op_score(rules, swapped)

    def renamed(seat: str) -> str:
        return rename.get(seat, seat)

    if "banker" in deal:  # the banker's hand moves, and the banker's part with it
        swapped["banker"] = renamed(deal["banker"])
    before, after = op_score(rules, deal), op_score(rules, swapped)

    assert after["totals"] == {renamed(s): v for s, v in before["totals"].items()}
    assert statuses(after) == {renamed(s): v for s, v in statuses(before).items()}
    expected = {frozenset(map(renamed, seats)): {renamed(s): v for s, v in points.items()}
                for seats, points in matchup_points(before).items()}
    assert matchup_points(after) == expected


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_swapping_two_seats_hands_swaps_their_results(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _swap_two_seats)


def _relabel(deal: Deal, suits: str) -> Deal:
    """Every card's suit replaced: clubs by suits[0], diamonds by suits[1], and so on."""
    table = str.maketrans(SUITS, suits)
    relabelled = copy.deepcopy(deal)
    for player in relabelled["players"]:
        for key in ("front", "middle", "back", "cards"):
            if key in player:
                player[key] = [card[0] + card[1].translate(table) for card in player[key]]
    return relabelled


def _reads_colours(rules: Ruleset) -> bool:
    """A natural that needs cards of one colour: relabelling must keep clubs and spades together."""
    return any(hand.requires.one_colour is not None for hand in rules.parameters.naturals.hands)


def _keeps_colours(suits: Sequence[str]) -> bool:
    colour = {"c": "black", "s": "black", "d": "red", "h": "red"}
    mapped = dict(zip(SUITS, suits, strict=True))
    return colour[mapped["c"]] == colour[mapped["s"]]


def _relabel_suits(rules: Ruleset, deal: Deal, data: st.DataObject) -> None:
    permutations = st.permutations(SUITS)
    if _reads_colours(rules):
        permutations = permutations.filter(_keeps_colours)
    suits = "".join(data.draw(permutations, label="suits"))
    before, after = op_score(rules, deal), op_score(rules, _relabel(deal, suits))
    assert after["totals"] == before["totals"]
    assert statuses(after) == statuses(before)
    assert matchup_points(after) == matchup_points(before)
    assert [m.get("segments") for m in after["matchups"]] == [m.get("segments") for m in before["matchups"]]
    if "settlement" in before:
        assert after["settlement"] == before["settlement"]


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_relabelling_the_suits_changes_nothing(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _relabel_suits, with_stacks=True)


def _reseat(rules: Ruleset, deal: Deal, data: st.DataObject) -> None:
    deal = _without_stacks(deal)
    order = data.draw(st.permutations(range(len(deal["players"]))), label="seating order")
    reseated = {**deal, "players": [deal["players"][k] for k in order]}
    before, after = op_score(rules, deal), op_score(rules, reseated)
    assert after["totals"] == before["totals"]
    assert statuses(after) == statuses(before)
    assert matchup_points(after) == matchup_points(before)


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_the_seating_order_changes_nothing_without_stacks(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _reseat)


# --- scoring is a function ---------------------------------------------------------


def _same_every_time(rules: Ruleset, deal: Deal, _: st.DataObject) -> None:
    pristine = copy.deepcopy(deal)
    first = op_score(rules, deal)
    assert deal == pristine, "scoring changed its input"
    second = op_score(rules, copy.deepcopy(deal))
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_the_same_deal_always_scores_the_same(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _same_every_time, with_stacks=True)


# --- how a hand is written down does not matter --------------------------------------


def _unset_declared_naturals(rules: Ruleset, deal: Deal, _: st.DataObject) -> None:
    """A player declaring a natural may give the 13 cards set or unset (docs/protocol.md); same result.

    Whether the natural is real (the player collects it) or false (the player fouls), the
    player's own segments are never compared, so giving them unset changes no number.
    """
    deal = _without_stacks(deal)
    unset = copy.deepcopy(deal)
    changed = False
    for player in unset["players"]:
        if player.get("declare") == "natural" and "front" in player:
            player["cards"] = player.pop("front") + player.pop("middle") + player.pop("back")
            changed = True
    if not changed:
        return
    before, after = op_score(rules, deal), op_score(rules, unset)
    assert after["totals"] == before["totals"]
    assert statuses(after) == statuses(before)


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_a_declared_natural_scores_the_same_set_or_unset(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _unset_declared_naturals)


AUTOMATIC_RUNS: Final = _runs([rid for rid in RULESET_IDS
                               if bundled_registry().get(rid).parameters.naturals.declaration == "automatic"])


def _declaring_an_automatic_natural(rules: Ruleset, deal: Deal, _: st.DataObject) -> None:
    """Where naturals count whether declared or not, declaring one that the hand holds changes nothing."""
    deal = _without_stacks(deal)
    before = op_score(rules, deal)
    declared = copy.deepcopy(deal)
    holders = [p["seat"] for p in before["players"] if p["status"] == "natural" and p["declared"] is None]
    for player in declared["players"]:
        if player["seat"] in holders:
            player["declare"] = "natural"
    after = op_score(rules, declared)
    assert after["totals"] == before["totals"]
    assert {p["seat"]: p["natural"] for p in after["players"]} == {p["seat"]: p["natural"] for p in before["players"]}


@pytest.mark.parametrize(("ruleset_id", "examples"), AUTOMATIC_RUNS)
def test_declaring_a_natural_that_counts_anyway_changes_nothing(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _declaring_an_automatic_natural)


def _one_deal_tournament(rules: Ruleset, deal: Deal, _: st.DataObject) -> None:
    """A tournament of one deal stands exactly as that deal scores."""
    deal = _without_stacks(deal)
    totals = op_score(rules, deal)["totals"]
    standings = op_tournament(rules, {"deals": [deal]})
    assert standings["standings"][0]["totals"] == totals
    assert standings["final"] == totals


@pytest.mark.parametrize(("ruleset_id", "examples"), RUNS)
def test_a_one_deal_tournament_stands_as_the_deal_scores(ruleset_id: str, examples: int) -> None:
    check_deals(ruleset_id, examples, _one_deal_tournament)


# --- the hand evaluators against a slow one written from the rules of poker ---------

FIVE_CARD_CATEGORIES: Final = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "four_of_a_kind", "straight_flush",
)
FRONT_CATEGORIES: Final = ("high_card", "pair", "three_of_a_kind")


def slow_value5(cards: Sequence[str], wheel: Wheel) -> tuple[int, list[float], bool]:
    """(category index, tie-break list, royal) by the textbook checks, highest category first.

    Ranks count 2..14 (ace high). A straight is five consecutive ranks, or A-2-3-4-5, whose
    high card is the five; where the ruleset ranks the wheel second highest it sits between
    the king-high straight (13) and the ace-high straight (14), so it gets 13.5.
    """
    values = [rank_of(c) + 2 for c in cards]
    counts = Counter(values)
    by_group = sorted(values, key=lambda v: (counts[v], v), reverse=True)  # e.g. K K K 2 2
    shape = sorted(counts.values(), reverse=True)
    is_flush = len({c[1] for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    straight_high: float | None = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_high = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:
        straight_high = 13.5 if wheel is Wheel.SECOND_HIGHEST else 5
    if straight_high is not None and is_flush:
        return FIVE_CARD_CATEGORIES.index("straight_flush"), [straight_high], straight_high == 14
    if shape == [4, 1]:
        return FIVE_CARD_CATEGORIES.index("four_of_a_kind"), list(by_group), False
    if shape == [3, 2]:
        return FIVE_CARD_CATEGORIES.index("full_house"), list(by_group), False
    if is_flush:
        return FIVE_CARD_CATEGORIES.index("flush"), sorted(values, reverse=True), False
    if straight_high is not None:
        return FIVE_CARD_CATEGORIES.index("straight"), [straight_high], False
    if shape == [3, 1, 1]:
        return FIVE_CARD_CATEGORIES.index("three_of_a_kind"), list(by_group), False
    if shape == [2, 2, 1]:
        return FIVE_CARD_CATEGORIES.index("two_pair"), list(by_group), False
    if shape == [2, 1, 1, 1]:
        return FIVE_CARD_CATEGORIES.index("pair"), list(by_group), False
    return FIVE_CARD_CATEGORIES.index("high_card"), sorted(values, reverse=True), False


def slow_value3(cards: Sequence[str]) -> tuple[int, list[int]]:
    """A front: three of a kind, a pair or high card; runs and suits do not count."""
    values = [rank_of(c) + 2 for c in cards]
    counts = Counter(values)
    by_group = sorted(values, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    name = {(3,): "three_of_a_kind", (2, 1): "pair"}.get(tuple(shape), "high_card")
    return FRONT_CATEGORIES.index(name), by_group


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


def slow_compare(a: tuple[int, Sequence[float]], b: tuple[int, Sequence[float]]) -> int:
    return sign(a[0] - b[0]) or next((sign(x - y) for x, y in zip(a[1], b[1], strict=True) if x != y), 0)


def parsed(cards: Sequence[str]) -> list[int]:
    return [parse_card(c) for c in cards]


def two_hands(size: int) -> st.SearchStrategy[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Two hands; they may share cards, as two hands compared in the abstract may."""
    return st.tuples(hands(size), hands(size))


@pytest.mark.parametrize("examples", EVALUATOR_RUNS)
@pytest.mark.parametrize("wheel", list(Wheel))
def test_evaluate5_agrees_with_the_textbook_on_random_pairs(wheel: Wheel, examples: int) -> None:
    @property_settings(examples)
    @given(pair=two_hands(5), order=st.permutations(range(5)))
    def run(pair: tuple[tuple[str, ...], tuple[str, ...]], order: list[int]) -> None:
        a, b = pair
        value_a, value_b = evaluate5(parsed(a), wheel), evaluate5(parsed(b), wheel)
        slow_a, slow_b = slow_value5(a, wheel), slow_value5(b, wheel)
        assert value_a.category.id == FIVE_CARD_CATEGORIES[slow_a[0]]
        assert value_a.royal == slow_a[2]
        assert compare(value_a, value_b) == slow_compare(slow_a[:2], slow_b[:2])
        assert compare(value_b, value_a) == -compare(value_a, value_b)
        assert compare(evaluate5(parsed([a[k] for k in order]), wheel), value_a) == 0  # order of cards is irrelevant

    run()


@pytest.mark.parametrize("examples", EVALUATOR_RUNS)
def test_evaluate3_agrees_with_the_textbook_on_random_pairs(examples: int) -> None:
    @property_settings(examples)
    @given(pair=two_hands(3), order=st.permutations(range(3)))
    def run(pair: tuple[tuple[str, ...], tuple[str, ...]], order: list[int]) -> None:
        a, b = pair
        value_a, value_b = evaluate3(parsed(a)), evaluate3(parsed(b))
        slow_a, slow_b = slow_value3(a), slow_value3(b)
        assert value_a.category.id == FRONT_CATEGORIES[slow_a[0]]
        assert compare(value_a, value_b) == slow_compare(slow_a, slow_b)
        assert compare(evaluate3(parsed([a[k] for k in order])), value_a) == 0

    run()


def assert_same_order(slow_sorted: Sequence[tuple[tuple[float, ...], Sequence[str]]],
                      engine_key: Callable[[Sequence[str]], Any]) -> None:
    """Both evaluators order the hands the same way, ties included: a check of every pair at once.

    ``slow_sorted`` is (slow key, hand) sorted by the slow key. The engine's key must be constant
    within a run of equal slow keys and strictly increasing from one run to the next.
    """
    previous: tuple[tuple[float, ...], Any, Sequence[str]] | None = None
    for slow, hand in slow_sorted:
        engine = engine_key(hand)
        if previous is not None:
            slow_lo, engine_lo, lo = previous
            if slow_lo == slow:
                assert engine_lo == engine, f"{lo} and {hand} are equal hands, the engine tells them apart"
            else:
                assert engine_lo < engine, f"{lo} is lower than {hand}, the engine says otherwise"
        previous = (slow, engine, hand)


@cache
def every_front_by_slow_key() -> list[tuple[tuple[float, ...], Sequence[str]]]:
    """All 22,100 fronts, sorted by the slow evaluator."""
    fronts = combinations(ALL_CARDS, 3)
    return sorted((((slow := slow_value3(f))[0], *slow[1]), f) for f in fronts)


@cache
def every_hand_class_by_slow_key(wheel: Wheel) -> list[tuple[tuple[float, ...], Sequence[str]]]:
    classes = every_hand_class(seed=5)
    return sorted(((_slow_key5(h, wheel), h) for h in classes), key=lambda item: item[0])


def every_hand_class(seed: int) -> list[tuple[str, ...]]:
    """Every 5-card rank multiset a deck allows, in two suit patterns that are not a flush, plus
    every flush (five distinct ranks in one suit): one or more hands of each of the 7,462 values."""
    rng = Random(seed)
    found: list[tuple[str, ...]] = []
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(Counter(ranks).values()) > 4:
            continue
        for _ in range(2):
            suits = list(SUITS)
            cards: list[str] = []
            for rank in ranks:  # a copy of a rank takes a suit no other copy has
                free = [s for s in suits if rank + s not in cards]
                cards.append(rank + rng.choice(free))
            if len({c[1] for c in cards}) == 1:  # turned into a flush by chance: break it
                cards[0] = cards[0][0] + next(s for s in SUITS if s != cards[0][1])
            found.append(tuple(cards))
        if len(set(ranks)) == 5:
            suit = rng.choice(SUITS)
            found.append(tuple(rank + suit for rank in ranks))
    return found


@pytest.mark.parametrize("wheel", list(Wheel))
def test_evaluate5_orders_every_hand_value_as_the_textbook_does(wheel: Wheel) -> None:
    by_slow = every_hand_class_by_slow_key(wheel)
    assert len({slow for slow, _ in by_slow}) == 7462  # the number of distinct 5-card hand values
    assert_same_order(by_slow, lambda h: strength(evaluate5(parsed(h), wheel)))
    for slow, hand in by_slow[::37]:
        assert evaluate5(parsed(hand), wheel).category.id == FIVE_CARD_CATEGORIES[int(slow[0])]


def _slow_key5(cards: Sequence[str], wheel: Wheel) -> tuple[float, ...]:
    category, ties, _ = slow_value5(cards, wheel)
    return (category, *ties)


def test_evaluate3_orders_every_front_as_the_textbook_does() -> None:
    by_slow = every_front_by_slow_key()
    assert_same_order(by_slow, lambda h: strength(evaluate3(parsed(h))))
    for slow, front in by_slow[::97]:
        assert evaluate3(parsed(front)).category.id == FRONT_CATEGORIES[int(slow[0])]


@pytest.mark.parametrize("wheel", list(Wheel))
def test_the_fast_evaluator_orders_every_hand_value_as_the_textbook_does(wheel: Wheel) -> None:
    fasteval = pytest.importorskip("cpspec.fast.tables")
    tables = fasteval.evaluator(wheel)
    assert_same_order(every_hand_class_by_slow_key(wheel), lambda h: int(tables.key5(parsed(h))))
    assert_same_order(every_front_by_slow_key(), lambda h: int(tables.key3(parsed(h))))


def test_the_slow_evaluator_knows_its_poker() -> None:
    # The reference the properties lean on, checked on hands whose order any player knows.
    ladder = [  # lowest first, wheel lowest
        "7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c", "2c 2d 5h 4s 3c", "Ac Ad Kh Ks Qc", "3c 3d 3h As Kc",
        "Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", "Tc Jd Qh Ks Ac", "2c 3c 4c 5c 7c", "Ac Kc Qc Jc 9c",
        "2c 2d 2h 3s 3c", "Ac Ad Ah Ks Kc", "2c 2d 2h 2s 3c", "Ac Ad Ah As Kc",
        "Ac 2c 3c 4c 5c", "9d Td Jd Qd Kd", "Ts Js Qs Ks As",
    ]
    values = [slow_value5(h.split(), Wheel.LOWEST) for h in ladder]
    assert all(slow_compare(lo[:2], hi[:2]) < 0 for lo, hi in pairwise(values))
    wheel = slow_value5(["Ac", "2d", "3h", "4s", "5c"], Wheel.SECOND_HIGHEST)
    assert slow_compare(wheel[:2], slow_value5(["9c", "Td", "Jh", "Qs", "Kc"], Wheel.SECOND_HIGHEST)[:2]) > 0
    assert slow_compare(wheel[:2], slow_value5(["Tc", "Jd", "Qh", "Ks", "Ac"], Wheel.SECOND_HIGHEST)[:2]) < 0
    assert slow_value5(["Ts", "Js", "Qs", "Ks", "As"], Wheel.LOWEST)[2] is True
