"""ruff and mypy --strict keep the code clean; these run in CI with the test extras installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from conftest import REPO


def test_ruff_is_clean() -> None:
    assert shutil.which("ruff") or _has_module("ruff"), "ruff is part of the test extras"
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "reference_impl", "tests", "bench", "site"],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    env = {**os.environ, "MYPYPATH": str(REPO / "reference_impl")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "-p", "cpspec"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout + done.stderr


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None
