"""Every module of ``cpspec`` and every public item in it carries a docstring of its own.

A public item is a module-level function or class whose name does not start with ``_`` and
which the module defines itself (its ``__module__`` is the module), and each public method
or property defined in such a class's body (inherited ones are their own class's business).
The docstring must be the item's own (``obj.__doc__``, never one inherited), and not the
signature a dataclass or a named tuple is given when it has none (``Name(a: int, ...)``).
Enum members are values, not items.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import cpspec

PACKAGE = Path(cpspec.__file__).resolve().parent

#: ``python -m cpspec``'s entry point runs the command line when imported, so its source is read instead.
ENTRY_POINT = "cpspec.__main__"


def module_names() -> list[str]:
    """Every module of the package, found from its files (so none is left out because it fails to import).

    An installed wheel also carries ``cpspec/_data`` (rulesets, schema, the corpus and its tools): data, not modules.
    """
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[0] == "_data":  # an installed wheel's copy of the bundled data (conformance/tools is not cpspec)
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(["cpspec", *parts]))
    return names


NAMES = module_names()
IMPORTED = [name for name in NAMES if name != ENTRY_POINT]


def _own_doc(obj: object) -> str:
    """The item's own docstring, or ``""`` when it has none (or only a generated signature)."""
    doc = obj.__doc__ if isinstance(obj.__doc__, str) else ""
    if inspect.isclass(obj) and (dataclasses.is_dataclass(obj) or hasattr(obj, "_fields")) \
            and doc.startswith(f"{obj.__name__}("):
        return ""
    return doc.strip()


def _class_members(cls: type) -> Iterator[tuple[str, object]]:
    """The public methods and properties defined in the class body itself."""
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if inspect.isfunction(member) or isinstance(member, (property, functools.cached_property)):
            yield name, member


def public_items(module: ModuleType) -> list[tuple[str, object]]:
    """Every public item the module defines, as ``(module.qualname, object)``."""
    items: list[tuple[str, object]] = []
    seen: set[int] = set()
    for name, obj in vars(module).items():
        if name.startswith("_") or not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if obj.__module__ != module.__name__ or id(obj) in seen:
            continue
        seen.add(id(obj))
        items.append((f"{module.__name__}.{obj.__qualname__}", obj))
        if inspect.isclass(obj):
            for member_name, member in _class_members(obj):
                items.append((f"{module.__name__}.{obj.__qualname__}.{member_name}", member))
    return items


def undocumented(module: ModuleType) -> list[str]:
    """The module itself (by its name) when it has no docstring, then each public item without one."""
    missing = [] if (module.__doc__ or "").strip() else [module.__name__]
    return missing + [name for name, obj in public_items(module) if not _own_doc(obj)]


def test_every_module_is_imported_and_read() -> None:
    """Every file of the package is a module this test reads (a module that fails to import fails here)."""
    assert "cpspec.rules.scoring" in NAMES and "cpspec.protocol.ops.about" in NAMES
    failures = []
    for name in IMPORTED:
        try:
            importlib.import_module(name)
        except Exception as error:  # any failure to import is a failure of this test, named
            failures.append(f"{name}: {type(error).__name__}: {error}")
    assert not failures, "modules that cannot be imported:\n" + "\n".join(failures)


def test_every_public_item_has_a_docstring() -> None:
    missing = [entry for name in IMPORTED for entry in undocumented(importlib.import_module(name))]
    assert not missing, f"{len(missing)} modules or public items have no docstring:\n" + "\n".join(missing)


def test_the_entry_point_has_a_docstring_and_defines_nothing() -> None:
    """``cpspec/__main__.py`` is read, not imported: it needs a docstring, and holds no item to document."""
    tree = ast.parse((PACKAGE / "__main__.py").read_text(encoding="utf-8"))
    assert (ast.get_docstring(tree) or "").strip(), f"{ENTRY_POINT} has no docstring"
    defined = [node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    assert not defined, f"{ENTRY_POINT} defines {defined}: import it like the others instead"


def test_the_inventory_finds_known_items() -> None:
    """The inventory holds items known to be public, and leaves out imported and private names."""
    scoring = importlib.import_module("cpspec.rules.scoring")
    names = {name for name, _ in public_items(scoring)}
    assert "cpspec.rules.scoring.score_players" in names
    assert not any(name.rpartition(".")[2].startswith("_") for name in names)
    model = importlib.import_module("cpspec.rules.model")
    model_names = {name for name, _ in public_items(model)}
    assert "cpspec.rules.model.Ruleset" in model_names
    assert all(name.startswith("cpspec.rules.model.") for name in model_names)
    total = sum(len(public_items(importlib.import_module(name))) for name in IMPORTED)
    assert total > 400, f"only {total} public items found"


UNDOCUMENTED_MODULE = '''
import dataclasses
import enum
import typing
from os.path import join


def documented() -> None:
    """Has one."""


def bare() -> None:
    pass


def _private() -> None:
    pass


@dataclasses.dataclass
class Generated:
    size: int

    def method(self) -> None:
        pass

    @property
    def prop(self) -> int:
        return 1

    @staticmethod
    def helper() -> None:
        """Has one."""

    def _hidden(self) -> None:
        pass


@dataclasses.dataclass
class Written:
    """Written by hand."""

    size: int


class Pair(typing.NamedTuple):
    left: int


class Shape(typing.TypedDict):
    side: int


class Colour(enum.Enum):
    """Has one."""

    RED = 1

    def label(self) -> str:
        return "red"


alias = bare
'''


def test_an_undocumented_module_is_reported(tmp_path: Path) -> None:
    """Each kind of undocumented item in a module written for the purpose is named, and nothing else."""
    path = tmp_path / "undocumented_example.py"
    path.write_text(UNDOCUMENTED_MODULE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("undocumented_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    try:
        spec.loader.exec_module(module)
        reported = undocumented(module)
    finally:
        del sys.modules[spec.name]
    assert sorted(reported) == sorted([
        "undocumented_example",
        "undocumented_example.bare",
        "undocumented_example.Generated",
        "undocumented_example.Generated.method",
        "undocumented_example.Generated.prop",
        "undocumented_example.Pair",
        "undocumented_example.Shape",
        "undocumented_example.Colour.label",
    ])


@pytest.mark.parametrize("source", ['"""A module."""\n', '"""A module."""\n\ndef f() -> None:\n    """Does f."""\n'])
def test_a_documented_module_is_not_reported(tmp_path: Path, source: str) -> None:
    path = tmp_path / "documented_example.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("documented_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert undocumented(module) == []
