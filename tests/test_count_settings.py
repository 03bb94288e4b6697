"""The corpus's independent tools: the brute-force counter stays independent of cpspec and
agrees with the hand-labelled tables of the case generator."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "conformance" / "tools"
sys.path.insert(0, str(TOOLS))

import count_settings as cs  # noqa: E402  (a script folder, not a package)
import generate_cases as gen  # noqa: E402

CATEGORY = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
            "four_of_a_kind", "straight_flush"]


def cards(text: str) -> tuple[cs.Card, ...]:
    return tuple(cs.parse(t) for t in text.split())


def value(text: str, wheel: str = "lowest") -> tuple[float, ...]:
    hand = cards(text)
    return cs.value3(hand) if len(hand) == 3 else cs.value5(hand, wheel)


@pytest.mark.parametrize("name", ["count_settings.py", "generate_cases.py"])
def test_the_tools_never_import_the_engine(name: str) -> None:
    tree = ast.parse((TOOLS / name).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(module.split(".")[0] == "cpspec" for module in imported), imported


@pytest.mark.parametrize(("slug", "text", "category", "royal", "why"), gen.CLASSIFY_FIVE)
def test_counter_agrees_with_the_hand_labelled_categories(
    slug: str, text: str, category: str, royal: bool, why: str
) -> None:
    assert CATEGORY[int(value(text)[0])] == category, why


@pytest.mark.parametrize(("slug", "text", "category", "why"), gen.CLASSIFY_FRONT)
def test_counter_agrees_with_the_hand_labelled_fronts(slug: str, text: str, category: str, why: str) -> None:
    assert CATEGORY[int(value(text)[0])] == category, why


@pytest.mark.parametrize(("slug", "a", "b", "winner", "why", "tags"), gen.COMPARE_SAME)
def test_counter_agrees_with_the_hand_labelled_comparisons(
    slug: str, a: str, b: str, winner: str, why: str, tags: list[str]
) -> None:
    va, vb = value(a), value(b)
    assert ("a" if va > vb else "b" if vb > va else "tie") == winner, why


@pytest.mark.parametrize(("slug", "a", "b", "lowest", "second", "what"), gen.COMPARE_WHEEL)
def test_counter_places_the_wheel_as_each_ruleset_says(
    slug: str, a: str, b: str, lowest: str, second: str, what: str
) -> None:
    for wheel, winner in (("lowest", lowest), ("second_highest", second)):
        va, vb = value(a, wheel), value(b, wheel)
        assert ("a" if va > vb else "b" if vb > va else "tie") == winner, (wheel, what)


def test_counter_fouls_as_the_setting_order_says() -> None:
    strict = cs.Options()
    lenient = cs.Options(back_over_middle="allow_equal", middle_over_front="allow_equal")
    middle_higher = cs.Options(front_middle_ties="middle_higher")
    # trips in front of two pair in the middle: a foul everywhere (source 000's own example)
    assert cs.fouls(cards("4h 4d 4c"), cards("9h 9s 6s 6c Jh"), cards("Kd Kh Ks Ad 7d"), lenient)
    # two equal straights: a foul only when the back must be strictly higher
    equal = (cards("2c 3d 4h"), cards("9c 8d 7h 6s 5c"), cards("9d 8h 7s 6c 5d"))
    assert cs.fouls(*equal, strict) and not cs.fouls(*equal, lenient)
    # A-K-Q against A-K-Q-3-2: equal, unless the middle's extra cards count
    tie = (cards("Ah Kd Qc"), cards("As Kc Qd 3h 2c"), cards("7c 7d 7h 8s 9s"))
    assert cs.fouls(*tie, strict) and not cs.fouls(*tie, lenient) and not cs.fouls(*tie, middle_higher)
    # Q-Q-A in front beats Q-Q-K-7-2 in the middle: a foul however ties are read
    kicker = (cards("Qs Qd Ac"), cards("Qh Qc Kd 7s 2s"), cards("8c 8d 8h 3c 4d"))
    assert cs.fouls(*kicker, lenient) and cs.fouls(*kicker, middle_higher)


@pytest.mark.slow
def test_counter_tries_every_setting_once() -> None:
    dragon = ("2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Tc", "Jd", "Qh", "Ks", "Ac")
    naturals = (("dragon", '{"distinct_ranks": 13}'), ("six-pairs", '{"rank_sets": {"pairs": 6}}'),
                ("three-straights", '{"segments": {"each": "straight"}}'),
                ("three-flushes", '{"segments": {"each": "flush"}}'))
    total, valid, held = cs.survey(dragon, cs.Options(naturals=naturals))
    assert total == 286 * 252 == 72_072
    assert 0 < valid < total
    assert held == {"dragon", "three-straights"}  # 2-3-4 / 5-9 / T-A; no pair, suits 4/3/3/3
