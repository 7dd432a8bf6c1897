"""History benchmark: do the league and player pages keep their speed as a league ages,
and does a Save stay small and cheap wherever in the history its hand falls?

    python benchmarks/history.py [--sizes 1000 100000] [--repeat 20] [--rounds 3] [--fresh] [--json]

For each size, a SQLite database under --dir holds one synthetic league of that many
hands (``manage.py generate_league``: random legal hands scored by the engine); it is
made once and kept for the next run (--fresh makes it again). Each size runs in its own
process (its own database); --database-url runs against another database instead (e.g.
a PostgreSQL URL). The sizes take turns, --rounds times, and each figure is the median
of the rounds: these machines are shared, and a ratio of two runs minutes apart measures
the neighbours as much as the pages.

Measured at each size, through Django's test client logged in as a member:

* the league, player and session pages: rendered a few times to warm up (the history's
  cache included), then --repeat times; the median time and the number of SQL queries;
* the first league and player page after the history's cache is emptied (``cold``);
* the Save of a new hand (the whole POST to ``scoring:record``, response included) in a
  session on the day after the league's last: its queries and time;
* editing the oldest and the newest played hand of the league (``scoring.table.recording``,
  median of 3 edits, each writing the hand back as it was).

The targets, so that a Save stays cheap and the pages do not slow down as a league's history
grows, are in the summary printed last with --json: ``save_queries`` ≤ 10,
``edit_oldest_ms_big`` ≤ 100, ``edit_oldest_over_newest`` ≤ 1.5, ``league_page_ratio``
and ``player_page_ratio`` (largest over smallest size, same run) ≤ 1.5, and
``queries_same_at_both_sizes``. Prints figures; asserts nothing.
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("league", "player", "session")


def _setup():
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def _league(size: int, fresh: bool):
    """The benchmark's league of ``size`` hands, made if missing: (league, seconds to make)."""
    from django.db import connection

    from scoring.models import GameSession, League

    try:
        from scoring.history.figures.synthetic import generate_league
    except ImportError:  # the history before it left the write path
        from scoring.history.synthetic import generate_league

    name = f"Benchmark of {size} hands"
    league = League.objects.filter(name=name).first()
    if league is not None and fresh:
        # Sessions first: a seat protects its player, and so the league.
        GameSession.objects.filter(league=league).delete()
        league.delete()
        league = None
    if league is not None:
        return league, None
    started = time.perf_counter()
    league = generate_league(size, name=name, seed=size)
    built = time.perf_counter() - started
    if connection.vendor == "postgresql":
        # Fresh tables have no statistics nor visibility map until autovacuum comes
        # round; a database in use has them (the planner and index-only scans need them).
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    return league, built


def _forget_cache(league) -> None:
    try:
        from scoring.history.figures.cache import forget
    except ImportError:  # no cache before: every view computed its figures afresh
        return
    forget(league.pk)


def _timed(call, repeat: int, clock=time.perf_counter) -> float:
    """The median time of ``repeat`` calls, in ms, by ``clock`` (wall time, or this
    process's CPU time: SQLite runs in it, and a busy neighbour does not inflate it)."""
    times = []
    for _ in range(repeat):
        started = clock()
        call()
        times.append(clock() - started)
    return statistics.median(times) * 1000


def _queries(call) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


def measure_pages(client, urls: dict, repeat: int) -> dict:
    result = {}
    for page, url in urls.items():

        def get(url=url):
            response = client.get(url, secure=True)
            assert response.status_code == 200, (url, response.status_code)

        for _ in range(3):
            get()
        result[page] = {
            "ms": _timed(get, repeat),
            "cpu_ms": _timed(get, repeat, clock=time.process_time),
            "queries": _queries(get),
        }
    return result


def measure_cold(client, league, urls: dict) -> dict:
    """The league and player pages right after the history's cache is emptied: the wall
    time, and the CPU time of this process (SQLite runs in it), which a busy neighbour
    does not inflate."""
    result = {}
    for page in ("league", "player"):
        _forget_cache(league)
        started, cpu = time.perf_counter(), time.process_time()
        assert client.get(urls[page], secure=True).status_code == 200
        result[page] = (time.perf_counter() - started) * 1000
        result[f"{page}_cpu"] = (time.process_time() - cpu) * 1000
    return result


