"""Throttles: logins, sign-ups and the JSON API, counted exactly.

Each counter is a row of ``RateCount`` changed by one atomic statement (an upsert
that adds one and returns the new count), the same on SQLite and PostgreSQL, so
parallel requests on any number of app servers never lose a count. A login's or a
sign-up's counter has a window that starts at its first hit and lasts ``length``
seconds. The JSON API's limit slides instead (``api_allowed``): it holds in every
span of its window's length, also one that straddles where a fixed window would end.

A login attempt is counted *before* its password is checked and refused once its
count is past the limit, so twenty guesses sent at once check at most five
passwords. Three counters guard a login (scoring.login_guard): the username from
this address, the address over all usernames, and the account over all addresses.
The last one is the cap on guesses spread over many addresses; it must not let a
stranger lock the owner out, so while it holds, a device the account has logged in
from before (it carries a signed cookie, ``KNOWN_DEVICE``) still gets in.

django-axes was weighed for this and not taken: it checks the lockout before the
password and counts the failure after it, so parallel guesses all pass the check
(the 12-13 passwords the attack got checked instead of 5), and an account-wide
lockout there locks the owner out with the attacker.
"""

import logging
import math
import random
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.crypto import constant_time_compare, salted_hmac

from scoring.models import RateCount

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Count:
    hits: int
    left: int  # seconds until the window ends

    def over(self, limit: int) -> bool:
        return self.hits > limit


def client_ip(request: HttpRequest) -> str:
    """The client's address: the proxy's last X-Forwarded-For entry when behind one."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1][:64]
    address: str = request.META.get("REMOTE_ADDR", "")
    return address[:64] or "unknown"


def key(*parts: str) -> str:
    # Hashed: usernames may hold any character, and the table should not list who
    # tried to log in.
    digest = salted_hmac("napoleon.throttle", "\x1f".join(parts)).hexdigest()[:40]
    return f"{parts[0]}:{digest}"


def clock() -> float:
    """Now, in Unix seconds (tests move it by hand)."""
    return time.time()


def _sql(statement: str, **parts: str) -> str:
    return statement.format(
        table=connection.ops.quote_name(RateCount._meta.db_table),
        bucket=connection.ops.quote_name("bucket"),
        **parts,
    )


_HIT = """
INSERT INTO {table} ({bucket}, hits, expires) VALUES (%s, 1, %s)
ON CONFLICT ({bucket}) DO UPDATE SET
    hits = CASE WHEN {table}.expires <= %s THEN 1 ELSE {table}.hits + 1 END,
    expires = CASE WHEN {table}.expires <= %s THEN excluded.expires ELSE {table}.expires END
RETURNING hits, expires
"""


def hit(bucket: str, length: int) -> Count:
    """Count one more in ``bucket``'s window, atomically; the count includes this one."""
    now = int(clock())
    with connection.cursor() as cursor:
        cursor.execute(_sql(_HIT), [bucket, now + length, now, now])
        hits, expires = cursor.fetchone()
    if random.random() < 0.01:  # now and then, forget windows long over
        _forget(now - 3600)
    return Count(hits, max(0, expires - now))


_MS_FROM = 10**11  # an ``expires`` past this is in milliseconds (the API's slices)

_FORGET = """
DELETE FROM {table} WHERE {bucket} IN (
    SELECT {bucket} FROM {table} WHERE expires < %s OR (expires >= %s AND expires < %s)
    {skip_locked}
)
"""


def _forget(before: int) -> None:
    """Delete the counters whose windows ended before ``before``. Rows that another
    request has locked are left for next time: waiting for them inside the API's turn
    (``slide``) could deadlock two requests each holding the other's row."""
    skip = connection.features.has_select_for_update_skip_locked
    statement = _sql(_FORGET, skip_locked="FOR UPDATE SKIP LOCKED" if skip else "")
    with connection.cursor() as cursor:
        cursor.execute(statement, [before, _MS_FROM, before * 1000])


def peek(bucket: str) -> Count:
    now = int(clock())
    row = RateCount.objects.filter(bucket=bucket, expires__gt=now).first()
    return Count(row.hits, row.expires - now) if row else Count(0, 0)


