"""Django settings. Everything that differs between machines comes from the
environment through napoleon_site.env; the README lists the variables."""

from pathlib import Path

import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from napoleon_site.env import (
    env_admins,
    env_bool,
    env_choice,
    env_database,
    env_int,
    env_list,
    env_origins,
    env_str,
)

# Django's generic classes subscriptable at run time as the type checker reads them
# (admin.ModelAdmin[Hand], forms.ModelForm[League]): django-stubs' own helper.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", "0")

SECRET_KEY = env_str(
    "DJANGO_SECRET_KEY",
    "django-insecure-development-only-key" if DEBUG else None,
)
if not DEBUG and SECRET_KEY.startswith(("change-me", "django-insecure")):
    # The placeholder from docs/deploying.md, or a development key, must not go live.
    raise ImproperlyConfigured("DJANGO_SECRET_KEY is a placeholder; generate a random one")
if not DEBUG and (len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5):
    # What Django's deploy check asks (security.W009): a short key can be guessed, and it
    # signs sessions, password resets and the known-device cookie.
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY must be 50 or more random characters, got {len(SECRET_KEY)}; "
        "see docs/deploying.md"
    )

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

INSTALLED_APPS = [
    "napoleon_site.apps.ThrottledAdminConfig",  # Django's admin; its login answers 429
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "scoring.apps.ScoringConfig",
]

MIDDLEWARE = [
    "napoleon_site.request_id.RequestIdMiddleware",  # first: every log line and answer has it
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files, precompressed at collectstatic
    "django.middleware.gzip.GZipMiddleware",  # every page, fragment, JSON answer and /sw.js
    "napoleon_site.security.ContentSecurityPolicyMiddleware",
    # Ahead of any middleware that answers by itself (the 413 of a body too large, say),
    # so that every answer carries the security headers.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "napoleon_site.security.PrivateCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Before anything reads the session: the director's board poll that proves it holds
    # the page as it stands is answered 304 from one query (scoring.events.polls).
    "scoring.events.polls.BoardPollMiddleware",
    "scoring.accounts.language.UserLanguageMiddleware",
    # Before anything reads a body (CSRF's check reads the form): too large is refused
    # unread, in the reader's language.
    "napoleon_site.limits.BodyLimitMiddleware",
    "scoring.accounts.offline.OfflineUserMiddleware",  # whose page: the offline page cache
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: it rewrites the finished page (Thai loanwords kept whole), before the length
    # and compression of the middleware above are worked out.
    "scoring.words.thai_lines.KeepThaiWordsWhole",
]

ROOT_URLCONF = "napoleon_site.urls"
WSGI_APPLICATION = "napoleon_site.wsgi.application"

# template_partials rewrites this entry at startup (APP_DIRS becomes explicit
# loaders) so that "page.html#partial" template names work.
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "builtins": ["template_partials.templatetags.partials"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].update({"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True})
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One writer at a time, and the others wait their turn instead of failing with
    # "database is locked": IMMEDIATE takes the write lock at BEGIN (a transaction never
    # has to upgrade a read lock, which SQLite refuses at once), and each connection
    # waits up to SQLITE_TIMEOUT seconds for it. WAL lets pages be read during a write;
    # synchronous=NORMAL is WAL's durable setting against a crashed process (only power
    # loss may take the last commits back).
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("DJANGO_SQLITE_TIMEOUT", 30, minimum=1),
    }
    # A connection kept for the next request of the same server thread, as on PostgreSQL:
    # opening one (and its pragmas) cost a signed-in page as much again as a trivial page
    # costs whole. Idle, it holds no lock; a restore writes into the live file in place
    # (scoring/management/sqlite_backup.py), so a kept connection reads what was restored.
    DATABASES["default"].update({"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- state shared by every app server ------------------------------------------------
# Nothing lives in a process's memory: sessions are rows in the database (Django's
# default engine), and so are the cache and the throttles' counters (a table of
# their own, scoring.accounts.throttle), so any number of app servers can serve the same league.
# `manage.py migrate` makes the cache's table (scoring/migrations/0007_cache_table.py).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "napoleon_cache",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 20000, "CULL_FREQUENCY": 4},
    }
}

# ---- security -----------------------------------------------------------------------
# Production (DJANGO_DEBUG=0) is strict by default: secure cookies and a redirect
# to HTTPS. HSTS is opt-in, since browsers remember it. Behind a reverse proxy that
# terminates TLS, DJANGO_BEHIND_PROXY=1 trusts its X-Forwarded-Proto and takes the
# client's address from the last X-Forwarded-For entry (the one the proxy added).
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", "0")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", "0" if DEBUG else "1")
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", "1")
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", "0")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool(
    "DJANGO_SECURE_COOKIES", "0" if DEBUG else "1"
)
SESSION_COOKIE_HTTPONLY = True
CSRF_TRUSTED_ORIGINS = env_origins("DJANGO_CSRF_TRUSTED_ORIGINS")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (napoleon_site.security): only this site's own scripts
# and styles, never inline ones. The admin's pages carry a few style attributes.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],  # the service worker, /sw.js
    "manifest-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
}
CONTENT_SECURITY_POLICY_RELAXED = {"/admin/": {"style-src": ["'self'", "'unsafe-inline'"]}}

