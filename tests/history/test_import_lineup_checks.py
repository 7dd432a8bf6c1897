"""The league import checks who played each hand as it checks everything else: each refusal
names its place in the file, and nothing is written."""

import copy
import html
import json

import pytest
from django.db import transaction
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import GameSession, Hand, HandScore, League, Player
from tests.factories import counts, make_league, url
from tests.history.test_export_import import export_json, upload
from tests.history.test_import_fuzz import FUZZ, mutate
from tests.history.test_import_lineups import hands_of, mighty_night, taiwan_night

# Its fuzzers draw test_import_fuzz's share of examples (tests/fuzzing.py).
pytestmark = [pytest.mark.slow, pytest.mark.django_db]

_EXPORTED = {}
TAIWAN = "Session 1 (2025-03-14)"
MIGHTY = "Session 2 (2025-03-14)"


@pytest.fixture
def document(member_client, owner_client, league):
    """The export of the two nights of test_import_lineups, made once per process."""
    if "file" not in _EXPORTED:
        taiwan_night(member_client, league)
        mighty_night(member_client, league)
        _EXPORTED["file"] = export_json(owner_client, league)
    return json.loads(_EXPORTED["file"])


@pytest.fixture
def empty(owner):
    return make_league(owner, name="Restored")


def taiwan(doc, number):
    return doc["sessions"][0]["hands"][number - 1]


def mighty(doc, number):
    return doc["sessions"][1]["hands"][number - 1]


def repeat_first_sat_out(doc):
    entry = taiwan(doc, 5)["sat_out"][0]
    taiwan(doc, 5)["sat_out"] = [entry, entry]


def seat_a_stranger(doc):
    """Zed, in no list of players, given a seat of his own for a hand."""
    doc["sessions"][0]["all_seats"].append([9, "Zed", 2, 2])


