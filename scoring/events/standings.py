"""The night's standings, from each table's results in each round: pure arithmetic.

Three formulas, each documented on the event page with a worked example:

- raw total: every game point scored at the night's tables, penalties and bonuses included;
- placement points: at each table in each round the first earns 1 and the last 0, the places
  between evenly spaced (at four players 1, ⅔, ⅓, 0); players tied share the points of the
  places they fill. A table of any size hands out the same range, so tables of four and of
  six weigh alike;
- points per hand: at each table, a player's total against the table's average, scaled to
  the game's usual table size (about n − 1 stakes change hands at n players, so the figure
  is multiplied by (usual − 1) ÷ (n − 1)); summed over the night and divided by the hands
  the player was dealt in.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

RAW, PLACEMENT, PER_HAND = "raw", "placement", "per_hand"


@dataclass(frozen=True)
class TableResult:
    """One table in one round: each player's points there (penalties and bonuses of the
    round included) and how many hands each was dealt in."""

    totals: Mapping[int, int]
    hands: Mapping[int, int]


@dataclass
class Row:
    player: int
    raw: int = 0
    placement: Fraction = Fraction(0)
    per_hand: Fraction = Fraction(0)
    hands: int = 0
    tables: int = 0
    rank: int = 0
    score: Fraction = Fraction(0)  # the value under the night's formula
    name: str = ""  # for a page: the player's name
    _spread: Fraction = field(default=Fraction(0), repr=False)

    def value(self, formula: str) -> Fraction:
        if formula == PLACEMENT:
            return self.placement
        if formula == PER_HAND:
            return self.per_hand
        return Fraction(self.raw)


def placements(totals: Mapping[int, int]) -> dict[int, Fraction]:
    """Each player's placement points at one table: 1 for the first, 0 for the last,
    evenly between; tied players share the points of the places they fill."""
    size = len(totals)
    if size < 2:
        return dict.fromkeys(totals, Fraction(0))
    order = sorted(totals, key=lambda player: -totals[player])
    points: dict[int, Fraction] = {}
    place = 0
    while place < size:
        tied = [p for p in order[place:] if totals[p] == totals[order[place]]]
        places = range(place, place + len(tied))
        share = sum((Fraction(size - 1 - at, size - 1) for at in places), Fraction(0)) / len(tied)
        points.update(dict.fromkeys(tied, share))
        place += len(tied)
    return points


def spread(totals: Mapping[int, int], usual: int) -> dict[int, Fraction]:
    """Each player's total against the table's average, scaled to the usual size."""
    size = len(totals)
    if size < 2:
        return dict.fromkeys(totals, Fraction(0))
    mean = Fraction(sum(totals.values()), size)
    scale = Fraction(max(usual - 1, 1), size - 1)
    return {player: (total - mean) * scale for player, total in totals.items()}


def standings(
    results: Iterable[TableResult], usual: int, formula: str, players: Sequence[int] = ()
) -> list[Row]:
    """Every player's row, best first under ``formula``, ranks shared by ties;
    ``players`` adds those checked in who have not played yet."""
    rows: dict[int, Row] = {player: Row(player) for player in players}
    for result in results:
        placed = placements(result.totals)
        spreads = spread(result.totals, usual)
        for player, total in result.totals.items():
            row = rows.setdefault(player, Row(player))
            row.raw += total
            row.placement += placed[player]
            row._spread += spreads[player]
            row.hands += result.hands.get(player, 0)
            row.tables += 1
    for row in rows.values():
        row.per_hand = row._spread / row.hands if row.hands else Fraction(0)
    return ranked(list(rows.values()), formula)


def ranked(rows: list[Row], formula: str) -> list[Row]:
    for row in rows:
        row.score = row.value(formula)
    rows.sort(key=lambda row: (-row.score, -row.raw, row.player))
    for at, row in enumerate(rows):
        tied = at and row.score == rows[at - 1].score
        row.rank = rows[at - 1].rank if tied else at + 1
    return rows


EXAMPLE_NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay"}
EXAMPLE = (
    TableResult({1: 30, 2: -10, 3: -10, 4: -10}, dict.fromkeys(range(1, 5), 4)),
    TableResult({1: -6, 2: 24, 3: -6, 4: -6, 5: 0, 6: -6}, dict.fromkeys(range(1, 7), 6)),
)
EXAMPLE_USUAL = 5


def worked_example() -> tuple[list[list[dict[str, object]]], list[Row]]:
    """The page's example: a round at a table of four, then one at a table of six, of a
    game usually played by five; each table's lines and the night's rows."""
    tables = []
    for result in EXAMPLE:
        placed = placements(result.totals)
        spreads = spread(result.totals, EXAMPLE_USUAL)
        tables.append(
            [
                {
                    "name": EXAMPLE_NAMES[player],
                    "total": total,
                    "placement": placed[player],
                    "spread": spreads[player],
                    "hands": result.hands[player],
                }
                for player, total in result.totals.items()
            ]
        )
    rows = standings(EXAMPLE, EXAMPLE_USUAL, PLACEMENT)
    for row in rows:
        row.name = EXAMPLE_NAMES[row.player]
    return tables, rows


def by_player(rows: Iterable[Row]) -> dict[int, Row]:
    return {row.player: row for row in rows}


def group_results(
    scores: Iterable[tuple[int, int, int, int]],
) -> list[TableResult]:
    """TableResults from (table key, player, points, hands) rows, as the database gives."""
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    hands: dict[int, dict[int, int]] = defaultdict(dict)
    for table, player, points, dealt in scores:
        totals[table][player] = totals[table].get(player, 0) + points
        hands[table][player] = hands[table].get(player, 0) + dealt
    return [TableResult(totals[t], hands[t]) for t in sorted(totals)]
