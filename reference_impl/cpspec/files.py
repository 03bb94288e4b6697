"""Reading the deal files the CLI takes (YAML or JSON), safely."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cpspec.errors import CpspecError
from cpspec.yamlsafe import load_yaml_file, require_mapping


def read_deal_file(path: str) -> tuple[str, dict[str, Any], str]:
    """(ruleset id, the deal's score input, where) from a deal file with ``ruleset`` and ``players``."""
    loaded = load_yaml_file(Path(path))
    data = require_mapping(loaded)
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise CpspecError("bad_input", "a deal file needs 'ruleset: <id>'", loaded.where(("ruleset",)))
    deal = {k: v for k, v in data.items() if k != "ruleset"}
    return ruleset_id, deal, path
