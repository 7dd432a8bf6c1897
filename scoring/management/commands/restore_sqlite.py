"""manage.py restore_sqlite PATH --yes: put a backup back in place of the live database."""

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scoring.management.sqlite_backup import BackupError, check_file, restore


class Command(BaseCommand):
    help = (
        "Replace the SQLite database's content with the backup at PATH. Refuses a file "
        "that is not an intact database of this app; saves the current database beside "
        "it first. Stop the app servers before restoring."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("path", type=Path)
        parser.add_argument(
            "--yes", action="store_true", help="really replace the current database"
        )
        parser.add_argument(
            "--no-keep", action="store_true", help="do not save the current database first"
        )
        parser.add_argument("--database", default="default")

    def handle(
        self, *args: Any, path: Path, yes: bool, no_keep: bool, database: str, **options: Any
    ) -> None:
        try:
            check_file(path)
            if not yes:
                raise CommandError(
                    f"{path} is a good backup. Restoring replaces every league, session and "
                    "hand in the current database: run again with --yes to do it."
                )
            saved = restore(path, alias=database, keep_current=not no_keep)
        except BackupError as error:
            raise CommandError(str(error)) from error
        if saved:
            self.stdout.write(f"The database as it was is saved in {saved}.")
        self.stdout.write(self.style.SUCCESS(f"Restored from {path}."))
        self.stdout.write("Run `manage.py migrate` if the backup is older than this release.")
