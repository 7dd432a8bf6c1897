import gc
import os
import sys
import threading

# Defaults so that a bare `pytest` inside the venv works; dev.py sets the same.
# They must be in place before the settings load (see pyproject.toml).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault(
    "DJANGO_STATICFILES_STORAGE", "django.contrib.staticfiles.storage.StaticFilesStorage"
)
# The API's rate limit counts in the database cache; the API's own tests (and their
# fuzzing) send far more than any client may and need no database. The limit's own
# tests switch it on (tests/security/test_limits.py).
os.environ.setdefault("DJANGO_API_RATE_LIMIT", "0")
# Playwright's sync API runs an event loop in the test thread; Django would
# otherwise refuse ORM calls made from it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import pytest  # noqa: E402

from tests import fuzzing  # noqa: E402
from tests.fuzzing import ON_POSTGRES  # noqa: E402
from tests.waiting import BROWSER_PATIENCE_MS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(autouse=True)
def _each_test_starts_in_english():
    """A test that switched the language without switching back would leave the next test
    on that worker reading another language's messages."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


def pytest_configure(config):
    # pytest-django sets Django up in its own pytest_configure, which runs after
    # this one, but only if the settings have been loaded by then.
    from django.conf import settings

    settings.INSTALLED_APPS  # noqa: B018
    # Hashing a password the safe way costs a third of a second of CPU; the tests log in
    # and create users by the thousand, and no test is about the hasher's strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    _one_request_at_a_time()
    if fuzzing.PROFILE not in fuzzing.PROFILES:
        raise pytest.UsageError(
            f"NAPOLEON_FUZZ={os.environ['NAPOLEON_FUZZ']!r}: set it to 'full' for every example"
            " of the fuzzers and property tests, or leave it unset for the everyday share"
        )
    # A page's answer may wait its turn on a shared, busy machine: an expectation waits for
    # its condition as long as an action does (see `context` below, tests/waiting.py).
    from playwright.sync_api import expect

    expect.set_options(timeout=BROWSER_PATIENCE_MS)


def pytest_report_header(config):
    share = "every example" if fuzzing.FULL else f"1 example in {fuzzing.QUICK_SHARE}"
    return f"fuzzers and sweeps: {fuzzing.PROFILE} ({share}; NAPOLEON_FUZZ=full for all)"


# Held by the live server while it answers a request, and by the test's own queries while
# a live server runs (re-entered by the server's queries, hence an RLock).
SHARED_CONNECTION = threading.RLock()


def _one_request_at_a_time():
    """The live server answers one request at a time, as one SQLite connection must.

    On an in-memory SQLite test database every thread of the live server shares the test's
    one connection; two requests at once (a page's poll, a service worker fetching a page
    to keep it, beside a sign-in) then fail with "database table is locked". The app's own
    servers each hold their own connection and need none of this. The lock is held while
    a request is answered, not while a kept-alive connection waits for the next one."""
    from django.core.servers import basehttp

    answer = basehttp.ServerHandler.run

    def run(self, application):
        with SHARED_CONNECTION:
            answer(self, application)

    basehttp.ServerHandler.run = run
    _flush_between_requests()


def _flush_between_requests():
    """A transactional test's closing flush waits for the request the live server is
    answering, and no request starts until it is done; a flush that fails anyway is tried
    again after closing what earlier requests left open.

    The flush empties table after table in one transaction on the connection the server
    shares. With the lock taken statement by statement, a request the browser sent just
    before its page closed could run in the middle of it, inside its transaction. A flush
    failed so ("couldn't be flushed", once in some fifteen thousand tests, on CI only,
    its cause cut from the log); if one fails again, its cause is printed here."""
    from django.core.management.base import CommandError
    from django.test import testcases

    flush = testcases.TransactionTestCase._fixture_teardown

    def _fixture_teardown(self):
        for attempt in range(3):
            try:
                with SHARED_CONNECTION:
                    return flush(self)
            except CommandError as error:
                if attempt == 2:
                    raise
                print(f"flush failed, tried again: {error.__cause__!r}", file=sys.stderr)
                gc.collect()

    testcases.TransactionTestCase._fixture_teardown = _fixture_teardown


@pytest.fixture(autouse=True)
def _test_queries_wait_for_the_live_server(request):
    """A browser test's own queries (counting the hands saved, say) wait for the request
    the server is answering on the same connection (see ``_one_request_at_a_time``)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    from django.db import connection

    def one_at_a_time(execute, sql, params, many, context):
        with SHARED_CONNECTION:
            return execute(sql, params, many, context)

    with connection.execute_wrapper(one_at_a_time):
        yield


