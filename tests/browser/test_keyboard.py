"""The keyboard alone: a whole hand recorded on the table screen, and a dispute settled in
the referee, with Tab, Shift+Tab, Space, Enter and the arrow keys only, the focus visible
after every key."""

import pytest
from django.contrib.auth.models import User

from scoring.models import League, Membership
from tests.browser.support import shot
from tests.browser.test_accessibility import PASSWORD, log_in
from tests.factories import make_session
from tests.referee import test_legal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const r = el.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height,
          html: el.outerHTML.slice(0, 120), name: el.name || "", value: el.value || "",
          cls: el.className || "", label: el.getAttribute("aria-label") || el.textContent.trim()};
}"""


def focused(page):
    return page.evaluate(FOCUSED)


# The cheap test of a visible focus, for the keys that walk past controls on the way to one:
# the computed look of the element, its parent, its next sibling and its labels (where a
# ring on a hidden radio's chip is drawn) changes when it loses the focus.
FOCUS_CHANGES_LOOK = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const near = [el, el.parentElement, el.nextElementSibling, ...(el.labels || [])];
  const look = () => near.filter(Boolean).map(n => {
    const s = getComputedStyle(n);
    return [s.outline, s.boxShadow, s.backgroundColor, s.borderColor, s.color].join("|");
  }).join("/");
  const focusedLook = look();
  el.blur();
  const blurredLook = look();
  el.focus();
  return focusedLook !== blurredLook;
}"""


def assert_focus_visible(page, pixels=True):
    """The focused element looks different focused and not: its screenshot (with a margin
    for a ring drawn around it) changes when it loses the focus. Without ``pixels``, its
    computed look (FOCUS_CHANGES_LOOK) is compared instead."""
    if not pixels:
        changed = page.evaluate(FOCUS_CHANGES_LOOK)
        assert changed is not None, "the focus is lost (on <body>)"
        assert changed, f"no visible focus on {focused(page)['html']}"
        return
    el = focused(page)
    assert el is not None, "the focus is lost (on <body>)"
    viewport = page.viewport_size
    x, y = max(el["x"] - 8, 0), max(el["y"] - 8, 0)
    clip = {
        "x": x,
        "y": y,
        "width": min(el["width"] + 16, viewport["width"] - x),
        "height": min(el["height"] + 16, viewport["height"] - y),
    }
    assert clip["width"] > 0 and clip["height"] > 0, f"focused element off screen: {el['html']}"
    with_focus = page.screenshot(clip=clip)
    page.evaluate("() => { window.__focused = document.activeElement; window.__focused.blur(); }")
    without = page.screenshot(clip=clip)
    page.evaluate("() => window.__focused.focus()")
    assert with_focus != without, f"no visible focus on {el['html']}"


def press(page, key, pixels=True):
    page.keyboard.press(key)
    assert_focus_visible(page, pixels)


# One round trip a key on the way: whether the focus changes the look, and what has it.
STEP = f"""() => {{
  const changed = ({FOCUS_CHANGES_LOOK})();
  return changed === null ? null : {{changed, el: ({FOCUSED})()}};
}}"""


def tab_until(page, test, limit=80, key="Tab"):
    """Press Tab (or Shift+Tab) until ``test(focused element)`` holds: the focus is seen to
    change the look of each control passed, and in pixels on the one reached."""
    for _ in range(limit):
        page.keyboard.press(key)
        step = page.evaluate(STEP)
        assert step is not None, "the focus is lost (on <body>)"
        assert step["changed"], f"no visible focus on {step['el']['html']}"
        if test(step["el"]):
            assert_focus_visible(page)
            return step["el"]
    raise AssertionError(f"{key} never reached it; last: {focused(page)}")


def on_radio(name):
    return lambda el: el["name"] == name


def choose(page, name, value):
    """Tab to the radio group ``name`` and pick ``value`` with the arrow keys (Space first
    when nothing in the group is picked yet)."""
    el = tab_until(page, on_radio(name))
    checked = page.locator(f'input[name="{name}"]:checked')
    if checked.count() == 0:
        press(page, "Space")
    values = page.locator(f'input[name="{name}"]').evaluate_all("els => els.map(e => e.value)")
    step = values.index(value) - values.index(focused(page)["value"])
    for _ in range(abs(step)):
        press(page, "ArrowRight" if step > 0 else "ArrowLeft")
    assert focused(page)["value"] == value, el
    assert page.locator(f"input[name=\"{name}\"][value='{value}']").is_checked()


def tap_tiles(page, codes):
    """Along the card tiles with the arrow keys, Space on each card of ``codes``."""
    order = page.locator(".tt").evaluate_all("els => els.map(e => e.closest('.tile').dataset.card)")
    for code in codes:
        here = order.index(
            page.evaluate("() => document.activeElement.closest('.tile').dataset.card")
        )
        there = order.index(code)
        for _ in range(abs(there - here)):
            press(page, "ArrowRight" if there > here else "ArrowLeft")
        press(page, "Space")
        tile = page.locator(f".tile[data-card={code}] .tt")
        assert tile.get_attribute("aria-pressed") == "true"
        assert tile.text_content().endswith("tapped")  # its name: the card, then "tapped"


