"""The Me page: each league's player entry linked to the account, with its sessions and
the figures of the league's history pages."""

import pytest

from scoring.models import Membership, Player
from tests.factories import make_league, make_session, make_user, play, url


@pytest.fixture
def annie(db):
    return make_user("annie")


@pytest.fixture
def annie_client(client, annie):
    client.force_login(annie)
    return client


def link(player, user):
    Membership.objects.get_or_create(league=player.league, user=user)
    Player.objects.filter(pk=player.pk).update(user=user)


def test_it_explains_how_to_link_when_nothing_is_linked(annie_client):
    body = annie_client.get(url("me")).content.decode()
    assert "No player is linked to your account yet" in body
    assert url("invitation-code") in body


def test_it_shows_each_leagues_player_with_sessions_and_figures(annie_client, annie, owner):
    thursday = make_league(owner, name="Thursday table")
    taiwan = make_session(thursday, "taiwan")
    play(taiwan)  # Ann declares with Ben and makes it: +120
    sunday = make_league(owner, name="Sunday table")
    nap = make_session(sunday, "nap")
    play(nap)
    link(Player.objects.get(league=thursday, name="Ann"), annie)
    link(Player.objects.get(league=sunday, name="Cyd"), annie)

    response = annie_client.get(url("me"))
    assert response.status_code == 200
    entries = response.context["entries"]
    assert [(e["league"].name, e["player"].name) for e in entries] == [
        ("Sunday table", "Cyd"),
        ("Thursday table", "Ann"),
    ]
    ann = entries[1]
    [taiwan_stats] = ann["stats"]
    assert (taiwan_stats.figures.sessions, taiwan_stats.figures.hands) == (1, 1)
    assert taiwan_stats.figures.score == 120 and taiwan_stats.figures.won == 1
    assert [s["session_id"] for s in ann["sessions"]] == [taiwan.pk]
    assert ann["sessions"][0]["total"] == 120
    body = response.content.decode()
    assert "as Ann" in body and "as Cyd" in body
    assert url("player", ann["player"].pk) in body
    assert url("session-history", taiwan.pk) in body and url("session-history", nap.pk) in body
    assert "+120" in body
    # The latest sessions of both leagues, together.
    assert {s["session_id"] for s in response.context["latest"]} == {taiwan.pk, nap.pk}


def test_it_leaves_out_a_league_the_user_has_left(annie_client, annie, owner):
    league = make_league(owner, name="Old club")
    make_session(league)
    link(Player.objects.get(league=league, name="Ann"), annie)
    Membership.objects.filter(league=league, user=annie).delete()
    body = annie_client.get(url("me")).content.decode()
    assert "Old club" not in body


def test_it_shows_only_the_users_own_players(annie_client, annie, owner, member):
    league = make_league(owner, name="Thursday table", members=[member])
    make_session(league)
    link(Player.objects.get(league=league, name="Ann"), annie)
    link(Player.objects.get(league=league, name="Ben"), member)
    entries = annie_client.get(url("me")).context["entries"]
    assert [e["player"].name for e in entries] == ["Ann"]


def test_it_is_for_signed_in_users(anon_client, db):
    response = anon_client.get(url("me"))
    assert response.status_code == 302 and response.url.startswith(url("login"))
