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
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from scoring.history.figures.synthetic import generate_league
from scoring.leagues.people import invite
from scoring.models import HandEvent, League, Player
from scoring.rules import VARIANTS
from scoring.table.form import HandForm
from scoring.table.recording import undo_last, update_hand
from tests.browser.support import log_in as sign_in
from tests.browser.support import new_context, shot
from tests.browser.test_languages import OVERFLOW, PHONE
from tests.factories import RECORDS, hand_data, make_session, pass_out, play, play_recorded
from tests.referee import (
    test_auction,
    test_deal_miss,
    test_house_calls,
    test_kill,
    test_legal,
    test_score,
    test_trick,
)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PASSWORD = "a-long-test-password"
SCHEMES = ["light", "dark"]
FAILING = {"serious", "critical"}
SKIP_NAMESPACES = {"admin"}
SKIP_PREFIXES = ("api-",)  # the JSON API: no pages
# Named URLs whose GET is no page: actions that only take a POST, and redirects. (A URL
# that answers with something else than HTML, a download or a script, is no page either.)
NOT_PAGES = {
    "scoring:logout",
    "scoring:set-language",
    "scoring:add-member",
    "scoring:preview",
    "scoring:record",
    "scoring:play",  # a tap of "Record the play": POST only
    "scoring:restore",
    "scoring:end",
    "scoring:reopen",
    "scoring:share-link",
    "scoring:league-standings",  # a redirect to the league page's standings
    "scoring:set-theme",
    "scoring:play-again",
    "scoring:league-currency",  # the owner's choice of currency, posted from the league page
    "scoring:invite",
    "scoring:withdraw-invitation",
    "scoring:unlink",
}
# Queries that show more of a page (anyone may read these): the referee's disputes, one per
# variant and tool, each with its ruling; a search of the rules with its results.
QUERIES = {
    "scoring:referee-trick": [
        *(case[0] for case in test_trick.CASES.values()),
        test_kill.TRICKS[0][0],  # six-player Mighty: the killed seat's chips, five slots
    ],
    "scoring:referee-legal": [case[0] for case in test_legal.CASES.values()],
    "scoring:referee-auction": [
        *(case[0] for case in test_auction.CASES.values()),
        test_house_calls.AUCTIONS[0][0],  # a deal miss called
        test_house_calls.AUCTIONS[3][0],  # last hand's napoleon opens
    ],
    "scoring:referee-score": [
        *(case[0] for case in test_score.CASES.values()),
        test_kill.SCORED,
    ],
    "scoring:referee-deal-miss": [
        test_deal_miss.CASES["qualifies"][0],
        test_deal_miss.CASES["six players, 8 cards"][0],
    ],
    "scoring:rules-search": ["q=yoromeki", "q=joker"],
}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# ---- the world: a league with sessions of several variants, hands and their history -----


@pytest.fixture
def world(live_server):
    user = User.objects.create_user("host", password=PASSWORD)
    # A few years of synthetic history: standings, ratings and charts on the league page.
    league = generate_league(60, name="Friday club", seed=5, owner=user, session_hands=(6, 10))
    sessions = {}
    for variant in ("taiwan", "japanese-chip", "mighty", "thai", "nap"):
        session = make_session(league, variant)
        play(session)
        pass_out(session)
        play(session)
        sessions[variant] = session
    taiwan = sessions["taiwan"]
    play_recorded(taiwan)  # its play kept: the replay pages
    first = taiwan.hands.get(number=1)
    form = HandForm(taiwan, hand_data(taiwan, points="9"))
    assert form.is_valid(), form.errors
    update_hand(first, first.version, form.hand_values(), form.score.deltas, user=user)
    play(taiwan, declarer="2", partner="3", points="14")
    undo_last(taiwan, 4, user=user)  # a restorable hand in the history
    ended = make_session(league, "mighty", stake="0.50")
    play(ended)
    play(ended, declarer="2", partner="4", points="9")
    ended.ended_at = timezone.now()
    ended.save()
    sessions["ended"] = ended
    # The host is one of the players (their Me page has figures) and the league a copy.
    Player.objects.filter(pk=league.players.order_by("pk").last().pk).update(user=user)
    League.objects.filter(pk=league.pk).update(imported_at=timezone.now())
    return {"user": user, "league": league, "sessions": sessions}


# ---- the pages, from the URL resolver ----------------------------------------------------


