"""Crash safety: writers are SIGKILLed in the middle of writing hands, and the database
they leave is consistent: every hand whole with all its seats' scores (the engine's),
its history up to date, totals equal to the sum of the hands, nothing committed lost,
and the database ready for the next write.

The writers (tests/ops/crash_writer.py) run against a scratch database of the same kind
as the suite's: a temporary SQLite file (WAL mode, as in production), or a database made
for the purpose on the suite's PostgreSQL server when DATABASE_URL points to one.
"""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.waiting import PATIENCE

ROOT = Path(settings.BASE_DIR)


def child_env(url):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    path = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return {**env, "DATABASE_URL": url, "DJANGO_DEBUG": "1", "PYTHONPATH": path}


@pytest.fixture
def scratch_url(tmp_path):
    """A migrated, empty database for the writers, removed afterwards."""
    if connection.vendor == "sqlite":
        url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
        yield migrated(url)
        return
    import psycopg

    db = settings.DATABASES["default"]
    name = f"napoleon_crash_{uuid.uuid4().hex[:12]}"
    server = dict(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], password=db["PASSWORD"]
    )
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    auth = f"{db['USER']}:{db['PASSWORD']}@" if db["PASSWORD"] else f"{db['USER']}@"
    try:
        yield migrated(f"postgres://{auth}{db['HOST']}:{server['port']}/{name}")
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migrated(url):
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "migrate", "--run-syncdb", "-v0"],
        env=child_env(url),
        check=True,
        timeout=PATIENCE,
    )
    return url


def writer(url, *args):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.ops.crash_writer", *map(str, args)],
        env=child_env(url),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def run(url, *args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "tests.ops.crash_writer", *map(str, args)],
        env=child_env(url),
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )


def read_until(process, word, patience=PATIENCE):
    """The lines a writer printed until one starts with ``word``.

    Each line is waited for as long as it takes (a busy machine only slows the writer
    down); a writer that stops or says nothing for ``patience`` seconds fails the test,
    killed by a watchdog so that the wait for its next line ends."""
    lines = []
    watchdog = threading.Timer(patience, process.kill)
    watchdog.start()
    try:
        for line in iter(process.stdout.readline, ""):
            lines.append(line.split())
            if line.startswith(word):
                return lines
    finally:
        watchdog.cancel()
    process.kill()
    process.wait(timeout=PATIENCE)
    pytest.fail(f"the writer never said {word!r} (exit {process.returncode}); it said {lines[-3:]}")


def kill(process):
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=PATIENCE)
    rest = process.stdout.read()
    assert process.returncode == -signal.SIGKILL
    return [line.split() for line in rest.splitlines()]


def committed(lines):
    return [words[1] for words in lines if words and words[0] == "recorded"]


def checked(url, pk, keys):
    result = run(url, "check", pk, stdin="\n".join(keys))
    report = json.loads(result.stdout.strip().splitlines()[-1]) if result.stdout else {}
    assert result.returncode == 0, report.get("problems") or result.stderr
    return report


def test_writers_killed_mid_write_leave_a_consistent_database(scratch_url):
    setup = run(scratch_url, "setup")
    assert setup.returncode == 0, setup.stderr
    pk = int(setup.stdout.split()[-1])
    rng = random.Random(2025)
    keys = []

    # Two writers at once on the same session (two phones at one table), each killed
    # at a random moment while it writes.
    writers = [writer(scratch_url, "write", pk, seed) for seed in (1, 2)]
    for process in writers:
        keys += committed(read_until(process, f"step {rng.choice([10, 20, 30])}"))
    # Not a wait for anything: the crash's moment, somewhere inside the writes under way.
    time.sleep(rng.uniform(0.01, 0.2))
    for process in writers:
        keys += committed(kill(process))
    first = checked(scratch_url, pk, keys)
    assert first["hands"] > 0

    # A writer killed for certain inside a transaction: a hand and one score stored,
    # four scores and the event not yet.
    stalled = writer(scratch_url, "stall", pk)
    read_until(stalled, "midway")
    kill(stalled)
    after = checked(scratch_url, pk, keys)
    assert after["hands"] == first["hands"]

    # And the database takes the next write: no lock left behind (a writer that met one
    # would fail, or stall until read_until's deadline).
    again = writer(scratch_url, "write", pk, 3)
    keys += committed(read_until(again, "step 10"))
    keys += committed(kill(again))
    checked(scratch_url, pk, keys)

    if scratch_url.startswith("sqlite"):
        path = scratch_url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
