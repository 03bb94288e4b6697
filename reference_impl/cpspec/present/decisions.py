"""Words for the decisions an explanation names beyond the engine's numbers.

* :func:`deciding_card` — where two hands of the same name part: "on the fourth card", "on the kicker"
  (:func:`deciding_place` says it as data, for an explanation in another language).
* :func:`hand_order` — a hand's cards in the order they are compared (largest group first, then rank).
* :func:`requirement_text` — a Fantasyland requirement in a player's words ("a front of a pair of
  queens or better").

Standard library and the rule modules only: the dispute desk runs this in the browser.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cpspec.rules.cards import RANK_NAMES, RANKS, parse_cards, rank_of
from cpspec.rules.hands import Category, HandValue
from cpspec.rules.model import HandRequirement

_ORDINALS = ("first", "second", "third", "fourth", "fifth")

#: For each category, what the i-th of its ranks is (beyond these: the kickers, in order).
_PLACES: dict[Category, tuple[str, ...]] = {
    Category.PAIR: ("the pair",),
    Category.TWO_PAIR: ("the higher pair", "the lower pair"),
    Category.THREE_OF_A_KIND: ("the three of a kind",),
    Category.FULL_HOUSE: ("the three of a kind", "the pair"),
    Category.FOUR_OF_A_KIND: ("the four of a kind",),
}


def deciding_place(a: HandValue, b: HandValue) -> tuple[str, int] | None:
    """Where two hands of one size and category part, as ``(place, index)``; None when they are equal or differ
    in kind. ``place`` is ``top`` (a straight's top card), ``card`` (the ``index``-th card of a hand of singles),
    ``group`` (the category's ``index``-th group: a pair's pair, a full house's three of a kind) or ``kicker``
    (the ``index``-th kicker; ``-1``: the only one).

    >>> from cpspec.rules.hands import evaluate
    >>> hand = lambda text: evaluate(parse_cards(text.split(), "back"))
    >>> deciding_place(hand("Ks Qs 9s 7s 4s"), hand("Kh Qh 9h 6h 5h"))
    ('card', 3)
    >>> deciding_place(hand("Ks Kd 9s 9c 4s"), hand("Kh Kc 9h 9d 3h"))
    ('kicker', -1)
    """
    if a.category != b.category or a.size != b.size or a.ranks == b.ranks:
        return None
    if a.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return ("top", 0)
    index = next(i for i, (x, y) in enumerate(zip(a.ranks, b.ranks, strict=False)) if x != y)
    places = _PLACES.get(a.category)
    if places is None:
        return ("card", index)
    if index < len(places):
        return ("group", index)
    if len(a.ranks) - len(places) == 1:
        return ("kicker", -1)
    return ("kicker", index - len(places))


def deciding_card(a: HandValue, b: HandValue) -> str | None:
    """Where two hands of one size and category part, in words; None when they are equal or differ in kind.

    >>> from cpspec.rules.hands import evaluate
    >>> flush = lambda text: evaluate(parse_cards(text.split(), "back"))
    >>> deciding_card(flush("Ks Qs 9s 7s 4s"), flush("Kh Qh 9h 6h 5h"))
    'on the fourth card'
    >>> deciding_card(flush("Ks Kd 9s 7c 4s"), flush("Kh Kc 9h 7d 3h"))
    'on the third kicker'
    >>> deciding_card(flush("Ks Kd 9s 9c 4s"), flush("Kh Kc 9h 9d 3h"))
    'on the kicker'
    """
    place = deciding_place(a, b)
    return None if place is None else place_text(a.category, place)


def place_text(category: Category, place: tuple[str, int]) -> str:
    """A :func:`deciding_place` in English: ``on the fourth card``, ``on the pair``, ``on the kicker``."""
    where, index = place
    if where == "top":
        return "on the top card"
    if where == "card":
        return f"on the {_ORDINALS[index]} card"
    if where == "group":
        return f"on {_PLACES[category][index]}"
    return "on the kicker" if index < 0 else f"on the {_ORDINALS[index]} kicker"


def hand_order(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards as they are compared: the largest group of equal ranks first, then the higher rank.

    >>> hand_order(["4s", "Kd", "4h", "Ks", "9c"])
    ('Kd', 'Ks', '4s', '4h', '9c')
    """
    ranks = [rank_of(card) for card in parse_cards(list(cards), "cards")]
    counts = Counter(ranks)
    order = sorted(range(len(cards)), key=lambda i: (-counts[ranks[i]], -ranks[i], i))
    return tuple(cards[i] for i in order)


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "six" else "s")


def requirement_text(requirement: HandRequirement) -> str:
    """A Fantasyland requirement as a player says it.

    >>> requirement_text(HandRequirement("front", "pair", min_rank=10, or_better=True))
    'a front of a pair of queens or better'
    >>> requirement_text(HandRequirement("middle", "full_house", or_better=True))
    'a middle of a full house or better'
    """
    kind = requirement.hand.replace("_", " ")
    if requirement.ranks is not None:
        what = f"{kind} of exactly {' '.join(RANKS[r] for r in requirement.ranks)}"
    elif requirement.hand in ("pair", "three_of_a_kind", "four_of_a_kind") and requirement.min_rank is not None:
        what = f"{kind} of {_plural(requirement.min_rank)}"
    elif requirement.min_rank is not None:
        what = f"{kind}, {RANK_NAMES[requirement.min_rank]} or higher"
    else:
        what = kind
    article = "an" if what[0] in "aeiou" else "a"
    better = " or better" if requirement.or_better else ""
    upper = f", at most {RANK_NAMES[requirement.max_rank]}" if requirement.max_rank is not None else ""
    return f"a {requirement.segment} of {article} {what}{upper}{better}"


__all__ = ["deciding_card", "deciding_place", "hand_order", "place_text", "requirement_text"]
