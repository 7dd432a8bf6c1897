"""History benchmark: do the league, player and session pages keep their speed as a
league ages?

    python benchmarks/history.py [--sizes 1000 100000] [--repeat 20] [--fresh]

For each size, a SQLite database under --dir holds one synthetic league of that many
hands (``manage.py generate_league``: random legal hands scored by the engine); it is
made once and kept for the next run (--fresh makes it again). Each page is rendered
through Django's test client, logged in as a member, a few times to warm up and then
--repeat times; the median time is printed with the number of SQL queries, and the
ratio of the largest size to the smallest. Target: the same query count at every size
and a ratio of at most 1.5. Prints figures; asserts nothing.

Each size runs in its own process (its own database); --database-url runs one size
against another database instead (e.g. a PostgreSQL URL).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("league", "player", "session")


def child(size: int, repeat: int, fresh: bool) -> dict:
    """Runs inside the benchmark's own process, with DATABASE_URL set."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring.history.synthetic import generate_league
    from scoring.models import GameSession, League, Membership, Player

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    name = f"Benchmark of {size} hands"
    league = League.objects.filter(name=name).first()
    built = None
    if league is not None and fresh:
        # Sessions first: a seat protects its player, and so the league.
        GameSession.objects.filter(league=league).delete()
        league.delete()
        league = None
    if league is None:
        started = time.perf_counter()
        league = generate_league(size, name=name, seed=size)
        built = time.perf_counter() - started
        if connection.vendor == "postgresql":
            # Fresh tables have no statistics nor visibility map until autovacuum comes
            # round; a database in use has them (the planner and index-only scans need them).
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
    from django.contrib.auth import get_user_model

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
    for page, url in urls.items():
        for _ in range(3):
            assert client.get(url, secure=True).status_code == 200
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            response = client.get(url, secure=True)
            times.append(time.perf_counter() - started)
            assert response.status_code == 200
        with CaptureQueriesContext(connection) as queries:
            client.get(url, secure=True)
        result[page] = {"ms": statistics.median(times) * 1000, "queries": len(queries)}
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
    command = [
        sys.executable,
        __file__,
        "--child",
        str(size),
        "--repeat",
        str(args.repeat),
    ]
    if args.fresh:
        command.append("--fresh")
    print(f"… {size:,} hands", file=sys.stderr, flush=True)
    out = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        sys.exit(f"the {size:,}-hand run failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100_000])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--dir", default="/tmp/napoleon-history-benchmark")
    parser.add_argument("--database-url")
    parser.add_argument("--fresh", action="store_true", help="generate the leagues again")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.repeat, args.fresh)))
        return
    results = [run_size(size, args) for size in args.sizes]
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
    print(f"(median of {args.repeat} renders each; ratio = {large['size']:,} / {small['size']:,})")


if __name__ == "__main__":
    main()
