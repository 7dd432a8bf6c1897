#!/usr/bin/env python3
"""Load test: gunicorn against PostgreSQL (or SQLite) on 127.0.0.1, driven by locust (headless).

    python3 benchmarks/load.py [--users 50] [--seconds 60] [--workers 4] [--threads 2] [--sqlite]

1. Starts a throwaway PostgreSQL cluster (as dev.py does), or with --sqlite makes a
   throwaway SQLite file (a club's own small server), migrates it, creates the cache table, collects the static files, and seeds 10 leagues, 20 tables and one
   logged-in phone per user (2 or 3 at each table), with a few hands at every table.
2. One gunicorn (DJANGO_DEBUG=0, gthread workers) on a free port; locust runs USERS
   phones for SECONDS (benchmarks/locustfile.py), at most --max-requests requests.
3. Two gunicorn instances on two ports with the same PostgreSQL, phones split across
   them (so the phones at one table use both), for the same time.
After each run it checks the database: every hand a phone was told was saved is there
once (double taps included), no other hand appeared, every stored score is the engine's
and totals equal the sum of the hands; after the second, that both instances show every
table with the same hands and totals as the database. It prints requests per second,
p50/p95/p99 latency and errors, and exits 1 if a check fails.

Traffic goes to 127.0.0.1 only, for a bounded time and number of requests.
"""

import argparse
import contextlib
import csv
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dev  # noqa: E402  (the project's task script: venv, PostgreSQL helpers)

VENV_BIN = dev.VENV_PYTHON.parent
TABLES, LEAGUES, SEEDED_HANDS = 20, 10, 8


def say(text):
    print(text, flush=True)


# ---- PostgreSQL ------------------------------------------------------------------------


@contextlib.contextmanager
def postgres():
    bindir = dev.postgres_bin()
    as_postgres = ["runuser", "-u", "postgres", "--"] if dev.IS_ROOT else []
    tmp = Path(tempfile.mkdtemp(prefix="napoleon-load-pg-"))
    data, port = tmp / "data", dev.free_port()
    pg_ctl = [*as_postgres, bindir / "pg_ctl", "-D", data, "-l", tmp / "server.log"]
    try:
        if dev.IS_ROOT:
            shutil.chown(tmp, "postgres", "postgres")
        initdb = [bindir / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        dev.run("initdb", [*as_postgres, *initdb, "--locale=C"], cwd=tmp)
        # Durable commits (fsync on), as in production; room for every worker's connection.
        options = f"-k {tmp} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=200"
        dev.run("pg_ctl start", [*pg_ctl, "-o", options, "-w", "start"])
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.call([str(p) for p in [*pg_ctl, "-m", "fast", "stop"]])
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def sqlite(workdir: Path):
    """A SQLite file of its own, in WAL mode as the app sets it: one machine, writes in turn."""
    yield f"sqlite:///{workdir / 'load.sqlite3'}"


# ---- the site ----------------------------------------------------------------------------


def site_env(database_url, static_root):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "napoleon_site.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url,
        "DJANGO_STATIC_ROOT": static_root,
        # Plain HTTP on the loopback: no TLS to redirect to, cookies without Secure.
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        # As behind nginx: each phone's address comes in X-Forwarded-For.
        "DJANGO_BEHIND_PROXY": "1",
    }


def manage(env, *args):
    dev.run(f"manage.py {args[0]}", [dev.VENV_PYTHON, ROOT / "manage.py", *args], env=env)


@contextlib.contextmanager
def gunicorn(env, port, workers, threads, log, worker_class="gthread"):
    command = [
        VENV_BIN / "gunicorn",
        "napoleon_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--worker-class",
        worker_class,
        "--timeout",
        "30",
        # Longer than a phone's pause between requests: otherwise the server may close
        # a kept-alive connection just as the phone sends on it.
        "--keep-alive",
        "10",
        "--error-logfile",
        str(log),
        # The time each request took inside gunicorn (µs): the server's side of the latency.
        "--access-logfile",
        str(log.with_suffix(".access")),
        "--access-logformat",
        "%(D)s %(s)s %(m)s %(U)s",
    ]
    process = subprocess.Popen([str(c) for c in command], env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=2)
                break
            except OSError as error:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit(f"gunicorn on port {port} did not start; see {log}") from error
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


# ---- seeding and checking (run inside Django) ----------------------------------------------


