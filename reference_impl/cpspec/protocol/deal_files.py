"""Reading the deal files the CLI takes (YAML or JSON), safely, and placing errors on their lines."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpspec.errors import CpspecError
from cpspec.rulesets.yamlsafe import LoadedYaml, load_yaml_file, load_yaml_stream, require_mapping

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

_STEP = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


@dataclass(frozen=True)
class DealFile:
    """A deal file: its ruleset id, the ``score`` input it holds, and the line of every value."""

    ruleset_id: str
    deal: dict[str, Any]
    loaded: LoadedYaml

    def ruleset(self, override: str | None = None, registry: RulesetRegistry | None = None) -> Ruleset:
        """The ruleset the file names (or ``override``, from ``--ruleset``): an id of ``registry`` (default: the
        bundled rulesets) or a path to a ruleset file, relative to the deal file; errors say where it was named."""
        from cpspec.rulesets.loader import bundled_registry

        rulesets = registry or bundled_registry()
        if override:
            return rulesets.named(override, "--ruleset")
        beside = None if self.loaded.source == "-" else Path(self.loaded.source).parent
        return rulesets.named(self.ruleset_id, f"{self.loaded.where(('ruleset',))} (ruleset)", relative_to=beside)

    @contextmanager
    def locating_errors(self) -> Iterator[None]:
        """Put the file and line in front of an input path: ``file:LINE (input.players[2].middle[1])``."""
        try:
            yield
        except CpspecError as error:
            error.where = self.locate(error.where)
            raise

    def locate(self, where: str | None) -> str:
        """An error's ``where`` in the file: an input path becomes ``file:LINE (input...)``, others ``file: ...``."""
        if not where or not where.startswith("input"):
            return f"{self.loaded.source}: {where}" if where else self.loaded.source
        path: list[str | int] = [name if name else int(index) for name, index in _STEP.findall(where[len("input"):])]
        return f"{self.loaded.where(path)} ({where})"


def read_deal(path: str) -> DealFile:
    """The deal file at ``path`` (``-``: standard input): a mapping with ``ruleset`` (an id, or the path of a ruleset
    file relative to the deal file) and the ``score`` input."""
    loaded = load_yaml_stream(sys.stdin.buffer) if path == "-" else load_yaml_file(Path(path))
    data = require_mapping(loaded)
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise CpspecError("bad_input", "a deal file needs 'ruleset: <id>' (or 'ruleset: <path of a ruleset file>')",
                          loaded.where(("ruleset",)))
    deal = {k: v for k, v in data.items() if k != "ruleset"}
    return DealFile(ruleset_id, deal, loaded)


def score_deal_file(path: str, ruleset_override: str | None = None, registry: RulesetRegistry | None = None
                    ) -> tuple[Ruleset, dict[str, Any], dict[str, Any]]:
    """Read a deal file and score it: (ruleset, the score input, the score output), errors located in the file."""
    from cpspec.protocol.ops import op_score

    deal_file = read_deal(path)
    ruleset = deal_file.ruleset(ruleset_override, registry)
    with deal_file.locating_errors():
        output = op_score(ruleset, deal_file.deal)
    return ruleset, deal_file.deal, output


def read_deal_file(path: str) -> tuple[str, dict[str, Any], str]:
    """(ruleset id, the deal's score input, where) from a deal file with ``ruleset`` and ``players``."""
    deal_file = read_deal(path)
    return deal_file.ruleset_id, deal_file.deal, path
