"""Property-based fuzzing of every form the site accepts: random field values (and random
mutations of a valid entry) never cause a 500, an answer that is not a success saves
nothing, and whatever is saved is consistent (every hand whole, scored by the engine).

Each example runs inside a transaction that is rolled back, so all examples start from
the same league, session and hands.
"""

import uuid

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from scoring.models import GameSession, HandEvent, League, Player
from scoring.query import FIRST_DATE, LAST_DATE
from scoring.table.form import HandForm
from scoring.table.setup import SessionForm
from scoring.words.names import clean_name
from tests.factories import PASSWORD, assert_scores_match_engine, hand_data, play
from tests.fuzzing import fuzz_settings
from tests.security.test_stranger_walk import snapshot

pytestmark = pytest.mark.slow

FUZZ = fuzz_settings(
    30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,  # the same examples on every run and on both databases
)

SAMPLES = [
    "",
    " ",
    "0",
    "1",
    "2",
    "-1",
    "4",
    "8",
    "13",
    "16",
    "25",
    "99",
    "999999999999999999999",
    "1e3",
    "١٢",
    "NaN",
    "null",
    "true",
    "on",
    "alone",
    "discard",
    "passed",
    "save",
    "count",
    "cards",
    "tricks",
    "S",
    "H",
    "D",
    "C",
    "NT",
    "A",
    "K",
    "10",
    "BJ",
    "JK",
    "three",
    "nap",
    "misere",
    "taiwan",
    "thai",
    "nap",
    "mighty",
    "mark",
    "olive",
    "sam",
    PASSWORD,
    str(uuid.uuid4()),
    "2025-03-14",
    "Ann\nBen\nCat\nDan\nEve",
    "Ann\nAnn",
    "\x00",
    "<script>",
    "' OR 1=1 --",
    "x" * 300,
    # digits int() refuses or should not take, far dates, names nobody can see
    "²",
    "①",
    "9" * 30,
    "9999-12-31",
    "2871-11-26",
    "1899-12-31",
    "2200-12-31",
    "\u200b",
    "\u3164",
    "Ann\u202eevE",
    "E\u0301lodie",
    "Bell\x07",
    "x" * 41,
    "Ann\nANN\nCat\nDan\nEve",
    "\u200bAnn\nBen\nCat\nDan\nEve",
    "new",
    "off",
    # unicode digits in ids (int() takes ٣ and ߁, refuses ² and １), NUL inside a value,
    # a number past every bound and past int()'s digit limit
    "٣",
    "߁",
    "１",
    "1\x00",
    "-99999999999999999999",
    "9" * 5000,
]


def values():
    one = st.one_of(
        st.sampled_from(SAMPLES),
        st.text(max_size=20),
        st.integers(-(10**12), 10**12).map(str),
    )
    return st.one_of(one, st.lists(one, min_size=2, max_size=3))


def bodies(fields, valid):
    """Random bodies over the form's field names, and valid bodies with a few fields
    changed or dropped."""
    names = st.sampled_from(sorted(set(fields) | {"x", "action", "key", "version"}))
    random_body = st.dictionaries(names, values(), max_size=len(fields) + 2)
    mutated = st.builds(
        lambda changes, dropped: {
            k: v for k, v in {**valid, **changes}.items() if k not in dropped
        },
        st.dictionaries(names, values(), max_size=4),
        st.sets(names, max_size=2),
    )
    return st.one_of(random_body, mutated)


def succeeded(response):
    if "hand-saved" in response.get("HX-Trigger", ""):
        return True  # a Save answered with htmx: the new board, row and form
    if response.has_header("HX-Redirect"):
        return True
    return response.status_code == 302 and not response.url.startswith(reverse("scoring:login"))


def consistent():
    """Every hand whole and the engine's; every name and date as a form would store it."""
    for player in Player.objects.all():
        assert player.name == clean_name(player.name, 40), repr(player.name)
    for league in League.objects.all():
        assert league.name == clean_name(league.name, 80), repr(league.name)
    for session in GameSession.objects.all():
        assert FIRST_DATE <= session.date <= LAST_DATE
        for hand in session.hands.prefetch_related("scores"):
            # One score per player dealt in, but for a seat killed in six-player Mighty.
            killed = 0 if hand.sitting_out is None else 1
            expected = 0 if hand.passed_out else len(hand.lineup) - killed
            assert hand.scores.count() == expected, f"hand {hand.number} is not whole"
            assert HandEvent.objects.filter(hand_ref=hand.pk).exists()
        assert_scores_match_engine(session)


