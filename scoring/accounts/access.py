"""Who may see and change what: members of a league read and write its sessions.

Anyone else gets a 404 when reading (no hint that the id exists) and a 403 when
writing; the share link is the only way in for a non-member, and it only reads.
"""

from typing import NoReturn

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from scoring.models import GameSession, League, Membership


def _refuse(request: HttpRequest) -> NoReturn:
    if request.method in ("GET", "HEAD"):
        raise Http404
    raise PermissionDenied


def league_for(request: HttpRequest, pk: int, owner: bool = False) -> League:
    league = get_object_or_404(League, pk=pk)
    role = league.role_of(request.user)
    if role is None or (owner and role != Membership.OWNER):
        _refuse(request)
    return league


def session_for(request: HttpRequest, pk: int) -> GameSession:
    session = get_object_or_404(GameSession.objects.select_related("league"), pk=pk)
    if session.league.role_of(request.user) is None:
        _refuse(request)
    return session
