"""Words kept whole at the end of a line on a 390 px phone: the games' Thai loanwords
(นโป / เลียน), the Chinese Nap calls on the auction's buttons (兩 / 墩, 威 / 靈 / 頓) and
Japanese Napoleon's 副官なし on its chip."""

import pytest
from django.contrib.auth.models import User

from scoring.models import League, Membership
from tests.browser.support import log_in, new_context, shot
from tests.factories import make_session

PASSWORD = "a-long-test-password"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The elements matched, and how many of them are drawn on more than one line.
SPLIT = """(selector) => {
  const all = [...document.querySelectorAll(selector)].filter((el) => el.offsetParent !== null);
  const split = all.filter((el) => {
    const tops = new Set();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest(".sr-only")) continue;  // read out, not drawn
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size > 1;
  });
  return [all.length, split.map((el) => el.textContent)];
}"""


@pytest.mark.parametrize(
    ("language", "path", "selector"),
    [
        ("th", "/rules/thai/", ".nw"),
        ("th", "/rules/mighty/", ".nw"),
        ("th", "/referee/score/?v=thai&n=5&d=0&x=2S&f=1", ".nw"),
        ("zh-hant", "/referee/auction/?v=nap&n=4&d=0", ".ref-call"),
        ("ja", "/referee/score/?v=japanese&n=7", "#field-f .chip span"),
    ],
)
def test_it_keeps_words_whole_on_a_phone(browser, live_server, language, path, selector):
    context = new_context(browser, locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}{path}")
    count, split = page.evaluate(SPLIT, selector)
    shot(page, f"line-breaks-{language}-{path.strip('/').replace('/', '-').split('?')[0]}")
    context.close()
    assert count > 0, selector
    assert not split, split


@pytest.mark.parametrize(
    ("language", "game", "names", "selector"),
    [
        (
            "zh-hant",
            "nap",
            ["陳大文", "陳小明", "林美玲", "黃志強", "張家豪", "李淑芬"],
            "fieldset.calls .chip span",
        ),
        (
            "ja",
            "japanese",
            ["さくら", "はると", "ゆうな", "そうた", "ひなた"],
            "#f-partner .chip span",
        ),
        ("th", "thai", ["สมชาย", "สมหญิง", "ประเสริฐ", "วิไลวรรณ", "ธนากร"], ".nw"),
    ],
)
def test_it_keeps_the_record_forms_words_whole(
    browser, live_server, language, game, names, selector
):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, game, names=names)
    context = new_context(browser, locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    count, split = page.evaluate(SPLIT, selector)
    shot(page, f"line-breaks-{language}-{game}-table")
    context.close()
    assert count > 0, selector
    assert not split, split


# Loanwords kept whole inside a chip's label that are drawn as a chip of their own (a box,
# a padding that opens a gap in the word, the chip's colour on a lit chip).
BOXED = """() => [...document.querySelectorAll('.chip span .nw')]
  .filter((el) => el.offsetParent !== null)
  .filter((el) => {
    const style = getComputedStyle(el);
    const before = el.previousSibling;
    let gap = 0;
    if (before && before.nodeType === Node.TEXT_NODE && /\\S$/.test(before.textContent)) {
      const range = document.createRange();
      range.selectNodeContents(before);
      const end = [...range.getClientRects()].pop();
      range.selectNodeContents(el);
      const start = range.getClientRects()[0];
      if (end && start && Math.abs(end.top - start.top) < 2) gap = start.left - end.right;
    }
    const padded = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) > 0;
    // In a line of text (a game's description), a box of its own would start a new line.
    const inLine = getComputedStyle(el.parentElement).display.includes("flex")
      || style.display === "inline";
    return gap > 1 || padded || !inLine || style.backgroundColor !== "rgba(0, 0, 0, 0)";
  })
  .map((el) => el.parentElement.textContent)"""


def test_it_draws_a_loanword_in_a_chip_as_part_of_its_label(browser, live_server):
    # "ฝ่ายนโปเลียน" (the napoleon's side) on Japanese Napoleon's card grid: one word, not
    # "ฝ่าย  นโปเลียน", and lit as a whole when tapped; a loanword in a game's description
    # on New game stays in its line.
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    names = ["สมชาย", "สมหญิง", "ประเสริฐ", "วิไลวรรณ", "ธนากร"]
    session = make_session(league, "japanese", names=names)
    context = new_context(browser, locale="th", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        log_in(page, live_server, "host", PASSWORD)
        page.goto(f"{live_server.url}/sessions/{session.pk}/")
        for name, value in (("declarer", "0"), ("level", "13"), ("trump", "S"), ("partner", "1")):
            page.locator(f"input[name={name}][value='{value}']").click()
        page.locator("button.mode-toggle").click()
        page.wait_for_selector(".sides .chip span .nw")
        assert page.evaluate(BOXED) == []
        page.locator(".sides .chip:has(.nw) input").click()
        assert page.evaluate(BOXED) == []
        shot(page, "line-breaks-th-sides", full_page=False)
        # The games' descriptions on New game: Nap's "… แนปเวลลิงตัน และบลือเชอร์" as one text.
        page.goto(f"{live_server.url}/leagues/{league.pk}/sessions/new/")
        assert page.locator(".chip.block span .nw").count() > 0
        assert page.evaluate(BOXED) == []
        shot(page, "line-breaks-th-new-game", full_page=True)
    finally:
        context.close()
