"""A hand's history on its edit page, the session's history page, deleting any hand,
restoring an undone or deleted one, and the stale edit that shows what changed."""

import html
import re

from scoring.models import GameSession, Hand, HandEvent
from tests.factories import (
    assert_scores_match_engine,
    assert_sent_to_login,
    counts,
    drawn_for,
    hand_data,
    play,
    stored_deltas,
    url,
)


def edited(session, hand, **changes):
    return hand_data(session, key=hand.key, version=str(hand.version), **changes)


def text(response):
    # Cells and labels without the markup, so assertions read like the page.
    page = html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))
    return re.sub(r"\s+", " ", page)


# ---- the stale edit -----------------------------------------------------------------


def test_a_stale_edit_shows_what_the_other_phone_changed(member_client, owner_client, session):
    hand = play(session)
    opened = edited(session, hand, points="14")  # mark opened the hand at version 1
    owner_client.post(url("edit-hand", session.pk, 1), edited(session, hand, level="4", points="6"))
    response = member_client.post(url("edit-hand", session.pk, 1), opened)
    assert response.status_code == 409
    page = text(response)
    assert "Someone else saved this hand while you were editing it (now version 2)" in page
    assert "Saved by olive." in page and "Nothing was overwritten." in page
    assert "Contract 3♠ 4♠" in page
    assert "Result made failed" in page
    assert "Point cards of the napoleon's side 12 6" in page
    assert "Score: Ann +" in page  # each seat's score, before and after
    changes = response.context["stale_changes"]
    assert {row["label"] for row in changes} >= {"Contract", "Score: Ann", "Score: Ben"}
    assert "Napoleon" not in {row["label"] for row in changes}
    hand.refresh_from_db()
    assert (hand.version, hand.points) == (2, 6)


def test_a_stale_edit_keeps_the_entry_to_save_deliberately(member_client, owner_client, session):
    hand = play(session)
    opened = edited(session, hand, points="14")
    owner_client.post(url("edit-hand", session.pk, 1), edited(session, hand, points="6"))
    response = member_client.post(url("edit-hand", session.pk, 1), opened)
    body = response.content.decode()
    assert 'name="version" value="2"' in body  # the entry, now against the saved version
    assert response.context["form"]["points"].value() == "14"
    again = {**opened, "version": "2"}
    assert member_client.post(url("edit-hand", session.pk, 1), again).status_code == 302
    assert Hand.objects.get().points == 14
    assert_scores_match_engine(session)


def test_a_stale_edit_of_a_hand_without_history_shows_it_as_it_stands(
    member_client, owner_client, session
):
    hand = play(session)
    owner_client.post(url("edit-hand", session.pk, 1), edited(session, hand, points="6"))
    HandEvent.objects.all().delete()  # a hand from before the audit trail
    response = member_client.post(url("edit-hand", session.pk, 1), edited(session, hand))
    assert response.status_code == 409
    assert "The hand as it now stands" in text(response)
    assert "Point cards of the napoleon's side 6" in text(response)


# ---- history on the hand and on the session ---------------------------------------------


def test_the_edit_page_shows_the_hands_history(member_client, owner_client, session):
    hand = play(session)
    owner_client.post(url("edit-hand", session.pk, 1), edited(session, hand, points="6"))
    page = text(member_client.get(url("edit-hand", session.pk, 1)))
    assert "History" in page
    assert "Hand 1 recorded" in page and "Hand 1 edited · olive" in page
    assert "Point cards of the napoleon's side 12 6" in page


def test_the_history_page_lists_every_change_newest_first(member_client, session):
    play(session)
    play(session)
    member_client.post(url("undo", session.pk), {"number": "2"})
    response = member_client.get(url("history", session.pk))
    assert response.status_code == 200
    page = text(response)
    assert page.index("Hand 2 undone · mark") < page.index("Hand 2 recorded")
    assert "Restore hand 2" in page


def test_it_hides_the_history_from_others(anon_client, stranger_client, session):
    play(session)
    assert_sent_to_login(anon_client.get(url("history", session.pk)))
    assert stranger_client.get(url("history", session.pk)).status_code == 404


# ---- deleting any hand --------------------------------------------------------------------


def test_it_asks_before_deleting_a_hand(member_client, session):
    play(session)
    response = member_client.get(url("delete-hand", session.pk, 1))
    assert response.status_code == 200
    assert "Delete hand 1?" in text(response)
    assert 'name="version" value="1"' in response.content.decode()
    assert Hand.objects.count() == 1


