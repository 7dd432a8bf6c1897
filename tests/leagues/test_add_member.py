"""Adding a member: the owner adds an existing account by username."""

import pytest

from scoring.models import Membership
from tests.factories import assert_sent_to_login, counts, make_user, url


@pytest.fixture
def newcomer(db):
    return make_user("nina")


def test_it_adds_an_account_as_a_member(owner_client, league, newcomer):
    response = owner_client.post(url("add-member", league.pk), {"username": "nina"})
    assert response.status_code == 302
    assert response.url == league.get_absolute_url()
    assert league.role_of(newcomer) == Membership.MEMBER
    page = owner_client.get(response.url).content.decode()
    assert "nina joined the league." in page


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("nobody", "No account has that username."),
        ("mark", "mark is already a member."),
        ("", "This field is required."),
    ],
)
def test_it_refuses_a_bad_username_with_a_message(owner_client, league, username, message):
    before = counts()
    response = owner_client.post(url("add-member", league.pk), {"username": username})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert counts() == before


def test_it_lets_only_the_owner_add(member_client, league, newcomer):
    response = member_client.post(url("add-member", league.pk), {"username": "nina"})
    assert response.status_code == 403
    assert league.role_of(newcomer) is None


def test_it_refuses_a_stranger(stranger_client, league, newcomer):
    before = counts()
    response = stranger_client.post(url("add-member", league.pk), {"username": "sam"})
    assert response.status_code == 403
    assert counts() == before


def test_it_sends_an_anonymous_post_to_login(anon_client, league, newcomer):
    before = counts()
    assert_sent_to_login(anon_client.post(url("add-member", league.pk), {"username": "nina"}))
    assert counts() == before


def test_it_accepts_only_post(owner_client, league):
    assert owner_client.get(url("add-member", league.pk)).status_code == 405
