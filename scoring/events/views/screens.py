"""The room's screens and paper: the TV page (standings, the round's seating and its clock,
in big type), the printable night (each round's seating, a score sheet per table, the
standings), and a table's QR code.

The TV page polls itself; each poll carries the ETag of the last answer and gets a 304
until the night, one of its tables or the clock's minute moves: one query decides it.
"""

import math
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Max, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scoring.accounts.http import AuthenticatedHtmxRequest
from scoring.accounts.theme import theme_of
from scoring.events.night import latest_round
from scoring.events.results import night_standings, round_tables
from scoring.events.views.access import event_for
from scoring.models import Event, EventTable, GameSession, Round
from scoring.table import qr


def minutes_left(event: Event, current: Round | None) -> int | None:
    """Whole minutes left in the round being played, when rounds end on a clock."""
    if current is None or current.closed_at is not None or event.round_end != Event.TIME:
        return None
    ends = current.seated_at.timestamp() + event.minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))


def _tv_etag(request: HttpRequest, event: Event, current: Round | None) -> str:
    tables = GameSession.objects.filter(event_table__round__event=event).aggregate(
        changes=Sum("version"), newest=Max("pk")
    )
    clock = minutes_left(event, current)
    page = "htmx" if getattr(request, "htmx", False) else "page"
    mark = f"{event.version}-{tables['changes']}-{tables['newest']}-{clock}"
    return f'"tv-{event.pk}-{mark}-{get_language()}-{theme_of(request)}-{page}"'


@require_safe
@login_required
def tv(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk)
    current = latest_round(event)
    etag = _tv_etag(request, event, current)
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _validated(unchanged, etag)
    template = "events/tv.html#screen" if request.htmx else "events/tv.html"
    context = {**_night(event, current), "clock": minutes_left(event, current)}
    return _validated(render(request, template, context), etag)


def _validated(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response


def _night(event: Event, current: Round | None) -> dict[str, Any]:
    names = dict(event.entrants.values_list("player", "player__name"))
    return {
        "event": event,
        "current": current,
        "tables": round_tables(event, current) if current else [],
        "rows": night_standings(event),
        "names": names,
        "resting": [names.get(p, "") for p in current.sitting_out] if current else [],
    }


@require_safe
@login_required
def printed(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """Every round's seating, a score sheet for each table of the round being played
    (a paper fallback for a dead phone), and the standings."""
    event = event_for(request, pk)
    rounds = list(event.round_set.prefetch_related("tables__session__seats__player"))
    current = rounds[-1] if rounds else None
    context: dict[str, Any] = {**_night(event, current), "rounds": rounds}
    for round_ in rounds:
        round_.resting = [context["names"].get(p, "") for p in round_.sitting_out]
    context["sheet_rows"] = range(1, _sheet_length(event, context["tables"]) + 1)
    return render(request, "events/print.html", context)


def _sheet_length(event: Event, tables: list[Any]) -> int:
    if event.round_end == Event.HANDS and tables:
        return max(t.target or 0 for t in tables)
    return 12


@require_safe
@login_required
def table_qr(request: AuthenticatedHtmxRequest, pk: int, table: int) -> HttpResponse:
    """The QR code of an open table's join link, for its phone to scan off the board."""
    event = event_for(request, pk, director=True)
    found = EventTable.objects.filter(
        pk=table, round__event=event, round__closed_at__isnull=True
    ).first()
    if found is None:
        raise Http404("no such table playing")
    link = request.build_absolute_uri(reverse("scoring:table-code", args=[found.code]))
    return qr.response(link, shared=False)
