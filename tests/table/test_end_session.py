"""End of session (and reopening it): a POST that stamps the session and shows standings."""

from scoring.models import GameSession
from tests.factories import assert_sent_to_login, drawn_for, url


def ended_at(session):
    return GameSession.objects.get(pk=session.pk).ended_at


def test_it_ends_the_session_and_shows_the_standings(member_client, session):
    response = member_client.post(url("end", session.pk), drawn_for(session))
    assert response.status_code == 302
    assert response.url == url("summary", session.pk)
    assert ended_at(session) is not None


def test_it_keeps_the_first_end_time_when_ended_twice(member_client, session):
    member_client.post(url("end", session.pk), drawn_for(session))
    first = ended_at(session)
    member_client.post(url("end", session.pk), drawn_for(session))
    assert ended_at(session) == first


def test_it_reopens_an_ended_session(member_client, session):
    member_client.post(url("end", session.pk), drawn_for(session))
    response = member_client.post(url("reopen", session.pk))
    assert response.status_code == 302
    assert response.url == session.get_absolute_url()
    assert ended_at(session) is None
    assert 'id="record"' in member_client.get(response.url).content.decode()


def test_it_accepts_only_post(member_client, session):
    assert member_client.get(url("end", session.pk)).status_code == 405
    assert member_client.get(url("reopen", session.pk)).status_code == 405
    assert ended_at(session) is None


def test_it_sends_an_anonymous_post_to_login(anon_client, session):
    assert_sent_to_login(anon_client.post(url("end", session.pk), drawn_for(session)))
    assert ended_at(session) is None


def test_it_refuses_a_stranger(stranger_client, session):
    assert stranger_client.post(url("end", session.pk), drawn_for(session)).status_code == 403
    assert ended_at(session) is None


def test_it_refuses_a_stranger_reopening(stranger_client, member_client, session):
    member_client.post(url("end", session.pk), drawn_for(session))
    first = ended_at(session)
    assert stranger_client.post(url("reopen", session.pk)).status_code == 403
    assert ended_at(session) == first
