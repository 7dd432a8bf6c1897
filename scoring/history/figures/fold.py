"""A game's all-time figures as a running state, advanced one hand at a time.

Everything the league and player pages show of a game, all time (scoring.history.figures
.figures), is a fold over its played hands in history order: the standings' counters,
the biggest hand and the longest winning streak, each player's running total and rating,
and the contract and partner counts. The state holds only what the next hand needs and
what the pages show, so its size follows the players, not the hands: a chart line keeps
its points at multiples of ``chart_step`` (a power of two that doubles as the line grows,
so the points it keeps stay kept), and the last one.

It gives the same figures as the SQL of scoring.history.figures.rows with the replay of
scoring.history.figures.replay (the tests check one against the other), in work that
follows the hands folded: a Save adds one hand to the stored state instead of reading
them all again (scoring.history.figures.advance). The state is plain JSON.
"""

from dataclasses import dataclass
from typing import Any

from scoring.history.figures import ratings
from scoring.history.figures.replay import SPARK_POINTS
from scoring.history.figures.rows import CHART_POINTS, chart_step
from scoring.history.figures.tables import contract_facts

State = dict[str, Any]
# Where a standings row's counters sit (the order Figures takes them), then the fold's
# own: the last session counted, the winning run's length and first date.
HANDS, SCORE, SESSIONS, WON, DECLARED, MADE, PARTNER, PARTNER_WON, DEFENDED, DEFEATED = range(10)
LAST_SESSION, RUN, RUN_SINCE = 10, 11, 12


@dataclass(frozen=True)
class FoldedHand:
    """One played hand as the fold reads it, with its session's date, score table and
    house rules (``options``: their options_key text), and its seats' scores."""

    session: int
    date: str  # ISO
    table: str
    options: str
    number: int
    declarer: int
    partner: int | None
    contract: str
    target: int | None
    made: bool | None
    points: int | None
    lineup: tuple[int, ...]
    out: int | None  # the killed seat (six-player Mighty)
    scores: tuple[tuple[int, int, int], ...]  # (seat, player, score), by seat
    # A deal miss a table's house rule charged for: no hand played, its scores count in
    # the standings' score alone (``declarer`` is -1).
    penalty: bool = False


def empty(variant: str) -> State:
    return {
        "variant": variant,
        "n": 0,
        "at": None,
        "rate": {},
        "tables": {},
        "bids": {},
        "mates": {},
    }


