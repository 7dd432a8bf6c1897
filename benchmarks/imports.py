"""Import benchmark: how long a league file of 100,000 hands takes to import, how much
memory it needs, and what three imports at once do to another table's pages.

    python benchmarks/imports.py [--hands 100000] [--rounds 3] [--parallel 3] [--phones 30]
                                 [--server-only] [--json]

1. A SQLite database under --dir holds a synthetic league of --hands hands
   (``manage.py generate_league``), exported once to a league file there (the app's own
   JSON export); both are kept for the next run (--fresh makes them again).
2. The file is imported into an empty league by ``scoring.history.imports`` in a fresh
   process, --rounds times, each on a fresh copy of the database: the wall and CPU time,
   and the process's peak memory above what it held before (``ru_maxrss``); skipped with
   --server-only.
3. gunicorn as docs/deploying.md runs it (4 gthread workers × 2 threads, DJANGO_DEBUG=0)
   on another copy: --phones phones, each at a table of its own, open their table page
   and Save a hand, in turn, pausing --pause seconds between the two as at a busy table;
   first while the server is idle, then while --parallel owners upload the file at once
   through the import page (on SQLite one import at a time: one refused while another
   runs is sent again 5 s later, as its message asks). The figures are medians, and the worst Save over every
   phone (a Save must never wait seconds for an import: the target is 2 s at most).
   Each round starts from a fresh copy.

--database-url runs steps 2 and 3 against another database (a PostgreSQL URL) instead
of copies; the imported leagues are then left in it. These machines are shared: compare
ratios within one run. Prints figures; asserts nothing; the JSON summary comes last.
"""

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dev  # noqa: E402  (the project's task script: free ports, the venv)

BUSY = b"Another league is being imported"  # an import refused while another has its turn
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SECRET = "benchmark-only-secret-key-benchmark-only-secret-key"


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---- inside Django (child processes) -----------------------------------------------------


def _setup():
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def child_source(hands: int, path: str) -> dict:
    """The league of ``hands`` hands and its league file, made when missing."""
    _setup()
    from scoring.history.export import league_json
    from scoring.history.figures.synthetic import generate_league
    from scoring.models import League

    name = f"Benchmark of {hands} hands"
    league = League.objects.filter(name=name).first()
    if league is None:
        started = time.perf_counter()
        league = generate_league(hands, name=name, seed=hands)
        say(f"generated {hands:,} hands in {time.perf_counter() - started:.0f} s")
    if not Path(path).exists():
        with open(path, "w", encoding="utf-8") as out:
            for piece in league_json(league):
                out.write(piece)
    return {"bytes": Path(path).stat().st_size}


def child_import(path: str) -> dict:
    """One import of the file into a new empty league: time and memory."""
    _setup()
    from django.utils import translation

    from scoring.history import imports
    from scoring.models import Hand, League

    translation.activate("en")
    phases = _timed_phases(imports)
    league = League.objects.create(name="Imported")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started, cpu = time.perf_counter(), time.process_time()
    with open(path, "rb") as file:
        if hasattr(imports, "read"):  # the importer before it streamed: bytes in memory
            counts = imports.import_league(league, file.read())
        else:
            counts = imports.import_league(league, file)
    result = {
        "s": time.perf_counter() - started,
        "cpu_s": time.process_time() - cpu,
        "peak_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "hands": counts["hands"],
        **phases,
    }
    assert Hand.objects.filter(session__league=league).count() == counts["hands"]
    return result


def _timed_phases(imports) -> dict:
    """Times of the reading and the writing, filled in as they run (where there are two)."""
    phases = {}
    for name in ("prepare", "write"):
        module = getattr(imports, name, None)
        work = getattr(module, name, None)
        if work is None:
            continue

        def timed(*args, work=work, name=name):
            started = time.perf_counter()
            try:
                return work(*args)
            finally:
                phases[f"{name}_s"] = time.perf_counter() - started

        setattr(module, name, timed)
    return phases


