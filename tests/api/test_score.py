"""POST /api/v1/score: the score tables of rules.md through the API."""

import pytest

from tests.api.support import SCORE, VARIANTS, decode, error_of


def answer(post, body):
    response = post("score", body)
    assert response.status_code == 200, response.content
    result = decode(response)
    assert set(result) == {"made", "target", "declarer_points", "deltas", "sum", "lines"}
    deltas = result["deltas"]
    assert sorted(deltas, key=int) == [str(seat) for seat in range(body["players"])]
    assert all(type(value) is int for value in deltas.values())
    assert result["sum"] == sum(deltas.values())
    assert isinstance(result["lines"], list)
    assert all(isinstance(line, str) and line.strip() for line in result["lines"])
    return result


def outcome(result):
    return (result["made"], result["target"], result["declarer_points"], result["deltas"])


def test_it_answers_the_api_example_verbatim(post):
    body = {
        "variant": "taiwan",
        "players": 5,
        "options": {},
        "declarer": 0,
        "contract": "3S",
        "partner": 2,
        "declarer_points": 12,
    }
    assert answer(post, body) == {
        "made": True,
        "target": 11,
        "declarer_points": 12,
        "deltas": {"0": 120, "1": -60, "2": 60, "3": -60, "4": -60},
        "sum": 0,
        "lines": [
            "standard contract made: napoleon +100, secretary +50, each defender −50",
            "1 over the target: napoleon +20, secretary +10, each defender −10",
        ],
    }


@pytest.mark.parametrize("code", VARIANTS)
def test_it_scores_each_variant(post, code):
    body, expected = SCORE[code]
    assert outcome(answer(post, body)) == expected


def seats(n, **deltas):
    return {str(seat): deltas.get(f"s{seat}", 0) for seat in range(n)}


def body_of(code, **fields):
    body = dict(SCORE[code][0])
    for name, value in fields.items():
        if value is ...:
            body.pop(name, None)
        else:
            body[name] = value
    return body


TAIWAN_CAPTURED = {
    "0": ["SA", "SK", "SQ", "SJ", "HA", "HK"],
    "2": ["HQ", "HJ", "DA", "DK", "DQ", "DJ"],
    "1": ["CA", "CK"],
    "3": ["CQ", "CJ"],
}
MIGHTY_CAPTURED = {
    "0": ["SA", "SK", "SQ", "SJ", "S10", "HA", "HK", "HQ"],
    "1": ["HJ", "H10", "DA", "DK"],
    "2": ["D10", "CA", "CK"],
    "3": ["CQ", "CJ", "C10"],
}

