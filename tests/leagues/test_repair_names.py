"""manage.py repair_names: the entries stored while names lost the marks at their ends
get their spelling back from a league file that holds it, through the owner's rename
(a PlayerChange, the sessions' pages written again). A dry run changes nothing; an entry
whose rename would take another entry's name, or that the file cannot tell apart, is
skipped and reported. Without a file, the command only lists the entries that may have
lost a mark, and says why it cannot tell more."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.history.export import league_json
from scoring.models import GameSession, League, Player
from scoring.models.audit import PlayerChange
from tests.factories import make_league, make_session, play

SPELLED = ["สมศรี", "มะลิ", "Ben", "Kim ❤️", "सत्"]  # as typed, in the file
STORED = ["สมศร", "มะล", "Ben", "Kim ❤", "सत"]  # as the old cleaning stored them


def repair(*args) -> str:
    out = io.StringIO()
    call_command("repair_names", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def export_file(owner, tmp_path):
    """A league file of the night as typed (another league, renamed once written, so the
    command finds the league it is meant for by the file's league name)."""

    def write(names=SPELLED, league_name="Source") -> str:
        source = make_league(owner, name=league_name)
        play(make_session(source, "taiwan", names=names))
        path = tmp_path / "night.json"
        path.write_text("".join(league_json(source)), encoding="utf-8")
        League.objects.filter(pk=source.pk).update(name="Elsewhere")
        return str(path)

    return write


@pytest.fixture
def trimmed(league):
    session = make_session(league, "taiwan", names=STORED)
    play(session)
    return GameSession.objects.get(pk=session.pk)


def names(league) -> set[str]:
    return set(Player.objects.filter(league=league).values_list("name", flat=True))


def test_a_dry_run_says_what_would_change_and_changes_nothing(league, trimmed, export_file):
    out = repair("--from-export", export_file(), "--league", str(league.pk), "--dry-run")
    for old, new in [("สมศร", "สมศรี"), ("มะล", "มะลิ"), ("Kim ❤", "Kim ❤️"), ("सत", "सत्")]:
        entry = Player.objects.get(league=league, name=old)
        assert f"would rename entry #{entry.pk} {old} → {new}" in out
    assert "Ben" not in out
    assert "4 to rename, 0 skipped; nothing was changed (dry run)." in out
    assert names(league) == set(STORED)
    assert not PlayerChange.objects.exists()
    assert GameSession.objects.get(pk=trimmed.pk).version == trimmed.version


def test_it_renames_through_the_owners_rename(league, trimmed, export_file):
    som = Player.objects.get(league=league, name="สมศร")
    out = repair("--from-export", export_file(), "--league", str(league.pk))
    assert f"renamed entry #{som.pk} สมศร → สมศรี" in out and "4 renamed." in out
    assert names(league) == set(SPELLED)
    som.refresh_from_db()
    assert som.name == "สมศรี" and som.seats.filter(session=trimmed).exists()
    change = PlayerChange.objects.get(player=som)
    assert (change.action, change.old_name, change.new_name) == ("rename", "สมศร", "สมศรี")
    assert change.username == "repair_names" and change.user is None
    assert PlayerChange.objects.count() == 4
    assert GameSession.objects.get(pk=trimmed.pk).version > trimmed.version
    # Run again: nothing is left to repair.
    again = repair("--from-export", export_file(), "--league", str(league.pk))
    assert "no entry is a name of the file with its end marks lost" in again
    assert PlayerChange.objects.count() == 4


def test_a_rename_onto_another_entry_is_skipped_and_reported(league, trimmed, export_file):
    typed_since = Player.objects.create(league=league, name="สมศรี")  # typed after the fix
    som = Player.objects.get(league=league, name="สมศร")
    out = repair("--from-export", export_file(), "--league", str(league.pk))
    assert f"skipped entry #{som.pk} สมศร → สมศรี" in out
    assert f"another entry (#{typed_since.pk}) is already called สมศรี" in out
    assert "3 to rename, 1 skipped; 3 renamed." in out
    assert Player.objects.get(pk=som.pk).name == "สมศร"
    assert not PlayerChange.objects.filter(player=som).exists()
    assert Player.objects.get(league=league, name="มะลิ")  # the others were renamed


def test_an_entry_the_file_cannot_tell_apart_is_skipped(league, trimmed, export_file):
    """The file has มะลิ and มะล both: the stored มะล could be either person."""
    out = repair("--from-export", export_file(names=[*SPELLED, "มะล"]), "--league", str(league.pk))
    assert "skipped entry" in out and "several names it may have been: มะล, มะลิ" in out
    assert Player.objects.filter(league=league, name="มะล").exists()
    assert not Player.objects.filter(league=league, name="มะลิ").exists()


def test_a_renamed_entry_is_not_renamed_back(league, trimmed, export_file, monkeypatch):
    """An entry renamed between the plan and the rename keeps its new name."""
    from scoring.leagues import name_repair

    planned = name_repair.plan

    def plan_then_rename(target, spelled):
        fixes = planned(target, spelled)
        Player.objects.filter(league=target, name="สมศร").update(name="Somsri")
        return fixes

    monkeypatch.setattr(name_repair, "plan", plan_then_rename)
    out = repair("--from-export", export_file(), "--league", str(league.pk))
    assert "That player entry has changed meanwhile" in out
    assert Player.objects.filter(league=league, name="Somsri").exists()


def test_the_league_is_found_by_the_files_name(league, trimmed, export_file):
    path = export_file(league_name=league.name)
    assert "4 renamed." in repair("--from-export", path)
    make_league(league.memberships.first().user, name=league.name)
    with pytest.raises(CommandError, match="2 leagues called Thursday table"):
        repair("--from-export", path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "The file is empty."),
        (b"[1]", "a league file is one JSON object"),
        (b'{"format": "something else"}', "not a league file from this app"),
        (b'{"format": "napoleon-league", "version": 1}', "it lacks league, players"),
    ],
)
def test_a_file_that_is_no_league_file_is_refused(league, trimmed, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        repair("--from-export", str(path), "--league", str(league.pk))
    with pytest.raises(CommandError, match="Cannot read"):
        repair("--from-export", str(tmp_path / "missing.json"), "--league", str(league.pk))
    assert names(league) == set(STORED) and not PlayerChange.objects.exists()


def test_without_a_file_it_lists_the_entries_that_may_have_lost_a_mark(league, trimmed):
    Player.objects.create(league=league, name="Adébáyọ")  # ọ̀ would not compose
    out = repair("--league", str(league.pk))
    for name in ["สมศร", "มะล", "Kim ❤", "सत", "Adébáyọ"]:
        entry = Player.objects.get(league=league, name=name)
        assert f"entry #{entry.pk}: {name}\n" in out
    assert ": Ben\n" not in out
    assert "cannot be told from the database" in out and "--from-export" in out
    assert names(league) == set(STORED) | {"Adébáyọ"}
    assert not PlayerChange.objects.exists()


def test_a_file_with_its_sessions_first_is_read_too(league, trimmed, export_file, tmp_path):
    document = json.loads(Path(export_file()).read_text(encoding="utf-8"))
    reordered = tmp_path / "reordered.json"
    sessions_first = {"sessions": document.pop("sessions"), **document}
    reordered.write_text(json.dumps(sessions_first), encoding="utf-8")
    out = repair("--from-export", str(reordered), "--league", str(league.pk), "--dry-run")
    assert "4 to rename, 0 skipped" in out
