"""Whose page is this: the mark that keeps the offline page cache to one user.

The service worker (static/js/sw.js) keeps the last copy of each page a signed-in user
opened, for when the connection drops. Every HTML page carries ``X-Offline-User``: a
key for the signed-in user (an HMAC of their id, not the id), or ``-`` when nobody is
signed in. The worker drops every cached page as soon as a page arrives for someone
else or for nobody, so a phone never shows one user's pages to the next.
The queue of hands saved offline (static/js/offline.js) is keyed the same way.
"""

from django.utils.crypto import salted_hmac

HEADER = "X-Offline-User"
ANONYMOUS = "-"


def user_key(user) -> str:
    if user is None or not user.is_authenticated:
        return ANONYMOUS
    return salted_hmac("napoleon.offline-user", str(user.pk)).hexdigest()[:20]


class OfflineUserMiddleware:
    """After authentication: mark each HTML page with whose it is."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.method in ("GET", "HEAD")
            and response.get("Content-Type", "").startswith("text/html")
            and HEADER not in response
        ):
            response[HEADER] = user_key(getattr(request, "user", None))
        return response
