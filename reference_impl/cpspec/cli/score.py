"""Score a deal file (YAML or JSON with ``ruleset`` and ``players``) and print each matchup and the totals.

The deal file's ``ruleset`` is an id or the path of a ruleset file, relative to the deal file. An Open
Face board is a deal file too: each player's finished rows as ``front``, ``middle`` and ``back``; the
text output then says whose board earns Fantasyland for the next hand.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from cpspec.cli.ruleset_options import add_ruleset_option, registry

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec score``: the deal file, ``--json`` and ``--ruleset``."""
    parser.add_argument("deal", metavar="DEAL", help="a YAML or JSON deal file (see examples/); - reads standard input")
    parser.add_argument("--json", action="store_true", help="print the protocol's score output as JSON")
    add_ruleset_option(parser, "score under this ruleset instead of the file's")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec score``: print the matchups and totals of a deal file, or its JSON (exit status 0)."""
    from cpspec.present.score_table import render_score
    from cpspec.protocol.deal_files import score_deal_file

    ruleset, deal, output = score_deal_file(args.deal, args.ruleset, registry(args))
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
    else:
        print(render_score(output, ruleset, _fantasyland(ruleset, deal)))
    return 0


def _fantasyland(ruleset: Ruleset, deal: dict[str, Any]) -> dict[str, dict[str, Any]] | None:
    """Each set board's Fantasyland verdict for the next hand (as played normally), where the ruleset has one."""
    from cpspec.protocol.ops import op_qualify_fantasyland

    if ruleset.parameters.fantasyland is None:
        return None
    found = {}
    for player in deal.get("players", []):
        if isinstance(player, dict) and all(isinstance(player.get(s), list) for s in ("front", "middle", "back")):
            board = {s: player[s] for s in ("front", "middle", "back")}
            found[str(player.get("seat"))] = op_qualify_fantasyland(ruleset, board)
    return found
