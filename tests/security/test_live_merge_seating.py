"""Merging player entries while the same entries are being seated, against a served
process: a join, or a New game, that names an entry being merged away at that moment
seats it before the merge or finds it afresh after; none fails.

On PostgreSQL (DATABASE_URL set) the server runs on a fresh PostgreSQL database, where a
seat given to an entry that a merge had just deleted failed its reference check (500)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.security.live import TIMEOUT, live_server

pytestmark = pytest.mark.django_db

PAIRS = 16

SEED = """
import json
from django.test import Client
from scoring.models import Player
from tests.factories import make_league, make_session, make_user
olive = make_user("olive")
league = make_league(olive)
pairs, tables = [], []
for k in range(PAIRS):
    make_session(league, "taiwan", names=[f"Jo {k} old", f"A{k}", f"B{k}", f"C{k}", f"D{k}"])
    kept = Player.objects.create(league=league, name=f"Jo {k}")
    pairs.append([Player.objects.get(league=league, name=f"Jo {k} old").pk, kept.pk])
    names = [f"E{k}", f"F{k}", f"G{k}", f"H{k}", f"I{k}"]
    tables.append(make_session(league, "taiwan", names=names).pk)
client = Client()
client.force_login(olive)
print(json.dumps({
    "league": league.pk,
    "pairs": pairs,
    "tables": tables,
    "sessionid": client.cookies["sessionid"].value,
}))
""".replace("PAIRS", str(PAIRS))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("merge-seating"), SEED) as live:
        yield live


def seat(server, cookies, k):
    """Phone k seats the entry being merged: a join at its table, or (odd k) a New game."""
    old = f"Jo {k} old"
    if k % 2 == 0:
        body = {"action": "join", "name": old, "table_version": "0"}
        return server.post(f"/sessions/{server.seed['tables'][k]}/players/", body, cookies)
    players = "\n".join([old, *(f"{n}{k} new" for n in "PQRS")])
    body = {"variant": "taiwan", "date": "2025-04-01", "players": players, "first_dealer": "1"}
    return server.post(f"/leagues/{server.seed['league']}/sessions/new/", body, cookies)


def test_entries_merged_while_they_are_seated_are_seated_once_and_nothing_fails(server):
    cookies = {"sessionid": server.seed["sessionid"]}
    start = threading.Barrier(PAIRS + 1, timeout=TIMEOUT)

    def phone(k):
        start.wait()
        return seat(server, cookies, k).status

    def owner():
        start.wait()
        path = f"/leagues/{server.seed['league']}/players/"
        return [
            server.post(path, {"action": "merge", "gone": gone, "kept": kept}, cookies).status
            for gone, kept in server.seed["pairs"]
        ]

    with ThreadPoolExecutor(PAIRS + 1) as pool:
        phones = [pool.submit(phone, k) for k in range(PAIRS)]
        merges = pool.submit(owner)
        seated = [f.result(timeout=TIMEOUT * 4) for f in phones]
        merged = merges.result(timeout=TIMEOUT * 4)
    assert seated == [302] * PAIRS, server.log.read_text()[-3000:]
    assert merged == [302] * PAIRS, server.log.read_text()[-3000:]
    stored = server.python(
        "import json; from scoring.models import Player, Seat\n"
        f"pairs = {server.seed['pairs']}\n"
        "print(json.dumps({\n"
        "  'merged_away': Player.objects.filter(pk__in=[g for g, _k in pairs]).count(),\n"
        "  'seated': [Seat.objects.filter(player__name__in=[f'Jo {k}', f'Jo {k} old'])"
        ".count() for k in range(len(pairs))],\n"
        "}))"
    )
    # Each Jo sat at the old table and now at one more, as the merged entry or afresh.
    assert stored == {"merged_away": 0, "seated": [2] * PAIRS}


def join_at_once(server, tables: list[int], names: list[str]) -> list[int]:
    """Table k seats ``names[k]`` as a newcomer, every table at the same moment (each drawn
    for its table's version as it stands); the answers' statuses."""
    cookies = {"sessionid": server.seed["sessionid"]}
    versions = server.python(
        "import json; from scoring.models import GameSession\n"
        f"print(json.dumps([GameSession.objects.get(pk=t).version for t in {tables}]))"
    )
    start = threading.Barrier(len(tables), timeout=TIMEOUT)

    def phone(k):
        body = {"action": "join", "name": names[k], "table_version": str(versions[k])}
        start.wait()
        return server.post(f"/sessions/{tables[k]}/players/", body, cookies).status

    with ThreadPoolExecutor(len(tables)) as pool:
        return list(pool.map(phone, range(len(tables)), timeout=TIMEOUT * 4))


def test_a_new_guest_seated_at_several_tables_at_once_is_one_entry(server):
    """Eight tables seat a newcomer of the same name at the same moment: each seats the one
    entry that name now has, none fails on the name another table has just taken."""
    tables = server.seed["tables"][:8]
    seated = join_at_once(server, tables, ["Zed the guest"] * len(tables))
    assert seated == [302] * len(tables), server.log.read_text()[-3000:]
    stored = server.python(
        "import json; from scoring.models import Player\n"
        "zed = Player.objects.filter(name='Zed the guest')\n"
        "print(json.dumps([zed.count(), sorted(zed.get().seats.values_list('session', flat=True))]))"
    )
    assert stored == [1, sorted(tables)]


def test_one_newcomer_typed_in_different_cases_at_several_tables_at_once_is_one_entry(server):
    """Eight tables seat "Zoë Ng", "zoë ng", "ZOË NG"… at the same moment: one person, so
    one entry (PostgreSQL made one per spelling: each table had looked before any wrote)."""
    tables = server.seed["tables"][8:16]
    spellings = ["Zoë Ng", "zoë ng", "ZOË NG", "Zoë NG", "zoë Ng", "ZOË ng", "zOë nG", "ZoË Ng"]
    seated = join_at_once(server, tables, spellings)
    assert seated == [302] * len(tables), server.log.read_text()[-3000:]
    stored = server.python(
        "import json; from scoring.models import Player\n"
        "zoe = [p for p in Player.objects.all() if p.name.casefold() == 'zoë ng']\n"
        "print(json.dumps([len(zoe), sorted(zoe[0].seats.values_list('session', flat=True))]))"
    )
    assert stored == [1, sorted(tables)]
