"""The same table again, back to the game, players as people, and the look, in Chromium
at a phone's size: a rematch in one tap, the Continue card, an invitation from the
owner's link to the invited person's Me page, the colours chosen by hand (kept through a
reload and on another phone, and clean under axe), and a new version of the app offered
with a reload."""

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import GameSession, League, Membership, Player
from scoring.pwa import views
from tests.browser.support import log_in, shot
from tests.browser.test_accessibility import axe, serious
from tests.browser.test_accessibility import context as a11y_context
from tests.factories import make_session, play

PASSWORD = "a-long-test-password"
DARK_BACKGROUND = "rgb(18, 20, 18)"
LIGHT_BACKGROUND = "rgb(246, 244, 239)"
BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def league(live_server, page):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    log_in(page, live_server, "host", PASSWORD)
    return league


def board_names(page):
    """The scoreboard's names in seat order (without the dealer's badge)."""
    return page.locator("#board .name").evaluate_all(
        "(names) => names.map((n) => n.firstChild.textContent.trim())"
    )


def test_a_rematch_from_a_recent_lineup_in_one_tap(page, live_server, league):
    names = ["Ann", "Bo", "Cy", "Dee", "Ed"]
    source = make_session(
        league, "taiwan", names=names, options={"score_table": "hongkong"}, stake=Decimal("0.50")
    )
    play(source)
    GameSession.objects.filter(pk=source.pk).update(ended_at=timezone.now())
    page.goto(f"{live_server.url}/")
    page.click(f"a[href='/leagues/{league.pk}/sessions/new/']")
    lineup = page.locator("button.lineup").first
    expect(lineup).to_contain_text("Ann")
    expect(lineup).to_contain_text("Score table: Hong Kong table")
    assert lineup.bounding_box()["y"] + lineup.bounding_box()["height"] < 844  # in sight
    shot(page, "people-lineups", full_page=False)

    lineup.click()  # the one tap
    page.wait_for_selector("#hand-form")
    again = GameSession.objects.exclude(pk=source.pk).get()
    assert page.url == f"{live_server.url}{again.get_absolute_url()}"
    assert board_names(page) == names
    assert (again.variant, again.options, again.stake) == ("taiwan", source.options, source.stake)
    assert [s.player_id for s in again.seat_list] == [s.player_id for s in source.seat_list]
    shot(page, "people-rematch-table", full_page=False)


def test_the_continue_card_leads_back_to_the_table(page, live_server, league):
    session = make_session(league, "taiwan", names=["Ann", "Bo", "Cy", "Dee", "Ed"])
    GameSession.objects.filter(pk=session.pk).update(date=timezone.localdate())
    play(session)
    older = make_session(league, "nap", names=["Ann", "Bo", "Cy", "Dee"])
    GameSession.objects.filter(pk=older.pk).update(
        date=timezone.localdate() - datetime.timedelta(days=9)
    )
    page.goto(f"{live_server.url}/")
    card = page.locator("section.continue")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Taiwan Napoleon")
    expect(card.locator(".mini-board li").first).to_have_text(re.compile(r"Ann\s+\+120"))
    expect(page.locator(".recent-sessions .badge.unfinished")).to_have_count(1)
    box = card.locator("a.button").bounding_box()
    assert box["y"] + box["height"] < 844  # Continue is on the first screen
    shot(page, "people-continue-home", full_page=False)
    card.locator("a.button").click()
    page.wait_for_selector("#hand-form")
    assert page.url.endswith(session.get_absolute_url())

    page.goto(f"{live_server.url}{league.get_absolute_url()}")
    expect(page.locator("section.continue")).to_contain_text("+120")
    expect(page.locator(".session .badge.live")).to_have_count(1)
    shot(page, "people-continue-league", full_page=False)


def test_an_invitation_from_the_owners_link_to_the_persons_me_page(
    page, live_server, league, browser, browser_context_args
):
    session = make_session(league, "taiwan", names=["Ann", "Bo", "Cy", "Dee", "Ed"])
    play(session)
    User.objects.create_user("annie", password=PASSWORD)
    page.goto(f"{live_server.url}{league.get_absolute_url()}")
    page.click("text=Invite players to link their accounts")
    page.click("button:has-text('Invite Ann')")
    link = page.locator("input.share-link").input_value()
    expect(page.locator(".person .code strong")).to_have_text(re.compile(r"^\w{4}-\w{4}-\w{4}$"))
    shot(page, "people-invite")

    phone = a11y_context(browser, browser_context_args, "light").new_page()
    phone.goto(link)
    phone.click("main a:has-text('Log in')")
    phone.fill("input[name=username]", "annie")
    phone.fill("input[name=password]", PASSWORD)
    phone.click("main button[type=submit]")
    phone.wait_for_url(link)
    shot(phone, "people-invitation")
    assert not serious(axe(phone)), "the invitation, signed in"
    phone.click("button:has-text('Accept: I am Ann')")
    phone.wait_for_url(f"{live_server.url}/me/")
    expect(phone.locator(".messages")).to_contain_text("You are Ann in Friday club now.")
    expect(phone.locator("table.my-figures tbody tr")).to_have_text(
        re.compile(r"Taiwan Napoleon\s*1\s*1\s*100%\s*\+120")
    )
    shot(phone, "people-me")
    assert not serious(axe(phone)), "the Me page with a linked player"
    assert Player.objects.get(name="Ann").user.username == "annie"
    phone.context.close()


