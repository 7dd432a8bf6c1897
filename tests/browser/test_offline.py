"""A bad connection at the card table, in Chromium at a phone's size.

The network is cut with Playwright's offline mode (``context.set_offline``), which in
Chromium also cuts the service worker's own requests, or an answer is lost on the way
back (``page.route``: the server gets the request, the phone gets a network error).
Whatever happens, each hand entered is recorded exactly once.
"""

import json

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from scoring.table.lineup import players_count
from tests.browser.support import log_in, new_context, shot
from tests.factories import PASSWORD, make_league, make_session, make_user, play
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT_PAGES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
  }
  return out;
}"""


@pytest.fixture
def league(live_server, page):
    user = make_user("host")
    league = make_league(user)
    log_in(page, live_server, "host", PASSWORD)
    return league


@pytest.fixture
def session(league):
    return make_session(league, "taiwan")


def tap(page, name, value):
    page.click(f"input[name={name}][value='{value}']")


def open_table(page, live_server, session):
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    page.wait_for_selector("#hand-form")


def enter_hand(page):
    """Ann declares three spades with Ben (the ♥A), and her side takes 12 point cards."""
    tap(page, "declarer", 0)
    tap(page, "level", 3)
    tap(page, "trump", "S")
    tap(page, "called_suit", "H")
    tap(page, "called_rank", "A")
    tap(page, "partner", 1)
    tap(page, "points", 12)  # one over the target of 11, next to it


def outbox(page):
    return json.loads(page.evaluate("localStorage.getItem('napoleon:outbox') || '[]'"))


def screen_totals(page):
    texts = page.locator("#board .total").all_inner_texts()
    return [int(t.replace("−", "-").replace("+", "")) for t in texts]


def engine_totals(session):
    totals = [0] * players_count(session)
    for hand in session.hands.all():
        score = hand.engine_score()
        if score is not None:
            totals = [a + b for a, b in zip(totals, score.deltas, strict=True)]
    return totals


def wait_until_kept(page, path):
    """The service worker controls the page and keeps a copy of ``path``."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    wait_until(lambda: path in kept_pages(page), f"{path} kept for offline use")


def kept_pages(page) -> list[str]:
    """The paths of the pages the service worker keeps."""
    return [
        p for name, paths in page.evaluate(KEPT_PAGES).items() if "pages" in name for p in paths
    ]


def test_a_save_made_offline_waits_and_is_recorded_once_when_the_connection_returns(
    page, live_server, session
):
    open_table(page, live_server, session)
    enter_hand(page)
    page.wait_for_selector("#preview table")  # the score, while still online
    page.context.set_offline(True)
    page.click("button[value=save]")

    expect(page.locator("#hand-form .waiting-line")).to_have_text("Waiting to send hand 1…")
    expect(page.locator("input[name=declarer][value='0']")).to_be_checked()  # the entry stays
    expect(page.locator("input[name=points][value='12']")).to_be_checked()
    expect(page.locator("#connection .outbox")).to_have_text("Waiting to send hand 1…")
    expect(page.locator("#connection .banner")).to_contain_text(
        "Offline — showing the scores as last seen at"
    )
    assert page.locator("html.offline").count() == 1
    shot(page, "offline-waiting")
    shot(page, "offline-waiting-phone", full_page=False)  # the banner stays on top
    assert [entry["number"] for entry in outbox(page)] == [1]
    assert Hand.objects.count() == 0

    page.context.set_offline(False)  # `online`: the outbox is sent, the page reloads
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved.")
    shot(page, "offline-sent")
    assert Hand.objects.count() == 1
    assert screen_totals(page) == engine_totals(session) == [120, 60, -60, -60, -60]
    assert outbox(page) == []
    assert page.locator("#connection").is_hidden()


def test_a_double_tapped_save_offline_is_recorded_once(page, live_server, session):
    open_table(page, live_server, session)
    enter_hand(page)
    page.context.set_offline(True)
    page.dblclick("button[value=save]")
    # Then a script submits it once more, as if the button were still there.
    page.evaluate(
        """() => {
        const form = document.getElementById("hand-form");
        form.dispatchEvent(new SubmitEvent("submit", {bubbles: true, cancelable: true}));
    }"""
    )
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    assert len(outbox(page)) == 1
    page.context.set_offline(False)
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert Hand.objects.count() == 1


