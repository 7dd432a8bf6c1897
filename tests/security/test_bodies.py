"""Oversized bodies are refused before anything reads them, on every URL: reading one would
cost the server its memory and time whatever the answer."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.models import HandEvent
from tests.factories import RECORDS, counts, make_league, make_session, make_user, play, url
from tests.security.urls_walk import every_url

pytestmark = pytest.mark.django_db

MB = 1024 * 1024


class Unreadable(io.RawIOBase):
    """A request body that fails the test if anything reads it."""

    def readable(self):
        return True

    def readinto(self, buffer):
        raise AssertionError("the body was read")


class Counted(io.BytesIO):
    """A chunked body, counting how many bytes were taken from it."""

    def __init__(self, data):
        super().__init__(data)
        self.taken = 0

    def read(self, size=-1):
        chunk = super().read(size)
        self.taken += len(chunk)
        return chunk


def post_declared(client, path, length, content_type="multipart/form-data; boundary=xyz"):
    """A POST that declares ``length`` bytes but whose body cannot be read."""
    return client.generic(
        "POST",
        path,
        b"",
        CONTENT_TYPE=content_type,
        CONTENT_LENGTH=str(length),
        **{"wsgi.input": Unreadable()},
    )


def post_chunked(client, path, data, content_type="application/x-www-form-urlencoded"):
    stream = Counted(data)
    response = client.generic(
        "POST",
        path,
        b"",
        CONTENT_TYPE=content_type,
        HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": stream, "wsgi.input_terminated": True},
    )
    return response, stream


def test_an_anonymous_50_mb_upload_to_the_login_page_is_refused_unread():
    response = post_declared(Client(), url("login"), 50 * MB)
    assert response.status_code == 413
    page = response.content.decode()
    assert "What you sent is too large: this page takes at most 256.0" in page
    assert "Nothing was saved." in page


@pytest.fixture
def world(db):
    owner = make_user("olive")
    league = make_league(owner)
    session = make_session(league, "taiwan")
    hand = play(session)
    event = HandEvent.objects.filter(session=session).first()
    player = session.seat_list[0].player
    return {"owner": owner, "league": league, "session": session, "hand": hand,
            "event": event, "player": player, "notation": RECORDS["nap"]}  # fmt: skip


def test_every_url_refuses_a_body_past_its_limit_unread(world, settings):
    client = Client()
    client.force_login(world["owner"])
    urls = every_url(world)  # which may make the objects some pages need, before counting
    before = counts()
    for name, path in urls:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if path.startswith("/api/"):
            limit = settings.API_MAX_BODY_BYTES
        elif name in settings.BODY_LIMITS:
            limit = settings.BODY_LIMITS[name] + 64 * 1024
        response = post_declared(client, path, limit + 1)
        assert response.status_code == 413, f"{path} answered {response.status_code}"
    assert counts() == before


def test_the_api_says_it_in_json(settings):
    response = post_declared(Client(), "/api/v1/score", 10 * MB, "application/json")
    assert response.status_code == 413
    assert response.json() == {
        "error": f"The body is larger than {settings.API_MAX_BODY_BYTES} bytes",
        "field": "",
    }


def test_a_content_length_that_is_not_a_number_is_a_400_never_a_500(world):
    client = Client()
    client.force_login(world["owner"])
    for raw in ("²", "١٢", "-1", "1e9", "9" * 25, " 5"):
        for path in (url("login"), url("league-import", world["league"].pk), "/api/v1/score"):
            response = client.generic("POST", path, b"", CONTENT_LENGTH=raw)
            assert response.status_code == 400, (path, raw)


def test_the_import_takes_files_past_the_form_limit_up_to_its_own(world, settings):
    """A league file bigger than any form still reaches the importer, which judges it."""
    client = Client()
    client.force_login(world["owner"])
    empty = make_league(world["owner"], name="Restored")
    data = b"[" + b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10) + b"]"
    response = client.post(
        url("league-import", empty.pk), {"file": SimpleUploadedFile("l.json", data)}
    )
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()


def test_an_import_past_its_limit_never_reaches_the_view(world, settings):
    """The import view's own size check (add_error on an unbound form, a 500) is out of
    reach: the middleware answers first."""
    settings.BODY_LIMITS = {"scoring:league-import": 1024}
    client = Client()
    client.force_login(world["owner"])
    empty = make_league(world["owner"], name="Restored")
    response = post_declared(client, url("league-import", empty.pk), 1024 + 64 * 1024 + 1)
    assert response.status_code == 413
    assert "this page takes at most 1.0" in response.content.decode()


def test_a_chunked_body_is_read_up_to_the_limit_and_no_further(settings):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response, stream = post_chunked(Client(), url("login"), b"username=" + b"x" * (5 * MB))
    assert response.status_code == 413
    assert stream.taken == limit + 1


def test_a_small_chunked_body_is_passed_on_whole(db):
    make_user("mark")
    body = b"username=mark&password=wrong"
    response, _stream = post_chunked(Client(enforce_csrf_checks=False), url("login"), body)
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


def test_gunicorn_started_without_its_configuration_file_is_reported(caplog):
    """Without gunicorn.conf.py's hooks the app cannot close the connection: say so."""
    response = Client().generic(
        "POST",
        url("login"),
        b"",
        CONTENT_TYPE="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(50 * MB),
        SERVER_SOFTWARE="gunicorn/27.0.1",
        **{"wsgi.input": Unreadable()},
    )
    assert response.status_code == 413
    assert "--config gunicorn.conf.py" in caplog.text
