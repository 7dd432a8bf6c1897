"""POST /api/v1/auction: the answers of api.md, per variant, and where a call goes wrong."""

import pytest

from tests.api.support import (
    AUCTION,
    REDEAL,
    THAI_FREE,
    VARIANTS,
    complete,
    decode,
    error_of,
    still_open,
)

P = "pass"


def answer(post, body):
    response = post("auction", body)
    assert response.status_code == 200, response.content
    return decode(response)


def test_it_answers_the_open_example_verbatim(post):
    body = {"variant": "mighty", "players": 5, "dealer": 0, "calls": [P, "13S", "14NT"]}
    assert answer(post, body) == {
        "complete": False,
        "next": 3,
        "declarer": None,
        "contract": None,
        "redeal": False,
        "best": "14NT",
    }


def test_it_answers_the_complete_example_verbatim(post):
    body = {
        "variant": "mighty",
        "players": 5,
        "dealer": 0,
        "calls": [P, "13S", "14NT", P, P, P, P],
    }
    assert answer(post, body) == {
        "complete": True,
        "next": None,
        "declarer": 2,
        "contract": "14NT",
        "redeal": False,
    }


def test_it_answers_the_error_example(post):
    body = {"variant": "mighty", "players": 5, "dealer": 0, "calls": [P, "13S", "14NT", "14S"]}
    response = post("auction", body)
    assert response.status_code == 422
    assert error_of(response) == {"error": "14S does not beat 14NT", "field": "calls[3]"}


@pytest.mark.parametrize("code", VARIANTS)
def test_it_answers_each_variant(post, code):
    body, expected = AUCTION[code]
    assert answer(post, body) == expected


REDEALS = [
    ("taiwan", 4, {}, [P] * 4),
    ("hongkong", 6, {}, [P] * 6),
    ("japanese", 7, {}, [P] * 7),
    ("japanese-chip", 5, {}, [P] * 5),
    ("thai", 5, {}, [P] * 5),
    ("mighty", 5, {}, [P] * 10),
    ("mighty", 5, {"all_pass": "redeal"}, [P] * 5),
    ("mighty", 5, {"all_pass": "min_12"}, [P] * 10),
    ("nap", 10, {}, [P] * 10),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "calls"),
    REDEALS,
    ids=[f"{r[0]}-{r[1]}p-{len(r[3])}-passes" for r in REDEALS],
)
def test_it_answers_a_redeal_verbatim(post, code, players, options, calls):
    body = {"variant": code, "players": players, "dealer": 0, "options": options, "calls": calls}
    assert answer(post, body) == REDEAL


SEQUENCES = [
    (
        "taiwan-number-style",
        "taiwan",
        4,
        {"bid_style": "number"},
        0,
        ["9", "12", P, P, P],
        complete(2, "12"),
    ),
    (
        "taiwan-pass-final-forced-pass",
        "taiwan",
        4,
        {"pass_is_final": True},
        0,
        [P, "1S", P, P],
        still_open(1, "1S"),
    ),
    ("taiwan-canonical", "taiwan", 5, {}, 4, ["3nt", "Pass", "PASS", P, P], complete(0, "3NT")),
    (
        "japanese-nt-highest",
        "japanese",
        5,
        {"no_trump_bid": "highest"},
        0,
        ["13S", "13nt", P, P, P, P],
        complete(2, "13NT"),
    ),
    ("japanese-min-bid-1", "japanese", 4, {"min_bid": 1}, 0, ["1C"], still_open(2, "1C")),
    ("mighty-first-caller", "mighty", 5, {}, 3, ["13H"], still_open(4, "13H")),
    ("mighty-second-round", "mighty", 5, {}, 0, [P] * 5, still_open(0, None)),
    (
        "mighty-min-12",
        "mighty",
        5,
        {"all_pass": "min_12"},
        0,
        [P] * 5 + ["12S", P, P, P, P],
        complete(0, "12S"),
    ),
    ("mighty-last-uncalled", "mighty", 5, {}, 0, [P, P, P, P, "13C"], complete(4, "13C")),
    (
        "nap-accents",
        "nap",
        4,
        {},
        0,
        ["misère", "four", "nap", "WELLINGTON"],
        complete(0, "wellington"),
    ),
    ("nap-blucher", "nap", 3, {}, 0, ["nap", "wellington", "Blücher"], complete(0, "blucher")),
    ("nap-misere", "nap", 3, {}, 0, ["MISÈRE", P, P], complete(1, "misere")),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "dealer", "calls", "expected"),
    [row[1:] for row in SEQUENCES],
    ids=[row[0] for row in SEQUENCES],
)
def test_it_follows_the_sequence(post, code, players, options, dealer, calls, expected):
    body = {
        "variant": code,
        "players": players,
        "options": options,
        "dealer": dealer,
        "calls": calls,
    }
    assert answer(post, body) == expected


