"""Accessibility: axe-core on every page, in light and dark (where colours are all that
changes).

axe-core comes from the npm registry, pinned in package.json / package-lock.json
(`dev.py test` runs `npm ci`), and is injected into each page; the browser context
bypasses the Content-Security-Policy only so that it may. Any violation of impact
"serious" or "critical" fails, listed with its rule, its help text and the elements; so do
a tap target under 44×44 px and a page wider than the phone.

The pages come from the URL resolver, so a page added later is checked too: every named
URL is fetched with real ids (a league, each session of a variant, a hand, a history
event, a player, each variant's rules, a share token); one that answers with an HTML
page is checked, files (downloads, scripts) are not, and any other answer (a POST-only
action, a redirect) must be listed in NOT_PAGES. The JSON API and the admin are left out.
Pages that anyone may read are checked as an anonymous visitor, the others logged in as a
league member; the referee's tools also with a dispute and its ruling on them.

Then states that a plain visit does not show (the card grid, a live preview with a score,
forms sent back with their errors). The keyboard alone: test_keyboard.py.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from scoring.table.form import HandForm
from scoring.table.recording import update_hand
from tests.browser.page_walk import PARTS, PASSWORD, QUERIES, build_world, candidates, pages, share
from tests.browser.support import log_in_by_form as sign_in
from tests.browser.support import new_context, shot
from tests.browser.test_languages import OVERFLOW, PHONE
from tests.factories import hand_data
from tests.fuzzing import FULL
from tests.referee import (
    test_legal,
)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = ["light", "dark"]
FAILING = {"serious", "critical"}
# ---- axe ------------------------------------------------------------------------------

# The dark scheme changes colours and nothing else (the same page, the same markup): the
# whole of axe runs in light, and in dark only the rules that read colours.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
RULES_BY_SCHEME = {"light": None, "dark": COLOUR_RULES}

RUN_AXE = """async (rules) => {
  const options = {resultTypes: ["violations"]};
  if (rules) options.runOnly = {type: "rule", values: rules};
  const result = await axe.run(document, options);
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(" ") + (n.failureSummary ? "\\n        "
      + n.failureSummary.split("\\n").join(" ") : "")),
  }));
}"""


# Every control at least 44px each way; a link inside running text (display: inline) is
# exempt, as WCAG exempts it.
SMALL_TARGETS = """() => {
  const small = [];
  const controls = 'a[href], button, summary, input:not([type=hidden]), select, textarea';
  for (const el of document.querySelectorAll(controls)) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === "hidden" || style.opacity === "0") continue;
    if (el.tagName === "A" && style.display === "inline") continue;
    if (box.width < 44 || box.height < 44) {
      const name = (el.getAttribute("aria-label") || el.textContent || el.name || "").trim();
      small.push(`${el.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}"""


BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"


def axe(page, rules=None):
    """axe-core's violations on the page as it stands: [{id, impact, help, targets}]
    (only those of ``rules`` when given)."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (python3 dev.py test does)"
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, rules)


def serious(violations):
    return [v for v in violations if v["impact"] in FAILING]


def report(found):
    """found: [(where, violation)] → one readable block per violation."""
    lines = []
    for where, v in found:
        lines.append(f"{where}: [{v['impact']}] {v['id']}: {v['help']}")
        lines.extend(f"    {target}" for target in v["targets"][:8])
        if len(v["targets"]) > 8:
            lines.append(f"    … and {len(v['targets']) - 8} more")
    return "\n".join(lines)


@pytest.fixture
def opened():
    """The browser contexts a test opens, closed after it: a page left open (the share page
    polls every 5 s) would go on running, and asking a stopped server, to the run's end."""
    contexts = []
    yield contexts
    for each in contexts:
        each.close()


def context(browser, browser_context_args, scheme, opened=None, **options):
    made = new_context(
        browser, **browser_context_args, color_scheme=scheme, bypass_csp=True, **options
    )
    # axe-core in every page of the context, handed to the browser once: added to each page
    # as a script tag, its 500 KB crossed from this process to the browser page after page.
    made.add_init_script(path=str(AXE))
    if opened is not None:  # else the caller closes it
        opened.append(made)
    return made


def log_in(page, live_server):
    sign_in(page, live_server, "host", PASSWORD)


def holding_the_offline_page(page, live_server):
    """``page``, on which the offline page stays put while it is checked.

    That page asks the server every few seconds whether it answers again, and reloads when
    it does (kept.js): on a busy machine the reload came in the middle of axe's run ("the
    execution context was destroyed"). Here the answer to that question is a 503, so the
    page goes on waiting for the connection, as on a phone with none."""

    def not_yet(route):
        if route.request.method == "HEAD":
            route.fulfill(status=503)
        else:
            route.continue_()

    page.route(live_server.url + reverse("scoring:offline"), not_yet)
    return page


# The walk is cut in parts that run side by side (one long test would hold one worker to
# the end of the suite while the other idles); every part lists the URLs of the whole walk
# and fetches and checks only its share of them (fetching every page with the test client
# took a fifth of each part), so that together the parts check every page once.


pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world(live_server):
    return build_world()


@pytest.mark.slow  # the scheduled full run reads every question's colours in dark too
@pytest.mark.parametrize("part", range(PARTS))
def test_every_page_has_no_serious_violation(
    live_server, world, browser, browser_context_args, opened, part
):
    found = candidates(world)
    paths = {path for _name, path in found}
    for expected in ["/", "/accounts/login/", "/accounts/signup/", "/rules/", "/referee/"]:
        assert expected in paths
    assert any(path.startswith("/share/") for path in paths)
    assert set(QUERIES) <= {name for name, _path in found}
    walk = pages(world, found, share(found, part))  # each of its pages asserted to be one there
    # One visit per page, checked in both colour schemes: the scheme is switched on the
    # loaded page (a media emulation), so the walk costs one page load, not two.
    # No service worker: the walk reads pages, not their offline copies (test_offline.py
    # does); a worker answering the navigation can leave Chromium's goto with no response,
    # and it would fetch every page a second time to keep it.
    anonymous, member = (
        holding_the_offline_page(
            context(
                browser, browser_context_args, SCHEMES[0], opened, service_workers="block"
            ).new_page(),
            live_server,
        )
        for _ in range(2)
    )
    log_in(member, live_server)
    found, minor, small, too_wide = [], [], [], []
    dark_seen = set()
    for path, as_member in walk:
        page = member if as_member else anonymous
        page.emulate_media(color_scheme=SCHEMES[0])
        response = page.goto(live_server.url + path)
        assert response.ok, f"{path}: {response.status}"
        who = "member" if as_member else "visitor"
        backgrounds = set()
        # A tool asked another question draws the same parts in the same colours: its
        # colours in dark are read on the first question of each tool (the full run reads
        # them on every one).
        tool = path.split("?")[0] if "?" in path and not FULL else path
        schemes = SCHEMES if tool not in dark_seen else SCHEMES[:1]
        dark_seen.add(tool)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            backgrounds.add(page.evaluate(BACKGROUND))
            for v in axe(page, RULES_BY_SCHEME[scheme]):
                (found if v["impact"] in FAILING else minor).append(
                    (f"{path} ({who}, {scheme})", v)
                )
        # The switch took: each scheme paints the page its own colour.
        assert len(backgrounds) == len(schemes), f"{path}: one background for both schemes"
        small.extend(f"{path}: {target}" for target in page.evaluate(SMALL_TARGETS))
        width, culprits = page.evaluate(OVERFLOW)  # in English; test_languages.py: the others
        if width > PHONE:
            too_wide.append((path, width, culprits))
    if minor:  # worth a look, but not a failure
        print(f"\nLess serious findings:\n{report(minor)}")
    assert not found, f"{len(found)} serious or critical violations:\n{report(found)}"
    assert not small, "tap targets under 44×44px:\n" + "\n".join(small)
    assert not too_wide, f"wider than a {PHONE}px phone: {too_wide}"


# ---- states a plain visit does not show --------------------------------------------------


def table_page(page, live_server, world, variant="taiwan"):
    page.goto(f"{live_server.url}{world['sessions'][variant].get_absolute_url()}")
    page.wait_for_selector("#hand-form")


def check(page, where, found):
    """axe on the page as it stands in each scheme, switched on the page itself."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        found.extend((f"{where}, {scheme}", v) for v in serious(axe(page, RULES_BY_SCHEME[scheme])))
    page.emulate_media(color_scheme=SCHEMES[0])


def record_some_play(page, live_server, world):
    """Record the play open on a Taiwan hand: a trick judged, the next one under way."""
    table_page(page, live_server, world)
    for name, value in [("declarer", "0"), ("level", "3"), ("trump", "S")]:
        page.locator(f"input[name={name}][value='{value}']").check()
    page.locator("input[name=called_suit][value=H]").check()
    page.locator("input[name=called_rank][value=A]").check()
    page.click("#play > summary")
    for code in ("S2", "S3", "S4", "S5", "S6", "S7"):
        page.click(f"#play button[value='card:{code}']")
        page.wait_for_function(
            "(c) => document.querySelector('input[name=play]').value.includes(c)", arg=code
        )


def test_every_state_of_the_table_has_no_serious_violation(
    live_server, world, browser, browser_context_args, opened
):
    scheme = SCHEMES[0]  # each check looks at both schemes
    page = context(browser, browser_context_args, scheme, opened).new_page()
    found = []

    # A login refused: the form comes back with its error.
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "host")
    page.fill("input[name=password]", "not the password")
    page.click("main button[type=submit]")
    page.wait_for_selector(".errorlist")
    check(page, "login with an error", found)

    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=username]", "host")  # taken
    page.fill("input[name=password1]", "short")
    page.fill("input[name=password2]", "different")
    page.click("main button[type=submit]")
    page.wait_for_selector(".errorlist")
    check(page, "signup with errors", found)

    log_in(page, live_server)
    page.goto(f"{live_server.url}/leagues/{world['league'].pk}/sessions/new/")
    page.locator("input[name=variant][value=taiwan]").check()
    page.fill("textarea[name=players]", "Ann")
    page.click("main button[type=submit].primary")
    page.wait_for_selector(".errorlist")
    # The page reopens at its top: the summary of what went wrong must be in sight there.
    assert page.locator("#form-errors").is_visible()
    assert page.locator("#form-errors").bounding_box()["y"] < 844
    shot(page, f"a11y-new-game-errors-{scheme}", full_page=False)
    check(page, "new game with errors", found)

    # The table: a live preview with a score, the card grid by one side, then an error.
    table_page(page, live_server, world)
    page.locator("input[name=declarer][value='0']").check()
    page.locator("input[name=level][value='3']").check()
    page.locator("input[name=trump][value=S]").check()
    page.locator("input[name=partner][value='1']").check()
    page.locator("input[name=points][value='12']").check()
    page.wait_for_selector("#preview table")
    check(page, "table, preview with a score", found)
    shot(page, f"a11y-table-preview-{scheme}")
    page.click("button.mode-toggle")
    page.wait_for_selector(".tiles")
    page.click("button.brush")  # five discards: more than the napoleon discards
    for code in ("SA", "SK", "SQ", "SJ", "HA"):
        page.click(f".tile[data-card={code}] .tt")
    page.wait_for_selector("#preview .err")
    check(page, "table, card grid with an error", found)
    shot(page, f"a11y-table-grid-{scheme}")
    record_some_play(page, live_server, world)
    check(page, "table, recording the play", found)
    shot(page, f"a11y-table-play-{scheme}")
    table_page(page, live_server, world, "mighty")
    page.click("button[value=save]")  # nothing tapped: the form comes back with errors
    page.wait_for_selector("#record .errorlist")
    check(page, "table, form with errors", found)
    shot(page, f"a11y-table-errors-{scheme}")

    # Thai's tricks by player, and Nap's calls.
    table_page(page, live_server, world, "thai")
    page.locator("input[name=declarer][value='1']").check()
    page.click("button.mode-toggle")
    page.locator("button[data-step='1']").first.click()
    page.wait_for_selector("#preview .err, #preview table")
    check(page, "table (thai), tricks by player", found)
    table_page(page, live_server, world, "nap")
    page.locator("input[name=declarer][value='1']").check()
    page.locator("input[name=nap_bid][value=two]").check()
    page.wait_for_selector("#preview table")
    check(page, "table (nap), preview", found)

    # Someone else saved the hand meanwhile: the edit page shows what they changed.
    taiwan = world["sessions"]["taiwan"]
    page.goto(f"{live_server.url}/sessions/{taiwan.pk}/hands/1/edit/")
    hand = taiwan.hands.get(number=1)
    form = HandForm(taiwan, hand_data(taiwan, points="13"))
    assert form.is_valid(), form.errors
    update_hand(hand, hand.version, form.hand_values(), form.score.deltas)
    page.click("button[value=save]")
    page.wait_for_selector(".stale")
    check(page, "edit, someone else saved", found)

    # Without table.js the card grid is a labelled select per card. (No service worker, or
    # it would serve the script from its cache, past the route.)
    plain = context(browser, browser_context_args, scheme, opened, service_workers="block")
    plain = plain.new_page()
    plain.route("**/js/table.js", lambda route: route.abort())
    log_in(plain, live_server)
    table_page(plain, live_server, world)
    plain.locator("input[name=mode][value=cards]").check()
    plain.wait_for_selector(".tile select")
    check(plain, "table without JavaScript, card grid", found)

    # The referee: a picker with a ruling, and a card tapped open to say why.
    page.goto(f"{live_server.url}/referee/legal/?{test_legal.CASES['taiwan'][0]}")
    page.locator(".ref-play summary").first.click()
    check(page, "referee, a card opened", found)
    page.goto(f"{live_server.url}/referee/trick/?v=taiwan&n=5&t=S&k=2&l=0&c=XX&p=QQ")
    check(page, "referee, errors", found)

    assert not found, f"{len(found)} serious or critical violations:\n{report(found)}"
