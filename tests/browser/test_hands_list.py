"""The hands list on a 390 px phone, in the languages a table reads it in: every player's
column in sight for four to seven players, each name whole on its line (a Chinese or
Korean name is one word), and each hand's partner and result in words."""

import pytest
from django.contrib.auth.models import User

from scoring.models import League, Membership
from tests.browser.support import log_in, shot
from tests.factories import HANDS, make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password"

NAMES = ["陳大文", "김민준", "สมชาย", "Christophe", "林小明", "鈴木一郎", "Ana"]
# players → (game, the partner's word in English)
TABLES = {
    4: ("taiwan", "secretary"),
    5: ("taiwan", "secretary"),
    6: ("mighty", "friend"),
    7: ("japanese", "adjutant"),
}
# One hand each game's form takes (seat 0 declares with seat 1), and one it fails.
MADE = {
    "taiwan": HANDS["taiwan"],
    "mighty": {**HANDS["mighty"], "killed": "5"},  # six at Mighty: the declarer kills one
    "japanese": HANDS["japanese-chip"],
}
FAILED = {"taiwan": {"points": "8"}, "mighty": {"points": "10"}, "japanese": {"points": "9"}}


def _table(players: int):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    game, role = TABLES[players]
    session = make_session(league, game, names=NAMES[:players])
    play(session, **MADE[game])
    play(session, **{**MADE[game], **FAILED[game], "declarer": "2", "partner": "2"})
    return session, role


def _split_names(page) -> list[str]:
    """The header names a line break cuts (a name of one word on two lines or more)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('table.hands thead th')].filter(th => {
            const text = th.textContent.trim();
            if (text.includes(' ') || text === '#') return false;
            const range = document.createRange();
            range.selectNodeContents(th);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            return tops.size > 1;
        }).map(th => th.textContent.trim())"""
    )


@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("language", ["en", "fr", "th", "zh-hant"])
def test_every_column_is_readable_at_390_px(browser, live_server, players, language):
    session, role = _table(players)
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        page.goto(f"{live_server.url}/sessions/{session.pk}/hands/")
        shot(page, f"hands-{players}-{language}", full_page=True)
        region = page.get_by_role("region", name=page.locator("h1").inner_text().split(" ·")[0])
        table = region.get_by_role("table")
        # Every player's column in sight: the list does not scroll sideways.
        assert region.evaluate("r => r.scrollWidth <= r.clientWidth + 1")
        for name in NAMES[:players]:
            assert table.get_by_role("columnheader", name=name).is_visible()
        assert _split_names(page) == []
        first = page.locator("#hand-1")
        text = first.inner_text()
        assert NAMES[0] in text and NAMES[1] in text  # the declarer and the partner
        if language == "en":
            assert f"{role} {NAMES[1]}" in text and "made" in text and "(target" in text
            assert "failed" in page.locator("#hand-2").inner_text()
    finally:
        context.close()
