"""A league's page: its sessions, members and players, for its members only."""

from django.utils import timezone

from scoring.models import GameSession
from tests.factories import assert_sent_to_login, make_session, url


def test_it_shows_sessions_members_and_players(member_client, league, session):
    response = member_client.get(url("league", league.pk))
    assert response.status_code == 200
    body = response.content.decode()
    assert league.name in body
    assert session.get_absolute_url() in body
    assert "olive" in body and "(owner)" in body
    assert "mark" in body and "(member)" in body
    # Each player is listed with a link to their page (the league history).
    for player in league.players.all():
        assert f'href="{url("player", player.pk)}">{player.name}<' in body
    assert url("session-new", league.pk) in body


def test_it_offers_the_add_member_form_to_the_owner_only(owner_client, member_client, league):
    form_action = url("add-member", league.pk)
    assert form_action in owner_client.get(url("league", league.pk)).content.decode()
    assert form_action not in member_client.get(url("league", league.pk)).content.decode()


def test_it_marks_an_ended_session(member_client, league, session):
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    assert "ended" in member_client.get(url("league", league.pk)).content.decode()


def test_it_says_when_there_are_no_sessions(member_client, league):
    assert "No sessions yet." in member_client.get(url("league", league.pk)).content.decode()


def test_it_sends_an_anonymous_visitor_to_login(anon_client, league):
    assert_sent_to_login(anon_client.get(url("league", league.pk)))


def test_it_hides_the_league_from_a_stranger(stranger_client, league):
    assert stranger_client.get(url("league", league.pk)).status_code == 404


def test_it_gives_the_same_404_for_a_league_that_does_not_exist(stranger_client, league):
    assert stranger_client.get(url("league", league.pk + 1000)).status_code == 404


def test_it_lists_every_session(member_client, league):
    sessions = [make_session(league, variant) for variant in ("taiwan", "thai", "nap")]
    body = member_client.get(url("league", league.pk)).content.decode()
    assert all(s.get_absolute_url() in body for s in sessions)
