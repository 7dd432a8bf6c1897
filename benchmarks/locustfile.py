"""Locust scenario for benchmarks/load.py: phones at card tables.

Each simulated phone belongs to one player, already logged in (its session cookie comes
from load.py's seed), sitting at one table (a game session) with one or two other phones.
It opens the table, records hands the way the page does (live previews, then an htmx Save
with the form's key, the table's version and seats it was drawn with, sometimes tapped
twice; the answer brings the next hand's form), reads the scoreboard, the hands list and the
shared board, edits a hand now and then (a stale edit's 409 is the right answer), and
asks the rules API. Every request carries the phone's own X-Forwarded-For, as the reverse
proxy would add it, so the per-client limits count each phone apart.

Environment: LOAD_PHONES (the seed's JSON), LOAD_HOSTS (comma-separated base URLs; phone
i uses host i % n), LOAD_KEYS (where to write the keys of the hands recorded),
LOAD_MAX_REQUESTS (stop after this many requests in all), LOAD_PAUSE ("min,max" seconds
between a phone's actions). The keys file lists every key a Save sent, [session, key,
whether an answer said it was saved]: load.py checks that each is stored once at most, and
each saved one in its session.
"""

import json
import os
import random
import re
import threading
from http.cookiejar import Cookie

from locust import between, events, task
from locust.contrib.fasthttp import FastHttpUser

