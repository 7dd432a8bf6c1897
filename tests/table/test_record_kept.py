"""A hand keeps its record while it is the hand's play: an edit that keeps the declarer,
contract and partner keeps it; one that changes them (or marks the hand passed out) drops
it. The audit trail carries it: the history shows it, and a hand undone and restored
comes back with it."""

import pytest

from scoring.models import HandEvent
from scoring.table import audit
from tests.factories import RECORDS, play_recorded, url
from tests.history.at_the_table import Table
from tests.history.page_forms import page_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner_client, league, session):
    found = Table(owner_client, league)
    found.session = session
    return found


def test_an_edit_that_keeps_the_hand_keeps_its_record(table, session):
    hand = play_recorded(session)
    edited = table.edit(hand.number)  # saved again as the page shows it
    assert edited.version == hand.version + 1
    assert edited.record == hand.record


def test_an_edit_to_another_declarer_drops_the_record(table, session):
    hand = play_recorded(session)
    edited = table.edit(hand.number, declarer="Cat")
    assert edited.declarer == 2
    assert edited.record is None


def test_a_hand_marked_passed_out_has_no_record(table, session):
    hand = play_recorded(session)
    form, page = _edit_form(table, hand)
    table.save(form, page, {}, "passed")
    hand.refresh_from_db()
    assert hand.passed_out and hand.record is None


def _edit_form(table, hand):
    page = url("edit-hand", table.session.pk, hand.number)
    return page_form(table._get(page), form_id="hand-form"), page


def test_the_history_shows_that_the_play_was_recorded(owner_client, session):
    hand = play_recorded(session)
    event = HandEvent.objects.get(hand=hand, action=HandEvent.CREATE)
    assert event.after["record"] == hand.record
    assert ("Play recorded", "10 tricks") in audit.describe(session, event.after)
    page = owner_client.get(url("history", session.pk)).content.decode()
    assert "Play recorded" in page


def test_a_hand_undone_and_restored_keeps_its_record(table, session):
    hand = play_recorded(session)
    table.undo()
    assert not session.hands.exists()
    assert table.restore()
    restored = session.hands.get()
    assert restored.record == hand.record


def test_a_snapshot_from_before_records_restores_without_one(table, session):
    hand = play_recorded(session, RECORDS["taiwan"])
    table.undo()
    event = HandEvent.objects.get(action=HandEvent.UNDO)
    del event.before["record"]  # as events written before hands kept their play
    event.save()
    assert table.restore()
    assert session.hands.get(pk=hand.pk).record is None
