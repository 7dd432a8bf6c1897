"""Login throttling, the API's rate limit and body size limits, counted in the database
(never in this process's memory)."""

import html
import json
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test import Client

from scoring.accounts import throttle

pytestmark = pytest.mark.django_db

PASSWORD = "tall-Giraffe-47"
LOGIN = "/accounts/login/"


@pytest.fixture
def mark():
    return get_user_model().objects.create_user("mark", password=PASSWORD)


def client_from(ip="10.0.0.1", **extra):
    return Client(REMOTE_ADDR=ip, **extra)


def fail(client, username="mark", times=1):
    for _ in range(times):
        response = client.post(LOGIN, {"username": username, "password": "wrong"})
        assert response.status_code == 200


# ---- the shared cache -----------------------------------------------------------------


def test_the_cache_and_sessions_live_in_the_database():
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    cache.set("shared?", "yes")
    with connection.cursor() as cursor:
        table = connection.ops.quote_name(settings.CACHES["default"]["LOCATION"])
        cursor.execute(f"SELECT COUNT(*) FROM {table}")
        assert cursor.fetchone()[0] >= 1


# ---- logins -----------------------------------------------------------------------------


def test_it_throttles_a_username_after_repeated_failures(mark):
    phone = client_from()
    fail(phone, times=settings.LOGIN_FAILURE_LIMIT)
    response = phone.post(LOGIN, {"username": "mark", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed attempts to log in. Wait 15 minutes" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= settings.LOGIN_FAILURE_WINDOW
    assert not phone.get("/").context["user"].is_authenticated


def test_the_throttle_counts_per_username_and_address(mark):
    get_user_model().objects.create_user("olive", password=PASSWORD)
    fail(client_from("10.0.0.1"), times=settings.LOGIN_FAILURE_LIMIT)
    other_user = client_from("10.0.0.1").post(LOGIN, {"username": "olive", "password": PASSWORD})
    assert other_user.status_code == 302
    other_phone = client_from("10.0.0.2").post(LOGIN, {"username": "mark", "password": PASSWORD})
    assert other_phone.status_code == 302


def test_the_username_is_matched_whatever_its_case(mark):
    fail(client_from(), username="MARK", times=settings.LOGIN_FAILURE_LIMIT)
    assert client_from().post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 429


def test_a_successful_login_clears_the_failures(mark):
    phone = client_from()
    fail(phone, times=settings.LOGIN_FAILURE_LIMIT - 1)
    assert phone.post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 302
    phone.post("/accounts/logout/")
    fail(phone, times=settings.LOGIN_FAILURE_LIMIT - 1)
    assert phone.post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 302


def test_an_address_trying_many_usernames_is_throttled(mark, settings):
    settings.LOGIN_IP_FAILURE_LIMIT = 8
    phone = client_from()
    for n in range(8):
        fail(phone, username=f"guess{n}")
    assert phone.post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 429


ADMIN_LOGIN = "/admin/login/?next=/admin/"
REFUSED = {
    "en": "Too many failed attempts to log in. Wait 15 minutes, then try again.",
    "fr": "Trop de tentatives de connexion échouées. Attendez 15 minutes, puis réessayez.",
}


@pytest.fixture
def staff(mark):
    mark.is_staff = mark.is_superuser = True
    mark.save()
    return mark


def alert(response) -> str:
    """The login page's message of why the attempt was refused."""
    found = re.search(r'<p class="card err" role="alert">(.*?)</p>', response.content.decode())
    return html.unescape(found.group(1)) if found else ""


def test_the_admin_login_is_throttled_too(staff):
    phone = client_from()
    fail(phone, times=settings.LOGIN_FAILURE_LIMIT)  # on the site's login
    response = phone.post(ADMIN_LOGIN, {"username": "mark", "password": PASSWORD})
    assert response.status_code == 429
    assert alert(response) == REFUSED["en"]
    assert 0 < int(response["Retry-After"]) <= settings.LOGIN_FAILURE_WINDOW
    assert "no-store" in response["Cache-Control"]
    assert not phone.get("/").context["user"].is_authenticated


@pytest.mark.parametrize("language", REFUSED)
def test_failures_on_the_admin_login_get_the_sites_429(staff, language):
    phone = client_from(HTTP_ACCEPT_LANGUAGE=language)
    wrong = {"username": "mark", "password": "wrong"}
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert phone.post(ADMIN_LOGIN, wrong).status_code == 200  # the admin's own error
    refused = phone.post(ADMIN_LOGIN, {"username": "mark", "password": PASSWORD})
    assert refused.status_code == 429
    assert [t.name for t in refused.templates][0] == "registration/login.html"
    assert alert(refused) == REFUSED[language]
    assert refused.context["form"]["username"].value() == "mark"
    # The site's login, blocked by the same counters, answers with the same words.
    site = phone.post(LOGIN, {"username": "mark", "password": PASSWORD})
    assert site.status_code == 429 and alert(site) == alert(refused)
    assert not phone.get("/").context["user"].is_authenticated


@pytest.mark.parametrize(
    "is_staff, password, status, says",
    [
        (True, PASSWORD, 302, ""),
        (True, "wrong", 200, "Please enter the correct username and password for a staff"),
        (False, PASSWORD, 200, "Please enter the correct username and password for a staff"),
    ],
)
def test_the_admin_login_still_answers_as_the_admin(mark, is_staff, password, status, says):
    mark.is_staff = mark.is_superuser = is_staff
    mark.save()
    phone = client_from()
    response = phone.post(ADMIN_LOGIN, {"username": "mark", "password": password})
    assert response.status_code == status
    assert says in response.content.decode()
    if status == 302:
        assert response["Location"] == "/admin/"
        assert phone.get("/admin/").status_code == 200


def test_behind_a_proxy_the_client_is_the_last_forwarded_address(mark, settings):
    settings.BEHIND_PROXY = True
    for hop in range(settings.LOGIN_FAILURE_LIMIT):
        # The client may forge the first entries; the proxy appends the real address.
        fail(client_from("127.0.0.1", HTTP_X_FORWARDED_FOR=f"1.2.3.{hop}, 203.0.113.9"))
    blocked = client_from("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert blocked.post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 429
    other = client_from("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.10")
    assert other.post(LOGIN, {"username": "mark", "password": PASSWORD}).status_code == 302


def test_without_a_proxy_forwarded_headers_are_ignored(rf, settings):
    settings.BEHIND_PROXY = False
    request = rf.get("/", REMOTE_ADDR="10.9.8.7", HTTP_X_FORWARDED_FOR="1.1.1.1")
    assert throttle.client_ip(request) == "10.9.8.7"


# ---- the JSON API -------------------------------------------------------------------------

SCORE = {
    "variant": "taiwan",
    "players": 5,
    "contract": "3S",
    "declarer": 0,
    "partner": 1,
    "declarer_points": 12,
}


def score(client, body=None, **extra):
    data = json.dumps(body or SCORE) if not isinstance(body, bytes) else body
    return client.post("/api/v1/score", data, content_type="application/json", **extra)


def test_the_api_answers_429_past_the_limit_per_client(settings):
    settings.API_RATE_LIMIT = 3
    phone = client_from("10.1.1.1")
    assert [score(phone).status_code for _ in range(3)] == [200, 200, 200]
    refused = score(phone)
    assert refused.status_code == 429
    body = refused.json()
    assert set(body) == {"error", "field"} and body["field"] == ""
    assert "Too many requests" in body["error"]
    assert 1 <= int(refused["Retry-After"]) <= settings.API_RATE_WINDOW
    assert client_from("10.1.1.1").get("/api/v1/variants").status_code == 429
    assert score(client_from("10.1.1.2")).status_code == 200


def test_the_api_limit_can_be_switched_off(settings):
    settings.API_RATE_LIMIT = 0
    phone = client_from("10.1.1.3")
    assert {score(phone).status_code for _ in range(20)} == {200}


def test_the_api_refuses_a_body_past_its_limit_with_413(settings):
    settings.API_RATE_LIMIT = 0
    limit = settings.API_MAX_BODY_BYTES
    padded = json.dumps({**SCORE, "padding": "x" * limit}).encode()
    response = score(client_from(), padded)
    assert response.status_code == 413
    assert response.json() == {
        "error": f"The body is larger than {limit} bytes",
        "field": "",
    }
    assert score(client_from(), json.dumps(SCORE).encode()).status_code == 200


def test_the_api_reads_no_further_than_its_limit_whatever_the_header_says(rf, settings):
    from scoring.api import views

    settings.API_RATE_LIMIT = 0
    big = b"[" * (settings.API_MAX_BODY_BYTES + 10)
    request = rf.post("/api/v1/score", big, content_type="application/json")
    request.META["CONTENT_LENGTH"] = "10"  # a lying header
    assert views.score(request).status_code == 413


def test_a_form_post_past_the_limit_is_refused(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2048
    response = client_from().post(LOGIN, {"username": "x" * 5000, "password": "y"})
    assert response.status_code == 413
