"""Decisions of docs/protocol.md that no corpus case can show: each expected value worked out by hand from the doc.

A corpus case is a request to a bundled ruleset with a well-formed envelope, so it cannot show
which of two envelope errors wins, nor a rule that only a house ruleset reaches (a collection
table without an ``above`` level, a scooped penalty paid to a natural under
``against_natural: fixed``). And two decisions the doc states are tested here rather than locked
into the corpus: the 0-point penalty credits two mis-set hands exchange where ``pays_to`` lists
``foul``, and a natural's matchup against a forfeited hand waiting for the second pass of a
``naturals_first`` settlement.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest

from cpspec.protocol.server import answer
from cpspec.rulesets.loader import RulesetRegistry, bundled_registry

Json = Any

A: Final = {"seat": "A", "front": ["Tc", "6d", "4c"], "middle": ["Qh", "Qc", "Kh", "Jc", "9s"],
            "back": ["5h", "5c", "5s", "Jh", "9c"]}
B: Final = {"seat": "B", "front": ["9h", "4s", "2c"], "middle": ["Js", "Jd", "Ad", "Kc", "2s"],
            "back": ["4h", "4d", "3s", "3d", "6c"]}
# Set out of order: kings in the middle over queens in the back, aces in front over the kings.
FOULED: Final = {"front": ["Ad", "Ah", "4c"], "middle": ["Kh", "Kd", "7h", "Jc", "9c"],
                 "back": ["Qc", "Qd", "5c", "Jh", "9d"]}
COMPLETE_STRAIGHT: Final = ["2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Tc", "Jd", "Qh", "Ks", "Ac"]
# Four high, a pair of sixes, three tens: in order; none of its cards is in FOULED or COMPLETE_STRAIGHT.
PLAIN: Final = {"front": ["2d", "3c", "4d"], "middle": ["6d", "6h", "7c", "8c", "5h"],
                "back": ["Th", "Td", "Ts", "Js", "Qs"]}


def ask(request: dict[str, Json], registry: RulesetRegistry | None = None) -> dict[str, Json]:
    return answer(json.dumps(request), registry)


def error_code(reply: dict[str, Json]) -> str:
    assert "error" in reply, reply
    code: str = reply["error"]["code"]
    return code


# --- which envelope error wins (docs/protocol.md, Which error wins: id, unknown fields, op, input, ruleset)

ENVELOPE_ORDER: Final[list[Any]] = [
    pytest.param({"op": "fold", "ruleset": "no-such"}, "bad_request", id="id-before-op"),
    pytest.param({"id": 1, "op": "fold", "verbose": True}, "bad_request", id="unknown-field-before-op"),
    pytest.param({"id": 1, "op": "fold", "ruleset": "no-such"}, "unknown_op", id="op-before-ruleset"),
    pytest.param({"id": 1, "op": "fold", "input": []}, "unknown_op", id="op-before-input"),
    pytest.param({"id": 1, "op": "score", "ruleset": "no-such", "input": []}, "bad_request",
                 id="input-before-ruleset"),
    pytest.param({"id": 1, "op": "score", "ruleset": "no-such", "input": {"players": 3}}, "unknown_ruleset",
                 id="ruleset-before-the-op-s-input"),
]


@pytest.mark.parametrize(("request_", "code"), ENVELOPE_ORDER)
def test_the_first_problem_of_the_envelope_is_answered(request_: dict[str, Json], code: str) -> None:
    assert error_code(ask(request_)) == code


def test_a_bad_line_is_answered_before_its_request() -> None:
    # NaN makes the line bad JSON, and 40 nested lists too deep a line, whatever the request asks.
    assert error_code(answer('{"id": 1, "op": "fold", "x": NaN}')) == "bad_json"
    deep = '{"id": 1, "op": "fold", "input": ' + "[" * 40 + "]" * 40 + "}"
    assert error_code(answer(deep)) == "too_large"


# --- house rulesets: what no bundled ruleset reaches -----------------------------------------------

HOUSE_HEAD: Final = """\
id: {rid}
title: A house game
version: 1.0.0
summary: {summary}
extends: {parent}
changelog:
  - version: 1.0.0
    date: "2026-12-01"
    changes: First version.
