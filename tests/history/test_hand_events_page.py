"""The session's hand history (/sessions/<id>/history/): each change is a line of text
that opens to show what changed, and an undone hand's Restore shows without opening it."""

import re

import pytest
from django.utils import timezone

from scoring.models import GameSession
from scoring.table.recording import undo_last
from tests.factories import play, url

pytestmark = pytest.mark.django_db


def entries(client, session):
    response = client.get(url("history", session.pk))
    assert response.status_code == 200
    body = response.content.decode()
    return re.findall(r'<div class="card event">(.*?)\n</div>', body, re.S)


def test_restore_shows_without_opening_the_entry(member_client, session):
    play(session)
    play(session)
    undo_last(session, 2)
    undone, *recorded = entries(member_client, session)
    assert "undone" in undone
    details = undone[undone.index("<details") : undone.index("</details>")]
    assert "Restore hand 2" not in details
    assert "Restore hand 2" in undone[undone.index("</details>") :]
    assert len(recorded) == 2 and not any("Restore" in entry for entry in recorded)


def test_an_ended_session_offers_no_restore(member_client, session):
    play(session)
    undo_last(session, 1)
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    shown = entries(member_client, session)
    assert len(shown) == 2 and not any("Restore" in entry for entry in shown)
