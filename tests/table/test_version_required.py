"""An edit or a delete that does not say which version of the hand it changes is refused
with a message, never applied over a newer save (two phones may edit the same hand)."""

import pytest

from scoring.models import Hand, HandEvent
from tests.factories import counts, hand_data, play, url

MESSAGE = "Nothing was saved: this form did not say which version of the hand it changes"


@pytest.mark.parametrize("version", [None, "", "²", "١", "-1", "1.0", "9" * 40])
def test_an_edit_without_a_readable_version_saves_nothing(member_client, session, version):
    hand = play(session)
    body = hand_data(session, key=hand.key, points="6")  # a failed contract now
    if version is not None:
        body["version"] = version
    events = HandEvent.objects.count()
    response = member_client.post(url("edit-hand", session.pk, 1), body)
    assert response.status_code == 400
    page = response.content.decode()
    assert MESSAGE in page
    assert 'name="version" value="1"' in page  # saving again is a choice, against version 1
    assert response.context["form"]["points"].value() == "6"  # the entry is kept
    stored = Hand.objects.get(pk=hand.pk)
    assert (stored.version, stored.points) == (1, hand.points)
    assert HandEvent.objects.count() == events


def test_saving_again_from_that_page_applies_the_edit(member_client, session):
    hand = play(session)
    body = hand_data(session, key=hand.key, points="6")
    member_client.post(url("edit-hand", session.pk, 1), body)
    response = member_client.post(url("edit-hand", session.pk, 1), {**body, "version": "1"})
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).version == 2


def test_a_passed_out_edit_without_a_version_saves_nothing(member_client, session):
    hand = play(session)
    response = member_client.post(url("edit-hand", session.pk, 1), {"action": "passed"})
    assert response.status_code == 400
    assert Hand.objects.get(pk=hand.pk).status == Hand.PLAYED


@pytest.mark.parametrize("body", [{}, {"version": ""}, {"version": "①"}])
def test_a_delete_without_a_version_deletes_nothing(member_client, session, body):
    play(session)
    before = counts()
    response = member_client.post(url("delete-hand", session.pk, 1), body)
    assert response.status_code == 400
    page = response.content.decode()
    assert MESSAGE in page
    assert 'name="version" value="1"' in page
    assert counts() == before


def test_an_edit_of_a_hand_removed_meanwhile_says_so(member_client, session, monkeypatch):
    """Another phone undoes the hand between this page's read and its locked write."""
    from scoring.table.recording import update_hand
    from scoring.table.views import edits as hands

    hand = play(session)

    def removed_first(current, *args, **kwargs):
        Hand.objects.filter(pk=current.pk).delete()
        return update_hand(current, *args, **kwargs)

    monkeypatch.setattr(hands, "update_hand", removed_first)
    body = hand_data(session, key=hand.key, version="1")
    response = member_client.post(url("edit-hand", session.pk, 1), body, follow=True)
    assert response.status_code == 200
    assert "hand 1 was removed by someone else meanwhile" in response.content.decode()
    assert not Hand.objects.exists()
