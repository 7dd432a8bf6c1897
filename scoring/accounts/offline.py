"""Whose page is this: the mark that keeps the offline page cache to one user.

The service worker (static/js/sw.js) keeps the last copy of each page a signed-in user
opened, for when the connection drops. Every HTML page carries ``X-Offline-User``: a
key for the signed-in user (an HMAC of their id, not the id), or ``-`` when nobody is
signed in. The worker drops every cached page as soon as a page arrives for someone
else or for nobody, so a phone never shows one user's pages to the next.
The queue of hands saved offline (static/js/offline.js) is keyed the same way.

The same key goes in a cookie that scripts can read (``napoleon_offline``): a kept page
opened with the cookies cleared, or for someone else, is not shown, before any request
could tell (the worker and kept.js compare it with the page's owner).
"""

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.crypto import salted_hmac

from scoring.accounts.sessionless import sessionless

HEADER = "X-Offline-User"
COOKIE = "napoleon_offline"
ANONYMOUS = "-"


def user_key(user: AbstractBaseUser | AnonymousUser | None) -> str:
    if user is None or not user.is_authenticated:
        return ANONYMOUS
    return salted_hmac("napoleon.offline-user", str(user.pk)).hexdigest()[:20]


class OfflineUserMiddleware:
    """After authentication: mark each HTML page with whose it is."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if (
            request.method in ("GET", "HEAD")
            and response.get("Content-Type", "").startswith("text/html")
            and HEADER not in response
            and not sessionless(request)  # nobody's page: neither kept nor a sign-out
        ):
            key = user_key(getattr(request, "user", None))
            response[HEADER] = key
            _mark(request, response, key)
        return response


def _mark(request: HttpRequest, response: HttpResponseBase, key: str) -> None:
    """Keep the readable cookie in step with the sign-in (no cookie for nobody)."""
    if key == ANONYMOUS:
        if COOKIE in request.COOKIES:
            response.delete_cookie(COOKIE, samesite="Lax")
    elif request.COOKIES.get(COOKIE) != key:
        response.set_cookie(
            COOKIE,
            key,
            max_age=settings.SESSION_COOKIE_AGE,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=False,  # read by the service worker and kept.js; it holds no secret
        )
