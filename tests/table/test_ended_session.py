"""An ended session reads forever but takes no more writes until it is reopened."""

import uuid

from django.utils import timezone

from scoring.models import GameSession, Hand
from tests.factories import hand_data, play, url


def end(session):
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())


def test_it_refuses_a_new_hand(member_client, session):
    end(session)
    response = member_client.post(url("record", session.pk), hand_data(session))
    assert response.status_code == 302
    assert response["Location"] == url("summary", session.pk)
    assert not Hand.objects.filter(session=session).exists()


def test_it_refuses_an_edit(member_client, session):
    hand = play(session)
    end(session)
    data = hand_data(session, points=16, version=hand.version, key=str(hand.key))
    member_client.post(url("edit-hand", session.pk, hand.number), data)
    hand.refresh_from_db()
    assert hand.version == 1


def test_it_refuses_an_undo(member_client, session):
    hand = play(session)
    end(session)
    member_client.post(url("undo", session.pk), {"number": hand.number})
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_it_takes_hands_again_once_reopened(member_client, session):
    end(session)
    member_client.post(url("reopen", session.pk))
    member_client.post(url("record", session.pk), hand_data(session, key=str(uuid.uuid4())))
    assert Hand.objects.filter(session=session).count() == 1


def test_it_still_shows_the_ended_session(member_client, session):
    play(session)
    end(session)
    assert member_client.get(url("hands", session.pk)).status_code == 200
    assert member_client.get(url("summary", session.pk)).status_code == 200
