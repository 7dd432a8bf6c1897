"""The director's board, the TV page (answered 304 while nothing changed) and the
printout, drawn for a night being played; each page works without JavaScript."""

import pytest

from scoring.models import EventTable, Player
from tests.events.helpers import check_in, close, make_night, round_sessions, seat, text
from tests.factories import hand_data, make_user, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    seat(client, event)
    return event


def test_it_shows_every_table_on_the_board(client, night):
    one, two = round_sessions(night, 1)
    client.post(url("record", one.pk), hand_data(one))
    board = text(client.get(url("event-board", night.pk)))
    for table in EventTable.objects.all():
        assert table.code in board
    assert "1 of 6 hands" in board or "1 of 5 hands" in board
    assert "0 of" in board


def test_it_answers_the_boards_poll_with_the_tables_alone(client, night):
    fragment = client.get(url("event-board", night.pk), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert body.lstrip().startswith('<div id="night-board"') and "<html" not in body


def test_it_answers_the_tv_page_304_until_a_hand_is_recorded(client, night):
    first = client.get(url("event-tv", night.pk))
    assert first.status_code == 200 and "Round 1 of 4" in text(first)
    etag = first["ETag"]
    again = client.get(url("event-tv", night.pk), headers={"If-None-Match": etag})
    assert again.status_code == 304
    one = round_sessions(night, 1)[0]
    client.post(url("record", one.pk), hand_data(one))
    moved = client.get(url("event-tv", night.pk), headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag


def test_it_prints_the_seating_a_sheet_per_table_and_the_standings(client, night):
    page = text(client.get(url("event-print", night.pk)))
    assert page.count('class="night-sheet"') == 2
    assert "Round 1" in page and "Standings" in page
    close(client, night)
    for _round in range(3):
        seat(client, night)
        close(client, night)
    final = text(client.get(url("event-print", night.pk)))
    assert "Final standings" in final and final.count('class="night-sheet"') == 0


def test_it_draws_a_tables_qr_code_for_the_director_only(client, night):
    table = EventTable.objects.first()
    drawn = client.get(url("event-table-qr", night.pk, table.pk))
    assert drawn.status_code == 200 and drawn["Content-Type"] == "image/svg+xml"
    close(client, night)
    assert client.get(url("event-table-qr", night.pk, table.pk)).status_code == 404


def test_it_answers_the_boards_poll_304_until_a_table_changes(client, night):
    poll = {"HX-Request": "true"}
    client.get(url("event-board", night.pk))  # the page first, as a browser opens it
    first = client.get(url("event-board", night.pk), headers=poll)
    etag = first["ETag"]
    again = client.get(url("event-board", night.pk), headers={**poll, "If-None-Match": etag})
    assert again.status_code == 304
    one = round_sessions(night, 1)[0]
    client.post(url("record", one.pk), hand_data(one))
    moved = client.get(url("event-board", night.pk), headers={**poll, "If-None-Match": etag})
    assert moved.status_code == 200 and "1 of" in text(moved)


def test_it_shows_the_rounds_clock_when_rounds_end_on_time(client):
    event = make_night(client, round_end="time", minutes="30")
    check_in(client, event, [f"P{n}" for n in range(5)])
    seat(client, event)
    tv = text(client.get(url("event-tv", event.pk)))
    board = text(client.get(url("event-board", event.pk)))
    assert "30 minutes left" in tv and "30 minutes left" in board


@pytest.mark.parametrize("page", ["event-tv", "event-board"])
def test_it_answers_an_unchanged_poll_from_the_nights_mark_alone(
    client, night, page, django_assert_max_num_queries
):
    poll = {"HX-Request": "true"}
    client.get(url(page, night.pk))  # the page first, as a browser opens it
    etag = client.get(url(page, night.pk), headers=poll)["ETag"]
    # The browser session, its user, the night's mark (the board's: the mark alone,
    # tests/events/test_board_poll.py)
    with django_assert_max_num_queries(3):
        again = client.get(url(page, night.pk), headers={**poll, "If-None-Match": etag})
    assert again.status_code == 304


def test_it_gives_no_mark_of_a_night_to_someone_outside_its_league(client, night):
    etag = client.get(url("event-tv", night.pk))["ETag"]
    client.force_login(make_user("stranger"))
    for page in ("event-tv", "event-board"):
        asked = client.get(url(page, night.pk), headers={"If-None-Match": etag})
        assert asked.status_code == 404 and "ETag" not in asked


def test_it_redraws_the_tv_page_when_a_player_not_seated_is_renamed(client, night):
    """A player who checked in after the round was seated sits at no table, so renaming
    them moves no table's version; the TV page's standings name them all the same."""
    page = "event-tv"
    check_in(client, night, ["Lou Late"])
    poll = {"HX-Request": "true"}
    client.get(url(page, night.pk))
    first = client.get(url(page, night.pk), headers=poll)
    assert "Lou Late" in text(first)
    lou = Player.objects.get(name="Lou Late")
    rename = {"action": "rename", "player": lou.pk, "name": "Louise Late"}
    assert client.post(url("league-players", night.league_id), rename).status_code == 302
    moved = client.get(url(page, night.pk), headers={**poll, "If-None-Match": first["ETag"]})
    assert moved.status_code == 200, moved.status_code
    assert "Louise Late" in text(moved) and "Lou Late" not in text(moved)
