"""New game at a phone's size, in the languages a table reads it in: what carries over
from last time and the standard rules in one tap; how many are dealt in when more sit
down than the game deals in, asked before the game starts; Play again starting the
table as it ended, then no longer offered."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from playwright.sync_api import expect

from scoring.models import GameSession, League, Membership, Player
from tests.browser.support import log_in, shot
from tests.factories import make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password"
EIGHT = ["陳大文", "林小明", "김민준", "สมชาย", "Ana", "Yu", "Gus", "Hal"]
LANGUAGES = ["en", "zh-hant", "th"]


def _club() -> League:
    """A club whose last Taiwan game had its own numbers (+120 a made contract), and
    whose last table ended with six of eight, five dealt in, at 1.00 a point."""
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(
        name="Club",
        default_variant="taiwan",
        default_options={
            "taiwan": {
                "score_values": {
                    "standard_made_napoleon": 120,
                    "standard_made_secretary": 60,
                    "standard_made_defender": -60,
                },
            }
        },
    )
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    source = make_session(league, "taiwan", names=EIGHT[:6], stake=Decimal("0.50"))
    for number, name in enumerate(EIGHT[6:], start=6):
        player = Player.objects.create(league=league, name=name)
        source.seats.create(number=number, player=player, until_hand=2)
    GameSession.objects.filter(pk=source.pk).update(stake_changes=[[3, "1.00"]], players_per_hand=5)
    play(source, out=["5"])
    GameSession.objects.filter(pk=source.pk).update(ended_at=timezone.now())
    return league


def _page(browser, live_server, language):
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    return context, page


def _shot(page, name, near=None):
    """The page around ``near`` (a locator), as the phone shows it."""
    if near is not None:
        near.scroll_into_view_if_needed()
    shot(page, name, full_page=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_new_game_says_what_carries_over_and_plays_the_standard_rules_in_one_tap(
    browser, live_server, language
):
    league = _club()
    context, page = _page(browser, live_server, language)
    try:
        with translation.override(language):
            carried, standard = _("Carried over from last time"), _("Play the standard rules")
            done = _("%(game)s: the standard rules, nothing carried over.") % {
                "game": _("Taiwan Napoleon")
            }
        page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
        notice = page.get_by_role("note")
        expect(notice).to_contain_text(carried)
        expect(notice).to_contain_text("+120")
        _shot(page, f"new-game-carried-{language}", notice)
        notice.get_by_role("button", name=standard).click()
        expect(page.get_by_role("status")).to_contain_text(done)
        expect(page.get_by_role("note")).to_have_count(0)
        _shot(page, f"new-game-standard-{language}", page.get_by_role("status"))
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_seven_at_a_six_player_game_are_asked_how_many_are_dealt_in(browser, live_server, language):
    league = _club()
    context, page = _page(browser, live_server, language)
    try:
        with translation.override(language):
            question, start = _("Players dealt in each hand"), _("Start")
        page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
        page.locator("textarea[name=players]").fill("\n".join(EIGHT[:7]))
        page.get_by_role("button", name=start, exact=True).last.click()
        group = page.get_by_role("group", name=question)
        expect(group).to_be_visible()
        assert GameSession.objects.count() == 1  # nothing started yet
        _shot(page, f"new-game-dealt-in-{language}", group)
        group.get_by_role("radio", name="5").check()
        page.get_by_role("button", name=start, exact=True).last.click()
        page.wait_for_selector("#hand-form")
        started = GameSession.objects.latest("pk")
        assert len(started.seat_list) == 7 and started.players_per_hand == 5
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_again_starts_the_table_as_it_ended_and_is_then_gone(browser, live_server, language):
    league = _club()
    context, page = _page(browser, live_server, language)
    try:
        page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
        card = page.locator("button.lineup")
        expect(card).to_have_count(1)
        for name in EIGHT[:6]:
            expect(card).to_contain_text(name)
        expect(card).not_to_contain_text("Gus")
        expect(card).to_contain_text("1")  # the stake in force at the end
        _shot(page, f"play-again-{language}")
        card.click()
        page.wait_for_selector("#hand-form")
        again = GameSession.objects.latest("pk")
        assert [s.player.name for s in again.seat_list] == EIGHT[:6]
        assert (again.stake, again.players_per_hand) == (Decimal("1.00"), 5)
        page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
        expect(page.locator("button.lineup")).to_have_count(0)
    finally:
        context.close()
