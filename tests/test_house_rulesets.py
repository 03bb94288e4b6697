"""House rulesets: any ruleset file in every command, inheritance across files, and bad input about them.

Each house file here is written by the test; the expected scores are worked out by hand from the
rule text (a deal where A wins the middle and back and B the front: A nets one segment's worth).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

from cpspec.cli import main
from cpspec.errors import CpspecError
from cpspec.protocol.server import serve
from cpspec.rulesets import data as data_module
from cpspec.rulesets.loader import bundled_registry, load_checked, registry_for

REPO: Final = Path(__file__).resolve().parent.parent
BASIC: Final = REPO / "rulesets" / "basic.yaml"

# A wins the middle (two pair over a pair) and the back (a full house over three jacks), B the front
# (ace high over king high): A nets one segment.
A: Final = {"seat": "A", "front": ["Kh", "Qd", "2c"], "middle": ["Ts", "Tc", "8s", "8h", "3h"],
            "back": ["9c", "9d", "9s", "4h", "4d"]}
B: Final = {"seat": "B", "front": ["Ac", "5d", "3c"], "middle": ["Qc", "Qh", "6s", "7d", "2s"],
            "back": ["Js", "Jh", "Jd", "7c", "5c"]}
HAND: Final = ["As", "Kd", "7c", "7h", "2s", "3s", "4d", "9h", "Tc", "Jc", "Qh", "5s", "6d"]


def house_text(rid: str = "house", points: int = 3, extends: str = "basic", extra: str = "") -> str:
    """A child of ``extends`` whose segments are worth ``points``, with a rule of its own for it."""
    return f"""\
id: {rid}
title: A house game
version: 1.0.0
summary: Segments worth {points}.
extends: {extends}
removes_rules: [bas-segment-unit]
changelog:
  - version: 1.0.0
    date: "2026-12-01"
    changes: First version.
parameters:
  scoring:
    segment_points: {points}
    rule: {rid}-segments
rules:
  - id: {rid}-segments
    title: {points} points a segment
    topic: scoring
    text: Each segment won wins {points} points from that opponent.
    interpretation:
      topic: house-segment-points
      source_says: The club decided.
      reading: {points} a segment.
      alternatives:
        - One a segment.
{extra}"""


#: A rule that quotes a public page and paraphrases it (the ruleset must list the page among its sources).
PAGE_RULE: Final = """\
  - id: house-page
    title: Cited from a page
    topic: procedure
    text: A rule quoting a public page, and one paraphrasing it.
    citations:
      - source: https://example.org/rules
        quote: "Play nicely."
      - source: https://example.org/rules
        quote: The page asks players to behave.
        paraphrase: true
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def refused(result: tuple[int, str, str], command: str, *fragments: str) -> str:
    status, _, err = result
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith(f"cpspec {command}: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def deal_file(path: Path, ruleset: str) -> Path:
    return write(path, json.dumps({"ruleset": ruleset, "players": [A, B]}))


# --- a house file in every command ---------------------------------------------------------


def test_score_and_explain_take_a_ruleset_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = write(tmp_path / "house.yaml", house_text(points=3))
    deal = deal_file(tmp_path / "deal.json", "basic")
    status, out, _ = cli(capsys, "score", str(deal), "--ruleset", str(house), "--json")
    assert status == 0 and json.loads(out)["totals"] == {"A": 3, "B": -3}  # 2 x 3 - 3
    status, out, _ = cli(capsys, "score", str(deal), "--json")
    assert status == 0 and json.loads(out)["totals"] == {"A": 1, "B": -1}  # the file's own ruleset, basic
    status, out, _ = cli(capsys, "explain", str(deal), "--ruleset", str(house))
    assert status == 0 and "A +3" in out and "house-segments" in out


def test_a_deal_files_ruleset_path_is_relative_to_the_deal_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "club" / "rules" / "house.yaml", house_text(points=4))
    deal = deal_file(tmp_path / "club" / "deals" / "one.json", "../rules/house.yaml")
    monkeypatch.chdir(tmp_path)  # not the deal file's folder
    status, out, err = cli(capsys, "score", str(deal.relative_to(tmp_path)), "--json")
    assert status == 0, err
    assert json.loads(out)["totals"] == {"A": 4, "B": -4}


