"""A night's validator, read in one query: what the TV page and the board's poll are
drawn from (the night's version, every table's version, the rounds seated and open, the
clock's minute), with whether the reader may see it and direct it. A poll that finds it
unchanged is answered 304 without reading anything else.

The query is written out once (``MARK_SQL``): a poll is sent every few seconds by every
screen in the room, and building it through the ORM cost several times what running it
does."""

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.db import connection, models
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language

from scoring.accounts.theme import theme_of
from scoring.models import Event, EventTable, GameSession, Membership, Round


@dataclass(frozen=True)
class Mark:
    night: int
    version: int
    changes: int
    newest: int
    seated: datetime | None
    open_rounds: int
    clock: int | None
    directs: bool

    def etag(self, request: HttpRequest, page: str) -> str:
        drawn = "htmx" if request.headers.get("HX-Request") else "page"
        night = f"{self.version}-{self.changes}-{self.newest}-{self.open_rounds}-{self.clock}"
        # theme_of reads no session on a TV link's path (scoring.accounts.sessionless).
        return f'"{page}-{night}-{get_language()}-{theme_of(request)}-{drawn}"'


def _q(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def mark_sql(by_link: bool = False) -> str:
    """The night's row, the reader's role in its league, and its tables' versions summed
    (a hand, an edit, a seat, a name or the end of any table moves it). ``by_link``: the
    night found by its TV link's token, for a screen with no account (no role)."""
    night = (
        f"FROM {_q(GameSession)} s JOIN {_q(EventTable)} t ON t.session_id = s.id"
        f" JOIN {_q(Round)} r ON r.id = t.round_id WHERE r.event_id = e.id"
    )
    reader = (
        f"NULL FROM {_q(Event)} e WHERE e.tv_token = %s"
        if by_link
        else f"m.role FROM {_q(Event)} e JOIN {_q(Membership)} m"
        f" ON m.league_id = e.league_id AND m.user_id = %s WHERE e.id = %s"
    )
    return (
        f"SELECT e.id, e.version, e.round_end, e.minutes, e.director_id,"
        f" (SELECT COALESCE(SUM(s.version), 0) {night}),"
        f" (SELECT COALESCE(MAX(s.id), 0) {night}),"
        f" (SELECT MAX(r.seated_at) FROM {_q(Round)} r WHERE r.event_id = e.id),"
        f" (SELECT COUNT(*) FROM {_q(Round)} r"
        f" WHERE r.event_id = e.id AND r.closed_at IS NULL), {reader}"
    )


def night_mark(request: HttpRequest, pk: int) -> Mark | None:
    """The night's mark, or None when the reader is no member of its league."""
    if not request.user.is_authenticated:
        return None
    row = _row(mark_sql(), [request.user.pk, pk])
    if row is None:
        return None
    directs = row[4] == request.user.pk or row[-1] == Membership.OWNER
    return _mark(row, directs)


def link_mark(token: str) -> Mark | None:
    """The mark of the night whose TV link this is, or None when no night has it (a
    link since replaced, or never made). Reads neither the session nor its user."""
    row = _row(mark_sql(by_link=True), [token])
    return None if row is None else _mark(row, directs=False)


def _row(sql: str, params: list[int | str]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _mark(row: tuple[Any, ...], directs: bool) -> Mark:
    night, version, round_end, minutes, _director, changes, newest, seated, open_rounds = row[:9]
    moment = _moment(seated)
    clock = _clock(moment, minutes) if round_end == Event.TIME and open_rounds else None
    return Mark(night, version, changes, newest, moment, open_rounds, clock, directs)


def _moment(value: object) -> datetime | None:
    """A time as the database returned it (SQLite's aggregate gives text)."""
    if isinstance(value, datetime):
        return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)
    found = parse_datetime(str(value)) if value else None
    if found is not None and timezone.is_naive(found):
        found = timezone.make_aware(found, UTC)
    return found


def _clock(seated: datetime | None, minutes: object) -> int | None:
    if seated is None or not isinstance(minutes, int):
        return None
    ends = seated.timestamp() + minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))


def validated(response: HttpResponse, etag: str) -> HttpResponse:
    """The answer with its validator: the browser asks again with it every time."""
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response