def test_it_lets_the_previous_declarer_call_first_without_a_dealer(post):
    body = {"variant": "mighty", "players": 5, "first": 3, "calls": [P, "13H"]}
    assert answer(post, body) == still_open(0, "13H")


def test_it_prefers_first_over_dealer_in_mighty(post):
    body = {"variant": "mighty", "players": 5, "dealer": 1, "first": 3, "calls": [P, "13H"]}
    assert answer(post, body) == still_open(0, "13H")


def test_it_runs_a_free_thai_auction_without_a_dealer(post):
    assert answer(post, THAI_FREE) == complete(3, "2S")


def test_it_keeps_a_free_thai_auction_open(post):
    body = THAI_FREE | {"calls": THAI_FREE["calls"][:3]}
    result = answer(post, body)
    assert (result["complete"], result["declarer"], result["contract"], result["redeal"]) == (
        False,
        None,
        None,
        False,
    )
    assert result["best"] == "2S"


AFTER_THE_END = [
    ("taiwan", 4, [P, "1S", P, P, P, P]),
    ("hongkong", 4, [P] * 4 + ["1S"]),
    ("japanese", 5, ["12S", P, P, P, P, P]),
    ("japanese-chip", 5, ["12S", P, P, P, P, "13S"]),
    ("thai", 5, ["2S", P, P, P, P, P]),
    ("mighty", 5, [P, "13S", "14NT", P, P, P, P, P]),
    ("mighty", 5, [P] * 10 + [P]),
    ("nap", 4, ["two", P, P, P, P]),
]


@pytest.mark.parametrize(
    ("code", "players", "calls"),
    AFTER_THE_END,
    ids=[f"{r[0]}-{len(r[2])}" for r in AFTER_THE_END],
)
def test_it_refuses_a_call_after_the_end(post, code, players, calls):
    body = {"variant": code, "players": players, "dealer": 0, "calls": calls}
    response = post("auction", body)
    assert response.status_code == 422
    assert error_of(response)["field"] == f"calls[{len(calls) - 1}]"


def test_it_refuses_a_free_thai_call_after_the_end(post):
    body = THAI_FREE | {"calls": THAI_FREE["calls"] + [{"seat": 1, "call": "3S"}]}
    response = post("auction", body)
    assert response.status_code == 422
    assert error_of(response)["field"] == "calls[5]"


ILLEGAL = [
    ("japanese-below-min", "japanese", 5, {}, [P, "10S"], 1),
    ("chip-passed-player-bids", "japanese-chip", 5, {}, [P, "11S", P, P, P, "12S"], 5),
    ("mighty-passed-player-bids", "mighty", 5, {}, ["13S", P, "14S", "15S", P, P, "16S"], 6),
    ("mighty-suits-equal", "mighty", 5, {}, ["13S", "13D"], 1),
    ("thai-not-higher", "thai", 5, {}, ["3H", "3D"], 1),
    ("taiwan-not-higher", "taiwan", 6, {}, ["2NT", "2S"], 1),
    ("nap-wellington-before-nap", "nap", 5, {}, ["four", "wellington"], 1),
    ("nap-blucher-before-wellington", "nap", 5, {}, ["nap", P, "blucher"], 2),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "calls", "index"),
    [row[1:] for row in ILLEGAL],
    ids=[row[0] for row in ILLEGAL],
)
def test_it_refuses_an_illegal_call(post, code, players, options, calls, index):
    body = {"variant": code, "players": players, "options": options, "dealer": 0, "calls": calls}
    response = post("auction", body)
    assert response.status_code == 422
    assert error_of(response)["field"] == f"calls[{index}]"