def test_settings_and_advise_take_a_ruleset_path_and_rulesets_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = write(tmp_path / "rules" / "house.yaml", house_text(points=2))
    status, out, _ = cli(capsys, "settings", "--ruleset", str(house), "--limit", "0", *HAND)
    assert status == 0 and "settings do not foul under house" in out
    status, out, _ = cli(capsys, "advise", "--rulesets", str(tmp_path / "rules"), "--ruleset", "house",
                         "--deals", "20", "--candidates", "2", "--opponents", "1", *HAND)
    assert status == 0 and "under house, against 1 opponent(s)" in out


def test_rulesets_lists_the_house_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = write(tmp_path / "house.yaml", house_text())
    status, out, _ = cli(capsys, "rulesets", "--rulesets", str(tmp_path), "--json")
    listed = {entry["id"]: entry for entry in json.loads(out)}
    assert status == 0 and set(listed) == {*bundled_registry().ids(), "house"}
    assert listed["house"]["file"] == str(house) and "file" not in listed["basic"]


def test_protocol_serves_the_rulesets_of_a_folder_and_hello_lists_them(tmp_path: Path) -> None:
    write(tmp_path / "rules" / "house.yaml", house_text(points=5))
    requests = [
        {"id": 1, "op": "hello"},
        {"id": 2, "op": "score", "ruleset": "house", "input": {"players": [A, B]}},
        {"id": 3, "op": "score", "ruleset": str(tmp_path / "rules" / "house.yaml"), "input": {"players": [A, B]}},
        {"id": 4, "op": "score", "ruleset": "house.yaml", "input": {"players": [A, B]}},
        {"id": 5, "op": "describe_ruleset", "ruleset": "house"},
    ]
    done = subprocess.run([sys.executable, "-m", "cpspec", "protocol", "--rulesets", str(tmp_path / "rules")],
                          input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True, text=True,
                          timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and [a["id"] for a in answers] == [1, 2, 3, 4, 5]
    assert answers[0]["output"]["rulesets"] == sorted([*bundled_registry().ids(), "house"])
    assert answers[1]["output"]["totals"] == {"A": 5, "B": -5}
    for refused_path in answers[2:4]:  # a request never opens a path
        assert refused_path["error"]["code"] == "unknown_ruleset"
        assert "never opens a file" in refused_path["error"]["message"]
    assert answers[4]["output"]["parameters"]["scoring"]["segment_points"] == 5


def test_the_bundled_server_does_not_know_house_ids() -> None:
    out = io.StringIO()
    serve(io.BytesIO(b'{"id": 1, "op": "hello"}\n{"id": 2, "op": "score", "ruleset": "house", "input": {}}\n'), out)
    hello, score = (json.loads(line) for line in out.getvalue().splitlines())
    assert "house" not in hello["output"]["rulesets"] and score["error"]["code"] == "unknown_ruleset"


CASE: Final = """\
cases:
  - id: house-two-of-three
    description: Two segments won and one lost nets one segment's worth.
    rulesets: [house]
    op: score
    input:
      players:
        - {seat: A, front: [Kh, Qd, 2c], middle: [Ts, Tc, 8s, 8h, 3h], back: [9c, 9d, 9s, 4h, 4d]}
        - {seat: B, front: [Ac, 5d, 3c], middle: [Qc, Qh, 6s, 7d, 2s], back: [Js, Jh, Jd, 7c, 5c]}
    expected:
      totals: {A: 3, B: -3}
    pins: [house-segments]
    tags: [two-players]
    derivation: A wins two segments (6), B one (3), so A nets 3.
"""


def test_conformance_runs_a_clubs_cases_on_its_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "rules" / "house.yaml", house_text(points=3))
    write(tmp_path / "club" / "cases" / "house.yaml", CASE)
    status, out, err = cli(capsys, "conformance", "--rulesets", str(tmp_path / "rules"), "--corpus",
                           str(tmp_path / "club"))
    assert status == 0 and out.strip().splitlines()[-1] == "1 passed, 0 failed", out + err
    # the same cases under other rules fail: 2 a segment gives A +2, not +3
    write(tmp_path / "rules" / "house.yaml", house_text(points=2))
    status, out, _ = cli(capsys, "conformance", "--rulesets", str(tmp_path / "rules"), "--corpus",
                         str(tmp_path / "club"), "--brief")
    assert status == 1 and out.strip().splitlines()[-1] == "0 passed, 1 failed"
    # without the rulesets, the case file names an unknown ruleset: located
    line = refused(cli(capsys, "conformance", "--corpus", str(tmp_path / "club")), "conformance",
                   "no ruleset 'house'")
    assert f"{tmp_path / 'club' / 'cases' / 'house.yaml'}:4 (cases[0].rulesets[0])" in line


