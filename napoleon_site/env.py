"""Readers for settings taken from the environment.

Each one raises ImproperlyConfigured naming the variable and the bad value, so a
typo stops startup instead of silently running with a default.
"""

import os
from email.utils import getaddresses
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from dj_database_url import DBConfig
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def env_bool(name: str, default: str) -> bool:
    raw = os.environ.get(name, default)
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/0/true/false/yes/no/on/off, got {raw!r}")


def env_str(name: str, default: str | None = None) -> str:
    """Return the variable; with no default, unset or empty is an error."""
    raw = os.environ.get(name, "")
    if raw:
        return raw
    if default is None:
        state = "empty" if name in os.environ else "not set"
        raise ImproperlyConfigured(f"{name} is required but is {state}")
    return default


def env_int(name: str, default: int, minimum: int = 0) -> int:
    raw = os.environ.get(name, "")
    if not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be {minimum} or more, got {raw!r}")
    return value


def env_list(name: str, default: str) -> list[str]:
    raw = os.environ.get(name, default)
    items = [item.strip() for item in raw.split(",") if item.strip()]
    if not items:
        raise ImproperlyConfigured(f"{name} must be a comma-separated list, got {raw!r}")
    return items


def _without_password(url: str) -> str:
    # The bad value goes into an error message, which may end up in logs.
    try:
        parts = urlsplit(url)
        if parts.password:
            netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
            return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        pass
    return url


def env_database(name: str, default: str) -> DBConfig:
    raw = os.environ.get(name, default)
    try:
        config = dj_database_url.parse(raw)
    except ValueError as exc:  # UnknownSchemeError and ParseError both subclass it
        raise ImproperlyConfigured(
            f"{name} is not a valid database URL: {_without_password(raw)!r} ({exc})"
        ) from exc
    if not config.get("ENGINE") or not config.get("NAME"):
        raise ImproperlyConfigured(
            f"{name} is not a valid database URL: {_without_password(raw)!r}"
        )
    return config


def env_origins(name: str, default: str = "") -> list[str]:
    """Comma-separated origins such as ``https://scores.example.org`` (scheme required)."""
    raw = os.environ.get(name, default)
    origins = [item.strip() for item in raw.split(",") if item.strip()]
    for origin in origins:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            raise ImproperlyConfigured(
                f"{name} must list origins like https://scores.example.org, got {origin!r}"
            )
    return origins


def env_choice(name: str, default: str, choices: list[str]) -> str:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if raw.upper() not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return raw.upper()


def env_admins(name: str) -> list[tuple[str, str]]:
    """``Ann <ann@example.org>, ops@example.org`` → Django's ADMINS (name, address) pairs."""
    raw = os.environ.get(name, "")
    admins: list[tuple[str, str]] = []
    for person, address in getaddresses([raw]):
        if not person and not address:
            continue
        if "@" not in address:
            raise ImproperlyConfigured(
                f"{name} must list e-mail addresses like Ann <ann@example.org>, got {raw!r}"
            )
        admins.append((person or address, address))
    return admins
