"""The conventions of api.md: status codes, the error body and its field path, and the
request handling shared by every endpoint."""

import json

import pytest
from django.test import Client

from tests.api.support import API, AUCTION, LEGAL, SCORE, TRICK, decode, error_of

ENDPOINTS = ["trick", "legal-plays", "auction", "score"]
VALID = {"trick": TRICK, "legal-plays": LEGAL, "auction": AUCTION, "score": SCORE}


def valid(endpoint, code):
    return json.loads(json.dumps(VALID[endpoint][code][0]))


def changed(endpoint, code, **fields):
    body = valid(endpoint, code)
    for name, value in fields.items():
        if value is ...:
            body.pop(name, None)
        else:
            body[name] = value
    return body


def refused(response, status, field):
    assert response.status_code == status, response.content
    assert error_of(response)["field"] == field


NOT_JSON = [
    ("empty", ""),
    ("truncated", '{"variant": "taiwan"'),
    ("trailing-comma", '{"variant": "taiwan",}'),
    ("single-quotes", "{'variant': 'taiwan'}"),
    ("bare-nan", "NaN"),
    ("bare-infinity", "Infinity"),
    ("nan-inside", '{"variant": "taiwan", "players": NaN}'),
    ("infinity-inside", '{"variant": "taiwan", "players": 4, "trick": Infinity}'),
    ("minus-infinity-inside", '{"variant": "taiwan", "players": -Infinity}'),
    ("two-documents", '{"variant": "taiwan"} {"players": 4}'),
    ("not-utf8", b"\xff\xfe{\x00}"),
    ("python-none", '{"variant": None}'),
    ("comment", '{"variant": "taiwan" /* hi */}'),
]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("raw", [row[1] for row in NOT_JSON], ids=[row[0] for row in NOT_JSON])
def test_it_refuses_a_body_that_is_not_strict_json(post, endpoint, raw):
    refused(post(endpoint, raw), 400, "")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize(
    "raw",
    ["[]", '[{"variant": "taiwan"}]', "5", '"taiwan"', "null", "true"],
    ids=["list", "list-of-object", "number", "string", "null", "true"],
)
def test_it_refuses_a_body_that_is_not_an_object(post, endpoint, raw):
    refused(post(endpoint, raw), 400, "")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("missing", ["variant", "players"])
def test_it_refuses_a_missing_shared_field(post, endpoint, missing):
    refused(post(endpoint, changed(endpoint, "taiwan", **{missing: ...})), 400, missing)


WRONG_TYPES = [
    ("players-float", "trick", "taiwan", "players", 4.0),
    ("players-string", "trick", "taiwan", "players", "4"),
    ("players-bool", "auction", "mighty", "players", True),
    ("players-null", "score", "mighty", "players", None),
    ("players-list", "legal-plays", "nap", "players", [4]),
    ("variant-number", "trick", "taiwan", "variant", 5),
    ("variant-null", "auction", "taiwan", "variant", None),
    ("trick-string", "trick", "mighty", "trick", "2"),
    ("trick-float", "legal-plays", "mighty", "trick", 2.0),
    ("trick-bool", "trick", "thai", "trick", True),
    ("leader-string", "trick", "thai", "leader", "0"),
    ("plays-string", "trick", "thai", "plays", "C5"),
    ("plays-object", "trick", "thai", "plays", {"0": "C5"}),
    ("trump-number", "trick", "thai", "trump", 1),
    ("called-card-list", "trick", "taiwan", "called_card", ["HA"]),
    ("joker-called-int", "trick", "mighty", "joker_called", 1),
    ("joker-called-string", "trick", "mighty", "joker_called", "true"),
    ("options-list", "trick", "japanese", "options", []),
    ("options-string", "score", "taiwan", "options", "{}"),
    ("lang-number", "trick", "mighty", "lang", 5),
    ("hand-string", "legal-plays", "thai", "hand", "D9"),
    ("calls-object", "auction", "nap", "calls", {"0": "two"}),
    ("tricks-list", "score", "thai", "tricks", [4, 3, 1, 1, 1]),
    ("captured-list", "score", "taiwan", "captured", [["SA"]]),
    ("declarer-float", "score", "mighty", "declarer", 0.0),
    ("declarer-bool", "score", "mighty", "declarer", False),
    ("declarer-points-bool", "score", "mighty", "declarer_points", True),
    ("contract-list", "score", "nap", "contract", ["four"]),
]