def test_it_deletes_a_hand_and_leaves_its_number_free(member_client, session):
    play(session)
    play(session)
    play(session)
    response = member_client.post(url("delete-hand", session.pk, 2), {"version": "1"})
    assert response.status_code == 302 and response.url == url("hands", session.pk)
    assert list(Hand.objects.values_list("number", flat=True)) == [1, 3]
    assert "Hand 2 deleted." in text(member_client.get(response.url))
    table = member_client.get(session.get_absolute_url())
    assert table.context["hand_number"] == 4
    assert table.context["totals"] == GameSession.objects.get(pk=session.pk).totals()


def test_it_refuses_a_delete_after_someone_saved_the_hand(member_client, owner_client, session):
    hand = play(session)
    owner_client.post(url("edit-hand", session.pk, 1), edited(session, hand, points="6"))
    response = member_client.post(url("delete-hand", session.pk, 1), {"version": "1"})
    assert response.status_code == 409
    assert "Point cards of the napoleon's side 12 6" in text(response)
    assert Hand.objects.count() == 1


def test_it_refuses_a_strangers_delete(stranger_client, anon_client, session):
    play(session)
    before = counts()
    assert (
        stranger_client.post(url("delete-hand", session.pk, 1), {"version": "1"}).status_code == 403
    )
    assert_sent_to_login(anon_client.post(url("delete-hand", session.pk, 1), {"version": "1"}))
    assert counts() == before


def test_it_deletes_nothing_in_an_ended_session(member_client, session):
    play(session)
    member_client.post(url("end", session.pk), drawn_for(session))
    response = member_client.post(url("delete-hand", session.pk, 1), {"version": "1"})
    assert response.status_code == 302 and response.url == url("summary", session.pk)
    assert Hand.objects.count() == 1


# ---- restoring ------------------------------------------------------------------------------


def restore_url(session):
    event = HandEvent.objects.filter(session=session, action__in=("undo", "delete")).latest("pk")
    return url("restore", session.pk, event.pk)


def test_it_restores_an_undone_hand(member_client, session):
    play(session)
    hand = play(session, declarer="2", partner="3", points="13")
    deltas = stored_deltas(hand)
    member_client.post(url("undo", session.pk), {"number": "2"})
    response = member_client.post(restore_url(session))
    assert response.status_code == 302 and response.url == url("hands", session.pk)
    restored = Hand.objects.get(number=2)
    assert stored_deltas(restored) == deltas
    assert "Hand 2 restored." in text(member_client.get(response.url))
    assert HandEvent.objects.latest("pk").user.username == "mark"


def test_it_restores_once_for_a_double_tapped_restore(member_client, session):
    play(session)
    member_client.post(url("undo", session.pk), {"number": "1"})
    link = restore_url(session)
    member_client.post(link)
    again = member_client.post(link)
    assert again.status_code == 302 and again.url == url("history", session.pk)
    assert Hand.objects.count() == 1
    assert "Nothing was restored" in text(member_client.get(again.url))
    assert "Restore hand 1" not in text(member_client.get(url("history", session.pk)))


def test_it_refuses_to_restore_a_removal_that_kept_no_hand(member_client, session):
    play(session)
    member_client.post(url("undo", session.pk), {"number": "1"})
    HandEvent.objects.filter(session=session, action="undo").update(before=None)
    response = member_client.post(restore_url(session))
    assert response.status_code == 302 and response.url == url("history", session.pk)
    assert Hand.objects.count() == 0
    assert "Nothing was restored" in text(member_client.get(response.url))


def test_it_refuses_a_strangers_restore(member_client, stranger_client, anon_client, session):
    play(session)
    member_client.post(url("undo", session.pk), {"number": "1"})
    link = restore_url(session)
    assert stranger_client.post(link).status_code == 403
    assert_sent_to_login(anon_client.post(link))
    assert stranger_client.get(link).status_code == 405
    assert Hand.objects.count() == 0


def test_it_restores_nothing_in_an_ended_session(member_client, session):
    play(session)
    member_client.post(url("undo", session.pk), {"number": "1"})
    member_client.post(url("end", session.pk), drawn_for(session))
    response = member_client.post(restore_url(session))
    assert response.url == url("summary", session.pk)
    assert Hand.objects.count() == 0


# ---- the admin ----------------------------------------------------------------------------


def test_the_admin_deletes_hands_through_the_audit_trail(owner, client, session):
    owner.is_staff = owner.is_superuser = True
    owner.save()
    client.force_login(owner)
    hand = play(session)
    change = f"/admin/scoring/hand/{hand.pk}/change/"
    assert client.get(change).status_code == 200  # view only
    client.post(change, {"points": "1"})
    assert Hand.objects.get().points == 12
    response = client.post(f"/admin/scoring/hand/{hand.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Hand.objects.exists()
    event = HandEvent.objects.latest("pk")
    assert (event.action, event.username, event.hand_ref) == ("delete", "olive", hand.pk)
    assert client.get("/admin/scoring/handevent/").status_code == 200
