"""What the hands say: the night's standings and each table's state, read from the
sessions' stored scores every time (nothing is kept apart from the hands, so the
standings always equal them)."""

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Sum

from scoring.events.standings import Row, TableResult, standings
from scoring.models import (
    Adjustment,
    Event,
    EventTable,
    GameSession,
    Hand,
    HandScore,
    Player,
    Round,
    Seat,
)


def night_standings(event: Event) -> list[Row]:
    """Every checked-in player's row under the night's formula, best first."""
    tables = list(EventTable.objects.filter(round__event=event).values_list("session", "round"))
    sessions = [session for session, _round in tables]
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    for session, player in Seat.objects.filter(session__in=sessions).values_list(
        "session", "player"
    ):
        totals[session][player] = 0
    for session, player, points in (
        HandScore.objects.filter(hand__session__in=sessions)
        .values("hand__session", "player")
        .annotate(points=Sum("delta"))
        .values_list("hand__session", "player", "points")
    ):
        totals[session][player] = points
    hands = _hands_dealt(sessions)
    _adjust(event, dict(tables), totals)
    results = [TableResult(totals[s], hands[s]) for s in sorted(totals)]
    usual = GameSession(variant=event.variant).engine.typical_players
    names = dict(event.entrants.values_list("player", "player__name"))
    rows = standings(results, usual, event.formula, list(names))
    missing = {row.player for row in rows} - set(names)
    names.update(Player.objects.filter(pk__in=missing).values_list("pk", "name"))
    for row in rows:
        row.name = names.get(row.player, "")
    return rows


def _hands_dealt(sessions: list[int]) -> dict[int, Counter[int]]:
    dealt: dict[int, Counter[int]] = defaultdict(Counter)
    for session, lineup in Hand.objects.filter(session__in=sessions).values_list(
        "session", "lineup"
    ):
        dealt[session].update(lineup)
    return dealt


def _adjust(event: Event, round_of: dict[int, int], totals: dict[int, dict[int, int]]) -> None:
    """Penalties and bonuses count at the table the player sat at in their round; one
    given to a player who sat that round out counts on its own."""
    table_of = {
        (round_of[session], player): session
        for session, players in totals.items()
        for player in players
    }
    for round_id, player, points in Adjustment.objects.filter(round__event=event).values_list(
        "round", "player", "points"
    ):
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


def round_tables(event: Event, round_: Round) -> list[TableState]:
    """Each table of the round: hands recorded, the last one's time, the scores."""
    tables = list(round_.tables.select_related("session").order_by("number"))
    sessions = [t.session_id for t in tables]
    counts = {
        row["session"]: row
        for row in Hand.objects.filter(session__in=sessions)
        .values("session")
        .annotate(n=Count("id"), last=Max("created_at"))
    }
    sums: dict[int, dict[int, int]] = defaultdict(dict)
    for session, player, total in (
        HandScore.objects.filter(hand__session__in=sessions)
        .values("hand__session", "player")
        .annotate(total=Sum("delta"))
        .values_list("hand__session", "player", "total")
    ):
        sums[session][player] = total
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(session__in=sessions, until_hand__isnull=True).select_related(
        "player"
    ):
        seats[seat.session_id].append(seat)
    states = []
    for table in tables:
        row = counts.get(table.session_id, {})
        seated = sorted(seats[table.session_id], key=lambda s: s.number)
        board = [(s.pk, s.player.name, sums[table.session_id].get(s.player_id, 0)) for s in seated]
        target = event.deals_each * len(seated) if event.round_end == Event.HANDS else None
        states.append(TableState(table, row.get("n", 0), row.get("last"), board, target))
    return states
