"""`manage.py check --deploy` reports nothing with the production variables that
docs/deploying.md documents, and the settings read them as documented."""

import os
import re
import runpy
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tests.waiting import PATIENCE

ROOT = Path(settings.BASE_DIR)
DOC = ROOT / "docs" / "deploying.md"


def documented_env() -> dict[str, str]:
    """The NAME=value lines of the production block in docs/deploying.md, with a real
    secret key in place of its placeholder (which the settings refuse)."""
    text = DOC.read_text()
    block = re.search(r"<!-- production-env -->(.*?)<!-- /production-env -->", text, re.S)
    assert block, "docs/deploying.md lost its production-env block"
    env = dict(re.findall(r"^([A-Z_]+)=(\S+)$", block.group(1), re.M))
    assert env["DJANGO_SECRET_KEY"].startswith("change-me")
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def clean_environ() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}


def check_deploy(extra: dict[str, str]):
    env = {**clean_environ(), "DJANGO_SETTINGS_MODULE": "napoleon_site.settings", **extra}
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "check", "--deploy", "--fail-level", "DEBUG"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )


def test_the_documented_production_variables_pass_check_deploy():
    env = documented_env()
    assert env["DJANGO_DEBUG"] == "0"
    result = check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_complains_without_them():
    """The check is not vacuous: drop HSTS and it speaks up."""
    env = documented_env()
    env.pop("DJANGO_SECURE_HSTS_SECONDS")
    result = check_deploy(env)
    assert result.returncode != 0
    assert "security.W004" in result.stderr + result.stdout


def test_a_short_secret_key_does_not_start_production():
    result = check_deploy({**documented_env(), "DJANGO_SECRET_KEY": "abc"})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be 50 or more random characters, got 3" in result.stderr


# ---- the settings behind it ---------------------------------------------------------------


def load_settings(monkeypatch, **env):
    for name in list(os.environ):
        if name.startswith("DJANGO_") and name != "DJANGO_SETTINGS_MODULE":
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "napoleon_site" / "settings.py"))


KEY = "gT4-e9Qw_Lr2zVb7Hn0pKs5Xy8Ud3Fj6Mc1Ao_iEt-WgRhZlNqBuYxDvCk"  # fixed: test ids


@pytest.mark.parametrize("key", ["change-me-" + KEY, "django-insecure-" + KEY])
def test_it_refuses_a_placeholder_secret_key_in_production(monkeypatch, key):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY is a placeholder"):
        load_settings(monkeypatch, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=key)


@pytest.mark.parametrize("key", ["abc", KEY[:49], "x" * 60, "abab" * 20])
def test_it_refuses_a_short_or_plain_secret_key_in_production(monkeypatch, key):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY must be 50 or more"):
        load_settings(monkeypatch, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=key)


def test_development_keeps_its_short_key(monkeypatch):
    """dev.py and the tests run with debug on and a short development key."""
    conf = load_settings(monkeypatch, DJANGO_DEBUG="1", DJANGO_SECRET_KEY="django-insecure-dev")
    assert conf["SECRET_KEY"] == "django-insecure-dev"


def test_production_is_strict_by_default(monkeypatch):
    conf = load_settings(monkeypatch, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=KEY)
    assert conf["SESSION_COOKIE_SECURE"] and conf["CSRF_COOKIE_SECURE"]
    assert conf["SECURE_SSL_REDIRECT"]
    assert conf["SECURE_HSTS_SECONDS"] == 0  # HSTS is sticky: opt in
    assert "SECURE_PROXY_SSL_HEADER" not in conf
    assert conf["SECURE_REFERRER_POLICY"] == "same-origin"
    assert conf["SECURE_CONTENT_TYPE_NOSNIFF"] is True


def test_development_stays_on_plain_http(monkeypatch):
    conf = load_settings(monkeypatch, DJANGO_DEBUG="1")
    assert not conf["SESSION_COOKIE_SECURE"] and not conf["SECURE_SSL_REDIRECT"]


def test_it_trusts_the_proxy_only_when_told(monkeypatch):
    conf = load_settings(
        monkeypatch,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=KEY,
        DJANGO_BEHIND_PROXY="1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_SECURE_HSTS_SECONDS="600",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://a.example, https://b.example:8443",
    )
    assert conf["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    assert not conf["SECURE_SSL_REDIRECT"] and not conf["SESSION_COOKIE_SECURE"]
    assert conf["SECURE_HSTS_SECONDS"] == 600
    assert conf["CSRF_TRUSTED_ORIGINS"] == ["https://a.example", "https://b.example:8443"]


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DJANGO_SECURE_HSTS_SECONDS", "a year", "DJANGO_SECURE_HSTS_SECONDS must be a whole"),
        ("DJANGO_SECURE_HSTS_SECONDS", "-1", "DJANGO_SECURE_HSTS_SECONDS must be 0 or more"),
        ("DJANGO_CSRF_TRUSTED_ORIGINS", "scores.example.org", "DJANGO_CSRF_TRUSTED_ORIGINS"),
        ("DJANGO_BEHIND_PROXY", "maybe", "DJANGO_BEHIND_PROXY"),
        ("DJANGO_API_RATE_LIMIT", "lots", "DJANGO_API_RATE_LIMIT"),
    ],
)
def test_it_refuses_a_bad_security_value_naming_it(monkeypatch, name, value, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        load_settings(monkeypatch, DJANGO_DEBUG="1", **{name: value})
