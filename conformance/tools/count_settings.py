"""An independent, brute-force settings counter for the conformance corpus's counting cases.

It does NOT import cpspec: it is a second, deliberately naive implementation of the few
rules a counting case depends on, so that its numbers check the engine's rather than
repeat them.

For a fixed 13-card hand it tries every one of the C(13,3) * C(10,5) = 72,072 ways to
choose a front of 3, then a middle of 5 (the back is the other 5), and counts those that
do not foul under a ruleset's setting order:

* the back must be higher than the middle (``strict``) or not lower (``allow_equal``);
* the middle must be higher than the front (``strict``) or not lower (``allow_equal``);
* a 3-card front is compared with a 5-card middle by category, then by the front's ranks
  against the middle's ranks in the same positions; when all of those are equal the two
  are equal, or the middle is higher for its extra cards (``front_middle_ties``);
* where a ruleset says so, the back must be higher than the front (``back_over_front``),
  a pair of rows is not compared (``none``), and a row ranked low (deuce-to-seven) must be
  a high-card hand (no pair, no straight with the ace high only, no flush) whose top card
  is at most ``low_rows_at_most``.

It also reports which of the ruleset's naturals the hand holds, found by brute force too:
the dragon (13 ranks) and six pairs by counting ranks, three straights and three flushes
by looking for one of the 72,072 settings whose segments are all straights or all
flushes (with the ruleset's detection options).

Usage::

    python conformance/tools/count_settings.py rulesets/basic.yaml 2c 3c ... (13 cards)

prints ``{"total": 72072, "valid": N, "naturals": [...]}``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import yaml

RANK_LETTERS = "23456789TJQKA"  # index + 2 is the rank's value: 2 .. 14 (ace)
SUIT_LETTERS = "cdhs"
ACE = 14

# Category numbers; a front uses the same numbers for high card, pair and trips.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


@dataclass(frozen=True)
class Card:
    rank: int  # 2 .. 14
    suit: str


def parse(text: str) -> Card:
    if len(text) != 2 or text[0] not in RANK_LETTERS or text[1] not in SUIT_LETTERS:
        raise SystemExit(f"not a card: {text!r}")
    return Card(RANK_LETTERS.index(text[0]) + 2, text[1])


@dataclass(frozen=True)
class Options:
    """The ruleset parameters a counting case depends on."""

    back_over_middle: str = "strict"  # or allow_equal, none
    middle_over_front: str = "strict"
    front_middle_ties: str = "equal"  # or middle_higher
    back_over_front: str = "none"
    low_rows: tuple[str, ...] = ()  # rows ranked deuce-to-seven
    low_rows_at_most: int | None = None  # 2 .. 14
    wheel: str = "lowest"  # or second_highest
    naturals: tuple[tuple[str, str], ...] = ()  # (id, kind) of each natural of the ruleset
    quads_count_as_two_pairs: bool = True
    trips_count_as_pair: bool = True
    front_straight_ace_low: bool = True
    front_straight_ace_high: bool = True
    front_straight_wraparound: bool = False
    three_flushes_distinct_suits: bool = False
    straight_flush_counts: bool = True


# --- hand values ---------------------------------------------------------------------
# A value is (category, tie-break ranks...): Python compares tuples item by item, so a
# higher tuple is a higher hand of the same size.


def grouped_ranks(cards: tuple[Card, ...]) -> list[int]:
    """Ranks ordered by how often they occur, then by rank, highest first (e.g. K K 4 4 A)."""
    counts = Counter(c.rank for c in cards)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return ordered


def five_card_straight_top(ranks: list[int], wheel: str) -> float | None:
    """The straight's strength (its top card; the wheel per the ruleset) or None."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if distinct == [2, 3, 4, 5, ACE]:
        # lowest: a five-high straight. second_highest: above K-high (13), below A-high (14).
        return 5 if wheel == "lowest" else 13.5
    return None


