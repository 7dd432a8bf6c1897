"""House rules at the table, at a phone's size: a Japanese session playing five
house rules, recorded and then refereed with them, and a six-player Mighty hand whose
declarer kills a player."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import HandScore
from tests.browser.support import shot
from tests.browser.test_table import (  # noqa: F401
    SEVEN,
    Taps,
    engine_totals,
    member,
    open_table,
    screen_totals,
)
from tests.factories import make_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Five house rules away from the Japanese defaults.
JAPANESE_HOUSE = {
    "yoromeki": "HQ",  # ♥Q takes the almighty ♠A
    "dq_beats_trump_jack": True,  # ♦Q takes the trump jack
    "pass_is_final": True,
    "min_bid": 12,
    "same_two": False,
}


def referee(page, live_server, session, query):
    page.goto(f"{live_server.url}/referee/trick/?session={session.pk}&{query}")
    return page.locator("main")


def test_a_japanese_table_records_and_referees_by_its_five_house_rules(
    page,
    live_server,
    member,  # noqa: F811
):
    names = SEVEN[:5]
    session = make_session(member, "japanese", names=names, options=JAPANESE_HOUSE)
    assert sum(session.options[k] != v for k, v in session.engine.rules({}, 5).as_json().items())
    open_table(page, live_server, session)
    taps = Taps(page)
    # 12 is a bid here (the table's lowest); the default table starts at 13.
    for name, value in (("declarer", "0"), ("level", "12"), ("trump", "H"), ("partner", "1")):
        taps.chip(name, value)
    page.wait_for_selector("#preview .deltas")
    taps.save()
    hand = session.hands.get()
    assert (hand.contract, hand.made) == ("12H", True)
    assert screen_totals(page) == engine_totals(session)
    shot(page, "house-japanese-table", full_page=False)

    # The referee reads the session's rules: ♥Q takes ♠A on trick 4 (yoromeki) ...
    main = referee(page, live_server, session, "t=S&k=4&l=0&p=SA.HQ.C5.C6.C7")
    expect(main.locator(".ref-ruling .verdict").first).to_contain_text(names[1])
    expect(main.locator(".ref-ruling")).to_contain_text(re.compile("♥Q"))
    shot(page, "house-japanese-yoromeki")
    # ... and ♦Q takes the trump jack.
    main = referee(page, live_server, session, "t=S&k=4&l=0&p=SJ.DQ.C5.C6.C7")
    expect(main.locator(".ref-ruling .verdict").first).to_contain_text(names[1])
    # The same trick under the game's defaults: the trump jack wins.
    page.goto(f"{live_server.url}/referee/trick/?v=japanese&n=5&t=S&k=4&l=0&p=SJ.DQ.C5.C6.C7")
    expect(page.locator(".ref-ruling .verdict").first).to_contain_text("Seat 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_six_player_mighty_hand_records_who_was_killed(page, live_server, member):  # noqa: F811
    names = SEVEN[:6]
    session = make_session(member, "mighty", names=names)
    open_table(page, live_server, session)
    taps = Taps(page)
    for name, value in (("declarer", "0"), ("level", "15"), ("trump", "S")):
        taps.chip(name, value)
    taps.chip("killed", "4")  # Ed is killed: dealt in, plays no card, scores nothing
    taps.chip("partner", "1")
    page.wait_for_selector("#preview .deltas")
    shot(page, "house-mighty-kill", full_page=False)
    taps.save()
    hand = session.hands.get()
    assert hand.sitting_out == 4 and hand.made
    scores = {s.player.name: s.delta for s in HandScore.objects.filter(hand=hand)}
    assert scores.get("Ed", 0) == 0 and scores["Ann"] > 0 and sum(scores.values()) == 0
    assert screen_totals(page) == engine_totals(session)
    assert taps.count <= 7  # the kill is one tap more than a five-player hand