CASES = [
    # taiwan, target 11
    (
        "taiwan-failed",
        "taiwan",
        {"declarer_points": 9},
        (False, 11, 9, seats(5, s0=-80, s1=40, s2=-40, s3=40, s4=40)),
    ),
    (
        "taiwan-dictator-made",
        "taiwan",
        {"partner": None},
        (True, 11, 12, seats(5, s0=440, s1=-110, s2=-110, s3=-110, s4=-110)),
    ),
    (
        "taiwan-own-seat-is-dictator",
        "taiwan",
        {"partner": 0},
        (True, 11, 12, seats(5, s0=440, s1=-110, s2=-110, s3=-110, s4=-110)),
    ),
    (
        "taiwan-dictator-failed",
        "taiwan",
        {"partner": None, "declarer_points": 9},
        (False, 11, 9, seats(5, s0=-80, s1=20, s2=20, s3=20, s4=20)),
    ),
    (
        "taiwan-exact",
        "taiwan",
        {"contract": "8NT", "declarer_points": 16},
        (True, 16, 16, seats(5, s0=100, s1=-50, s2=50, s3=-50, s4=-50)),
    ),
    (
        "taiwan-with-hongkong-table",
        "taiwan",
        {"options": {"score_table": "hongkong"}},
        (True, 11, 12, seats(5, s0=130, s2=65)),
    ),
    (
        "taiwan-captured",
        "taiwan",
        {"players": 4, "declarer_points": ..., "captured": TAIWAN_CAPTURED, "discards": []},
        (True, 11, 12, seats(4, s0=120, s1=-60, s2=60, s3=-60)),
    ),
    (
        "taiwan-captured-and-points-agree",
        "taiwan",
        {"players": 4, "captured": TAIWAN_CAPTURED},
        (True, 11, 12, seats(4, s0=120, s1=-60, s2=60, s3=-60)),
    ),
    (
        "taiwan-discards-count-for-defenders",
        "taiwan",
        {
            "players": 4,
            "declarer_points": ...,
            "captured": TAIWAN_CAPTURED | {"3": []},
            "discards": ["CQ", "CJ"],
        },
        (True, 11, 12, seats(4, s0=120, s1=-60, s2=60, s3=-60)),
    ),
    (
        "taiwan-number-style-score-takes-level",
        "taiwan",
        {"options": {"bid_style": "number"}},
        (True, 11, 12, seats(5, s0=120, s1=-60, s2=60, s3=-60, s4=-60)),
    ),
    # hongkong, L = 3
    (
        "hongkong-failed",
        "hongkong",
        {"players": 5, "declarer": 0, "partner": 2, "declarer_points": 9},
        (False, 11, 9, seats(5, s0=-40, s1=40, s2=-20, s3=40, s4=40)),
    ),
    (
        "hongkong-dictator-made",
        "hongkong",
        {"partner": None},
        (True, 11, 12, seats(4, s1=310)),
    ),
    (
        "hongkong-dictator-failed",
        "hongkong",
        {"partner": None, "declarer_points": 9},
        (False, 11, 9, seats(4, s0=100, s1=-40, s2=100, s3=100)),
    ),
    # japanese (wins) and chips
    (
        "japanese-failed",
        "japanese",
        {"declarer_points": 12},
        (False, 13, 12, seats(5, s2=1, s3=1, s4=1)),
    ),
    ("japanese-alone", "japanese", {"partner": None}, (True, 13, 14, seats(5, s0=1))),
    (
        "japanese-chips",
        "japanese",
        {"options": {"score_table": "chips"}, "declarer_points": 15},
        (True, 13, 15, seats(5, s0=2, s1=1, s2=-1, s3=-1, s4=-1)),
    ),
    (
        "japanese-chips-siberian",
        "japanese",
        {"options": {"score_table": "chips"}, "declarer_points": 20},
        (False, 13, 20, seats(5, s0=-2, s1=-1, s2=1, s3=1, s4=1)),
    ),
    (
        "japanese-chips-alone-doubled",
        "japanese",
        {"options": {"score_table": "chips"}, "partner": None},
        (True, 13, 14, seats(5, s0=4, s1=-2, s2=-2, s3=-2, s4=-2)),
    ),
    (
        "chip-failed",
        "japanese-chip",
        {"declarer_points": 11},
        (False, 12, 11, seats(5, s0=1, s1=1, s2=-2, s3=1, s4=-1)),
    ),
    (
        "chip-siberian",
        "japanese-chip",
        {"declarer_points": 20},
        (False, 12, 20, seats(5, s0=1, s1=1, s2=-2, s3=1, s4=-1)),
    ),
    (
        "chip-no-siberian",
        "japanese-chip",
        {"options": {"siberian": False}, "declarer_points": 20},
        (True, 12, 20, seats(5, s0=-1, s1=-1, s2=2, s3=-1, s4=1)),
    ),
    (
        "chip-twenty-made",
        "japanese-chip",
        {"contract": "20S", "declarer_points": 20},
        (True, 20, 20, seats(5, s0=-2, s1=-2, s2=4, s3=-2, s4=2)),
    ),
    (
        "chip-twenty-failed",
        "japanese-chip",
        {"contract": "20S", "declarer_points": 19},
        (False, 20, 19, seats(5, s0=2, s1=2, s2=-4, s3=2, s4=-2)),
    ),
    (
        "chip-alone-doubled",
        "japanese-chip",
        {"partner": None},
        (True, 12, 12, seats(5, s0=-2, s1=-2, s2=4, s3=-2, s4=-2)),
    ),
    # thai, h = 2
    (
        "thai-draw",
        "thai",
        {"tricks": {"0": 3, "1": 3, "2": 2, "3": 1, "4": 1}},
        (None, 2, 6, seats(5)),
    ),
    (
        "thai-citizens-win",
        "thai",
        {"tricks": {"0": 3, "1": 2, "2": 2, "3": 2, "4": 1}},
        (False, 2, 5, seats(5, s2=1, s3=1, s4=1)),
    ),
    (
        "thai-tie-napoleon-loses",
        "thai",
        {"options": {"tie": "napoleon_loses"}, "tricks": {"0": 3, "1": 3, "2": 2, "3": 1, "4": 1}},
        (False, 2, 6, seats(5, s2=1, s3=1, s4=1)),
    ),
    (
        "thai-betrayal",
        "thai",
        {"tricks": {"0": 2, "1": 5, "2": 1, "3": 1, "4": 1}},
        (False, 2, 7, seats(5, s1=1, s2=1, s3=1, s4=1)),
    ),
    (
        "thai-betrayal-friend-loses",
        "thai",
        {
            "options": {"betrayal_friend": "loses"},
            "tricks": {"0": 2, "1": 5, "2": 1, "3": 1, "4": 1},
        },
        (False, 2, 7, seats(5, s2=1, s3=1, s4=1)),
    ),
    (
        "thai-alone",
        "thai",
        {"partner": None, "tricks": {"0": 8, "2": 1, "3": 1}},
        (True, 2, 8, seats(5, s0=1)),
    ),
    (
        "thai-toppled",
        "thai",
        {"toppled": True, "tricks": ...},
        (False, 2, None, seats(5, s2=1, s3=1, s4=1)),
    ),
    (
        "thai-toppled-ignores-tricks",
        "thai",
        {"toppled": True, "tricks": {"0": 10}},
        (False, 2, None, seats(5, s2=1, s3=1, s4=1)),
    ),
    # mighty, seed formula
    (
        "mighty-failed",
        "mighty",
        {"declarer_points": 12},
        (False, 14, 12, seats(5, s0=-4, s1=-2, s2=2, s3=2, s4=2)),
    ),
    (
        "mighty-run",
        "mighty",
        {"declarer_points": 20},
        (True, 14, 20, seats(5, s0=32, s1=16, s2=-16, s3=-16, s4=-16)),
    ),
    (
        "mighty-back-run",
        "mighty",
        {"contract": "13S", "declarer_points": 9},
        (False, 13, 9, seats(5, s0=-4, s1=-2, s2=2, s3=2, s4=2)),
    ),
    (
        "mighty-alone",
        "mighty",
        {"partner": None},
        (True, 14, 16, seats(5, s0=12, s1=-4, s2=-4, s3=-4, s4=-4)),
    ),
    (
        "mighty-alone-failed",
        "mighty",
        {"partner": None, "declarer_points": 13},
        (False, 14, 13, seats(5, s0=-6, s1=2, s2=2, s3=2, s4=2)),
    ),
    (
        "mighty-discards-count-for-declarer",
        "mighty",
        {"declarer_points": ..., "captured": MIGHTY_CAPTURED, "discards": ["DQ", "DJ"]},
        (True, 14, 14, seats(5, s0=4, s1=2, s2=-2, s3=-2, s4=-2)),
    ),
    (
        "mighty-pagat-made",
        "mighty",
        {"options": {"formula": "pagat"}},
        (True, 14, 16, seats(5, s0=8, s1=4, s2=-4, s3=-4, s4=-4)),
    ),
    (
        "mighty-pagat-nt-doubles",
        "mighty",
        {"options": {"formula": "pagat"}, "contract": "14NT"},
        (True, 14, 16, seats(5, s0=16, s1=8, s2=-8, s3=-8, s4=-8)),
    ),
    (
        "mighty-pagat-failed",
        "mighty",
        {"options": {"formula": "pagat"}, "declarer_points": 12},
        (False, 14, 12, seats(5, s0=-4, s1=-2, s2=2, s3=2, s4=2)),
    ),
    (
        "mighty-pagat-alone",
        "mighty",
        {"options": {"formula": "pagat"}, "partner": None},
        (True, 14, 16, seats(5, s0=32, s1=-8, s2=-8, s3=-8, s4=-8)),
    ),
    # nap, 4 players, bidder 1
    (
        "nap-failed",
        "nap",
        {"tricks": {"1": 3, "0": 2}},
        (False, 4, 3, seats(4, s0=4, s2=4, s3=4)),
    ),
    (
        "nap-stakes-made",
        "nap",
        {"options": {"nap_scoring": "stakes"}, "contract": "nap", "tricks": {"1": 5}},
        (True, 5, 5, seats(4, s0=-5, s1=15, s2=-5, s3=-5)),
    ),
    (
        "nap-stakes-failed",
        "nap",
        {"options": {"nap_scoring": "stakes"}, "contract": "nap", "tricks": {"1": 4, "2": 1}},
        (False, 5, 4, seats(4, s0=5, s1=-15, s2=5, s3=5)),
    ),
    (
        "nap-misere-made",
        "nap",
        {"contract": "misere", "tricks": {"0": 5}},
        (True, 0, 0, seats(4, s1=3)),
    ),
    (
        "nap-misere-accent-failed",
        "nap",
        {"contract": "misère", "tricks": {"0": 4, "1": 1}},
        (False, 0, 1, seats(4, s0=3, s2=3, s3=3)),
    ),
    (
        "nap-wellington",
        "nap",
        {"contract": "wellington", "tricks": {"1": 5}},
        (True, 5, 5, seats(4, s1=10)),
    ),
    (
        "nap-blucher",
        "nap",
        {"contract": "blücher", "tricks": {"1": 5}},
        (True, 5, 5, seats(4, s1=20)),
    ),
    (
        "nap-two",
        "nap",
        {"contract": "TWO", "tricks": {"1": 2, "3": 3}},
        (True, 2, 2, seats(4, s1=2)),
    ),
]


