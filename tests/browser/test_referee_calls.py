"""The house rules' calls tapped on a phone (390×844): a six-player Mighty trick with a killed
seat, and a dealt hand counted for a deal miss, switched on in one tap. Screenshots, for a
person to look at, when NAPOLEON_SCREENSHOTS names a folder."""

import pytest

from tests.browser.support import shot
from tests.browser.test_referee import cards, chip, open_tool, ruling, settle, shoot, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_settles_a_six_player_mighty_trick_with_a_killed_seat(live_server, page):
    open_tool(page, live_server, "Who won this trick?", "Mighty")
    chip(page, "n", "6")
    assert page.locator("#field-ko").is_visible()
    chip(page, "ko", "Seat 3")  # the declarer killed seat 3
    assert page.locator("#field-l").get_by_role("radio", name="Seat 3").count() == 0
    chip(page, "t", "♥")
    chip(page, "k", "3")
    chip(page, "l", "Seat 1")
    assert page.locator(".ref-slot").count() == 5
    cards(page, "C3")
    page.locator('input[name="j"]').check()  # the ripper calls the joker
    settle(page)
    cards(page, "JK", "CA", "C5", "C9")
    text = ruling(page)
    assert text.startswith("Seat 4 wins the trick"), text
    assert "ripper" in text
    whos = page.locator(".ref-slot .who").all_inner_texts()
    assert whos == ["Seat 1", "Seat 2", "Seat 4", "Seat 5", "Seat 6"]
    assert "ko=2" in page.url
    assert page.locator(".ref-deck button").first.bounding_box()["height"] >= 44
    shoot(page, "mighty-kill-trick")


def test_it_counts_a_dealt_hand_for_a_deal_miss(live_server, page):
    open_tool(page, live_server, "May I call a deal miss?", "Mighty")
    off = page.locator("#deal-miss-off")
    assert off.is_visible() and "it is off" in off.inner_text()
    shot(page, "referee-deal-miss-off", full_page=False)
    tap(page, "#deal-miss-on")  # one tap turns the house rule on
    assert page.locator("#deal-miss-off").count() == 0
    assert "o.deal_miss=on" in page.url
    chip(page, "n", "6")  # six players are dealt 8 cards
    cards(page, "SA", "C10", "H2", "H3", "H4", "D5", "D6")
    assert "7 so far" in page.locator("#hand-progress").inner_text()
    assert not page.locator("#ref-codes").evaluate("d => d.open")
    cards(page, "D7")
    text = ruling(page)
    assert text.startswith("Yes: this hand may call a deal miss."), text
    assert "♠A 0, ♣10 1: 1 is at most 1" in text
    shoot(page, "deal-miss-yes")
    # The table counts a ten as much as a point card: the same hand is now too strong.
    page.fill("#id-o\\.deal_miss_values\\.ten", "2")
    page.locator("#id-o\\.deal_miss_values\\.ten").dispatch_event("change")
    settle(page)
    text = ruling(page)
    assert text.startswith("No: this hand is too strong"), text
    assert "o.deal_miss_values.ten=2" in page.url
    shoot(page, "deal-miss-no")
