"""Code mutants: small changes to a module's source, one at a time, each the kind of slip an implementer makes.

The operators (:data:`OPERATORS` names them for the report):

- a comparison loosened or tightened (``<`` and ``<=``, ``>`` and ``>=``), turned round (``<`` and
  ``>``, ``<=`` and ``>=``) or negated (``==`` and ``!=``, ``is`` and ``is not``, ``in`` and ``not in``);
- ``and`` and ``or`` swapped;
- an integer constant moved by one either way, ``True`` and ``False`` swapped;
- the condition of an ``if``, ``elif``, ``while``, conditional expression or comprehension negated;
- ``not`` removed where it is not a whole condition (negating that condition is the same mutant);
- an early ``return`` (one that is not the last statement of its function), a ``continue`` or a
  ``break`` removed;
- ``min`` and ``max`` swapped, ``all`` and ``any`` swapped;
- ``+`` and ``-`` swapped (also ``+=`` and ``-=``), a unary minus removed.

Docstrings, other strings, f-strings, annotations, decorators (``frozen=True`` is a
declaration, not a rule), ``assert`` statements (the type checker's notes), ``if TYPE_CHECKING:``
blocks and ``__all__`` are never mutated.

A mutant is a text edit of the module's source that keeps every line where it was, so a
mutant reads as a changed line (:attr:`CodeMutant.changed_line`). Each edit is checked: the
edited source must parse to exactly the syntax tree of the change made on the tree, or
:func:`mutants_of` raises.

A mutant's :attr:`~CodeMutant.key` is stable while its line is unchanged: the module, the
line's text and the operator, with ``#2``, ``#3`` ... for the second and later mutants of one
kind on the same line text. :mod:`cpspec.strength.code_equivalents` keeps its reasons by key.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

#: A comparison operator's text, and what each of its mutants writes instead.
COMPARISONS: Final[dict[type[ast.cmpop], tuple[str, tuple[type[ast.cmpop], ...]]]] = {
    ast.Lt: ("<", (ast.LtE, ast.Gt)),
    ast.LtE: ("<=", (ast.Lt, ast.GtE)),
    ast.Gt: (">", (ast.GtE, ast.Lt)),
    ast.GtE: (">=", (ast.Gt, ast.LtE)),
    ast.Eq: ("==", (ast.NotEq,)),
    ast.NotEq: ("!=", (ast.Eq,)),
    ast.Is: ("is", (ast.IsNot,)),
    ast.IsNot: ("is not", (ast.Is,)),
    ast.In: ("in", (ast.NotIn,)),
    ast.NotIn: ("not in", (ast.In,)),
}
_OP_TEXT: Final = {op: text for op, (text, _) in COMPARISONS.items()}
_OP_PATTERN: Final = re.compile(r"not\s+in|is\s+not|==|!=|<=|>=|<|>|\bin\b|\bis\b")
_SWAPPED_CALLS: Final = {"min": "max", "max": "min", "all": "any", "any": "all"}

#: The operators, as the report names them.
OPERATORS: Final = (
    "comparison loosened, tightened, turned round or negated",
    "`and` / `or` swapped",
    "integer constant ±1, `True` / `False` swapped",
    "condition negated (`if`, `elif`, `while`, conditional expression, comprehension filter)",
    "`not` removed",
    "early `return`, `continue` or `break` removed",
    "`min` / `max` and `all` / `any` swapped",
    "`+` / `-` swapped (also `+=` / `-=`), unary minus removed",
)


@dataclass(frozen=True)
class CodeMutant:
    """One small change to one module (``module`` is its path inside the package, e.g. ``rules/hands.py``)."""

    module: str
    line: int  # where the change is, 1-based (not part of the key: lines move as code is added above)
    line_text: str  # the line as it was, stripped
    operator: str  # what changed, e.g. "`<` → `<=`"
    occurrence: int  # 1 for the first change of this operator on a line of this text in the module, 2, ...
    source: str  # the whole mutated module
    #: lines of the unmutated module, one of which runs whenever the changed code may run (see :mod:`reach`)
    reach: tuple[int, int]
    #: the change runs when the module is imported (module level, a class body, a default argument)
    at_import: bool

    @property
    def key(self) -> tuple[str, str, str]:
        """(module, line text, operator), the operator with ``#n`` from the second such change on: stable."""
        suffix = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return self.module, self.line_text, self.operator + suffix

    @property
    def changed_line(self) -> str:
        """The mutated line, stripped (the line of ``line_text`` after the change)."""
        return self.source.splitlines()[self.line - 1].strip()

    @property
    def label(self) -> str:
        """A short, readable name: ``rules/hands.py:131 `if x < 3:` `<` → `<=```."""
        return f"{self.module}:{self.line} `{self.line_text}` {self.key[2]}"


