"""The table screen's extras at a phone's size (390×844): the Mighty's deal miss, online
and through the outbox; who sits a hand out, kept by Clear and named at once when tapped
for a part in the hand; and the switch that keeps the screen on."""

import json

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import GameSession, Hand
from tests.browser.support import new_context, shot
from tests.browser.test_table import Taps, member, open_table  # noqa: F401
from tests.factories import make_session
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIGHTY = ["Jin", "Min", "Soo", "Hyun", "Woo"]
SIX = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo"]

# A stand-in for the Screen Wake Lock API that counts what the page asks of it (a
# headless browser may refuse the real one), installed before the page's own scripts.
FAKE_WAKE_LOCK = """
window.locks = { asked: 0, released: 0, held: null };
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request(type) {
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.release = () => {
      window.locks.released += 1;
      window.locks.held = null;
      sentinel.dispatchEvent(new Event("release"));
      return Promise.resolve();
    };
    window.locks.asked += 1;
    window.locks.held = sentinel;
    return Promise.resolve(sentinel);
  },
} });
"""


def locks(page) -> dict:
    return page.evaluate("({asked: window.locks.asked, released: window.locks.released})")


def test_a_deal_miss_is_two_taps_and_its_caller_deals_next(page, live_server, member):  # noqa: F811
    session = make_session(member, "mighty", names=MIGHTY, options={"deal_miss": "on"})
    open_table(page, live_server, session)
    taps = Taps(page)
    taps.chip("declarer", "2")  # Soo calls it
    shot(page, "deal-miss-called", full_page=False)
    taps.save("dealmiss")
    assert taps.count == 2
    hand = Hand.objects.get()
    assert (hand.status, hand.deal_miss_by) == (Hand.DEAL_MISS, 2)
    expect(page.locator("#deal")).to_contain_text("Soo deals")
    expect(page.locator("#hand-1")).to_contain_text("deal miss · Soo")
    assert page.locator("#board .total").all_inner_texts() == ["0"] * 5
    shot(page, "deal-miss-saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_deal_miss_without_its_caller_says_who_to_tap(page, live_server, member):  # noqa: F811
    session = make_session(member, "mighty", names=MIGHTY, options={"deal_miss": "on"})
    open_table(page, live_server, session)
    page.click("button[value=dealmiss]")
    expect(page.locator("#record")).to_contain_text(
        "Who called the deal miss? Tap their name under Declarer, then Deal miss."
    )
    assert not Hand.objects.exists()


def test_a_deal_miss_made_offline_is_sent_once_the_connection_returns(page, live_server, member):  # noqa: F811
    session = make_session(member, "mighty", names=MIGHTY, options={"deal_miss": "on"})
    open_table(page, live_server, session)
    page.click("input[name=declarer][value='4']")
    page.context.set_offline(True)
    page.click("button[value=dealmiss]")
    expect(page.locator("#hand-form .waiting-line")).to_have_text("Waiting to send hand 1…")
    waiting = json.loads(page.evaluate("localStorage.getItem('napoleon:outbox') || '[]'"))
    assert ["action", "dealmiss"] in waiting[0]["fields"]
    assert not Hand.objects.exists()
    page.context.set_offline(False)
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    hand = Hand.objects.get()
    assert (hand.status, hand.deal_miss_by) == (Hand.DEAL_MISS, 4)
    expect(page.locator("#deal")).to_contain_text("Woo deals")


def test_who_sits_out_is_named_at_once_and_kept_by_clear(page, live_server, member):  # noqa: F811
    session = make_session(member, "taiwan", names=SIX)
    GameSession.objects.filter(pk=session.pk).update(players_per_hand=5)
    open_table(page, live_server, session)
    page.click("input[name=out][value='4']")  # Ed sits this hand out
    sitter = page.locator(".chips.seats:not(.out) input[name=declarer][value='4']")
    expect(sitter.locator("xpath=..")).to_have_class("chip sits-out")
    page.click("input[name=declarer][value='4']")
    expect(page.locator("#preview")).to_contain_text("Ed sits this hand out.")  # before Save
    shot(page, "sit-out-hint", full_page=False)
    page.click("input[name=declarer][value='0']")
    page.click("input[name=partner][value='4']")
    expect(page.locator("#preview")).to_contain_text("Ed sits this hand out.")
    page.click("button.clear")
    expect(page.locator("input[name=out][value='4']")).to_be_checked()  # still lit
    assert page.locator("input[name=declarer]:checked, input[name=partner]:checked").count() == 0
    expect(sitter.locator("xpath=..")).to_have_class("chip sits-out")


def test_the_screen_stays_on_until_the_switch_turns_it_off(page, live_server, member):  # noqa: F811
    session = make_session(member, "taiwan", names=SIX[:5])
    page.add_init_script(FAKE_WAKE_LOCK)
    open_table(page, live_server, session)
    switch = page.locator("#keep-awake")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "true")
    wait_until(lambda: locks(page) == {"asked": 1, "released": 0}, "the lock taken")
    # The browser lets the lock go when the page is hidden; shown again, it is taken again.
    page.evaluate("window.locks.held.release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_until(lambda: locks(page) == {"asked": 2, "released": 1}, "the lock taken again")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    wait_until(lambda: locks(page)["released"] == 2, "the lock let go")
    page.reload()  # remembered on this phone: off stays off
    expect(page.locator("#keep-awake")).to_have_attribute("aria-pressed", "false")
    assert locks(page) == {"asked": 0, "released": 0}
    page.locator("#keep-awake").click()
    wait_until(lambda: locks(page)["asked"] == 1, "the lock taken when turned on")


def test_the_switch_is_hidden_where_the_browser_cannot_keep_the_screen_on(
    page,
    live_server,
    member,  # noqa: F811
):
    session = make_session(member, "taiwan", names=SIX[:5])
    page.add_init_script("Object.defineProperty(navigator, 'wakeLock', {value: undefined})")
    open_table(page, live_server, session)
    expect(page.locator("#keep-awake")).to_be_hidden()


def in_language(browser, page, language):
    """The same signed-in phone, reading the table in ``language``."""
    context = new_context(browser, locale=language, viewport={"width": 390, "height": 844})
    context.add_cookies(page.context.cookies())
    return context, context.new_page()


def test_a_korean_mighty_table_records_a_deal_miss_in_its_words(browser, page, live_server, member):  # noqa: F811
    names = ["김민준", "김민지", "남궁민수", "박지훈", "선우예린"]
    session = make_session(member, "mighty", names=names, options={"deal_miss": "on"})
    context, phone = in_language(browser, page, "ko")
    try:
        open_table(phone, live_server, session)
        with translation.override("ko"):
            button = translation.gettext("Deal miss")
        expect(phone.locator("button[value=dealmiss]")).to_have_text(button)
        taps = Taps(phone)
        taps.chip("declarer", "3")  # 박지훈 calls it
        taps.on("button[value=dealmiss]")
        phone.wait_for_selector("#hand-form[data-hand-number='2']")
        assert taps.count == 2
        assert Hand.objects.get().deal_miss_by == 3
        expect(phone.locator("#deal")).to_contain_text("박지훈")
        expect(phone.locator("#hand-1")).to_contain_text("박지훈")
        shot(phone, "deal-miss-ko", full_page=False)
    finally:
        context.close()


def test_a_thai_table_names_who_sits_out_in_its_words(browser, page, live_server, member):  # noqa: F811
    # Six friends reading Thai at a five-player game (Taiwan's: Thai Napoleon seats five only).
    names = ["สมชาย", "สมชัย", "ประเสริฐศักดิ์", "วิไลวรรณ", "สมศักดิ์", "นภาพร"]
    session = make_session(member, "taiwan", names=names)
    GameSession.objects.filter(pk=session.pk).update(players_per_hand=5)
    context, phone = in_language(browser, page, "th")
    try:
        open_table(phone, live_server, session)
        phone.click("input[name=out][value='4']")  # สมศักดิ์ sits this hand out
        phone.click("input[name=declarer][value='4']")
        with translation.override("th"):
            hint = translation.gettext("%(name)s sits this hand out.") % {"name": names[4]}
        expect(phone.locator("#preview")).to_contain_text(hint)  # before Save
        shot(phone, "sit-out-hint-th", full_page=False)
        phone.click("button.clear")
        expect(phone.locator("input[name=out][value='4']")).to_be_checked()  # still lit
    finally:
        context.close()
