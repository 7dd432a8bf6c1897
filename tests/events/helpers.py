"""A club night set up through its pages, as a director would: the night, the players
checked in, a round seated."""

import datetime
import html

from scoring.models import Event, GameSession
from tests.factories import make_league, make_user, url

NAMES = [f"Player {n:02d}" for n in range(1, 33)]


def make_night(client, owner=None, variant="taiwan", **fields):
    """A league owned by a signed-in director and a night of it, made on its page."""
    owner = owner or make_user("director")
    league = make_league(owner)
    client.force_login(owner)
    data = {
        "name": "Friday club",
        "date": datetime.date(2026, 11, 27).isoformat(),
        "variant": variant,
        "rounds": "4",
        "round_end": "hands",
        "deals_each": "1",
        "minutes": "40",
        "formula": "placement",
        "seating": "fresh",
        **fields,
    }
    response = client.post(url("events", league.pk), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get(league=league)


def version_of(event) -> str:
    return str(Event.objects.get(pk=event.pk).version)


def check_in(client, event, names):
    for name in names:
        response = client.post(
            url("event-check-in", event.pk), {"name": name, "event_version": version_of(event)}
        )
        assert response.status_code == 302, response.content.decode()[:2000]


def seat(client, event, method="fresh", redraw=False):
    data = {"method": method, "event_version": version_of(event)}
    if redraw:
        data["redraw"] = "1"
    return client.post(url("event-seat", event.pk), data)


def close(client, event):
    return client.post(url("event-close", event.pk), {"event_version": version_of(event)})


def round_sessions(event, number):
    return list(
        GameSession.objects.filter(
            event_table__round__event=event, event_table__round__number=number
        ).order_by("event_table__number")
    )


def text(response) -> str:
    """The page's text with its HTML escapes read back."""
    return html.unescape(response.content.decode())