# --- where an edit goes in the text --------------------------------------------------------------


class _Text:
    """The module's source, addressed by (line, column) as the syntax tree gives positions."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line: int, column: int) -> int:
        # ast columns are UTF-8 byte offsets
        text = self.lines[line - 1].encode("utf-8")[:column].decode("utf-8")
        return self.starts[line - 1] + len(text)

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end


Edit = tuple[int, int, str]  # replace source[start:end] with the text


def _between(text: _Text, left: ast.AST, right: ast.AST) -> tuple[int, int]:
    return text.span(left)[1], text.span(right)[0]


def _operator_edit(text: _Text, start: int, end: int, pattern: re.Pattern[str], new: str) -> Edit:
    match = pattern.search(text.source, start, end)
    if match is None:
        raise ValueError(f"no operator between offsets {start} and {end}")
    return match.start(), match.end(), new


# --- what is not mutated -------------------------------------------------------------------------


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """ids of the nodes whose subtrees are never mutated."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip(body[0])  # a docstring
        if isinstance(node, ast.Assert | ast.JoinedStr):
            skip(node)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            skip(node.annotation)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:  # declarations (frozen=True, ...), not rules
                skip(decorator)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip(node.returns)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                skip(node)
    return skipped


# --- the operators, each yielding (operator label, tree change, text edits) ------------------------

Change = Callable[[ast.AST], ast.AST]  # given the node's copy in a copied tree, returns its replacement
Candidate = tuple[str, ast.AST, Change, list[Edit]]


def _comparisons(node: ast.Compare, text: _Text) -> Iterator[Candidate]:
    for index, op in enumerate(node.ops):
        left = node.left if index == 0 else node.comparators[index - 1]
        start, end = _between(text, left, node.comparators[index])
        for replacement in COMPARISONS[type(op)][1]:
            new_text = _OP_TEXT[replacement]

            def change(copy_: ast.AST, index: int = index, replacement: type[ast.cmpop] = replacement) -> ast.AST:
                assert isinstance(copy_, ast.Compare)
                copy_.ops[index] = replacement()
                return copy_

            label = f"`{_OP_TEXT[type(op)]}` → `{new_text}`"
            yield label, node, change, [_operator_edit(text, start, end, _OP_PATTERN, new_text)]


def _bool_op(node: ast.BoolOp, text: _Text) -> Iterator[Candidate]:
    old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
    pattern = re.compile(rf"\b{old}\b")
    edits = [_operator_edit(text, *_between(text, a, b), pattern, new) for a, b in pairwise(node.values)]

    def change(copy_: ast.AST) -> ast.AST:
        assert isinstance(copy_, ast.BoolOp)
        copy_.op = ast.Or() if isinstance(copy_.op, ast.And) else ast.And()
        return copy_

    yield f"`{old}` → `{new}`", node, change, edits


def _constant(node: ast.Constant, text: _Text) -> Iterator[Candidate]:
    value = node.value
    start, end = text.span(node)
    if isinstance(value, bool):
        new_values: list[bool | int] = [not value]
    elif isinstance(value, int):
        new_values = [value + 1, value - 1]
    else:
        return
    for new in new_values:
        def change(copy_: ast.AST, new: bool | int = new) -> ast.AST:
            return ast.parse(repr(new), mode="eval").body  # -1 is a unary minus and a 1

        yield f"`{value!r}` → `{new!r}`", node, change, [(start, end, repr(new))]


