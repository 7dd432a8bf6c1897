"""How a hand's result is given to the scorer, and the results it refuses.

rules.md: point cards the declarer discards count for the defenders in Taiwan and
Japanese Napoleon, but for the declarer's side in the Mighty. api.md: `captured` and
`discards` must hold every point card exactly once, `discards` no more than the blind,
`declarer_points` within 0 ... total and agreeing with `captured`; tricks must add up.
"""

import json

import pytest

from scoring.rules.errors import RuleViolation
from tests.rules.scoring_helpers import cards, check, score_hand

# Taiwan, 5 players (blind 4): napoleon 0 + secretary 2 win 10 point cards in tricks;
# the two discarded (CK CQ) belong to the defenders, so 1S (target 9) is made by 1.
TAIWAN_CAPTURED = {
    0: cards("SA SK SQ SJ HA HK"),
    1: cards("DQ DJ"),
    2: cards("HQ HJ DA DK"),
    3: cards("CA CJ"),
}
TAIWAN_DISCARDS = cards("CK CQ")

# Japanese, 5 players (widow 3): napoleon 0 + adjutant 3 win 12 pictures; with the two
# discards they would reach the bid of 13, but the discards go to the opponents.
JAPANESE_CAPTURED = {
    0: cards("SA SK SQ SJ S10 HA HK"),
    1: cards("D10 CA CK"),
    2: cards("CQ CJ"),
    3: cards("HQ HJ H10 DA DK"),
    4: cards("C10"),
}
JAPANESE_DISCARDS = cards("DQ DJ")

# Mighty (kitty 3): declarer 0 + friend 1 win 11 points, the declarer discarded 2 more:
# the discards count for the declarer, so 13S is made exactly.
MIGHTY_CAPTURED = {
    0: cards("SA SK SQ SJ S10 HA HK HQ"),
    1: cards("HJ H10 DA"),
    2: cards("DJ D10 CA"),
    3: cards("CK CQ CJ"),
    4: cards("C10"),
}
MIGHTY_DISCARDS = cards("DK DQ")
MIGHTY_ALL_POINTS = [card for hand in MIGHTY_CAPTURED.values() for card in hand] + list(
    MIGHTY_DISCARDS
)


def test_it_gives_taiwan_discards_to_the_defenders():
    score = score_hand("taiwan", 5, 0, "1S", 2, captured=TAIWAN_CAPTURED, discards=TAIWAN_DISCARDS)
    check(score, True, 9, 10, (120, -60, 60, -60, -60), zero_sum=True)


def test_it_accepts_captured_and_declarer_points_that_agree():
    score = score_hand(
        "taiwan",
        5,
        0,
        "1S",
        2,
        captured=TAIWAN_CAPTURED,
        discards=TAIWAN_DISCARDS,
        declarer_points=10,
    )
    check(score, True, 9, 10, (120, -60, 60, -60, -60), zero_sum=True)


def test_it_gives_japanese_discards_to_the_opponents():
    score = score_hand(
        "japanese", 5, 0, "13S", 3, captured=JAPANESE_CAPTURED, discards=JAPANESE_DISCARDS
    )
    check(score, False, 13, 12, (0, 1, 1, 0, 1))


def test_it_gives_japanese_chip_discards_to_the_opponents():
    # japanese-chip: 52 cards, blind 2 at 5 players; alone, 10 points on a bid of 11.
    captured = {1: cards("SA SK SQ SJ S10 HA HK HQ HJ H10"), 3: cards("DA DK DQ DJ D10 CA CK CQ")}
    score = score_hand(
        "japanese-chip", 5, 1, "11H", None, captured=captured, discards=cards("CJ C10")
    )
    check(score, False, 11, 10, (2, -4, 2, 2, 2))


def test_it_gives_mighty_discards_to_the_declarer():
    score = score_hand("mighty", 5, 0, "13S", 1, captured=MIGHTY_CAPTURED, discards=MIGHTY_DISCARDS)
    check(score, True, 13, 13, (2, 1, -1, -1, -1), zero_sum=True)


def test_it_counts_a_mighty_run_made_with_the_discards():
    # Alone, 17 points in tricks + 3 discarded = 20: a run, seed u = 8 doubled.
    discards = tuple(MIGHTY_ALL_POINTS[:3])
    captured = {2: tuple(MIGHTY_ALL_POINTS[3:])}
    score = score_hand("mighty", 5, 2, "15D", None, captured=captured, discards=discards)
    check(score, True, 15, 20, (-16, -16, 48, -16, -16))


