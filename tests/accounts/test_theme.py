"""Light or dark by choice: written into the page by the server (so the first paint is
right), a cookie for a visitor, the profile for a user, who finds it on another phone."""

import pytest
from django.test import Client

from scoring.accounts.theme import COOKIE
from scoring.models import Profile
from tests.factories import PASSWORD, url


def html_tag(response) -> str:
    body = response.content.decode()
    return body[body.index("<html") : body.index(">", body.index("<html")) + 1]


def test_by_default_the_page_follows_the_phone(anon_client, db):
    response = anon_client.get(url("home"))
    assert "data-theme" not in html_tag(response)
    body = response.content.decode()
    assert '<meta name="color-scheme" content="light dark">' in body
    assert 'media="(prefers-color-scheme: dark)"' in body
    assert 'aria-pressed="true">Automatic<' in body


@pytest.mark.parametrize(("theme", "colour"), [("dark", "#4caf78"), ("light", "#1d5e3a")])
def test_a_visitors_choice_is_a_cookie_and_is_in_the_first_paint(anon_client, db, theme, colour):
    response = anon_client.post(url("set-theme"), {"theme": theme, "next": "/rules/"})
    assert response.status_code == 302 and response.url == "/rules/"
    assert response.cookies[COOKIE].value == theme
    page = anon_client.get("/rules/")
    assert f'data-theme="{theme}"' in html_tag(page)
    body = page.content.decode()
    assert f'<meta name="color-scheme" content="{theme}">' in body
    assert f'<meta name="theme-color" content="{colour}">' in body
    assert "prefers-color-scheme" not in body
    assert f'value="{theme}" aria-pressed="true"' in body


def test_a_users_choice_follows_them_to_another_phone(member, member_client):
    member_client.post(url("set-theme"), {"theme": "dark"})
    assert Profile.objects.get(user=member).theme == "dark"
    assert 'data-theme="dark"' in html_tag(member_client.get(url("home")))
    other_phone = Client()
    assert other_phone.login(username=member.username, password=PASSWORD)
    assert 'data-theme="dark"' in html_tag(other_phone.get(url("home")))
    # Back to the phone's own setting, everywhere from the next sign-in.
    member_client.post(url("set-theme"), {"theme": "auto"})
    assert "data-theme" not in html_tag(member_client.get(url("home")))
    third = Client()
    third.cookies[COOKIE] = "dark"  # this phone's visitor chose dark once
    assert third.login(username=member.username, password=PASSWORD)
    assert "data-theme" not in html_tag(third.get(url("home")))


def test_a_choice_keeps_the_language_unchosen(member, member_client):
    member_client.post(url("set-theme"), {"theme": "light"})
    assert Profile.objects.get(user=member).language == ""


def test_a_bad_choice_or_address_changes_nothing(anon_client, db):
    response = anon_client.post(
        url("set-theme"), {"theme": "purple", "next": "https://evil.example/"}
    )
    assert response.status_code == 302 and response.url == "/"
    assert COOKIE not in response.cookies
    assert anon_client.get(url("set-theme")).status_code == 405


def test_the_kept_table_screen_follows_a_new_choice(member_client, session):
    assert "data-theme" not in html_tag(member_client.get(session.get_absolute_url()))
    member_client.post(url("set-theme"), {"theme": "dark"})
    assert 'data-theme="dark"' in html_tag(member_client.get(session.get_absolute_url()))


def test_the_share_page_is_asked_again_after_a_new_choice(anon_client, session):
    first = anon_client.get(url("share", session.share_token))
    anon_client.post(url("set-theme"), {"theme": "dark"})
    again = anon_client.get(url("share", session.share_token), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert 'data-theme="dark"' in html_tag(again)
