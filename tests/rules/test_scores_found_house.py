"""Scores under the house rules that a differential test found (rules-house.md §8.10), one row
per option and choice, worked by hand.

The Mighty: 5 players; seat 0 declares, seat 1 is the friend (None: alone). P = points of
the declarer's side, B = the bid. seed: made u = P − 12, failed u = −(B − 12); pagat: made
S = 2(B − 13) + (P − B), failed S = B − P; shares declarer 2, friend 1, each opponent −1
(alone: seed 3, pagat 4, each opponent −1).
Taiwan and Hong Kong: seat 0 is the napoleon, seat 2 the secretary (None: dictator); a
contract of level L needs 8 + L point cards.
"""

import pytest

from tests.rules.scoring_helpers import cards, score_hand

COLUMNS = "options,contract,partner,points,made,deltas,words"
PAGAT = {"formula": "pagat"}
P10 = {"formula": "pagat_p10"}
B20 = {"bid_20_doubles": True}

# fmt: off
MIGHTY = {
    # alone_doubles_failed
    "alone-doubles-failed-default": (PAGAT, "14S", None, 12, False, (-16, 4, 4, 4, 4), "no friend, doubled"),
    "alone-doubles-failed-off": ({**PAGAT, "alone_doubles_failed": False}, "14S", None, 12, False, (-8, 2, 2, 2, 2), "playing alone doubles only a made contract (house rule)"),
    "alone-doubles-failed-off-made-still-doubles": ({**PAGAT, "alone_doubles_failed": False}, "14S", None, 15, True, (24, -6, -6, -6, -6), "no friend, doubled"),
    "alone-doubles-failed-off-seed-no-effect": ({"alone_doubles_failed": False}, "14S", None, 12, False, (-6, 2, 2, 2, 2), "14 − 12"),
    "alone-doubles-failed-off-alone-doubles-off": ({**PAGAT, "alone_doubles": False, "alone_doubles_failed": False}, "14S", None, 12, False, (-8, 2, 2, 2, 2), "playing alone does not double (house rule)"),
    # bid_20_doubles_failed
    "bid-20-doubles-failed-default": (B20, "20S", 1, 19, False, (-16, -8, 8, 8, 8), "failed"),
    "bid-20-doubles-failed-on": ({**B20, "bid_20_doubles_failed": True}, "20S", 1, 19, False, (-32, -16, 16, 16, 16), "a bid of 20 failed (house rule), doubled"),
    "bid-20-doubles-failed-on-made": ({**B20, "bid_20_doubles_failed": True}, "20S", 1, 20, True, (64, 32, -32, -32, -32), "a bid of 20 made (house rule), doubled"),
    "bid-20-doubles-failed-without-bid-20-doubles": ({"bid_20_doubles_failed": True}, "20S", 1, 19, False, (-16, -8, 8, 8, 8), "failed"),
    "bid-20-doubles-failed-with-back-run": ({**B20, "bid_20_doubles_failed": True}, "20S", 1, 9, False, (-64, -32, 32, 32, 32), "back run"),
    "bid-20-doubles-failed-pagat": ({**PAGAT, **B20, "bid_20_doubles_failed": True}, "20S", 1, 17, False, (-12, -6, 6, 6, 6), "a bid of 20 failed (house rule)"),
    # failed_pays_back
    "pays-back-default": (PAGAT, "15S", 1, 13, False, (-4, -2, 2, 2, 2), "S = 15 − 13 = 2"),
    "pays-back-on": ({**PAGAT, "failed_pays_back": True}, "15S", 1, 13, False, (-14, -7, 7, 7, 7), "S = (15 − 10) + (15 − 13) = 7 (house rule)"),
    "pays-back-made-unchanged": ({**PAGAT, "failed_pays_back": True}, "15S", 1, 16, True, (10, 5, -5, -5, -5), "made"),
    "pays-back-seed-no-effect": ({"failed_pays_back": True}, "15S", 1, 13, False, (-6, -3, 3, 3, 3), "15 − 12"),
    "pays-back-back-run": ({**P10, "failed_pays_back": True}, "13S", 1, 9, False, (-28, -14, 14, 14, 14), "back run"),
    "pays-back-no-trump": ({**PAGAT, "failed_pays_back": True}, "14NT", 1, 12, False, (-24, -12, 12, 12, 12), "no trump, doubled"),
    "pays-back-alone": ({**PAGAT, "failed_pays_back": True}, "14S", None, 12, False, (-48, 12, 12, 12, 12), "no friend, doubled"),
    "pays-back-bid-20": ({**PAGAT, **B20, "bid_20_doubles_failed": True, "failed_pays_back": True}, "20S", 1, 17, False, (-52, -26, 26, 26, 26), "paying back"),
    # made_at_least_one
    "at-least-one-default": (PAGAT, "13S", 1, 13, True, (0, 0, 0, 0, 0), "= 0"),
    "at-least-one-pagat": ({**PAGAT, "made_at_least_one": True}, "13S", 1, 13, True, (2, 1, -1, -1, -1), "at least 1 per share: 1 (house rule)"),
    "at-least-one-seed": ({"min_bid": 10, "made_at_least_one": True}, "12S", 1, 12, True, (2, 1, -1, -1, -1), "at least 1 per share"),
    "at-least-one-instead-of-the-guard": ({"min_bid": 10, "made_at_least_one": True}, "10S", 1, 11, True, (2, 1, -1, -1, -1), "at least 1 per share"),
    "at-least-one-then-doubled": ({**PAGAT, "made_at_least_one": True}, "13S", None, 13, True, (8, -2, -2, -2, -2), "no friend, doubled"),
    "at-least-one-never-on-failed": ({**PAGAT, "made_at_least_one": True}, "15S", 1, 14, False, (-2, -1, 1, 1, 1), "failed"),
    "at-least-one-above-one-unchanged": ({**PAGAT, "made_at_least_one": True}, "13S", 1, 15, True, (4, 2, -2, -2, -2), "= 2"),
}
# fmt: on


