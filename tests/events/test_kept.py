"""The night read once per mark and shared (scoring.events.kept): the board's poll and
the TV page draw from one read of the night, in few queries; nothing read inside a
transaction is kept; a night that moves is read afresh; the board's tables are drawn
again only when they move, each answer with its own CSRF token."""

import re

import pytest
from django.db import transaction
from django.test import Client

from scoring.events import kept
from scoring.events.kept import Kept, night_view
from scoring.events.marks import link_mark
from scoring.events.views.tables import SLOT
from scoring.models import Event, EventTable
from tests.events.helpers import check_in, make_night, round_sessions, seat, text
from tests.factories import hand_data, url

POLL = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def nothing_kept():
    for kept_map in (kept.views, kept.fragments, kept.board_tables):
        kept_map.clear()


def _night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    seat(client, event)
    return Event.objects.get(pk=event.pk)


def _board_poll(client, event):
    return client.get(url("event-board", event.pk), headers=POLL)


def _tv_poll(event):
    return Client().get(url("event-tv-link", event.tv_token), headers=POLL)


def test_it_forgets_the_least_recently_used_first(transactional_db):
    kept_map: Kept[int] = Kept(2)
    kept_map.put("a", 1)
    kept_map.put("b", 2)
    assert kept_map.get("a") == 1
    kept_map.put("c", 3)
    assert (kept_map.get("a"), kept_map.get("b"), kept_map.get("c")) == (1, None, 3)


def test_it_keeps_nothing_read_inside_a_transaction(transactional_db):
    kept_map: Kept[int] = Kept(2)
    with transaction.atomic():
        kept_map.put("a", 1)
    assert kept_map.get("a") is None


@pytest.mark.django_db
def test_it_draws_the_polls_in_few_queries(client, django_assert_num_queries):
    event = _night(client)
    client.get(url("event-board", event.pk))
    with django_assert_num_queries(4):  # the session, its user, the night's mark, the night
        assert _board_poll(client, event).status_code == 200
    with django_assert_num_queries(2):  # the night's mark, the night
        assert _tv_poll(event).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_it_reads_the_night_once_for_the_board_and_the_tv(client, django_assert_num_queries):
    event = _night(client)
    client.get(url("event-board", event.pk))
    assert _board_poll(client, event).status_code == 200
    with django_assert_num_queries(1):  # the night's mark: the night as the board read it
        tv = _tv_poll(event)
    assert tv.status_code == 200 and "P10" in text(tv)
    one = round_sessions(event, 1)[0]
    assert client.post(url("record", one.pk), hand_data(one)).status_code == 302
    moved = _tv_poll(event)
    assert moved.status_code == 200 and moved["ETag"] != tv["ETag"] and "1/" in text(moved)


@pytest.mark.django_db(transaction=True)
def test_it_keeps_the_view_under_the_mark_it_was_read_at(client):
    event = _night(client)
    mark = link_mark(event.tv_token)
    first = night_view(mark)
    assert night_view(mark) is first
    one = round_sessions(event, 1)[0]
    assert client.post(url("record", one.pk), hand_data(one)).status_code == 302
    moved = night_view(link_mark(event.tv_token))
    assert moved is not first
    assert [s.hands for s in moved.tables] != [s.hands for s in first.tables]


def _tables(page: str) -> list[str]:
    """Each table's drawing, its CSRF token left out."""
    drawn = re.findall(r'<li class="card[^"]*" id="table-\d+">.*?</details>\s*</li>', page, re.S)
    return [re.sub(r'csrfmiddlewaretoken" value="[^"]+"', "", table) for table in drawn]


def _tokens(page: str) -> list[str]:
    return re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)


@pytest.mark.django_db(transaction=True)
def test_it_draws_again_only_the_table_that_moved(client):
    event = _night(client)
    client.get(url("event-board", event.pk))
    before = text(_board_poll(client, event))
    one, two = round_sessions(event, 1)
    assert client.post(url("record", one.pk), hand_data(one)).status_code == 302
    after = text(_board_poll(client, event))
    (one_before, two_before), (one_after, two_after) = _tables(before), _tables(after)
    assert two_after == two_before and one_after != one_before and "1 of" in one_after
    assert SLOT not in before + after
    # One token in each answer, as the template draws it, and each answer its own.
    assert len(set(_tokens(before))) == len(set(_tokens(after))) == 1
    assert _tokens(before)[0] != _tokens(after)[0]


@pytest.mark.django_db(transaction=True)
def test_it_takes_the_replacement_posted_from_a_kept_table(client):
    event = _night(client)
    director = Client(enforce_csrf_checks=True)
    director.cookies = client.cookies
    director.get(url("event-board", event.pk))
    _board_poll(director, event)  # the tables drawn and kept
    page = text(_board_poll(director, event))
    table = EventTable.objects.filter(round__event=event).order_by("number").first()
    seat_pk = re.search(rf'id="seat-{table.pk}" name="seat"><option value="(\d+)"', page)[1]
    version = re.search(r'name="table_version" value="(\d+)"', page)[1]
    data = {
        "csrfmiddlewaretoken": _tokens(page)[0],
        "seat": seat_pk,
        "name": "Newcomer",
        "table_version": version,
    }
    replaced = director.post(url("event-replace", event.pk, table.pk), data)
    assert replaced.status_code == 302
    assert "Newcomer" in text(_board_poll(director, event))