def test_conformance_and_the_served_rulesets_against_an_implementation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "rules" / "house.yaml", house_text(points=3))
    write(tmp_path / "club" / "cases" / "house.yaml", CASE)
    impl = f"{sys.executable} -m cpspec protocol --rulesets {tmp_path / 'rules'}"
    status, out, _ = cli(capsys, "conformance", "--rulesets", str(tmp_path / "rules"), "--corpus",
                         str(tmp_path / "club"), "--impl", impl)
    assert status == 0 and out.strip().splitlines()[-1] == "1 passed, 0 failed"
    status, out, _ = cli(capsys, "fuzz", "--impl", impl, "--ruleset", str(tmp_path / "rules" / "house.yaml"),
                         "--count", "30")
    assert status == 0, out


def test_fuzz_draws_the_house_rulesets_it_is_given(tmp_path: Path) -> None:
    from cpspec.conformance.fuzz.generate import generate_requests

    registry = registry_for([write(tmp_path / "house.yaml", house_text())])
    drawn = {r.get("ruleset") for r in generate_requests(3, 40, ["house"], registry=registry, bad_share=0)}
    assert drawn == {"house", None}  # hello names no ruleset


def test_validate_takes_rulesets_and_the_cases_module_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cpspec.conformance.cases import main as cases_main

    write(tmp_path / "rules" / "house.yaml", house_text())
    child = write(tmp_path / "drafts" / "child.yaml", house_text("child", 4, extends="house").replace(
        "removes_rules: [bas-segment-unit]", "removes_rules: [house-segments]"))
    status, out, _ = cli(capsys, "validate", "--rulesets", str(tmp_path / "rules"), str(child))
    assert status == 0 and out.startswith(f"ok  {child}  (child 1.0.0,")
    refused(cli(capsys, "validate", str(child)), "validate", "extends unknown ruleset 'house'",
            f"{child}:5 (extends)")
    write(tmp_path / "club" / "cases" / "house.yaml", CASE)
    assert cases_main(["validate", "--corpus", str(tmp_path / "club"), "--rulesets", str(tmp_path / "rules")]) == 0
    assert cases_main(["validate", "--corpus", str(tmp_path / "club")]) == 2


# --- extends across files, precedence, clashes --------------------------------------------------


def test_extends_finds_a_file_beside_the_child_before_the_bundled_rulesets(tmp_path: Path) -> None:
    write(tmp_path / "house.yaml", house_text(points=3))
    child = write(tmp_path / "child.yaml", house_text("child", 5, extends="house").replace(
        "removes_rules: [bas-segment-unit]", "removes_rules: [house-segments]"))
    ruleset = registry_for().named(str(child))
    assert ruleset.parameters.scoring.segment_points == {"front": 5, "middle": 5, "back": 5}
    assert [Path(f).name for f in ruleset.files] == ["child.yaml", "house.yaml", "basic.yaml"]
    assert {r.origin for r in ruleset.rules} == {"child", "basic"}


