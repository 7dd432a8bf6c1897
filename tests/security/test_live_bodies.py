"""A body too large, sent over a real socket to gunicorn run as production runs it
(DJANGO_DEBUG=0, gthread workers, the project's gunicorn.conf.py): the 413 says
``Connection: close`` (the rest of the body is still coming, unread), carries the
security headers every page carries, and the server then closes the connection cleanly,
the whole answer delivered.

On PostgreSQL (DATABASE_URL set) the server runs on a fresh PostgreSQL database.
"""

import socket
import time

import pytest

from tests.security.live import live_server
from tests.waiting import PATIENCE

# The server has a database of its own, on the suite's server: marked as a database test.
# The PostgreSQL run (NAPOLEON_DATABASE_TESTS_ONLY) leaves it out all the same: a body too
# large is refused before anything reads it (tests/conftest.py, SAME_ON_ANY_DATABASE).
pytestmark = pytest.mark.django_db

LIMIT = 1024  # both body limits, as small as the settings allow
# Seconds for the whole answer and the close: a server that keeps the connection open
# fails only then, and one that closes it ends the wait at once.
DEADLINE = PATIENCE
SECURITY = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(
        tmp_path_factory.mktemp("bodies"),
        "print('{}')",
        server="gunicorn",
        DJANGO_DEBUG="0",
        DJANGO_SECURE_SSL_REDIRECT="0",  # plain HTTP on 127.0.0.1, no proxy in front
        DJANGO_MAX_BODY_BYTES=str(LIMIT),
        DJANGO_API_MAX_BODY_BYTES=str(LIMIT),
    ) as live:
        yield live


def exchange(port: int, sent: bytes) -> tuple[bytes, str]:
    """Send ``sent``, then read until the server closes: (all it answered, how it ended:
    "closed" cleanly, "reset", or "open" still at the deadline)."""
    received = b""
    deadline = time.monotonic() + DEADLINE
    with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as connection:
        connection.sendall(sent)
        while (left := deadline - time.monotonic()) > 0:
            connection.settimeout(left)
            try:
                chunk = connection.recv(65536)
            except ConnectionResetError:
                return received, "reset"
            except TimeoutError:
                break
            if not chunk:
                return received, "closed"
            received += chunk
    return received, "open"


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, body


def request(path: str, headers: dict[str, str], body: bytes = b"", method="POST") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def chunked(data: bytes, size: int = 512) -> bytes:
    """``data`` as chunks, without the last (empty) one: an upload still on its way."""
    parts = [data[i : i + size] for i in range(0, len(data), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts)


FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
CASES = {
    "a page, 10 MB declared and 8 KiB sent": (
        "/accounts/login/",
        {"Content-Type": FORM, "Content-Length": str(10 * 1024 * 1024)},
        b"username=" + b"x" * 8192,
        "/accounts/login/",
    ),
    "a page, the whole body sent": (
        "/accounts/signup/",
        {"Content-Type": FORM, "Content-Length": str(3 * LIMIT)},
        b"username=" + b"x" * (3 * LIMIT - 9),
        "/accounts/login/",
    ),
    "the API, the whole body sent": (
        "/api/v1/score",
        {"Content-Type": JSON, "Content-Length": str(4 * LIMIT)},
        b'{"padding": "' + b"x" * (4 * LIMIT - 15) + b'"}',
        "/api/v1/variants",
    ),
    "the API, chunked and still coming": (
        "/api/v1/score",
        {"Content-Type": JSON, "Transfer-Encoding": "chunked"},
        chunked(b" " * (4 * LIMIT)),
        "/api/v1/variants",
    ),
}


@pytest.mark.parametrize("path, headers, body, normal_page", CASES.values(), ids=CASES.keys())
def test_a_body_too_large_is_answered_and_the_connection_closed(
    server, path, headers, body, normal_page
):
    answer, ending = exchange(server.port, request(path, headers, body))
    status, got, content = parse(answer)
    assert status == 413, answer[:300]
    assert got["connection"] == "close"
    assert ending == "closed", f"the connection ended {ending}"
    assert len(content) == int(got["content-length"])  # the whole answer arrived
    normal = parse(
        exchange(server.port, request(normal_page, {"Connection": "close"}, method="GET"))[0]
    )
    assert normal[0] == 200
    assert {name: got.get(name) for name in SECURITY} == {
        name: normal[1][name] for name in SECURITY
    }
    assert "private" in got["cache-control"]  # no shared cache keeps it


def test_a_body_within_the_limit_keeps_the_connection(server):
    """The control: an answer that read its body keeps the connection for the next one."""
    body = b"username=x&password=y"
    sent = request(
        "/accounts/login/", {"Content-Type": FORM, "Content-Length": str(len(body))}, body
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=DEADLINE) as connection:
        connection.sendall(sent)
        head = b""
        while b"\r\n\r\n" not in head:
            head += connection.recv(65536)
    status, got, _content = parse(head)
    assert status == 403  # no CSRF token: refused, but the body was read
    assert got["connection"] == "keep-alive"
