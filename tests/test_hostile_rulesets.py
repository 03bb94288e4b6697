"""Hostile ruleset files: refused quickly, with a precise error naming the file, the line and the path.

Every test works on copies of the bundled rulesets in a temporary folder, edited as a
careless or malicious author would. The loader (``load_ruleset`` and ``RulesetRegistry``)
must refuse each with a :class:`CpspecError` whose code is ``bad_file`` (not YAML we
accept) or ``bad_ruleset`` (YAML, but not a valid ruleset), never a traceback, and a
file that is not a valid ruleset must never load.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from cpspec.errors import CpspecError
from cpspec.protocol.server import answer
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import RulesetRegistry, bundled_registry, load_ruleset

BUNDLED: Final = data_dir("rulesets")
RULESET_IDS: Final = bundled_registry().ids()
FOUL: Final = "    foul:\n      mode: fixed\n      points: 3\n"  # basic's foul penalty, starting at its key


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A copy of every bundled ruleset, to be broken."""
    target = tmp_path / "rulesets"
    shutil.copytree(BUNDLED, target)
    yield target


def edit(path: Path, old: str, new: str) -> int:
    """Replace the one occurrence of ``old``; return the 1-based line where it started."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def refused(path: Path, code: str) -> CpspecError:
    """Load ``path`` expecting ``code``; the message names the file."""
    with pytest.raises(CpspecError) as info:
        load_ruleset(path)
    assert info.value.code == code, info.value.describe()
    assert "Traceback" not in info.value.describe()
    return info.value


def located(error: CpspecError, path: Path, line: int, json_path: str | None = None) -> None:
    text = error.describe()
    assert f"{path}:{line}" in text, text
    if json_path is not None:
        assert json_path in text, text


# --- YAML we do not accept --------------------------------------------------------


def test_a_tag_that_constructs_an_object_is_refused(folder: Path, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = folder / "basic.yaml"
    line = edit(path, "\ntitle: ", f"\ntitle: !!python/object/apply:os.system ['touch {marker}']\nx_title: ") + 1
    error = refused(path, "bad_file")
    located(error, path, line)
    assert "python/object/apply" in error.describe()
    assert not marker.exists()


@pytest.mark.parametrize("tag", ["!!python/name:os.system", "!!binary aGVsbG8=", "!!set {a, b}", "!custom x"])
def test_other_non_data_tags_are_refused(folder: Path, tag: str) -> None:
    path = folder / "basic.yaml"
    line = edit(path, "\nsummary: >-", f"\ncolour: {tag}\nsummary: >-") + 1
    located(refused(path, "bad_file"), path, line)


BILLION_LAUGHS: Final = """
lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]
lol1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]
lol2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]
lol3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]
lol4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]
lol5: &l5 [*l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4]
lol6: &l6 [*l5, *l5, *l5, *l5, *l5, *l5, *l5, *l5, *l5]
lol7: &l7 [*l6, *l6, *l6, *l6, *l6, *l6, *l6, *l6, *l6]
lol8: &l8 [*l7, *l7, *l7, *l7, *l7, *l7, *l7, *l7, *l7]
lol9: [*l8, *l8, *l8, *l8, *l8, *l8, *l8, *l8, *l8]
"""


def test_billion_laughs_is_refused_quickly(folder: Path) -> None:
    # Expanded, lol9 would hold 9**10 (about 3.5 billion) strings.
    path = folder / "basic.yaml"
    first_line = len(path.read_text(encoding="utf-8").splitlines()) + 2  # the file ends with a newline
    path.write_text(path.read_text(encoding="utf-8") + BILLION_LAUGHS, encoding="utf-8")
    error = refused(path, "bad_file")
    located(error, path, first_line)
    assert "anchor" in error.describe()


def test_a_merge_key_is_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    line = edit(path, "  players:\n    min: 2\n", "  players:\n    <<: {min: 2}\n    min: 2\n")
    located(refused(path, "bad_file"), path, line + 1)


def test_a_repeated_key_is_an_error_naming_both_lines(folder: Path) -> None:
    # A penalty with two `points:` must not load, whichever of the two was meant.
    path = folder / "basic.yaml"
    line = edit(path, FOUL, FOUL + "      points: 4\n") + 2  # foul:, mode:, then points: 3
    error = refused(path, "bad_file")
    located(error, path, line + 1)
    assert "duplicate key 'points'" in error.describe() and f"line {line}" in error.describe()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        pytest.param("id: basic\ntitle: caf\u00e9\n".encode("latin-1"), "not UTF-8", id="latin-1"),
        pytest.param("id: basic\n".encode("utf-16"), "not UTF-8", id="utf-16"),
        pytest.param(b"id: basic\x00\n", "control character", id="nul-byte"),
        pytest.param(b"", "empty", id="empty"),
        pytest.param(b"   \n\n# only a comment\n", "no document", id="comment-only"),
        pytest.param(b"- id: basic\n- title: x\n", "mapping", id="a-list"),
        pytest.param(b"basic\n", "mapping", id="a-string"),
        pytest.param(b"id: basic\n---\nid: basic\n", "document", id="two-documents"),
        pytest.param(b"id: basic\n\tmin: 2\n", "YAML", id="tab-indent"),
        pytest.param(b"id: [basic\n", "YAML", id="unclosed-bracket"),
        pytest.param(b"yes: 1\nid: basic\n", "quote it", id="boolean-key"),
        pytest.param(b"id: basic\nversion: 010\n", "quote", id="octal-looking-number"),
        pytest.param(b"id: basic\nscale: .nan\n", "nan", id="nan"),
    ],
)
def test_a_file_that_is_not_one_plain_utf8_yaml_mapping_is_refused(folder: Path, content: bytes, words: str) -> None:
    path = folder / "basic.yaml"
    path.write_bytes(content)
    error = refused(path, "bad_file")
    assert str(path) in error.describe()
    assert words.lower() in error.describe().lower(), error.describe()


def test_an_absurdly_large_file_is_refused_before_it_is_parsed(folder: Path) -> None:
    path = folder / "basic.yaml"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("id: basic\nnotes: |\n")
        for _ in range(200_000):
            handle.write("  " + "x" * 98 + "\n")  # 20 MB
    assert "too large" in refused(path, "bad_file").describe()


@pytest.mark.parametrize(
    "nesting",
    [
        pytest.param("x: " + "[" * 50_000 + "]" * 50_000 + "\n", id="flow-50000"),
        pytest.param("x:\n" + "".join("  " * depth + "- \n" for depth in range(1, 200)), id="block-200"),
        pytest.param("x: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n", id="mappings-10000"),
    ],
)
def test_deep_nesting_is_refused_quickly(folder: Path, nesting: str) -> None:
    path = folder / "basic.yaml"
    path.write_text("id: basic\n" + nesting, encoding="utf-8")
    assert "nested too deeply" in refused(path, "bad_file").describe()


def test_too_many_values_are_refused_quickly(folder: Path) -> None:
    path = folder / "basic.yaml"
    path.write_text("id: basic\nx: [" + "1," * 400_000 + "1]\n", encoding="utf-8")  # 800 KB, 400,001 values
    # The loader stops at its node limit (200,000) rather than building the list: about a second.
    assert "too many" in refused(path, "bad_file").describe()


# --- YAML that is not a valid ruleset ---------------------------------------------


def test_a_schema_violation_names_file_line_and_path(folder: Path) -> None:
    path = folder / "basic.yaml"
    line = edit(path, FOUL, FOUL.replace("points: 3", 'points: "three"')) + 2
    error = refused(path, "bad_ruleset")
    located(error, path, line, "parameters.penalties.foul.points")
    assert "'three'" in error.describe()


def test_a_whole_number_written_as_a_float_is_not_an_integer(folder: Path) -> None:
    # Points, counts and ranks are whole numbers in the model; 3.0 would make every total a float.
    path = folder / "basic.yaml"
    line = edit(path, FOUL, FOUL.replace("points: 3", "points: 3.0")) + 2
    located(refused(path, "bad_ruleset"), path, line, "parameters.penalties.foul.points")


def test_an_unknown_key_is_located_at_the_key(folder: Path) -> None:
    path = folder / "basic.yaml"
    line = edit(path, "  settlement: null\n", "  settlement: null\n  frobnicate: 3\n") + 1
    located(refused(path, "bad_ruleset"), path, line, "parameters.frobnicate")


def test_a_violation_in_an_extending_file_names_that_file(folder: Path) -> None:
    child = folder / "child.yaml"
    child.write_text(
        "id: child\ntitle: A child\nversion: 1.0.0\nsummary: Basic, with a broken foul penalty.\nextends: basic\n"
        "changelog:\n  - {version: 1.0.0, date: '2026-01-01', changes: First.}\n"
        "parameters:\n  penalties:\n    foul:\n      points: -1\n",
        encoding="utf-8",
    )
    located(refused(child, "bad_ruleset"), child, 11, "parameters.penalties.foul.points")


def test_a_violation_inherited_from_the_parent_names_the_parent(folder: Path) -> None:
    parent = folder / "basic.yaml"
    line = edit(parent, "    segment_points: 1\n", "    segment_points: -1\n")
    child = folder / "child.yaml"
    child.write_text(
        "id: child\ntitle: A child\nversion: 1.0.0\nsummary: Inherits a broken basic.\nextends: basic\n"
        "changelog:\n  - {version: 1.0.0, date: '2026-01-01', changes: First.}\n",
        encoding="utf-8",
    )
    located(refused(child, "bad_ruleset"), parent, line, "parameters.scoring.segment_points")


def test_an_extends_cycle_is_refused(folder: Path) -> None:
    basic, two_four = folder / "basic.yaml", folder / "two-four.yaml"
    edit(basic, "id: basic\n", "id: basic\nextends: two-four\n")
    edit(two_four, "id: two-four\n", "id: two-four\nextends: basic\n")
    error = refused(basic, "bad_ruleset")
    assert "cycle" in error.describe()
    assert ".yaml:2" in error.describe()


def test_extending_itself_is_a_cycle(folder: Path) -> None:
    path = folder / "basic.yaml"
    edit(path, "id: basic\n", "id: basic\nextends: basic\n")
    error = refused(path, "bad_ruleset")
    located(error, path, 2)
    assert "cycle" in error.describe()


def test_extending_a_missing_ruleset_is_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    edit(path, "id: basic\n", "id: basic\nextends: no-such-rules\n")
    error = refused(path, "bad_ruleset")
    located(error, path, 2)
    assert "'no-such-rules'" in error.describe()


@pytest.mark.parametrize("value", ["[two-four]", "3", "../two-four"])
def test_extends_must_be_a_ruleset_id(folder: Path, value: str) -> None:
    path = folder / "basic.yaml"
    edit(path, "id: basic\n", f"id: basic\nextends: {value}\n")
    located(refused(path, "bad_ruleset"), path, 2)


def test_a_parameter_naming_a_missing_rule_is_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    line = edit(path, "      rule: bas-foul\n", "      rule: bas-no-such-rule\n")
    error = refused(path, "bad_ruleset")
    located(error, path, line, "parameters.penalties.foul.rule")
    assert "'bas-no-such-rule'" in error.describe()


def test_a_rule_id_used_twice_is_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    line = edit(path, "  - id: bas-deal\n", "  - id: bas-players\n")
    error = refused(path, "bad_ruleset")
    located(error, path, line)
    assert "'bas-players' is used twice" in error.describe()


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        pytest.param("rules:\n", "rules: 3\nx_rules:\n", "(rules)", id="rules-not-a-list"),
        pytest.param("rules:\n", "rules:\n  - just a sentence\n", "(rules[0])", id="rule-not-a-mapping"),
        pytest.param("id: basic\n", "id: basic\nremoves_rules: [{id: bas-foul}]\n", "(removes_rules)",
                     id="removes-rules-of-mappings"),
        pytest.param("id: basic\n", "id: basic\nremoves_rules: bas-foul\n", "removes_rules", id="removes-rules-string"),
    ],
)
def test_malformed_rule_lists_are_refused_not_skipped(folder: Path, old: str, new: str, where: str) -> None:
    path = folder / "basic.yaml"
    edit(path, old, new)
    error = refused(path, "bad_ruleset")
    assert where in error.describe() and str(path) in error.describe()


def test_two_scoop_amounts_for_the_same_table_size_are_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    edit(path, "    scoop: null\n",
         "    scoop:\n      points_by_players: [{players: 4, points: 7}, {players: 4, points: 9}]\n"
         "      rule: bas-segment-unit\n")
    assert "same number of players" in refused(path, "bad_ruleset").describe()


def test_an_id_that_is_not_the_file_name_is_refused(folder: Path) -> None:
    path = folder / "basic.yaml"
    edit(path, "id: basic\n", "id: two-four\n")
    located(refused(path, "bad_ruleset"), path, 1)


# --- every bundled ruleset, broken the same ways ------------------------------------


def _before_rules(text: str) -> str:
    """The file up to its top-level ``rules:`` (where rule texts might say "points: 3" in prose)."""
    found = re.search(r"^rules:", text, re.MULTILINE)
    return text[: found.start()] if found else text


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_bundled_ruleset_refuses_a_repeated_top_level_key(folder: Path, ruleset_id: str) -> None:
    path = folder / f"{ruleset_id}.yaml"
    edit(path, f"id: {ruleset_id}\n", f"id: {ruleset_id}\nid: {ruleset_id}\n")
    error = refused(path, "bad_file")
    located(error, path, 2)
    assert "first at line 1" in error.describe()


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_bundled_ruleset_refuses_a_python_tag(folder: Path, ruleset_id: str) -> None:
    path = folder / f"{ruleset_id}.yaml"
    edit(path, f"id: {ruleset_id}\n", f"id: {ruleset_id}\nx_run: !!python/object/apply:os.system [exit 1]\n")
    located(refused(path, "bad_file"), path, 2)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_bundled_ruleset_locates_a_wrongly_typed_number(folder: Path, ruleset_id: str) -> None:
    path = folder / f"{ruleset_id}.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"\bpoints: (\d+)", _before_rules(text))
    if found is None:  # a file that sets no points: give it one, in its own parameters (its scoring block if any)
        opening = "\nparameters:\n  scoring:\n" if "\nparameters:\n  scoring:\n" in text else "\nparameters:\n"
        line = edit(path, opening, "\nparameters:\n  scoring:\n    segment_points: \"three\"\n") + 3
        json_path = "parameters.scoring.segment_points"
    else:
        line = text[: found.start()].count("\n") + 1
        path.write_text(text[: found.start()] + 'points: "three"' + text[found.end():], encoding="utf-8")
        json_path = "points"
    error = refused(path, "bad_ruleset")
    located(error, path, line, json_path)
    assert "'three'" in error.describe()


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_bundled_ruleset_refuses_a_reference_to_a_missing_rule(folder: Path, ruleset_id: str) -> None:
    path = folder / f"{ruleset_id}.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"\b(rule|[a-z_]+_rule): ([a-z][a-z0-9]*(?:-[a-z0-9]+)+)", _before_rules(text))
    assert found is not None, f"{ruleset_id} names no rule in its parameters"
    line = text[: found.start()].count("\n") + 1
    path.write_text(text[: found.start(2)] + "zz-no-such-rule" + text[found.end(2):], encoding="utf-8")
    error = refused(path, "bad_ruleset")
    located(error, path, line)
    assert "'zz-no-such-rule'" in error.describe()


# --- through the registry and the protocol -----------------------------------------


def test_a_broken_ruleset_in_a_registry_does_not_break_the_others(folder: Path) -> None:
    edit(folder / "basic.yaml", FOUL, FOUL + "      points: 3\n")
    registry = RulesetRegistry(folder)
    assert "basic" in registry.ids()
    with pytest.raises(CpspecError) as info:
        registry.get("basic")
    assert info.value.code == "bad_file" and "basic.yaml:" in info.value.describe()
    assert registry.get("two-four").id == "two-four"
    with pytest.raises(CpspecError) as unknown:
        registry.get("../basic")
    assert unknown.value.code == "unknown_ruleset"


def test_a_broken_ruleset_is_an_error_answer_on_the_protocol(folder: Path) -> None:
    edit(folder / "basic.yaml", "    segment_points: 1\n", "    segment_points: one\n")
    registry = RulesetRegistry(folder)
    reply = answer(json.dumps({"id": 3, "op": "describe_ruleset", "ruleset": "basic", "input": {}}), registry)
    assert reply["id"] == 3 and reply["error"]["code"] == "bad_ruleset"
    assert "parameters.scoring.segment_points" in reply["error"]["message"]
    fine = answer(json.dumps({"id": 4, "op": "describe_ruleset", "ruleset": "two-four", "input": {}}), registry)
    assert fine["output"]["id"] == "two-four"


# --- conformance case files, read by the same YAML loader -----------------------------

GOOD_CASE: Final = """\
cases:
  - id: hostile-probe-ace-high
    description: Three unpaired cards are high card.
    rulesets: [basic]
    op: classify
    input: {cards: [As, Ks, Qs]}
    expected: {category: high_card}
    pins: []
    tags: [hand-ranking]
    derivation: No pair and no three of a kind; a front's run and suit do not count, so high card.
