"""The table screen at 390×844 with real tables: whole names, the view after a Save, a
result off the target in one tap, and the card grid on one screen.

Names come in five scripts (Latin with accents, Chinese, Japanese, Korean, Thai), long
ones and look-alikes among them (陳大文 and 陳小明, Christine and Christophe), from four
players to seven; each table speaks its players' language.
"""

import unicodedata

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _
from playwright.sync_api import expect

from scoring.models import League, Membership
from tests.browser.support import log_in, shot
from tests.browser.test_table import PASSWORD, REACHABLE, Taps, open_table
from tests.factories import make_session

NAMES = {
    "en": [
        "Jean-Christophe",
        "Christine",
        "Christophe",
        "Marie-Hélène",
        "Éloïse Dupont",
        "Bartholomew",
        "Maximilienne",
    ],
    "zh-hant": ["陳大文", "陳小明", "歐陽志明", "司馬長風", "黃淑芬", "愛新覺羅溥儀", "林"],
    "ja": ["さくら", "さとし", "佐藤花子", "長谷川さくら", "鈴木一郎", "たかはし", "中村美咲"],
    "ko": ["김민준", "김민지", "남궁민수", "박지훈", "선우예린", "정", "황보하늘"],
    "th": ["สมชาย", "สมชัย", "ประเสริฐศักดิ์", "วิไลวรรณ", "สมศักดิ์", "นภาพร", "ก้อง"],
}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a chip shows: its text, and whether all of it is drawn inside the chip and the
# screen (no ellipsis, nothing hidden past an edge, by its box or by the text's own range).
SHOWN = """(input) => {
  const span = input.closest("label").querySelector("span");
  const box = span.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(span);
  const text = range.getBoundingClientRect();
  const whole = span.scrollWidth <= span.clientWidth + 1 && span.scrollHeight <= span.clientHeight + 1
    && text.left >= box.left - 1 && text.right <= box.right + 1
    && text.top >= box.top - 1 && text.bottom <= box.bottom + 1
    && box.left >= 0 && box.right <= innerWidth;
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return {text: span.innerText.replace(/\\s+/g, " ").trim(), whole, lines};
}"""


def one_short_word(name: str) -> bool:
    """A name the chip keeps on one line: one word of at most seven letters (a Thai
    vowel or tone mark drawn on a letter is not one)."""
    letters = [ch for ch in name if unicodedata.category(ch) not in ("Mn", "Me")]
    return not any(ch.isspace() for ch in name) and len(letters) <= 7


@pytest.fixture
def club():
    """The "Friday club" and its owner, not signed in yet."""
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    return league


@pytest.fixture
def league(live_server, page, club):
    log_in(page, live_server, "host", PASSWORD)
    return club


def table_in(browser, live_server, league, language, names, variant="japanese"):
    """A page of the table in ``language``, signed in as the league's owner."""
    session = make_session(league, variant, names=names)
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    open_table(page, live_server, session)
    return session, page


# ---- every name whole, no two alike ---------------------------------------------------------


@pytest.mark.parametrize("language", NAMES)
def test_it_shows_every_seat_buttons_whole_name(browser, live_server, club, language):
    # From four players to seven, on one phone (one sign-in): a table of each size.
    session, page = table_in(browser, live_server, club, language, NAMES[language][:4])
    try:
        for players in (4, 5, 6, 7):
            names = NAMES[language][:players]
            if players > 4:
                open_table(page, live_server, make_session(club, "japanese", names=names))
            for legend in ("declarer", "partner"):
                group = page.locator(f"#f-{legend}")
                shown = [
                    group.get_by_role("radio", name=name, exact=True).evaluate(SHOWN)
                    for name in names
                ]
                assert [s["text"] for s in shown] == names, (players, legend, shown)
                assert all(s["whole"] for s in shown), (players, legend, shown)
                # สมชัย, นภาพร: not broken where the browser's Thai dictionary sees two words.
                short = [s for s in shown if one_short_word(s["text"])]
                assert all(s["lines"] == 1 for s in short), (players, legend, short)
                # Two buttons never read alike (陳大文 and 陳小明 are not both "陳…").
                assert len({s["text"] for s in shown}) == players
            assert_board_names_whole(page, names)
            shot(page, f"names-{language}-{players}", full_page=False)
    finally:
        page.context.close()


# A scoreboard box's name (its text, without the hidden "deals" after it): the text,
# whether all of it is drawn inside its box and the screen, on how many lines.
BOARD_NAME = """(span) => {
  const box = span.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(span.firstChild);
  const text = range.getBoundingClientRect();
  const whole = span.scrollWidth <= span.clientWidth + 1
    && text.left >= box.left - 1 && text.right <= box.right + 1
    && text.top >= box.top - 1 && text.bottom <= box.bottom + 1
    && box.left >= 0 && box.right <= innerWidth;
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return {text: span.firstChild.textContent.replace(/\\s+/g, " ").trim(), whole, lines};
}"""


