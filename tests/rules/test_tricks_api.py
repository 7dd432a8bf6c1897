"""/api/v1/trick and /api/v1/legal-plays through the Django test client (api.md).

Checks the JSON shape and the status codes; who wins is worked out in the
test_tricks_* tables, so only a handful of winners are repeated here.
"""

import json

import pytest

from tests.rules.trick_helpers import assert_reason

TRICK = "/api/v1/trick"
LEGAL = "/api/v1/legal-plays"


def post(client, url, body):
    response = client.post(url, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def japanese(**body):
    return {"variant": "japanese", "players": 5, "trump": "H", "trick": 4, **body}


def taiwan(**body):
    return {
        "variant": "taiwan",
        "players": 5,
        "trump": "H",
        "trick": 2,
        "called_card": "S9",
        **body,
    }


WINNERS = [
    # The api.md example: seat 2 leads, ♥Q is the fifth card, from seat 1.
    pytest.param(
        japanese(options={"yoromeki": "HQ"}, leader=2, plays=["C5", "C9", "SA", "CK", "HQ"]),
        (1, "HQ", 4),
        "yoromeki",
        id="japanese-yoromeki-example",
    ),
    # Codes are case-insensitive and T means 10; the answer is canonical.
    pytest.param(
        japanese(plays=["c5", "ct", "c9", "d2", "s3"]), (1, "C10", 1), "", id="lower-case-and-t"
    ),
    pytest.param(
        taiwan(trick=9, lead_suit="S", plays=["BJ", "D9", "S2", "CA", "DK"]),
        (2, "S2", 2),
        "",
        id="taiwan-led-joker-in-last-three",
    ),
    pytest.param(
        taiwan(called_card="C2", plays=["D5", "BJ", "HA", "C2", "DA"]),
        (3, "C2", 3),
        "secretary",
        id="taiwan-secretary",
    ),
    pytest.param(
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 3,
            "joker_called": True,
            "plays": ["C3", "JK", "HA", "C9", "D2"],
        },
        (2, "HA", 2),
        "",
        id="mighty-ripper-call",
    ),
    # Nap trick 1: no trump given, the led suit is trump.
    pytest.param(
        {"variant": "nap", "players": 4, "trick": 1, "plays": ["C5", "C9", "H2", "CK"]},
        (3, "CK", 3),
        "",
        id="nap-trick-1-trump-omitted",
    ),
    # Nap misère: "NT", or the contract, means no trump.
    pytest.param(
        {
            "variant": "nap",
            "players": 4,
            "trick": 2,
            "trump": "NT",
            "plays": ["H5", "C2", "HK", "D3"],
        },
        (2, "HK", 2),
        "",
        id="nap-misere-as-nt",
    ),
    pytest.param(
        {
            "variant": "nap",
            "players": 4,
            "trick": 2,
            "contract": "misère",
            "plays": ["H5", "C2", "HK", "D3"],
        },
        (2, "HK", 2),
        "",
        id="nap-misere-as-contract",
    ),
]


@pytest.mark.parametrize(("body", "expected", "keyword"), WINNERS)
def test_it_answers_who_wins(client, body, expected, keyword):
    status, answer = post(client, TRICK, body)
    assert status == 200, answer
    # No "toppled" key outside a Thai topple.
    assert set(answer) == {"winner", "card", "play_index", "reason"}
    assert (answer["winner"], answer["card"], answer["play_index"]) == expected
    assert_reason(answer["reason"], expected[1], (keyword,) if keyword else ())


@pytest.mark.parametrize(
    ("plays", "toppled"),
    [
        pytest.param(["C6", "C4", "C2", "C5", "C3"], True, id="toppled"),
        pytest.param(["C7", "C4", "C2", "C5", "C3"], False, id="not-toppled"),
    ],
)
def test_it_flags_a_thai_topple_only_when_it_happens(client, plays, toppled):
    body = {"variant": "thai", "players": 5, "trump": "H", "trick": 1, "plays": plays}
    status, answer = post(client, TRICK, body)
    assert status == 200, answer
    assert answer["card"] == "C2"  # everyone followed on trick 1: the 2 wins
    assert answer.get("toppled", False) is toppled
    assert ("toppled" in answer) is toppled


