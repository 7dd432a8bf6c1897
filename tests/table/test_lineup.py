"""Players change during a session: a newcomer takes a seat, a player joins and
the table deals in fewer than sit at it, the stake changes from a hand on. Totals,
standings, money, the league's standings and ratings and the exports are checked against
values worked out here by hand."""

import csv
import io
import json
import uuid
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.history.figures import ratings
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.history.figures.tables import contract_facts
from scoring.models import GameSession, Hand, Player
from scoring.table.lineup import players_count
from scoring.table.standings import standings
from scoring.table.views import hands
from tests.factories import HANDS, drawn_for, make_league, make_session, url

D = Decimal


def fresh(session):
    return GameSession.objects.get(pk=session.pk)


def record(client, session, **changes):
    data = {**HANDS[session.variant], "key": str(uuid.uuid4()), **drawn_for(session), **changes}
    data = {name: value for name, value in data.items() if value is not None}
    response = client.post(url("record", session.pk), data)
    assert response.status_code == 302, response.content.decode()[-1500:]
    return fresh(session).hands.order_by("-number").first()


def seat_of(session, name):
    return next(s for s in fresh(session).seat_list if s.player.name == name)


def by_name(totals: dict) -> dict:
    names = dict(Player.objects.values_list("pk", "name"))
    return {names[pk]: value for pk, value in totals.items()}


@pytest.fixture
def night(member_client, league):
    """Taiwan, 0.10 a point. Hand 1 as five; Fay takes Eve's seat; hand 2; the stake goes
    to 0.20; Gus joins after Dan, five of the six dealt in; hand 3 with Cat sitting out.
    Each hand: 3♠ made with 12, the declarer +120, the partner +60, defenders −60."""
    session = make_session(league, "taiwan", stake=D("0.10"))
    record(member_client, session)  # Ann declares with Ben
    players = url("players", session.pk)
    eve = seat_of(session, "Eve")
    replaced = {"action": "replace", "seat": eve.pk, "name": "Fay", **drawn_for(session)}
    response = member_client.post(players, replaced)
    assert response.status_code == 302
    record(member_client, session, partner="4")  # Ann with Fay, in Eve's seat
    stake = {"stake": "0.20", "start": "3", **drawn_for(session)}
    response = member_client.post(url("stake", session.pk), stake)
    assert response.status_code == 302
    dan = seat_of(session, "Dan")
    joined = {
        "action": "join",
        "name": "Gus",
        "after": dan.number,
        "per_hand": "5",
        **drawn_for(session),
    }
    assert member_client.post(players, joined).status_code == 302
    # At the table: Ann Ben Cat Dan Gus Fay; Cat (place 2) sits out, Ann declares with Ben.
    record(member_client, session, out="2")
    return fresh(session)


TOTALS = {"Ann": 360, "Ben": 60, "Cat": -120, "Dan": -180, "Eve": -60, "Fay": 0, "Gus": -60}
# Hands 1 and 2 at 0.10, hand 3 at 0.20.
MONEY = {"Ann": 48, "Ben": 12, "Cat": -12, "Dan": -24, "Eve": -6, "Fay": -6, "Gus": -12}


def test_it_keeps_who_played_each_hand(night):
    hands = list(night.hands.order_by("number"))
    names = dict(Player.objects.values_list("pk", "name"))
    assert [[names[p] for p in h.lineup] for h in hands] == [
        ["Ann", "Ben", "Cat", "Dan", "Eve"],
        ["Ann", "Ben", "Cat", "Dan", "Fay"],
        ["Ann", "Ben", "Dan", "Gus", "Fay"],
    ]
    assert [names[p] for _place, p in hands[2].benched] == ["Cat"]
    assert [s.player.name for s in night.seat_list] == ["Ann", "Ben", "Cat", "Dan", "Gus", "Fay"]
    assert players_count(night) == 5


def test_totals_and_standings_match_the_hands(night):
    assert by_name(night.totals_by_player()) == TOTALS
    result = standings(night)
    assert {row["name"]: row["total"] for row in result["standings"]} == TOTALS
    assert {row["name"]: row["money"] for row in result["standings"]} == {
        name: D(amount) for name, amount in MONEY.items()
    }
    paid = {}
    for t in result["transfers"]:
        paid[t["payer"].player.name] = paid.get(t["payer"].player.name, 0) - t["amount"]
        paid[t["payee"].player.name] = paid.get(t["payee"].player.name, 0) + t["amount"]
    assert paid == {name: D(amount) for name, amount in MONEY.items() if amount}
    assert [start for start, _stake in result["stakes"]] == [1, 3]


def test_the_settle_up_page_counts_each_hand_at_its_stake(member_client, night):
    body = member_client.get(url("summary", night.pk)).content.decode()
    assert "Settling up at each hand&#x27;s stake" in body or "each hand's stake" in body
    assert "Ann" in body and "+48.00<" in body  # no currency, a stake with cents


