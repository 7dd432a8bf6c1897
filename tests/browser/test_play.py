"""Record the play at the table, in Chromium at 390×844: a Taiwan hand card by card (a revoke
that a later trick proves), a Thai hand by its winners, a Mighty hand ended by a claim, each
saved with the result the record gives; and a recorded hand's replay opened from its
permalink by someone signed out. Screenshots on request (tests/browser/support.py)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Hand, League, Membership
from tests.browser.support import log_in, new_context, shot
from tests.browser.test_languages import OVERFLOW
from tests.factories import RECORDS, make_session, play_recorded

PASSWORD = "a-long-test-password"
PHONE = {"width": 390, "height": 844}
LANGUAGES = ["en", "fr", "ja", "ko", "th", "zh-hant"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Ben (seat 1) declares 5♣ and calls ♦K (record.md §9.5's hand, two of Dan's cards swapped):
# in trick 9 Dan (seat 3) throws ♠5 on the ♦3 lead; his ♦8 in trick 10 proves it a revoke.
TAIWAN = [
    "HA BJ H6 H7 H10",
    "S8 SJ SK S9 CJ",
    "D2 DA HJ DK D7",
    "C8 H8 C7 C4 C3",
    "DJ DQ D6 D10 C6",
    "S6 S2 S7 H9 SQ",
    "H5 H2 CA H3 HK",
    "CQ D5 CK D9 HQ",
    "D3 S5 S3 C2 S4",
    "C5 H4 C10 D8 LJ",
]


def signed_in(browser, live_server, variant, language="en"):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, variant)
    context = new_context(browser, locale=language, viewport=PHONE)
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    page.wait_for_selector("#hand-form")
    return context, page, session


def bid(page, declarer, level=None, trump=None, called=None, nap=None):
    page.click(f"input[name=declarer][value='{declarer}']")
    if nap:
        page.click(f"input[name=nap_bid][value='{nap}']")
    else:
        page.click(f"input[name=level][value='{level}']")
        page.click(f"input[name=trump][value='{trump}']")
    if called:
        page.click(f"input[name=called_suit][value='{called[0]}']")
        page.click(f"input[name=called_rank][value='{called[1:]}']")


def tap(page, value):
    """One tap of the panel, and its answer swapped in."""
    before = page.locator("input[name=play]").input_value()
    page.locator(f"#play button[value='{value}']").first.click()
    page.wait_for_function(
        "(before) => document.querySelector('input[name=play]').value !== before", arg=before
    )


def open_play(page):
    # The bid's own requests (the live preview) answered first: one arriving after the
    # panel's first tap would draw the form again as it stood before that tap.
    page.wait_for_load_state("networkidle")
    page.click("#play > summary")


def save(page):
    page.click("button[value=save]")
    page.wait_for_function("() => document.querySelector('#record h2').innerText.includes('2')")


def test_a_taiwan_hand_card_by_card_with_a_revoke_proven_later(browser, live_server):
    context, page, session = signed_in(browser, live_server, "taiwan")
    try:
        bid(page, "1", "5", "C", "DK")
        open_play(page)
        for number, trick in enumerate(TAIWAN, start=1):
            for code in trick.split():
                tap(page, f"card:{code}")
            expect(page.locator(".play-trick")).to_contain_text(f"Trick {number}")
            if number == 1:
                expect(page.locator(".play-trick .reason")).to_be_visible()
                page.locator("#play").scroll_into_view_if_needed()
                shot(page.locator("#play"), "play-taiwan-trick-1")
            if number == 3:
                expect(page.locator("#play .partner")).to_contain_text("Ann")
            if number == 9:  # nothing proves the ♠5 wrong yet: Dan may have had no diamonds
                expect(page.locator("#play .err")).to_have_count(0)
        expect(page.locator("#play")).to_contain_text("The hand is over.")
        expect(page.locator("#play .err")).to_contain_text("♠5")  # the revoke, and its proof
        expect(page.locator("#play .err")).to_contain_text("♦8")
        expect(page.locator("#preview .deltas")).to_be_visible()  # the play's score
        shot(page, "play-taiwan-over")
        save(page)
        hand = Hand.objects.get(session=session)
        assert hand.record is not None and hand.partner == 0 and hand.mode == Hand.CARDS
    finally:
        context.close()


def test_a_thai_hand_by_winners_only(browser, live_server):
    context, page, session = signed_in(browser, live_server, "thai", language="th")
    try:
        bid(page, "0", "1", "S")
        page.click("input[name=partner][value='1']")
        open_play(page)
        for seat in "0011000111":
            tap(page, f"won:{seat}")
        expect(page.locator("#preview .deltas")).to_be_visible()  # the play's score
        shot(page, "play-thai-th")
        save(page)
        hand = Hand.objects.get(session=session)
        assert hand.tricks == {"0": 5, "1": 5, "2": 0, "3": 0, "4": 0}
        assert len(hand.record["tricks"]) == 10
    finally:
        context.close()


def test_a_mighty_hand_with_a_claim(browser, live_server):
    context, page, session = signed_in(browser, live_server, "mighty", language="ko")
    try:
        bid(page, "0", "13", "S", "HA")
        page.click("input[name=partner][value='1']")
        open_play(page)
        tap(page, "depth:points")
        # Two point cards tapped faster than the answers come: the second waits for the
        # first's panel and is made on it, so neither is lost.
        page.evaluate(
            "() => ['SA', 'SK'].forEach(c =>"
            " document.querySelector(`#play button[value='point:${c}']`).click())"
        )
        for code in ("SA", "SK"):
            pressed = page.locator(f"#play button[value='point:{code}']")
            expect(pressed).to_have_attribute("aria-pressed", "true")
        tap(page, "won:0")
        tap(page, "point:HA")
        tap(page, "won:1")
        page.click("#play .claim > summary")
        tap(page, "claim:0")
        expect(page.locator(".play-done")).to_be_visible()
        expect(page.locator("#preview .deltas")).to_be_visible()  # the play's score
        shot(page, "play-mighty-claim-ko")
        save(page)
        hand = Hand.objects.get(session=session)
        assert hand.record["rest"] == 0 and hand.made
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_replay_permalink_opened_signed_out(browser, live_server, language):
    league = League.objects.create(name="Club")
    session = make_session(league, "taiwan")
    play_recorded(session)
    context = new_context(browser, locale=language, viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/share/{session.share_token}/hands/1/replay/?trick=3")
        # Trick 3, where the called card falls (its rank is the reader's letter: ♦R in French).
        expect(page.locator(".replay-step[aria-current=step]")).to_have_text("3")
        expect(page.locator("main .mark.called")).to_have_count(1)
        assert page.evaluate(OVERFLOW)[0] <= PHONE["width"]  # nothing wider than the phone
        shot(page, f"play-replay-{language}")
        notation = RECORDS["taiwan"]  # the hand's own link: no session, no account
        page.goto(f"{live_server.url}/r/{notation}/?trick=3")
        expect(page.locator(".replay-step[aria-current=step]")).to_have_text("3")
        expect(page.locator("main .mark.called")).to_have_count(1)
        assert page.evaluate(OVERFLOW)[0] <= PHONE["width"]
        expect(page.locator(".bar a[href*='/accounts/login/']")).to_have_count(1)  # signed out
    finally:
        context.close()


def test_a_recorded_play_survives_a_reload_and_the_outbox(browser, live_server):
    context, page, session = signed_in(browser, live_server, "nap")
    try:
        bid(page, "1", nap="three")
        open_play(page)
        for seat in "1111":
            tap(page, f"won:{seat}")
        page.reload()
        page.wait_for_selector("#hand-form")
        expect(page.locator("#play")).to_have_attribute("open", "")  # drawn again from the draft
        expect(page.locator(".play-trick")).to_contain_text("Trick 4")
        page.context.set_offline(True)  # a tap that cannot reach the server changes nothing
        page.click("#play button[value='won:0']")
        expect(page.locator("#play .play-offline")).to_contain_text("No connection")
        page.context.set_offline(False)
        tap(page, "won:0")
        expect(page.locator("#preview .deltas")).to_be_visible()  # the play's score
        page.context.set_offline(True)
        page.click("button[value=save]")
        expect(page.locator("#hand-form .waiting-line")).to_contain_text("hand 1")
        assert not Hand.objects.exists()
        page.context.set_offline(False)  # the outbox sends it, the page reloads
        page.wait_for_selector("#record h2:has-text('Record hand 2')")
        hand = Hand.objects.get(session=session)
        assert hand.tricks == {"0": 1, "1": 4, "2": 0, "3": 0} and len(hand.record["tricks"]) == 5
    finally:
        context.close()


def test_a_hand_recorded_without_javascript(browser, live_server):
    """Each tap a form post answered by the whole table screen, the record in its hidden field."""
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, "nap")
    context = new_context(browser, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        page.goto(f"{live_server.url}{session.get_absolute_url()}")
        bid(page, "1", nap="three")
        open_play(page)
        page.click(
            "#play button[value='show']:not(.play-refresh)"
        )  # drawn for the bid, by the server
        for seat in "11110":
            page.click(f"#play button[value='won:{seat}']")
            expect(page.locator("input[name=declarer][value='1']")).to_be_checked()
        expect(page.locator("#play")).to_contain_text("The hand is over.")
        shot(page, "play-nap-no-javascript")
        page.click("button[value=save]")
        expect(page.locator(".messages")).to_contain_text("Hand 1 saved.")
        hand = Hand.objects.get(session=session)
        assert hand.tricks == {"0": 1, "1": 4, "2": 0, "3": 0} and hand.record is not None
    finally:
        context.close()
