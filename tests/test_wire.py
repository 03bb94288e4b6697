"""The server's score answers, written as text by ``cpspec.protocol.wire``, are the bytes of the dict answers encoded.

``ops.op_score`` builds the answer as dictionaries (the definition of its shape, in
``cpspec.protocol.outputs`` and ``Matchup.to_json``); the server writes it with ``ops.write_score``
from remembered texts. Here both run on the same inputs and the texts must be equal, byte
for byte: random legal deals of every ruleset (naturals, fouls, surrenders, stacks, seat
names that need escaping), and every ``score`` case of the corpus.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from cpspec.conformance.cases import load_corpus
from cpspec.errors import CpspecError
from cpspec.protocol.jsontext import compact
from cpspec.protocol.ops import OPS, op_score, write_score
from cpspec.protocol.server import answer_text
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import bundled_registry
from strategies import deals

RULESET_IDS = bundled_registry().ids()


def _both(ruleset_id: str, data: dict[str, Any]) -> tuple[str, str] | None:
    """(the dict answer encoded, the written answer), or None when the input is refused by both alike."""
    ruleset = bundled_registry().get(ruleset_id)
    try:
        expected = compact(op_score(ruleset, data))
    except CpspecError as error:
        with pytest.raises(CpspecError) as written_error:
            write_score(ruleset, data)
        assert written_error.value.to_json() == error.to_json()
        return None
    return expected, write_score(ruleset, data)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize("with_stacks", [False, True], ids=["plain", "stacks"])
def test_written_score_equals_encoded_dicts_on_random_deals(ruleset_id: str, with_stacks: bool) -> None:
    rules = bundled_registry().get(ruleset_id)

    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(deal=deals(rules, with_stacks=with_stacks and rules.parameters.settlement is not None))
    def run(deal: dict[str, Any]) -> None:
        both = _both(ruleset_id, deal)
        if both is not None:
            assert both[1] == both[0]

    run()


def test_written_score_equals_encoded_dicts_on_every_corpus_score_case() -> None:
    compared = 0
    for case in load_corpus(data_dir("conformance") / "cases"):
        if case.op != "score" or not isinstance(case.input, dict):
            continue
        for ruleset_id in case.rulesets:
            both = _both(ruleset_id, case.input)
            if both is not None:
                assert both[1] == both[0], f"{case.id} under {ruleset_id}"
                compared += 1
    assert compared >= 150  # the corpus scores about 170 deals (errors aside): a broken loader must not pass silently


def test_seat_names_that_need_escaping_are_written_as_the_encoder_writes_them() -> None:
    cards = iter(r + s for r in "23456789TJQKA" for s in "cdhs")
    seats = ['quote " and \\ backslash', "tab\tand\nnewline", "Zoë 席"]
    players = []
    for seat in seats:
        hand = [next(cards) for _ in range(13)]
        players.append({"seat": seat, "front": hand[:3], "middle": hand[3:8], "back": hand[8:]})
    both = _both("basic", {"players": players})
    assert both is not None
    assert both[1] == both[0]
    assert json.loads(both[1])["players"][0]["seat"] == seats[0]


def test_the_server_uses_the_writer_for_score_and_encodes_other_ops() -> None:
    assert OPS["score"].writer is write_score
    assert all(op.writer is None for name, op in OPS.items() if name != "score")
    line = json.dumps({"id": 7, "op": "classify", "ruleset": "basic", "input": {"cards": ["As", "Ad", "Kc"]}})
    assert answer_text(line) == compact({"id": 7, "output": OPS["classify"].handler(
        bundled_registry().get("basic"), {"cards": ["As", "Ad", "Kc"]})})


@pytest.mark.parametrize("request_id", [0, 7, -3, 10**20, 1.5, -0.0, 1e300, "", "x\"y\\z", "Zoë 席", "\u2028"])
def test_the_answer_echoes_the_id_as_the_encoder_writes_it(request_id: Any) -> None:
    line = json.dumps({"id": request_id, "op": "hello", "input": {}})
    written = answer_text(line)
    assert written.startswith('{"id":' + compact(request_id) + ",")
    assert json.loads(written)["id"] == request_id


@pytest.mark.parametrize("value", [
    {"a": [1, 2.5, None, True, False, "Zoë\n\"x\\"], "b": {"c": -0.0, "d": 1e300, "e": 10**30}},
    "plain", 5, [], {}, {"席": "\u2028\u0000"}, [[[{"deep": [1]}]]],
])
def test_compact_is_the_standard_encoder_without_spaces(value: Any) -> None:
    assert compact(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
