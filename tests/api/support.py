"""Helpers and valid request bodies for each endpoint and variant, with the answers
rules.md gives."""

import json

API = "/api/v1"


def decode(response):
    """The response body as JSON; every answer of the API must be a JSON object."""
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = json.loads(response.content)
    assert isinstance(body, dict), body
    return body


def error_of(response):
    body = decode(response)
    assert set(body) == {"error", "field"}, body
    assert isinstance(body["error"], str) and body["error"].strip(), body
    assert isinstance(body["field"], str), body
    return body


VARIANTS = ["taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap"]

# /trick: body, then (winner seat, card, play_index)
TRICK = {
    # trick 2: the one trump played wins; leader 1 so plays[3] is seat 0
    "taiwan": (
        {
            "variant": "taiwan",
            "players": 4,
            "trump": "S",
            "trick": 2,
            "leader": 1,
            "called_card": "HA",
            "plays": ["D5", "D9", "DK", "S3"],
        },
        (0, "S3", 3),
    ),
    # no trump, no special: the highest club wins
    "hongkong": (
        {
            "variant": "hongkong",
            "players": 5,
            "trump": "H",
            "trick": 3,
            "leader": 0,
            "called_card": "SA",
            "plays": ["C5", "C9", "CK", "CA", "D2"],
        },
        (3, "CA", 3),
    ),
    # the api.md example: yoromeki
    "japanese": (
        {
            "variant": "japanese",
            "players": 5,
            "options": {"yoromeki": "HQ"},
            "trump": "H",
            "trick": 4,
            "leader": 2,
            "called_card": "DA",
            "plays": ["C5", "C9", "SA", "CK", "HQ"],
        },
        (1, "HQ", 4),
    ),
    # trick 1: trumps and the almighty have no power, the highest heart wins
    "japanese-chip": (
        {
            "variant": "japanese-chip",
            "players": 5,
            "trump": "S",
            "trick": 1,
            "leader": 0,
            "plays": ["H5", "SA", "HK", "S2", "H2"],
        },
        (2, "HK", 2),
    ),
    "thai": (
        {
            "variant": "thai",
            "players": 5,
            "trump": "D",
            "trick": 2,
            "leader": 0,
            "plays": ["C5", "C9", "D3", "CA", "C2"],
        },
        (2, "D3", 2),
    ),
    "mighty": (
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "leader": 1,
            "plays": ["S5", "S9", "SK", "H2", "C5"],
        },
        (4, "H2", 3),
    ),
    # nap trick 1: the led suit becomes trump, no trump field needed
    "nap": (
        {
            "variant": "nap",
            "players": 4,
            "trick": 1,
            "leader": 0,
            "plays": ["H5", "H9", "C2", "HA"],
        },
        (3, "HA", 3),
    ),
}

# /legal-plays: body, then the legal cards (as a set)
LEGAL = {
    "taiwan": (
        {
            "variant": "taiwan",
            "players": 4,
            "trump": "S",
            "trick": 2,
            "leader": 0,
            "called_card": "HA",
            "plays": ["D5"],
            "hand": ["D9", "S3", "C4"],
        },
        {"D9"},
    ),
    "hongkong": (
        {
            "variant": "hongkong",
            "players": 5,
            "trump": "H",
            "trick": 3,
            "leader": 2,
            "called_card": "SA",
            "plays": ["C5", "C9"],
            "hand": ["CK", "H2", "D7"],
        },
        {"CK"},
    ),
    # the joker may be played at any time
    "japanese": (
        {
            "variant": "japanese",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "leader": 0,
            "plays": ["C5"],
            "hand": ["C9", "HK", "D2", "JK"],
        },
        {"C9", "JK"},
    ),
    "japanese-chip": (
        {
            "variant": "japanese-chip",
            "players": 5,
            "trump": "S",
            "trick": 2,
            "leader": 0,
            "plays": ["H5"],
            "hand": ["H9", "S3"],
        },
        {"H9"},
    ),
    "thai": (
        {
            "variant": "thai",
            "players": 5,
            "trump": "S",
            "trick": 2,
            "leader": 0,
            "plays": ["D5", "D6"],
            "hand": ["D9", "C3"],
        },
        {"D9"},
    ),
    # the Mighty (SA, hearts trump) and the Joker may be played at any time
    "mighty": (
        {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "leader": 0,
            "plays": ["C5"],
            "hand": ["C9", "SA", "JK", "H3"],
        },
        {"C9", "SA", "JK"},
    ),
    "nap": (
        {
            "variant": "nap",
            "players": 4,
            "trump": "S",
            "trick": 2,
            "leader": 0,
            "plays": ["H5"],
            "hand": ["H9", "S3", "C2", "D4"],
        },
        {"H9"},
    ),
}


