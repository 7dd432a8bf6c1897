"""At a phone's size: the share link renewed and turned off from the table screen, the
login page refusing after too many guesses, and a request refused as too large."""

import pytest
from django.contrib.auth.models import User

from scoring.models import GameSession, League, Membership
from tests.browser.support import log_in, shot
from tests.factories import make_session

PASSWORD = "a-long-test-password"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(live_server, page):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    log_in(page, live_server, "host", PASSWORD)
    return make_session(league, "taiwan")


def test_a_leaked_share_link_is_renewed_then_turned_off(page, live_server, session):
    old = session.share_token
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    page.click("#share-link summary")
    link = page.locator("#share-link input[readonly]")
    assert link.input_value().endswith(f"/share/{old}/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#share-link button[value=new]")
    page.wait_for_selector("#share-link >> text=The old one no longer works.")
    new = GameSession.objects.get(pk=session.pk).share_token
    assert link.input_value().endswith(f"/share/{new}/") and new != old
    assert page.request.get(f"{live_server.url}/share/{old}/").status == 404
    box = page.locator("#share-link button[value=off]").bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 390
    shot(page, "share-link-renewed")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#share-link button[value=off]")
    page.wait_for_selector("#share-link >> text=The share link is off:")
    assert GameSession.objects.get(pk=session.pk).share_token is None
    assert page.request.get(f"{live_server.url}/share/{new}/").status == 404
    shot(page, "share-link-off")


def test_the_login_page_says_when_guesses_are_refused(page, live_server, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    User.objects.create_user("quinn", password=PASSWORD)
    for _guess in range(3):
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", "quinn")
        page.fill("input[name=password]", "wrong")
        page.click("main button[type=submit]")
    alert = page.locator("main [role=alert]")
    assert "Too many failed attempts to log in. Wait 15 minutes" in alert.inner_text()
    assert page.locator("input[name=username]").input_value() == "quinn"
    shot(page, "login-throttled")


def test_a_request_too_large_is_refused_with_a_page(page, live_server, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "quinn")
    page.fill("input[name=password]", "x" * 2000)  # the one field without a maxlength
    page.click("main button[type=submit]")
    assert "What you sent is too large" in page.locator("main [role=alert]").inner_text()
    assert page.locator("h1").inner_text() == "Not accepted"
    shot(page, "request-refused")
