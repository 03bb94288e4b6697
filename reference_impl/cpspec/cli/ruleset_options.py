"""The options by which a command names rulesets, the same in every command.

``--rulesets DIR`` (repeatable; a folder of ruleset files, or one file) adds house rulesets
beside the bundled ones; ``--ruleset ID|FILE`` names one by id or by the path of its file. Both
go through :func:`cpspec.rulesets.loader.registry_for` and
:meth:`~cpspec.rulesets.loader.RulesetRegistry.named`.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

RULESET_HELP = "a ruleset id, or the path of a ruleset file (./house.yaml)"


def add_rulesets_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--rulesets DIR``, repeatable."""
    parser.add_argument("--rulesets", action="append", default=[], metavar="DIR",
                        help="also use the ruleset files of this folder (or this one file), beside the bundled "
                             "ones; repeatable")


def add_ruleset_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, help_text: str,
                       **kwargs: Any) -> None:
    """``--ruleset ID|FILE``, and ``--rulesets DIR`` with it."""
    parser.add_argument("--ruleset", metavar="ID|FILE", help=f"{help_text}: {RULESET_HELP}", **kwargs)
    add_rulesets_option(parser)


def registry(args: argparse.Namespace) -> RulesetRegistry:
    """The bundled rulesets and those of ``--rulesets``."""
    from cpspec.rulesets.loader import registry_for

    return registry_for(getattr(args, "rulesets", []) or [])


def chosen_ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset ``--ruleset`` names, by id or path."""
    return registry(args).named(args.ruleset, "--ruleset")
