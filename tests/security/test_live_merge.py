"""Merging player entries while tables are being played, against a served process: the
merges and the Saves take their locks in one order (sessions first, by id), so none
fails, none deadlocks, and every hand ends up with the entries that were kept.

On PostgreSQL (DATABASE_URL set) the server runs on a fresh PostgreSQL database, where
the two used to deadlock."""

import json
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.security.live import TIMEOUT, live_server

pytestmark = pytest.mark.django_db

TABLES = 3
HANDS_EACH = 8

SEED = """
import json
from django.test import Client
from scoring.models import Player
from tests.factories import hand_data, make_league, make_session, make_user
olive = make_user("olive")
league = make_league(olive)
tables, pairs = [], []
for t in range(TABLES):
    names = [f"Player {t}{n} again" for n in range(5)]
    session = make_session(league, "taiwan", names=names)
    tables.append(session.pk)
    for n, name in enumerate(names):
        kept = Player.objects.create(league=league, name=f"Player {t}{n}")
        pairs.append([Player.objects.get(league=league, name=name).pk, kept.pk])
client = Client()
client.force_login(olive)
hand = hand_data(session)
for name in ("key", "table_version", "seats"):
    hand.pop(name)
print(json.dumps({
    "league": league.pk,
    "tables": tables,
    "pairs": pairs,
    "sessionid": client.cookies["sessionid"].value,
    "hand": hand,
}))
""".replace("TABLES", str(TABLES))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("merge"), SEED) as live:
        yield live


def test_merges_during_live_saves_neither_fail_nor_lose_a_hand(server):
    cookies = {"sessionid": server.seed["sessionid"]}
    start = threading.Barrier(TABLES + 1, timeout=TIMEOUT)

    def phone(index):
        table, drawn, answers = server.seed["tables"][index], 0, []
        start.wait()
        for _ in range(HANDS_EACH):
            body = {**server.seed["hand"], "key": str(uuid.uuid4()), "table_version": str(drawn)}
            answer = server.post(
                f"/sessions/{table}/record/", body, cookies, {"HX-Request": "true"}
            )
            answers.append(answer.status)
            steps = json.loads(answer.headers.get("hx-trigger", "{}")).get("hand-saved", {})
            drawn = steps.get("to", drawn)  # the version the next form is drawn for
        return answers

    def owner():
        start.wait()
        path = f"/leagues/{server.seed['league']}/players/"
        return [
            server.post(path, {"action": "merge", "gone": gone, "kept": kept}, cookies).status
            for gone, kept in server.seed["pairs"]
        ]

    with ThreadPoolExecutor(TABLES + 1) as pool:
        phones = [pool.submit(phone, i) for i in range(TABLES)]
        merges = pool.submit(owner)
        saves = [f.result(timeout=TIMEOUT * HANDS_EACH) for f in phones]
        merged = merges.result(timeout=TIMEOUT * len(server.seed["pairs"]))
    assert saves == [[200] * HANDS_EACH] * TABLES, server.log.read_text()[-3000:]
    assert merged == [302] * len(server.seed["pairs"]), server.log.read_text()[-3000:]
    stored = server.python(
        "import json; from scoring.models import Hand, HandScore, Player, Seat\n"
        "print(json.dumps({\n"
        "  'hands': Hand.objects.count(),\n"
        "  'left': Player.objects.filter(name__endswith='again').count(),\n"
        "  'scores_of_kept': HandScore.objects.exclude(player__name__endswith='again').count(),\n"
        "  'seats_of_kept': Seat.objects.exclude(player__name__endswith='again').count(),\n"
        "}))"
    )
    assert stored == {
        "hands": TABLES * HANDS_EACH,
        "left": 0,
        "scores_of_kept": TABLES * HANDS_EACH * 5,
        "seats_of_kept": TABLES * 5,
    }
