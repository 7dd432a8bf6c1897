"""A night's validator, read in one query: what the TV page and the board's poll are
drawn from (the night's version, every table's version, the rounds seated and open, the
clock's minute), with the night's own fields and whether the reader may see it and
direct it. A poll that finds it unchanged is answered 304 without reading anything else.

The query is written out once (``mark_sql``): a poll is sent every few seconds by every
screen in the room, and building it through the ORM cost several times what running it
does.

The board's poll goes one step further (scoring.events.polls): its ETag binds, under an
HMAC, everything its page was drawn for (the night's mark, the director's browser
session as stored, their password's hash, the cookies and languages it was asked with),
so an unchanged poll is answered from one query before the session is even read, and
only to the browser that was given the page.
"""

import json
import math
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Literal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import connection, models
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language

from scoring.accounts.theme import COOKIE as THEME_COOKIE
from scoring.accounts.theme import theme_of
from scoring.events.results import NightFacts, moment
from scoring.models import Event, EventTable, GameSession, Membership, Round
from scoring.models.audit import PlayerChange

BOARD = "board"


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
    seed: int  # drawn when the night was made: two nights never share a key
    facts: NightFacts
    # The league's newest rename or merge: a player checked in but not seated yet is at
    # no table, so renaming them moves no table's version, yet the board names them.
    names: int = 0

    @property
    def state(self) -> tuple[object, ...]:
        """What the night's standings and tables are read for (the clock aside)."""
        night = (self.night, self.seed, self.version, self.changes, self.newest, self.names)
        return (*night, self.seated, self.open_rounds)

    @property
    def body(self) -> str:
        tables = f"{self.changes}-{self.newest}-{self.open_rounds}"
        return f"{self.version}-{tables}-{self.names}-{self.clock}"

    def etag(self, request: HttpRequest, page: str) -> str:
        drawn = "htmx" if request.headers.get("HX-Request") else "page"
        # theme_of reads no session on a TV link's path (scoring.accounts.sessionless).
        return f'"{page}-{self.body}-{get_language()}-{theme_of(request)}-{drawn}"'


@dataclass(frozen=True)
class Reader:
    """Who asks, as the database has them now: a poll's answer is theirs only while
    their browser session and password are those the page was drawn for."""

    user: int
    password: str  # its hash: a new password ends the other sessions
    active: bool
    session_data: str
    expires: datetime | None

    def signed_in(self) -> bool:
        return self.active and self.expires is not None and self.expires > timezone.now()


