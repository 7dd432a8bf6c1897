"""Pages opened by a secret link on a screen nobody signs in on (settings.SESSIONLESS_PATHS).

A room's TV polls its page every few seconds; reading the browser session (and the user
it names) would cost each poll more than answering it does. On these paths the language
comes from the cookie or the browser, the colours from their cookie, and no middleware or
page reads ``request.session`` or ``request.user``: the page is the same for anyone
holding the link, signed in elsewhere on that browser or not.
"""

from django.conf import settings
from django.http import HttpRequest


def sessionless(request: HttpRequest) -> bool:
    return request.path_info.startswith(tuple(settings.SESSIONLESS_PATHS))
