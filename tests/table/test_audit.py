"""The audit trail: every write of a hand leaves one event, in the same transaction, with
the hand before and after; an undone or deleted hand comes back whole, scored afresh."""

import uuid

import pytest

from scoring.models import GameSession, Hand, HandEvent, HandScore
from scoring.table import audit
from scoring.table.recording import (
    NotRestorable,
    StaleHand,
    delete_hand,
    passed_values,
    record_hand,
    restore_hand,
    undo_last,
    update_hand,
)
from tests.factories import (
    assert_scores_match_engine,
    make_league,
    make_session,
    make_user,
    pass_out,
    play,
    stored_deltas,
    totals_from_rows,
)
from tests.table.test_recording import scored

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive():
    return make_user("olive")


@pytest.fixture
def session(olive):
    return make_session(make_league(olive), "taiwan")


def events(session):
    return list(HandEvent.objects.filter(session=session).order_by("pk"))


def actions(session):
    return [(e.action, e.number) for e in events(session)]


# ---- one event per write --------------------------------------------------------------


def test_it_logs_a_recorded_hand_with_who_and_the_scores(session, olive):
    hand, _created = record_hand(session, uuid.uuid4(), *scored(session), user=olive)
    (event,) = events(session)
    assert (event.action, event.number, event.hand, event.hand_ref) == (
        "create",
        1,
        hand,
        hand.pk,
    )
    assert (event.user, event.username) == (olive, "olive")
    assert event.before is None
    assert event.after["contract"] == "3S" and event.after["points"] == 12
    assert event.after["scores"] == list(stored_deltas(hand))
    assert event.after["version"] == 1 and event.after["key"] == str(hand.key)


def test_it_logs_nothing_for_a_repeated_key(session):
    key = uuid.uuid4()
    play(session, key=key)
    play(session, key=key)
    assert actions(session) == [("create", 1)]


def test_it_logs_an_edit_with_the_hand_before_and_after(session, olive):
    hand = play(session)
    update_hand(hand, 1, *scored(session, points="6"), user=olive)
    event = events(session)[-1]
    assert event.action == "edit" and event.user == olive
    assert (event.before["points"], event.after["points"]) == (12, 6)
    assert (event.before["version"], event.after["version"]) == (1, 2)
    assert event.before["scores"] != event.after["scores"]
    assert event.after["scores"] == list(stored_deltas(hand))


def test_it_logs_no_edit_that_was_refused_as_stale(session):
    hand = play(session)
    update_hand(hand, 1, *scored(session, points="6"))
    with pytest.raises(StaleHand):
        update_hand(hand, 1, *scored(session, points="2"))
    assert actions(session) == [("create", 1), ("edit", 1)]


def test_it_logs_an_undo_with_the_hand_as_it_was(session, olive):
    play(session)
    hand = play(session)
    pk, deltas = hand.pk, list(stored_deltas(hand))
    undo_last(session, 2, user=olive)
    event = events(session)[-1]
    assert (event.action, event.number, event.hand, event.hand_ref) == ("undo", 2, None, pk)
    assert event.before["scores"] == deltas and event.after is None


def test_it_logs_a_deleted_hand_and_keeps_its_history(session):
    hand = play(session)
    play(session)
    update_hand(hand, 1, *scored(session, points="6"))
    delete_hand(hand, 2)
    assert actions(session) == [("create", 1), ("create", 2), ("edit", 1), ("delete", 1)]
    assert [e.action for e in audit.history(session, hand.pk)] == ["create", "edit", "delete"]
    assert list(Hand.objects.values_list("number", flat=True)) == [2]


def test_it_refuses_to_delete_a_hand_saved_since(session):
    hand = play(session)
    update_hand(hand, 1, *scored(session, points="6"))
    with pytest.raises(StaleHand):
        delete_hand(hand, 1)
    assert Hand.objects.count() == 1


def test_a_failed_event_undoes_the_whole_write(session, monkeypatch):
    """The event is part of the write's transaction: no event, no hand."""

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(audit, "log", broken)
    with pytest.raises(RuntimeError):
        record_hand(session, uuid.uuid4(), *scored(session))
    assert (Hand.objects.count(), HandScore.objects.count()) == (0, 0)


# ---- restore --------------------------------------------------------------------------


def removal(session):
    return HandEvent.objects.filter(session=session, action__in=("undo", "delete")).latest("pk")