def refund(bucket: str) -> None:
    """Take back one hit (an attempt that turned out to be the owner's)."""
    RateCount.objects.filter(bucket=bucket, hits__gt=0).update(hits=F("hits") - 1)


def clear(bucket: str) -> None:
    RateCount.objects.filter(bucket=bucket).delete()


# ---- logins ----------------------------------------------------------------------------

KNOWN_DEVICE = "napoleon_device"
_DEVICE_SALT = "napoleon.known-device"
_DEVICES_KEPT = 8  # accounts one phone remembers (a shared phone at the club)


@dataclass(frozen=True)
class Refusal:
    why: str  # "pair" (this username from this address), "address" or "account"
    seconds: int


def _name(username: object) -> str:
    return unicodedata.normalize("NFKC", str(username)).strip().casefold()[:150]


def _device_mark(user: AbstractBaseUser) -> str:
    # Changes with the password: a new password forgets every known device.
    return user.get_session_auth_hash()[:24]


def known_devices(request: HttpRequest) -> dict[str, object]:
    raw = request.COOKIES.get(KNOWN_DEVICE)
    if not raw:
        return {}
    try:
        value = signing.loads(raw, salt=_DEVICE_SALT)
    except signing.BadSignature:
        return {}
    return value if isinstance(value, dict) else {}


def is_known_device(request: HttpRequest, username: str) -> bool:
    devices = known_devices(request)
    if not devices:
        return False
    users = get_user_model()._default_manager
    user = users.filter(**{users.model.USERNAME_FIELD: username}).first()
    if user is None:
        return False
    mark = devices.get(str(user.pk))
    return isinstance(mark, str) and constant_time_compare(mark, _device_mark(user))


def remember_device(
    request: HttpRequest, response: HttpResponseBase, user: AbstractBaseUser
) -> None:
    """Mark this phone as one the account has logged in from (after a correct login)."""
    devices = {k: v for k, v in known_devices(request).items() if k != str(user.pk)}
    devices[str(user.pk)] = _device_mark(user)
    kept = dict(list(devices.items())[-_DEVICES_KEPT:])
    response.set_cookie(
        KNOWN_DEVICE,
        signing.dumps(kept, salt=_DEVICE_SALT, compress=True),
        max_age=settings.KNOWN_DEVICE_DAYS * 24 * 3600,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )


class LoginGuard:
    """The counters one login attempt passes, in order; each counts only the attempts
    the ones before it let through."""

    def __init__(self, request: HttpRequest, username: str) -> None:
        ip, name = client_ip(request), _name(username)
        self.request, self.username = request, username
        self.pair = key("login", name, ip)
        self.address = key("login-ip", ip)
        self.account = key("login-user", name)
        self.counted: list[str] = []

    def reserve(self) -> Refusal | None:
        """Count this attempt before its password is checked; a Refusal when past a limit."""
        window = settings.LOGIN_FAILURE_WINDOW
        checks = [
            (self.pair, window, settings.LOGIN_FAILURE_LIMIT, "pair"),
            (self.address, window, settings.LOGIN_IP_FAILURE_LIMIT, "address"),
        ]
        if not is_known_device(self.request, self.username):
            limit = settings.LOGIN_ACCOUNT_FAILURE_LIMIT
            checks.append((self.account, settings.LOGIN_ACCOUNT_WINDOW, limit, "account"))
        for bucket, length, limit, why in checks:
            count = hit(bucket, length)
            self.counted.append(bucket)
            if count.over(limit):
                return Refusal(why, max(1, count.left))
        return None

    def succeeded(self) -> None:
        """The password was right: this username's failures here are forgotten, and the
        attempt leaves the address's and the account's counts as it found them."""
        clear(self.pair)
        for bucket in self.counted[1:]:
            refund(bucket)


