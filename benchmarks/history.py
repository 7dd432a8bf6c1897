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
* the first league and player page after the history's cache is emptied (``cold``), its
  CPU time until its answer too (a long game's figures are worked out once it is sent);
* the Save of a new hand (the whole POST to ``scoring:record`` as a phone sends it: htmx's
  headers, the table's version and seats; response included) in a session on the day
  after the league's last: its queries until its answer (``save_queries``) and after it
  (``save_after_answer_queries``: the table screen written for the next phone, the
  league's figures, their drawing and its cards brought up to date), and its time;
* the first league page after such a Save in a league that plays one game (a second
  league of as many hands, all Taiwan: a Save changes the figures of the whole league),
  median of 5 Saves each followed by the page;
* the first league page after an edit of the oldest hand of that one-game league (written
  back as it was), median of 3: the CPU time until its answer, and after it (a change
  that far back is refolded once the answer is sent);
* editing the oldest and the newest played hand of the league (``scoring.table.recording``,
  median of 3 edits, each writing the hand back as it was).

The targets, so that a Save stays cheap and the pages do not slow down as a league's history
grows, are in the summary printed last with --json: ``save_queries`` ≤ 10,
``edit_oldest_ms_big`` ≤ 100, ``edit_oldest_over_newest`` ≤ 1.5, ``league_page_ratio``
and ``player_page_ratio`` (largest over smallest size, same run) ≤ 1.5,
``one_game_after_save_ratio`` ≤ 1.5, ``cold_league_kept_ms_big`` ≤ 500, and
``queries_same_at_both_sizes``. Prints figures; asserts nothing.

CPU time counts the database's too (``cpu_includes_database``): SQLite runs in this
process; PostgreSQL's backend serving this connection is another, whose CPU time is read
from /proc/<pid>/stat (the server must run on this machine).
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


def _league(size: int, fresh: bool, variants: list[str] | None = None):
    """The benchmark's league of ``size`` hands (of every game, or of ``variants``), made if
    missing: (league, seconds to make)."""
    from django.db import connection

    from scoring.models import GameSession, League

    try:
        from scoring.history.figures.synthetic import generate_league
    except ImportError:  # the history before it left the write path
        from scoring.history.synthetic import generate_league

    name = f"Benchmark of {size} hands"
    if variants:
        name = f"{', '.join(variants)}: benchmark of {size} hands"
    league = League.objects.filter(name=name).first()
    if league is not None and fresh:
        # Sessions first: a seat protects its player, and so the league.
        GameSession.objects.filter(league=league).delete()
        league.delete()
        league = None
    if league is not None:
        return league, None
    started = time.perf_counter()
    if variants:
        league = generate_league(size, name=name, seed=size, variants=variants)
    else:
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


_BACKEND: list[int] = []  # the PostgreSQL backend's process id, once asked


def _backend_cpu() -> float:
    """The CPU time, in seconds, of the PostgreSQL backend serving this connection (0 on
    SQLite, whose work is this process's)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    if not _BACKEND:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            _BACKEND.append(cursor.fetchone()[0])
    fields = Path(f"/proc/{_BACKEND[0]}/stat").read_text().rsplit(")", 1)[1].split()
    # utime and stime: the 14th and 15th fields, the 12th and 13th after the name.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu() -> float:
    """This process's CPU time and the database's, in seconds."""
    return time.process_time() + _backend_cpu()


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


def _answer_queries(client, call) -> tuple[int, int]:
    """The queries of ``call``'s request until its answer is ready, and after (what a
    response's closers run once a server has sent it: the test client runs them before it
    returns)."""
    from django.db import connection
    from django.test.client import ClientHandler
    from django.test.utils import CaptureQueriesContext

    marks: list[int] = []
    handler = client.handler

    class Handler(ClientHandler):
        def get_response(self, request):
            response = super().get_response(request)
            marks.append(len(connection.queries_log))
            return response

    client.handler = Handler(handler.enforce_csrf_checks)
    try:
        with CaptureQueriesContext(connection) as queries:
            call()
    finally:
        client.handler = handler
    answered = marks[-1] - queries.initial_queries
    return answered, len(queries) - answered


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
            "cpu_ms": _timed(get, repeat, clock=cpu),
            "queries": _queries(get),
        }
    return result


def _forget_pages(league) -> None:
    """Forget the pages' figures but keep each game's running state, as a restart or a
    new deploy (of the same figures' version) leaves them."""
    from scoring.models import HistoryCache

    HistoryCache.objects.filter(league=league).exclude(key="state").delete()


def measure_cold(client, league, urls: dict) -> dict:
    """The league and player pages right after the history's cache is emptied (nothing
    kept: every hand folded again), and after only the pages' figures are (the running
    state kept): the wall time, and the CPU time of this process and the database's,
    which a busy neighbour does not inflate; with nothing kept, also the CPU time until the
    answer (a long game's figures are worked out once it is sent)."""
    result = {}
    answered = _answer_clock(client)
    for kind, forget in (("", _forget_cache), ("_kept", _forget_pages)):
        for page in ("league", "player"):
            forget(league)
            started, used = time.perf_counter(), cpu()
            assert client.get(urls[page], secure=True).status_code == 200
            result[f"{page}{kind}"] = (time.perf_counter() - started) * 1000
            result[f"{page}{kind}_cpu"] = (cpu() - used) * 1000
            result[f"{page}{kind}_answer_cpu"] = (answered[-1] - used) * 1000
    return result


class _Table:
    """A session on the day after the league's last, Saved into as a phone does (the
    htmx POST with the table's version and seats its page was drawn with), then undone
    and deleted."""

    def __init__(self, client, league) -> None:
        from django.urls import reverse

        from scoring.models import GameSession, Seat

        last = GameSession.objects.filter(league=league).order_by("-date").first()
        players = list(league.players.order_by("pk")[:5])
        self.session = GameSession.objects.create(
            league=league, date=last.date + datetime.timedelta(days=1), variant="taiwan"
        )
        Seat.objects.bulk_create(
            Seat(session=self.session, number=n, player=p) for n, p in enumerate(players)
        )
        self.client, self.saved = client, 0
        self.url = reverse("scoring:record", args=[self.session.pk])
        self.page = self.session.get_absolute_url()

    def drawn(self) -> dict:
        """The POST body the table page sends now (read before the Save is timed)."""
        from tests.factories import HANDS, drawn_for

        return {**HANDS["taiwan"], "key": str(uuid.uuid4()), **drawn_for(self.session)}

    def save(self, data: dict) -> None:
        headers = {"HX-Request": "true", "HX-Target": "record", "HX-Current-URL": self.page}
        response = self.client.post(self.url, data, secure=True, headers=headers)
        assert response.status_code == 200, response.status_code
        assert b"hand-saved" in response.get("HX-Trigger", "").encode(), "not saved"
        self.saved += 1

    def close(self) -> None:
        from scoring.table.recording import undo_last

        for number in range(self.saved, 0, -1):
            undo_last(self.session, number)
        self.session.hand_events.all().delete()
        self.session.delete()


def measure_save(client, league) -> dict:
    """Saves in a new session: the queries and median time of one (5 timed), and the
    league page after them."""
    from django.urls import reverse

    table = _Table(client, league)
    try:
        table.save(table.drawn())  # the first hand of the session: its seats are now warm
        data = table.drawn()
        queries, after_answer = _answer_queries(client, lambda: table.save(data))
        times = []
        for _ in range(5):
            data = table.drawn()
            started = time.perf_counter()
            table.save(data)
            times.append((time.perf_counter() - started) * 1000)
        league_url = reverse("scoring:league", args=[league.pk])
        started, used = time.perf_counter(), cpu()
        assert client.get(league_url, secure=True).status_code == 200
        after = {"ms": (time.perf_counter() - started) * 1000, "cpu_ms": (cpu() - used) * 1000}
    finally:
        table.close()
    return {
        "queries": queries,
        "after_answer_queries": after_answer,
        "ms": statistics.median(times),
        "league_after": after,
    }


def measure_after_save(client, league, rounds: int = 5) -> dict:
    """The first league page after each of ``rounds`` Saves (median): its wall time, and
    its CPU time with the database's."""
    from django.urls import reverse

    league_url = reverse("scoring:league", args=[league.pk])
    assert client.get(league_url, secure=True).status_code == 200  # its figures kept
    table = _Table(client, league)
    walls, cpus = [], []
    try:
        for _ in range(rounds):
            table.save(table.drawn())
            started, used = time.perf_counter(), cpu()
            assert client.get(league_url, secure=True).status_code == 200
            walls.append((time.perf_counter() - started) * 1000)
            cpus.append((cpu() - used) * 1000)
    finally:
        table.close()
    return {"ms": statistics.median(walls), "cpu_ms": statistics.median(cpus)}


def _ends(league) -> dict:
    """The league's oldest and newest played hand."""
    from scoring.models import Hand

    played = Hand.objects.filter(session__league=league, status=Hand.PLAYED).select_related(
        "session"
    )
    order = ("session__date", "session_id", "number")
    return {
        "oldest": played.order_by(*order).first(),
        "newest": played.order_by(*(f"-{name}" for name in order)).first(),
    }


def _rewrite(hand):
    """A call that edits ``hand``, writing it back as it was (a change all the same: the
    hand's event is new)."""
    from scoring.models import Hand
    from scoring.table.recording import update_hand

    values = {name: getattr(hand, name) for name in Hand.ENTRY_FIELDS}
    del values["number"], values["dealer"]
    deltas = list(hand.scores.order_by("seat").values_list("delta", flat=True))

    def edit():
        current = Hand.objects.select_related("session").get(pk=hand.pk)
        update_hand(current, current.version, values, deltas)

    return edit


def measure_edits(league) -> dict:
    """Editing the oldest and the newest played hand, each written back as it was."""
    return {which: _timed(_rewrite(hand), 3) for which, hand in _ends(league).items()}


def _answer_clock(client) -> list:
    """Have ``client`` note the CPU time (with the database's) at which each answer is
    ready, before the response's closers run: the test client runs them before it
    returns, where a server runs them once the answer is sent."""
    from django.test.client import ClientHandler

    answered: list = []

    class Handler(ClientHandler):
        def get_response(self, request):
            response = super().get_response(request)
            answered.append(cpu())
            return response

    client.handler = Handler(client.handler.enforce_csrf_checks)
    return answered


def measure_after_old_edit(client, league, rounds: int = 3) -> dict:
    """The first league page after an edit of the oldest hand of a one-game league (its
    figures kept before each): the CPU time until its answer, what the reader waits for,
    and after it (a refold run once the answer is sent); medians of ``rounds``."""
    from django.urls import reverse

    league_url = reverse("scoring:league", args=[league.pk])
    edit = _rewrite(_ends(league)["oldest"])
    answered = _answer_clock(client)
    waits, after = [], []
    for _ in range(rounds):
        assert client.get(league_url, secure=True).status_code == 200  # its figures kept
        edit()
        used = cpu()
        assert client.get(league_url, secure=True).status_code == 200
        done = cpu()
        waits.append((answered[-1] - used) * 1000)
        after.append((done - answered[-1]) * 1000)
    return {"cpu_ms": statistics.median(waits), "after_cpu_ms": statistics.median(after)}


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
    one_game, built_one = _league(size, fresh, ["taiwan"])
    Membership.objects.get_or_create(league=one_game, user=user)
    result["built_one_game"] = built_one
    result["one_game_after_save"] = measure_after_save(client, one_game)
    result["one_game_after_old_edit"] = measure_after_old_edit(client, one_game)
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
        "save_after_answer_queries": max(r["save"]["after_answer_queries"] for r in results),
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
        "cold_league_answer_cpu_ms_big": round(large["cold"]["league_answer_cpu"], 1),
        "cold_player_answer_cpu_ms_big": round(large["cold"]["player_answer_cpu"], 1),
        "cold_league_kept_ms_big": round(large["cold"]["league_kept"], 1),
        "cold_league_kept_cpu_ms_big": round(large["cold"]["league_kept_cpu"], 1),
        "one_game_after_save_cpu_ms": [
            round(r["one_game_after_save"]["cpu_ms"], 1) for r in results
        ],
        "one_game_after_save_ratio": round(
            large["one_game_after_save"]["cpu_ms"] / small["one_game_after_save"]["cpu_ms"], 2
        ),
        "one_game_after_old_edit_cpu_ms": [
            round(r["one_game_after_old_edit"]["cpu_ms"], 1) for r in results
        ],
        "one_game_after_old_edit_after_answer_cpu_ms": [
            round(r["one_game_after_old_edit"]["after_cpu_ms"], 1) for r in results
        ],
        "cpu_includes_database": True,
        "queries_same_at_both_sizes": all(len(set(c)) == 1 for c in counts),
    }


def report(results: list[dict], repeat: int) -> None:
    for r in results:
        for key in ("built", "built_one_game"):
            if r.get(key) is not None:
                print(f"generated {r['size']:,} hands in {r[key]:.1f} s")
    small, large = results[0], results[-1]
    head = "page".ljust(9) + "".join(f"{r['size']:>12,} h" for r in results)
    print(head + "     ratio   queries")
    for page in PAGES:
        line = page.ljust(9) + "".join(f"{r[page]['ms']:>11.1f}ms" for r in results)
        ratio = large[page]["ms"] / small[page]["ms"]
        queries = " / ".join(str(r[page]["queries"]) for r in results)
        print(f"{line}   {ratio:6.2f}   {queries}")
    for page in ("league", "player", "league_kept", "player_kept"):
        line = f"{page} (cold)".ljust(9) + "".join(f"{r['cold'][page]:>11.1f}ms" for r in results)
        cpu = " / ".join(f"{r['cold'][page + '_cpu']:.0f}" for r in results)
        print(f"{line}   CPU {cpu} ms")
    after = [r["one_game_after_save"] for r in results]
    line = "one game, after a Save".ljust(9) + "".join(f"{a['ms']:>11.1f}ms" for a in after)
    cpu = " / ".join(f"{a['cpu_ms']:.0f}" for a in after)
    print(f"{line}   CPU {cpu} ms")
    after = [r["one_game_after_old_edit"] for r in results]
    line = "one game, after an old edit".ljust(9) + "".join(
        f"{a['cpu_ms']:>11.1f}ms" for a in after
    )
    later = " / ".join(f"{a['after_cpu_ms']:.0f}" for a in after)
    print(f"{line}   CPU until the answer; after it {later} ms")
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
