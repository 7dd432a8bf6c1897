"""The project's settings for the live server of tests/security/live.py, and one change:
a fast password hasher that counts every password it checks (tests prove that a
throttle refuses before the password is looked at)."""

from napoleon_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["tests.security.counting_hasher.CountingHasher"]