def post_and_check(client, path, body, htmx=False):
    """POST inside a rolled-back transaction; check the three properties."""
    with transaction.atomic():
        before = snapshot(derived=False)
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        response = client.post(path, body, **extra)
        assert response.status_code < 500
        if succeeded(response):
            consistent()
        else:
            assert snapshot(derived=False) == before, (
                f"{response.status_code} but something was saved"
            )
        transaction.set_rollback(True)
    return response


@pytest.fixture(params=["taiwan", "thai", "nap", "mighty"])
def table(request, league):
    from tests.factories import make_session

    session = make_session(league, request.param)
    play(session)
    play(session)
    return GameSession.objects.get(pk=session.pk)


def hand_fields(session):
    return list(HandForm(session).fields)


# ---- hands -------------------------------------------------------------------------------


def test_fuzz_record(member_client, table):
    @FUZZ
    @given(body=bodies(hand_fields(table), hand_data(table)), htmx=st.booleans())
    def run(body, htmx):
        post_and_check(member_client, reverse("scoring:record", args=[table.pk]), body, htmx)

    run()


def test_fuzz_preview(member_client, table):
    @FUZZ
    @given(body=bodies(hand_fields(table), hand_data(table)))
    def run(body):
        response = post_and_check(
            member_client, reverse("scoring:preview", args=[table.pk]), body, htmx=True
        )
        assert response.status_code == 200

    run()


def test_fuzz_edit(member_client, table):
    hand = table.hands.get(number=1)
    valid = hand_data(table, key=hand.key, version=str(hand.version))

    @FUZZ
    @given(body=bodies(hand_fields(table), valid), number=st.sampled_from([1, 2, 3]))
    def run(body, number):
        post_and_check(member_client, reverse("scoring:edit-hand", args=[table.pk, number]), body)

    run()


def test_fuzz_undo_delete_and_restore(member_client, table):
    member_client.post(reverse("scoring:undo", args=[table.pk]), {"number": "2"})
    events = list(HandEvent.objects.filter(session=table).values_list("pk", flat=True))

    @FUZZ
    @given(
        which=st.sampled_from(["undo", "delete-hand", "restore"]),
        body=bodies(["number", "version"], {"number": "1", "version": "1"}),
        number=st.integers(0, 3),
        event=st.one_of(st.sampled_from(events), st.integers(0, 10**9)),
    )
    def run(which, body, number, event):
        args = {"undo": [table.pk], "delete-hand": [table.pk, number or 1]}.get(
            which, [table.pk, event]
        )
        post_and_check(member_client, reverse(f"scoring:{which}", args=args), body)

    run()


# ---- leagues, sessions, accounts ------------------------------------------------------------


def test_fuzz_session_new(owner_client, league):
    valid = {
        "variant": "taiwan",
        "date": "2025-03-14",
        "players": "Ann\nBen\nCat\nDan\nEve",
        "first_dealer": "1",
    }

    @FUZZ
    @given(body=bodies(list(SessionForm().fields), valid))
    def run(body):
        post_and_check(owner_client, reverse("scoring:session-new", args=[league.pk]), body)

    run()


def test_fuzz_league_new(member_client):
    @FUZZ
    @given(body=bodies(["name", "default_variant"], {"name": "Friday", "default_variant": "nap"}))
    def run(body):
        post_and_check(member_client, reverse("scoring:league-new"), body)

    run()


def test_fuzz_add_member(owner_client, league, stranger):
    @FUZZ
    @given(body=bodies(["username"], {"username": "sam"}))
    def run(body):
        post_and_check(owner_client, reverse("scoring:add-member", args=[league.pk]), body)

    run()


def test_fuzz_signup(anon_client, db):
    valid = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}

    @FUZZ
    @given(body=bodies(list(valid), valid))
    def run(body):
        post_and_check(anon_client, reverse("scoring:signup"), body)
        anon_client.logout()

    run()


