"""``cpspec identify``: bundled rulesets recovered from their own corpus cases, house rulesets from random deals.

The observations of a bundled ruleset are the deals of its ``score`` cases with the totals the
cases expect, worked out by hand (never engine output). A house ruleset is a bundled one with one
or two parameters changed; its deals are seeded random ones scored under it, and what identify
proposes must pay like it on other random deals too.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cpspec.analysis.differences import with_changes
from cpspec.analysis.identify import identify, next_deal
from cpspec.analysis.observations import parse_observations
from cpspec.analysis.probes import adapted
from cpspec.cli import main
from cpspec.conformance.fuzz.generate import generate_requests
from cpspec.engines import DEFAULT
from cpspec.errors import CpspecError
from cpspec.protocol.ops import op_identify, op_score
from cpspec.protocol.which_rules_json import protocol_ask
from cpspec.rules.model import Ruleset
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import bundled_registry, registry_for


@functools.cache
def _corpus() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((data_dir("conformance") / "corpus.json").read_text("utf-8"))["cases"]
    return cases


def own_observations(ruleset_id: str) -> list[dict[str, Any]]:
    """The deals of a ruleset's score cases, each with the totals the case expects (hand-derived)."""
    found = []
    for case in _corpus():
        expected = case.get("expected") or {}
        if case["op"] == "score" and ruleset_id in case["rulesets"] and "totals" in expected \
                and case.get("status") != "replaced":
            deal = {k: v for k, v in case["input"].items() if k not in ("button", "stacks")}
            found.append({**deal, "totals": expected["totals"]})
    return found


def _recovered(ruleset_id: str) -> None:
    """identify finds the ruleset among those agreeing with its own cases; any other agreeing one is told
    apart by the proposed deal (or pays like it on every deal of the corpus tried)."""
    registry = bundled_registry()
    observations = parse_observations({"deals": own_observations(ruleset_id)})
    result = identify(observations, registry.all(), protocol_ask(DEFAULT))
    assert ruleset_id in result.agreeing, f"{ruleset_id}: nearest {[(r.id, n) for r, n in result.nearest]}"
    if len(result.agreeing) > 1:
        alike = {r for group in result.alike for r in group.candidates}
        for group in result.alike:  # indistinguishable: they differ only where score does not look
            assert group.differ_in and all(path.split(".")[1] in ("dealing", "fantasyland", "settlement",
                                                                  "tournament", "collection", "buy_in")
                                           for path in group.differ_in), group
        if alike >= set(result.agreeing):
            return
        assert result.next_deal is not None, f"{ruleset_id}: {result.agreeing} and nothing tells them apart"
        # scored afresh, the proposed deal really separates two of the candidates (refusing it is an answer too)
        fresh = {_fresh(registry.get(r), result.next_deal.input) for r in result.agreeing}
        assert len(fresh) > 1


def _fresh(ruleset: Ruleset, deal: dict[str, Any]) -> str:
    try:
        return json.dumps(op_score(ruleset, adapted(deal, ruleset))["totals"], sort_keys=True)
    except CpspecError as error:
        return f"refused {error.code}"


QUICK = ["two-four", "pagat-house", "wikipedia-one-six", "pagat-single-winner"]


@pytest.mark.parametrize("ruleset_id", QUICK)
def test_a_bundled_ruleset_is_recovered_from_its_own_cases(ruleset_id: str) -> None:
    _recovered(ruleset_id)


@pytest.mark.audit
def test_every_bundled_ruleset_is_recovered_from_its_own_cases() -> None:
    """Every ruleset with score cases of totals: a few minutes."""
    for ruleset_id in bundled_registry().ids():
        if own_observations(ruleset_id):
            _recovered(ruleset_id)


def _random_deals(base: str, house: Ruleset, seed: int, count: int = 10) -> list[dict[str, Any]]:
    """``count`` seeded random deals the house accepts (the generator also draws some it refuses), with what the
    house pays on each."""
    deals = []
    for request in generate_requests(seed, 4 * count, rulesets=[base], ops=["score"], bad_share=0):
        try:
            deals.append({**request["input"], "totals": op_score(house, request["input"])["totals"]})
        except CpspecError:
            continue
        if len(deals) == count:
            break
    return deals


FAMILY = ["pagat", "pagat-held", "pagat-middle", "pagat-overall", "pagat-sweep", "two-four", "wikipedia-two-four"]

HOUSES = [
    ("pagat", [(("parameters", "scoring", "segment_points"), 2, True)]),
    ("pagat", [(("parameters", "scoring", "sweep"), {"points": 3, "rule": "pg-segment-unit"}, True)]),
    ("two-four", [(("parameters", "penalties", "foul", "mode"), "fixed", True),
                  (("parameters", "penalties", "foul", "points"), 6, True)]),
    ("pagat", [(("parameters", "scoring", "sweep"), {"points": 2, "rule": "pg-segment-unit"}, True),
               (("parameters", "scoring", "overall"),
                {"points": 1, "decided_by": "majority_of_segments", "rule": "pg-segment-unit"}, True)]),
]


