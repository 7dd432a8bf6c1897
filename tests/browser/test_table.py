"""A whole session at the table, in Chromium at a phone's size, for five variants.

Each plays three hands through the real pages (one by card grid or tricks, one
by quick count, one passed out), edits a hand, undoes one, and checks that the
totals on screen are the engine's.
"""

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from scoring.models import GameSession, League, Membership
from tests.browser.support import log_in

SHOTS = Path(__file__).parent / "screenshots"
PASSWORD = "a-long-test-password"
NAMES = {4: ["Ann", "Bo", "Cy", "Dee"], 5: ["Ann", "Bo", "Cy", "Dee", "Ed"]}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def member(live_server, page):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    log_in(page, live_server, "host", PASSWORD)
    return league


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def tap(page, name, value):
    page.click(f"input[name={name}][value='{value}']")


def start(page, live_server, league, variant, players):
    page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
    tap(page, "variant", variant)
    page.fill("textarea[name=players]", "\n".join(NAMES[players]))
    page.click("button[type=submit].primary")
    page.wait_for_url("**/sessions/*/")
    return GameSession.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def save(page, action="save"):
    """Save (or pass out) and wait for the table screen of the next hand."""
    heading = page.locator("#record h2").inner_text()
    number = int(heading.split()[-1])
    page.click(f"button[value={action}]")
    page.wait_for_selector(f"#record h2:has-text('{number + 1}')")


def contract(page, level, trump, declarer, partner):
    tap(page, "declarer", declarer)
    tap(page, "level", level)
    tap(page, "trump", trump)
    tap(page, "partner", partner)


def card_grid(page, owners):
    """Assign point cards: ``owners`` maps a seat (or "discard") to card codes."""
    tap(page, "mode", "cards")
    for owner, codes in owners.items():
        page.click(f".owner[data-owner='{owner}']")
        for code in codes:
            page.click(f".tile[data-card={code}]")


def quick_count(page, points):
    tap(page, "mode", "count")
    page.fill("input[name=points]", str(points))


def tricks(page, counts):
    for seat, count in enumerate(counts):
        page.fill(f"input[name=tricks_{seat}]", str(count))


def screen_totals(page):
    texts = page.locator("#board .total").all_inner_texts()
    return [int(t.replace("−", "-").replace("+", "")) for t in texts]


def engine_totals(session):
    totals = [0] * session.players_count
    for hand in session.hands.all():
        score = hand.engine_score()
        if score is not None:
            totals = [a + b for a, b in zip(totals, score.deltas, strict=True)]
    return totals


def finish(page, live_server, session, name, edit):
    """Edit hand 1, undo the last hand, and compare the screen with the engine."""
    page.goto(f"{live_server.url}/sessions/{session.pk}/hands/")
    shot(page, f"{name}-hands")
    page.click("a[href$='/hands/1/edit/']")
    edit(page)
    page.click("button[value=save]")
    page.wait_for_url("**/hands/")
    page.goto(f"{live_server.url}/sessions/{session.pk}/undo/")
    shot(page, f"{name}-undo")
    page.click("button[type=submit].primary")
    page.wait_for_url(f"**/sessions/{session.pk}/")
    shot(page, f"{name}-after")
    assert session.hands.count() == 2
    assert screen_totals(page) == engine_totals(session)
    assert sum(1 for _ in page.locator("#board .badge").all()) == 1


def test_it_keeps_a_taiwan_session(page, live_server, member):
    session = start(page, live_server, member, "taiwan", 5)
    contract(page, 3, "S", declarer=0, partner=2)
    card_grid(
        page,
        {
            0: ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ"],
            2: ["HJ", "DA", "DK", "DQ"],
            3: ["DJ", "CA"],
            4: ["CK", "CQ"],
            "discard": ["CJ"],
        },
    )
    page.wait_for_selector("#preview table")
    shot(page, "taiwan-grid")
    save(page)
    contract(page, 1, "NT", declarer=1, partner="alone")
    quick_count(page, 7)
    save(page)
    save(page, "passed")
    assert [h.status for h in session.hands.order_by("number")] == ["played", "played", "passed"]
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "taiwan", lambda p: quick_count(p, 12))


