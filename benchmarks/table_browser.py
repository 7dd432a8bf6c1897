"""The browser half of benchmarks/table.py: taps, swipes, bytes and the café profile.

A tap is one click on a control; a swipe is one scroll the phone needed first, because
the control was off the screen or under the bar fixed at the bottom. Each flow starts on
the table screen and ends when the next hand's form is there, empty; after each Save a
swipe back is counted when the next hand's first choice or the scoreboard is out of view.
"""

import urllib.parse

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = [  # as tests/conftest.py
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
GRID = ["taiwan", "hongkong", "japanese", "japanese-chip", "mighty"]
# 400 kbit/s both ways, 400 ms round trip; the CPU four times slower.
CAFE = {"offline": False, "latency": 400, "downloadThroughput": 50_000, "uploadThroughput": 50_000}

# Whether a control can be tapped where it is: on screen, and not under the bar.
REACHABLE = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (y < 0 || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el) || el.closest('label') === hit.closest('label'));
}"""


# After a Save: the scoreboard whole on screen, and the next hand's first choice tappable.
IN_VIEW_AFTER_SAVE = (
    """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const first = document.querySelector("input[name=declarer]");
  return board.top >= 0 && board.bottom <= innerHeight && ("""
    + REACHABLE
    + """)(first);
}"""
)

# Buttons of the hand form whose text does not show whole: cut by their own box (an
# ellipsis, a hidden overflow) or drawn past it.
CUT_BUTTONS = """() => {
  const cut = [];
  for (const el of document.querySelectorAll("#hand-form .chip span, #hand-form button")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || !el.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const out = text.left < box.left - 1 || text.right > box.right + 1 ||
      text.top < box.top - 1 || text.bottom > box.bottom + 1;
    if (over || out) cut.push(el.textContent.trim());
  }
  return cut;
}"""


class Phone:
    """A page that counts taps and swipes."""

    def __init__(self, page):
        self.page, self.taps, self.swipes = page, 0, 0
        self.swipes_after_save = 0

    def tap(self, selector):
        element = self.page.locator(selector).first
        if not element.evaluate(REACHABLE):
            self.swipes += 1
            element.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        element.click()
        self.taps += 1

    def choose(self, name, value):
        self.tap(f"input[name={name}][value='{value}']")

    def result(self, value):
        """A result's chip, after "other…" when it is not among those offered."""
        if not self.page.locator(f"input[name=points][value='{value}']").is_visible():
            self.tap("button.more")
        self.choose("points", value)

    def save(self):
        number = int(self.page.locator("#record h2").inner_text().split()[-1])
        self.tap("button[value=save]")
        self.page.wait_for_selector(f"#record h2:has-text('{number + 1}')")
        assert self.page.locator("input[name=declarer]:checked").count() == 0
        self.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        if not self.page.evaluate(IN_VIEW_AFTER_SAVE):
            self.swipes_after_save += 1


def contract(phone, page):
    """A contract every variant has: the third count (or the second call) and ♠."""
    if page.locator("input[name=nap_bid]").count():
        value = page.locator("input[name=nap_bid]").nth(1).get_attribute("value")
        phone.choose("nap_bid", value)
        return
    phone.choose("level", page.locator("input[name=level]").nth(2).get_attribute("value"))
    phone.choose("trump", "S")


def quick_hand(page, base, session, off=0):
    """A hand made at its target, or ``off`` from it (over it where the game allows)."""
    page.goto(f"{base}/sessions/{session}/")
    page.wait_for_selector("#hand-form")
    phone = Phone(page)
    phone.choose("declarer", "0")
    contract(phone, page)
    if page.locator("input[name=partner]").count():
        phone.choose("partner", "1")
    page.wait_for_selector("#preview .deltas")  # the result started at the target
    if off:
        phone.result(off_target(page, off))
    with page.expect_response(lambda r: r.url.endswith("/record/")) as answer:
        phone.save()
    return phone, answer.value.request.sizes()["responseBodySize"]


def off_target(page, off):
    """The result ``off`` over the target, or under it past the highest result."""
    target = int(page.locator("input[name=points]:checked").get_attribute("value"))
    most = max(
        int(v)
        for v in page.locator("input[name=points]").evaluate_all(
            "(inputs) => inputs.map((i) => i.value)"
        )
    )
    return target + off if target + off <= most else target - off


def grid_hand(page, base, session, variant):
    """The declarer's side took 13 of 20 point cards (Taiwan, Hong Kong: 11 of 16): the
    table taps the defenders' 7 (5), the fewer."""
    page.goto(f"{base}/sessions/{session}/")
    page.wait_for_selector("#hand-form")
    phone = Phone(page)
    phone.choose("declarer", "0")
    phone.choose("level", "3" if variant in ("taiwan", "hongkong") else "13")
    phone.choose("trump", "S")
    phone.choose("partner", "1")
    phone.tap("button.mode-toggle")  # the card grid
    tiles = page.locator(".tile[data-card]")
    defenders = 5 if tiles.count() == 16 else 7
    for index in range(tiles.count() - defenders, tiles.count()):
        phone.tap(f".tile[data-card='{tiles.nth(index).get_attribute('data-card')}'] .tt")
    taken = tiles.count() - defenders  # the declarer's side: what the contract needs
    page.wait_for_function(
        "(n) => (document.querySelector('#preview .verdict') || {}).innerText?.includes(n + ' (')",
        arg=taken,
    )
    phone.save()
    return phone