# Each refusal: (variant, players, declarer, contract, partner, result, error family, field).
T_CAP, T_DIS = TAIWAN_CAPTURED, TAIWAN_DISCARDS
REFUSALS = {
    "point-card-missing": (
        "taiwan", 5, 0, "1S", 2,
        {"captured": {**T_CAP, 3: cards("CA")}, "discards": T_DIS},
        RuleViolation, "captured",
    ),
    "card-twice-in-captured": (
        "taiwan", 5, 0, "1S", 2,
        {"captured": {**T_CAP, 3: cards("CA SA CJ")}, "discards": T_DIS},
        RuleViolation, "captured.3[1]",
    ),
    "card-in-captured-and-discards": (
        "taiwan", 5, 0, "1S", 2,
        {"captured": T_CAP, "discards": cards("CK CQ SK")},
        RuleViolation, "discards[2]",
    ),
    # S5 parses and is in the deck, so it is not a notation error (400); it breaks the
    # "only point cards" rule of api.md, read here as a 422.
    "non-point-card-in-captured": (
        "taiwan", 5, 0, "1S", 2,
        {"captured": {**T_CAP, 4: cards("S5")}, "discards": T_DIS},
        RuleViolation, "captured.4[0]",
    ),
    # 4 players: the blind is 2 cards, so 3 point cards cannot have been discarded.
    "more-discards-than-blind": (
        "taiwan", 4, 0, "1S", 2,
        {"captured": {**T_CAP, 3: cards("CA")}, "discards": cards("CK CQ CJ")},
        RuleViolation, "discards",
    ),
    "declarer-points-negative": ("taiwan", 5, 0, "1S", 2, {"declarer_points": -1}, RuleViolation, "declarer_points"),
    "declarer-points-above-16": ("taiwan", 5, 0, "1S", 2, {"declarer_points": 17}, RuleViolation, "declarer_points"),
    "declarer-points-above-20": ("mighty", 5, 0, "13S", 1, {"declarer_points": 21}, RuleViolation, "declarer_points"),
    # 12 would be the count with the discards wrongly given to the napoleon.
    "captured-disagrees-with-points": (
        "taiwan", 5, 0, "1S", 2,
        {"captured": T_CAP, "discards": T_DIS, "declarer_points": 12},
        RuleViolation, "declarer_points",
    ),
    # 11 would be the count with the Mighty discards wrongly given to the opponents.
    "mighty-captured-disagrees": (
        "mighty", 5, 0, "13S", 1,
        {"captured": MIGHTY_CAPTURED, "discards": MIGHTY_DISCARDS, "declarer_points": 11},
        RuleViolation, "declarer_points",
    ),
    "thai-tricks-short": ("thai", 5, 0, "2S", 2, {"tricks": {0: 4, 2: 3, 1: 2}}, RuleViolation, "tricks"),
    "thai-tricks-over": ("thai", 5, 0, "2S", 2, {"tricks": {0: 6, 2: 3, 1: 2}}, RuleViolation, "tricks"),
    "nap-tricks-over": ("nap", 4, 0, "two", None, {"tricks": {0: 3, 1: 3}}, RuleViolation, "tricks"),
    "nap-tricks-short": ("nap", 4, 0, "two", None, {"tricks": {0: 2, 1: 1}}, RuleViolation, "tricks"),
    "nap-with-a-partner": ("nap", 4, 0, "two", 1, {"tricks": {0: 2, 1: 3}}, RuleViolation, "partner"),
}  # fmt: skip


@pytest.mark.parametrize(
    "variant,players,declarer,contract,partner,result,error,field",
    list(REFUSALS.values()),
    ids=list(REFUSALS),
)
def test_it_refuses_results_that_cannot_be(
    variant, players, declarer, contract, partner, result, error, field
):
    with pytest.raises(error) as caught:
        score_hand(variant, players, declarer, contract, partner, **result)
    assert caught.value.field == field


# --- the same through POST /api/v1/score -------------------------------------------


def as_json(captured):
    return {str(seat): [card.code for card in hand] for seat, hand in captured.items()}


TAIWAN_BODY = {"variant": "taiwan", "players": 5, "declarer": 0, "contract": "1S", "partner": 2}
TAIWAN_CARDS = {"captured": as_json(TAIWAN_CAPTURED), "discards": ["CK", "CQ"]}