def test_the_league_standings_and_ratings_follow_the_players(league, night):
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    figures = league_figures(league, Period(), names)
    (table,) = figures.standings
    shown = {name: (f.score, f.hands) for _pk, name, f in table.rows}
    hands = {"Ann": 3, "Ben": 3, "Cat": 2, "Dan": 3, "Eve": 1, "Fay": 2, "Gus": 1}
    assert shown == {name: (TOTALS[name], hands[name]) for name in TOTALS}
    # The ratings, hand by hand, each with the five who played it.
    expected = {}
    difficulty = contract_facts("taiwan", {}, 5, "3S", 11).difficulty
    for side, defenders in (
        (["Ann", "Ben"], ["Cat", "Dan", "Eve"]),
        (["Ann", "Fay"], ["Ben", "Cat", "Dan"]),
        (["Ann", "Ben"], ["Dan", "Gus", "Fay"]),
    ):
        expected.update(ratings.rate_hand(expected, side, defenders, difficulty, True))
    rated = {row.name: row.rating for _v, _l, rows in figures.ratings for row in rows}
    assert rated.keys() == expected.keys()
    for name, value in expected.items():
        assert rated[name] == pytest.approx(value), name


def test_the_exports_name_who_played_each_hand(owner_client, league, night):
    rows = list(csv.DictReader(io.StringIO(owner_client_get(owner_client, "csv", league))))
    third = [(r["player"], int(r["score"])) for r in rows if r["hand"] == "3"]
    assert third == [("Ann", 120), ("Ben", 60), ("Dan", -60), ("Gus", -60), ("Fay", -60)]
    summed = {}
    for r in rows:
        summed[r["player"]] = summed.get(r["player"], 0) + int(r["score"])
    assert summed == TOTALS
    document = json.loads(owner_client_get(owner_client, "json", league))
    (session,) = document["sessions"]
    assert session["seats"] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    first, second, third = session["hands"]
    assert "players" not in first
    assert second["players"] == ["Ann", "Ben", "Cat", "Dan", "Fay"]
    assert third["sat_out"] == [[2, "Cat"]] and third["scores"] == [120, 60, -60, -60, -60]


def owner_client_get(client, kind, league) -> str:
    response = client.get(url(f"league-export-{kind}", league.pk))
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body.decode("utf-8-sig")


def test_the_sit_out_rotates_round_the_table(member_client, league):
    """Six at Thai Napoleon (five a hand): each hand the next one sits out, and the
    dealer passes on past whoever sits out."""
    session = make_session(league, "thai")
    joined = {"action": "join", "name": "Quan", "after": "4", **drawn_for(session)}
    assert member_client.post(url("players", session.pk), joined).status_code == 302
    names = dict(Player.objects.values_list("pk", "name"))
    sat_out, dealers = [], []
    for _ in range(6):
        table = member_client.get(fresh(session).get_absolute_url()).context
        (out,) = table["lineup"].out
        declarer = next(p.number for p in table["lineup"].places if p.number != out)
        partner = next(p.number for p in table["lineup"].places if p.number not in (out, declarer))
        tricks = {f"tricks_{p}": "2" for p in range(6) if p != out}
        hand = record(
            member_client, session, declarer=str(declarer), partner=str(partner), **tricks
        )
        sat_out.append(names[hand.benched[0][1]])
        dealers.append(names[hand.lineup[hand.dealer]])
    assert sat_out == ["Quan", "Nok", "Pim", "Som", "Tao", "Ying"]
    assert len(set(sat_out)) == 6
    assert all(d != o for d, o in zip(dealers, sat_out, strict=True))
    totals = by_name(fresh(session).totals_by_player())
    assert len(totals) == 6  # Thai counts hands won: not zero-sum


def test_a_save_with_a_sit_out_stays_within_twelve_queries(
    member_client, league, htmx, monkeypatch
):
    """The Save's answer in at most twelve queries; the table screen it then writes for
    the next phone to open, in at most six more (after the answer has gone)."""
    session = make_session(league, "thai")
    joined = {"action": "join", "name": "Quan", "after": "4", **drawn_for(session)}
    member_client.post(url("players", session.pk), joined)
    record(member_client, session, declarer="1", partner="2")
    tricks = {"tricks_1": "4", "tricks_2": "3", "tricks_3": "1", "tricks_4": "1", "tricks_5": "1"}
    data = {**HANDS["thai"], "out": "0", "declarer": "1", "partner": "2", **tricks}
    data = {**data, "tricks_0": "0", "key": str(uuid.uuid4()), **drawn_for(session)}
    member_client.get(url("table", session.pk))  # the phone shows the table before its Save
    written, ran, original, after_answer = [], [], hands.prewrite, hands.after_answer

    def prewrite(request, state):
        with CaptureQueriesContext(connection) as after:
            original(request, state)
        written.extend(q["sql"] for q in after.captured_queries if "SAVEPOINT" not in q["sql"])

    def after(request, state):  # the table screen, then the league's figures
        with CaptureQueriesContext(connection) as later:
            after_answer(request, state)
        ran.extend(q["sql"] for q in later.captured_queries if "SAVEPOINT" not in q["sql"])

    monkeypatch.setattr(hands, "prewrite", prewrite)
    monkeypatch.setattr(hands, "after_answer", after)
    with CaptureQueriesContext(connection) as queries:
        response = member_client.post(url("record", session.pk), data, **htmx)
    assert response.status_code == 200
    # The test's own transaction turns the Save's into a savepoint: not the Save's queries.
    sent = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    answer = sent[: len(sent) - len(ran)]
    # The key looked up with the table, the session read under the lock, and the table's
    # version with its step are the price of never storing a stale Save.
    assert len(answer) <= 12, [sql[:150] for sql in answer]
    assert 0 < len(written) <= 6, [sql[:150] for sql in written]
    writes = [
        sql.split()[1 if sql.startswith("UPDATE") else 2]
        for sql in answer
        if sql.startswith(("INSERT", "UPDATE", "DELETE"))
    ]
    assert writes == [
        '"scoring_hand"',
        '"scoring_handscore"',
        '"scoring_handevent"',
        '"scoring_gamesession"',
        '"scoring_tablechange"',
    ]
    assert Hand.objects.filter(session=session).count() == 2


