"""One dispute per variant, settled by tapping on a phone (390×844), with a screenshot of each
for a person to look at when NAPOLEON_SCREENSHOTS names a folder (tests/browser/support.py).
"""

import pytest

from tests.browser.support import new_context, screenshots_wanted, shot

# The page has stayed where it is for a few frames: the smooth scroll that brings a new
# ruling into sight (referee.js) has ended.
SCROLL_SETTLED = """() => {
  const still = window.__lastScrollY === window.scrollY;
  window.__stillFrames = still ? (window.__stillFrames || 0) + 1 : 0;
  window.__lastScrollY = window.scrollY;
  return window.__stillFrames >= 5;
}"""


def settle(page):
    """Wait until the tap's page has come back (referee.js marks <html> while it waits)."""
    page.wait_for_function("() => !document.documentElement.classList.contains('ref-loading')")


def tap(page, selector):
    page.locator(selector).first.click()
    settle(page)


def chip(page, field, name):
    """Tap the chip called ``name`` in the radio group ``field`` (its fieldset is #field-<key>)."""
    page.locator(f"#field-{field}").get_by_role("radio", name=name, exact=True).click()
    settle(page)


def cards(page, *codes):
    for code in codes:
        tap(page, f'.ref-deck button[data-card="{code}"]')


def call(page, code):
    tap(page, f'#ladder button[data-call="{code}"]')


def ruling(page):
    box = page.locator("[data-ruling]")
    box.wait_for()
    return " ".join(box.inner_text().split())


def shoot(page, name, script=True):
    """The ruling as the phone shows it, and the whole page (only when screenshots are wanted:
    the wait for the scroll is for the picture; without a ``script``, nothing scrolls)."""
    if not screenshots_wanted():
        return
    page.locator("section:has([data-ruling])").scroll_into_view_if_needed()
    if script:
        page.evaluate("() => { window.__stillFrames = 0; window.__lastScrollY = undefined; }")
        page.wait_for_function(SCROLL_SETTLED)
    shot(page, f"referee-{name}", full_page=False)
    shot(page, f"referee-{name}-full")


