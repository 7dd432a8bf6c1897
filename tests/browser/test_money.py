"""Money at a phone's size: won at ₩1,000 a point on the table screen's board for five
to seven at the table, whole in every box, and the settle-up in whole won, in the
languages a table reads it in."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from scoring.models import GameSession, League, Membership  # noqa: F401
from tests.browser.support import log_in, shot
from tests.factories import make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password"
NAMES = ["陳大文", "김민준", "สมชาย", "Christophe", "林小明", "鈴木一郎", "Ana"]


def _club(currency: str, players: int) -> GameSession:
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Club", currency=currency)
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    game = "japanese" if players > 6 else "taiwan"
    session = make_session(league, game, names=NAMES[:players], stake=Decimal("1000"))
    for _hand in range(3):
        play(session)
    return session


def _cut(page) -> list[str]:
    """The amounts on the board that do not fit their box."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#board .money, #board .total')].filter(e => {
            const box = e.closest('li').getBoundingClientRect(), own = e.getBoundingClientRect();
            return own.left < box.left - 1 || own.right > box.right + 1;
        }).map(e => e.textContent)"""
    )


@pytest.mark.parametrize("players", [5, 6, 7])
@pytest.mark.parametrize("language", ["en", "zh-hant", "th"])
def test_won_fit_the_board_and_settle_in_whole_won(browser, live_server, players, language):
    session = _club("KRW", players)
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        page.goto(f"{live_server.url}{session.get_absolute_url()}")
        page.wait_for_selector("#hand-form")
        shot(page, f"money-board-{players}-{language}", full_page=False)
        # In full where the box holds it; the exact amount is there for a screen reader.
        amounts = page.locator("#board .money").all_inner_texts()
        assert len(amounts) == players and all("₩" in a or "￦" in a for a in amounts)
        exact = page.locator("#board .money").evaluate_all(
            "m => m.map(e => (e.querySelector('.sr-only') || e).textContent)"
        )
        assert any("360,000" in a for a in exact) or players > 5  # +120 a hand, three hands
        assert not any("." in a for a in exact)  # won have no decimals
        assert _cut(page) == []
        page.goto(f"{live_server.url}/sessions/{session.pk}/summary/")
        shot(page, f"money-summary-{players}-{language}", full_page=True)
        payments = page.locator("p.card").all_inner_texts()
        assert payments and all(("₩" in p or "￦" in p) and "." not in p for p in payments)
    finally:
        context.close()
