"""The quick count under Taiwan's ``discards_to: target`` on a 390×844 phone: the napoleon's
discarded point cards are a tap each beside the count, the preview names the raised
target, a hand without them costs no extra tap, and the card grid still fits one screen."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import League, Membership
from tests.browser.support import log_in, new_context, shot
from tests.browser.test_referee import ruling, settle
from tests.browser.test_table import PASSWORD, REACHABLE, Taps, open_table
from tests.factories import make_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["陳大文", "陳小明", "歐陽志明", "司馬長風", "黃淑芬"]
CONTRACT = (("declarer", "0"), ("level", "3"), ("trump", "S"), ("partner", "1"))


@pytest.fixture
def table(browser, live_server):
    """A Taiwan table in Traditional Chinese whose discarded point cards raise the target."""
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="週五牌局")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, "taiwan", names=NAMES, options={"discards_to": "target"})
    context = browser.new_context(locale="zh-hant", viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    open_table(page, live_server, session)
    yield session, page
    context.close()


def save(taps: Taps, next_hand: int) -> None:
    """Save, and wait for the next hand's form (the heading's words are the table's
    language's)."""
    taps.on("button[value=save]")
    taps.page.wait_for_selector(f"#hand-form[data-hand-number='{next_hand}']")


def test_it_records_a_quick_count_with_two_discarded_point_cards(table):
    session, page = table
    taps = Taps(page)
    for name, value in CONTRACT:
        taps.chip(name, value)
    expect(page.locator("#preview")).to_contain_text("11（目標 11）")
    taps.chip("points", "9")
    for code in ("SA", "HK"):  # in sight beside the count: no swipe
        taps.chip("discards", code)
    expect(page.locator("#preview")).to_contain_text("9（棄了 2 張點數牌，目標 13）")
    preview = page.locator("#preview").bounding_box()
    assert preview["y"] >= 0 and preview["y"] + preview["height"] <= 844
    shot(page, "target-discards-zh-hant", full_page=False)
    save(taps, 2)
    assert taps.count == 4 + 1 + 2 + 1  # the contract, the count, two cards, Save
    hand = session.hands.get()
    assert (hand.discards, hand.points, hand.target, hand.made) == (["SA", "HK"], 9, 13, False)
    # The next hand opens with nothing ticked: one without discarded point cards costs
    # the same taps as at any other table.
    expect(page.locator("input[name=discards]:checked")).to_have_count(0)
    for name, value in CONTRACT:
        taps.chip(name, value)
    expect(page.locator("#preview")).to_contain_text("11（目標 11）")
    save(taps, 3)
    assert taps.count == 8 + 4 + 1
    assert session.hands.get(number=2).discards == []


def test_it_fits_the_card_grid_without_the_picker(table):
    session, page = table
    taps = Taps(page)
    for name, value in CONTRACT:
        taps.chip(name, value)
    taps.on("button.mode-toggle")
    expect(page.locator("#f-discards")).to_be_hidden()  # the grid has its own discards
    tiles = page.locator(".tile .tt")
    expect(tiles).to_have_count(16)
    for code in ("CA", "CK", "CQ", "CJ", "DJ"):
        taps.on(f".tile[data-card='{code}'] .tt")
    expect(page.locator("#preview .verdict")).to_contain_text("11（目標 11）")
    for element in [*tiles.all(), page.locator(".sides input").first]:
        assert element.evaluate(REACHABLE)
    preview = page.locator("#preview").bounding_box()
    assert preview["y"] >= 0 and preview["y"] + preview["height"] <= 844
    shot(page, "target-discards-grid-zh-hant", full_page=False)
    save(taps, 2)
    assert session.hands.get().mode == "cards"


# ---- the referee's score tool -------------------------------------------------------------

REFEREE = "/referee/score/?v=taiwan&n=5&d=0&x=3S&f=1&r=9&o.discards_to=target"


def test_it_rules_on_the_discards_ticked_in_the_referees_score_tool(live_server, page):
    page.goto(f"{live_server.url}{REFEREE}")
    assert "9 points against a target of 11" in ruling(page)
    for code in ("SA", "HK"):
        page.locator(f"#field-dc input[value={code}]").click()
        settle(page)
    text = ruling(page)
    assert "9 points against a target of 13" in text
    assert "2 point cards were discarded, which raises the target to 13 (house rule)" in text
    assert "dc=SA.HK" in page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "referee-target-discards", full_page=False)


def test_it_rules_on_the_discards_without_javascript(live_server, browser):
    context = new_context(
        browser, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.goto(f"{live_server.url}{REFEREE}")
    for code in ("SA", "HK"):
        page.locator(f"#field-dc input[value={code}]").check()
    page.get_by_role("button", name="Show the ruling").click()
    page.wait_for_load_state()
    assert "9 points against a target of 13" in ruling(page)
    assert "dc=SA.HK" in page.url
    context.close()
