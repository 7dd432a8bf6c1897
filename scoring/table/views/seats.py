"""The table's "Players" and "Stake" pages: who sits where from the next hand on, how
many are dealt in, and the stake per point from a given hand on.

Short pages reached from the table screen; each change goes back to the table, which
shows it at once. Every form on them posts the table version it was drawn for: a change
drawn before another phone changed the seats (or the stakes) is refused, showing what
changed, rather than applied to a table the person did not see.
"""

from collections.abc import Callable
from decimal import Decimal
from typing import Any, NoReturn, TypedDict

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.validators import MaxValueValidator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import query
from scoring.accounts.access import session_for
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.models import GameSession, Seat, TableChange
from scoring.rules import RulesError, Variant
from scoring.table import money, seating, version
from scoring.table.form import field_of
from scoring.table.lineup import hand_players, players_count
from scoring.table.refusal import refusal_context, refusal_status
from scoring.table.setup import NameForm
from scoring.table.sheet import sheet
from scoring.table.version import Actor, StaleTable, VersionMissing, Write


def _counts(session: GameSession, seated: int) -> list[int]:
    """How many of ``seated`` a hand may deal in, under the game and its house rules."""

    found: list[int] = []
    variant: Variant[Any] = session.engine
    for count in variant.players:
        if count <= seated:
            try:
                session.rules(count)
            except RulesError:
                continue
            found.append(count)
    return found


def _per_hand(session: GameSession, seated: int, posted: object) -> int | None:
    """The posted players per hand, if one the table can play (all of them: None)."""
    count = query.whole(posted, 1, 99)
    if count is None or count not in _counts(session, seated):
        return session.players_per_hand
    return None if count >= seated else count


class Step(TypedDict):
    hand: int  # the first hand it applies to
    text: str


def _history(session: GameSession) -> list[Step]:
    """Who came and went, from the seats: [{hand, text}] in hand order."""
    rows: list[Step] = []
    for seat in session.all_seats:
        if seat.from_hand > 1:
            text = _("%(name)s sits down.") % {"name": seat.player.name}
            rows.append({"hand": seat.from_hand, "text": text})
        if seat.until_hand is not None:
            text = _("%(name)s leaves the table.") % {"name": seat.player.name}
            rows.append({"hand": seat.until_hand + 1, "text": text})
    return sorted(rows, key=lambda row: row["hand"])


def _players_context(
    session: GameSession,
    form: NameForm | None = None,
    error: str | None = None,
    refused: StaleTable | VersionMissing | None = None,
) -> dict[str, object]:
    seated = len(session.seat_list)
    totals = sheet(session).totals
    now = hand_players(session, seated)
    joined = hand_players(session, seated + 1) if session.players_per_hand is None else now
    context: dict[str, object] = {
        "session": session,
        "next_hand": seating.next_hand(session),
        "seats": [(seat, totals.get(seat.player_id, 0)) for seat in session.seat_list],
        "per_hand": now,
        "counts": _counts(session, seated),
        "join_counts": _counts(session, seated + 1),
        "join_default": joined,
        "history": _history(session),
        "form": form or NameForm(),
        "error": error,
        "known": session.league.players.order_by("name").values_list("name", flat=True),
        "table_version": session.version,
    }
    if refused is not None:
        context.update(refusal_context(refused))
    return context


