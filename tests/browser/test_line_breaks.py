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
