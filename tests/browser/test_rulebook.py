"""The rules pages in Chromium at phone size: reading, searching, following a result, house rules."""

import re

import pytest
from playwright.sync_api import expect

from scoring.rules import VARIANTS
from tests.browser.support import shot


def fits_the_phone(page) -> bool:
    # Measured once the page's stylesheets have arrived: a measure taken while one is still
    # loading lays the page out without it (the browser never paints that).
    page.wait_for_load_state("load")
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_reads_a_variant_searches_and_follows_a_result_to_its_section(live_server, page):
    page.goto(f"{live_server.url}/rules/")
    expect(page.locator("h1")).to_have_text("Rules of the seven games")
    shot(page, "rules-index", full_page=False)

    page.get_by_role("link", name=re.compile(r"^Japanese Napoleon 53 cards")).click()
    expect(page.locator("h1")).to_have_text("Japanese Napoleon")
    assert fits_the_phone(page)
    shot(page, "rules-japanese-top", full_page=False)

    page.fill("#rules-q", "yoromeki")
    page.press("#rules-q", "Enter")
    expect(page.locator(".results li").first).to_be_visible()
    expect(page.locator(".results mark").first).to_have_text(re.compile("yoromeki", re.I))
    assert fits_the_phone(page)
    shot(page, "rules-search-yoromeki", full_page=False)

    page.locator('.results a[href="/rules/japanese-chip/#yoromeki"]').click()
    expect(page).to_have_url(re.compile(r"/rules/japanese-chip/#yoromeki$"))
    section = page.locator("#yoromeki")
    expect(section).to_be_in_viewport()
    expect(section).to_contain_text("♥Q wins it")
    shot(page, "rules-followed-to-yoromeki", full_page=False)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_rewrites_the_page_when_a_house_rule_is_tapped(live_server, page):
    page.goto(f"{live_server.url}/rules/taiwan/#opt-joker_summon")
    option = page.locator("#opt-joker_summon")
    expect(option).to_be_in_viewport()
    shot(page, "rules-taiwan-option-before", full_page=False)

    option.get_by_role("link", name="by any play, any trick").click()
    expect(page).to_have_url(re.compile(r"o\.joker_summon=any_play#opt-joker_summon$"))
    expect(page.locator("#opt-joker_summon .badge")).to_have_text("house rule")
    expect(page.locator(".in-force")).to_contain_text("Summoning jokers: by any play, any trick")
    expect(page.locator("#jokers")).to_contain_text("as soon as someone plays the 2 of trumps")
    shot(page, "rules-taiwan-option-after", full_page=False)

    page.locator(".in-force a", has_text="Summoning jokers").click()
    expect(page.locator("#opt-joker_summon")).to_be_in_viewport()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_fits_every_variant_on_a_phone_with_big_enough_links(live_server, page):
    for code in VARIANTS:
        page.emulate_media(color_scheme="light")
        page.goto(f"{live_server.url}/rules/{code}/")
        assert fits_the_phone(page), code
        for link in page.locator(".anchor, .toc a, .choices a").all()[:40]:
            box = link.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, (code, link.inner_text())
        # Sizes are the same in both schemes; the colours are looked at in both.
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shot(page.locator("#scoring"), f"rules-{code}-scoring-{scheme}")
            if code in ("taiwan", "mighty"):
                shot(page.locator("#card-order"), f"rules-{code}-card-order-{scheme}")


# Pages whose sections state house rules: the longest sentences and the
# widest tables (Nap's calls made and failed) a table's rules put on a page.
HOUSE_PAGES = [
    (
        "mighty",
        "players=6&o.formula=pagat_pm1&o.back_run=opponents_reach_bid&o.deal_miss=on"
        "&o.ripper_first_trick=lead_and_call&o.bid_20_doubles=true",
        ("kill", "scoring"),
    ),
    (
        "nap",
        "o.payout=classic&o.sir_garnet=true&o.all_pass=dealer_bids_one&o.joker=true",
        ("auction", "scoring"),
    ),
    (
        "japanese",
        "o.auction_order=free&o.joker_call=S3_played&o.dq_beats_trump_jack=true"
        "&o.plain_tricks=last&o.plain_trick_specials=almighty",
        ("auction", "jokers", "tricks"),
    ),
]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_fits_the_house_rules_sentences_and_tables_on_a_phone(live_server, page):
    for code, query, sections in HOUSE_PAGES:
        page.goto(f"{live_server.url}/rules/{code}/?{query}")
        assert fits_the_phone(page), code
        # The sections say where a house rule changes them, each with its badge.
        assert page.locator(".rule-section:not(#house-rules) .badge.hr").count() >= 3, code
        for section in sections:
            box = page.locator(f"#{section}")
            assert box.evaluate("el => el.getBoundingClientRect().right") <= 390, (code, section)
            shot(box, f"rules-house-{code}-{section}")
