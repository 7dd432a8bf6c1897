"""Export (CSV of every seat of every hand; JSON of a whole league) and import of the
JSON into an empty league: a lossless round trip, and any malformed or hostile file
refused with a clear message and nothing saved."""

import copy
import csv
import html
import io
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from scoring.history import imports
from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession, Hand, HandScore, League, Membership, Player
from scoring.table.recording import delete_hand
from tests.factories import counts, grid, make_league, make_session, pass_out, play, url
from tests.history.helpers import session_on

pytestmark = pytest.mark.django_db


def export_json(client, league) -> bytes:
    response = client.get(url("league-export-json", league.pk))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    return b"".join(response.streaming_content)


def export_csv(client, league, query="") -> list[dict]:
    response = client.get(url("league-export-csv", league.pk) + query)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def upload(client, league, data: bytes, name="league.json"):
    return client.post(
        url("league-import", league.pk),
        {"file": SimpleUploadedFile(name, data, "application/json")},
    )


@pytest.fixture
def empty(owner):
    return make_league(owner, name="Restored")


# ---- CSV -------------------------------------------------------------------------------------


def test_the_csv_has_one_row_per_seat_per_hand(member_client, league, session, mighty):
    play(session)
    pass_out(session)
    play(mighty)
    rows = export_csv(member_client, league)
    assert len(rows) == 5 * 2 + 5
    first = [r for r in rows if r["game"] == "taiwan" and r["hand"] == "1"]
    assert [r["player"] for r in first] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert [r["role"] for r in first] == ["napoleon", "partner", "defender", "defender", "defender"]
    assert [int(r["score"]) for r in first] == [120, 60, -60, -60, -60]
    assert first[0]["contract"] == "3S" and first[0]["made"] == "yes" and first[0]["points"] == "12"
    passed = [r for r in rows if r["status"] == "passed"]
    assert len(passed) == 5 and all(r["score"] == "0" and r["role"] == "" for r in passed)
    assert {r["score_table"] for r in rows} == {"Taiwan Napoleon", "The Mighty"}


def test_the_csv_covers_the_dates_asked_for(member_client, league):
    play(session_on(league, "taiwan", "2024-05-03"))
    play(session_on(league, "taiwan", "2024-09-06"))
    rows = export_csv(member_client, league, "?from=2024-06-01&to=2024-12-31")
    assert {r["date"] for r in rows} == {"2024-09-06"}
    assert len(export_csv(member_client, league, "?year=2024")) == 10


def test_the_csv_keeps_a_name_from_becoming_a_formula(member_client, league):
    session = make_session(league, "taiwan", names=["=HYPERLINK(1)", "Ben", "Cat", "Dan", "Eve"])
    play(session)
    rows = export_csv(member_client, league)
    assert rows[0]["player"] == "'=HYPERLINK(1)"


def test_exports_are_for_members_only(stranger_client, anon_client, league):
    for name in ("league-export-csv", "league-export-json"):
        assert stranger_client.get(url(name, league.pk)).status_code == 404
        assert anon_client.get(url(name, league.pk)).status_code == 302


# ---- JSON round trip ---------------------------------------------------------------------------


def test_a_synthetic_league_survives_the_round_trip(owner, owner_client, empty):
    source = generate_league(150, name="Source", seed=3, owner=owner, pool_size=30)
    exported = export_json(owner_client, source)
    response = upload(owner_client, empty, exported)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert export_json(owner_client, empty) == exported
    assert Hand.objects.filter(session__league=empty).count() == 150
    document = json.loads(exported)
    assert document["format"] == "napoleon-league" and len(document["players"]) == 10


