"""The home page: a visitor's welcome, or a member's live games, leagues and sessions."""

import hashlib
from typing import NamedTuple

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import get_script_prefix

from scoring.leagues.people import received
from scoring.models import GameSession, League, Player, Seat
from scoring.models.sql import as_date, as_datetime, quoted
from scoring.models.table import live_since
from scoring.table.live import live_sessions

RECENT = 10  # sessions the page lists


def home(request: HttpRequest) -> HttpResponse:
    """A visitor's welcome; a member's live games first, then their leagues and sessions."""
    if not request.user.is_authenticated:
        return render(request, "scoring/welcome.html")
    leagues = list(request.user.leagues.order_by("name"))
    ids = [league.pk for league in leagues]
    recent = _recent(leagues)
    context = {
        "leagues": leagues,
        "recent": recent,
        "lists_key": _lists_key(leagues, recent),
        "live": live_sessions(ids) if ids else [],
        "received": received(request.user),
    }
    return render(request, "scoring/home.html", context)


def _lists_key(leagues: list[League], recent: list["Recent"]) -> str:
    """Everything the page's lists of leagues and sessions show, as a fingerprint: they
    are kept as drawn under it (a Save changes none of it), drawn afresh when it moves."""
    since = live_since()
    shape = (
        get_script_prefix(),
        [(league.pk, league.name, league.imported_at) for league in leagues],
        [
            (r.session.pk, r.session.date, r.session.variant, r.session.ended_at, r.names)
            for r in recent
        ],
        [r.session.ended_at is None and r.session.date >= since for r in recent],
    )
    return hashlib.sha256(repr(shape).encode()).hexdigest()


class Recent(NamedTuple):
    """A recent session, and its seats' players by name in seat order."""

    session: GameSession
    names: list[str]


def _recent(leagues: list[League]) -> list[Recent]:
    """The ten latest sessions of these leagues with their players' names, in one
    statement written in SQL: the page shows nothing else of them, and every signed-in
    visit asks (building it in the ORM cost more than running it)."""
    by_id = {league.pk: league for league in leagues}
    if not by_id:
        return []
    marks = ", ".join(["%s"] * len(by_id))
    sql = (
        "SELECT s.id, s.league_id, s.date, s.variant, s.ended_at, p.name FROM"
        " (SELECT r.id, r.league_id, r.date, r.variant, r.ended_at, r.created_at"
        f" FROM {quoted(GameSession)} r WHERE r.league_id IN ({marks})"
        f" ORDER BY r.date DESC, r.created_at DESC LIMIT {RECENT}) s"
        f" LEFT JOIN {quoted(Seat)} t ON t.session_id = s.id"
        f" LEFT JOIN {quoted(Player)} p ON p.id = t.player_id"
        " ORDER BY s.date DESC, s.created_at DESC, s.id, t.number, t.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, list(by_id))
        rows = cursor.fetchall()
    found: dict[int, Recent] = {}
    for pk, league_id, date, variant, ended_at, name in rows:
        if pk not in found:
            session = GameSession(pk=pk, league_id=league_id, date=as_date(date), variant=variant)
            session.ended_at = as_datetime(ended_at)
            session.league = by_id[league_id]
            found[pk] = Recent(session, [])
        if name is not None:
            found[pk].names.append(name)
    return list(found.values())
