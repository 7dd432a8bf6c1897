"""The league history in Chromium at a phone's size (390×844): the league page, a
player page and a session's chart, in light and dark, with screenshots to look at."""

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from scoring.history.synthetic import generate_league
from scoring.models import GameSession, Player

SHOTS = Path(__file__).parent / "screenshots"
PASSWORD = "a-long-test-password"
WIDTH = 390

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def league(live_server, page):
    user = User.objects.create_user("keeper", password=PASSWORD)
    made = generate_league(
        240, name="Friday club", seed=11, variants=("taiwan", "mighty"), owner=user, pool_size=40
    )
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "keeper")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url(f"{live_server.url}/")
    return made


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def tall_enough(page, selector):
    """Every element matched is a tap target at least 44px tall."""
    heights = page.locator(selector).evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44, heights


def test_the_league_page_on_a_phone(page, live_server, league):
    page.goto(f"{live_server.url}/leagues/{league.pk}/")
    assert page.locator("h3", has_text="Taiwan Napoleon").first.is_visible()
    assert page.locator("h3", has_text="The Mighty").first.is_visible()
    assert page.locator(".standings").count() == 2
    assert page.locator(".ratings svg.spark").count() >= 10
    fits_the_phone(page)
    tall_enough(page, ".periods a")
    tall_enough(page, ".session a.button")
    shot(page, "history-league")
    # A year chip narrows the page and marks itself as the one shown.
    page.click(".periods a:text-is('2016')")
    page.wait_for_url("**/?year=2016")
    assert page.locator(".periods a[aria-current=page]").first.inner_text() == "2016"
    assert "2016" in page.locator("#standings").inner_text()
    # Any two dates, without JavaScript: the form is a plain GET.
    page.click("details.dates summary")
    page.fill("#period-from", "2016-02-01")
    page.fill("#period-to", "2016-03-31")
    page.click("details.dates button[type=submit]")
    page.wait_for_url("**/?from=2016-02-01&to=2016-03-31")
    assert "2016-02-01 to 2016-03-31" in page.locator("#standings").inner_text()
    fits_the_phone(page)
    shot(page, "history-league-range")


def test_a_player_page_on_a_phone(page, live_server, league):
    player = Player.objects.filter(league=league).order_by("pk").first()
    page.goto(f"{live_server.url}/players/{player.pk}/")
    assert page.locator("h1").inner_text().startswith(player.name)
    charts = page.locator("svg.chart")
    assert charts.count() == 4  # score and rating, for each of the two games
    for box in charts.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)"):
        assert box <= WIDTH
    assert page.locator("table.bids").count() >= 2
    fits_the_phone(page)
    shot(page, "history-player")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_session_chart_on_a_phone(page, live_server, league, scheme):
    page.emulate_media(color_scheme=scheme)
    session = GameSession.objects.filter(league=league).order_by("-date", "-pk").first()
    page.goto(f"{live_server.url}/sessions/{session.pk}/review/")
    chart = page.locator("svg.chart")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["width"] >= 300 and box["x"] + box["width"] <= WIDTH
    names = [seat.player.name for seat in session.seat_list]
    labels = chart.locator("text.label").all_text_contents()
    assert sorted(labels) == sorted(names)
    assert chart.locator("polyline").count() == len(names)
    # Lines differ in colour: each series' stroke is its own.
    strokes = chart.locator("polyline").evaluate_all(
        "els => els.map(e => getComputedStyle(e).stroke)"
    )
    assert len(set(strokes)) == len(names)
    assert page.locator(".legend li").count() == len(names)
    fits_the_phone(page)
    shot(page, f"history-session-{scheme}")