def seed(users, out):
    import datetime
    import uuid

    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.models import GameSession, League, Membership, Player, Seat
    from scoring.rules import find_variant
    from scoring.table.form import HandForm
    from scoring.table.recording import record_hand

    names = {"taiwan": ["Ann", "Ben", "Cat", "Dan", "Eve"], "nap": ["Alf", "Bert", "Cyd", "Dot"]}
    first = {
        "taiwan": {
            "declarer": "0",
            "level": "3",
            "trump": "S",
            "called_suit": "H",
            "called_rank": "A",
            "partner": "1",
            "mode": "count",
            "points": "12",
        },
        "nap": {
            "declarer": "0",
            "nap_bid": "three",
            "tricks_0": "3",
            "tricks_1": "1",
            "tricks_2": "1",
            "tricks_3": "0",
        },
    }
    User = get_user_model()
    leagues = [League.objects.create(name=f"League {n}") for n in range(LEAGUES)]
    tables = []
    for n in range(TABLES):
        league = leagues[n % LEAGUES]
        variant = "nap" if n % 4 == 3 else "taiwan"
        rules = find_variant(variant).rules({}, len(names[variant]))
        session = GameSession.objects.create(
            league=league,
            date=datetime.date(2025, 3, 14),
            variant=variant,
            options=rules.as_json(),
        )
        for seat, name in enumerate(names[variant]):
            player, _ = Player.objects.get_or_create(league=league, name=name)
            Seat.objects.create(session=session, number=seat, player=player)
        for _ in range(SEEDED_HANDS):
            form = HandForm(session, {**first[variant], "key": str(uuid.uuid4())})
            assert form.is_valid(), form.errors
            record_hand(session, form.cleaned_data["key"], form.hand_values(), form.score.deltas)
        tables.append(session)
    phones = []
    for n in range(users):
        session = tables[n % TABLES]
        user = User(username=f"phone{n}")
        user.set_unusable_password()  # logged in already: no password hashing to pay for
        user.save()
        Membership.objects.create(league=session.league, user=user)
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        phones.append(
            {
                "cookie": store.session_key,
                "session": session.pk,
                "share": session.share_token,
                "variant": session.variant,
                "ip": f"10.0.{n // 200}.{n % 200 + 1}",
            }
        )
    # Phones at the same table sit next to each other in the list, so that with two
    # hosts (phone i on host i % 2) each table is served by both.
    phones.sort(key=lambda p: p["session"])
    Path(out).write_text(json.dumps(phones))


def verify(keys_file, hosts, phones_file):
    from django.db.models import Count

    from scoring.models import GameSession, Hand, HandEvent, HandScore
    from scoring.table.lineup import players_count

    sent = json.loads(Path(keys_file).read_text())
    problems = []
    stored = {}
    for key, session_pk in Hand.objects.values_list("key", "session_id"):
        stored.setdefault(str(key), []).append(session_pk)
    saved, tried = {}, {}
    for session_pk, key, answered in sent:
        if len(stored.get(key, ())) > 1:
            problems.append(f"hand {key} is stored {len(stored[key])} times")
        if answered and stored.get(key) != [session_pk]:
            problems.append(f"hand {key} was saved but is not in session {session_pk}")
        if answered:
            saved.setdefault(session_pk, set()).add(key)
        tried.setdefault(session_pk, set()).add(key)
    counts = dict(GameSession.objects.annotate(n=Count("hands")).values_list("pk", "n"))
    for pk, n in counts.items():
        # Every hand answered as saved is there; one whose answer was lost may be too.
        low, high = len(saved.get(pk, ())), len(tried.get(pk, ()))
        if not SEEDED_HANDS + low <= n <= SEEDED_HANDS + high:
            problems.append(f"session {pk}: {n} hands, expected {SEEDED_HANDS} + {low} to {high}")
    if HandEvent.objects.filter(action="create").count() != Hand.objects.count():
        problems.append("hands and 'recorded' events differ")
    totals = {}
    for session in GameSession.objects.all():
        stored = session.totals()
        summed = [0] * players_count(session)
        for hand in session.hands.prefetch_related("scores"):
            hand.session = session
            deltas = [s.delta for s in sorted(hand.scores.all(), key=lambda s: s.seat)]
            expected = [] if hand.passed_out else list(hand.engine_score().deltas)
            if deltas != expected:
                problems.append(f"session {session.pk} hand {hand.number}: not the engine's")
            for seat, delta in enumerate(deltas):
                summed[seat] += delta
        if stored != summed:
            problems.append(f"session {session.pk}: totals {stored} != sum of hands {summed}")
        totals[session.pk] = stored
    if HandScore.objects.filter(hand__isnull=True).exists():
        problems.append("orphan scores")
    if hosts:
        problems += compare_hosts(hosts, phones_file, totals, counts)
    print(json.dumps({"hands": Hand.objects.count(), "problems": problems}))


