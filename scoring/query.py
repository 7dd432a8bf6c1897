"""Strict readers for what a URL carries: whole numbers, dates and choices.

Python is generous in ways a query string must not be: ``"²".isdigit()`` and
``"①".isdigit()`` are true but ``int()`` refuses both; ``int()`` takes ``"١٢"``,
``" 7 "`` and ``"1_000"``, and a 5,000-digit number costs real time. Here a value is a
number only when it is ASCII digits (an optional sign first), short, and within the
bounds the caller gives; a date only when it is ``YYYY-MM-DD`` inside the range a card
table can mean. Anything else reads as ``None``, so a page can ignore it or say why,
and never fail. Every view and form that reads a query value or a date goes through
here (tests/security/test_query_fuzz.py walks every page with odd query strings), and
every id a request names, in its query or its form, is read by ``object_id``: ASCII
digits and nothing else, no sign, no spaces.
"""

import datetime
import re
import unicodedata
from collections.abc import Container

from django.http import QueryDict

# The dates a table can mean: a session's date, a period's bounds. Far enough back for
# an old score sheet typed in, far enough ahead for any typo a person would not notice.
FIRST_DATE = datetime.date(1900, 1, 1)
LAST_DATE = datetime.date(2200, 12, 31)

# Database ids fit a signed 64-bit integer; 18 digits always do.
MAX_ID = 10**18 - 1

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_ID = re.compile(r"[0-9]{1,18}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def whole(text: object, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, else None."""
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def object_id(text: object) -> int | None:
    """A database id (1 and up) named in a URL or a form, else None.

    The one reader of ids from a request: ``"²"`` and ``"٣"`` pass ``str.isdigit()``,
    ``int()`` takes ``"٣"``, ``"+3"`` and ``" 3"``; none of them is an id here. A list
    posted for one field arrives as its last value (``QueryDict.get``), any other
    object as None.
    """
    if not isinstance(text, str) or not _ID.fullmatch(text):
        return None
    value = int(text)
    return value if value >= 1 else None


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character (NUL, a tab, a line break, an escape)
    or a lone surrogate. No account name, search or name a person types holds one, and
    PostgreSQL refuses NUL in any text it is asked to compare: a field read straight from
    a request is checked with this before it reaches a query."""
    return any(unicodedata.category(char) in ("Cc", "Cs") for char in text)


def date(
    text: object, low: datetime.date = FIRST_DATE, high: datetime.date = LAST_DATE
) -> datetime.date | None:
    """``text`` as an ISO date (``2025-03-14``) from ``low`` to ``high``, else None."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return None
    try:
        value = datetime.date.fromisoformat(text)
    except ValueError:  # 2025-02-30
        return None
    return value if low <= value <= high else None


def choice(text: object, choices: Container[str]) -> str | None:
    """``text`` when it is one of ``choices`` exactly, else None."""
    return text if isinstance(text, str) and text in choices else None


def get_whole(
    query: QueryDict, name: str, low: int, high: int, default: int | None = None
) -> int | None:
    """The last ``name`` in a QueryDict as a bounded whole number (``default`` if absent
    or unreadable)."""
    value = whole(query.get(name), low, high)
    return default if value is None else value


def get_date(
    query: QueryDict, name: str, default: datetime.date | None = None
) -> datetime.date | None:
    value = date(query.get(name))
    return default if value is None else value


def get_choice(
    query: QueryDict, name: str, choices: Container[str], default: str | None = None
) -> str | None:
    value = choice(query.get(name), choices)
    return default if value is None else value
