"""Rows into a table by the thousand, each value given as text a database reads (JSON as
JSON text, a UUID as its hex, dates and times in ISO form, a stake as ``0.50``).

Where the driver offers COPY (psycopg, for PostgreSQL) the rows go that way: the database
reads every value as text, as it would read a file, far faster than row-by-row inserts
through client-side binding. Elsewhere (SQLite) they go by ``executemany``, each value
that needs it prepared the way Django prepares it for that database (a time in SQLite's
own format, say), so the stored rows are the same as the ORM's.
"""

import json
import uuid
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from django.db import connection, models
from django.db.backends.utils import CursorWrapper

Convert = Callable[[Any], object]


def _quoted(model: type[models.Model], columns: Iterable[str]) -> tuple[str, str]:
    names = ", ".join(connection.ops.quote_name(_column(model, c)) for c in columns)
    return connection.ops.quote_name(model._meta.db_table), names


def _column(model: type[models.Model], name: str) -> str:
    found = model._meta.get_field(name)
    if not isinstance(found, models.Field) or found.column is None:
        raise ValueError(f"{name} is not a column of {model.__name__}")
    return found.column


def _converter(model_field: Any) -> Convert | None:
    """How a text value of this field is given to executemany; None when as it is."""
    if isinstance(model_field, models.JSONField):
        adapt = connection.ops.adapt_json_value
        if isinstance(adapt([], None), str):
            return None  # a database that keeps JSON as text (and json.dumps wrote it)
        return lambda value: adapt(json.loads(value), None)
    if isinstance(model_field, models.UUIDField):
        probe = uuid.UUID(int=1)
        if model_field.get_db_prep_save(probe, connection) == probe.hex:
            return None  # a database that keeps a UUID as its hex
        return lambda value: model_field.get_db_prep_save(uuid.UUID(value), connection)
    if isinstance(model_field, models.DateField | models.DecimalField):
        # Cached: the hands of an import share their two time stamps, a night its date.
        return lru_cache(maxsize=1024)(
            lambda value: model_field.get_db_prep_save(model_field.to_python(value), connection)
        )
    return None


class Rows:
    """Writes rows of ``columns`` (field names) into ``model``'s table."""

    def __init__(self, model: type[models.Model], columns: Iterable[str]) -> None:
        self.model, self.columns = model, tuple(columns)
        self.table, self.names = _quoted(model, self.columns)
        fields = [model._meta.get_field(name) for name in self.columns]
        self.converters = [
            (index, convert)
            for index, model_field in enumerate(fields)
            if (convert := _converter(model_field)) is not None
        ]

    def put(self, cursor: CursorWrapper, rows: Iterable[Sequence[Any]]) -> None:
        raw = getattr(cursor, "cursor", None)  # the driver's own cursor
        copying = getattr(raw, "copy", None)  # psycopg's COPY
        if copying is not None:
            with copying(f"COPY {self.table} ({self.names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        if self.converters:
            rows = map(self._prepared, rows)
        marks = ", ".join(["%s"] * len(self.columns))
        cursor.executemany(f"INSERT INTO {self.table} ({self.names}) VALUES ({marks})", list(rows))

    def _prepared(self, row: Sequence[Any]) -> list[Any]:
        values = list(row)
        for index, convert in self.converters:
            if values[index] is not None:
                values[index] = convert(values[index])
        return values


def ids(
    cursor: CursorWrapper, model: type[models.Model], parent: str, parents: list[int], order: str
) -> list[int]:
    """The ids of ``model``'s rows whose ``parent`` is among ``parents``, in ``order``."""
    table, column = _quoted(model, (parent,))
    marks = ", ".join(["%s"] * len(parents))
    cursor.execute(f"SELECT id FROM {table} WHERE {column} IN ({marks}) ORDER BY {order}", parents)
    return [found for (found,) in cursor.fetchall()]
