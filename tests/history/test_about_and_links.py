"""The ratings explained, and the standings' own address."""

import pytest

from tests.factories import url

pytestmark = pytest.mark.django_db


def test_the_ratings_page_explains_the_formula_with_a_worked_example(anon_client):
    response = anon_client.get(url("ratings-about"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "starting at 1500" in body
    assert "64% for the lowest contract and 24% for the highest" in body
    assert "each gains 5.8, each of the three defenders loses 3.8" in body
    assert "H = −100 + 300 × d" in body


def test_the_standings_address_leads_to_the_league_page_for_the_period(member_client, league):
    response = member_client.get(url("league-standings", league.pk) + "?year=2024&junk=1")
    assert response.status_code == 302
    assert response.url == f"{url('league', league.pk)}?year=2024#standings"
    assert member_client.get(url("league-standings", league.pk)).url.endswith("/#standings")


def test_the_standings_address_is_for_members_only(stranger_client, league):
    assert stranger_client.get(url("league-standings", league.pk)).status_code == 404
