"""A night's TV link: the TV page for a room's screen, with nobody signed in on it; its
poll answered 304 from the night's mark alone (no session read, cookies or not); a new
link from the director, after which the old one says so and gives nothing away."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Event, Membership
from tests.events.helpers import check_in, make_night, round_sessions, seat, text, version_of
from tests.factories import hand_data, make_user, url

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}
GONE = "This TV link does not work."


@pytest.fixture
def night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    seat(client, event)
    return Event.objects.get(pk=event.pk)


def tv_url(event) -> str:
    return url("event-tv-link", Event.objects.get(pk=event.pk).tv_token)


def renew(client, event, drawn=None):
    data = {"event_version": version_of(event) if drawn is None else drawn}
    return client.post(url("event-tv-new-link", event.pk), data)


def test_it_serves_the_tv_page_by_its_link_to_a_screen_with_no_account(night):
    screen = Client()
    page = screen.get(tv_url(night))
    assert page.status_code == 200
    shown = text(page)
    assert "Round 1 of 4" in shown and "P10" in shown and "Friday club" in shown
    assert f'hx-get="{tv_url(night)}"' in shown
    assert "sessionid" not in page.cookies


def test_it_answers_the_links_poll_304_until_a_hand_is_recorded(client, night):
    screen = Client()
    first = screen.get(tv_url(night), headers=POLL)
    assert first.status_code == 200 and text(first).lstrip().startswith('<div id="night-tv"')
    etag = first["ETag"]
    again = screen.get(tv_url(night), headers={**POLL, "If-None-Match": etag})
    assert again.status_code == 304
    one = round_sessions(night, 1)[0]
    assert client.post(url("record", one.pk), hand_data(one)).status_code == 302
    moved = screen.get(tv_url(night), headers={**POLL, "If-None-Match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag
    assert "1/" in text(moved)


def test_it_gives_a_second_screen_the_fragment_the_first_one_drew(night):
    first = Client().get(tv_url(night), headers=POLL)
    second = Client().get(tv_url(night), headers=POLL)
    assert second.status_code == 200 and second.content == first.content
    assert second["ETag"] == first["ETag"]


@pytest.mark.parametrize("signed_in", [False, True], ids=["no cookie", "a member's cookie"])
def test_it_answers_an_unchanged_poll_of_the_link_in_one_query(
    client, night, signed_in, django_assert_num_queries
):
    screen = client if signed_in else Client()
    etag = screen.get(tv_url(night), headers=POLL)["ETag"]
    link = tv_url(night)
    with django_assert_num_queries(1):  # the night's mark: no session, no user
        again = screen.get(link, headers={**POLL, "If-None-Match": etag})
    assert again.status_code == 304


@pytest.mark.parametrize("headers", [{}, POLL], ids=["page", "poll"])
def test_it_reads_no_session_by_the_link_even_with_a_members_cookie(client, night, headers):
    with CaptureQueriesContext(connection) as queries:
        drawn = client.get(tv_url(night), headers=headers)
    assert drawn.status_code == 200
    read = " ".join(query["sql"] for query in queries.captured_queries)
    assert "django_session" not in read and "auth_user" not in read
    assert "Vary" in drawn and "sessionid" not in drawn.cookies


def _stale_link(client, night):
    old = tv_url(night)
    assert renew(client, night).status_code == 302
    return old


@pytest.mark.parametrize(
    "link",
    [
        _stale_link,
        lambda client, night: url("event-tv-link", "not-a-token"),
        lambda client, night: url("event-tv-link", "x" * 300),
    ],
    ids=["replaced", "wrong", "too long"],
)
def test_it_refuses_a_link_no_night_has_with_a_note_and_no_data(client, night, link):
    asked = link(client, night)
    screen = Client()
    for headers in ({}, POLL, {**POLL, "If-None-Match": '"anything"'}):
        refused = screen.get(asked, headers=headers)
        assert refused.status_code == 404 and "ETag" not in refused
        shown = text(refused)
        assert GONE in shown and "data-live-note" in shown
        assert "Friday club" not in shown and "P10" not in shown and "hx-get" not in shown
    assert screen.get(f"{asked}qr.svg").status_code == 404


def test_it_lets_the_director_replace_the_link_and_the_new_one_works(client, night):
    old = tv_url(night)
    board = text(client.get(url("event-board", night.pk)))
    assert f"{old}" in board and url("event-tv-link-qr", night.tv_token) in board
    done = renew(client, night)
    assert done.status_code == 302 and done["Location"].endswith("#tv-link")
    new = tv_url(night)
    assert new != old
    assert Client().get(new).status_code == 200
    assert Client().get(old).status_code == 404
    board = text(client.get(url("event-board", night.pk)))
    assert new in board and old not in board and "The old one no longer works" in board
    drawn = client.get(url("event-tv-link-qr", Event.objects.get(pk=night.pk).tv_token))
    assert drawn.status_code == 200 and drawn["Content-Type"] == "image/svg+xml"


def test_it_refuses_a_new_link_from_a_page_drawn_before_another_change(client, night):
    old = tv_url(night)
    stale = int(version_of(night)) - 1
    refused = renew(client, night, drawn=stale)
    assert refused.status_code == 409 and "The night changed" in text(refused)
    assert tv_url(night) == old


@pytest.mark.parametrize("who", ["member", "stranger", "nobody"])
def test_it_lets_nobody_but_the_director_replace_the_link(client, night, who):
    old = tv_url(night)
    other = Client()
    if who != "nobody":
        user = make_user(who)
        if who == "member":
            Membership.objects.create(league=night.league, user=user, role=Membership.MEMBER)
        other.force_login(user)
    asked = renew(other, night)
    assert asked.status_code in (302, 403)
    if asked.status_code == 302:
        assert asked["Location"].startswith(reverse("scoring:login"))
    assert tv_url(night) == old


def _paths(page: str) -> set[str]:
    found = re.findall(r'(?:href|src|action|hx-get)="([^"]*)"', page)
    return {path.split("?")[0] for path in found}


def test_it_shows_by_the_link_no_link_into_the_leagues_member_pages(client, night):
    # A member signed in on the screen's browser sees it as anyone holding the link does.
    for screen in (Client(), client):
        page = screen.get(tv_url(night))
        assert "X-Offline-User" not in page
        allowed = {
            reverse("scoring:home"),
            reverse("scoring:rules-index"),
            reverse("scoring:referee-index"),
            reverse("scoring:manifest"),
            reverse("scoring:set-language"),
            reverse("scoring:set-theme"),
            reverse("scoring:sw"),
            reverse("scoring:offline"),
            tv_url(night),
        }
        paths = {p for p in _paths(text(page)) if not p.startswith(("/static/", "#"))}
        assert paths <= allowed, paths - allowed
        assert "Log out" not in text(page) and "Log in" not in text(page)


def test_it_keeps_the_signed_in_tv_page_for_members(client, night):
    page = client.get(url("event-tv", night.pk))
    assert page.status_code == 200
    assert f'hx-get="{url("event-tv", night.pk)}"' in text(page)
    assert night.tv_token not in text(page)
