"""The table screen in Chromium at a phone's size: a hand in a few taps, on one screen.

A quick hand in each variant, tapped as a player would, with Save on screen all along;
the card grid entered by one side; a refused Save that keeps the entry; the htmx answer
that brings the new scoreboard and row without a reload; the page without JavaScript;
and whole sessions (three hands, an edit and an undo) whose totals are the engine's.
"""

import time

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import GameSession, League, Membership
from scoring.table.lineup import players_count
from tests.browser.support import log_in, new_context, shot
from tests.factories import make_session
from tests.waiting import PATIENCE

PASSWORD = "a-long-test-password"
NAMES = {4: ["Ann", "Bo", "Cy", "Dee"], 5: ["Ann", "Bo", "Cy", "Dee", "Ed"]}
SEVEN = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]
PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# On screen and not under the bar at the bottom: tappable without a swipe.
REACHABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || y < 0 || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
}"""


@pytest.fixture
def member(live_server, page):
    return member_league(live_server, page)


def member_league(live_server, page):
    """An owner of the "Friday club", logged in."""
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    log_in(page, live_server, "host", PASSWORD)
    return league


class Taps:
    """Taps on the table screen, each one on a control in sight (no swipe first)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def on(self, selector):
        element = self.page.locator(selector).first
        assert element.evaluate(REACHABLE), f"{selector} needs a swipe first"
        element.click()
        self.count += 1

    def chip(self, name, value):
        self.on(f"input[name={name}][value='{value}']")

    def save(self, action="save"):
        number = int(self.page.locator("#record h2").inner_text().split()[-1])
        self.on(f"button[value={action}]")
        self.page.wait_for_selector(f"#record h2:has-text('{number + 1}')")


def tap(page, name, value):
    page.click(f"input[name={name}][value='{value}']")


def open_table(page, live_server, session):
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    page.wait_for_selector("#hand-form")


# ---- a quick hand in each variant ---------------------------------------------------------

# variant, players, contract chips, what the result starts at, the seat that deals next
QUICK = {
    "taiwan": (5, {"level": "3", "trump": "S"}, "11"),
    "hongkong": (5, {"level": "1", "trump": "NT"}, "9"),
    "japanese": (7, {"level": "13", "trump": "H"}, "13"),
    "japanese-chip": (5, {"level": "14", "trump": "D"}, "14"),
    "thai": (5, {"level": "3", "trump": "C"}, "7"),
    "mighty": (5, {"level": "15", "trump": "S"}, "15"),
    "nap": (4, {"nap_bid": "three"}, "3"),
}


@pytest.mark.parametrize("variant", QUICK)
def test_it_records_a_quick_hand_in_a_few_taps_with_save_in_sight(
    page, live_server, member, variant
):
    players, contract, start = QUICK[variant]
    names = SEVEN[:players]
    session = make_session(member, variant, names=names)
    open_table(page, live_server, session)
    taps = Taps(page)
    taps.chip("declarer", "0")
    for name, value in contract.items():
        taps.chip(name, value)
    if page.locator("input[name=partner]").count():
        taps.chip("partner", "1")
    # The result starts at what the contract needs: no tap for a hand made exactly.
    assert page.locator(f"input[name=points][value='{start}']").is_checked()
    page.wait_for_selector("#preview .deltas")
    assert page.locator("button[value=save]").evaluate(REACHABLE)
    shot(page, f"quick-{variant}", full_page=False)
    taps.save()
    assert taps.count == 2 + len(contract) + (0 if variant == "nap" else 1) <= 6
    hand = session.hands.get()
    assert (hand.made, hand.points) == (True, int(start))
    # The next hand's form, empty, and no swipe was needed.
    assert page.locator("input[name=declarer]:checked").count() == 0
    assert page.evaluate("window.scrollY") == 0


def test_taps_made_while_the_page_loads_are_caught_up(browser, live_server, member):
    # A slow phone: the chips are on screen before the page's scripts have run. What was
    # tapped by then is previewed once they do, the result started at the target. (No
    # service worker: it would serve the script from its cache, past the route.)
    session = make_session(member, "taiwan", names=NAMES[5])
    context = new_context(browser, viewport=PHONE, service_workers="block")
    page = context.new_page()
    held = []
    try:
        log_in(page, live_server, "host", PASSWORD)
        page.route("**/js/table.js", lambda route: held.append(route))
        page.goto(f"{live_server.url}{session.get_absolute_url()}", wait_until="commit")
        page.wait_for_selector("#hand-form button[value=save]")
        for name, value in (("declarer", "0"), ("level", "3"), ("trump", "S"), ("partner", "1")):
            tap(page, name, value)
        deadline = time.monotonic() + PATIENCE
        while not held and time.monotonic() < deadline:  # route handlers run while it waits
            page.wait_for_timeout(20)
        expect(page.locator("#preview .deltas")).to_have_count(0)
        held[0].continue_()
        expect(page.locator("#preview .deltas")).to_be_visible()
        assert page.locator("input[name=points][value='11']").is_checked()
    finally:
        context.close()