MALFORMED = [
    (
        "taiwan-unknown-trump",
        {"variant": "taiwan", "players": 4, "dealer": 0, "calls": [P, "1X"]},
        "calls[1]",
    ),
    (
        "taiwan-suit-in-number-style",
        {
            "variant": "taiwan",
            "players": 4,
            "dealer": 0,
            "options": {"bid_style": "number"},
            "calls": ["3S"],
        },
        "calls[0]",
    ),
    (
        "japanese-nt-off",
        {"variant": "japanese", "players": 5, "dealer": 0, "calls": ["13NT"]},
        "calls[0]",
    ),
    ("thai-nt", {"variant": "thai", "players": 5, "dealer": 0, "calls": ["2NT"]}, "calls[0]"),
    ("nap-five", {"variant": "nap", "players": 4, "dealer": 0, "calls": ["five"]}, "calls[0]"),
    (
        "call-not-a-string",
        {"variant": "mighty", "players": 5, "dealer": 0, "calls": [13]},
        "calls[0]",
    ),
    ("call-null", {"variant": "mighty", "players": 5, "dealer": 0, "calls": [P, None]}, "calls[1]"),
    (
        "calls-not-a-list",
        {"variant": "mighty", "players": 5, "dealer": 0, "calls": "pass"},
        "calls",
    ),
    ("calls-missing", {"variant": "mighty", "players": 5, "dealer": 0}, "calls"),
    ("dealer-missing", {"variant": "taiwan", "players": 4, "calls": []}, "dealer"),
    ("mighty-needs-dealer-or-first", {"variant": "mighty", "players": 5, "calls": []}, "dealer"),
    ("thai-in-turn-needs-dealer", {"variant": "thai", "players": 5, "calls": []}, "dealer"),
    (
        "dealer-out-of-range",
        {"variant": "mighty", "players": 5, "dealer": 5, "calls": []},
        "dealer",
    ),
    ("dealer-negative", {"variant": "taiwan", "players": 4, "dealer": -1, "calls": []}, "dealer"),
    (
        "dealer-not-an-int",
        {"variant": "taiwan", "players": 4, "dealer": "0", "calls": []},
        "dealer",
    ),
    ("dealer-bool", {"variant": "taiwan", "players": 4, "dealer": False, "calls": []}, "dealer"),
    ("first-out-of-range", {"variant": "mighty", "players": 5, "first": 5, "calls": []}, "first"),
    ("first-not-an-int", {"variant": "mighty", "players": 5, "first": 1.0, "calls": []}, "first"),
    (
        "thai-free-seat-out-of-range",
        THAI_FREE | {"calls": [{"seat": 5, "call": "2S"}]},
        "calls[0].seat",
    ),
    (
        "thai-free-seat-not-an-int",
        THAI_FREE | {"calls": [{"seat": "1", "call": "2S"}]},
        "calls[0].seat",
    ),
    ("thai-free-call-missing", THAI_FREE | {"calls": [{"seat": 1}]}, "calls[0].call"),
    ("thai-free-bad-call", THAI_FREE | {"calls": [{"seat": 1, "call": "2NT"}]}, "calls[0].call"),
]


@pytest.mark.parametrize(
    ("body", "field"), [row[1:] for row in MALFORMED], ids=[row[0] for row in MALFORMED]
)
def test_it_refuses_a_malformed_auction(post, body, field):
    response = post("auction", body)
    assert response.status_code == 400
    assert error_of(response)["field"] == field


def test_it_refuses_a_plain_call_in_a_free_thai_auction(post):
    response = post("auction", THAI_FREE | {"calls": ["2S"]})
    assert response.status_code == 400
    assert error_of(response)["field"].startswith("calls[0]")
