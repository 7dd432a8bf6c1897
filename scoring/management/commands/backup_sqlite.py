"""manage.py backup_sqlite PATH: a consistent copy of the live SQLite database."""

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scoring.management.sqlite_backup import BackupError, backup


class Command(BaseCommand):
    help = (
        "Copy the SQLite database to PATH while the site runs (SQLite's online backup: "
        "a consistent snapshot). PATH may be a directory: the copy is then named "
        "napoleon-YYYYmmdd-HHMMSS.sqlite3 inside it. For PostgreSQL use pg_dump."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("path", type=Path)
        parser.add_argument("--force", action="store_true", help="replace an existing file")
        parser.add_argument("--database", default="default")

    def handle(self, *args: Any, path: Path, force: bool, database: str, **options: Any) -> None:
        try:
            target = backup(path, overwrite=force, alias=database)
        except BackupError as error:
            raise CommandError(str(error)) from error
        size = target.stat().st_size
        self.stdout.write(self.style.SUCCESS(f"Backed up to {target} ({size:,} bytes), checked."))
