"""A club night through its pages: made, players checked in, rounds seated as ordinary
sessions, redrawn before any hand, closed; who may do what; bad input changes nothing."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.models import Entrant, Event, EventTable, GameSession, Player, Round
from tests.events.helpers import (
    check_in,
    close,
    make_night,
    round_sessions,
    seat,
    text,
    version_of,
)
from tests.factories import hand_data, make_user, url

pytestmark = pytest.mark.django_db


def test_it_makes_a_night_with_the_leagues_house_rules(client):
    event = make_night(client)
    assert event.variant == "taiwan" and event.rounds == 4
    page = client.get(url("event", event.pk))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Friday club" in body and "How the standings are worked out" in body


@pytest.mark.parametrize(
    ("field", "value"),
    [("rounds", "0"), ("rounds", "99"), ("deals_each", "x"), ("formula", "best"), ("name", "")],
)
def test_it_refuses_a_night_with_bad_fields_and_makes_none(client, field, value):
    owner = make_user("director")
    with pytest.raises(AssertionError):
        make_night(client, owner, **{field: value})
    assert Event.objects.count() == 0


def test_it_checks_in_members_and_guests_without_accounts(client):
    event = make_night(client)
    check_in(client, event, ["Ann", "Ben"])
    assert set(Entrant.objects.values_list("player__name", flat=True)) == {"Ann", "Ben"}
    assert not Player.objects.filter(name="Ann").first().user_id
    again = client.post(
        url("event-check-in", event.pk), {"name": "ann", "event_version": version_of(event)}
    )
    assert again.status_code == 400 and "already checked in" in text(again)


def test_it_refuses_a_write_drawn_for_an_older_night(client):
    event = make_night(client)
    check_in(client, event, ["Ann"])
    stale = client.post(url("event-check-in", event.pk), {"name": "Ben", "event_version": "0"})
    assert stale.status_code == 400
    assert "changed after this page was opened" in text(stale)
    assert Entrant.objects.count() == 1


def test_it_seats_a_round_as_ordinary_sessions_with_codes(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    response = seat(client, event)
    assert response.status_code == 302
    sessions = round_sessions(event, 1)
    sizes = sorted(len(s.seat_list) for s in sessions)
    assert sizes == [5, 6]
    assert all(s.variant == "taiwan" and s.league == event.league for s in sessions)
    codes = EventTable.objects.values_list("code", flat=True)
    assert len(set(codes)) == 2 and all(len(c) == 6 for c in codes)


def test_it_sits_out_the_one_who_cannot_be_seated_and_not_twice_running(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(7)])  # Taiwan seats 4 to 6
    seat(client, event)
    first = Round.objects.get(number=1).sitting_out
    assert len(first) == 1
    close(client, event)
    seat(client, event)
    second = Round.objects.get(number=2).sitting_out
    assert len(second) == 1 and second != first


def test_it_redraws_until_a_table_records_its_first_hand(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(10)])
    seat(client, event)
    before = set(GameSession.objects.values_list("pk", flat=True))
    assert seat(client, event, "random", redraw=True).status_code == 302
    after = round_sessions(event, 1)
    assert before.isdisjoint(s.pk for s in after)
    client.post(url("record", after[0].pk), hand_data(after[0]))
    refused = seat(client, event, "random", redraw=True)
    assert refused.status_code == 409
    assert "this round's seating stays" in text(refused)
    assert [s.pk for s in round_sessions(event, 1)] == [s.pk for s in after]


def test_it_removes_the_old_tables_phone_accounts_with_a_redraw(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(10)])
    seat(client, event)
    phone = Client()
    assert phone.post(url("table-code", EventTable.objects.first().code)).status_code == 302
    account = EventTable.objects.get(phone__isnull=False).phone
    assert seat(client, event, "random", redraw=True).status_code == 302
    assert not User.objects.filter(pk=account.pk).exists()
    assert not EventTable.objects.filter(phone__isnull=False).exists()
    assert User.objects.filter(username="director").exists()
    assert phone.get(url("table", round_sessions(event, 1)[0].pk)).status_code == 302


def test_it_seats_the_next_round_only_after_closing_this_one(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(8)])
    seat(client, event)
    refused = seat(client, event)
    assert refused.status_code == 409 and Round.objects.count() == 1
    assert close(client, event).status_code == 302
    assert all(s.ended_at for s in round_sessions(event, 1))
    assert seat(client, event).status_code == 302 and Round.objects.count() == 2


def test_it_lets_a_player_leave_and_come_back_between_rounds(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(9)])
    leaving = Entrant.objects.get(player__name="P0")
    response = client.post(
        url("event-leave", event.pk),
        {"entrant": str(leaving.pk), "event_version": version_of(event)},
    )
    assert response.status_code == 302
    seat(client, event)
    seated = {s.player.name for g in round_sessions(event, 1) for s in g.seat_list}
    assert "P0" not in seated and len(seated) == 8
    check_in(client, event, ["P0"])
    assert Entrant.objects.get(pk=leaving.pk).present


def test_it_lets_only_the_director_run_the_night(client):
    event = make_night(client)
    member = make_user("member")
    event.league.memberships.create(user=member)
    client.force_login(member)
    assert client.get(url("event", event.pk)).status_code == 200
    assert client.get(url("event-board", event.pk)).status_code == 403
    refused = client.post(
        url("event-check-in", event.pk), {"name": "Zed", "event_version": version_of(event)}
    )
    assert refused.status_code == 403 and not Entrant.objects.exists()
    stranger = make_user("stranger")
    client.force_login(stranger)
    assert client.get(url("event", event.pk)).status_code == 404
    assert client.get(url("event-tv", event.pk)).status_code == 404
