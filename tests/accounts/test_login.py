"""Log in and log out with Django's own views and the project's templates."""

from tests.factories import PASSWORD, url


def test_it_shows_the_login_form_with_a_sign_up_link(anon_client, db):
    response = anon_client.get(url("login"))
    assert response.status_code == 200
    assert b'name="password"' in response.content
    assert url("signup").encode() in response.content


def test_it_logs_in_and_goes_home(anon_client, member):
    response = anon_client.post(url("login"), {"username": "mark", "password": PASSWORD})
    assert response.status_code == 302
    assert response.url == url("home")
    assert anon_client.get(url("home")).context["user"] == member


def test_it_follows_next_after_logging_in(anon_client, member, session):
    target = session.get_absolute_url()
    response = anon_client.post(
        url("login"), {"username": "mark", "password": PASSWORD, "next": target}
    )
    assert response.url == target


def test_it_refuses_a_wrong_password_with_a_message(anon_client, member):
    response = anon_client.post(url("login"), {"username": "mark", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    assert not anon_client.get(url("home")).context["user"].is_authenticated


def test_it_logs_out_on_post(member_client):
    response = member_client.post(url("logout"))
    assert response.status_code == 302
    assert not member_client.get(url("home")).context["user"].is_authenticated


def test_it_does_not_log_out_on_get(member_client):
    assert member_client.get(url("logout")).status_code == 405
    assert member_client.get(url("home")).context["user"].is_authenticated


def test_it_sends_anonymous_visitors_of_a_members_page_to_login(anon_client, session):
    response = anon_client.get(session.get_absolute_url())
    assert response.status_code == 302
    assert response.url.startswith(url("login") + "?next=")
