"""Where the bundled data lives: inside an installed wheel, or in a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # the cpspec package


@cache
def data_dir(name: str) -> Path:
    """The folder of bundled ``rulesets``, ``schema`` or ``conformance`` data.

    A wheel carries them under ``cpspec/_data``; a checkout (or an editable
    install) has them at the repository's root, two levels above the package.
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PACKAGE.parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"bundled data folder {name!r} not found (looked in {installed} and {checkout})")


def schema_path(name: str) -> Path:
    """The file of a bundled JSON schema, e.g. ``ruleset.schema.json``."""
    return data_dir("schema") / name
