"""A table's phone joins by its code, in at most two taps, and records at that table only,
for that round only: not another table, not another round, not another league."""

import pytest
from django.test import Client

from scoring.models import EventTable, Hand
from tests.events.helpers import check_in, close, make_night, round_sessions, seat, text
from tests.factories import hand_data, make_league, make_session, make_user, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(10)])
    seat(client, event)
    return event


def _table(session) -> EventTable:
    return EventTable.objects.get(session=session)


def test_it_joins_from_the_qr_codes_page_in_one_tap_and_records(night):
    one, two = round_sessions(night, 1)
    phone = Client()
    code = _table(one).code
    page = phone.get(url("table-code", code))
    assert page.status_code == 200 and "Record at table 1" in text(page)
    joined = phone.post(url("table-code", code))
    assert joined.status_code == 302 and joined["Location"] == one.get_absolute_url()
    assert phone.get(one.get_absolute_url()).status_code == 200
    saved = phone.post(url("record", one.pk), hand_data(one))
    assert saved.status_code in (200, 302) and Hand.objects.filter(session=one).count() == 1


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {a}-{b} "])
def test_it_joins_by_the_code_typed_any_way(night, typed):
    one = round_sessions(night, 1)[0]
    code = _table(one).code
    written = typed.format(code=code, lower=code.lower(), a=code[:3], b=code[3:])
    joined = Client().post(url("table-join"), {"code": written})
    assert joined.status_code == 302 and joined["Location"] == one.get_absolute_url()


@pytest.mark.parametrize("typed", ["", "ZZZZZZ", "<script>", "x" * 500])
def test_it_refuses_a_code_no_table_has(night, typed):
    phone = Client()
    refused = phone.post(url("table-join"), {"code": typed})
    assert refused.status_code == 404 and "No table playing now has the code" in text(refused)
    assert "_auth_user_id" not in phone.session


def test_it_records_at_its_own_table_only(night):
    one, two = round_sessions(night, 1)
    phone = Client()
    phone.post(url("table-code", _table(one).code))
    assert phone.get(two.get_absolute_url()).status_code == 404
    refused = phone.post(url("record", two.pk), hand_data(two))
    assert refused.status_code == 403 and not Hand.objects.filter(session=two).exists()
    assert phone.get(url("league", night.league.pk)).status_code == 404
    assert phone.get(url("event", night.pk)).status_code == 404
    assert phone.get(url("event-board", night.pk)).status_code in (403, 404)


def test_it_stops_working_when_its_round_is_closed(client, night):
    one = round_sessions(night, 1)[0]
    code = _table(one).code
    phone = Client()
    phone.post(url("table-code", code))
    close(client, night)
    assert phone.get(one.get_absolute_url()).status_code == 404
    assert phone.post(url("record", one.pk), hand_data(one)).status_code == 403
    assert phone.get(url("table-code", code)).status_code == 404
    seat(client, night)
    later = round_sessions(night, 2)
    assert all(phone.get(s.get_absolute_url()).status_code == 404 for s in later)


def test_it_cannot_reach_another_leagues_session(night):
    other = make_session(make_league(make_user("someone")))
    phone = Client()
    phone.post(url("table-code", _table(round_sessions(night, 1)[0]).code))
    phone.session  # noqa: B018
    assert phone.get(other.get_absolute_url()).status_code == 404
    assert phone.post(url("record", other.pk), hand_data(other)).status_code == 403


def test_it_keeps_a_signed_in_phones_own_account(night):
    guest = make_user("visitor")
    phone = Client()
    phone.force_login(guest)
    one = round_sessions(night, 1)[0]
    phone.post(url("table-code", _table(one).code))
    assert int(phone.session["_auth_user_id"]) == guest.pk
    assert phone.post(url("record", one.pk), hand_data(one)).status_code in (200, 302)
    assert Hand.objects.filter(session=one).count() == 1


def test_it_gives_up_after_too_many_guesses(night, settings):
    phone = Client()
    for _attempt in range(31):
        phone.post(url("table-join"), {"code": "ZZZZZZ"})
    code = _table(round_sessions(night, 1)[0]).code
    assert phone.post(url("table-join"), {"code": code}).status_code == 404
