"""The home page: a visitor's welcome, or a member's live games, leagues and sessions."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.leagues.people import received
from scoring.models import GameSession
from scoring.table.live import live_sessions


def home(request: HttpRequest) -> HttpResponse:
    """A visitor's welcome; a member's live games first, then their leagues and sessions."""
    if not request.user.is_authenticated:
        return render(request, "scoring/welcome.html")
    leagues = request.user.leagues.order_by("name")
    recent = (
        GameSession.objects.filter(league__in=leagues)
        .select_related("league")
        .prefetch_related("seats__player")[:10]
    )
    context = {
        "leagues": leagues,
        "recent": recent,
        "live": live_sessions(leagues),
        "received": received(request.user),
    }
    return render(request, "scoring/home.html", context)