def compare_hosts(hosts, phones_file, totals, counts):
    """Each table's scoreboard and hand list, as every host shows it, against the database."""
    from scoring.rules.scores import signed

    phones = json.loads(Path(phones_file).read_text())
    problems, seen = [], set()
    for phone in phones:
        if phone["session"] in seen:
            continue
        seen.add(phone["session"])
        for host in hosts:
            request = urllib.request.Request(
                f"{host}/sessions/{phone['session']}/",
                headers={"Cookie": f"sessionid={phone['cookie']}"},
            )
            page = urllib.request.urlopen(request, timeout=10).read().decode()
            shown = re.findall(r'<span class="total[^"]*">([^<]+)</span>', page)
            if shown != [signed(t) for t in totals[phone["session"]]]:
                problems.append(f"{host} shows session {phone['session']} totals {shown}")
            number = re.search(r"Record hand (\d+)", page)
            if not number or int(number.group(1)) != counts[phone["session"]] + 1:
                problems.append(f"{host} shows session {phone['session']} at another hand")
    return problems


def in_django(env, *args):
    result = subprocess.run(
        [str(dev.VENV_PYTHON), __file__, *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise SystemExit(f"{args[0]} failed:\n{result.stderr}")
    return result.stdout


# ---- locust -----------------------------------------------------------------------------------


def warm_up(hosts, phones_file, rounds=3):
    """A server that has been up a while: every worker has compiled the templates and
    opened its database connection. (Each request here comes on a new connection, so
    the workers share them out.)"""
    phones = json.loads(Path(phones_file).read_text())
    for _ in range(rounds):
        for host in hosts:
            for phone in phones[:: max(1, len(phones) // TABLES)]:
                table = f"/sessions/{phone['session']}/"
                for path in (table, table + "hands/", table + "hands/1/edit/"):
                    request = urllib.request.Request(
                        host + path, headers={"Cookie": f"sessionid={phone['cookie']}"}
                    )
                    urllib.request.urlopen(request, timeout=10).read()
                urllib.request.urlopen(f"{host}/share/{phone['share']}/", timeout=10).read()


def run_locust(label, hosts, phones, users, seconds, max_requests, pause, workdir):
    prefix = workdir / label
    keys = workdir / f"{label}-keys.json"
    env = {
        **os.environ,
        "LOAD_PHONES": str(phones),
        "LOAD_HOSTS": ",".join(hosts),
        "LOAD_KEYS": str(keys),
        "LOAD_MAX_REQUESTS": str(max_requests),
        "LOAD_PAUSE": pause,
    }
    command = [
        VENV_BIN / "locust",
        "-f",
        ROOT / "benchmarks" / "locustfile.py",
        "--headless",
        "--users",
        str(users),
        # The phones come in over about five seconds, as players sit down; the figures
        # count from when all of them are in (--reset-stats).
        "--spawn-rate",
        str(max(1, users // 5)),
        "--reset-stats",
        "--run-time",
        f"{seconds}s",
        "--stop-timeout",
        "10",
        "--host",
        hosts[0],
        "--csv",
        prefix,
        "--only-summary",
        "--loglevel",
        "WARNING",
    ]
    warm_up(hosts, phones)
    say(f"\n=== {label}: {users} phones for {seconds} s, pausing {pause} s, on {', '.join(hosts)}")
    subprocess.run([str(c) for c in command], env=env, cwd=ROOT, timeout=seconds + 120)
    rows = list(csv.DictReader(open(f"{prefix}_stats.csv")))
    return rows, keys


def server_times(logs):
    """p50/p95/p99 in ms of the time gunicorn spent on each request, from its access logs."""
    times = sorted(
        int(line.split()[0]) / 1000
        for log in logs
        for line in log.with_suffix(".access").read_text().splitlines()
        if line.strip()
    )
    if not times:
        return {}
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]  # noqa: E731
    return {"server p50": pick(0.50), "server p95": pick(0.95), "server p99": pick(0.99)}


def report(label, rows):
    say(f"\n{label}")
    say(f"{'request':<14}{'count':>8}{'errors':>8}{'rps':>8}{'p50':>7}{'p95':>7}{'p99':>7}  ms")
    for row in rows:
        say(
            f"{row['Name']:<14}{row['Request Count']:>8}{row['Failure Count']:>8}"
            f"{float(row['Requests/s']):>8.1f}{row['50%']:>7}{row['95%']:>7}{row['99%']:>7}"
        )
    total = next(r for r in rows if r["Name"] == "Aggregated")
    return {
        "requests": int(total["Request Count"]),
        "errors": int(total["Failure Count"]),
        "rps": float(total["Requests/s"]),
        "p50": float(total["50%"]),
        "p95": float(total["95%"]),
        "p99": float(total["99%"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--worker-class", default="gthread", choices=["gthread", "sync"], help="gunicorn's"
    )
    parser.add_argument("--max-requests", type=int, default=30_000)
    parser.add_argument(
        "--pause", default="2,5", help="min,max seconds between a phone's actions (2,5)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    args = parser.parse_args()
    if Path(sys.prefix).resolve() != dev.VENV.resolve():
        if not dev.VENV_PYTHON.exists():
            raise SystemExit("No .venv yet: run `python3 dev.py test` (or `run`) once first.")
        os.execv(
            dev.VENV_PYTHON, [str(dev.VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]]
        )

    workdir = Path(tempfile.mkdtemp(prefix="napoleon-load-"))
    figures, failed = {}, False
    with sqlite(workdir) if args.sqlite else postgres() as database_url:
        env = site_env(database_url, str(workdir / "static"))
        say("=== migrate, createcachetable, collectstatic, seed")
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "createcachetable")
        manage(env, "collectstatic", "--noinput", "-v0")
        phones = workdir / "phones.json"
        in_django(env, "--seed", str(args.users), str(phones))
        all_keys = []

        kind = args.worker_class
        with gunicorn(
            env, dev.free_port(), args.workers, args.threads, workdir / "g1.log", kind
        ) as h:
            rows, keys = run_locust(
                "one", [h], phones, args.users, args.seconds, args.max_requests, args.pause, workdir
            )
            figures["one instance"] = report(
                f"One gunicorn ({args.workers} {kind} workers × {args.threads} threads)", rows
            )
            figures["one instance"].update(server_times([workdir / "g1.log"]))
            all_keys += json.loads(keys.read_text())

        half = max(1, args.workers // 2)
        with (
            gunicorn(env, dev.free_port(), half, args.threads, workdir / "g2.log", kind) as h1,
            gunicorn(env, dev.free_port(), half, args.threads, workdir / "g3.log", kind) as h2,
        ):
            rows, keys = run_locust(
                "two",
                [h1, h2],
                phones,
                args.users,
                args.seconds,
                args.max_requests,
                args.pause,
                workdir,
            )
            figures["two instances"] = report(
                f"Two gunicorns ({half} {kind} workers × {args.threads} threads each)", rows
            )
            figures["two instances"].update(server_times([workdir / "g2.log", workdir / "g3.log"]))
            all_keys += json.loads(keys.read_text())
            (workdir / "all-keys.json").write_text(json.dumps(all_keys))
            outcome = json.loads(
                in_django(env, "--verify", str(workdir / "all-keys.json"), str(phones), h1, h2)
            )
    say(f"\n=== checks: {outcome['hands']} hands in the database")
    for problem in outcome["problems"]:
        say(f"PROBLEM: {problem}")
        failed = True
    if not outcome["problems"]:
        say(
            f"every key sent is stored once at most and every saved hand is there "
            f"({sum(1 for k in all_keys if k[2])} saved of {len(all_keys)} sent), totals equal "
            "the sum of the hands, scores are the engine's, and both instances show the same"
        )
    for label, figure in figures.items():
        say(
            f"{label}: {figure['rps']:.1f} requests/s, p50 {figure['p50']:.0f} ms, "
            f"p95 {figure['p95']:.0f} ms, p99 {figure['p99']:.0f} ms, "
            f"{figure['errors']} errors in {figure['requests']} requests"
        )
        if "server p95" in figure:
            say(
                f"    inside gunicorn: p50 {figure['server p50']:.0f} ms, "
                f"p95 {figure['server p95']:.0f} ms, p99 {figure['server p99']:.0f} ms"
            )
        failed |= figure["errors"] > 0
    if args.json:
        args.json.write_text(json.dumps({**figures, "checks": outcome}, indent=2))
    shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("--seed", "--verify"):
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
        django.setup()
        if sys.argv[1] == "--seed":
            seed(int(sys.argv[2]), sys.argv[3])
        else:
            verify(sys.argv[2], sys.argv[4:], sys.argv[3])
    else:
        main()
