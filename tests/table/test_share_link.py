"""A leaked share link can be replaced or turned off; the old one stops at once."""

from django.test import Client

from scoring.models import GameSession
from tests.factories import url


def share_url(token):
    return url("share", token)


def test_a_new_link_replaces_the_old_one(member_client, anon_client, session):
    old = session.share_token
    response = member_client.post(url("share-link", session.pk), {"action": "new"})
    assert response.status_code == 302 and response.url == session.get_absolute_url()
    new = GameSession.objects.get(pk=session.pk).share_token
    assert new and new != old and len(new) >= 22
    assert anon_client.get(share_url(old)).status_code == 404
    assert anon_client.get(share_url(new)).status_code == 200
    page = member_client.get(session.get_absolute_url()).content.decode()
    assert "A new share link is ready. The old one no longer works." in page
    assert share_url(new) in page and share_url(old) not in page


def test_the_link_can_be_turned_off_and_on_again(member_client, anon_client, session):
    old = session.share_token
    member_client.post(url("share-link", session.pk), {"action": "off"})
    assert GameSession.objects.get(pk=session.pk).share_token is None
    assert anon_client.get(share_url(old)).status_code == 404
    page = member_client.get(session.get_absolute_url()).content.decode()
    assert "The share link is off: only the league's members can see these scores." in page
    assert 'value="new"' in page and "/share/" not in page
    member_client.post(url("share-link", session.pk), {"action": "new"})
    again = GameSession.objects.get(pk=session.pk).share_token
    assert again not in (None, old)
    assert anon_client.get(share_url(again)).status_code == 200


def test_htmx_gets_the_control_alone(member_client, session, htmx):
    response = member_client.post(url("share-link", session.pk), {"action": "off"}, **htmx)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<details class="card share-control" id="share-link" open>')
    assert "The old link no longer works." in body and "<html" not in body
    assert "The share link is off:" in body


def test_a_session_without_a_link_still_shows_its_table(member_client, session):
    GameSession.objects.filter(pk=session.pk).update(share_token=None)
    assert member_client.get(session.get_absolute_url()).status_code == 200
    GameSession.objects.filter(pk__in=[session.pk]).update(share_token=None)  # many NULLs: fine


def test_only_members_change_it_and_only_by_post(
    member_client, stranger_client, anon_client, session
):
    before = session.share_token
    assert stranger_client.post(url("share-link", session.pk), {"action": "off"}).status_code == 403
    assert anon_client.post(url("share-link", session.pk), {"action": "off"}).status_code == 302
    assert member_client.get(url("share-link", session.pk)).status_code == 405
    assert GameSession.objects.get(pk=session.pk).share_token == before


def test_an_unknown_action_changes_nothing(member_client, session):
    before = session.share_token
    for action in ("", "rotate", "①", None):
        body = {} if action is None else {"action": action}
        response = member_client.post(url("share-link", session.pk), body, follow=True)
        assert "Choose a new link or no link." in response.content.decode()
    assert GameSession.objects.get(pk=session.pk).share_token == before


def test_two_sessions_can_both_be_without_a_link(league, session):
    from tests.factories import make_session

    other = make_session(league)
    GameSession.objects.filter(pk__in=[session.pk, other.pk]).update(share_token=None)
    assert GameSession.objects.filter(share_token__isnull=True).count() == 2
    assert Client().get("/share/None/").status_code == 404


def test_an_open_share_page_polling_an_old_link_is_told_it_no_longer_works(
    member_client, anon_client, session, htmx
):
    old = session.share_token
    assert anon_client.get(share_url(old), **htmx).status_code == 200
    member_client.post(url("share-link", session.pk), {"action": "new"})
    answer = anon_client.get(share_url(old), **htmx)
    assert answer.status_code == 404  # htmx swaps nothing by itself: static/js/shared.js does
    body = answer.content.decode()
    assert "This link no longer works." in body and "data-live-note" in body
    assert "<html" not in body and "hx-trigger" not in body
    # A page opened on the old link (no htmx) is the site's own 404 page.
    assert "This link no longer works." not in anon_client.get(share_url(old)).content.decode()


def test_the_share_page_marks_the_note_that_a_dead_link_replaces(anon_client, session):
    page = anon_client.get(share_url(session.share_token)).content.decode()
    assert "data-live-note>Read-only scoreboard; it refreshes itself" in page
    assert "js/shared.js" in page