def test_a_league_kept_through_the_app_survives_the_round_trip(owner, owner_client, league, empty):
    session = make_session(league, "taiwan", stake=Decimal("0.25"))
    play(session, mode="cards", **grid(session, lambda code: "0" if code[0] in "SH" else "3"))
    doomed = play(session, declarer="1", partner="alone", points="14")
    pass_out(session)
    play(session)
    delete_hand(doomed, doomed.version, owner)  # leaves a gap in the numbers
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    play(make_session(league, "nap"))
    play(make_session(league, "thai"), toppled="on")
    Player.objects.create(league=league, name="Never played")
    exported = export_json(owner_client, league)
    assert upload(owner_client, empty, exported).status_code == 302
    assert export_json(owner_client, empty) == exported
    empty.refresh_from_db()
    assert empty.name == league.name
    restored = GameSession.objects.filter(league=empty, variant="taiwan").get()
    assert restored.stake == Decimal("0.25") and restored.ended_at is not None
    assert list(restored.hands.values_list("number", flat=True)) == [1, 3, 4]
    assert restored.share_token != session.share_token
    # The history is rebuilt: the imported league has standings and ratings.
    body = owner_client.get(url("league", empty.pk)).content.decode()
    assert "<h3>Taiwan Napoleon</h3>" in body and "Ratings in Taiwan Napoleon" in body


# ---- refusals ------------------------------------------------------------------------------------


@pytest.fixture
def document(league, session):
    play(session)
    pass_out(session)
    play(session, declarer="2", partner="3", points="9")
    from scoring.history.export import league_json

    return json.loads("".join(league_json(league)))


def hand(doc, index=0):
    return doc["sessions"][0]["hands"][index]


def mutate(change):
    def apply(doc):
        doc = copy.deepcopy(doc)
        change(doc)
        return json.dumps(doc).encode()

    return apply


SESSION = "Session 1 (2025-03-14)"
HAND = SESSION + ", hand 1"

