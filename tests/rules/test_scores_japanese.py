"""Score tables of rules.md sections 2 and 3: Japanese Napoleon and its chip game.

Target = the bid; declarer_points = picture cards of napoleon + adjutant/general.
Chip table: N napoleon, G general, O each opponent; alone doubles N and every O.
"""

import pytest

from tests.rules.scoring_helpers import check, score_hand

COLUMNS = "options,players,declarer,contract,partner,points,made,target,deltas,zero_sum"
CHIPS = {"score_table": "chips"}
CHIPS_NO_SIBERIA = {"score_table": "chips", "siberian": False}

# fmt: off
# `wins`: everyone on the winning side scores 1, the rest 0 (never zero-sum).
JAPANESE_WINS = {
    "wins-made-5p": ({}, 5, 0, "13S", 3, 13, True, 13, (1, 0, 0, 1, 0), False),
    "wins-failed-5p": ({}, 5, 0, "13S", 3, 12, False, 13, (0, 1, 1, 0, 1), False),
    "wins-alone-made-4p": ({}, 4, 2, "16H", None, 18, True, 16, (0, 0, 1, 0), False),
    "wins-alone-failed-4p": ({}, 4, 2, "16H", None, 15, False, 16, (1, 1, 0, 1), False),
    "wins-made-6p": ({}, 6, 5, "12D", 0, 15, True, 12, (1, 0, 0, 0, 0, 1), False),
    "wins-failed-7p": ({}, 7, 3, "11C", 6, 10, False, 11, (1, 1, 1, 0, 1, 1, 0), False),
    "wins-bid20-made-7p": ({}, 7, 0, "20S", 1, 20, True, 20, (1, 1, 0, 0, 0, 0, 0), False),
    # The Siberian rule belongs to the chip table; under `wins`, 20 >= bid simply wins.
    "wins-all-20-on-bid-13-5p": ({}, 5, 1, "13S", 4, 20, True, 13, (0, 1, 0, 0, 1), False),
}

# `chips` on the japanese variant: the section 3 table. With 5 players (3 opponents)
# and a general, each row sums to zero; other counts and alone hands do not.
JAPANESE_CHIPS = {
    "chips-made-5p": (CHIPS, 5, 0, "13S", 3, 13, True, 13, (2, -1, -1, 1, -1), True),
    "chips-made-19-5p": (CHIPS, 5, 0, "19S", 3, 19, True, 19, (2, -1, -1, 1, -1), True),
    "chips-failed-5p": (CHIPS, 5, 0, "13S", 3, 12, False, 13, (-2, 1, 1, -1, 1), True),
    "chips-siberian-5p": (CHIPS, 5, 0, "13S", 3, 20, False, 13, (-2, 1, 1, -1, 1), True),
    "chips-siberian-off-5p": (CHIPS_NO_SIBERIA, 5, 0, "13S", 3, 20, True, 13, (2, -1, -1, 1, -1), True),
    "chips-bid20-made-5p": (CHIPS, 5, 2, "20H", 4, 20, True, 20, (-2, -2, 4, -2, 2), True),
    "chips-bid20-failed-5p": (CHIPS, 5, 2, "20H", 4, 19, False, 20, (2, 2, -4, 2, -2), True),
    "chips-bid20-made-siberian-off-5p": (CHIPS_NO_SIBERIA, 5, 2, "20H", 4, 20, True, 20, (-2, -2, 4, -2, 2), True),
    "chips-alone-made-5p": (CHIPS, 5, 1, "15D", None, 16, True, 15, (-2, 4, -2, -2, -2), False),
    "chips-alone-failed-5p": (CHIPS, 5, 1, "15D", None, 14, False, 15, (2, -4, 2, 2, 2), False),
    "chips-alone-siberian-5p": (CHIPS, 5, 1, "15D", None, 20, False, 15, (2, -4, 2, 2, 2), False),
    "chips-alone-bid20-made-5p": (CHIPS, 5, 1, "20D", None, 20, True, 20, (-4, 8, -4, -4, -4), False),
    "chips-alone-bid20-failed-5p": (CHIPS, 5, 1, "20D", None, 18, False, 20, (4, -8, 4, 4, 4), False),
    "chips-made-4p": (CHIPS, 4, 0, "14C", 1, 14, True, 14, (2, 1, -1, -1), False),
    "chips-failed-6p": (CHIPS, 6, 3, "12S", 0, 11, False, 12, (-1, 1, 1, -2, 1, 1), False),
    "chips-bid20-made-7p": (CHIPS, 7, 6, "20S", 2, 20, True, 20, (-2, -2, 2, -2, -2, -2, 4), False),
    "chips-alone-failed-7p": (CHIPS, 7, 0, "11H", None, 10, False, 11, (-4, 2, 2, 2, 2, 2, 2), False),
}

