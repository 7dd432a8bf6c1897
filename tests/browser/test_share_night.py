"""Share the night from the final standings at a phone's size: the phone's share sheet
where there is one, a copy to paste where there is none, and the plain text without
JavaScript."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import new_context, shot
from tests.browser.test_table import member  # noqa: F401
from tests.factories import make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Stand-ins for the share sheet and the clipboard that keep what they were given.
FAKE_SHARE = """
window.given = [];
navigator.share = (data) => { window.given.push(data.text); return Promise.resolve(); };
"""
FAKE_CLIPBOARD = """
window.given = [];
Object.defineProperty(navigator, "share", { value: undefined });
Object.defineProperty(navigator, "clipboard", { value: {
  writeText: (text) => { window.given.push(text); return Promise.resolve(); },
} });
"""


@pytest.fixture
def night(member):  # noqa: F811
    session = make_session(member, "taiwan")
    play(session)
    return session


def summary(live_server, session) -> str:
    return f"{live_server.url}/sessions/{session.pk}/summary/"


def test_it_goes_to_the_share_sheet(page, live_server, night):
    page.add_init_script(FAKE_SHARE)
    page.goto(summary(live_server, night))
    text = page.locator("#night-text").input_value()
    assert text.startswith("Friday club · Taiwan Napoleon") and "Winner: Ann (+120)" in text
    # Every line in sight, none behind the field's own scroll.
    assert page.locator("#night-text").evaluate("(el) => el.scrollHeight <= el.clientHeight + 1")
    button = page.locator("#share-night")
    expect(button).to_have_text("Share…")
    shot(page, "share-night", full_page=False)
    button.click()
    page.wait_for_function("window.given.length === 1")
    assert page.evaluate("window.given") == [text]


def test_without_a_share_sheet_it_copies_the_text(page, live_server, night):
    page.add_init_script(FAKE_CLIPBOARD)
    page.goto(summary(live_server, night))
    button = page.locator("#share-night")
    expect(button).to_have_text("Copy the text")
    button.click()
    expect(page.locator("#night-status")).to_have_text("Copied: paste it into your chat.")
    assert page.evaluate("window.given") == [page.locator("#night-text").input_value()]


def test_without_javascript_the_text_is_there_and_at_its_own_address(
    browser, browser_context_args, live_server, page, night
):
    context = new_context(browser, **browser_context_args, java_script_enabled=False)
    context.add_cookies(page.context.cookies())  # the same signed-in phone, scripts off
    plain = context.new_page()
    plain.goto(summary(live_server, night))
    expect(plain.locator("#share-night")).to_be_hidden()
    text = plain.locator("#night-text").input_value()
    plain.click("a:has-text('The same as plain text')")
    assert plain.locator("body").inner_text().strip() == text.strip()
    context.close()
