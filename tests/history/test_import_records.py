"""The play of a hand in a league file: the export writes the canonical record of each hand
whose play was recorded (and nothing for the others); the import judges every record again
with the engine, refuses one the engine refuses (its reason and where in the record) or one
that is not its hand's play, and stores the canonical record, so a round trip is the same
league and the same file."""

import json

import pytest

from scoring.models import Hand, League
from scoring.table import records
from tests.factories import RECORDS, counts, make_league
from tests.history.import_files import changed, exported, recorded_league, refusal, upload
from tests.history.round_trip import assert_the_same_after_a_round_trip

pytestmark = pytest.mark.django_db

TAIWAN, NAP = "Session 1 (2025-03-14)", "Session 2 (2025-03-14)"


@pytest.fixture
def empty(owner):
    return make_league(owner, name="Restored")


@pytest.fixture
def document(league):
    recorded_league(league)
    return exported(league)


def taiwan_hand(document):
    return document["sessions"][0]["hands"][1]


def nap_hand(document):
    return document["sessions"][1]["hands"][0]


def test_it_exports_the_canonical_record_of_each_recorded_hand(document):
    taiwan = document["sessions"][0]["hands"]
    assert ["record" in hand for hand in taiwan] == [False, True, False]
    assert taiwan_hand(document)["record"] == records.judge_notation(RECORDS["taiwan"]).canonical
    assert nap_hand(document)["record"]["tricks"][4] == {"winner": 0}


def test_a_league_with_records_comes_back_the_same(owner, owner_client, league):
    recorded_league(league)
    restored = make_league(owner, name="Restored")
    assert_the_same_after_a_round_trip(owner_client, league, restored)
    hands = Hand.objects.filter(session__league=restored, record__isnull=False)
    assert hands.count() == 2
    again = exported(League.objects.get(pk=restored.pk))
    assert again["sessions"] == exported(league)["sessions"]


def test_it_stores_a_record_given_as_a_notation_in_its_canonical_form(
    owner_client, empty, document
):
    canonical = taiwan_hand(document)["record"]
    # The same hand spelled otherwise: its notation, with 10 written out and a leader given.
    spelled = {"notation": RECORDS["taiwan"]}
    data = changed(document, lambda d: taiwan_hand(d).update(record=spelled))
    assert upload(owner_client, empty, data).status_code == 302
    stored = Hand.objects.get(session__league=empty, session__variant="taiwan", number=2)
    assert stored.record == canonical


def refused(client, league, data: bytes) -> str:
    before = counts()
    response = upload(client, league, data)
    assert response.status_code == 400, response.status_code
    assert counts() == before
    return refusal(response)


def _card(document, trick, index, code):
    document["record"]["tricks"][trick]["plays"][index] = code


REFUSED = {
    "a card not in the deck": (
        lambda d: _card(taiwan_hand(d), 0, 1, "XX"),
        f"{TAIWAN}, hand 2: the play of the hand, at record.tricks[0].plays[1]:",
    ),
    "a card played twice": (
        lambda d: _card(taiwan_hand(d), 1, 0, "HA"),
        f"{TAIWAN}, hand 2: the play of the hand, at record.tricks[1].plays[0]:",
    ),
    "a winner the cards deny": (
        lambda d: nap_hand(d)["record"]["tricks"][0].update(winner=2),
        f"{NAP}, hand 1: the play of the hand, at record.tricks[0].winner:",
    ),
    "a notation the engine cannot read": (
        lambda d: nap_hand(d).update(record={"notation": "NR1.nap.4.1.three.HAH5H9H2.Q"}),
        f"{NAP}, hand 1: the play of the hand, at record.notation[27]:",
    ),
    "another declarer": (
        lambda d: nap_hand(d)["record"].update(declarer=2),
        f"{NAP}, hand 1: the play of the hand: the record's declarer is seat 2, not seat 1.",
    ),
    "another contract": (
        lambda d: nap_hand(d)["record"].update(contract="four"),
        f"{NAP}, hand 1: the play of the hand: the record's contract is four, not three.",
    ),
    "another game": (
        lambda d: nap_hand(d).update(record=taiwan_hand(d)["record"]),
        f"{NAP}, hand 1: the play of the hand: the record is of another game (Taiwan Napoleon).",
    ),
    "other house rules": (
        lambda d: nap_hand(d)["record"].update(options={"payout": "classic"}),
        f"{NAP}, hand 1: the play of the hand: the record's house rules are not the session's.",
    ),
    "a hand passed out": (
        lambda d: d["sessions"][0]["hands"][2].update(record=taiwan_hand(d)["record"]),
        f"{TAIWAN}, hand 3: the play of the hand: it was passed out, so it has no play to record.",
    ),
    "not an object": (
        lambda d: nap_hand(d).update(record=["NR1"]),
        f"{NAP}, hand 1: the play of the hand",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_it_refuses_a_record_the_engine_refuses_or_of_another_hand(
    owner_client, empty, document, case
):
    change, expected = REFUSED[case]
    message = refused(owner_client, empty, changed(document, change))
    assert message.startswith(expected), message


def test_a_record_may_be_null(owner_client, empty, document):
    data = changed(document, lambda d: taiwan_hand(d).update(record=None))
    assert upload(owner_client, empty, data).status_code == 302
    assert not Hand.objects.filter(session__league=empty, number=2, record__isnull=False)


def test_the_record_in_the_file_is_json_the_engine_reads(document):
    """The export's record is the API's own request: POST it and get the same hand."""
    body = json.loads(json.dumps(taiwan_hand(document)["record"]))
    assert (
        records.judge(body).answer.notation
        == records.judge_notation(RECORDS["taiwan"]).answer.notation
    )
