"""Each table's own language: the table screen and a rules page in the game's words.

The browser asks for the language the way a phone does (Accept-Language from the
locale); the pages must answer in it, with the vocabulary that game's players use.
"""

import pytest
from django.contrib.auth.models import User

from scoring.models import League, Membership
from scoring.rules import VARIANTS
from tests.browser.support import log_in, new_context, screenshots_wanted, shot
from tests.factories import RECORDS, make_session, play
from tests.fuzzing import FULL
from tests.referee import (
    test_auction,
    test_deal_miss,
    test_kill,
    test_legal,
    test_record,
    test_score,
    test_trick,
)

PASSWORD = "a-long-test-password"

# language → (game at the table, its rules page, words on the table screen, on the rules page)
TABLES = {
    "zh-hant": ("taiwan", "taiwan", ["秘書", "王牌", "儲存這一局"], ["逼鬼", "秘書牌", "最後三墩"]),
    "ja": (
        "japanese-chip",
        "japanese",
        ["切札", "ハンドを保存"],
        ["よろめき", "セイムツー", "オールマイティー", "副官"],
    ),
    "ko": ("mighty", "mighty", ["프렌드", "기루다"], ["기루다", "조커콜", "마이티"]),
    "th": ("thai", "thai", ["เพื่อน", "ทรัมพ์", "บันทึกตา"], ["แจ็กหน้า", "แจ็กหลัง", "โดนล้ม"]),
    "fr": ("nap", "nap", ["Enregistrer la donne"], ["Wellington", "Blücher", "atout", "levée"]),
}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", TABLES)
def test_it_speaks_the_tables_language(browser, live_server, language):
    game, rules_game, table_words, rules_words = TABLES[language]
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, game)
    play(session)

    context = new_context(browser, locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    assert page.locator("html").get_attribute("lang") == language
    text = page.locator("body").inner_text()
    for word in table_words:
        assert word in text, (language, word)
    shot(page, f"language-{language}-table")

    page.goto(f"{live_server.url}/rules/{rules_game}/")
    text = page.locator("body").inner_text()
    for word in rules_words:
        assert word in text, (language, word)
    shot(page, f"language-{language}-rules", full_page=False)
    context.close()


# ---- every page fits the phone ---------------------------------------------------------------

PHONE = 390
# The widest things on a page that is too wide: what sticks out past the screen's edge.
OVERFLOW = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.right > PHONE + 0.5 && box.width > 0 && getComputedStyle(el).position !== "fixed"
        && !el.closest(".scroll, .sr-only, .sr, .skip")) {
      out.push(el.tagName.toLowerCase() + "." + [...el.classList].join(".") + " → " + Math.round(box.right)
        + " " + (el.textContent || "").trim().slice(0, 40));
    }
  }
  return [document.documentElement.scrollWidth, out.slice(0, 5)];
}""".replace("PHONE", str(PHONE))


def rules_read_in(language: str) -> list[str]:
    """The games whose rules pages are measured in ``language``: its own, and a share of the
    others dealt round the languages so that each page is measured in one of them at least
    (the scheduled full run, README "Tests": every page in every language)."""
    codes, languages = list(VARIANTS), list(TABLES)
    if FULL:
        return codes
    own = TABLES[language][1]
    dealt = codes[languages.index(language) :: len(languages)]
    return [own, *(code for code in dealt if code != own)]


def _public_pages(game, language):
    referee = [
        f"/referee/{tool}/?{module.CASES[game][0]}"
        for tool, module in (
            ("trick", test_trick),
            ("legal", test_legal),
            ("auction", test_auction),
            ("score", test_score),
        )
    ]
    if VARIANTS[game].has_deal_miss:  # the Mighty: its deal-miss count and a killed seat
        referee.append(f"/referee/deal-miss/?{test_deal_miss.CASES['qualifies'][0]}")
        referee.append(f"/referee/trick/?{test_kill.TRICKS[0][0]}")
    referee.append(f"/referee/record/?{test_record.CASES['taiwan'][0]}")  # a whole hand
    rules = [f"/rules/{code}/" for code in rules_read_in(language)]
    home = ["/", "/accounts/login/", "/accounts/signup/"]
    replay = f"/r/{RECORDS['taiwan']}/?trick=3"  # a hand's notation link, opened by anyone
    return [*home, "/rules/", *rules, "/rules/search/?q=joker", "/referee/", *referee, replay]


def _member_pages(league, session, player):
    return [
        "/",
        f"/leagues/{league.pk}/",
        f"/leagues/{league.pk}/standings/",
        f"/leagues/{league.pk}/sessions/new/",
        f"/sessions/{session.pk}/",
        f"/sessions/{session.pk}/history/",
        f"/sessions/{session.pk}/review/",
        f"/sessions/{session.pk}/summary/",
        f"/players/{player.pk}/",
        f"/rules/{session.variant}/?session={session.pk}",
        f"/referee/?session={session.pk}",
        f"/referee/score/?session={session.pk}",
    ]


def _too_wide(page, live_server, paths) -> list:
    found = []
    for path in paths:
        page.goto(f"{live_server.url}{path}")
        width, culprits = page.evaluate(OVERFLOW)
        if width > PHONE:
            found.append((path, width, culprits))
    return found


# English pages are measured by the accessibility walk (test_accessibility.py), every page.
@pytest.mark.slow  # the scheduled full run measures every rules page in every language
@pytest.mark.parametrize("language", TABLES)
def test_it_fits_every_page_on_a_phone_signed_in_and_out(browser, live_server, language):
    game = TABLES[language][0]
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Jeudi soir au café du coin")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, game)
    play(session)
    play(session)
    player = session.seat_list[0].player

    # No service worker: it would fetch each page again to keep it offline (not measured here).
    context = new_context(
        browser, locale=language, viewport={"width": PHONE, "height": 844}, service_workers="block"
    )
    page = context.new_page()
    too_wide = _too_wide(page, live_server, _public_pages(game, language))
    if screenshots_wanted():  # the pages at their longest, to look at
        page.goto(f"{live_server.url}/rules/{TABLES[language][1]}/")
        shot(page, f"fit-{language}-rules", full_page=False)
    log_in(page, live_server, "host", PASSWORD)
    too_wide += _too_wide(page, live_server, _member_pages(league, session, player))
    if screenshots_wanted():
        page.goto(f"{live_server.url}/sessions/{session.pk}/")
        shot(page, f"fit-{language}-table", full_page=False)
    context.close()
    assert not too_wide, too_wide
