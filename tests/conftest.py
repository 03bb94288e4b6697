"""Shared helpers for the test suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cpspec.protocol.ops import op_score
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SEEDS = REPO.parent / "shared" / "seeds"
#: Saved public pages (each with its address on its second line) and research notes quoting others.
SOURCES = REPO.parent / "shared" / "sources"


def ruleset(ruleset_id: str) -> Ruleset:
    return bundled_registry().get(ruleset_id)


def example_deal(name: str) -> dict[str, Any]:
    """An example deal file's content (ruleset id included)."""
    return require_mapping(load_yaml_file(EXAMPLES / name))


def score(ruleset_id: str, players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return op_score(ruleset(ruleset_id), {"players": players, **extra})


def matchup(output: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    for item in output["matchups"]:
        if set(item["seats"]) == {a, b}:
            found: dict[str, Any] = item
            return found
    raise AssertionError(f"no matchup {a} v {b}")


def player(seat: str, setting: str, **extra: Any) -> dict[str, Any]:
    """A player from a compact 'front | middle | back' card string."""
    front, middle, back = (part.split() for part in setting.split("|"))
    return {"seat": seat, "front": front, "middle": middle, "back": back, **extra}


@pytest.fixture
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"source documents not found at {SEEDS}")
    return SEEDS
