"""Count and list the settings of 13 cards that do not foul under a ruleset, and the naturals they hold.

Cards go as separate arguments (As Kd 7c ...) or as one quoted string ("As Kd 7c ...").
The list shows the strongest back first, then the strongest middle, then the strongest front.
"""

from __future__ import annotations

import argparse

from cpspec.cli.ruleset_options import add_ruleset_option, chosen_ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec settings``: the 13 cards, ``--ruleset``, ``--json`` and ``--limit``."""
    parser.add_argument("cards", metavar="CARDS", nargs="+", help="13 cards, e.g. As Kd 7c ... (or one quoted string)")
    add_ruleset_option(parser, "the ruleset whose setting order applies", required=True)
    parser.add_argument("--json", action="store_true", help="print the protocol's settings output as JSON")
    parser.add_argument("--limit", metavar="N", type=int, default=20,
                        help="list at most N settings (default 20; 0 lists none)")


def card_words(arguments: list[str]) -> list[str]:
    """The cards of the command line, whether given one per argument or in one string."""
    return " ".join(arguments).replace(",", " ").split()


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec settings``: list the settings that do not foul and the naturals held (exit status 0).

    The order a setting must keep is the ruleset's ``parameters.setting``; the naturals are
    ``parameters.naturals.hands``.
    """
    import json

    from cpspec.errors import CpspecError
    from cpspec.protocol.ops.analysis import op_settings
    from cpspec.rules.all_settings import TOTAL_SETTINGS as MAX_LIMIT

    if not 0 <= args.limit <= MAX_LIMIT:
        raise CpspecError("bad_input", f"must be a whole number from 0 to {MAX_LIMIT}", "--limit")
    ruleset = chosen_ruleset(args)
    words = card_words(args.cards)
    try:
        output = op_settings(ruleset, {"cards": words, "list": args.limit > 0, "limit": args.limit})
    except CpspecError as error:
        error.where = (error.where or "").replace("input.cards", "CARDS") or "CARDS"
        raise
    if args.json:
        print(json.dumps(output, indent=2, ensure_ascii=False))
        return 0
    order = ruleset.parameters.setting
    at_least = {"strict": ">", "allow_equal": ">="}
    print(" ".join(words))
    print(f"{output['valid']:,} of {output['total']:,} settings do not foul under {ruleset.id} "
          f"(rule {order.rule}: back {at_least[order.back_over_middle]} middle "
          f"{at_least[order.middle_over_front]} front)")
    if not ruleset.parameters.naturals.hands:
        print(f"naturals: {ruleset.id} has none")
    elif not output["natural_details"]:
        print("naturals: none held")
    for natural in output["natural_details"]:
        print(f"natural {natural['id']} ({natural['points']} points, rule {natural['rule']}): {natural['explanation']}")
        if "setting" in natural:
            shown = natural["setting"]
            print(f"    shown by: {' '.join(shown['front'])} | {' '.join(shown['middle'])} | {' '.join(shown['back'])}")
    if output["best_natural"] is not None:
        print(f"best natural: {output['best_natural']}")
    settings = output.get("settings", [])
    if settings:
        shown_count = f"all {len(settings):,}" if len(settings) == output["valid"] else f"the first {len(settings):,}"
        print(f"{shown_count} (strongest back first, then middle, then front):")
    for number, setting in enumerate(settings, start=1):
        parts = [f"{' '.join(setting[s])} ({setting['hands'][s]['name']})" for s in ("front", "middle", "back")]
        bonuses = "".join(f"; {b['segment']} bonus {b['hand']} +{b['points']} ({b['rule']})"
                          for b in setting["bonuses"])
        print(f"{number:>5}. " + " | ".join(parts) + bonuses)
    return 0
