"""The Mighty for four and six at the table: the session page and
the hand form keep working. Four players record a hand as five do, and it sums to zero;
six players say who was killed: one tap, and that seat plays no card and scores
nothing (it has no score row: it sat the hand out)."""

from scoring.models import GameSession
from scoring.table.form import HandForm
from tests.factories import hand_data, make_session, play, stored_deltas, url

FOUR = ["Jin", "Min", "Soo", "Hyun"]
SIX = ["Jin", "Min", "Soo", "Hyun", "Woo", "Yoon"]


def test_it_records_a_four_player_hand_that_sums_to_zero(member_client, league):
    session = make_session(league, "mighty", names=FOUR)
    assert member_client.get(session.get_absolute_url()).status_code == 200
    hand = play(session)
    # seed: 15 − 12 = 3; the friend +3, each opponent −3, the declarer the balance +3.
    assert stored_deltas(hand) == (3, 3, -3, -3)


def test_it_shows_a_six_player_table_and_asks_for_the_killed_seat(member_client, league, htmx):
    session = make_session(league, "mighty", names=SIX)
    assert member_client.get(session.get_absolute_url()).status_code == 200
    form = HandForm(GameSession.objects.get(pk=session.pk), hand_data(session))
    assert not form.is_valid()
    assert "Killed" in form.fields["killed"].label and form.errors["killed"]
    response = member_client.post(url("preview", session.pk), hand_data(session), **htmx)
    assert response.status_code == 200


def test_it_records_the_killed_seat_of_a_six_player_hand(league):
    session = make_session(league, "mighty", names=SIX)
    hand = play(session, killed="4")  # Woo is killed; Jin declares with Min (seat 1)
    assert hand.sitting_out == 4 and hand.players == 6
    scores = dict(hand.scores.values_list("player__name", "delta"))
    assert "Woo" not in scores and sum(scores.values()) == 0
    assert len(scores) == 5
    # The stored reason names no seat number (the engine counts from 0, a page from 1).
    assert "the killed player sits the hand out: 0" in hand.lines
    assert not any("seat" in line.lower() for line in hand.lines)
    refused = HandForm(GameSession.objects.get(pk=session.pk), hand_data(session, killed="0"))
    assert not refused.is_valid() and refused.errors["killed"]  # the declarer cannot be killed