def child_seed(parallel: int, phones: int) -> dict:
    """``phones`` phones logged in, each at a table of five of its own, and ``parallel``
    owners of empty leagues."""
    _setup()
    import datetime

    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.models import GameSession, League, Membership, Player, Seat

    def logged_in(name):
        user = get_user_model().objects.create(username=f"{name}-{uuid.uuid4().hex[:8]}")
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return user, store.session_key

    tables = []
    for n in range(phones):
        phone, cookie = logged_in(f"phone{n}")
        league = League.objects.create(name=f"The other table {n}")
        Membership.objects.create(league=league, user=phone, role=Membership.OWNER)
        session = GameSession.objects.create(
            league=league, date=datetime.date(2025, 3, 14), variant="taiwan", options={}
        )
        for number, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"]):
            player = Player.objects.create(league=league, name=name)
            Seat.objects.create(session=session, number=number, player=player)
        tables.append({"cookie": cookie, "table": f"/sessions/{session.pk}/"})
    owners = []
    for n in range(parallel):
        owner, owner_cookie = logged_in(f"owner{n}")
        empty = League.objects.create(name=f"Empty {n}")
        Membership.objects.create(league=empty, user=owner, role=Membership.OWNER)
        owners.append({"cookie": owner_cookie, "import": f"/leagues/{empty.pk}/import/"})
    return {"phones": tables, "owners": owners}


# ---- over HTTP ----------------------------------------------------------------------------


class Phone:
    """One browser: its session cookie and CSRF token, requests one at a time."""

    def __init__(self, host: str, cookie: str) -> None:
        self.host, self.cookies = host, {"sessionid": cookie}
        self.drawn: dict[str, str] = {}  # the table's version and seats its page was drawn with

    def request(self, path: str, data: bytes | None = None, content_type: str = "", **extra):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **extra}
        if data is not None:
            headers.update({"Content-Type": content_type, "X-CSRFToken": self.cookies["csrftoken"]})
            headers["Referer"] = self.host + path
        request = urllib.request.Request(self.host + path, data=data, headers=headers)
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=600) as response:
            body = response.read()
            for header in response.headers.get_all("Set-Cookie") or ():
                name, _, rest = header.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            status, redirect = response.status, response.headers.get("HX-Redirect")
        return status, body or redirect, (time.perf_counter() - started) * 1000

    def page(self, path: str) -> float:
        status, body, ms = self.request(path)
        assert status == 200, (path, status)
        for name in ("table_version", "seats"):
            found = re.search(rf'name="{name}" value="([0-9,]*)"'.encode(), body)
            if found:
                self.drawn[name] = found.group(1).decode()
        return ms

    def save(self, table: str) -> float:
        from urllib.parse import urlencode

        entry = {
            "declarer": "0",
            "level": "3",
            "trump": "S",
            "called_suit": "H",
            "called_rank": "A",
            "partner": "1",
            "mode": "count",
            "points": "12",
            "key": str(uuid.uuid4()),
            **self.drawn,
        }
        data = urlencode(entry).encode()
        htmx = {"HX-Request": "true", "HX-Target": "record", "HX-Current-URL": self.host + table}
        status, answer, ms = self.request(
            table + "record/", data, "application/x-www-form-urlencoded", **htmx
        )
        # Saved: the table's fragments with "Hand N saved." (or, before them, to the table).
        saved = answer == table or (isinstance(answer, bytes) and b'class="saved"' in answer)
        assert status == 200 and saved, (status, answer[:500])
        return ms

    def upload(self, path: str, file: bytes) -> tuple[int, float, bytes]:
        self.page(path)  # the form, and its CSRF cookie
        boundary = uuid.uuid4().hex
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                f'filename="league.json"\r\nContent-Type: application/json\r\n\r\n'.encode(),
                file,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        try:
            status, _body, ms = self.request(
                path, body, f"multipart/form-data; boundary={boundary}"
            )
        except urllib.error.HTTPError as refused:  # the form again, with its message
            return refused.code, 0.0, refused.read()
        return status, ms, b""


def sample(phone: Phone, table: str, until, limit: int, pause: tuple[float, float]) -> dict:
    """The table page and a Save, in turn, until ``until()`` or ``limit`` of each, with a
    pause drawn from ``pause`` after each."""
    pages, saves = [], []
    rng = random.Random(table)
    while not until() and len(pages) < limit:
        pages.append(phone.page(table))
        time.sleep(rng.uniform(*pause))
        saves.append(phone.save(table))
        time.sleep(rng.uniform(*pause))
    return {"pages": pages, "saves": saves}


