"""Seeded random protocol requests for every op and ruleset, built to reach the rules.

Random cards alone almost never hold a natural, tie a segment or make a bonus hand, so
hands are built on purpose: a setting is three hands of chosen categories (back at least as
strong a category as the middle, the middle as the front, so that most settings keep the
order and some, of equal categories, do not), 13 cards may be built to hold a natural, two
players may hold the same ranks in a segment, and some settings are fouled on purpose.
What a ruleset allows (players, seat names, declarations, surrender and timeout, stacks,
tournaments, a collection table, a dealing schedule, Fantasyland) is read from its parameters, never
from its name; the Open Face ops go to a ruleset that deals round by round or has Fantasyland, all but
one time in twenty (which answers ``unsupported``). A play is dealt round by round from a shuffled
deck, mostly legal, sometimes broken in one place. About one
request in ten is made bad on purpose (a bad card, a duplicate, a wrong size, an unknown field,
a wrong type, a stack a ruleset does not take, ...), one thing at a time.

Only :class:`random.Random` seeded with the seed is used, so the same seed, count, rulesets
and ops give the same requests, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cpspec.rules.model import (
    SEGMENTS,
    FantasylandOption,
    HandRequirement,
    NaturalConditions,
    NaturalHand,
    RankSets,
    SegmentShapes,
)
from cpspec.rules.play import ROW_SIZES

if TYPE_CHECKING:
    from cpspec.rules.model import Ruleset
    from cpspec.rulesets.loader import RulesetRegistry

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
ACE: Final = 12

#: How often each op is drawn: cheap ops often, the slow ``settings`` (milliseconds) and ``advise``
#: (tens of milliseconds) rarely. Whatever the weights, the first requests of a run take each op once.
OP_WEIGHTS: Final[Mapping[str, float]] = {
    "score": 400, "tournament": 80, "classify": 100, "compare": 100, "check_setting": 100,
    "find_naturals": 80, "settings": 4, "collection": 40, "describe_ruleset": 10, "hello": 10, "advise": 0.25,
    "check_play": 40, "qualify_fantasyland": 30, "solve_fantasyland": 0.5,
}
#: The share of requests made bad on purpose.
BAD_SHARE: Final = 0.1
#: The share of Open Face requests sent to a ruleset that does not deal round by round or has no Fantasyland.
UNSUPPORTED_SHARE: Final = 0.05
#: The Fantasyland hand sizes ``solve_fantasyland`` is given: 15 to 17 cards take far longer on the readable path.
SOLVE_SIZES: Final = (13, 14)

def rank_set_shapes(sets: RankSets) -> list[list[int]]:
    """How many cards of each rank 13 cards holding ``sets`` may have (the rest single), one list per way:
    the groups as asked, and where ranks may be divided, three of a rank for a pair, four for two pairs or a three."""
    shapes = [[4] * sets.quads + [3] * sets.trips + [2] * sets.pairs]
    if sets.split_trips and sets.pairs:
        shapes.append([4] * sets.quads + [3] * (sets.trips + 1) + [2] * (sets.pairs - 1))
    if sets.split_quads and sets.pairs >= 2:
        shapes.append([4] * (sets.quads + 1) + [3] * sets.trips + [2] * (sets.pairs - 2))
    if sets.split_quads and sets.trips:
        shapes.append([4] * (sets.quads + 1) + [3] * (sets.trips - 1) + [2] * sets.pairs)
    return [shape + [1] * (13 - sum(shape)) for shape in shapes if sum(shape) <= 13]


#: Naturals to build 13 cards for when a ruleset has none (thirteen ranks; six pairs; three flushes; three straights).
OTHER_NATURALS: Final = tuple(
    NaturalHand(kind, kind, 1, 1, "none", requires)
    for kind, requires in (
        ("ranks", NaturalConditions(distinct_ranks=13)),
        ("pairs", NaturalConditions(rank_sets=RankSets(pairs=6, split_trips=True, split_quads=True))),
        ("flushes", NaturalConditions(segments=SegmentShapes("flush"))),
        ("straights", NaturalConditions(segments=SegmentShapes("straight"))),
    )
)

Card = int  # rank * 4 + suit, as in cpspec.rules.cards
#: How many cards of each rank a hand of a category (and size) holds, the ranks drawn at random.
_CATEGORIES: Final = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                      "four_of_a_kind", "straight_flush")
_FRONTS: Final = ("high_card", "pair", "three_of_a_kind")
#: Orders of the 13 ranks to draw distinct ranks from: a fixed table, cheaper than a sample each time.
_PERMUTATIONS: Final = [random.Random(n).sample(range(13), 13) for n in range(1024)]
_SHAPES: Final = {
    ("high_card", 5): (1, 1, 1, 1, 1), ("high_card", 3): (1, 1, 1), ("pair", 5): (2, 1, 1, 1), ("pair", 3): (2, 1),
    ("two_pair", 5): (2, 2, 1), ("three_of_a_kind", 5): (3, 1, 1), ("three_of_a_kind", 3): (3,),
    ("full_house", 5): (3, 2), ("four_of_a_kind", 5): (4, 1),
}
Setting = tuple[list[Card], list[Card], list[Card]]


class Round(NamedTuple):
    """One round of a play being built: the cards dealt, the rows after it (front, middle, back), the discards."""

    dealt: list[Card]
    board: list[list[Card]]
    discarded: list[Card]


def _row_of(board: Sequence[Sequence[Card]], card: Card) -> int:
    return next(r for r, row in enumerate(board) if card in row)


def _move(rounds: Sequence[Round], card: Card, row: int) -> None:
    """``card`` taken from its row and put in ``row``, in each of ``rounds`` that holds it."""
    for played in rounds:
        if any(card in r for r in played.board):
            played.board[_row_of(played.board, card)].remove(card)
            played.board[row].append(card)


def card_text(card: Card) -> str:
    """The two-character text of a card (rank then suit, e.g. ``Td``), as the protocol writes cards."""
    return RANKS[card >> 2] + SUITS[card & 3]


def texts(cards: Sequence[Card]) -> list[str]:
    """The texts of the cards, in order (see :func:`card_text`)."""
    return [card_text(c) for c in cards]


def generate_requests(seed: int, count: int, rulesets: Sequence[str] | None = None,
                      ops: Sequence[str] | None = None, bad_share: float = BAD_SHARE,
                      registry: RulesetRegistry | None = None) -> Iterator[dict[str, Any]]:
    """``count`` protocol requests ``{"id": n, "op": ..., "ruleset": ..., "input": ...}``, ids 1 to count.

    ``rulesets`` and ``ops`` limit what is drawn (default: every bundled ruleset, every op of
    :data:`OP_WEIGHTS`); the first requests take each op once, in that order, the rest are drawn
    by :data:`OP_WEIGHTS`. ``bad_share`` is the share of requests made bad on purpose (0 for
    none). ``registry``: where the rulesets are (default: the bundled ones). The same arguments give the
    same requests. Raises ValueError for an unknown op or an empty choice.
    """
    from cpspec.rulesets.loader import bundled_registry

    pool = registry or bundled_registry()
    chosen_rulesets = [pool.get(r) for r in (rulesets if rulesets is not None else pool.ids())]
    chosen_ops = list(ops) if ops is not None else list(OP_WEIGHTS)
    unknown = [op for op in chosen_ops if op not in OP_WEIGHTS]
    if unknown or not chosen_ops or not chosen_rulesets:
        raise ValueError(f"nothing to draw from (unknown ops: {unknown})" if unknown else "nothing to draw from")
    weights = [OP_WEIGHTS[op] for op in chosen_ops]
    able = {op: [r for r in chosen_rulesets if needs(r)] for op, needs in _NEEDS.items()}
    rng = random.Random(seed)
    for number in range(1, count + 1):
        op = chosen_ops[number - 1] if number <= len(chosen_ops) else rng.choices(chosen_ops, weights)[0]
        ruleset = rng.choice(chosen_rulesets)
        if op in _NEEDS and not _NEEDS[op](ruleset) and able[op] and rng.random() >= UNSUPPORTED_SHARE:
            ruleset = rng.choice(able[op])
        data = _INPUTS[op](_Maker(rng, ruleset))
        request: dict[str, Any] = {"id": number, "op": op}
        if op != "hello":
            request["ruleset"] = ruleset.id
        request["input"] = data
        if rng.random() < bad_share:
            spoil(rng, request, ruleset)
        yield request


class _Maker:
    """Builds the inputs of one request from a shuffled deck, under one ruleset."""

    def __init__(self, rng: random.Random, ruleset: Ruleset) -> None:
        self.rng = rng
        self.ruleset = ruleset
        self.shuffle()

    def shuffle(self) -> None:
        """A full deck again; its order is drawn when first needed (most hands are built by rank)."""
        self.order: list[Card] = []
        self.free = set(range(52))
        self.suits = self.rng.sample(range(4), 4)  # the order in which suits are tried for a rank

    # --- cards ---

    def next_cards(self, count: int) -> list[Card]:
        """The next ``count`` free cards of the shuffled deck (fewer when the deck runs out)."""
        if not self.order:
            self.order = list(range(52))
            self.rng.shuffle(self.order)
        found = []
        for card in self.order:
            if card in self.free:
                found.append(card)
                if len(found) == count:
                    break
        self.free.difference_update(found)
        return found

    def put_back(self, cards: Sequence[Card]) -> None:
        self.free.update(cards)

    def hand_of_ranks(self, ranks: Sequence[int], suit: int | None = None) -> list[Card] | None:
        """Cards of these ranks (a rank repeated for a pair), of one suit if given; None if not left."""
        taken: list[Card] = []
        free = self.free
        for index, rank in enumerate(ranks):
            # Each card starts from the next suit: five distinct ranks make no flush by accident.
            suits = (suit,) if suit is not None else self.suits[index % 4:] + self.suits[:index % 4]
            for tried in suits:
                card = rank * 4 + tried
                if card in free:
                    free.discard(card)
                    taken.append(card)
                    break
            else:
                self.put_back(taken)
                return None
        return taken

    def distinct_ranks(self, count: int) -> list[int]:
        return _PERMUTATIONS[self.rng.randrange(len(_PERMUTATIONS))][:count]

    def hand(self, category: str, size: int) -> list[Card] | None:
        """A hand of ``size`` cards (3 or 5) of the given category, from the deck; None if it cannot be made."""
        rng = self.rng
        if category == "straight" or category == "straight_flush":
            top = rng.randrange(3 if size == 5 else 1, 13)  # 3: five-high, the wheel
            ranks = [(top - i) % 13 for i in range(size)] if top >= size - 1 else [ACE, *range(size - 1)]
            suit = rng.randrange(4) if category == "straight_flush" else None
            return self.hand_of_ranks(ranks, suit)
        if category == "flush":
            return self.hand_of_ranks(self.distinct_ranks(size), rng.randrange(4))
        shape = _SHAPES[category, size]
        ranks = self.distinct_ranks(len(shape))
        return self.hand_of_ranks([r for r, n in zip(ranks, shape, strict=True) for _ in range(n)])

    def setting(self) -> Setting:
        """A front, middle and back of chosen categories, from the back down.

        Mostly each a category below the one behind it, so that the order holds whatever the
        ranks; one time in eight the same category as the one behind it, which fouls or not by rank.
        """
        rng = self.rng
        back = rng.choices(_CATEGORIES, [1, 3, 20, 12, 12, 12, 10, 6, 4])[0]
        at = _CATEGORIES.index(back)
        same = rng.random() < 1 / 8
        middle = back if same else rng.choice(_CATEGORIES[1:at] or _CATEGORIES[:1])
        below = _CATEGORIES.index(middle) + (1 if rng.random() < 1 / 6 else 0)
        front = rng.choice([f for f in _FRONTS if _CATEGORIES.index(f) < below] or _FRONTS[:1])
        parts = [self.hand(back, 5), self.hand(middle, 5), self.hand(front, 3)]
        if any(p is None for p in parts):
            for part in parts:
                self.put_back(part or [])
            return self.any_setting()
        b, m, f = parts
        assert b is not None and m is not None and f is not None
        return f, m, b

    def any_setting(self) -> Setting:
        """The next 13 cards, grouped by rank and set strongest groups last (often in order)."""
        cards = self.next_cards(13)
        count = {r: sum(1 for c in cards if c >> 2 == r) for r in {c >> 2 for c in cards}}
        cards.sort(key=lambda c: (count[c >> 2], c >> 2))
        return cards[:3], cards[3:8], cards[8:]

    def natural(self, natural: NaturalHand) -> Setting | None:
        """13 cards meant to hold ``natural``, built from its main condition, set as it is naturally set.

        None if the deck cannot; the cards may miss another of its conditions (the engines decide).
        """
        rng = self.rng
        needs = natural.requires
        if needs.segments is not None:
            each = needs.segments.each
            if each == "flush":
                suits = [rng.randrange(4) for _ in range(3)]
                parts = [self.hand_of_ranks(self.distinct_ranks(n), s) for n, s in zip((3, 5, 5), suits, strict=True)]
            else:
                parts = [self.hand("straight" if each == "straight" else "straight_flush", n) for n in (3, 5, 5)]
            if any(p is None for p in parts):
                for part in parts:
                    self.put_back(part or [])
                return None
            front, middle, back = parts
            assert front is not None and middle is not None and back is not None
            return front, middle, back
        cards: list[Card] | None
        if needs.rank_sets is not None:
            shape = rng.choice(rank_set_shapes(needs.rank_sets))
            ranks = self.distinct_ranks(len(shape))
            cards = self.hand_of_ranks([r for r, n in zip(ranks, shape, strict=True) for _ in range(n)])
        elif needs.one_suit is not None or needs.one_colour is not None:
            suits = [rng.randrange(4)] if needs.one_suit is not None else rng.choice([[0, 3], [1, 2]])
            pool = [c for c in self.free if c & 3 in suits]
            cards = sorted(rng.sample(sorted(pool), 13)) if len(pool) >= 13 else None
            if cards is not None:
                self.free.difference_update(cards)
        elif needs.rank_range is not None:
            span = needs.rank_range
            pool = [c for c in self.free if span.low <= c >> 2 <= span.high]
            cards = sorted(rng.sample(sorted(pool), 13)) if len(pool) >= 13 else None
            if cards is not None:
                self.free.difference_update(cards)
        else:
            cards = self.hand_of_ranks(range(13))
        return (cards[:3], cards[3:8], cards[8:]) if cards else None

    # --- players ---

    def seats(self, count: int) -> list[str]:
        names = self.ruleset.parameters.players.seat_names
        rng = self.rng
        if names is not None:
            chosen = rng.sample(list(names), count)
            return chosen if rng.random() < 0.5 else sorted(chosen, key=list(names).index)
        pool = rng.choice([["A", "B", "C", "D"], ["North", "East", "South", "West"], ["P1", "P2", "P3", "P4"],
                           ["Ann", "Bob", "Cy", "Di"], ["东", "南", "西", "北"]])
        return pool[:count]

    def player(self, seat: str) -> dict[str, Any]:
        """One player of a deal: most set a hand; some hold a natural, foul, surrender or time out.

        A declaration the ruleset does not provide for (an error) is made only rarely, so that
        a deal of four is seldom an error because of one player.
        """
        rng = self.rng
        params = self.ruleset.parameters
        roll = rng.random()
        naturals = params.naturals
        odd = rng.random() < 0.02  # a declaration the ruleset may not allow
        if roll < 0.14 and naturals.hands:
            hand = rng.choice(naturals.hands)
            built = self.natural(hand)
            if built is not None:
                return self.natural_player(seat, built, hand.id)
        if roll < 0.17 and (naturals.hands or odd):
            # A declaration of a natural that is (almost always) not held: a false declaration.
            front, middle, back = self.setting()
            return {"seat": seat, "declare": "natural", "front": texts(front), "middle": texts(middle),
                    "back": texts(back)}
        allowed = [d for d in ("surrender", "timeout") if getattr(params.penalties, d) is not None]
        if roll < 0.23 and (allowed or odd):
            declare = rng.choice(["surrender", "timeout"] if odd else allowed)
            if rng.random() < 0.5:
                return {"seat": seat, "declare": declare}
            front, middle, back = self.setting()
            return {"seat": seat, "declare": declare, "front": texts(front), "middle": texts(middle),
                    "back": texts(back)}
        front, middle, back = self.setting()
        if roll > 0.96:  # fouled on purpose: the middle and back exchanged, or the front and the middle's top
            if rng.random() < 0.5:
                middle, back = back, middle
            else:
                front, middle = middle[:3], front + middle[3:]
        return {"seat": seat, "front": texts(front), "middle": texts(middle), "back": texts(back)}

    def natural_player(self, seat: str, built: Setting, natural_id: str) -> dict[str, Any]:
        rng = self.rng
        front, middle, back = built
        player: dict[str, Any] = {"seat": seat}
        declared = self.ruleset.parameters.naturals.declaration == "declared"
        if rng.random() < (0.75 if declared else 0.3):
            player["declare"] = "natural"
            if rng.random() < 0.5:
                player["natural"] = natural_id
            if rng.random() < 0.4:
                cards = front + middle + back
                rng.shuffle(cards)
                player["cards"] = texts(cards)
                return player
        player.update(front=texts(front), middle=texts(middle), back=texts(back))
        return player

    def mirrored(self, seat: str, model: dict[str, Any]) -> dict[str, Any] | None:
        """A player holding ``model``'s ranks (other suits) in some segments: tied segments.

        The back with the middle most of the time (the order then holds as the model's does),
        sometimes all three, one alone now and then. None when the deck has not the cards.
        """
        rng = self.rng
        copied = rng.choices([("back", "middle"), ("back", "middle", "front"), ("back",), ("middle",), ("front",)],
                             [4, 2, 1, 1, 1])[0]
        front, middle, back = self.setting()
        fresh = {"front": front, "middle": middle, "back": back}
        for segment in copied:
            self.put_back(fresh[segment])
        made: dict[str, list[Card]] = {}
        for segment in copied:
            cards = [RANKS.index(t[0]) * 4 + SUITS.index(t[1]) for t in model[segment]]
            suits = {c & 3 for c in cards}
            if len(suits) == 1:  # a flush ties a flush of another suit
                options = [self.hand_of_ranks([c >> 2 for c in cards], s) for s in range(4) if s not in suits]
                copy = next((o for o in options if o), None)
                for other in options:
                    if other and other is not copy:
                        self.put_back(other)
            else:
                copy = self.hand_of_ranks([c >> 2 for c in cards])
            if copy is None:
                for cards_made in [*made.values(), *(fresh[k] for k in fresh if k not in copied)]:
                    self.put_back(cards_made)
                return None
            made[segment] = copy
        fresh.update(made)
        return {"seat": seat, "front": texts(fresh["front"]), "middle": texts(fresh["middle"]),
                "back": texts(fresh["back"])}

    def deal(self, seats: list[str] | None = None) -> dict[str, Any]:
        rng = self.rng
        limits = self.ruleset.parameters.players
        if seats is None:
            seats = self.seats(rng.randint(limits.min, limits.max))
        players: list[dict[str, Any]] = []
        for seat in seats:
            model = players[-1] if players and rng.random() < 0.4 else None
            twin = self.mirrored(seat, model) if model and "front" in model and "declare" not in model else None
            players.append(twin or self.player(seat))
        deal: dict[str, Any] = {"players": players}
        if self.ruleset.parameters.settlement is not None and rng.random() < 0.5:
            deal["button"] = rng.choice(seats)
            deal["stacks"] = {s: rng.choice([0, 1, 2, 3, 5, 8, 12, 100]) for s in seats}
        return deal

    def thirteen(self) -> list[Card]:
        """13 cards: half the time holding a natural of the ruleset (or another), else as dealt."""
        if self.rng.random() < 0.5:
            built = self.natural(self.rng.choice(self.ruleset.parameters.naturals.hands or OTHER_NATURALS))
            if built is not None:
                return built[0] + built[1] + built[2]
        return self.next_cards(13)

    # --- Open Face ---

    def play(self, schedule: Sequence[tuple[int, int]]) -> list[Round]:
        """A hand played round by round (``(cards, keep)`` a round), dealt from the shuffled deck.

        Half the time the cards kept make a setting built as for the other ops (placed in its
        rows, in a shuffled order), else each card kept goes to a row with room at random.
        """
        rng = self.rng
        target: dict[Card, int] = {}
        if rng.random() < 0.5:
            target = {c: row for row, part in enumerate(self.setting()) for c in part}
        order = list(target)
        rng.shuffle(order)
        rows: list[list[Card]] = [[], [], []]
        rounds: list[Round] = []
        for cards, keep in schedule:
            if target:
                kept, order = order[:keep], order[keep:]
                others = self.next_cards(cards - keep) if cards > keep else []
                dealt = kept + others
                rng.shuffle(dealt)
            else:
                dealt = self.next_cards(cards)
                kept = rng.sample(dealt, min(keep, len(dealt)))
            for card in kept:
                if card in target:
                    rows[target[card]].append(card)
                    continue
                room = [r for r, segment in enumerate(SEGMENTS) if len(rows[r]) < ROW_SIZES[segment]] or [0, 1, 2]
                rows[rng.choice(room)].append(card)
            rounds.append(Round(dealt, [list(r) for r in rows], [c for c in dealt if c not in kept]))
        return rounds

    def break_play(self, rounds: list[Round]) -> None:
        """One deliberate violation in a round (in place): a card moved, a row overfull, a wrong number
        kept, a card not dealt, a wrong deal size, wrong discards, or a round too many."""
        rng = self.rng
        at = rng.randrange(len(rounds))
        played = rounds[at]
        new = [c for row in played.board for c in row if not any(c in r for r in rounds[at - 1].board)] \
            if at else [c for row in played.board for c in row]
        how = rng.choice(["moved", "overfull", "kept", "not_dealt", "deal_size", "discards", "extra_round"])
        if how == "moved" and at:
            card = rng.choice([c for row in rounds[at - 1].board for c in row] or [None])
            if card is not None:
                _move(rounds[at:], card, rng.choice([r for r in range(3) if card not in played.board[r]]))
        elif how == "overfull" and new:
            card = rng.choice(new)
            elsewhere = [r for r in range(3) if card not in played.board[r]]
            full = [r for r in elsewhere if len(played.board[r]) >= ROW_SIZES[SEGMENTS[r]]]
            _move(rounds[at:], card, rng.choice(full or elsewhere))
        elif how == "kept" and (new or played.discarded):
            if played.discarded and (rng.random() < 0.5 or not new):
                card = played.discarded.pop(rng.randrange(len(played.discarded)))
                row = rng.randrange(3)
                for later in rounds[at:]:
                    later.board[row].append(card)
            else:
                card = rng.choice(new)
                for later in rounds[at:]:
                    later.board[_row_of(later.board, card)].remove(card)
                played.discarded.append(card)
        elif how == "not_dealt" and new:
            card = rng.choice(new)
            fresh = self.next_cards(1)
            if fresh:
                played.dealt[played.dealt.index(card)] = fresh[0]
                if rng.random() < 0.5:
                    played.discarded.append(fresh[0])
        elif how == "deal_size":
            if played.discarded and rng.random() < 0.5:
                played.dealt.remove(played.discarded.pop())
            else:
                played.dealt.extend(self.next_cards(1))
        elif how == "discards":
            if played.discarded and rng.random() < 0.5:
                played.discarded.pop()
            else:
                played.discarded.append(rng.choice(played.dealt))
        else:
            extra = self.next_cards(1)
            rows = [list(r) for r in rounds[-1].board]
            if extra:
                rows[rng.randrange(3)].append(extra[0])
            rounds.append(Round(extra, rows, []))

    def option_board(self, option: FantasylandOption) -> Setting:
        """A board built to meet ``option`` (or, one time in four, to just miss a rank bound)."""
        parts = list(self.setting())
        for need in option.requires:
            row = SEGMENTS.index(need.segment)
            self.put_back(parts[row])
            made = self.required(need, len(parts[row]))
            if made is None:
                self.free.difference_update(parts[row])
            else:
                parts[row] = made
        front, middle, back = parts
        return front, middle, back

    def required(self, need: HandRequirement, size: int) -> list[Card] | None:
        """A hand of ``size`` cards meeting ``need`` (sometimes a stronger one it allows), or just outside a bound."""
        rng = self.rng
        if need.ranks is not None:
            return self.hand_of_ranks(list(need.ranks)) if len(need.ranks) == size else None
        category = need.hand
        if category not in _CATEGORIES:
            return None
        if need.or_better and rng.random() < 0.3:
            above = _CATEGORIES.index(category)
            stronger = [c for c in (_FRONTS if size == 3 else _CATEGORIES) if _CATEGORIES.index(c) > above]
            if stronger:
                return self.hand(rng.choice(stronger), size)
        shape = _SHAPES.get((category, size))
        if shape is None or (need.min_rank is None and need.max_rank is None):
            return self.hand(category, size) if shape is not None or size == 5 else None
        low, high = need.min_rank or 0, ACE if need.max_rank is None else need.max_rank
        rank = rng.randint(low, high)
        if rng.random() < 0.25:  # just outside the bound
            rank = low - 1 if need.min_rank is not None and low > 0 else min(high + 1, ACE)
        others = [r for r in self.distinct_ranks(len(shape)) if r != rank][:len(shape) - 1]
        return self.hand_of_ranks([r for r, n in zip([rank, *others], shape, strict=True) for _ in range(n)])


# --- the inputs of each op ---


def _score(m: _Maker) -> dict[str, Any]:
    return m.deal()


def _tournament(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    limits = m.ruleset.parameters.players
    seats = m.seats(rng.randint(limits.min, limits.max))
    deals = []
    for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 6, 8])):
        m.shuffle()
        deal = m.deal(rng.sample(seats, len(seats)) if rng.random() < 0.2 else list(seats))
        deal.pop("button", None)
        deal.pop("stacks", None)
        if rng.random() < 0.15:
            deal["replacements"] = {rng.choice(seats): rng.choice(["Eve", "Finn", "Gus"])}
        deals.append(deal)
    data: dict[str, Any] = {"deals": deals}
    if rng.random() < 0.3:
        data["names"] = {s: f"player {i + 1}" for i, s in enumerate(seats) if rng.random() < 0.7}
    return data


def _classify(m: _Maker) -> dict[str, Any]:
    return {"cards": texts(_one_hand(m, m.rng.choice([3, 5, 5])))}


def _one_hand(m: _Maker, size: int) -> list[Card]:
    categories = _FRONTS if size == 3 else _CATEGORIES
    return m.hand(m.rng.choice(categories), size) or m.next_cards(size)


def _compare(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    size_a, size_b = rng.choice([(5, 5), (5, 5), (3, 3), (3, 5), (5, 3)])
    a = _one_hand(m, size_a)
    if size_a == size_b and rng.random() < 0.35:  # the same ranks, other suits: a tie, unless a flush
        b = m.hand_of_ranks([c >> 2 for c in a]) or _one_hand(m, size_b)
    else:
        b = _one_hand(m, size_b)
    return {"a": texts(a), "b": texts(b)}


def _check_setting(m: _Maker) -> dict[str, Any]:
    player = m.player("A")
    if "front" not in player:
        front, middle, back = m.setting()
        return {"front": texts(front), "middle": texts(middle), "back": texts(back)}
    return {key: player[key] for key in ("front", "middle", "back")}


def _find_naturals(m: _Maker) -> dict[str, Any]:
    return {"cards": texts(m.thirteen())}


def _settings(m: _Maker) -> dict[str, Any]:
    data: dict[str, Any] = {"cards": texts(m.thirteen())}
    if m.rng.random() < 0.4:
        data["list"] = m.rng.random() < 0.7
        if m.rng.random() < 0.7:
            data["limit"] = m.rng.choice([0, 1, 3, 10])
    return data


def _collection(m: _Maker) -> dict[str, Any]:
    table = m.ruleset.parameters.collection
    levels = [level.game for level in table.levels] if table else [5.0, 10.0]
    game = m.rng.choice([*levels, *levels, 1, 7, 15, 99, 101, 250, 2.5, 1000000])
    return {"game": int(game) if float(game).is_integer() else game}


def _advise(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    limits = m.ruleset.parameters.players
    return {"cards": texts(m.thirteen()), "opponents": rng.randint(max(1, limits.min - 1), limits.max - 1),
            "deals": rng.randint(1, 3), "seed": rng.randrange(1000), "candidates": rng.randint(1, 2)}


def _nothing(_: _Maker) -> dict[str, Any]:
    return {}


def _fantasyland_sizes(ruleset: Ruleset) -> list[int]:
    """The sizes of the Fantasyland hands the ruleset deals (none without Fantasyland)."""
    fantasyland = ruleset.parameters.fantasyland
    return sorted({o.cards for o in (*fantasyland.entry, *fantasyland.stay)}) if fantasyland else []


#: An ordinary schedule for a ruleset that has none (the request answers ``unsupported``).
_PLAIN_SCHEDULE: Final = ((5, 5), *((1, 1),) * 8)


def _check_play(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    params = m.ruleset.parameters
    sizes = _fantasyland_sizes(m.ruleset)
    fantasyland = None
    schedule: Sequence[tuple[int, int]]
    if rng.random() < 0.2:  # a Fantasyland hand, dealt at once
        fantasyland = rng.choice(sizes or [13, 14])
        schedule = ((fantasyland, 13),)
    elif params.dealing is not None:
        schedule = [(r.cards, r.keep) for r in params.dealing.rounds]
    else:
        schedule = _PLAIN_SCHEDULE
    if len(schedule) > 1 and rng.random() < 0.25:  # a play not finished yet
        schedule = schedule[:rng.randrange(1, len(schedule))]
    rounds = m.play(schedule)
    if rng.random() < 0.3:
        m.break_play(rounds)
    shown = rng.random()  # the discards given every round, never, or in some rounds
    data: dict[str, Any] = {"rounds": [
        {"dealt": texts(r.dealt), "board": dict(zip(SEGMENTS, map(texts, r.board), strict=True)),
         **({"discarded": texts(r.discarded)} if shown < 0.5 or (shown < 0.8 and rng.random() < 0.5) else {})}
        for r in rounds]}
    if fantasyland is not None:
        data["fantasyland"] = fantasyland
    return data


def _qualify_fantasyland(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    fantasyland = m.ruleset.parameters.fantasyland
    in_fantasyland = rng.random() < 0.4
    options = (fantasyland.stay if in_fantasyland else fantasyland.entry) if fantasyland else ()
    if fantasyland and rng.random() < 0.15:  # the other list's options: entry met while staying, and so on
        options = fantasyland.entry if in_fantasyland else fantasyland.stay
    if options and rng.random() < 0.6:
        front, middle, back = m.option_board(rng.choice(options))
    else:
        front, middle, back = m.setting()
    data: dict[str, Any] = {"front": texts(front), "middle": texts(middle), "back": texts(back)}
    if in_fantasyland or rng.random() < 0.7:
        data["in_fantasyland"] = in_fantasyland
    return data


def _solve_fantasyland(m: _Maker) -> dict[str, Any]:
    rng = m.rng
    size = rng.choice([n for n in _fantasyland_sizes(m.ruleset) if n in SOLVE_SIZES] or list(SOLVE_SIZES))
    if rng.random() < 0.5:  # a built setting and the rest as dealt: royalties likelier
        front, middle, back = m.setting()
        cards = front + middle + back + (m.next_cards(size - 13) if size > 13 else [])
        rng.shuffle(cards)
    else:
        cards = m.next_cards(size)
    data: dict[str, Any] = {"cards": texts(cards)}
    if rng.random() < 0.4:
        data["stay_value"] = rng.choice([0, 1, 5, 10, 25, 1000])
    return data


#: What a ruleset must have for an op to be more than ``unsupported``.
_NEEDS: Final[Mapping[str, Callable[[Ruleset], bool]]] = {
    "check_play": lambda r: r.parameters.dealing is not None,
    "qualify_fantasyland": lambda r: r.parameters.fantasyland is not None,
    "solve_fantasyland": lambda r: any(n in SOLVE_SIZES for n in _fantasyland_sizes(r)),
}


_INPUTS: Final[Mapping[str, Callable[[_Maker], dict[str, Any]]]] = {
    "score": _score, "tournament": _tournament, "classify": _classify, "compare": _compare,
    "check_setting": _check_setting, "find_naturals": _find_naturals, "settings": _settings,
    "collection": _collection, "advise": _advise, "describe_ruleset": _nothing, "hello": _nothing,
    "check_play": _check_play, "qualify_fantasyland": _qualify_fantasyland, "solve_fantasyland": _solve_fantasyland,
}


# --- bad inputs ---


def card_lists(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every list of card texts inside ``value``."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) and len(v) == 2 for v in value):
            return [path]
        return [p for i, v in enumerate(value) for p in card_lists(v, (*path, i))]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in card_lists(v, (*path, k))]
    return []


def at_path(value: Any, path: Sequence[Any]) -> Any:
    """The value inside ``value`` that ``path`` leads to, one key or index a step."""
    for step in path:
        value = value[step]
    return value


def object_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every object inside ``value`` (``value`` itself included)."""
    found = [path] if isinstance(value, dict) else []
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return found
    return found + [p for k, v in items for p in object_paths(v, (*path, k))]


#: The number (and flag) fields a request may hold, made wrong by the "number" spoiling.
_NUMBERS: Final = ("game", "limit", "list", "opponents", "deals", "seed", "fantasyland", "stay_value", "in_fantasyland")


def spoil(rng: random.Random, request: dict[str, Any], ruleset: Ruleset) -> None:
    """Make one thing about ``request`` wrong (in place): the card, shape, type or field level."""
    data = request["input"]
    lists = card_lists(data)
    choices: list[str] = ["field", "type", "request"]
    if lists:
        choices += ["card", "card", "duplicate", "size", "size"]
    if isinstance(data.get("players"), list) or isinstance(data.get("deals"), list):
        choices += ["players", "seat", "declare", "stacks"]
    if any(k in data for k in _NUMBERS if k not in ("deals", "seed")):  # a tournament's deals are a list
        choices += ["number", "number"]
    how = rng.choice(choices)
    if how == "card":
        cards = at_path(data, rng.choice(lists))
        cards[rng.randrange(len(cards))] = rng.choice(["Xx", "10h", "1s", "", "A", "Ahh", 7, None, "Zc", "Ao"])
    elif how == "duplicate":
        first, second = rng.choice(lists), rng.choice(lists)
        source, target = at_path(data, first), at_path(data, second)
        target[rng.randrange(len(target))] = rng.choice(source)
    elif how == "size":
        cards = at_path(data, rng.choice(lists))
        if rng.random() < 0.5 and len(cards) > 1:
            cards.pop(rng.randrange(len(cards)))
        else:
            cards.append(rng.choice(["2c", "2d", "2h", "2s"]))
    elif how == "players":
        deal = data if "players" in data else rng.choice(data["deals"])
        if len(deal["players"]) > 1 and rng.random() < 0.6:
            gone = deal["players"].pop()
            if isinstance(deal.get("stacks"), dict):
                deal["stacks"].pop(gone.get("seat"), None)
            if deal.get("button") == gone.get("seat"):
                deal.pop("button")
                deal.pop("stacks", None)
        else:
            deal["players"].append({"seat": "Extra", "declare": "surrender"})
    elif how == "seat":
        deal = data if "players" in data else rng.choice(data["deals"])
        player = rng.choice(deal["players"])
        player["seat"] = rng.choice(["", " ", "x" * 65, 7, None, deal["players"][0]["seat"], "Nowhere"])
    elif how == "declare":
        deal = data if "players" in data else rng.choice(data["deals"])
        player = rng.choice(deal["players"])
        if rng.random() < 0.5:
            player["declare"] = rng.choice(["pass", "Natural", "", 1, None])
        else:
            known = [h.id for h in ruleset.parameters.naturals.hands]
            player["natural"] = rng.choice(["royal-flush", "", 3, None, *known])
    elif how == "stacks":
        deal = data if "players" in data else rng.choice(data["deals"])
        seats = [p.get("seat") for p in deal["players"]]
        deal["button"] = rng.choice([*seats, "Nowhere", None, 3])
        stacks: dict[str, Any] = {s: 5 for s in seats if isinstance(s, str)}
        if stacks and rng.random() < 0.6:
            stacks[rng.choice(list(stacks))] = rng.choice([-1, 2.5, "5", True, None, 10**13])
        deal["stacks"] = rng.choice([stacks, {}, [5, 5], None])
    elif how == "number":
        key = rng.choice([k for k in _NUMBERS if k in data])
        data[key] = rng.choice([0, -1, 1.5, "ten", True, None, 10**13, [], 72073])
    elif how == "field":
        path = rng.choice(object_paths(data))
        target = at_path(data, path)
        if target and rng.random() < 0.5:
            target.pop(rng.choice(list(target)))
        else:
            target[rng.choice(["colour", "Seat", "extra", "cards", "natural"])] = rng.choice([1, "x", [], None])
    elif how == "type":
        path = rng.choice(object_paths(data))
        target = at_path(data, path)
        if target:
            key = rng.choice(list(target))
            target[key] = rng.choice(["x", 1, {}, [], None, True])
        else:
            request["input"] = rng.choice([[], "x", None, 3])
    else:
        what = rng.choice(["op", "ruleset", "extra", "input"])  # the id stays readable: answers are matched by it
        if what == "op":
            request["op"] = rng.choice(["dance", "Score", "", 5])
        elif what == "ruleset":
            request["ruleset"] = rng.choice(["nonesuch", "", 5, None])
        elif what == "extra":
            request["colour"] = "red"
        else:
            request["input"] = rng.choice([[], "x", None, 3])
