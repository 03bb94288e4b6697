"""Stack-limited settlement: paying matchups in table order from the button.

Seats are listed in seating order, which is clockwise. Matchups are paid in the
order the ruleset gives (the first seat settles with every other seat, going
round in the ruleset's direction, then the next seat with those left, ...);
where naturals settle first, the matchups naturals decide go round in that order
before the others. How stacks limit a payment is the ruleset's ``limit``:

* ``balance``: a player pays at most what it holds when the payment comes (its stack
  and what it has collected so far), and wins at most the stack it started with, so no
  player ends with less than nothing or wins more than its stack;
* ``each_chip_once``: each chip of a starting stack covers one payment only, won (the
  chip is doubled) or lost, so winnings and losses together come to at most the stack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cpspec.rules.model import Settlement


@dataclass(frozen=True)
class Payment:
    """One matchup settled (``settlement.payments[]``): what the payer owed the payee, and what was paid."""

    payer: str
    payee: str
    owed: int
    paid: int


def payment_order(seats: Sequence[str], button: str, settlement: Settlement) -> list[str]:
    """Seats in the order they settle, starting next to the button.

    >>> from cpspec.rules.model import Settlement
    >>> payment_order(["A", "B", "C", "D"], "B", Settlement("left_of_button", "clockwise", "r-x"))
    ['C', 'D', 'A', 'B']
    >>> payment_order(["A", "B", "C", "D"], "B", Settlement("right_of_button", "counterclockwise", "r-x"))
    ['A', 'D', 'C', 'B']
    >>> payment_order(["A", "B", "C", "D"], "A", Settlement("button", "clockwise", "r-x"))
    ['A', 'B', 'C', 'D']
    """
    n = len(seats)
    at = seats.index(button)
    step = 1 if settlement.direction == "clockwise" else -1
    start = {"left_of_button": at + 1, "right_of_button": at - 1, "button": at}[settlement.first]
    return [seats[(start + step * k) % n] for k in range(n)]


def settle(
    net: Mapping[tuple[str, str], int],
    seats: Sequence[str],
    button: str,
    stacks: Mapping[str, int],
    settlement: Settlement,
    before: Mapping[tuple[str, str], int] | None = None,
) -> tuple[list[Payment], dict[str, int]]:
    """Pay each matchup's net result in order, capped by the stacks (``settlement.limit``).

    ``net[(a, b)]`` is what ``a`` wins from ``b`` (negative when ``a`` loses). ``before``
    holds matchups paid, all in order, before those of ``net`` (the naturals' matchups
    where naturals settle first). Returns the payments and what each seat actually won
    or lost.

    >>> from cpspec.rules.model import Settlement
    >>> once = Settlement("button", "clockwise", "r-x", limit="each_chip_once")
    >>> payments, paid = settle({("A", "B"): 6, ("A", "C"): -6}, ["A", "B", "C"], "A",
    ...                         {"A": 8, "B": 20, "C": 20}, once)
    >>> [(p.payer, p.payee, p.owed, p.paid) for p in payments]
    [('B', 'A', 6, 6), ('A', 'C', 6, 2)]
    >>> paid
    {'A': 4, 'B': -6, 'C': 2}
    """
    order = payment_order(seats, button, settlement)
    balance = dict(stacks)
    unused = dict(stacks)  # each_chip_once: the chips of the starting stack not yet won or lost with
    payments: list[Payment] = []
    for phase in (before or {}, net):
        for i, first in enumerate(order):
            for second in order[i + 1:]:
                amount = phase.get((first, second), None)
                if amount is None:
                    amount = -phase.get((second, first), 0)
                if amount == 0:
                    continue
                payee, payer = (first, second) if amount > 0 else (second, first)
                owed = abs(amount)
                if settlement.limit == "each_chip_once":
                    paid = max(0, min(owed, unused[payer], unused[payee]))
                    unused[payer] -= paid
                    unused[payee] -= paid
                else:
                    room = 2 * stacks[payee] - balance[payee]
                    paid = max(0, min(owed, balance[payer], room))
                balance[payer] -= paid
                balance[payee] += paid
                payments.append(Payment(payer, payee, owed, paid))
    return payments, {seat: balance[seat] - stacks[seat] for seat in seats}
