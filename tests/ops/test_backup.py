"""`manage.py backup_sqlite` and `restore_sqlite`: a consistent copy while hands are being
written, a restore that puts it back (and keeps the database it replaces), and refusals
of anything that is not an intact backup of this app."""

import sqlite3
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.ops.test_crash import ROOT, child_env, kill, migrated, read_until, run, writer
from tests.waiting import PATIENCE

sqlite_only = pytest.mark.skipif(
    "connection.vendor != 'sqlite'", reason="SQLite backups; PostgreSQL uses pg_dump"
)


def manage(url, *args):
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *map(str, args)],
        env=child_env(url),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )


def hands_in(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM scoring_hand").fetchone()[0]


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A migrated SQLite file with one session, made once for the module."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    url = migrated(f"sqlite:///{path}")
    setup = run(url, "setup")
    assert setup.returncode == 0, setup.stderr
    return path, int(setup.stdout.split()[-1])


@pytest.fixture
def live(template, tmp_path):
    """A copy of the template, as the site would have it."""
    source, pk = template
    path = tmp_path / "live.sqlite3"
    with sqlite3.connect(source) as db, sqlite3.connect(path) as copy:
        db.backup(copy)
    return f"sqlite:///{path}", path, pk


@sqlite_only
def test_it_backs_up_consistently_while_hands_are_written(live, tmp_path):
    url, path, pk = live
    busy = writer(url, "write", pk, 7)
    read_until(busy, "step 10")
    copies = []
    for n in range(3):
        result = manage(url, "backup_sqlite", tmp_path / f"copy{n}.sqlite3")
        assert result.returncode == 0, result.stderr
        assert "checked" in result.stdout
        copies.append(tmp_path / f"copy{n}.sqlite3")
        read_until(busy, "recorded")  # a hand written between this copy and the next
    kill(busy)
    for copy in copies:
        with sqlite3.connect(copy) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        # Every hand in the copy whole, scored, with its history; totals add up.
        check = run(f"sqlite:///{copy}", "check", pk)
        assert check.returncode == 0, check.stdout + check.stderr
    assert hands_in(copies[-1]) >= hands_in(copies[0]) > 0


@sqlite_only
def test_it_names_a_backup_in_a_directory_and_keeps_an_existing_file(live, tmp_path):
    url, _path, _pk = live
    folder = tmp_path / "backups"
    folder.mkdir()
    result = manage(url, "backup_sqlite", folder)
    assert result.returncode == 0, result.stderr
    (made,) = folder.glob("napoleon-*.sqlite3")
    refused = manage(url, "backup_sqlite", made)
    assert refused.returncode != 0 and "add --force" in refused.stderr
    assert manage(url, "backup_sqlite", made, "--force").returncode == 0


@sqlite_only
def test_it_restores_a_backup_and_keeps_the_database_it_replaces(live, tmp_path):
    url, path, pk = live
    busy = writer(url, "write", pk, 8)
    read_until(busy, "step 10")
    kill(busy)
    backup = tmp_path / "good.sqlite3"
    assert manage(url, "backup_sqlite", backup).returncode == 0
    kept = hands_in(backup)
    busy = writer(url, "write", pk, 9)
    read_until(busy, "step 20")
    kill(busy)
    assert hands_in(path) != kept

    asked = manage(url, "restore_sqlite", backup)
    assert asked.returncode != 0 and "--yes" in asked.stderr
    assert hands_in(path) != kept

    done = manage(url, "restore_sqlite", backup, "--yes")
    assert done.returncode == 0, done.stderr
    assert hands_in(path) == kept
    (before,) = tmp_path.glob("live.before-restore-*.sqlite3")
    assert hands_in(before) != kept
    assert run(url, "check", pk).returncode == 0


@sqlite_only
def test_it_refuses_anything_but_an_intact_backup(live, tmp_path):
    url, path, _pk = live
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray(path.read_bytes())  # an intact database of the app, as a backup is
    data[4096 : 4096 * 3] = b"\xff" * (4096 * 2)
    damaged.write_bytes(bytes(data))
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    before = path.read_bytes()
    # The file is judged before any database is opened: each refusal in this process,
    # and one through manage.py as a person types it.
    for bad, message in [
        (tmp_path / "missing.sqlite3", "is not a file"),
        (text, "is not an SQLite database"),
        (damaged, "is damaged"),
        (other, "is not a Napoleon scorekeeper database"),
    ]:
        with pytest.raises(CommandError, match=message):
            call_command("restore_sqlite", bad, "--yes")
    result = manage(url, "restore_sqlite", damaged, "--yes")
    assert result.returncode != 0
    assert "is damaged" in result.stderr, result.stderr
    assert path.read_bytes() == before


@pytest.mark.skipif("connection.vendor == 'sqlite'", reason="on PostgreSQL only")
@pytest.mark.django_db
def test_on_postgresql_it_points_to_pg_dump(tmp_path):
    assert connection.vendor == "postgresql"
    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup_sqlite", tmp_path / "x.sqlite3")
    with pytest.raises(CommandError):
        call_command("restore_sqlite", tmp_path / "x.sqlite3", "--yes")
