"""The director's board poll answered 304 before the browser session is read.

The board polls every few seconds, and most polls find the night as it was. Reading the
session and its user for each would cost more than the rest of the answer: this
middleware (after the locale's, before anything reads the session) answers such a poll
from one query, when the ETag it carries is one the board gave this very browser for the
night as it stands (scoring.events.marks.poll_etag). That query also checks, as the
board's view would, that the session is still stored and unexpired, that its user is
active and directs the night; the ETag's HMAC binds the session as stored, the
password's hash, the cookies the page depends on and the languages asked for, so a
sign-out, a new password, another cookie or another night each send the poll on to the
view, which decides as for any request. Anything else (no session cookie, no ETag,
another path) goes on untouched.
"""

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.crypto import constant_time_compare

from scoring.accounts.theme import THEMES
from scoring.events.marks import poll_etag, session_mark, sessions_stored, validated

# The board's path (scoring.events.urls, "event-board"); tests/events check they agree.
BOARD_PATH = re.compile(r"/nights/([0-9]{1,9})/board/")
ETAG = re.compile(r'(?:W/)?"board\.([a-z-]{2,12})\.([a-z]{1,8})\.([0-9]{1,12})\.([0-9a-f]{32})"')
LANGUAGES = {code for code, _name in settings.LANGUAGES}


class BoardPollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.active = sessions_stored()

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        unchanged = self.unchanged(request) if self.active else None
        return unchanged if unchanged is not None else self.get_response(request)

    def unchanged(self, request: HttpRequest) -> HttpResponseBase | None:
        asked = request.META.get("HTTP_IF_NONE_MATCH", "")
        if request.method != "GET" or not asked or "HTTP_HX_REQUEST" not in request.META:
            return None
        path = BOARD_PATH.fullmatch(request.path_info)
        claim = ETAG.fullmatch(asked.strip())
        session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
        if path is None or claim is None or not (session_key.isascii() and session_key.isalnum()):
            return None
        language, theme, user = claim[1], claim[2], int(claim[3])
        if language not in LANGUAGES or theme not in THEMES:
            return None
        found = session_mark(user, session_key, int(path[1]))
        if found is None:
            return None
        mark, reader = found
        if not (mark.directs and reader.signed_in()):
            return None
        etag = poll_etag(request, mark, reader, language, theme)
        if not constant_time_compare(etag, asked.strip().removeprefix("W/")):
            return None
        # The answer's Content-Language (the locale middleware's) is the page's.
        translation.activate(language)
        request.LANGUAGE_CODE = language
        return validated(HttpResponseNotModified(), etag)
