"""Recording, previewing, listing, editing and undoing hands."""

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.forms import UUIDField
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from scoring.access import session_for
from scoring.forms import HandForm, hand_initial
from scoring.recording import (
    StaleHand,
    passed_values,
    record_hand,
    record_passed,
    undo_last,
    update_hand,
)
from scoring.views.sessions import table_context

PASSED_OUT = "passed"


def _done(request, url):
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused(request, session, form, status):
    """The record form shown again with its messages (htmx swaps only a 200 into #record)."""
    template = "scoring/table.html#record" if request.htmx else "scoring/table.html"
    return render(
        request, template, table_context(session, form), status=200 if request.htmx else status
    )


def _ended(request, session):
    """A write to an ended session: refused with a message, nothing changed."""
    messages.error(request, _("This session has ended; reopen it to change its hands."))
    return _done(request, reverse("scoring:summary", args=[session.pk]))


@require_POST
@login_required
def record(request, pk):
    session = session_for(request, pk)
    if session.ended_at is not None:
        return _ended(request, session)
    try:
        key = UUIDField().clean(request.POST.get("key"))
    except ValidationError:
        # A missing or garbled key would fail every retry: show the entry again
        # with a fresh key, so the next Save can succeed.
        data = request.POST.copy()
        data["key"] = str(uuid.uuid4())
        form = HandForm(session, data)
        form.add_error(None, _("This form is out of date; it has been reloaded. Try again."))
        return _refused(request, session, form, 400)
    form = HandForm(session, request.POST)
    if request.POST.get("action") == PASSED_OUT:
        record_passed(session, key)
        return _done(request, session.get_absolute_url())
    if not form.is_valid():
        return _refused(request, session, form, 422)
    hand, created = record_hand(
        session, form.cleaned_data["key"], form.hand_values(), form.score.deltas
    )
    if created:
        messages.success(request, _("Hand %(number)d saved.") % {"number": hand.number})
    return _done(request, session.get_absolute_url())


@require_POST
@login_required
def preview(request, pk):
    """The live score preview: the engine's verdict on the form as it stands."""
    session = session_for(request, pk)
    form = HandForm(session, request.POST)
    form.is_valid()
    return render(request, "scoring/table.html#preview", {"form": form, "session": session})


@login_required
def hands(request, pk):
    session = session_for(request, pk)
    listed = session.hands.order_by("-number").prefetch_related("scores")
    rows = []
    for hand in listed:
        hand.session = session  # one seat list for every row
        deltas = {s.seat: s.delta for s in hand.scores.all()}
        rows.append(
            {"hand": hand, "deltas": [deltas.get(seat.number, 0) for seat in session.seat_list]}
        )
    return render(request, "scoring/hands.html", {"session": session, "rows": rows})


@login_required
def edit(request, pk, number):
    session = session_for(request, pk)
    hand = get_object_or_404(session.hands, number=number)
    if session.ended_at is not None and request.method == "POST":
        return _ended(request, session)
    if request.method != "POST":
        form = HandForm(session, initial={**hand_initial(hand), "key": hand.key})
        return render(
            request, "scoring/hand_edit.html", {"session": session, "hand": hand, "form": form}
        )
    data = request.POST.copy()
    data["key"] = str(hand.key)  # an edit keeps its hand's key; a garbled one must not block it
    form = HandForm(session, data)
    version = _version(request)
    try:
        if request.POST.get("action") == PASSED_OUT:
            update_hand(hand, version, passed_values(), ())
        elif form.is_valid():
            update_hand(hand, version, form.hand_values(), form.score.deltas)
        else:
            context = {"session": session, "hand": hand, "form": form}
            return render(request, "scoring/hand_edit.html", context, status=422)
    except StaleHand as stale:
        context = {"session": session, "hand": stale.current, "form": form, "stale": stale.current}
        return render(request, "scoring/hand_edit.html", context, status=409)
    messages.success(request, _("Hand %(number)d updated.") % {"number": number})
    return redirect("scoring:hands", pk=session.pk)


def _version(request):
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


@login_required
def undo(request, pk):
    session = session_for(request, pk)
    last = session.hands.order_by("-number").prefetch_related("scores").first()
    if last is not None:
        last.session = session
    if session.ended_at is not None and request.method == "POST":
        return _ended(request, session)
    if request.method == "POST":
        try:
            number = int(request.POST.get("number", ""))
        except ValueError:
            number = -1
        removed = undo_last(session, number)
        if removed is None:
            messages.error(
                request, _("Nothing was undone: the last hand has changed. Check it again.")
            )
            return redirect("scoring:undo", pk=session.pk)
        messages.success(request, _("Hand %(number)d removed.") % {"number": number})
        return redirect(session)
    deltas = []
    if last is not None:
        by_seat = {s.seat: s.delta for s in last.scores.all()}
        deltas = [(seat, by_seat.get(seat.number, 0)) for seat in session.seat_list]
    return render(
        request, "scoring/undo.html", {"session": session, "last": last, "deltas": deltas}
    )
