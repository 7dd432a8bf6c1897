from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.access import league_for
from scoring.forms import AddMemberForm, LeagueForm
from scoring.history.views import league_context
from scoring.live import live_sessions
from scoring.models import Membership


@login_required
def league_new(request):
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            league = form.save()
            Membership.objects.create(league=league, user=request.user, role=Membership.OWNER)
        return redirect(league)
    return render(request, "scoring/league_new.html", {"form": form})


@login_required
def league(request, pk):
    """The league page: standings, ratings and records, sessions, export, members."""
    league = league_for(request, pk)
    return render(request, "scoring/league.html", _context(request, league))


def _context(request, league, **kwargs) -> dict:
    """The league's history (scoring.history.views), led by its live sessions."""
    return {**league_context(request, league, **kwargs), "live": live_sessions([league.pk])}


@require_POST
@login_required
def add_member(request, pk):
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
    return render(request, "scoring/league.html", context, status=400)
