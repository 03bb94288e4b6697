"""Shared helpers for the test suite, and the check that every answer the engine gives follows the protocol schema."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

import cpspec.protocol.ops
from cpspec.engines import DEFAULT, Engine
from cpspec.protocol import server
from cpspec.protocol.registry import OPS, all_ops
from cpspec.rules.model import Ruleset as _Ruleset
from cpspec.rulesets.data import schema_path

# --- every answer of the test suite is checked against schema/protocol.schema.json --------------
#
# Each op's handler is wrapped, here, before any test module imports it: whatever calls an op in
# this process (the protocol server, the harness, the CLI, explain, a test) gets its output
# checked against the op's output definition (#/$defs/<op>Output), and every answer line the
# server writes against #/$defs/answer. An answer that breaks the schema fails the test that
# caused it. (jsonschema_rs: the Python jsonschema takes some 10 ms an answer, too slow for the
# hundreds of thousands of answers the suite gives.)

_PROTOCOL = json.loads(schema_path("protocol.schema.json").read_text(encoding="utf-8"))


def _validator(definition: str) -> Any:
    schema = {key: value for key, value in _PROTOCOL.items() if key != "anyOf"}
    return jsonschema_rs.Draft202012Validator({**schema, "$ref": f"#/$defs/{definition}"})


def _output_definition(op: str) -> str:
    first, *rest = op.split("_")
    return first + "".join(word.title() for word in rest) + "Output"


def _checked(op: str, handler: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    validator = _validator(_output_definition(op))

    @functools.wraps(handler)
    def checked(ruleset: _Ruleset | None, data: Mapping[str, Any], engine: Engine = DEFAULT) -> dict[str, Any]:
        output = handler(ruleset, data, engine)
        errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(output)]
        if errors:
            raise AssertionError(f"the {op} answer breaks schema/protocol.schema.json: {errors[:3]}")
        return output

    return checked


def _check_every_answer() -> None:
    for name, op in all_ops().items():
        checked = _checked(name, op.handler)
        OPS[name] = replace(op, handler=checked)
        for module in (sys.modules[op.handler.__module__], cpspec.protocol.ops):
            if getattr(module, op.handler.__name__, None) is op.handler:
                setattr(module, op.handler.__name__, checked)
    answer_validator = _validator("answer")
    answer_text = server.answer_text

    @functools.wraps(answer_text)
    def checked_answer_text(*args: Any, **kwargs: Any) -> str:
        text = answer_text(*args, **kwargs)
        errors = [e.message for e in answer_validator.iter_errors(json.loads(text))]
        if errors:
            raise AssertionError(f"the answer {text[:200]} breaks schema/protocol.schema.json: {errors[:3]}")
        return text

    server.answer_text = checked_answer_text  # type: ignore[assignment]


_check_every_answer()

from cpspec.protocol.ops import op_score  # noqa: E402  (the checked handler)
from cpspec.rules.model import Ruleset  # noqa: E402
from cpspec.rulesets.loader import bundled_registry  # noqa: E402
from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SEEDS = REPO.parent / "shared" / "seeds"
#: Saved public pages (each with its address on its second line) and research notes quoting others.
SOURCES = REPO.parent / "shared" / "sources"


def ruleset(ruleset_id: str) -> Ruleset:
    return bundled_registry().get(ruleset_id)


def example_deal(name: str) -> dict[str, Any]:
    """An example deal file's content (ruleset id included)."""
    return require_mapping(load_yaml_file(EXAMPLES / name))


