"""Check a whole hand on a phone (390×844): a Nap hand entered trick by trick in the referee's
form, judged as its notation is (the revoke and its proof shown), and an entry the engine
refuses, kept in the form with its fault in words. Screenshots on request
(tests/browser/support.py)."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import new_context, shot
from tests.browser.test_languages import OVERFLOW

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
NAP = "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0"


def enter(page, live_server, tricks, language):
    page.goto(f"{live_server.url}/referee/record/")
    page.click("#entry > summary")
    page.select_option("#entry-game", "nap")
    page.fill("#entry-players", "4")
    page.fill("#entry-declarer", "2")
    page.fill("#entry-contract", "three")
    page.fill("#entry-tricks", tricks)
    shot(page, f"referee-record-entry-{language}")
    page.click("#entry-form button[type=submit]")


@pytest.mark.parametrize("language", ["en", "th"])
def test_a_hand_entered_trick_by_trick_is_judged(browser, live_server, language):
    context = new_context(browser, locale=language, viewport=PHONE)
    page = context.new_page()
    try:
        enter(page, live_server, "♥A 5♥ H9 H2\nHK S3 DK D4\nHQ S9 H4 D9\nSA D7 S5 S8\n1", language)
        page.wait_for_url(f"**/referee/record/?r={NAP}")
        expect(page.locator("#record-ruling")).to_be_visible()
        expect(page.locator('a[href="#trick-3"]')).to_have_count(1)  # the revoke's proof
        assert page.evaluate(OVERFLOW)[0] <= PHONE["width"]
        shot(page, f"referee-record-entered-{language}")
    finally:
        context.close()


def test_an_entry_the_engine_refuses_stays_in_the_form(browser, live_server):
    context = new_context(browser, viewport=PHONE)
    page = context.new_page()
    try:
        enter(page, live_server, "HA H5 H9 H2\nHK S3 DK\n2", "en-refused")
        expect(page.locator("#record-problem")).to_contain_text("trick 2")
        expect(page.locator("#entry")).to_have_attribute("open", "")
        expect(page.locator("#entry-tricks")).to_have_value("HA H5 H9 H2\nHK S3 DK\n2")
        assert page.evaluate(OVERFLOW)[0] <= PHONE["width"]
        shot(page, "referee-record-refused")
    finally:
        context.close()