def _negated(test: ast.expr, text: _Text, where: str) -> Candidate:
    start, end = text.span(test)

    def change(copy_: ast.AST) -> ast.AST:
        assert isinstance(copy_, ast.expr)
        return ast.UnaryOp(ast.Not(), copy_)

    return f"negate the {where} condition", test, change, [(start, start, "not ("), (end, end, ")")]


def _removed_not(node: ast.UnaryOp, text: _Text) -> Iterator[Candidate]:
    start = text.span(node)[0]
    operand_start = text.span(node.operand)[0]

    def change(copy_: ast.AST) -> ast.AST:
        assert isinstance(copy_, ast.UnaryOp)
        return copy_.operand

    # Keep any parentheses: "not (a or b)" becomes "(a or b)", "-(a)" becomes "(a)".
    between = text.source[start:operand_start]
    token = "not" if isinstance(node.op, ast.Not) else "-"
    kept = between[between.index(token) + len(token):].lstrip(" ")
    yield ("remove `not`" if isinstance(node.op, ast.Not) else "remove the unary minus"), node, change, [
        (start, operand_start, kept)]


def _statement_removed(node: ast.stmt, text: _Text, what: str) -> Iterator[Candidate]:
    start, end = text.span(node)

    def change(copy_: ast.AST) -> ast.AST:
        return ast.Pass()

    # "pass" on the statement's first line; any further lines it took become blank (a blank line
    # inside a block is allowed), so that every other line stays where it was.
    padding = "\n" * text.source.count("\n", start, end)
    yield f"remove the {what}", node, change, [(start, end, "pass" + padding)]


def _swapped_call(node: ast.Name, text: _Text) -> Iterator[Candidate]:
    new = _SWAPPED_CALLS[node.id]
    start, end = text.span(node)

    def change(copy_: ast.AST) -> ast.AST:
        return ast.Name(new, ast.Load())

    yield f"`{node.id}` → `{new}`", node, change, [(start, end, new)]


def _arithmetic(node: ast.BinOp | ast.AugAssign, text: _Text) -> Iterator[Candidate]:
    old, new = ("+", "-") if isinstance(node.op, ast.Add) else ("-", "+")
    if isinstance(node, ast.BinOp):
        start, end = _between(text, node.left, node.right)
        pattern = re.compile(re.escape(old))
    else:
        start, end = _between(text, node.target, node.value)
        pattern = re.compile(re.escape(old) + "=")
        old, new = old + "=", new + "="

    def change(copy_: ast.AST) -> ast.AST:
        assert isinstance(copy_, ast.BinOp | ast.AugAssign)
        copy_.op = ast.Sub() if isinstance(copy_.op, ast.Add) else ast.Add()
        return copy_

    yield f"`{old}` → `{new}`", node, change, [_operator_edit(text, start, end, pattern, new)]


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _removable(node: ast.UnaryOp, conditions: dict[int, str]) -> bool:
    """A ``not`` that is not a whole condition (negating that is the same mutant), or a minus not on a constant."""
    if isinstance(node.op, ast.Not):
        return id(node) not in conditions
    return isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant)


def _numeric_sum(node: ast.BinOp | ast.AugAssign) -> bool:
    """A ``+`` or ``-`` that does not join text (``name + "s"`` would only raise)."""
    if not isinstance(node.op, ast.Add | ast.Sub):
        return False
    operands = [node.left, node.right] if isinstance(node, ast.BinOp) else [node.value]
    return not any(_is_text(operand) for operand in operands)


def _conditions(tree: ast.Module) -> dict[int, str]:
    """id(test expression) -> what it is the condition of."""
    found: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            found[id(node.test)] = "`if`"
        elif isinstance(node, ast.While):
            found[id(node.test)] = "`while`"
        elif isinstance(node, ast.IfExp):
            found[id(node.test)] = "conditional expression's"
        elif isinstance(node, ast.comprehension):
            for test in node.ifs:
                found[id(test)] = "comprehension filter's"
    return found


