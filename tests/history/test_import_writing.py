"""How an import reads and writes: a file read a piece at a time whatever its layout, the
league written in batches through a staging league that no page shows, all of it or
nothing, and the left-overs of an interrupted import cleared by the next."""

import datetime
import fcntl
import json
import threading

import pytest
from django.db import connection
from django.utils import timezone, translation

from scoring.history import imports
from scoring.history.imports import prepare, rows, stream, write
from scoring.models import GameSession, Hand, League, Player
from tests.factories import counts, make_league, make_session, play
from tests.history.import_files import changed, exported, refusal, rich_league, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def empty(owner):
    return make_league(owner, name="Restored")


@pytest.fixture
def document(league):
    rich_league(league)
    return exported(league)


def test_a_file_read_a_few_bytes_at_a_time_imports_whole(
    owner_client, empty, document, monkeypatch
):
    monkeypatch.setattr(stream, "CHUNK", 5)
    document["league"]["name"] = "ทีมไทย Zoë 🃏"
    data = json.dumps(document, ensure_ascii=False, indent=3).encode()
    assert upload(owner_client, empty, b"\xef\xbb\xbf" + data).status_code == 302
    document["league"]["name"] = "ทีมไทย Zoë 🃏"
    assert exported(League.objects.get(pk=empty.pk)) == document


def test_a_syntax_error_is_placed_by_line_and_column(owner_client, empty, document, monkeypatch):
    monkeypatch.setattr(stream, "CHUNK", 64)
    lines = json.dumps(document, indent=2).splitlines()
    number = next(i for i, line in enumerate(lines) if '"dealer": 0' in line)
    lines[number] = lines[number].replace('"dealer": 0', '"dealer": 0 1')
    response = upload(owner_client, empty, "\n".join(lines).encode())
    column = lines[number].index(" 1") + 2
    assert refusal(response) == (
        f"The file is not valid JSON at line {number + 1}, column {column}: a comma was expected."
    )


def test_a_character_cut_in_half_is_not_text(owner_client, empty, document):
    data = json.dumps(document, ensure_ascii=False).replace("Ann", "Ané", 1).encode()
    cut = data[: data.index("é".encode()) + 1]
    assert "not text (UTF-8)" in refusal(upload(owner_client, empty, cut))


def test_a_part_too_large_is_refused_unread(owner_client, empty, document, monkeypatch):
    monkeypatch.setattr(prepare, "MAX_VALUE", 300)
    monkeypatch.setattr(stream, "CHUNK", 100)
    message = "The file has a part too large for a league file: its sessions are far smaller."
    assert refusal(upload(owner_client, empty, json.dumps(document).encode())) == message


def test_it_counts_hands_and_sessions(owner_client, empty, document, monkeypatch):
    monkeypatch.setattr(prepare, "MAX_HANDS", 3)
    data = json.dumps(document).encode()
    assert refusal(upload(owner_client, empty, data)) == "The file: it has more than 3 hands."
    monkeypatch.setattr(prepare, "MAX_HANDS", 100)
    monkeypatch.setattr(prepare, "MAX_SESSIONS", 2)
    assert refusal(upload(owner_client, empty, data)) == "The file: it has more than 2 sessions."


def test_a_league_written_in_many_batches_is_the_same(owner_client, empty, document, monkeypatch):
    monkeypatch.setattr(prepare, "BATCH", 1)
    monkeypatch.setattr(write, "GAP", 0)
    assert upload(owner_client, empty, json.dumps(document).encode()).status_code == 302
    assert exported(League.objects.get(pk=empty.pk)) == document
    assert not League.objects.filter(name__startswith=write.STAGING).exists()


def test_a_failure_while_writing_leaves_nothing(empty, document, monkeypatch):
    monkeypatch.setattr(prepare, "BATCH", 1)
    monkeypatch.setattr(write, "GAP", 0)
    put, calls = rows.Rows.put, []

    def failing(self, cursor, values):
        calls.append(1)
        if len(calls) == 7:  # the second batch's hands
            raise RuntimeError("the disk is full")
        return put(self, cursor, values)

    monkeypatch.setattr(rows.Rows, "put", failing)
    before = counts()
    with pytest.raises(RuntimeError):
        imports.import_league(empty, json.dumps(document).encode())
    assert counts() == before
    assert not League.objects.filter(name__startswith=write.STAGING).exists()


