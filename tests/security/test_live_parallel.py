"""Real parallel requests against the dev server (tests/security/live.py): SQLite writers
wait their turn instead of failing, the throttles count exactly, and an oversized body
is refused before the server reads it.

On PostgreSQL (DATABASE_URL set) the same server runs on a fresh PostgreSQL database.
"""

import socket
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.security.live import TIMEOUT, live_server

# The server has a database of its own, on the suite's server: marked as a database test,
# so the PostgreSQL run (NAPOLEON_DATABASE_TESTS_ONLY) keeps it.
pytestmark = pytest.mark.django_db

WRITERS = 30
SAVES_EACH = 2
ACCOUNT_CAP = 8
API_LIMIT = 20
PASSWORD = "tall-Giraffe-47"

SEED = """
import json
from django.test import Client
from tests.factories import hand_data, make_league, make_session, make_user
mark, olive, pat, quinn = (make_user(n) for n in ("mark", "olive", "pat", "quinn"))
league = make_league(mark)
session = make_session(league, "taiwan")
tables = [make_session(league, "taiwan").pk for _ in range(30)]
client = Client()
client.force_login(mark)
hand = hand_data(session)
hand.pop("key")
print(json.dumps({
    "league": league.pk,
    "session": session.pk,
    "tables": tables,
    "sessionid": client.cookies["sessionid"].value,
    "hand": hand,
}))
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(
        tmp_path_factory.mktemp("live"),
        SEED,
        DJANGO_BEHIND_PROXY="1",  # each test's client names its address in X-Forwarded-For
        DJANGO_API_RATE_LIMIT=str(API_LIMIT),
        DJANGO_LOGIN_ACCOUNT_FAILURE_LIMIT=str(ACCOUNT_CAP),
    ) as live:
        yield live


def in_parallel(server, count, task, rounds=1):
    """``task(i, connection)`` for i in range(count), ``rounds`` times: each round, every
    thread first connects (one at a time: runserver accepts only 10 waiting connections,
    and that queue is not what these tests are about), then all send at once. The
    results, by thread, as lists of the rounds' results."""
    gate = threading.Barrier(count, timeout=TIMEOUT)
    connecting = threading.Lock()

    def run(index):
        results = []
        for _round in range(rounds):
            with connecting:
                connection = server.connect()
            gate.wait()
            results.append(task(index, connection))
        return results

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count), timeout=TIMEOUT * 4 * rounds))


def flat(results):
    return [result for results_of_one in results for result in results_of_one]


def address(n):
    return {"X-Forwarded-For": f"198.51.100.{n}"}


# ---- SQLite under runserver: writers wait their turn ---------------------------------------


def test_it_saves_every_hand_of_30_phones_saving_at_once(server):
    """30 phones at 30 tables of one database, saving at the same moment: SQLite's
    writers wait their turn, none fails with "database is locked", none is lost."""
    cookies = {"sessionid": server.seed["sessionid"]}

    def save(index, connection):
        table = server.seed["tables"][index]
        done = len(saved[index])  # this table's version: one step per hand saved on it
        body = {**server.seed["hand"], "key": str(uuid.uuid4()), "table_version": str(done)}
        answer = server.post(
            f"/sessions/{table}/record/", body, cookies, address(index), connection
        )
        if answer.status == 302:
            saved[index].append(body["key"])
        return answer.status, answer.body[-300:] if answer.status != 302 else ""

    saved = [[] for _ in range(WRITERS)]
    results = flat(in_parallel(server, WRITERS, save, rounds=SAVES_EACH))
    assert [s for s, _body in results] == [302] * (WRITERS * SAVES_EACH), results
    stored = server.python(
        "import json; from scoring.models import Hand\n"
        f"tables = {server.seed['tables']}\n"
        "numbers = [sorted(Hand.objects.filter(session=t).values_list('number', flat=True))"
        " for t in tables]\n"
        "print(json.dumps({'numbers': numbers}))"
    )
    assert stored["numbers"] == [list(range(1, SAVES_EACH + 1))] * WRITERS


def test_thirty_phones_saving_one_table_at_once_store_one_hand(server):
    """30 phones drawn for the same state of one table save at the same moment: one hand
    is stored; every other phone is told the table changed (409), and stores nothing."""
    path = f"/sessions/{server.seed['session']}/record/"
    cookies = {"sessionid": server.seed["sessionid"]}
    version = server.python(
        "import json; from scoring.models import GameSession\n"
        f"print(json.dumps(GameSession.objects.get(pk={server.seed['session']}).version))"
    )

    def save(index, connection):
        body = {**server.seed["hand"], "key": str(uuid.uuid4()), "table_version": str(version)}
        return server.post(path, body, cookies, address(index), connection).status

    results = flat(in_parallel(server, WRITERS, save))
    assert sorted(results) == [302] + [409] * (WRITERS - 1), results
    stored = server.python(
        "import json; from scoring.models import Hand\n"
        f"print(json.dumps(Hand.objects.filter(session={server.seed['session']}).count()))"
    )
    assert stored == 1


