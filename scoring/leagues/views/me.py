"""Me: a member's own games across leagues.

Each player entry linked to the account (scoring.leagues.people), in each league the user is
still a member of: the figures the league's player page shows (scoring.history.figures.figures,
read from the same stored history), and the latest sessions with the player's total.
"""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.history.figures import refold
from scoring.history.figures.figures import player_stats
from scoring.history.figures.sessions import player_sessions
from scoring.leagues.people import received
from scoring.models import Player

SESSIONS = 5


@login_required
def me(request: AuthenticatedHttpRequest) -> HttpResponse:
    players = (
        Player.objects.filter(user=request.user, league__memberships__user=request.user)
        .select_related("league")
        .order_by("league__name", "pk")
    )
    entries: list[dict[str, Any]] = []
    later = refold.Later()
    for player in players:
        names = dict(Player.objects.filter(league_id=player.league_id).values_list("pk", "name"))
        entries.append(
            {
                "player": player,
                "league": player.league,
                "stats": player_stats(player, names, later),
                "sessions": player_sessions(player, limit=SESSIONS),
            }
        )
    latest = sorted(
        (
            {**session, "league": entry["league"]}
            for entry in entries
            for session in entry["sessions"]
        ),
        key=lambda s: (s["date"], s["session_id"]),
        reverse=True,
    )[: 2 * SESSIONS]
    context = {
        "entries": entries,
        "latest": latest,
        "received": received(request.user),
        "later": later,
    }
    response = render(request, "scoring/me.html", context)
    refold.after(response, later)
    return response
