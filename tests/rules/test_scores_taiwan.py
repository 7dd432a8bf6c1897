"""Score tables of rules.md section 1: Taiwan and Hong Kong Napoleon.

One row per cell. Target = 8 + level; over = points - target, short = target - points.
A partner of None (or the declarer's own seat) is playing alone: dictator scoring.
"""

import pytest

from tests.rules.scoring_helpers import check, score_hand

COLUMNS = "variant,options,players,declarer,contract,partner,points,made,target,deltas,zero_sum"
TW = ("taiwan", {})
HK = ("hongkong", {})
# The score_table option swaps the table on either variant.
HK_ON_TW = ("taiwan", {"score_table": "hongkong"})
TW_ON_HK = ("hongkong", {"score_table": "taiwan"})

# fmt: off
# Taiwan table: with 5 players (1 napoleon, 1 secretary, 3 defenders; or 1 against 4)
# every cell sums to zero; with 4 and 6 players it does not, and rules.md keeps it anyway.
TAIWAN_TABLE = {
    "tw-standard-made-over0-5p": (*TW, 5, 0, "3S", 2, 11, True, 11, (100, -50, 50, -50, -50), True),
    "tw-standard-made-over2-5p": (*TW, 5, 0, "3S", 2, 13, True, 11, (140, -70, 70, -70, -70), True),
    "tw-standard-failed-short3-5p": (*TW, 5, 0, "3S", 2, 8, False, 11, (-120, 60, -60, 60, 60), True),
    "tw-dictator-made-over0-5p": (*TW, 5, 3, "2H", None, 10, True, 10, (-100, -100, -100, 400, -100), True),
    "tw-dictator-made-over2-5p": (*TW, 5, 3, "2H", None, 12, True, 10, (-120, -120, -120, 480, -120), True),
    "tw-dictator-failed-short3-5p": (*TW, 5, 3, "2H", None, 7, False, 10, (30, 30, 30, -120, 30), True),
    # Naming one's own card: partner given as the declarer's seat.
    "tw-dictator-partner-is-declarer-5p": (*TW, 5, 1, "1C", 1, 9, True, 9, (-100, 400, -100, -100, -100), True),
    "tw-standard-made-over0-4p": (*TW, 4, 1, "1H", 3, 9, True, 9, (-50, 100, -50, 50), False),
    "tw-standard-made-over3-4p": (*TW, 4, 1, "1H", 3, 12, True, 9, (-80, 160, -80, 80), False),
    "tw-standard-failed-short3-4p": (*TW, 4, 1, "5NT", 3, 10, False, 13, (60, -120, 60, -60), False),
    "tw-dictator-made-over0-4p": (*TW, 4, 2, "2C", None, 10, True, 10, (-100, -100, 400, -100), False),
    "tw-dictator-made-over6-4p": (*TW, 4, 2, "2C", None, 16, True, 10, (-160, -160, 640, -160), False),
    "tw-dictator-failed-short3-4p": (*TW, 4, 2, "2C", None, 7, False, 10, (30, 30, -120, 30), False),
    "tw-standard-made-over0-6p": (*TW, 6, 5, "8NT", 0, 16, True, 16, (50, -50, -50, -50, -50, 100), False),
    "tw-standard-made-over2-6p": (*TW, 6, 2, "4D", 4, 14, True, 12, (-70, -70, 140, -70, 70, -70), False),
    "tw-standard-failed-short12-6p": (*TW, 6, 2, "4D", 4, 0, False, 12, (240, 240, -480, 240, -240, 240), False),
    "tw-dictator-made-over1-6p": (*TW, 6, 0, "5D", None, 14, True, 13, (440, -110, -110, -110, -110, -110), False),
    "tw-dictator-failed-short1-6p": (*TW, 6, 0, "5D", None, 12, False, 13, (-40, 10, 10, 10, 10, 10), False),
    "hk-with-taiwan-table-standard-made-5p": (*TW_ON_HK, 5, 0, "3S", 2, 13, True, 11, (140, -70, 70, -70, -70), True),
    "hk-with-taiwan-table-dictator-failed-4p": (*TW_ON_HK, 4, 2, "2C", None, 7, False, 10, (30, 30, -120, 30), False),
}

