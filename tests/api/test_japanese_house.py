"""The API under the Japanese house rules: new request
fields, refused combinations (400 with the option's field), the rule-breaking tricks (422),
and every new option listed by GET /variants."""

import pytest

from tests.api.support import API, REDEAL, complete, decode, error_of, still_open

P = "pass"


def auction(options, calls, **fields):
    return {"variant": "japanese", "players": 5, "options": options, "calls": calls, **fields}


def ok(response):
    assert response.status_code == 200, response.content
    return decode(response)


# ---- /auction ------------------------------------------------------------------------


AUCTIONS = [
    (
        "free-order",
        auction(
            {"auction_order": "free"},
            [
                {"seat": 2, "call": "13s"},
                {"seat": 0, "call": "pass"},
                {"seat": 1, "call": "PASS"},
                {"seat": 3, "call": "pass"},
                {"seat": 4, "call": "pass"},
            ],
        ),
        complete(2, "13S"),
    ),
    (
        "free-open-has-no-next",
        auction({"auction_order": "free"}, [{"seat": 2, "call": "13S"}]),
        {**still_open(None, "13S")},
    ),
    (
        "widow-shown-second-round",
        auction({"all_pass": "widow_shown"}, [P] * 5, dealer=0),
        still_open(1, None),
    ),
    ("widow-shown-redeal", auction({"all_pass": "widow_shown"}, [P] * 10, dealer=0), REDEAL),
    (
        "previous-napoleon-next",
        auction({"all_pass": "previous_napoleon"}, [P] * 5, dealer=0, previous_napoleon=3),
        still_open(3, None),
    ),
    (
        "previous-napoleon-wins",
        auction(
            {"all_pass": "previous_napoleon"},
            [*[P] * 5, "11C", P, P, P, P],
            dealer=0,
            previous_napoleon=3,
        ),
        complete(3, "11C"),
    ),
    (
        "previous-napoleon-null",
        auction({"all_pass": "previous_napoleon"}, [P] * 5, dealer=0, previous_napoleon=None),
        REDEAL,
    ),
    (
        "previous-adjutant-next",
        auction({"all_pass": "previous_adjutant"}, [P] * 5, dealer=2, previous_adjutant=0),
        still_open(0, None),
    ),
    (
        "free-previous-adjutant",
        auction(
            {"auction_order": "free", "all_pass": "previous_adjutant"},
            [{"seat": s, "call": P} for s in range(5)],
            previous_adjutant=4,
        ),
        still_open(4, None),
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"), [a[1:] for a in AUCTIONS], ids=[a[0] for a in AUCTIONS]
)
def test_it_runs_the_japanese_auction_house_rules(post, body, expected):
    assert ok(post("auction", body)) == expected


AUCTION_ERRORS = [
    (
        "previous-napoleon-missing",
        auction({"all_pass": "previous_napoleon"}, [], dealer=0),
        400,
        "previous_napoleon",
    ),
    (
        "previous-adjutant-missing",
        auction({"all_pass": "previous_adjutant"}, [], dealer=0, previous_napoleon=1),
        400,
        "previous_adjutant",
    ),
    (
        "previous-napoleon-out-of-range",
        auction({"all_pass": "previous_napoleon"}, [], dealer=0, previous_napoleon=5),
        400,
        "previous_napoleon",
    ),
    (
        "previous-napoleon-not-a-seat",
        auction({"all_pass": "previous_napoleon"}, [], dealer=0, previous_napoleon="3"),
        400,
        "previous_napoleon",
    ),
    (
        "previous-napoleon-must-bid",
        auction({"all_pass": "previous_napoleon"}, [P] * 6, dealer=0, previous_napoleon=3),
        422,
        "calls[5]",
    ),
    ("free-call-shape", auction({"auction_order": "free"}, ["13S"]), 400, "calls[0]"),
    (
        "free-seat-out-of-range",
        auction({"auction_order": "free"}, [{"seat": 9, "call": "13S"}]),
        400,
        "calls[0].seat",
    ),
    (
        "free-final-pass",
        auction(
            {"auction_order": "free", "pass_is_final": True},
            [{"seat": 1, "call": P}, {"seat": 1, "call": "13S"}],
        ),
        422,
        "calls[1]",
    ),
    ("in-turn-needs-dealer", auction({"all_pass": "widow_shown"}, [P]), 400, "dealer"),
]


@pytest.mark.parametrize(
    ("body", "status", "field"), [a[1:] for a in AUCTION_ERRORS], ids=[a[0] for a in AUCTION_ERRORS]
)
def test_it_refuses_a_bad_japanese_auction(post, body, status, field):
    response = post("auction", body)
    assert response.status_code == status, response.content
    assert error_of(response)["field"] == field


def test_it_ignores_previous_seats_the_rules_do_not_ask_for(post):
    body = auction({}, [P] * 5, dealer=0, previous_napoleon="anything")
    assert ok(post("auction", body)) == REDEAL


# ---- options: refused combinations -----------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        (
            {"first_trick_specials_plain": True, "first_trick_plain": "jacks"},
            "options.first_trick_plain",
        ),
        ({"almighty_call": True, "joker_call": "S3_led"}, "options.almighty_call"),
        ({"almighty_call": True, "joker_call": "s3_played"}, "options.almighty_call"),
        ({"score_values": {"made_general": 2}}, "options.score_values.made_general"),
        (
            {"score_table": "chips", "score_values": {"alone_multiplier": 0}},
            "options.score_values.alone_multiplier",
        ),
        ({"led_joker_rank": "sometimes"}, "options.led_joker_rank"),
    ],
)
def test_it_answers_400_with_the_options_field(post, options, field):
    body = {
        "variant": "japanese",
        "players": 5,
        "options": options,
        "trump": "H",
        "trick": 4,
        "plays": ["C5", "C9", "SA", "CK", "HQ"],
    }
    response = post("trick", body)
    assert response.status_code == 400, response.content
    assert error_of(response)["field"] == field