def test_a_result_off_the_target_is_one_tap_or_two(page, live_server, member):
    session = make_session(member, "taiwan", names=NAMES[5])
    open_table(page, live_server, session)
    taps = Taps(page)
    for name, value in (("declarer", "1"), ("level", "2"), ("trump", "H"), ("partner", "3")):
        taps.chip(name, value)
    taps.chip("points", "11")  # one over the target of 10: one tap
    taps.on("button.more")  # far from it: "other…" shows every total ...
    taps.chip("points", "15")  # ... and one more tap
    expect(page.locator("#preview")).to_contain_text("15 (target 10)")
    taps.save()
    assert session.hands.get().points == 15 and taps.count == 8


# ---- the card grid, by one side -------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "defenders"),
    [
        ("taiwan", ["CA", "CK", "CQ", "CJ", "DJ"]),  # the napoleon's side: 11 of 16
        ("mighty", ["CA", "CK", "CQ", "CJ", "C10", "DJ", "D10"]),  # the declarer's: 13 of 20
    ],
)
def test_it_enters_the_card_grid_by_one_side(page, live_server, member, variant, defenders):
    session = make_session(member, variant, names=NAMES[5])
    open_table(page, live_server, session)
    taps = Taps(page)
    level = "3" if variant == "taiwan" else "13"
    for name, value in (("declarer", "0"), ("level", level), ("trump", "S"), ("partner", "1")):
        taps.chip(name, value)
    taps.on("button.mode-toggle")
    page.wait_for_selector(".tiles")
    for code in defenders:  # the defenders' side is the one tapped unless chosen otherwise
        tile = page.locator(f".tile[data-card='{code}'] .tt")
        tile.scroll_into_view_if_needed()
        tile.click()
        taps.count += 1
        assert tile.get_attribute("aria-pressed") == "true"
    page.wait_for_selector("#preview .deltas")
    assert "Made" in page.locator("#preview").inner_text()
    shot(page, f"grid-by-side-{variant}")
    taps.save()
    assert taps.count <= 15
    hand = session.hands.get()
    assert (hand.mode, hand.points, hand.made) == (
        "cards",
        20 - len(defenders) if variant == "mighty" else 11,
        True,
    )


# ---- a refused Save, the htmx answer, no JavaScript ----------------------------------------


def test_a_refused_save_keeps_the_entry_and_says_why(page, live_server, member):
    session = make_session(member, "taiwan", names=NAMES[5])
    open_table(page, live_server, session)
    page.evaluate("window.sameDocument = true")
    for name, value in (("declarer", "2"), ("level", "4"), ("trump", "D")):
        tap(page, name, value)
    page.click("button[value=save]")  # no secretary chosen, nor alone
    page.wait_for_selector("#record .errorlist")
    assert "Choose who held the called card, or “alone”." in page.locator("#record").inner_text()
    for name, value in (("declarer", "2"), ("level", "4"), ("trump", "D"), ("points", "12")):
        assert page.locator(f"input[name={name}][value='{value}']").is_checked()
    assert page.evaluate("window.sameDocument") is True  # swapped in, not reloaded
    shot(page, "table-refused", full_page=False)
    tap(page, "partner", "alone")
    Taps(page).save()
    assert session.hands.get().partner is None


def test_the_htmx_answer_brings_the_board_and_the_new_row(page, live_server, member):
    session = make_session(member, "taiwan", names=NAMES[5])
    open_table(page, live_server, session)
    page.evaluate("window.sameDocument = true")
    answers = []
    page.on("response", lambda r: answers.append(r) if "/record/" in r.url else None)
    for name, value in (("declarer", "0"), ("level", "3"), ("trump", "H"), ("partner", "1")):
        tap(page, name, value)
    tap(page, "points", "12")
    page.wait_for_selector("#preview .deltas")
    Taps(page).save()
    assert page.evaluate("window.sameDocument") is True
    assert answers[-1].status == 200 and not answers[-1].headers.get("hx-redirect")
    assert page.locator("#board .total").all_inner_texts() == ["+120", "+60", "−60", "−60", "−60"]
    assert "Hand 2 · Bo deals" in page.locator("#board").inner_text()
    row = page.locator("#hand-rows tr").first
    assert row.get_attribute("id") == "hand-1"
    assert "3♥ · Ann · secretary Bo · ✓ made 12 (target 11)" in row.inner_text()
    assert row.locator(".suit-H").count() == 1
    assert "Hand 1 saved." in page.locator("#preview").inner_text()
    assert page.locator("#undo-slot a").count() == 1
    shot(page, "table-after-save", full_page=True)