def test_a_save_whose_answer_is_lost_is_sent_again_and_recorded_once(page, live_server, session):
    open_table(page, live_server, session)
    enter_hand(page)
    page.wait_for_selector("#preview table")
    calls = []

    def lose_the_answer(route):
        calls.append(route.request.headers.get("hx-request"))
        if len(calls) == 1:
            route.fetch()  # the server records the hand ...
            assert Hand.objects.count() == 1
            route.abort("connectionreset")  # ... and the phone never hears back
        else:
            route.continue_()

    page.route(f"**/sessions/{session.pk}/record/", lose_the_answer)
    page.click("button[value=save]")
    # The lost Save joins the outbox, is sent again at once, and the page reloads.
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert len(calls) == 2
    assert Hand.objects.count() == 1
    assert screen_totals(page) == engine_totals(session)
    assert outbox(page) == []


def test_two_hands_saved_offline_are_recorded_in_order(page, live_server, session):
    open_table(page, live_server, session)
    page.context.set_offline(True)
    enter_hand(page)
    page.click("button[value=save]")
    page.click(".next-hand")
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    expect(page.locator("input[name=declarer]:checked")).to_have_count(0)
    page.click("button[value=passed]")
    expect(page.locator("#connection .outbox")).to_have_text(
        ["Waiting to send hand 1…", "Waiting to send hand 2…"]
    )
    shot(page, "offline-two-waiting")
    keys = [entry["key"] for entry in outbox(page)]
    assert len(set(keys)) == 2
    page.context.set_offline(False)
    page.wait_for_selector("#record h2:has-text('Record hand 3')")
    hands = list(session.hands.order_by("number"))
    assert [(h.number, h.status, str(h.key)) for h in hands] == [
        (1, Hand.PLAYED, keys[0]),
        (2, Hand.PASSED, keys[1]),
    ]


def test_a_half_entered_hand_survives_a_reload_and_goes_after_its_save(page, live_server, session):
    open_table(page, live_server, session)
    tap(page, "declarer", 2)
    tap(page, "level", 4)
    tap(page, "trump", "H")
    page.click("button.more")  # 9, far from the target of 12
    tap(page, "points", 9)
    page.reload()
    page.wait_for_selector("#hand-form")
    expect(page.locator("input[name=declarer][value='2']")).to_be_checked()
    expect(page.locator("input[name=level][value='4']")).to_be_checked()
    expect(page.locator("input[name=trump][value='H']")).to_be_checked()
    expect(page.locator("input[name=points][value='9']")).to_be_checked()
    expect(page.locator("input[name=points][value='9']")).to_be_visible()
    shot(page, "offline-draft-restored")
    # Finished and saved: the next hand starts blank, even after a reload.
    tap(page, "called_suit", "S")
    tap(page, "called_rank", "A")
    tap(page, "partner", 1)
    page.click("button[value=save]")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert Hand.objects.get().declarer == 2
    page.reload()
    page.wait_for_selector("#hand-form")
    expect(page.locator("input[name=declarer]:checked")).to_have_count(0)
    expect(page.locator("input[name=points]:checked")).to_have_count(0)


def test_the_last_scoreboard_seen_opens_offline_marked_as_offline(page, live_server, session):
    play(session)
    open_table(page, live_server, session)
    wait_until_kept(page, session.get_absolute_url())
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#connection .banner")).to_contain_text(
        "Offline — showing the scores as last seen at"
    )
    assert page.evaluate("document.documentElement.dataset.cachedAt") is not None
    assert screen_totals(page) == engine_totals(session) == [120, 60, -60, -60, -60]
    shot(page, "offline-kept-scoreboard")
    page.emulate_media(color_scheme="dark")
    shot(page, "offline-kept-scoreboard-dark", full_page=False)
    page.emulate_media(color_scheme="light")
    # A page this phone never opened: the offline page instead.
    page.goto(f"{live_server.url}{session.get_absolute_url()}hands/")
    expect(page.locator("h1")).to_have_text("No connection")
    shot(page, "offline-page")
    # The connection returns: the offline page reloads itself into the real one.
    page.context.set_offline(False)
    page.wait_for_selector("table")
    assert page.locator("html.offline").count() == 0


def kept_key(page, path):
    """The idempotency key in the kept copy of ``path``."""
    return page.evaluate(
        """async (path) => {
        for (const name of await caches.keys()) {
            const hit = await (await caches.open(name)).match(path);
            if (hit && name.includes("pages")) {
                const html = await hit.text();
                return html.match(/name="key" value="([^"]+)"/)[1];
            }
        }
        return null;
    }""",
        path,
    )