REFUSALS = {
    "sat out, players not named": (
        lambda d: taiwan(d, 5).pop("players"),
        f"{TAIWAN}, hand 5: it names who sat it out, so it must name who played it too.",
    ),
    "one place sat out twice": (
        repeat_first_sat_out,
        f"{TAIWAN}, hand 5: who sat it out must be listed by place, each place once.",
    ),
    "a place off the table": (
        lambda d: taiwan(d, 5)["sat_out"][0].__setitem__(0, 9),
        f"{TAIWAN}, hand 5: place 9 of who sat it out is not at the table: its places are 0 to 6.",
    ),
    "one player twice, in another case": (
        lambda d: taiwan(d, 5)["players"].__setitem__(1, taiwan(d, 5)["players"][0].upper()),
        f"{TAIWAN}, hand 5: “ANN” is at the table twice in this hand.",
    ),
    "a count the game does not play": (
        lambda d: taiwan(d, 2).update(players=taiwan(d, 2)["players"][:3]),
        f"{TAIWAN}, hand 2: Taiwan Napoleon is played by",
    ),
    "scores for another count": (
        lambda d: taiwan(d, 3).update(players=taiwan(d, 3)["players"][:4]),
        f"{TAIWAN}, hand 3: it must have one score per seat (4).",
    ),
    "a stranger plays": (
        lambda d: seat_a_stranger(d) or taiwan(d, 2)["players"].__setitem__(4, "Zed"),
        f"{TAIWAN}, hand 2: “Zed” sits at the table but is not in the list of players.",
    ),
    "a stranger sits out": (
        lambda d: seat_a_stranger(d) or taiwan(d, 6)["sat_out"][0].__setitem__(1, "Zed"),
        f"{TAIWAN}, hand 6: “Zed” sits at the table but is not in the list of players.",
    ),
    "a killed seat in Taiwan": (
        lambda d: taiwan(d, 1).update(sitting_out=2),
        f"{TAIWAN}, hand 1: Taiwan Napoleon kills no seat with 5 players.",
    ),
    "a killed seat at five-player Mighty": (
        lambda d: mighty(d, 3).update(sitting_out=1),
        "kills no seat with 5 players.",
    ),
    "a killed seat off the table": (
        lambda d: mighty(d, 1).update(sitting_out=7),
        f"{MIGHTY}, hand 1: the killed seat must be a seat from 0 to 5.",
    ),
    "a killed seat in a hand passed out": (
        lambda d: taiwan(d, 6).update(sitting_out=0),
        f"{TAIWAN}, hand 6: it was passed out, so the killed seat must be null.",
    ),
    "the declarer killed": (
        lambda d: mighty(d, 1).update(sitting_out=0),
        f"{MIGHTY}, hand 1: the rules cannot score it",
    ),
    "stake changes out of order": (
        lambda d: d["sessions"][0].update(stake_changes=[[5, "0.30"], [4, "0.20"]]),
        f"{TAIWAN}: the stake changes must be listed in hand order, each hand once.",
    ),
    "a stake change from hand 1": (
        lambda d: d["sessions"][0].update(stake_changes=[[1, "0.20"]]),
        f"{TAIWAN}: the first hand of stake change 1 must be at least 2.",
    ),
    "a stake written badly": (
        lambda d: d["sessions"][0].update(stake_changes=[[4, "0.2"]]),
        f"{TAIWAN}: the stake of stake change 1 must be null or written like 0.50.",
    ),
    "more at the table than the game seats": (
        lambda d: d["sessions"][0]["seats"].extend(["Gus", "Hal", "Ivy", "Jo", "Kim"]),
        f"{TAIWAN}, hand 1: Taiwan Napoleon is played by 4–6 players, not 10.",
    ),
    "dealing in a count the game does not play": (
        lambda d: d["sessions"][0].update(players_per_hand=3),
        f"{TAIWAN}: how many are dealt in must be a player count Taiwan Napoleon is played by",
    ),
    "one player in two seats": (
        lambda d: d["sessions"][0]["all_seats"].append([9, " ann", 9, None]),
        f"{TAIWAN}: a player has two seats.",
    ),
    "two players in one seat": (
        lambda d: d["sessions"][0]["all_seats"].append([0, "Hal", 9, None]),
        f"{TAIWAN}: two players sit in seat 0.",
    ),
    "a stranger in a seat": (
        lambda d: d["sessions"][0]["all_seats"].append([9, "Zed", 9, None]),
        f"{TAIWAN}: “Zed” sits at the table but is not in the list of players.",
    ),
    "a seat with no player": (
        lambda d: d["sessions"][0]["all_seats"].insert(0, [9, "  ", 9, None]),
        f"{TAIWAN}: entry 1 of the seats the session has had is empty.",
    ),
    "a player of a hand without a seat": (
        lambda d: d["sessions"][0].update(
            all_seats=[row for row in d["sessions"][0]["all_seats"] if row[1] != "Gus"]
        ),
        f"{TAIWAN}, hand 4: “Gus” is at the table but has no seat among the session's seats.",
    ),
    "a seat from hand 0": (
        lambda d: d["sessions"][0]["all_seats"][0].__setitem__(2, 0),
        f"{TAIWAN}: entry 1 of the seats the session has had must be at least 1.",
    ),
    "players not a list": (
        lambda d: taiwan(d, 2).update(players="Ann"),
        f"{TAIWAN}, hand 2: who played it must be a list.",
    ),
    "a player that is not text": (
        lambda d: taiwan(d, 2)["players"].__setitem__(2, 7),
        f"{TAIWAN}, hand 2: player 3 of the hand must be text.",
    ),
    "an empty name sits out": (
        lambda d: taiwan(d, 5)["sat_out"][0].__setitem__(1, "   "),
        f"{TAIWAN}, hand 5: entry 1 of who sat it out is empty.",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_it_refuses_a_table_that_cannot_be(owner_client, empty, document, case):
    change, message = REFUSALS[case]
    changed = copy.deepcopy(document)
    change(changed)
    before = counts()
    response = upload(owner_client, empty, json.dumps(changed).encode())
    body = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert message in body, body[body.find("errorlist") - 200 :][:1500]
    assert counts() == before


def test_names_in_a_hand_are_matched_as_the_forms_match_them(owner, owner_client, empty, document):
    """Padded, differently cased names are the league's players, as on the forms."""
    as_exported = make_league(owner, name="As exported")
    assert upload(owner_client, as_exported, json.dumps(document).encode()).status_code == 302
    changed = copy.deepcopy(document)
    taiwan(changed, 5)["players"] = [f"  {name.lower()} " for name in taiwan(changed, 5)["players"]]
    place, name = taiwan(changed, 5)["sat_out"][0]
    taiwan(changed, 5)["sat_out"][0] = [place, name.upper()]
    assert upload(owner_client, empty, json.dumps(changed).encode()).status_code == 302
    assert Player.objects.filter(league=empty).count() == len(document["players"])
    original = GameSession.objects.get(league=as_exported, variant="taiwan")
    restored = GameSession.objects.get(league=empty, variant="taiwan")
    assert hands_of(restored) == hands_of(original)
    assert json.loads(export_json(owner_client, empty))["sessions"] == document["sessions"]


def test_a_file_without_line_ups_still_reads(owner_client, empty, document):
    """A session whose table never changed is written as before: no new field at all."""
    del document["sessions"][1]
    first = document["sessions"][0]["hands"][0]
    assert not {"players", "sat_out", "sitting_out"} & set(first)
    document["sessions"][0]["hands"] = document["sessions"][0]["hands"][:1]
    del document["sessions"][0]["stake_changes"]
    del document["sessions"][0]["players_per_hand"]
    del document["sessions"][0]["all_seats"]
    assert upload(owner_client, empty, json.dumps(document).encode()).status_code == 302
    restored = GameSession.objects.get(league=empty)
    assert restored.stake_changes == [] and restored.players_per_hand is None
    assert [s.player.name for s in restored.seat_list] == document["sessions"][0]["seats"]


def test_fuzz_the_import_of_a_night_of_comings_and_goings(owner, owner_client, document):
    """Mutated line-ups, sit-outs, kills and stake changes: never a 500 nor a partial
    import; what is taken is scored by the engine at each hand's own count."""
    empty = make_league(owner, name="Restored")

    @FUZZ
    @given(data=st.data())
    def run(data):
        body = mutate(copy.deepcopy(document), data)
        with transaction.atomic():
            before = counts()
            response = upload(owner_client, empty, body)
            assert response.status_code in (302, 400), response.status_code
            if response.status_code == 400:
                assert counts() == before
            for hand in Hand.objects.filter(session__league=empty):
                score = hand.engine_score()
                deltas = () if score is None else score.deltas
                stored = HandScore.objects.filter(hand=hand).order_by("seat")
                assert [(s.seat, s.player_id, s.delta) for s in stored] == [
                    (seat, hand.lineup[seat], delta)
                    for seat, delta in enumerate(deltas)
                    if seat != hand.sitting_out
                ]
            assert not League.objects.filter(name__startswith="\x1f").exists()
            transaction.set_rollback(True)

    run()


# What a seat row's columns may be changed to: a number, a player, a first and a last hand.
SEAT_COLUMNS = (
    st.integers(0, 12),
    st.sampled_from(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Zed"]),
    st.integers(1, 9),
    st.one_of(st.none(), st.integers(1, 9)),
)
SESSION_PAGES = ("table", "players", "hands", "summary", "stake", "session-history", "undo")


def edited_seats(rows: list, data) -> list:
    """The rows with a column or two changed, a row dropped or copied."""
    rows = [list(row) for row in rows]
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(rows) - 1))
        action = data.draw(st.sampled_from(["change", "change", "change", "drop", "copy"]))
        if action == "drop" and len(rows) > 1:
            rows.pop(index)
        elif action == "copy":
            rows.append(list(rows[index]))
        else:
            column = data.draw(st.integers(0, 3))
            rows[index][column] = data.draw(SEAT_COLUMNS[column])
    return rows


def test_fuzz_the_seats_a_file_lists(owner, owner_client, document):
    """Seats changed by hand (numbers, players, first and last hands): refused with
    nothing written, or taken, and then every page of the session and the league shows."""
    empty = make_league(owner, name="Restored")

    @FUZZ
    @given(data=st.data())
    def run(data):
        changed = copy.deepcopy(document)
        session = changed["sessions"][0]
        session["all_seats"] = edited_seats(session["all_seats"], data)
        with transaction.atomic():
            before = counts()
            response = upload(owner_client, empty, json.dumps(changed).encode())
            assert response.status_code in (302, 400), response.status_code
            if response.status_code == 400:
                assert counts() == before
            else:
                session = GameSession.objects.get(league=empty, variant="taiwan")
                for name in SESSION_PAGES:
                    assert owner_client.get(url(name, session.pk)).status_code == 200, name
                assert owner_client.get(url("league", empty.pk)).status_code == 200
            transaction.set_rollback(True)

    run()
