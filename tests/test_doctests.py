"""Every example in the engine's docstrings runs, and gives what it shows (``doctest``, on the installed package).

The rule modules' examples are part of their documentation: a rule lawyer reads
``>>> check_order(...)`` as the rule at work, so an example that stopped being true
would mislead. The test command runs them all (``python -m pytest``), like any test.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cpspec

#: Every module of the package but ``python -m cpspec``'s entry point, which runs the command line on import.
NAMES = sorted(info.name for info in pkgutil.walk_packages(cpspec.__path__, "cpspec.") if info.name != "cpspec.__main__")


@pytest.mark.parametrize("name", NAMES)
def test_the_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} fail"


def test_the_rule_modules_show_examples() -> None:
    """The rule modules a newcomer reads first carry examples (so the test above has something to run)."""
    examples = {}
    for name in NAMES:
        if name.startswith("cpspec.rules."):
            finder = doctest.DocTestFinder()
            examples[name] = sum(len(test.examples) for test in finder.find(importlib.import_module(name)))
    for name in ("cpspec.rules.cards", "cpspec.rules.hands", "cpspec.rules.fouls", "cpspec.rules.naturals",
                 "cpspec.rules.settlement", "cpspec.rules.scoring", "cpspec.rules.status"):
        assert examples[name] > 0, f"{name} shows no example"