def test_fuzz_share_link(member_client, table):
    """Only ``new`` or ``off`` change the link (htmx gets the control back, with a 200)."""
    path = reverse("scoring:share-link", args=[table.pk])

    @FUZZ
    @given(body=bodies(["action"], {"action": "new"}), htmx=st.booleans())
    def run(body, htmx):
        with transaction.atomic():
            before = GameSession.objects.get(pk=table.pk).share_token
            extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
            response = member_client.post(path, body, **extra)
            assert response.status_code in (200, 302)
            after = GameSession.objects.get(pk=table.pk).share_token
            action = body.get("action")
            if isinstance(action, list):
                action = action[-1] if action else None
            if action == "off":
                assert after is None
            elif action == "new":
                assert after not in (None, before)
            else:
                assert after == before
            transaction.set_rollback(True)

    run()


def test_fuzz_login(anon_client, member):
    @FUZZ
    @given(
        body=bodies(["username", "password", "next"], {"username": "mark", "password": PASSWORD})
    )
    def run(body):
        response = post_and_check(anon_client, reverse("scoring:login"), body)
        assert response.status_code in (200, 302, 400, 429)
        anon_client.logout()

    run()


# ---- the table's seats, stake and end; a league's player entries ---------------------------


def table_version(session) -> str:
    return str(GameSession.objects.get(pk=session.pk).version)


def test_fuzz_players(member_client, table):
    """Joins, leaves, newcomers and how many are dealt in: a refused change changes
    nothing, and no table ever seats more than its game allows."""
    path = reverse("scoring:players", args=[table.pk])
    seat = table.seat_list[1]
    valid = {"action": "join", "name": "Zoe", "after": "0", "per_hand": "5", "seat": str(seat.pk)}
    valid["table_version"] = table_version(table)
    fields = ["action", "name", "after", "per_hand", "seat", "table_version"]

    @FUZZ
    @given(body=bodies(fields, valid))
    def run(body):
        with transaction.atomic():
            post_and_check(member_client, path, body)
            seated = GameSession.objects.get(pk=table.pk).seat_list
            assert len(seated) <= max(table.engine.players) + 3
            assert len({s.player_id for s in seated}) == len(seated)
            transaction.set_rollback(True)

    run()


def test_fuzz_stake(member_client, table):
    path = reverse("scoring:stake", args=[table.pk])
    valid = {"stake": "0.50", "start": "2", "table_version": table_version(table)}

    @FUZZ
    @given(body=bodies(list(valid), valid))
    def run(body):
        post_and_check(member_client, path, body)

    run()


def test_fuzz_end(member_client, table):
    path = reverse("scoring:end", args=[table.pk])
    valid = {"table_version": table_version(table)}

    @FUZZ
    @given(body=bodies(list(valid), valid))
    def run(body):
        with transaction.atomic():
            response = member_client.post(path, body)
            assert response.status_code in (302, 400, 409)
            ended = GameSession.objects.get(pk=table.pk).ended_at is not None
            assert ended == (response.status_code == 302)
            transaction.set_rollback(True)

    run()


def test_fuzz_league_players(owner_client, league, table):
    """Renames and merges of the league's entries: whatever is posted, every hand keeps
    a whole line-up of entries that exist, and the engine's scores."""
    path = reverse("scoring:league-players", args=[league.pk])
    spare = Player.objects.create(league=league, name="Spare")
    first = table.seat_list[0].player
    valid = {"action": "merge", "gone": str(spare.pk), "kept": str(first.pk)}
    fields = ["action", "gone", "kept", "player", "name"]

    @FUZZ
    @given(body=bodies(fields, valid), rename=st.booleans())
    def run(body, rename):
        if rename:
            body = {**body, "action": "rename", "player": body.get("gone", str(first.pk))}
        with transaction.atomic():
            post_and_check(owner_client, path, body)
            known = set(Player.objects.values_list("pk", flat=True))
            for lineup in table.hands.values_list("lineup", flat=True):
                assert set(lineup) <= known
            transaction.set_rollback(True)

    run()
