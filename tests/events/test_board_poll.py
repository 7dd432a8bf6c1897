"""The director's board poll answered 304 before the session is read
(scoring.events.polls): in one query, to the browser that was given the page as it
stands, and to nobody else: not a signed-out browser, a member, a stranger, another
night's page, a session ended or expired, a new password, a demoted director."""

import datetime

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import resolve, reverse
from django.utils import timezone

from scoring.events.polls import BOARD_PATH
from scoring.events.views import board
from scoring.models import Event, EventTable, Membership
from tests.events.helpers import check_in, make_night, round_sessions, seat, text
from tests.factories import assert_sent_to_login, hand_data, make_user, url

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture
def night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    seat(client, event)
    return Event.objects.get(pk=event.pk)


def first_poll(client, event) -> str:
    """The board's page, then its first poll (drawn): the ETag the browser keeps."""
    assert client.get(url("event-board", event.pk)).status_code == 200
    drawn = client.get(url("event-board", event.pk), headers=POLL)
    assert drawn.status_code == 200
    return drawn["ETag"]


def poll(client, event, etag):
    return client.get(url("event-board", event.pk), headers={**POLL, "If-None-Match": etag})


def same_browser(client) -> Client:
    """Another client holding the very cookies this one holds (a copy of the browser)."""
    copy = Client()
    for name, morsel in client.cookies.items():
        copy.cookies[name] = morsel.value
    return copy


def test_it_answers_the_directors_unchanged_poll_in_one_query(
    client, night, django_assert_num_queries
):
    etag = first_poll(client, night)
    with django_assert_num_queries(1):  # the night's mark, with the user and session rows
        again = poll(client, night, etag)
    assert again.status_code == 304 and again["ETag"] == etag
    assert again["Cache-Control"] == "private, no-cache"
    weak = poll(client, night, f"W/{etag}")  # as a compressing proxy gives it back
    assert weak.status_code == 304


def test_it_draws_the_poll_again_once_a_table_moves(client, night):
    etag = first_poll(client, night)
    one = round_sessions(night, 1)[0]
    assert client.post(url("record", one.pk), hand_data(one)).status_code == 302
    moved = poll(client, night, etag)
    assert moved.status_code == 200 and moved["ETag"] != etag and "1 of" in text(moved)
    assert poll(client, night, moved["ETag"]).status_code == 304


def test_it_answers_in_the_pages_language(client, night):
    client.cookies["django_language"] = "fr"
    etag = first_poll(client, night)
    again = poll(client, night, etag)
    assert again.status_code == 304 and again["Content-Language"] == "fr"


def _signed_in_as(role):
    def sign_in(client, night):
        user = make_user(role)
        if role == "member":
            Membership.objects.create(league=night.league, user=user, role=Membership.MEMBER)
        other = Client()
        other.force_login(user)
        return other

    return sign_in


def _phone(client, night):
    phone = Client()
    code = EventTable.objects.filter(round__event=night).first().code
    assert phone.post(url("table-code", code)).status_code == 302
    return phone


@pytest.mark.parametrize(
    ("asker", "refused"),
    [
        (lambda client, night: Client(), 302),
        (_signed_in_as("member"), 403),
        (_signed_in_as("stranger"), 404),
        (_phone, 404),
    ],
    ids=["signed out", "member", "stranger", "table phone"],
)
def test_it_gives_the_directors_etag_nothing_in_another_browser(client, night, asker, refused):
    etag = first_poll(client, night)
    other = asker(client, night)
    asked = poll(other, night, etag)
    assert asked.status_code == refused and "ETag" not in asked
    assert EventTable.objects.first().code not in text(asked)


def _sign_out(client, night):
    copy = same_browser(client)  # the cookie kept past the sign-out
    client.post(url("logout"))
    return copy


def _expire(client, night):
    Session.objects.update(expire_date=timezone.now() - datetime.timedelta(seconds=1))
    return client


def _new_password(client, night):
    night.director.set_password("another-secret-1")
    night.director.save()
    return client


def _deactivate(client, night):
    night.director.is_active = False
    night.director.save()
    return client


def _demote(client, night):
    Membership.objects.filter(user=night.director).update(role=Membership.MEMBER)
    Event.objects.filter(pk=night.pk).update(director=None)
    return client


def _remove(client, night):
    Membership.objects.filter(user=night.director).delete()
    return client


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (_sign_out, 302),
        (_expire, 302),
        (_new_password, 302),
        (_deactivate, 302),
        (_demote, 403),
        (_remove, 404),
    ],
    ids=["signed out", "expired", "new password", "deactivated", "demoted", "removed"],
)
def test_it_stops_the_304_once_the_director_may_no_longer_see_the_page(
    client, night, change, refused
):
    etag = first_poll(client, night)
    browser = change(client, night)
    asked = poll(browser, night, etag)
    assert asked.status_code == refused and "ETag" not in asked
    if refused == 302:
        assert_sent_to_login(asked)


def _other_night(client, night):
    other = make_night(client, owner=night.director)
    check_in(client, other, [f"Q{n}" for n in range(5)])
    seat(client, other)
    return client, other


@pytest.mark.parametrize(
    "change",
    [
        lambda etag: etag[:-2] + ("0" if etag[-2] != "0" else "1") + '"',
        lambda etag: etag.replace(".auto.", ".dark."),
        lambda etag: etag.replace(".en.", ".fr."),
        lambda etag: etag[:-34] + '"',
    ],
    ids=["forged mac", "another theme", "another language", "no mac"],
)
def test_it_draws_the_page_for_an_etag_it_did_not_give(client, night, change):
    etag = first_poll(client, night)
    asked = poll(client, night, change(etag))
    assert asked.status_code == 200 and asked["ETag"] == etag


def test_it_binds_the_etag_to_its_night_and_the_browsers_cookies(client, night):
    etag = first_poll(client, night)
    _client, other = _other_night(client, night)
    first_poll(client, other)
    assert poll(client, other, etag).status_code == 200  # the other night's board
    client.cookies["django_language"] = "ja"
    assert poll(client, night, etag).status_code == 200  # drawn in the new language
    client.cookies["csrftoken"] = "x" * 32
    assert poll(client, night, etag).status_code == 200  # the forms' token changed


def test_it_matches_the_boards_path_and_no_other():
    path = reverse("scoring:event-board", args=[123])
    assert BOARD_PATH.fullmatch(path)[1] == "123"
    assert resolve(path).func is board.board
    for other in ("event-tv", "event", "event-print"):
        assert BOARD_PATH.fullmatch(reverse(f"scoring:{other}", args=[123])) is None
