"""The history's figures straight from the hand rows, with SQL aggregates and window
functions: standings, the biggest hand, the longest winning streak and each player's
running total, per score table of one game in one league.

A *player row* is one player's score in one played hand (HandScore, which names the
player who played it: seats change hands during a session) with its hand and its
session; rows are in history order: the session's date, the
session (in the order they were started), the hand's number. Each statement reads one
game's sessions first (``ss``: their date and score table) so that the house rules are
read once per session, not once per row. The same SQL runs on SQLite and PostgreSQL;
only reading a key of the JSON house rules is written for each.

The tables of a club night still being played are left out (``playing``): the night
counts once, when its last round closes, not again after each of its hands.
"""

import datetime
import sqlite3
from dataclasses import dataclass
from typing import Any

from django.db import connection, models
from django.db.models import Exists, OuterRef, QuerySet

from scoring.history.figures.tables import table_key, table_option
from scoring.models import Event, EventTable, GameSession, Hand, HandScore, Round

CHART_POINTS = 60  # at most this many points per line of a player's score chart

# Roles and results of a player row (``h`` the hand, ``hs`` the seat's score).
NAPOLEON = "hs.seat = h.declarer"
PARTNER = "(hs.seat = h.partner AND hs.seat <> h.declarer)"
DEFENDER = "(hs.seat <> h.declarer AND (h.partner IS NULL OR hs.seat <> h.partner))"
WON = (
    "CASE WHEN hs.seat = h.declarer OR hs.seat = h.partner"
    " THEN (CASE WHEN h.made THEN 1 ELSE 0 END) ELSE (CASE WHEN NOT h.made THEN 1 ELSE 0 END) END"
)


def _count(condition: str) -> str:
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


# The figures of the standings, in the order Figures (scoring.history.figures.figures) takes them.
FIGURES = (
    "COUNT(*)",
    "SUM(hs.delta)",
    "COUNT(DISTINCT s.id)",
    f"SUM({WON})",
    _count(NAPOLEON),
    _count(f"{NAPOLEON} AND h.made"),
    _count(PARTNER),
    _count(f"{PARTNER} AND h.made"),
    _count(DEFENDER),
    _count(f"{DEFENDER} AND NOT h.made"),
)


@dataclass(frozen=True)
class Game:
    """One game (variant) of one league, over the sessions dated ``start`` to ``end``."""

    league_id: int
    variant: str
    start: datetime.date | None = None
    end: datetime.date | None = None


