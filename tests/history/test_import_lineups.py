"""A league whose tables changed during a night survives its own export and
import: who played each hand, who sat it out, the seat killed in six-player Mighty, the
stakes from a given hand on; the totals, standings, money and hands come back the same,
and exporting the imported league gives the very same file."""

import json
from decimal import Decimal

import pytest

from scoring.models import GameSession, Hand, HandScore, Player
from scoring.table.lineup import players_count
from scoring.table.standings import standings
from tests.factories import drawn_for, make_league, make_session, pass_out, url
from tests.history.at_the_table import Table
from tests.history.test_export_import import export_json, upload
from tests.table.test_lineup import fresh, record, seat_of

pytestmark = pytest.mark.django_db


def change(client, session, **data):
    response = client.post(url("players", session.pk), {**drawn_for(session), **data})
    assert response.status_code == 302, response.content.decode()[-1500:]


def taiwan_night(client, league):
    """Five at 0.10; Fay takes Eve's seat after hand 1; the stake goes to 0.20 from
    hand 4; Gus joins after hand 3 and six play hand 4; Hal joins, six of the seven are
    dealt in and the sit-out goes round for hands 5 to 7; one of them is passed out."""
    session = make_session(league, "taiwan", stake=Decimal("0.10"))
    record(client, session)
    change(client, session, action="replace", seat=seat_of(session, "Eve").pk, name="Fay")
    record(client, session, partner="4")
    record(client, session, declarer="2", partner="3", points="9")
    response = client.post(
        url("stake", session.pk), {"stake": "0.20", "start": "4", **drawn_for(session)}
    )
    assert response.status_code == 302
    change(client, session, action="join", name="Gus", after=seat_of(session, "Dan").number)
    assert players_count(fresh(session)) == 6
    record(client, session, points="13")
    change(client, session, action="join", name="Hal", per_hand="6")
    record(client, session, declarer="1", partner="0")
    pass_out(session)
    record(client, session, declarer="3", partner="1", points="11")
    return fresh(session)


def mighty_night(client, league):
    """Six at Mighty, one seat killed each hand; Yoon leaves and five play on."""
    names = ["Jin", "Min", "Soo", "Hyun", "Woo", "Yoon"]
    session = make_session(league, "mighty", names=names, stake=Decimal("1.00"))
    record(client, session, killed="4")
    record(client, session, killed="2", declarer="1", partner="0")
    change(client, session, action="leave", seat=seat_of(session, "Yoon").pk)
    record(client, session)
    return fresh(session)


@pytest.fixture
def nights(member_client, league):
    return taiwan_night(member_client, league), mighty_night(member_client, league)


def by_name(session) -> dict:
    names = dict(Player.objects.values_list("pk", "name"))
    return {names[pk]: total for pk, total in session.totals_by_player().items()}


def hands_of(session) -> list:
    """Every hand as names: its players, who sat out, the killed seat and each score."""
    names = dict(Player.objects.values_list("pk", "name"))
    found = []
    for hand in Hand.objects.filter(session=session).order_by("number"):
        scores = HandScore.objects.filter(hand=hand).order_by("seat")
        found.append(
            (
                hand.number,
                hand.dealer,
                hand.status,
                [names[p] for p in hand.lineup],
                [[place, names[p]] for place, p in hand.benched],
                hand.sitting_out,
                [(s.seat, names[s.player_id], s.delta) for s in scores],
                hand.lines,
            )
        )
    return found


def settled(session) -> tuple:
    result = standings(session)
    return (
        {row["name"]: (row["total"], row["money"]) for row in result["standings"]},
        [(start, stake) for start, stake in result["stakes"]],
    )


def seats_of(session) -> list:
    return [
        (seat.number, seat.player.name, seat.from_hand, seat.until_hand)
        for seat in session.all_seats
    ]


def test_it_round_trips_a_night_of_comings_and_goings(owner, owner_client, nights):
    exported = export_json(owner_client, nights[0].league)
    document = json.loads(exported)
    taiwan = document["sessions"][0]["hands"]
    assert [len(h.get("players", "12345")) for h in taiwan] == [5, 5, 5, 6, 6, 6, 6]
    assert [len(h.get("sat_out", ())) for h in taiwan] == [0, 0, 0, 0, 1, 1, 1]
    assert document["sessions"][0]["stake_changes"] == [[4, "0.20"]]
    assert document["sessions"][0]["players_per_hand"] == 6  # of the seven seated
    assert [h.get("sitting_out") for h in document["sessions"][1]["hands"]] == [4, 2, None]
    empty = make_league(owner, name="Restored")
    response = upload(owner_client, empty, exported)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert export_json(owner_client, empty) == exported
    for original in nights:
        restored = GameSession.objects.get(league=empty, variant=original.variant)
        assert by_name(restored) == by_name(original)
        assert settled(restored) == settled(original)
        assert hands_of(restored) == hands_of(original)
        assert [s.player.name for s in restored.seat_list] == [
            s.player.name for s in original.seat_list
        ]
        assert players_count(restored) == players_count(original)
        assert restored.players_per_hand == original.players_per_hand
        assert restored.stake_changes == original.stake_changes


def test_the_restored_seats_follow_the_players(owner, owner_client, nights):
    """Each run of hands a player spent at the table is a seat, from its first hand."""
    exported = export_json(owner_client, nights[0].league)
    empty = make_league(owner, name="Restored")
    assert upload(owner_client, empty, exported).status_code == 302
    taiwan = GameSession.objects.get(league=empty, variant="taiwan")
    assert seats_of(taiwan) == seats_of(nights[0])
    mighty = GameSession.objects.get(league=empty, variant="mighty")
    assert seats_of(mighty) == seats_of(nights[1])
    # The restored table plays on: the next hand deals in six of the seven.
    page = owner_client.get(taiwan.get_absolute_url())
    assert page.status_code == 200 and page.context["lineup"].players == 6


def test_the_table_as_it_is_after_the_last_hand_comes_back(owner, owner_client, league):
    """Seven at a six-player game; after the last hand one goes home, a newcomer sits down
    between two others, another leaves, and all six are dealt in: the file lists every
    seat as the app numbers them and says all are dealt in (an import would otherwise
    follow the last hand), and the import seats them so."""
    table = Table(owner_client, league)
    table.start("taiwan", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"])
    table.hand(declarer="Ann", level="3", trump="S", partner="alone", points="12")
    table.players("leave", who="Ben")
    table.players("join", name="Hal", after="Ann", per_hand="6")
    table.players("leave", who="Cat")
    table.players("deal_in", per_hand="6")
    exported = export_json(owner_client, league)
    session = json.loads(exported)["sessions"][0]
    assert session["all_seats"] == [
        [0, "Ann", 1, None],
        [1, "Ben", 1, 1],
        [1, "Hal", 2, None],  # after Ann: those after her move one along
        [3, "Cat", 1, 1],
        [4, "Dan", 1, None],
        [5, "Eve", 1, None],
        [6, "Fay", 1, None],
        [7, "Gus", 1, None],
    ]
    assert session["players_per_hand"] is None
    empty = make_league(owner, name="Restored")
    assert upload(owner_client, empty, exported).status_code == 302
    restored = GameSession.objects.get(league=empty)
    assert seats_of(restored) == seats_of(fresh(table.session))
    assert restored.players_per_hand is None and players_count(restored) == 6
    assert export_json(owner_client, empty) == exported
