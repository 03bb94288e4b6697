"""The package tree is the architecture: layers import only downward, never in a cycle.

The layers, lowest first (docs/architecture.md has the map and the data flow):

errors → rules → fast, rulesets → engines → analysis → protocol → conformance → strength → present → cli

A module may import its own layer and the layers below, never one above, whether the
import runs at start-up or inside a function. The rule modules read as the rules: they
import nothing but the standard library and each other, and keep no cache.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cpspec

PACKAGE = Path(cpspec.__file__).resolve().parent

#: Each layer's rank: an import must go to a rank no higher than the importer's own.
LAYERS: dict[str, int] = {
    "cpspec": 0, "errors": 0,
    "rules": 1,
    "fast": 2, "rulesets": 2,
    "engines": 3,
    "analysis": 4,
    "protocol": 5,
    "conformance": 6,
    "strength": 7,
    "present": 8,
    "cli": 9,
    # the documented entry points: python -m cpspec, cpspec.cases, cpspec.mutation
    "__main__": 10, "cases": 10, "mutation": 10,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["cpspec", *parts])


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "cpspec"


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "_data" not in path.parts}


def imports_of(path: Path, name: str, top_level_only: bool = False) -> Iterator[tuple[str, int]]:
    """Every cpspec module this file imports (at start-up only, or anywhere), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "cpspec":
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target.split(".")[0] != "cpspec":
                continue
            for alias in node.names:
                yield (f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target), node.lineno


MODULES = modules()


def test_every_layer_has_a_rank() -> None:
    assert {layer_of(name) for name in MODULES} <= set(LAYERS)


def test_imports_run_only_downward() -> None:
    wrong = []
    for name, path in MODULES.items():
        for target, line in imports_of(path, name):
            if LAYERS[layer_of(target)] > LAYERS[layer_of(name)]:
                wrong.append(f"{path.relative_to(PACKAGE)}:{line} {name} ({layer_of(name)}) imports "
                             f"{target} ({layer_of(target)})")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", [None, "strength"], ids=["at start-up", "strength tooling anywhere"])
def test_no_import_cycle(layer: str | None) -> None:
    """No cycle among the imports a module runs at start-up; in the strength tooling, none among all it names,
    inside functions and ``TYPE_CHECKING`` blocks too (two modules that need each other share a third)."""
    chosen = {name: path for name, path in MODULES.items() if layer is None or layer_of(name) == layer}
    graph = {name: {t for t, _ in imports_of(path, name, top_level_only=layer is None) if t in chosen and t != name}
             for name, path in chosen.items()}
    # A package's __init__ imported by its own modules is how Python imports them: not a cycle of ours.
    done: set[str] = set()
    stack: list[str] = []

    def visit(node: str) -> None:
        if node in stack:
            cycle = [*stack[stack.index(node):], node]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if node in done:
            return
        stack.append(node)
        for target in sorted(graph[node]):
            visit(target)
        stack.pop()
        done.add(node)

    for name in sorted(graph):
        visit(name)


def test_the_rule_modules_need_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for name, path in MODULES.items():
        if layer_of(name) not in ("rules", "errors"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            roots = ([a.name.split(".")[0] for a in node.names] if isinstance(node, ast.Import)
                     else [(node.module or "").split(".")[0]] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            for root in roots:
                assert root in stdlib or root == "cpspec", f"{name} imports {root}"
        for target, line in imports_of(path, name):
            assert layer_of(target) in ("rules", "errors", "cpspec"), f"{name}:{line} imports {target}"


@pytest.mark.parametrize("word", ["memo", "lru_cache", "functools.cache", "@cache", "cached_property"])
def test_the_rule_modules_keep_no_cache(word: str) -> None:
    found = [f"{path.relative_to(PACKAGE)}:{number}" for name, path in MODULES.items() if layer_of(name) == "rules"
             for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if word in text.lower()]
    assert not found, found


def test_speed_lives_only_in_named_places() -> None:
    """Each fast module's first line says what it speeds up, and names the test that proves it equal."""
    for name, path in MODULES.items():
        if layer_of(name) != "fast" or path.name == "__init__.py":
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert doc.startswith("Speed:"), name
        assert "tests/test_" in doc, f"{name} names no test that proves it equal to the readable rules"
