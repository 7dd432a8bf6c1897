"""Japanese scores under the house rules: all_twenty, discards_to and a table's own numbers
for the wins table and the chip table.

Rows as in test_scores_japanese.py: options, players, declarer, contract, partner, points
(the quick count), then made, target, the deltas worked by hand, and whether they sum to 0.
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, UnknownOption
from tests.rules.scoring_helpers import cards, check, score_hand

COLUMNS = "options,players,declarer,contract,partner,points,made,target,deltas,zero_sum"
CHIPS = {"score_table": "chips"}
OWN_WINS = {
    "score_values": {
        "made_napoleon": 2,
        "made_adjutant": 1,
        "made_opponent": -1,
        "failed_napoleon": -2,
        "failed_adjutant": -1,
        "failed_opponent": 1,
        "alone_made_napoleon": 4,
        "alone_made_opponent": -1,
        "alone_failed_napoleon": -4,
        "alone_failed_opponent": 1,
    }
}
OWN_CHIPS = {
    "score_values": {
        "made_napoleon": 3,
        "made_general": 0,
        "made_opponent": -1,
        "siberian_napoleon": -6,
        "siberian_general": 0,
        "siberian_opponent": 2,
        "twenty_made_napoleon": 6,
        "twenty_made_general": 3,
        "twenty_made_opponent": -3,
        "alone_multiplier": 3,
    }
}


def twenty(choice, **more):
    return {"all_twenty": choice, **more}


# fmt: off
JAPANESE = {
    # all_twenty on the wins table: a bid under 20 taking all 20.
    "wins-all20-table-made": ({}, 5, 1, "13S", 4, 20, True, 13, (0, 1, 0, 0, 1), False),
    "wins-all20-made": (twenty("made"), 5, 1, "13S", 4, 20, True, 13, (0, 1, 0, 0, 1), False),
    "wins-all20-fails": (twenty("fails"), 5, 1, "13S", 4, 20, False, 13, (1, 0, 1, 1, 0), False),
    "wins-all20-bonus": (twenty("bonus"), 5, 1, "13S", 4, 20, True, 13, (0, 2, 0, 0, 2), False),
    "wins-all20-bonus-alone": (twenty("bonus"), 5, 1, "13S", None, 20, True, 13, (0, 2, 0, 0, 0), False),
    "wins-all20-fails-alone": (twenty("fails"), 5, 1, "13S", None, 20, False, 13, (1, 0, 1, 1, 1), False),
    "wins-19-not-all20": (twenty("bonus"), 5, 0, "13S", 2, 19, True, 13, (1, 0, 1, 0, 0), False),
    "wins-bid20-never-affected": (twenty("fails"), 5, 0, "20S", 2, 20, True, 20, (1, 0, 1, 0, 0), False),
    # The wins table with the table's own numbers (zero-sum for 5 with an adjutant).
    "own-wins-made": (OWN_WINS, 5, 0, "13S", 3, 14, True, 13, (2, -1, -1, 1, -1), True),
    "own-wins-failed": (OWN_WINS, 5, 0, "13S", 3, 12, False, 13, (-2, 1, 1, -1, 1), True),
    "own-wins-alone-made": (OWN_WINS, 5, 2, "15H", None, 15, True, 15, (-1, -1, 4, -1, -1), True),
    "own-wins-alone-failed": (OWN_WINS, 5, 2, "15H", None, 9, False, 15, (1, 1, -4, 1, 1), True),
    "own-wins-bonus": ({**OWN_WINS, **twenty("bonus")}, 5, 0, "13S", 3, 20, True, 13, (4, -2, -2, 2, -2), True),
    "own-wins-one-name": ({"score_values": {"failed_opponent": 2}}, 5, 0, "13S", 3, 12, False, 13, (0, 2, 2, 0, 2), False),
    # The chip table in the Japanese game.
    "chips-all20-made-over-siberian": ({**CHIPS, **twenty("made")}, 5, 0, "13S", 3, 20, True, 13, (2, -1, -1, 1, -1), True),
    "chips-all20-fails-siberian-off": ({**CHIPS, **twenty("fails", siberian=False)}, 5, 0, "13S", 3, 20, False, 13, (-2, 1, 1, -1, 1), True),
    "chips-all20-bonus": ({**CHIPS, **twenty("bonus")}, 5, 0, "13S", 3, 20, True, 13, (4, -2, -2, 2, -2), True),
    "chips-all20-bonus-alone": ({**CHIPS, **twenty("bonus")}, 5, 0, "13S", None, 20, True, 13, (8, -4, -4, -4, -4), False),
    "chips-bid20-never-affected": ({**CHIPS, **twenty("bonus")}, 5, 0, "20S", 3, 20, True, 20, (4, -2, -2, 2, -2), True),
    "chips-own-general": ({**CHIPS, "score_values": {"made_general": 2}}, 5, 0, "13S", 3, 14, True, 13, (2, -1, -1, 2, -1), False),
}

CHIP = {
    "all20-made": (twenty("made"), 5, 0, "16H", 2, 20, True, 16, (2, -1, 1, -1, -1), True),
    "all20-fails": (twenty("fails", siberian=False), 5, 0, "16H", 2, 20, False, 16, (-2, 1, -1, 1, 1), True),
    "all20-bonus": (twenty("bonus"), 5, 0, "16H", 2, 20, True, 16, (4, -2, 2, -2, -2), True),
    "all20-table-siberian": (twenty("table"), 5, 0, "16H", 2, 20, False, 16, (-2, 1, -1, 1, 1), True),
    # The chip table with the table's own numbers; rows left out keep theirs.
    "own-made": (OWN_CHIPS, 5, 0, "11S", 2, 11, True, 11, (3, -1, 0, -1, -1), True),
    "own-failed-row-kept": (OWN_CHIPS, 5, 0, "11S", 2, 10, False, 11, (-2, 1, -1, 1, 1), True),
    "own-siberian-row": (OWN_CHIPS, 5, 0, "11S", 2, 20, False, 11, (-6, 2, 0, 2, 2), True),
    "own-twenty-made": (OWN_CHIPS, 5, 0, "20S", 2, 20, True, 20, (6, -3, 3, -3, -3), True),
    "own-twenty-failed-row-kept": (OWN_CHIPS, 5, 0, "20S", 2, 19, False, 20, (-4, 2, -2, 2, 2), True),
    "own-alone-multiplier-3": (OWN_CHIPS, 5, 0, "11S", None, 11, True, 11, (9, -3, -3, -3, -3), False),
    "own-alone-multiplier-1": ({"score_values": {"alone_multiplier": 1}}, 5, 0, "11S", None, 11, True, 11, (2, -1, -1, -1, -1), False),
    "own-bonus-then-alone": ({**OWN_CHIPS, **twenty("bonus")}, 5, 0, "11S", None, 20, True, 11, (18, -6, -6, -6, -6), False),
}
# fmt: on


@pytest.mark.parametrize(COLUMNS, list(JAPANESE.values()), ids=list(JAPANESE))
def test_it_scores_japanese_house_rules(
    options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        "japanese", players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)


@pytest.mark.parametrize(COLUMNS, list(CHIP.values()), ids=list(CHIP))
def test_it_scores_chip_house_rules(
    options, players, declarer, contract, partner, points, made, target, deltas, zero_sum
):
    score = score_hand(
        "japanese-chip", players, declarer, contract, partner, options, declarer_points=points
    )
    check(score, made, target, points, deltas, zero_sum)


@pytest.mark.parametrize(
    ("variant", "options", "words"),
    [
        ("japanese", twenty("made"), "count as made (house rule)"),
        ("japanese", twenty("fails"), "count as failed (house rule)"),
        ("japanese", twenty("bonus"), "doubled (house rule)"),
        ("japanese-chip", twenty("bonus"), "doubled (house rule)"),
        ("japanese", OWN_WINS, "own numbers"),
    ],
)
def test_it_names_the_rule_in_the_score_lines(variant, options, words):
    score = score_hand(variant, 5, 0, "13S", 2, options, declarer_points=20)
    assert any(words in line for line in score.lines), score.lines


# discards_to: picture cards the napoleon discarded count for the napoleon's side.
CAPTURED = {
    0: cards("SQ SJ S10 HA HK HQ HJ H10 DA"),
    1: cards("DK DQ"),
    2: cards("DJ D10 CA CK CQ"),
    3: cards("CJ C10"),
    4: (),
}
DISCARDS = cards("SA SK")


@pytest.mark.parametrize(
    ("variant", "options", "points", "made", "deltas"),
    [
        ("japanese", {}, 11, False, (0, 0, 1, 1, 1)),
        ("japanese", {"discards_to": "napoleon"}, 13, True, (1, 1, 0, 0, 0)),
        ("japanese-chip", {}, 11, False, (-2, -1, 1, 1, 1)),
        ("japanese-chip", {"discards_to": "napoleon"}, 13, True, (2, 1, -1, -1, -1)),
    ],
)
def test_it_counts_the_discards_for_the_side_the_rule_names(variant, options, points, made, deltas):
    score = score_hand(variant, 5, 0, "13S", 1, options, captured=CAPTURED, discards=DISCARDS)
    check(score, made, 13, points, deltas)
    if options:
        assert any("discarded" in line for line in score.lines)
    quick = score_hand(variant, 5, 0, "13S", 1, options, declarer_points=points)
    assert quick.deltas == score.deltas


@pytest.mark.parametrize(
    ("variant", "options", "name"),
    [
        ("japanese", {}, "made_general"),
        ("japanese", {}, "alone_multiplier"),
        ("japanese", CHIPS, "made_adjutant"),
        ("japanese", CHIPS, "alone_made_napoleon"),
        ("japanese-chip", {}, "made_adjutant"),
        ("japanese-chip", {}, "win"),
    ],
)
def test_it_takes_only_the_names_of_the_active_table(variant, options, name):
    with pytest.raises(UnknownOption) as refused:
        find_variant(variant).rules({**options, "score_values": {name: 1}}, 5)
    assert refused.value.field == f"options.score_values.{name}"
    assert "made_napoleon" in refused.value.message  # the message lists the table's names


@pytest.mark.parametrize(
    ("variant", "options", "name", "value"),
    [
        ("japanese", {}, "made_napoleon", 1001),
        ("japanese", {}, "alone_failed_opponent", -1001),
        ("japanese-chip", {}, "alone_multiplier", 0),
        ("japanese-chip", {}, "alone_multiplier", 17),
        ("japanese", CHIPS, "twenty_failed_general", 5000),
    ],
)
def test_it_keeps_each_number_within_its_bounds(variant, options, name, value):
    with pytest.raises(BadOptionValue) as refused:
        find_variant(variant).rules({**options, "score_values": {name: value}}, 5)
    assert refused.value.field == f"options.score_values.{name}"


@pytest.mark.parametrize(
    ("variant", "options", "names"),
    [
        ("japanese", {}, 10),
        ("japanese", CHIPS, 16),
        ("japanese-chip", {}, 16),
    ],
)
def test_it_names_every_number_of_the_active_table(variant, options, names):
    game = find_variant(variant)
    values = game.coefficients(5, game.rules(options, 5))
    assert len(values) == names
    assert values["made_napoleon"] == (2 if names == 16 else 1)
