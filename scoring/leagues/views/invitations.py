"""Players as people: a league's players and their accounts, and the invitations that
link them (scoring.leagues.people does the linking; scoring.models.invitations is the model).

The owner invites, withdraws an invitation and unlinks; a member reads. The invitation
page is open to anyone with its code: a visitor is asked to log in or sign up first,
and only a signed-in user can answer it. A player of another league, or an invitation
of one, is a 404 here whoever asks.
"""

import unicodedata

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring import query
from scoring.accounts.access import league_for
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.leagues import people as linking
from scoring.models import Invitation, League, Membership, Player
from scoring.models.invitations import grouped, normal_code
from scoring.table import qr
from scoring.words.typed import control_refusal


@login_required
def people(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Each player of the league: whose account it is, or the invitation open for it."""
    league = league_for(request, pk)
    is_owner = league.role_of(request.user) == Membership.OWNER
    players = list(league.players.select_related("user"))
    invitations: dict[int, Invitation] = {}
    if is_owner:
        found = (
            Invitation.objects.filter(
                player__league=league, state=Invitation.OPEN, expires_at__gt=timezone.now()
            )
            .select_related("invitee")
            .order_by("created_at")
        )
        invitations = {invitation.player_id: invitation for invitation in found}
    rows = [
        {
            "player": player,
            "invitation": invitations.get(player.pk),
            "link": _link(request, invitations.get(player.pk)),
        }
        for player in players
    ]
    context = {"league": league, "rows": rows, "is_owner": is_owner}
    return render(request, "scoring/people.html", context)


def _link(request: HttpRequest, invitation: Invitation | None) -> str:
    return request.build_absolute_uri(invitation.get_absolute_url()) if invitation else ""


def _player(league: League, request: HttpRequest) -> Player:
    pk = query.object_id(request.POST.get("player"))
    if pk is None:
        raise Http404  # what an id of no player of this league gets
    return get_object_or_404(Player, pk=pk, league=league)


def _back(league: League, player: Player | None = None) -> HttpResponseRedirect:
    anchor = f"#player-{player.pk}" if player else ""
    return redirect(reverse("scoring:people", args=[league.pk]) + anchor)


@require_POST
@login_required
def invite(request: AuthenticatedHttpRequest, pk: int) -> HttpResponseRedirect:
    league = league_for(request, pk, owner=True)
    player = _player(league, request)
    try:
        linking.invite(player, request.user, _invitee(request))
    except linking.InvitationProblem as problem:
        messages.error(request, problem.message)
    return _back(league, player)


def _invitee(request: HttpRequest) -> User | None:
    """The account named in the form, None when none was; a problem when none is called so."""
    # NFKC, as Django stores usernames: an account name typed with its accents
    # composed another way is still that account.
    name = unicodedata.normalize("NFKC", request.POST.get("account", "")).strip()[:150]
    if not name:
        return None
    if query.has_control(name):  # NUL, which PostgreSQL refuses to compare, among them
        raise linking.InvitationProblem(control_refusal())
    found = User.objects.filter(**{User.USERNAME_FIELD + "__iexact": name}).first()
    if found is None:
        raise linking.InvitationProblem(
            _("No account is called %(account)s. Check the spelling, or send the link.")
            % {"account": name}
        )
    return found


@require_POST
@login_required
def withdraw(request: AuthenticatedHttpRequest, pk: int) -> HttpResponseRedirect:
    league = league_for(request, pk, owner=True)
    named = query.object_id(request.POST.get("invitation"))
    if named is None:
        raise Http404
    invitation = get_object_or_404(Invitation, pk=named, player__league=league)
    linking.revoke(invitation)
    messages.success(
        request, _("The invitation for %(name)s is withdrawn.") % {"name": invitation.player.name}
    )
    return _back(league, invitation.player)


@require_POST
@login_required
def unlink(request: AuthenticatedHttpRequest, pk: int) -> HttpResponseRedirect:
    """The owner, or the person themselves, takes the account off a player entry."""
    league = league_for(request, pk)
    player = _player(league, request)
    is_owner = league.role_of(request.user) == Membership.OWNER
    if not is_owner and player.user_id != request.user.pk:
        raise PermissionDenied
    linking.unlink(player)
    messages.success(
        request, _("%(name)s is no longer linked to an account.") % {"name": player.name}
    )
    if request.POST.get("next") == "me":
        return redirect("scoring:me")
    return _back(league, player)


@require_http_methods(["GET", "HEAD", "POST"])
def invitation(request: HttpRequest, invitation: str) -> HttpResponse:
    """An invitation as the invited person sees it: accept or decline, once signed in."""
    found = get_object_or_404(
        Invitation.objects.select_related("player__league", "created_by", "invitee"),
        code=normal_code(invitation),
    )
    user = request.user
    problem = linking.why_closed(found)
    if problem is None and user.is_authenticated:
        problem = linking.for_someone_else(found, user)
    if request.method == "POST":
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if problem is None:
            answered = _answer(request, found, user)
            if answered is not None:
                return answered
            found.refresh_from_db()
            problem = linking.why_closed(found) or linking.for_someone_else(found, user)
    context = {
        "invitation": found,
        "problem": problem,
        "league": found.player.league,
        # A visitor is told an addressed invitation is one account's, never whose.
        "addressed": linking.addressed_elsewhere() if found.invitee_id else "",
    }
    if request.method == "POST":
        status = 400
    elif problem is None:
        status = 200
    elif linking.why_closed(found) is None:
        status = 403  # open, but for another account
    else:
        status = 410  # Gone: answered, withdrawn or expired
    return render(request, "scoring/invitation.html", context, status=status)


def _answer(request: HttpRequest, found: Invitation, user: User) -> HttpResponseRedirect | None:
    """Accept or decline; a redirect when done, None with the reason in messages."""
    try:
        if request.POST.get("answer") == "accept":
            player = linking.accept(found, user)
            messages.success(
                request,
                _("You are %(name)s in %(league)s now.")
                % {"name": player.name, "league": player.league.name},
            )
            return redirect("scoring:me")
        if request.POST.get("answer") == "decline":
            linking.refuse(found, user)
            messages.success(request, _("You declined the invitation."))
            return redirect("scoring:home")
    except linking.InvitationProblem as problem:
        messages.error(request, problem.message)
    return None


def enter_code(request: HttpRequest) -> HttpResponse:
    """Type the code read out at the table; it opens its invitation."""
    typed = request.GET.get("code", "")
    error = ""
    if typed:
        code = normal_code(typed)
        if Invitation.objects.filter(code=code).exists():
            return redirect("scoring:invitation", invitation=code)
        error = _("No invitation has the code %(code)s. Check it with whoever gave it to you.") % {
            "code": grouped(code) or typed[:20]
        }
    status = 404 if error else 200
    context = {"typed": typed[:40], "error": error}
    return render(request, "scoring/invitation_code.html", context, status=status)


@require_safe
def invitation_qr(request: HttpRequest, invitation: str) -> HttpResponse:
    """The QR code of an open invitation's link, for the invited person to scan from the
    owner's phone; it shows no more than the code it is drawn from."""
    found = get_object_or_404(Invitation, code=normal_code(invitation))
    if linking.why_closed(found) is not None:
        raise Http404("this invitation is closed")
    return qr.response(request.build_absolute_uri(found.get_absolute_url()), shared=False)
