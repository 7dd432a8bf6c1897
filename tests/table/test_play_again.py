"""The same table again: the league's regulars first among the known players, and its
recent line-ups, each one tap from a new session with the same seats, game and rules."""

import datetime
from decimal import Decimal

from django.utils import timezone

from scoring.models import GameSession, Player
from scoring.table.regulars import known_players, recent_lineups
from tests.factories import make_session, play, url

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def dated(session, days_ago):
    GameSession.objects.filter(pk=session.pk).update(
        date=datetime.date(2025, 3, 14) - datetime.timedelta(days=days_ago)
    )


def test_regulars_come_first_the_most_often_seated_then_the_latest(league):
    for name in ["Aaron", "Abe", "Zoe"]:  # known, but not at the recent tables
        Player.objects.create(league=league, name=name)
    dated(make_session(league, names=["Fay", "Gus", "Cat", "Dan", "Eve"]), 3)
    dated(make_session(league, names=["Ann", "Ben", "Cat", "Dan", "Eve"]), 2)
    dated(make_session(league, names=["Hal", "Ben", "Cat", "Dan", "Eve"]), 1)
    regulars, others = known_players(league)
    # Cat, Dan, Eve: 3 sessions; Ben: 2; then one each, the latest first (Hal, then Ann),
    # and two who sat together last in the oldest session, by name.
    assert regulars == ["Cat", "Dan", "Eve", "Ben", "Hal", "Ann", "Fay", "Gus"]
    assert others == ["Aaron", "Abe", "Zoe"]


def test_the_new_game_page_lists_regulars_first_and_the_others_folded(member_client, league):
    Player.objects.create(league=league, name="Aaron")
    make_session(league)
    response = member_client.get(url("session-new", league.pk))
    assert response.context["regulars"] == FIVE
    assert response.context["others"] == ["Aaron"]
    body = response.content.decode()
    assert body.index('data-add-player="Eve"') < body.index('data-add-player="Aaron"')
    assert "1 other player" in body


def test_recent_lineups_are_distinct_and_newest_first(league):
    first = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    dated(first, 3)
    second = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    dated(second, 2)
    other_seats = make_session(league, names=["Ben", "Ann", "Cat", "Dan", "Eve"])
    dated(other_seats, 1)
    mighty = make_session(league, "mighty")
    lineups = recent_lineups(league)
    assert [lineup.session.pk for lineup in lineups] == [mighty.pk, other_seats.pk, second.pk]
    assert lineups[1].names == ["Ben", "Ann", "Cat", "Dan", "Eve"]
    assert lineups[2].rules == ["Score table: Hong Kong table"]
    assert lineups[1].rules == [] and lineups[2].stake == Decimal("0.50")


def test_one_tap_starts_the_same_table_again(member_client, member, league):
    source = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    play(source)
    source.ended_at = timezone.now()
    source.save()
    page = member_client.get(url("session-new", league.pk)).content.decode()
    assert url("play-again", league.pk) in page and "Score table: Hong Kong table" in page

    response = member_client.post(url("play-again", league.pk), {"session": source.pk})
    again = GameSession.objects.exclude(pk=source.pk).get()
    assert response.status_code == 302 and response.url == again.get_absolute_url()
    assert [s.player_id for s in again.seat_list] == [s.player_id for s in source.seat_list]
    assert (again.variant, again.options, again.stake) == ("taiwan", source.options, source.stake)
    assert again.date == timezone.localdate() and again.first_dealer == 0
    assert again.created_by == member and again.ended_at is None
    assert not again.hands.exists()
    league.refresh_from_db()
    assert league.default_variant == "taiwan"
    assert league.default_options["taiwan"] == {"score_table": "hongkong"}


def test_a_second_tap_opens_the_session_the_first_started(member_client, league):
    source = make_session(league)
    member_client.post(url("play-again", league.pk), {"session": source.pk})
    second = member_client.post(url("play-again", league.pk), {"session": source.pk})
    assert GameSession.objects.count() == 2
    assert second.url == GameSession.objects.latest("pk").get_absolute_url()


def test_a_line_up_of_another_league_is_refused(member_client, league, other_league):
    theirs = make_session(other_league)
    for value in [theirs.pk, "x", "", "9" * 30]:
        response = member_client.post(url("play-again", league.pk), {"session": value})
        assert response.status_code == 302 and response.url == url("session-new", league.pk)
    assert GameSession.objects.count() == 1


def test_a_stranger_cannot_play_again_in_our_league(stranger_client, league, session):
    response = stranger_client.post(url("play-again", league.pk), {"session": session.pk})
    assert response.status_code == 403
    assert GameSession.objects.count() == 1
