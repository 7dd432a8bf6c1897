"""The Mighty's two score formulas, rules.md section 5 (5 players, 20 points).

P = points of the declarer's side (declarer_points), B = the final bid (target).
seed:  made u = P - 12, failed u = B - 12; declarer 2u, friend u, each opponent u;
       alone the declarer takes 3u and each of the four opponents u (not zero-sum).
pagat: S = 2(B - 13) + (P - B) made, B - P failed; declarer 2S, friend S, opponents S;
       alone the declarer takes 4S. Both: run (P = 20) and back run (P <= 9) double.
"""

import pytest

from tests.rules.scoring_helpers import check, score_hand

COLUMNS = "declarer,contract,partner,points,made,deltas,zero_sum"

# fmt: off
SEED = {
    "made-at-bid": (0, "13S", 1, 13, True, (2, 1, -1, -1, -1), True),
    "made-over": (0, "13S", 1, 15, True, (6, 3, -3, -3, -3), True),
    # NT changes nothing in the seed formula.
    "made-nt": (2, "14NT", 4, 16, True, (-4, -4, 8, -4, 4), True),
    "failed": (0, "15H", 1, 12, False, (-6, -3, 3, 3, 3), True),
    # Failing by one costs the same as failing by three: u depends on B only.
    "failed-by-one": (0, "15H", 1, 14, False, (-6, -3, 3, 3, 3), True),
    # P = 10 is not a back run.
    "failed-at-10": (0, "13S", 1, 10, False, (-2, -1, 1, 1, 1), True),
    "back-run-at-9": (0, "13S", 1, 9, False, (-4, -2, 2, 2, 2), True),
    "back-run-at-0": (3, "20C", 0, 0, False, (-16, 16, 16, -32, 16), True),
    "run": (0, "13S", 1, 20, True, (32, 16, -16, -16, -16), True),
    "run-bid-20": (4, "20H", 2, 20, True, (-16, -16, 16, -16, 32), True),
    "alone-made": (0, "14S", None, 16, True, (12, -4, -4, -4, -4), False),
    "alone-failed": (0, "16S", None, 14, False, (-12, 4, 4, 4, 4), False),
    "alone-run": (2, "18D", 2, 20, True, (-16, -16, 48, -16, -16), False),
    "alone-back-run": (1, "13C", None, 5, False, (2, -6, 2, 2, 2), False),
}

PAGAT = {
    # S = 0: a bare 13 made moves nothing.
    "made-13-at-bid": (0, "13S", 1, 13, True, (0, 0, 0, 0, 0), True),
    "made-over": (0, "15S", 1, 17, True, (12, 6, -6, -6, -6), True),
    "made-at-bid": (0, "17H", 1, 17, True, (16, 8, -8, -8, -8), True),
    "failed": (0, "16S", 1, 12, False, (-8, -4, 4, 4, 4), True),
    "failed-by-one": (0, "18D", 1, 17, False, (-2, -1, 1, 1, 1), True),
    "failed-at-10": (0, "13S", 1, 10, False, (-6, -3, 3, 3, 3), True),
    "run": (0, "14S", 1, 20, True, (32, 16, -16, -16, -16), True),
    "back-run": (0, "13S", 1, 9, False, (-16, -8, 8, 8, 8), True),
    "nt-made": (0, "14NT", 1, 15, True, (12, 6, -6, -6, -6), True),
    "nt-failed": (0, "15NT", 1, 14, False, (-4, -2, 2, 2, 2), True),
    "alone-made": (0, "14S", None, 15, True, (24, -6, -6, -6, -6), True),
    "alone-failed": (0, "15S", None, 13, False, (-16, 4, 4, 4, 4), True),
    "alone-partner-is-declarer": (1, "14S", 1, 15, True, (-6, 24, -6, -6, -6), True),
    # Doublings multiply: x2 per condition.
    "nt-run": (0, "13NT", 1, 20, True, (56, 28, -28, -28, -28), True),
    "nt-back-run": (4, "13NT", 0, 9, False, (-16, 16, 16, 16, -32), True),
    "alone-run": (3, "16C", 3, 20, True, (-40, -40, -40, 160, -40), True),
    "alone-back-run": (2, "13H", None, 0, False, (52, 52, -208, 52, 52), True),
    "nt-alone-made": (1, "15NT", None, 16, True, (-20, 80, -20, -20, -20), True),
    "nt-alone-back-run": (0, "14NT", None, 8, False, (-192, 48, 48, 48, 48), True),
    "nt-alone-run": (0, "20NT", None, 20, True, (448, -112, -112, -112, -112), True),
}
# fmt: on


def run_row(formula, declarer, contract, partner, points, made, deltas, zero_sum):
    options = {} if formula == "seed" else {"formula": formula}
    score = score_hand("mighty", 5, declarer, contract, partner, options, declarer_points=points)
    check(score, made, int(contract[:2]), points, deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(SEED.values()), ids=list(SEED))
def test_it_scores_the_seed_formula(declarer, contract, partner, points, made, deltas, zero_sum):
    # seed is the default formula, so no option is passed.
    run_row("seed", declarer, contract, partner, points, made, deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(PAGAT.values()), ids=list(PAGAT))
def test_it_scores_the_pagat_formula(declarer, contract, partner, points, made, deltas, zero_sum):
    run_row("pagat", declarer, contract, partner, points, made, deltas, zero_sum)


# Below 13 (a second round at 12, or a low min_bid) the formulas can turn against the
# result; the share is then 0, never a payment the wrong way (a spec gap, see README).
# fmt: off
LOW_BIDS = {
    "seed-failed-10": ("seed", {"min_bid": 10}, "10S", 8, False, (0, 0, 0, 0, 0)),
    "seed-made-10-with-11": ("seed", {"min_bid": 10}, "10S", 11, True, (0, 0, 0, 0, 0)),
    "seed-made-10-with-14": ("seed", {"min_bid": 10}, "10S", 14, True, (4, 2, -2, -2, -2)),
    "seed-failed-12": ("seed", {"all_pass": "min_12"}, "12S", 11, False, (0, 0, 0, 0, 0)),
    "pagat-made-12": ("pagat", {"all_pass": "min_12"}, "12S", 12, True, (0, 0, 0, 0, 0)),
    "pagat-made-12-with-15": ("pagat", {"all_pass": "min_12"}, "12S", 15, True, (2, 1, -1, -1, -1)),
    "pagat-failed-12": ("pagat", {"all_pass": "min_12"}, "12S", 10, False, (-4, -2, 2, 2, 2)),
}
# fmt: on


@pytest.mark.parametrize(
    ("formula", "options", "contract", "points", "made", "deltas"),
    list(LOW_BIDS.values()),
    ids=list(LOW_BIDS),
)
def test_it_never_scores_a_low_bid_against_its_result(
    formula, options, contract, points, made, deltas
):
    options = {**options, "formula": formula}
    score = score_hand("mighty", 5, 0, contract, 1, options, declarer_points=points)
    assert (score.made, score.deltas) == (made, deltas)