def value5(cards: tuple[Card, ...], wheel: str) -> tuple[float, ...]:
    ranks = [c.rank for c in cards]
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    top = five_card_straight_top(ranks, wheel)
    order = grouped_ranks(cards)
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    if counts == [4, 1]:
        return (QUADS, *order)
    if counts == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *order)
    if top is not None:
        return (STRAIGHT, top)
    if counts == [3, 1, 1]:
        return (TRIPS, *order)
    if counts == [2, 2, 1]:
        return (TWO_PAIR, *order)
    if counts == [2, 1, 1, 1]:
        return (PAIR, *order)
    return (HIGH_CARD, *order)


def value3(cards: tuple[Card, ...]) -> tuple[float, ...]:
    """A front: only trips, a pair or high card count (no straights, no flushes)."""
    counts = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    order = grouped_ranks(cards)
    if counts == [3]:
        return (TRIPS, *order)
    if counts == [2, 1]:
        return (PAIR, *order)
    return (HIGH_CARD, *order)


def front_against_middle(front: tuple[float, ...], middle: tuple[float, ...], ties: str) -> int:
    """-1, 0, 1 as the front is lower than, equal to or higher than the middle."""
    if front[0] != middle[0]:
        return 1 if front[0] > middle[0] else -1
    mine = front[1:]
    theirs = middle[1 : 1 + len(mine)]
    if mine != theirs:
        return 1 if mine > theirs else -1
    return -1 if ties == "middle_higher" else 0


def low_row_keeps_limit(cards: tuple[Card, ...], limit: int | None) -> bool:
    """A deuce-to-seven row within the limit: five ranks, not five in sequence (the ace only high), not one suit,
    the highest at most ``limit``."""
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) != 5 or ranks[4] - ranks[0] == 4 or one_suit(cards):
        return False
    return limit is None or ranks[4] <= limit


def fouls(front: tuple[Card, ...], middle: tuple[Card, ...], back: tuple[Card, ...], opts: Options) -> bool:
    f, m, b = value3(front), value5(middle, opts.wheel), value5(back, opts.wheel)
    bad = False
    if opts.back_over_middle != "none":
        bad = bad or b < m or (b == m and opts.back_over_middle == "strict")
    if opts.middle_over_front != "none":
        fm = front_against_middle(f, m, opts.front_middle_ties)
        bad = bad or fm > 0 or (fm == 0 and opts.middle_over_front == "strict")
    if opts.back_over_front != "none":
        fb = front_against_middle(f, b, opts.front_middle_ties)
        bad = bad or fb > 0 or (fb == 0 and opts.back_over_front == "strict")
    rows = {"middle": middle, "back": back}
    return bad or any(not low_row_keeps_limit(rows[row], opts.low_rows_at_most) for row in opts.low_rows)


# --- naturals -------------------------------------------------------------------------


def is_front_straight(cards: tuple[Card, ...], opts: Options) -> bool:
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) != 3:
        return False
    if ranks[2] - ranks[0] == 2:
        return opts.front_straight_ace_high or ranks != [12, 13, ACE]
    if ranks == [2, 3, ACE]:
        return opts.front_straight_ace_low
    if ranks == [2, 13, ACE]:
        return opts.front_straight_wraparound
    return False


def one_suit(cards: tuple[Card, ...]) -> bool:
    return len({c.suit for c in cards}) == 1


def is_five_straight(cards: tuple[Card, ...]) -> bool:
    return five_card_straight_top([c.rank for c in cards], "lowest") is not None


def three_straights(front: tuple[Card, ...], middle: tuple[Card, ...], back: tuple[Card, ...], opts: Options) -> bool:
    if not (is_front_straight(front, opts) and is_five_straight(middle) and is_five_straight(back)):
        return False
    # Without straight flushes counting, a straight that is also a flush does not serve.
    return opts.straight_flush_counts or not any(one_suit(s) for s in (front, middle, back))


def three_flushes(front: tuple[Card, ...], middle: tuple[Card, ...], back: tuple[Card, ...], opts: Options) -> bool:
    if not (one_suit(front) and one_suit(middle) and one_suit(back)):
        return False
    if opts.three_flushes_distinct_suits and len({front[0].suit, middle[0].suit, back[0].suit}) != 3:
        return False
    if opts.straight_flush_counts:
        return True
    return not (is_front_straight(front, opts) or is_five_straight(middle) or is_five_straight(back))


