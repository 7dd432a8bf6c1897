from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import query
from scoring.accounts.access import league_for, league_members
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.history.figures import refold
from scoring.history.league_page import league_context
from scoring.leagues import entries
from scoring.leagues.forms import AddMemberForm, CurrencyForm, LeagueForm
from scoring.models import League, Membership
from scoring.table.live import live_sessions
from scoring.table.page_cache import DRAWN_BY
from scoring.table.setup import NameForm as RenameForm


@login_required
def league_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            league = form.save()
            Membership.objects.create(league=league, user=request.user, role=Membership.OWNER)
        return redirect(league)
    return render(request, "scoring/league_new.html", {"form": form})


@login_required
def league(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The league page: standings, ratings and records, sessions, export, members."""
    league, memberships = league_members(request, pk)
    context = _context(request, league, memberships=memberships)
    return _page(request, context)


def _page(
    request: AuthenticatedHttpRequest, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """The league page, and the refolds of its figures it claimed, run once it is sent."""
    response = render(request, "scoring/league.html", context, status=status)
    refold.after(response, context["later"])
    return response


def _context(request: AuthenticatedHttpRequest, league: League, **kwargs: Any) -> dict[str, Any]:
    """The league's history (scoring.history.views), led by its live sessions."""
    member_form = kwargs.pop("member_form", None) or AddMemberForm()
    # A refused currency form as it was sent; else the blank one, drawn only when the
    # page's kept drawing of it is gone.
    currency_form = kwargs.pop("currency_form", None)
    return {
        **league_context(request, league, member_form, **kwargs),
        "currency_form": currency_form,
        "blank_currency_form": partial(CurrencyForm, instance=league),
        "drawn_by": DRAWN_BY,
        "live": live_sessions([league.pk]),
    }


@require_POST
@login_required
def add_member(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = league_for(request, pk, owner=True)
    form = AddMemberForm(request.POST)
    if form.is_valid():
        user = get_user_model().objects.filter(username=form.cleaned_data["username"]).first()
        if user is None:
            form.add_error("username", _("No account has that username."))
        elif league.memberships.filter(user=user).exists():
            form.add_error("username", _("%(name)s is already a member.") % {"name": user.username})
        else:
            Membership.objects.create(league=league, user=user)
            messages.success(request, _("%(name)s joined the league.") % {"name": user.username})
            return redirect(league)
    context = _context(request, league, member_form=form)
    return _page(request, context, status=400)


@require_POST
@login_required
def currency(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The owner names the league's currency, or none: its tables' money is written in it."""
    league = league_for(request, pk, owner=True)
    form = CurrencyForm(request.POST, instance=league)
    if not form.is_valid():
        context = _context(request, league, currency_form=form)
        return _page(request, context, status=400)
    form.save()
    if league.currency:
        text = _("Money is now written in %(currency)s.") % {"currency": league.currency}
    else:
        text = _("Money is now written as plain numbers.")
    messages.success(request, text)
    return redirect(league.get_absolute_url() + "#money")


# ---- the owner's player entries: rename, merge ----------------------------------------------


@login_required
def league_players(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Rename a player entry, or merge two spellings of one person; the history follows."""
    league = league_for(request, pk, owner=True)
    form = RenameForm(request.POST or None)
    error, status = None, 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "merge":
                kept = entries.merge(
                    league, _int(request.POST, "gone"), _int(request.POST, "kept"), request.user
                )
                text = _("Merged into %(name)s: every hand is theirs now.")
                messages.success(request, text % {"name": kept.name})
                return redirect("scoring:league-players", pk=league.pk)
            if form.is_valid():
                player = entries.rename(
                    league, _int(request.POST, "player"), form.cleaned_data["name"], request.user
                )
                messages.success(request, _("Renamed %(name)s.") % {"name": player.name})
                return redirect("scoring:league-players", pk=league.pk)
            status = 400
        except entries.PlayerRefused as refused:
            error, status = refused.message, 409
    context = {
        "league": league,
        "players": entries.league_players(league),
        "changes": entries.changes(league),
        "form": form,
        "error": error,
    }
    return render(request, "scoring/league_players.html", context, status=status)


def _int(data: QueryDict, name: str) -> int | None:
    return query.object_id(data.get(name))
