"""Real table life at a phone's size: six friends at a five-player game taking
turns to sit out, a newcomer in a seat left, a player joining (the count goes 5 → 6),
the stake raised from hand 4 with the settle-up counting each hand at its own, and the
share page's hands list filling in as hands are saved."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from scoring.models import GameSession, new_share_token
from tests.browser.support import patient, shot
from tests.browser.test_table import Taps, member, open_table  # noqa: F401
from tests.factories import make_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo"]


def checked_out(page) -> str:
    """The place ticked as sitting this hand out."""
    return page.locator("#f-out input[name=out]:checked").get_attribute("value")


def quick_hand(taps, declarer, partner):
    """3♠ by ``declarer`` with ``partner``, made exactly: five taps and Save."""
    taps.chip("declarer", str(declarer))
    taps.chip("level", "3")
    taps.chip("trump", "S")
    taps.chip("partner", str(partner))
    taps.page.wait_for_selector("#preview .deltas")
    taps.save()


def test_six_at_a_five_player_game_take_turns_to_sit_out(page, live_server, member):  # noqa: F811
    session = make_session(member, "taiwan", names=SIX)
    GameSession.objects.filter(pk=session.pk).update(players_per_hand=5)
    open_table(page, live_server, session)
    taps = Taps(page)
    # Hand 1: the rotation offers the one before the dealer; one tap picks another.
    assert checked_out(page) == "5"
    taps.chip("out", "4")
    expect(page.locator("#deal")).to_contain_text("Ann deals")
    shot(page, "lineup-sit-out", full_page=False)
    quick_hand(taps, 0, 1)
    sat_out = []
    for _hand in range(5):
        out = int(checked_out(page))  # the rotation's: no tap
        playing = [p for p in range(6) if p != out]
        quick_hand(taps, playing[0], playing[1])
    hands = list(session.hands.order_by("number"))
    assert len(hands) == 6
    names = {s.player_id: s.player.name for s in session.seats.select_related("player")}
    sat_out = [names[h.benched[0][1]] for h in hands]
    assert sat_out == ["Ed", "Flo", "Ann", "Bo", "Cy", "Dee"]
    assert all(len(h.lineup) == 5 for h in hands)
    # Nobody deals a hand they sit out.
    assert all(h.lineup[h.dealer] != h.benched[0][1] for h in hands)
    board = page.locator("#board")
    expect(board.locator("li.out")).to_have_count(1)
    shot(page, "lineup-after-six")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing beyond the edge


def test_a_newcomer_takes_a_seat_then_a_sixth_player_joins(page, live_server, member):  # noqa: F811
    session = make_session(member, "taiwan", names=SIX[:5])
    open_table(page, live_server, session)
    taps = Taps(page)
    quick_hand(taps, 0, 1)
    page.click("a:has-text('Players')")
    page.click("summary:has-text('Ed')")
    page.fill("input[name=name]:visible", "Gil")
    shot(page, "lineup-players", full_page=True)
    page.click("button[value=replace]:visible")
    page.wait_for_selector("#hand-form")
    expect(page.locator("#board")).to_contain_text("Gil")
    expect(page.locator("#board li.gone")).to_contain_text("Ed")
    quick_hand(taps, 0, 4)  # Ann with Gil, in Ed's seat
    # Hal joins after Dee: six play from now on (Taiwan Napoleon deals six too).
    page.click("a:has-text('Players')")
    page.fill("#join-name", "Hal")
    page.select_option("#join-after", label="Dee")
    page.click("#join-title + form input[name=per_hand][value='6']")
    page.click("button[value=join]")
    page.wait_for_selector("#hand-form")
    expect(page.locator("input[name=declarer]")).to_have_count(6)
    expect(page.locator("#f-out")).to_have_count(0)
    quick_hand(taps, 4, 0)  # Hal (now place 4) declares with Ann
    shot(page, "lineup-joined")
    hands = list(session.hands.order_by("number"))
    assert [len(h.lineup) for h in hands] == [5, 5, 6]
    names = {s.player_id: s.player.name for s in session.seats.select_related("player")}
    assert [names[p] for p in hands[2].lineup] == ["Ann", "Bo", "Cy", "Dee", "Hal", "Gil"]
    assert names[hands[1].lineup[4]] == "Gil" and names[hands[0].lineup[4]] == "Ed"


def test_the_stake_changes_at_hand_4_and_the_settle_up_counts_each_hand(
    page,
    live_server,
    member,  # noqa: F811
):
    session = make_session(member, "taiwan", names=SIX[:5], stake=Decimal("0.10"))
    open_table(page, live_server, session)
    taps = Taps(page)
    for _hand in range(3):
        quick_hand(taps, 0, 1)  # Ann +100, Bo +50, the others −50 each
    # Money beside the points during play: Ann 3 × 10.00.
    expect(page.locator("#board li").first.locator(".money")).to_have_text("+30.00")
    page.click("a:has-text('Stake')")
    page.fill("input[name=stake]", "0.50")
    expect(page.locator("input[name=start]")).to_have_value("4")
    shot(page, "lineup-stake", full_page=False)
    page.click("button:has-text('Save the stake')")
    page.wait_for_selector("#hand-form")
    quick_hand(taps, 2, 3)  # Cy with Dee, at 0.50
    expect(page.locator("#board li", has_text="Cy").locator(".money")).to_have_text("+35.00")
    page.goto(f"{live_server.url}/sessions/{session.pk}/summary/")
    body = page.locator("main")
    expect(body).to_contain_text("From hand 4: 0.50 a point")
    # Ann: 3 × 10.00 − 25.00 = 5.00; Cy: −15.00 + 50.00 = 35.00; Ed: −15.00 − 25.00.
    expect(body.locator("li", has_text="Ann").locator(".money")).to_have_text("+5.00")
    expect(body.locator("li", has_text="Cy").locator(".money")).to_have_text("+35.00")
    expect(body.locator("li", has_text="Ed").locator(".money")).to_have_text("−40.00")
    shot(page, "lineup-settle-up")


def test_the_share_page_lists_the_hands_as_they_are_saved(
    page,
    live_server,
    member,  # noqa: F811
):
    session = make_session(member, "taiwan", names=SIX[:5])
    token = new_share_token()
    GameSession.objects.filter(pk=session.pk).update(share_token=token)
    watcher = patient(page.context.browser.new_page(viewport={"width": 390, "height": 844}))
    watcher.goto(f"{live_server.url}/share/{token}/")
    expect(watcher.locator(".shared-hands")).to_contain_text("No hands yet")
    open_table(page, live_server, session)
    quick_hand(Taps(page), 0, 1)
    # The share page asks again every few seconds: the row comes without a reload.
    expect(watcher.locator(".shared-hands #hand-1")).to_be_visible()
    # A hand is two rows: what was played, then each player's score.
    expect(watcher.locator(".shared-hands #hand-1 + tr.scores")).to_contain_text("+100")
    shot(watcher, "lineup-share")
    watcher.set_viewport_size({"width": 844, "height": 390})  # lying sideways by the table
    shot(watcher, "lineup-share-landscape")
    watcher.close()


def test_the_owner_merges_two_spellings_of_one_player(page, live_server, member):  # noqa: F811
    make_session(member, "taiwan", names=SIX[:5])
    make_session(member, "taiwan", names=["Anne", "Bo", "Cy", "Dee", "Ed"][::-1])
    page.goto(f"{live_server.url}/leagues/{member.pk}/")
    page.click("a:has-text('Rename or merge players')")
    page.click("summary:has-text('Anne')")
    page.select_option("select[name=kept]:visible", label="Ann")
    shot(page, "lineup-merge", full_page=False)
    page.click("button[value=merge]:visible")
    expect(page.locator("main")).to_contain_text("Anne merged into Ann")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not member.players.filter(name="Anne").exists()
