"""Page weight: how many bytes the table screen costs a phone on a poor connection.

    python benchmarks/page_weight.py

Starts a five-player Taiwan session with three hands in a throwaway SQLite database,
renders the table screen (and, for comparison, the sign-in page a stranger first sees, the
home page, the hands list, a rules page and a referee tool) through Django's test client, and prints each page's HTML, the
stylesheets it links and the scripts it loads (and the modules they import), raw and
gzip-compressed (a stylesheet for paper only, which a first paint does not wait for, with
the scripts), as a phone would download them the first time; then what the service
worker's install downloads after that first visit: /sw.js, the app shell it keeps (what
the page did not load already: the rest comes from the browser's cache), the offline
page and the page itself again (kept for offline use).

Targets: the HTML + CSS in about 14 KB compressed, what a new connection's first round
trip carries, so the screen comes at once on a slow connection; everything a first
visit downloads, the worker's install included, at most 40 KB compressed. Prints
figures; asserts nothing.
"""

import datetime
import gzip
import json
import os
import re
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup(directory: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/weight.sqlite3"
    os.environ["DJANGO_STATICFILES_STORAGE"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def session_with_hands():
    from django.contrib.auth.models import User

    from scoring.models import GameSession, League, Membership, Player, Seat
    from scoring.rules import find_variant
    from scoring.table.form import HandForm
    from scoring.table.recording import record_hand

    user = User.objects.create_user("weigher", password="a-long-benchmark-password")
    league = League.objects.create(name="Weigh-in")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)

    session = GameSession.objects.create(
        league=league,
        date=datetime.date(2026, 1, 1),
        variant="taiwan",
        options=find_variant("taiwan").rules({}, 5).as_json(),
        first_dealer=0,
    )
    for number, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"]):
        player = Player.objects.create(league=league, name=name)
        Seat.objects.create(session=session, number=number, player=player)
    for declarer, points in ((0, 12), (2, 9), (4, 14)):
        data = {
            "declarer": str(declarer),
            "level": "3",
            "trump": "S",
            "partner": str((declarer + 1) % 5),
            "mode": "count",
            "points": str(points),
            "key": str(uuid.uuid4()),
        }
        form = HandForm(GameSession.objects.get(pk=session.pk), data)
        assert form.is_valid(), form.errors
        record_hand(session, form.cleaned_data["key"], form.hand_values(), form.score.deltas)
    return user, session


SCRIPT = re.compile(rb'<script[^>]*\ssrc="/static/([^"]+)"')
IMPORT = re.compile(rb'(?:import|from)\s*[("\']([./][^"\']+)["\']')


def _static(path: str) -> bytes:
    from django.contrib.staticfiles import finders

    return Path(finders.find(path)).read_bytes()


def _scripts(html: bytes) -> set[str]:
    """The static scripts a page loads, with the modules they import (transitively)."""
    found: set[str] = set()
    waiting = [name.decode() for name in SCRIPT.findall(html)]
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        for module in IMPORT.findall(_static(name)):
            waiting.append(os.path.normpath(os.path.join(os.path.dirname(name), module.decode())))
    return found


def _z(data: bytes) -> int:
    return len(gzip.compress(data))


def weigh(client, url: str) -> dict:
    html = client.get(url, HTTP_ACCEPT_ENCODING="identity").content
    links = re.findall(rb'<link rel="stylesheet" href="/static/([^"]+)"([^>]*)>', html)
    # A stylesheet for paper only (media="print") does not hold up the first paint: it
    # is downloaded all the same, counted with the scripts.
    sheets = [h.decode() for h, rest in links if b'media="print"' not in rest]
    paper = [h.decode() for h, rest in links if b'media="print"' in rest]
    css = b"".join(_static(href) for href in sheets)
    scripts = _scripts(html)
    return {
        "html": len(html),
        "html_z": _z(html),
        "css": len(css),
        "css_z": _z(css),
        "scripts_z": sum(_z(_static(name)) for name in [*scripts, *paper]),
        "loaded": {f"/static/{name}" for name in [*sheets, *paper, *scripts]},
        "page_z": _z(html),
    }


def install(client, loaded: set[str], page_z: int) -> int:
    """Compressed bytes the service worker's install downloads after a first visit."""
    from django.conf import settings

    worker = client.get("/sw.js").content
    config = json.loads(worker.split(b"\n", 1)[0].removeprefix(b"const CONFIG = ").rstrip(b";"))
    fetched = _z(worker) + _z(client.get(config["offline"]).content) + page_z
    for url in config["shell"]:
        if url not in loaded and url.startswith(settings.STATIC_URL):
            fetched += _z(_static(url.removeprefix(settings.STATIC_URL)))
    return fetched


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        setup(directory)
        from django.test import Client

        user, session = session_with_hands()
        client, stranger = Client(), Client()
        client.force_login(user)
        pages = {
            "sign-in": "/accounts/login/",  # a first visit by someone not signed in yet
            "home": "/",
            "table screen": session.get_absolute_url(),
            "hands list": f"/sessions/{session.pk}/hands/",
            "rules page": "/rules/taiwan/",
            "referee: trick": "/referee/trick/",
        }
        head = f"{'page':<16}{'HTML':>9}{'gzip':>8}{'CSS':>9}{'gzip':>8}{'HTML+CSS gzip':>15}"
        print(head + f"{'JS gzip':>9}{'worker':>8}{'first visit':>13}")
        for name, url in pages.items():
            visitor = stranger if name == "sign-in" else client
            w = weigh(visitor, url)
            first = (w["html_z"] + w["css_z"]) / 1024
            worker = install(visitor, w["loaded"], w["page_z"])
            whole = (w["html_z"] + w["css_z"] + w["scripts_z"] + worker) / 1024
            line = f"{name:<16}{w['html']:>9}{w['html_z']:>8}{w['css']:>9}{w['css_z']:>8}"
            print(f"{line}{first:>12.1f} KB{w['scripts_z']:>9}{worker:>8}{whole:>10.1f} KB")


if __name__ == "__main__":
    main()
