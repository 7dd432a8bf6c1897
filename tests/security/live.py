"""A real server for the tests that need real parallel requests or a real socket.

``manage.py runserver`` (the server ``dev.py run`` starts: threaded, one database
connection per request), or gunicorn as docs/deploying.md runs it (gthread workers, the
project's gunicorn.conf.py), on 127.0.0.1 and a free port, over a database of its own: a
SQLite file, or a fresh database on the PostgreSQL server the suite runs against.
The settings are the project's, with tests/security/live_settings.py on top (fast
password hashing that counts every password it checks). Requests go through
``http.client``, each bounded by a timeout; the server is stopped at the end.
"""

import contextlib
import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from tests.waiting import PATIENCE, wait_until

ROOT = Path(__file__).resolve().parents[2]
CSRF = "c" * 32  # double-submit: any well-formed token sent as both cookie and field
# Seconds any one request may take (a writer waits its turn, within this): a bound for a
# server that hangs, generous since a busy machine answers slowly.
TIMEOUT = PATIENCE


@dataclass
class Answer:
    status: int
    headers: dict
    body: str


@dataclass
class Server:
    port: int
    env: dict
    seed: dict
    count_file: Path

    def connect(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        connection.connect()
        return connection

    def request(self, method, path, body=None, headers=None, cookies=None, connection=None):
        """One request on a new connection, or on ``connection`` (then closed)."""
        connection = connection or self.connect()
        try:
            sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())}
            if body is not None:
                sent["Content-Type"] = "application/x-www-form-urlencoded"
                body = urlencode(body)
            connection.request(method, path, body=body, headers={**sent, **(headers or {})})
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            headers: dict[str, str] = {}
            for name, value in response.getheaders():  # Set-Cookie comes once per cookie
                name = name.lower()
                headers[name] = f"{headers[name]}\n{value}" if name in headers else value
            return Answer(response.status, headers, text)
        finally:
            connection.close()

    def post(self, path, data, cookies=None, headers=None, connection=None) -> Answer:
        cookies = {"csrftoken": CSRF, **(cookies or {})}
        body = {**data, "csrfmiddlewaretoken": CSRF}
        return self.request("POST", path, body, headers, cookies, connection)

    def passwords_checked(self) -> int:
        return len(self.count_file.read_bytes()) if self.count_file.exists() else 0

    def python(self, code: str) -> dict:
        """Run ``code`` against the server's database; it prints one JSON object."""
        result = subprocess.run(
            [sys.executable, "-c", "import django; django.setup()\n" + code],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=PATIENCE,
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout.strip().splitlines()[-1])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def _database(tmp: Path):
    """A database URL for the server: a SQLite file, or a new PostgreSQL database."""
    suite_url = os.environ.get("DATABASE_URL", "")
    if not suite_url.startswith("postgres"):
        yield f"sqlite:///{tmp / 'live.sqlite3'}"
        return
    import psycopg

    name = f"napoleon_live_{uuid.uuid4().hex[:12]}"
    admin = urlsplit(suite_url)
    with psycopg.connect(suite_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(suite_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_until_up(port: int, process, log: Path) -> None:
    def answering() -> bool:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5):
                return True
        except OSError:
            return False

    try:
        wait_until(answering, "the server takes connections")
    except AssertionError as late:
        raise RuntimeError(f"{late}: {log.read_text()[-3000:]}") from None


def _serve_command(server: str, port: int) -> list[str]:
    if server == "gunicorn":
        return [
            *(sys.executable, "-m", "gunicorn", "napoleon_site.wsgi"),
            *("--config", str(ROOT / "gunicorn.conf.py"), "--bind", f"127.0.0.1:{port}"),
            *("--workers", "1", "--threads", "4", "--worker-class", "gthread"),
            *("--graceful-timeout", "5"),
        ]
    return [sys.executable, str(ROOT / "manage.py"), "runserver", "--noreload", f"127.0.0.1:{port}"]


@contextlib.contextmanager
def live_server(tmp: Path, seed_code: str, server: str = "runserver", **settings_env):
    """Migrate a fresh database, seed it with ``seed_code``, serve it with ``server``
    ("runserver" or "gunicorn"); yield a Server. ``settings_env`` may override any of
    the environment below (DJANGO_DEBUG="0", say, for production's settings)."""
    with _database(tmp) as database_url:
        count_file = tmp / "passwords-checked"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
        env.update(
            DJANGO_SETTINGS_MODULE="tests.security.live_settings",
            DJANGO_DEBUG="1",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_STATICFILES_STORAGE="django.contrib.staticfiles.storage.StaticFilesStorage",
            DATABASE_URL=database_url,
            NAPOLEON_PASSWORD_COUNT=str(count_file),
            PYTHONPATH=str(ROOT),
            # A writer waits for SQLite's lock as long as the test waits for its answer: on
            # a busy machine, thirty phones at once may queue past the 30 s a server waits.
            DJANGO_SQLITE_TIMEOUT=str(int(PATIENCE)),
        )
        env.update(settings_env)
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run(
            [*manage, "migrate", "--noinput", "-v", "0"],
            env=env,
            cwd=ROOT,
            check=True,
            timeout=PATIENCE,
        )
        live = Server(_free_port(), env, {}, count_file)
        live.seed = live.python(seed_code)
        log = tmp / f"{server}.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(
                _serve_command(server, live.port),
                env=env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            _wait_until_up(live.port, process, log)
            live.log = log
            yield live
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
