"""Hostile protocol lines: every one gets an error answer with the right code, and the next line is served.

The server reads JSON Lines; whatever a line holds, it answers with exactly one valid JSON
object (the request's id echoed when it can be read), never writes a traceback, and goes
on to the next line. Expected codes are docs/protocol.md's: ``bad_json`` for what is not
JSON (NaN, Infinity, lone surrogates, invalid UTF-8, repeated names), ``too_large`` for a
line over 1,000,000 bytes or nested deeper than 32 levels, ``bad_request`` for an envelope
that is not ``{id, op, ruleset, input}``, then the codes of the input's own problems.
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import example_deal
from cpspec.errors import ERROR_CODES
from cpspec.protocol.server import MAX_LINE_BYTES, answer, serve
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry

Json = Any
HELLO: Final = json.dumps({"id": "after", "op": "hello", "input": {}})
RID: Final = 7  # the id of the hostile requests whose id can be read

# A 2-player deal that scores cleanly under the plain rulesets (basic, two-four):
#   A: front 2c 3d 4h (four high) | middle 9c 9d Kh Qs 5c (pair of nines) | back Ac Ad Ah 7s 6c (three aces)
#   B: front Ts 8h 6d (ten high)  | middle 2d 2h Js 8c 7d (pair of deuces) | back Kc Kd Ks 3h 3s (kings full)
A: Final[dict[str, Json]] = {"seat": "A", "front": ["2c", "3d", "4h"], "middle": ["9c", "9d", "Kh", "Qs", "5c"],
                             "back": ["Ac", "Ad", "Ah", "7s", "6c"]}
B: Final[dict[str, Json]] = {"seat": "B", "front": ["Ts", "8h", "6d"], "middle": ["2d", "2h", "Js", "8c", "7d"],
                             "back": ["Kc", "Kd", "Ks", "3h", "3s"]}
A_CARDS: Final = A["front"] + A["middle"] + A["back"]
B_CARDS: Final = B["front"] + B["middle"] + B["back"]  # Jh is in neither hand


def _naturals_ruleset() -> tuple[str, str]:
    """A bundled ruleset with naturals that two players may play, and one of its naturals."""
    for rules in bundled_registry().all():
        if rules.parameters.naturals.hands and rules.parameters.players.min <= 2:
            return rules.id, rules.parameters.naturals.hands[0].id
    raise AssertionError("no bundled ruleset with naturals for two players")


NATURALS, NATURAL = _naturals_ruleset()


def request(inp: Json, ruleset: str = "basic", op: str = "score", rid: Json = RID) -> str:
    return json.dumps({"id": rid, "op": op, "ruleset": ruleset, "input": inp}, ensure_ascii=False)


def players(*entries: dict[str, Json]) -> dict[str, Json]:
    return {"players": [copy.deepcopy(e) for e in entries]}


def with_(entry: dict[str, Json], **changes: Json) -> dict[str, Json]:
    return {**copy.deepcopy(entry), **changes}


def strict_json(line: str) -> dict[str, Json]:
    """Parse an answer line as strict JSON (no NaN or Infinity) and check its shape."""
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in an answer: {line[:200]}")

    value = json.loads(line, parse_constant=refuse)
    assert isinstance(value, dict) and "id" in value, line[:200]
    assert len(value) == 2 and (("output" in value) != ("error" in value)), line[:200]
    if "error" in value:
        assert value["error"]["code"] in ERROR_CODES and value["error"]["code"] != "internal", value
        assert isinstance(value["error"]["message"], str) and "Traceback" not in value["error"]["message"]
    return value


def serve_lines(lines: Sequence[str | bytes]) -> list[dict[str, Json]]:
    """Serve the lines (str lines encoded as UTF-8, lone surrogates passed through) and parse the answers."""
    raw = b"".join((x.encode("utf-8", "surrogatepass") if isinstance(x, str) else x) + b"\n" for x in lines)
    out = io.StringIO()
    assert serve(io.BytesIO(raw), out) == 0
    answers = [strict_json(line) for line in out.getvalue().splitlines()]
    blank = sum(1 for x in lines if not x.strip())
    assert len(answers) == len(lines) - blank, "one answer per non-blank line"
    return answers


def check_refused(line: str | bytes, code: str, rid: Json) -> dict[str, Json]:
    """The line gets error ``code`` with id ``rid``, and a hello after it is answered normally."""
    refused, after = serve_lines([line, HELLO])
    assert "error" in refused, refused
    assert refused["error"]["code"] == code, refused
    assert refused["id"] == rid, refused
    assert after["id"] == "after" and after["output"]["protocol"] == 1
    return refused


# --- lines that are not JSON, or not a request ---------------------------------------

NOT_JSON: Final[list[Any]] = [
    pytest.param("this is not json", "bad_json", None, id="words"),
    pytest.param('{"id": 7, "op": "hello"', "bad_json", None, id="truncated"),
    pytest.param('{"id": 7, "op": "hello"} {"id": 8}', "bad_json", None, id="two-objects"),
    pytest.param("{'id': 7}", "bad_json", None, id="single-quotes"),
    pytest.param(b'\xff\xfe{"id": 7}', "bad_json", None, id="not-utf8"),
    pytest.param(b'{"id": 7, "op": "hello", "input": {"x": "caf\xe9"}}', "bad_json", None, id="latin1-inside"),
    pytest.param('{"id": 7, "op": "hello", "input": {"x": NaN}}', "bad_json", RID, id="nan"),
    pytest.param('{"id": 7, "op": "hello", "input": {"x": Infinity}}', "bad_json", RID, id="infinity"),
    pytest.param('{"id": 7, "op": "hello", "input": {"x": [-Infinity]}}', "bad_json", RID, id="minus-infinity"),
    pytest.param('{"id": NaN, "op": "hello"}', "bad_json", None, id="nan-id"),
    pytest.param('{"id": Infinity, "op": "hello"}', "bad_json", None, id="infinity-id"),
    # 1e400 is JSON by the grammar but no double holds it: it must not come back as Infinity.
    pytest.param('{"id": 1e400, "op": "hello"}', "bad_json", None, id="overflowing-id"),
    pytest.param('{"id": 7, "op": "collection", "ruleset": "basic", "input": {"game": -1e400}}', "bad_json", RID,
                 id="overflowing-number"),
    pytest.param('{"id": 7, "op": "hello", "input": {"x": "\\ud800"}}', "bad_json", RID, id="lone-high-surrogate"),
    pytest.param('{"id": 7, "op": "hello", "input": {"x": "a\\udc00b"}}', "bad_json", RID, id="lone-low-surrogate"),
    pytest.param('{"id": 7, "op": "hello", "input": {"\\ud800": 1}}', "bad_json", RID, id="surrogate-key"),
    pytest.param('{"id": "\\ud800", "op": "hello"}', "bad_json", None, id="surrogate-id"),
    pytest.param('{"id": 7, "id": 8, "op": "hello"}', "bad_json", None, id="repeated-id"),
    pytest.param(request({"players": [A, B]})[:-2] + ', "players": []}}', "bad_json", None, id="repeated-input-name"),
    pytest.param('{"id": 7, "op": "hello", "input": {"n": 1' + "0" * 5000 + "}}", "bad_json", None,
                 id="5000-digit-number"),
    pytest.param("[" * 100_000 + "]" * 100_000, "too_large", None, id="100000-nested-arrays"),
    pytest.param('{"a":' * 100_000 + "1" + "}" * 100_000, "too_large", None, id="100000-nested-objects"),
    pytest.param(request({"players": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
                 "too_large", None, id="33-levels-inside-input"),
    pytest.param("[1, 2, 3]", "bad_request", None, id="array"),
    pytest.param('"hello"', "bad_request", None, id="string"),
    pytest.param("42", "bad_request", None, id="number"),
    pytest.param("null", "bad_request", None, id="null"),
    pytest.param("true", "bad_request", None, id="true"),
]


@pytest.mark.parametrize(("line", "code", "rid"), NOT_JSON)
def test_a_line_that_is_not_a_json_request_is_refused_and_the_next_is_served(
    line: str | bytes, code: str, rid: Json
) -> None:
    check_refused(line, code, rid)


ENVELOPES: Final[list[Any]] = [
    pytest.param({"op": "hello"}, "bad_request", None, id="no-id"),
    pytest.param({"id": True, "op": "hello"}, "bad_request", None, id="id-bool"),
    pytest.param({"id": {"n": 1}, "op": "hello"}, "bad_request", None, id="id-object"),
    pytest.param({"id": [7], "op": "hello"}, "bad_request", None, id="id-list"),
    pytest.param({"id": None, "op": "hello"}, "bad_request", None, id="id-null"),
    pytest.param({"id": "x" * 201, "op": "hello"}, "bad_request", None, id="id-201-chars"),
    pytest.param({"id": RID}, "bad_request", RID, id="no-op"),
    pytest.param({"id": RID, "op": 3}, "bad_request", RID, id="op-number"),
    pytest.param({"id": RID, "op": ["hello"]}, "bad_request", RID, id="op-list"),
    pytest.param({"id": RID, "op": "fold"}, "unknown_op", RID, id="unknown-op"),
    pytest.param({"id": RID, "op": "score", "input": {"players": [A, B]}}, "bad_request", RID, id="no-ruleset"),
    pytest.param({"id": RID, "op": "score", "ruleset": 1, "input": {}}, "bad_request", RID, id="ruleset-number"),
    pytest.param({"id": RID, "op": "score", "ruleset": "no-such-rules", "input": {}}, "unknown_ruleset", RID,
                 id="unknown-ruleset"),
    pytest.param({"id": RID, "op": "score", "ruleset": "../rulesets/basic", "input": {}}, "unknown_ruleset", RID,
                 id="ruleset-path"),
    pytest.param({"id": RID, "op": "score", "ruleset": "basic", "input": [A, B]}, "bad_request", RID,
                 id="input-list"),
    pytest.param({"id": RID, "op": "score", "ruleset": "basic", "input": "players"}, "bad_request", RID,
                 id="input-string"),
    pytest.param({"id": RID, "op": "hello", "verbose": True}, "bad_request", RID, id="unknown-field"),
]


@pytest.mark.parametrize(("message", "code", "rid"), ENVELOPES)
def test_a_bad_envelope_is_refused_with_its_id_when_readable(message: dict[str, Json], code: str, rid: Json) -> None:
    check_refused(json.dumps(message), code, rid)


# --- inputs with wrong types, and impossible deals ----------------------------------

TWO_DEAL: Final = [A, B]
FIFTEEN_A: Final = [*A_CARDS, "2s", "4s"]

IMPOSSIBLE: Final[list[Any]] = [
    # wrong types
    pytest.param("basic", {"players": "A,B"}, "bad_input", id="players-string"),
    pytest.param("basic", {"players": {"A": A}}, "bad_input", id="players-object"),
    pytest.param("basic", {}, "bad_input", id="players-missing"),
    pytest.param("basic", {"players": [A, 3]}, "bad_input", id="player-number"),
    pytest.param("basic", {"players": [A, [B]]}, "bad_input", id="player-list"),
    pytest.param("basic", players(A, with_(B, seat=2)), "bad_input", id="seat-number"),
    pytest.param("basic", players(A, with_(B, seat="")), "bad_input", id="seat-empty"),
    pytest.param("basic", players(A, with_(B, seat=None)), "bad_input", id="seat-null"),
    pytest.param("basic", players(A, with_(B, front=["Ts", 8, "6d"])), "bad_card", id="card-number"),
    pytest.param("basic", players(A, with_(B, front=["Ts", None, "6d"])), "bad_card", id="card-null"),
    pytest.param("basic", players(A, with_(B, front=["Ts", ["8h"], "6d"])), "bad_card", id="card-list"),
    pytest.param("basic", players(A, with_(B, front=["Ts", "1h", "6d"])), "bad_card", id="card-rank-1"),
    pytest.param("basic", players(A, with_(B, front=["Ts", "10h", "6d"])), "bad_card", id="card-three-chars"),
    pytest.param("basic", players(A, with_(B, front=["Ts", "8x", "6d"])), "bad_card", id="card-suit-x"),
    pytest.param("basic", players(A, with_(B, front="Ts 8h 6d")), "bad_input", id="segment-string"),
    pytest.param("basic", players(A, with_(B, front={"0": "Ts"})), "bad_input", id="segment-object"),
    # null is the same as a field left out (docs/protocol.md): a front of null is a missing front
    pytest.param("basic", players(A, with_(B, front=None)), "bad_hand_size", id="segment-null"),
    pytest.param("basic", players(A, with_(B, colour="red")), "bad_input", id="unknown-player-field"),
    pytest.param("basic", {"players": TWO_DEAL, "dealer": "A"}, "bad_input", id="unknown-deal-field"),
    # sizes
    pytest.param("basic", players(A, with_(B, front=["Ts", "8h"])), "bad_hand_size", id="two-card-front"),
    pytest.param("basic", players(A, with_(B, middle=[*B["middle"], "4s"])), "bad_hand_size", id="six-card-middle"),
    pytest.param("basic", players(A, with_(B, back=[])), "bad_hand_size", id="empty-back"),
    pytest.param("basic", players(A, {"seat": "B", "front": B["front"], "middle": B["middle"]}), "bad_hand_size",
                 id="no-back"),
    # repeated cards
    pytest.param("basic", players(A, with_(B, front=["Ts", "Ts", "6d"])), "duplicate_card", id="twice-in-segment"),
    pytest.param("basic", players(A, with_(B, front=["Ts", "8h", "Js"])), "duplicate_card", id="twice-in-player"),
    pytest.param("basic", players(A, with_(B, front=["Ts", "8h", "Ac"])), "duplicate_card", id="twice-in-deal"),
    # players and seats
    pytest.param("basic", {"players": []}, "bad_players", id="no-players"),
    pytest.param("basic", players(A), "bad_players", id="one-player"),
    # five players cannot hold distinct cards (65 > 52); the count is the first thing wrong
    pytest.param("basic", {"players": [with_(A, seat=s) for s in "ABCDE"]}, "bad_players", id="five-players"),
    pytest.param("basic", players(A, with_(B, seat="A")), "bad_players", id="same-seat-twice"),
    # declarations
    pytest.param("basic", players(A, with_(B, declare="fold")), "bad_declaration", id="unknown-declaration"),
    pytest.param("basic", players(A, with_(B, declare=True)), "bad_declaration", id="declaration-bool"),
    pytest.param("basic", players(A, with_(B, declare="natural")), "bad_declaration", id="natural-without-naturals"),
    pytest.param("two-four", players(A, {"seat": "B", "declare": "surrender"}), "bad_declaration",
                 id="surrender-not-allowed"),
    pytest.param(NATURALS, players(A, with_(B, natural=NATURAL)), "bad_declaration", id="natural-named-not-declared"),
    pytest.param(NATURALS, players(A, with_(B, declare="natural", natural="royal-family")), "bad_declaration",
                 id="unknown-natural"),
    pytest.param(NATURALS, players(A, {"seat": "B", "cards": B_CARDS}), "bad_input", id="cards-without-natural"),
    pytest.param(NATURALS, players(A, with_(B, declare="natural", cards=B_CARDS)), "bad_input",
                 id="cards-and-setting"),
    pytest.param(NATURALS, players(A, {"seat": "B", "declare": "natural", "cards": [*B_CARDS, "Jh"]}), "bad_hand_size",
                 id="fourteen-cards"),
    pytest.param(NATURALS, players(A, {"seat": "B", "declare": "natural", "cards": B_CARDS[:12]}), "bad_hand_size",
                 id="twelve-cards"),
    pytest.param(NATURALS, players(A, {"seat": "B", "declare": "natural", "natural": 1, "cards": B_CARDS}),
                 "bad_declaration", id="natural-number"),
    # stacks
    pytest.param("basic", {"players": TWO_DEAL, "button": "A", "stacks": {"A": 5, "B": 5}}, "unsupported",
                 id="stacks-without-settlement"),
]


def _four_players() -> list[dict[str, Json]]:
    """The Chiptalk A-D example's players (source 000), a legal 4-player deal."""
    players_: list[dict[str, Json]] = copy.deepcopy(example_deal("chiptalk-a-d.yaml")["players"])
    return players_


