"""Export (CSV of every seat of every hand; JSON of a whole league) and import of the
JSON into an empty league: a lossless round trip, and any malformed or hostile file
refused with a clear message and nothing saved."""

import copy
import csv
import io
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from scoring.history import imports
from scoring.league.synthetic import generate_league
from scoring.models import GameSession, Hand, HandScore, League, Membership, Player
from scoring.recording import delete_hand
from tests.history.helpers import session_on
from tests.views.factories import counts, grid, make_league, make_session, pass_out, play, url

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


REFUSALS = {
    "not json": (lambda doc: b"{not json", "not valid JSON"),
    "not text": (lambda doc: b"\xff\xfe\x00\x01", "not text"),
    "a list": (lambda doc: b"[]", "must be an object"),
    "deep nesting": (lambda doc: b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    "a giant number": (
        lambda doc: (
            json.dumps(doc)
            .replace('"first_dealer":0', '"first_dealer":' + "9" * 400)
            .replace('"first_dealer": 0', '"first_dealer": ' + "9" * 400)
            .encode()
        ),
        "number too large",
    ),
    "a decimal": (
        mutate(lambda d: hand(d).update(target=11.5)),
        "decimal number",
    ),
    "NaN": (lambda doc: json.dumps(doc).replace('"target": 11', '"target": NaN').encode(), "NaN"),
    "a key twice": (lambda doc: b'{"format": "napoleon-league", "format": "x"}', "twice"),
    "another format": (mutate(lambda d: d.update(format="something-else")), "not a league file"),
    "a later version": (mutate(lambda d: d.update(version=99)), "version 99"),
    "an extra field": (mutate(lambda d: d.update(extra=1)), "fields a league file does not"),
    "a missing field": (mutate(lambda d: d.pop("players")), "lacks players"),
    "an unknown game": (
        mutate(lambda d: d["sessions"][0].update(variant="poker")),
        "its game must be one of",
    ),
    "an unknown house rule": (
        mutate(lambda d: d["sessions"][0]["options"].update(wild_cards=True)),
        "not a house rule",
    ),
    "a bad house rule value": (
        mutate(lambda d: d["sessions"][0]["options"].update(score_table="points")),
        "score_table must be one of",
    ),
    "a seat out of range": (
        mutate(lambda d: hand(d).update(declarer=7)),
        "declarer must be a whole number from 0 to 4",
    ),
    "a partner out of range": (mutate(lambda d: hand(d).update(partner=-1)), "partner must be"),
    "a dealer of the wrong type": (mutate(lambda d: hand(d).update(dealer="0")), "dealer must be"),
    "a boolean for a number": (mutate(lambda d: hand(d).update(dealer=True)), "dealer must be"),
    "scores that disagree": (
        mutate(lambda d: hand(d).update(scores=[1000, 60, -60, -60, -60])),
        "are not what the rules give",
    ),
    "a result that disagrees": (
        mutate(lambda d: hand(d).update(made=False)),
        "its made is false, but the rules give true",
    ),
    "a contract the rules refuse": (
        mutate(lambda d: hand(d).update(contract="9S")),
        "the rules cannot score it",
    ),
    "a bad card": (
        mutate(lambda d: hand(d).update(called_card="ZZ")),
        "",
    ),
    "a stranger at the table": (
        mutate(lambda d: d["sessions"][0]["seats"].__setitem__(0, "Mallory")),
        "not in the list of players",
    ),
    "too many seats": (
        mutate(lambda d: d["sessions"][0].update(seats=d["players"] * 3)),
        "has more than 10 entries",
    ),
    "a player in two seats": (
        mutate(lambda d: d["sessions"][0]["seats"].__setitem__(1, "Ann")),
        "a player has two seats",
    ),
    "a player twice": (mutate(lambda d: d["players"].append("Ann")), "a name is listed twice"),
    "a huge name": (mutate(lambda d: d["players"].append("x" * 500)), "longer than 40"),
    "a control character": (
        mutate(lambda d: d["league"].update(name="Bad\x00name")),
        "control characters",
    ),
    "scores on a passed hand": (
        mutate(lambda d: hand(d, 1).update(scores=[1, 2, 3, 4, 5])),
        "passed out",
    ),
    "hands out of order": (
        mutate(lambda d: d["sessions"][0]["hands"].reverse()),
        "listed in order",
    ),
    "a bad date": (mutate(lambda d: d["sessions"][0].update(date="14/03/2025")), "YYYY-MM-DD"),
    "a bad stake": (mutate(lambda d: d["sessions"][0].update(stake="1e9")), "stake"),
    "a naive time": (
        mutate(lambda d: d["sessions"][0].update(created_at="2025-03-14T20:00:00")),
        "time zone",
    ),
    "too many players at a game": (
        mutate(lambda d: d["sessions"][0].update(seats=["Ann", "Ben", "Cat"])),
        "is played by",
    ),
    "a bad key": (mutate(lambda d: hand(d).update(key="not-a-uuid")), "UUID"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_it_refuses_a_bad_file_and_changes_nothing(owner_client, empty, document, case):
    build, message = REFUSALS[case]
    before = counts()
    response = upload(owner_client, empty, build(document))
    body = response.content.decode()
    assert response.status_code == 400
    assert message in body.replace("&quot;", '"').replace("&#x27;", "'"), body[
        body.find("errorlist") - 200 :
    ][:1500]
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
    assert 'enctype="multipart/form-data"' in body and "At most 20 MB." in body


def test_an_import_needs_a_file(owner_client, empty):
    response = owner_client.post(url("league-import", empty.pk), {})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert League.objects.get(pk=empty.pk).name == "Restored"
    assert not HandScore.objects.exists()