def assert_board_names_whole(page, names: list[str]) -> None:
    """The scoreboard reads every name whole, none alike, each short one-word name on one
    line; and the next hand's first choice is still in view under it."""
    boxes = page.locator("#board .name")
    expect(boxes).to_have_count(len(names))
    shown = [box.evaluate(BOARD_NAME) for box in boxes.all()]
    assert [s["text"] for s in shown] == names, shown
    assert all(s["whole"] for s in shown), shown
    assert all(s["lines"] == 1 for s in shown if one_short_word(s["text"])), shown
    first = page.locator("#f-declarer").get_by_role("radio").first
    assert first.evaluate(REACHABLE)


def test_it_names_every_player_whole_in_the_scores_before_save(browser, live_server, club):
    names = NAMES["en"]
    session, page = table_in(browser, live_server, club, "en", names)
    try:
        taps = Taps(page)
        for name, value in (("declarer", "0"), ("level", "13"), ("trump", "S"), ("partner", "1")):
            taps.chip(name, value)
        heads = page.locator("#preview th")
        expect(heads).to_have_count(7)
        for head in heads.all():
            assert head.evaluate("(th) => th.scrollWidth <= th.clientWidth + 1")
        assert [" ".join(t.split()) for t in heads.all_inner_texts()] == names
    finally:
        page.context.close()


# ---- the view after a Save ------------------------------------------------------------------

# variant, players, contract, a result far below the target (only behind "other…")
FAR = {
    "taiwan": (5, {"level": "3", "trump": "S"}, "2"),
    "hongkong": (5, {"level": "1", "trump": "NT"}, "1"),
    "japanese": (7, {"level": "13", "trump": "H"}, "3"),
    "japanese-chip": (5, {"level": "14", "trump": "D"}, "4"),
    "thai": (5, {"level": "3", "trump": "C"}, "0"),
    "mighty": (5, {"level": "15", "trump": "S"}, "5"),
}


def assert_next_hand_in_view(page):
    """The new scoreboard and the next hand's first choice, on screen without a swipe."""
    board = page.locator("#board").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= 844, board
    first = page.get_by_role("group").filter(has=page.locator("input[name=declarer]")).first
    assert first.get_by_role("radio").first.evaluate(REACHABLE)


# Each game at the table that plays it: its players' language and names.
SPOKEN = {
    "taiwan": "zh-hant",
    "hongkong": "zh-hant",
    "japanese": "ja",
    "japanese-chip": "ja",
    "thai": "th",
    "mighty": "ko",
    "nap": "en",
}


@pytest.mark.parametrize("variant", FAR)
def test_it_starts_the_next_hand_in_view_after_a_save(browser, live_server, club, variant):
    players, contract, far = FAR[variant]
    language = SPOKEN[variant]
    session, page = table_in(
        browser, live_server, club, language, NAMES[language][:players], variant
    )
    try:
        for name, value in {"declarer": "0", **contract, "partner": "1"}.items():
            page.locator(f"input[name={name}][value='{value}']").click()
        page.locator("button.more").click()  # "other…"
        page.locator(f"input[name=points][value='{far}']").click()  # scrolled down to it
        page.evaluate("window.scrollBy(0, 600)")  # and further, as a thumb does
        assert page.evaluate("window.scrollY") > 0
        page.locator("button[value=save]").click()
        page.wait_for_selector("#hand-form[data-hand-number='2']")
        assert_next_hand_in_view(page)
        shot(page, f"after-save-{variant}-{language}", full_page=False)
        assert session.hands.get().points == int(far)
    finally:
        page.context.close()


@pytest.mark.parametrize("variant", ["taiwan", "mighty"])
def test_it_starts_the_next_hand_in_view_after_a_card_grid_save(page, live_server, league, variant):
    session = make_session(league, variant, names=NAMES["en"][:5])
    open_table(page, live_server, session)
    level = "3" if variant == "taiwan" else "13"
    for name, value in (("declarer", "0"), ("level", level), ("trump", "S"), ("partner", "1")):
        page.locator(f"input[name={name}][value='{value}']").click()
    page.get_by_role("button", name="Card grid").click()
    for card in ("♣A", "♣K", "♣Q", "♣J"):
        page.get_by_role("button", name=card).click()
    expect(page.locator("#preview .deltas")).to_be_visible()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    assert_next_hand_in_view(page)
    assert session.hands.get().mode == "cards"


# ---- a result off the target: one tap --------------------------------------------------------

