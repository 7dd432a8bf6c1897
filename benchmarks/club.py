#!/usr/bin/env python3
"""A club night through HTTP, as its phones and its director send it.

    python benchmarks/club.py [--json] [--players 32] [--rounds 4]

Serves the app as production does (gunicorn, DJANGO_DEBUG=0, SQLite; benchmarks/table.py's
server and CPU hook), checks 32 players in to a Taiwan night, and for each of 4 rounds the
director seats it by fewest repeat opponents, every table's phone (no account) joins by the
table's code and records its hands at the same time as the others (one thread per table),
while the board and the TV page are polled throughout; then the round is closed. Time
runs 60 times faster than at a club: a hand takes a table 3 s (3 minutes), the TV page
polls every 0.25 s (15 s) and the board every 0.17 s (10 s), as their pages do. The board
is polled with the director's cookie; the TV page by the night's TV link (``/tv/<token>/``)
with no cookie at all, as a room's screen opens it (nobody signs in on it).

Figures (with --json, one JSON object printed last):
``tables``, ``players``, ``rounds``, ``hands_recorded``; ``hands_lost``: hands a phone sent
and got an answer for but that are not stored exactly once; ``standings_match_hand_sums``:
the night's raw totals equal the sums of the stored hands' scores (and the adjustments);
``repeat_pairs_vs_random``: pairs meeting again over the night with the seating done, over
the mean of 100 random seatings of the same rounds (target ≤ 0.3); ``seating_ms``: the
slowest seat request (target ≤ 2,000); ``director_board_cpu_ratio``, ``tv_page_cpu_ratio``:
server CPU per board poll and per TV poll over /manifest.webmanifest's, the mean of the
same run (target ≤ 3), with ``cpu_ratio_unchanged`` and ``cpu_ratio_redrawn`` the medians of
the polls answered 304 and of those drawn afresh, and how many of each, and
``signed_in_manifest_cpu_ratio`` the same manifest asked with the director's cookie (what
reading the session costs any signed-in request); ``table_join_taps``: taps from the code typed to the table screen (≤ 2).
Figures only; it asserts nothing.
"""

import argparse
import json
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.table import CSRF, PYTHON, gunicorn, manage, say, site_env  # noqa: E402

HAND = {
    "declarer": "0",
    "level": "3",
    "trump": "S",
    "called_suit": "H",
    "called_rank": "A",
    "partner": "1",
    "mode": "count",
}


SPEED = 60  # the benchmark's seconds to a club's
HAND_MINUTES = 3  # a hand, from the deal to its Save


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a 302 is an answer to read, not to follow
        return None


OPENER = urllib.request.build_opener(_NoRedirect)


def http(base, path, cookie, tag=None, data=None, headers=None):
    """(status, headers, body) of one request; ``data`` a dict to POST as a form;
    ``cookie`` None: no cookie at all (a GET of a browser that has none)."""
    body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": CSRF}).encode() if data else None
    request = urllib.request.Request(f"{base}{path}", data=body)
    if cookie is not None:
        request.add_header("Cookie", f"{cookie}; csrftoken={CSRF}")
        request.add_header("X-CSRFToken", CSRF)
    if tag:
        request.add_header("X-Bench-Tag", tag)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with OPENER.open(request, timeout=60) as answer:
            return answer.status, answer.headers, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode(errors="replace")


# ---- inside Django (a child process with the site's settings) ----------------------------


def seed(out: str, players: int, rounds: int) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.utils import timezone

    from scoring.models import Entrant, Event, League, Membership, Player

    user = User.objects.create_user("director", password=secrets.token_urlsafe(16))
    league = League.objects.create(name="Club")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    event = Event.objects.create(
        league=league,
        name="Club night",
        date=timezone.localdate(),
        variant="taiwan",
        rounds=rounds,
        deals_each=1,
        director=user,
    )
    for number in range(players):
        player = Player.objects.create(league=league, name=f"Player {number + 1}")
        Entrant.objects.create(event=event, player=player)
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    seeded = {"cookie": store.session_key, "event": event.pk, "tv": event.tv_token}
    Path(out).write_text(json.dumps(seeded))