@pytest.fixture(scope="session", autouse=True)
def _form_widgets_render_unrecorded(django_test_environment):
    """Django's test client records every template a response renders, with a copy of its
    context; a form renders each widget and label as a template of its own (the new-game
    page, about 300), and the recording cost a fifth of such a request. No test reads a
    widget's template: only the pages' own templates are recorded."""
    from django.template.base import Template
    from django.test.utils import instrumented_test_render

    def render(self, context):
        name = getattr(self.origin, "template_name", None)
        if isinstance(name, str) and name.startswith("django/forms/"):
            return self.nodelist.render(context)
        return instrumented_test_render(self, context)

    Template._render = render


# The features Playwright switches off when it starts Chromium (its chromiumSwitches): Chromium
# reads only the last --disable-features it is given, so ours repeats them.
# tests/browser/test_smoke.py fails, naming it, when Playwright adds one that is not here.
PLAYWRIGHTS_DISABLED_FEATURES = (
    "AimEnabled AvoidCorsURLLoaderRestartOnRedirect AvoidUnnecessaryBeforeUnloadCheckSync"
    " DestroyProfileOnBrowserClose HttpsFirstBalancedModeAutoEnable HttpsUpgrades LensOverlay"
    " MediaRouter NetworkTimeServiceQuerying OptimizationHints PaintHolding PreconnectToSearch"
    " TcpPortRandomizationWin ThirdPartyStoragePartitioning"
    " msEdgeUpdateLaunchServicesPreferredVersion msForceBrowserSignIn"
).split()
# Every browser context is a window of its own, and each window drew its address bar's
# suggestion list as a web page of Chromium's own, in a renderer of its own: two fifths of
# the browser tests' CPU went to these windows no test looks at.
UNSEEN_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's Chromium, not a Playwright download. The network flags stop it
    # from calling home, which this sandbox refuses and which slows every start.
    disabled = ",".join([*PLAYWRIGHTS_DISABLED_FEATURES, *UNSEEN_BROWSER_UI])
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--no-first-run",
            f"--disable-features={disabled}",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}}


@pytest.fixture
def context(context):
    """pytest-playwright's context (the `page` fixture's), as patient as the expectations
    (the contexts a test opens itself: tests/browser/support.py's `patient`)."""
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    return context


# Fixtures that reach the database: a test using none of them (and not marked django_db)
# runs the same on any database.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


# Tests whose database is only a place to keep a session or a user for a page that reads
# them (rules, referee, language, app-shell pages): what they check is the page's words, the
# same whatever database holds the row, so PostgreSQL does not run them again.
PAGE_WORDS_ONLY = (
    "tests/rulebook/",
    "tests/referee/",
    "tests/i18n/",
    "tests/pwa/",
    "tests/security/test_stranger_walk.py",
    "tests/security/test_headers.py",
    # The table's forms judged and its words written: an entry read, scored and previewed,
    # names laid out, money formatted, a hand replayed. Its writes, locks and versions
    # (test_recording, test_table_version, test_lineup, …) run on PostgreSQL too.
    *(
        f"tests/table/test_{name}.py"
        for name in (
            "house_form house_words mighty_counts preview quick_entry play_draft play_depths"
            " notation_link replay seat_names sit_out_hint release_stamp money settlement"
        ).split()
    ),
)
# Tests that reach the database but check what comes before it or beside it: the same on
# any database, so PostgreSQL does not run them again either.
SAME_ON_ANY_DATABASE = (
    # Bodies too large are refused before anything reads them (the live server's database is
    # only there for it to start).
    "tests/security/test_bodies.py",
    "tests/security/test_live_bodies.py",
    # HEAD answered as GET, without a body: how a request is answered, not what it read (the
    # sweeps beside it try each page's queries on PostgreSQL).
    "tests/security/test_query_fuzz.py::test_head_answers_as_get_without_a_body_on_every_page",
)


def touches_database(item) -> bool:
    if item.nodeid.startswith(PAGE_WORDS_ONLY + SAME_ON_ANY_DATABASE):
        return False
    if item.get_closest_marker("django_db") is not None:
        return True
    return bool(DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())))


# The longest files first (then dealt out among the workers, see dealt()), so no long test
# is left to run alone at the end while the other workers idle (longest-first scheduling).
# Longest first within this list too.
LONGEST_FIRST = (
    "tests/browser/test_accessibility.py",
    "tests/browser/test_keyboard.py",
    "tests/browser/test_languages.py",
    "tests/browser/",
    "tests/security/test_query_fuzz.py",
    "tests/security/test_fuzz_forms.py",
    "tests/rules/test_play_properties",
    "tests/ops/",
    "tests/api/test_fuzz.py",
    "tests/security/test_live_parallel.py",
    "tests/rulebook/test_worked_examples.py",
)


def expected_length_rank(item) -> int:
    path = item.nodeid
    for rank, prefix in enumerate(LONGEST_FIRST):
        if path.startswith(prefix):
            return rank
    return len(LONGEST_FIRST)


