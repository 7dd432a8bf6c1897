"""The throttles' counters and the per-account cap, one process at a time (the parallel
proofs are in test_live_parallel.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.accounts import throttle
from scoring.models import RateCount

pytestmark = pytest.mark.django_db

PASSWORD = "tall-Giraffe-47"
LOGIN = "/accounts/login/"


@pytest.fixture
def quinn():
    return get_user_model().objects.create_user("quinn", password=PASSWORD)


@pytest.fixture
def clock(monkeypatch):
    """The throttles' clock, moved by hand."""
    now = [1_700_000_000.0]
    monkeypatch.setattr(throttle, "clock", lambda: now[0])
    return now


def phone(n, **extra):
    return Client(REMOTE_ADDR=f"10.2.0.{n}", **extra)


def log_in(client, password=PASSWORD, username="quinn"):
    return client.post(LOGIN, {"username": username, "password": password})


# ---- the counter ------------------------------------------------------------------------------


def test_a_counter_counts_within_its_window_and_starts_again_after(clock):
    assert [throttle.hit("b", 60).hits for _ in range(3)] == [1, 2, 3]
    clock[0] += 59
    assert throttle.hit("b", 60) == throttle.Count(4, 1)
    clock[0] += 1
    assert throttle.hit("b", 60) == throttle.Count(1, 60)


def test_refund_and_clear(clock):
    throttle.hit("b", 60)
    throttle.hit("b", 60)
    throttle.refund("b")
    assert throttle.peek("b").hits == 1
    throttle.clear("b")
    assert throttle.peek("b") == throttle.Count(0, 0)


def test_windows_long_over_are_forgotten(clock, monkeypatch):
    throttle.hit("old", 60)
    clock[0] += 4000
    monkeypatch.setattr(throttle.random, "random", lambda: 0.0)
    throttle.hit("new", 60)
    assert list(RateCount.objects.values_list("bucket", flat=True)) == ["new"]


def test_the_api_counters_are_forgotten_too(clock, monkeypatch, settings):
    settings.API_RATE_LIMIT = 5
    assert phone(1).get("/api/v1/variants").status_code == 200
    assert RateCount.objects.count() == 2  # the client's own row and one slice
    clock[0] += 4000
    monkeypatch.setattr(throttle.random, "random", lambda: 0.0)
    throttle.hit("new", 60)
    assert list(RateCount.objects.values_list("bucket", flat=True)) == ["new"]


def test_keys_do_not_show_who_tried():
    bucket = throttle.key("login", "quinn", "10.0.0.1")
    assert bucket.startswith("login:") and "quinn" not in bucket and len(bucket) <= 80


# ---- the per-account cap ---------------------------------------------------------------------