def test_the_colours_chosen_survive_a_reload_and_another_phone(
    live_server, league, browser, browser_context_args
):
    make_session(league, "taiwan")
    # Contexts that let axe in past the Content-Security-Policy (as the page walk does).
    page = a11y_context(browser, browser_context_args, "light").new_page()
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/")
    assert page.evaluate(BACKGROUND) == LIGHT_BACKGROUND  # the phone's light, by default
    page.click(".theme-switch button[value=dark]")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    response = page.reload()
    assert 'data-theme="dark"' in response.text()  # in the first paint, from the server
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    expect(page.locator(".theme-switch button[value=dark]")).to_have_attribute(
        "aria-pressed", "true"
    )
    shot(page, "people-dark-by-hand")
    for path in ["/", f"/leagues/{league.pk}/sessions/new/", "/me/", f"/leagues/{league.pk}/"]:
        page.goto(f"{live_server.url}{path}")
        found = serious(axe(page))
        assert not found, f"{path} in dark by hand: {found}"

    other = a11y_context(browser, browser_context_args, "light").new_page()
    log_in(other, live_server, "host", PASSWORD)
    other.goto(f"{live_server.url}/")
    expect(other.locator("html")).to_have_attribute("data-theme", "dark")
    assert other.evaluate(BACKGROUND) == DARK_BACKGROUND

    # Light by hand on a phone set to dark.
    other.emulate_media(color_scheme="dark")
    other.click(".theme-switch button[value=light]")
    expect(other.locator("html")).to_have_attribute("data-theme", "light")
    assert other.evaluate(BACKGROUND) == LIGHT_BACKGROUND
    found = serious(axe(other))
    assert not found, f"light by hand on a dark phone: {found}"
    other.click(".theme-switch button[value=auto]")
    expect(other.locator("html")).not_to_have_attribute("data-theme", re.compile("."))
    assert other.evaluate(BACKGROUND) == DARK_BACKGROUND
    other.context.close()
    page.context.close()


def test_a_new_version_of_the_app_is_offered_with_a_reload(page, live_server, league, monkeypatch):
    page.goto(f"{live_server.url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    expect(page.locator("#update")).to_be_hidden()  # the first worker needs no prompt

    current = views._cached_worker()
    newer = current.replace(b'"version": "', b'"version": "next-', 1)
    assert newer != current
    monkeypatch.setattr(views, "_cached_worker", lambda: newer)
    # The phone comes back to the screen: the page looks for a new version.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#update")).to_be_visible()
    expect(page.locator("#update")).to_contain_text("A new version of the app is ready.")
    shot(page, "people-update", full_page=False)

    page.evaluate("window.beforeReload = true")
    page.click("#update button")
    page.wait_for_function("() => window.beforeReload === undefined")  # a new page
    page.wait_for_load_state()
    expect(page.locator("#update")).to_be_hidden()
    # The new version took over: nothing waits, and the old version's files are gone.
    registration = "(await navigator.serviceWorker.getRegistration())"
    assert page.evaluate(f"async () => {registration}.waiting === null")
    caches = page.evaluate("async () => await caches.keys()")
    statics = [name for name in caches if name.startswith("napoleon-static-")]
    assert len(statics) == 1 and statics[0].startswith("napoleon-static-next-"), caches


def test_the_continue_card_names_seven_players_whole(page, live_server, league):
    names = [
        "Jean-Christophe",
        "Christine",
        "Christophe",
        "Marie-Hélène",
        "陳大文",
        "陳小明",
        "สมชาย",
    ]
    session = make_session(league, "japanese", names=names)
    GameSession.objects.filter(pk=session.pk).update(date=timezone.localdate())
    page.goto(f"{live_server.url}/")
    boxes = page.locator("section.continue .mini-board .name")
    expect(boxes).to_have_count(7)
    shown = boxes.evaluate_all(
        "(spans) => spans.map((s) => [s.textContent.trim(), s.scrollWidth <= s.clientWidth + 1])"
    )
    assert shown == [[name, True] for name in names]  # each whole: Christine is not "Chr…"
    shot(page, "people-continue-seven", full_page=False)
