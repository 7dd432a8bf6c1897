"""The table screen, kept as written until a hand of its session changes.

Every phone at a table opens the same table screen, again and again, between two
Saves. Rendering it is most of its cost; so each process keeps the page it last wrote
for a session (and reader, language, address), with two holes: the CSRF token and the
new hand's key, filled afresh for every answer (a new masked token each time, so the
page's compressed size still varies). The page is written again as soon as the table's
version moves (every hand saved, edited or removed, every change of seats, stakes, names
or the end raises it: scoring.table.version), or there are messages to show.
"""

from collections import OrderedDict
from threading import Lock
from uuid import uuid4

from django.contrib import messages
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from scoring.accounts.theme import theme_of

CSRF_HOLE = "csrf-hole-7c1f0e5a"
KEY_HOLE = "00000000-0000-4000-8000-7c1f0e5a0000"
MOST = 64

_pages: OrderedDict = OrderedDict()
_lock = Lock()


def page_key(request, session):
    return (
        session.pk,
        session.share_token,  # unique to the session, and shown on its page
        session.version,  # raised by every change to the table (scoring.table.version)
        request.user.pk,
        get_language(),
        theme_of(request),  # written into the page (scoring/theme.py)
        request.scheme,
        request.get_host(),
        request.get_full_path(),
    )


def cached_page(request, session):
    """The kept page with its holes filled, or None (then the view writes it)."""
    if messages.get_messages(request):  # shown once: this page is not the kept one
        return None
    with _lock:
        page = _pages.get(page_key(request, session))
        if page is None:
            return None
        _pages.move_to_end(page_key(request, session))
    return _filled(request, page)


def keep_page(request, session, response):
    """Keep a page written with the holes, and answer with them filled."""
    if response.status_code != 200:
        return response
    page = response.content.decode()
    with _lock:
        _pages[page_key(request, session)] = page
        while len(_pages) > MOST:
            _pages.popitem(last=False)
    filled = _filled(request, page)
    for name in ("Content-Language",):
        if name in response:
            filled[name] = response[name]
    return filled


def _filled(request, page):
    html = page.replace(CSRF_HOLE, get_token(request)).replace(KEY_HOLE, str(uuid4()))
    return HttpResponse(html, content_type="text/html; charset=utf-8")


def holes() -> dict:
    """The context that writes the holes into a page to keep."""
    return {"csrf_token": CSRF_HOLE}
