"""The API's additions for the house rules of the Mighty, Taiwan and Hong Kong, and Nap:
``sitting_out``, ``POST /deal-miss``, ``dealmiss`` calls, Nap's ``one`` and ``garnet`` and
its joker's ``lead_suit``, and the new 400/422 conventions."""

import copy

import pytest

from tests.api.house import AUCTION, DEAL_MISS, LEGAL, SCORE, TRICK
from tests.api.support import decode, error_of


def ok(post, endpoint, body):
    response = post(endpoint, body)
    assert response.status_code == 200, response.content
    return decode(response)


def refused(post, endpoint, body, status, field):
    response = post(endpoint, body)
    assert response.status_code == status, response.content
    error = error_of(response)
    assert error["field"] == field, error
    return error


def changed(body, **fields):
    body = copy.deepcopy(body)
    for name, value in fields.items():
        if value is None:
            body.pop(name, None)
        else:
            body[name] = value
    return body


@pytest.mark.parametrize("code", TRICK)
def test_it_judges_tricks_under_the_house_rules(post, code):
    body, (winner, card, index) = TRICK[code]
    answer = ok(post, "trick", body)
    assert (answer["winner"], answer["card"], answer["play_index"]) == (winner, card, index)


@pytest.mark.parametrize("code", LEGAL)
def test_it_lists_legal_plays_under_the_house_rules(post, code):
    body, legal = LEGAL[code]
    answer = ok(post, "legal-plays", body)
    assert set(answer["legal"]) == legal
    assert set(answer["illegal"]) == set(body["hand"]) - legal


@pytest.mark.parametrize("code", AUCTION)
def test_it_runs_auctions_under_the_house_rules(post, code):
    body, expected = AUCTION[code]
    assert ok(post, "auction", body) == expected


@pytest.mark.parametrize("code", SCORE)
def test_it_scores_hands_under_the_house_rules(post, code):
    body, deltas = SCORE[code]
    answer = ok(post, "score", body)
    assert answer["deltas"] == deltas
    assert answer["sum"] == sum(deltas.values())


# ---- sitting_out (six-player Mighty) --------------------------------------------------------

SIX_TRICK = TRICK["mighty-6"][0]
SIX_LEGAL = LEGAL["mighty-6"][0]
SIX_SCORE = SCORE["mighty-6"][0]

SITTING_OUT_ERRORS = [
    # (id, endpoint, body, status, field)
    ("trick-missing", "trick", changed(SIX_TRICK, sitting_out=None), 400, "sitting_out"),
    ("trick-out-of-range", "trick", changed(SIX_TRICK, sitting_out=6), 400, "sitting_out"),
    ("trick-not-a-number", "trick", changed(SIX_TRICK, sitting_out="0"), 400, "sitting_out"),
    (
        "trick-six-plays",
        "trick",
        changed(SIX_TRICK, plays=[*SIX_TRICK["plays"], "S2"]),
        400,
        "plays",
    ),
    ("trick-four-plays", "trick", changed(SIX_TRICK, plays=SIX_TRICK["plays"][:4]), 400, "plays"),
    ("trick-killed-leader", "trick", changed(SIX_TRICK, leader=0), 422, "leader"),
    ("legal-missing", "legal-plays", changed(SIX_LEGAL, sitting_out=None), 400, "sitting_out"),
    ("legal-five-plays", "legal-plays", changed(SIX_LEGAL, plays=SIX_TRICK["plays"]), 400, "plays"),
    ("legal-killed-leader", "legal-plays", changed(SIX_LEGAL, leader=0), 422, "leader"),
    ("score-missing", "score", changed(SIX_SCORE, sitting_out=None), 400, "sitting_out"),
    ("score-out-of-range", "score", changed(SIX_SCORE, sitting_out=-1), 400, "sitting_out"),
    ("score-killed-declarer", "score", changed(SIX_SCORE, sitting_out=0), 422, "declarer"),
    ("score-killed-partner", "score", changed(SIX_SCORE, sitting_out=1), 422, "partner"),
]


@pytest.mark.parametrize(
    ("endpoint", "body", "status", "field"),
    [r[1:] for r in SITTING_OUT_ERRORS],
    ids=[r[0] for r in SITTING_OUT_ERRORS],
)
def test_it_checks_the_killed_seat(post, endpoint, body, status, field):
    refused(post, endpoint, body, status, field)