def test_a_league_filled_meanwhile_is_left_alone(empty, document, monkeypatch):
    players = write._players

    def meanwhile(staging, names):
        Player.objects.create(league=empty, name="Early bird")
        return players(staging, names)

    monkeypatch.setattr(write, "_players", meanwhile)
    before = counts()
    with pytest.raises(imports.ImportRefused, match="already has players or sessions"):
        imports.import_league(empty, json.dumps(document).encode())
    assert counts() == {**before, "Player": before["Player"] + 1}
    assert list(empty.players.values_list("name", flat=True)) == ["Early bird"]


def test_the_staging_league_is_nobodys(empty, document, monkeypatch):
    """While an import writes, its rows belong to a league without members."""
    seen = []
    publish = write._publish

    def look(league, staging, head):
        seen.append((staging.memberships.count(), staging.sessions.count(), staging.name))
        return publish(league, staging, head)

    monkeypatch.setattr(write, "_publish", look)
    imports.import_league(empty, json.dumps(document).encode())
    assert seen[0][:2] == (0, 3) and seen[0][2].startswith("\x1f")


def test_an_interrupted_import_is_cleared_by_the_next(owner, empty, document):
    stale = League.objects.create(name=f"{write.STAGING}left over")
    play(make_session(stale, "taiwan"))
    League.objects.filter(pk=stale.pk).update(
        created_at=timezone.now() - write.STALE - datetime.timedelta(minutes=1)
    )
    running = League.objects.create(name=f"{write.STAGING}another import, under way")
    imports.import_league(empty, json.dumps(document).encode())
    assert not League.objects.filter(pk=stale.pk).exists()
    assert not GameSession.objects.filter(league_id=stale.pk).exists()
    assert League.objects.filter(pk=running.pk).exists()
    assert Hand.objects.filter(session__league=empty).count() == 8


def test_the_reading_runs_in_a_thread_of_its_own_in_the_callers_language():
    def work(word):
        return threading.current_thread().name, translation.gettext(word)

    with translation.override("fr"):
        name, said = prepare.in_background(work, "This field is required.")
    assert name == "league-import" and said == "Ce champ est obligatoire."
    with pytest.raises(imports.ImportRefused, match="no"):
        prepare.in_background(lambda: (_ for _ in ()).throw(imports.ImportRefused("no")))


def test_a_league_that_is_not_empty_is_refused_before_reading(league, session):
    play(session)
    with pytest.raises(imports.ImportRefused, match="already has players"):
        imports.import_league(league, b"not even json")


def test_an_import_takes_bytes_or_a_file(owner, document):
    import io

    for data in (json.dumps(document).encode(), io.BytesIO(json.dumps(document).encode())):
        target = make_league(owner, name="Target")
        assert imports.import_league(target, data) == {"players": 14, "sessions": 3, "hands": 8}


def test_changed_is_a_copy(document):
    assert changed(document, lambda d: d.update(version=2)) != json.dumps(document).encode()
    assert document["version"] == 1


BUSY = "Another league is being imported on this server. Try again in a few minutes."


def test_an_import_while_another_has_its_turn_is_refused_at_once(owner_client, empty, document):
    """Where a write locks the whole database (SQLite) one import reads and writes at a
    time: another is refused with a message rather than kept waiting, and changes nothing."""
    data = json.dumps(document).encode()
    with write.turn():  # another import, reading its file
        response = upload(owner_client, empty, data)
    if connection.vendor == "sqlite":
        assert response.status_code == 400 and refusal(response) == BUSY
        assert not GameSession.objects.filter(league=empty).exists()
        assert not Player.objects.filter(league=empty).exists()
        response = upload(owner_client, empty, data)  # the turn is free again
    assert response.status_code == 302


def test_the_turn_is_held_across_processes(tmp_path, monkeypatch):
    """Another process's import holds the lock file beside the database: refused where
    imports take turns (SQLite); PostgreSQL locks rows, and its imports need no turn."""
    database = tmp_path / "napoleon.sqlite3"
    monkeypatch.setitem(connection.settings_dict, "NAME", str(database))
    with open(f"{database}.import-turn", "a") as other:
        fcntl.flock(other, fcntl.LOCK_EX)
        if connection.vendor == "sqlite":
            with pytest.raises(imports.ImportRefused, match="Another league"), write.turn():
                pass
        else:
            with write.turn():
                pass
        fcntl.flock(other, fcntl.LOCK_UN)
    with write.turn():
        pass
