"""The home page: a welcome for visitors, the user's leagues and recent sessions otherwise."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import make_league, make_session, url


def test_it_welcomes_an_anonymous_visitor_with_sign_up_and_log_in(anon_client):
    response = anon_client.get(url("home"))
    assert response.status_code == 200
    assert "scoring/welcome.html" in [t.name for t in response.templates]
    assert url("signup").encode() in response.content
    assert url("login").encode() in response.content


def test_it_lists_the_members_leagues_and_recent_sessions(member_client, league, session):
    response = member_client.get(url("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Hello, mark" in body
    assert league.name in body
    assert url("session-new", league.pk) in body
    assert session.get_absolute_url() in body
    assert "Ann, Ben, Cat, Dan, Eve" in body


def test_it_shows_nothing_of_a_league_the_user_is_not_in(stranger_client, league, session):
    body = stranger_client.get(url("home")).content.decode()
    assert league.name not in body
    assert session.get_absolute_url() not in body
    assert "Across the street" in body


def test_it_invites_a_user_without_a_league_to_start_one(client, stranger):
    client.force_login(stranger)
    body = client.get(url("home")).content.decode()
    assert "not in a league yet" in body
    assert url("league-new") in body


def test_it_lists_at_most_ten_recent_sessions(member_client, league):
    for _ in range(12):
        make_session(league)
    response = member_client.get(url("home"))
    assert len(response.context["recent"]) == 10


def test_it_shows_only_the_users_own_leagues(member_client, member, stranger):
    make_league(stranger, name="Not yours")
    body = member_client.get(url("home")).content.decode()
    assert "Not yours" not in body


def test_its_queries_do_not_grow_with_the_sessions_listed(member_client, league):
    make_session(league)
    with CaptureQueriesContext(connection) as one:
        member_client.get(url("home"))
    for _ in range(9):
        make_session(league)
    with CaptureQueriesContext(connection) as ten:
        body = member_client.get(url("home")).content.decode()
    assert body.count("Ann, Ben, Cat, Dan, Eve") == 10
    assert len(ten.captured_queries) == len(one.captured_queries)


def test_its_kept_lists_follow_what_they_show(member_client, league, session):
    """The lists are kept as drawn: each change they show draws them afresh."""

    def recent() -> str:
        body = member_client.get(url("home")).content.decode()
        return body[body.index("Your leagues") :]

    assert "Not ended" in recent() or "Live" in recent()
    session.ended_at = timezone.now()
    session.save(update_fields=["ended_at"])
    assert ">Ended<" in recent()
    league.name = "Thursday club"
    league.save(update_fields=["name"])
    assert "Thursday club" in recent()
    another = make_session(league, "mighty", names=["Zed", "Yan", "Xia", "Wu", "Vic"])
    assert another.get_absolute_url() in recent() and "Zed, Yan, Xia, Wu, Vic" in recent()