def check(out: str, sent: str) -> None:
    """What the database says once the night is over."""
    import django

    django.setup()
    from django.db.models import Sum

    from scoring.events import seating
    from scoring.events.results import night_standings
    from scoring.models import Adjustment, Event, Hand, HandScore, Round, Seat

    event = Event.objects.get()
    keys = json.loads(Path(sent).read_text())
    stored = list(
        Hand.objects.filter(session__event_table__round__event=event).values_list("key", flat=True)
    )
    counts = {str(key): stored.count(key) for key in stored}
    lost = sum(1 for key in keys if counts.get(key, 0) != 1)
    sums = dict(
        HandScore.objects.filter(hand__session__event_table__round__event=event)
        .values_list("player")
        .annotate(total=Sum("delta"))
        .values_list("player", "total")
    )
    for player, points in Adjustment.objects.filter(round__event=event).values_list(
        "player", "points"
    ):
        sums[player] = sums.get(player, 0) + points
    rows = night_standings(event)
    match = all(row.raw == sums.get(row.player, 0) for row in rows)
    done, earlier, random_total = 0, [], [0] * 100
    randoms = [[] for _ in range(100)]
    for round_ in Round.objects.filter(event=event).order_by("number"):
        tables: dict[int, list[int]] = {}
        for session, player in Seat.objects.filter(session__event_table__round=round_).values_list(
            "session", "player"
        ):
            tables.setdefault(session, []).append(player)
        drawn = list(tables.values())
        done += seating.repeats(drawn, seating.meetings(earlier))
        earlier.append(drawn)
        present = sorted(p for t in drawn for p in t)
        sizes = [len(t) for t in drawn]
        for k in range(100):
            other = seating.seat(present, sizes, seating.RANDOM, seed=k * 1000 + round_.number)
            random_total[k] += seating.repeats(other.tables, seating.meetings(randoms[k]))
            randoms[k].append(other.tables)
    mean = statistics.mean(random_total)
    figures = {
        "hands_recorded": len(stored),
        "hands_lost": lost,
        "standings_match_hand_sums": match,
        "repeat_pairs_vs_random": round(done / mean, 3) if mean else 0.0,
    }
    Path(out).write_text(json.dumps(figures))


# ---- the night, over HTTP ------------------------------------------------------------------


def _field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else ""


class Phone:
    """One table's phone: joins by the code typed (one tap), then records its hands."""

    def __init__(self, base: str, code: str, target: int, sent: list, pace: float) -> None:
        self.base, self.code, self.target, self.sent = base, code, target, sent
        self.pace = pace
        self.cookie, self.taps = "", 0

    def join(self) -> None:
        status, headers, _body = http(self.base, "/t/", "", data={"code": self.code.lower()})
        self.taps = 1  # the Join button; the table screen is the redirect's page
        if status != 302:
            raise SystemExit(f"the code {self.code} did not join ({status})")
        cookies = headers.get_all("Set-Cookie") or []
        session = next(c.split(";")[0] for c in cookies if c.startswith("sessionid="))
        self.cookie, self.table = session, headers["Location"]

    def play(self) -> None:
        self.join()
        for number in range(self.target):
            time.sleep(self.pace)  # the hand is played before it is recorded
            _status, _headers, page = http(self.base, self.table, self.cookie)
            hand = {**HAND, "points": str(8 + number % 9), "key": str(uuid.uuid4())}
            hand.update(table_version=_field(page, "table_version"), seats=_field(page, "seats"))
            for _attempt in range(3):  # the same key again after a failure: stored once
                status, _headers, _body = http(
                    self.base, f"{self.table}record/", self.cookie, data=hand
                )
                if status in (200, 302):
                    self.sent.append(hand["key"])
                    break


def _poll(base: str, cookie: str, seeded: dict, stop: threading.Event, polls: dict) -> None:
    """The board and the TV page, polled as their pages do (htmx, with the ETag of the
    last answer): the board with the director's cookie, the TV by its link with none."""
    paths = {"board": f"/nights/{seeded['event']}/board/", "tv": f"/tv/{seeded['tv']}/"}
    cookies = {"board": cookie, "tv": None}
    etags = {"board": "", "tv": ""}
    every = {"board": 10 / SPEED, "tv": 15 / SPEED}
    due = dict.fromkeys(etags, 0.0)
    while not stop.is_set():
        now = time.monotonic()
        for page in [page for page in etags if due[page] <= now]:
            due[page] = now + every[page]
            headers = {"HX-Request": "true"}
            if etags[page]:
                headers["If-None-Match"] = etags[page]
            path = paths[page]
            status, answer, _body = http(base, path, cookies[page], page, headers=headers)
            if status not in (200, 304):
                raise SystemExit(f"{path} answered {status}")
            etags[page] = answer.get("ETag", etags[page])
            polls[page].append(status)
            http(base, "/manifest.webmanifest", "", "manifest")
            http(base, "/manifest.webmanifest", cookie, "manifest-signed-in")
        stop.wait(0.02)


