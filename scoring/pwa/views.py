"""The installable app: the web app manifest, the service worker and the offline page.

The service worker lives in static/js/sw.js but is served from the site root, so that
it may control every page. This view puts a line of settings in front of it: the
app shell to precache (static URLs, hashed in production) and a version that changes
whenever any of those files (or the worker) changes, so phones pick up a new release.
"""

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_htmx.jinja import htmx_script

from scoring.accounts.offline import HEADER

WORKER = "js/sw.js"
# The colours of static/css/app.css: the page background and the header bar (--accent).
BACKGROUND = "#f6f4ef"
THEME = "#1d5e3a"
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
]
# What every page needs offline, kept at install. The table screen's scripts (offline.js,
# the outbox modules it imports, table.js, awake.js) are kept when a page loads them: as it
# loads under the worker, or sent by the page that came before it (kept.js, "keep").
SHELL = [
    "css/app.css",
    "js/kept.js",
    # The pages' icon. The PNG sizes are the manifest's, for installing the app: the
    # browser fetches them when it needs them, and no page offline does.
    "icon.svg",
]


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "id": "/",
        "name": _("Napoleon scorekeeper"),
        "short_name": _("Napoleon"),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache"
    return response


def _shell_urls() -> list[str]:
    htmx = re.findall(r'src="([^"]+)"', htmx_script())
    return [static(path) for path in SHELL] + htmx


def _read(path: str) -> bytes:
    """A static file's content: from the source folders, else from STATIC_ROOT."""
    found = finders.find(path)
    if found:
        return Path(found).read_bytes()
    with staticfiles_storage.open(path) as handle:
        content: bytes = handle.read()
    return content


def _build_worker() -> bytes:
    code = _read(WORKER)
    config = {
        "shell": _shell_urls(),
        "offline": reverse("scoring:offline"),
        "static": settings.STATIC_URL,
        "userHeader": HEADER,
        # Signing in or out drops every cached page.
        "authPaths": [reverse("scoring:login"), reverse("scoring:logout")],
        # Never kept for offline use, whoever asks.
        "neverCache": ["/accounts/", "/api/", "/admin/", reverse("scoring:offline")],
    }
    digest = hashlib.sha256(code)
    digest.update(json.dumps(config, sort_keys=True).encode())
    for path in [*SHELL, *_project_static_files()]:
        digest.update(path.encode())
        digest.update(_read(path))
    config["version"] = digest.hexdigest()[:16]
    header = f"const CONFIG = {json.dumps(config, sort_keys=True)};\n"
    return header.encode() + code


def _project_static_files() -> list[str]:
    """Every file of this project's static folders, as paths relative to them: a change
    to any of them makes a new worker version, even without hashed file names."""
    names: set[str] = set()
    for folder in settings.STATICFILES_DIRS:
        root = Path(folder)
        names.update(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    return sorted(names)


_cached_worker = lru_cache(maxsize=1)(_build_worker)


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    # In development the files change under a running server: build it afresh each time.
    body = _build_worker() if settings.DEBUG else _cached_worker()
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What a page not yet kept on this phone shows while there is no connection.

    The worker keeps it from install time, fetched without cookies: it names nobody."""
    return render(request, "pwa/offline.html")
