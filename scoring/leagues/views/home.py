"""The home page: a visitor's welcome, or a member's live games, leagues and sessions."""

from collections import defaultdict
from typing import NamedTuple

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.leagues.people import received
from scoring.models import GameSession, League, Seat
from scoring.table.live import live_sessions


def home(request: HttpRequest) -> HttpResponse:
    """A visitor's welcome; a member's live games first, then their leagues and sessions."""
    if not request.user.is_authenticated:
        return render(request, "scoring/welcome.html")
    leagues = request.user.leagues.order_by("name")
    context = {
        "leagues": leagues,
        "recent": _recent(leagues),
        "live": live_sessions(leagues),
        "received": received(request.user),
    }
    return render(request, "scoring/home.html", context)


class Recent(NamedTuple):
    """A recent session, and its seats' players by name in seat order."""

    session: GameSession
    names: list[str]


def _recent(leagues: QuerySet[League]) -> list[Recent]:
    """The ten latest sessions with their players' names (read in one query: the page
    shows nothing else of the seats)."""
    sessions = list(GameSession.objects.filter(league__in=leagues).select_related("league")[:10])
    names: defaultdict[int, list[str]] = defaultdict(list)
    for session_id, name in Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "player__name"
    ):
        names[session_id].append(name)
    return [Recent(session, names[session.pk]) for session in sessions]