def post(client, body):
    response = client.post("/api/v1/score", json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


# api.md's own example: 5 players, 3S, 12 points (target 11, over 1).
API_OK = {
    "api-example": (
        {"variant": "taiwan", "players": 5, "options": {}, "declarer": 0, "contract": "3S",
         "partner": 2, "declarer_points": 12},
        True, 11, 12, {"0": 120, "1": -60, "2": 60, "3": -60, "4": -60},
    ),
    "hongkong-not-zero-sum": (
        {"variant": "hongkong", "players": 4, "declarer": 0, "contract": "2S", "partner": 1,
         "declarer_points": 10},
        True, 10, 10, {"0": 80, "1": 40, "2": 0, "3": 0},
    ),
    "taiwan-captured": ({**TAIWAN_BODY, **TAIWAN_CARDS}, True, 9, 10, {"0": 120, "1": -60, "2": 60, "3": -60, "4": -60}),
    "mighty-captured": (
        {"variant": "mighty", "players": 5, "declarer": 0, "contract": "13S", "partner": 1,
         "captured": as_json(MIGHTY_CAPTURED), "discards": ["DK", "DQ"]},
        True, 13, 13, {"0": 2, "1": 1, "2": -1, "3": -1, "4": -1},
    ),
    # Toppled: tricks may be left out and declarer_points is null.
    "thai-toppled": (
        {"variant": "thai", "players": 5, "declarer": 0, "contract": "3H", "partner": 2, "toppled": True},
        False, 3, None, {"0": 0, "1": 1, "2": 0, "3": 1, "4": 1},
    ),
    "thai-draw": (
        {"variant": "thai", "players": 5, "declarer": 0, "contract": "2h", "partner": 2,
         "tricks": {"0": 3, "2": 3, "1": 2, "3": 2}},
        None, 2, 6, {"0": 0, "1": 0, "2": 0, "3": 0, "4": 0},
    ),
    "nap-stakes-misere-accented": (
        {"variant": "nap", "players": 7, "options": {"nap_scoring": "stakes"}, "declarer": 5,
         "contract": "misère", "partner": None, "tricks": {"0": 5}},
        True, 0, 0, {"0": -3, "1": -3, "2": -3, "3": -3, "4": -3, "5": 18, "6": -3},
    ),
}  # fmt: skip


@pytest.mark.parametrize("body,made,target,points,deltas", list(API_OK.values()), ids=list(API_OK))
def test_it_answers_a_score_request(client, body, made, target, points, deltas):
    status, answer = post(client, body)
    assert status == 200, answer
    got = (answer["made"], answer["target"], answer["declarer_points"], answer["deltas"])
    assert got == (made, target, points, deltas)
    assert answer["sum"] == sum(deltas.values())
    assert answer["lines"]


def taiwan_with(**changes):
    return {**TAIWAN_BODY, **TAIWAN_CARDS, **changes}


NAP_BODY = {
    "variant": "nap",
    "players": 4,
    "declarer": 0,
    "contract": "two",
    "tricks": {"0": 2, "1": 3},
}
THAI_BODY = {"variant": "thai", "players": 5, "declarer": 0, "contract": "2S", "partner": 2}
API_REFUSED = {
    "bad-card-code": (taiwan_with(captured={**TAIWAN_CARDS["captured"], "3": ["CA", "ZZ"]}), 400, "captured.3[1]"),
    # JK is the Japanese/Mighty joker, not in the 54-card Taiwan deck.
    "card-not-in-deck": (taiwan_with(captured={**TAIWAN_CARDS["captured"], "4": ["JK"]}), 400, "captured.4[0]"),
    "unknown-variant": ({**TAIWAN_BODY, "variant": "bridge", "declarer_points": 9}, 400, "variant"),
    "contract-notation": ({**TAIWAN_BODY, "contract": "3X", "declarer_points": 9}, 400, "contract"),
    "points-not-an-integer": ({**TAIWAN_BODY, "declarer_points": "12"}, 400, "declarer_points"),
    "seat-out-of-range": ({**THAI_BODY, "tricks": {"0": 5, "2": 3, "7": 2}}, 400, "tricks.7"),
    "card-twice": (taiwan_with(captured={**TAIWAN_CARDS["captured"], "3": ["CA", "SA", "CJ"]}), 422, "captured.3[1]"),
    "non-point-card": (taiwan_with(captured={**TAIWAN_CARDS["captured"], "4": ["S5"]}), 422, "captured.4[0]"),
    "points-out-of-range": ({**TAIWAN_BODY, "declarer_points": 17}, 422, "declarer_points"),
    "points-disagree": (taiwan_with(declarer_points=12), 422, "declarer_points"),
    "thai-tricks-do-not-add-up": ({**THAI_BODY, "tricks": {"0": 5, "2": 3}}, 422, "tricks"),
    "nap-partner": ({**NAP_BODY, "partner": 1}, 422, "partner"),
    # api.md: for nap "anything but null" is refused, the bidder's own seat included.
    "nap-partner-is-bidder": ({**NAP_BODY, "partner": 0}, 422, "partner"),
}  # fmt: skip


@pytest.mark.parametrize("body,status,field", list(API_REFUSED.values()), ids=list(API_REFUSED))
def test_it_refuses_a_score_request(client, body, status, field):
    got, answer = post(client, body)
    assert (got, answer.get("field")) == (status, field), answer
    assert answer["error"]
