"""No shared cache may keep a page of this site: ``Cache-Control: private`` on private
pages, exports and share links (a proxy must not hand one person's page to another),
while a view's own header wins."""

import pytest
from django.test import Client

from tests.factories import make_league, make_session, make_user, play, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def member_and_session():
    mark = make_user("mark")
    session = make_session(make_league(mark), "taiwan")
    play(session)
    client = Client()
    client.force_login(mark)
    return client, session


def pages(session):
    league = session.league.pk
    return [
        url("home"),
        url("league", league),
        url("table", session.pk),
        url("hands", session.pk),
        url("summary", session.pk),
        url("session-history", session.pk),
        url("player", session.seat_list[0].player.pk),
        url("league-export-csv", league),
        url("league-export-json", league),
    ]


def test_private_pages_and_exports_are_private(member_and_session):
    client, session = member_and_session
    for path in pages(session):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Cache-Control"] == "private", path


def test_the_share_link_and_public_pages_are_private_too(member_and_session):
    _client, session = member_and_session
    anonymous = Client()
    for path in (url("share", session.share_token), url("login"), url("rules-index")):
        control = anonymous.get(path)["Cache-Control"].split(", ")
        assert "private" in control, path  # the login page adds never_cache's no-store


def test_a_view_that_sets_its_own_cache_control_keeps_it():
    assert Client().get(url("manifest"))["Cache-Control"] == "no-cache"