def test_guesses_from_many_addresses_reach_the_cap_and_stop(quinn, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 4
    statuses = [log_in(phone(n), "wrong").status_code for n in range(7)]
    assert statuses == [200] * 4 + [429] * 3
    refused = log_in(phone(50))
    assert refused.status_code == 429
    assert "only a phone or computer that has logged in to it before" in refused.content.decode()
    assert int(refused["Retry-After"]) <= settings.LOGIN_ACCOUNT_WINDOW


def test_the_owner_on_a_known_device_is_not_locked_out(quinn, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 4
    owners_phone = phone(99)
    assert log_in(owners_phone).status_code == 302
    assert throttle.KNOWN_DEVICE in owners_phone.cookies
    owners_phone.post("/accounts/logout/")
    for n in range(6):
        log_in(phone(n), "wrong")
    assert log_in(phone(60)).status_code == 429  # a new device waits
    assert log_in(owners_phone).status_code == 302  # the owner's phone does not


def test_a_known_device_for_someone_else_does_not_help(quinn, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 2
    get_user_model().objects.create_user("mallory", password=PASSWORD)
    attacker = phone(7)
    assert log_in(attacker, username="mallory").status_code == 302
    attacker.post("/accounts/logout/")
    for n in range(3):
        log_in(phone(n), "wrong")
    assert log_in(attacker, "wrong").status_code == 429


def test_a_new_password_forgets_the_known_devices(quinn, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 2
    owners_phone = phone(99)
    log_in(owners_phone)
    owners_phone.post("/accounts/logout/")
    quinn.set_password("another-Long-pass-8")
    quinn.save()
    for n in range(3):
        log_in(phone(n), "wrong")
    assert log_in(owners_phone, "another-Long-pass-8").status_code == 429


def test_a_forged_device_cookie_is_ignored(quinn, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 1
    log_in(phone(1), "wrong")
    forged = phone(2)
    forged.cookies[throttle.KNOWN_DEVICE] = "eyJ4IjoxfQ:forged:signature"
    assert log_in(forged).status_code == 429


def test_a_correct_login_takes_back_its_count(quinn, settings):
    """The owner logging in many times never fills their own account's cap."""
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 3
    for n in range(6):
        client = phone(n)
        assert log_in(client).status_code == 302
        client.post("/accounts/logout/")


# ---- sign-up -----------------------------------------------------------------------------------


def sign_up(client, name):
    body = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", body)


def test_sign_up_is_throttled_per_address(settings):
    settings.SIGNUP_LIMIT = 2
    assert [sign_up(phone(1), f"new{n}").status_code for n in range(2)] == [302, 302]
    refused = sign_up(phone(1), "new2")
    assert refused.status_code == 429
    assert "Too many new accounts from this connection." in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= settings.SIGNUP_WINDOW
    assert not get_user_model().objects.filter(username="new2").exists()
    assert sign_up(phone(2), "new2").status_code == 302


def test_a_refused_sign_up_form_does_not_count(settings):
    settings.SIGNUP_LIMIT = 1
    bad = {"username": "x", "password1": "1", "password2": "2"}
    for _ in range(3):
        assert phone(1).post("/accounts/signup/", bad).status_code == 200
    assert sign_up(phone(1), "first").status_code == 302


def test_a_new_account_marks_its_phone_as_known():
    client = phone(3)
    sign_up(client, "fresh")
    assert throttle.KNOWN_DEVICE in client.cookies


# ---- the API when the count cannot be taken ---------------------------------------------------


def test_the_api_refuses_for_now_when_it_cannot_count(settings, monkeypatch):
    from django.db import OperationalError

    def out_of_connections(*args):
        raise OperationalError("sorry, too many clients already")

    settings.API_RATE_LIMIT = 5
    monkeypatch.setattr(throttle, "hit", out_of_connections)
    response = phone(1).get("/api/v1/variants")
    assert response.status_code == 503
    assert response.json() == {
        "error": "The server is busy; try again in a few seconds",
        "field": "",
    }
    assert response["Retry-After"] == "5"


# ---- the API's sliding window -------------------------------------------------------------

API_LIMIT = 5
MINUTE = 60


def ask_api(client, clock, at: float) -> int:
    clock[0] = 1_700_000_000.0 + at
    return client.get("/api/v1/variants").status_code


def busiest_minute(times: list[float]) -> int:
    """The most requests any span of a minute holds (from one request, for a minute)."""
    return max((sum(t <= end < t + MINUTE for end in times) for t in times), default=0)


def knocking(every: float, until: float) -> list[float]:
    return [n * every for n in range(int(until / every) + 1)]


SCHEDULES = {
    # One early, the rest just before a fixed window from the first would end, then a
    # burst just after it: the burst must wait for those before it to leave the minute.
    "straddling a window's end": [0.0] + [59.5] * 4 + [60.5] * 5 + [61.0] * 5,
    "a burst each half minute": [at for start in (0, 30, 61, 62, 95, 124) for at in [start] * 8],
    "knocking every second": knocking(1.0, 200),
    "knocking every 7 seconds": knocking(7.0, 300),
    "slices' edges": [at + d for at in knocking(3.0, 150) for d in (0.0, 2.999)],
}


@pytest.mark.parametrize("schedule", SCHEDULES.values(), ids=SCHEDULES.keys())
def test_it_lets_no_minute_hold_more_than_the_api_limit(clock, settings, schedule):
    settings.API_RATE_LIMIT = API_LIMIT
    client = phone(1)
    let_in = [at for at in schedule if ask_api(client, clock, at) == 200]
    assert busiest_minute(let_in) <= API_LIMIT, let_in
    # Refused requests do not count: a client that keeps asking still gets its share.
    span = schedule[-1] - schedule[0]
    assert len(let_in) >= min(len(schedule), API_LIMIT * (1 + int(span // (MINUTE + 3))))


def test_a_burst_straddling_a_fixed_windows_end_is_refused(clock, settings):
    settings.API_RATE_LIMIT = API_LIMIT
    client = phone(2)
    assert ask_api(client, clock, 0.0) == 200
    assert [ask_api(client, clock, 59.5) for _ in range(4)] == [200] * 4
    # The first has left the minute, the other four have not: room for one.
    assert [ask_api(client, clock, 60.5) for _ in range(3)] == [200, 429, 429]
    assert ask_api(client, clock, 119.4) == 429
    assert ask_api(phone(3), clock, 60.5) == 200  # another client has its own minute


@pytest.mark.parametrize(
    "earlier",
    [
        [0.0] * API_LIMIT,
        [0.0, 10.0, 20.0, 30.0, 40.0],
        [13.0] * 2 + [41.5] * 3,
        [59.0] * API_LIMIT,
    ],
)
def test_the_429_says_when_a_request_will_be_let_in(clock, settings, earlier):
    settings.API_RATE_LIMIT = API_LIMIT
    client = phone(4)
    assert [ask_api(client, clock, at) for at in earlier] == [200] * API_LIMIT
    refused_at = earlier[-1] + 1
    clock[0] = 1_700_000_000.0 + refused_at
    refused = client.get("/api/v1/variants")
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= MINUTE + 3
    assert ask_api(client, clock, refused_at + wait - 1) == 429
    assert ask_api(client, clock, refused_at + wait) == 200