parameters:
{parameters}"""


def house(tmp_path: Path, rid: str, parent: str, summary: str, parameters: str) -> RulesetRegistry:
    path = tmp_path / f"{rid}.yaml"
    path.write_text(HOUSE_HEAD.format(rid=rid, parent=parent, summary=summary, parameters=parameters),
                    encoding="utf-8")
    return bundled_registry().with_files([path])


def test_a_game_over_a_table_without_an_above_level_is_unsupported(tmp_path: Path) -> None:
    registry = house(tmp_path, "no-above", "bicycle-club", "The card club's table, no level above $100.",
                     "  collection:\n    above: null\n")
    request = {"id": 1, "op": "collection", "ruleset": "no-above", "input": {"game": 101}}
    # docs/protocol.md, collection: no level is that large and there is no above level: unsupported.
    assert error_code(ask(request, registry)) == "unsupported"
    # $100 itself is a listed level: "level": 100, listed.
    at_top = ask({**request, "input": {"game": 100}}, registry)["output"]
    assert (at_top["level"], at_top["amount"], at_top["per"], at_top["listed"]) == (100, 40, "hour", True)


def test_a_scooped_foul_pays_a_natural_its_points_under_against_natural_fixed(tmp_path: Path) -> None:
    registry = house(tmp_path, "fixed-against-naturals", "pagat", "A mis-set hand pays a special hand 5.",
                     "  penalties:\n    foul:\n      against_natural: fixed\n      points: 5\n")
    deal = {"players": [{"seat": "A", **FOULED}, {"seat": "B", "declare": "natural", "cards": COMPLETE_STRAIGHT}]}
    out = ask({"id": 1, "op": "score", "ruleset": "fixed-against-naturals", "input": deal}, registry)["output"]
    # docs/protocol.md, Forfeits: B is a natural and against_natural is fixed (not case 2), B is not
    # normal (not case 3), the mode is not as_segments (not case 4): case 5, one penalty credit of the
    # penalty's points, 5, under pg-foul; no bonus credits (B is not normal).
    assert out["totals"] == {"A": -5, "B": 5}
    credits = [{k: c[k] for k in ("seat", "points", "kind", "rule")} for c in out["matchups"][0]["credits"]]
    assert credits == [{"seat": "B", "points": 5, "kind": "penalty", "rule": "pg-foul"}]


# --- two decisions the doc states, tested here rather than locked into the corpus ---------------------


def test_two_mis_set_hands_exchange_zero_point_penalties_where_pays_to_lists_foul() -> None:
    other = {"front": ["Ac", "As", "2c"], "middle": ["Ks", "Kc", "3d", "6s", "8d"],
             "back": ["Qh", "Qs", "7s", "Th", "2h"]}  # aces over kings over queens: mis-set too
    deal = {"players": [{"seat": "A", **FOULED}, {"seat": "B", **other}]}
    out = ask({"id": 1, "op": "score", "ruleset": "shisanshui", "input": deal})["output"]
    assert [p["status"] for p in out["players"]] == ["foul", "foul"]
    # shisanshui's mis-set penalty: mode scooped, pays_to [normal, natural, foul], no points. Each mis-set
    # hand is the other's receiver, and not normal: case 5, a penalty of the points left out, 0, each way.
    credits = [{k: c[k] for k in ("seat", "points", "kind", "rule")} for c in out["matchups"][0]["credits"]]
    assert credits == [{"seat": "B", "points": 0, "kind": "penalty", "rule": "ssw-mis-set"},
                       {"seat": "A", "points": 0, "kind": "penalty", "rule": "ssw-mis-set"}]
    assert out["totals"] == {"A": 0, "B": 0}
    assert "segments" not in out["matchups"][0]  # nobody normal was paid: no sweep is counted


def test_a_naturals_matchup_against_a_forfeit_waits_for_the_second_pass() -> None:
    deal = {"players": [{"seat": "A", **FOULED},
                        {"seat": "B", "declare": "natural", "cards": COMPLETE_STRAIGHT},
                        {"seat": "C", **PLAIN}],
            "button": "A", "stacks": {"A": 20, "B": 13, "C": 20}}
    out = ask({"id": 1, "op": "score", "ruleset": "pagat-hawaiian-gardens", "input": deal})["output"]
    # A is mis-set and pays B's complete straight its 13 (a forfeit matchup) and C what winning all
    # three pays: no units (segment_points 0), the two-of-three unit and, counted as C's sweep, 5: 6.
    # B's complete straight takes 13 from C (a natural matchup). A -19, B +26, C -7.
    assert out["totals"] == {"A": -19, "B": 26, "C": -7}
    assert [m["kind"] for m in out["matchups"]] == ["forfeit", "forfeit", "natural"]
    # docs/protocol.md, Stack-limited settlement: from the button A, clockwise: A, B, C. naturals_first:
    # the first pass settles the natural matchups only, B-C: C pays B 13 (each chip once: B's 13 chips are
    # now used). The second pass: A-B, A owes 13, B has no unused chip: 0 paid, listed; A-C, 6 paid
    # (C has 7 unused chips left). A -6, B +13, C -13 + 6 = -7.
    settlement = out["settlement"]
    assert settlement["order"] == ["A", "B", "C"]
    assert settlement["payments"] == [{"from": "C", "to": "B", "owed": 13, "paid": 13},
                                      {"from": "A", "to": "B", "owed": 13, "paid": 0},
                                      {"from": "A", "to": "C", "owed": 6, "paid": 6}]
    assert settlement["paid"] == {"A": -6, "B": 13, "C": -7}
