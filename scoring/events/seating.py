"""Seating a round: who sits at which table, and who sits out. Pure functions of the
players present, what the game allows and what happened in earlier rounds; the same seed
gives the same seating, so a redraw is a new seed and a test can replay any draw.

Table sizes come from the game (the counts its variant plays, and the count it is usually
played by): as many play as any mix of allowed sizes can seat, at tables as even as can be.
Who sits out is who has sat out least so far (ties drawn by lot). Then three ways to seat:
by lot; by standing (the leaders together); and fewest repeat opponents, a greedy draw
improved by swapping two players while any swap lowers the count of pairs meeting again.
"""

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

RANDOM, STANDING, FRESH = "random", "standing", "fresh"
MOST_SWEEPS = 20
Cost = Callable[
    [int, int], int
]  # how often two players met  # a swap sweep costs O(n²); a few sweeps settle a club's night


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[int, ...], ...]  # player ids, each table in seat order
    sitting_out: tuple[int, ...]


def table_sizes(count: int, allowed: Sequence[int], usual: int) -> tuple[int, ...]:
    """The sizes of the tables for ``count`` players: as many seated as the allowed sizes
    can hold, at tables as even as can be and nearest the game's usual size."""
    sizes = sorted(set(allowed))
    if not sizes:
        return ()
    for seated in range(count, 0, -1):
        best: tuple[int, ...] | None = None
        for tables in range(-(-seated // sizes[-1]), seated // sizes[0] + 1):
            base, extra = divmod(seated, tables)
            split = (base + 1,) * extra + (base,) * (tables - extra)
            if all(size in sizes for size in split):
                if best is None or abs(base - usual) < abs(min(best) - usual):
                    best = split
        if best:
            return best
    return ()


def sitting_out(
    present: Sequence[int], seats: int, sat_out: Mapping[int, int], rng: random.Random
) -> tuple[int, ...]:
    """Who sits out when only ``seats`` of those present can play: those who sat out
    least so far, ties by lot."""
    order = list(present)
    rng.shuffle(order)
    order.sort(key=lambda player: sat_out.get(player, 0))
    return tuple(order[: max(0, len(order) - seats)])


def meetings(rounds: Sequence[Sequence[Sequence[int]]]) -> Counter[tuple[int, int]]:
    """How often each pair of players has shared a table, from earlier rounds' tables."""
    met: Counter[tuple[int, int]] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(combinations(sorted(table), 2))
    return met


def repeats(tables: Sequence[Sequence[int]], met: Mapping[tuple[int, int], int]) -> int:
    """Pairs meeting again at these tables, each counted as often as they met before."""
    return sum(met.get(pair, 0) for table in tables for pair in combinations(sorted(table), 2))


def seat(
    present: Sequence[int],
    sizes: Sequence[int],
    method: str,
    *,
    seed: int,
    standing: Sequence[int] = (),
    sat_out: Mapping[int, int] | None = None,
    met: Mapping[tuple[int, int], int] | None = None,
) -> Seating:
    """Seat ``present`` at tables of ``sizes``; ``standing`` lists players best first."""
    rng = random.Random(seed)
    resting = sitting_out(present, sum(sizes), sat_out or {}, rng)
    playing = [player for player in present if player not in set(resting)]
    rng.shuffle(playing)
    if method == STANDING:
        place = {player: i for i, player in enumerate(standing)}
        playing.sort(key=lambda player: place.get(player, len(place)))
        tables = _chunks(playing, sizes)
    elif method == FRESH:
        tables = _fewest_repeats(playing, sizes, met or {})
    else:
        tables = _chunks(playing, sizes)
    for table in tables:  # where each sits at the table is by lot
        rng.shuffle(table)
    return Seating(tuple(tuple(t) for t in tables), tuple(sorted(resting)))


def _chunks(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables


def _fewest_repeats(
    players: Sequence[int], sizes: Sequence[int], met: Mapping[tuple[int, int], int]
) -> list[list[int]]:
    """Each player in turn (the most travelled first) to the table where they meet the
    fewest again; then swaps between tables while one lowers the repeats."""

    def cost(a: int, b: int) -> int:
        return met.get((a, b) if a < b else (b, a), 0)

    known = Counter({p: sum(cost(p, q) for q in players) for p in players})
    tables: list[list[int]] = [[] for _ in sizes]
    for player in sorted(players, key=lambda p: -known[p]):
        open_tables = [i for i, table in enumerate(tables) if len(table) < sizes[i]]
        best = min(open_tables, key=lambda i: (sum(cost(player, q) for q in tables[i]), i))
        tables[best].append(player)
    _swap_down(tables, cost)
    return tables


def _swap_down(tables: list[list[int]], cost: Cost) -> None:
    for _sweep in range(MOST_SWEEPS):
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            for a_at, a in enumerate(tables[i]):
                for b_at, b in enumerate(tables[j]):
                    if _gain(tables[i], tables[j], a, b, cost) > 0:
                        tables[i][a_at], tables[j][b_at] = b, a
                        a = b
                        improved = True
        if not improved:
            return


def _gain(one: list[int], two: list[int], a: int, b: int, cost: Cost) -> int:
    """How many repeats swapping ``a`` (at table one) and ``b`` (at table two) saves."""
    before = sum(cost(a, q) for q in one if q != a) + sum(cost(b, q) for q in two if q != b)
    after = sum(cost(b, q) for q in one if q != a) + sum(cost(a, q) for q in two if q != b)
    return before - after
