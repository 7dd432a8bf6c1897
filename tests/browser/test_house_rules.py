"""House rules at 390×844: the new-game form's groups and a table's own score numbers,
edited, summed as they are typed, and scored by in the session."""

import pytest
from playwright.sync_api import expect

from scoring.models import GameSession
from tests.browser.support import shot
from tests.browser.test_table import REACHABLE, member_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def member(live_server, page):
    return member_league(live_server, page)


def new_game(page, live_server, league, variant, names):
    page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
    page.check(f"#variant-{variant}", force=True)
    page.fill("textarea[name=players]", "\n".join(names))


def test_it_starts_a_game_with_its_own_score_table_and_scores_by_it(page, live_server, member):
    new_game(page, live_server, member, "taiwan", ["Ann", "Bo", "Cy", "Dee", "Ed"])
    # The form's default button (Enter starts the game) is there for the keyboard only.
    expect(page.locator("#session-form > button[hidden]")).to_be_hidden()
    options = page.locator(".options-taiwan")
    # Grouped and folded: the game's rules take a screen, not five.
    assert options.locator("details.concern").count() >= 4
    assert options.evaluate("el => el.getBoundingClientRect().height") < 844
    # The count of changed rules follows the choices, on the group and on the game.
    badge = options.locator(":scope > summary .badge")
    expect(badge).to_be_hidden()
    scoring = options.locator("details.concern", has_text="Scoring").first
    scoring.locator("summary").click()
    scoring.locator("select[name=opt_taiwan_score_table]").select_option("hongkong")
    expect(badge).to_have_text("1 rule changed")
    expect(scoring.locator("summary .badge")).to_have_text("1 changed")
    scoring.locator("select[name=opt_taiwan_score_table]").select_option("taiwan")  # the default
    expect(badge).to_be_hidden()
    shot(page, "house-rules-groups")
    scoring.locator("summary").click()
    options.get_by_role("button", name="Edit the score table").click()
    grid = page.locator("#score-table-taiwan [data-score-grid]")
    expect(grid).to_be_visible()
    made = grid.locator("tbody tr").first
    expect(made.locator("output[data-sum]")).to_have_text("0")
    made.locator("input").nth(0).fill("130")
    made.locator("input").nth(2).fill("-56")
    # The sum follows as the numbers are typed: 130 + 50 − 3 × 56.
    expect(made.locator("output[data-sum]")).to_have_text("+12")
    expect(made.locator("output[data-sum]")).not_to_have_class("zero")
    made.locator("input").nth(2).fill("-60")
    expect(made.locator("output[data-sum]")).to_have_text("0")
    expect(made.locator("output[data-sum]")).to_have_class("zero")
    expect(badge).to_have_text("1 rule changed")  # the table's own numbers
    shot(page, "score-table-edit")
    # Done typing (the phone's keyboard closes), then Start.
    made.locator("input").nth(2).blur()
    start = page.locator("button.primary[type=submit]")
    start.click()
    page.wait_for_selector("#hand-form")
    session = GameSession.objects.get()
    assert session.options["score_values"] == {
        "standard_made_defender": -60,
        "standard_made_napoleon": 130,
    }
    # A hand made exactly: the napoleon +130, the secretary +50, each defender −60.
    for name, value in (("declarer", "0"), ("level", "3"), ("trump", "S"), ("partner", "1")):
        page.click(f"input[name={name}][value='{value}']")
    page.wait_for_selector("#preview .deltas")
    cells = page.locator("#preview .deltas tr").nth(1).locator("td").all_inner_texts()
    assert [c.replace("−", "-") for c in cells] == ["+130", "+50", "-60", "-60", "-60"]
    expect(page.locator("#reasons")).to_contain_text("own numbers")
    shot(page, "score-table-preview", full_page=False)
    assert page.locator("button[value=save]").evaluate(REACHABLE)
    # The session's rules page lays the table out with its own numbers, on the phone's width.
    page.goto(f"{live_server.url}/rules/taiwan/?session={session.pk}#opt-score_values")
    own = page.locator("#opt-score_values .score-grid")
    expect(own.locator("td.changed").first).to_have_text("130")
    assert own.evaluate("el => el.getBoundingClientRect().right") <= 390
    shot(page, "score-table-rules", full_page=False)


def test_it_starts_the_game_when_enter_is_pressed(page, live_server, member):
    # Enter (the phone keyboard's Go) starts the game, not the first score table's button.
    new_game(page, live_server, member, "taiwan", ["Ann", "Bo", "Cy", "Dee", "Ed"])
    page.locator("input[name=stake]").press("Enter")
    page.wait_for_url("**/sessions/*/")
    assert GameSession.objects.count() == 1