def night(base: str, seeded: dict, rounds: int, sent: list) -> dict:
    cookie, event = f"sessionid={seeded['cookie']}", seeded["event"]
    stop = threading.Event()
    polls: dict[str, list[int]] = {"board": [], "tv": []}
    poller = threading.Thread(target=_poll, args=(base, cookie, seeded, stop, polls))
    poller.start()
    seating_ms, tables, taps = [], 0, 0
    try:
        for _number in range(rounds):
            version = _field(http(base, f"/nights/{event}/", cookie)[2], "event_version")
            started = time.perf_counter()
            data = {"method": "fresh", "event_version": version}
            status, _headers, _body = http(base, f"/nights/{event}/seat/", cookie, data=data)
            seating_ms.append((time.perf_counter() - started) * 1000)
            board = http(base, f"/nights/{event}/board/", cookie)[2]
            codes = re.findall(r'class="night-code">(\w+)<', board)
            targets = [int(n) for n in re.findall(r"0 of (\d+) hands", board)]
            pace = HAND_MINUTES * 60 / SPEED
            tables_of = zip(codes, targets, strict=True)
            phones = [Phone(base, code, target, sent, pace) for code, target in tables_of]
            threads = [threading.Thread(target=phone.play) for phone in phones]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            tables, taps = max(tables, len(phones)), max(p.taps for p in phones)
            version = _field(http(base, f"/nights/{event}/", cookie)[2], "event_version")
            http(base, f"/nights/{event}/close/", cookie, data={"event_version": version})
    finally:
        stop.set()
        poller.join()
    figures = {"tables": tables, "seating_ms": round(max(seating_ms)), "table_join_taps": taps}
    return figures, polls


def cpu_ratios(log: Path, polls: dict[str, list[int]]) -> dict:
    """CPU per poll over the manifest's. The poller sends one request at a time, so the
    hook's lines of a page are in the order its answers' statuses were noted."""
    spent: dict[str, list[int]] = {}
    for line in log.read_text().splitlines():
        tag, ns = line.split()
        spent.setdefault(tag, []).append(int(ns))
    base = statistics.median(spent["manifest"])
    # What any signed-in request pays before its view runs (its session read; a page for
    # members only reads the user too): part of the floor under the board's polls.
    signed_in = statistics.median(spent["manifest-signed-in"])
    figures: dict[str, object] = {"signed_in_manifest_cpu_ratio": round(signed_in / base, 2)}
    for page, name in (("board", "director_board"), ("tv", "tv_page")):
        costs = spent[page]
        figures[f"{name}_cpu_ratio"] = round(statistics.mean(costs) / base, 2)
        split = {304: "unchanged", 200: "redrawn"}
        for status, label in split.items():
            mine = [c for c, s in zip(costs, polls[page], strict=True) if s == status]
            figures[f"{name}_cpu_ratio_{label}"] = (
                round(statistics.median(mine) / base, 2) if mine else None
            )
            figures[f"{name}_polls_{label}"] = len(mine)
    return figures


def run(args) -> dict:
    with tempfile.TemporaryDirectory(prefix="napoleon-club-") as name:
        tmp = Path(name)
        env = site_env(tmp)
        say("migrating, seeding …")
        manage(env, "migrate", "-v", "0", "--skip-checks")
        manage(env, "createcachetable", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0", "--skip-checks")
        inside = [PYTHON, Path(__file__).resolve()]
        seed_args = ["--players", str(args.players), "--rounds", str(args.rounds)]
        subprocess.run([*inside, "--seed", tmp / "seed.json", *seed_args], env=env, check=True)
        seeded = json.loads((tmp / "seed.json").read_text())
        sent: list[str] = []
        with gunicorn(env, tmp) as base:
            say("the night …")
            figures = {"players": args.players, "rounds": args.rounds}
            played, polls = night(base, seeded, args.rounds, sent)
            figures.update(played)
            time.sleep(0.5)  # the hook writes each request's CPU just after its answer
            figures.update(cpu_ratios(tmp / "cpu.log", polls))
        (tmp / "sent.json").write_text(json.dumps(sent))
        subprocess.run(
            [*inside, "--check", tmp / "check.json", "--sent", tmp / "sent.json"],
            env=env,
            check=True,
        )
        figures.update(json.loads((tmp / "check.json").read_text()))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", help=argparse.SUPPRESS)
    parser.add_argument("--check", help=argparse.SUPPRESS)
    parser.add_argument("--sent", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seed:
        return seed(args.seed, args.players, args.rounds)
    if args.check:
        return check(args.check, args.sent)
    figures = run(args)
    for key, value in figures.items():
        print(f"{key:<30}{value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
