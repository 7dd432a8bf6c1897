"""MD5 (fast, for tests only) that appends one byte to $NAPOLEON_PASSWORD_COUNT for each
password it checks. O_APPEND writes of one byte never interleave, across threads or
processes."""

import os

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"

    def verify(self, password, encoded):
        path = os.environ.get("NAPOLEON_PASSWORD_COUNT")
        if path:
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(descriptor, b"1")
            finally:
                os.close(descriptor)
        return super().verify(password, encoded)
