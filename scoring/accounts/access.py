"""Who may see and change what: members of a league read and write its sessions.

Anyone else gets a 404 when reading (no hint that the id exists) and a 403 when
writing; the share link is a way in for a non-member that only reads, and a club night's
table code (scoring.events) the one that writes: to that table's session alone, while its
round is open.
"""

from typing import NoReturn

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from scoring.models import EventTable, GameSession, League, Membership
from scoring.models.events import TABLE_PASSES
from scoring.models.sql import quoted
from scoring.query import MAX_ID


def _refuse(request: HttpRequest) -> NoReturn:
    if request.method in ("GET", "HEAD"):
        raise Http404
    raise PermissionDenied


def league_for(request: HttpRequest, pk: int, owner: bool = False) -> League:
    league = _league(pk)
    member_of(request, league, owner)
    return league


def _league(pk: int) -> League:
    """The league, or a 404. In SQL: every page of a league asks, and building the
    statement in the ORM cost more than running it."""
    if not 1 <= pk <= MAX_ID:  # no such id; one past 64 bits the database would refuse
        raise Http404
    found = list(League.objects.raw(f"SELECT * FROM {quoted(League)} WHERE id = %s", [pk]))
    if not found:
        raise Http404
    return found[0]


def member_of(request: HttpRequest, league: League, owner: bool = False) -> None:
    """``league_for``'s check, for a league read already (with the page's own object)."""
    role = league.role_of(request.user)
    if role is None or (owner and role != Membership.OWNER):
        _refuse(request)


def league_members(request: HttpRequest, pk: int) -> tuple[League, list[Membership]]:
    """``league_for``'s league, for its members alone (refused as that refuses), with its
    memberships and their users (their usernames read, the rest on demand) by username:
    the league page lists them all anyway, so they say who may read it in the same
    query. In SQL: every view of the league page asks, and building the statements in
    the ORM cost more than running them."""
    league = _league(pk)
    memberships = members(pk)
    if not request.user.is_authenticated or all(m.user_id != request.user.pk for m in memberships):
        _refuse(request)
    return league, memberships


def members(league_id: int) -> list[Membership]:
    """The league's memberships by username, each with its user (id and username read)."""
    fields = ["id", "league_id", "user_id", "role"]
    sql = (
        f"SELECT m.id, m.league_id, m.user_id, m.role, u.username FROM {quoted(Membership)} m"
        f" JOIN {quoted(User)} u ON u.id = m.user_id WHERE m.league_id = %s ORDER BY u.username"
    )
    found = []
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id])
        for *values, username in cursor.fetchall():
            membership = Membership.from_db(connection.alias, fields, values)
            membership.user = User.from_db(
                connection.alias, ["id", "username"], [membership.user_id, username]
            )
            found.append(membership)
    return found


def session_for(request: HttpRequest, pk: int) -> GameSession:
    session = get_object_or_404(GameSession.objects.select_related("league"), pk=pk)
    if session.league.role_of(request.user) is None and not _table_pass(request, session):
        _refuse(request)
    return session


def _table_pass(request: HttpRequest, session: GameSession) -> bool:
    """The browser joined this session's table by its code, and its round is still open."""
    passes = request.session.get(TABLE_PASSES) if hasattr(request, "session") else None
    code = passes.get(str(session.pk)) if isinstance(passes, dict) else None
    return EventTable.opens(session.pk, code)
