"""A deal miss's cost as a table keeps it (``Variant.deal_miss_cost``): the scores, and
the runs of deal misses a doubling penalty counts. The ruling API charges nothing."""

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

# An earlier hand as a run of deal misses reads it: whether a contract was played, and
# who called its deal miss (None: not a deal miss). Who is any key the table keeps for a
# player (an id, a name): a player may change seats between hands.
Earlier = tuple[bool, Hashable | None]


@dataclass(frozen=True)
class DealMissCost:
    """A deal miss's scores (the caller pays, each other seat receives) and why."""

    deltas: tuple[int, ...]
    lines: tuple[str, ...]


def in_a_row(earlier: Iterable[Earlier], caller: Hashable) -> int:
    """How many deal misses ``caller`` called since a hand was last played (oldest hand
    first): a played hand ends every run; a hand passed out, or another player's deal
    miss, does not."""
    count = 0
    for played, called_by in earlier:
        if played:
            count = 0
        elif called_by is not None and called_by == caller:
            count += 1
    return count