def test_a_copy_of_a_bundled_ruleset_beside_a_child_is_that_ruleset(tmp_path: Path) -> None:
    (tmp_path / "basic.yaml").write_bytes(BASIC.read_bytes())
    child = write(tmp_path / "house.yaml", house_text())
    assert registry_for().named(str(child)).parameters.scoring.segment_points == {"front": 3, "middle": 3, "back": 3}


def test_a_changed_copy_of_a_bundled_ruleset_is_refused_beside_a_child_and_in_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = write(tmp_path / "basic.yaml", BASIC.read_text(encoding="utf-8").replace("points: 3", "points: 4", 1))
    child = write(tmp_path / "house.yaml", house_text())
    line = refused(cli(capsys, "score", str(deal_file(tmp_path / "d.json", "basic")), "--ruleset", str(child)),
                   "score", f"{changed}:1 (id)", "the id 'basic' is the bundled ruleset", "needs an id of its own")
    assert str(BASIC) in line
    refused(cli(capsys, "protocol", "--rulesets", str(tmp_path)), "protocol", f"{changed}:1 (id)")


def test_two_files_with_one_id_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = write(tmp_path / "a" / "house.yaml", house_text(points=2))
    second = write(tmp_path / "b" / "house.yaml", house_text(points=3))
    line = refused(cli(capsys, "rulesets", "--rulesets", str(tmp_path / "a"), "--rulesets", str(tmp_path / "b")),
                   "rulesets", f"{second}:1 (id)", "two files give the ruleset id 'house'")
    assert str(first) in line
    # the same file twice is one file
    status, _, _ = cli(capsys, "rulesets", "--rulesets", str(tmp_path / "a"), "--rulesets", str(first))
    assert status == 0


def test_an_extends_cycle_across_files_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = write(tmp_path / "one.yaml", house_text("one", extends="two"))
    write(tmp_path / "two.yaml", house_text("two", extends="one"))
    with pytest.raises(CpspecError) as raised:
        registry_for().named(str(one))
    assert raised.value.where == f"{tmp_path / 'two.yaml'}:5 (extends)"
    assert "cycle: one -> two -> one" in raised.value.message
    refused(cli(capsys, "protocol", "--rulesets", str(tmp_path)), "protocol", "cycle", ".yaml:5 (extends)")


@pytest.mark.parametrize(
    ("make", "fragments"),
    [
        pytest.param(lambda d: str(d / "nowhere.yaml"), ["--ruleset: no such file:", "nowhere.yaml"], id="missing"),
        pytest.param(lambda d: str(d), ["is a directory, not a ruleset file"], id="a-folder"),
        pytest.param(lambda d: str(write(d / "deal.yaml", "ruleset: basic\nplayers: []\n")),
                     ["deal.yaml:1 (id): not a ruleset"], id="not-a-ruleset"),
        pytest.param(lambda d: str(write(d / "house.yaml", house_text("other"))),
                     ["house.yaml:1 (id)", "must equal the file name 'house'"], id="id-not-the-file-name"),
        pytest.param(lambda d: "House", ["no such file: House", "not a ruleset id"], id="not-an-id"),
        pytest.param(lambda d: "no-such-rules", ["--ruleset: no ruleset 'no-such-rules'"], id="unknown-id"),
    ],
)
@pytest.mark.parametrize("command", ["score", "explain", "settings", "advise", "fuzz"])
def test_bad_ruleset_arguments_are_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, fragments: list[str], command: str
) -> None:
    spec = make(tmp_path)
    if command in ("score", "explain"):
        args = [str(deal_file(tmp_path / "d.json", "basic")), "--ruleset", spec]
    elif command == "fuzz":
        args = ["--impl", "true", "--ruleset", spec]
    else:
        args = ["--ruleset", spec, *HAND]
    result = cli(capsys, command, *args)
    refused(result, command, *(f.replace("--ruleset: no ruleset", "--ruleset: unknown value") if command == "fuzz"
                               else f for f in fragments))


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        pytest.param(lambda d: d / "nowhere", "nowhere: no such file or folder (given with --rulesets)", id="missing"),
        pytest.param(lambda d: (d / "empty").mkdir() or d / "empty", "no ruleset files (*.yaml)", id="empty-folder"),
        pytest.param(lambda d: write(d / "rules" / "notes.yaml", "- a list\n").parent, "notes.yaml:1",
                     id="not-a-mapping"),
        pytest.param(lambda d: write(d / "rules" / "x.yaml", "title: x\n").parent, "x.yaml:1 (id): not a ruleset",
                     id="not-a-ruleset"),
    ],
)
@pytest.mark.parametrize("command", ["protocol", "conformance", "validate", "rulesets"])
def test_bad_rulesets_folders_are_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, fragment: str, command: str
) -> None:
    refused(cli(capsys, command, "--rulesets", str(make(tmp_path))), command, fragment)


