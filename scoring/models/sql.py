"""Small helpers for the few statements written in SQL (where building them in the ORM
cost more than running them): a table's quoted name, and dates as a cursor returns them."""

import datetime

from django.db import connection, models
from django.utils import timezone
from django.utils.dateparse import parse_datetime


def quoted(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def quoted_name(column: str) -> str:
    return connection.ops.quote_name(column)


def as_date(value: object) -> datetime.date:
    """A date column as a cursor returns it: a date (PostgreSQL) or its ISO text (SQLite)."""
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value))


def as_datetime(value: object) -> datetime.datetime | None:
    """A date-and-time column as a cursor returns it (SQLite: text, in UTC), or None."""
    if value is None or isinstance(value, datetime.datetime):
        return value
    found = parse_datetime(str(value))
    if found is None:
        raise ValueError(f"not a date and time: {value!r}")
    return found if timezone.is_aware(found) else found.replace(tzinfo=datetime.UTC)
