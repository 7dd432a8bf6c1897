"""Nap contracts and their two scorings, rules.md section 6 (5 tricks a hand).

Needed tricks: two 2, three 3, four 4, nap/wellington/blucher 5, misere exactly 0.
Values: two 2, three 3, misere 3, four 4, nap 5, wellington 10, blucher 20.
points: made -> bidder +value; failed -> every opponent +value.
stakes: made -> each opponent pays the bidder the value; failed -> the reverse (zero-sum).
"""

import pytest

from tests.rules.scoring_helpers import check, score_hand

COLUMNS = "players,declarer,contract,tricks,made,target,deltas"

# fmt: off
POINTS = {
    "two-made-3p": (3, 0, "two", {0: 2, 1: 2, 2: 1}, True, 2, (2, 0, 0)),
    "two-failed-3p": (3, 0, "two", {0: 1, 1: 3, 2: 1}, False, 2, (0, 2, 2)),
    "three-made-3p": (3, 1, "three", {1: 4, 0: 1}, True, 3, (0, 3, 0)),
    "three-failed-3p": (3, 1, "three", {1: 2, 0: 2, 2: 1}, False, 3, (3, 0, 3)),
    "misere-made-3p": (3, 2, "misere", {0: 3, 1: 2}, True, 0, (0, 0, 3)),
    # A single trick breaks a misère.
    "misere-failed-3p": (3, 2, "misere", {2: 1, 0: 2, 1: 2}, False, 0, (3, 3, 0)),
    "four-made-3p": (3, 0, "four", {0: 4, 2: 1}, True, 4, (4, 0, 0)),
    "four-failed-3p": (3, 0, "four", {0: 3, 1: 1, 2: 1}, False, 4, (0, 4, 4)),
    "nap-made-3p": (3, 0, "nap", {0: 5}, True, 5, (5, 0, 0)),
    "nap-failed-3p": (3, 0, "nap", {0: 4, 1: 1}, False, 5, (0, 5, 5)),
    "wellington-made-3p": (3, 1, "wellington", {1: 5}, True, 5, (0, 10, 0)),
    "wellington-failed-3p": (3, 1, "wellington", {1: 4, 2: 1}, False, 5, (10, 0, 10)),
    "blucher-made-3p": (3, 2, "blucher", {2: 5}, True, 5, (0, 0, 20)),
    "blucher-failed-3p": (3, 2, "blucher", {0: 5}, False, 5, (20, 20, 0)),
    "two-made-7p": (7, 3, "two", {3: 2, 0: 1, 1: 1, 6: 1}, True, 2, (0, 0, 0, 2, 0, 0, 0)),
    "two-failed-7p": (7, 0, "two", {0: 1, 1: 1, 2: 1, 3: 1, 4: 1}, False, 2, (0, 2, 2, 2, 2, 2, 2)),
    "misere-made-7p": (7, 5, "misere", {0: 2, 6: 3}, True, 0, (0, 0, 0, 0, 0, 3, 0)),
    "misere-failed-7p": (7, 3, "misere", {3: 2, 0: 1, 5: 2}, False, 0, (3, 3, 3, 0, 3, 3, 3)),
    "nap-made-7p": (7, 6, "nap", {6: 5}, True, 5, (0, 0, 0, 0, 0, 0, 5)),
    "blucher-failed-7p": (7, 4, "blucher", {4: 3, 1: 2}, False, 5, (20, 20, 20, 20, 0, 20, 20)),
}

STAKES = {
    "two-made-7p": (7, 0, "two", {0: 3, 4: 2}, True, 2, (12, -2, -2, -2, -2, -2, -2)),
    "two-failed-7p": (7, 0, "two", {0: 1, 1: 1, 2: 1, 3: 1, 4: 1}, False, 2, (-12, 2, 2, 2, 2, 2, 2)),
    "three-made-7p": (7, 3, "three", {3: 3, 1: 1, 6: 1}, True, 3, (-3, -3, -3, 18, -3, -3, -3)),
    "three-failed-7p": (7, 3, "three", {3: 2, 1: 3}, False, 3, (3, 3, 3, -18, 3, 3, 3)),
    "misere-made-7p": (7, 5, "misere", {0: 1, 1: 1, 2: 1, 3: 1, 4: 1}, True, 0, (-3, -3, -3, -3, -3, 18, -3)),
    "misere-failed-7p": (7, 5, "misere", {5: 1, 0: 4}, False, 0, (3, 3, 3, 3, 3, -18, 3)),
    "four-made-7p": (7, 6, "four", {6: 4, 0: 1}, True, 4, (-4, -4, -4, -4, -4, -4, 24)),
    "four-failed-7p": (7, 6, "four", {6: 3, 0: 2}, False, 4, (4, 4, 4, 4, 4, 4, -24)),
    "nap-made-7p": (7, 1, "nap", {1: 5}, True, 5, (-5, 30, -5, -5, -5, -5, -5)),
    "nap-failed-7p": (7, 1, "nap", {1: 4, 2: 1}, False, 5, (5, -30, 5, 5, 5, 5, 5)),
    "wellington-made-7p": (7, 2, "wellington", {2: 5}, True, 5, (-10, -10, 60, -10, -10, -10, -10)),
    "wellington-failed-7p": (7, 2, "wellington", {2: 3, 3: 2}, False, 5, (10, 10, -60, 10, 10, 10, 10)),
    "blucher-made-7p": (7, 4, "blucher", {4: 5}, True, 5, (-20, -20, -20, -20, 120, -20, -20)),
    "blucher-failed-7p": (7, 4, "blucher", {4: 4, 5: 1}, False, 5, (20, 20, 20, 20, -120, 20, 20)),
    "two-made-3p": (3, 2, "two", {2: 2, 0: 3}, True, 2, (-2, -2, 4)),
    "misere-made-3p": (3, 0, "misere", {1: 3, 2: 2}, True, 0, (6, -3, -3)),
    "misere-failed-3p": (3, 1, "misere", {1: 1, 0: 4}, False, 0, (3, -6, 3)),
    "four-failed-3p": (3, 0, "four", {0: 2, 1: 2, 2: 1}, False, 4, (-8, 4, 4)),
    "nap-made-3p": (3, 0, "nap", {0: 5}, True, 5, (10, -5, -5)),
    "blucher-failed-3p": (3, 2, "blucher", {2: 4, 0: 1}, False, 5, (20, 20, -40)),
}
# fmt: on


def run_row(options, players, declarer, contract, tricks, made, target, deltas, zero_sum):
    score = score_hand("nap", players, declarer, contract, None, options, tricks=tricks)
    # declarer_points is the bidder's own trick count.
    check(score, made, target, tricks.get(declarer, 0), deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(POINTS.values()), ids=list(POINTS))
def test_it_scores_nap_points(players, declarer, contract, tricks, made, target, deltas):
    # points is the default and only ever adds, so it is never zero-sum.
    run_row({}, players, declarer, contract, tricks, made, target, deltas, False)


@pytest.mark.parametrize(COLUMNS, list(STAKES.values()), ids=list(STAKES))
def test_it_scores_nap_stakes(players, declarer, contract, tricks, made, target, deltas):
    options = {"nap_scoring": "stakes"}
    run_row(options, players, declarer, contract, tricks, made, target, deltas, True)
