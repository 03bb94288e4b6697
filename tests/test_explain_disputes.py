"""The three disputes of the dispute desk, explained line by line against the rule text.

Each expected line is worked out by hand from the ruleset's rule text (quoted beside it), never
copied from the engine: the deciding rule, the interpretation it rests on, and what the
alternative reading would pay.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from cpspec.cli import main
from cpspec.present.explain import LinkStyle, explain_deal, explanation_json, render_text
from cpspec.present.readings import alternatives, governed_parameters, ruleset_under
from cpspec.protocol.deal_files import read_deal_file
from cpspec.rulesets.build import merge
from cpspec.rulesets.loader import bundled_registry, ruleset_validator

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
DRAGON = EXAMPLES / "chiptalk-dragon-v-three-flushes.yaml"
FOUL_QUADS = EXAMPLES / "english-harbour-eastern-foul-v-quads.yaml"
ONE_WON_TWO_TIED = EXAMPLES / "english-harbour-western-one-won-two-tied.yaml"


def explained(path: Path) -> str:
    ruleset_id, deal, _ = read_deal_file(str(path))
    return render_text(explain_deal(bundled_registry().get(ruleset_id), deal), LinkStyle())


def block(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def line_starting(lines: list[str], start: str) -> str:
    """The one line that starts so, without the rule addresses the terminal prints after it."""
    found = [re.sub(r"(\s+<[^>\s]+>)+$", "", line.strip()) for line in lines if line.strip().startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


# --- 1. Chiptalk: a declared Dragon against undeclared three flushes ----------------------------


def test_the_dragon_collects_from_three_flushes_by_the_meeting_rule() -> None:
    # ct-naturals-meeting: "The Dragon collects its 10 points from another natural."
    # ct-dragon: "collects 10 points from each other player, a natural included".
    text = explained(DRAGON)
    ab = block(text, "A v B")
    assert re.split(r"\s{2,}", ab[1].strip()) == ["natural", "dragon outranks three-flushes", "A +10",
                                                   "ct-naturals-meeting"]
    assert line_starting(ab, "Natural:").startswith(
        "Natural: dragon outranks three-flushes and collects its own value, 10; the value of three-flushes is "
        "not subtracted (ct-naturals-meeting).")
    # The amount rests on the naturals-meeting record; its alternative "rank all naturals" still puts the
    # Dragon (rank 1) first, so it pays the same; "compared as set" has no parameter and is not scored.
    # A reading that changes no matchup is stated once, after the matchups, not under each of them.
    assert not any(line.strip().startswith("Readings:") for line in ab)
    readings = block(text, "Readings")
    assert "ct-naturals-meeting (naturals-meeting)" in line_starting(readings, "The matchups' amounts rest on")
    assert "<ambiguities.html#naturals-meeting>" in readings[0]
    assert line_starting(readings, "Under the alternative to ct-naturals-meeting, “Rank all naturals").endswith(
        ", every matchup pays the same.")
    assert "A 10 to B 0, so A collects 10 from B." in text


def test_undeclared_three_flushes_still_collect_from_the_others() -> None:
    # ct-natural-declaration: "checked for naturals whether or not the player declares one";
    # ct-three-flushes: "a natural worth 4 from each player".
    text = explained(DRAGON)
    naturals = block(text, "Naturals and declarations")
    b_row = next(re.split(r"\s{2,}", line.strip()) for line in naturals if line.strip().startswith("B "))
    assert b_row[1] == "natural" and b_row[-1] == "ct-three-flushes, ct-natural-declaration"
    for other in "CD":
        assert f"B 4 to {other} 0, so B collects 4 from {other}." in text
    assert "Final results: A +30, B -2, C -18, D -10." in text


def test_the_declaration_alternative_is_scored_honestly() -> None:
    # Under "A natural counts only when declared", B's undeclared flushes play as set (A declared):
    #   B v C: C the front (king high over five high), B the middle (flush over sixes) and the back
    #          (flush over three jacks): 2 to 1, B takes the overall point -> B +2
    #   B v D: D the front (aces) and back (full house over flush), B the middle (flush over two pair) -> D +2
    # B -10 + 2 - 2 = -10; C -10 - 2 - 4 = -16; D -10 + 2 + 4 = -4; A +30.
    text = explained(DRAGON)
    section = block(text, "Interpretations this result rests on")
    assert line_starting(section, "alternative “A natural counts only when declared") == (
        "alternative “A natural counts only when declared, and otherwise plays as set.”: "
        "totals A +30, B -10, C -16, D -4")


# --- 2. English Harbour Eastern: a foul against four of a kind in the back -----------------------


def test_the_foul_pays_three_plus_the_undoubled_bonus() -> None:
    # ehe-foul: "against any other hand, 3 units plus that opponent's bonuses (ehe-foul-bonuses)";
    # ehe-foul-bonuses: "at its listed value, undoubled: against four of a kind in the back it pays 3 + 4 = 7".
    text = explained(FOUL_QUADS)
    order = block(text, "Setting order")
    a_row = next(re.split(r"\s{2,}", line.strip()) for line in order if line.strip().startswith("A "))
    assert a_row[2] == "fouls: middle (three aces) is higher than back (pair of kings)"
    ab = block(text, "A v B")
    assert re.split(r"\s{2,}", ab[1].strip())[-2:] == ["B +3", "ehe-foul"]
    assert re.split(r"\s{2,}", ab[2].strip())[-2:] == ["B +4", "ehe-bonus-four-of-a-kind"]
    penalty = line_starting(ab, "Penalty:")
    assert penalty.startswith(
        "Penalty: A fouled and B has a played hand: A pays the fixed 3 plus B's bonuses at their listed value, "
        "never multiplied (3 + 4 = 7) (ehe-foul, ehe-foul-bonuses).")
    assert "B 7 to A 0, so B collects 7 from A." in text


def test_the_foul_bonus_reading_names_its_interpretation_and_alternative() -> None:
    # ehe-foul-bonuses' alternative: "loses every segment, each bonus replacing its segment's unit
    # (four of a kind in the back then collects 1 + 1 + 4 = 6, not 7)".
    text = explained(FOUL_QUADS)
    ab = block(text, "A v B")
    assert line_starting(ab, "Readings:") == (
        "Readings: under the alternative to ehe-foul-bonuses, “" + _reading("english-harbour-eastern",
                                                                            "ehe-foul-bonuses") + "”: B +6 instead of B +7.")
    named = line_starting(block(text, "Readings"), "The matchups' amounts rest on")
    assert "ehe-foul-bonuses (foul-bonus-amount)" in named
    assert "<ambiguities.html#foul-bonus-amount>" in block(text, "Readings")[0]


def _reading(ruleset_id: str, rule_id: str) -> str:
    """The one alternative reading of a rule that parameters carry out (the ruleset's own text)."""
    ruleset = bundled_registry().get(ruleset_id)
    found = [a.reading.strip() for a in alternatives(ruleset, rule_id) if a.parameters is not None]
    assert len(found) == 1
    return found[0]


# --- 3. English Harbour Western: one segment won, two tied ---------------------------------------


def test_one_won_two_tied_earns_no_majority_point() -> None:
    # bas-segment-unit: one unit for the front; bas-segment-tie: nothing for a tie;
    # ehw-majority-point: "one won and two tied +1 (one segment of three is not a majority)".
    text = explained(ONE_WON_TWO_TIED)
    ab = block(text, "A v B")
    cells = [re.split(r"\s{2,}", line.strip()) for line in ab[1:4]]
    assert [c[0] for c in cells] == ["front", "middle", "back"]
    assert cells[0][-3:] == ["A wins", "A +1", "bas-segment-unit"]
    assert cells[1][-3:] == ["tie", "0", "bas-segment-tie"] and cells[2][-3:] == ["tie", "0", "bas-segment-tie"]
    assert line_starting(ab, "Overall point:").startswith(
        "Overall point: not awarded: a majority is two or more of the three segments, and no one won two "
        "(A won 1, B 0, 2 tied; 1 of 3 is not a majority) (ehw-majority-point).")
    assert "A 1 to B 0, so A collects 1 from B." in text


def test_the_majority_alternative_would_pay_two() -> None:
    # ehw-majority-point's alternative: "A majority of the segments that were not tied, so one won and
    # two tied earns the point (+2)."
    text = explained(ONE_WON_TWO_TIED)
    ab = block(text, "A v B")
    assert "ehw-majority-point (majority-with-ties)" in line_starting(block(text, "Readings"), "The matchups'")
    assert line_starting(ab, "Readings: under the alternative to ehw-majority-point, “A majority of the segments "
                             "that were not tied").endswith(": A +2 instead of A +1.")
    section = block(text, "Interpretations this result rests on")
    assert line_starting(section, "alternative “A majority of the segments").endswith(": totals A +2, B -2")


# --- JSON ---------------------------------------------------------------------------------------

EXPLAIN_SCHEMA = json.loads((REPO / "schema" / "explain.schema.json").read_text(encoding="utf-8"))
VALIDATE_SCHEMA = json.loads((REPO / "schema" / "validate.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_explain_json_matches_its_schema(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--json", str(path)]) == 0
    answer = json.loads(capsys.readouterr().out)
    errors = sorted(Draft202012Validator(EXPLAIN_SCHEMA).iter_errors(answer), key=str)
    assert errors == []
    assert answer["totals"] == answer["score"]["totals"]
    assert all(rule["url"].endswith(f"#{rid}") for rid, rule in answer["rules"].items())


def test_explain_json_carries_the_interpretation_and_its_alternative(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--json", str(ONE_WON_TWO_TIED)]) == 0
    answer = json.loads(capsys.readouterr().out)
    record = next(i for i in answer["interpretations"] if i["rule"] == "ehw-majority-point")
    assert record["topic"] == "majority-with-ties" and record["url"] == "ambiguities.html#majority-with-ties"
    assert [a["totals"] for a in record["alternatives"]] == [{"A": 2, "B": -2}, {"A": 2, "B": -2}]
    assert {"interpretation": "majority-with-ties"} in [p for b in answer["blocks"] if b["type"] == "bullets"
                                                         for item in b["items"] for p in item]


def test_the_json_blocks_are_the_text_blocks() -> None:
    ruleset_id, deal, _ = read_deal_file(str(DRAGON))
    ruleset = bundled_registry().get(ruleset_id)
    explanation = explain_deal(ruleset, deal)
    from cpspec.protocol.ops import op_score

    data = explanation_json(explanation, op_score(ruleset, deal), LinkStyle())
    assert len(data["blocks"]) == len(explanation.blocks)
    headings = [b["text"] for b in data["blocks"] if b["type"] == "heading"]
    # Four players: the summary (each matchup in a line, the totals) comes before the detail.
    assert headings[:3] == ["Chiptalk.net Chinese Poker Tournament (chiptalk 1.2.0)", "Summary", "The hands"]


# --- standard input and validate --json --------------------------------------------------------


def run(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "cpspec", *argv], input=stdin, capture_output=True, timeout=120)


@pytest.mark.parametrize("command", ["score", "explain"])
def test_a_deal_is_read_from_standard_input(command: str) -> None:
    done = run(command, "-", stdin=ONE_WON_TWO_TIED.read_bytes())
    assert done.returncode == 0, done.stderr
    assert b"A +1" in done.stdout and b"B -1" in done.stdout


def test_a_bad_card_on_standard_input_is_located_on_its_line() -> None:
    text = ONE_WON_TWO_TIED.read_text(encoding="utf-8").replace("[Qs, Jh, 3d]", "[Qs, Jh, 3x]")
    line = next(i for i, x in enumerate(text.splitlines(), start=1) if "3x" in x)
    done = run("explain", "-", stdin=text.encode())
    assert done.returncode == 2 and done.stdout == b""
    err = done.stderr.decode()
    assert err.startswith(f"cpspec explain: error: -:{line} (input.players[1].front[2]): ")
    assert len(err.strip().splitlines()) == 1


def test_validate_reads_a_ruleset_from_standard_input() -> None:
    good = run("validate", "-", stdin=(REPO / "rulesets" / "chiptalk.yaml").read_bytes())
    assert good.returncode == 0 and good.stdout.decode().startswith("ok  -  (chiptalk ")
    text = (REPO / "rulesets" / "chiptalk.yaml").read_text(encoding="utf-8")
    line = next(i for i, x in enumerate(text.splitlines(), start=1) if "segment_points: 1" in x)
    bad = run("validate", "-", stdin=text.replace("segment_points: 1", "segment_points: one").encode())
    assert bad.returncode == 2
    assert bad.stderr.decode().strip() == (f"cpspec validate: error: -:{line} (parameters.scoring.segment_points): "
                                           "'one' is not of type 'integer', 'object'")


def test_validate_json_matches_its_schema(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\ntitle: T\n", encoding="utf-8")
    done = run("validate", "--json", str(REPO / "rulesets" / "basic.yaml"), str(broken))
    assert done.returncode == 2 and done.stderr == b""
    answer = json.loads(done.stdout)
    assert list(Draft202012Validator(VALIDATE_SCHEMA).iter_errors(answer)) == []
    assert answer["valid"] is False
    assert answer["files"][0] == {"file": str(REPO / "rulesets" / "basic.yaml"), "valid": True, "id": "basic",
                                  "version": "1.0.0", "rules": 10}
    assert answer["files"][1]["error"]["code"] == "bad_ruleset"
    assert answer["files"][1]["error"]["message"].startswith(f"{broken}:1")


# --- the data behind the alternatives ------------------------------------------------------------


def interpretation_records() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for ruleset in bundled_registry().all():
        for rule in ruleset.document["rules"]:
            if "interpretation" in rule and rule.get("id") in {r.id for r in ruleset.rules if r.origin == ruleset.id}:
                found.append((ruleset.id, rule["id"], rule["interpretation"]))
    return found


def test_every_alternative_with_parameters_makes_a_valid_ruleset() -> None:
    checked = 0
    for ruleset_id, rule_id, _ in interpretation_records():
        ruleset = bundled_registry().get(ruleset_id)
        for alternative in alternatives(ruleset, rule_id):
            if alternative.parameters is None:
                continue
            document = dict(ruleset.document)
            document["parameters"] = merge(ruleset.document["parameters"], alternative.parameters)
            assert list(ruleset_validator().iter_errors(document)) == [], (ruleset_id, rule_id)
            patched = ruleset_under(ruleset, alternative.parameters)
            assert patched.parameters != ruleset.parameters, (ruleset_id, rule_id, "the patch changes nothing")
            checked += 1
    assert checked >= 12


def test_every_governed_parameter_exists() -> None:
    for ruleset_id, rule_id, _ in interpretation_records():
        ruleset = bundled_registry().get(ruleset_id)
        for path in governed_parameters(ruleset, rule_id):
            value: Any = ruleset.document["parameters"]
            for key in path.split("."):
                assert isinstance(value, dict) and key in value, (ruleset_id, rule_id, path)
                value = value[key]
