"""The project's settings for the live server of tests/security/live.py, and one change:
a fast password hasher that counts every password it checks (tests prove that a
throttle refuses before the password is looked at)."""

from napoleon_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["tests.security.counting_hasher.CountingHasher"]

# runserver answers each request in a new thread, so a kept connection is never reused and
# lingers until its thread is collected: 200 parallel requests would exhaust PostgreSQL's
# 100 connections. Django's advice for the development server: no persistent connections.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
