"""The language switcher: a cookie for everyone, remembered per user across phones."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from scoring.models import Profile

pytestmark = pytest.mark.django_db


def test_it_follows_the_browsers_language_by_default(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Language"] == "fr"


def test_it_sets_a_cookie_and_returns_to_the_page(client):
    response = client.post("/language/", {"language": "ko", "next": "/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"
    assert client.get("/rules/")["Content-Language"] == "ko"


def test_it_ignores_an_unknown_language_and_an_outside_target(client):
    response = client.post("/language/", {"language": "xx", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_it_refuses_get(client):
    assert client.get("/language/").status_code == 405


def test_it_remembers_a_users_choice_on_another_phone(client):
    user = get_user_model().objects.create_user("mei", password="a-long-password-1")
    client.force_login(user)
    client.post("/language/", {"language": "zh-hant", "next": "/"})
    assert Profile.objects.get(user=user).language == "zh-hant"

    other_phone = type(client)()
    other_phone.post("/accounts/login/", {"username": "mei", "password": "a-long-password-1"})
    response = other_phone.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "zh-hant"


def test_it_shows_the_switcher_on_every_page(client):
    page = client.get("/").content.decode()
    assert 'name="language"' in page
    for code, _name in settings.LANGUAGES:
        assert f'value="{code}"' in page
