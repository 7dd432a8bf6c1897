"""Players as people: the owner invites, the invited person accepts or declines while
signed in; expired and withdrawn invitations are closed; nobody uses another league's
players or invitations; one account is at most one player of a league."""

import datetime

import pytest
from django.db import IntegrityError
from django.utils import timezone

from scoring.leagues import people
from scoring.models import Invitation, Membership, Player
from scoring.models.invitations import grouped, normal_code
from tests.factories import make_session, make_user, url


@pytest.fixture
def ann(session):
    return Player.objects.get(league=session.league, name="Ann")


@pytest.fixture
def guest(db):
    """The person Ann is: an account of their own, not yet in the league."""
    return make_user("annie")


@pytest.fixture
def guest_client(client, guest):
    client.force_login(guest)
    return client


def invite(owner_client, league, player):
    response = owner_client.post(url("invite", league.pk), {"player": player.pk})
    assert response.status_code == 302
    assert response.url == url("people", league.pk) + f"#player-{player.pk}"
    return Invitation.objects.filter(player=player, state=Invitation.OPEN).latest("pk")


def answer(client, invitation, what="accept"):
    return client.post(url("invitation", invitation.code), {"answer": what})


def test_it_lets_the_owner_invite_and_shows_the_link_and_code(owner_client, league, ann):
    invitation = invite(owner_client, league, ann)
    body = owner_client.get(url("people", league.pk)).content.decode()
    assert f"http://testserver/invite/{invitation.code}/" in body
    assert grouped(invitation.code) in body
    assert len(invitation.code) == 12 and "-" in grouped(invitation.code)
    # Asked again, the open invitation is the one shown, not a second.
    invite(owner_client, league, ann)
    assert Invitation.objects.filter(player=ann).count() == 1


def test_it_links_the_player_and_makes_the_person_a_member_on_accept(
    owner_client, guest_client, guest, league, ann
):
    invitation = invite(owner_client, league, ann)
    page = guest_client.get(url("invitation", invitation.code))
    assert page.status_code == 200
    assert "Accept: I am Ann" in page.content.decode()
    response = answer(guest_client, invitation)
    assert response.status_code == 302 and response.url == url("me")
    ann.refresh_from_db()
    invitation.refresh_from_db()
    assert ann.user == guest
    assert invitation.state == Invitation.ACCEPTED and invitation.answered_by == guest
    assert league.memberships.get(user=guest).role == Membership.MEMBER
    # Once answered, it is closed: Gone.
    again = guest_client.get(url("invitation", invitation.code))
    assert again.status_code == 410
    assert "already been accepted" in again.content.decode()


def test_it_keeps_a_members_role_when_they_accept(owner_client, member, league, ann, client):
    invitation = invite(owner_client, league, ann)
    client.force_login(member)
    answer(client, invitation)
    assert league.memberships.get(user=member).role == Membership.MEMBER
    assert league.memberships.filter(user=member).count() == 1


def test_it_takes_the_code_however_it_is_typed(owner_client, guest_client, league, ann):
    invitation = invite(owner_client, league, ann)
    typed = grouped(invitation.code).lower().replace("-", " - ")
    response = guest_client.get(url("invitation-code"), {"code": typed})
    assert response.status_code == 302
    assert response.url == url("invitation", invitation.code)
    assert normal_code(typed) == invitation.code
    missing = guest_client.get(url("invitation-code"), {"code": "2222-3333-4444"})
    assert missing.status_code == 404
    assert "No invitation has the code 2222-3333-4444" in missing.content.decode()


def test_it_lets_the_person_decline_and_then_nobody_can_accept(
    owner_client, guest_client, league, ann, member_client
):
    invitation = invite(owner_client, league, ann)
    response = answer(guest_client, invitation, "decline")
    assert response.status_code == 302
    invitation.refresh_from_db()
    assert invitation.state == Invitation.REFUSED
    refused = answer(member_client, invitation)
    assert refused.status_code == 400
    assert "declined" in refused.content.decode()
    ann.refresh_from_db()
    assert ann.user is None


def test_an_expired_invitation_cannot_be_accepted(owner_client, guest_client, league, ann):
    invitation = invite(owner_client, league, ann)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert guest_client.get(url("invitation", invitation.code)).status_code == 410
    response = answer(guest_client, invitation)
    assert response.status_code == 400
    assert "has expired" in response.content.decode()
    ann.refresh_from_db()
    assert ann.user is None
    # The owner's page offers a new one, which is another code.
    fresh = invite(owner_client, league, ann)
    assert fresh.code != invitation.code