def still_open(next_seat, best):
    return {
        "complete": False,
        "next": next_seat,
        "declarer": None,
        "contract": None,
        "redeal": False,
        "best": best,
    }


def complete(declarer, contract):
    return {
        "complete": True,
        "next": None,
        "declarer": declarer,
        "contract": contract,
        "redeal": False,
    }


REDEAL = {"complete": True, "redeal": True, "declarer": None, "contract": None, "next": None}

# /auction: body, then the whole answer
AUCTION = {
    "taiwan": (
        {"variant": "taiwan", "players": 4, "dealer": 0, "calls": ["1S", "pass", "2C"]},
        still_open(0, "2C"),
    ),
    "hongkong": (
        {
            "variant": "hongkong",
            "players": 5,
            "dealer": 3,
            "calls": ["1NT", "pass", "pass", "pass", "pass"],
        },
        complete(4, "1NT"),
    ),
    "japanese": (
        {"variant": "japanese", "players": 5, "dealer": 0, "calls": ["pass", "13S", "pass"]},
        still_open(4, "13S"),
    ),
    "japanese-chip": (
        {"variant": "japanese-chip", "players": 5, "dealer": 0, "calls": ["11S", "pass", "12H"]},
        still_open(4, "12H"),
    ),
    "thai": (
        {"variant": "thai", "players": 5, "dealer": 0, "calls": ["1S", "2C"]},
        still_open(3, "2C"),
    ),
    # the api.md example
    "mighty": (
        {
            "variant": "mighty",
            "players": 5,
            "dealer": 0,
            "calls": ["pass", "13S", "14NT", "pass", "pass", "pass", "pass"],
        },
        complete(2, "14NT"),
    ),
    "nap": (
        {"variant": "nap", "players": 4, "dealer": 0, "calls": ["two", "pass", "nap"]},
        still_open(0, "nap"),
    ),
}

THAI_FREE = {
    "variant": "thai",
    "players": 5,
    "options": {"auction_order": "free"},
    "calls": [
        {"seat": 3, "call": "2S"},
        {"seat": 1, "call": "pass"},
        {"seat": 0, "call": "pass"},
        {"seat": 2, "call": "pass"},
        {"seat": 4, "call": "pass"},
    ],
}