@pytest.mark.parametrize(("ruleset_id", "inp", "code"), IMPOSSIBLE)
def test_an_impossible_deal_gets_its_code_and_the_next_line_is_served(
    ruleset_id: str, inp: dict[str, Json], code: str
) -> None:
    refused = check_refused(request(inp, ruleset_id), code, RID)
    assert "input" in refused["error"]["message"], "the message names the place in the input"


def _settlement_rulesets() -> tuple[str, ...]:
    return tuple(r.id for r in bundled_registry().all() if r.parameters.settlement is not None)


def test_some_bundled_ruleset_has_stack_limited_settlement() -> None:
    # The stack tests below need one; the English Harbour page (002) describes payment with cash limits.
    assert _settlement_rulesets()


BAD_STACKS: Final[list[Any]] = [
    pytest.param({"A": -1, "B": 5}, id="negative"),
    pytest.param({"A": 2.5, "B": 5}, id="float"),
    pytest.param({"A": True, "B": 5}, id="bool"),
    pytest.param({"A": "5", "B": 5}, id="string"),
    pytest.param({"A": None, "B": 5}, id="null"),
    pytest.param({"A": 5}, id="missing-seat"),
    pytest.param({"A": 5, "B": 5, "Z": 5}, id="unknown-seat"),
    pytest.param([5, 5], id="list"),
]