@pytest.mark.parametrize(COLUMNS, list(MIGHTY.values()), ids=list(MIGHTY))
def test_it_scores_the_mighty_rules_the_peers_play(
    options, contract, partner, points, made, deltas, words
):
    score = score_hand("mighty", 5, 0, contract, partner, options, declarer_points=points)
    assert (score.made, score.deltas) == (made, deltas), score.lines
    assert any(words in line for line in score.lines), score.lines


FAILED = {
    "standard_failed_napoleon": -100,
    "standard_failed_secretary": -50,
    "standard_failed_defender": 50,
    "dictator_failed_napoleon": -160,
    "dictator_failed_defender": 40,
}
OWN = {"score_values": FAILED}
HK = {"score_table": "hongkong"}
BALANCED = {"four_player_table": "balanced"}

# fmt: off
TAIWAN = {
    # 5 players, 3S (target 11), 9 points: 2 short
    "failed-amounts-default-zero": ("taiwan", 5, {}, "3S", 2, 9, False, (-80, 40, -40, 40, 40)),
    "failed-amounts-standard": ("taiwan", 5, OWN, "3S", 2, 9, False, (-180, 90, -90, 90, 90)),
    "failed-amounts-not-on-made": ("taiwan", 5, OWN, "3S", 2, 12, True, (120, -60, 60, -60, -60)),
    "failed-amounts-dictator": ("taiwan", 5, OWN, "3S", None, 9, False, (-240, 60, 60, 60, 60)),
    # Hong Kong: never multiplied by the level
    "failed-amounts-hongkong": ("hongkong", 5, OWN, "3S", 2, 9, False, (-140, 90, -70, 90, 90)),
    "failed-amounts-hongkong-taiwan-table": ("taiwan", 5, {**OWN, **HK}, "3S", 2, 9, False, (-140, 90, -70, 90, 90)),
    # four players, balanced: added to the balanced amounts
    "failed-amounts-balanced": ("taiwan", 4, {**OWN, **BALANCED}, "3S", 2, 9, False, (-180, 110, -90, 110)),
    "failed-amounts-six": ("taiwan", 6, OWN, "3S", 2, 9, False, (-180, 90, -90, 90, 90, 90)),
}
# fmt: on


@pytest.mark.parametrize(
    "variant,players,options,contract,partner,points,made,deltas",
    list(TAIWAN.values()),
    ids=list(TAIWAN),
)
def test_it_pays_a_failed_hands_fixed_amounts_once(
    variant, players, options, contract, partner, points, made, deltas
):
    score = score_hand(variant, players, 0, contract, partner, options, declarer_points=points)
    assert (score.made, score.deltas) == (made, deltas), score.lines
    fixed = [line for line in score.lines if "fixed amount" in line]
    assert bool(fixed) == (not made and bool(options.get("score_values"))), score.lines


FOX520 = {
    "discards_to": "target",
    "no_trump_bid": "off",
    "score_values": {
        "standard_made_napoleon": 100,
        "standard_over_napoleon": 10,
        "standard_made_secretary": 50,
        "standard_over_secretary": 5,
        "standard_made_defender": -50,
        "standard_over_defender": -5,
        "standard_failed_napoleon": -100,
        "standard_short_napoleon": -10,
        "standard_failed_secretary": -50,
        "standard_short_secretary": -5,
        "standard_failed_defender": 50,
        "standard_short_defender": 5,
    },
}


@pytest.mark.parametrize(
    ("points", "discards", "made", "napoleon", "secretary", "defender"),
    [
        # 2S needs 10; two discarded point cards raise it to 12
        (12, "SA HK", True, 100, 50, -50),
        (13, "SA HK", True, 110, 55, -55),
        (11, "SA HK", False, -110, -55, 55),
        (11, "", True, 110, 55, -55),
    ],
)
def test_it_plays_fox520s_own_taiwan_game(points, discards, made, napoleon, secretary, defender):
    score = score_hand(
        "taiwan", 5, 0, "2S", 2, FOX520, declarer_points=points, discards=cards(discards)
    )
    assert score.made is made
    assert (score.deltas[0], score.deltas[2], score.deltas[1]) == (napoleon, secretary, defender)
    assert score.total == 0
