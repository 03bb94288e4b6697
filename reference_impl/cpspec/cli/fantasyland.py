"""Solve a Fantasyland hand: the best legal arrangement of 13 to 17 cards dealt at once, exactly.

Cards go as separate arguments (As Kd 7c ...) or as one quoted string. The value of an
arrangement is its royalties, plus --stay-value points if the board lets the player stay in
Fantasyland; ties are broken as the answer's tie_break says. The ruleset must deal Fantasyland
hands of that many cards (its parameters.fantasyland options say which: cpspec rulesets lists them).
"""

from __future__ import annotations

import argparse

from cpspec.cli.ruleset_options import add_ruleset_option, chosen_ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec fantasyland``: the 13 to 17 cards, ``--ruleset``, ``--stay-value``, ``--json``."""
    parser.add_argument("cards", metavar="CARDS", nargs="+",
                        help="13 to 17 cards, e.g. As Kd 7c ... (or one quoted string)")
    add_ruleset_option(parser, "the ruleset whose royalties, order and Fantasyland apply", required=True)
    parser.add_argument("--stay-value", metavar="N", type=int, default=0,
                        help="what staying in Fantasyland is worth, in points (default 0: royalties alone)")
    parser.add_argument("--json", action="store_true", help="print the protocol's solve_fantasyland output as JSON")
    parser.add_argument("--verbose", action="store_true", help="also say how ties between arrangements are broken")


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec fantasyland``: print the best arrangement of a Fantasyland hand, or its JSON (exit status 0).

    The ruleset's ``parameters.fantasyland`` says which hand sizes are dealt and how a board stays in Fantasyland.
    """
    import json

    from cpspec.cli.settings import card_words
    from cpspec.errors import CpspecError
    from cpspec.protocol.ops import op_solve_fantasyland

    ruleset = chosen_ruleset(args)
    words = card_words(args.cards)
    try:
        output = op_solve_fantasyland(ruleset, {"cards": words, "stay_value": args.stay_value})
    except CpspecError as error:
        where = error.where or ""
        error.where = where.replace("input.cards", "CARDS").replace("input.stay_value", "--stay-value") or "CARDS"
        raise
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
        return 0
    print(f"{' '.join(words)} ({output['cards']} cards, {ruleset.id} {ruleset.version})")
    best = output["best"]
    if best is None:
        print("every arrangement of these cards fouls")
        return 0
    stay = (f"stays in Fantasyland: the next hand is {best['next_cards']} cards" if best["stays"]
            else "does not stay in Fantasyland")
    worth = f"royalties {best['royalties']}" + (f" + stay {output['stay_value']}" if best["stays"] and
                                                 output["stay_value"] else "")
    print(f"best arrangement: value {best['value']} ({worth}); {stay}")
    held = {bonus["segment"]: bonus for bonus in best["bonuses"]}
    for segment in ("front", "middle", "back"):
        bonus = held.get(segment)
        royalty = f"+{bonus['points']} ({bonus['rule']})" if bonus else "+0"
        print(f"  {segment:<7} {' '.join(best[segment]):<16} {best['segments'][segment]['name']:<34} {royalty}")
    if best["discards"]:
        print(f"  discard {' '.join(best['discards'])}")
    if args.verbose:
        print(f"ties broken by: {output['tie_break']}")
    return 0
