"""The API under the house rules that a differential test found (rules-house.md §8.10.6):
GET /variants lists them, each reaches the engine through /trick, /legal-plays, /auction and
/score, and each refusal names its field."""

import pytest

from tests.api.support import API, decode, error_of

P = "pass"
STARTER = {"all_pass": "starter_12S"}
NO_NT = {"no_trump_bid": "off"}
FAILED_NAMES = (
    "standard_failed_napoleon",
    "standard_failed_secretary",
    "standard_failed_defender",
    "dictator_failed_napoleon",
    "dictator_failed_defender",
)


def ok(response):
    assert response.status_code == 200, response.content
    return decode(response)


def refused(response, status, field):
    assert response.status_code == status, response.content
    assert error_of(response)["field"] == field, error_of(response)


def trick(variant, options, trump, number, plays, **fields):
    if variant == "taiwan":
        fields.setdefault("called_card", "CA")
    return {
        "variant": variant,
        "players": 5,
        "options": options,
        "trump": trump,
        "trick": number,
        "plays": plays.split(),
        **fields,
    }


def taiwan_score(options, points, partner=2, **fields):
    return {
        "variant": "taiwan",
        "players": 5,
        "options": options,
        "declarer": 0,
        "contract": "3S",
        "partner": partner,
        "declarer_points": points,
        **fields,
    }


def mighty_score(options, contract, points, partner=1):
    return {
        "variant": "mighty",
        "players": 5,
        "options": options,
        "declarer": 0,
        "contract": contract,
        "partner": partner,
        "declarer_points": points,
    }


def test_it_lists_the_new_options(client):
    variants = {v["code"]: v for v in decode(client.get(f"{API}/variants"))["variants"]}
    options = {
        code: {o["name"]: (o["type"], o["default"], o["choices"]) for o in v["options"]}
        for code, v in variants.items()
    }
    for code in ("taiwan", "hongkong"):
        assert options[code]["discards_to"] == (
            "choice",
            "defenders",
            ["defenders", "napoleon", "target"],
        )
        assert options[code]["no_trump_bid"] == ("choice", "highest", ["highest", "off"])
    assert "starter_12S" in options["japanese"]["all_pass"][2]
    mighty = options["mighty"]
    assert mighty["mighty_powerless"] == (
        "choice",
        "none",
        ["none", "first", "last", "first_and_last"],
    )
    assert mighty["alone_doubles_failed"] == ("bool", True, [True, False])
    for name in ("bid_20_doubles_failed", "failed_pays_back", "made_at_least_one"):
        assert mighty[name] == ("bool", False, [True, False])


# fmt: off
TRICKS = [
    ("mighty-powerless-first", trick("mighty", {"mighty_powerless": "first"}, "H", 1, "S5 SA S9 H2 D2"), "H2", "no power"),
    ("mighty-powerless-last", trick("mighty", {"mighty_powerless": "last"}, "H", 10, "S5 SA S9 H2 D2"), "H2", "no power"),
    ("mighty-powerless-first-and-last", trick("mighty", {"mighty_powerless": "first_and_last"}, "H", 10, "S5 SA S9 SK D2"), "SA", "no power"),
    ("mighty-powerless-none", trick("mighty", {"mighty_powerless": "none"}, "H", 1, "S5 SA S9 H2 D2"), "SA", "Mighty"),
    ("japanese-led-joker-trump-same-two", trick("japanese", {"same_two_led_joker": True}, "H", 4, "JK H5 H9 H2 HA"), "H2", "same two"),
    ("japanese-led-joker-plain-suit", trick("japanese", {"same_two_led_joker": True}, "H", 4, "JK C5 C9 C2 CA"), "JK", "joker"),
    ("taiwan-nt-default", trick("taiwan", {}, "NT", 4, "S5 S9 SK H2 D2"), "SK", "highest"),
]
# fmt: on


@pytest.mark.parametrize(
    ("body", "card", "words"), [t[1:] for t in TRICKS], ids=[t[0] for t in TRICKS]
)
def test_it_judges_tricks_under_the_new_rules(post, body, card, words):
    answer = ok(post("trick", body))
    assert answer["card"] == card
    assert words.lower() in answer["reason"].lower(), answer["reason"]