@pytest.mark.parametrize("stacks", BAD_STACKS)
def test_bad_stacks_are_bad_input(stacks: Json) -> None:
    for ruleset_id in _settlement_rulesets():
        rules = bundled_registry().get(ruleset_id)
        deal = _deal_for(rules)
        deal.update(button=deal["players"][0]["seat"], stacks=_rename_stacks(stacks, deal))
        refused = check_refused(request(deal, ruleset_id), "bad_input", RID)
        assert "stacks" in refused["error"]["message"]


@pytest.mark.parametrize("button", [pytest.param("Z", id="unknown-seat"), pytest.param(0, id="number")])
def test_a_bad_button_is_bad_input(button: Json) -> None:
    for ruleset_id in _settlement_rulesets():
        deal = _deal_for(bundled_registry().get(ruleset_id))
        deal.update(button=button, stacks={p["seat"]: 5 for p in deal["players"]})
        check_refused(request(deal, ruleset_id), "bad_input", RID)


def _deal_for(rules: Ruleset) -> dict[str, Json]:
    """A legal deal for the ruleset: A and B, or the Chiptalk four, renamed to its seat names."""
    entries = [copy.deepcopy(A), copy.deepcopy(B)] if rules.parameters.players.min <= 2 else _four_players()
    names = rules.parameters.players.seat_names
    if names is not None:
        for entry, name in zip(entries, names, strict=False):
            entry["seat"] = name
    return {"players": entries}


