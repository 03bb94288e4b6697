"""The conformance corpus covers every rule of every bundled ruleset.

Every rule id is pinned by at least one active case that runs under that ruleset; every
rule with an interpretation record (an ambiguity-register reading) has a case tagged
``ambiguity`` that pins it; every pin names a rule that exists; and the situations the
corpus must show (fouls, naturals meeting, surrenders, timeouts, stacks, tournaments) appear
in deals of two, three and four players wherever a ruleset allows that many.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cpspec.conformance.cases import Case, load_corpus
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry

CORPUS = Path(__file__).resolve().parent.parent / "conformance"
RULESETS = bundled_registry().ids()


@cache
def corpus() -> tuple[Case, ...]:
    return tuple(c for c in load_corpus(CORPUS) if c.active)


def cases_of(ruleset_id: str) -> list[Case]:
    return [c for c in corpus() if ruleset_id in c.rulesets]


def ruleset(ruleset_id: str) -> Ruleset:
    return bundled_registry().get(ruleset_id)


def _players(case: Case) -> Iterable[int]:
    """How many players each deal of a score, tournament or score_session case has."""
    data: Any = case.input
    if not isinstance(data, dict):
        return []
    if case.op == "score":
        return [len(data.get("players", []))]
    if case.op in ("tournament", "score_session"):
        return [len(d.get("players", [])) for d in data.get("deals", []) if isinstance(d, dict)]
    return []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_is_pinned_by_a_case(ruleset_id: str) -> None:
    pinned = {pin for case in cases_of(ruleset_id) for pin in case.pins}
    missing = [rule_id for rule_id in ruleset(ruleset_id).rule_ids if rule_id not in pinned]
    assert not missing, f"{ruleset_id}: no case pins {', '.join(missing)}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_interpretation_has_an_ambiguity_case(ruleset_id: str) -> None:
    shown = {pin for case in cases_of(ruleset_id) if "ambiguity" in case.tags for pin in case.pins}
    readings = [r.id for r in ruleset(ruleset_id).rules if r.interpretation is not None]
    missing = [rule_id for rule_id in readings if rule_id not in shown]
    assert not missing, f"{ruleset_id}: no case tagged ambiguity pins {', '.join(missing)}"


def test_every_pin_exists_in_every_ruleset_of_its_case() -> None:
    wrong = [
        f"{case.id}: {pin} is not a rule of {ruleset_id}"
        for case in corpus() for ruleset_id in case.rulesets for pin in case.pins
        if pin not in ruleset(ruleset_id).rule_ids
    ]
    assert not wrong, "\n".join(wrong)


def test_every_ambiguity_case_pins_an_interpreted_rule() -> None:
    """A case tagged ambiguity shows a reading, so one of its pins has an interpretation."""
    wrong = []
    for case in corpus():
        if "ambiguity" not in case.tags:
            continue
        for ruleset_id in case.rulesets:
            interpreted = {r.id for r in ruleset(ruleset_id).rules if r.interpretation is not None}
            if not interpreted.intersection(case.pins):
                wrong.append(f"{case.id} ({ruleset_id})")
    assert not wrong, "tagged ambiguity without pinning an interpreted rule: " + ", ".join(wrong)


def test_player_count_tags_match_the_deals() -> None:
    names = {2: "two-players", 3: "three-players", 4: "four-players"}
    wrong = []
    for case in corpus():
        counts = set(_players(case))
        for count, tag in names.items():
            if (tag in case.tags) != (count in counts) and case.expected_error is None:
                wrong.append(f"{case.id}: players {sorted(counts)} but tags {list(case.tags)}")
                break
    assert not wrong, "\n".join(wrong)


def _supports(ruleset_id: str, situation: str) -> bool:
    p = ruleset(ruleset_id).parameters
    return {
        "foul": True,
        "natural-meeting": bool(p.naturals.hands),
        "surrender": p.penalties.surrender is not None,
        "timeout": p.penalties.timeout is not None,
        "stacks": p.settlement is not None,
        "tournament": True,
        "scoop": p.scoring.scoop is not None,
        "bonus": bool(p.bonuses.table),
        "collection": p.collection is not None,
    }[situation]


SITUATIONS = ["foul", "natural-meeting", "surrender", "timeout", "stacks", "tournament"]


@pytest.mark.parametrize("situation", SITUATIONS)
def test_situations_appear_with_two_three_and_four_players(situation: str) -> None:
    """Each situation is shown in deals of every size some ruleset that has it allows."""
    shown: dict[int, list[str]] = defaultdict(list)
    possible: set[int] = set()
    for ruleset_id in RULESETS:
        if not _supports(ruleset_id, situation):
            continue
        limits = ruleset(ruleset_id).parameters.players
        possible.update(range(limits.min, limits.max + 1))
        for case in cases_of(ruleset_id):
            if situation in case.tags and case.expected is not None:
                for count in _players(case):
                    shown[count].append(case.id)
    missing = sorted(possible - set(shown))
    assert not missing, f"no {situation} case with {missing} players"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_ruleset_shows_what_it_defines(ruleset_id: str) -> None:
    """A ruleset with surrenders, stacks, naturals, scoops, bonuses or a collection table has cases of them."""
    missing = []
    for situation in ["foul", "natural-meeting", "surrender", "timeout", "stacks", "scoop", "bonus", "collection"]:
        if _supports(ruleset_id, situation) and not any(
            situation in c.tags and c.expected is not None for c in cases_of(ruleset_id)
        ):
            missing.append(situation)
    assert not missing, f"{ruleset_id}: no passing-path case tagged {', '.join(missing)}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_ruleset_has_counting_and_worked_example_cases(ruleset_id: str) -> None:
    mine = cases_of(ruleset_id)
    assert any(c.op == "settings" for c in mine), f"{ruleset_id}: no counting (settings) case"
    assert any("worked-example" in c.tags for c in mine), f"{ruleset_id}: no worked-example case"


def test_the_brief_s_error_kinds_are_all_covered() -> None:
    codes = {c.expected_error for c in corpus() if c.expected_error}
    wanted = {"bad_card", "duplicate_card", "bad_hand_size", "bad_players", "bad_declaration", "unsupported", "bad_input"}
    assert wanted <= codes, f"no case expects {sorted(wanted - codes)}"