"""


@pytest.mark.parametrize(
    ("old", "new", "code", "where"),
    [
        pytest.param("", "", None, None, id="the-good-case-loads"),
        pytest.param("description: Three", "description: !!python/object/apply:os.system [ls]\n    x: Three", "bad_file",
                     "a.yaml:3", id="python-tag"),
        pytest.param("    pins: []\n", "    pins: []\n    pins: []\n", "bad_file", "a.yaml:9", id="repeated-key"),
        pytest.param("    pins: []\n", "    pins: &p []\n    x: *p\n", "bad_file", "a.yaml:8", id="anchor"),
        pytest.param("input: {cards: [As, Ks, Qs]}", "input: {cards: .inf}", "bad_file", "a.yaml:6", id="infinity"),
        pytest.param("    expected: {category: high_card}\n", "    expected_error: no_such_code\n", "bad_case",
                     "a.yaml:7 (cases[0].expected_error)", id="unknown-error-code"),
        pytest.param("[hand-ranking]", "[frob]", "bad_case", "a.yaml:9 (cases[0].tags[0])", id="unknown-tag"),
        pytest.param("pins: []", "pins: [zz-nope]", "bad_case", "a.yaml:8 (cases[0].pins[0])", id="missing-rule"),
        pytest.param("rulesets: [basic]", "rulesets: [nope]", "bad_case", "a.yaml:4 (cases[0].rulesets[0])",
                     id="unknown-ruleset"),
        pytest.param("id: hostile-probe-ace-high", "id: ../x", "bad_case", "a.yaml:2 (cases[0].id)", id="id-a-path"),
    ],
)
def test_a_hostile_case_file_is_refused_and_located(
    tmp_path: Path, old: str, new: str, code: str | None, where: str | None
) -> None:
    from cpspec.conformance.cases import load_corpus

    assert GOOD_CASE.count(old) == 1 or old == ""
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "a.yaml").write_text(GOOD_CASE.replace(old, new) if old else GOOD_CASE, encoding="utf-8")
    if code is None:
        assert [case.id for case in load_corpus(tmp_path)] == ["hostile-probe-ace-high"]
        return
    with pytest.raises(CpspecError) as info:
        load_corpus(tmp_path)
    assert info.value.code == code and where is not None and where in info.value.describe(), info.value.describe()


def test_a_case_id_used_in_two_files_is_refused(tmp_path: Path) -> None:
    from cpspec.conformance.cases import load_corpus

    (tmp_path / "cases").mkdir()
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / "cases" / name).write_text(GOOD_CASE, encoding="utf-8")
    with pytest.raises(CpspecError) as info:
        load_corpus(tmp_path)
    assert info.value.code == "bad_case" and "used twice" in info.value.describe()
