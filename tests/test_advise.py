"""The setting advisor: seeded, honest about its error, and right where the answer is clear."""

from __future__ import annotations

import json
import math
import random

import pytest

from conftest import ruleset
from cpspec.analysis.advise import Options, advise, mean_and_error, opponent_player
from cpspec.cli import main
from cpspec.engines import FAST, REFERENCE
from cpspec.fast.settings_classifier import classify
from cpspec.protocol.server import answer
from cpspec.rules.cards import cards_text, parse_card
from cpspec.rules.fouls import check_order, evaluate_setting
from cpspec.rules.hands import strength

# Royal flush in spades, four nines, three deuces and the 3c. Placing it as
#   front 2c 2d 2h (three deuces) | middle 9c 9d 9h 9s 3c (four nines) | back As Ks Qs Js Ts
# gives each segment the strongest hand any non-fouling setting can give it: nothing beats the
# royal flush in the back; the middle cannot hold it (the back would have to be higher), so its
# best is four nines, whose best kicker of what is left (2c 2d 2h 3c) is the 3c; that leaves the
# deuces, three of a kind, the best front possible. A setting at least as strong in every segment
# wins at least as much against any opponent (chiptalk's royalties only grow with the hand), so it
# must come out on top.
MONSTER = "As Ks Qs Js Ts 9c 9d 9h 9s 2c 2d 2h 3c"


def hand(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def test_the_dominant_setting_wins() -> None:
    advice = advise(hand(MONSTER), ruleset("chiptalk"), Options(opponents=3, deals=60, seed=5, candidates=4))
    assert advice.best is not None
    best = advice.best.candidate
    assert best.front is not None and best.middle is not None and best.back is not None
    assert sorted(cards_text(best.front)) == ["2c", "2d", "2h"]
    assert sorted(cards_text(best.middle)) == ["3c", "9c", "9d", "9h", "9s"]
    assert sorted(cards_text(best.back)) == ["As", "Js", "Ks", "Qs", "Ts"]
    means = [e.mean for e in advice.ranked]
    assert means == sorted(means, reverse=True)


def test_same_seed_same_answer_and_errors_are_reported() -> None:
    cards = tuple(random.Random(8).sample(range(52), 13))
    options = Options(opponents=1, deals=40, seed=123, candidates=3)
    first = advise(cards, ruleset("basic"), options)
    again = advise(cards, ruleset("basic"), options)
    assert [(e.candidate, e.points) for e in first.ranked] == [(e.candidate, e.points) for e in again.ranked]
    for estimate in first.ranked:
        assert len(estimate.points) == 40
        mean, error = mean_and_error(estimate.points)
        assert estimate.mean == mean and estimate.standard_error == error
    assert first.best is not None
    best = first.best.candidate
    assert best.front is not None and best.middle is not None and best.back is not None
    basic = ruleset("basic").parameters
    assert not check_order(evaluate_setting(best.front, best.middle, best.back, basic.hands.wheel), basic.setting).fouled


def test_mean_and_standard_error_by_hand() -> None:
    # Points 1, 3, 5: mean 3; sample variance ((-2)^2 + 0 + 2^2) / 2 = 4; standard error sqrt(4/3).
    mean, error = mean_and_error([1, 3, 5])
    assert mean == 3
    assert math.isclose(error, math.sqrt(4 / 3))
    assert mean_and_error([7]) == (7, 0.0)


def _strengths(hands: object) -> tuple[object, ...]:
    back, middle, front = hands.back, hands.middle, hands.front  # type: ignore[attr-defined]
    return strength(back), strength(middle), strength(front)


@pytest.mark.parametrize("rules", ["basic", "chiptalk"])
def test_policy_plays_the_strongest_back_then_middle_then_front(rules: str) -> None:
    rng = random.Random(42)
    for _ in range(4):
        cards = tuple(rng.sample(range(52), 13))
        table = classify(cards, ruleset(rules))
        strongest = max(_strengths(x.hands) for x in table)
        player = opponent_player("B", cards, ruleset(rules))
        assert player.front is not None and player.middle is not None and player.back is not None
        chosen = next(x for x in table if (x.front, x.middle, x.back) == (player.front, player.middle, player.back))
        assert _strengths(chosen.hands) == strongest


@pytest.mark.audit
def test_both_engines_give_the_same_advice() -> None:
    cards = hand(MONSTER)
    options = Options(opponents=2, deals=6, seed=9, candidates=3)
    fast = advise(cards, ruleset("two-four"), options, engine=FAST)
    slow = advise(cards, ruleset("two-four"), options, engine=REFERENCE)
    assert fast == slow


def test_declared_naturals_are_declared_by_opponents_and_offered_to_us() -> None:
    # Pairs of 2..7 and the 8c: six pairs, a natural asian recognises and asks players to declare.
    six_pairs = hand("2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 8c")
    rules = ruleset("asian")
    assert rules.parameters.naturals.declaration == "declared"
    player = opponent_player("B", six_pairs, rules)
    assert (player.declare, player.natural) == ("natural", "six-pairs")
    advice = advise(six_pairs, rules, Options(opponents=1, deals=20, seed=2, candidates=2))
    assert advice.natural == "six-pairs" and not advice.automatic_natural
    assert [e.candidate.declare for e in advice.ranked].count("six-pairs") == 1


def request(op_input: dict[str, object], rules: str = "chiptalk") -> dict[str, object]:
    return answer(json.dumps({"id": 1, "op": "advise", "ruleset": rules, "input": op_input}))


def test_op_output() -> None:
    output = request({"cards": MONSTER.split(), "deals": 30, "seed": 9, "candidates": 3})["output"]
    assert isinstance(output, dict)
    assert output["best"]["back"] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert output["best"]["standard_error"] >= 0
    assert output["deals"] == 30 and output["seed"] == 9 and output["opponents"] == 3
    assert "strongest back" in output["policy"]
    assert len(output["candidates"]) == 3


@pytest.mark.parametrize(("op_input", "code", "where"), [
    ({"cards": MONSTER.split(), "opponents": 2}, "bad_players", "input.opponents"),  # chiptalk seats four
    ({"cards": MONSTER.split(), "opponents": 4}, "bad_players", "input.opponents"),  # 5 x 13 > 52 cards
    ({"cards": MONSTER.split(), "deals": 0}, "bad_input", "input.deals"),
    ({"cards": MONSTER.split(), "seed": -1}, "bad_input", "input.seed"),
    ({"cards": MONSTER.split(), "candidates": "all"}, "bad_input", "input.candidates"),
    ({"cards": MONSTER.split()[:12]}, "bad_hand_size", "input.cards"),
])
def test_op_errors_are_located(op_input: dict[str, object], code: str, where: str) -> None:
    error = request(op_input)["error"]
    assert isinstance(error, dict)
    assert error["code"] == code
    assert error["message"].startswith(where)


def test_cli_no_progress_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", MONSTER, "--ruleset", "chiptalk", "--deals", "20", "--candidates", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "best: 2h 2d 2c (three deuces) | 9s 9h 9d 9c 3c (four nines) | As Ks Qs Js Ts (royal flush)" in captured.out
    assert "standard error" in captured.out


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", MONSTER, "--ruleset", "chiptalk", "--opponents", "1"]) == 2
    assert "--opponents" in capsys.readouterr().err
    assert main(["advise", MONSTER.replace("3c", "3x"), "--ruleset", "chiptalk"]) == 2
    assert "CARDS[12]" in capsys.readouterr().err
