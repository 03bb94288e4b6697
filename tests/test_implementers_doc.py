"""docs/implementers.md lists every op of the protocol registry, as the registry gives them."""

from __future__ import annotations

from conftest import REPO
from cpspec.protocol.registry import all_ops, ops_markdown

PAGE = (REPO / "docs" / "implementers.md").read_text(encoding="utf-8")
START = "<!-- ops table: generated from cpspec.protocol.registry.ops_markdown() -->\n"
END = "<!-- end of the ops table -->"


def test_the_op_table_is_the_registry_s() -> None:
    assert START in PAGE and END in PAGE
    shown = PAGE.split(START, 1)[1].split(END, 1)[0]
    assert shown == ops_markdown(), (
        "docs/implementers.md's op table differs from the registry; regenerate it with "
        '`python -c "from cpspec.protocol.registry import ops_markdown; print(ops_markdown())"`')


def test_every_op_is_in_the_table_and_two_are_left_out_on_purpose() -> None:
    ops = all_ops()
    for name in ops:
        assert f"| `{name}` |" in ops_markdown()
    assert {name for name, op in ops.items() if op.may_leave_out} >= {"advise", "solve_fantasyland"}
    assert all(op.may_leave_out is None for name, op in ops.items() if name in {"hello", "score", "classify"})