def test_it_refuses_cards_captured_by_the_killed_seat(post):
    captured = {
        "0": ["SA", "SK", "SQ", "SJ", "S10", "HA", "HK", "HQ", "HJ", "H10"],
        "2": ["DA", "DK", "DQ", "DJ", "D10"],
        "5": ["CQ"],
        "3": ["CJ", "C10"],
    }
    body = changed(SIX_SCORE, declarer_points=None, captured=captured, discards=["CA", "CK"])
    refused(post, "score", body, 422, "captured.5")
    del captured["5"]
    captured["3"].append("CQ")
    assert ok(post, "score", changed(body, captured=captured))["deltas"]["5"] == 0


@pytest.mark.parametrize("endpoint", ["trick", "score"])
def test_it_ignores_sitting_out_for_five_players(post, endpoint):
    body = {
        "trick": {
            "variant": "mighty",
            "players": 5,
            "trump": "H",
            "trick": 2,
            "plays": ["C5", "C9", "CK", "D2", "S4"],
        },
        "score": {
            "variant": "mighty",
            "players": 5,
            "declarer": 0,
            "contract": "13S",
            "partner": 1,
            "declarer_points": 15,
        },
    }[endpoint]
    assert ok(post, endpoint, body) == ok(post, endpoint, changed(body, sitting_out="nonsense"))


def test_it_takes_no_killed_seat_in_the_auction(post):
    body = changed(AUCTION["mighty-6"][0], sitting_out=3)
    assert ok(post, "auction", body)["declarer"] == 3


# ---- POST /deal-miss --------------------------------------------------------------------


@pytest.mark.parametrize("code", DEAL_MISS)
def test_it_tells_whether_a_hand_may_call_a_deal_miss(post, code):
    body, expected = DEAL_MISS[code]
    answer = ok(post, "deal-miss", body)
    assert set(answer) == {"qualifies", "value", "max", "reason"}
    assert {k: answer[k] for k in expected} == expected


def test_it_answers_in_the_asked_language(post):
    body = changed(DEAL_MISS["mighty-5"][0], lang="ko")
    reason = ok(post, "deal-miss", body)["reason"]
    assert "♠A 0" in reason and "deal miss" not in reason


DEAL_MISS_BODY = DEAL_MISS["mighty-5"][0]
DEAL_MISS_ERRORS = [
    ("other-variant", changed(DEAL_MISS_BODY, variant="japanese", options={}), 400, "variant"),
    # The variant is judged first, whatever Mighty options came with it.
    ("other-variant-mighty-options", changed(DEAL_MISS_BODY, variant="taiwan"), 400, "variant"),
    (
        "other-variant-bad-players",
        changed(DEAL_MISS_BODY, variant="thai", players=4),
        400,
        "variant",
    ),
    ("missing-hand", changed(DEAL_MISS_BODY, hand=None), 400, "hand"),
    ("short-hand", changed(DEAL_MISS_BODY, hand=DEAL_MISS_BODY["hand"][:9]), 400, "hand"),
    ("eight-for-five", changed(DEAL_MISS_BODY, hand=DEAL_MISS_BODY["hand"][:8]), 400, "hand"),
    ("ten-for-six", changed(DEAL_MISS_BODY, players=6), 400, "hand"),
    ("bad-card", changed(DEAL_MISS_BODY, hand=["XX", *DEAL_MISS_BODY["hand"][1:]]), 400, "hand[0]"),
    ("twice", changed(DEAL_MISS_BODY, hand=["SA", *DEAL_MISS_BODY["hand"][:9]]), 400, "hand[1]"),
    ("not-in-four-deck", changed(DEAL_MISS_BODY, players=4), 400, "hand[2]"),
    ("rule-off", changed(DEAL_MISS_BODY, options={}), 422, "options.deal_miss"),
    (
        "bad-values",
        changed(DEAL_MISS_BODY, options={"deal_miss": "on", "deal_miss_values": {"point": 9}}),
        400,
        "options.deal_miss_values.point",
    ),
    (
        "values-not-object",
        changed(DEAL_MISS_BODY, options={"deal_miss": "on", "deal_miss_values": 1}),
        400,
        "options.deal_miss_values",
    ),
    (
        "unknown-key",
        changed(DEAL_MISS_BODY, options={"deal_miss": "on", "deal_miss_values": {"ace": 1}}),
        400,
        "options.deal_miss_values.ace",
    ),
]


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [r[1:] for r in DEAL_MISS_ERRORS],
    ids=[r[0] for r in DEAL_MISS_ERRORS],
)
def test_it_refuses_a_bad_deal_miss_question(post, body, status, field):
    refused(post, "deal-miss", body, status, field)


