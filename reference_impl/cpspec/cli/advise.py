"""Suggest how to set 13 cards: the setting with the best expected points against random opponents.

The opponents' hands are dealt at random from the other 39 cards (seeded: the same seed gives
the same answer) and set by a simple stated policy; the best few candidate settings are scored by
the engine against the same opponents in every deal. Each expected value comes with its standard
error. A progress bar is drawn on stderr when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cpspec.cli.ruleset_options import add_ruleset_option, chosen_ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec advise``: the 13 cards, ``--ruleset``, and the simulation's sizes and seed."""
    parser.add_argument("cards", metavar="CARDS", nargs="+", help="13 cards, e.g. As Kd 7c ... (or one quoted string)")
    add_ruleset_option(parser, "the ruleset to score under", required=True)
    parser.add_argument("--opponents", metavar="N", type=int, help="number of opponents (default: the most allowed)")
    parser.add_argument("--deals", metavar="N", type=int, help="simulated deals (default 1000)")
    parser.add_argument("--seed", metavar="S", type=int, help="random seed (default 1)")
    parser.add_argument("--candidates", metavar="K", type=int, help="candidate settings simulated (default 8)")
    parser.add_argument("--json", action="store_true", help="print the protocol's advise output as JSON")


class ProgressBar:
    """A one-line bar on stderr, redrawn at most once per percent."""

    def __init__(self, width: int = 30) -> None:
        self.width = width
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // total
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.width * done // total
        sys.stderr.write(f"\rsimulating [{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}%")
        if done == total:
            sys.stderr.write("\r" + " " * (self.width + 20) + "\r")
        sys.stderr.flush()


def _setting_text(candidate: dict[str, Any]) -> str:
    if "declare" in candidate:
        return f"declare the natural {candidate['declare']}"
    hands = candidate.get("hands", {})
    return " | ".join(f"{' '.join(candidate[s])} ({hands.get(s, '?')})" for s in ("front", "middle", "back"))


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec advise``: print the best settings a seeded simulation finds, or its JSON (exit status 0)."""
    import json

    from cpspec.analysis.advise import advise
    from cpspec.cli.settings import card_words
    from cpspec.errors import CpspecError
    from cpspec.protocol.ops.analysis import advice_options, hand_cards
    from cpspec.protocol.outputs import advice_json

    ruleset = chosen_ruleset(args)
    data: dict[str, Any] = {"cards": card_words(args.cards)}
    for name in ("opponents", "deals", "seed", "candidates"):
        if getattr(args, name) is not None:
            data[name] = getattr(args, name)
    try:
        cards = hand_cards(data)
        options = advice_options(ruleset, data)
    except CpspecError as error:
        where = error.where or ""
        error.where = where.replace("input.cards", "CARDS").replace("input.", "--")
        raise
    progress = ProgressBar() if sys.stderr.isatty() else None
    output = advice_json(advise(cards, ruleset, options, progress))
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
        return 0
    print(f"{' '.join(data['cards'])} under {ruleset.id}, against {options.opponents} opponent(s), "
          f"{options.deals:,} deals, seed {options.seed}")
    if output["natural"] is not None:
        how = "scored automatically, whatever the setting" if output["automatic_natural"] else "yours to declare"
        print(f"natural held: {output['natural']} ({how})")
    best = output["best"]
    if best is None:
        print("no setting keeps the order and no natural is held")
        return 0
    print(f"best: {_setting_text(best)}")
    print(f"      expected {best['expected_points']:+.3f} points per deal "
          f"(standard error {best['standard_error']:.3f})")
    if "margin_over_next" in output:
        margin = output["margin_over_next"]
        print(f"      {margin['points']:+.3f} over the next candidate (standard error {margin['standard_error']:.3f})")
    print(f"candidates ({len(output['candidates'])} of {output['valid_settings']:,} valid settings):")
    for candidate in output["candidates"]:
        print(f"  {candidate['expected_points']:+8.3f} ± {candidate['standard_error']:.3f}  {_setting_text(candidate)}")
    print(f"opponents' policy: {output['policy']}")
    return 0