def test_a_deal_files_bad_ruleset_path_is_located_on_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    deal = write(tmp_path / "deal.yaml", "# a deal\nruleset: ./missing.yaml\nplayers: []\n")
    refused(cli(capsys, "score", str(deal)), "score", f"{deal}:2 (ruleset): no such file:", "missing.yaml")
    folder = write(tmp_path / "deal2.yaml", "ruleset: ./\nplayers: []\n")
    refused(cli(capsys, "score", str(folder)), "score", f"{folder}:1 (ruleset):", "is a directory")


# --- inheritance: sources, locations in the parent, warnings -------------------------------------


def test_a_childs_sources_add_to_the_parents(tmp_path: Path) -> None:
    text = house_text(extra=PAGE_RULE).replace("changelog:", """sources:
  - url: https://example.org/rules
    title: A public page
    read: "2026-12-01"
  - file: 002_adf43e123f5671e7.txt
    title: The English Harbour page, renamed
changelog:""")
    ruleset = registry_for().named(str(write(tmp_path / "house.yaml", text)))
    assert [(s.key, s.title) for s in ruleset.sources] == [
        ("002_adf43e123f5671e7.txt", "The English Harbour page, renamed"),  # the parent's place, the child's title
        ("https://example.org/rules", "A public page"),
    ]
    assert ruleset.sources[1].read == "2026-12-01" and ruleset.sources[1].file is None
    page_rule = ruleset.rule("house-page")
    assert [c.paraphrase for c in page_rule.citations] == [False, True]
    # the inherited rules still cite the parent's source
    assert ruleset.rule("bas-foul").citations[0].source == "002_adf43e123f5671e7.txt"


@pytest.mark.parametrize(
    ("source", "says"),
    [
        pytest.param("  - url: https://example.org/rules\n    title: No date\n", "a source is {file, title}",
                     id="page-without-read"),
        pytest.param("  - file: a.txt\n    url: https://example.org/x\n    title: Both\n    read: '2026-01-01'\n",
                     "a source is {file, title}", id="file-and-url"),
        pytest.param("  - file: ../secret.txt\n    title: A path\n", "does not match", id="a-path-not-a-name"),
    ],
)
def test_bad_sources_are_located(tmp_path: Path, source: str, says: str) -> None:
    path = write(tmp_path / "house.yaml", house_text().replace("changelog:", f"sources:\n{source}changelog:"))
    with pytest.raises(CpspecError) as raised:
        registry_for().named(str(path))
    assert raised.value.where == f"{path}:7 (sources[1])" or raised.value.where.startswith(f"{path}:8 (sources[1]")
    assert says in raised.value.message


