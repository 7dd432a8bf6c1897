import os
import runpy
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.template import engines

from napoleon_site.env import env_bool, env_list

SETTINGS_FILE = Path(settings.BASE_DIR) / "napoleon_site" / "settings.py"


def load_settings():
    """Run settings.py afresh against the current (monkeypatched) environment."""
    return runpy.run_path(str(SETTINGS_FILE))


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("TRUE", True), ("yes", True), ("On", True)]
    + [("0", False), ("false", False), ("NO", False), ("off", False)],
)
def test_it_accepts_the_usual_boolean_words(clean_env, raw, expected):
    clean_env.setenv("DJANGO_DEBUG", raw)
    assert env_bool("DJANGO_DEBUG", "0") is expected


def test_it_rejects_a_bad_debug_value_naming_it(clean_env):
    clean_env.setenv("DJANGO_DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match=r"DJANGO_DEBUG.*'maybe'"):
        load_settings()


def test_it_requires_a_secret_key_when_debug_is_off(clean_env):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY.*not set"):
        load_settings()


def test_it_rejects_an_empty_secret_key_when_debug_is_off(clean_env):
    clean_env.setenv("DJANGO_SECRET_KEY", "")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY.*empty"):
        load_settings()


def test_it_uses_a_development_secret_key_when_debug_is_on(clean_env):
    clean_env.setenv("DJANGO_DEBUG", "1")
    assert load_settings()["SECRET_KEY"]


def test_it_splits_allowed_hosts_on_commas(clean_env):
    clean_env.setenv("DJANGO_ALLOWED_HOSTS", " example.com, .example.org ,")
    assert env_list("DJANGO_ALLOWED_HOSTS", "") == ["example.com", ".example.org"]


def test_it_defaults_to_sqlite_in_the_project_folder(clean_env):
    clean_env.setenv("DJANGO_DEBUG", "1")
    db = load_settings()["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(db["NAME"]) == Path(settings.BASE_DIR) / "db.sqlite3"
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert db["CONN_MAX_AGE"] == 60  # a server thread's next request reuses it


def test_it_keeps_postgres_connections_open(clean_env):
    clean_env.setenv("DJANGO_DEBUG", "1")
    clean_env.setenv("DATABASE_URL", "postgres://user:pw@db.example:5432/napoleon")
    db = load_settings()["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert db["CONN_MAX_AGE"] == 60


def test_it_rejects_a_bad_database_url_without_showing_the_password(clean_env):
    clean_env.setenv("DJANGO_DEBUG", "1")
    clean_env.setenv("DATABASE_URL", "nosuchdb://user:hunter2@host/db")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL.*nosuchdb") as info:
        load_settings()
    assert "hunter2" not in str(info.value)


def test_it_puts_whitenoise_right_after_the_security_middleware():
    middleware = settings.MIDDLEWARE
    security = middleware.index("django.middleware.security.SecurityMiddleware")
    assert middleware[security + 1] == "whitenoise.middleware.WhiteNoiseMiddleware"


def test_it_renders_template_partials_without_a_load_tag():
    loader = engines["django"].engine.template_loaders[0]
    assert type(loader).__module__ == "template_partials.loader"
    template = engines["django"].from_string(
        "{% partialdef greeting inline %}Hello {{ name }}{% endpartialdef %}"
    )
    assert template.render({"name": "Napoleon"}) == "Hello Napoleon"


@pytest.mark.django_db
def test_it_talks_to_the_database_named_by_database_url():
    expected = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


@pytest.mark.django_db
def test_it_renders_the_admin_login_page(client):
    response = client.get("/admin/login/")
    assert response.status_code == 200
