"""Start-up stays light: which modules each entry point imports (timings live in bench/, not here).

`cpspec --help` must not load the engine, YAML or jsonschema; `cpspec protocol` imports the
engine at its first request, and a handshake never needs jsonschema (only validating a ruleset
does).
"""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

#: Modules that cost tens of milliseconds to import and that --help never needs.
HEAVY = ("jsonschema", "yaml", "cpspec.rulesets.loader", "cpspec.rules.model", "cpspec.protocol.ops", "cpspec.rules.scoring",
         "cpspec.analysis.settings", "cpspec.fast.tables", "cpspec.analysis.advise", "cpspec.rules.naturals", "cpspec.rules.hands")


def imported_after(code: str, stdin: str = "") -> set[str]:
    """The modules loaded once ``code`` ran in a fresh interpreter (its last line of output)."""
    script = f"import sys\n{code}\nprint(); print(sorted(sys.modules))"
    done = subprocess.run([sys.executable, "-c", script], input=stdin, capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"')))


def test_help_imports_nothing_heavy() -> None:
    modules = imported_after(
        "from cpspec.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass")
    assert "cpspec.cli" in modules
    assert not [m for m in HEAVY if m in modules]


def test_every_command_help_imports_nothing_heavy() -> None:
    for command in ("settings", "advise", "score", "protocol"):
        modules = imported_after(
            f"from cpspec.cli import main\ntry:\n    main(['{command}', '--help'])\nexcept SystemExit:\n    pass")
        assert not [m for m in HEAVY if m in modules], command


def test_protocol_waits_for_input_without_the_engine() -> None:
    modules = imported_after("from cpspec.cli import main\nmain(['protocol'])")
    assert "cpspec.protocol.server" in modules
    assert not [m for m in HEAVY if m in modules]


def test_handshake_needs_no_jsonschema() -> None:
    hello = json.dumps({"id": 1, "op": "hello", "input": {}}) + "\n"
    modules = imported_after("from cpspec.cli import main\nmain(['protocol'])", stdin=hello)
    assert "cpspec.protocol.ops" in modules  # the handshake lists the ops, so they are loaded
    assert "jsonschema" not in modules
