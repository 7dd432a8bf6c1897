"""The league's standings with deal-miss penalties (the Mighty's table house rule): what a
penalty paid or cost counts in a player's score, as in the session's totals, but a deal
miss is no hand played: hands, sessions, wins, records and ratings are the hands played.
Both ways the figures are worked out agree: all time (the running state, brought up to
date hand by hand) and a period (SQL)."""

import pytest

from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period, year_period
from scoring.models import GameSession, Player
from scoring.table.recording import delete_hand
from tests.factories import call_deal_miss, make_session, play, stored_deltas

pytestmark = pytest.mark.django_db

OPTIONS = {"deal_miss": "on", "deal_miss_penalty": "doubling", "deal_miss_points": 3}


def standings(league, period) -> dict[str, tuple[int, int]]:
    """{name: (hands, score)} of the league's one score table."""
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    tables = league_figures(league, period, names).standings
    return {name: (f.hands, f.score) for table in tables for _player, name, f in table.rows}


def session_totals(session) -> dict[str, int]:
    fresh = GameSession.objects.get(pk=session.pk)
    totals = fresh.totals_by_player()
    return {seat.player.name: totals.get(seat.player_id, 0) for seat in fresh.seat_list}


@pytest.mark.parametrize("period", [Period(), year_period(2025)], ids=["all time", "a year"])
def test_a_penalty_counts_in_the_score_not_in_the_hands(league, period):
    session = make_session(league, "mighty", options=OPTIONS)
    assert standings(league, period) == {}  # read once: the all-time state is kept
    play(session)
    call_deal_miss(session, 2)
    first = standings(league, period)  # brought up to date from the state kept
    call_deal_miss(session, 2)  # the second in a row: 6 to each
    shown = standings(league, period)
    totals = session_totals(session)
    assert {name: score for name, (_hands, score) in shown.items()} == totals
    assert {hands for hands, _score in shown.values()} == {1}
    caller = GameSession.objects.get(pk=session.pk).seat_list[2].player.name
    assert shown[caller][1] == first[caller][1] - 24


@pytest.mark.parametrize("period", [Period(), year_period(2025)], ids=["all time", "a year"])
def test_a_penalty_priced_again_shows_in_the_standings(league, period):
    session = make_session(league, "mighty", options=OPTIONS)
    play(session)
    first = call_deal_miss(session, 2)
    later = call_deal_miss(session, 2)
    standings(league, period)  # kept
    delete_hand(first, first.version)  # the later one is now the first of its run
    assert stored_deltas(later) == (3, 3, -12, 3, 3)
    shown = standings(league, period)
    assert {name: score for name, (_hands, score) in shown.items()} == session_totals(session)
