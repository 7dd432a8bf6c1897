"""The director's board: every table of the round as it stands (hands recorded, the last
one's time, the scores), with the director's tools: a table's hands to correct or cancel
(the table's own edit pages, which keep the audit trail), a player replaced, a penalty or
bonus with its reason, closing the round and seating the next. The page polls itself
(htmx asks for the tables alone); without JavaScript, reloading it does the same."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.accounts.http import AuthenticatedHtmxRequest
from scoring.accounts.theme import theme_of
from scoring.events import night
from scoring.events.forms import AdjustmentForm, ReplaceForm, SeatingForm
from scoring.events.kept import night_view
from scoring.events.marks import (
    Mark,
    night_mark,
    poll_etag,
    session_mark,
    sessions_stored,
    validated,
)
from scoring.events.night import NightRefused, latest_round
from scoring.events.results import NightFacts, minutes_left, read, view_of
from scoring.events.views.access import drawn, event_for
from scoring.events.views.tables import drawn_tables
from scoring.models import Adjustment, Entrant, Event, EventTable
from scoring.table import version
from scoring.table.seating import SeatingRefused, replace
from scoring.table.version import StaleTable, VersionMissing


def _players(event: Event) -> list[tuple[int, str]]:
    return list(event.entrants.order_by("player__name").values_list("player", "player__name"))


def board_context(event: Event, clock: int | None = None, **forms: Any) -> dict[str, Any]:
    facts = NightFacts.of(event)
    view = view_of(facts, read(event))
    return {
        "event": event,
        "league": event.league,
        "current": view.current,
        "resting": view.resting,
        "clock": clock if clock is not None else minutes_left(facts, view.current),
        "tables": drawn_tables(
            event.pk, view, forms.get("replace_table"), forms.get("replace_form")
        ),
        "adjustments": Adjustment.objects.filter(round__event=event).select_related(
            "player", "round"
        ),
        "adjust_form": forms.get("adjust_form") or AdjustmentForm(players=_players(event)),
        "replace_form": forms.get("replace_form"),
        "replace_table": forms.get("replace_table"),
        "seating_form": SeatingForm(initial={"method": event.seating}),
        "director": True,
        "closed_tables": EventTable.objects.filter(
            round__event=event, round__closed_at__isnull=False
        ).select_related("round"),
        "reopened": night.reopened(event),
    }


@login_required
def board(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """The board; its poll (htmx, the tables alone) is answered 304 while nothing changed
    (most often before this view, by scoring.events.polls)."""
    if not request.htmx:
        event = event_for(request, pk, director=True)
        return render(request, "events/board.html", board_context(event))
    found = _poll_mark(request, pk)
    if found is None:
        event_for(request, pk, director=True)  # refused as the page is
        raise PermissionDenied
    mark, etag = found
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return validated(unchanged, etag)
    # The mark has just said the reader directs this night: no second check to pay for.
    view = night_view(mark)
    context = {
        "event": mark.facts,
        "current": view.current,
        "resting": view.resting,
        "clock": mark.clock,
        "tables": drawn_tables(mark.night, view),
    }
    return validated(render(request, "events/board.html#tables", context), etag)


def _poll_mark(request: AuthenticatedHtmxRequest, pk: int) -> tuple[Mark, str] | None:
    """The night's mark and the poll's ETag, when the reader directs the night."""
    if not sessions_stored():
        mark = night_mark(request, pk)
        return (mark, mark.etag(request, "board")) if mark and mark.directs else None
    found = session_mark(request.user.pk, request.session.session_key or "", pk)
    if found is None or not found[0].directs or not found[1].signed_in():
        return None
    mark, reader = found
    return mark, poll_etag(request, mark, reader, get_language(), theme_of(request))


@require_POST
@login_required
def adjust(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """A penalty or bonus, in game points, counted in the round being played."""
    event = event_for(request, pk, director=True)
    form = AdjustmentForm(request.POST, players=_players(event))
    if form.is_valid():
        try:
            with night.changing(event, drawn(request)) as locked:
                current = latest_round(locked)
                if current is None:
                    raise NightRefused(_("Seat the first round before giving points."))
                data = form.cleaned_data
                Adjustment.objects.create(
                    round=current,
                    player_id=data["player"],
                    points=data["points"],
                    reason=data["reason"],
                    created_by=request.user,
                )
        except NightRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, _("The points were given."))
            return redirect("scoring:event-board", pk=event.pk)
    return render(request, "events/board.html", board_context(event, adjust_form=form), status=400)


@require_POST
@login_required
def replace_player(request: AuthenticatedHtmxRequest, pk: int, table: int) -> HttpResponse:
    """A newcomer takes a seat at one of the round's tables from its next hand on; they
    are checked in for the night if they were not."""
    event = event_for(request, pk, director=True)
    found = _open_table(event, table)
    form = ReplaceForm(request.POST)
    if found is None:
        messages.error(request, _("That table is not playing this round."))
        return render(request, "events/board.html", board_context(event), status=404)
    if form.is_valid():
        try:
            _replace(event, found, form.cleaned_data, request)
        except (NightRefused, SeatingRefused) as refusal:
            form.add_error(None, refusal.message)
        except (StaleTable, VersionMissing):
            form.add_error(None, _("The table changed after this page was opened: look again."))
        else:
            return redirect("scoring:event-board", pk=event.pk)
    context = board_context(event, replace_form=form, replace_table=found.pk)
    return render(request, "events/board.html", context, status=400)


def _replace(
    event: Event, table: EventTable, data: dict[str, Any], request: AuthenticatedHtmxRequest
) -> None:
    table_version = version.drawn_version(request.POST.get("table_version"))
    with transaction.atomic():
        seat = replace(table.session, data["seat"], data["name"], table_version, request.user)
        Entrant.objects.update_or_create(
            event=event, player=seat.player, defaults={"present": True}
        )
    messages.success(
        request,
        _("%(name)s sits at table %(table)s.") % {"name": seat.player, "table": table.number},
    )


def _open_table(event: Event, table_pk: int) -> EventTable | None:
    current = latest_round(event)
    if current is None or current.closed_at is not None:
        return None
    return current.tables.select_related("session__league").filter(pk=table_pk).first()


@require_POST
@login_required
def correct(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """A table of a closed round opened again, and the director sent to its hands."""
    event = event_for(request, pk, director=True)
    try:
        with night.changing(event, drawn(request)) as locked:
            table = night.reopen_table(locked, request.POST.get("table"), request.user)
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        return render(request, "events/board.html", board_context(event), status=409)
    messages.success(
        request,
        _(
            "Table %(table)s of round %(round)s is open for a correction: correct or cancel "
            "its hand, then close it again from the board."
        )
        % {"table": table.number, "round": table.round.number},
    )
    return redirect("scoring:hands", pk=table.session_id)


@require_POST
@login_required
def close_corrections(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """The tables opened for a correction, closed again."""
    event = event_for(request, pk, director=True)
    try:
        with night.changing(event, drawn(request)) as locked:
            night.close_corrected(locked, request.user)
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        return render(request, "events/board.html", board_context(event), status=409)
    messages.success(request, _("The corrected tables are closed again."))
    return redirect("scoring:event-board", pk=event.pk)
