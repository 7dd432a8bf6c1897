"""What a phone receives: compressed answers (with Django's BREACH mitigation), the table
screen kept between Saves yet never stale, and the cookie that guards kept offline pages."""

import gzip
import re

from django.conf import settings

from scoring.accounts.offline import COOKIE, user_key
from scoring.table.page_cache import CSRF_HOLE, KEY_HOLE, USER_HOLE
from tests.factories import hand_data, play, url

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def unzipped(response):
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    return gzip.decompress(response.content).decode()


def test_it_compresses_pages_fragments_json_and_the_service_worker(member_client, session, htmx):
    assert "django.middleware.gzip.GZipMiddleware" in settings.MIDDLEWARE
    assert "Record hand 1" in unzipped(member_client.get(session.get_absolute_url(), **GZIP))
    saved = member_client.post(url("record", session.pk), hand_data(session), **GZIP, **htmx)
    assert "Record hand 2" in unzipped(saved)
    assert '"name"' in unzipped(member_client.get(url("manifest"), **GZIP))
    assert "CONFIG" in unzipped(member_client.get(url("sw"), **GZIP))


def test_it_varies_the_compressed_length_and_masks_each_csrf_token(member_client, session):
    """BREACH: GZipMiddleware pads each answer with random bytes, and Django masks the
    CSRF token afresh in every page, so a secret cannot be read off compressed sizes."""
    from django.middleware.gzip import GZipMiddleware

    assert GZipMiddleware.max_random_bytes > 0
    pages = [member_client.get(session.get_absolute_url(), **GZIP) for _ in range(6)]
    assert len({len(p.content) for p in pages}) > 1
    tokens = {
        re.search(r'csrfmiddlewaretoken" value="([^"]+)"', unzipped(p)).group(1) for p in pages
    }
    assert len(tokens) == 6


def test_it_leaves_a_client_without_gzip_uncompressed(member_client, session):
    response = member_client.get(session.get_absolute_url())
    assert not response.has_header("Content-Encoding")


# ---- the table screen, kept between two Saves -------------------------------------------------


def keys_and_tokens(body):
    key = re.search(r'name="key" value="([^"]+)"', body).group(1)
    token = re.search(r'csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
    return key, token


def test_it_fills_every_kept_page_with_a_fresh_key_and_token(member_client, session):
    first, second = (
        member_client.get(session.get_absolute_url()).content.decode() for _ in range(2)
    )
    assert keys_and_tokens(first)[0] != keys_and_tokens(second)[0]
    assert keys_and_tokens(first)[1] != keys_and_tokens(second)[1]
    for hole in (CSRF_HOLE, KEY_HOLE, USER_HOLE):
        assert hole not in first + second
    assert first.count(keys_and_tokens(first)[1]) >= 3  # every form, and htmx's header


def test_it_writes_the_page_again_once_a_hand_changes(member_client, session):
    member_client.get(session.get_absolute_url())
    play(session)
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert "Record hand 2" in body and '<span class="total">+120</span>' in body
    hand = session.hands.get()
    member_client.post(
        url("edit-hand", session.pk, 1),
        {**hand_data(session, key=hand.key, version=str(hand.version)), "points": "5"},
    )
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert '<span class="total neg">−240</span>' in body and "Record hand 2" in body


def test_it_shows_a_message_once_then_the_kept_page(member_client, session):
    member_client.get(session.get_absolute_url())
    response = member_client.post(url("record", session.pk), hand_data(session), follow=True)
    assert "Hand 1 saved." in response.content.decode()
    assert "Hand 1 saved." not in member_client.get(session.get_absolute_url()).content.decode()


def test_it_keeps_one_page_per_reader(member_client, owner_client, session):
    member_page = member_client.get(session.get_absolute_url()).content.decode()
    owner_page = owner_client.get(session.get_absolute_url()).content.decode()
    assert (
        f'data-user="{user_key(member_client.session and session.league.members.get(username="mark"))}"'
        in member_page
    )
    assert (
        'data-user="' in owner_page
        and member_page.split('data-user="')[1][:20] != (owner_page.split('data-user="')[1][:20])
    )


# ---- the cookie that guards kept offline pages ------------------------------------------------


def test_it_marks_a_signed_in_readers_pages_with_a_readable_cookie(member_client, session, member):
    response = member_client.get(session.get_absolute_url())
    cookie = response.cookies[COOKIE]
    assert cookie.value == user_key(member) and not cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    again = member_client.get(session.get_absolute_url())
    assert COOKIE not in again.cookies  # already right: not sent again


def test_it_drops_the_cookie_for_nobody(anon_client, member_client, session):
    anon_client.cookies[COOKIE] = "someone-elses-key"
    response = anon_client.get(url("home"))
    assert response.cookies[COOKIE].value == "" and response.cookies[COOKIE]["max-age"] == 0