# variant, players, contract, the target, a result 3 away from it (under past the top)
OFF = {
    "taiwan": (5, {"level": "3", "trump": "S"}, "11", "14"),
    "hongkong": (5, {"level": "1", "trump": "NT"}, "9", "12"),
    "japanese": (7, {"level": "13", "trump": "H"}, "13", "16"),
    "japanese-chip": (5, {"level": "14", "trump": "D"}, "14", "17"),
    "thai": (5, {"level": "3", "trump": "C"}, "7", "10"),
    "mighty": (5, {"level": "15", "trump": "S"}, "15", "18"),
    "nap": (4, {"nap_bid": "three"}, "3", "0"),
}


@pytest.mark.parametrize("variant", OFF)
def test_it_takes_one_tap_for_a_result_three_off_the_target(browser, live_server, club, variant):
    players, contract, target, off = OFF[variant]
    language = SPOKEN[variant]
    session, page = table_in(
        browser, live_server, club, language, NAMES[language][:players], variant
    )
    try:
        taps = Taps(page)
        taps.chip("declarer", "0")
        for name, value in contract.items():
            taps.chip(name, value)
        if page.locator("input[name=partner]").count():
            taps.chip("partner", "1")
        at_target = taps.count
        expect(page.locator(f"input[name=points][value='{target}']")).to_be_checked()
        # The page as a player sees it once the preview of that entry is in (on a busy
        # machine it arrived after the check above, and moved the row while it was read).
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        expect(page.locator("#preview")).to_contain_text(target)
        taps.chip("points", off)  # in sight, without "other…" and without a swipe
        with translation.override(language):
            verdict = _("%(result)s (target %(needed)s)") % {"result": off, "needed": target}
        expect(page.locator("#preview")).to_contain_text(verdict)
        shot(page, f"off-target-{variant}-{language}", full_page=False)
        taps.on("button[value=save]")  # the heading's words are the table's language's
        page.wait_for_selector("#hand-form[data-hand-number='2']")
        assert taps.count == at_target + 2  # the result's tap and Save
        assert session.hands.get().points == int(off)
    finally:
        page.context.close()


def test_it_offers_a_row_around_the_target_and_the_rest_behind_other(page, live_server, league):
    session = make_session(league, "taiwan", names=NAMES["en"][:5])
    open_table(page, live_server, session)
    for name, value in (("declarer", "1"), ("level", "2"), ("trump", "H"), ("partner", "3")):
        page.locator(f"input[name={name}][value='{value}']").click()
    shown = page.locator("#f-points").get_by_role("radio")
    offered = [r.get_attribute("value") for r in shown.all() if r.is_visible()]
    assert offered == [str(n) for n in range(7, 15)]  # the target of 10, 3 under, 4 over
    # One row: the chips' tops read at one moment (read one by one, a page still settling
    # after the last tap, scrolling say, gave two tops 18 px apart on a busy machine).
    tops = shown.evaluate_all(
        """(radios) => radios.filter((r) => r.getClientRects().length > 0
            && getComputedStyle(r).visibility !== "hidden")
          .map((r) => Math.round(r.getBoundingClientRect().top))"""
    )
    assert len(tops) == len(offered) and len(set(tops)) == 1, tops
    page.get_by_role("button", name="other…").click()
    assert all(r.is_visible() for r in shown.all())  # 0 to 16


# ---- the card grid on one screen ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "players"), [("en", 4), ("en", 5), ("en", 6), ("en", 7), ("th", 7), ("ko", 6)]
)
def test_it_fits_the_card_grid_its_score_and_save_on_one_screen(
    browser, live_server, club, language, players
):
    session, page = table_in(browser, live_server, club, language, NAMES[language][:players])
    try:
        taps = Taps(page)
        for name, value in (("declarer", "0"), ("level", "13"), ("trump", "S"), ("partner", "1")):
            taps.chip(name, value)
        taps.on("button.mode-toggle")
        tiles = page.locator(".tile .tt")
        expect(tiles).to_have_count(20)
        for code in ("CA", "CK", "CQ", "CJ", "C10", "DJ", "D10"):  # the opponents' 7 of 20
            taps.on(f".tile[data-card='{code}'] .tt")
        expect(page.locator("#preview .verdict")).to_contain_text("13 (")
        # Every tile, the sides, the score and Save at once: nothing needed a swipe.
        for element in [*tiles.all(), page.locator(".sides input").first]:
            assert element.evaluate(REACHABLE)
        preview = page.locator("#preview").bounding_box()
        assert preview["y"] >= 0 and preview["y"] + preview["height"] <= 844
        shot(page, f"grid-{language}-{players}", full_page=False)
        taps.on("button[value=save]")  # the heading's words are the table's language's
        page.wait_for_selector("#hand-form[data-hand-number='2']")
        assert taps.count == 4 + 1 + 7 + 1
        assert session.hands.get().points == 13
    finally:
        page.context.close()
