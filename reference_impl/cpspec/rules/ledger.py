"""A session's ledger: deals played one after another at one table, their running totals, and the settle-up.

Each deal's result is what its scoring (or, with stacks, its stack-limited settlement) says each
seat won or lost; the running totals add them up, so after every deal they sum to zero. At the
end, :func:`settle_up` says who pays whom: the fewest payments that clear every balance.

The fewest payments: the seats split into as many groups as possible whose balances sum to zero
(each group clears itself); within a group of k seats, k - 1 payments always suffice (the largest
debtor pays the largest creditor as much as one of them needs, again and again), and fewer cannot,
since every payment clears at most one balance that is not its last. So the count is the number of
seats owed or owing less the number of groups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple


class Transfer(NamedTuple):
    """One payment of the settle-up: ``payer`` gives ``payee`` ``amount`` points."""

    payer: str
    payee: str
    amount: int


def running_totals(results: Sequence[Mapping[str, int]], seats: Sequence[str]) -> list[dict[str, int]]:
    """After each deal, every seat's sum of the results so far, in ``seats`` order.

    >>> running_totals([{"A": 3, "B": -3}, {"A": -1, "B": 1}], ["A", "B"])
    [{'A': 3, 'B': -3}, {'A': 2, 'B': -2}]
    """
    running = dict.fromkeys(seats, 0)
    out = []
    for result in results:
        running = {seat: running[seat] + result.get(seat, 0) for seat in seats}
        out.append(dict(running))
    return out


def _most_zero_groups(balances: Sequence[int]) -> list[list[int]]:
    """The seats (indices) split into the most groups that each sum to zero (an exact search over subsets)."""
    count = len(balances)
    full = (1 << count) - 1
    sums = [0] * (1 << count)
    for mask in range(1, 1 << count):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + balances[low.bit_length() - 1]
    best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the last group's mask)
    for mask in range(1, full + 1):
        if sums[mask] != 0:
            continue
        first = mask & -mask  # the group holding the lowest seat of mask, so each split is tried once
        sub = mask
        found: tuple[int, int] | None = None
        while sub:
            if sub & first and sums[sub] == 0 and (mask ^ sub) in best:
                count_here = best[mask ^ sub][0] + 1
                if found is None or count_here > found[0]:
                    found = (count_here, sub)
            sub = (sub - 1) & mask
        if found is not None:
            best[mask] = found
    groups: list[list[int]] = []
    mask = full
    while mask:
        sub = best[mask][1]
        groups.append([i for i in range(count) if sub >> i & 1])
        mask ^= sub
    return sorted(groups)


def settle_up(totals: Mapping[str, int]) -> list[Transfer]:
    """The fewest payments that clear zero-sum ``totals`` (seating order breaks ties); at most 16 seats.

    >>> settle_up({"A": 4, "B": 4, "C": -4, "D": -4})
    [Transfer(payer='D', payee='A', amount=4), Transfer(payer='C', payee='B', amount=4)]
    >>> settle_up({"A": 5, "B": -2, "C": -3})
    [Transfer(payer='C', payee='A', amount=3), Transfer(payer='B', payee='A', amount=2)]
    """
    seats = [seat for seat, amount in totals.items() if amount]
    if sum(totals.values()) != 0:
        raise ValueError("the totals of a session sum to zero")
    if len(seats) > 16:
        raise ValueError("a settle-up is worked out for at most 16 seats")
    balances = [totals[seat] for seat in seats]
    transfers: list[Transfer] = []
    for group in _most_zero_groups(balances):
        left = {seats[i]: balances[i] for i in group}
        while any(left.values()):
            order = list(left)
            payer = min(order, key=lambda s: (left[s], order.index(s)))  # owes the most
            payee = max(order, key=lambda s: (left[s], -order.index(s)))  # is owed the most
            amount = min(-left[payer], left[payee])
            transfers.append(Transfer(payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    return transfers


__all__ = ["Transfer", "running_totals", "settle_up"]
