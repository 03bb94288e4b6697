"""docs/house-rules.md, followed literally: its files are written, its commands run, their output compared.

The guide's conventions: a fenced block right after ``<!-- file: PATH -->`` is written to PATH; in a
``console`` block each ``$ COMMAND`` line is run by the shell in the work folder (with this
interpreter's ``cpspec`` first on PATH) and the lines after it, up to the next command, are its
output (standard output and standard error together, in order). ``...`` in an expected line stands
for any text; a line that is only ``...`` for any lines. A command must exit 0, unless the block
shows an error line (``cpspec NAME: error:``): then it must exit 2.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import REPO

GUIDE = REPO / "docs" / "house-rules.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)
FILE_MARK = re.compile(r"<!-- file: (\S+) -->\s*$")


@dataclass(frozen=True)
class Step:
    """A file to write, or a command to run and the output it must print."""

    path: str | None
    text: str
    expected: tuple[str, ...] = ()


def guide_steps(markdown: str) -> list[Step]:
    steps: list[Step] = []
    for fence in FENCE.finditer(markdown):
        language, body = fence.group(1), fence.group(2)
        before = markdown[: fence.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marked = FILE_MARK.search(before)
        if marked:
            steps.append(Step(marked.group(1), body))
        elif language == "console":
            command: str | None = None
            output: list[str] = []
            for line in body.splitlines():
                if line.startswith("$ "):
                    if command is not None:
                        steps.append(Step(None, command, tuple(output)))
                    command, output = line[2:], []
                else:
                    output.append(line)
            if command is not None:
                steps.append(Step(None, command, tuple(output)))
    return steps


def line_matches(expected: str, actual: str) -> bool:
    pieces = [re.escape(piece) for piece in expected.split("...")]
    return re.fullmatch(".*".join(pieces), actual) is not None


def output_matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Expected lines against actual ones; a line ``...`` takes any number of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(output_matches(rest, actual[start:]) for start in range(len(actual) + 1))
    return bool(actual) and line_matches(head, actual[0]) and output_matches(rest, actual[1:])


def test_the_guide_has_the_steps_it_promises() -> None:
    steps = guide_steps(GUIDE.read_text(encoding="utf-8"))
    files = [s.path for s in steps if s.path]
    commands = [s.text for s in steps if s.path is None]
    assert {"rulesets/house.yaml", "deal.yaml", "cases/house.yaml"} <= set(files)
    for needed in ("cpspec validate", "cpspec score deal.yaml", "cpspec conformance --rulesets rulesets --corpus .",
                   "cpspec protocol --rulesets rulesets"):
        assert any(needed in c for c in commands), needed
    assert all(s.expected for s in steps if s.path is None and "mkdir" not in s.text)


def test_the_matcher_can_fail() -> None:
    assert output_matches(("a ... c", "..."), ["a b c", "x", "y"])
    assert not output_matches(("a ... c",), ["a b d"])
    assert not output_matches(("one",), ["one", "two"])
    assert not output_matches(("one", "two"), ["one"])


def test_following_the_guide_literally(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "NO_COLOR": "1", "COLUMNS": "200"}
    for step in guide_steps(GUIDE.read_text(encoding="utf-8")):
        if step.path is not None:
            target = tmp_path / step.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(step.text, encoding="utf-8")
            continue
        done = subprocess.run(["bash", "-c", step.text], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=120)
        lines = done.stdout.rstrip("\n").splitlines() if done.stdout.strip() else []
        failing = any(re.match(r"cpspec \w+: error:", line) for line in step.expected)
        assert done.returncode == (2 if failing else 0), (step.text, done.returncode, done.stdout)
        assert output_matches(step.expected, [line.rstrip() for line in lines]), (
            f"$ {step.text}\nexpected:\n" + "\n".join(step.expected) + "\ngot:\n" + done.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["house-rules.md"])
def test_the_guide_is_a_page_of_the_rulebook(name: str) -> None:
    """The guide is a page of the built rulebook (the one build of the run), in its menu."""
    pytest.importorskip("mkdocs", reason="mkdocs is part of the test and docs extras")
    from test_site_build import build_site

    site, done = build_site()
    assert done.returncode == 0, done.stdout + done.stderr
    page = name.removesuffix(".md") + ".html"
    assert (site / page).is_file()
    assert f'href="{page}"' in (site / "index.html").read_text(encoding="utf-8")


def test_the_guide_links_the_keys_it_mentions_to_the_schema_reference() -> None:
    from cpspec.present import rulebook
    from cpspec.present.rulebook.schema_keys import schema_keys
    from cpspec.present.rulebook.schema_reference import schema_page as page_of_the_schema
    from cpspec.rulesets.loader import bundled_registry

    guide = GUIDE.read_text(encoding="utf-8")
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (REPO / "schema").glob("*.json")}
    schema_page = page_of_the_schema(rulebook.Inputs(bundled_registry(), schemas=schemas))  # as the site writes it
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", schema_page))
    linked = re.findall(r"\]\(schema\.md#([a-z0-9-]+)\)", guide)
    assert linked and set(linked) <= anchors, set(linked) - anchors
    # In the worked sections of changes, each key shown as code outside the files is a link to its entry.
    changes = guide.split("## 9. ", 1)[1].split("\n## ", 1)[0]
    prose = re.sub(r"^```.*?^```", "", changes, flags=re.M | re.S)
    keys = {k.path.removeprefix("parameters.") for k in schema_keys(schemas["ruleset.schema.json"])}
    bare = [m for m in re.findall(r"(?<!\[)`([a-z_.]+)`(?!\]\()", prose) if m in keys and "." in m]
    assert bare == [], bare