@pytest.mark.parametrize(
    ("endpoint", "code", "field", "value"),
    [row[1:] for row in WRONG_TYPES],
    ids=[row[0] for row in WRONG_TYPES],
)
def test_it_refuses_a_value_of_the_wrong_json_type(post, endpoint, code, field, value):
    refused(post(endpoint, changed(endpoint, code, **{field: value})), 400, field)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("variant", ["bridge", "", "napoleon", "mighty "])
def test_it_refuses_an_unknown_variant(post, endpoint, variant):
    refused(post(endpoint, changed(endpoint, "taiwan", variant=variant)), 400, "variant")


OPTIONS = [
    ("unknown-name", "japanese", {"foo": True}, "options.foo"),
    ("japanese-option-in-mighty", "mighty", {"yoromeki": "HQ"}, "options.yoromeki"),
    ("mighty-option-in-japanese", "japanese", {"formula": "seed"}, "options.formula"),
    ("japanese-option-in-chip", "japanese-chip", {"min_bid": 12}, "options.min_bid"),
    (
        "taiwan-option-in-thai",
        "thai",
        {"bid_style": "suit"},
        "options.bid_style",
    ),
    ("nap-option-in-taiwan", "taiwan", {"stripped_deck": True}, "options.stripped_deck"),
    ("choice-outside", "japanese", {"yoromeki": "SA"}, "options.yoromeki"),
    ("choice-not-a-string", "mighty", {"formula": 1}, "options.formula"),
    ("bool-as-int", "taiwan", {"pass_is_final": 1}, "options.pass_is_final"),
    ("bool-as-string", "nap", {"stripped_deck": "true"}, "options.stripped_deck"),
    ("int-as-string", "japanese", {"min_bid": "13"}, "options.min_bid"),
    ("int-as-float", "japanese", {"min_bid": 13.0}, "options.min_bid"),
    ("int-as-bool", "mighty", {"min_bid": True}, "options.min_bid"),
    ("int-above", "thai", {"min_bid": 10}, "options.min_bid"),
    ("int-below", "mighty", {"min_bid": 9}, "options.min_bid"),
    ("object-as-number", "mighty", {"trump_change_cost": 2}, "options.trump_change_cost"),
    ("null-value", "taiwan", {"bid_style": None}, "options.bid_style"),
]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize(
    ("code", "options", "field"), [row[1:] for row in OPTIONS], ids=[row[0] for row in OPTIONS]
)
def test_it_refuses_a_bad_option(post, endpoint, code, options, field):
    refused(post(endpoint, changed(endpoint, code, options=options)), 400, field)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_it_takes_a_player_count_default(post, endpoint):
    body = changed(endpoint, "taiwan", options={"discards_shown": False})
    assert post(endpoint, body).status_code == 200


CARDS = [
    ("rank-first", ["5D", "D9", "DK", "S3"], "plays[0]"),
    ("rank-one", ["D5", "D9", "DK", "S1"], "plays[3]"),
    ("rank-eleven", ["D5", "D11", "DK", "S3"], "plays[1]"),
    ("suit-symbol", ["D5", "D9", "♦K", "S3"], "plays[2]"),
    ("space", ["D5", "D9", "DK", "S3 "], "plays[3]"),
    ("empty", ["D5", "", "DK", "S3"], "plays[1]"),
    ("number", ["D5", "D9", "DK", 3], "plays[3]"),
    ("null", [None, "D9", "DK", "S3"], "plays[0]"),
    ("japanese-joker-in-taiwan", ["D5", "D9", "DK", "JK"], "plays[3]"),
    ("twice", ["D5", "D9", "D5", "S3"], "plays[2]"),
    ("twice-other-case", ["D5", "D9", "DK", "d9"], "plays[3]"),
    ("twice-ten-alias", ["D10", "D9", "DT", "S3"], "plays[2]"),
    ("three-cards", ["D5", "D9", "DK"], "plays"),
    ("five-cards", ["D5", "D9", "DK", "S3", "S4"], "plays"),
]


