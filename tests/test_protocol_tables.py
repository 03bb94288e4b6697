"""docs/protocol.md and schema/protocol.schema.json say the same thing, and the corpus expects no free text.

Every key table of protocol.md (``| key | meaning |``) names the schema definition it describes
(``schema: `$defs/X` `` in the paragraph before it): the table lists every key the definition
requires and no key the definition does not have. Every row of the op tables (the finer-grained
ops, the Open Face ops) names, in its output column, every key the op's output definition
requires (``#/$defs/<op>Output``; ``classify``'s is ``hand``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from conftest import REPO

DOC = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
SCHEMA = json.loads((REPO / "schema" / "protocol.schema.json").read_text(encoding="utf-8"))
DEFS: dict[str, Any] = SCHEMA["$defs"]
#: Answer fields that are wording, never compared (docs/protocol.md, Decided details).
FREE_TEXT = frozenset({"reason", "message", "explanation", "name", "policy", "pruning"})


def key_tables() -> list[tuple[str, list[str]]]:
    """(schema definition, the keys of its table) for every ``| key | meaning |`` table of protocol.md."""
    found = []
    lines = DOC.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("| key |"):
            continue
        before = "\n".join(lines[max(0, index - 4):index])
        named = re.findall(r"schema: `\$defs/(\w+)`", before)
        assert named, f"protocol.md line {index + 1}: a key table without (schema: `$defs/...`) before it"
        keys = []
        for row in lines[index + 2:]:
            if not row.startswith("|"):
                break
            keys.append(re.findall(r"^\| `([a-z_]+)`", row)[0])
        found.append((named[-1], keys))
    return found


@pytest.mark.parametrize(("definition", "keys"), key_tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_key_table_lists_the_schema_s_keys(definition: str, keys: list[str]) -> None:
    schema = DEFS[definition]
    missing = [key for key in schema["required"] if key not in keys]
    unknown = [key for key in keys if key not in schema["properties"]]
    assert not missing, f"$defs/{definition} requires {missing}, which protocol.md's table does not list"
    assert not unknown, f"protocol.md's table for $defs/{definition} lists {unknown}, which the schema has not"


def op_rows() -> list[tuple[str, str]]:
    """(op, its output column) for each row of protocol.md's op tables (``| op | input | output ... |``)."""
    rows = []
    lines = DOC.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("| op | input | output"):
            for row in lines[index + 2:]:
                if not row.startswith("|"):
                    break
                cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]]
                rows.append((cells[0].strip("`"), cells[2]))
    return rows


def output_definition(op: str) -> str:
    if op == "classify":
        return "hand"
    first, *rest = op.split("_")
    return first + "".join(word.title() for word in rest) + "Output"


def test_the_op_tables_cover_every_op_with_its_own_row() -> None:
    listed = [op for op, _ in op_rows()]
    assert len(listed) == len(set(listed))
    assert {"classify", "compare", "check_setting", "find_naturals", "collection", "describe_ruleset", "settings",
            "advise", "check_play", "qualify_fantasyland", "solve_fantasyland"} <= set(listed)


@pytest.mark.parametrize(("op", "output"), op_rows(), ids=lambda v: v if "{" not in v else "")
def test_an_op_row_names_every_required_output_key(op: str, output: str) -> None:
    schema = DEFS[output_definition(op)]
    named = set(re.findall(r'"([a-z_]+)"', output))
    if op == "qualify_fantasyland":  # the row says "the board's check_setting answer" for those keys
        named |= set(DEFS["checkSettingOutput"]["required"])
    missing = [key for key in schema["required"] if key not in named]
    assert not missing, f"protocol.md's row for {op} does not name {missing} (required by the schema)"


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def test_no_case_expects_free_text() -> None:
    """A credit's reason, a message, a hand's name, a natural's explanation: free text, so no case pins it."""
    cases = json.loads((REPO / "conformance" / "corpus.json").read_text(encoding="utf-8"))["cases"]
    wrong = [f"{case['id']}: {sorted(_keys(case['expected']) & FREE_TEXT)}"
             for case in cases if case.get("status", "active") == "active" and "expected" in case
             and _keys(case["expected"]) & FREE_TEXT]
    assert not wrong, "cases that expect free text:\n" + "\n".join(wrong)
