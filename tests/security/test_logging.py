"""Every answer carries a request id, and under production settings a server error is
logged to stderr with its traceback and that id, so a player's report can be found in the
log."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client

from napoleon_site.env import env_admins
from tests.waiting import PATIENCE

ROOT = Path(django_settings.BASE_DIR)

# Run in a fresh interpreter, under the production settings: a view that fails (patched
# in: there is no crash URL to reach), asked for with a request id and without one.
CRASH = """
import django
django.setup()
from unittest import mock
from django.test import Client
client = Client(raise_request_exception=False)
with mock.patch("scoring.leagues.views.home.render", side_effect=RuntimeError("boom at the table")):
    given = client.get("/", secure=True, HTTP_X_REQUEST_ID="phone-7-save-42")
    fresh = client.get("/", secure=True)
print("STATUS", given.status_code, fresh.status_code)
print("IDS", given["X-Request-ID"], fresh["X-Request-ID"])
"""


def production_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "napoleon_site.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_STATICFILES_STORAGE": "django.contrib.staticfiles.storage.StaticFilesStorage",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


def test_a_server_error_in_production_logs_its_traceback_and_request_id_to_stderr():
    result = subprocess.run(
        [sys.executable, "-c", CRASH],
        env=production_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )
    assert result.returncode == 0, result.stderr
    assert "STATUS 500 500" in result.stdout
    fresh_id = re.search(r"IDS phone-7-save-42 ([0-9a-f]{32})", result.stdout).group(1)
    log = result.stderr
    for request_id in ("phone-7-save-42", fresh_id):
        line = next(line for line in log.splitlines() if f"[{request_id}]" in line)
        assert "ERROR django.request" in line and "Internal Server Error: /" in line
    assert log.count("Traceback (most recent call last):") == 2
    assert "RuntimeError: boom at the table" in log


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sent", "kept"),
    [("abc-123_x.y:z", True), ("", False), ("has space", False), ("x" * 65, False)]
    + [("line\nbreak", False), ("ümlaut", False)],
)
def test_every_answer_carries_a_request_id(sent, kept):
    extra = {"HTTP_X_REQUEST_ID": sent} if sent else {}
    response = Client().get("/accounts/login/", **extra)
    answered = response["X-Request-ID"]
    if kept:
        assert answered == sent
    else:
        assert re.fullmatch(r"[0-9a-f]{32}", answered)


def test_log_lines_name_their_request(caplog):
    import logging

    from napoleon_site.request_id import RequestIdFilter, current

    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "outside", None, None)
    RequestIdFilter().filter(record)
    assert record.request_id == "-"
    token = current.set("inside-1")
    try:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "inside", None, None)
        RequestIdFilter().filter(record)
    finally:
        current.reset(token)
    assert record.request_id == "inside-1"


@pytest.mark.parametrize(
    ("raw", "admins"),
    [
        ("", []),
        ("ops@example.org", [("ops@example.org", "ops@example.org")]),
        ("Ann <ann@example.org>, bo@example.org", [("Ann", "ann@example.org"), ("bo@example.org", "bo@example.org")]),
    ],
)  # fmt: skip
def test_admins_come_from_the_environment(monkeypatch, raw, admins):
    monkeypatch.setenv("DJANGO_ADMINS", raw)
    assert env_admins("DJANGO_ADMINS") == admins


def test_a_bad_admins_value_stops_startup(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    monkeypatch.setenv("DJANGO_ADMINS", "Ann")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ADMINS"):
        env_admins("DJANGO_ADMINS")
