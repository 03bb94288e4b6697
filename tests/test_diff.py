"""``cpspec diff``: the differences after extends, and witness deals that really are paid differently.

A witness is checked by scoring its deal afresh under both rulesets (``op_score``, not the
answer the search kept); a difference said to change no score is checked on a ruleset that
differs from its parent only in its title.
"""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from cpspec.analysis.diff import Prober, diff_rulesets, find_witness, probe_lists
from cpspec.cli import main
from cpspec.engines import DEFAULT
from cpspec.errors import CpspecError
from cpspec.protocol.ops import op_diff
from cpspec.protocol.which_rules_json import diff_json, protocol_ask
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry, registry_for

NAMED_PAIRS = [("two-four", "wikipedia-two-four"), ("pagat", "pagat-house"), ("open-face", "pineapple")]


def _answer(op: str, ruleset: Ruleset, data: dict[str, Any]) -> Any:
    """What the ruleset answers afresh (the facts compared: what is paid, or the whole answer), or the refusal."""
    from cpspec.protocol.registry import all_ops

    try:
        output = all_ops()[op].handler(ruleset, data, DEFAULT)
    except CpspecError as error:
        return ("refused", error.code)
    if op == "score":
        return output["totals"], sorted(sorted(m["points"].items()) for m in output["matchups"])
    return json.dumps(output, sort_keys=True)


@functools.cache
def _diff(a: str, b: str) -> dict[str, Any]:
    """The diff answer of two bundled rulesets, asked once a run."""
    return op_diff(bundled_registry().get(a), {"against": b})


def _really_differs(witness: dict[str, Any], a: Ruleset, b: Ruleset) -> bool:
    return _answer(witness["op"], a, witness["a"]["input"]) != _answer(witness["op"], b, witness["b"]["input"])


@pytest.mark.parametrize(("a", "b"), NAMED_PAIRS)
def test_named_pairs_have_witnesses_that_really_differ(a: str, b: str) -> None:
    registry = bundled_registry()
    out = _diff(a, b)
    assert _really_differs(out["witness"], registry.get(a), registry.get(b))
    shown = [d for d in out["differences"] if d["effect"] in ("witness", "together")]
    assert shown, "some parameter difference is shown at work"
    for item in shown:
        assert _really_differs(item["witness"], registry.get(a), registry.get(b)), item["path"]


def test_the_smallest_witness_of_two_four_and_wikipedia_is_one_win_and_two_ties() -> None:
    """Worked by hand: one hand won, two tied. 2-4 gives the overall point to the higher total (1 to 0): 2;
    Wikipedia's 2-4 only to two or three hands won: 1. Two players is the fewest there can be."""
    out = _diff("two-four", "wikipedia-two-four")
    witness = out["witness"]
    assert len(witness["a"]["input"]["players"]) == 2
    paid_a = witness["a"]["output"]["totals"]
    paid_b = witness["b"]["output"]["totals"]
    winner = max(paid_a, key=lambda seat: paid_a[seat])
    assert (paid_a[winner], paid_b[winner]) == (2, 1)
    overall = next(d for d in out["differences"] if d["path"] == "parameters.scoring.overall.decided_by")
    assert (overall["a"], overall["b"], overall["effect"]) == ("higher_total", "majority_of_segments", "witness")


def test_pagat_and_pagat_house_part_on_a_tied_hand() -> None:
    out = _diff("pagat", "pagat-house")
    paths = [(d["path"], d["effect"]) for d in out["differences"]]
    assert paths[0] == ("parameters.scoring.banker", "witness")
    assert all(effect == "no_score" for _, effect in paths[1:])
    segments = [m["segments"] for m in out["witness"]["a"]["output"]["matchups"]]
    assert any(None in s.values() for s in segments), "the witness has a tied hand"
    assert out["witness"]["b"]["input"]["banker"] in {p["seat"] for p in out["witness"]["b"]["input"]["players"]}
    assert "banker" not in out["witness"]["a"]["input"]


