"""Settling a session's money: the fewest transfers that leave everyone square.

The fewest transfers is n − k, where n counts the players with a non-zero balance
and k is the largest number of disjoint groups whose balances each sum to zero
(each group of m settles in m − 1 transfers). A table has at most ten players, so
a search over subsets (2^10) finds k exactly.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import cache


@dataclass(frozen=True)
class Transfer:
    payer: int  # index into the balances
    payee: int
    amount: Decimal


def settle(balances: list[Decimal]) -> list[Transfer]:
    """Transfers that bring every balance to zero (positive = receives), as few as possible."""
    if sum(balances) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(balances)}")
    owed = [i for i, b in enumerate(balances) if b != 0]
    transfers: list[Transfer] = []
    for group in _zero_groups(tuple(balances[i] for i in owed)):
        transfers += _settle_group([owed[j] for j in group], balances)
    return transfers


def _zero_groups(values: tuple[Decimal, ...]) -> list[list[int]]:
    """Split indices into the most disjoint zero-sum groups."""
    full = (1 << len(values)) - 1
    sums = [sum(values[j] for j in range(len(values)) if mask >> j & 1) for mask in range(full + 1)]

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        # Most zero-sum groups the indices in ``mask`` split into, and those groups.
        if mask == 0:
            return 0, ()
        lowest = mask & -mask
        found: tuple[int, tuple[int, ...]] = (0, (mask,))
        sub = mask
        while sub:
            if sub & lowest and sums[sub] == 0 and sub != mask:
                count, groups = best(mask ^ sub)
                if count + 1 > found[0]:
                    found = (count + 1, (sub, *groups))
            sub = (sub - 1) & mask
        return found

    _count, masks = best(full) if values else (0, ())
    return [[j for j in range(len(values)) if mask >> j & 1] for mask in masks]


def _settle_group(members: list[int], balances: list[Decimal]) -> list[Transfer]:
    """Within a zero-sum group, biggest debtor pays biggest creditor until square."""
    left = {i: balances[i] for i in members}
    transfers: list[Transfer] = []
    while any(left.values()):
        payer = min(left, key=lambda i: left[i])
        payee = max(left, key=lambda i: left[i])
        amount = min(-left[payer], left[payee])
        transfers.append(Transfer(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return transfers