def test_it_accepts_a_trailing_slash_and_only_post(post, client):
    assert post("deal-miss/", DEAL_MISS_BODY).status_code == 200
    assert client.get("/api/v1/deal-miss").status_code == 405


# ---- calls --------------------------------------------------------------------------------

DEAL_MISS_AUCTION = AUCTION["mighty-deal-miss"][0]
CALL_ERRORS = [
    ("dealmiss-off", changed(DEAL_MISS_AUCTION, options={}), 400, "calls[3]"),
    (
        "dealmiss-second-call",
        changed(DEAL_MISS_AUCTION, calls=["pass"] * 5 + ["dealmiss"]),
        422,
        "calls[5]",
    ),
    (
        "call-after-dealmiss",
        changed(DEAL_MISS_AUCTION, calls=["dealmiss", "pass"]),
        422,
        "calls[1]",
    ),
    (
        "nap-one-off",
        {"variant": "nap", "players": 4, "dealer": 3, "calls": ["pass", "pass", "pass", "one"]},
        400,
        "calls[3]",
    ),
    (
        "nap-one-not-dealer",
        {
            "variant": "nap",
            "players": 4,
            "dealer": 3,
            "options": {"all_pass": "dealer_bids_one"},
            "calls": ["one"],
        },
        422,
        "calls[0]",
    ),
    (
        "nap-dealer-pass",
        {
            "variant": "nap",
            "players": 4,
            "dealer": 3,
            "options": {"all_pass": "dealer_bids_one"},
            "calls": ["pass"] * 4,
        },
        422,
        "calls[3]",
    ),
    (
        "nap-garnet-off",
        {"variant": "nap", "players": 4, "dealer": 0, "calls": ["garnet"]},
        400,
        "calls[0]",
    ),
    (
        "nap-nap-over-garnet",
        {
            "variant": "nap",
            "players": 4,
            "dealer": 0,
            "options": {"sir_garnet": True},
            "calls": ["garnet", "nap"],
        },
        422,
        "calls[1]",
    ),
]


@pytest.mark.parametrize(
    ("body", "status", "field"), [r[1:] for r in CALL_ERRORS], ids=[r[0] for r in CALL_ERRORS]
)
def test_it_refuses_calls_the_house_rules_do_not_allow(post, body, status, field):
    refused(post, "auction", body, status, field)


def test_it_reads_dealmiss_in_any_case(post):
    body = changed(DEAL_MISS_AUCTION, calls=["DEALMISS"])
    assert ok(post, "auction", body)["deal_miss"] == 0


@pytest.mark.parametrize(
    ("options", "contract", "status"),
    [({}, "one", 400), ({}, "garnet", 400), ({"sir_garnet": True}, "garnet", 200)],
)
def test_it_scores_nap_one_and_garnet_only_under_their_rules(post, options, contract, status):
    body = {
        "variant": "nap",
        "players": 4,
        "options": options,
        "declarer": 0,
        "contract": contract,
        "tricks": {"0": 5},
    }
    response = post("score", body)
    assert response.status_code == status
    if status == 400:
        assert error_of(response)["field"] == "contract"


# ---- Nap's joker and the Mighty's calls on /trick -------------------------------------------