def test_a_hand_saved_on_a_kept_copy_gets_a_fresh_key(page, live_server, session):
    """The connection drops just after a Save: the page that comes back on a reload is the
    kept copy. A kept copy's key may have been used since it was kept (reusing it would
    silently drop the next hand), so the page takes a fresh one, and the hand entered on it
    is recorded once the connection returns."""
    path = session.get_absolute_url()
    open_table(page, live_server, session)
    wait_until_kept(page, path)
    page.reload()  # now the page on screen is the one kept, key and all
    page.wait_for_selector("#hand-form")
    used = page.input_value("input[name=key]")
    # The worker stores its copy just after answering.
    wait_until(lambda: kept_key(page, path) == used, "the kept copy holds the key on screen")
    enter_hand(page)
    page.click("button[value=save]")  # hand 1 is recorded with that key ...
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    # ... kept.js hands the page as it now stands to the worker, which keeps it. (Cut before
    # that, the copy would still be hand 1's, and a hand entered on it is refused, the table
    # having changed since: test_table_changed.py.)
    wait_until(lambda: kept_key(page, path) not in (None, used), "the page after the Save kept")
    kept = kept_key(page, path)
    page.context.set_offline(True)  # the connection drops
    page.reload()
    page.wait_for_selector("html[data-cached-at] #hand-form")  # the kept copy
    expect(page.locator("#connection .banner")).to_be_visible()
    assert Hand.objects.count() == 1
    assert page.input_value("input[name=key]") not in (used, kept)
    enter_hand(page)
    page.click("button[value=save]")
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    page.context.set_offline(False)
    page.wait_for_selector("#record h2:has-text('Record hand 3')")
    assert Hand.objects.count() == 2


def test_a_waiting_hand_goes_to_its_own_session_from_any_page(page, live_server, league):
    first, other = make_session(league, "taiwan"), make_session(league, "taiwan")
    open_table(page, live_server, other)
    wait_until_kept(page, other.get_absolute_url())
    open_table(page, live_server, first)
    page.context.set_offline(True)
    enter_hand(page)
    page.click("button[value=save]")
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    open_table(page, live_server, other)  # the other session's kept copy
    expect(page.locator("#connection .outbox")).to_have_text("Waiting to send hand 1…")
    expect(page.locator("#record h2")).to_have_text("Record hand 1")
    page.context.set_offline(False)
    page.wait_for_function("() => !localStorage.getItem('napoleon:outbox')")
    page.wait_for_selector("html:not([data-cached-at]) #hand-form")
    assert first.hands.count() == 1
    assert other.hands.count() == 0


def test_logging_out_forgets_the_kept_pages(page, live_server, session):
    open_table(page, live_server, session)
    wait_until_kept(page, session.get_absolute_url())
    page.click("header button:has-text('Log out')")
    page.wait_for_url(f"{live_server.url}/")
    wait_until(lambda: not kept_pages(page), "no page kept after logging out")
    page.context.set_offline(True)
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    expect(page.locator("h1")).to_have_text("No connection")


def test_a_waiting_hand_the_server_refuses_comes_back_to_the_form(page, live_server, session):
    open_table(page, live_server, session)
    page.context.set_offline(True)
    tap(page, "declarer", 3)  # no contract, no result: the server will refuse it
    page.click("button[value=save]")
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#connection .notice")).to_have_text(
        "Hand 1 was not saved: the server refused it. Its entry is back in the form."
    )
    expect(page.locator("input[name=declarer][value='3']")).to_be_checked()
    shot(page, "offline-refused", full_page=False)
    assert Hand.objects.count() == 0
    assert outbox(page) == []


def test_a_waiting_hand_survives_a_new_csrf_token(page, live_server, session):
    open_table(page, live_server, session)
    enter_hand(page)
    page.context.set_offline(True)
    page.click("button[value=save]")
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    # The CSRF cookie goes: the token saved with the entry and the page's are refused.
    page.context.clear_cookies(name="csrftoken")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.context.set_offline(False)
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert Hand.objects.count() == 1
    assert len([url for url in posts if url.endswith("/record/")]) == 2  # refused, then sent