def at_once(host: str, phones: list[dict], until, limit: int, pause) -> dict:
    """Every phone sampling at once, in a thread each: their pages and Saves together."""
    found: list[dict] = []

    def one(seat: dict) -> None:
        found.append(sample(Phone(host, seat["cookie"]), seat["table"], until, limit, pause))

    threads = [threading.Thread(target=one, args=(seat,), daemon=True) for seat in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if len(found) != len(phones):
        raise SystemExit("a phone failed; see the traceback above")
    return {part: [ms for f in found for ms in f[part]] for part in ("pages", "saves")}


def parallel_imports(host: str, seed: dict, file: bytes, window: float, pause) -> dict:
    for seat in seed["phones"]:  # warm: templates compiled, connections open
        phone = Phone(host, seat["cookie"])
        phone.page(seat["table"])
        phone.save(seat["table"])
    idle = at_once(host, seed["phones"], lambda: False, 5, pause)
    results, threads = [], []

    def upload(owner):
        """An owner's import; sent again a few seconds on while another has the turn, as
        its message asks (each import is timed from the try that was let in)."""
        owner_phone = Phone(host, owner["cookie"])
        while True:
            status, ms, answer = owner_phone.upload(owner["import"], file)
            if status != 400 or BUSY not in answer:
                results.append((status, ms))
                return
            time.sleep(5)

    for owner in seed["owners"]:
        threads.append(threading.Thread(target=upload, args=(owner,), daemon=True))
        threads[-1].start()
    time.sleep(1)  # the uploads under way
    deadline = time.monotonic() + window
    busy = at_once(
        host,
        seed["phones"],
        lambda: time.monotonic() > deadline or not any(t.is_alive() for t in threads),
        10_000,
        pause,
    )
    for thread in threads:
        thread.join()
    return {"idle": idle, "busy": busy, "imports": results}


# ---- the rounds -----------------------------------------------------------------------------


def in_django(env, *args) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", *map(str, args)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        sys.exit(f"{args[0]} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def environment(database_url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "napoleon_site.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_STATICFILES_STORAGE": "django.contrib.staticfiles.storage.StaticFilesStorage",
        "DATABASE_URL": database_url,
        **{k: v for k, v in os.environ.items() if k == "DJANGO_IMPORT_MAX_BYTES"},
    }


def fresh_copy(args, base: Path, name: str) -> str:
    """A database for one run: a copy of the base (SQLite), or the one given."""
    if args.database_url:
        return args.database_url
    copy = Path(args.dir) / name
    for path in Path(args.dir).glob(f"{name}*"):
        path.unlink()
    shutil.copyfile(base, copy)
    return f"sqlite:///{copy}"


def gunicorn(env, port: int, log: Path):
    command = [
        Path(sys.executable).parent / "gunicorn",
        "napoleon_site.wsgi",
        *("--bind", f"127.0.0.1:{port}", "--workers", "4", "--threads", "2"),
        *("--worker-class", "gthread", "--timeout", "30", "--error-logfile", str(log)),
        # Which worker served each request, when it ended and how long it took (µs): a slow
        # Save is told from the import beside it.
        *("--access-logfile", str(log.with_suffix(".access"))),
        *("--access-logformat", "%(p)s %(t)s %(D)s %(s)s %(m)s %(U)s"),
    ]
    process = subprocess.Popen([str(c) for c in command], env=env, cwd=ROOT)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=2)
            return process
        except OSError as error:
            if time.monotonic() > deadline or process.poll() is not None:
                process.terminate()
                raise SystemExit(f"gunicorn did not start; see {log}") from error
            time.sleep(0.3)


def run_server(args, base: Path, file: bytes, index: int) -> dict:
    env = environment(fresh_copy(args, base, f"server-{index}.sqlite3"))
    seed = in_django(env, "seed", args.parallel, args.phones)
    port = dev.free_port()
    server = gunicorn(env, port, Path(args.dir) / "gunicorn.log")
    try:
        return parallel_imports(f"http://127.0.0.1:{port}", seed, file, args.window, args.pause)
    finally:
        server.terminate()
        server.wait(timeout=60)