NAP_JOKER = TRICK["nap-joker-lead"][0]
TRICK_ERRORS = [
    ("nap-joker-no-lead-suit", changed(NAP_JOKER, lead_suit=None), 400, "lead_suit"),
    ("nap-joker-trump-differs", changed(NAP_JOKER, trump="H"), 422, "trump"),
    ("nap-joker-off", changed(NAP_JOKER, options={}), 400, "plays[0]"),
    (
        "nap-joker-misere-no-lead-suit",
        changed(NAP_JOKER, trick=2, trump="NT", lead_suit=None),
        400,
        "lead_suit",
    ),
    (
        "mighty-call-on-trick-1-by-default",
        changed(TRICK["mighty-first-trick-call"][0], options={}),
        422,
        "plays[0]",
    ),
    (
        "mighty-lead-no-call",
        changed(
            TRICK["mighty-first-trick-call"][0], options={"ripper_first_trick": "lead_no_call"}
        ),
        422,
        "joker_called",
    ),
    (
        "mighty-no-call-last-trick",
        changed(
            TRICK["mighty-called-joker-power"][0],
            trick=10,
            options={"joker_call_last_trick": False},
        ),
        422,
        "joker_called",
    ),
]


@pytest.mark.parametrize(
    ("body", "status", "field"), [r[1:] for r in TRICK_ERRORS], ids=[r[0] for r in TRICK_ERRORS]
)
def test_it_refuses_tricks_the_house_rules_forbid(post, body, status, field):
    refused(post, "trick", body, status, field)


def test_it_takes_the_joker_trump_when_it_matches(post):
    assert ok(post, "trick", changed(NAP_JOKER, trump="D"))["card"] == "JK"


# ---- options ---------------------------------------------------------------------------

OPTION_ERRORS = [
    ("mighty-option-in-taiwan", "taiwan", {"deal_miss": "on"}, "options.deal_miss"),
    (
        "taiwan-option-in-mighty",
        "mighty",
        {"four_player_table": "balanced"},
        "options.four_player_table",
    ),
    ("bad-choice", "mighty", {"back_run": "always"}, "options.back_run"),
    ("bad-formula", "mighty", {"formula": "pagat_p11"}, "options.formula"),
    ("bad-payout", "nap", {"payout": "double"}, "options.payout"),
    ("garnet-ten-players", "nap", {"sir_garnet": True}, "options.sir_garnet"),
    ("score-values-not-object", "taiwan", {"score_values": [1]}, "options.score_values"),
    (
        "score-values-unknown-name",
        "taiwan",
        {"score_values": {"win": 1}},
        "options.score_values.win",
    ),
    (
        "score-values-float",
        "nap",
        {"score_values": {"nap_made": 5.0}},
        "options.score_values.nap_made",
    ),
    (
        "score-values-negative-nap",
        "nap",
        {"score_values": {"nap_made": -5}},
        "options.score_values.nap_made",
    ),
    (
        "seed-has-no-nt-multiplier",
        "mighty",
        {"score_values": {"no_trump_multiplier": 2}},
        "options.score_values.no_trump_multiplier",
    ),
]


@pytest.mark.parametrize(
    ("variant", "options", "field"),
    [r[1:] for r in OPTION_ERRORS],
    ids=[r[0] for r in OPTION_ERRORS],
)
def test_it_refuses_bad_house_rules_with_their_field(post, variant, options, field):
    players = 10 if variant == "nap" and "sir_garnet" in options else 5
    body = {"variant": variant, "players": players, "options": options, "dealer": 0, "calls": []}
    refused(post, "auction", body, 400, field)


def test_it_lists_the_new_options_in_variants(client):
    entries = {e["code"]: e for e in decode(client.get("/api/v1/variants"))["variants"]}
    mighty = entries["mighty"]
    assert mighty["players"] == [4, 5, 6]
    assert mighty["deck_size"] == {"4": 43, "5": 53, "6": 53}
    assert mighty["hand_size"] == {"4": 10, "5": 10, "6": 8}
    assert mighty["blind_size"] == {"4": 3, "5": 3, "6": 5}
    assert mighty["tricks"] == {"4": 10, "5": 10, "6": 10}
    names = {o["name"] for o in mighty["options"]}
    assert {"deal_miss", "deal_miss_values", "back_run", "mighty_defense"} <= names
    assert {o["name"] for o in entries["nap"]["options"]} >= {
        "payout",
        "all_pass",
        "sir_garnet",
        "joker",
    }
    assert "four_player_table" in {o["name"] for o in entries["hongkong"]["options"]}