def _rename_stacks(stacks: Json, deal: dict[str, Json]) -> Json:
    """Map the table's A and B onto the deal's first two seats; other seats get 5."""
    if not isinstance(stacks, dict):
        return stacks
    seats = [p["seat"] for p in deal["players"]]
    renamed = {({"A": seats[0], "B": seats[1]}).get(k, k): v for k, v in stacks.items()}
    if "A" in stacks and "B" in stacks:  # a complete table: the other seats are fine
        renamed.update({s: 5 for s in seats[2:]})
    return renamed


OTHER_OPS: Final[list[Any]] = [
    pytest.param("classify", {"cards": "AsKsQs"}, "bad_input", id="classify-string"),
    pytest.param("classify", {"cards": {"a": "As"}}, "bad_input", id="classify-object"),
    pytest.param("classify", {"cards": ["As", "Ks"]}, "bad_hand_size", id="classify-two"),
    pytest.param("classify", {"cards": ["As", "Ks", 12]}, "bad_card", id="classify-number"),
    pytest.param("classify", {}, "bad_input", id="classify-missing"),
    pytest.param("compare", {"a": ["As", "Ks", "Qs"], "b": "2c 3c 4c"}, "bad_input", id="compare-string"),
    pytest.param("compare", {"a": ["As", "Ks", "Qs"], "b": ["As", "2c", "3c"]}, "duplicate_card", id="compare-shared"),
    pytest.param("check_setting", {"front": A["front"], "middle": A["middle"]}, "bad_input", id="setting-missing"),
    pytest.param("check_setting", {**{k: A[k] for k in ("front", "middle", "back")}, "front": ["2c", "3d", "Ac"]},
                 "duplicate_card", id="setting-twice"),
    pytest.param("find_naturals", {"cards": A_CARDS[:12]}, "bad_hand_size", id="naturals-twelve"),
    pytest.param("find_naturals", {"cards": FIFTEEN_A}, "bad_hand_size", id="naturals-fifteen"),
    pytest.param("find_naturals", {"cards": [*A_CARDS[:12], "2c"]}, "duplicate_card", id="naturals-twice"),
    pytest.param("tournament", {"deals": "many"}, "bad_input", id="tournament-deals-string"),
    pytest.param("tournament", {"deals": []}, "bad_input", id="tournament-no-deals"),
    pytest.param("tournament", {"deals": [3]}, "bad_input", id="tournament-deal-number"),
    pytest.param("tournament", {"deals": [{"players": TWO_DEAL}], "names": ["Ann"]}, "bad_input",
                 id="tournament-names-list"),
    pytest.param("collection", {"game": "20"}, "bad_input", id="collection-string"),
    pytest.param("collection", {"game": True}, "bad_input", id="collection-bool"),
    pytest.param("collection", {"game": -5}, "bad_input", id="collection-negative"),
    pytest.param("describe_ruleset", {"verbose": True}, "bad_input", id="describe-extra"),
]


