"""Property-based fuzzing of the people forms (invite, withdraw, unlink, accept or
decline) and Play again, in the manner of test_fuzz_forms: hostile values (unicode
digits, NUL, numbers past every bound, negative, empty, lists) never cause a 500, a
refusal changes nothing, and whatever changes leaves the league's people sound.

Each example runs inside a transaction that is rolled back.
"""

import pytest
from django.db import transaction
from django.db.models import Count
from hypothesis import given
from hypothesis import strategies as st

from scoring import query
from scoring.models import GameSession, Invitation, Membership, Player
from tests.factories import make_user, url
from tests.security.test_fuzz_forms import FUZZ, bodies
from tests.security.test_stranger_walk import snapshot

pytestmark = pytest.mark.slow

# Ids a request may carry that are none: unicode digits (² and １ pass isdigit(), int()
# takes ٣ and ߁), NUL, past a bigint, past int()'s digit limit, negative, empty, spaced.
HOSTILE_IDS = ["²", "٣", "߁", "１", "\x00", "1\x00", "9" * 30, "9" * 5000, "-1", "0", "", " 1"]


def hostile(fields, valid, field):
    """Bodies of ``fields`` (test_fuzz_forms' mix), and the valid body with ``field`` set
    to a hostile id, or to a list of ids and hostile ones."""
    one = st.sampled_from([*HOSTILE_IDS, valid[field]])
    value = st.one_of(one, st.lists(one, min_size=2, max_size=3))
    return st.one_of(bodies(fields, valid), value.map(lambda v: {**valid, field: v}))


def last(value):
    """What the view reads of a field: the last value of a list posted for it."""
    if isinstance(value, list):
        return value[-1] if value else None
    return value


def people_sound() -> None:
    """At most one open invitation per player; an account is at most one player of a
    league, and a member of it."""
    open_ones = Invitation.objects.filter(state=Invitation.OPEN)
    per_player = open_ones.values("player").annotate(n=Count("pk")).filter(n__gt=1)
    assert not per_player.exists()
    for player in Player.objects.exclude(user=None):
        assert Membership.objects.filter(league=player.league, user=player.user).exists()
        assert Player.objects.filter(league=player.league, user=player.user).count() == 1


@pytest.fixture
def people(league, session):
    """Ann with an open invitation by link, Ben with one addressed to annie, Cat linked."""
    from scoring.leagues import people as linking

    ann, ben, cat = (Player.objects.get(league=league, name=n) for n in ("Ann", "Ben", "Cat"))
    annie, carl = make_user("annie"), make_user("carl")
    by_link = linking.invite(ann, league.memberships.get(role=Membership.OWNER).user)
    addressed = linking.invite(ben, by_link.created_by, annie)
    linking.accept(linking.invite(cat, by_link.created_by), carl)
    return {"ann": ann, "ben": ben, "cat": cat, "annie": annie, "link": by_link, "to": addressed}


def post_people_form(client, path, body, league):
    """POST; a 404 or a redirect; people sound after; a 404 changed nothing."""
    with transaction.atomic():
        before = snapshot(derived=False)
        response = client.post(path, body)
        assert response.status_code in (302, 404), response.status_code
        if response.status_code == 404:
            assert snapshot(derived=False) == before
        people_sound()
        transaction.set_rollback(True)


def test_fuzz_invite(owner_client, league, people):
    valid = {"player": str(people["ann"].pk), "account": "annie"}

    @FUZZ
    @given(body=hostile(["player", "account"], valid, "player"))
    def run(body):
        post_people_form(owner_client, url("invite", league.pk), body, league)

    run()


def test_fuzz_withdraw(owner_client, league, people):
    valid = {"invitation": str(people["link"].pk)}

    @FUZZ
    @given(body=hostile(["invitation"], valid, "invitation"))
    def run(body):
        post_people_form(owner_client, url("withdraw-invitation", league.pk), body, league)

    run()


def test_fuzz_unlink(owner_client, league, people):
    valid = {"player": str(people["cat"].pk), "next": "me"}

    @FUZZ
    @given(body=hostile(["player", "next"], valid, "player"))
    def run(body):
        post_people_form(owner_client, url("unlink", league.pk), body, league)

    run()


@pytest.mark.parametrize("which", ["link", "to"])
def test_fuzz_accept_and_decline(client, league, people, which):
    """Only ``accept`` or ``decline`` (the last value posted) answers; anything else
    leaves the invitation open and the player unlinked."""
    invitation = people[which]
    client.force_login(people["annie"])
    path = url("invitation", invitation.code)

    @FUZZ
    @given(body=hostile(["answer"], {"answer": "accept"}, "answer"))
    def run(body):
        with transaction.atomic():
            response = client.post(path, body)
            assert response.status_code in (302, 400)
            state = Invitation.objects.get(pk=invitation.pk).state
            answer = last(body.get("answer"))
            expected = {"accept": Invitation.ACCEPTED, "decline": Invitation.REFUSED}
            assert state == expected.get(answer, Invitation.OPEN)
            assert (response.status_code == 302) == (answer in expected)
            people_sound()
            transaction.set_rollback(True)

    run()


def test_fuzz_play_again(member_client, league, session):
    """A new session only from an id of this league's (the last value posted), and at
    most one; anything else changes nothing."""

    @FUZZ
    @given(body=hostile(["session"], {"session": str(session.pk)}, "session"))
    def run(body):
        with transaction.atomic():
            before = snapshot(derived=False)
            sessions = GameSession.objects.count()
            response = member_client.post(url("play-again", league.pk), body)
            assert response.status_code == 302
            started = GameSession.objects.count() - sessions
            if query.object_id(last(body.get("session"))) == session.pk:
                assert started == 1
            else:
                assert started == 0 and snapshot(derived=False) == before
            transaction.set_rollback(True)

    run()
