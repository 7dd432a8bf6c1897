"""Thai Napoleon results, rules.md section 4 (5 players, 10 tricks).

t = tricks of napoleon + friend, c = the citizens' tricks, h = handicap (the target).
The napoleon's side wins if t > c + h, the citizens if c + h > t; equal is the tie option.
Each winner scores 1, everyone else 0; a draw is 0 for all.
"""

import pytest

from tests.rules.scoring_helpers import check, score_hand

COLUMNS = "options,declarer,contract,partner,tricks,made,target,points,deltas"
NAP_LOSES_TIES = {"tie": "napoleon_loses"}
FRIEND_LOSES = {"betrayal_friend": "loses"}

# fmt: off
THAI = {
    # 7 > 3 + 2.
    "win": ({}, 0, "2S", 2, {0: 4, 2: 3, 1: 1, 3: 1, 4: 1}, True, 2, 7, (1, 0, 1, 0, 0)),
    # 7 > 3 + 3, by the narrowest margin.
    "win-by-one": ({}, 0, "3H", 2, {0: 4, 2: 3, 1: 2, 4: 1}, True, 3, 7, (1, 0, 1, 0, 0)),
    # 4 + 3 > 6.
    "lose": ({}, 0, "3H", 2, {0: 3, 2: 3, 1: 2, 3: 1, 4: 1}, False, 3, 6, (0, 1, 0, 1, 1)),
    # 6 == 4 + 2.
    "draw": ({}, 0, "2H", 2, {0: 3, 2: 3, 1: 2, 3: 2}, None, 2, 6, (0, 0, 0, 0, 0)),
    "tie-napoleon-loses": (NAP_LOSES_TIES, 0, "2H", 2, {0: 3, 2: 3, 1: 2, 3: 2}, False, 2, 6, (0, 1, 0, 1, 1)),
    # The friend (5) out-tricks the napoleon (3): the napoleon loses although 8 > 2 + 1,
    # and by default the friend wins alongside the citizens.
    "betrayal-friend-wins": ({}, 0, "1S", 2, {0: 3, 2: 5, 1: 1, 3: 1}, False, 1, 8, (0, 1, 1, 1, 1)),
    "betrayal-friend-loses": (FRIEND_LOSES, 0, "1S", 2, {0: 3, 2: 5, 1: 1, 3: 1}, False, 1, 8, (0, 1, 0, 1, 1)),
    # Betrayal turns a draw (6 == 4 + 2) into a loss.
    "betrayal-in-a-draw": ({}, 0, "2S", 2, {0: 2, 2: 4, 1: 2, 3: 1, 4: 1}, False, 2, 6, (0, 1, 1, 1, 1)),
    # A side that loses on the totals anyway (4 < 6 + 5) still has a betraying friend.
    "betrayal-when-losing-anyway": ({}, 0, "5D", 2, {0: 1, 2: 3, 1: 2, 3: 2, 4: 2}, False, 5, 4, (0, 1, 1, 1, 1)),
    "betrayal-friend-loses-in-a-draw": (FRIEND_LOSES, 0, "2S", 2, {0: 2, 2: 4, 1: 2, 3: 1, 4: 1}, False, 2, 6, (0, 1, 0, 1, 1)),
    # Betrayal needs strictly more tricks than the napoleon.
    "friend-equal-is-no-betrayal": ({}, 0, "1S", 2, {0: 4, 2: 4, 1: 1, 3: 1}, True, 1, 8, (1, 0, 1, 0, 0)),
    "alone-win": ({}, 1, "1C", None, {1: 8, 0: 1, 2: 1}, True, 1, 8, (0, 1, 0, 0, 0)),
    # 5 + 1 > 5: the lone napoleon loses to four citizens.
    "alone-lose": ({}, 1, "1C", None, {1: 5, 0: 2, 2: 1, 3: 1, 4: 1}, False, 1, 5, (1, 0, 1, 1, 1)),
    # Partner given as the declarer's own seat: alone, so no friend can betray.
    "alone-partner-is-declarer-win": ({}, 3, "1D", 3, {3: 9, 0: 1}, True, 1, 9, (0, 0, 0, 1, 0)),
    "alone-draw": ({}, 4, "4S", None, {4: 7, 0: 3}, None, 4, 7, (0, 0, 0, 0, 0)),
}
# fmt: on


@pytest.mark.parametrize(COLUMNS, list(THAI.values()), ids=list(THAI))
def test_it_scores_thai_results(
    options, declarer, contract, partner, tricks, made, target, points, deltas
):
    score = score_hand("thai", 5, declarer, contract, partner, options, tricks=tricks)
    check(score, made, target, points, deltas)


@pytest.mark.parametrize(
    "declarer,contract,partner,tricks,deltas",
    [
        (0, "3H", 2, None, (0, 1, 0, 1, 1)),
        (3, "2S", None, None, (1, 1, 1, 0, 1)),
        # Tricks given anyway are ignored, even ones the napoleon would have won with.
        (1, "1C", 4, {1: 5, 4: 5}, (1, 0, 1, 1, 0)),
    ],
    ids=["toppled-with-friend", "toppled-alone", "toppled-tricks-ignored"],
)
def test_it_gives_a_toppled_hand_to_the_citizens(declarer, contract, partner, tricks, deltas):
    # Trick 1 was 2-3-4-5-6 of one suit: the hand ends, no tricks are counted.
    score = score_hand("thai", 5, declarer, contract, partner, tricks=tricks, toppled=True)
    check(score, False, int(contract[0]), None, deltas)
