"""The room's screens and paper: the TV page (standings, the round's seating and its clock,
in big type), the printable night (each round's seating, a score sheet per table, the
standings), and a table's QR code.

The TV page polls itself; each poll carries the ETag of the last answer and gets a 304
until the night, one of its tables or the clock's minute moves: one query decides it.
Members open it here; a room's screen opens the same page by the night's TV link
(scoring.events.views.tv_link), with no account.
"""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.views.decorators.http import require_safe

from scoring.accounts.http import AuthenticatedHtmxRequest, HtmxHttpRequest
from scoring.events.kept import fragments, night_view
from scoring.events.marks import Mark, night_mark, validated
from scoring.events.results import NightFacts, NightView, read, view_of
from scoring.events.views.access import event_for
from scoring.models import Event, EventTable
from scoring.rules import find_variant
from scoring.table import qr


@require_safe
@login_required
def tv(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """The TV page; its poll (htmx) is answered from what the last poll of the same state
    drew, for every screen in the room, while nothing changed."""
    mark = night_mark(request, pk)
    if mark is None:
        event_for(request, pk)  # no member: refused as any page of the night is
        raise Http404
    # The mark has just said the reader is a member: no second check to pay for.
    poll = reverse("scoring:event-tv", args=[pk])
    return screen(request, mark, "tv", f"night-tv:{pk}", {"poll": poll})


def screen(
    request: HtmxHttpRequest, mark: Mark, page: str, kept: str, extra: dict[str, Any]
) -> HttpResponse:
    """The TV page as the night's mark finds it: 304 while unchanged, else the fragment
    the last poll of this state drew (kept under ``kept``), else drawn afresh from the
    night as read for this mark (scoring.events.kept)."""
    etag = mark.etag(request, page)
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return validated(unchanged, etag)
    key = (kept, etag)
    if request.htmx and (drawn := fragments.get(key)) is not None:
        return validated(HttpResponse(drawn), etag)
    template = "events/tv.html#screen" if request.htmx else "events/tv.html"
    context = {**_screen(mark.facts, night_view(mark)), "clock": mark.clock, **extra}
    response = render(request, template, context)
    if request.htmx:  # nothing of the reader's own in the fragment: the same for every reader
        fragments.put(key, response.content.decode())
    return validated(response, etag)


def _screen(facts: NightFacts, view: NightView) -> dict[str, Any]:
    return {
        "event": facts,
        "current": view.current,
        "tables": view.tables,
        "rows": view.rows,
        "names": view.names,
        "resting": view.resting,
    }


@require_safe
@login_required
def printed(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """Every round's seating, a score sheet for each table of the round being played
    (a paper fallback for a dead phone), and the standings."""
    event = event_for(request, pk)
    rounds = list(event.round_set.prefetch_related("tables__session__seats__player"))
    facts = NightFacts.of(event)
    view = view_of(facts, read(event))
    context: dict[str, Any] = {**_screen(facts, view), "event": event, "rounds": rounds}
    # The declarer as the game names them ("Napoleon", "주공"): the sheet's column.
    context["declarer_role"] = find_variant(event.variant).role_words()[0]
    for round_ in rounds:
        round_.resting = [view.names.get(p, "") for p in round_.sitting_out]
    context["sheet_rows"] = range(1, _sheet_length(event, view.tables) + 1)
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