@pytest.mark.parametrize(
    ("code", "fields", "expected"), [row[1:] for row in CASES], ids=[row[0] for row in CASES]
)
def test_it_applies_the_score_table(post, code, fields, expected):
    assert outcome(answer(post, body_of(code, **fields))) == expected


def doubled(captured, seat, card):
    return {key: list(cards) for key, cards in captured.items()} | {seat: captured[seat] + [card]}


BAD = [
    # 422
    ("points-negative", "taiwan", {"declarer_points": -1}, 422, "declarer_points"),
    ("points-above-total", "taiwan", {"declarer_points": 17}, 422, "declarer_points"),
    ("points-above-20", "mighty", {"declarer_points": 21}, 422, "declarer_points"),
    (
        "captured-disagrees",
        "taiwan",
        {"players": 4, "captured": TAIWAN_CAPTURED, "declarer_points": 13},
        422,
        "declarer_points",
    ),
    (
        "point-card-doubled",
        "taiwan",
        {
            "players": 4,
            "declarer_points": ...,
            "captured": TAIWAN_CAPTURED | {"3": ["CQ", "SA", "CJ"]},
        },
        422,
        "captured.3[1]",
    ),
    (
        "point-card-in-discards-too",
        "taiwan",
        {"players": 4, "declarer_points": ..., "captured": TAIWAN_CAPTURED, "discards": ["CQ"]},
        422,
        "discards[0]",
    ),
    (
        "too-many-point-discards",
        "taiwan",
        {
            "players": 4,
            "declarer_points": ...,
            "captured": TAIWAN_CAPTURED | {"1": [], "3": ["CJ"]},
            "discards": ["CA", "CK", "CQ"],
        },
        422,
        "discards",
    ),
    ("thai-tricks-short", "thai", {"tricks": {"0": 4, "1": 3}}, 422, "tricks"),
    ("nap-tricks-over", "nap", {"tricks": {"1": 4, "0": 2}}, 422, "tricks"),
    ("nap-partner", "nap", {"partner": 2}, 422, "partner"),
    # "below the minimum" is a 422 for a final contract as for a bid.
    ("japanese-below-min-bid", "japanese", {"contract": "10S"}, 422, "contract"),
    ("chip-below-eleven", "japanese-chip", {"contract": "10S"}, 422, "contract"),
    ("thai-below-min-bid", "thai", {"options": {"min_bid": 3}, "contract": "2S"}, 422, "contract"),
    ("mighty-below-min-bid", "mighty", {"contract": "12S"}, 422, "contract"),
    # 400
    ("contract-bad", "taiwan", {"contract": "3X"}, 400, "contract"),
    (
        "contract-target-in-number-style",
        "taiwan",
        {"options": {"bid_style": "number"}, "contract": "11"},
        400,
        "contract",
    ),
    ("contract-japanese-nt", "japanese", {"contract": "13NT"}, 400, "contract"),
    ("contract-nap-word", "nap", {"contract": "five"}, 400, "contract"),
    ("contract-not-a-string", "mighty", {"contract": 14}, 400, "contract"),
    ("contract-missing", "mighty", {"contract": ...}, 400, "contract"),
    ("declarer-missing", "mighty", {"declarer": ...}, 400, "declarer"),
    ("declarer-out-of-range", "mighty", {"declarer": 5}, 400, "declarer"),
    ("partner-out-of-range", "mighty", {"partner": 5}, 400, "partner"),
    ("partner-not-an-int", "mighty", {"partner": "1"}, 400, "partner"),
    ("points-float", "taiwan", {"declarer_points": 12.0}, 400, "declarer_points"),
    ("points-string", "taiwan", {"declarer_points": "12"}, 400, "declarer_points"),
    ("thai-tricks-missing", "thai", {"tricks": ...}, 400, "tricks"),
    (
        "thai-tricks-seat-out-of-range",
        "thai",
        {"tricks": {"0": 4, "1": 3, "5": 3}},
        400,
        "tricks.5",
    ),
    ("thai-tricks-not-an-int", "thai", {"tricks": {"0": "4", "1": 6}}, 400, "tricks.0"),
    ("thai-toppled-not-bool", "thai", {"toppled": 1}, 400, "toppled"),
    (
        "captured-bad-card",
        "taiwan",
        {"players": 4, "declarer_points": ..., "captured": TAIWAN_CAPTURED | {"3": ["CQ", "CX"]}},
        400,
        "captured.3[1]",
    ),
    (
        "captured-seat-out-of-range",
        "taiwan",
        {"players": 4, "declarer_points": ..., "captured": TAIWAN_CAPTURED | {"4": []}},
        400,
        "captured.4",
    ),
    (
        "captured-not-a-list",
        "taiwan",
        {"players": 4, "declarer_points": ..., "captured": TAIWAN_CAPTURED | {"3": "CQ"}},
        400,
        "captured.3",
    ),
    (
        "captured-joker-not-in-chip-deck",
        "japanese-chip",
        {"declarer_points": ..., "captured": {"0": ["JK"]}},
        400,
        "captured.0[0]",
    ),
]


