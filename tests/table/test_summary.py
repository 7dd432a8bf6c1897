"""Final standings: the totals in order, the winner, and with a stake, who pays whom."""

from decimal import Decimal

import pytest
from django.utils import timezone

from scoring.models import GameSession
from scoring.table.standings import balances
from tests.factories import assert_sent_to_login, make_session, play, totals_from_rows, url


def test_it_lists_the_standings_best_first_with_the_winner(member_client, session):
    play(session, declarer="2", partner="3")
    response = member_client.get(url("summary", session.pk))
    assert response.status_code == 200
    rows = response.context["standings"]
    assert [r["seat"].player.name for r in rows][:2] == ["Cat", "Dan"]
    assert [r["total"] for r in rows] == sorted(totals_from_rows(session), reverse=True)
    assert [s.player.name for s in response.context["winners"]] == ["Cat"]
    assert 'Cat<span class="badge">winner</span>' in response.content.decode()


def test_it_names_every_player_tied_for_first(member_client, thai):
    play(thai, tricks_0="3", tricks_1="3", tricks_2="2", tricks_3="1", tricks_4="1", level="2")
    winners = member_client.get(url("summary", thai.pk)).context["winners"]
    assert len(winners) == 5  # a Thai draw: nobody scored


def test_it_settles_the_stake_in_the_fewest_transfers(member_client, league):
    session = make_session(league, "taiwan", stake=Decimal("0.10"))
    play(session)  # +120 +60 −60 −60 −60 → 12.00, 6.00, −6.00 × 3
    response = member_client.get(url("summary", session.pk))
    transfers = response.context["transfers"]
    assert len(transfers) == 3
    received = {}
    for t in transfers:
        received[t["payee"].number] = received.get(t["payee"].number, 0) + t["amount"]
        received[t["payer"].number] = received.get(t["payer"].number, 0) - t["amount"]
    assert received == {0: Decimal("12.00"), 1: Decimal("6.00"), 2: -6, 3: -6, 4: -6}
    body = response.content.decode()
    assert "Settling up at 0.10 a point" in body  # a plain number, with cents
    standings = body.split('<section class="card share-night"')[0]  # not the chat's copy
    assert standings.count(" pays ") == 3


def test_it_says_everyone_is_square_when_nobody_owes(member_client, league):
    session = make_session(league, "taiwan", stake=Decimal("1"))
    assert "Everyone is square" in member_client.get(url("summary", session.pk)).content.decode()


def test_it_settles_a_table_that_is_not_zero_sum_against_the_average(member_client, league):
    session = make_session(league, "nap", stake=Decimal("1"))
    play(session)  # Nap, points scoring: bidder +3, others 0
    transfers = member_client.get(url("summary", session.pk)).context["transfers"]
    # 2.25 against 0.75 each, paid in whole points (the stake has no decimals): the units
    # that rounding leaves over go to the largest fractions, still adding up to zero.
    assert sum(t["amount"] for t in transfers) == Decimal("3")
    assert {t["payee"].number for t in transfers} == {0}


def test_it_shows_no_settling_without_a_stake(member_client, session):
    play(session)
    response = member_client.get(url("summary", session.pk))
    assert "transfers" not in response.context
    assert "Settling up" not in response.content.decode()


def test_it_offers_to_reopen_an_ended_session(member_client, session):
    assert (
        url("reopen", session.pk)
        not in member_client.get(url("summary", session.pk)).content.decode()
    )
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    assert (
        url("reopen", session.pk) in member_client.get(url("summary", session.pk)).content.decode()
    )


def test_it_sends_an_anonymous_visitor_to_login(anon_client, session):
    assert_sent_to_login(anon_client.get(url("summary", session.pk)))


def test_it_hides_the_standings_from_a_stranger(stranger_client, session):
    assert stranger_client.get(url("summary", session.pk)).status_code == 404


@pytest.mark.parametrize(
    ("totals", "stake", "expected"),
    [
        # Hong Kong at 10 a point: average 61⅔; the two +40s pay the same to the cent.
        (
            [220, 130, 40, 40, -20, -40],
            "10",
            ["1583.34", "683.34", "-216.67", "-216.67", "-816.67", "-1016.67"],
        ),
        ([3, 0, 0, 0], "1", ["2.25", "-0.75", "-0.75", "-0.75"]),
        ([1, 0, 0], "0.01", ["0.01", "0.00", "-0.01"]),
        ([10, -10, 0, 0, 0], "0.50", ["5.00", "-5.00", "0.00", "0.00", "0.00"]),
    ],
)
def test_it_rounds_balances_to_the_cent_fairly_and_to_zero(totals, stake, expected):
    result = balances(totals, Decimal(stake))
    assert result == [Decimal(x) for x in expected]
    assert sum(result) == 0


def test_it_names_the_average_a_table_not_zero_sum_settles_against(member_client, league):
    session = make_session(league, "nap", stake=Decimal("1"))
    play(session)
    assert (
        "Here the average is 0.75 points."
        in member_client.get(url("summary", session.pk)).content.decode()
    )


def test_it_prints_a_negative_average_with_a_true_minus_sign(member_client, league):
    from scoring.models import HandScore
    from tests.factories import make_session, play

    session = make_session(league, "taiwan", stake="0.10")
    hand = play(session)
    HandScore.objects.filter(hand=hand, seat=0).update(delta=-300)  # sums to −420
    body = member_client.get(f"/sessions/{session.pk}/summary/").content.decode()
    assert "Here the average is −84 points." in body
    assert "-84" not in body
