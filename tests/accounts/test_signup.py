"""Sign up: a new account, logged in at once; a bad form creates nobody."""

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PASSWORD, url

User = get_user_model()


def test_it_shows_the_sign_up_form(anon_client, db):
    response = anon_client.get(url("signup"))
    assert response.status_code == 200
    assert b'name="username"' in response.content
    assert b'name="password1"' in response.content


def test_it_creates_the_account_and_logs_it_in(anon_client, db):
    response = anon_client.post(
        url("signup"), {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    assert response.url == url("home")
    assert User.objects.filter(username="newbie").exists()
    home = anon_client.get(url("home"))
    assert home.context["user"].username == "newbie"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "newbie", "password1": PASSWORD, "password2": "other-Pass-99"}, "didn"),
        ({"username": "newbie", "password1": "123", "password2": "123"}, "too short"),
        ({"username": "", "password1": PASSWORD, "password2": PASSWORD}, "required"),
        ({"username": "bad name!", "password1": PASSWORD, "password2": PASSWORD}, "valid"),
    ],
)
def test_it_refuses_a_bad_form_with_a_message(anon_client, db, data, message):
    response = anon_client.post(url("signup"), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.exists()


def test_it_refuses_a_username_already_taken(anon_client, member):
    response = anon_client.post(
        url("signup"), {"username": "mark", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="mark").count() == 1