@pytest.mark.parametrize(
    ("plays", "field"), [row[1:] for row in CARDS], ids=[row[0] for row in CARDS]
)
def test_it_refuses_a_bad_play(post, plays, field):
    refused(post("trick", changed("trick", "taiwan", plays=plays)), 400, field)


NOT_IN_DECK = [
    ("big-joker-in-japanese", "japanese", ["C5", "C9", "SA", "CK", "BJ"], "plays[4]"),
    ("joker-in-chip", "japanese-chip", ["H5", "JK", "HK", "S2", "H2"], "plays[1]"),
    ("joker-in-thai", "thai", ["JK", "C9", "D3", "CA", "C2"], "plays[0]"),
    ("little-joker-in-mighty", "mighty", ["S5", "S9", "LJ", "H2", "C5"], "plays[2]"),
    ("joker-in-nap", "nap", ["H5", "H9", "JK", "HA"], "plays[2]"),
]


@pytest.mark.parametrize(
    ("code", "plays", "field"),
    [row[1:] for row in NOT_IN_DECK],
    ids=[row[0] for row in NOT_IN_DECK],
)
def test_it_refuses_a_card_not_in_the_deck(post, code, plays, field):
    refused(post("trick", changed("trick", code, plays=plays)), 400, field)


def test_it_refuses_a_card_outside_the_stripped_nap_deck(post):
    # 4 players: A-8 of each suit
    body = changed("trick", "nap", options={"stripped_deck": True}, plays=["HK", "H9", "C2", "HA"])
    refused(post("trick", body), 400, "plays[2]")
    body["plays"] = ["HK", "H9", "C8", "HA"]
    assert post("trick", body).status_code == 200


def test_it_refuses_a_bad_called_card(post):
    refused(post("trick", changed("trick", "taiwan", called_card="JK")), 400, "called_card")
    refused(post("trick", changed("trick", "taiwan", called_card="H1")), 400, "called_card")


RANGES = [
    ("leader-too-big", "trick", "taiwan", {"leader": 4}, "leader"),
    ("leader-negative", "trick", "taiwan", {"leader": -1}, "leader"),
    ("trick-zero", "trick", "taiwan", {"trick": 0}, "trick"),
    ("trick-past-13", "trick", "taiwan", {"trick": 14}, "trick"),
    ("trick-past-10", "trick", "mighty", {"trick": 11}, "trick"),
    ("trick-past-5", "legal-plays", "nap", {"trick": 6}, "trick"),
    ("dealer-too-big", "auction", "nap", {"dealer": 4}, "dealer"),
    ("declarer-too-big", "score", "nap", {"declarer": 4}, "declarer"),
    ("partner-negative", "score", "taiwan", {"partner": -1}, "partner"),
    ("tricks-seat", "score", "nap", {"tricks": {"1": 4, "4": 1}}, "tricks.4"),
    ("taiwan-3-players", "trick", "taiwan", {"players": 3}, "players"),
    ("taiwan-7-players", "auction", "taiwan", {"players": 7}, "players"),
    ("japanese-8-players", "auction", "japanese", {"players": 8}, "players"),
    ("chip-3-players", "score", "japanese-chip", {"players": 3}, "players"),
    ("thai-4-players", "auction", "thai", {"players": 4}, "players"),
    # The Mighty seats 4, 5 or 6.
    ("mighty-3-players", "score", "mighty", {"players": 3}, "players"),
    ("mighty-7-players", "auction", "mighty", {"players": 7}, "players"),
    ("nap-2-players", "auction", "nap", {"players": 2}, "players"),
    ("nap-11-players", "auction", "nap", {"players": 11}, "players"),
    ("zero-players", "auction", "nap", {"players": 0}, "players"),
    ("huge-players", "auction", "nap", {"players": 10**30}, "players"),
    ("huge-leader", "trick", "nap", {"leader": -(10**30)}, "leader"),
]