@pytest.mark.parametrize(
    ("code", "fields", "status", "field"), [row[1:] for row in BAD], ids=[row[0] for row in BAD]
)
def test_it_refuses_a_bad_result(post, code, fields, status, field):
    response = post("score", body_of(code, **fields))
    assert response.status_code == status
    assert error_of(response)["field"] == field


def test_it_refuses_missing_point_cards(post):
    body = body_of("taiwan", players=4, declarer_points=..., captured=TAIWAN_CAPTURED | {"3": []})
    response = post("score", body)
    assert response.status_code == 422
    error_of(response)


def test_it_needs_a_result(post):
    response = post("score", body_of("taiwan", declarer_points=...))
    assert response.status_code == 400
    error_of(response)


def test_it_refuses_a_non_point_card_in_captured(post):
    # rules.md: "only point cards"; whether that is a 400 or a 422 is not said.
    body = body_of(
        "taiwan", players=4, declarer_points=..., captured=doubled(TAIWAN_CAPTURED, "3", "C9")
    )
    response = post("score", body)
    assert response.status_code in (400, 422)
    assert error_of(response)["field"] == "captured.3[2]"


def test_it_takes_a_contract_as_low_as_the_tables_minimum(post):
    body = body_of("japanese", options={"min_bid": 10}, contract="10S", declarer_points=10)
    assert answer(post, body)["made"] is True