# Pages a screen opens by a secret link, with nobody signed in on it (a club night's TV
# link): nothing reads the browser session or its user there (scoring.accounts.sessionless),
# so the screen's poll every few seconds costs no session read, whatever cookies it sends.
SESSIONLESS_PATHS = ("/tv/",)

# Request bodies, refused with a 413 before they are read (napoleon_site.limits): forms
# here are a few kilobytes, the JSON API's bodies smaller still; only the league import
# takes a file, up to HISTORY_IMPORT_MAX_BYTES plus room for the form around it. A league
# file of 100,000 hands is 46 MiB (57 MiB with the reasons in Thai, the longest of the
# app's languages); 64 MiB keeps room above both and imports in well under 30 s
# (benchmarks/imports.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DJANGO_MAX_BODY_BYTES", 256 * 1024, minimum=1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = 500
API_MAX_BODY_BYTES = env_int("DJANGO_API_MAX_BODY_BYTES", 128 * 1024, minimum=1024)
HISTORY_IMPORT_MAX_BYTES = env_int("DJANGO_IMPORT_MAX_BYTES", 64 * 1024 * 1024, minimum=1024)
BODY_LIMITS = {  # by URL name, the size a person is told (the form's envelope comes on top)
    "scoring:league-import": HISTORY_IMPORT_MAX_BYTES,
}
BODY_LIMIT_JSON_PREFIX = "/api/"  # answered in JSON, as the API answers

# Throttles (scoring.accounts.throttle), counted exactly in a database table.
LOGIN_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5, minimum=1)  # per user+address
LOGIN_FAILURE_WINDOW = env_int("DJANGO_LOGIN_FAILURE_WINDOW", 15 * 60, minimum=1)
LOGIN_IP_FAILURE_LIMIT = 50  # per address, over every username
# Per account over every address: past it, only a device that has logged in to the
# account before may log in, until the window ends.
LOGIN_ACCOUNT_FAILURE_LIMIT = env_int("DJANGO_LOGIN_ACCOUNT_FAILURE_LIMIT", 20, minimum=1)
LOGIN_ACCOUNT_WINDOW = LOGIN_FAILURE_WINDOW
KNOWN_DEVICE_DAYS = 365
SIGNUP_LIMIT = env_int("DJANGO_SIGNUP_LIMIT", 10, minimum=1)  # new accounts per address
SIGNUP_WINDOW = 3600
API_RATE_LIMIT = env_int("DJANGO_API_RATE_LIMIT", 300)  # per client and minute; 0: off
API_RATE_WINDOW = 60
AUTHENTICATION_BACKENDS = ["scoring.accounts.throttle.ThrottledModelBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hant", _("Traditional Chinese")),
    ("ja", _("Japanese")),
    ("ko", _("Korean")),
    ("th", _("Thai")),
    ("fr", _("French")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Tests use the plain storage: the manifest one needs collectstatic first.
    "staticfiles": {
        "BACKEND": env_str(
            "DJANGO_STATICFILES_STORAGE",
            "napoleon_site.storage.StaticFilesStorage",
        ),
    },
}

# ---- logging --------------------------------------------------------------------------
# Everything to stderr, where gunicorn, systemd or docker keep it: a server error with
# its traceback, each line with the id of the request it belongs to (X-Request-ID,
# napoleon_site.request_id), so a user's report can be matched with its traceback.
# With DJANGO_ADMINS set, errors are mailed to them too.
LOG_LEVEL = env_choice("DJANGO_LOG_LEVEL", "INFO", ["DEBUG", "INFO", "WARNING", "ERROR"])
ADMINS = env_admins("DJANGO_ADMINS")
SERVER_EMAIL = env_str("DJANGO_SERVER_EMAIL", "root@localhost")
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", "0")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "napoleon_site.request_id.RequestIdFilter"},
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
    },
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_id"],
            "formatter": "line",
        },
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own default prints only while DEBUG is on; here it always reaches stderr.
        "django": {"handlers": ["mail_admins"], "level": LOG_LEVEL, "propagate": True},
    },
}

LOGIN_URL = "scoring:login"
LOGIN_REDIRECT_URL = "scoring:home"
LOGOUT_REDIRECT_URL = "scoring:home"