@pytest.mark.parametrize(
    ("endpoint", "code", "fields", "field"),
    [row[1:] for row in RANGES],
    ids=[row[0] for row in RANGES],
)
def test_it_refuses_a_number_out_of_range(post, endpoint, code, fields, field):
    refused(post(endpoint, changed(endpoint, code, **fields)), 400, field)


TRUMPS = [
    ("letter", "taiwan", "X", 400),
    ("word", "taiwan", "spades", 400),
    ("japanese-nt-off", "japanese", "NT", 400),
    ("chip-nt", "japanese-chip", "NT", 400),
    ("thai-nt", "thai", "NT", 400),
    ("taiwan-nt", "taiwan", "NT", 200),
    ("mighty-nt", "mighty", "NT", 200),
    ("lowercase", "hongkong", "nt", 200),
]


@pytest.mark.parametrize(
    ("code", "trump", "status"), [row[1:] for row in TRUMPS], ids=[row[0] for row in TRUMPS]
)
def test_it_checks_the_trump(post, code, trump, status):
    response = post("trick", changed("trick", code, trump=trump))
    assert response.status_code == status
    if status == 400:
        assert error_of(response)["field"] == "trump"


def test_it_allows_nt_when_the_japanese_option_does(post):
    body = changed("trick", "japanese", trump="NT", options={"no_trump_bid": "highest"})
    assert post("trick", body).status_code == 200


def test_it_refuses_a_lead_suit_outside_the_suits(post):
    body = changed("trick", "taiwan", leader=0, plays=["BJ", "H5", "HK", "S2"], lead_suit="NT")
    refused(post("trick", body), 400, "lead_suit")


# the 422 list of api.md, one example each
UNPROCESSABLE = [
    ("bid-below-minimum", "auction", changed("auction", "japanese", calls=["10S"]), "calls[0]"),
    (
        "bid-not-higher",
        "auction",
        changed("auction", "mighty", calls=["pass", "13S", "14NT", "14S"]),
        "calls[3]",
    ),
    (
        "passed-player-bids",
        "auction",
        changed("auction", "mighty", calls=["13S", "pass", "14S", "15S", "pass", "pass", "16S"]),
        "calls[6]",
    ),
    (
        "wellington-before-nap",
        "auction",
        changed("auction", "nap", calls=["two", "wellington"]),
        "calls[1]",
    ),
    (
        "call-after-end",
        "auction",
        changed(
            "auction",
            "mighty",
            calls=["pass", "13S", "14NT", "pass", "pass", "pass", "pass", "pass"],
        ),
        "calls[7]",
    ),
    (
        "japanese-joker-led-trick-1",
        "trick",
        changed("trick", "japanese", trick=1, plays=["JK", "H5", "C3", "D4", "S6"]),
        "plays[0]",
    ),
    (
        "mighty-joker-called-without-ripper",
        "trick",
        changed("trick", "mighty", joker_called=True),
        "joker_called",
    ),
    ("nap-trump-not-led-suit", "trick", changed("trick", "nap", trump="C"), "trump"),
    (
        "points-out-of-range",
        "score",
        changed("score", "japanese", declarer_points=21),
        "declarer_points",
    ),
    ("tricks-do-not-add-up", "score", changed("score", "thai", tricks={"0": 11}), "tricks"),
    ("nap-partner", "score", changed("score", "nap", partner=0), "partner"),
]


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [row[1:] for row in UNPROCESSABLE],
    ids=[row[0] for row in UNPROCESSABLE],
)
def test_it_answers_422_for_a_rule_broken(post, endpoint, body, field):
    refused(post(endpoint, body), 422, field)


# --- paths, methods and request handling ---------------------------------------


