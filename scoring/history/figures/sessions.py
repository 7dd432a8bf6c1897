"""A league's sessions as the history pages list them, read live: a page of them, newest
first, with each seat's total; a player's latest; the dates the league has played."""

import datetime
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Count, Prefetch, Sum, prefetch_related_objects

from scoring.history.figures.period import Period
from scoring.history.figures.tables import variant_label
from scoring.models import GameSession, Hand, HandScore, League, Player, Seat
from scoring.models.sql import as_date, quoted


def league_span(league: League) -> tuple[datetime.date | None, datetime.date | None]:
    """The dates of the league's first and last sessions (two index look-ups)."""
    sessions = GameSession.objects.filter(league=league)
    first = sessions.order_by("date").values_list("date", flat=True).first()
    last = sessions.order_by("-date").values_list("date", flat=True).first()
    return first, last


def _totals(ids: Iterable[int]) -> dict[tuple[int, int], int]:
    """{(session id, player id): total} for these sessions.

    Every player of these few sessions, never one player's filter: with it the database
    walks that player's scores across the whole league (the player's index) and the page
    slows as the league grows; by session it reads only these sessions' hands."""
    found = HandScore.objects.filter(hand__session__in=ids)
    return {
        (session_id, who): total
        for session_id, who, total in found.values("hand__session", "player")
        .annotate(total=Sum("delta"))
        .values_list("hand__session", "player", "total")
    }


def sessions_page(
    league: League, period: Period, page: int, per_page: int = 12
) -> tuple[list[GameSession], bool]:
    """One page of the league's sessions in the period, newest first: (sessions, has_more).
    ``describe`` adds what their cards show."""
    found = GameSession.objects.filter(league=league)
    if period.start:
        found = found.filter(date__gte=period.start)
    if period.end:
        found = found.filter(date__lte=period.end)
    offset = (page - 1) * per_page
    sessions = list(found.order_by("-date", "-pk")[offset : offset + per_page + 1])
    return sessions[:per_page], len(sessions) > per_page


def describe(sessions: list[GameSession]) -> None:
    """Each session's seats with their totals (``history_seats``, best first) and its
    number of hands (``hand_count``)."""
    if not sessions:
        return
    seats = Seat.objects.select_related("player")
    prefetch_related_objects(sessions, Prefetch("seats", queryset=seats))
    ids = [s.pk for s in sessions]
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    for (session_id, player), total in _totals(ids).items():
        totals[session_id][player] = total
    counts = dict(
        Hand.objects.filter(session_id__in=ids)
        .values("session_id")
        .annotate(count=Count("id"))
        .values_list("session_id", "count")
    )
    for session in sessions:
        players = {seat.player_id: seat for seat in session.seats.all()}  # who ever sat there
        scored = [(seat, totals[session.pk].get(pk, 0)) for pk, seat in players.items()]
        best = max((total for _seat, total in scored), default=0)
        session.history_seats = sorted(
            (
                {
                    "name": seat.player.name,
                    "total": total,
                    "leads": bool(totals[session.pk]) and total == best,
                }
                for seat, total in scored
            ),
            key=lambda s: -s["total"],
        )
        session.hand_count = counts.get(session.pk, 0)


def player_sessions(player: Player, limit: int = 10) -> list[dict[str, Any]]:
    """The player's latest sessions with a played hand, with their total in each, newest
    first (the league's sessions newest first, until ``limit`` of them seat the player).
    Written in SQL: the player's and the home pages ask, and building the statement
    cost more than running it."""
    sql = (
        "SELECT s.id, s.date, s.variant,"
        f" (SELECT t.number FROM {quoted(Seat)} t WHERE t.session_id = s.id AND t.player_id = %s"
        " ORDER BY t.id DESC LIMIT 1)"
        f" FROM {quoted(GameSession)} s WHERE s.league_id = %s"
        f" AND EXISTS (SELECT 1 FROM {quoted(Seat)} t WHERE t.session_id = s.id AND t.player_id = %s)"
        f" AND EXISTS (SELECT 1 FROM {quoted(Hand)} h WHERE h.session_id = s.id AND h.status = %s)"
        " ORDER BY s.date DESC, s.id DESC LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [player.pk, player.league_id, player.pk, Hand.PLAYED, limit])
        sessions = cursor.fetchall()
    totals = _session_totals([pk for pk, *_rest in sessions])
    return [
        {
            "session_id": pk,
            "date": as_date(date),
            "variant": variant,
            "seat": seat,
            "label": variant_label(variant),
            "total": totals.get((pk, player.pk), 0),
        }
        for pk, date, variant, seat in sessions
    ]


def _session_totals(ids: list[int]) -> dict[tuple[int, int], int]:
    """``_totals`` in SQL, by session as it is (never one player's filter, for the same
    reason)."""
    if not ids:
        return {}
    marks = ", ".join(["%s"] * len(ids))
    sql = (
        f"SELECT h.session_id, hs.player_id, SUM(hs.delta) FROM {quoted(HandScore)} hs"
        f" JOIN {quoted(Hand)} h ON h.id = hs.hand_id WHERE h.session_id IN ({marks})"
        " GROUP BY h.session_id, hs.player_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, ids)
        return {(session, who): total for session, who, total in cursor.fetchall()}