def test_a_leadable_ripper_leads_a_hand_of_trumps(post):
    body = {
        "variant": "mighty",
        "players": 5,
        "options": {"ripper_first_trick": "lead_no_call"},
        "trump": "H",
        "trick": 1,
        "leader": 0,
        "plays": [],
        "hand": ["C3", "H2", "H9", "JK"],
    }
    answer = ok(post("legal-plays", body))
    assert answer["legal"] == ["C3"]
    assert "house rule" in answer["illegal"]["H2"]


AUCTIONS = [
    (
        "starter-12s",
        {"variant": "japanese", "players": 5, "dealer": 2, "options": STARTER, "calls": [P] * 5},
        {"complete": True, "redeal": False, "declarer": 3, "contract": "12S", "next": None},
    ),
    (
        "taiwan-no-nt-number-style",
        {
            "variant": "taiwan",
            "players": 5,
            "dealer": 0,
            "options": {**NO_NT, "bid_style": "number"},
            "calls": ["11", P, P, P, P],
        },
        {"complete": True, "redeal": False, "declarer": 1, "contract": "11", "next": None},
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"), [a[1:] for a in AUCTIONS], ids=[a[0] for a in AUCTIONS]
)
def test_it_runs_auctions_under_the_new_rules(post, body, expected):
    answer = ok(post("auction", body))
    assert {k: answer[k] for k in expected} == expected


# fmt: off
SCORES = [
    ("taiwan-failed-fixed", taiwan_score({"score_values": {"standard_failed_napoleon": -100, "standard_failed_defender": 50}}, 9), {"0": -180, "1": 90, "2": -40, "3": 90, "4": 90}),
    ("taiwan-discards-napoleon-quick", taiwan_score({"discards_to": "napoleon"}, 11, discards=["SA"]), {"0": 100, "1": -50, "2": 50, "3": -50, "4": -50}),
    ("taiwan-discards-target-quick", taiwan_score({"discards_to": "target"}, 11, discards=["SA", "HK"]), {"0": -80, "1": 40, "2": -40, "3": 40, "4": 40}),
    ("japanese-starter-12s", {"variant": "japanese", "players": 5, "options": {**STARTER, "min_bid": 13}, "declarer": 0, "contract": "12S", "partner": 1, "declarer_points": 12}, {"0": 1, "1": 1, "2": 0, "3": 0, "4": 0}),
    ("mighty-alone-doubles-failed-off", mighty_score({"formula": "pagat", "alone_doubles_failed": False}, "14S", 12, None), {"0": -8, "1": 2, "2": 2, "3": 2, "4": 2}),
    ("mighty-bid-20-doubles-failed", mighty_score({"bid_20_doubles": True, "bid_20_doubles_failed": True}, "20S", 19), {"0": -32, "1": -16, "2": 16, "3": 16, "4": 16}),
    ("mighty-failed-pays-back", mighty_score({"formula": "pagat", "failed_pays_back": True}, "15S", 13), {"0": -14, "1": -7, "2": 7, "3": 7, "4": 7}),
    ("mighty-made-at-least-one", mighty_score({"formula": "pagat", "made_at_least_one": True}, "13S", 13), {"0": 2, "1": 1, "2": -1, "3": -1, "4": -1}),
]
# fmt: on


@pytest.mark.parametrize(("body", "deltas"), [s[1:] for s in SCORES], ids=[s[0] for s in SCORES])
def test_it_scores_under_the_new_rules(post, body, deltas):
    answer = ok(post("score", body))
    assert answer["deltas"] == deltas
    assert any("house rule" in line or "own numbers" in line for line in answer["lines"])


def test_the_target_and_the_points_follow_discards_to(post):
    target = ok(post("score", taiwan_score({"discards_to": "target"}, 11, discards=["SA", "HK"])))
    assert (target["target"], target["declarer_points"]) == (13, 11)
    napoleon = ok(post("score", taiwan_score({"discards_to": "napoleon"}, 11, discards=["SA"])))
    assert (napoleon["target"], napoleon["declarer_points"], napoleon["made"]) == (11, 11, True)


# fmt: off
REFUSALS = [
    # (id, endpoint, body, status, field)
    ("taiwan-nt-call", "auction", {"variant": "taiwan", "players": 5, "dealer": 0, "options": NO_NT, "calls": ["3S", "3NT"]}, 400, "calls[1]"),
    ("hongkong-nt-call", "auction", {"variant": "hongkong", "players": 5, "dealer": 0, "options": NO_NT, "calls": ["2NT"]}, 400, "calls[0]"),
    ("taiwan-nt-contract", "score", {**taiwan_score(NO_NT, 11), "contract": "3NT"}, 400, "contract"),
    ("taiwan-nt-trick", "trick", trick("taiwan", NO_NT, "NT", 4, "S5 S9 SK H2 D2"), 400, "trump"),
    ("taiwan-nt-legal-plays", "legal-plays", {**trick("taiwan", NO_NT, "NT", 4, "S5"), "hand": ["S9", "H2"]}, 400, "trump"),
    ("starter-free-auction", "auction", {"variant": "japanese", "players": 5, "options": {**STARTER, "auction_order": "free"}, "calls": []}, 400, "options.all_pass"),
    ("starter-call-after-end", "auction", {"variant": "japanese", "players": 5, "dealer": 0, "options": STARTER, "calls": [P] * 6}, 422, "calls[5]"),
    ("starter-other-low-bid", "score", {"variant": "japanese", "players": 5, "options": {**STARTER, "min_bid": 13}, "declarer": 0, "contract": "12H", "partner": 1, "declarer_points": 12}, 422, "contract"),
    ("target-not-a-point-card", "score", taiwan_score({"discards_to": "target"}, 9, discards=["S2"]), 422, "discards[0]"),
    ("target-twice", "score", taiwan_score({"discards_to": "target"}, 9, discards=["SA", "SA"]), 422, "discards[1]"),
    ("target-more-than-the-blind", "score", taiwan_score({"discards_to": "target"}, 9, discards=["SA", "SK", "SQ", "SJ", "HA"]), 422, "discards"),
    ("target-points-above-16-minus-d", "score", taiwan_score({"discards_to": "target"}, 15, discards=["SA", "SK"]), 422, "declarer_points"),
    ("failed-name-out-of-bounds", "score", taiwan_score({"score_values": {"dictator_failed_defender": 100001}}, 9), 400, "options.score_values.dictator_failed_defender"),
    ("failed-name-not-japanese", "score", {"variant": "japanese", "players": 5, "options": {"score_values": {"standard_failed_napoleon": 1}}, "declarer": 0, "contract": "13S", "partner": 1, "declarer_points": 13}, 400, "options.score_values.standard_failed_napoleon"),
    ("mighty-powerless-bad-choice", "trick", trick("mighty", {"mighty_powerless": "always"}, "H", 1, "S5 SA S9 H2 D2"), 400, "options.mighty_powerless"),
    ("made-at-least-one-not-a-bool", "score", mighty_score({"made_at_least_one": 1}, "13S", 13), 400, "options.made_at_least_one"),
]
# fmt: on


@pytest.mark.parametrize(
    ("endpoint", "body", "status", "field"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_it_refuses_with_the_field(post, endpoint, body, status, field):
    refused(post(endpoint, body), status, field)


# Each new option belongs to the variants §8.10 names; any other variant answers 400 there.
FOREIGN = [
    ("no_trump_bid", "off", "mighty"),
    ("discards_to", "target", "japanese"),
    ("mighty_powerless", "first", "taiwan"),
    ("alone_doubles_failed", False, "japanese"),
    ("bid_20_doubles_failed", True, "thai"),
    ("failed_pays_back", True, "nap"),
    ("made_at_least_one", True, "hongkong"),
    ("same_two_led_joker", True, "japanese-chip"),
]


@pytest.mark.parametrize(("name", "value", "variant"), FOREIGN)
def test_it_refuses_a_new_option_for_another_variant(post, name, value, variant):
    body = {"variant": variant, "players": 5, "options": {name: value}, "dealer": 0, "calls": []}
    refused(post("auction", body), 400, f"options.{name}")