def _q(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


Reading = Literal["link", "member", "session"]


@cache
def mark_sql(reading: Reading = "member") -> str:
    """The night's row, its tables' versions summed (a hand, an edit, a seat, a name or
    the end of any table moves it), the league's newest rename or merge, and the reader:
    ``link``, the night found by its TV link's token (no role); ``member``, the user's
    role in its league; ``session``, that and the user's row and browser session as
    stored (the board's poll)."""
    night = (
        f"FROM {_q(GameSession)} s JOIN {_q(EventTable)} t ON t.session_id = s.id"
        f" JOIN {_q(Round)} r ON r.id = t.round_id WHERE r.event_id = e.id"
    )
    member = (
        f" FROM {_q(Event)} e JOIN {_q(Membership)} m"
        " ON m.league_id = e.league_id AND m.user_id = %s"
    )
    reader = {
        "link": f"NULL FROM {_q(Event)} e WHERE e.tv_token = %s",
        "member": f"m.role{member} WHERE e.id = %s",
        "session": f"m.role, u.password, u.is_active, ds.session_data, ds.expire_date{member}"
        f" JOIN {_q(get_user_model())} u ON u.id = m.user_id"
        f" JOIN {_q(Session)} ds ON ds.session_key = %s WHERE e.id = %s",
    }[reading]
    return (
        "SELECT e.id, e.version, e.round_end, e.minutes, e.director_id,"
        f" (SELECT COALESCE(SUM(s.version), 0) {night}),"
        f" (SELECT COALESCE(MAX(s.id), 0) {night}),"
        f" (SELECT MAX(r.seated_at) FROM {_q(Round)} r WHERE r.event_id = e.id),"
        f" (SELECT COUNT(*) FROM {_q(Round)} r"
        " WHERE r.event_id = e.id AND r.closed_at IS NULL),"
        f" e.seed, e.name, e.rounds, e.variant, e.formula, e.deals_each,"
        f" (SELECT COALESCE(MAX(c.id), 0) FROM {_q(PlayerChange)} c"
        " WHERE c.league_id = e.league_id),"
        f" {reader}"
    )


ROLE = 16  # the row's column of the reader's role, after the night's


def night_mark(request: HttpRequest, pk: int) -> Mark | None:
    """The night's mark, or None when the reader is no member of its league."""
    if not request.user.is_authenticated:
        return None
    row = _row(mark_sql(), [request.user.pk, pk])
    return None if row is None else _mark(row, _directs(row, request.user.pk))


def link_mark(token: str) -> Mark | None:
    """The mark of the night whose TV link this is, or None when no night has it (a
    link since replaced, or never made). Reads neither the session nor its user."""
    row = _row(mark_sql("link"), [token])
    return None if row is None else _mark(row, directs=False)


def session_mark(user: int, session_key: str, pk: int) -> tuple[Mark, Reader] | None:
    """The night's mark with the user and browser session as stored, or None when the
    user is no member of its league or the session is not stored."""
    row = _row(mark_sql("session"), [user, session_key, pk])
    if row is None:
        return None
    password, active, data, expires = row[ROLE + 1 :]
    reader = Reader(user, password, bool(active), data, moment(expires))
    return _mark(row, _directs(row, user)), reader


def sessions_stored() -> bool:
    """Browser sessions kept in the database's table, which the board's poll reads."""
    return settings.SESSION_ENGINE in (
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
    )


def _directs(row: tuple[Any, ...], user: int) -> bool:
    return bool(row[4] == user or row[ROLE] == Membership.OWNER)


def _row(sql: str, params: list[int | str]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _mark(row: tuple[Any, ...], directs: bool) -> Mark:
    night, version, round_end, minutes, _director, changes, newest, seated, open_rounds = row[:9]
    seed, name, rounds, variant, formula, deals_each = row[9 : ROLE - 1]
    moment_seated = moment(seated)
    clock = _clock(moment_seated, minutes) if round_end == Event.TIME and open_rounds else None
    facts = NightFacts(night, name, rounds, variant, formula, round_end, deals_each, minutes)
    return Mark(
        night,
        version,
        changes,
        newest,
        moment_seated,
        open_rounds,
        clock,
        directs,
        seed,
        facts,
        row[ROLE - 1],
    )


def _clock(seated: datetime | None, minutes: object) -> int | None:
    if seated is None or not isinstance(minutes, int):
        return None
    ends = seated.timestamp() + minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))


def poll_etag(request: HttpRequest, mark: Mark, reader: Reader, language: str, theme: str) -> str:
    """The board poll's ETag: the language and theme it was drawn in, the user, and an
    HMAC of all the page depends on. Nobody can make one, and one given to a browser
    proves nothing for any other cookie, session, user or night."""
    bound = [
        BOARD,
        mark.night,
        mark.body,
        language,
        theme,
        reader.user,
        [request.COOKIES.get(name, "") for name in _cookies()],
        request.META.get("HTTP_ACCEPT_LANGUAGE", ""),
        reader.session_data,
        reader.password,
    ]
    mac = salted_hmac("scoring.events.board-poll", json.dumps(bound), algorithm="sha256")
    return f'"{BOARD}.{language}.{theme}.{reader.user}.{mac.hexdigest()[:32]}"'


@cache
def _cookies() -> tuple[str, ...]:
    """The cookies the board's page depends on: the session, the CSRF token its forms
    carry, the language and the colours."""
    names = settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME
    return (*names, THEME_COOKIE)


def validated(response: HttpResponse, etag: str) -> HttpResponse:
    """The answer with its validator: the browser asks again with it every time."""
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response
