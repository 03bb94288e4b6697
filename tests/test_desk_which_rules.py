"""Which rules in the browser's engine: ``diff``, ``identify`` and the check of one observed deal run from the desk's
bundle with the standard library alone (yaml and jsonschema blocked), answer in the protocol's shapes, and say a
mistake at its place in the desk's form; the comparison page and the desk's "Which rules were these?" page are
written with their scripts and words.

The deals are corpus cases, with the totals each case's derivation works out by hand from the rule text.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from cpspec.present.desk_site import PROBE_CORPUS, desk_bundle, desk_page
from cpspec.present.desk_which_rules_page import which_rules_page
from cpspec.present.rulebook.comparison import witness_box
from cpspec.protocol.ops import op_score
from cpspec.rulesets.data import data_dir, schema_path
from cpspec.rulesets.loader import bundled_registry
from test_desk import AS_IN_THE_BROWSER

REPO = Path(__file__).resolve().parent.parent

#: Answers each call of argv[2] (a function of cpspec.present.desk_which_rules and its arguments) from the unpacked
#: bundle, as in the browser.
_RUN_FROM_ZIP = AS_IN_THE_BROWSER + """
from cpspec.present import desk_which_rules
assert desk_which_rules.__file__.startswith(sys.argv[1]), desk_which_rules.__file__
print(json.dumps([json.loads(getattr(desk_which_rules, name)(*args)) for name, args in json.loads(sys.argv[2])]))
"""

EHW = ("ehw-one-win-two-ties-no-majority", "ehw-two-wins-one-tie-3", "ehw-foul-pays-3")


def _cases() -> dict[str, Any]:
    cases = json.loads((data_dir("conformance") / "corpus.json").read_text(encoding="utf-8"))["cases"]
    return {c["id"]: c for c in cases if c["id"] in EHW}


def _valid(definition: str, value: Any) -> list[str]:
    schema = json.loads(schema_path("protocol.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema_rs.Draft202012Validator({**{k: v for k, v in schema.items() if k != "anyOf"},
                                                    "$ref": f"#/$defs/{definition}"})
    return [error.message for error in validator.iter_errors(value)]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    registry = bundled_registry()
    folder = tmp_path_factory.mktemp("desk")
    bundle = folder / "cpspec.zip"
    bundle.write_bytes(desk_bundle(REPO / "reference_impl", registry.all()))
    assert PROBE_CORPUS in zipfile.ZipFile(bundle).namelist()
    zipfile.ZipFile(bundle).extractall(folder / "unpacked")
    cases = _cases()
    deals = [{**cases[c]["input"], "totals": cases[c]["expected"]["totals"]} for c in EHW]
    short = json.loads(json.dumps(deals[0]))
    short["players"][1]["front"] = short["players"][1]["front"][:2]
    # ehw-foul-pays-3 paid 5, not 3: english-harbour-western with a foul of 5 pays it.
    five = {**deals[2], "totals": {"A": 5, "B": -5}}
    calls = [("diff", ["pagat", "pagat-house"]),
             ("identify", [json.dumps({"deals": deals})]),
             ("identify", [json.dumps({"deals": [five], "rulesets": ["english-harbour-western"]})]),
             ("check_observation", ["english-harbour-western", json.dumps(deals[0])]),
             ("check_observation", ["english-harbour-western", json.dumps(short)]),
             ("check_observation", ["english-harbour-western", json.dumps({**deals[0], "totals": {"A": "one"}})]),
             ("identify", [json.dumps({"deals": [deals[0], short]})])]
    done = subprocess.run([sys.executable, "-I", "-c", _RUN_FROM_ZIP, str(folder / "unpacked"), json.dumps(calls)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    found: list[dict[str, Any]] = json.loads(done.stdout)
    return found


def test_diff_in_the_browsers_engine_gives_a_deal_the_two_rulesets_really_pay_differently(
        answers: list[dict[str, Any]]) -> None:
    out = answers[0]["diff"]
    assert _valid("diffOutput", out) == []
    assert (out["a"], out["b"]) == ("pagat", "pagat-house")
    witness = out["witness"]
    registry = bundled_registry()
    paid = [op_score(registry.get(r), witness[side]["input"])["totals"]
            for r, side in (("pagat", "a"), ("pagat-house", "b"))]
    assert paid[0] != paid[1]
    assert paid == [witness["a"]["output"]["totals"], witness["b"]["output"]["totals"]]
    assert witness["a"]["rules"] and witness["b"]["rules"]


def test_identify_in_the_browsers_engine_finds_the_ruleset_of_its_own_cases(answers: list[dict[str, Any]]) -> None:
    out = answers[1]["identify"]
    assert _valid("identifyOutput", out) == []
    assert "english-harbour-western" in out["agreeing"]


def test_the_house_ruleset_the_desk_downloads_validates_and_pays_the_deal_as_observed(
        answers: list[dict[str, Any]], tmp_path: Path) -> None:
    out = answers[2]["identify"]
    assert out["agreeing"] == []
    assert out["fixes"][0]["changes"][0]["sets"] == [{"path": "parameters.penalties.foul.points", "value": 5}]
    # As js/desk-which-rules.js writes it: a comment, then the document as JSON (which YAML reads).
    house = tmp_path / "house-observed.yaml"
    house.write_text("# written on the desk\n" + json.dumps(out["house_ruleset"], indent=2) + "\n", encoding="utf-8")
    registry = bundled_registry().with_files([house])
    assert registry.warnings("house-observed") == []
    deal = _cases()["ehw-foul-pays-3"]["input"]
    assert op_score(registry.get("house-observed"), deal)["totals"] == {"A": 5, "B": -5}


def test_a_mistake_in_an_observed_deal_is_placed_in_the_desks_form(answers: list[dict[str, Any]]) -> None:
    assert answers[3] == {"ok": True}
    assert answers[4]["error"]["where"] == "input.players[1].front"
    assert answers[4]["error"]["detail"] == "expected 3 cards, got 2"
    assert answers[5]["error"]["where"] == "input.totals.A"
    # In the whole search, the deal is named: js/desk-which-rules.js says "Deal 2: Player 2 (B): ...".
    assert answers[6]["error"]["where"] == "input.deals[1].players[1].front"


def test_the_pages_load_the_engine_and_their_scripts() -> None:
    rulesets = bundled_registry().all()
    page = which_rules_page(rulesets, True, "abc", "1")
    assert 'data-bundle="assets/desk/cpspec.zip?v=abc"' in page and '<script src="js/desk-which-rules.js">' in page
    assert page.index('src="js/desk.js"') < page.index('src="js/desk-which-rules.js"')
    assert 'id="desk-score"' not in page and 'id="desk-session"' not in page  # the form alone, and the observations
    assert 'id="desk-score"' in desk_page(rulesets, True, "abc", "1")
    box = witness_box(True, "abc")
    assert 'data-bundle="assets/desk/cpspec.zip?v=abc"' in box and "js/compare-witness.js" in box
    assert "js/compare-witness.js" not in witness_box(False) and "cpspec diff A B" in witness_box(False)
