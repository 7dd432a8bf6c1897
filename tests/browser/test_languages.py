"""Each table's own language: the table screen and a rules page in the game's words.

The browser asks for the language the way a phone does (Accept-Language from the
locale); the pages must answer in it, with the vocabulary that game's players use.
"""

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from scoring.models import League, Membership
from tests.browser.support import log_in
from tests.views.factories import make_session, play

SHOTS = Path(__file__).parent / "screenshots"
PASSWORD = "a-long-test-password"

# language → (game at the table, its rules page, words on the table screen, on the rules page)
TABLES = {
    "zh-hant": ("taiwan", "taiwan", ["秘書", "王牌", "儲存這一局"], ["逼鬼", "秘書牌", "末三輪"]),
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

    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    assert page.locator("html").get_attribute("lang") == language
    text = page.locator("body").inner_text()
    for word in table_words:
        assert word in text, (language, word)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"language-{language}-table.png"), full_page=True)

    page.goto(f"{live_server.url}/rules/{rules_game}/")
    text = page.locator("body").inner_text()
    for word in rules_words:
        assert word in text, (language, word)
    page.screenshot(path=str(SHOTS / f"language-{language}-rules.png"))
    context.close()
