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

It also reports which of the ruleset's naturals the hand holds, found by brute force too
(each natural's ``requires``: every condition must hold): ranks, suits, colours, rank ranges
and rank sets by counting, tried every way a rank's cards can go into groups; segment shapes
(all straights, all flushes, all straight flushes) by looking for one of the 72,072 settings
whose three segments all have the shape, with the natural's own options.

Usage::

    python conformance/tools/count_settings.py rulesets/basic.yaml 2c 3c ... (13 cards)

prints ``{"total": 72072, "valid": N, "naturals": [...]}``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, product
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
    naturals: tuple[tuple[str, str], ...] = ()  # (id, its `requires` as JSON) of each natural of the ruleset


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
# A natural's conditions, read from its `requires` mapping as the ruleset writes it.

BLACK, RED = {"c", "s"}, {"d", "h"}


def is_front_straight(cards: tuple[Card, ...], shape: dict[str, Any]) -> bool:
    """Three ranks in sequence: A-2-3, Q-K-A and K-A-2 only as the natural's options say."""
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) != 3:
        return False
    if ranks == [12, 13, ACE]:
        return bool(shape.get("front_ace_high", True))
    if ranks[2] - ranks[0] == 2:
        return True
    if ranks == [2, 3, ACE]:
        return bool(shape.get("front_ace_low", True))
    if ranks == [2, 13, ACE]:
        return bool(shape.get("front_wraparound", False))
    return False


def one_suit(cards: tuple[Card, ...]) -> bool:
    return len({c.suit for c in cards}) == 1


def is_five_straight(cards: tuple[Card, ...]) -> bool:
    return five_card_straight_top([c.rank for c in cards], "lowest") is not None


def shaped(front: tuple[Card, ...], middle: tuple[Card, ...], back: tuple[Card, ...], shape: dict[str, Any]) -> bool:
    """Whether the three segments all have the shape ``shape["each"]``, under the shape's options."""
    segments = (front, middle, back)
    straights = is_front_straight(front, shape) and is_five_straight(middle) and is_five_straight(back)
    suited = all(one_suit(s) for s in segments)
    counts = bool(shape.get("straight_flush_counts", True))
    if shape["each"] == "straight_flush":
        return straights and suited
    if shape["each"] == "straight":
        # Without straight flushes counting, a straight that is also a flush does not serve.
        return straights and (counts or not any(one_suit(s) for s in segments))
    if not suited:
        return False
    if shape.get("distinct_suits", False) and len({front[0].suit, middle[0].suit, back[0].suit}) != 3:
        return False
    return counts or not (is_front_straight(front, shape) or is_five_straight(middle) or is_five_straight(back))


def holds_rank_sets(cards: tuple[Card, ...], sets: dict[str, Any]) -> bool:
    """Whether the cards divide into the groups asked for: every way each rank's cards can go into groups is tried.

    A rank gives one group of all its cards, or nothing; a rank of three may also give a pair
    (split_trips); a rank of four two pairs, three, or a pair (split_quads).
    """
    wanted = (sets.get("quads", 0), sets.get("trips", 0), sets.get("pairs", 0))
    counts = Counter(c.rank for c in cards)
    options = []
    for count in counts.values():
        ways = [(0, 0, 0)]
        if count >= 2:
            ways.append((int(count == 4), int(count == 3), int(count == 2)))
        if count == 3 and sets.get("split_trips", False):
            ways.append((0, 0, 1))
        if count == 4 and sets.get("split_quads", False):
            ways += [(0, 0, 2), (0, 1, 0), (0, 0, 1)]
        options.append(ways)
    return any(tuple(sum(w[i] for w in choice) for i in range(3)) == wanted for choice in product(*options))


def holds_by_counting(cards: tuple[Card, ...], needs: dict[str, Any]) -> bool:
    """The conditions other than segment shapes."""
    if "distinct_ranks" in needs and len({c.rank for c in cards}) < needs["distinct_ranks"]:
        return False
    if "one_suit" in needs and max(Counter(c.suit for c in cards).values()) < needs["one_suit"]:
        return False
    if "one_colour" in needs and max(sum(c.suit in colour for c in cards) for colour in (BLACK, RED)) < needs["one_colour"]:
        return False
    span = needs.get("rank_range")
    if span is not None:
        low, high = RANK_LETTERS.index(span["from"]) + 2, RANK_LETTERS.index(span["to"]) + 2
        if sum(low <= c.rank <= high for c in cards) < span.get("at_least", 13):
            return False
    return "rank_sets" not in needs or holds_rank_sets(cards, needs["rank_sets"])


# --- the count ------------------------------------------------------------------------


def _settings(cards: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]]:
    """Every (front, middle, back): a front of 3, then a middle of 5 of the other 10, the back the last 5."""
    everything = set(range(13))
    for front_idx in combinations(range(13), 3):
        rest = sorted(everything - set(front_idx))
        for middle_idx in combinations(rest, 5):
            back_idx = [i for i in rest if i not in middle_idx]
            yield (tuple(cards[i] for i in front_idx), tuple(cards[i] for i in middle_idx),
                   tuple(cards[i] for i in back_idx))


@cache
def _counted(cards: tuple[Card, ...], opts: Options) -> tuple[int, int]:
    """(settings tried, settings that do not foul); the naturals of ``opts`` play no part."""
    total = valid = 0
    for front, middle, back in _settings(cards):
        total += 1
        valid += not fouls(front, middle, back, opts)
    return total, valid


@cache
def _has_shape(cards: tuple[Card, ...], shape_json: str) -> bool:
    shape = json.loads(shape_json)
    return any(shaped(front, middle, back, shape) for front, middle, back in _settings(cards))


def naturals_held(hand: tuple[str, ...], opts: Options) -> frozenset[str]:
    """The ids of the ruleset's naturals these 13 cards hold."""
    cards = tuple(parse(t) for t in hand)
    held = set()
    for nid, requires in opts.naturals:
        needs = json.loads(requires)
        if "segments" in needs:
            shape = {k: v for k, v in needs["segments"].items() if k != "rule"}
            if not _has_shape(cards, json.dumps(shape, sort_keys=True)):
                continue
        if holds_by_counting(cards, needs):
            held.add(nid)
    return frozenset(held)


def survey(hand: tuple[str, ...], opts: Options) -> tuple[int, int, frozenset[str]]:
    """(settings tried, settings that do not foul, ids of the ruleset's naturals held) for 13 cards."""
    cards = tuple(parse(t) for t in hand)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise SystemExit("a counting case needs 13 different cards")
    total, valid = _counted(cards, replace(opts, naturals=()))
    return total, valid, naturals_held(hand, opts)


def count(hand: list[str], opts: Options) -> dict[str, Any]:
    """The counting case's expected output: total, valid, and the ids of the naturals held."""
    total, valid, held = survey(tuple(hand), opts)
    return {"total": total, "valid": valid, "naturals": sorted(held)}


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
        naturals=tuple((h["id"], json.dumps(h["requires"], sort_keys=True)) for h in p["naturals"]["hands"]),
    )


def main(argv: list[str]) -> int:
    if len(argv) != 14:
        print(__doc__)
        return 2
    print(json.dumps(count(argv[1:], options_for(Path(argv[0])))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
