"""Validate ruleset files against the schema and the semantic checks (default: every bundled ruleset).

Exit status 0 when every file is valid, 2 when any is not (each problem on one line). ``-`` reads
one ruleset from standard input; ``--json`` prints one JSON object (schema/validate.schema.json).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="ruleset YAML files (default: the bundled ones); - reads one from standard input")
    parser.add_argument("--json", action="store_true",
                        help="print the results as one JSON object instead of lines (exit status as without)")


def _load_stdin(find: Any) -> Any:
    """The ruleset on standard input, copied to a temporary ``<id>.yaml`` (the loader reads files and
    checks the id against the file name); every location names ``-`` and the line of the input."""
    import tempfile

    from cpspec.errors import CpspecError
    from cpspec.rulesets.loader import load_ruleset
    from cpspec.rulesets.yamlsafe import DEFAULT_MAX_BYTES, load_yaml_file, require_mapping

    raw = sys.stdin.buffer.read(DEFAULT_MAX_BYTES + 1)
    with tempfile.TemporaryDirectory(prefix="cpspec-validate-") as folder:
        path = Path(folder) / "stdin.yaml"
        path.write_bytes(raw)
        try:
            data = require_mapping(load_yaml_file(path))
            rid = data.get("id")
            if not isinstance(rid, str) or not rid or not rid.replace("-", "").isalnum():
                raise CpspecError("bad_ruleset", "a ruleset needs a string 'id' (lowercase words and hyphens)",
                                  f"{path}")
            named = path.rename(Path(folder) / f"{rid}.yaml")
            return load_ruleset(named, find)
        except CpspecError as error:
            for shown in (str(Path(folder) / f"{data_id(raw)}.yaml"), str(path)):
                error.where = (error.where or "").replace(shown, "-")
                error.message = error.message.replace(shown, "-")
            raise


def data_id(raw: bytes) -> str:
    """The ``id:`` a ruleset text gives on a line of its own, as the loader named the temporary file."""
    for line in raw.decode("utf-8", "replace").splitlines():
        if line.startswith("id:"):
            return line[3:].strip().strip("'\"")
    return "stdin"


def run(args: argparse.Namespace) -> int:
    import json

    from cpspec.errors import CpspecError, one_line
    from cpspec.rulesets.data import data_dir
    from cpspec.rulesets.loader import load_ruleset

    bundled = data_dir("rulesets")
    named = [f for f in args.files if f != "-"]
    # the files' own folders first, in the order given, then the bundled rulesets (a set would make it random)
    folders = list(dict.fromkeys([*(Path(f).parent for f in named), bundled]))

    def find(rid: str) -> Path | None:
        for folder in folders:
            candidate = folder / f"{rid}.yaml"
            if candidate.is_file():
                return candidate
        return None

    files = list(args.files) or [str(p) for p in sorted(bundled.glob("*.yaml"))]
    results: list[dict[str, Any]] = []
    for name in files:
        try:
            ruleset = _load_stdin(find) if name == "-" else load_ruleset(Path(name), find)
        except CpspecError as error:
            results.append({"file": name, "valid": False,
                            "error": {"code": error.code, "message": one_line(error.describe())}})
            if not args.json:
                print(f"cpspec validate: error: {one_line(error.describe())}", file=sys.stderr)
            continue
        results.append({"file": name, "valid": True, "id": ruleset.id, "version": ruleset.version,
                        "rules": len(ruleset.rules)})
        if not args.json:
            print(f"ok  {name}  ({ruleset.id} {ruleset.version}, {len(ruleset.rules)} rules)")
    valid = all(r["valid"] for r in results)
    if args.json:
        print(json.dumps({"valid": valid, "files": results}, indent=2, ensure_ascii=False))
    return 0 if valid else 2
