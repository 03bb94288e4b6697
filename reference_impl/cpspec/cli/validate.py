"""Validate ruleset files against the schema and the semantic checks (default: every ruleset in use).

Exit status 0 when every file is valid, 2 when any is not (each problem on one line). ``-`` reads
one ruleset from standard input; ``--json`` prints one JSON object (schema/validate.schema.json).
A parent named by ``extends`` is the file ``<id>.yaml`` beside the file, else a bundled ruleset
(or one of ``--rulesets DIR``). Warnings (rule text a child inherits unchanged while changing the
parameters it governs) are printed but do not make a file invalid. ``--sources DIR`` looks for
every verbatim quote in the saved text of its source (found by file name, or by the address on
a saved page's second line) and names each quote it cannot find: that makes the file invalid.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpspec.cli.ruleset_options import add_rulesets_option, registry

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry
    from cpspec.rulesets.quotes import SavedTexts


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec validate``: the files, ``--json``, ``--rulesets DIR`` and ``--sources DIR``."""
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="ruleset YAML files (default: the bundled ones and those of --rulesets); - reads one "
                             "from standard input")
    parser.add_argument("--json", action="store_true",
                        help="print the results as one JSON object instead of lines (exit status as without)")
    add_rulesets_option(parser)
    parser.add_argument("--sources", action="append", default=[], metavar="DIR",
                        help="check every verbatim quote against the saved source texts in this folder "
                             "(repeatable)")


def _load_stdin(rulesets: RulesetRegistry) -> tuple[Ruleset, RulesetRegistry]:
    """The ruleset on standard input, copied to a temporary ``<id>.yaml`` (the loader reads files and
    checks the id against the file name); every location names ``-`` and the line of the input."""
    import tempfile

    from cpspec.errors import CpspecError
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
            with_file = rulesets.with_files([named], "-")
            return with_file.get(rid), with_file
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


def _quote_problems(ruleset: Ruleset, rulesets: RulesetRegistry, texts: SavedTexts
                    ) -> tuple[list[str], list[str], int]:
    """(one line per quote not found, one note per source without a saved text, how many quotes were found)."""
    from cpspec.errors import one_line
    from cpspec.rulesets.quotes import check_quotes

    locate = rulesets.locator(ruleset.id)
    found = check_quotes(ruleset, texts, lambda r, c: locate(("rules", r, "citations", c, "quote")))
    lines = [one_line(f"{where}: the quote is not in the saved text of {source} "
                      f"({texts.files[texts.name_for(source) or '']}): {quote!r}")
             for where, source, quote in found.not_found]
    notes = [f"{ruleset.id}: no saved text of {source} in --sources; its quotes were not checked"
             for source in found.unchecked_sources]
    return lines, notes, found.checked - len(found.not_found)


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec validate``: check each ruleset file (and its quotes, with ``--sources``); 0 if all valid, else 2."""
    import json

    from cpspec.errors import CpspecError, one_line
    from cpspec.rulesets.quotes import read_saved_texts

    rulesets = registry(args)
    texts = None
    if args.sources:
        for folder in args.sources:
            if not Path(folder).is_dir():
                raise CpspecError("bad_file", "no such folder (given with --sources)", folder)
        texts = read_saved_texts(Path(folder) for folder in args.sources)
    files = list(args.files) or [str(rulesets.path(rid)) for rid in rulesets.ids()]
    results: list[dict[str, Any]] = []

    def say(line: str) -> None:
        if not args.json:
            print(line, file=sys.stderr)

    for name in files:
        try:
            if name == "-":
                ruleset, used = _load_stdin(rulesets)
            else:
                ruleset, used = rulesets.named_in(name, name)
        except CpspecError as error:
            results.append({"file": name, "valid": False,
                            "error": {"code": error.code, "message": one_line(error.describe())}})
            say(f"cpspec validate: error: {one_line(error.describe())}")
            continue
        warnings = [one_line(w) for w in used.warnings(ruleset.id)]
        problems, notes, quotes = _quote_problems(ruleset, used, texts) if texts is not None else ([], [], 0)
        for line in problems:
            say(f"cpspec validate: error: {line}")
        for line in warnings:
            say(f"cpspec validate: warning: {line}")
        for line in notes:
            say(f"cpspec validate: note: {line}")
        entry: dict[str, Any] = {"file": name, "valid": not problems}
        if problems:
            entry["error"] = {"code": "bad_ruleset", "message": problems[0]}
            entry["quotes_not_found"] = problems
        else:
            entry.update({"id": ruleset.id, "version": ruleset.version, "rules": len(ruleset.rules)})
        if warnings:
            entry["warnings"] = warnings
        results.append(entry)
        if not problems and not args.json:
            plural = "" if quotes == 1 else "s"
            found = f", {quotes} quote{plural} found in the saved texts" if texts is not None else ""
            print(f"ok  {name}  ({ruleset.id} {ruleset.version}, {len(ruleset.rules)} rules{found})")
    valid = all(r["valid"] for r in results)
    if args.json:
        print(json.dumps({"valid": valid, "files": results}, indent=2, ensure_ascii=False))
    return 0 if valid else 2