def test_stakes_sent_at_once_for_one_state_of_a_table_keep_one_and_refuse_the_rest(server):
    """Ten phones drawn for the same table each set a different stake at the same moment:
    one is stored and logged; every other phone is told the stake changed (409). None is
    told "Stake saved" and then lost."""
    table = server.seed["tables"][-1]
    path, cookies = f"/sessions/{table}/stake/", {"sessionid": server.seed["sessionid"]}
    version = server.python(
        "import json; from scoring.models import GameSession\n"
        f"print(json.dumps(GameSession.objects.get(pk={table}).version))"
    )

    def stake(index, connection):
        body = {"stake": f"0.{index + 10}", "start": "1", "table_version": str(version)}
        return server.post(path, body, cookies, address(index), connection).status

    results = flat(in_parallel(server, 10, stake))
    assert sorted(results) == [302] + [409] * 9, results
    stored = server.python(
        "import json; from scoring.models import GameSession, TableChange\n"
        f"changes = TableChange.objects.filter(session={table}, kind=TableChange.STAKE)\n"
        "print(json.dumps({\n"
        f"  'stake': str(GameSession.objects.get(pk={table}).stake),\n"
        "  'logged': [c.detail['stake'] for c in changes],\n"
        "}))"
    )
    assert stored["stake"] == f"0.{results.index(302) + 10}"
    assert stored["logged"] == [stored["stake"]]


def test_six_quick_taps_on_play_again_start_one_session(server):
    """Six taps on Play again sent at the same moment: one new session, and every tap
    lands on it."""
    path = f"/leagues/{server.seed['league']}/sessions/again/"
    cookies = {"sessionid": server.seed["sessionid"]}
    count = (
        "import json; from scoring.models import GameSession\n"
        f"print(json.dumps(GameSession.objects.filter(league={server.seed['league']}).count()))"
    )
    before = server.python(count)

    def tap(index, connection):
        body = {"session": str(server.seed["session"])}
        answer = server.post(path, body, cookies, address(index), connection)
        return answer.status, answer.headers.get("location")

    results = flat(in_parallel(server, 6, tap))
    assert {status for status, _where in results} == {302}, results
    assert len({where for _status, where in results}) == 1, results
    assert server.python(count) == before + 1


# ---- throttles count exactly ----------------------------------------------------------------


def test_twenty_parallel_guesses_check_at_most_five_passwords(server):
    """Guesses sent at once all meet the same count: 12–13 passwords were once checked
    instead of 5."""
    before = server.passwords_checked()

    def guess(index, connection):
        body = {"username": "pat", "password": f"wrong-{index}"}
        return server.post("/accounts/login/", body, headers=address(7), connection=connection)

    statuses = [answer.status for answer in flat(in_parallel(server, 20, guess))]
    assert server.passwords_checked() - before == 5
    assert sorted(statuses) == [200] * 5 + [429] * 15


def test_guesses_spread_over_addresses_are_capped_per_account(server):
    """The per-account cap: one guess from each of many addresses still checks no more
    than the cap; the owner then logs in from a device they used before, not from a new one."""
    owner_phone = server.post(
        "/accounts/login/", {"username": "quinn", "password": PASSWORD}, headers=address(200)
    )
    assert owner_phone.status == 302
    device = owner_phone.headers["set-cookie"].split("napoleon_device=")[1].split(";")[0]
    before = server.passwords_checked()

    def guess(index, connection):
        body = {"username": "quinn", "password": f"wrong-{index}"}
        return server.post("/accounts/login/", body, None, address(index + 1), connection)

    statuses = [answer.status for answer in flat(in_parallel(server, ACCOUNT_CAP + 12, guess))]
    assert server.passwords_checked() - before == ACCOUNT_CAP
    assert statuses.count(429) == 12

    right = {"username": "quinn", "password": PASSWORD}
    stranger = server.post("/accounts/login/", right, headers=address(150))
    assert stranger.status == 429
    assert "only a phone or computer that has logged in to it before" in stranger.body
    known = server.post(
        "/accounts/login/", right, cookies={"napoleon_device": device}, headers=address(201)
    )
    assert known.status == 302


def test_the_api_limit_holds_under_parallel_requests(server):
    """Requests sent at once all meet the same count: a limit of 300 a minute once let
    506–1,376 through."""

    def rule(index, connection):
        return server.request("GET", "/api/v1/variants", None, address(99), connection=connection)

    statuses = [answer.status for answer in flat(in_parallel(server, API_LIMIT * 3, rule))]
    assert statuses.count(200) == API_LIMIT
    assert statuses.count(429) == API_LIMIT * 2


# ---- bodies refused unread -----------------------------------------------------------------


def test_a_50_mb_upload_to_the_login_page_is_refused_before_it_is_sent(server):
    """Only the headers go out; the 413 comes back without the body read (reading 50 MB
    would cost the server before it could refuse)."""
    head = (
        "POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: multipart/form-data; boundary=xyz\r\n"
        f"Content-Length: {50 * 1024 * 1024}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as connection:
        connection.sendall(head.encode())
        answer = connection.recv(65536).decode("utf-8", "replace")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