REFUSALS = {
    "not json": (
        lambda doc: b"{not json",
        "The file is not valid JSON at line 1, column 2: a name in double quotes was expected.",
    ),
    "not text": (lambda doc: b"\xff\xfe\x00\x01", "The file is not text (UTF-8)"),
    "a list": (lambda doc: b"[]", "The file holds no league: a league file is one JSON object."),
    "deep nesting": (
        lambda doc: b'{"format": ' + b"[" * 100000 + b"]" * 100000 + b"}",
        "The file is nested too deeply to be a league file.",
    ),
    "a giant number": (
        mutate(lambda d: d["sessions"][0].update(first_dealer=int("9" * 400))),
        f"{SESSION}: the first dealer must be at most 12.",
    ),
    "thousands of digits": (
        lambda doc: json.dumps(doc).replace('"dealer": 0', '"dealer": ' + "9" * 5000).encode(),
        "The file has a number far too large.",
    ),
    "a decimal": (mutate(lambda d: hand(d).update(target=11.5)), "decimal number (11.5)"),
    "NaN": (
        lambda doc: json.dumps(doc).replace('"target": 11', '"target": NaN').encode(),
        "The file has NaN, which is not a number a league file holds.",
    ),
    "a key twice": (
        lambda doc: b'{"format": "napoleon-league", "format": "x"}',
        "The file names “format” twice in one place.",
    ),
    "a key twice in a hand": (
        lambda doc: json.dumps(doc).replace('"dealer": 0', '"dealer": 0, "dealer": 1').encode(),
        "The file names “dealer” twice in one place.",
    ),
    "another format": (
        mutate(lambda d: d.update(format="something-else")),
        "The file: it is not a league file from this app.",
    ),
    "a later version": (
        mutate(lambda d: d.update(version=99)),
        "The file: it is a league file of version 99, which this app cannot read.",
    ),
    "version true": (
        mutate(lambda d: d.update(version=True)),
        "The file: the version must be a whole number.",
    ),
    "an extra field": (
        mutate(lambda d: d.update(extra=1)),
        "The file: “extra” is not a field a league file has here.",
    ),
    "an extra field in a hand": (
        mutate(lambda d: hand(d).update(bonus=1)),
        f"{HAND}: “bonus” is not a field a league file has here.",
    ),
    "a missing field": (mutate(lambda d: d.pop("players")), "The file: it lacks players."),
    "a missing hand field": (
        mutate(lambda d: hand(d).pop("dealer")),
        f"{HAND}: it does not give the dealer.",
    ),
    "an unknown game": (
        mutate(lambda d: d["sessions"][0].update(variant="poker")),
        f"{SESSION}: the game must be one of taiwan, hongkong, japanese,",
    ),
    "an unknown house rule": (
        mutate(lambda d: d["sessions"][0]["options"].update(wild_cards=True)),
        f"{SESSION}: the house rules: 'wild_cards' is not a house rule",
    ),
    "a bad house rule value": (
        mutate(lambda d: d["sessions"][0]["options"].update(score_table="points")),
        f"{SESSION}: the house rules: options.score_table must be one of",
    ),
    "a bad usual house rule": (
        mutate(lambda d: d["league"]["default_options"].update(taiwan={"score_table": "x"})),
        "The league: the usual house rules: options.score_table must be one of",
    ),
    "a seat out of range": (
        mutate(lambda d: hand(d).update(declarer=7)),
        f"{HAND}: the declarer must be a seat from 0 to 4.",
    ),
    "a partner out of range": (
        mutate(lambda d: hand(d).update(partner=-1)),
        f"{HAND}: the partner must be at least 0.",
    ),
    "a dealer of the wrong type": (
        mutate(lambda d: hand(d).update(dealer="0")),
        f"{HAND}: the dealer must be a whole number.",
    ),
    "a boolean for a number": (
        mutate(lambda d: hand(d).update(dealer=True)),
        f"{HAND}: the dealer must be a whole number.",
    ),
    "a number for a boolean": (
        mutate(lambda d: hand(d).update(toppled=0)),
        f"{HAND}: whether it was toppled must be true or false.",
    ),
    "scores that disagree": (
        mutate(lambda d: hand(d).update(scores=[1000, 60, -60, -60, -60])),
        f"{HAND}: its scores (1000, 60, -60, -60, -60) are not what the rules give "
        "(120, 60, -60, -60, -60).",
    ),
    "a score too few": (
        mutate(lambda d: hand(d).update(scores=[120, 60, -60, -60])),
        f"{HAND}: it must have one score per seat (5).",
    ),
    "a result that disagrees": (
        mutate(lambda d: hand(d).update(made=False)),
        f"{HAND}: whether it was made is false in the file, but the rules give true.",
    ),
    "a target that disagrees": (
        mutate(lambda d: hand(d).update(target=12)),
        f"{HAND}: the target is 12 in the file, but the rules give 11.",
    ),
    "a contract the rules refuse": (
        mutate(lambda d: hand(d).update(contract="9S")),
        f"{HAND}: the contract: 9S is above the highest bid",
    ),
    "a bad card": (
        mutate(lambda d: hand(d).update(called_card="ZZ")),
        f"{HAND}: “ZZ” in the called card is not a card.",
    ),
    "a stranger at the table": (
        mutate(lambda d: d["sessions"][0]["seats"].__setitem__(0, "Mallory")),
        f"{SESSION}: “Mallory” sits at the table but is not in the list of players.",
    ),
    "too many seats": (
        mutate(lambda d: d["sessions"][0].update(seats=d["players"] * 3)),
        f"{SESSION}: there are more than 13 entries in the list of seats.",
    ),
    "a player in two seats": (
        mutate(lambda d: d["sessions"][0]["seats"].__setitem__(1, "Ann")),
        f"{SESSION}: a player has two seats.",
    ),
    "a player in two seats, in another case": (
        mutate(lambda d: d["sessions"][0]["seats"].__setitem__(1, "ANN")),
        f"{SESSION}: a player has two seats.",
    ),
    "a player twice": (
        mutate(lambda d: d["players"].append("Ann")),
        "The list of players: “Ann” and “Ann” are one name to this app",
    ),
    "a name too long": (
        mutate(lambda d: d["players"].append("x" * 41)),
        "is 41 characters long; a name may have at most 40.",
    ),
    "a huge name": (
        mutate(lambda d: d["players"].append("x" * 500)),
        "The list of players: name 6 in the list is longer than 200 characters.",
    ),
    "a control character": (
        mutate(lambda d: d["league"].update(name="Bad\x00name")),
        "contains a control character; type the name again.",
    ),
    "scores on a passed hand": (
        mutate(lambda d: hand(d, 1).update(scores=[1, 2, 3, 4, 5])),
        f"{SESSION}, hand 2: it was passed out, so it has no scores.",
    ),
    "a contract on a passed hand": (
        mutate(lambda d: hand(d, 1).update(contract="3S")),
        f'{SESSION}, hand 2: it was passed out, so the contract must be "".',
    ),
    "hands out of order": (
        mutate(lambda d: d["sessions"][0]["hands"].reverse()),
        f"{SESSION}, hand 2: the hands must be listed in order, each number once.",
    ),
    "a hand's key twice": (
        mutate(lambda d: hand(d, 1).update(key=hand(d)["key"])),
        f"{SESSION}, hand 2: two hands have the same key.",
    ),
    "a bad date": (
        mutate(lambda d: d["sessions"][0].update(date="14/03/2025")),
        "Session 1 (14/03/2025): the date must be a date written YYYY-MM-DD, "
        "from 1900-01-01 to 2200-12-31.",
    ),
    "a far date": (
        mutate(lambda d: d["sessions"][0].update(date="2871-11-26")),
        "Session 1 (2871-11-26): the date must be a date written YYYY-MM-DD, "
        "from 1900-01-01 to 2200-12-31.",
    ),
    "a bad stake": (
        mutate(lambda d: d["sessions"][0].update(stake="1e9")),
        f"{SESSION}: the stake must be null or written like 0.50.",
    ),
    "a naive time": (
        mutate(lambda d: d["sessions"][0].update(created_at="2025-03-14T20:00:00")),
        f"{SESSION}: the start time must be a date and time with its time zone",
    ),
    "a time at the end of time": (
        mutate(lambda d: d["sessions"][0].update(ended_at="9999-12-31T23:59:59-12:00")),
        f"{SESSION}: the end time must be a date and time with its time zone",
    ),
    "too few players for a hand": (
        mutate(lambda d: d["sessions"][0].update(seats=["Ann", "Ben", "Cat"])),
        f"{HAND}: Taiwan Napoleon is played by 4–6 players, not 3.",
    ),
    "a bad key": (
        mutate(lambda d: hand(d).update(key="not-a-uuid")),
        f"{HAND}: the hand's key must be a UUID",
    ),
    "an empty file": (lambda doc: b"", "The submitted file is empty."),
    "only spaces": (lambda doc: b"  \n ", "The file is empty."),
    "something after the end": (
        lambda doc: json.dumps(doc).encode() + b" []",
        "something follows the end of the data.",
    ),
    "cut short": (
        lambda doc: json.dumps(doc).encode()[:-40],
        "The file is not valid JSON at line 1, column",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_it_refuses_a_bad_file_and_changes_nothing(owner_client, empty, document, case):
    build, message = REFUSALS[case]
    before = counts()
    response = upload(owner_client, empty, build(document))
    body = response.content.decode()
    assert response.status_code == 400
    assert message in html.unescape(body), body[body.find("errorlist") - 200 :][:1500]
    assert counts() == before
    empty.refresh_from_db()
    assert empty.name == "Restored"


def test_it_refuses_a_file_too_large(owner_client, empty, document, monkeypatch):
    monkeypatch.setattr(imports, "MAX_BYTES", 100)
    before = counts()
    response = upload(owner_client, empty, json.dumps(document).encode())
    assert response.status_code in (400, 413)
    assert "too large" in response.content.decode()
    assert counts() == before


def test_it_imports_only_into_an_empty_league(owner_client, league, document):
    before = counts()
    page = owner_client.get(url("league-import", league.pk)).content.decode()
    assert "only be imported into an empty league" in page
    response = upload(owner_client, league, json.dumps(document).encode())
    assert response.status_code == 400
    assert "import into an empty league" in response.content.decode()
    assert counts() == before


def test_only_the_owner_imports(
    member_client, stranger_client, anon_client, empty, member, document
):
    Membership.objects.create(league=empty, user=member)
    data = json.dumps(document).encode()
    before = counts()
    assert member_client.get(url("league-import", empty.pk)).status_code == 404
    assert upload(member_client, empty, data).status_code == 403
    assert upload(stranger_client, empty, data).status_code == 403
    assert upload(anon_client, empty, data).status_code == 302
    assert counts() == before


def test_the_import_page_explains_itself(owner_client, empty):
    body = owner_client.get(url("league-import", empty.pk)).content.decode()
    assert 'enctype="multipart/form-data"' in body and "At most 64 MB." in body


def test_an_import_needs_a_file(owner_client, empty):
    response = owner_client.post(url("league-import", empty.pk), {})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert League.objects.get(pk=empty.pk).name == "Restored"
    assert not HandScore.objects.exists()
