#!/usr/bin/env python3
"""The table loop as a phone feels it: taps, swipes, bytes, server CPU, a café connection.

    python benchmarks/table.py [--json] [--rounds 3] [--requests 20]

Serves the app as production does (DJANGO_DEBUG=0, GZip, WhiteNoise with compressed
static files, SQLite) from gunicorn on 127.0.0.1, and drives Debian's Chromium at 390×844:

- ``quick_hand_taps`` / ``quick_hand_scrolls``: taps and swipes to record a hand made at
  its target, from the table screen to the next hand's empty form, for every variant;
- ``quick_hand_taps_off_target``: the same with a result 3 over the target (3 under where
  the game has no such result: Nap);
- ``grid_hand_taps`` / ``grid_hand_scrolls``: taps and swipes for the card-grid hand where
  the declarer's side took 13 of 20 point cards (Taiwan and Hong Kong: 11 of 16), for the
  variants with point cards at five players, and Japanese at seven (``japanese-7``);
- ``scrolls_after_save``: after each Save of those hands (``quick``: at and off the target;
  ``grid``), one swipe when the scoreboard or the next hand's first choice is out of view;
- ``names_cut``: buttons of the hand form whose text is cut, at seven players with long
  Latin, Chinese and Thai names (``names_cut_texts``: which);
- ``save_response_bytes_compressed``: the htmx Save's answer as served;
- ``save_queries``: queries for a whole Save POST up to its answer (in-process, the
  same settings and database), and ``save_after_answer_queries``: those of the table
  screen it then writes for the next phone to open and of the league's figures it brings
  up to date (still in the Save's request, once its answer is sent);
- ``table_first_load_bytes_compressed``: HTML + CSS of the table screen as served to a
  fresh browser;
- ``table_cpu_ratio``, ``share_poll_cpu_ratio``: server CPU per request (the gunicorn
  thread's own CPU time, from a hook around each request) over /manifest.webmanifest's,
  in the same run, the median of ``--rounds`` rounds; the share poll asks with the
  ETag of its last answer. Each request of a round follows a phone's htmx Save of a new
  hand (``save_cpu_ratio``): ``table_written_cpu_ratio`` is the table screen written
  afresh (at an address of its own each time, so never the page a Save keeps for the
  next phone), ``table_cpu_ratio`` the table screen as the next phone opens it (the
  kept page), ``new_game_cpu_ratio`` the new-game form, and ``league_cpu_ratio``,
  ``home_cpu_ratio``, ``player_cpu_ratio`` the league page (the first after the Save),
  the home page and a player's page;
- ``save_to_next_form_ms_cafe``, ``page_load_ms_cafe``: 400 kbit/s, 400 ms round trip
  and 4× CPU throttling (Chrome DevTools Protocol).

With --json, one JSON object is printed last. Figures only; it asserts nothing.
Targets (a hand in a few taps without scrolling, a Save's answer small and cheap on a slow
connection): 6 taps, 0 swipes, 15 grid taps, 4096 bytes, 10 queries, 14336 bytes,
3.0 and 2.0, and a café Save no slower than half a fresh page load; a result off the
target at most one tap more than at it, and no swipe after a Save, in the card grid, nor
a name cut.
"""

import argparse
import contextlib
import gzip
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.table_browser import browse  # noqa: E402

PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
VARIANTS = ["taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
# Seven at a Japanese table, names in three scripts, each table in its language.
LONG_NAMES = {
    "latin": (
        "en",
        [
            "Jean-Christophe",
            "Christine",
            "Christophe",
            "Marie-Hélène",
            "Bartholomew",
            "Éloïse Dupont",
            "Maximilienne",
        ],
    ),
    "cjk": (
        "zh-hant",
        ["陳大文", "陳小明", "歐陽志明", "司馬長風", "黃淑芬", "愛新覺羅溥儀", "林"],
    ),
    "thai": ("th", ["สมชาย", "สมชัย", "ประเสริฐศักดิ์", "วิไลวรรณ", "สมศักดิ์", "นภาพร", "ก้อง"]),
}

# Read by gunicorn (-c): each request's CPU time in its own thread, tagged by the client.
CPU_HOOK = """
import threading, time
_started = threading.local()
LOG = {log!r}

def pre_request(worker, req):
    _started.at = time.thread_time_ns()

def post_request(worker, req, environ, resp):
    tag = environ.get("HTTP_X_BENCH_TAG")
    if tag:
        with open(LOG, "a") as out:
            out.write(f"{{tag}} {{time.thread_time_ns() - _started.at}}\\n")
"""


def say(text):
    print(text, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_env(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "napoleon_site.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"sqlite:///{tmp / 'table.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(tmp / "static"),
        # Plain HTTP on the loopback: no TLS to redirect to, cookies without Secure.
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_API_RATE_LIMIT": "0",
    }


def manage(env, *args):
    subprocess.run([PYTHON, ROOT / "manage.py", *args], env=env, cwd=ROOT, check=True)


@contextlib.contextmanager
def gunicorn(env, tmp: Path):
    port = free_port()
    hook = tmp / "hook.py"
    hook.write_text(CPU_HOOK.format(log=str(tmp / "cpu.log")))
    command = [GUNICORN, "napoleon_site.wsgi", "-c", hook, "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", "1", "--threads", "4", "--worker-class", "gthread"]
    # Longer than a phone's pause between two taps, as a proxy in front would keep it.
    command += ["--keep-alive", "10", "--error-logfile", tmp / "gunicorn.log"]
    process = subprocess.Popen([str(c) for c in command], env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/manifest.webmanifest", timeout=2)
                break
            except OSError as error:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit("gunicorn did not start") from error
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


# ---- inside Django (a child process with the site's settings) ----------------------------


def seed(out: str) -> None:
    """A signed-in phone, one five-player session of each variant, one Taiwan session
    with three hands for the CPU figures, and three seven-player Japanese sessions with
    long names."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.models import GameSession
    from tests.factories import make_league, make_session, play

    user = User.objects.create_user("phone", password=secrets.token_urlsafe(16))
    league = make_league(user)
    sessions = {v: make_session(league, v, names=NAMES).pk for v in VARIANTS}
    busy = make_session(league, "taiwan", names=NAMES)
    for declarer in ("0", "2", "4"):
        play(busy, declarer=declarer, partner="1")
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    data = {"cookie": store.session_key, "sessions": sessions, "busy": busy.pk}
    data["busy_version"] = GameSession.objects.get(pk=busy.pk).version
    data["share"] = busy.share_token
    data["league"] = league.pk
    data["player"] = league.players.order_by("pk").first().pk
    data["long_names"] = {
        script: (make_session(league, "japanese", names=names).pk, language)
        for script, (language, names) in LONG_NAMES.items()
    }
    Path(out).write_text(json.dumps(data))


def count_save_queries(out: str) -> None:
    """Queries for one htmx Save of a quick hand, the whole request and its answer."""
    import django

    django.setup()
    import uuid

    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring.models import GameSession
    from scoring.table.views import hands

    session = GameSession.objects.filter(variant="taiwan").order_by("-pk").first()
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(User.objects.get(username="phone"))
    client.get(f"/sessions/{session.pk}/")  # the phone shows the table before its Save
    body = {"declarer": "1", "level": "3", "trump": "H", "partner": "2", "mode": "count"}
    body.update(points="11", key=str(uuid.uuid4()), action="save")
    body["table_version"] = str(session.version)
    after, after_answer = [], hands.after_answer

    def counted(request, state):  # the table screen and the figures, once the answer has gone
        with CaptureQueriesContext(connection) as written:
            after_answer(request, state)
        after.extend(q["sql"] for q in written.captured_queries if _counted(q["sql"]))

    hands.after_answer = counted
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/sessions/{session.pk}/record/", body, HTTP_HX_REQUEST="true")
    assert "hand-saved" in response.get("HX-Trigger", ""), response.status_code
    every = [q["sql"] for q in queries.captured_queries if _counted(q["sql"])]
    Path(out).write_text(json.dumps({"answer": every[: len(every) - len(after)], "after": after}))


def _counted(sql: str) -> bool:
    """A statement that reads or writes (not a transaction's BEGIN or COMMIT)."""
    return not sql.startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK"))


# ---- server CPU -----------------------------------------------------------------------------


HAND = {"declarer": "1", "level": "3", "trump": "H", "partner": "2", "mode": "count"}
CSRF = "c" * 32  # double-submit: one well-formed token sent as cookie and as header


# The pages each round opens after each Save, in order.
PAGES = ("league", "table_written", "table", "home", "player", "manifest", "share_poll", "new_game")


def cpu_round(base, seeded, log: Path, requests: int) -> dict:
    """One round: the same number of each request, interleaved; CPU µs per request.

    As at a table: a phone saves a hand (htmx), then a phone opens the table screen,
    which is written afresh (``table_written``), then opens it again unchanged (the kept
    page, ``table``); the share page's poll asks with the ETag of the answer before.
    The league page comes first after the Save, as a phone opening it then finds it:
    once the Save is done, the work it does after its answer included."""
    cookie = f"sessionid={seeded['cookie']}; csrftoken={CSRF}"
    share = f"{base}/share/{seeded['share']}/"
    table = f"{base}/sessions/{seeded['busy']}/"
    log.write_text("")
    for done in range(requests):
        seeded["busy_version"] = _save(base, seeded, cookie, seeded["busy_version"])
        # The next phone's page once the Save is done, what it draws after its answer
        # included (the hook logs a request when that is done too): no phone at the
        # table opens a page within the milliseconds that takes.
        _wait_for_log(log, done * (len(PAGES) + 1) + 1)
        etag = _get(share, cookie, None, {"HX-Request": "true"}).headers["ETag"]
        urls = {
            "league": (f"{base}/leagues/{seeded['league']}/", {}),
            "table_written": (f"{table}?fresh={uuid.uuid4().hex}", {}),
            "table": (table, {}),
            "home": (f"{base}/", {}),
            "player": (f"{base}/players/{seeded['player']}/", {}),
            "manifest": (f"{base}/manifest.webmanifest", {}),
            "share_poll": (share, {"HX-Request": "true", "If-None-Match": etag}),
            "new_game": (f"{base}/leagues/{seeded['league']}/sessions/new/", {}),
        }
        assert tuple(urls) == PAGES
        for tag, (url, headers) in urls.items():
            answer = _get(url, cookie, tag, headers)
            if tag == "share_poll":
                assert answer.status == 304, answer.status
    _wait_for_log(log, requests * (len(PAGES) + 1))
    spent = {}
    for line in log.read_text().splitlines():
        tag, ns = line.split()
        spent.setdefault(tag, []).append(int(ns) / 1000)
    return {tag: statistics.median(values) for tag, values in spent.items()}


def _save(base, seeded, cookie, drawn: int) -> int:
    """A phone's htmx Save of a quick hand; the table version its next form is drawn for."""
    body = {**HAND, "points": "11", "key": str(uuid.uuid4()), "action": "save"}
    body.update(table_version=str(drawn), csrfmiddlewaretoken=CSRF)
    headers = {"HX-Request": "true", "HX-Target": "record", "X-CSRFToken": CSRF}
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    data = urllib.parse.urlencode(body).encode()
    answer = _get(f"{base}/sessions/{seeded['busy']}/record/", cookie, "save", headers, data)
    steps = json.loads(answer.headers.get("HX-Trigger") or "{}").get("hand-saved")
    if not steps:
        raise SystemExit(f"the Save drawn for {drawn} was refused ({answer.status})")
    return steps.get("to", drawn)


def _wait_for_log(log: Path, lines: int) -> None:
    deadline = time.monotonic() + 10  # the hook writes just after each answer is sent
    while len(log.read_text().splitlines()) < lines:
        if time.monotonic() > deadline:
            raise SystemExit("the CPU hook logged fewer requests than were sent")
        time.sleep(0.05)


class _Answer:
    def __init__(self, status, headers):
        self.status, self.headers = status, headers


def _get(url, cookie, tag, headers, data=None):
    request = urllib.request.Request(
        url, data=data, headers={"Cookie": cookie, "Accept-Encoding": "gzip"}
    )
    if tag:
        request.add_header("X-Bench-Tag", tag)
    for name, value in headers.items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return _Answer(response.status, response.headers)
    except urllib.error.HTTPError as error:
        if os.environ.get("BENCH_DEBUG"):
            body = error.read()
            if error.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            say(body.decode(errors="replace")[:3000])
        return _Answer(error.code, error.headers)


def cpu_figures(base, seeded, log, rounds, requests) -> dict:
    results = [cpu_round(base, seeded, log, requests) for _ in range(rounds)]
    table = [r["table"] / r["manifest"] for r in results]
    share = [r["share_poll"] / r["manifest"] for r in results]
    written = [r["table_written"] / r["manifest"] for r in results]
    new_game = [r["new_game"] / r["manifest"] for r in results]
    save = [r["save"] / r["manifest"] for r in results]
    pages = {
        f"{page}_cpu_ratio": round(statistics.median(r[page] / r["manifest"] for r in results), 2)
        for page in ("league", "home", "player")
    }
    return {
        **pages,
        "save_cpu_ratio": round(statistics.median(save), 2),
        "table_cpu_ratio": round(statistics.median(table), 2),
        "table_written_cpu_ratio": round(statistics.median(written), 2),
        "share_poll_cpu_ratio": round(statistics.median(share), 2),
        "new_game_cpu_ratio": round(statistics.median(new_game), 2),
        "cpu_us": {k: round(statistics.median(r[k] for r in results)) for k in results[0]},
    }


# ---- the run ----------------------------------------------------------------------------------


def run(args) -> dict:
    with tempfile.TemporaryDirectory(prefix="napoleon-table-") as name:
        tmp = Path(name)
        env = site_env(tmp)
        say("migrating, collecting static files, seeding …")
        manage(env, "migrate", "-v", "0", "--skip-checks")
        manage(env, "createcachetable", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0", "--skip-checks")
        inside = [PYTHON, Path(__file__).resolve()]
        subprocess.run([*inside, "--seed", tmp / "seed.json"], env=env, check=True)
        seeded = json.loads((tmp / "seed.json").read_text())
        with gunicorn(env, tmp) as base:
            say("server CPU …")
            figures = cpu_figures(base, seeded, tmp / "cpu.log", args.rounds, args.requests)
            if not args.server_only:
                say("Chromium at 390×844 …")
                figures.update(browse(base, seeded))
        subprocess.run([*inside, "--queries", tmp / "queries.json"], env=env, check=True)
        queries = json.loads((tmp / "queries.json").read_text())
        figures["save_queries"] = len(queries["answer"])
        figures["save_after_answer_queries"] = len(queries["after"])
        figures["save_query_list"] = queries
    return figures


def report(figures: dict) -> None:
    for key, value in figures.items():
        if key != "save_query_list":
            print(f"{key:<36}{value}")
    if os.environ.get("BENCH_DEBUG"):
        for part, sqls in figures["save_query_list"].items():
            say(f"-- {part}")
            for sql in sqls:
                say(sql[:140] + " … " + sql[-160:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=20, help="of each kind, per round")
    parser.add_argument(
        "--server-only", action="store_true", help="the server's figures, without the browser"
    )
    parser.add_argument("--seed", help=argparse.SUPPRESS)
    parser.add_argument("--queries", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seed:
        return seed(args.seed)
    if args.queries:
        return count_save_queries(args.queries)
    figures = run(args)
    report(figures)
    if args.json:
        print(json.dumps({k: v for k, v in figures.items() if k != "save_query_list"}))


if __name__ == "__main__":
    main()