def test_a_seat_change_is_refused_on_an_ended_session(member_client, league):
    session = make_session(league, "taiwan")
    GameSession.objects.filter(pk=session.pk).update(ended_at="2025-03-14T23:00:00Z")
    joined = {"action": "join", "name": "Gus", "after": "4", **drawn_for(session)}
    response = member_client.post(url("players", session.pk), joined)
    assert response.status_code == 302
    assert len(fresh(session).seat_list) == 5


def test_a_file_with_comings_and_goings_imports_back_whole(owner, owner_client, night):
    """The league import takes back who played each hand (tests/history has the rest)."""
    exported = owner_client_get(owner_client, "json", night.league).encode()
    empty = make_league(owner, name="Restored")
    response = owner_client.post(
        url("league-import", empty.pk),
        {"file": SimpleUploadedFile("league.json", exported, "application/json")},
    )
    assert response.status_code == 302, response.content.decode()[-1500:]
    restored = GameSession.objects.get(league=empty)
    assert by_name(restored.totals_by_player()) == TOTALS
    assert owner_client_get(owner_client, "json", empty).encode() == exported


def test_six_friends_start_a_five_player_game(member_client, league):
    """New game takes more names than the game deals in: the others sit out in turn."""
    from tests.table.test_session_new import new_game

    names = "Nok\nPim\nSom\nTao\nYing\nQuan"
    data = new_game(variant="thai", players=names)
    asked = member_client.post(url("session-new", league.pk), data)
    assert asked.status_code == 200 and not GameSession.objects.exists()  # asked first
    assert 'name="players_per_hand" value="5" id="id_players_per_hand" checked' in (
        asked.content.decode()
    )
    response = member_client.post(url("session-new", league.pk), {**data, "players_per_hand": "5"})
    assert response.status_code == 302
    session = GameSession.objects.get(variant="thai")
    assert len(session.seat_list) == 6 and session.players_per_hand == 5
    table = member_client.get(session.get_absolute_url())
    assert table.context["lineup"].out == (0,)  # Nok, just before Pim, the first dealer
    assert 'name="out"' in table.content.decode()


def test_every_page_of_the_night_shows_who_played(member_client, night):
    for name in ("hands", "undo", "session-history", "players", "stake", "summary"):
        response = member_client.get(url(name, night.pk))
        assert response.status_code == 200, name
        assert "Gus" in response.content.decode() or name in ("undo", "stake"), name
    edit = member_client.get(url("edit-hand", night.pk, 3))
    assert edit.status_code == 200
    assert 'name="out" value="2" checked' in edit.content.decode()  # Cat sat hand 3 out
    hands = member_client.get(url("hands", night.pk)).content.decode()
    assert hands.count('<th scope="col">') >= 7  # all seven who played


def test_in_mighty_the_friend_deals_next_and_the_deal_passes_a_sitter_by(member_client, league):
    """Six at a five-player Mighty: the friend deals the next hand (rules.md); when the
    friend sits that hand out, the deal passes on to the next one who plays."""
    names = ["Jin", "Min", "Soo", "Hyun", "Woo", "Yoon"]
    session = make_session(league, "mighty", names=names[:5])
    joined = {"action": "join", "name": "Yoon", "after": "4", "per_hand": "5", **drawn_for(session)}
    assert member_client.post(url("players", session.pk), joined).status_code == 302
    # Hand 1: Yoon (place 5) sits out; Jin declares, Soo is the friend.
    record(member_client, session, out="5", partner="2")
    table = member_client.get(fresh(session).get_absolute_url()).context
    assert table["dealer_name"] == "Soo"
    # Hand 2: Soo sits it out instead: the deal passes on to Hyun.
    record(member_client, session, out="2", partner="1")
    hand = fresh(session).hands.get(number=2)
    names_by_pk = dict(Player.objects.values_list("pk", "name"))
    assert names_by_pk[hand.lineup[hand.dealer]] == "Hyun"
