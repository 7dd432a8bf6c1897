"""Online backup and restore of the SQLite database, with SQLite's backup API.

The backup API copies pages inside one read transaction, so the copy is a consistent
snapshot even while the site keeps writing (in WAL mode writers do not wait for it).
Restoring copies a checked file over the live database the same way, in one write
transaction, so no reader ever sees half of it. Both work through Django's own
connection, whatever the database's name (a file, or the tests' in-memory database).
"""

import datetime
import os
import sqlite3
import tempfile
from pathlib import Path

from django.db import connections

HEADER = b"SQLite format 3\x00"
# Tables that make a file this app's database, not just any SQLite file.
REQUIRED_TABLES = {"django_migrations", "scoring_hand", "scoring_handscore", "scoring_gamesession"}


class BackupError(Exception):
    pass


def sqlite_connection(alias: str = "default") -> sqlite3.Connection:
    connection = connections[alias]
    if connection.vendor != "sqlite":
        raise BackupError(
            f"The database {alias!r} is {connection.vendor}, not SQLite: use pg_dump for "
            "PostgreSQL (see docs/deploying.md)."
        )
    connection.ensure_connection()
    raw: sqlite3.Connection = connection.connection  # the vendor, checked above
    return raw


def check_file(path: Path) -> None:
    """Refuse anything but an intact SQLite database of this app."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file.")
    with path.open("rb") as handle:
        if handle.read(len(HEADER)) != HEADER:
            raise BackupError(f"{path} is not an SQLite database.")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = db.execute("PRAGMA integrity_check").fetchall()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is damaged: {error}.") from error
    if result != [("ok",)]:
        problems = "; ".join(row[0] for row in result[:3])
        raise BackupError(f"{path} is damaged: {problems}.")
    missing = REQUIRED_TABLES - tables
    if missing:
        raise BackupError(
            f"{path} is not a Napoleon scorekeeper database (no {', '.join(sorted(missing))})."
        )


def target_for(path: Path, now: datetime.datetime | None = None) -> Path:
    """A directory gets a dated file name inside it."""
    if path.is_dir():
        stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
        return path / f"napoleon-{stamp}.sqlite3"
    return path


def backup(path: Path, overwrite: bool = False, alias: str = "default") -> Path:
    """Copy the live database to ``path`` (a file, or a directory for a dated file)."""
    source = sqlite_connection(alias)
    target = target_for(path)
    if target.exists() and not overwrite:
        raise BackupError(f"{target} exists; add --force to replace it.")
    target.parent.mkdir(parents=True, exist_ok=True)
    # Into a temporary file first: a crash mid-copy never leaves a half backup
    # under the real name.
    handle, temporary = tempfile.mkstemp(prefix=".backup-", suffix=".sqlite3", dir=target.parent)
    os.close(handle)
    try:
        copy = sqlite3.connect(temporary)
        try:
            source.backup(copy)
            # A single file, readable without its -wal beside it.
            copy.execute("PRAGMA journal_mode=DELETE")
        finally:
            copy.close()
        check_file(Path(temporary))
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def restore(path: Path, alias: str = "default", keep_current: bool = True) -> Path | None:
    """Replace the live database's content with the backup at ``path``; first save the
    current database beside it unless told not to. Returns where it was saved."""
    check_file(path)
    live = sqlite_connection(alias)
    saved = None
    name = Path(str(connections[alias].settings_dict["NAME"]))
    if keep_current and name.is_file():
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        saved = backup(name.with_name(f"{name.stem}.before-restore-{stamp}.sqlite3"), alias=alias)
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        source.backup(live)
    finally:
        source.close()
    return saved