def test_an_error_in_an_inherited_rule_names_the_parents_file_and_line(tmp_path: Path) -> None:
    extra = """\
  - id: parent-kept
    title: A rule the child inherits
    topic: procedure
    text: Kept.
    citations:
      - {source: 002_adf43e123f5671e7.txt, quote: "13 cards are dealt to each player."}
"""
    parent = write(tmp_path / "parent.yaml", house_text("parent", extra=extra.replace("procedure", "procedur")))
    child = write(tmp_path / "child.yaml", house_text("child", extends="parent").replace(
        "removes_rules: [bas-segment-unit]", "removes_rules: [parent-segments]"))
    # merged: basic's nine rules left, then parent-kept (rules[9]), then the child's own
    with pytest.raises(CpspecError) as raised:
        load_checked(child, bundled_registry().find)
    assert raised.value.where == f"{parent}:{line_of(parent, 'topic: procedur')} (rules[9].topic)"
    # a citation of a source the ruleset does not list, in the parent: the parent's line again
    parent.write_text(house_text("parent", extra=extra.replace("002_adf43e123f5671e7.txt", "nowhere.txt")),
                      encoding="utf-8")
    with pytest.raises(CpspecError) as raised:
        load_checked(child, bundled_registry().find)
    assert raised.value.where == f"{parent}:{line_of(parent, 'nowhere.txt')} (rules[9].citations[0].source)"
    assert "not among the ruleset's sources" in raised.value.message


def test_a_rule_id_used_twice_is_located_where_the_second_is_written(tmp_path: Path) -> None:
    child = write(tmp_path / "house.yaml", house_text().replace("  - id: house-segments", "  - id: bas-foul"))
    with pytest.raises(CpspecError) as raised:
        load_checked(child, bundled_registry().find)
    assert raised.value.where == f"{child}:{line_of(child, '- id: bas-foul')} (rules[9].id)"


def test_a_parameter_naming_a_removed_rule_is_an_error_at_removes_rules(tmp_path: Path) -> None:
    child = write(tmp_path / "house.yaml", house_text().replace(
        "removes_rules: [bas-segment-unit]", "removes_rules: [bas-segment-unit, bas-foul]"))
    with pytest.raises(CpspecError) as raised:
        load_checked(child, bundled_registry().find)
    assert raised.value.where == f"{child}:6 (removes_rules[1])"
    assert "parameters.penalties.foul.rule" in raised.value.message
    assert f"{BASIC}:{line_of(BASIC, 'rule: bas-foul')}" in raised.value.message


def test_inherited_rule_text_under_changed_parameters_is_warned_about(tmp_path: Path) -> None:
    # segment points changed but the parent's rule kept: bas-segment-unit says "1 unit"
    kept = write(tmp_path / "kept.yaml", house_text("kept").replace("removes_rules: [bas-segment-unit]\n", "")
                 .replace("    rule: kept-segments\n", ""))
    ruleset, warnings = load_checked(kept, bundled_registry().find)
    assert ruleset.parameters.scoring.rule == "bas-segment-unit"
    assert len(warnings) == 1
    assert warnings[0].startswith(f"{kept}:{line_of(kept, 'segment_points')} (parameters.scoring.segment_points): "
                                  "changes a value that rule bas-segment-unit governs")
    # the overall point deleted with null while its rule stays: two-four's tf-overall-point cited by nothing
    orphan = write(tmp_path / "orphan.yaml", house_text("orphan", extends="two-four").replace(
        "removes_rules: [bas-segment-unit]", "removes_rules: [tf-segment-point]").replace(
        "    rule: orphan-segments\n", "    rule: orphan-segments\n    overall: null\n"))
    _, warnings = load_checked(orphan, bundled_registry().find)
    assert warnings == [
        f"{orphan}:{line_of(orphan, 'overall: null')} (parameters.scoring.overall.rule): this ruleset replaces or "
        "deletes the parameter that cited rule tf-overall-point, which it still inherits from two-four: no parameter "
        "cites the rule any more; remove it (removes_rules: [tf-overall-point]) or cite it again"
    ]
    # the house child that writes its own rule has none
    assert load_checked(write(tmp_path / "house.yaml", house_text()), bundled_registry().find)[1] == []


# --- validate --sources ---------------------------------------------------------------------------