def _early_returns(tree: ast.Module) -> set[int]:
    """ids of the ``return`` statements that are not the last statement of their function's body."""
    early: set[int] = set()
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            last = function.body[-1]
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node is not last:
                    early.add(id(node))
    return early


def _candidates(tree: ast.Module, text: _Text) -> Iterator[Candidate]:
    skipped = _skipped_nodes(tree)
    conditions = _conditions(tree)
    early = _early_returns(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if id(node) in conditions:
            yield _negated(node, text, conditions[id(node)])  # type: ignore[arg-type]
        if isinstance(node, ast.Compare):
            yield from _comparisons(node, text)
        elif isinstance(node, ast.BoolOp):
            yield from _bool_op(node, text)
        elif isinstance(node, ast.Constant):
            yield from _constant(node, text)
        elif isinstance(node, ast.UnaryOp) and _removable(node, conditions):
            yield from _removed_not(node, text)
        elif isinstance(node, ast.Return) and id(node) in early:
            yield from _statement_removed(node, text, "early `return`")
        elif isinstance(node, ast.Continue | ast.Break):
            yield from _statement_removed(node, text, f"`{type(node).__name__.lower()}`")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _SWAPPED_CALLS:
            yield from _swapped_call(node.func, text)
        elif isinstance(node, ast.BinOp | ast.AugAssign) and _numeric_sum(node):
            yield from _arithmetic(node, text)


# --- where the change runs -------------------------------------------------------------------------


def _parents(tree: ast.Module) -> dict[int, ast.AST]:
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    return parents


def _statement_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.stmt:
    """The innermost statement around ``node`` (the node itself if it is one)."""
    while not isinstance(node, ast.stmt):
        node = parents[id(node)]
    return node


def _reach(node: ast.AST, parents: dict[int, ast.AST]) -> tuple[tuple[int, int], bool]:
    """The lines one of which runs whenever ``node`` is evaluated, and whether it runs at import.

    The innermost statement around the node: a simple statement's lines, or a compound
    statement's header up to the node. The node runs at import unless it is inside the body
    of a function (a default argument or a decorator runs when the ``def`` does).
    """
    statement = _statement_of(node, parents)
    compound = isinstance(statement, ast.If | ast.For | ast.While | ast.With | ast.Try | ast.FunctionDef |
                          ast.ClassDef | ast.AsyncFunctionDef | ast.AsyncFor | ast.AsyncWith)
    end = node.end_lineno if compound and node is not statement else statement.end_lineno  # type: ignore[attr-defined]
    start = min(statement.lineno, node.lineno)  # type: ignore[attr-defined]
    lines = (start, end or statement.lineno)
    child: ast.AST = statement
    parent = parents.get(id(statement))
    while parent is not None:
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef) and child in parent.body:
            return lines, False
        child, parent = parent, parents.get(id(parent))
    return lines, True


# --- the mutants --------------------------------------------------------------------------------


