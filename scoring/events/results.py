"""What the hands say: the night's standings and each table's state, read from the
sessions' stored scores every time (nothing is kept apart from the hands, so the
standings always equal them).

A page reads the whole night at once (``read``: five queries, however many rounds and
tables) and works out the standings and the round's tables from what it read.
"""

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Sum
from django.utils import timezone

from scoring.events.standings import Row, TableResult, standings
from scoring.models import Adjustment, Event, EventTable, Hand, HandScore, Round, Seat
from scoring.rules import find_variant


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


def read(event: Event) -> NightData:
    night = {"session__event_table__round__event": event}
    seats = [
        SeatRow(*row[:-1], row[-1] is None)
        for row in Seat.objects.filter(**night).values_list(
            "session",
            "session__event_table__round",
            "pk",
            "number",
            "player",
            "player__name",
            "until_hand",
        )
    ]
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    for session, player, points in (
        HandScore.objects.filter(hand__session__event_table__round__event=event)
        .values("hand__session", "player")
        .annotate(points=Sum("delta"))
        .values_list("hand__session", "player", "points")
    ):
        totals[session][player] = points
    dealt: dict[int, Counter[int]] = defaultdict(Counter)
    last: dict[int, datetime] = {}
    hands: Counter[int] = Counter()
    for session, lineup, at in Hand.objects.filter(**night).values_list(
        "session", "lineup", "created_at"
    ):
        dealt[session].update(lineup)
        hands[session] += 1
        last[session] = max(at, last.get(session, at))
    adjustments = list(
        Adjustment.objects.filter(round__event=event).values_list("round", "player", "points")
    )
    names = dict(event.entrants.values_list("player", "player__name"))
    return NightData(seats, totals, dealt, last, hands, adjustments, names)


def night_standings(event: Event, data: NightData | None = None) -> list[Row]:
    """Every checked-in player's row under the night's formula, best first."""
    data = data or read(event)
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    round_of: dict[int, int] = {}
    names = dict(data.names)
    for seat in data.seats:
        totals[seat.session][seat.player] = data.totals[seat.session].get(seat.player, 0)
        round_of[seat.session] = seat.round
        names.setdefault(seat.player, seat.name)
    _adjust(data.adjustments, round_of, totals)
    results = [TableResult(totals[s], data.dealt[s]) for s in sorted(totals)]
    usual = find_variant(event.variant).typical_players
    rows = standings(results, usual, event.formula, list(data.names))
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
    table: EventTable
    hands: int
    last_at: datetime | None
    board: list[tuple[int, str, int]]  # each seat's (id, player's name, total)
    target: int | None  # hands the round asks of this table, when it ends by hands

    @property
    def done(self) -> bool:
        return self.target is not None and self.hands >= self.target


def round_tables(event: Event, round_: Round, data: NightData | None = None) -> list[TableState]:
    """Each table of the round: hands recorded, the last one's time, the scores."""
    data = data or read(event)
    tables = list(round_.tables.select_related("session").order_by("number"))
    seated: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in data.seats:
        if seat.seated:
            seated[seat.session].append(seat)
    states = []
    for table in tables:
        session = table.session_id
        seats = sorted(seated[session], key=lambda s: s.number)
        board = [(s.pk, s.name, data.totals[session].get(s.player, 0)) for s in seats]
        target = event.deals_each * len(seats) if event.round_end == Event.HANDS else None
        hands = data.hands[session]
        states.append(TableState(table, hands, data.last.get(session), board, target))
    return states


def minutes_left(event: Event, current: Round | None) -> int | None:
    """Whole minutes left in the round being played, when rounds end on a clock."""
    if current is None or current.closed_at is not None or event.round_end != Event.TIME:
        return None
    ends = current.seated_at.timestamp() + event.minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))