# Ops added later (settings, advise): tested when the engine serves them.
LATER_OPS: Final[list[Any]] = [
    pytest.param("settings", {"cards": " ".join(A_CARDS)}, "bad_input", id="settings-string"),
    pytest.param("settings", {"cards": A_CARDS[:12]}, "bad_hand_size", id="settings-twelve"),
    pytest.param("settings", {"cards": A_CARDS, "list": "yes"}, "bad_input", id="settings-list-string"),
    pytest.param("settings", {"cards": A_CARDS, "limit": -1}, "bad_input", id="settings-negative-limit"),
    pytest.param("settings", {"cards": A_CARDS, "limit": 2.5}, "bad_input", id="settings-float-limit"),
    pytest.param("advise", {"cards": A_CARDS, "deals": 0}, "bad_input", id="advise-no-deals"),
    pytest.param("advise", {"cards": A_CARDS, "deals": 10**12}, "bad_input", id="advise-huge-deals"),
    pytest.param("advise", {"cards": A_CARDS, "opponents": 9}, "bad_players", id="advise-nine-opponents"),  # 1 + 9 > 4
    pytest.param("advise", {"cards": A_CARDS, "seed": True}, "bad_input", id="advise-bool-seed"),
    pytest.param("advise", {"cards": [*A_CARDS[:12], "2c"]}, "duplicate_card", id="advise-twice"),
]