# /score: body, then (made, target, declarer_points, deltas)
SCORE = {
    # the api.md example
    "taiwan": (
        {
            "variant": "taiwan",
            "players": 5,
            "options": {},
            "declarer": 0,
            "contract": "3S",
            "partner": 2,
            "declarer_points": 12,
        },
        (True, 11, 12, {"0": 120, "1": -60, "2": 60, "3": -60, "4": -60}),
    ),
    # L = 3, one over: +40L+10, +20L+5, defenders 0
    "hongkong": (
        {
            "variant": "hongkong",
            "players": 4,
            "declarer": 1,
            "contract": "3S",
            "partner": 3,
            "declarer_points": 12,
        },
        (True, 11, 12, {"0": 0, "1": 130, "2": 0, "3": 65}),
    ),
    # wins: each winner 1
    "japanese": (
        {
            "variant": "japanese",
            "players": 5,
            "declarer": 0,
            "contract": "13S",
            "partner": 1,
            "declarer_points": 14,
        },
        (True, 13, 14, {"0": 1, "1": 1, "2": 0, "3": 0, "4": 0}),
    ),
    "japanese-chip": (
        {
            "variant": "japanese-chip",
            "players": 5,
            "declarer": 2,
            "contract": "12H",
            "partner": 4,
            "declarer_points": 12,
        },
        (True, 12, 12, {"0": -1, "1": -1, "2": 2, "3": -1, "4": 1}),
    ),
    # h = 2: t = 7 > c + h = 5
    "thai": (
        {
            "variant": "thai",
            "players": 5,
            "declarer": 0,
            "contract": "2S",
            "partner": 1,
            "tricks": {"0": 4, "1": 3, "2": 1, "3": 1, "4": 1},
        },
        (True, 2, 7, {"0": 1, "1": 1, "2": 0, "3": 0, "4": 0}),
    ),
    # seed formula: u = 16 - 12 = 4
    "mighty": (
        {
            "variant": "mighty",
            "players": 5,
            "declarer": 0,
            "contract": "14S",
            "partner": 1,
            "declarer_points": 16,
        },
        (True, 14, 16, {"0": 8, "1": 4, "2": -4, "3": -4, "4": -4}),
    ),
    "nap": (
        {
            "variant": "nap",
            "players": 4,
            "declarer": 1,
            "contract": "four",
            "partner": None,
            "tricks": {"1": 4, "0": 1},
        },
        (True, 4, 4, {"0": 0, "1": 4, "2": 0, "3": 0}),
    ),
}

# Japanese bodies under many house rules at once.
JAPANESE_HOUSE = {
    "yoromeki": "HA_after",
    "yoromeki_loses_to_jacks": True,
    "dq_beats_trump_jack": True,
    "hunting_jack": True,
    "same_two_rank": "below_almighty",
    "led_joker_rank": "below_jacks",
    "plain_tricks": "last",
    "plain_trick_specials": "almighty",
    "joker_call": "C3_led",
    "almighty_call": True,
    "joker_lead_picture_request": True,
    "first_trick_restriction": "no_joker_no_trump",
    "all_twenty": "bonus",
    "discards_to": "napoleon",
}
JAPANESE_HOUSE_BODIES = {
    "trick": {
        "variant": "japanese",
        "players": 5,
        "options": JAPANESE_HOUSE,
        "trump": "H",
        "trick": 4,
        "leader": 0,
        "plays": ["JK", "HJ", "DQ", "C2", "SJ"],
    },
    "legal-plays": {
        "variant": "japanese",
        "players": 5,
        "options": JAPANESE_HOUSE,
        "trump": "H",
        "trick": 4,
        "leader": 0,
        "plays": ["S3"],
        "hand": ["SA", "S5", "JK"],
    },
    "auction": {
        "variant": "japanese",
        "players": 5,
        "options": {"auction_order": "free", "all_pass": "previous_napoleon"},
        "previous_napoleon": 2,
        "calls": [{"seat": s, "call": "pass"} for s in range(5)] + [{"seat": 2, "call": "12S"}],
    },
    "score": {
        "variant": "japanese",
        "players": 5,
        "options": {**JAPANESE_HOUSE, "score_table": "chips", "score_values": {"made_general": 2}},
        "declarer": 0,
        "contract": "13S",
        "partner": 1,
        "declarer_points": 20,
    },
}

ENDPOINTS = {
    "trick": {code: body for code, (body, _) in TRICK.items()},
    "legal-plays": {code: body for code, (body, _) in LEGAL.items()},
    "auction": {code: body for code, (body, _) in AUCTION.items()} | {"thai-free": THAI_FREE},
    "score": {code: body for code, (body, _) in SCORE.items()},
}
for _endpoint, _body in JAPANESE_HOUSE_BODIES.items():
    ENDPOINTS[_endpoint]["japanese-house"] = _body

# Bodies that use the other games' house rules and fields (tests/api/house.py).
from tests.api.house import BODIES as HOUSE_BODIES  # noqa: E402

for _endpoint, _bodies in HOUSE_BODIES.items():
    ENDPOINTS.setdefault(_endpoint, {}).update({f"house-{k}": b for k, b in _bodies.items()})

# record.md: hand records (tests/api/record_bodies.py).
from tests.api.record_bodies import RECORDS  # noqa: E402

ENDPOINTS["record"] = dict(RECORDS)