def open_tool(page, live_server, tool, variant):
    page.goto(f"{live_server.url}/referee/")
    page.get_by_role("link", name=variant, exact=True).click()
    page.get_by_role("link", name=tool).click()
    page.wait_for_selector("#referee-form")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_taiwan_trick_led_by_a_joker(live_server, page):
    open_tool(page, live_server, "Who won this trick?", "Taiwan")
    chip(page, "t", "♠")
    chip(page, "k", "2")
    chip(page, "l", "Seat 1")
    cards(page, "HA")  # the secretary card comes first
    assert page.locator(".ref-called .pc").inner_text() == "♥A"
    cards(page, "BJ")
    chip(page, "s", "♦")  # asked only now: the leader names the suit of a led joker
    cards(page, "D9", "DK", "D2", "S4")
    text = ruling(page)
    assert text.startswith("Seat 1 wins the trick")
    assert "Big Joker beats every card but the secretary card" in text
    shoot(page, "taiwan-trick")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_hong_kong_summon(live_server, page):
    open_tool(page, live_server, "May I play this card?", "Hong Kong")
    chip(page, "t", "♠")
    chip(page, "k", "1")
    chip(page, "l", "Seat 1")
    cards(page, "HA")  # the secretary card, then the hand
    cards(page, "BJ", "S5", "D3", "C9")
    chip(page, "m", "Played to the trick")
    cards(page, "S2")
    page.locator("label.ref-check").filter(has_text="summoned").click()
    settle(page)
    assert ruling(page).startswith("1 card may be played")
    page.locator("details.ref-play.illegal summary").filter(has_text="♠5").click()
    assert (
        "the Big Joker was summoned: you must play it"
        in page.locator("details.ref-play[open]").inner_text()
    )
    shoot(page, "hongkong-legal")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_japanese_yoromeki(live_server, page):
    open_tool(page, live_server, "Who won this trick?", "Japanese")
    page.locator(".ref-options summary").click()
    page.locator(".ref-option").filter(has_text="yoromeki").get_by_role(
        "radio", name="♥Q beats ♠A"
    ).click()
    settle(page)
    chip(page, "t", "♥")
    chip(page, "k", "4")
    chip(page, "l", "Seat 3")
    cards(page, "C5", "C9", "SA", "CK", "HQ")
    text = ruling(page)
    assert text.startswith("Seat 2 wins the trick")
    assert "yoromeki" in text
    link = page.locator("#permalink").input_value()
    assert "o.yoromeki=HQ" in link and "p=C5.C9.SA.CK.HQ" in link
    shoot(page, "japanese-trick")
    page.goto(link)  # the permalink opens on the same ruling
    assert ruling(page) == text


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_japanese_chip_pass_that_is_final(live_server, page):
    open_tool(page, live_server, "Is this bid allowed?", "Japanese chips")
    chip(page, "d", "Seat 5")
    call(page, "p")
    call(page, "12S")
    call(page, "p")
    call(page, "p")
    assert ruling(page).startswith("Seat 5 calls next.")
    # Seat 1, who passed first, wants to bid now: tapped, the call says why not, in place.
    call(page, "p")
    assert ruling(page).startswith("The auction is over: Seat 2 declares 12♠")
    passed = page.locator(".ref-calls li.forced")
    assert passed.inner_text().split() == [
        "Seat",
        "1",
        "pass",
        "passed",
        "already:",
        "passed",
        "for",
        "them",
    ]
    tap(page, "text=Undo last call")
    assert ruling(page).startswith("Seat 5 calls next.")
    call(page, "11S")
    why = page.locator("#ref-why")
    assert why.inner_text().startswith("11♠ is not allowed.")
    assert why.is_visible() and why.bounding_box()["y"] < 844  # beside the call, on screen
    assert ruling(page).startswith("Seat 5 calls next.")  # nothing was added
    shoot(page, "japanese-chip-auction")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_announces_the_mightys_second_round(live_server, page):
    open_tool(page, live_server, "Is this bid allowed?", "Mighty")
    chip(page, "f", "Seat 1")
    for _ in range(5):
        call(page, "p")
    assert ruling(page).startswith("Everyone passed once: a second round. Seat 1 calls next.")
    call(page, "p")
    assert "Round 2" in page.locator(".ref-calls").inner_text()
    shoot(page, "mighty-second-round")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_thai_toppling_trick(live_server, page):
    open_tool(page, live_server, "Who won this trick?", "Thai")
    chip(page, "t", "♠")
    chip(page, "k", "1")
    chip(page, "l", "Seat 1")
    cards(page, "C4", "C2", "C6", "C3", "C5")
    text = ruling(page)
    assert text.startswith("The napoleon is toppled: the hand is over, and the citizens win.")
    assert "The trick itself goes to Seat 2" in text
    shoot(page, "thai-trick")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_mighty_run(live_server, page):
    open_tool(page, live_server, "How is this hand scored?", "Mighty")
    chip(page, "d", "Seat 1")
    chip(page, "x", "14♠")
    chip(page, "f", "Seat 2")
    page.locator("#id-r").fill("18")
    page.locator("#id-r").press("Tab")
    settle(page)
    assert ruling(page).startswith("Made")
    tap(page, '#field-r button[data-step="1"]')
    tap(page, '#field-r button[data-step="1"]')
    assert page.locator("#id-r").input_value() == "20"
    text = ruling(page)
    assert "Run: the declarer's side took all 20 points, doubled" in text
    assert "Seat 1 +32" in text and "Seat 2 +16" in text and "Seat 3 −16" in text
    shoot(page, "mighty-score")
    # The table's own numbers: the declarer's share of 3 instead of 2, set in the panel.
    page.locator("#ref-options > summary").click()
    page.locator("#ref-own-numbers > summary").click()
    share = page.get_by_label("with a friend · declarer")
    assert share.input_value() == "2"
    share.fill("3")
    share.press("Tab")
    settle(page)
    text = ruling(page)
    assert "Seat 1 +48" in text and "Seat 2 +16" in text, text
    assert "own numbers: with a friend · declarer: +3" in text
    assert page.url.endswith("&o.score_values.declarer=3")
    assert page.locator("#ref-own-numbers").get_attribute("open") is not None
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "mighty-own-numbers")
    page.locator("#ref-own-numbers").scroll_into_view_if_needed()
    shot(page, "referee-mighty-own-numbers-panel", full_page=False)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_settles_a_nap_wellington(live_server, page):
    open_tool(page, live_server, "Is this bid allowed?", "Nap")
    chip(page, "n", "4")
    chip(page, "d", "Seat 4")
    call(page, "two")
    call(page, "four")
    call(page, "wellington")
    why = page.locator("#ref-why").inner_text()
    assert why.startswith("Wellington is not allowed.") and "only be called over nap" in why
    # The calls made stay as they were; the refused one is kept apart (x), so that the
    # address and the permalink show the refusal too.
    assert "c=two.four&x=wellington" in page.url
    assert "x=wellington" in page.locator("#permalink").input_value()
    assert ruling(page).startswith("Seat 3 calls next.")
    shoot(page, "nap-auction")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_works_without_javascript(live_server, browser):
    context = new_context(
        browser, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/referee/trick/?v=japanese&n=5&t=H&k=4&l=2&o.yoromeki=HQ")
    for code in ("C5", "C9", "SA", "CK", "HQ"):
        page.locator(f'.ref-deck button[data-card="{code}"]').click()
        page.wait_for_load_state()
    assert ruling(page).startswith("Seat 2 wins the trick")
    assert page.url.endswith("&p=C5.C9.SA.CK.HQ&o.yoromeki=HQ")
    shoot(page, "nojs-trick", script=False)
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_counts_every_card_tapped_while_a_page_is_on_its_way(live_server, page):
    open_tool(page, live_server, "Who won this trick?", "Japanese")
    chip(page, "t", "♥")
    chip(page, "k", "4")
    chip(page, "l", "Seat 3")
    codes = ("C5", "C9", "SA", "CK", "HQ")
    # Slow pages (the server's answer held back, not a wait of the test's): every tap after
    # the first comes while a page is still on its way.
    page.route("**/referee/**", lambda route: (page.wait_for_timeout(300), route.continue_()))
    for code in codes:
        page.locator(f'.ref-deck button[data-card="{code}"]').click()
    page.wait_for_function(
        "() => (document.getElementById('permalink') || {}).value?.includes('p=C5.C9.SA.CK.HQ')"
    )
    settle(page)
    assert ruling(page).startswith("Seat 5 wins the trick")  # ♠A, the almighty