def _served_ops() -> set[str]:
    from cpspec.protocol.ops import OPS

    return set(OPS)


@pytest.mark.parametrize(("op", "inp", "code"), OTHER_OPS + [p for p in LATER_OPS if p.values[0] in _served_ops()])
def test_the_other_ops_refuse_bad_input(op: str, inp: dict[str, Json], code: str) -> None:
    ruleset_id = "chiptalk" if op in ("find_naturals", "tournament") else "basic"
    check_refused(request(inp, ruleset_id, op), code, RID)


# --- the line discipline -------------------------------------------------------------


def test_blank_lines_are_ignored_and_every_other_line_gets_one_answer_in_order() -> None:
    lines = ["", json.dumps({"id": 1, "op": "hello"}), "   ", "\t", "garbage", json.dumps({"id": 3, "op": "hello"})]
    answers = serve_lines(lines)
    assert [a["id"] for a in answers] == [1, None, 3]
    assert "output" in answers[0] and answers[1]["error"]["code"] == "bad_json" and "output" in answers[2]


def test_crlf_line_endings_and_a_last_line_without_newline_are_served() -> None:
    raw = b'{"id": 1, "op": "hello"}\r\n{"id": 2, "op": "hello"}'
    out = io.StringIO()
    serve(io.BytesIO(raw), out)
    assert [strict_json(x)["id"] for x in out.getvalue().splitlines()] == [1, 2]


