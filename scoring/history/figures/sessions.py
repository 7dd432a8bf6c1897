"""A league's sessions as the history pages list them, read live: a page of them, newest
first, with each seat's total; a player's latest; the dates the league has played."""

import datetime
from collections import defaultdict
from typing import Any

from django.db import connection

from scoring.history.figures.period import Period
from scoring.history.figures.tables import variant_label
from scoring.models import GameSession, Hand, HandScore, League, Player, Seat
from scoring.models.sql import as_date, as_datetime, quoted
from scoring.models.table import live_since


def league_span(league: League) -> tuple[datetime.date | None, datetime.date | None]:
    """The dates of the league's first and last sessions (two index look-ups, in one
    statement written in SQL: every view of the league page asks)."""
    table = quoted(GameSession)
    sql = (
        f"SELECT (SELECT a.date FROM {table} a WHERE a.league_id = %s ORDER BY a.date LIMIT 1),"
        f" (SELECT b.date FROM {table} b WHERE b.league_id = %s ORDER BY b.date DESC LIMIT 1)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league.pk, league.pk])
        first, last = cursor.fetchone()
    return (as_date(first) if first else None), (as_date(last) if last else None)


def sessions_page(
    league: League, period: Period, page: int, per_page: int = 12
) -> tuple[list[tuple[int, str]], bool]:
    """One page of the league's sessions in the period, newest first, as (id, what its
    card shows: ``card_key``), and whether more follow. Only the columns of the key: a
    view of the league page draws again the cards whose key changed, and no more
    (``sessions_by_id``). Written in SQL: every view asks, and building the statement
    in the ORM cost more than running it."""
    where: list[str] = ["s.league_id = %s"]
    params: list[Any] = [league.pk]
    if period.start:
        where.append("s.date >= %s")
        params.append(connection.ops.adapt_datefield_value(period.start))
    if period.end:
        where.append("s.date <= %s")
        params.append(connection.ops.adapt_datefield_value(period.end))
    sql = (
        f"SELECT s.id, s.version, s.date, s.variant, s.ended_at FROM {quoted(GameSession)} s"
        f" WHERE {' AND '.join(where)} ORDER BY s.date DESC, s.id DESC LIMIT %s OFFSET %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, per_page + 1, (page - 1) * per_page])
        rows = cursor.fetchall()
    since = live_since()
    found = [
        (pk, card_key(pk, version, as_date(date), variant, as_datetime(ended), since))
        for pk, version, date, variant, ended in rows
    ]
    return found[:per_page], len(found) > per_page


def card_key(
    pk: int,
    version: int,
    date: datetime.date,
    variant: str,
    ended: datetime.datetime | None,
    since: datetime.date,
) -> str:
    """What a session's card shows, as a key: its version (every hand, seat, name or end
    moves it: scoring.table.version), date, game, end, and whether it is live (``since``:
    the first date still live)."""
    live = ended is None and date >= since
    return f"{pk}|{version}|{date.isoformat()}|{variant}|{ended and ended.isoformat()}|{live}"


def sessions_by_id(ids: list[int]) -> list[GameSession]:
    """The sessions of ``ids``, in that order."""
    found = GameSession.objects.in_bulk(ids)
    return [found[pk] for pk in ids if pk in found]


def describe(sessions: list[GameSession]) -> None:
    """Each session's seats with their totals (``history_seats``, best first) and its
    number of hands (``hand_count``). In SQL: a Save leaves one card to draw afresh on the
    next view of the league page, and building these statements cost more than running
    them."""
    if not sessions:
        return
    ids = [s.pk for s in sessions]
    marks = ", ".join(["%s"] * len(ids))
    seats_sql = (
        f"SELECT t.session_id, t.player_id, p.name FROM {quoted(Seat)} t"
        f" JOIN {quoted(Player)} p ON p.id = t.player_id WHERE t.session_id IN ({marks})"
        " ORDER BY t.session_id, t.number, t.id"
    )
    counts_sql = (
        f"SELECT h.session_id, COUNT(h.id) FROM {quoted(Hand)} h"
        f" WHERE h.session_id IN ({marks}) GROUP BY h.session_id"
    )
    names: defaultdict[int, dict[int, str]] = defaultdict(dict)  # who ever sat there
    with connection.cursor() as cursor:
        cursor.execute(seats_sql, ids)
        for session_id, player, name in cursor.fetchall():
            names[session_id][player] = name
        cursor.execute(counts_sql, ids)
        counts = dict(cursor.fetchall())
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    for (session_id, player), total in _session_totals(ids).items():
        totals[session_id][player] = total
    for session in sessions:
        scored = [
            (name, totals[session.pk].get(player, 0)) for player, name in names[session.pk].items()
        ]
        best = max((total for _name, total in scored), default=0)
        session.history_seats = sorted(
            (
                {"name": name, "total": total, "leads": bool(totals[session.pk]) and total == best}
                for name, total in scored
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
    """{(session id, player id): total} for these sessions.

    Every player of these few sessions, never one player's filter: with it the database
    walks that player's scores across the whole league (the player's index) and the page
    slows as the league grows; by session it reads only these sessions' hands."""
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