def test_it_restores_an_undone_hand_in_its_place(session, olive):
    play(session)
    hand = play(session, declarer="2", partner="3", points="13")
    original = (hand.pk, hand.number, hand.dealer, str(hand.key), stored_deltas(hand))
    undo_last(session, 2)
    restored = restore_hand(session, removal(session).pk, user=olive)
    assert (
        restored.pk,
        restored.number,
        restored.dealer,
        str(restored.key),
        stored_deltas(restored),
    ) == original
    assert restored.version == 2
    assert actions(session)[-2:] == [("undo", 2), ("restore", 2)]
    assert [e.action for e in audit.history(session, hand.pk)] == ["create", "undo", "restore"]
    assert all(e.hand_id == hand.pk for e in audit.history(session, hand.pk))
    assert_scores_match_engine(session)


def test_it_restores_a_deleted_hand_under_its_old_number(session):
    play(session)
    middle = play(session, points="6")
    play(session)
    delete_hand(middle, 1)
    restored = restore_hand(session, removal(session).pk)
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    assert restored.number == 2 and restored.points == 6
    assert totals_from_rows(session) == GameSession.objects.get(pk=session.pk).totals()


def test_it_restores_as_the_next_hand_when_its_number_is_taken(session):
    play(session)
    hand = play(session, points="6")
    key = hand.key
    undo_last(session, 2)
    newer = play(session, key=key)  # a retry of the same form after the undo takes the key
    assert newer.number == 2
    restored = restore_hand(session, removal(session).pk)
    assert restored.number == 3
    assert restored.dealer == newer.next_dealer()
    assert restored.key != key
    assert restored.points == 6
    assert_scores_match_engine(session)


def test_it_scores_a_restored_hand_afresh_with_the_engine(session):
    hand = play(session)
    expected = stored_deltas(hand)
    undo_last(session, 1)
    event = removal(session)
    event.before = {**event.before, "scores": [999, 0, 0, 0, 0], "made": False, "lines": []}
    event.save()
    restored = restore_hand(session, event.pk)
    assert stored_deltas(restored) == expected
    assert restored.made is True and restored.lines


def test_it_restores_a_passed_out_hand(session):
    pass_out(session)
    undo_last(session, 1)
    restored = restore_hand(session, removal(session).pk)
    assert restored.passed_out and stored_deltas(restored) == ()


def test_it_restores_a_hand_only_once(session):
    play(session)
    undo_last(session, 1)
    event = removal(session)
    restore_hand(session, event.pk)
    with pytest.raises(NotRestorable):
        restore_hand(session, event.pk)
    assert Hand.objects.count() == 1


def test_it_restores_only_removals_of_this_session(session, olive):
    hand = play(session)
    update_hand(hand, 1, passed_values(), ())
    edit = events(session)[-1]
    with pytest.raises(NotRestorable):
        restore_hand(session, edit.pk)
    other = make_session(make_league(olive, name="Elsewhere"), "taiwan")
    play(other)
    undo_last(other, 1)
    with pytest.raises(NotRestorable):
        restore_hand(session, removal(other).pk)
    assert Hand.objects.filter(session=other).count() == 0


def test_it_can_delete_and_restore_the_same_hand_again(session):
    hand = play(session)
    delete_hand(hand, 1)
    restore_hand(session, removal(session).pk)
    again = Hand.objects.get()
    delete_hand(again, again.version)
    restored = restore_hand(session, removal(session).pk)
    assert restored.pk == hand.pk and restored.version == 3
    assert [e.action for e in audit.history(session, hand.pk)] == [
        "create",
        "delete",
        "restore",
        "delete",
        "restore",
    ]


# ---- what changed ---------------------------------------------------------------------


def test_it_describes_the_changes_field_by_field(session):
    hand = play(session)
    update_hand(hand, 1, *scored(session, level="4", points="6"))
    event = events(session)[-1]
    session = GameSession.objects.get(pk=session.pk)
    rows = {
        row["label"]: (row["before"], row["after"])
        for row in audit.changes(session, event.before, event.after)
    }
    assert rows["Contract"] == ("3♠", "4♠")
    assert rows["Result"] == ("made", "failed")
    assert rows["Point cards of the napoleon's side"] == ("12", "6")
    assert rows["Score: Ann"][0].startswith("+") and rows["Score: Ann"][1].startswith("−")
    assert "Napoleon" not in rows  # unchanged fields are left out