def test_a_withdrawn_invitation_cannot_be_accepted(owner_client, guest_client, league, ann):
    invitation = invite(owner_client, league, ann)
    owner_client.post(url("withdraw-invitation", league.pk), {"invitation": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.state == Invitation.REVOKED
    response = answer(guest_client, invitation)
    assert response.status_code == 400
    assert "withdrawn" in response.content.decode()
    ann.refresh_from_db()
    assert ann.user is None


def test_only_the_owner_invites_and_withdraws(owner_client, member_client, league, ann):
    assert member_client.post(url("invite", league.pk), {"player": ann.pk}).status_code == 403
    invitation = invite(owner_client, league, ann)
    withdraw = member_client.post(
        url("withdraw-invitation", league.pk), {"invitation": invitation.pk}
    )
    assert withdraw.status_code == 403
    invitation.refresh_from_db()
    assert invitation.state == Invitation.OPEN
    # A member sees who is linked, but no invitation's code.
    body = member_client.get(url("people", league.pk)).content.decode()
    assert invitation.code not in body and grouped(invitation.code) not in body


def test_a_stranger_cannot_use_another_leagues_players_or_invitations(
    owner_client, stranger_client, stranger, other_league, league, ann
):
    invitation = invite(owner_client, league, ann)
    # The owner of another league, through their own league's address.
    theirs = url("invite", other_league.pk)
    assert stranger_client.post(theirs, {"player": ann.pk}).status_code == 404
    withdraw = url("withdraw-invitation", other_league.pk)
    assert stranger_client.post(withdraw, {"invitation": invitation.pk}).status_code == 404
    assert (
        stranger_client.post(url("unlink", other_league.pk), {"player": ann.pk}).status_code == 404
    )
    # ... and through ours, which they are not in.
    assert stranger_client.post(url("invite", league.pk), {"player": ann.pk}).status_code == 403
    assert stranger_client.get(url("people", league.pk)).status_code == 404
    invitation.refresh_from_db()
    assert invitation.state == Invitation.OPEN
    assert Invitation.objects.count() == 1


def test_the_owner_cannot_invite_another_leagues_player(owner_client, league, other_league):
    theirs = Player.objects.create(league=other_league, name="Zed")
    response = owner_client.post(url("invite", league.pk), {"player": theirs.pk})
    assert response.status_code == 404
    assert not Invitation.objects.exists()


def test_one_account_is_one_player_of_a_league(owner_client, guest_client, guest, league, ann):
    answer(guest_client, invite(owner_client, league, ann))
    ben = Player.objects.get(league=league, name="Ben")
    second = invite(owner_client, league, ben)
    response = answer(guest_client, second)
    assert response.status_code == 400
    assert "You are already Ann in this league" in response.content.decode()
    ben.refresh_from_db()
    second.refresh_from_db()
    assert ben.user is None and second.state == Invitation.OPEN
    # The database refuses it too, whatever writes it.
    with pytest.raises(IntegrityError):
        Player.objects.filter(pk=ben.pk).update(user=guest)


def test_the_same_account_may_be_a_player_in_each_of_two_leagues(
    owner_client, guest_client, guest, league, ann, owner
):
    answer(guest_client, invite(owner_client, league, ann))
    from tests.factories import make_league

    second_league = make_league(owner, name="Sunday table")
    make_session(second_league, "nap")
    alf = Player.objects.get(league=second_league, name="Alf")
    answer(guest_client, invite(owner_client, second_league, alf))
    assert set(Player.objects.filter(user=guest).values_list("name", flat=True)) == {"Ann", "Alf"}


def test_a_linked_player_is_not_offered_twice(owner_client, guest_client, league, ann, member):
    invitation = invite(owner_client, league, ann)
    answer(guest_client, invitation)
    response = owner_client.post(url("invite", league.pk), {"player": ann.pk}, follow=True)
    assert "Ann is already linked to an account." in response.content.decode()
    assert Invitation.objects.filter(player=ann).count() == 1
    ann.refresh_from_db()
    with pytest.raises(people.InvitationProblem):
        people.invite(ann, member)


def test_a_visitor_is_asked_to_log_in_first(owner_client, league, ann, anon_client):
    invitation = invite(owner_client, league, ann)
    page = anon_client.get(url("invitation", invitation.code))
    body = page.content.decode()
    assert page.status_code == 200
    assert f"/accounts/login/?next=/invite/{invitation.code}/" in body
    assert f"/accounts/signup/?next=/invite/{invitation.code}/" in body
    response = answer(anon_client, invitation)
    assert response.status_code == 302 and response.url.startswith(url("login"))
    invitation.refresh_from_db()
    assert invitation.state == Invitation.OPEN


def test_signing_up_from_an_invitation_comes_back_to_it(owner_client, league, ann, anon_client):
    invitation = invite(owner_client, league, ann)
    back = url("invitation", invitation.code)
    response = anon_client.post(
        url("signup") + f"?next={back}",
        {"username": "newbie", "password1": "tall-Giraffe-47", "password2": "tall-Giraffe-47"},
    )
    assert response.status_code == 302 and response.url == back
    elsewhere = anon_client.post(
        url("signup") + "?next=https://evil.example/",
        {"username": "other", "password1": "tall-Giraffe-47", "password2": "tall-Giraffe-47"},
    )
    assert elsewhere.url == url("home")


def test_an_unknown_code_is_not_found(guest_client):
    assert guest_client.get(url("invitation", "ZZZZZZZZZZZZ")).status_code == 404


def test_the_owner_or_the_person_may_unlink(
    owner_client, guest_client, guest, league, ann, member_client
):
    answer(guest_client, invite(owner_client, league, ann))
    assert member_client.post(url("unlink", league.pk), {"player": ann.pk}).status_code == 403
    response = guest_client.post(url("unlink", league.pk), {"player": ann.pk, "next": "me"})
    assert response.status_code == 302 and response.url == url("me")
    ann.refresh_from_db()
    assert ann.user is None
    assert ann.seats.exists()  # the history stays the league's


def test_an_invitation_for_an_account_is_for_that_account_alone(
    owner_client, guest_client, guest, member_client, league, ann
):
    response = owner_client.post(
        url("invite", league.pk), {"player": ann.pk, "account": "ANNIE"}, follow=True
    )
    invitation = Invitation.objects.get(player=ann, state=Invitation.OPEN)
    assert invitation.invitee == guest
    assert "Invitation for the account <strong>annie</strong>" in response.content.decode()
    # Someone else with the link, even a member of the league, can neither accept nor decline.
    # They are told it is another account's, never whose.
    page = member_client.get(url("invitation", invitation.code))
    assert page.status_code == 403
    assert "This invitation is addressed to another account." in page.content.decode()
    assert "annie" not in page.content.decode().lower()
    assert "Accept: I am Ann" not in page.content.decode()
    for what in ("accept", "decline"):
        assert answer(member_client, invitation, what).status_code == 400
    invitation.refresh_from_db()
    ann.refresh_from_db()
    assert invitation.state == Invitation.OPEN and ann.user is None
    # The invited account finds it on its own pages, and accepts.
    for page in ("home", "me"):
        body = guest_client.get(url(page)).content.decode()
        assert "Invitations for you" in body and invitation.get_absolute_url() in body
    assert answer(guest_client, invitation).url == url("me")
    ann.refresh_from_db()
    assert ann.user == guest
    assert "Invitations for you" not in guest_client.get(url("me")).content.decode()


def test_an_unknown_or_already_linked_account_is_refused_with_a_reason(
    owner_client, guest_client, league, ann
):
    response = owner_client.post(
        url("invite", league.pk), {"player": ann.pk, "account": "nobody"}, follow=True
    )
    assert "No account is called nobody." in response.content.decode()
    assert not Invitation.objects.exists()
    answer(guest_client, invite(owner_client, league, ann))
    ben = Player.objects.get(league=league, name="Ben")
    response = owner_client.post(
        url("invite", league.pk), {"player": ben.pk, "account": "annie"}, follow=True
    )
    assert "annie is already Ann in this league." in response.content.decode()
    assert not Invitation.objects.filter(player=ben).exists()


def test_addressing_the_invitation_anew_withdraws_the_old_one(owner_client, guest, league, ann):
    by_link = invite(owner_client, league, ann)
    owner_client.post(url("invite", league.pk), {"player": ann.pk, "account": "annie"})
    by_link.refresh_from_db()
    assert by_link.state == Invitation.REVOKED
    addressed = Invitation.objects.get(player=ann, state=Invitation.OPEN)
    assert addressed.invitee == guest and addressed.code != by_link.code
    assert people.open_invitation(ann) == addressed
