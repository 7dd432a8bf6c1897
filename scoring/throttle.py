"""Login throttling and the API's rate limit, counted in Django's cache.

The cache is the shared one from settings (a database table by default), never
this process's memory, so every app server sees the same counts. Counters are
fixed windows: a key per client (and username) per window, expiring with it.
They are approximate under heavy concurrency (the cache has no atomic increment
across servers), which is all a throttle needs.
"""

import logging
import time

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.utils.crypto import salted_hmac

log = logging.getLogger(__name__)


def client_ip(request) -> str:
    """The client's address: the proxy's last X-Forwarded-For entry when behind one."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1][:64]
    return request.META.get("REMOTE_ADDR", "")[:64] or "unknown"


def _key(*parts: str) -> str:
    # Hashed: usernames may hold characters that cache keys must not, and the cache
    # table should not list who tried to log in.
    digest = salted_hmac("napoleon.throttle", "\x1f".join(parts)).hexdigest()[:32]
    return f"throttle:{parts[0]}:{digest}"


def _window(length: int, now: float | None = None) -> tuple[int, int]:
    now = int(time.time() if now is None else now)
    start = now - now % length
    return start, start + length - now


def _count(key: str, length: int, add: int = 0) -> int:
    """This window's count (plus ``add``), with the previous window's for login."""
    start, left = _window(length)
    current = f"{key}:{start}"
    value = cache.get(current, 0) + add
    if add:
        cache.set(current, value, left + 1)
    return value


# ---- logins ----------------------------------------------------------------------------


def _login_keys(request, username) -> tuple[str, str]:
    ip = client_ip(request)
    return _key("login", (username or "").strip().lower(), ip), _key("login-ip", ip)


def login_blocked(request, username) -> bool:
    """Too many failures lately for this username from this address (or from the address)."""
    if request is None:
        return False
    pair, ip = _login_keys(request, username)
    window = settings.LOGIN_FAILURE_WINDOW
    return (
        _recent(pair, window) >= settings.LOGIN_FAILURE_LIMIT
        or _recent(ip, window) >= settings.LOGIN_IP_FAILURE_LIMIT
    )


def _recent(key: str, window: int) -> int:
    # This window and the one before: a lockout lasts one to two windows, and a
    # burst across a window's edge still counts whole.
    start, _left = _window(window)
    return cache.get(f"{key}:{start}", 0) + cache.get(f"{key}:{start - window}", 0)


@receiver(user_login_failed)
def _note_failure(sender, credentials, request=None, **kwargs):
    if request is None:
        return
    pair, ip = _login_keys(request, credentials.get("username"))
    window = settings.LOGIN_FAILURE_WINDOW
    _count(pair, window, add=1)
    _count(ip, window, add=1)


@receiver(user_logged_in)
def _clear_failures(sender, request=None, user=None, **kwargs):
    if request is None or user is None:
        return
    pair, _ip = _login_keys(request, user.get_username())
    start, _left = _window(settings.LOGIN_FAILURE_WINDOW)
    cache.delete_many([f"{pair}:{start}", f"{pair}:{start - settings.LOGIN_FAILURE_WINDOW}"])


class ThrottledModelBackend(ModelBackend):
    """Django's backend, refusing every password while its username and address are
    throttled, so the admin's login is covered as well as the site's."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(self.user_model_field())
        if login_blocked(request, username):
            raise PermissionDenied
        return super().authenticate(request, username, password, **kwargs)

    @staticmethod
    def user_model_field():
        from django.contrib.auth import get_user_model

        return get_user_model().USERNAME_FIELD


# ---- the JSON API ----------------------------------------------------------------------


def api_allowed(request) -> tuple[bool, int]:
    """Count this request against its client's limit: (allowed, seconds until the next
    window). A limit of 0 turns it off; a cache that cannot be reached lets requests by
    (the API is stateless, and refusing every ruling would be worse)."""
    limit = settings.API_RATE_LIMIT
    if not limit:
        return True, 0
    window = settings.API_RATE_WINDOW
    try:
        count = _count(_key("api", client_ip(request)), window, add=1)
    except Exception:  # any cache backend's failure: database, memcached, redis …
        log.warning("API rate limit skipped: the cache is unavailable", exc_info=True)
        return True, 0
    return count <= limit, _window(window)[1]