@pytest.mark.parametrize(
    "path",
    [f"{API}/nothing", f"{API}/trick/extra", "/api/v2/trick", "/api/", f"{API}/", f"{API}/Trick"],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_it_answers_404_in_json(client, path, method):
    response = getattr(client, method)(path)
    assert response.status_code == 404
    error_of(response)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_it_answers_405_in_json(client, endpoint, method):
    if method == "get":
        response = client.get(f"{API}/{endpoint}")
    else:
        response = getattr(client, method)(
            f"{API}/{endpoint}", "{}", content_type="application/json"
        )
    assert response.status_code == 405
    error_of(response)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_it_accepts_a_trailing_slash(client, endpoint):
    body = valid(endpoint, "mighty")
    plain = client.post(f"{API}/{endpoint}", body, content_type="application/json")
    slashed = client.post(f"{API}/{endpoint}/", body, content_type="application/json")
    assert slashed.status_code == plain.status_code == 200
    assert decode(slashed) == decode(plain)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_it_ignores_unknown_top_level_fields(post, endpoint):
    body = valid(endpoint, "japanese")
    plain = decode(post(endpoint, body))
    extra = post(endpoint, body | {"comment": "hello", "debug": [1, {"x": None}], "hand_id": 7})
    assert extra.status_code == 200
    assert decode(extra) == plain


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/octet-stream"]
)
def test_it_does_not_check_the_content_type(post, endpoint, content_type):
    body = valid(endpoint, "thai")
    plain = decode(post(endpoint, body))
    response = post(endpoint, json.dumps(body), content_type=content_type)
    assert response.status_code == 200
    assert decode(response) == plain


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_it_needs_no_csrf_token(endpoint):
    strict = Client(enforce_csrf_checks=True)
    body = json.dumps(valid(endpoint, "nap"))
    response = strict.post(f"{API}/{endpoint}", body, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("lang", ["en", "zh-hant", "ja", "ko", "th", "fr"])
def test_it_accepts_a_lang_field(post, endpoint, lang):
    body = valid(endpoint, "japanese")
    response = post(endpoint, body | {"lang": lang})
    assert response.status_code == 200
    english = decode(post(endpoint, body))
    answer = decode(response)
    assert set(answer) == set(english)
    # codes never change with the language
    for key in ("winner", "card", "play_index", "legal", "contract", "best", "deltas", "made"):
        assert answer.get(key) == english.get(key)


@pytest.mark.parametrize("header", ["ja", "fr-FR,fr;q=0.9", "zh-Hant-TW", "th", "ko-KR", "de"])
def test_it_accepts_an_accept_language_header(post, header):
    body = valid("trick", "japanese")
    response = post("trick", body, HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 200
    answer = decode(response)
    assert (answer["winner"], answer["card"], answer["play_index"]) == (1, "HQ", 4)


def test_it_keeps_field_paths_in_any_language(post):
    body = changed("auction", "mighty", calls=["pass", "13S", "14NT", "14S"], lang="ja")
    refused(post("auction", body), 422, "calls[3]")
    refused(post("trick", changed("trick", "mighty", leader=9, lang="fr")), 400, "leader")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_it_refuses_a_body_nested_too_deep(post, endpoint):
    # Deep, but within settings.API_MAX_BODY_BYTES (larger bodies are a 413).
    refused(post(endpoint, "[" * 50_000 + "]" * 50_000), 400, "")
    refused(post(endpoint, '{"a": ' * 15_000 + "1" + "}" * 15_000), 400, "")


def test_it_refuses_a_deeply_nested_card(post):
    body = json.dumps(changed("trick", "taiwan", plays=["D5", "D9", "DK", None]))
    body = body.replace("null", "[" * 500 + "]" * 500)
    refused(post("trick", body), 400, "plays[3]")


def test_it_refuses_a_call_after_a_long_auction(post):
    body = changed("auction", "mighty", calls=["pass"] * 10_000)
    refused(post("auction", body), 422, "calls[10]")
