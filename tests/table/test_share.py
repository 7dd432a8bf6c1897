"""The share link: a read-only live scoreboard for anyone holding the unguessable token."""

import re

from django.utils import timezone

from scoring.models import GameSession
from tests.factories import counts, drawn_for, hand_data, make_session, play, url


def share_url(session):
    return url("share", session.share_token)


def test_it_has_a_token_of_at_least_128_bits(session, league):
    token = session.share_token
    assert len(token) >= 22  # 22 URL-safe characters carry 132 bits
    assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
    others = {make_session(league).share_token for _ in range(20)}
    assert token not in others and len(others) == 20


def test_it_shows_the_live_scoreboard_without_login(anon_client, session):
    play(session)
    response = anon_client.get(share_url(session))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="board"' in body
    assert "Hand 2 · Ben deals" in body
    assert '<span class="total">+120</span>' in body
    assert "Read-only scoreboard" in body


def test_it_offers_no_way_to_write(anon_client, session):
    body = anon_client.get(share_url(session)).content.decode()
    for name in ("record", "undo", "end", "hands"):
        assert url(name, session.pk) not in body
    assert 'id="record"' not in body
    assert url("login") not in body


def test_it_answers_htmx_polling_with_the_board_only(anon_client, session, htmx):
    response = anon_client.get(share_url(session), **htmx)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live"')
    assert 'id="board"' in body
    assert "<html" not in body


def test_it_shows_the_final_standings_once_ended(anon_client, session):
    play(session)
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    body = anon_client.get(share_url(session)).content.decode()
    assert "The session has ended" in body
    assert 'Ann<span class="badge">winner</span>' in body
    # Final: no more polling, and no promise of it.
    assert "every 5s" not in body and "refreshes itself" not in body


def test_it_gives_404_for_a_wrong_token(anon_client, session):
    assert anon_client.get(url("share", session.share_token[:-1])).status_code == 404
    assert anon_client.get(url("share", "x" * 32)).status_code == 404


def test_it_shows_only_its_own_session(anon_client, league, session):
    other = make_session(league, "nap")
    play(other)
    body = anon_client.get(share_url(session)).content.decode()
    assert "Alf" not in body and "Ann" in body


def test_it_lets_a_stranger_with_the_link_watch(stranger_client, session):
    assert stranger_client.get(share_url(session)).status_code == 200


def test_it_changes_nothing_when_posted_to(anon_client, session):
    before = counts()
    anon_client.post(share_url(session), hand_data(session))
    assert counts() == before


def test_it_does_not_open_the_table_to_its_holder(anon_client, stranger_client, session):
    anon_client.get(share_url(session))
    assert anon_client.get(session.get_absolute_url()).status_code == 302
    stranger_client.get(share_url(session))
    assert stranger_client.get(session.get_absolute_url()).status_code == 404
    assert stranger_client.post(url("record", session.pk), hand_data(session)).status_code == 403


# ---- the poll: a validator, and 304 while nothing changed ---------------------------------


def poll(client, session, etag=None, **headers):
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(share_url(session), HTTP_HX_REQUEST="true", **headers)


def test_it_answers_a_poll_with_304_until_a_hand_changes(anon_client, session):
    first = poll(anon_client, session)
    assert first.status_code == 200 and first["ETag"]
    assert first["Cache-Control"] == "private, no-cache"
    assert "HX-Request" in first["Vary"]
    again = poll(anon_client, session, first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    play(session)
    changed = poll(anon_client, session, first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert "+120" in changed.content.decode()


def test_it_takes_the_weak_etag_a_compressed_answer_carries(anon_client, session):
    first = poll(anon_client, session, HTTP_ACCEPT_ENCODING="gzip")
    assert first["ETag"].startswith('W/"')  # GZipMiddleware weakens it
    assert poll(anon_client, session, first["ETag"]).status_code == 304


def test_it_answers_the_page_and_the_poll_with_different_etags(anon_client, session):
    page = anon_client.get(share_url(session))
    assert poll(anon_client, session, page["ETag"]).status_code == 200


def test_it_changes_its_etag_when_the_session_ends(anon_client, member_client, session):
    first = poll(anon_client, session)
    member_client.post(url("end", session.pk), drawn_for(session))
    assert GameSession.objects.get(pk=session.pk).ended_at is not None
    assert poll(anon_client, session, first["ETag"]).status_code == 200


def test_it_never_builds_the_record_form(anon_client, session, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the share page built a hand form")

    monkeypatch.setattr("scoring.table.form.HandForm.__init__", refuse)
    assert poll(anon_client, session).status_code == 200
    assert anon_client.get(share_url(session)).status_code == 200
