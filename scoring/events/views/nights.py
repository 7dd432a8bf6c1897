"""A league's club nights: the list and a new night, the night's page (what it plays,
how it ranks, who is in, the rounds' seating, the standings), checking players in and
out between rounds."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.accounts.access import league_for
from scoring.accounts.http import AuthenticatedHtmxRequest, AuthenticatedHttpRequest
from scoring.events import night
from scoring.events.forms import EventForm, SeatingForm
from scoring.events.night import NightRefused, directs
from scoring.events.results import NightFacts, read, standings_of
from scoring.events.standings import worked_example
from scoring.events.views.access import drawn, event_for
from scoring.models import Event
from scoring.rules import find_variant
from scoring.table.regulars import rule_words
from scoring.table.setup import NameForm


@login_required
def events(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The league's nights, and a new one (its owners only)."""
    league = league_for(request, pk)
    owner = league.role_of(request.user) == "owner"
    form = EventForm(request.POST or None, league=league)
    if request.method == "POST":
        league_for(request, pk, owner=True)
        if form.is_valid():
            event = form.save(commit=False)
            event.league, event.director = league, request.user
            event.options = form.house_rules()
            event.save()
            return redirect(event)
    context = {"league": league, "form": form, "owner": owner, "events": league.events.all()}
    status = 400 if form.errors else 200
    return render(request, "events/events.html", context, status=status)


def event_context(request: AuthenticatedHttpRequest, event: Event, **forms: Any) -> dict[str, Any]:
    rounds = list(event.round_set.prefetch_related("tables__session__seats__player"))
    data = read(event)
    rows, names = standings_of(NightFacts.of(event), data), data.names
    for round_ in rounds:
        round_.resting = [names.get(player, "") for player in round_.sitting_out]
    example_tables, example_rows = worked_example()
    variant = find_variant(event.variant)
    return {
        "event": event,
        "league": event.league,
        "director": directs(event, request.user),
        "entrants": event.entrants.select_related("player").order_by("player__name"),
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "rows": rows,
        "names": names,
        "usual": variant.typical_players,
        "house": rule_words(event.variant, event.options, variant.typical_players),
        "example_tables": example_tables,
        "example_rows": example_rows,
        "check_in_form": forms.get("check_in_form") or NameForm(),
        "seating_form": forms.get("seating_form") or SeatingForm(initial={"method": event.seating}),
    }


@login_required
def event(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk)
    return render(request, "events/event.html", event_context(request, event))


@require_POST
@login_required
def check_in(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, director=True)
    form = NameForm(request.POST)
    if form.is_valid():
        try:
            with night.changing(event, drawn(request)):
                entrant = night.check_in(event, form.cleaned_data["name"])
        except NightRefused as refusal:
            form.add_error("name", refusal.message)
        else:
            messages.success(request, _("%(name)s is checked in.") % {"name": entrant.player})
            return redirect(f"{event.get_absolute_url()}#players")
    context = event_context(request, event, check_in_form=form)
    return render(request, "events/event.html", context, status=400)


@require_POST
@login_required
def leave(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A player leaves (early, between rounds) or comes back."""
    event = event_for(request, pk, director=True)
    entrant = str(request.POST.get("entrant", ""))
    try:
        with night.changing(event, drawn(request)):
            if not entrant.isdigit():
                raise NightRefused(_("That player is not checked in."))
            gone = night.leave(event, int(entrant))
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        return render(request, "events/event.html", event_context(request, event), status=409)
    messages.success(request, _("%(name)s has left the night.") % {"name": gone.player})
    return redirect(f"{event.get_absolute_url()}#players")


@require_POST
@login_required
def seat_round(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Seat the next round, or draw the current one again before any hand."""
    event = event_for(request, pk, director=True)
    form = SeatingForm(request.POST)
    again = "redraw" in request.POST
    try:
        if not form.is_valid():
            raise NightRefused(_("Choose how to seat the round."))
        with night.changing(event, drawn(request)) as locked:
            method = form.cleaned_data["method"]
            if again:
                night.redraw(locked, method, request.user)
            else:
                night.seat_next(locked, method, request.user)
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        context = event_context(request, event, seating_form=form)
        return render(request, "events/event.html", context, status=409)
    return redirect("scoring:event-board", pk=event.pk)


@require_POST
@login_required
def close_round(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, director=True)
    try:
        with transaction.atomic(), night.changing(event, drawn(request)) as locked:
            closed = night.close_round(locked, request.user)
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        return render(request, "events/event.html", event_context(request, event), status=409)
    messages.success(request, _("Round %(number)s is closed.") % {"number": closed.number})
    return redirect(event)