def test_a_waiting_hand_waits_for_its_user_to_sign_in_again(page, live_server, session):
    open_table(page, live_server, session)
    enter_hand(page)
    page.context.set_offline(True)
    page.click("button[value=save]")
    expect(page.locator("#hand-form .waiting-line")).to_be_visible()
    page.context.clear_cookies(name="sessionid")  # the sign-in expired meanwhile
    page.context.set_offline(False)
    expect(page.locator("#connection .outbox")).to_have_text("Sign in again to send hand 1.")
    assert Hand.objects.count() == 0
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator("#connection .outbox")).to_have_text("Sign in again to send hand 1.")
    page.fill("input[name=username]", "host")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url(f"{live_server.url}/")
    page.wait_for_function("() => !localStorage.getItem('napoleon:outbox')")
    assert Hand.objects.count() == 1


def test_the_outbox_works_without_a_service_worker(browser, browser_context_args, live_server):
    """The queue is the page's own: a browser that refuses service workers keeps it too."""
    session = make_session(make_league(make_user("host")), "taiwan")
    context = new_context(browser, **browser_context_args, service_workers="block")
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        open_table(page, live_server, session)
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
        enter_hand(page)
        context.set_offline(True)
        page.click("button[value=save]")
        expect(page.locator("#hand-form .waiting-line")).to_have_text("Waiting to send hand 1…")
        assert Hand.objects.count() == 0
        context.set_offline(False)
        page.wait_for_selector("#record h2:has-text('Record hand 2')")
        assert Hand.objects.count() == 1
    finally:
        context.close()


def test_a_save_the_server_fails_is_kept_said_and_sent_again(page, live_server, session):
    """A 500 is no lost hand: the entry stays, the outbox says what happened and offers to
    send it again, and it is recorded once when the server answers again."""
    open_table(page, live_server, session)
    enter_hand(page)
    page.wait_for_selector("#preview table")
    failing = {"on": True}

    def server_error(route):
        if failing["on"]:
            route.fulfill(status=500, body="<h1>Server Error (500)</h1>", content_type="text/html")
        else:
            route.continue_()

    page.route(f"**/sessions/{session.pk}/record/", server_error)
    page.click("button[value=save]")
    failed = "Hand 1 was not saved: the server failed (error 500). It is kept on this phone"
    expect(page.locator("#connection .outbox.failed")).to_contain_text(failed)
    expect(page.locator("#hand-form .waiting-line")).to_contain_text(failed)
    expect(page.locator("input[name=declarer][value='0']")).to_be_checked()  # the entry stays
    expect(page.locator("#connection .retry")).to_be_visible()
    shot(page, "offline-server-error", full_page=False)
    assert Hand.objects.count() == 0 and outbox(page)[0]["state"] == "failed"
    failing["on"] = False
    page.click("#connection .retry")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    assert Hand.objects.count() == 1
    assert screen_totals(page) == engine_totals(session)
    assert outbox(page) == []


def test_a_kept_page_is_not_shown_once_the_cookies_are_cleared(page, live_server, session):
    play(session)
    open_table(page, live_server, session)
    wait_until_kept(page, session.get_absolute_url())
    page.context.clear_cookies()
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("No connection")
    assert page.locator("#board").count() == 0
    kept = page.evaluate(KEPT_PAGES)
    assert not any(paths for name, paths in kept.items() if "pages" in name), kept


KEPT_HTML = """async (path) => {
  for (const name of await caches.keys()) {
    const hit = name.includes("pages") && await (await caches.open(name)).match(path);
    if (hit) return await hit.text();
  }
  return "";
}"""


def test_the_kept_copy_follows_a_save_swapped_in_place(page, live_server, session):
    """A Save answered by htmx changes the page without loading it: the page hands itself
    to the worker, so the scores kept for offline use are those on screen."""
    path = session.get_absolute_url()
    open_table(page, live_server, session)
    wait_until_kept(page, path)
    enter_hand(page)
    page.click("button[value=save]")
    page.wait_for_selector("#record h2:has-text('Record hand 2')")
    # The copy kept after the Save, not one kept while the preview already showed +120.
    # (Asked with evaluate, which awaits the answer: wait_for_function would take the
    # promise itself for a yes.)
    wait_until(lambda: "Record hand 2" in page.evaluate(KEPT_HTML, path), "the Save's page kept")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-cached-at] #hand-form")
    expect(page.locator("#connection .banner")).to_be_visible()
    assert screen_totals(page) == [120, 60, -60, -60, -60]
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
