"""Stack-limited settlement: paying matchups in table order from the button.

Seats are listed in seating order, which is clockwise. Matchups are paid in the
order the ruleset gives (the first seat settles with every other seat, going
round in the ruleset's direction, then the next seat with those left, ...).
No player ends with less than nothing or wins more than the stack they started with.
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
    """
    n = len(seats)
    at = seats.index(button)
    step = 1 if settlement.direction == "clockwise" else -1
    start = at + 1 if settlement.first == "left_of_button" else at - 1
    return [seats[(start + step * k) % n] for k in range(n)]


def settle(
    net: Mapping[tuple[str, str], int],
    seats: Sequence[str],
    button: str,
    stacks: Mapping[str, int],
    settlement: Settlement,
) -> tuple[list[Payment], dict[str, int]]:
    """Pay each matchup's net result in order, capped by the stacks.

    ``net[(a, b)]`` is what ``a`` wins from ``b`` (negative when ``a`` loses).
    Returns the payments and what each seat actually won or lost.
    """
    order = payment_order(seats, button, settlement)
    balance = dict(stacks)
    payments: list[Payment] = []
    for i, first in enumerate(order):
        for second in order[i + 1:]:
            amount = net.get((first, second), None)
            if amount is None:
                amount = -net.get((second, first), 0)
            if amount == 0:
                continue
            payee, payer = (first, second) if amount > 0 else (second, first)
            owed = abs(amount)
            room = 2 * stacks[payee] - balance[payee]
            paid = max(0, min(owed, balance[payer], room))
            balance[payer] -= paid
            balance[payee] += paid
            payments.append(Payment(payer, payee, owed, paid))
    return payments, {seat: balance[seat] - stacks[seat] for seat in seats}