def test_empty_input_gets_no_answer() -> None:
    out = io.StringIO()
    assert serve(io.BytesIO(b""), out) == 0
    assert out.getvalue() == ""


def test_a_line_at_the_limit_is_served_and_one_byte_more_is_too_large() -> None:
    head, tail = '{"id": 1, "op": "hello"', "}"
    at_limit = head + " " * (MAX_LINE_BYTES - len(head) - len(tail)) + tail  # JSON allows the spaces
    assert len(at_limit.encode()) == MAX_LINE_BYTES
    over = head + " " + at_limit[len(head):]
    served, refused, after = serve_lines([at_limit, over, HELLO])
    assert served["id"] == 1 and "output" in served
    assert refused["id"] is None and refused["error"]["code"] == "too_large"
    assert after["id"] == "after" and "output" in after


def test_a_line_of_tens_of_megabytes_is_too_large_and_the_next_line_is_served() -> None:
    huge = request({"players": [A, B], "pad": "x" * 30_000_000})  # about 30 MB
    refused, after = serve_lines([huge, request({"players": [A, B]}, rid=8)])
    assert refused == {"id": None, "error": refused["error"]} and refused["error"]["code"] == "too_large"
    # The next line is the 2-player deal under basic (one unit a segment, bas-segment-unit):
    # front: B's ten high beats A's four high; middle: A's pair of nines beats B's pair of deuces;
    # back: B's full house beats A's three aces. B wins 2 units, A 1: A -1, B +1.
    assert after["id"] == 8 and after["output"]["totals"] == {"A": -1, "B": 1}


# --- no crash, whatever the input holds --------------------------------------------

