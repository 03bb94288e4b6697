"""The corpus-strength check: mutants of each ruleset, run against the conformance corpus.

The quick tests enumerate mutants, load one, and run the whole check on the small
two-four ruleset; the full check over every bundled ruleset (about a minute on two
cores) is an audit (``python3 -m pytest -m audit``): its figures must be conformance/STRENGTH.md's.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cpspec.rulesets.loader import RulesetRegistry, bundled_registry
from cpspec.strength.command import main
from cpspec.strength.parameter_equivalents import explain_survivor
from cpspec.strength.parameters import (
    Mutation,
    apply,
    mutations,
    parameter_report_lines,
    run,
    standalone_document,
)

CORPUS = Path(__file__).resolve().parent.parent / "conformance"


def labels(ruleset_id: str) -> set[str]:
    return {m.label for m in mutations(ruleset_id, bundled_registry())}


def test_every_kind_of_parameter_is_mutated() -> None:
    found = labels("two-four")
    # numbers +1 and -1 within the schema's bounds (segment_points has minimum 0: a segment may pay nothing)
    assert "parameters.scoring.segment_points: 1 -> 2" in found
    assert "parameters.scoring.segment_points: 1 -> 0" in found
    assert "parameters.scoring.overall.points: 1 -> 2" in found
    assert "parameters.players.min: 2 -> 3" in found
    assert "parameters.players.min: 2 -> 1" not in found  # below the schema's minimum of 2
    # every other value of an enum
    assert 'parameters.scoring.overall.decided_by: "higher_total" -> "majority_of_segments"' in found
    assert 'parameters.scoring.overall.decided_by: "higher_total" -> "more_segments"' in found
    assert 'parameters.hands.wheel: "lowest" -> "second_highest"' in found
    assert 'parameters.setting.front_middle_ties: "equal" -> "middle_higher"' in found
    # booleans flipped, pays_to members toggled
    assert "parameters.bonuses.requires_win: false -> true" in found
    assert 'parameters.penalties.foul.pays_to: ["normal"] -> ["normal", "natural"]' in found
    # rule references are not semantic
    assert not any(label.split(":")[0].endswith("rule") for label in found)


def test_tables_seat_names_targets_and_settlement_are_mutated() -> None:
    chiptalk = labels("chiptalk")
    assert "parameters.tournament.target: 30 -> 31" in chiptalk
    assert "parameters.bonuses.table[1].points: 2 -> 3" in chiptalk
    assert "parameters.naturals.hands[0].rank: 1 -> 2" in chiptalk
    assert "parameters.naturals.hands[1].requires.segments.front_wraparound: false -> true" in chiptalk
    chart = labels("chart-2020")
    assert 'parameters.players.seat_names: ["North", "East", "South", "West"] -> ["East", "North", "South", "West"]' \
        in chart
    western = labels("english-harbour-western")
    assert 'parameters.settlement.first: "right_of_button" -> "left_of_button"' in western
    bcc = labels("bicycle-club")
    assert "parameters.collection.levels[2].amount: 20 -> 21" in bcc
    assert 'parameters.collection.above.per: "hour" -> "hand"' in bcc


def test_a_mutant_of_an_extending_ruleset_loads_on_its_own(tmp_path: Path) -> None:
    registry = bundled_registry()
    document = standalone_document("english-harbour-western", registry)
    assert "extends" not in document and "removes_rules" not in document
    mutation = Mutation("english-harbour-western", ("parameters", "scoring", "segment_points"), 1, 2)
    (tmp_path / "english-harbour-western.yaml").write_text(json.dumps(apply(document, mutation)), encoding="utf-8")
    mutant = RulesetRegistry(tmp_path).get("english-harbour-western")
    assert mutant.parameters.scoring.segment_points == {"front": 2, "middle": 2, "back": 2}
    assert mutant.rule_ids == registry.get("english-harbour-western").rule_ids


def test_equivalent_mutants_are_recognised_narrowly() -> None:
    registry = bundled_registry()
    basic = standalone_document("basic", registry)
    chiptalk = standalone_document("chiptalk", registry)
    chart = standalone_document("chart-2020", registry)
    # basic pays no bonuses: how bonuses are paid cannot matter
    assert explain_survivor(basic, ("parameters", "bonuses", "mode"), "instead")
    # chiptalk does pay royalties: the same mutation needs a case
    assert explain_survivor(chiptalk, ("parameters", "bonuses", "mode"), "instead") is None
    # a fixed mis-set penalty's points are always read
    assert explain_survivor(chiptalk, ("parameters", "penalties", "foul", "points"), 7) is None
    # two fouls paying each other nets to nothing
    assert explain_survivor(chiptalk, ("parameters", "penalties", "foul", "pays_to"), ["normal", "natural", "foul"])
    # ... but paying surrendered hands would not
    assert explain_survivor(
        chiptalk, ("parameters", "penalties", "foul", "pays_to"), ["normal", "natural", "surrender"]) is None
    # mode instead implies requires_win
    assert explain_survivor(chart, ("parameters", "bonuses", "requires_win"), False)
    assert explain_survivor(chart, ("parameters", "scoring", "segment_points"), 2) is None


def test_quick_strength_check_on_two_four(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The check on the small two-four ruleset: every mutant killed or shown equivalent.

    To stay quick it runs a corpus of two-four's own case files without the counting
    family (the full check runs everything).
    """
    corpus = tmp_path / "corpus"
    sources = [*(CORPUS / "cases" / "two-four").glob("*.yaml"), *(CORPUS / "cases" / "generated").glob("*-two-four.yaml")]
    for source in sources:
        if not source.name.startswith("counting-"):
            target = corpus / "cases" / source.parent.name / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    report_path = tmp_path / "STRENGTH.md"
    status = main(["--ruleset", "two-four", "--corpus", str(corpus), "--report", str(report_path)])
    assert status == 0, capsys.readouterr().out
    report = report_path.read_text(encoding="utf-8")
    assert "| two-four |" in report
    assert "UNEXPLAINED" not in report
    assert "Cases that fail on the unmutated ruleset" not in report
    # Mutants that change 2-4 scoring are killed (the report lists only survivors and invalid
    # mutants): the segment point, the overall point and how it is decided, the wheel.
    found = labels("two-four")
    for label in ["parameters.scoring.segment_points: 1 -> 2", "parameters.scoring.overall.points: 1 -> 2",
                  'parameters.hands.wheel: "lowest" -> "second_highest"',
                  'parameters.scoring.overall.decided_by: "higher_total" -> "majority_of_segments"']:
        assert label in found and label not in report, label


