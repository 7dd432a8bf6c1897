"""POST /api/v1/trick: answers, required fields and the trick-only 422 checks."""

import pytest

from tests.api.support import TRICK, VARIANTS, decode, error_of


def answer(post, body):
    response = post("trick", body)
    assert response.status_code == 200, response.content
    return decode(response)


def test_it_answers_the_api_example_verbatim(post):
    body, _ = TRICK["japanese"]
    assert answer(post, body) == {
        "winner": 1,
        "card": "HQ",
        "play_index": 4,
        "reason": "♥Q wins: yoromeki — ♠A and ♥Q in the same trick",
    }


@pytest.mark.parametrize("code", VARIANTS)
def test_it_names_the_winner(post, code):
    body, (winner, card, index) = TRICK[code]
    result = answer(post, body)
    assert set(result) == {"winner", "card", "play_index", "reason"}
    assert (result["winner"], result["card"], result["play_index"]) == (winner, card, index)
    assert isinstance(result["reason"], str) and result["reason"].strip()


def with_fields(code, **fields):
    body = dict(TRICK[code][0])
    for name, value in fields.items():
        if value is ...:
            body.pop(name, None)
        else:
            body[name] = value
    return body


WINNERS = [
    # taiwan / hongkong
    (
        "taiwan-secretary-card-strongest",
        "taiwan",
        {"called_card": "C2", "plays": ["SA", "C2", "BJ", "S5"]},
        2,
    ),
    ("taiwan-big-joker-over-trumps", "taiwan", {"plays": ["S2", "BJ", "SA", "LJ"]}, 2),
    ("taiwan-little-joker-over-trumps", "taiwan", {"plays": ["SA", "SK", "LJ", "D2"]}, 3),
    # 4 players: 13 tricks, the last three are 11-13; leader 1
    ("taiwan-jokers-lowest-late", "taiwan", {"trick": 11, "plays": ["H5", "BJ", "H2", "D3"]}, 1),
    (
        "taiwan-joker-led-late-is-lowest-of-named-suit",
        "taiwan",
        {"trick": 12, "leader": 0, "lead_suit": "H", "plays": ["BJ", "H5", "HK", "D2"]},
        2,
    ),
    (
        "taiwan-joker-led-early-wins",
        "taiwan",
        {"trick": 3, "leader": 0, "lead_suit": "H", "plays": ["BJ", "H5", "HK", "S2"]},
        0,
    ),
    ("taiwan-nt", "taiwan", {"trump": "NT", "plays": ["D5", "D9", "DK", "SA"]}, 3),
    ("taiwan-ten-alias", "taiwan", {"plays": ["d5", "dt", "dk", "dq"], "trump": "h"}, 3),
    # japanese, 5 players, leader 2
    ("japanese-almighty", "japanese", {"options": {}, "plays": ["S5", "SJ", "SA", "CJ", "S2"]}, 4),
    ("japanese-same-two", "japanese", {"options": {}, "plays": ["C5", "C9", "CK", "CA", "C2"]}, 1),
    (
        "japanese-no-same-two-on-trick-1",
        "japanese",
        {"options": {}, "trick": 1, "plays": ["C5", "C9", "CK", "CA", "C2"]},
        0,
    ),
    (
        "japanese-joker-trump-request",
        "japanese",
        {"options": {}, "plays": ["JK", "H5", "C3", "D4", "S6"]},
        2,
    ),
    (
        "japanese-trump-jack",
        "japanese",
        {"options": {}, "plays": ["HA", "DJ", "HJ", "SK", "H2"]},
        4,
    ),
    ("chip-almighty-from-trick-2", "japanese-chip", {"trick": 2}, 1),
    (
        "chip-yoromeki-default",
        "japanese-chip",
        {"trick": 2, "plays": ["SA", "HQ", "C2", "D2", "H3"]},
        1,
    ),
    ("thai-two-on-trick-1", "thai", {"trick": 1, "plays": ["H5", "H9", "HK", "HA", "H2"]}, 4),
    ("mighty-mighty", "mighty", {"leader": 0, "plays": ["SA", "JK", "H2", "C3", "S5"]}, 0),
    (
        "mighty-diamond-ace-when-spades",
        "mighty",
        {"leader": 0, "trump": "S", "plays": ["SA", "DA", "S2", "S3", "S5"]},
        1,
    ),
    ("mighty-joker", "mighty", {"leader": 0, "plays": ["S5", "JK", "HA", "C4", "S2"]}, 1),
    (
        "mighty-ripper-silences-joker",
        "mighty",
        {"leader": 0, "trick": 3, "joker_called": True, "plays": ["C3", "JK", "C5", "C9", "H2"]},
        4,
    ),
    ("nap-trump-later", "nap", {"trick": 2, "trump": "C", "plays": ["H5", "H9", "C2", "HA"]}, 2),
    (
        "nap-misere-no-trump",
        "nap",
        {"trick": 2, "trump": "NT", "plays": ["H5", "H9", "C2", "HA"]},
        3,
    ),
    (
        "nap-misere-contract-trick-1",
        "nap",
        {"contract": "misere", "plays": ["H5", "H9", "C2", "HA"]},
        3,
    ),
]


