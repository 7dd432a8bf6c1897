"""A phone whose table screen was drawn before another phone changed the table, in
Chromium at a phone's size: its Save is refused with what changed and the entry kept on
the same players, whether it was sent at once or waited in the outbox; a Save the
server already has is recognised by its key, whatever changed since."""

import json
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from scoring.models import Hand, Player
from tests.browser.support import log_in, shot
from tests.conftest import SHARED_CONNECTION
from tests.factories import PASSWORD, make_league, make_session, make_user, url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(live_server, page):
    host = make_user("host")
    league = make_league(host, members=[make_user("other")])
    log_in(page, live_server, "host", PASSWORD)
    return make_session(league, "taiwan")


def other_phone_seats_zoe_after_ann(session):
    # The other phone's request runs here, on the live server's database connection
    # (tests/conftest.py): it holds the connection for the whole of its transaction.
    with SHARED_CONNECTION:
        _seat_zoe(session)


def _seat_zoe(session):
    phone = Client()
    phone.login(username="other", password=PASSWORD)
    page = phone.get(url("players", session.pk)).content.decode()
    drawn = re.search(r'name="table_version" value="(\d+)"', page).group(1)
    data = {"action": "join", "name": "Zoe", "after": "0", "table_version": drawn}
    assert phone.post(url("players", session.pk), data).status_code == 302


def tap(page, name, value):
    page.click(f"input[name={name}][value='{value}']")


def enter_cat_with_dan(page):
    """Cat (the third place as drawn) declares three spades; Dan holds the ♥A."""
    tap(page, "declarer", 2)
    tap(page, "level", 3)
    tap(page, "trump", "S")
    tap(page, "called_suit", "H")
    tap(page, "called_rank", "A")
    tap(page, "partner", 3)
    tap(page, "points", 12)


def checked_name(page, field):
    return page.locator(f"input[name={field}]:checked + span").inner_text()


def stored_names():
    hand = Hand.objects.get()
    names = dict(Player.objects.values_list("pk", "name"))
    return names[hand.lineup[hand.declarer]], names[hand.lineup[hand.partner]]


def open_table(page, live_server, session):
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    page.wait_for_selector("#hand-form")


def test_a_save_after_another_phone_seated_someone_is_refused_and_kept(page, live_server, session):
    open_table(page, live_server, session)
    enter_cat_with_dan(page)
    other_phone_seats_zoe_after_ann(session)
    page.click("button[value=save]")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("the table changed after this page was opened")
    expect(alert).to_contain_text("Zoe sat down after Ann.")
    assert not Hand.objects.exists()
    # The entry is still there, on the same people, who now sit one place further on.
    assert (checked_name(page, "declarer"), checked_name(page, "partner")) == ("Cat", "Dan")
    shot(page, "table-changed", full_page=False)
    page.click("button[value=save]")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert stored_names() == ("Cat", "Dan")


def test_a_hand_kept_offline_is_refused_after_a_change_and_comes_back_with_its_key(
    page, live_server, session
):
    open_table(page, live_server, session)
    page.context.set_offline(True)
    enter_cat_with_dan(page)
    page.click("button[value=save]")
    expect(page.locator("#connection .outbox")).to_have_text("Waiting to send hand 1…")
    key = json.loads(page.evaluate("localStorage.getItem('napoleon:outbox')"))[0]["key"]
    other_phone_seats_zoe_after_ann(session)
    page.context.set_offline(False)  # sent, refused, given back; the page reloads
    expect(page.locator("#connection .notice")).to_contain_text("Zoe sat down after Ann.")
    assert not Hand.objects.exists()
    assert page.locator("input[name=key]").input_value() == key  # never a second key
    assert (checked_name(page, "declarer"), checked_name(page, "partner")) == ("Cat", "Dan")
    page.click("button[value=save]")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert stored_names() == ("Cat", "Dan")
    assert str(Hand.objects.get().key) == key


def test_a_save_stored_but_unheard_is_not_recorded_twice_after_a_change(page, live_server, session):
    open_table(page, live_server, session)
    enter_cat_with_dan(page)
    page.wait_for_selector("#preview table")
    calls = []

    def lose_the_answer(route):
        calls.append(1)
        if len(calls) == 1:
            route.fetch()  # stored ...
            other_phone_seats_zoe_after_ann(session)  # ... the table changes ...
            route.abort("connectionreset")  # ... and the phone never hears back
        else:
            route.continue_()

    page.route(f"**/sessions/{session.pk}/record/", lose_the_answer)
    page.click("button[value=save]")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert len(calls) == 2
    assert Hand.objects.count() == 1
    assert stored_names() == ("Cat", "Dan")