def six_pairs(cards: tuple[Card, ...], opts: Options) -> bool:
    pairs = 0
    for count in Counter(c.rank for c in cards).values():
        if count == 2 or (count == 3 and opts.trips_count_as_pair):
            pairs += 1
        elif count == 4:
            pairs += 2 if opts.quads_count_as_two_pairs else 1
    return pairs >= 6


def dragon(cards: tuple[Card, ...]) -> bool:
    return len({c.rank for c in cards}) == 13


# --- the count ------------------------------------------------------------------------


def survey(hand: tuple[str, ...], opts: Options) -> tuple[int, int, frozenset[str]]:
    """(settings tried, settings that do not foul, natural kinds held) for 13 cards."""
    cards = tuple(parse(t) for t in hand)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise SystemExit("a counting case needs 13 different cards")
    total = valid = 0
    straights_found = flushes_found = False
    everything = set(range(13))
    for front_idx in combinations(range(13), 3):
        rest = sorted(everything - set(front_idx))
        for middle_idx in combinations(rest, 5):
            back_idx = [i for i in rest if i not in middle_idx]
            front = tuple(cards[i] for i in front_idx)
            middle = tuple(cards[i] for i in middle_idx)
            back = tuple(cards[i] for i in back_idx)
            total += 1
            if not fouls(front, middle, back, opts):
                valid += 1
            straights_found = straights_found or three_straights(front, middle, back, opts)
            flushes_found = flushes_found or three_flushes(front, middle, back, opts)
    held = {
        "dragon": dragon(cards),
        "six_pairs": six_pairs(cards, opts),
        "three_straights": straights_found,
        "three_flushes": flushes_found,
    }
    return total, valid, frozenset(kind for kind, yes in held.items() if yes)


def count(hand: list[str], opts: Options) -> dict[str, Any]:
    """The counting case's expected output: total, valid, and the ids of the naturals held."""
    total, valid, kinds = survey(tuple(hand), opts)
    naturals = sorted(nid for nid, kind in opts.naturals if kind in kinds)
    return {"total": total, "valid": valid, "naturals": naturals}


# --- reading a ruleset file (plain PyYAML, `extends` followed by a simple deep merge) ---


def _merge(parent: Any, child: Any) -> Any:
    if isinstance(parent, dict) and isinstance(child, dict):
        out = dict(parent)
        for key, value in child.items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = _merge(out.get(key), value) if key in out else value
        return out
    return child


def ruleset_parameters(path: Path) -> dict[str, Any]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    params: dict[str, Any] = doc["parameters"]
    if "extends" in doc:
        parent = ruleset_parameters(path.parent / f"{doc['extends']}.yaml")
        params = _merge(parent, params)
    return params


def options_for(path: Path) -> Options:
    p = ruleset_parameters(path)
    detection = {k: v for k, v in p["naturals"].get("detection", {}).items() if k != "rule"}
    low = tuple((p["hands"].get("lowball") or {}).get("segments", ()))
    limit = p["setting"].get("low_rows_at_most")
    if low and (p["setting"]["back_over_middle"] != "none" or ("middle" in low and p["setting"]["middle_over_front"]
                                                               != "none")):
        raise SystemExit("a row ranked low is compared with another row: not what this counter knows")
    return Options(
        back_over_middle=p["setting"]["back_over_middle"],
        middle_over_front=p["setting"]["middle_over_front"],
        front_middle_ties=p["setting"]["front_middle_ties"],
        back_over_front=p["setting"].get("back_over_front", "none"),
        low_rows=low,
        low_rows_at_most=None if limit is None else RANK_LETTERS.index(str(limit)) + 2,
        wheel=p["hands"]["wheel"],
        naturals=tuple((h["id"], h["kind"]) for h in p["naturals"]["hands"]),
        **detection,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 14:
        print(__doc__)
        return 2
    print(json.dumps(count(argv[1:], options_for(Path(argv[0])))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
