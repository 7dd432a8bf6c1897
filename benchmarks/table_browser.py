"""The browser half of benchmarks/table.py: taps, swipes, bytes and the café profile.

A tap is one click on a control; a swipe is one scroll the phone needed first, because
the control was off the screen or under the bar fixed at the bottom. Each flow starts on
the table screen and ends when the next hand's form is there, empty.
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


class Phone:
    """A page that counts taps and swipes."""

    def __init__(self, page):
        self.page, self.taps, self.swipes = page, 0, 0

    def tap(self, selector):
        element = self.page.locator(selector).first
        if not element.evaluate(REACHABLE):
            self.swipes += 1
            element.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        element.click()
        self.taps += 1

    def choose(self, name, value):
        self.tap(f"input[name={name}][value='{value}']")

    def save(self):
        number = int(self.page.locator("#record h2").inner_text().split()[-1])
        self.tap("button[value=save]")
        self.page.wait_for_selector(f"#record h2:has-text('{number + 1}')")
        assert self.page.locator("input[name=declarer]:checked").count() == 0


def contract(phone, page):
    """A contract every variant has: the third count (or the second call) and ♠."""
    if page.locator("input[name=nap_bid]").count():
        value = page.locator("input[name=nap_bid]").nth(1).get_attribute("value")
        phone.choose("nap_bid", value)
        return
    phone.choose("level", page.locator("input[name=level]").nth(2).get_attribute("value"))
    phone.choose("trump", "S")


def quick_hand(page, base, session):
    page.goto(f"{base}/sessions/{session}/")
    page.wait_for_selector("#hand-form")
    phone = Phone(page)
    phone.choose("declarer", "0")
    contract(phone, page)
    if page.locator("input[name=partner]").count():
        phone.choose("partner", "1")
    page.wait_for_selector("#preview .deltas")  # the result started at the target
    with page.expect_response(lambda r: r.url.endswith("/record/")) as answer:
        phone.save()
    return phone.taps, phone.swipes, answer.value.request.sizes()["responseBodySize"]


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
    return phone.taps


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


def browse(base, seeded) -> dict:
    figures = {"quick_hand_taps": {}, "quick_hand_scrolls": {}, "grid_hand_taps": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = new_context(browser, base, seeded)
        page = context.new_page()
        figures["table_first_load_bytes_compressed"] = first_load_bytes(
            page, base, seeded["sessions"]["taiwan"]
        )
        sizes = []
        for variant, session in seeded["sessions"].items():
            taps, swipes, size = quick_hand(page, base, session)
            figures["quick_hand_taps"][variant] = taps
            figures["quick_hand_scrolls"][variant] = swipes
            sizes.append(size)
        figures["save_response_bytes_compressed"] = max(sizes)
        for variant in GRID:
            figures["grid_hand_taps"][variant] = grid_hand(
                page, base, seeded["sessions"][variant], variant
            )
        context.close()
        figures["page_load_ms_cafe"] = page_load_cafe(browser, base, seeded)
        spent, steps = save_cafe(browser, base, seeded)
        figures["save_to_next_form_ms_cafe"] = spent
        figures["save_cafe_steps_ms"] = steps  # when the answer came, was swapped, settled
        browser.close()
    return figures