def test_a_whole_hand_by_keyboard_only(live_server, page):
    user = User.objects.create_user("host", password=PASSWORD)
    league = League.objects.create(name="Friday club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    session = make_session(league, "taiwan")
    log_in(page, live_server)
    page.goto(live_server.url + session.get_absolute_url())
    page.wait_for_selector("#hand-form")

    choose(page, "declarer", "0")
    shot(page.locator("#hand-form"), "a11y-keyboard-chip")
    choose(page, "level", "3")
    choose(page, "trump", "S")
    choose(page, "partner", "1")
    tab_until(page, lambda el: "mode-toggle" in el["cls"])
    press(page, "Enter")  # the card grid, by one side: the defenders' cards
    page.wait_for_selector(".tiles")
    press(page, "Tab")
    assert focused(page)["name"] == "grid_side" and focused(page)["value"] == "def"
    tab_until(page, lambda el: "tt" in el["cls"])
    tap_tiles(page, ["DJ", "CA", "CK", "CQ", "CJ"])
    shot(page.locator(".grid-section"), "a11y-keyboard-grid")
    choose(page, "called_suit", "H")  # after the grid: optional, so last
    choose(page, "called_rank", "A")
    page.wait_for_selector("#preview table")
    assert "Made" in page.locator("#preview").inner_text()
    tab_until(page, lambda el: el["name"] == "action" and el["value"] == "save")
    page.keyboard.press("Enter")  # the next hand's form comes back
    page.wait_for_selector("#record h2:has-text('2')")
    assert session.hands.count() == 1
    hand = session.hands.get()
    entry = (hand.declarer, hand.contract, hand.called_card, hand.partner, hand.mode)
    assert entry == (0, "3S", "HA", 1, "cards")
    assert hand.declarer_points == 11


def settle(page):
    page.wait_for_function("() => !document.documentElement.classList.contains('ref-loading')")


def ref_press(page, key):
    """A key on a referee page: the tool fetches the new page and puts the focus back."""
    page.keyboard.press(key)
    settle(page)
    assert_focus_visible(page)


def ref_choose(page, name, value):
    tab_until(page, on_radio(name))
    if page.locator(f'input[name="{name}"]:checked').count() == 0:
        ref_press(page, "Space")
    values = page.locator(f'input[name="{name}"]').evaluate_all("els => els.map(e => e.value)")
    while focused(page)["value"] != value:
        here = values.index(focused(page)["value"])
        ref_press(page, "ArrowRight" if values.index(value) > here else "ArrowLeft")
    assert page.locator(f"input[name=\"{name}\"][value='{value}']").is_checked()


def ref_card(page, code):
    """Tab (or Shift+Tab) along the deck to the card, and press Enter."""
    deck = page.locator(".ref-deck button").evaluate_all("els => els.map(e => e.value)")
    here = focused(page)["value"]
    key = "Tab" if here not in deck or deck.index(code) > deck.index(here) else "Shift+Tab"
    tab_until(page, lambda el: el["name"] == "add" and el["value"] == code, key=key)
    ref_press(page, "Enter")
    assert focused(page)["value"] == code  # the focus stays on the card just tapped


def test_the_referee_by_keyboard_only(live_server, page):
    page.goto(f"{live_server.url}/referee/trick/?v=japanese&n=5")
    page.wait_for_selector("#referee-form")
    ref_choose(page, "t", "H")
    ref_choose(page, "k", "4")
    ref_choose(page, "l", "2")
    for code in ["C5", "C9", "SA", "CK", "HQ"]:
        ref_card(page, code)
    ruling = page.locator("[data-ruling]")
    ruling.wait_for()
    assert "wins the trick" in ruling.inner_text()
    # Read out by a live region outside <main> (the one in <main> was replaced, not changed).
    assert "wins the trick" in page.locator("#ref-announce").inner_text()
    shot(page, "a11y-referee-keyboard")
    # A house rule (the chips in the folded panel) changes the ruling: yoromeki.
    tab_until(page, lambda el: "House rules" in el["label"] and el["html"].startswith("<summary"))
    press(page, "Enter")
    ref_choose(page, "o.yoromeki", "HQ")
    assert page.locator("[data-ruling]").inner_text().startswith("Seat 2 wins the trick")
    # May I play this card: a card of the verdict opens with Enter to say why.
    page.goto(f"{live_server.url}/referee/legal/?{test_legal.CASES['taiwan'][0]}")
    tab_until(page, lambda el: el["html"].startswith("<summary") and "♠3" in el["label"])
    press(page, "Enter")
    assert page.locator(".ref-play[open] p").inner_text().startswith("♠3 may not be played")
