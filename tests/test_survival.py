"""The harness survives its implementation: a hung one ends the run, one that cannot start is one
line, a signal ends the implementation's whole process group, hello notes come first, and
--jobs gives the results of a serial run."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_harness import IMPLS, SMOKE, TWO_CHECKS, child_can_import_cpspec, fail_lines, impl, smoke_corpus, summary

__all__ = ["child_can_import_cpspec", "smoke_corpus"]  # fixtures, imported so that they apply here too

CLI = [sys.executable, "-m", "cpspec"]


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, env={**os.environ})


def test_a_hung_implementation_stops_the_run_after_three_timeouts_in_a_row(
    capsys: pytest.CaptureFixture[str], smoke_corpus: Path
) -> None:
    from cpspec.cli import main

    code = main(["conformance", "--corpus", str(smoke_corpus), "--impl", impl("sleeper.py"), "--timeout", "0.5",
                 *SMOKE])
    out, err = capsys.readouterr()
    # hello times out (1), then two checks (2, 3): the run stops; 9 - 2 = 7 checks are not run.
    assert code == 1
    assert summary(out) == (0, 2, 0)
    assert len(fail_lines(out)) == 2
    assert out.splitlines()[-2] == ("stopped: the implementation gave no answer to 3 requests in a row "
                                    "(each restarted, each waited 0.5 s); it looks hung; 7 checks not run")
    assert "hello failed (no answer within 0.5 s)" in err


def test_max_timeouts_zero_never_gives_up(capsys: pytest.CaptureFixture[str], smoke_corpus: Path) -> None:
    from cpspec.cli import main

    code = main(["conformance", "--corpus", str(smoke_corpus), "--impl", impl("sleeper.py"), "--timeout", "0.3",
                 "--max-timeouts", "0", *TWO_CHECKS])
    out, _ = capsys.readouterr()
    assert code == 1 and summary(out) == (0, 2, 0) and "stopped:" not in out


def test_the_whole_corpus_against_an_implementation_that_never_answers_stops_after_three_timeouts() -> None:
    """The whole corpus, not the smoke one: hello and two checks time out, and the thousands of checks left are
    not run. With the defaults that is three waits of ten seconds, the run's whole length."""
    from cpspec.cli.conformance import DEFAULT_TIMEOUT
    from cpspec.conformance import DEFAULT_MAX_TIMEOUTS

    assert DEFAULT_MAX_TIMEOUTS * DEFAULT_TIMEOUT <= 60
    done = cli("conformance", "--impl", impl("sleeper.py"), "--timeout", "1")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[-1] == "0 passed, 2 failed"
    assert lines[-2].startswith("stopped: the implementation gave no answer to 3 requests in a row "
                                "(each restarted, each waited 1 s)")
    not_run = int(lines[-2].split("; ")[-1].split()[0].replace(",", ""))
    assert lines[-2].endswith(f"{not_run:,} checks not run") and not_run > 3000


@pytest.mark.parametrize("command", [
    [sys.executable, "/nonexistent/impl.py"],  # starts, then exits at once with status 2
    ["/nonexistent/program"],  # cannot be started at all
    *([["node", "/nonexistent.js"]] if shutil.which("node") else []),
], ids=lambda c: " ".join(c))
@pytest.mark.parametrize("command_name", ["conformance", "fuzz"])
def test_a_command_that_cannot_start_is_one_line_and_exit_2(command: list[str], command_name: str) -> None:
    done = cli(command_name, "--impl", " ".join(command), "--timeout", "5")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"cpspec {command_name}: error: --impl: ")
    assert ("never answered" in lines[0]) or ("cannot start the implementation" in lines[0])


def _gone(pid: int) -> bool:
    """The process has ended (a zombie waiting for its reaper counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "State:\tZ" in status


@pytest.mark.parametrize("which", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_ends_the_implementations_whole_process_group(tmp_path: Path, which: signal.Signals) -> None:
    pids = tmp_path / "pids"
    harness = subprocess.Popen(
        [*CLI, "conformance", "--impl", f"{sys.executable} {IMPLS / 'spawner.py'} {pids}", "--timeout", "60"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ})
    try:
        deadline = time.monotonic() + 30
        while not pids.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pids.exists(), "the implementation did not start"
        child, grandchild = map(int, pids.read_text().split())
        assert not _gone(child) and not _gone(grandchild)
        harness.send_signal(which)
        _, err = harness.communicate(timeout=20)
    finally:
        harness.kill()
    assert harness.returncode == 128 + which
    assert f"stopped by {which.name}; the implementation's processes were ended" in err
    assert "Traceback" not in err
    deadline = time.monotonic() + 5
    while not (_gone(child) and _gone(grandchild)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(child) and _gone(grandchild)


def test_notes_about_hello_come_before_any_failure(smoke_corpus: Path) -> None:
    # zero.py answers hello with an empty output: "hello lists no ops or rulesets", then fails every check.
    done = subprocess.run([*CLI, "conformance", "--corpus", str(smoke_corpus), "--impl", impl("zero.py"),
                           *TWO_CHECKS], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
    lines = done.stdout.splitlines()
    note = next(i for i, line in enumerate(lines) if line.startswith("note: hello lists no ops or rulesets"))
    first_fail = next(i for i, line in enumerate(lines) if line.startswith("FAIL "))
    assert note < first_fail


def _report(tmp_path: Path, name: str, *args: str) -> dict[str, object]:
    path = tmp_path / f"{name}.json"
    done = cli("conformance", "--impl", impl("back_tie.py"), "--json", str(path), *args, timeout=300)
    assert done.returncode == 1, done.stderr  # back_tie.py gets the corpus's all-segments-tied cases wrong
    report = json.loads(path.read_text(encoding="utf-8"))
    for result in report["results"]:
        result.pop("seconds")
        result.pop("stderr")
    report["summary"].pop("seconds")
    return {"summary": report["summary"], "results": report["results"], "stdout": done.stdout}


def test_jobs_give_the_results_of_a_serial_run_in_the_same_order(tmp_path: Path) -> None:
    selection = ["--tag", "two-players", "--tag", "kicker"]  # some 300 checks
    serial = _report(tmp_path, "serial", *selection)
    parallel = _report(tmp_path, "parallel", *selection, "--jobs", "3")
    assert serial == parallel
    summary_ = serial["summary"]
    assert isinstance(summary_, dict) and summary_["passed"] > 100
    results = serial["results"]
    assert isinstance(results, list)
    failed = [r["id"] for r in results if r["status"] == "fail"]
    assert "bas-all-segments-tied" in failed  # its back is tied, which back_tie.py gives to A


def test_jobs_need_an_implementation_and_a_sensible_number(capsys: pytest.CaptureFixture[str]) -> None:
    from cpspec.cli import main

    assert main(["conformance", "--jobs", "2"]) == 2
    assert "--jobs: --jobs needs --impl COMMAND" in capsys.readouterr().err
    assert main(["conformance", "--impl", "x", "--jobs", "0"]) == 2
    assert "--jobs: must be a whole number from 1 to 64" in capsys.readouterr().err
    assert main(["conformance", "--max-timeouts", "-1"]) == 2
    assert "--max-timeouts: must be a whole number from 0" in capsys.readouterr().err