@pytest.mark.parametrize(
    ("code", "fields", "winner"), [row[1:] for row in WINNERS], ids=[row[0] for row in WINNERS]
)
def test_it_applies_the_rules(post, code, fields, winner):
    assert answer(post, with_fields(code, **fields))["winner"] == winner


def test_it_answers_in_canonical_card_codes(post):
    body = with_fields("taiwan", plays=["d5", "dt", "dk", "s3"], called_card="ha", trump="s")
    assert answer(post, body)["card"] == "S3"
    body = with_fields("taiwan", plays=["d5", "DT", "dk", "d2"])
    assert answer(post, body)["card"] == "DK"
    body = with_fields("hongkong", plays=["C5", "C9", "CK", "CT", "D2"])
    assert answer(post, body)["card"] == "CK"
    body = with_fields("hongkong", plays=["C5", "C9", "C2", "CT", "D2"])
    assert answer(post, body)["card"] == "C10"


def test_it_flags_a_thai_topple(post):
    body = with_fields("thai", trick=1, trump="S", plays=["H2", "H3", "H4", "H5", "H6"])
    result = answer(post, body)
    assert result["toppled"] is True
    assert set(result) == {"winner", "card", "play_index", "reason", "toppled"}


def test_it_does_not_flag_an_ordinary_thai_trick(post):
    assert "toppled" not in answer(post, with_fields("thai", trick=1))


@pytest.mark.parametrize(
    ("code", "missing"),
    [
        ("taiwan", "called_card"),
        ("hongkong", "called_card"),
        ("japanese", "trump"),
        ("mighty", "trump"),
        ("taiwan", "plays"),
        ("thai", "trick"),
        ("japanese-chip", "players"),
        ("nap", "variant"),
    ],
    ids=lambda v: v,
)
def test_it_requires_the_fields(post, code, missing):
    response = post("trick", with_fields(code, **{missing: ...}))
    assert response.status_code == 400
    assert error_of(response)["field"] == missing


def test_it_needs_a_trump_after_nap_trick_1(post):
    response = post("trick", with_fields("nap", trick=2))
    assert response.status_code == 400
    assert error_of(response)["field"] == "trump"


@pytest.mark.parametrize(
    ("code", "fields"),
    [
        ("taiwan", {"leader": 0, "plays": ["BJ", "H5", "HA", "S2"]}),
        ("taiwan", {"leader": 0, "plays": ["LJ", "H5", "HA", "S2"]}),
        ("taiwan", {"leader": 0, "plays": ["HA", "H5", "HK", "S2"]}),
        ("mighty", {"leader": 0, "plays": ["JK", "H5", "HA", "S2", "C9"]}),
    ],
    ids=["big-joker", "little-joker", "secretary-card", "mighty-joker"],
)
def test_it_requires_the_lead_suit_when_needed(post, code, fields):
    response = post("trick", with_fields(code, **fields))
    assert response.status_code == 400
    assert error_of(response)["field"] == "lead_suit"


def test_it_ignores_the_lead_suit_for_an_ordinary_lead(post):
    body, (winner, _, _) = TRICK["taiwan"]
    assert answer(post, body | {"lead_suit": "C"})["winner"] == winner


@pytest.mark.parametrize(
    ("code", "fields", "field"),
    [
        ("japanese", {"trick": 1, "plays": ["JK", "H5", "C3", "D4", "S6"]}, "plays[0]"),
        (
            "mighty",
            {"trick": 1, "leader": 0, "lead_suit": "S", "plays": ["JK", "S5", "S9", "SK", "H2"]},
            "plays[0]",
        ),
        ("mighty", {"trick": 1, "leader": 0, "plays": ["C3", "C5", "C9", "CK", "H2"]}, "plays[0]"),
        ("mighty", {"joker_called": True}, "joker_called"),
        (
            "mighty",
            {
                "trick": 3,
                "leader": 0,
                "joker_called": True,
                "plays": ["C4", "JK", "C5", "C9", "H2"],
            },
            "joker_called",
        ),
        ("taiwan", {"joker_called": True}, "joker_called"),
        (
            "taiwan",
            {"joker_called": True, "leader": 0, "trick": 5, "plays": ["S2", "BJ", "SA", "D4"]},
            "joker_called",
        ),
        ("japanese", {"joker_called": True}, "joker_called"),
        ("nap", {"trump": "S"}, "trump"),
    ],
    ids=[
        "japanese-joker-led-trick-1",
        "mighty-joker-led-trick-1",
        "mighty-ripper-led-trick-1",
        "mighty-joker-called-without-ripper",
        "mighty-joker-called-on-other-club",
        "taiwan-joker-called-without-summon",
        "taiwan-joker-called-after-trick-3",
        "japanese-joker-called",
        "nap-trump-not-led-suit",
    ],
)
def test_it_refuses_a_trick_the_rules_forbid(post, code, fields, field):
    response = post("trick", with_fields(code, **fields))
    assert response.status_code == 422
    assert error_of(response)["field"] == field


def test_it_accepts_a_summon_in_the_first_three_tricks(post):
    body = with_fields(
        "taiwan", leader=0, trick=2, joker_called=True, plays=["S2", "D4", "BJ", "SA"]
    )
    assert answer(post, body)["winner"] == 2


def test_it_accepts_the_nap_trump_matching_the_lead(post):
    assert answer(post, with_fields("nap", trump="H"))["winner"] == 3
