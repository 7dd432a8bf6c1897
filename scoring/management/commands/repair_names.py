"""Give back the marks the old name cleaning trimmed from the ends of player names."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scoring.history.imports import ImportRefused
from scoring.history.imports.prepare import read_head
from scoring.history.imports.schema import Head
from scoring.leagues import name_repair
from scoring.models import League

UNDECIDABLE = (
    "Whether any of these lost a mark cannot be told from the database: the stored name "
    "may be the whole name. Only the original spelling can repair them: run again with "
    "--from-export and a league file that holds it (one exported before the names were "
    "trimmed, or the file the league was imported from)."
)


class Command(BaseCommand):
    help = (
        "Player names once stored without the combining marks at their ends (สมศรี as "
        "สมศร): with --from-export, rename each entry whose name is a name of that league "
        "file with its end marks trimmed to the file's spelling; without it, list the "
        "entries that may have lost a mark."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--from-export", dest="source", metavar="FILE", help="a league file (JSON export)"
        )
        parser.add_argument(
            "--league", type=int, metavar="ID", help="the league to repair or look through"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="say what would change, change nothing"
        )

    def handle(
        self,
        *args: Any,
        source: str | None,
        league: int | None,
        dry_run: bool,
        **options: Any,
    ) -> None:
        if source is None:
            self._suspects(league)
            return
        head = _head(source)
        target = _league(league, head)
        fixes = name_repair.plan(target, list(head.players))
        if not dry_run:
            name_repair.apply(target, fixes)
        self._report(target, fixes, dry_run)
        spelled = head.league.name
        if target.name != spelled and target.name == name_repair.old_normal(spelled):
            self.stdout.write(
                f"  The league's own name may have lost a mark too ({target.name}, the file "
                f"says {spelled}); this command renames player entries only."
            )

    def _report(self, league: League, fixes: list[name_repair.Fix], dry_run: bool) -> None:
        self.stdout.write(f"League {league.pk} {league.name}:")
        done = [fix for fix in fixes if not fix.problem]
        verb = "would rename" if dry_run else "renamed"
        for fix in done:
            self.stdout.write(f"  {verb} entry #{fix.player.pk} {fix.player.name} → {fix.name}")
        for fix in fixes:
            if fix.problem:
                self.stdout.write(
                    f"  skipped entry #{fix.player.pk} {fix.player.name} → {fix.name}: "
                    f"{fix.problem}"
                )
        if not fixes:
            self.stdout.write("  no entry is a name of the file with its end marks lost.")
        tail = "nothing was changed (dry run)." if dry_run else f"{len(done)} renamed."
        self.stdout.write(f"  {len(done)} to rename, {len(fixes) - len(done)} skipped; {tail}")

    def _suspects(self, league: int | None) -> None:
        leagues = League.objects.all()
        if league is not None:
            leagues = leagues.filter(pk=league)
            if not leagues.exists():
                raise CommandError(f"No league has the id {league}.")
        found = name_repair.suspects(leagues)
        if not found:
            self.stdout.write("No entry ends where the old cleaning could have trimmed a mark.")
            return
        self.stdout.write("Entries whose name ends where the old cleaning may have trimmed a mark:")
        for player in found:
            self.stdout.write(f"  league {player.league_id}, entry #{player.pk}: {player.name}")
        self.stdout.write(UNDECIDABLE)


def _head(source: str) -> Head:
    try:
        with open(source, "rb") as file:
            return read_head(file)
    except OSError as error:
        raise CommandError(f"Cannot read {source}: {error.strerror or error}") from None
    except ImportRefused as refused:
        raise CommandError(refused.message) from None


def _league(pk: int | None, head: Head) -> League:
    """The league asked for, or the one called as the file's league (its name perhaps
    trimmed too)."""
    if pk is not None:
        found = League.objects.filter(pk=pk).first()
        if found is None:
            raise CommandError(f"No league has the id {pk}.")
        return found
    name = head.league.name
    called = list(League.objects.filter(name__in={name, name_repair.old_normal(name)}))
    if len(called) != 1:
        count = "No league" if not called else f"{len(called)} leagues"
        raise CommandError(f"{count} called {name}: say which with --league ID.")
    return called[0]