REFUSED = [
    pytest.param(
        taiwan(called_card=None, plays=["C5", "C9", "CK", "C2", "D3"]),
        400,
        None,
        id="taiwan-no-called-card",
    ),
    pytest.param(
        taiwan(plays=["BJ", "S2", "SA", "HA", "LJ"]), 400, "lead_suit", id="joker-led-no-lead-suit"
    ),
    pytest.param(taiwan(plays=["C5", "C9", "CK", "C2"]), 400, "plays", id="too-few-plays"),
    pytest.param(
        {**japanese(plays=["C5", "C9", "JK", "C2", "D3"]), "variant": "japanese-chip"},
        400,
        "plays[2]",
        id="chip-has-no-joker",
    ),
    pytest.param(
        {
            **japanese(plays=["C5", "C9", "SA", "C2", "D3"]),
            "variant": "japanese-chip",
            "options": {"first_trick_specials_plain": True},
        },
        400,
        "options.first_trick_specials_plain",
        id="chip-refuses-japanese-option",
    ),
    pytest.param(
        taiwan(trick=4, joker_called=True, plays=["H2", "C5", "BJ", "HA", "D3"]),
        422,
        None,
        id="summon-in-trick-4",
    ),
    pytest.param(
        taiwan(trump="NT", trick=1, joker_called=True, plays=["C2", "C5", "BJ", "CA", "D3"]),
        422,
        None,
        id="summon-in-no-trump",
    ),
    pytest.param(
        japanese(trick=1, plays=["JK", "H2", "C5", "HA", "D3"]),
        422,
        None,
        id="japanese-joker-led-trick-1",
    ),
    pytest.param(
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "joker_called": True,
            "plays": ["C5", "JK", "CK", "HA", "D2"],
        },
        422,
        None,
        id="mighty-call-without-ripper",
    ),
    pytest.param(
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 1,
            "plays": ["C3", "C5", "CK", "HA", "D2"],
        },
        422,
        None,
        id="mighty-ripper-led-trick-1",
    ),
    pytest.param(
        {
            "variant": "nap",
            "players": 4,
            "trick": 1,
            "trump": "H",
            "plays": ["C5", "C9", "H2", "CK"],
        },
        422,
        None,
        id="nap-trick-1-trump-not-led-suit",
    ),
]


@pytest.mark.parametrize(("body", "status", "field"), REFUSED)
def test_it_refuses_a_bad_trick(client, body, status, field):
    body = {k: v for k, v in body.items() if v is not None}
    got, answer = post(client, TRICK, body)
    assert got == status, answer
    assert isinstance(answer["error"], str) and answer["error"].strip()
    assert isinstance(answer["field"], str)
    if field is not None:
        assert answer["field"] == field


def test_it_accepts_a_trailing_slash(client):
    status, answer = post(client, TRICK + "/", japanese(plays=["C5", "C9", "CK", "D2", "S3"]))
    assert status == 200 and answer["card"] == "CK"


@pytest.mark.parametrize("url", [TRICK, LEGAL])
def test_it_refuses_get_with_a_json_body(client, url):
    response = client.get(url)
    assert response.status_code == 405
    assert "error" in response.json()


LEGAL_ROWS = [
    pytest.param(
        taiwan(plays=["C5"], hand=["C9", "CK", "HA", "D2"]), {"C9", "CK"}, id="taiwan-follow-suit"
    ),
    pytest.param(
        taiwan(plays=["C5"], hand=["C9", "BJ", "LJ", "HA"]),
        {"C9", "BJ", "LJ"},
        id="taiwan-jokers-exempt",
    ),
    pytest.param(
        taiwan(
            trick=1,
            called_card="D2",
            joker_called=True,
            secretary_ordered=True,
            plays=["H2"],
            hand=["BJ", "D2", "H9"],
        ),
        {"BJ", "D2"},
        id="taiwan-clash-either-obligation",
    ),
    pytest.param(
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "joker_called": True,
            "plays": ["C3"],
            "hand": ["JK", "C9", "HA"],
        },
        {"JK"},
        id="mighty-joker-call",
    ),
    pytest.param(
        japanese(trick=1, plays=[], hand=["JK", "C5", "H2"]),
        {"C5", "H2"},
        id="japanese-no-joker-lead-trick-1",
    ),
    pytest.param(
        {"variant": "nap", "players": 4, "trick": 1, "plays": ["C5"], "hand": ["C9", "H2", "CK"]},
        {"C9", "CK"},
        id="nap-trick-1-no-trump-given",
    ),
]


@pytest.mark.parametrize(("body", "legal"), LEGAL_ROWS)
def test_it_partitions_the_hand(client, body, legal):
    status, answer = post(client, LEGAL, body)
    assert status == 200, answer
    assert set(answer) == {"legal", "illegal"}
    assert isinstance(answer["legal"], list) and isinstance(answer["illegal"], dict)
    # Every card of the hand exactly once, on one side or the other.
    assert sorted(answer["legal"] + list(answer["illegal"])) == sorted(body["hand"])
    assert set(answer["legal"]) == legal
    assert all(isinstance(why, str) and why.strip() for why in answer["illegal"].values())


LEGAL_REFUSED = [
    pytest.param(
        taiwan(
            options={"secretary_order": "napoleon_lead_only"},
            called_card="D2",
            secretary_ordered=True,
            declarer=2,
            plays=["C5"],
            hand=["D2", "C9"],
        ),
        422,
        id="order-when-napoleon-did-not-lead",
    ),
    pytest.param(
        taiwan(
            options={"secretary_order": "off"},
            called_card="D2",
            secretary_ordered=True,
            plays=["C5"],
            hand=["D2", "C9"],
        ),
        422,
        id="order-when-orders-are-off",
    ),
    pytest.param(taiwan(plays=["C5"], hand=["C5", "C9"]), 400, id="hand-card-already-played"),
    pytest.param(taiwan(plays=["C5"], hand=["C9", "C9"]), 400, id="hand-card-twice"),
    pytest.param(taiwan(plays=["C5"]), 400, id="no-hand"),
]


@pytest.mark.parametrize(("body", "status"), LEGAL_REFUSED)
def test_it_refuses_a_bad_legal_plays_question(client, body, status):
    got, answer = post(client, LEGAL, body)
    assert got == status, answer
    assert isinstance(answer["error"], str) and answer["error"].strip()
    assert "field" in answer
