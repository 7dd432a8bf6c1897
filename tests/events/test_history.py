"""A club night in the league's history: its tables count once, when its last round
closes; while it is played its hands cost the league's figures no work, and the ratings
after it are those of a recomputation of the whole league from its hands."""

import pytest

from scoring.history.figures import cache
from scoring.history.figures.figures import ALL_TIME, recompute_all_time
from scoring.models import HistoryCache
from tests.events.helpers import check_in, close, make_night, round_sessions, seat
from tests.factories import hand_data, make_session, play, url

pytestmark = pytest.mark.django_db


def _stored(league) -> tuple[str, dict]:
    row = HistoryCache.objects.get(league=league, variant="taiwan", key=ALL_TIME)
    return row.stamp, row.data


def _standings(response) -> str:
    assert response.status_code == 200
    page = response.content.decode()
    return page[page.index('id="standings"') : page.index('id="sessions"')]


def _play_round(client, event, number, points=("12", "3", "16")):
    for session in round_sessions(event, number):
        for point in points:
            response = client.post(url("record", session.pk), hand_data(session, points=point))
            assert response.status_code == 302


def test_it_counts_the_night_once_when_its_last_round_closes(client):
    event = make_night(client, rounds="2")
    earlier = make_session(event.league, names=["P0", "P1", "P2", "P3", "P4"])
    for declarer in ("0", "2"):
        play(earlier, declarer=declarer, partner="1")
    check_in(client, event, [f"P{n}" for n in range(10)])
    standings = url("league", event.league.pk)
    assert client.get(standings).status_code == 200
    before = _stored(event.league)
    seat(client, event)
    _play_round(client, event, 1)
    close(client, event)
    seat(client, event)
    _play_round(client, event, 2, points=("7", "0"))
    shown = _standings(client.get(standings))
    assert _stored(event.league) == before  # nothing of the night yet, nothing computed
    assert close(client, event).status_code == 302  # the last round: the night is over
    # The page's kept drawing of the figures is drawn again: the night now counts.
    assert _standings(client.get(standings)) != shown
    stamp, after = _stored(event.league)
    assert stamp != before[0] and after["ratings"] != before[1]["ratings"]
    cache.forget(event.league.pk)
    assert after == recompute_all_time(event.league.pk, "taiwan")[ALL_TIME]
    rated = {entry[0] for entry in after["ratings"]}
    night_players = {seat.player_id for s in round_sessions(event, 2) for seat in s.all_seats}
    assert night_players <= rated