def test_open_face_and_pineapple_pay_every_board_alike_but_part_on_fantasyland() -> None:
    out = _diff("open-face", "pineapple")
    assert out["witness"]["op"] != "score"
    effects = {d["path"]: d["effect"] for d in out["differences"]}
    assert effects["parameters.fantasyland.entry"] == "witness"
    assert effects["parameters.dealing.rounds"] == "witness"


def test_a_title_changes_no_score(tmp_path: Path) -> None:
    (tmp_path / "pagat-retitled.yaml").write_text(
        "id: pagat-retitled\ntitle: Pagat under another name\nversion: 1.0.0\nsummary: pagat, retitled.\n"
        "extends: pagat\nchangelog:\n  - {version: 1.0.0, date: '2026-12-01', changes: First release.}\n",
        encoding="utf-8")
    registry = registry_for([tmp_path])
    result = diff_rulesets(registry.get("pagat"), registry.get("pagat-retitled"), protocol_ask(DEFAULT))
    out = diff_json(result)
    assert {d["path"] for d in out["differences"]} == {"title", "summary", "extends"}
    assert all(d["effect"] == "no_score" for d in out["differences"])
    assert "witness" not in out and out["probes_asked"] == 0


def test_a_default_written_out_changes_no_score() -> None:
    out = op_diff(bundled_registry().get("basic"), {"against": "english-harbour-western"})
    effects = {d["path"]: d["effect"] for d in out["differences"]}
    assert effects["parameters.naturals.equal_rank"] == "no_score"  # push, the default, written out


def _pairs_quick() -> list[tuple[str, str]]:
    registry = bundled_registry()
    parents = [(r.extends, r.id) for r in registry.all() if r.extends]
    return sorted(set(parents) | set(NAMED_PAIRS))


def _check_pairs(pairs: list[tuple[str, str]], own_cases: bool = False) -> None:
    """Each pair has a witness (among the deals of their own cases, with ``own_cases``) that really differs."""
    registry = bundled_registry()
    prober = Prober(protocol_ask(DEFAULT))
    for a_id, b_id in pairs:
        a, b = registry.get(a_id), registry.get(b_id)
        witness = find_witness(prober, a, b, probe_lists(a, b, [a_id, b_id] if own_cases else None))
        assert witness is not None, f"{a_id} v {b_id}: no witness"
        raw = {"op": witness.op, "a": {"input": witness.a.input}, "b": {"input": witness.b.input}}
        assert _really_differs(raw, a, b), f"{a_id} v {b_id}"


def test_every_ruleset_and_its_parent_have_a_witness() -> None:
    """The quick version of the pair test: each ruleset against the one it extends, and the named pairs, over the
    deals of their own cases (as the rulebook's pages do)."""
    _check_pairs(_pairs_quick(), own_cases=True)


@pytest.mark.audit
def test_every_pair_of_bundled_rulesets_has_a_witness_that_really_differs() -> None:
    """Every two bundled rulesets score some deal differently (they all differ in a parameter that pays), and
    diff finds such a deal: scored afresh under both, it is paid differently. About two minutes."""
    ids = bundled_registry().ids()
    _check_pairs(list(itertools.combinations(ids, 2)))


def test_cli_diff_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "pagat", "pagat-house"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("pagat v pagat-house: 5 differences after extends; 1 change what is paid")
    assert "parameters.scoring.banker" in text
    assert main(["diff", "pagat", "pagat-house", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["b"] == "pagat-house"


def test_cli_diff_bad_ruleset_is_one_located_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "pagat", "no-such-ruleset"]) == 2
    err = capsys.readouterr().err
    assert "no-such-ruleset" in err and "A B" in err and "Traceback" not in err


def test_protocol_diff_errors_are_located() -> None:
    from cpspec.protocol.server import answer

    reply = answer('{"id": 1, "op": "diff", "ruleset": "pagat", "input": {"against": "nope"}}')
    assert reply["error"]["code"] == "unknown_ruleset" and "input.against" in reply["error"]["message"]
    reply = answer('{"id": 2, "op": "diff", "ruleset": "pagat", "input": {}}')
    assert reply["error"]["code"] == "bad_input"