PHONES = json.loads(open(os.environ["LOAD_PHONES"]).read())
HOSTS = os.environ["LOAD_HOSTS"].split(",")
MAX_REQUESTS = int(os.environ.get("LOAD_MAX_REQUESTS", "100000"))
# A phone's pause between two actions, in seconds (at a real table: far longer).
PAUSE = [float(x) for x in os.environ.get("LOAD_PAUSE", "2,5").split(",")]
KEY = re.compile(r'name="key" value="([0-9a-f-]{36})"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
TABLE_VERSION = re.compile(r'name="table_version" value="(\d+)"')
SEATS = re.compile(r'name="seats" value="([0-9,]*)"')

_lock = threading.Lock()
_next_phone = [0]
_recorded = []  # [session pk, key, saved] of every key a Save sent
_requests = [0]

HANDS = {
    "taiwan": lambda rng: {
        "declarer": str(rng.randrange(5)),
        "level": str(rng.choice([1, 2, 3, 4, 5])),
        "trump": rng.choice("SHDC"),
        "called_suit": rng.choice("SHDC"),
        "called_rank": rng.choice(["A", "K", "Q"]),
        "partner": rng.choice(["0", "1", "2", "3", "4", "alone"]),
        "mode": "count",
        "points": str(rng.randrange(0, 17)),
    },
    "nap": lambda rng: {
        "declarer": str(rng.randrange(4)),
        "nap_bid": rng.choice(["two", "three", "four"]),
        **dict(
            zip(["tricks_0", "tricks_1", "tricks_2", "tricks_3"], _tricks(rng, 5, 4), strict=True)
        ),
    },
}


def _tricks(rng, total, seats):
    cuts = sorted(rng.randrange(total + 1) for _ in range(seats - 1))
    return [str(b - a) for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _cookie(name, value):
    return Cookie(
        0,
        name,
        value,
        None,
        False,
        "127.0.0.1",
        False,
        False,
        "/",
        True,
        False,
        None,
        False,
        None,
        None,
        {},
    )


@events.request.add_listener
def _count(**kwargs):
    with _lock:
        _requests[0] += 1
        over = _requests[0] >= MAX_REQUESTS
    if over and Phone.environment and Phone.environment.runner:
        Phone.environment.runner.quit()


@events.test_stop.add_listener
def _write_keys(**kwargs):
    with open(os.environ["LOAD_KEYS"], "w") as out:
        json.dump(_recorded, out)


class Phone(FastHttpUser):
    wait_time = between(*PAUSE)
    environment = None

    def on_start(self):
        with _lock:
            index = _next_phone[0] % len(PHONES)
            _next_phone[0] += 1
        Phone.environment = self.environment
        self.phone = PHONES[index]
        self.base = HOSTS[index % len(HOSTS)]
        self.rng = random.Random(index)
        self.table = f"/sessions/{self.phone['session']}/"
        self.headers = {"X-Forwarded-For": self.phone["ip"]}
        self.client.cookiejar.set_cookie(_cookie("sessionid", self.phone["cookie"]))
        self.key = self.csrf = self.drawn = None
        self.open_table()

    # ---- the requests -------------------------------------------------------------

    def get(self, path, name, htmx=False):
        headers = {**self.headers, **({"HX-Request": "true"} if htmx else {})}
        return self.client.get(self.base + path, name=name, headers=headers)

    def post(self, path, name, data, htmx=False):
        headers = {**self.headers, **({"HX-Request": "true"} if htmx else {})}
        if htmx:
            headers.update({"HX-Target": "record", "HX-Current-URL": self.base + self.table})
        return self.client.post(
            self.base + path,
            name=name,
            data={**data, "csrfmiddlewaretoken": self.csrf},
            headers=headers,
            catch_response=True,
            allow_redirects=False,  # a 302 is the answer; the phone then asks for the page
        )

    def open_table(self):
        response = self.get(self.table, "table")
        self.read_form(response.text or "")

    def read_form(self, body):
        """The hand form's key, token, and the table's version and seats it was drawn for."""
        key, csrf = KEY.search(body), CSRF.search(body)
        drawn, seats = TABLE_VERSION.search(body), SEATS.search(body)
        if key and csrf and drawn and seats:
            self.key, self.csrf = key.group(1), csrf.group(1)
            self.drawn = {"table_version": drawn.group(1), "seats": seats.group(1)}
            return True
        return False

    # ---- what a phone does -----------------------------------------------------------

    @task(6)
    def record_a_hand(self):
        if not self.key or not self.drawn:
            return self.open_table()
        entry = {**HANDS[self.phone["variant"]](self.rng), "key": self.key, "action": "save"}
        entry.update(self.drawn)
        for _ in range(self.rng.randrange(1, 3)):
            with self.post(self.table + "preview/", "preview", entry, htmx=True) as r:
                if r.status_code == 200:
                    r.success()
                else:
                    r.failure(f"preview {r.status_code} {r.error or ''}")
        taps = 2 if self.rng.random() < 0.15 else 1  # a double tap or a retry
        saved, body = False, ""
        for _ in range(taps):
            with self.post(self.table + "record/", "record", entry, htmx=True) as r:
                done = r.status_code == 200 and "hand-saved" in (r.headers.get("HX-Trigger") or "")
                saved |= done
                body = r.text or ""
                if done or r.status_code in (409, 422):
                    # Saved; or refused, nothing saved: another phone changed the table
                    # first (409), or the engine refused this random entry (422).
                    r.success()
                else:
                    r.failure(f"record {r.status_code} {r.error or ''}")
        with _lock:
            _recorded.append([self.phone["session"], self.key, saved])
        if not (saved and self.read_form(body)):  # the answer brings the next hand's form
            self.open_table()

    @task(6)
    def read_the_scoreboard(self):
        self.open_table()

    @task(2)
    def list_the_hands(self):
        self.get(self.table + "hands/", "hands")

    @task(3)
    def watch_the_shared_board(self):
        self.get(f"/share/{self.phone['share']}/", "share board", htmx=True)

    @task(1)
    def correct_a_hand(self):
        page = self.get(self.table + "hands/1/edit/", "edit page")
        body = page.text or ""
        # The hand's version, and the table's version the page was drawn with.
        version, drawn = VERSION.search(body), TABLE_VERSION.search(body)
        if not version or not drawn or not self.csrf:
            return
        entry = {
            **HANDS[self.phone["variant"]](self.rng),
            "version": version.group(1),
            "table_version": drawn.group(1),
        }
        with self.post(self.table + "hands/1/edit/", "edit", entry) as r:
            if r.status_code in (302, 409, 422):
                r.success()  # saved, refused as stale, or refused by the engine
            else:
                r.failure(f"edit {r.status_code} {r.error or ''}")

    @task(2)
    def ask_the_rules(self):
        body = {
            "variant": "taiwan",
            "players": 5,
            "contract": f"{self.rng.randrange(1, 6)}S",
            "declarer": 0,
            "partner": 1,
            "declarer_points": self.rng.randrange(0, 17),
        }
        self.client.post(
            self.base + "/api/v1/score",
            data=json.dumps(body),
            name="api score",
            headers={"Content-Type": "application/json", "X-Forwarded-For": self.phone["ip"]},
        )