def _q(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def playing() -> str:
    """SQL: the ids of the sessions that are tables of a club night not yet over."""
    return (
        f"SELECT t.session_id FROM {_q(EventTable)} t JOIN {_q(Round)} r ON r.id = t.round_id"
        f" JOIN {_q(Event)} e ON e.id = r.event_id WHERE e.ended_at IS NULL"
    )


def counted(found: "QuerySet[GameSession]") -> "QuerySet[GameSession]":
    """These sessions without the tables of a club night not yet over."""
    night = EventTable.objects.filter(session=OuterRef("pk"), round__event__ended_at__isnull=True)
    return found.filter(~Exists(night))


def _date(value: datetime.date) -> object:
    return connection.ops.adapt_datefield_value(value)


def _sessions(game: Game, bounded: bool = True) -> tuple[str, list[object]]:
    """The ``ss`` CTE: the game's sessions with their date and score-table value, from
    ``game.start`` (when ``bounded``) to ``game.end``."""
    option = table_option(game.variant)
    params: list[object]
    if option is None:
        value, params = "''", []
    elif connection.vendor == "postgresql":
        value, params = "COALESCE(options ->> %s, %s)", [option[0], str(option[1])]
    else:
        value, params = (
            "COALESCE(json_extract(options, %s), %s)",
            [f'$."{option[0]}"', str(option[1])],
        )
    where = ["league_id = %s", "variant = %s", f"id NOT IN ({playing()})"]
    bounds: list[object] = [game.league_id, game.variant]
    if bounded and game.start is not None:
        where.append("date >= %s")
        bounds.append(_date(game.start))
    if game.end is not None:
        where.append("date <= %s")
        bounds.append(_date(game.end))
    # ``o``: the session's place in history order and ``t`` its table's, as whole numbers
    # (the player rows sort on them).
    sql = (
        f"ss AS {_materialized()}(SELECT id, date, tv,"
        f" ROW_NUMBER() OVER (ORDER BY date, id) AS o, DENSE_RANK() OVER (ORDER BY tv) AS t"
        f" FROM (SELECT id, date, {value} AS tv FROM {_q(GameSession)}"
        f" WHERE {' AND '.join(where)}) AS game)"
    )
    return sql, params + bounds


def _materialized() -> str:
    """Compute the CTE once, not once per row that reads it (SQLite before 3.35 has no
    such hint: the figures come out the same there, only slower)."""
    # sqlite3 is the module Django's SQLite backend talks through.
    if connection.vendor == "sqlite" and sqlite3.sqlite_version_info < (3, 35):
        return ""
    return "MATERIALIZED "


def _player_rows() -> str:
    """FROM and JOIN of the player rows of the sessions in ``ss``."""
    return (
        f" FROM ss s JOIN {_q(Hand)} h ON h.session_id = s.id"
        f" AND h.status = '{Hand.PLAYED}' AND h.declarer IS NOT NULL"
        f" JOIN {_q(HandScore)} hs ON hs.hand_id = h.id"
    )


def _fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _iso(value: object) -> str | None:
    """A date as the database returned it (a date, or SQLite's text), as ISO text."""
    if value is None:
        return None
    return value.isoformat() if isinstance(value, datetime.date) else str(value)[:10]


def standings(game: Game) -> dict[str, list[list[int]]]:
    """{score table: [[player id, hands, score, sessions, won, declared, made, as partner,
    won as partner, defended, defeated], …]} over the game's period. What deal-miss
    penalties (a table's house rule) paid or cost counts in the score alone: a deal miss
    is no hand played."""
    sessions, params = _sessions(game)
    penalties = ", ".join(["0", "SUM(hs.delta)"] + ["0"] * (len(FIGURES) - 2))
    sql = (
        f"WITH {sessions} SELECT s.tv, hs.player_id, {', '.join(FIGURES)}"
        f"{_player_rows()} GROUP BY s.tv, hs.player_id"
        f" UNION ALL SELECT s.tv, hs.player_id, {penalties}"
        f" FROM ss s JOIN {_q(Hand)} h ON h.session_id = s.id AND h.status = '{Hand.DEAL_MISS}'"
        f" JOIN {_q(HandScore)} hs ON hs.hand_id = h.id GROUP BY s.tv, hs.player_id"
    )
    found: dict[str, dict[int, list[int]]] = {}
    for value, player, *figures in _fetch(sql, params):
        rows = found.setdefault(table_key(game.variant, value or None), {})
        row = rows.setdefault(player, [player] + [0] * len(FIGURES))
        for index, figure in enumerate(figures, start=1):
            row[index] += int(figure or 0)
    return {table: [rows[p] for p in sorted(rows)] for table, rows in found.items()}


def _raw_value(game: Game, table: str) -> str:
    """The score-table value ``ss.tv`` holds for a table key (table_key's inverse)."""
    option = table_option(game.variant)
    return table.partition(":")[2] or ("" if option is None else str(option[1]))


def chart_step(hands: int, points: int = CHART_POINTS) -> int:
    """The step between the points of a line of ``hands`` hands: the smallest power of two
    that leaves at most ``points`` multiples of it (so a longer line keeps its points)."""
    step = 1
    while hands // step > points:
        step *= 2
    return step


def _steps(game: Game, lines: dict[tuple[str, int], int]) -> tuple[str, list[object]]:
    """The ``steps`` CTE: each chart line's (table value, player, step, hands)."""
    rows: list[str] = []
    params: list[object] = []
    for (table, player), hands in lines.items():
        rows.append("(%s, %s, %s, %s)")
        params += [_raw_value(game, table), player, chart_step(hands), hands]
    return f"steps (tv, p, step, hands) AS (VALUES {', '.join(rows)})", params


# The records of a game's tables. ``r``: its player rows in history order per player and
# table, with the running count, total and count of hands not won (all whole numbers, so
# the sort stays small); ``islands``: the runs of won hands (a run's hands have as many
# hands not won before them); ``streaks``: the longest run per table, a tie going to the
# run that got there first; ``best``: the biggest hand, the first one on a tie. Dates and
# session ids come back from ``ss`` for the few rows returned. ``first``: the first
# session of the period (runs begun before it do not count).
_RECORDS = """WITH {sessions}{steps},
first AS (SELECT {first} AS o),
r AS {materialized}(
  SELECT s.t AS t, hs.player_id AS p, s.o AS o, h.number AS num, hs.seat AS seat,
    hs.delta AS delta, {won} AS won,
    ROW_NUMBER() OVER w AS n, SUM(hs.delta) OVER w AS cum, SUM(1 - {won}) OVER w AS lost
  {rows}
  WINDOW w AS (PARTITION BY s.t, hs.player_id ORDER BY s.o, h.number
    ROWS UNBOUNDED PRECEDING)),
islands AS (SELECT t, p, COUNT(*) AS streak, MIN(o) AS since, MAX(o) AS until,
      MAX((o * 1000000000 + num) * 100 + seat) AS pos
    FROM r WHERE won = 1 GROUP BY t, p, lost),
streaks AS (SELECT t, p, streak, since, until,
      ROW_NUMBER() OVER (PARTITION BY t ORDER BY streak DESC, pos) AS k
    FROM islands WHERE since >= (SELECT o FROM first)),
top AS (SELECT t, MAX(delta) AS delta FROM r WHERE o >= (SELECT o FROM first) GROUP BY t),
best AS (SELECT r.t, r.p, r.o, r.num, r.delta,
      ROW_NUMBER() OVER (PARTITION BY r.t ORDER BY r.o, r.num, r.seat) AS k
    FROM r JOIN top ON top.t = r.t AND top.delta = r.delta
    WHERE r.o >= (SELECT o FROM first))
SELECT 's', a.tv, x.p, x.streak, CAST(NULL AS BIGINT), a.date, b.date, NULL, NULL
  FROM streaks x JOIN ss a ON a.o = x.since JOIN ss b ON b.o = x.until WHERE x.k = 1
UNION ALL SELECT 'b', a.tv, x.p, x.delta, NULL, NULL, a.date, a.id, x.num
  FROM best x JOIN ss a ON a.o = x.o WHERE x.k = 1{courses}"""
# Every step-th point of each player's running total, and the last.
_COURSES = """
UNION ALL SELECT 'c', lines.tv, r.p, r.n, r.cum, NULL, NULL, NULL, NULL
  FROM r JOIN (SELECT DISTINCT t, tv FROM ss) m ON m.t = r.t
  JOIN steps lines ON lines.tv = m.tv AND lines.p = r.p
  WHERE r.n %% lines.step = 0 OR r.n = lines.hands"""


def _records_sql(game: Game, lines: dict[tuple[str, int], int] | None) -> tuple[str, list[object]]:
    sessions, params = _sessions(game, bounded=False)
    steps, step_params = _steps(game, lines) if lines else ("", [])
    start: list[object] = [] if game.start is None else [_date(game.start)]
    sql = _RECORDS.format(
        sessions=sessions,
        steps=f", {steps}" if lines else "",
        first="(SELECT MIN(o) FROM ss WHERE date >= %s)" if start else "0",
        materialized=_materialized(),
        won=WON,
        rows=_player_rows(),
        courses=_COURSES if lines else "",
    )
    return sql, params + step_params + start


def records(
    game: Game, lines: dict[tuple[str, int], int] | None = None
) -> dict[str, dict[str, Any]]:
    """{score table: {"best": [player, session id, hand number, date, score] of the
    biggest hand, "streak": [player, hands, first date, last date] of the longest
    winning streak, and with ``lines`` ({(table, player): hands}, all time) "courses":
    {player: [[n, total after n hands], …]}, at most CHART_POINTS + 1 of them, evenly
    spaced, the last included}} over the game's period.

    A streak counts a player's won hands in a row in that table; one that began before
    the period does not count for it (as on the day the period ended, one that began
    earlier would not be the period's record). Ties go to whoever got there first.
    """
    found: dict[str, dict[str, Any]] = {}
    for kind, value, player, a, b, since, day, session, number in _fetch(
        *_records_sql(game, lines)
    ):
        entry = found.setdefault(table_key(game.variant, value or None), {})
        if kind == "s":
            entry["streak"] = [player, int(a), _iso(since), _iso(day)]
        elif kind == "b":
            entry["best"] = [player, session, number, _iso(day), int(a)]
        else:
            entry.setdefault("courses", {}).setdefault(str(player), []).append([int(a), int(b)])
    for entry in found.values():
        for line in entry.get("courses", {}).values():
            line.sort()
    return found


def hands(game: Game) -> list[tuple[Any, ...]]:
    """The game's played hands up to ``game.end``, in history order: (session id,
    declarer, partner, contract, target, made, points, line-up, killed seat); the
    line-up as the database returns JSON (text, or a list)."""
    sql = (
        f"SELECT h.session_id, h.declarer, h.partner, h.contract, h.target, h.made, h.points,"
        f" h.lineup, h.sitting_out"
        f" FROM {_q(Hand)} h JOIN {_q(GameSession)} s ON s.id = h.session_id"
        f" WHERE s.league_id = %s AND s.variant = %s AND h.status = '{Hand.PLAYED}'"
        f" AND h.declarer IS NOT NULL AND s.id NOT IN ({playing()})"
    )
    params: list[object] = [game.league_id, game.variant]
    if game.end is not None:
        sql += " AND s.date <= %s"
        params.append(_date(game.end))
    return _fetch(sql + " ORDER BY s.date, s.id, h.number", params)


def sessions(game: Game) -> dict[int, tuple[datetime.date, Any]]:
    """{session id: (date, house rules)} of the game up to its end."""
    found = counted(GameSession.objects.filter(league_id=game.league_id, variant=game.variant))
    if game.end is not None:
        found = found.filter(date__lte=game.end)
    return {pk: (date, options) for pk, date, options in found.values_list("id", "date", "options")}
