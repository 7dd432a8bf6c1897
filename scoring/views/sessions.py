"""Starting a game, the table screen, the end of a session and its share link."""

import uuid

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from scoring.access import league_for, session_for
from scoring.forms import HandForm, SessionForm, league_initial
from scoring.models import GameSession, Player, Seat
from scoring.standings import standings


@login_required
def session_new(request, pk):
    league = league_for(request, pk)
    form = SessionForm(request.POST or None, initial=league_initial(league), league=league)
    if request.method == "POST" and form.is_valid():
        session = _start(league, form.cleaned_data, request.user)
        return redirect(session)
    known = list(league.players.values_list("name", flat=True))
    return render(
        request, "scoring/session_new.html", {"league": league, "form": form, "known": known}
    )


def _start(league, data, user) -> GameSession:
    with transaction.atomic():
        session = GameSession.objects.create(
            league=league,
            date=data["date"],
            variant=data["variant"],
            options=data["rules"].as_json(),
            first_dealer=data["first_dealer"] - 1,
            stake=data["stake"],
            created_by=user,
        )
        # The league remembers the game and house rules it last chose: next week's
        # form starts from them. Sessions keep their own snapshot.
        league.default_variant = data["variant"]
        league.default_options = {**league.default_options, data["variant"]: data["raw_options"]}
        league.save(update_fields=["default_variant", "default_options"])
        for number, name in enumerate(data["players"]):
            player = Player.objects.filter(league=league, name__iexact=name).first()
            if player is None:
                player = Player.objects.create(league=league, name=name)
            Seat.objects.create(session=session, number=number, player=player)
    return session


def table_context(session, form=None):
    """Everything the table screen shows: the scoreboard and the hand being recorded."""
    totals = session.totals()
    last = session.hands.order_by("-number").first()  # not every hand: only the last counts
    dealer = last.next_dealer() if last else session.first_dealer
    rows = [
        {"seat": seat, "total": total, "deals": seat.number == dealer}
        for seat, total in zip(session.seat_list, totals, strict=True)
    ]
    if form is None:
        form = HandForm(session, initial={"key": _new_key()})
    return {
        "session": session,
        "rows": rows,
        # Not the count + 1: a deleted hand leaves its number free (it may be restored).
        "hand_number": last.number + 1 if last else 1,
        "dealer": session.seat_list[dealer],
        "last_hand": last,
        "form": form,
        "ended": session.ended_at is not None,
    }


def _new_key():
    return uuid.uuid4()


@login_required
def table(request, pk):
    session = session_for(request, pk)
    return render(request, "scoring/table.html", table_context(session))


@require_POST
@login_required
def end_session(request, pk):
    session = session_for(request, pk)
    if session.ended_at is None:
        GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    return redirect("scoring:summary", pk=session.pk)


@require_POST
@login_required
def reopen_session(request, pk):
    session = session_for(request, pk)
    GameSession.objects.filter(pk=session.pk).update(ended_at=None)
    return redirect(session)


@login_required
def summary(request, pk):
    session = session_for(request, pk)
    return render(request, "scoring/summary.html", {"session": session, **standings(session)})


def share(request, token):
    session = get_object_or_404(GameSession.objects.select_related("league"), share_token=token)
    template = "scoring/share.html"
    if request.htmx:
        template += "#board"
    context = {**table_context(session), **standings(session), "shared": True}
    return render(request, template, context)
