"""What a first visit costs beyond the page: the service worker registers once the page has
loaded and keeps only what the app needs offline, measured in Chromium from what it kept."""

import pytest

from tests.browser.support import log_in, new_context
from tests.factories import PASSWORD, make_league, make_session, make_user
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each kept file, and its size gzip-compressed as a server sends it; the page's own files.
KEPT = """async () => {
  const kept = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("napoleon-static-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).blob();
      const zipped = body.stream().pipeThrough(new CompressionStream("gzip"));
      const size = (await new Response(zipped).arrayBuffer()).byteLength;
      kept.push([new URL(request.url).pathname, size]);
    }
  }
  const loaded = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
  return { kept, loaded };
}"""
# What the install may download beyond the page's own files (the offline page, the table
# screen's script): far less than the app's icons at every size.
BUDGET = 8 * 1024


def test_it_keeps_what_offline_needs_and_no_more(live_server, page):
    make_league(make_user("host"))
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    found = page.evaluate(KEPT)
    kept = dict(found["kept"])
    assert not [path for path in kept if path.endswith(".png")]
    assert "/static/icon.svg" in kept and "/offline/" in kept
    extra = {path: size for path, size in kept.items() if path not in found["loaded"]}
    assert sum(extra.values()) <= BUDGET, extra


# A whole first visit, each file gzip-compressed as a server sends it: the page, what it
# loaded (stylesheets, scripts), the worker's script, and what its install downloaded
# beyond the page's own files (the page again among them, kept for offline use).
FIRST_VISIT = """async () => {
  const zipped = async (path) => {
    const body = await (await fetch(path, { credentials: "same-origin" })).blob();
    const stream = body.stream().pipeThrough(new CompressionStream("gzip"));
    return (await new Response(stream).arrayBuffer()).byteLength;
  };
  const loaded = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
  const kept = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("napoleon-static-")) continue;
    for (const request of await (await caches.open(name)).keys()) {
      kept.push(new URL(request.url).pathname);
    }
  }
  const sizes = {};
  for (const path of [...new Set(loaded)]) sizes[path] = await zipped(path);
  const installed = { "/sw.js": await zipped("/sw.js") };
  for (const path of kept.filter((path) => !loaded.includes(path))) {
    installed[path] = await zipped(path);
  }
  return { page: await zipped(location.pathname), sizes, installed };
}"""
ROUND_TRIP = 14 * 1024  # the HTML and its blocking CSS: what a first round trip carries
FIRST_VISIT_BUDGET = 40 * 1024


def test_it_downloads_a_first_visit_with_the_worker_s_install_within_budget(live_server, page):
    make_league(make_user("host"))
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    found = page.evaluate(FIRST_VISIT)
    css = sum(size for path, size in found["sizes"].items() if path.endswith(".css"))
    assert css and found["page"] + css <= ROUND_TRIP, found
    whole = found["page"] + sum(found["sizes"].values()) + sum(found["installed"].values())
    assert whole <= FIRST_VISIT_BUDGET, found


def test_it_registers_the_worker_once_the_page_has_loaded(live_server, browser):
    context = new_context(browser)
    first = context.new_page()
    # Before any of the page's scripts: note when the page loaded and when it registered.
    first.add_init_script(
        """addEventListener("load", () => { window.loadedAt = performance.now(); });
        const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
        navigator.serviceWorker.register = (...args) => {
          window.registeredAt = performance.now();
          return register(...args);
        };"""
    )
    first.goto(f"{live_server.url}/accounts/login/")  # a first visit: nothing registered yet
    first.wait_for_function("() => window.registeredAt !== undefined")
    assert first.evaluate("() => window.registeredAt >= window.loadedAt")
    first.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.close()


KEPT_SCRIPTS = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("napoleon-static-")) continue;
    for (const request of await (await caches.open(name)).keys()) {
      paths.push(new URL(request.url).pathname);
    }
  }
  return paths;
}"""


def test_a_first_visit_elsewhere_loads_no_outbox_and_the_table_keeps_its_own(live_server, page):
    session = make_session(make_league(make_user("host")))
    log_in(page, live_server, "host", PASSWORD)
    page.goto(f"{live_server.url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [url for url in loaded if "/js/offline.js" in url or "/js/outbox/" in url]
    page.goto(f"{live_server.url}{session.get_absolute_url()}")
    wanted = ["/static/js/offline.js", "/static/js/outbox/queue.js", "/static/js/table.js"]
    # Kept as the table screen loads them: it opens offline with its scripts.
    wait_until(lambda: set(wanted) <= set(page.evaluate(KEPT_SCRIPTS)), "the table's scripts kept")