def _pause(text: str) -> tuple[float, float]:
    low, high = (float(part) for part in text.split(","))
    return low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--parallel", type=int, default=3)
    parser.add_argument("--phones", type=int, default=30, help="phones Saving meanwhile")
    parser.add_argument(
        "--pause", type=_pause, default=(1.0, 3.0), help="min,max seconds a phone pauses (1,3)"
    )
    parser.add_argument("--server-only", action="store_true", help="skip the lone import")
    parser.add_argument("--window", type=float, default=120, help="longest busy sampling, s")
    parser.add_argument("--dir", default="/tmp/napoleon-imports-benchmark")
    parser.add_argument("--database-url")
    parser.add_argument("--fresh", action="store_true", help="make the league and file again")
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        work = {"source": child_source, "import": child_import, "seed": child_seed}[kind]
        print(json.dumps(work(*(int(a) if a.isdigit() else a for a in rest))))
        return
    directory = Path(args.dir)
    directory.mkdir(parents=True, exist_ok=True)
    base, path = directory / "source.sqlite3", directory / f"league-{args.hands}.json"
    if args.fresh:
        for old in [*directory.glob("source.sqlite3*"), path]:
            old.unlink(missing_ok=True)
    source = in_django(environment(f"sqlite:///{base}"), "source", args.hands, path)
    imports, servers = [], []
    for index in range(args.rounds):
        if not args.server_only:
            say(f"… round {index + 1}: one import")
            env = environment(fresh_copy(args, base, "import.sqlite3"))
            imports.append(in_django(env, "import", path))
        say(f"… round {index + 1}: {args.parallel} imports at once through gunicorn")
        servers.append(run_server(args, base, path.read_bytes(), index))
    result = summary(args, source, imports, servers)
    report(result)
    if args.json:
        print(json.dumps(result))


def _p95(values) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _median(values) -> float:
    return round(statistics.median(values), 1) if values else None


def summary(args, source: dict, imports: list[dict], servers: list[dict]) -> dict:
    def figure(kind, part, pick=_median):
        return _median([pick(s[kind][part]) for s in servers if s[kind][part]])

    idle_page, busy_page = figure("idle", "pages"), figure("busy", "pages")
    idle_save, busy_save = figure("idle", "saves"), figure("busy", "saves")
    return {
        "hands": args.hands,
        "file_bytes": source["bytes"],
        "file_mib": round(source["bytes"] / 2**20, 1),
        "import_s": _median([i["s"] for i in imports]),
        "import_cpu_s": _median([i["cpu_s"] for i in imports]),
        "import_peak_mb": _median([i["peak_mb"] for i in imports]),
        "import_rss_mb": _median([i["rss_mb"] for i in imports]),
        "import_read_s": _median([i["prepare_s"] for i in imports if "prepare_s" in i]),
        "import_write_s": _median([i["write_s"] for i in imports if "write_s" in i]),
        "parallel": args.parallel,
        "parallel_import_s": _median([ms / 1000 for s in servers for _st, ms in s["imports"]]),
        "parallel_statuses": sorted({st for s in servers for st, _ms in s["imports"]}),
        "table_ms_idle": idle_page,
        "table_ms_during_imports": busy_page,
        "table_ratio": round(busy_page / idle_page, 2) if idle_page and busy_page else None,
        "save_ms_idle": idle_save,
        "save_ms_during_imports": busy_save,
        "save_ratio": round(busy_save / idle_save, 2) if idle_save and busy_save else None,
        "save_ms_worst_during_imports": figure("busy", "saves", max),
        "save_ms_p95_during_imports": figure("busy", "saves", _p95),
        "saves_during_imports": sum(len(s["busy"]["saves"]) for s in servers),
        "saves_over_2s_during_imports": sum(
            1 for s in servers for ms in s["busy"]["saves"] if ms > 2000
        ),
        "phones": args.phones,
        "samples_during_imports": sum(len(s["busy"]["pages"]) for s in servers),
        "rounds": args.rounds,
        "load_average": round(os.getloadavg()[0], 1),
    }


def report(result: dict) -> None:
    if result["import_s"] is not None:
        print(
            f"{result['hands']:,} hands, {result['file_mib']} MiB: imported in "
            f"{result['import_s']} s ({result['import_cpu_s']} s CPU), "
            f"{result['import_peak_mb']} MB above the process's start"
        )
    print(
        f"{result['parallel']} imports at once through gunicorn: "
        f"{result['parallel_import_s']} s each (HTTP {result['parallel_statuses']})"
    )
    for what in ("table", "save"):
        print(
            f"{what}: {result[f'{what}_ms_idle']} ms idle, "
            f"{result[f'{what}_ms_during_imports']} ms during the imports "
            f"(× {result[f'{what}_ratio']})"
        )
    print(
        f"{result['phones']} phones, {result['saves_during_imports']} Saves during the imports: "
        f"p95 {result['save_ms_p95_during_imports']} ms, worst "
        f"{result['save_ms_worst_during_imports']} ms, "
        f"{result['saves_over_2s_during_imports']} over 2 s"
    )


if __name__ == "__main__":
    main()