def measure_save(client, league) -> dict:
    """A Save POST in a new session on the day after the league's last, then undone."""
    from django.urls import reverse

    from scoring.models import GameSession, Seat
    from scoring.table.recording import undo_last
    from tests.factories import HANDS

    last = GameSession.objects.filter(league=league).order_by("-date").first()
    players = list(league.players.order_by("pk")[:5])
    session = GameSession.objects.create(
        league=league, date=last.date + datetime.timedelta(days=1), variant="taiwan", options={}
    )
    Seat.objects.bulk_create(
        Seat(session=session, number=n, player=p) for n, p in enumerate(players)
    )
    url = reverse("scoring:record", args=[session.pk])
    posts = []

    def save():
        response = client.post(url, {**HANDS["taiwan"], "key": str(uuid.uuid4())}, secure=True)
        assert response.status_code in (200, 302), response.status_code
        posts.append(1)

    try:
        save()  # the first hand of the session: its seats and settings are now warm
        queries = _queries(save)
        ms = _timed(save, 5)
        # The league page after those hands: that game's figures computed again.
        league_url = reverse("scoring:league", args=[league.pk])
        started, cpu = time.perf_counter(), time.process_time()
        assert client.get(league_url, secure=True).status_code == 200
        after = {
            "ms": (time.perf_counter() - started) * 1000,
            "cpu_ms": (time.process_time() - cpu) * 1000,
        }
    finally:
        for number in range(len(posts), 0, -1):
            undo_last(session, number)
        session.hand_events.all().delete()
        session.delete()
    return {"queries": queries, "ms": ms, "league_after": after}


def measure_edits(league) -> dict:
    """Editing the oldest and the newest played hand, each written back as it was."""
    from scoring.models import Hand
    from scoring.table.recording import update_hand

    played = Hand.objects.filter(session__league=league, status=Hand.PLAYED).select_related(
        "session"
    )
    order = ("session__date", "session_id", "number")
    ends = {
        "oldest": played.order_by(*order).first(),
        "newest": played.order_by(*(f"-{name}" for name in order)).first(),
    }
    result = {}
    for which, hand in ends.items():
        values = {name: getattr(hand, name) for name in Hand.ENTRY_FIELDS}
        del values["number"], values["dealer"]
        deltas = list(hand.scores.order_by("seat").values_list("delta", flat=True))

        def edit(hand=hand, values=values, deltas=deltas):
            current = Hand.objects.select_related("session").get(pk=hand.pk)
            update_hand(current, current.version, values, deltas)

        result[which] = _timed(edit, 3)
    return result


def child(size: int, repeat: int, fresh: bool) -> dict:
    """Runs inside the benchmark's own process, with DATABASE_URL set."""
    _setup()
    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from django.test import Client
    from django.urls import reverse

    from scoring.models import GameSession, Membership, Player

    league, built = _league(size, fresh)
    user, _created = get_user_model().objects.get_or_create(username="benchmark")
    Membership.objects.get_or_create(league=league, user=user)
    player = Player.objects.filter(league=league).order_by("pk").first()
    # The latest session of about 30 hands: the same work at every size.
    session = (
        GameSession.objects.filter(league=league)
        .annotate(played=Count("hands"))
        .filter(played__range=(28, 32))
        .order_by("-date", "-pk")
        .first()
    ) or GameSession.objects.filter(league=league).order_by("-date", "-pk").first()
    urls = {
        "league": reverse("scoring:league", args=[league.pk]),
        "player": reverse("scoring:player", args=[player.pk]),
        "session": reverse("scoring:session-history", args=[session.pk]),
    }
    client = Client()
    client.force_login(user)
    result = {"size": size, "built": built}
    result["cold"] = measure_cold(client, league, urls)
    result.update(measure_pages(client, urls, repeat))
    result["save"] = measure_save(client, league)
    result["edit"] = measure_edits(league)
    return result


