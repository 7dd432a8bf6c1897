"""The process tests/ops/test_crash.py kills: it writes hands through scoring.table.recording
against the database in DATABASE_URL, and says on stdout what it has committed.

python -m tests.ops.crash_writer setup             one league and session; prints its id
python -m tests.ops.crash_writer write ID SEED     record, edit, undo, restore in a loop
python -m tests.ops.crash_writer stall ID          start a hand, then stop mid-transaction
python -m tests.ops.crash_writer check ID        consistency of the keys on stdin; exit 1 if not

Every line a writer prints comes after the write's transaction has committed, so any
key printed as "recorded" must still be there after a crash (or its removal must be).
"""

import json
import os
import random
import sys
import time
import uuid

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from scoring.models import GameSession, Hand, HandEvent, HandScore  # noqa: E402
from scoring.table import recording  # noqa: E402
from scoring.table.form import HandForm  # noqa: E402
from tests.factories import hand_data, make_league, make_session  # noqa: E402

RESULTS = [("3", "12"), ("3", "6"), ("5", "16"), ("1", "10"), ("8", "16"), ("4", "2")]


def say(*words):
    print(*words, flush=True)


def entry(session, rng):
    level, points = rng.choice(RESULTS)
    declarer = rng.randrange(5)
    partner = rng.choice([str(s) for s in range(5) if s != declarer] + ["alone"])
    form = HandForm(
        session,
        hand_data(session, declarer=str(declarer), partner=partner, level=level, points=points),
    )
    assert form.is_valid(), form.errors
    return form.hand_values(), form.score.deltas


def setup():
    user = get_user_model().objects.create_user(f"writer-{uuid.uuid4().hex[:8]}")
    session = make_session(make_league(user), "taiwan")
    say(session.pk)


def write(pk, seed):
    rng = random.Random(seed)
    session = GameSession.objects.get(pk=pk)
    session.seat_list  # noqa: B018  (loaded once)
    for step in range(100_000):
        roll = rng.random()
        if roll < 0.7:
            key = uuid.uuid4()
            hand, _created = recording.record_hand(session, key, *entry(session, rng))
            say("recorded", key)
        elif roll < 0.85:
            hand = session.hands.order_by("?").first()
            if hand is not None:
                try:
                    recording.update_hand(hand, hand.version, *entry(session, rng))
                    say("edited", hand.key)
                except recording.StaleHand:
                    say("stale", hand.key)
                except Hand.DoesNotExist:  # the other writer undid it meanwhile
                    say("gone", hand.key)
        elif roll < 0.95:
            last = session.hands.order_by("-number").first()
            if last is not None and recording.undo_last(session, last.number):
                say("undone", last.key)
        else:
            removed = HandEvent.objects.filter(session=session, action=HandEvent.UNDO).last()
            if removed is not None:
                try:
                    recording.restore_hand(session, removed.pk)
                    say("restored", removed.before["key"])
                except recording.NotRestorable:
                    pass
        if step % 10 == 0:
            say("step", step)


def stall(pk):
    """Record one hand, but stop for good after storing its first seat's score."""
    session = GameSession.objects.get(pk=pk)
    test = os.getppid()

    def store_slowly(hand, deltas):
        for seat, delta in enumerate(deltas):
            HandScore.objects.create(hand=hand, seat=seat, player_id=hand.lineup[seat], delta=delta)
            if seat == 0:
                say("midway", hand.key)
                # Until the test kills it, however long that takes; if the test itself
                # is gone, nothing is left to kill it, and it ends.
                while os.getppid() == test:
                    time.sleep(0.5)
                sys.exit("the test that started this writer is gone")

    recording._store_scores = store_slowly
    recording.record_hand(session, uuid.uuid4(), *entry(session, random.Random(1)))
    say("finished")  # never reached: the test kills this process first


def check(pk, keys):
    session = GameSession.objects.get(pk=pk)
    problems = []
    hands = list(session.hands.prefetch_related("scores").order_by("number"))
    by_hand = {}
    for hand in hands:
        hand.session = session
        deltas = [s.delta for s in sorted(hand.scores.all(), key=lambda s: s.seat)]
        by_hand[hand.pk] = deltas
        expected = () if hand.passed_out else tuple(hand.engine_score().deltas)
        if tuple(deltas) != expected:
            problems.append(f"hand {hand.number}: scores {deltas} are not the engine's {expected}")
        events = list(HandEvent.objects.filter(session=session, hand_ref=hand.pk).order_by("pk"))
        if not events or events[0].action != HandEvent.CREATE:
            problems.append(f"hand {hand.number} has no 'recorded' event")
        elif events[-1].after is None or events[-1].after["version"] != hand.version:
            problems.append(f"hand {hand.number}: its last event is not its current version")
        elif events[-1].after["scores"] != deltas:
            problems.append(f"hand {hand.number}: its last event has other scores")
    totals = session.totals()
    summed = [sum(d[seat] for d in by_hand.values() if d) for seat in range(5)]
    if totals != summed:
        problems.append(f"totals {totals} are not the sum of the hands {summed}")
    if HandScore.objects.filter(hand__session=session).count() != sum(map(len, by_hand.values())):
        problems.append("scores without a hand")
    present = {str(h.key) for h in hands}
    removed = {
        e.before["key"]
        for e in HandEvent.objects.filter(session=session, action__in=HandEvent.REMOVALS)
    }
    lost = [k for k in keys if k not in present and k not in removed]
    if lost:
        problems.append(f"{len(lost)} committed hands are gone: {lost[:3]}")
    say(json.dumps({"hands": len(hands), "totals": totals, "problems": problems}))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "setup":
        setup()
    elif command == "write":
        write(int(args[0]), int(args[1]))
    elif command == "stall":
        stall(int(args[0]))
    elif command == "check":
        check(int(args[0]), sys.stdin.read().split())
    else:
        sys.exit(f"unknown command {command}")
