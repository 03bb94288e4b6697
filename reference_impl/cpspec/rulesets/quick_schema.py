"""A quicker check of a document against one of the bundled JSON Schemas, where jsonschema-rs is installed.

jsonschema-rs (the test and docs extras) checks a ruleset or a case file some hundred times
faster than jsonschema. Its verdict is trusted only when it *accepts* a document: one it refuses
is validated again by jsonschema, whose errors are the ones users read (located, best match
first). It counts a whole float such as ``3.0`` as an integer, which the loaders do not (points
and counts must be ints), so a document holding one is never accepted here.

>>> check = quick_check("ruleset.schema.json")
>>> check is None or check({"id": "x"}) is False  # a ruleset needs more than an id
True
>>> holds_whole_float({"points": [1, 2.0]}), holds_whole_float({"points": 2.5})
(True, False)
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from functools import cache
from typing import Any

#: A quick verdict on a document: True when it is certainly valid, False when the slow validator must look.
QuickCheck = Callable[[Any], bool]


@cache
def quick_check(schema_file: str) -> QuickCheck | None:
    """The quick check of one bundled schema (``ruleset.schema.json``, ``case.schema.json``), or None without
    jsonschema-rs."""
    try:
        module = importlib.import_module("jsonschema_rs")
    except ImportError:
        return None
    from cpspec.rulesets.data import schema_path

    validator = module.Draft202012Validator(json.loads(schema_path(schema_file).read_text(encoding="utf-8")))

    def accepts(document: Any) -> bool:
        return not holds_whole_float(document) and bool(validator.is_valid(document))

    return accepts


def holds_whole_float(value: Any) -> bool:
    """Whether a float with no fractional part (``3.0``) is anywhere in the document."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(holds_whole_float(v) for v in value.values())
    if isinstance(value, list):
        return any(holds_whole_float(v) for v in value)
    return False
