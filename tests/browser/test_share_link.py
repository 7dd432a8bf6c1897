"""An open share page whose link was replaced: it says so where it said it refreshes
itself, keeps the scores as they last were, and stops asking."""

import pytest
from playwright.sync_api import expect

from scoring.models import GameSession, League, new_share_token
from tests.browser.support import shot
from tests.factories import make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOTE = {
    "en": ("refreshes itself", "This link no longer works."),
    "zh-hant": ("自動更新", "這個連結已經失效。"),
    "th": ("รีเฟรช", "ลิงก์นี้ใช้ไม่ได้แล้ว"),
}


@pytest.mark.parametrize("language", NOTE)
def test_a_replaced_link_says_so_and_stops_asking(browser, live_server, language):
    session = make_session(League.objects.create(name="Club"), "taiwan")
    play(session)
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/share/{session.share_token}/")
        refreshing, gone = NOTE[language]
        expect(page.get_by_text(refreshing)).to_be_visible()
        GameSession.objects.filter(pk=session.pk).update(share_token=new_share_token())
        # The page's next poll (every 5 s) brings it: waited for as long as any expectation
        # (tests/waiting.py), since a busy machine answers that poll late.
        expect(page.get_by_role("alert")).to_contain_text(gone)
        expect(page.get_by_text(refreshing)).to_have_count(0)
        expect(page.locator(".shared-hands")).to_contain_text("+120")  # the scores as they were
        expect(page.locator("[hx-trigger]")).to_have_count(0)  # nothing asks again
        shot(page, f"share-gone-{language}", full_page=True)
    finally:
        context.close()