@login_required
def players(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    session = session_for(request, pk)
    if request.method != "POST":
        return render(request, "scoring/players.html", _players_context(session))
    if session.ended_at is not None:
        messages.error(request, _("This session has ended; reopen it to change its players."))
        return redirect("scoring:summary", pk=session.pk)
    return _change_players(request, session, request.POST.get("action"))


class _Drawn(TypedDict):
    """Who asks for a change, and the table version their page was drawn for."""

    drawn: int
    user: User


def _change_players(
    request: AuthenticatedHttpRequest, session: GameSession, action: str | None
) -> HttpResponse:
    drawn = version.drawn_version(request.POST.get("table_version"))
    if drawn is None:
        return _apply(request, session, _missing)
    mine: _Drawn = {"drawn": drawn, "user": request.user}
    if action == "deal_in":
        seated = len(session.seat_list)
        per_hand = _per_hand(session, seated, request.POST.get("per_hand"))
        return _apply(request, session, lambda: seating.deal_in(session, per_hand, **mine))
    if action == "leave":
        seat = _id(request, "seat")
        return _apply(request, session, lambda: seating.leave(session, seat, **mine))
    form = NameForm(request.POST)
    if not form.is_valid():
        context = _players_context(session, form)
        return render(request, "scoring/players.html", context, status=400)
    name = form.cleaned_data["name"]
    if action == "replace":
        seat = _id(request, "seat")
        change = lambda: seating.replace(session, seat, name, **mine)  # noqa: E731
        return _apply(request, session, change, form)
    seated = len(session.seat_list)
    per_hand = _per_hand(session, seated + 1, request.POST.get("per_hand"))
    after = query.whole(request.POST.get("after"), 0, 10_000)
    if "after" in request.POST and after is None:  # a place no table has: not "at the end"
        after = -1
    change = lambda: seating.join(session, name, after, per_hand, **mine)  # noqa: E731
    return _apply(request, session, change, form)


def _missing() -> NoReturn:
    raise VersionMissing()


def _id(request: HttpRequest, name: str) -> int:
    """A posted id; one no row can have (0) when it is missing or unreadable, which
    the change then refuses as a seat that has changed."""
    return query.object_id(request.POST.get(name)) or 0


def _apply(
    request: HttpRequest,
    session: GameSession,
    change: Callable[[], Seat | None],
    form: NameForm | None = None,
) -> HttpResponse:
    try:
        seat = change()
    except seating.SeatingRefused as refused:
        context = _players_context(session, form, refused.message)
        return render(request, "scoring/players.html", context, status=409)
    except (StaleTable, VersionMissing) as error:
        fresh = GameSession.objects.select_related("league").get(pk=session.pk)
        context = _players_context(fresh, form, refused=error)
        return render(request, "scoring/players.html", context, status=refusal_status(error))
    if seat is None:
        count = players_count(GameSession.objects.get(pk=session.pk))
        text = _("From the next hand on, %(count)d players are dealt in.") % {"count": count}
        messages.success(request, text)
        return redirect(session)
    if seat.until_hand is not None or seat.pk is None:
        text = _("%(name)s has left the table.")
    else:
        text = _("%(name)s sits at the table from the next hand on.")
    messages.success(request, text % {"name": seat.player.name})
    return redirect(session)


# ---- the stake ------------------------------------------------------------------------------


class StakeForm(forms.Form):
    stake = forms.DecimalField(
        label=gettext_lazy("Stake per point"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
    )
    start = forms.IntegerField(label=gettext_lazy("From hand"), min_value=1)

    def __init__(self, *args: Any, last: int = 1, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Any hand played so far (a stake changed late) or the next one; not beyond.
        field_of(self, "start", forms.IntegerField).max_value = last
        self.fields["start"].validators.append(MaxValueValidator(last))
        self.fields["start"].widget.attrs["max"] = last


@login_required
def stake(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The stake per point from a given hand on: earlier hands keep theirs."""
    session = session_for(request, pk)
    upcoming = seating.next_hand(session)
    form = StakeForm(
        request.POST or None,
        last=upcoming,
        initial={"start": upcoming, "stake": money.stake_for(session, upcoming)},
    )
    if request.method == "POST" and session.ended_at is not None:
        messages.error(request, _("This session has ended; reopen it to change its stake."))
        return redirect("scoring:summary", pk=session.pk)
    refused: StaleTable | VersionMissing | None = None
    if request.method == "POST" and form.is_valid():
        amount, start = form.cleaned_data["stake"] or None, form.cleaned_data["start"]
        drawn = version.drawn_version(request.POST.get("table_version"))
        try:
            save_stake(session.pk, start, amount, drawn, request.user)
        except (StaleTable, VersionMissing) as error:
            refused = error
            session = GameSession.objects.select_related("league").get(pk=session.pk)
        else:
            text = _("Stake saved from hand %(number)d on.") % {"number": start}
            messages.success(request, text)
            return redirect(session)
    context: dict[str, object] = {
        "session": session,
        "form": form,
        "schedule": money.stake_texts(session),
        "table_version": session.version,
    }
    if refused:
        context.update(refusal_context(refused))
    status = refusal_status(refused) if refused else 400 if form.errors else 200
    return render(request, "scoring/stake.html", context, status=status)


def save_stake(
    session_pk: int,
    start: int,
    amount: Decimal | None,
    drawn: int | None,
    user: Actor = None,
) -> None:
    """The stake from hand ``start`` on, worked out from the stakes as they stand with the
    session locked (two phones at once: the later is refused, never lost or reordered)."""
    with transaction.atomic():
        locked = version.lock(session_pk)
        version.check(locked, drawn, Write.STAKE)
        current = GameSession.objects.get(pk=session_pk)
        first, changes = money.changed(current, start, amount)
        GameSession.objects.filter(pk=session_pk).update(stake=first, stake_changes=changes)
        shown = "" if amount is None else f"{amount:.2f}"
        detail = {"start": start, "stake": shown}
        version.bump(locked, TableChange.STAKE, detail, user)