JSON_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6) | st.sampled_from(["As", "Td", "2c", "natural", "surrender", "A", "B", "front"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Json, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replace(value: Json, path: tuple[Any, ...], new: Json) -> Json:
    if not path:
        return new
    copied = copy.copy(value)
    copied[path[0]] = _replace(value[path[0]], path[1:], new)
    return copied


def _valid_requests() -> list[dict[str, Json]]:
    four = {"players": _four_players()}
    return [
        {"id": 1, "op": "score", "ruleset": "basic", "input": {"players": [A, B]}},
        {"id": 2, "op": "score", "ruleset": "chiptalk", "input": four},
        {"id": 3, "op": "tournament", "ruleset": "chiptalk", "input": {"deals": [four, four]}},
        {"id": 4, "op": "compare", "ruleset": "basic", "input": {"a": A["front"], "b": B["middle"]}},
        {"id": 5, "op": "check_setting", "ruleset": "two-four", "input": {k: A[k] for k in ("front", "middle", "back")}},
        {"id": 6, "op": "find_naturals", "ruleset": "chiptalk", "input": {"cards": A_CARDS}},
        *([{"id": 8, "op": "settings", "ruleset": "asian", "input": {"cards": A_CARDS, "list": True, "limit": 3}}]
          if "settings" in _served_ops() else []),
        *[{"id": 7, "op": "score", "ruleset": rid, "input": {**_deal_for(bundled_registry().get(rid)), "button": None}}
          for rid in _settlement_rulesets()],
    ]


def _mutations(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        base = data.draw(st.sampled_from(_valid_requests()), label="request")
        path = data.draw(st.sampled_from(_paths(base)), label="path")
        mutated = _replace(base, path, data.draw(JSON_VALUES, label="value"))
        reply = answer(json.dumps(mutated))
        json.dumps(reply, allow_nan=False, ensure_ascii=False).encode("utf-8")
        if "error" in reply:
            assert reply["error"]["code"] in ERROR_CODES and reply["error"]["code"] != "internal", reply

    run()


def test_a_mutated_request_never_crashes_the_server() -> None:
    """Any node of a valid request replaced by any JSON value: an answer, never an internal error."""
    _mutations(60)


@pytest.mark.audit
def test_a_mutated_request_never_crashes_the_server_thoroughly() -> None:
    _mutations(3000)


# --- the real process ----------------------------------------------------------------


def test_the_protocol_process_answers_every_hostile_line_with_nothing_on_stderr() -> None:
    hostile: list[bytes] = [
        b"not json", b"[1]", b'{"id": 7, "op": "hello", "input": {"x": NaN}}', b'{"id": "\\ud800", "op": "hello"}',
        b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe\xfd", request(players(A, with_(B, front=["Ac", "8h", "6d"]))).encode(),
        b'{"id": 1e400, "op": "hello"}', request({"players": [A, B], "pad": "x" * 20_000_000}).encode(),
        json.dumps({"id": 9, "op": "score", "ruleset": "basic", "input": {"players": [A, B]}}).encode(),
    ]
    stdin = b"\n".join(hostile) + b"\n\n"
    done = subprocess.run([sys.executable, "-m", "cpspec", "protocol"], input=stdin, capture_output=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == b""
    answers = [strict_json(line) for line in done.stdout.decode("utf-8").splitlines()]
    codes = [a["error"]["code"] if "error" in a else "ok" for a in answers]
    assert codes == ["bad_json", "bad_request", "bad_json", "bad_json", "too_large", "bad_json", "duplicate_card",
                     "bad_json", "too_large", "ok"]
    assert answers[-1]["id"] == 9 and answers[-1]["output"]["totals"] == {"A": -1, "B": 1}


@pytest.mark.parametrize("card", ["\ud800", "\\ud800", "\\udfff"], ids=["raw", "escaped-high", "escaped-low"])
def test_a_lone_surrogate_is_refused_whether_escaped_or_raw_in_an_in_process_line(card: str) -> None:
    line = '{"id": 3, "op": "classify", "ruleset": "basic", "input": {"cards": ["' + card + '"]}}'
    reply = answer(line)
    assert reply == {"id": 3, "error": {"code": "bad_json", "message": "a string holds a lone surrogate"}}
