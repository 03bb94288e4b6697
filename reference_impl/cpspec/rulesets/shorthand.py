"""The old form of a natural, a ``kind`` alone, as the conditions it stands for.

Before naturals were written as conditions (``parameters.naturals.hands[].requires``), a
ruleset named one of four kinds and set their fine points once for all of them in
``parameters.naturals.detection``. A natural written that way still loads: it means the
conditions below, with those options. Every bundled ruleset now writes its conditions out.

Standard library only: the dispute desk builds rulesets in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

#: The options of ``parameters.naturals.detection`` and their values when it leaves them out.
DETECTION_DEFAULTS: Final[Mapping[str, bool]] = {
    "quads_count_as_two_pairs": True,
    "trips_count_as_pair": True,
    "front_straight_ace_low": True,
    "front_straight_ace_high": True,
    "front_straight_wraparound": False,
    "three_flushes_distinct_suits": False,
    "straight_flush_counts": True,
}

#: The kinds the old form knows.
SHORTHAND_KINDS: Final = ("dragon", "six_pairs", "three_straights", "three_flushes")


def conditions_for(kind: str, detection: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``requires`` block that the old-form ``kind`` stands for under ``detection``; None for another kind."""
    options = {**DETECTION_DEFAULTS, **{k: v for k, v in detection.items() if k != "rule"}}
    rule = {"rule": detection["rule"]} if detection.get("rule") else {}
    front = {"front_ace_low": options["front_straight_ace_low"], "front_ace_high": options["front_straight_ace_high"],
             "front_wraparound": options["front_straight_wraparound"]}
    if kind == "dragon":
        return {"distinct_ranks": 13}
    if kind == "six_pairs":
        return {"rank_sets": {"pairs": 6, "split_trips": options["trips_count_as_pair"],
                              "split_quads": options["quads_count_as_two_pairs"], **rule}}
    if kind == "three_straights":
        return {"segments": {"each": "straight", **front, "straight_flush_counts": options["straight_flush_counts"],
                             **rule}}
    if kind == "three_flushes":
        return {"segments": {"each": "flush", **front, "straight_flush_counts": options["straight_flush_counts"],
                             "distinct_suits": options["three_flushes_distinct_suits"], **rule}}
    return None