def names_cut(browser, base, seeded):
    """Buttons of the hand form whose text is cut, seven players with long names in
    three scripts, each table in its language."""
    cut = {}
    for script, (session, language) in seeded["long_names"].items():
        context = new_context(browser, base, seeded, locale=language)
        page = context.new_page()
        page.goto(f"{base}/sessions/{session}/")
        page.wait_for_selector("#hand-form")
        cut[script] = page.evaluate(CUT_BUTTONS)
        context.close()
    return cut


def first_load_bytes(page, base, session):
    """HTML + CSS of the table screen as a fresh browser gets them (compressed)."""
    seen = []
    page.on("response", lambda response: seen.append(response))
    page.goto(f"{base}/sessions/{session}/", wait_until="load")
    total = 0
    for response in seen:
        kind = response.request.resource_type
        if kind in ("document", "stylesheet"):
            total += response.request.sizes()["responseBodySize"]
    return total


def cafe(context, page):
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", CAFE)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})


def page_load_cafe(browser, base, seeded):
    context = new_context(browser, base, seeded, service_workers="block")
    page = context.new_page()
    cafe(context, page)
    page.goto(f"{base}/sessions/{seeded['busy']}/", wait_until="load")
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    context.close()
    return round(load)


SAVE_CLOCK = """() => { window.savedIn = new Promise((resolve) => {
  let started = null;
  window.saveSteps = [];
  for (const name of ["htmx:beforeRequest", "htmx:beforeSend", "htmx:afterRequest", "htmx:beforeSwap", "htmx:afterSwap", "htmx:afterSettle"]) {
    document.addEventListener(name, (e) => { if (started !== null) window.saveSteps.push([name, Math.round(performance.now() - started)]); });
  }
  document.addEventListener("click", (e) => {
    if (e.target.closest("button[value=save]")) started = performance.now();
  }, true);
  document.addEventListener("htmx:afterSettle", () => {
    if (started !== null && !document.querySelector("input[name=declarer]:checked")) {
      resolve(performance.now() - started);
    }
  });
}); }"""


def save_cafe(browser, base, seeded):
    """From the tap on Save to the next hand's empty form, the phone having loaded the
    table screen (and its service worker) before."""
    context = new_context(browser, base, seeded)
    page = context.new_page()
    page.goto(f"{base}/sessions/{seeded['busy']}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    cafe(context, page)
    phone = Phone(page)
    phone.choose("declarer", "2")
    contract(phone, page)
    phone.choose("partner", "3")
    page.wait_for_selector("#preview .deltas")
    page.wait_for_load_state("networkidle")
    page.evaluate(SAVE_CLOCK)
    page.click("button[value=save]")
    spent = page.evaluate("window.savedIn")
    steps = {}
    for name, at in page.evaluate("window.saveSteps"):
        steps.setdefault(name.split(":")[1], at)
    context.close()
    return round(spent), steps


def new_context(browser, base, seeded, **options):
    context = browser.new_context(viewport=PHONE, **options)
    host = urllib.parse.urlsplit(base).hostname
    context.add_cookies(
        [{"name": "sessionid", "value": seeded["cookie"], "domain": host, "path": "/"}]
    )
    return context


def hands(page, base, seeded) -> dict:
    """Every variant's quick hand at and off its target, and the card-grid hands (five
    players; Japanese also with seven, long names)."""
    names = ["quick_hand_taps", "quick_hand_scrolls", "quick_hand_taps_off_target"]
    names += ["grid_hand_taps", "grid_hand_scrolls", "scrolls_after_save"]
    figures = {name: {} for name in names}
    sizes = []
    for variant, session in seeded["sessions"].items():
        phone, size = quick_hand(page, base, session)
        figures["quick_hand_taps"][variant] = phone.taps
        figures["quick_hand_scrolls"][variant] = phone.swipes
        sizes.append(size)
        off, _size = quick_hand(page, base, session, off=3)
        figures["quick_hand_taps_off_target"][variant] = off.taps
        figures["scrolls_after_save"][variant] = {
            "quick": phone.swipes_after_save + off.swipes_after_save
        }
    figures["save_response_bytes_compressed"] = max(sizes)
    grids = [(v, seeded["sessions"][v]) for v in GRID]
    grids.append(("japanese-7", seeded["long_names"]["latin"][0]))
    for name, session in grids:
        phone = grid_hand(page, base, session, name)
        figures["grid_hand_taps"][name] = phone.taps
        figures["grid_hand_scrolls"][name] = phone.swipes
        figures["scrolls_after_save"].setdefault(name, {})["grid"] = phone.swipes_after_save
    return figures


def browse(base, seeded) -> dict:
    figures = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = new_context(browser, base, seeded)
        page = context.new_page()
        figures["table_first_load_bytes_compressed"] = first_load_bytes(
            page, base, seeded["sessions"]["taiwan"]
        )
        figures.update(hands(page, base, seeded))
        context.close()
        cut = names_cut(browser, base, seeded)
        figures["names_cut"] = sum(len(found) for found in cut.values())
        figures["names_cut_texts"] = cut
        figures["page_load_ms_cafe"] = page_load_cafe(browser, base, seeded)
        spent, steps = save_cafe(browser, base, seeded)
        figures["save_to_next_form_ms_cafe"] = spent
        figures["save_cafe_steps_ms"] = steps  # when the answer came, was swapped, settled
        browser.close()
    return figures