# The japanese-chip variant itself (Siberian on by default), 4, 5 and 6 players.
CHIP_VARIANT = {
    "made-11-5p": ({}, 5, 0, "11S", 2, 11, True, 11, (2, -1, 1, -1, -1), True),
    "made-19-5p": ({}, 5, 4, "19C", 0, 19, True, 19, (1, -1, -1, -1, 2), True),
    "failed-5p": ({}, 5, 0, "16H", 2, 15, False, 16, (-2, 1, -1, 1, 1), True),
    "siberian-5p": ({}, 5, 0, "16H", 2, 20, False, 16, (-2, 1, -1, 1, 1), True),
    "siberian-off-5p": ({"siberian": False}, 5, 0, "16H", 2, 20, True, 16, (2, -1, 1, -1, -1), True),
    "bid20-made-5p": ({}, 5, 3, "20D", 1, 20, True, 20, (-2, 2, -2, 4, -2), True),
    "bid20-failed-5p": ({}, 5, 3, "20D", 1, 17, False, 20, (2, -2, 2, -4, 2), True),
    "alone-made-5p": ({}, 5, 0, "12S", None, 12, True, 12, (4, -2, -2, -2, -2), False),
    "alone-failed-5p": ({}, 5, 0, "12S", None, 5, False, 12, (-4, 2, 2, 2, 2), False),
    "alone-siberian-5p": ({}, 5, 0, "12S", None, 20, False, 12, (-4, 2, 2, 2, 2), False),
    "alone-siberian-off-5p": ({"siberian": False}, 5, 0, "12S", None, 20, True, 12, (4, -2, -2, -2, -2), False),
    "alone-bid20-made-5p": ({}, 5, 0, "20C", None, 20, True, 20, (8, -4, -4, -4, -4), False),
    "alone-bid20-failed-5p": ({}, 5, 0, "20C", None, 19, False, 20, (-8, 4, 4, 4, 4), False),
    "made-4p": ({}, 4, 1, "13H", 2, 14, True, 13, (-1, 2, 1, -1), False),
    "bid20-failed-6p": ({}, 6, 5, "20S", 3, 10, False, 20, (2, 2, 2, -2, 2, -4), False),
    "alone-made-6p": ({}, 6, 2, "14D", None, 14, True, 14, (-2, -2, 4, -2, -2, -2), False),
    # Partner given as the declarer's own seat is playing alone too.
    "alone-partner-is-declarer-failed-4p": ({}, 4, 3, "11S", 3, 0, False, 11, (2, 2, 2, -4), False),
}
# fmt: on


@pytest.mark.parametrize(
    COLUMNS,
    list({**JAPANESE_WINS, **JAPANESE_CHIPS}.values()),
    ids=[*JAPANESE_WINS, *JAPANESE_CHIPS],
)
def test_it_scores_the_japanese_tables(
    options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        "japanese", players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(CHIP_VARIANT.values()), ids=list(CHIP_VARIANT))
def test_it_scores_the_japanese_chip_table(
    options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        "japanese-chip", players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)
