"""What the hands say: the night's standings and each table's state, read from the
sessions' stored scores every time (nothing is kept apart from the hands, so the
standings always equal them).

A page reads the whole night in one statement (``read``): its rounds and tables, the
seats, each table's scores summed by player, the hands' line-ups, the penalties and
bonuses, and who checked in. The statement is written out once (``night_sql``): every
poll of a night that moved reads it, and building its parts through the ORM cost
several times what running them does. One statement is also one moment of the night:
the standings and the tables drawn from it never mix two.
"""

import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache, cached_property
from typing import Any

from django.db import connection, models
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scoring.events.standings import Row, TableResult, standings
from scoring.models import (
    Adjustment,
    Entrant,
    Event,
    EventTable,
    GameSession,
    Hand,
    HandScore,
    Player,
    Round,
    Seat,
)
from scoring.rules import find_variant


@dataclass(frozen=True)
class NightFacts:
    """The night's own fields its pages draw and count with."""

    pk: int
    name: str
    rounds: int
    variant: str
    formula: str
    round_end: str
    deals_each: int
    minutes: int

    @classmethod
    def of(cls, event: Event) -> "NightFacts":
        return cls(
            event.pk,
            event.name,
            event.rounds,
            event.variant,
            event.formula,
            event.round_end,
            event.deals_each,
            event.minutes,
        )


@dataclass(frozen=True)
class RoundRow:
    pk: int
    number: int
    closed_at: datetime | None
    seated_at: datetime | None
    sitting_out: list[int]


@dataclass(frozen=True)
class TableRow:
    pk: int
    number: int
    code: str
    session_id: int
    version: int  # its session's: what a form for the table is drawn for


@dataclass(frozen=True)
class SeatRow:
    session: int
    round: int
    pk: int
    number: int
    player: int
    name: str
    seated: bool  # still at the table (not left or replaced)


@dataclass
class NightData:
    seats: list[SeatRow]
    totals: dict[int, dict[int, int]]  # session → player → points
    dealt: dict[int, Counter[int]]  # session → player → hands dealt in
    last: dict[int, datetime]  # session → its last hand's time
    hands: Counter[int]  # session → hands recorded
    adjustments: list[tuple[int, int, int]]  # (round, player, points)
    names: dict[int, str] = field(default_factory=dict)  # those checked in, by player
    rounds: list[RoundRow] = field(default_factory=list)  # by number
    tables: dict[int, list[TableRow]] = field(default_factory=dict)  # round → its, by number


# The kinds of row the statement returns (its first column).
ROUND, TABLE, SEAT, SCORE, LINEUP, LAST, ADJUSTMENT, ENTRANT = range(8)
NONE = "CAST(NULL AS BIGINT)"


def _q(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def night_sql() -> str:
    """Every row of the night, tagged by kind (``%s``: the night's id, once per part)."""
    rounds = f"{_q(Round)} r"
    night = "WHERE r.event_id = %s"

    def tables(session: str) -> str:  # the night's table of that session, and its round
        return (
            f"JOIN {_q(EventTable)} t ON t.session_id = {session}"
            f" JOIN {rounds} ON r.id = t.round_id {night}"
        )

    hands = f"{_q(Hand)} h {tables('h.session_id')}"
    parts = [  # kind, session, round, pk, number, player, value, text, at, since
        # The first part types the columns (PostgreSQL reads two NULLs as text).
        f"{ROUND}, {NONE}, r.id, r.id, r.number, {NONE}, {NONE}, CAST(r.sitting_out AS TEXT),"
        f" r.closed_at, r.seated_at FROM {rounds} {night}",
        f"{TABLE}, t.session_id, t.round_id, t.id, t.number, NULL, s.version, t.code, NULL,"
        f" NULL FROM {_q(GameSession)} s {tables('s.id')}",
        f"{SEAT}, st.session_id, t.round_id, st.id, st.number, st.player_id, st.until_hand,"
        f" p.name, NULL, NULL FROM {_q(Seat)} st JOIN {_q(Player)} p ON p.id = st.player_id"
        f" {tables('st.session_id')}",
        f"{SCORE}, h.session_id, NULL, NULL, NULL, hs.player_id, SUM(hs.delta), NULL, NULL,"
        f" NULL FROM {_q(HandScore)} hs JOIN {_q(Hand)} h ON h.id = hs.hand_id"
        f" {tables('h.session_id')} GROUP BY h.session_id, hs.player_id",
        f"{LINEUP}, h.session_id, NULL, h.id, NULL, NULL, NULL, CAST(h.lineup AS TEXT), NULL,"
        f" NULL FROM {hands}",
        f"{LAST}, h.session_id, NULL, NULL, NULL, NULL, COUNT(*), NULL, MAX(h.created_at),"
        f" NULL FROM {hands} GROUP BY h.session_id",
        f"{ADJUSTMENT}, NULL, a.round_id, a.id, NULL, a.player_id, a.points, NULL, NULL, NULL"
        f" FROM {_q(Adjustment)} a JOIN {rounds} ON r.id = a.round_id {night}",
        f"{ENTRANT}, NULL, NULL, en.id, NULL, en.player_id, NULL, p.name, NULL, NULL"
        f" FROM {_q(Entrant)} en JOIN {_q(Player)} p ON p.id = en.player_id"
        " WHERE en.event_id = %s",
    ]
    return " UNION ALL ".join(f"SELECT {part}" for part in parts) + " ORDER BY 1, 5, 4"


def read(event: Event | int) -> NightData:
    """The whole night, in one statement."""
    pk = event if isinstance(event, int) else event.pk
    with connection.cursor() as cursor:
        cursor.execute(night_sql(), [pk] * 8)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    data = NightData([], defaultdict(dict), defaultdict(Counter), {}, Counter(), [])
    for kind, session, round_id, pk, number, player, value, text, at, since in rows:
        if kind == SEAT:
            data.seats.append(SeatRow(session, round_id, pk, number, player, text, value is None))
        elif kind == SCORE:
            data.totals[session][player] = value
        elif kind == LINEUP:
            data.dealt[session].update(json.loads(text))
        elif kind == LAST:
            data.hands[session] = value
            data.last[session] = moment(at) or timezone.now()
        elif kind == ADJUSTMENT:
            data.adjustments.append((round_id, player, value))
        elif kind == ENTRANT:
            data.names[player] = text
        elif kind == TABLE:
            data.tables.setdefault(round_id, []).append(TableRow(pk, number, text, session, value))
        else:
            data.rounds.append(RoundRow(pk, number, moment(at), moment(since), json.loads(text)))
    return data


def moment(value: object) -> datetime | None:
    """A time as the database returned it (SQLite's raw rows give text)."""
    if isinstance(value, datetime):
        return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)
    found = parse_datetime(str(value)) if value else None
    if found is not None and timezone.is_naive(found):
        found = timezone.make_aware(found, UTC)
    return found