# Hong Kong table: made contracts pay the defenders nothing, so no cell is zero-sum.
HONG_KONG_TABLE = {
    "hk-made-L1-4p": (*HK, 4, 0, "1C", 1, 9, True, 9, (40, 20, 0, 0), False),
    "hk-made-L2-5p": (*HK, 5, 1, "2D", 3, 10, True, 10, (0, 80, 0, 40, 0), False),
    "hk-made-L3-6p": (*HK, 6, 2, "3H", 4, 11, True, 11, (0, 0, 120, 0, 60, 0), False),
    "hk-made-L4-4p": (*HK, 4, 3, "4S", 0, 12, True, 12, (80, 0, 0, 160), False),
    "hk-made-L5-5p": (*HK, 5, 4, "5NT", 2, 13, True, 13, (0, 0, 100, 0, 200), False),
    "hk-made-L6-6p": (*HK, 6, 0, "6C", 5, 14, True, 14, (240, 0, 0, 0, 0, 120), False),
    "hk-made-L7-5p": (*HK, 5, 2, "7D", 0, 15, True, 15, (140, 0, 280, 0, 0), False),
    "hk-made-L8-4p": (*HK, 4, 1, "8H", 2, 16, True, 16, (0, 320, 160, 0), False),
    "hk-made-L3-over3-5p": (*HK, 5, 0, "3S", 2, 14, True, 11, (150, 0, 75, 0, 0), False),
    "hk-made-L1-over7-6p": (*HK, 6, 3, "1S", 1, 16, True, 9, (0, 55, 0, 110, 0, 0), False),
    "hk-failed-short1-4p": (*HK, 4, 0, "1S", 2, 8, False, 9, (-20, 20, -10, 20), False),
    "hk-failed-short2-5p": (*HK, 5, 0, "3S", 1, 9, False, 11, (-40, -20, 40, 40, 40), False),
    "hk-failed-short6-6p": (*HK, 6, 3, "2H", 5, 4, False, 10, (120, 120, 120, -120, 120, -60), False),
    "hk-dictator-made-L4-5p": (*HK, 5, 0, "4D", None, 12, True, 12, (400, 0, 0, 0, 0), False),
    "hk-dictator-made-L2-over3-4p": (*HK, 4, 2, "2S", None, 13, True, 10, (0, 0, 230, 0), False),
    "hk-dictator-made-L8-6p": (*HK, 6, 1, "8S", 1, 16, True, 16, (0, 800, 0, 0, 0, 0), False),
    "hk-dictator-failed-short3-6p": (*HK, 6, 3, "6NT", None, 11, False, 14, (150, 150, 150, -60, 150, 150), False),
    "hk-dictator-failed-short1-5p": (*HK, 5, 4, "1D", None, 8, False, 9, (50, 50, 50, 50, -20), False),
    "tw-with-hk-table-made-over3-5p": (*HK_ON_TW, 5, 0, "3S", 2, 14, True, 11, (150, 0, 75, 0, 0), False),
    "tw-with-hk-table-failed-short2-5p": (*HK_ON_TW, 5, 0, "3S", 1, 9, False, 11, (-40, -20, 40, 40, 40), False),
    "tw-with-hk-table-dictator-made-6p": (*HK_ON_TW, 6, 0, "2D", None, 10, True, 10, (200, 0, 0, 0, 0, 0), False),
    "tw-with-hk-table-dictator-failed-4p": (*HK_ON_TW, 4, 1, "3C", None, 9, False, 11, (100, -40, 100, 100), False),
}
# fmt: on


@pytest.mark.parametrize(COLUMNS, list(TAIWAN_TABLE.values()), ids=list(TAIWAN_TABLE))
def test_it_scores_the_taiwan_table(
    variant, options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        variant, players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(HONG_KONG_TABLE.values()), ids=list(HONG_KONG_TABLE))
def test_it_scores_the_hong_kong_table(
    variant, options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        variant, players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)
