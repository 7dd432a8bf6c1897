"""A deal miss that costs its caller (the Mighty's deal-miss penalty), recorded at a phone's
size (390×844): the board, the money and the hands list say what it cost, doubled for the
caller's second deal miss in a row."""

from decimal import Decimal

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import Hand
from tests.browser.support import shot
from tests.browser.test_table import Taps, member, open_table  # noqa: F401
from tests.browser.test_table_extras import in_language
from tests.factories import make_session, stored_deltas

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIGHTY = ["Jin", "Min", "Soo", "Hyun", "Woo"]
DOUBLING = {"deal_miss": "on", "deal_miss_penalty": "doubling", "deal_miss_points": 2}


def test_a_penalised_deal_miss_shows_what_it_cost(page, live_server, member):  # noqa: F811
    session = make_session(member, "mighty", names=MIGHTY, options=DOUBLING, stake=Decimal("0.5"))
    open_table(page, live_server, session)
    taps = Taps(page)
    taps.chip("declarer", "2")  # Soo calls it
    taps.save("dealmiss")
    expect(page.locator("#hand-1")).to_contain_text("its caller pays 2 to each other player")
    taps.chip("declarer", "2")  # Soo again, dealt by Soo: the second in a row doubles
    taps.save("dealmiss")
    expect(page.locator("#hand-2")).to_contain_text("deal miss · Soo")
    expect(page.locator("#hand-2")).to_contain_text("its caller pays 4 to each other player")
    assert [stored_deltas(hand) for hand in Hand.objects.order_by("number")] == [
        (2, 2, -8, 2, 2),
        (4, 4, -16, 4, 4),
    ]
    totals = page.locator("#board .total").all_inner_texts()
    assert totals == ["+6", "+6", "−24", "+6", "+6"]
    shot(page, "deal-miss-penalty")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_korean_table_says_what_a_deal_miss_cost_in_its_words(browser, page, live_server, member):  # noqa: F811
    names = ["김민준", "김민지", "남궁민수", "박지훈", "선우예린"]
    session = make_session(member, "mighty", names=names, options=DOUBLING)
    context, phone = in_language(browser, page, "ko")
    try:
        open_table(phone, live_server, session)
        taps = Taps(phone)
        taps.chip("declarer", "3")  # 박지훈 calls it
        taps.on("button[value=dealmiss]")
        phone.wait_for_selector("#hand-form[data-hand-number='2']")
        with translation.override("ko"):
            words = translation.gettext("its caller pays %(points)d to each other player")
        expect(phone.locator("#hand-1")).to_contain_text(words % {"points": 2})
        expect(phone.locator("#hand-1")).to_contain_text("박지훈")
        shot(phone, "deal-miss-penalty-ko")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
