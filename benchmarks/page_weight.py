"""Page weight: how many bytes the table screen costs a phone on a poor connection.

    python benchmarks/page_weight.py

Starts a five-player Taiwan session with three hands in a throwaway SQLite database,
renders the table screen (and, for comparison, the hands list, a rules page and a
referee tool) through Django's test client, and prints each page's HTML and the
stylesheets it links, raw and gzip-compressed, as a phone would download them the
first time. Target: the table screen's HTML + CSS in about 14 KB compressed, what a new
connection's first round trip carries, so the screen comes at once on a slow connection.
Prints figures; asserts nothing.
"""

import datetime
import gzip
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


def weigh(client, url: str) -> tuple[int, int, int, int]:
    from django.contrib.staticfiles import finders

    html = client.get(url, HTTP_ACCEPT_ENCODING="identity").content
    css = b""
    for href in re.findall(rb'<link rel="stylesheet" href="/static/([^"]+)"', html):
        css += Path(finders.find(href.decode())).read_bytes()
    return len(html), len(gzip.compress(html)), len(css), len(gzip.compress(css))


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        setup(directory)
        from django.test import Client

        user, session = session_with_hands()
        client = Client()
        client.force_login(user)
        pages = {
            "table screen": session.get_absolute_url(),
            "hands list": f"/sessions/{session.pk}/hands/",
            "rules page": "/rules/taiwan/",
            "referee: trick": "/referee/trick/",
        }
        print(f"{'page':<16}{'HTML':>9}{'gzip':>8}{'CSS':>9}{'gzip':>8}{'HTML+CSS gzip':>15}")
        for name, url in pages.items():
            html, html_z, css, css_z = weigh(client, url)
            total = (html_z + css_z) / 1024
            print(f"{name:<16}{html:>9}{html_z:>8}{css:>9}{css_z:>8}{total:>12.1f} KB")


if __name__ == "__main__":
    main()