def shares(count: int, hands: int) -> list[int]:
    """How many of ``count`` tests xdist's work stealing first gives each of ``hands`` workers,
    in order (the first ones get the smaller shares)."""
    sizes, left = [], count
    for hand in range(hands):
        sizes.append(left // (hands - hand))
        left -= sizes[-1]
    return sizes


def kept_together(items: list) -> list[list]:
    """The tests in runs that one worker should take whole: those of a module sharing a
    module-scoped fixture (a server started, a database migrated), else each test alone. A
    module's tests spread over four workers made each of them start that server again."""
    runs: list[list] = []
    by_module: dict[str, list] = {}
    for item in items:
        definitions = getattr(item, "_fixtureinfo", None)
        defs = definitions.name2fixturedefs.values() if definitions else ()
        if not any(found and found[-1].scope == "module" for found in defs):
            runs.append([item])
            continue
        module = item.nodeid.split("::")[0]
        if module not in by_module:
            by_module[module] = []
            runs.append(by_module[module])
        by_module[module].append(item)
    return runs


def dealt(items: list, hands: int) -> list:
    """The tests reordered into ``hands`` slices of xdist's sizes, dealt in turn like cards.

    Work stealing (dev.py) first gives each worker one slice of the list: dealt this way each
    starts with its share of the longest tests, rather than the first one getting them all
    and the others stealing only the short ones from the end of its queue. The tests that
    share a module's fixture go to one slice together (``kept_together``)."""
    sizes = shares(len(items), hands)
    slices: list[list] = [[] for _ in range(hands)]
    for run in kept_together(items):
        room = [h for h in range(hands) if len(slices[h]) + len(run) <= sizes[h]]
        if room:
            hand = min(room, key=lambda h: (len(slices[h]), h))
        else:
            hand = max(range(hands), key=lambda h: sizes[h] - len(slices[h]))
        slices[hand].extend(run)
    return [item for hand in slices for item in hand]


def unmarked_fuzzers(items: list) -> list[str]:
    """The test modules that take their counts from tests/fuzzing.py but whose tests are
    not all marked ``slow``: the scheduled full run (``-m slow``) would leave them out."""
    profiled: dict[str, bool] = {}
    found = set()
    for item in items:
        module = getattr(item, "module", None)
        if module is None or item.get_closest_marker("slow") is not None:
            continue
        if module.__name__ not in profiled:
            profiled[module.__name__] = fuzzing.uses_the_profile(vars(module))
        if profiled[module.__name__]:
            found.add(module.__name__)
    return sorted(found)


def pytest_collection_modifyitems(config, items):
    unmarked = unmarked_fuzzers(items)
    if unmarked:
        raise pytest.UsageError(
            "these modules take their example counts from tests/fuzzing.py; mark their tests"
            f" slow (pytestmark = pytest.mark.slow): {', '.join(unmarked)}"
        )
    items.sort(key=expected_length_rank)  # stable: each file keeps its own order
    # dev.py's second run, on PostgreSQL, repeats only the tests that reach the database:
    # the engine and API tests gain nothing from a second database.
    if ON_POSTGRES:
        kept = [item for item in items if touches_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
    # Each xdist worker collects (and orders) the list; the count is all it is told.
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = dealt(items, workers)
    # dev.py sets this when it could not install Chromium (not root).
    if not os.environ.get("NAPOLEON_SKIP_BROWSER_TESTS"):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (NAPOLEON_SKIP_BROWSER_TESTS set)")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


# ---- people, a league, sessions and clients (the builders are in tests/factories.py) ----

VARIANTS = ["taiwan", "japanese-chip", "mighty", "thai", "nap"]


def _factories():
    from tests import factories

    return factories


@pytest.fixture
def owner(db):
    return _factories().make_user("olive")


@pytest.fixture
def member(db):
    return _factories().make_user("mark")


@pytest.fixture
def stranger(db):
    return _factories().make_user("sam")


@pytest.fixture
def league(owner, member):
    return _factories().make_league(owner, members=[member])


@pytest.fixture
def other_league(stranger):
    """The stranger belongs to a league of their own, just not to ours."""
    return _factories().make_league(stranger, name="Across the street")


def _client_for(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner_client(owner):
    return _client_for(owner)


@pytest.fixture
def member_client(member):
    return _client_for(member)


@pytest.fixture
def stranger_client(stranger, other_league):
    return _client_for(stranger)


@pytest.fixture
def anon_client():
    from django.test import Client

    return Client()


@pytest.fixture
def htmx():
    return {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def session(league):
    return _factories().make_session(league, "taiwan")


@pytest.fixture
def japanese_chip(league):
    return _factories().make_session(league, "japanese-chip")


@pytest.fixture
def mighty(league):
    return _factories().make_session(league, "mighty")


@pytest.fixture
def thai(league):
    return _factories().make_session(league, "thai")


@pytest.fixture
def nap(league):
    return _factories().make_session(league, "nap")


@pytest.fixture(params=VARIANTS)
def any_session(request, league):
    """One session of each of the five variants, in turn."""
    return _factories().make_session(league, request.param)