def _apply(source: str, edits: Sequence[Edit]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        source = source[:start] + new + source[end:]
    return source


def _changed_copy(statement: ast.stmt, target: ast.AST, change: Change) -> ast.stmt:
    """A copy of ``statement`` with ``target``'s copy (inside it) replaced by what ``change`` makes of it."""
    originals = list(ast.walk(statement))
    copied = copy.deepcopy(statement)
    copies = list(ast.walk(copied))
    node_copy = copies[next(i for i, node in enumerate(originals) if node is target)]
    replacement = change(node_copy)
    if node_copy is copied:
        assert isinstance(replacement, ast.stmt)
        return replacement
    if replacement is not node_copy:
        for parent in copies:
            for field, value in ast.iter_fields(parent):
                if value is node_copy:
                    setattr(parent, field, replacement)
                elif isinstance(value, list) and any(item is node_copy for item in value):
                    value[[id(item) for item in value].index(id(node_copy))] = replacement
    return copied


def _statement_nodes(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in a block and in the blocks inside it (expressions are not walked: no statement is there)."""
    for statement in body:
        yield statement
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list):
                yield from _statement_nodes(inner)
        for holder in getattr(statement, "handlers", []) + getattr(statement, "cases", []):
            yield from _statement_nodes(holder.body)


def _statements(statements: Iterable[ast.stmt], changed: tuple[int, int]) -> list[tuple[str, int, int]]:
    """Each statement's kind and where it begins (the changed one, at ``changed``, by where it begins only)."""
    return [("changed" if (n.lineno, n.col_offset) == changed else type(n).__name__, n.lineno, n.col_offset)
            for n in statements]


def _check_edit(original: Sequence[ast.stmt], mutated: str, statement: ast.stmt, target: ast.AST,
                change: Change, text: _Text, edits: Sequence[Edit]) -> bool:
    """Whether the edited source parses to the tree with the change made, and nothing else changed.

    The innermost statement around the change must parse to its changed copy; every other
    statement keeps its text (the edits are inside that statement) and, when every statement
    still begins where it did (none swallowed, none added), parses as it did. Parsing the whole
    module again for each mutant is most of the mutator's time, so the statement alone is parsed
    first (:func:`_statement_reparses`); only when that does not settle it is the module parsed.
    """
    if _statement_reparses(statement, target, change, text, edits, mutated):
        return True
    new_statements = list(_statement_nodes(ast.parse(mutated).body))
    where = (statement.lineno, statement.col_offset)
    if _statements(new_statements, where) != _statements(original, where):
        return False
    new_statement = next(n for n in new_statements if (n.lineno, n.col_offset) == where)
    return ast.dump(new_statement) == ast.dump(_changed_copy(statement, target, change))


def _statement_reparses(statement: ast.stmt, target: ast.AST, change: Change, text: _Text, edits: Sequence[Edit],
                        mutated: str) -> bool:
    """Whether the edits all lie inside the statement, which begins its line, and its edited text parses on its
    own (in a block, if indented) to exactly its changed copy. The rest of the module is then the same text,
    and a statement that parses on its own closes every bracket and string it opens, so the module parses
    as before around it."""
    start, end = text.span(statement)
    decorated = bool(getattr(statement, "decorator_list", None))
    if decorated or not all(start <= first and last <= end for first, last, _ in edits):
        return False
    line_start = text.starts[statement.lineno - 1]
    indent = text.source[line_start:start]
    if indent.strip():
        return False  # after a `;` or a colon on the same line
    grown = sum(len(new) - (last - first) for first, last, new in edits)
    edited = mutated[line_start:end + grown]
    try:
        tree = ast.parse(f"if 1:\n{edited}\n" if indent else edited)
    except SyntaxError:
        return False
    body = tree.body[0].body if indent and isinstance(tree.body[0], ast.If) else tree.body
    return len(body) == 1 and ast.dump(body[0]) == ast.dump(_changed_copy(statement, target, change))


def mutants_of(source: str, module: str) -> list[CodeMutant]:
    """Every mutant of a module's source, in the order of the source; ``module`` names it in keys."""
    tree = ast.parse(source)
    text = _Text(source)
    parents = _parents(tree)
    original = list(_statement_nodes(tree.body))
    found: list[tuple[int, int, CodeMutant]] = []
    for operator, node, change, edits in _candidates(tree, text):
        mutated = _apply(source, edits)
        statement = _statement_of(node, parents)
        if not _check_edit(original, mutated, statement, node, change, text, edits):
            raise ValueError(f"{module}:{node.lineno}: the edit for {operator} "  # type: ignore[attr-defined]
                             f"does not make the change it names")
        line = node.lineno  # type: ignore[attr-defined]
        reach, at_import = _reach(node, parents)
        found.append((line, node.col_offset, CodeMutant(  # type: ignore[attr-defined]
            module, line, text.lines[line - 1].strip(), operator, 0, mutated, reach, at_import)))
    found.sort(key=lambda item: (item[0], item[1]))
    seen: dict[tuple[str, str], int] = {}
    numbered = []
    for _, _, mutant in found:
        count = seen[(mutant.line_text, mutant.operator)] = seen.get((mutant.line_text, mutant.operator), 0) + 1
        numbered.append(CodeMutant(mutant.module, mutant.line, mutant.line_text, mutant.operator, count,
                                   mutant.source, mutant.reach, mutant.at_import))
    return numbered