class ThrottledModelBackend(ModelBackend):
    """Django's backend behind the login counters, so the admin's login is covered as
    well as the site's. A refused attempt checks no password; the view finds why in
    ``request.login_refusal``."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if request is None or username is None or password is None:
            return super().authenticate(request, username, password, **kwargs)
        guard = LoginGuard(request, username)
        refusal = guard.reserve()
        if refusal is not None:
            # Read back by the login views (getattr): Django's request has no such field.
            request.login_refusal = refusal  # type: ignore[attr-defined]
            raise PermissionDenied
        user = super().authenticate(request, username, password, **kwargs)
        if user is not None:
            guard.succeeded()
        return user


# ---- sign-up ------------------------------------------------------------------------------


def signup_allowed(request: HttpRequest) -> Count | None:
    """Count a new account from this address; the Count when past the limit, else None."""
    count = hit(key("signup", client_ip(request)), settings.SIGNUP_WINDOW)
    return count if count.over(settings.SIGNUP_LIMIT) else None


# ---- the JSON API ----------------------------------------------------------------------
#
# A sliding window: no span of API_RATE_WINDOW seconds lets more than the limit in (a
# fixed window lets twice the limit through around its end). The requests let in are
# counted in slices of ``step`` seconds (_SLICES to a window), each a row of its own
# named by the slice's number, so never reused. A slice's ``expires`` is when its latest
# request leaves the window, in milliseconds: rounded to the second, a burst's
# Retry-After would say 61. A slice counts all its requests until then, so a client may
# wait up to ``step`` seconds longer than a count of each request would make it, never
# less. Refused requests are not counted: a client that keeps asking gets in as soon as
# there is room.
#
# Reading the slices and then counting is more than one statement, so a client's
# requests take turns: each first counts itself on the client's own row (``hit``, whose
# upsert keeps that row locked until the transaction ends on PostgreSQL; SQLite takes
# its write lock at BEGIN). Parallel requests from one client then neither lose a count
# nor both take the last place, and every change is still one atomic statement.

_SLICES = 20
_AHEAD = 2  # slices past a request's own: another server's clock may run a little ahead

_SLIDE = """
INSERT INTO {table} ({bucket}, hits, expires) VALUES (%s, 1, %s)
ON CONFLICT ({bucket}) DO UPDATE SET
    hits = {table}.hits + 1,
    expires = CASE WHEN {table}.expires < excluded.expires
        THEN excluded.expires ELSE {table}.expires END
"""


def _slices(bucket: str, length: int, now: float) -> tuple[list[str], str]:
    """The names of the slices a request at ``now`` counts, and of its own slice."""
    step = max(1, math.ceil(length / _SLICES))
    first, own = math.floor((now - length) / step), math.floor(now / step)
    return [f"{bucket}.{n}" for n in range(first, own + _AHEAD + 1)], f"{bucket}.{own}"


def slide(bucket: str, length: int, limit: int) -> tuple[bool, int]:
    """Let one request in when ``bucket``'s last ``length`` seconds let in fewer than
    ``limit``, and count it: (let in, seconds until there is room when refused)."""
    now = clock()
    now_ms = round(now * 1000)
    names, own = _slices(bucket, length, now)
    with transaction.atomic():
        hit(bucket, length)  # the client's turn: its row is locked until the end
        live = RateCount.objects.filter(bucket__in=names, expires__gt=now_ms)
        slices = sorted(live.values_list("expires", "hits"))
        held = sum(hits for _expires, hits in slices)
        if held >= limit:
            return False, _wait(slices, held - limit + 1, now_ms)
        with connection.cursor() as cursor:
            cursor.execute(_sql(_SLIDE), [own, now_ms + length * 1000])
    return True, 0


def _wait(slices: list[tuple[int, int]], surplus: int, now_ms: int) -> int:
    """Seconds until the oldest slices have taken ``surplus`` requests out of the window."""
    for leaves, hits in slices:
        surplus -= hits
        if surplus <= 0:
            return max(1, math.ceil((leaves - now_ms) / 1000))
    return 1  # the slices never held that many: room already


def api_allowed(request: HttpRequest) -> tuple[bool | None, int]:
    """Count this request against its client's limit: (allowed, seconds until a refused
    client may try again). A limit of 0 turns it off. When the count cannot be taken
    (the database is out of connections, say) the answer is None: refused for now, as a
    throttle that let everything by under load would be no throttle at the moment it
    matters."""
    limit = settings.API_RATE_LIMIT
    if not limit:
        return True, 0
    try:
        return slide(key("api", client_ip(request)), settings.API_RATE_WINDOW, limit)
    except DatabaseError:
        log.warning("API request refused: its rate limit could not be counted", exc_info=True)
        return None, 5