def night_standings(event: Event, data: NightData | None = None) -> list[Row]:
    """Every checked-in player's row under the night's formula, best first."""
    return standings_of(NightFacts.of(event), data or read(event))


def standings_of(facts: NightFacts, data: NightData) -> list[Row]:
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    round_of: dict[int, int] = {}
    names = dict(data.names)
    for seat in data.seats:
        totals[seat.session][seat.player] = data.totals[seat.session].get(seat.player, 0)
        round_of[seat.session] = seat.round
        names.setdefault(seat.player, seat.name)
    _adjust(data.adjustments, round_of, totals)
    results = [TableResult(totals[s], data.dealt[s]) for s in sorted(totals)]
    usual = find_variant(facts.variant).typical_players
    rows = standings(results, usual, facts.formula, list(data.names))
    for row in rows:
        row.name = names.get(row.player, "")
    return rows


def _adjust(
    adjustments: list[tuple[int, int, int]],
    round_of: dict[int, int],
    totals: dict[int, dict[int, int]],
) -> None:
    """Penalties and bonuses count at the table the player sat at in their round; one
    given to a player who sat that round out counts on its own."""
    table_of = {
        (round_of[session], player): session
        for session, players in totals.items()
        for player in players
    }
    for round_id, player, points in adjustments:
        session = table_of.get((round_id, player), -round_id)
        totals[session][player] = totals[session].get(player, 0) + points


@dataclass
class TableState:
    table: TableRow
    hands: int
    last_at: datetime | None
    board: list[tuple[int, str, int]]  # each seat's (id, player's name, total)
    target: int | None  # hands the round asks of this table, when it ends by hands

    @property
    def done(self) -> bool:
        return self.target is not None and self.hands >= self.target


def round_tables(facts: NightFacts, round_: RoundRow, data: NightData) -> list[TableState]:
    """Each table of the round: hands recorded, the last one's time, the scores."""
    seated: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in data.seats:
        if seat.seated:
            seated[seat.session].append(seat)
    states = []
    for table in data.tables.get(round_.pk, []):
        session = table.session_id
        seats = sorted(seated[session], key=lambda s: s.number)
        board = [(s.pk, s.name, data.totals[session].get(s.player, 0)) for s in seats]
        hands_each = facts.deals_each * len(seats)
        target = hands_each if facts.round_end == Event.HANDS else None
        hands = data.hands[session]
        states.append(TableState(table, hands, data.last.get(session), board, target))
    return states


def minutes_left(facts: NightFacts, current: RoundRow | None) -> int | None:
    """Whole minutes left in the round being played, when rounds end on a clock."""
    if current is None or current.closed_at is not None or facts.round_end != Event.TIME:
        return None
    if current.seated_at is None:
        return None
    ends = current.seated_at.timestamp() + facts.minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))


class NightView:
    """What the board, the TV page and the printout draw of the night: the round being
    played (or the last one), its tables, the standings and the names. The standings
    are worked out when first asked for (the board's poll draws none)."""

    def __init__(self, facts: NightFacts, data: NightData) -> None:
        self.facts, self.data = facts, data
        self.current = data.rounds[-1] if data.rounds else None
        self.tables = round_tables(facts, self.current, data) if self.current else []
        self.names = data.names
        resting = self.current.sitting_out if self.current else []
        self.resting = [data.names.get(player, "") for player in resting]

    @cached_property
    def rows(self) -> list[Row]:
        return standings_of(self.facts, self.data)


def view_of(facts: NightFacts, data: NightData) -> NightView:
    return NightView(facts, data)
