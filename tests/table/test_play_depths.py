"""What each trick of "Record the play" asks for, game by game: Thai and Nap count tricks,
so a trick's winner alone is enough (one tap a trick); the point-card games need at least
each trick's winner and its point cards, so they never offer winners alone, and a tap
that asks for it (a page from elsewhere, a hand-made post) is answered at their own depth."""

import re

import pytest

from tests.factories import drawn_for, make_session, url

pytestmark = pytest.mark.django_db

DEPTHS = [
    ("taiwan", ["winners_points", "cards"]),
    ("hongkong", ["winners_points", "cards"]),
    ("japanese", ["winners_points", "cards"]),
    ("japanese-chip", ["winners_points", "cards"]),
    ("mighty", ["winners_points", "cards"]),
    ("thai", ["winners", "cards"]),
    ("nap", ["winners", "cards"]),
]
VALUES = {"winners_points": "points", "winners": "winners", "cards": "cards"}


def tap(client, session, value, record=""):
    data = {**drawn_for(session), "play": record, "tap": value}
    response = client.post(url("play", session.pk), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def offered(page: str) -> list[str]:
    return re.findall(r'value="depth:(\w+)"', page)


def pressed(page: str) -> str:
    found = re.search(r'value="depth:(\w+)"[^>]*aria-pressed="true"', page)
    assert found, "one depth is chosen"
    return found.group(1)


@pytest.mark.parametrize(("code", "depths"), DEPTHS)
def test_it_offers_the_depths_the_game_counts_by(member_client, league, code, depths):
    session = make_session(league, code, names=["Ann", "Ben", "Cat", "Dan", "Eve"])
    page = tap(member_client, session, "show")
    assert offered(page) == [VALUES[d] for d in depths]
    assert pressed(page) == ("winners" if code in ("thai", "nap") else "cards")


@pytest.mark.parametrize("code", ["taiwan", "mighty", "japanese-chip"])
def test_a_point_card_game_never_takes_winners_alone(member_client, league, code):
    session = make_session(league, code)
    page = tap(member_client, session, "depth:winners")
    assert pressed(page) == "cards"
    assert "depth:winners" not in page