def run_size(size: int, args) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "napoleon_site.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "benchmark-only-secret-key-benchmark-only-secret-key",
        "DJANGO_STATICFILES_STORAGE": "django.contrib.staticfiles.storage.StaticFilesStorage",
    }
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    else:
        Path(args.dir).mkdir(parents=True, exist_ok=True)
        database = Path(args.dir).resolve() / f"history-{size}.sqlite3"
        if args.fresh:
            for path in database.parent.glob(f"{database.name}*"):
                path.unlink()
        env["DATABASE_URL"] = f"sqlite:///{database}"
    command = [sys.executable, __file__, "--child", str(size), "--repeat", str(args.repeat)]
    if args.fresh:
        command.append("--fresh")
    print(f"… {size:,} hands", file=sys.stderr, flush=True)
    out = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        sys.exit(f"the {size:,}-hand run failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _median(values: list):
    """The median of each figure across rounds (a dict of figures, figure by figure)."""
    first = values[0]
    if isinstance(first, dict):
        return {key: _median([v[key] for v in values]) for key in first}
    if isinstance(first, int | float) and not isinstance(first, bool) and None not in values:
        return statistics.median(values)
    return first


def summary(results: list[dict]) -> dict:
    small, large = results[0], results[-1]
    counts = [[r[page]["queries"] for r in results] for page in PAGES]
    counts.append([r["save"]["queries"] for r in results])
    return {
        "sizes": [r["size"] for r in results],
        "save_queries": max(r["save"]["queries"] for r in results),
        "save_ms": [round(r["save"]["ms"], 1) for r in results],
        "edit_oldest_ms_big": round(large["edit"]["oldest"], 1),
        "edit_newest_ms_big": round(large["edit"]["newest"], 1),
        "edit_oldest_over_newest": round(large["edit"]["oldest"] / large["edit"]["newest"], 2),
        "league_page_ratio": round(large["league"]["ms"] / small["league"]["ms"], 2),
        "player_page_ratio": round(large["player"]["ms"] / small["player"]["ms"], 2),
        "session_page_ratio": round(large["session"]["ms"] / small["session"]["ms"], 2),
        "league_page_cpu_ratio": round(large["league"]["cpu_ms"] / small["league"]["cpu_ms"], 2),
        "player_page_cpu_ratio": round(large["player"]["cpu_ms"] / small["player"]["cpu_ms"], 2),
        "page_ms": {page: [round(r[page]["ms"], 1) for r in results] for page in PAGES},
        "page_queries": {page: [r[page]["queries"] for r in results] for page in PAGES},
        "cold_league_ms_big": round(large["cold"]["league"], 1),
        "cold_player_ms_big": round(large["cold"]["player"], 1),
        "cold_league_cpu_ms_big": round(large["cold"]["league_cpu"], 1),
        "league_after_save_ms_big": round(large["save"]["league_after"]["ms"], 1),
        "league_after_save_cpu_ms_big": round(large["save"]["league_after"]["cpu_ms"], 1),
        "cold_player_cpu_ms_big": round(large["cold"]["player_cpu"], 1),
        "queries_same_at_both_sizes": all(len(set(c)) == 1 for c in counts),
    }


def report(results: list[dict], repeat: int) -> None:
    for r in results:
        if r["built"] is not None:
            print(f"generated {r['size']:,} hands in {r['built']:.1f} s")
    small, large = results[0], results[-1]
    head = "page".ljust(9) + "".join(f"{r['size']:>12,} h" for r in results)
    print(head + "     ratio   queries")
    for page in PAGES:
        line = page.ljust(9) + "".join(f"{r[page]['ms']:>11.1f}ms" for r in results)
        ratio = large[page]["ms"] / small[page]["ms"]
        queries = " / ".join(str(r[page]["queries"]) for r in results)
        print(f"{line}   {ratio:6.2f}   {queries}")
    for page in ("league", "player"):
        line = f"{page} (cold)".ljust(9) + "".join(f"{r['cold'][page]:>11.1f}ms" for r in results)
        cpu = " / ".join(f"{r['cold'][page + '_cpu']:.0f}" for r in results)
        print(f"{line}   CPU {cpu} ms")
    after = [r["save"]["league_after"] for r in results]
    line = "league after a Save".ljust(9) + "".join(f"{a['ms']:>11.1f}ms" for a in after)
    cpu = " / ".join(f"{a['cpu_ms']:.0f}" for a in after)
    print(f"{line}   CPU {cpu} ms")
    line = "save".ljust(9) + "".join(f"{r['save']['ms']:>11.1f}ms" for r in results)
    print(f"{line}            {' / '.join(str(r['save']['queries']) for r in results)}")
    for which in ("oldest", "newest"):
        line = f"edit {which}".ljust(9) + "".join(f"{r['edit'][which]:>11.1f}ms" for r in results)
        print(line)
    print(
        f"(median of {repeat} renders each, median of the rounds; "
        f"ratio = {large['size']:,} / {small['size']:,})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100_000])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="turns each size takes")
    parser.add_argument("--dir", default="/tmp/napoleon-history-benchmark")
    parser.add_argument("--database-url")
    parser.add_argument("--fresh", action="store_true", help="generate the leagues again")
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.repeat, args.fresh)))
        return
    rounds = {size: [] for size in args.sizes}
    for _round in range(args.rounds):
        for size in args.sizes:
            rounds[size].append(run_size(size, args))
            args.fresh = False  # made once, then kept
    results = [_median(rounds[size]) for size in args.sizes]
    report(results, args.repeat)
    if args.json:
        print(json.dumps(summary(results)))


if __name__ == "__main__":
    main()
