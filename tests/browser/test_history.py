"""The league history in Chromium at a phone's size (390×844): the league page, a
player page and a session's chart, in light and dark (with screenshots to look at, when
NAPOLEON_SCREENSHOTS asks for them)."""

import pytest
from django.contrib.auth.models import User

from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession, Player
from tests.browser import support
from tests.browser.support import log_in

PASSWORD = "a-long-test-password"
WIDTH = 390

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def league(live_server, page):
    user = User.objects.create_user("keeper", password=PASSWORD)
    made = generate_league(
        240, name="Friday club", seed=11, variants=("taiwan", "mighty"), owner=user, pool_size=40
    )
    log_in(page, live_server, "keeper", PASSWORD)
    return made


def shot(page, name):
    """The whole page, and its first screen (where the jump list is) on its own."""
    support.shot(page, name)
    support.shot(page, f"{name}-top", full_page=False)


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
    tall_enough(page, "main a, main button")  # the sessions' titles too
    jumps_land(page)
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
    # A date no table can mean (a link typed by hand): said plainly, all time shown.
    page.goto(f"{live_server.url}/leagues/{league.pk}/?to=9999-12-31")
    error = page.locator("details.dates .errorlist")
    assert error.is_visible() and "Choose dates from 1900 to 2200." in error.inner_text()
    assert "All time" in page.locator("#standings").inner_text()
    assert page.locator("#period-to").get_attribute("max") == "2200-12-31"
    fits_the_phone(page)
    support.shot(page.locator("details.dates"), "history-league-bad-date")


def test_a_player_page_on_a_phone(page, live_server, league):
    player = Player.objects.filter(league=league).order_by("pk").first()
    page.goto(f"{live_server.url}/players/{player.pk}/")
    assert page.locator("h1").inner_text().startswith(player.name)
    charts = page.locator("svg.chart")
    assert charts.count() == 4  # score and rating, for each of the two games
    for box in charts.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)"):
        assert box <= WIDTH
    assert page.locator("table.bids").count() >= 2
    tall_enough(page, "main a, main button")  # the Rating links too
    jumps_land(page)
    assert min(rendered_text_sizes(charts.first)) >= 12
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


def jumps_land(page):
    """Every link of the page's jump list leads to an element of the page."""
    targets = page.locator("nav.jump a").evaluate_all("els => els.map(e => e.hash)")
    assert len(targets) >= 2
    for target in targets:
        assert page.locator(target).count() == 1, target


def rendered_text_sizes(chart):
    """Each text's font size as drawn: its size in the chart's units times the chart's scale."""
    return chart.evaluate(
        """svg => {
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll("text")].map(
                t => parseFloat(getComputedStyle(t).fontSize) * scale);
        }"""
    )


@pytest.fixture
def short_session(live_server, page):
    """Two hands of Taiwan Napoleon won by Ann and Ben, so the three defenders' running
    totals are equal all the way, and a third hand undone."""
    from scoring.table.recording import undo_last
    from tests.factories import make_league, make_session, play

    user = User.objects.create_user("scorer", password=PASSWORD)
    session = make_session(make_league(user))
    for _hand in range(3):
        play(session)
    undo_last(session, 3, user=user)
    log_in(page, live_server, "scorer", PASSWORD)
    return session


def test_a_two_hand_chart_on_a_phone(page, live_server, short_session):
    page.goto(f"{live_server.url}/sessions/{short_session.pk}/review/")
    chart = page.locator("svg.chart")
    support.shot(chart, "history-session-short-chart")
    # Hands come in ones: no half hands on the axis.
    assert chart.locator("text.tick[text-anchor=middle]").all_text_contents() == ["0", "1", "2"]
    assert min(rendered_text_sizes(chart)) >= 12
    # Cat, Dan and Eve share every total, yet each line shows: its last marker's centre
    # is the topmost thing there.
    on_top = chart.evaluate(
        """svg => [...svg.querySelectorAll("polyline")].map(line => {
            const marks = svg.querySelectorAll(".mark." + line.classList[1]);
            const box = marks[marks.length - 1].getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return hit.classList.contains(line.classList[1]);
        })"""
    )
    assert on_top == [True] * 5
    # Five players' columns fit the phone; a wider table shows a shadow at its edge.
    scroller = page.locator(".scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")
    background = scroller.evaluate("e => getComputedStyle(e).backgroundAttachment")
    assert "local" in background and "scroll" in background
    tall_enough(page, "main a, main button")
    fits_the_phone(page)
    shot(page, "history-session-short-page")


def test_the_hand_history_on_a_phone(page, live_server, short_session):
    page.goto(f"{live_server.url}/sessions/{short_session.pk}/history/")
    entry = page.locator(".event").first
    assert "Hand 3" in entry.locator("summary").inner_text()
    # The undone hand's Restore shows without opening anything, and each summary keeps its
    # disclosure triangle and reads as text, not as squeezed columns.
    assert entry.locator("button", has_text="Restore hand 3").is_visible()
    assert entry.locator("details").get_attribute("open") is None
    summary = entry.locator("summary")
    assert summary.evaluate("e => getComputedStyle(e).display") == "list-item"
    assert summary.bounding_box()["height"] <= 80  # at most two lines
    tall_enough(page, "main a, main button, main summary")
    fits_the_phone(page)
    shot(page, "history-hand-events")
    entry.locator("button", has_text="Restore hand 3").click()
    page.wait_for_url(f"**/sessions/{short_session.pk}/hands/")