def test_validate_sources_finds_each_quote_by_file_name_or_by_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "saved"
    write(saved / "sheet.txt", "Our rules\nEvery segment is\n   worth three.\n")
    write(saved / "page.txt", "A page\nhttps://example.org/rules/\nLast modified: unknown\nSaved copy.\nPlay nicely.\n")
    extra = """\
  - id: house-quoted
    title: Quoted
    topic: procedure
    text: Quotes.
    citations:
      - {source: sheet.txt, quote: "Every segment is worth three."}
      - {source: "https://example.org/rules", quote: "Play nicely."}
      - {source: "https://example.org/rules", quote: "Not on the page at all.", paraphrase: true}
"""
    text = house_text(extra=extra).replace("changelog:", "sources:\n  - {file: sheet.txt, title: Sheet}\n"
                                           "  - {url: 'https://example.org/rules', title: Page, read: '2026-12-01'}\n"
                                           "changelog:")
    path = write(tmp_path / "house.yaml", text)
    status, out, err = cli(capsys, "validate", "--sources", str(saved), str(path))
    assert status == 0 and "2 quotes found in the saved texts" in out, err
    path.write_text(text.replace("Play nicely.", "Play nice."), encoding="utf-8")
    status, out, err = cli(capsys, "validate", "--sources", str(saved), "--json", str(path))
    answer = json.loads(out)
    assert status == 2 and answer["valid"] is False
    assert answer["files"][0]["quotes_not_found"] == [
        f"{path}:{line_of(path, 'Play nice.')} (rules[10].citations[1].quote): the quote is not in the saved text "
        f"of https://example.org/rules ({saved / 'page.txt'}): 'Play nice.'"
    ]
    refused(cli(capsys, "validate", "--sources", str(tmp_path / "nowhere"), str(path)), "validate",
            "no such folder (given with --sources)")


# --- where the bundled rulesets are read from ------------------------------------------------------


def test_a_checkout_or_editable_install_reads_the_checkouts_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert data_module.data_dir("rulesets") == REPO / "rulesets"  # this test suite runs from the checkout
    package = tmp_path / "site-packages" / "cpspec"
    (package / "_data" / "rulesets").mkdir(parents=True)
    monkeypatch.setattr(data_module, "_PACKAGE", package)
    data_module.data_dir.cache_clear()
    try:
        assert data_module.data_dir("rulesets") == package / "_data" / "rulesets"  # an installed wheel's copy
    finally:
        monkeypatch.undo()
        data_module.data_dir.cache_clear()
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"rulesets" = "cpspec/_data/rulesets"' in pyproject  # what the wheel copies there


def test_the_rulebook_shows_a_pages_address_title_read_date_and_a_paraphrase(tmp_path: Path) -> None:
    from cpspec.present import rulebook

    text = house_text(extra=PAGE_RULE).replace("changelog:", "sources:\n  - {url: 'https://example.org/rules', "
                                           "title: The Example Rules Page, read: '2026-11-30'}\nchangelog:")
    registry = registry_for([write(tmp_path / "house.yaml", text)])
    saved = "Example\nhttps://example.org/rules\nLast modified: unknown\nSaved copy.\nBe kind. Play nicely. Thanks.\n"
    inputs = rulebook.Inputs(registry, source_texts={"example.txt": saved},
                             addresses={"example.txt": "https://example.org/rules"})
    page = rulebook.ruleset_page(registry.get("house"), inputs)
    section = page[page.index("{#house-page}"):page.index("##", page.index("{#house-page}"))]
    assert "**Source:** *The Example Rules Page* ([source](#sources): <https://example.org/rules>, read 2026-11-30)" \
        in section
    assert "> Play nicely." in section and "\n\n…Be kind. **Play nicely.** Thanks.…\n\n" in section  # header left out  # found in its saved copy
    assert "*Paraphrase (not the source's words):*\n\n> The page asks players to behave." in section
    assert "- The Example Rules Page — <https://example.org/rules> (read 2026-11-30)" in page
    # the inherited rules keep citing basic's source document under its file name
    assert "[`002_adf43e123f5671e7.txt`](#sources)" in page