def named_urls(patterns=None, namespace=None, prefix=""):
    """(qualified name, whole route, parameter names) for every named URL pattern."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            if inner not in SKIP_NAMESPACES:
                yield from named_urls(pattern.url_patterns, inner, route)
            continue
        if pattern.name is None or pattern.name.startswith(SKIP_PREFIXES):
            continue
        name = f"{namespace}:{pattern.name}" if namespace else pattern.name
        yield name, route, list(pattern.pattern.regex.groupindex)


# A session's pages that its game shapes (the hand form, the hands' columns) are visited for
# every game; its other pages are the same markup whatever the game (delete, undo, history,
# seats, stake, final standings) and are visited for a live session and an ended one.
EVERY_GAME = {"scoring:table", "scoring:edit-hand", "scoring:hands", "scoring:session-history"}


def fillings(world, name, route, params):
    """Every set of keyword arguments to reverse ``name`` with, from the world's objects."""
    league = world["league"]
    sessions = list(world["sessions"].values())
    if not params:
        return [{}]
    if params == ["code"]:
        return [{"code": code} for code in VARIANTS]
    if params == ["invitation"]:  # an open invitation to be the league's first player
        return [{"invitation": invite(league.players.order_by("pk").first(), world["user"]).code}]
    if params == ["token"]:
        return [{"token": s.share_token} for s in sessions]
    if params == ["notation"]:
        return [{"notation": RECORDS["taiwan"]}]
    if params == ["token", "number"]:  # a hand's play through the share link
        recorded = world["sessions"]["taiwan"].hands.exclude(record=None).get()
        return [{"token": recorded.session.share_token, "number": recorded.number}]
    if params == ["pk"] and "leagues/" in route:
        return [{"pk": league.pk}]
    if params == ["pk"] and route.startswith("players/"):
        return [{"pk": league.players.order_by("pk").first().pk}]
    if "sessions/" in route and set(params) <= {"pk", "number", "event"}:
        found = []
        if name not in EVERY_GAME:
            sessions = [world["sessions"]["taiwan"], world["sessions"]["ended"]]
        for s in sessions:
            kwargs = {"pk": s.pk}
            if "number" in params:
                hands = s.hands.exclude(record=None) if name == "scoring:replay" else s.hands
                first = hands.order_by("number").first()
                if first is None:
                    continue
                kwargs["number"] = first.number
            if "event" in params:
                event = HandEvent.objects.filter(session=s, action=HandEvent.UNDO).first()
                if event is None:
                    continue
                kwargs["event"] = event.pk
            found.append(kwargs)
        return found
    raise AssertionError(f"{name} ({route}): no objects to fill {params} with; teach fillings()")


def candidates(world):
    """(name, path) of every named URL, filled with the world's objects (nothing fetched)."""
    return [
        (name, reverse(name, kwargs=kwargs))
        for name, route, params in named_urls()
        for kwargs in fillings(world, name, route, params)
    ]


def share(found, part):
    """The URL names of ``part`` of the walk: the names dealt out, the most visited first, to
    the part with the fewest visits so far (a name's paths and QUERIES kept together)."""
    weights = {name: len(QUERIES.get(name, ())) for name, _path in found}
    for name, _path in found:
        weights[name] += 1
    dealt, loads = [set() for _ in range(PARTS)], [0] * PARTS
    for name in sorted(weights, key=lambda name: (-weights[name], name)):
        lightest = loads.index(min(loads))
        dealt[lightest].add(name)
        loads[lightest] += weights[name]
    return dealt[part]


def pages(world, found, names):
    """(path, logged in) for every page of ``found`` named in ``names``: public ones
    anonymously, the rest as a member.

    The home page is both: a welcome page for visitors, the member's own page otherwise."""
    anonymous, member = Client(), Client()
    member.force_login(world["user"])
    walk = []
    for name, path in found:
        if name not in names:
            continue
        as_member = member.get(path)
        html = as_member.get("Content-Type", "").startswith("text/html")
        if as_member.status_code == 200 and not html:
            continue  # a file, not a page: a download, a script, a manifest
        is_page = as_member.status_code == 200
        if name in NOT_PAGES:
            assert not is_page, f"{name} is a page now: take it out of NOT_PAGES"
            continue
        assert is_page, (
            f"{name} {path} answers {as_member.status_code} {as_member.get('Content-Type')}:"
            " fix it, or list it in NOT_PAGES if it is no page"
        )
        public = anonymous.get(path).status_code == 200
        if public:
            walk.append((path, False))
        if not public or name == "scoring:home":
            walk.append((path, True))
    for name in sorted(names):
        walk.extend((f"{reverse(name)}?{query}", False) for query in QUERIES.get(name, ()))
    return walk


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
PARTS = 3


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
    for path, as_member in walk:
        page = member if as_member else anonymous
        page.emulate_media(color_scheme=SCHEMES[0])
        response = page.goto(live_server.url + path)
        assert response.ok, f"{path}: {response.status}"
        who = "member" if as_member else "visitor"
        backgrounds = set()
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            backgrounds.add(page.evaluate(BACKGROUND))
            for v in axe(page, RULES_BY_SCHEME[scheme]):
                (found if v["impact"] in FAILING else minor).append(
                    (f"{path} ({who}, {scheme})", v)
                )
        # The switch took: each scheme paints the page its own colour.
        assert len(backgrounds) == len(SCHEMES), f"{path}: one background for both schemes"
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