@pytest.mark.parametrize(("base", "changes"), HOUSES, ids=["pagat-double", "pagat-sweep-3", "two-four-foul-6",
                                                           "pagat-sweep-2-overall"])
def test_a_house_ruleset_is_recovered_from_ten_random_deals(base: str, changes: list[Any]) -> None:
    registry = bundled_registry()
    house = with_changes(registry.get(base), changes)
    observations = parse_observations({"deals": _random_deals(base, house, seed=25)})
    # two changes are searched for on the three nearest rulesets: the base alone keeps that search short
    candidates = [registry.get(r) for r in (FAMILY if len(changes) == 1 else [base])]
    result = identify(observations, candidates, protocol_ask(DEFAULT), registry.all())
    assert base not in result.agreeing
    assert result.fixes, f"no fix; nearest {[(r.id, n) for r, n in result.nearest]}"
    assert all(len(f.changes) <= len(changes) for f in result.fixes)
    # some fix pays like the house on twenty other random deals
    fresh = _random_deals(base, house, seed=2500, count=20)
    assert any(all(op_score(f.ruleset, {k: v for k, v in d.items() if k != "totals"})["totals"] == d["totals"]
                   for d in fresh) for f in result.fixes)


def test_the_house_ruleset_written_validates_and_agrees(tmp_path: Path) -> None:
    registry = bundled_registry()
    house = with_changes(registry.get("pagat"), HOUSES[0][1])
    deals = _random_deals("pagat", house, seed=25)
    out = op_identify(None, {"deals": deals, "rulesets": FAMILY, "house_id": "our-table"})
    document = out["house_ruleset"]
    assert document["extends"] == out["fixes"][0]["ruleset"]
    (tmp_path / "our-table.yaml").write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    registry = registry_for([tmp_path])
    written = registry.get("our-table")
    assert registry.warnings("our-table") == []  # each changed block cites the house rule, not an inherited one
    for deal in deals:
        plain = {k: v for k, v in deal.items() if k != "totals"}
        assert op_score(written, plain)["totals"] == deal["totals"]


def test_next_deal_tells_candidates_apart() -> None:
    registry = bundled_registry()
    candidates = [("pagat", registry.get("pagat")), ("pagat-sweep", registry.get("pagat-sweep"))]
    proposed, alike = next_deal(protocol_ask(DEFAULT), candidates, ["pagat", "pagat-sweep"])
    assert proposed is not None and alike == ()
    paid = {label: totals for label, totals, _ in proposed.totals}
    assert paid["pagat"] != paid["pagat-sweep"]
    assert op_score(registry.get("pagat"), proposed.input)["totals"] == paid["pagat"]


def test_next_deal_finds_a_natural_only_one_candidate_has() -> None:
    """shisanshui-wuhua is shisanshui with one more natural: only a deal declaring 无花 parts them, and such a
    deal (three players, a declaration) is not among the smallest, but it is among the deals of cases written
    for one of the candidates and not the other."""
    registry = bundled_registry()
    candidates = [(r, registry.get(r)) for r in ("shisanshui", "shisanshui-wuhua")]
    proposed, alike = next_deal(protocol_ask(DEFAULT), candidates, [r for r, _ in candidates])
    assert proposed is not None and alike == ()
    paid = {label: (totals, why) for label, totals, why in proposed.totals}
    assert paid["shisanshui"] == (None, "bad_declaration")  # the parent has no 无花 to declare
    assert paid["shisanshui-wuhua"][0] is not None


def test_bad_observations_are_located() -> None:
    deal = own_observations("pagat")[0]
    with pytest.raises(CpspecError) as caught:
        op_identify(None, {"deals": [{**deal, "totals": {"Nobody": 1}}]})
    assert caught.value.code == "bad_input" and caught.value.where == "input.deals[0]"
    bad_card = {**deal, "players": [{**deal["players"][0], "front": ["Xx", "2c", "3c"]}, *deal["players"][1:]]}
    with pytest.raises(CpspecError) as caught:
        op_identify(None, {"deals": [bad_card]})
    assert caught.value.code == "bad_card" and (caught.value.where or "").startswith("input.deals[0].players[0]")
    with pytest.raises(CpspecError) as caught:
        op_identify(None, {"deals": [deal], "rulesets": ["no-such"]})
    assert caught.value.where == "input.rulesets"


def test_cli_identify_text_house_file_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    observed = tmp_path / "observed.yaml"
    observed.write_text(yaml.safe_dump({"deals": own_observations("pagat-house")[:2]}), encoding="utf-8")
    assert main(["identify", str(observed)]) == 0
    assert capsys.readouterr().out.startswith("Agree with all")
    assert main(["identify", str(observed), "--house", str(tmp_path / "x.yaml")]) == 2
    assert "a ruleset agrees already" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"
    broken.write_text("deals:\n  - players: []\n    totals: {A: one}\n", encoding="utf-8")
    assert main(["identify", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "broken.yaml:3" in err and "Traceback" not in err
