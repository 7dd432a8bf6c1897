"""New league: whoever creates it becomes its owner."""

from scoring.models import League, Membership
from tests.factories import assert_sent_to_login, counts, url


def test_it_shows_the_form(member_client):
    response = member_client.get(url("league-new"))
    assert response.status_code == 200
    assert b'name="name"' in response.content
    assert b'name="default_variant"' in response.content


def test_it_creates_the_league_with_its_creator_as_owner(member_client, member):
    response = member_client.post(url("league-new"), {"name": "Fridays", "default_variant": "thai"})
    league = League.objects.get(name="Fridays")
    assert response.status_code == 302
    assert response.url == league.get_absolute_url()
    assert league.default_variant == "thai"
    assert league.role_of(member) == Membership.OWNER
    assert league.memberships.count() == 1


def test_it_sends_an_anonymous_visitor_to_login(anon_client, db):
    assert_sent_to_login(anon_client.get(url("league-new")))


def test_it_creates_nothing_for_an_anonymous_post(anon_client, db):
    response = anon_client.post(url("league-new"), {"name": "Sneaky", "default_variant": "nap"})
    assert_sent_to_login(response)
    assert not League.objects.exists()


def test_it_refuses_a_blank_name_with_a_message(member_client, league):
    before = counts()
    response = member_client.post(url("league-new"), {"name": "", "default_variant": "taiwan"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert counts() == before


def test_it_refuses_an_unknown_variant_with_a_message(member_client, league):
    before = counts()
    response = member_client.post(url("league-new"), {"name": "X", "default_variant": "bridge"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert counts() == before