@pytest.mark.audit
def test_full_strength_check_every_survivor_is_explained(audit_figures: Callable[[str, str], None]) -> None:
    """Every parameter mutant of every bundled ruleset: no case broken unmutated, every survivor argued, and
    the section of conformance/STRENGTH.md as the run writes it now (the run time aside)."""
    began = time.monotonic()
    reports = run(bundled_registry().ids(), CORPUS, jobs=2)
    broken = [(r.ruleset, c) for r in reports for c in r.broken_cases]
    killed = sum(r.count("killed") for r in reports)
    equivalent = sum(1 for r in reports for o in r.outcomes if o.status == "survived" and o.explanation)
    unexplained = [f"{r.ruleset}: {o.mutation.label}" for r in reports for o in r.outcomes
                   if o.status == "survived" and not o.explanation]
    audit_figures("ruleset-parameter mutants killed", f"{killed}/{killed + len(unexplained)} "
                  f"({equivalent} equivalent, {sum(r.count('invalid') for r in reports)} invalid; "
                  f"{time.monotonic() - began:.0f} s)")
    assert not broken, f"cases failing on the unmutated rulesets: {broken}"
    assert not unexplained, "mutants no case kills:\n" + "\n".join(unexplained)
    section = _without_run_time("\n".join(parameter_report_lines(reports, 0)))
    recorded = (CORPUS / "STRENGTH.md").read_text(encoding="utf-8")
    recorded_section = _without_run_time(recorded[recorded.index("## Ruleset parameters"):recorded.index("## Engine code")])
    assert section.strip() == recorded_section.strip(), (
        "conformance/STRENGTH.md is out of date: python -m cpspec.mutation --code --jobs 2 --report conformance/STRENGTH.md")


def _without_run_time(text: str) -> str:
    return re.sub(r" Run time \d+ s\.", "", text)


def test_the_quick_schema_check_agrees_with_the_loader() -> None:
    """The loaders' quicker validator (jsonschema-rs) accepts just what jsonschema accepts: every parameter mutant of
    two rulesets (invalid ones among them) is judged alike, and a whole float (3.0) is left to jsonschema."""
    from cpspec.rulesets.loader import ruleset_validator
    from cpspec.rulesets.quick_schema import quick_check

    accepts = quick_check("ruleset.schema.json")
    assert accepts is not None
    registry = bundled_registry()
    seen = set()
    for ruleset_id in ("two-four", "basic"):
        document = standalone_document(ruleset_id, registry)
        for mutation in mutations(ruleset_id, registry):
            mutant = apply(document, mutation)
            verdict = ruleset_validator().is_valid(mutant)
            assert accepts(mutant) == verdict, mutation.label
            seen.add(verdict)
    assert seen == {True, False}
    whole_float = json.loads(json.dumps(standalone_document("basic", registry)))
    whole_float["parameters"]["scoring"]["segment_points"] = 1.0
    assert not accepts(whole_float) and not ruleset_validator().is_valid(whole_float)


def test_a_mutant_built_in_memory_equals_the_same_document_loaded_from_its_file(tmp_path: Path) -> None:
    """load_document builds what load_checked builds from the file holding the same document; a parent to extend
    is refused by name; the registry holding it serves it without reading the file."""
    from cpspec.errors import CpspecError
    from cpspec.rulesets.loader import RulesetRegistry, load_checked, load_document

    document = standalone_document("pagat-sweep", bundled_registry())
    path = tmp_path / "pagat-sweep.yaml"
    path.write_text(json.dumps(document), encoding="utf-8")
    built = load_document(document, str(path))
    assert built == load_checked(path)[0]
    assert RulesetRegistry.holding(tmp_path, [built]).get("pagat-sweep") is built
    with pytest.raises(CpspecError, match="no parent"):
        load_document({**document, "extends": "pagat"}, "mutant")
    broken = json.loads(json.dumps(document))
    broken["parameters"]["scoring"]["segment_points"] = "two"
    with pytest.raises(CpspecError) as refused:
        load_document(broken, "mutant")
    assert refused.value.code == "bad_ruleset" and "segment_points" in str(refused.value)