def test_it_refuses_a_joker_rule_in_the_chip_game(post):
    body = {
        "variant": "japanese-chip",
        "players": 5,
        "options": {"joker_call": "S3_led"},
        "declarer": 0,
        "contract": "13S",
        "partner": 1,
        "declarer_points": 13,
    }
    response = post("score", body)
    assert response.status_code == 400
    assert error_of(response)["field"] == "options.joker_call"


# ---- /trick and /legal-plays -------------------------------------------------------------


def trick(options, plays, number=4, trump="H", leader=0):
    return {
        "variant": "japanese",
        "players": 5,
        "options": options,
        "trump": trump,
        "trick": number,
        "leader": leader,
        "plays": plays,
    }


def test_it_rules_a_trick_by_the_house_rules(post):
    body = trick({"hunting_jack": True}, ["C5", "HJ", "SJ", "CK", "C2"], leader=3)
    answer = ok(post("trick", body))
    assert (answer["winner"], answer["card"], answer["play_index"]) == (0, "SJ", 2)
    assert "hunting jack" in answer["reason"]


@pytest.mark.parametrize(
    ("options", "plays", "field"),
    [
        ({"first_trick_restriction": "no_joker"}, ["C5", "JK", "C9", "CK", "C2"], "plays[1]"),
        (
            {"first_trick_restriction": "no_joker_no_trump"},
            ["JK", "C5", "C9", "CK", "C2"],
            "plays[0]",
        ),
        ({}, ["JK", "C5", "C9", "CK", "C2"], "plays[0]"),
    ],
)
def test_it_answers_422_for_a_barred_first_trick_joker(post, options, plays, field):
    response = post("trick", trick(options, plays, number=1))
    assert response.status_code == 422, response.content
    assert error_of(response)["field"] == field


@pytest.mark.parametrize(
    "options",
    [{"first_trick_restriction": "none"}, {"first_trick_restriction": "no_joker_no_trump"}],
)
def test_it_never_refuses_a_trump_on_trick_1_from_the_trick_alone(post, options):
    plays = ["C5", "H2", "C9", "CK", "C2"]
    assert ok(post("trick", trick(options, plays, number=1)))["card"] == "H2"


def test_it_lets_a_joker_lead_trick_1_without_a_restriction(post):
    body = trick({"first_trick_restriction": "none"}, ["JK", "C5", "C9", "CK", "C2"], number=1)
    assert ok(post("trick", body))["card"] == "JK"


def test_it_still_refuses_joker_called_in_japanese(post):
    body = {**trick({"joker_call": "S3_led"}, ["S3", "JK", "C9", "CK", "C2"]), "joker_called": True}
    response = post("trick", body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["field"] == "joker_called"
    # The call is automatic: the message says so rather than that no call exists.
    assert "automatic" in error["error"]


def test_it_applies_a_call_in_legal_plays(post):
    body = {**trick({"joker_call": "S3_led"}, ["S3"]), "hand": ["JK", "S5", "C2"]}
    answer = ok(post("legal-plays", body))
    assert answer["legal"] == ["JK"]
    assert set(answer["illegal"]) == {"S5", "C2"}


# ---- /score ---------------------------------------------------------------------------


def test_it_scores_with_the_tables_own_numbers(post):
    body = {
        "variant": "japanese-chip",
        "players": 5,
        "options": {"score_values": {"made_napoleon": 3, "made_general": 0}},
        "declarer": 0,
        "contract": "13S",
        "partner": 1,
        "declarer_points": 14,
    }
    answer = ok(post("score", body))
    assert answer["deltas"] == {"0": 3, "1": 0, "2": -1, "3": -1, "4": -1}
    assert answer["sum"] == 0


# ---- GET /variants ---------------------------------------------------------------------


def test_it_lists_every_new_option_with_a_description(client):
    listed = decode(client.get(f"{API}/variants"))["variants"]
    by_code = {entry["code"]: {o["name"]: o for o in entry["options"]} for entry in listed}
    assert by_code["japanese"]["led_joker_rank"]["choices"][-1] == "never_wins"
    assert by_code["japanese-chip"]["plain_tricks"]["default"] == "first"
    assert by_code["japanese"]["plain_tricks"]["default"] == "none"
    assert "joker_call" not in by_code["japanese-chip"]
    for options in (by_code["japanese"], by_code["japanese-chip"]):
        for option in options.values():
            assert len(option["description"]) > 20


def test_it_describes_the_options_in_japanese(client):
    listed = decode(client.get(f"{API}/variants?lang=ja"))["variants"]
    japanese = next(e for e in listed if e["code"] == "japanese")
    hunting = next(o for o in japanese["options"] if o["name"] == "hunting_jack")
    assert hunting["description"] != find_english(client, "hunting_jack")


def find_english(client, name):
    listed = decode(client.get(f"{API}/variants?lang=en"))["variants"]
    japanese = next(e for e in listed if e["code"] == "japanese")
    return next(o for o in japanese["options"] if o["name"] == name)["description"]