def test_the_table_records_without_javascript(browser, browser_context_args, live_server, member):
    session = make_session(member, "thai", names=NAMES[5])
    context = new_context(browser, **browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        open_table(page, live_server, session)
        for name, value in (("declarer", "4"), ("level", "2"), ("trump", "C"), ("partner", "1")):
            tap(page, name, value)
        tap(page, "points", "8")  # every total is a chip without the script
        shot(page, "table-no-js")
        page.click("button[value=save]")
        page.wait_for_selector("#record h2:has-text('2')")
        assert "Hand 1 saved." in page.locator(".messages").inner_text()
        hand = session.hands.get()
        assert (hand.declarer_points, hand.made) == (8, True)
    finally:
        context.close()


# ---- whole sessions -----------------------------------------------------------------------------


def start(page, live_server, league, variant, players):
    page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
    tap(page, "variant", variant)
    page.fill("textarea[name=players]", "\n".join(NAMES[players]))
    page.click("button[type=submit].primary")
    page.wait_for_url("**/sessions/*/")
    return GameSession.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def result(page, value):
    """The result's chip, from the chips next to the target or from "other…"."""
    chip = page.locator(f"input[name=points][value='{value}']")
    if not chip.is_visible():
        page.click("button.more")
    chip.click()


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


def by_player(page, counts):
    page.click("button.mode-toggle")
    for seat, count in enumerate(counts):
        page.fill(f"input[name=tricks_{seat}]", str(count))


def test_it_keeps_a_thai_session_with_a_betrayal_and_a_topple(page, live_server, member):
    session = start(page, live_server, member, "thai", 5)
    for name, value in (("declarer", "4"), ("level", "2"), ("trump", "C"), ("partner", "1")):
        tap(page, name, value)
    by_player(page, [1, 5, 0, 1, 3])  # the friend took more than the napoleon: betrayal
    expect(page.locator("#reasons")).to_contain_text("betrayal")
    # Why the napoleon failed with enough tricks, on the verdict's line, in view by Save.
    verdict = page.locator("#preview .verdict")
    expect(verdict).to_contain_text("(target 7) · betrayal")
    expect(verdict).to_contain_text("Failed")
    assert verdict.evaluate(REACHABLE)
    shot(page, "thai-betrayal")
    Taps(page).save()
    for name, value in (("declarer", "0"), ("level", "1"), ("trump", "S"), ("partner", "2")):
        tap(page, name, value)
    page.click("input[name=toppled]")
    Taps(page).save()
    Taps(page).save("passed")
    assert [h.made for h in session.hands.order_by("number")] == [False, False, None]
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "thai", lambda p: result(p, "9"))


def test_it_keeps_a_mighty_session(page, live_server, member):
    session = start(page, live_server, member, "mighty", 5)
    for name, value in (("declarer", "0"), ("level", "14"), ("trump", "D"), ("partner", "3")):
        tap(page, name, value)
    result(page, "16")
    Taps(page).save()
    # The friend (seat 3) deals the next hand.
    assert "Dee" in page.locator("#board .dealer").inner_text()
    for name, value in (("declarer", "1"), ("level", "16"), ("trump", "NT"), ("partner", "alone")):
        tap(page, name, value)
    result(page, "17")
    Taps(page).save()
    Taps(page).save("passed")
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "mighty", lambda p: result(p, "9"))


def finish(page, live_server, session, name, edit):
    """Edit hand 1, undo the last hand, and compare the screen with the engine."""
    page.goto(f"{live_server.url}/sessions/{session.pk}/hands/")
    shot(page, f"{name}-hands")
    page.click("a[href$='/hands/1/edit/']")
    if page.locator("button.mode-toggle[aria-pressed=true]").count():
        page.click("button.mode-toggle")  # back to the side's total
    edit(page)
    page.click("button[value=save]")
    page.wait_for_url("**/hands/")
    page.goto(f"{live_server.url}/sessions/{session.pk}/undo/")
    page.click("button[type=submit].primary")
    page.wait_for_url(f"**/sessions/{session.pk}/")
    shot(page, f"{name}-after")
    assert session.hands.count() == 2
    assert screen_totals(page) == engine_totals(session)
    assert page.locator("#board .dealer").count() == 1


def test_it_asks_before_a_tap_drops_an_entered_hand_or_ends_the_session(page, live_server, member):
    session = make_session(member, "taiwan", names=NAMES[5])
    open_table(page, live_server, session)
    Taps(page).save("passed")  # nothing entered: a real pass-out stays one tap, no question
    tap(page, "declarer", "2")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("button[value=passed]")
    assert "passed out" in asked[0]
    assert session.hands.count() == 1
    assert page.locator("input[name=declarer][value='2']").is_checked()
    page.once("dialog", lambda dialog: dialog.accept())
    Taps(page).save("passed")
    assert [h.status for h in session.hands.order_by("number")] == ["passed", "passed"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("text=End session")
    page.wait_for_url("**/summary/")
    session.refresh_from_db()
    assert session.ended_at is not None


def test_it_clears_the_entry_and_the_called_card(page, live_server, member):
    session = make_session(member, "taiwan", names=NAMES[5])
    open_table(page, live_server, session)
    for name, value in (
        ("declarer", "0"),
        ("level", "3"),
        ("called_suit", "H"),
        ("called_rank", "A"),
    ):
        tap(page, name, value)
    tap(page, "called_suit", "")  # "none": a called card tapped by mistake goes
    assert page.locator("input[name=called_suit]:checked").get_attribute("value") == ""
    page.click("button.clear")
    assert page.locator("input[name=declarer]:checked, input[name=level]:checked").count() == 0
    assert page.locator("input[name=points]:checked").count() == 0
