"""Check a whole hand: a record pasted in (its notation or the API's JSON) gets the answer
POST /api/v1/record gives, written for people: every trick with its winner and reason, the
illegal plays with their proof, the sides and the score; or the record's first fault, named
in words, with the engine's path. The query is the permalink; nothing is a 500."""

import json
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.conftest import make_session
from tests.referee.support import FUZZ, follow, page, permalink, text_of

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-record")
NAP = "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0"
TAIWAN = (
    "NR1.taiwan.5.1.5C.k~DK.x~SASTD4C9.HABJH6H7HT.S8SJSKS9CJ.D2DAHJDKD7.C8H8C7C4C3"
    ".DJDQD6DTC6.S6S2S7H9SQ.H5H2CAH3HK.CQD5CKD9HQ.D3D8S3C2S4.C5H4CTS5LJ"
)
# A query per game for the pages that walk every tool (accessibility, languages).
CASES = {"nap": (f"r={NAP}",), "taiwan": (f"r={TAIWAN}",)}


def api(body: dict) -> dict:
    response = Client().post("/api/v1/record", json.dumps(body), content_type="application/json")
    return response.json()


def main_text(response) -> str:
    html = page(response)
    return text_of(html[html.index("<main") : html.index("</main>")])


@pytest.mark.parametrize("notation", [NAP, TAIWAN])
def test_it_gives_the_apis_answer_for_people(client, notation):
    response = client.get(URL, {"r": notation})
    assert response.status_code == 200
    answer = api({"notation": notation})
    steps = response.context["replay"].steps
    assert len(steps) == len(answer["tricks"])
    text = main_text(response)
    for step, trick in zip(steps, answer["tricks"], strict=True):
        assert step.winner == f"Seat {trick['winner'] + 1}"
        if trick["judged"]:
            assert step.reason == trick["reason"]  # a judged trick's reason names no seat
        assert f"Trick {trick['number']} · Seat {trick['leader'] + 1} leads" in text
    deltas = response.context["replay"].outcome.deltas
    assert [int(score.replace("−", "-")) for _name, score, _neg in deltas] == list(
        answer["score"]["deltas"].values()
    )


def test_it_shows_an_illegal_play_and_the_trick_that_proves_it(client):
    response = client.get(URL, {"r": NAP})
    (fault,) = response.context["replay"].steps[1].faults
    assert fault.proof == 3
    assert "Seat 4 played ♦K to trick 2" in fault.reason
    assert 'href="#trick-3">The proof: trick 3</a>' in page(response)
    assert 'id="trick-3"' in page(response)


def test_it_names_the_seats_after_the_sessions_players(member):
    user, client = member
    session = make_session(user, "nap", names=["Alf", "Bert", "Cyd", "Dot"])
    response = client.get(URL, {"session": session.pk, "r": NAP})
    assert response.status_code == 200
    assert "Dot played ♦K to trick 2" in response.context["replay"].steps[1].faults[0].reason
    assert "Seat" not in main_text(response)


def test_a_record_pasted_as_json_goes_to_its_notation(client):
    response = client.get(URL, {"r": json.dumps({"notation": NAP})})
    assert response.status_code == 302
    assert response["Location"] == f"{URL}?r={NAP}"
    record = {
        "variant": "nap",
        "players": 4,
        "declarer": 1,
        "contract": "three",
        "tricks": [{"plays": ["HA", "H5", "H9", "H2"]}, *[{"winner": 1}] * 3, {"winner": 0}],
    }
    response = follow(client, URL + "?r=" + quote(json.dumps(record)))
    assert response.status_code == 200
    assert permalink(response) == f"http://testserver{URL}?r=NR1.nap.4.1.three.HAH5H9H2.w1.w1.w1.w0"


FAULTS = {
    "a card that cannot be read": (
        "NR1.nap.4.1.three.HAH5H9H2.Q",
        400,
        "The notation, at the marked character: The notation cannot be read from character 27 on.",
    ),
    "a winner the cards deny": (
        "NR1.nap.4.1.three.HAH5H9H2w2",
        200,
        "The winner of trick 1: Seat 2 won trick 1, not Seat 3:",
    ),
    "a card played twice": (
        "NR1.nap.4.1.three.HAH5H9H2.H5S3DKD4",
        400,
        "Card 1 of trick 2:",
    ),
    "a card of a seat's hand": (
        "NR1.nap.4.1.three.h~2~HAH3",
        400,
        "Seat 3's hand",
    ),
    "a house rule": ("NR1.nap.4.1.three.u~payout~none", 400, "The house rule “"),
    "a contract": ("NR1.nap.4.1.zzz", 400, "The contract:"),
    "neither": ("{not json", 400, "This is neither a notation nor a JSON record."),
}


@pytest.mark.parametrize("case", FAULTS)
def test_it_names_the_fault_in_words(client, case):
    record, status, expected = FAULTS[case]
    response = client.get(URL, {"r": record})
    assert response.status_code == status
    problem = response.context["problem"]
    place = problem.place[:1].upper() + problem.place[1:]
    shown = f"{place}: {problem.message}" if place else problem.message
    assert shown.startswith(expected), shown
    assert "replay" not in response.context


