"""Hostile input to the people forms (invite, withdraw, unlink, answer) and Play again:
an id that is not ASCII digits, a control character in an account name, HEAD on an
invitation link, and who reads the account an invitation is addressed to. Every
refusal answers with a message or a 404, and changes nothing."""

import pytest

from scoring.models import Invitation, Player
from tests.factories import make_user, url
from tests.security.test_stranger_walk import snapshot

# Each passes str.isdigit() or int() (or both), and none is an id.
NOT_IDS = ["²", "٣", "߁", "１", "①", "+1", " 1", "1 ", "1_0", "-1", "0", "", "9" * 19, "9" * 5000]
NOT_IDS += ["1\n", "\x00", "1\x00"]


@pytest.fixture
def ann(session):
    return Player.objects.get(league=session.league, name="Ann")


@pytest.fixture
def guest(db):
    return make_user("annie")


@pytest.fixture
def addressed(owner_client, league, ann, guest):
    owner_client.post(url("invite", league.pk), {"player": ann.pk, "account": "annie"})
    return Invitation.objects.get(player=ann, invitee=guest)


@pytest.mark.parametrize("value", NOT_IDS)
@pytest.mark.parametrize(
    ("form", "field"),
    [("invite", "player"), ("unlink", "player"), ("withdraw-invitation", "invitation")],
)
def test_it_answers_404_to_an_id_that_is_not_ascii_digits(
    owner_client, league, addressed, form, field, value
):
    before = snapshot(derived=False)
    response = owner_client.post(url(form, league.pk), {field: value})
    assert response.status_code == 404
    assert snapshot(derived=False) == before


@pytest.mark.parametrize("form", ["invite", "unlink"])
def test_it_reads_the_last_of_a_list_posted_for_one_id(owner_client, league, ann, form):
    before = snapshot(derived=False)
    response = owner_client.post(url(form, league.pk), {"player": [str(ann.pk), "٣"]})
    assert response.status_code == 404
    assert snapshot(derived=False) == before


@pytest.mark.parametrize("value", NOT_IDS)
def test_play_again_refuses_an_id_that_is_not_ascii_digits_with_a_message(
    member_client, league, session, value
):
    before = snapshot(derived=False)
    response = member_client.post(url("play-again", league.pk), {"session": value}, follow=True)
    assert response.redirect_chain == [(url("session-new", league.pk), 302)]
    assert "That game is not one of this league&#x27;s." in response.content.decode()
    assert snapshot(derived=False) == before


@pytest.mark.parametrize("value", ["١", "٣", "1_0", " 1"])
def test_a_merge_refuses_an_id_that_is_not_ascii_digits(owner_client, league, ann, value):
    before = snapshot(derived=False)
    body = {"action": "merge", "gone": value, "kept": str(ann.pk)}
    response = owner_client.post(url("league-players", league.pk), body)
    assert response.status_code == 409
    assert snapshot(derived=False) == before


# ---- control characters before any query ---------------------------------------------------


CONTROLS = ["ann\x00ie", "\x00", "annie\x07", "an\tnie", "an\nnie", "\x1b[31m"]


@pytest.mark.parametrize("account", CONTROLS)
def test_an_account_name_with_a_control_character_is_refused_with_a_message(
    owner_client, league, ann, guest, account
):
    before = snapshot(derived=False)
    response = owner_client.post(
        url("invite", league.pk), {"player": ann.pk, "account": account}, follow=True
    )
    assert "Type this again without control characters" in response.content.decode()
    assert snapshot(derived=False) == before


@pytest.mark.parametrize("username", CONTROLS)
def test_add_member_refuses_a_control_character_with_a_message(
    owner_client, league, guest, username
):
    before = snapshot(derived=False)
    response = owner_client.post(url("add-member", league.pk), {"username": username})
    assert response.status_code == 400
    body = response.content.decode()
    assert "Type this again without control characters" in body or "Null characters" in body
    assert snapshot(derived=False) == before


@pytest.mark.parametrize("username", CONTROLS)
def test_login_refuses_a_control_character_before_any_password(anon_client, guest, username):
    response = anon_client.post(url("login"), {"username": username, "password": "x" * 12})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Type this again without control characters" in body or "Null characters" in body
    assert "_auth_user_id" not in anon_client.session


@pytest.mark.parametrize("username", CONTROLS)
def test_signup_refuses_a_control_character(anon_client, db, username):
    before = snapshot(derived=False)
    password = "tall-Giraffe-47"
    body = {"username": username, "password1": password, "password2": password}
    assert anon_client.post(url("signup"), body).status_code == 200
    assert snapshot(derived=False) == before


# ---- HEAD, and who reads an addressed invitation --------------------------------------------


def test_head_on_an_invitation_link_answers_as_get_without_a_body(
    anon_client, guest_client_for, owner_client, league, ann, addressed
):
    open_link = url("invitation", addressed.code)
    for client in (anon_client, guest_client_for(addressed.invitee), owner_client):
        got, head = client.get(open_link), client.head(open_link)
        assert head.status_code == got.status_code and got.content and not head.content
    assert anon_client.head(open_link).status_code == 200
    assert anon_client.head(url("invitation", "NOPE-NOPE-NOPE")).status_code == 404
    assert owner_client.head(open_link).status_code == 403  # addressed to annie
    assert anon_client.put(open_link).status_code == 405


@pytest.fixture
def guest_client_for():
    from django.test import Client

    def make(user):
        client = Client()
        client.force_login(user)
        return client

    return make


def test_only_the_invitee_and_the_owner_read_whose_the_invitation_is(
    anon_client, member_client, owner_client, guest_client_for, stranger, addressed
):
    link = url("invitation", addressed.code)
    for client in (anon_client, member_client, guest_client_for(stranger)):
        body = client.get(link).content.decode()
        assert "annie" not in body.lower()
        assert "addressed to another account. Log in as that account to answer it." in body
    assert "This invitation is for the account annie." in owner_client.get(link).content.decode()
    invitee = guest_client_for(addressed.invitee).get(link)
    assert invitee.status_code == 200 and "Accept: I am Ann" in invitee.content.decode()