def test_it_keeps_a_japanese_chip_session(page, live_server, member):
    session = start(page, live_server, member, "japanese-chip", 5)
    contract(page, 13, "H", declarer=2, partner=4)
    tens = ["S10", "H10", "D10", "C10"]
    card_grid(
        page,
        {
            2: ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", "DA", "DK", "DQ"],
            4: ["DJ", "CA", "CK"],
            0: ["CQ", "CJ", *tens],
        },
    )
    page.wait_for_selector("#preview table")
    shot(page, "chip-grid")
    save(page)
    contract(page, 15, "S", declarer=3, partner=3)
    quick_count(page, 14)
    save(page)
    save(page, "passed")
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "chip", lambda p: quick_count(p, 20))


def test_it_keeps_a_mighty_session(page, live_server, member):
    session = start(page, live_server, member, "mighty", 5)
    contract(page, 14, "D", declarer=0, partner=3)
    tens = ["S10", "H10", "D10", "C10"]
    card_grid(
        page,
        {
            0: ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", *tens],
            3: ["DA", "DK"],
            1: ["DQ", "DJ", "CA", "CK", "CQ"],
            "discard": ["CJ"],
        },
    )
    page.wait_for_selector("#preview table")
    shot(page, "mighty-grid")
    save(page)
    # The friend (seat 3) deals the next hand.
    assert "Dee" in page.locator("#board .badge").locator("xpath=..").inner_text()
    contract(page, 16, "NT", declarer=1, partner="alone")
    quick_count(page, 17)
    save(page)
    save(page, "passed")
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "mighty", lambda p: quick_count(p, 9))


def test_it_keeps_a_thai_session(page, live_server, member):
    session = start(page, live_server, member, "thai", 5)
    contract(page, 2, "C", declarer=4, partner=1)
    tricks(page, [1, 3, 0, 1, 5])
    page.wait_for_selector("#preview table")
    shot(page, "thai-tricks")
    save(page)
    tap(page, "declarer", 0)
    tap(page, "level", 1)
    tap(page, "trump", "S")
    tap(page, "partner", 2)
    page.click("input[name=toppled]")
    save(page)
    save(page, "passed")
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "thai", lambda p: tricks(p, [0, 2, 0, 1, 7]))


def test_it_keeps_a_nap_session(page, live_server, member):
    session = start(page, live_server, member, "nap", 4)
    tap(page, "declarer", 1)
    tap(page, "nap_bid", "misere")
    tricks(page, [2, 0, 2, 1])
    page.wait_for_selector("#preview table")
    shot(page, "nap-tricks")
    save(page)
    # A bare make takes three taps: the steppers start at three tricks for the bidder.
    tap(page, "declarer", 2)
    tap(page, "nap_bid", "three")
    save(page)
    second = session.hands.get(number=2)
    assert (second.made, second.tricks["2"], sum(second.tricks.values())) == (True, 3, 5)
    save(page, "passed")
    assert screen_totals(page) == engine_totals(session)
    finish(page, live_server, session, "nap", lambda p: tricks(p, [1, 1, 2, 1]))


def test_it_records_a_bare_thai_make_in_five_taps(page, live_server, member):
    session = start(page, live_server, member, "thai", 5)
    # Handicap 3: the napoleon's side needs 7 of the 10 tricks (7 > 3 + 3).
    contract(page, 3, "H", declarer=1, partner=3)
    values = [page.input_value(f"input[name=tricks_{seat}]") for seat in range(5)]
    assert values == ["1", "4", "1", "3", "1"]
    page.wait_for_selector("#preview table")
    shot(page, "thai-bare-make")
    save(page)
    hand = session.hands.get()
    assert hand.made is True and hand.tricks == {"0": 1, "1": 4, "2": 1, "3": 3, "4": 1}
    # A stepper the player touched is theirs: choosing another handicap leaves it alone.
    contract(page, 2, "S", declarer=0, partner="alone")
    assert page.input_value("input[name=tricks_0]") == "7"
    page.click("#tricks .stepper:first-of-type button[data-step='-1']")
    tap(page, "level", 4)
    assert page.input_value("input[name=tricks_0]") == "6"


def test_it_asks_before_a_tap_drops_an_entered_hand_or_ends_the_session(page, live_server, member):
    session = start(page, live_server, member, "taiwan", 5)
    save(page, "passed")  # nothing entered: a real pass-out stays one tap, no question
    tap(page, "declarer", 2)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("button[value=passed]")
    assert "passed out" in asked[0]
    assert session.hands.count() == 1
    assert page.locator("input[name=declarer][value='2']").is_checked()
    page.once("dialog", lambda dialog: dialog.accept())
    save(page, "passed")
    assert [h.status for h in session.hands.order_by("number")] == ["passed", "passed"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("text=End session")
    page.wait_for_url("**/summary/")
    session.refresh_from_db()
    assert session.ended_at is not None