def test_it_marks_where_a_notation_stops_being_readable(client):
    response = client.get(URL, {"r": "NR1.nap.4.1.three.HAH5H9H2.Q"})
    assert "NR1.nap.4.1.three.HAH5H9H2.<mark>Q</mark>" in page(response)


def test_it_is_listed_on_the_referees_front_page(client):
    html = page(client.get(reverse("scoring:referee-index")))
    assert f'href="{URL}"' in html and "Check a whole hand" in html


def test_an_empty_form_asks_for_a_record(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert 'name="r"' in page(response)
    assert "replay" not in response.context and response.context["problem"] is None


@FUZZ
@given(text=st.text(max_size=300) | st.sampled_from([NAP[:n] for n in range(0, len(NAP), 3)]))
def test_fuzz_it_never_fails_on_any_text(text):
    response = follow(Client(raise_request_exception=False), URL, {"r": text})
    assert response.status_code in (200, 400), response.status_code


# The Nap example entered trick by trick, cards spelled as players write them; a seat from 1.
NAP_ENTRY = {
    "game": "nap",
    "players": "4",
    "declarer": "2",
    "contract": "three",
    "called": "",
    "tricks": "♥A 5♥ h9 H2\nHK, S3, DK, D4\n\nHQ S9 4H D9\nas 7d s5 S8\n1\n",
}


@pytest.mark.parametrize(
    ("changes", "notation"),
    [
        ({}, NAP),
        ({"tricks": "HA H5 H9 H2\n2\n2\n2\n1"}, "NR1.nap.4.1.three.HAH5H9H2.w1.w1.w1.w0"),
        (
            {
                "game": "taiwan",
                "players": "5",
                "contract": "5c",
                "called": "♦K",
                "tricks": "S4 S9 SK SA ? 1 +SA +KS",
            },
            "NR1.taiwan.5.1.5C.k~DK.S4S9SKSA-w0pSASK",
        ),
        (
            {"game": "mighty", "players": "5", "contract": "13S", "called": "JK", "tricks": ""},
            "NR1.mighty.5.1.13S.k~JK",
        ),
    ],
)
def test_a_hand_entered_trick_by_trick_is_checked_as_its_notation(client, changes, notation):
    response = client.get(URL, {**NAP_ENTRY, **changes})
    assert response.status_code == 302
    assert response["Location"] == f"{URL}?r={notation}"  # the permalink is the notation's
    shown = client.get(response["Location"])
    assert len(shown.context["replay"].steps) == len(api({"notation": notation})["tricks"])


# For the pages that walk every tool: an entry the rules refuse (seat 3 cannot have won).
ENTRY_REFUSED = urlencode({**NAP_ENTRY, "tricks": "HA H5 H9 H2 3"})


def test_an_entry_the_rules_refuse_is_answered_with_the_form_open(client):
    response = client.get(URL + "?" + ENTRY_REFUSED)
    assert response.status_code == 200
    assert response.context["problem"].field == "tricks[0].winner"
    assert '<details class="card" id="entry" open>' in page(response)


def test_an_entered_hand_the_engine_refuses_is_kept_with_its_fault_in_words(client):
    tricks = "HA H5 H9 H2\nHK S3 DK\n2"
    response = client.get(URL, {**NAP_ENTRY, "tricks": tricks})
    assert response.status_code == 400
    problem = response.context["problem"]
    assert problem.place == "the cards of trick 2" and problem.field == "tricks[1].plays"
    html = page(response)
    assert '<details class="card" id="entry" open>' in html  # the entry is not lost
    assert f">{tricks}</textarea>" in html and 'value="three"' in html
    assert "replay" not in response.context


def test_the_entry_form_keeps_the_session_and_its_players_names(member):
    user, client = member
    session = make_session(user, "nap", names=["Alf", "Bert", "Cyd", "Dot"])
    response = follow(client, URL, {"session": session.pk, **NAP_ENTRY})
    assert response.status_code == 200
    assert "Dot played ♦K to trick 2" in response.context["replay"].steps[1].faults[0].reason


@FUZZ
@given(
    game=st.sampled_from(["nap", "taiwan", "thai", "mighty", "japanese", "zz"]),
    players=st.sampled_from(["4", "5", "6", "", "x", "99"]),
    declarer=st.sampled_from(["1", "0", "5", "", "x"]),
    tricks=st.text(max_size=120) | st.sampled_from([NAP_ENTRY["tricks"][:n] for n in range(40)]),
    called=st.sampled_from(["", "DK", "+", "?", "♣10", "JK"]),
)
def test_fuzz_it_never_fails_on_any_entry(game, players, declarer, tricks, called):
    query = {**NAP_ENTRY, "game": game, "players": players, "declarer": declarer}
    query.update(tricks=tricks, called=called)
    response = follow(Client(raise_request_exception=False), URL, query)
    assert response.status_code in (200, 400), response.status_code
