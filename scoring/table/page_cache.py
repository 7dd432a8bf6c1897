"""The table screen, kept as written until its table changes, for every phone at it.

Every phone at a table opens the same table screen, again and again, between two
Saves. The page written for one member is the page for all of them but for three holes,
filled afresh for every answer: the CSRF token (a new masked one each time), the new
hand's key and the reader's offline key (scoring.accounts.offline). So it is kept once, in
Django's cache (a table of the database every worker and server shares), under the
table's version (scoring.table.version: every hand, seat, stake, name or end moves it),
the language, the colours and the address; a page with messages to show is never kept.
"""

import hashlib
from pathlib import Path
from uuid import uuid4

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from scoring.accounts.offline import user_key
from scoring.accounts.theme import theme_of
from scoring.models import GameSession

CSRF_HOLE = "csrf-hole-7c1f0e5a"
KEY_HOLE = "00000000-0000-4000-8000-7c1f0e5a0000"
USER_HOLE = "offline-user-hole-7c1f0e5a"
# What a release is made of: whatever a kept page or fragment is drawn from.
RELEASE_FILES = (
    *("scoring/**/*.py", "napoleon_site/*.py", "templates/**/*.html", "locale/**/*.po"),
    *("static/**/*.css", "static/**/*.js"),
)


def release_stamp(root: Path) -> str:
    """The hash of this release's code, templates, catalogues and styles: the same in every
    worker and server of a release (so what one keeps, the others use), another as soon as
    any of them changes (so a release never serves what the last one drew)."""
    digest = hashlib.sha256()
    files = sorted({path for pattern in RELEASE_FILES for path in root.glob(pattern)})
    for path in files:
        if "__pycache__" in path.parts or not path.is_file():
            continue
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20] if files else uuid4().hex


# Pages and fragments kept in the cache name the release that drew them in their keys.
DRAWN_BY = release_stamp(Path(settings.BASE_DIR))
KEPT_FOR = 6 * 3600  # a night's play; the version changes the key long before


def page_key(request: HttpRequest, session: GameSession, path: str | None = None) -> str:
    """What a kept page is filed under; ``path``: the page's address, when the request
    is another's (a Save writing the table screen for the phones that open it next)."""
    shape = "|".join(
        str(part)
        for part in (
            DRAWN_BY,
            session.pk,
            session.version,
            session.league.currency,  # the money's sign and decimals (the league's choice)
            get_language(),
            theme_of(request),  # written into the page (scoring/accounts/theme.py)
            request.scheme,
            request.get_host(),
            path or request.get_full_path(),
        )
    )
    return "table-page:" + hashlib.sha256(shape.encode()).hexdigest()


def cached_page(request: HttpRequest, session: GameSession) -> HttpResponse | None:
    """The kept page with its holes filled, or None (then the view writes it)."""
    if messages.get_messages(request):  # shown once: this page is not the kept one
        return None
    page = cache.get(page_key(request, session))
    return None if page is None else _filled(request, page)


def keep_page(request: HttpRequest, session: GameSession, response: HttpResponse) -> HttpResponse:
    """Keep a page written with the holes, and answer with them filled."""
    if response.status_code != 200:
        return response
    page = response.content.decode()
    cache.set(page_key(request, session), page, KEPT_FOR)
    filled = _filled(request, page)
    if "Content-Language" in response:
        filled["Content-Language"] = response["Content-Language"]
    return filled


def keep_written(request: HttpRequest, session: GameSession, path: str, page: str) -> None:
    """Keep a page written with the holes for the address ``path``."""
    cache.set(page_key(request, session, path), page, KEPT_FOR)


def _filled(request: HttpRequest, page: str) -> HttpResponse:
    html = (
        page.replace(CSRF_HOLE, get_token(request))
        .replace(KEY_HOLE, str(uuid4()))
        .replace(USER_HOLE, user_key(request.user))
    )
    return HttpResponse(html, content_type="text/html; charset=utf-8")


def holes() -> dict[str, str]:
    """The context that writes the holes into a page to keep (the new hand's key is the
    view's: ``KEY_HOLE``)."""
    return {"csrf_token": CSRF_HOLE, "offline_user": USER_HOLE}