def score(ruleset_id: str, players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return op_score(ruleset(ruleset_id), {"players": players, **extra})


def matchup(output: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    for item in output["matchups"]:
        if set(item["seats"]) == {a, b}:
            found: dict[str, Any] = item
            return found
    raise AssertionError(f"no matchup {a} v {b}")


def player(seat: str, setting: str, **extra: Any) -> dict[str, Any]:
    """A player from a compact 'front | middle | back' card string."""
    front, middle, back = (part.split() for part in setting.split("|"))
    return {"seat": seat, "front": front, "middle": middle, "back": back, **extra}


@pytest.fixture
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"source documents not found at {SEEDS}")
    return SEEDS


# --- a folder the test workers share (pytest-xdist), removed when the run ends --------------------

SHARED_FOLDER_VARIABLE = "CPSPEC_TEST_SHARED"
_OWN_SHARED_FOLDER = pytest.StashKey[str]()


#: The test files that read the built rulebook. They run last, and the build starts in the background when the
#: run does (test_site_build.build_site, shared by the workers), so no worker waits for it.
SITE_TEST_FILES = frozenset({"test_site_build.py", "test_site_browser.py", "test_desk_browser.py",
                             "test_chinese_browser.py", "test_which_rules_browser.py"})
_BUILDER = pytest.StashKey["subprocess.Popen[bytes]"]()


def pytest_configure(config: pytest.Config) -> None:
    """In the controlling process (with or without workers): a folder for work done once a run, such as
    building the rulebook, which each worker's process inherits by its environment; and the rulebook's build,
    started in the background when the run includes the tests that read it."""
    if hasattr(config, "workerinput"):
        return
    if SHARED_FOLDER_VARIABLE not in os.environ:
        os.environ[SHARED_FOLDER_VARIABLE] = tempfile.mkdtemp(prefix="cpspec-tests-")
        config.stash[_OWN_SHARED_FOLDER] = os.environ[SHARED_FOLDER_VARIABLE]
    if _reads_the_rulebook(config) and importlib.util.find_spec("mkdocs") is not None:
        build = "import sys; sys.path.insert(0, sys.argv[1]); import test_site_build; test_site_build.build_site()"
        config.stash[_BUILDER] = subprocess.Popen([sys.executable, "-c", build, str(REPO / "tests")], cwd=REPO,
                                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _reads_the_rulebook(config: pytest.Config) -> bool:
    """Whether the run may include a test of SITE_TEST_FILES: the whole suite, or one of those files named."""
    if "not slow" in (config.getoption("markexpr") or ""):
        return False
    return any(Path(str(arg).split("::")[0]).name in {"tests", *SITE_TEST_FILES} for arg in config.args)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the rulebook's build if it is still running, and remove the shared folder this process made."""
    builder = config.stash.get(_BUILDER, None)
    if builder is not None and builder.poll() is None:
        builder.terminate()
        builder.wait()
    folder = config.stash.get(_OWN_SHARED_FOLDER, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(SHARED_FOLDER_VARIABLE, None)


# --- the audits: long corpus-strength and equivalence runs, their own command -------------------------
#
# `python3 -m pytest` leaves out every test marked `audit`; `python3 -m pytest -m audit` runs them alone
# (any -m expression that names `audit` selects them). Each audit records its figures with the
# `audit_figures` fixture, and the run ends with a table of them.

AUDIT_MARK = "audit"
#: The audits' random samples come in two sizes: CI's (the default, sized for `.ci/run` to end within 15 minutes
#: on two cores) and, with CPSPEC_AUDITS=full, the full one. The corpus-wide audits (every ruleset parameter, the
#: readable path over every case, every pair diffed, every ruleset identified) are whole at either size.
AUDITS_FULL = os.environ.get("CPSPEC_AUDITS", "") == "full"


def audit_size(ci: int, full: int) -> int:
    """How many random requests, examples or mutants an audit samples: ``full`` with CPSPEC_AUDITS=full."""
    return full if AUDITS_FULL else ci


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the audits out unless the -m expression names them; the tests that read the rulebook last."""
    if AUDIT_MARK not in (config.getoption("markexpr") or ""):
        kept = [item for item in items if item.get_closest_marker(AUDIT_MARK) is None]
        if len(kept) < len(items):
            config.hook.pytest_deselected(items=[item for item in items if item not in kept])
            items[:] = kept
    items.sort(key=lambda item: item.path.name in SITE_TEST_FILES)  # stable: the order within each part is kept


@pytest.fixture
def audit_figures(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """``record(what, figure)``: a line of the audit table printed at the end of the run."""

    def record(what: str, figure: str) -> None:
        request.node.user_properties.append((AUDIT_MARK, (what, figure)))

    return record


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The audit table: each figure an audit recorded, then each file's audits passed, and which failed."""
    figures: list[tuple[str, str, str]] = []
    by_file: dict[str, list[int]] = {}
    failed: list[str] = []
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, []):
            if getattr(report, "when", "") != "call" or AUDIT_MARK not in getattr(report, "keywords", {}):
                continue
            counts = by_file.setdefault(report.nodeid.split("::")[0], [0, 0])
            counts[0] += outcome == "passed"
            counts[1] += 1
            if outcome == "failed":
                failed.append(report.nodeid)
            figures += [(str(value[0]), str(value[1]), outcome) for key, value in report.user_properties
                        if key == AUDIT_MARK]
    if not by_file:
        return
    terminalreporter.section("audit summary")
    terminalreporter.write_line("random samples at the full size (CPSPEC_AUDITS=full)" if AUDITS_FULL else
                                "random samples at CI's size (CPSPEC_AUDITS=full for the full size)")
    rows = [(what, figure, outcome) for what, figure, outcome in sorted(figures)]
    rows += [(f"{path}: audits passed", f"{passed}/{total}", "passed" if passed == total else "failed")
             for path, (passed, total) in sorted(by_file.items())]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        terminalreporter.write_line("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    for nodeid in failed:
        terminalreporter.write_line(f"FAILED {nodeid}")
