"""A club night in Chromium: the director makes the night, checks a guest in and seats a
round at a desktop's size; a table's phone (390×844, no account) joins by the table's code
in one tap after typing it and records a hand; the board shows it; the TV page, opened
by its link at 1920×1080 in a browser nobody signed in on, reads across a room, and says
so once the director replaces its link."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Entrant, EventTable, GameSession, Hand, League, Membership, Player
from tests.browser.support import log_in, new_context, patient, shot

PASSWORD = "a-long-test-password"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def director(browser, live_server):
    user = User.objects.create_user("director", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    page = patient(context.new_page())
    log_in(page, live_server, "director", PASSWORD)
    yield page, league
    context.close()


def _make_night(page, live_server, league):
    page.goto(f"{live_server.url}/leagues/{league.pk}/nights/")
    page.fill("input[name=name]", "November club night")
    page.check("input[name=round_end][value=hands]")
    page.fill("input[name=rounds]", "3")
    page.click("main button[type=submit].primary")
    expect(page.locator("h1")).to_contain_text("November club night")


def _join_and_record(browser, live_server, code):
    context = new_context(browser, viewport={"width": 390, "height": 844})
    phone = patient(context.new_page())
    try:
        phone.goto(f"{live_server.url}/t/")
        phone.fill("input[name=code]", code.lower())
        phone.click("main button[type=submit]")  # the one tap that joins
        phone.wait_for_selector("#hand-form")
        shot(phone, "club-night-phone-table", full_page=False)
        for name, value in (("declarer", "0"), ("level", "3"), ("trump", "S"), ("partner", "1")):
            phone.click(f"input[name={name}][value='{value}']")
        phone.wait_for_selector("#preview .deltas")
        phone.click("button[value=save]")
        phone.wait_for_selector("#record h2:has-text('2')")
    finally:
        context.close()


def test_a_director_seats_a_round_and_a_phone_joins_by_code(browser, live_server, director):
    page, league = director
    _make_night(page, live_server, league)
    event = league.events.get()
    for number in range(9):
        player = Player.objects.create(league=league, name=f"Player {number + 1}")
        Entrant.objects.create(event=event, player=player)
    page.reload()
    page.fill("input[name=name]", "Guest Gwen")
    page.click("form.night-check-in button[type=submit]")
    expect(page.locator(".night-entrants")).to_contain_text("Guest Gwen")
    page.check("input[name=method][value=fresh]")
    page.click("form.night-seat button[type=submit]")
    expect(page.locator("h1")).to_contain_text("Director's board")
    expect(page.locator(".night-board > li")).to_have_count(2)
    shot(page, "club-night-board")
    table = EventTable.objects.select_related("session").get(round__event=event, number=1)
    _join_and_record(browser, live_server, table.code)
    assert Hand.objects.filter(session=table.session).count() == 1
    page.reload()
    first = page.locator("#table-1")
    expect(first).to_contain_text("1 of 5 hands")
    shot(page, "club-night-board-after")
    _tv_by_its_link(browser, page)
    assert not GameSession.objects.filter(ended_at__isnull=False).exists()
    _correct_then_seat_the_next_round(page, table, f"{live_server.url}/nights/{event.pk}/board/")


def _tv_by_its_link(browser, page):
    """The room's screen opens the board's TV link in a browser nobody signed in on;
    once the director makes a new link, the screen says so and stops asking."""
    link = page.get_by_label("TV link", exact=True).input_value()
    context = new_context(browser, viewport={"width": 1920, "height": 1080})
    tv = patient(context.new_page())
    try:
        tv.goto(link)
        expect(tv.locator(".night-clock")).to_contain_text("Round 1 of 3")
        expect(tv.locator(".night-tv-rows li")).to_have_count(10)
        size = tv.locator(".night-tv-rows li").first.evaluate("e => getComputedStyle(e).fontSize")
        assert float(size.removesuffix("px")) >= 36  # readable three metres off
        shot(tv, "club-night-tv", full_page=False)
        page.get_by_role("button", name="New link").click()
        expect(page.get_by_text("A new TV link is ready.")).to_be_visible()
        # The screen's next poll (every 15 s) brings the note, however late a busy machine
        # answers it (the page is patient); it asks no more after it.
        note = tv.get_by_role("alert")
        expect(note).to_contain_text("This TV link does not work")
        expect(tv.locator("#night-tv[hx-get]")).to_have_count(0)
        expect(tv.locator(".night-tv-rows li")).to_have_count(10)
    finally:
        context.close()


def _correct_then_seat_the_next_round(page, table, board):
    """The director cancels table 1's hand through the table's own pages, closes the
    round and seats the next."""
    page.locator("#table-1").get_by_text("Correct or cancel a hand").click()
    page.click("a[href$='/hands/1/edit/']")
    page.get_by_text("Delete this hand").click()
    page.click("main button[type=submit].primary")
    expect(page.get_by_text("Hand 1 deleted")).to_be_visible()
    assert not Hand.objects.filter(session=table.session).exists()
    page.goto(board)
    expect(page.locator("#table-1")).to_contain_text("0 of 5 hands")
    page.get_by_role("button", name="Close round 1").click()
    expect(page.locator("h2#rounds")).to_be_visible()
    page.get_by_role("button", name="Seat round 2").click()
    expect(page.locator("#night-board h2")).to_contain_text("Round 2 of 3")
    shot(page, "club-night-board-round-2")


NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_every_page_of_the_night_fits_a_phone_without_javascript(browser, live_server):
    user = User.objects.create_user("director", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = patient(context.new_page())
    try:
        log_in(page, live_server, "director", PASSWORD)
        _make_night(page, live_server, league)
        event = league.events.get()
        for number in range(10):
            page.fill("input[name=name]", f"Player with a long name {number + 1}")
            page.click("form.night-check-in button[type=submit]")
        page.click("form.night-seat button[type=submit]")
        expect(page.locator(".night-board > li")).to_have_count(2)
        assert Entrant.objects.filter(event=event).count() == 10
        for path in ("", "board/", "tv/", "print/"):
            page.goto(f"{live_server.url}/nights/{event.pk}/{path}")
            assert page.evaluate(NO_OVERFLOW), path
            shot(page, f"club-night-phone-{path.strip('/') or 'event'}")
        event.refresh_from_db()
        page.goto(f"{live_server.url}/tv/{event.tv_token}/")
        assert page.evaluate(NO_OVERFLOW), "the TV link"
    finally:
        context.close()