def _step(n: int) -> int:
    """``chart_step(n)`` in a few operations: the smallest power of two ``s`` with
    ``n // s <= CHART_POINTS``, which is the smallest one above ``n // (CHART_POINTS + 1)``."""
    return 1 << (n // (CHART_POINTS + 1)).bit_length()


def _sampled(line: list[list[Any]], n: int, value: Any) -> None:
    """Keep the ``n``-th point of a line when the line's step asks for it, and drop the
    points a doubled step no longer needs (the step doubles only at a multiple of
    CHART_POINTS + 1)."""
    step = _step(n)
    if n % (CHART_POINTS + 1) == 0 and step > _step(n - 1):
        line[:] = [point for point in line if point[0] % step == 0]
    if n % step == 0:
        line.append([n, value])


def fold(state: State, hand: FoldedHand) -> None:
    """Add one played hand, or a deal miss's penalty (later in history than every hand
    folded so far)."""
    if hand.penalty:
        state["at"] = [hand.date, hand.session, hand.number]
        _penalty(state, hand)
        return
    state["n"] += 1
    state["at"] = [hand.date, hand.session, hand.number]
    partner = None if hand.partner == hand.declarer else hand.partner
    facts = contract_facts(
        state["variant"], hand.options, len(hand.lineup), hand.contract, hand.target
    )
    _rate(state, hand, partner, facts.difficulty)
    _score(state, hand)
    side = [hand.lineup[hand.declarer]] + ([hand.lineup[partner]] if partner is not None else [])
    _tally(state, side, facts.level, facts.trump, facts.needed, hand)


def _rate(state: State, hand: FoldedHand, partner: int | None, difficulty: float) -> None:
    players = hand.lineup
    side = [players[hand.declarer]] + ([players[partner]] if partner is not None else [])
    others = [p for seat, p in enumerate(players) if seat not in (hand.declarer, partner, hand.out)]
    rate = state["rate"]
    entries = {}
    for p in side + others:
        key = str(p)
        entry = rate.get(key)
        entries[p] = rate[key] = entry if entry is not None else [ratings.START, 0, []]
    gain, loss = ratings.changes(
        [entries[p][0] for p in side], [entries[p][0] for p in others], difficulty, hand.made
    )
    for players_, change in ((side, gain), (others, loss)):
        for p in players_:
            entry = entries[p]
            entry[0] += change
            entry[1] += 1
            _sampled(entry[2], entry[1], entry[0])


def _table(state: State, name: str) -> dict[str, Any]:
    table: dict[str, Any] | None = state["tables"].get(name)
    if table is None:
        table = state["tables"][name] = {"rows": {}, "best": None, "streak": None, "courses": {}}
    return table


def _penalty(state: State, hand: FoldedHand) -> None:
    """What a deal miss cost or paid, kept apart from the rows (whose score the charts
    follow hand by hand) and added to the standings' score (``league_entry``)."""
    paid = _table(state, hand.table).setdefault("penalties", {})
    for _seat, player, delta in hand.scores:
        paid[str(player)] = paid.get(str(player), 0) + delta


def _standings(table: dict[str, Any]) -> list[list[Any]]:
    """The standings' rows by player, as the SQL gives them, penalties in the score."""
    rows = {p: [int(p), *row[:10]] for p, row in table["rows"].items()}
    for player, paid in table.get("penalties", {}).items():
        row = rows.setdefault(player, [int(player)] + [0] * 10)
        row[1 + SCORE] += paid
    return sorted(rows.values())


def _score(state: State, hand: FoldedHand) -> None:
    table = _table(state, hand.table)
    rows, courses = table["rows"], table["courses"]
    made, declarer, partner_seat = hand.made, hand.declarer, hand.partner
    for seat, player, delta in hand.scores:
        key = str(player)
        row = rows.get(key)
        if row is None:
            row = rows[key] = [0] * 10 + [None, 0, None]
            courses[key] = []
        napoleon = seat == declarer
        partner = seat == partner_seat and not napoleon
        on_side = napoleon or seat == partner_seat
        won = made is True if on_side else made is False
        row[HANDS] += 1
        row[SCORE] += delta
        if row[LAST_SESSION] != hand.session:
            row[LAST_SESSION] = hand.session
            row[SESSIONS] += 1
        if won:
            row[WON] += 1
        if napoleon:
            row[DECLARED] += 1
            row[MADE] += made is True
        elif partner:
            row[PARTNER] += 1
            row[PARTNER_WON] += made is True
        elif not on_side:
            row[DEFENDED] += 1
            row[DEFEATED] += made is False
        _record(table, row, player, delta, won, hand)
        _sampled(courses[key], row[HANDS], row[SCORE])


def _record(
    table: dict[str, Any], row: list[Any], player: int, delta: int, won: bool, hand: FoldedHand
) -> None:
    """The biggest hand and the longest winning run: a tie goes to whoever got there
    first, so only a bigger one takes the record."""
    best = table["best"]
    if best is None or delta > best[4]:
        table["best"] = [player, hand.session, hand.number, hand.date, delta]
    if not won:
        row[RUN], row[RUN_SINCE] = 0, None
        return
    if not row[RUN]:
        row[RUN_SINCE] = hand.date
    row[RUN] += 1
    streak = table["streak"]
    if streak is None or row[RUN] > streak[1]:
        table["streak"] = [player, row[RUN], row[RUN_SINCE], hand.date]


def _tally(
    state: State,
    side: list[int],
    level: str,
    trump: str,
    needed: int | None,
    hand: FoldedHand,
) -> None:
    lines = state["bids"].setdefault(str(side[0]), {})
    line = lines.setdefault(f"{level}|{trump}", [0, 0, 0, 0, 0])
    line[0] += 1
    line[1] += hand.made is True
    if hand.points is not None and needed is not None:
        line[2] += hand.points
        line[3] += needed
        line[4] += 1
    for player in side:
        for mate in side:
            if mate != player:
                entry = state["mates"].setdefault(str(player), {}).setdefault(str(mate), [0, 0])
                entry[0] += 1
                entry[1] += hand.made is True


# ---- what the pages read -------------------------------------------------------------------


def _line(points: list[list[Any]], n: int, last: Any, step: int) -> list[list[Any]]:
    """The points of a line at multiples of ``step``, and its last."""
    found = {point[0]: point[1] for point in points if point[0] % step == 0}
    found[n] = last
    return [[k, found[k]] for k in sorted(found)]


def league_entry(state: State) -> dict[str, Any]:
    """The league page's figures of the game, all time (figures._league_entry's shape)."""
    tables = [
        {
            "table": name,
            # By player, as the SQL gives them: the fold meets players in the order they
            # played, and tables playing at once (a club night) interleave.
            "rows": _standings(table),
            "best": table["best"],
            "streak": table["streak"],
        }
        for name, table in state["tables"].items()
    ]
    found: list[list[Any]] = []
    for player, (rating, hands, points) in state["rate"].items():
        step = chart_step(hands, SPARK_POINTS)
        spark = [ratings.START] + [value for _n, value in _line(points, hands, rating, step)]
        found.append([int(player), rating, ratings.START, hands, spark])
    return {"tables": tables, "ratings": found}


def player_entries(state: State) -> dict[str, dict[str, Any]]:
    """Each player's figures of the game, all time, by player id (as text)."""
    players: dict[str, dict[str, Any]] = {}
    for name, table in state["tables"].items():
        for player, points in table["courses"].items():
            row = table["rows"][player]
            step = chart_step(row[HANDS])
            course = _line(points, row[HANDS], row[SCORE], step)
            players.setdefault(player, {}).setdefault("courses", {})[name] = course
    for player, (rating, hands, points) in state["rate"].items():
        chart = [[0, ratings.START], *_line(points, hands, rating, chart_step(hands))]
        players.setdefault(player, {})["rating"] = [rating, hands, chart]
    for player, lines in state["bids"].items():
        players.setdefault(player, {})["bids"] = [
            [*key.split("|", 1), *counts] for key, counts in lines.items()
        ]
    for player, mates in state["mates"].items():
        players.setdefault(player, {})["mates"] = [
            [int(mate), *counts] for mate, counts in mates.items()
        ]
    return players
