"""Taiwan and Hong Kong tables with a table's own numbers, and the balanced four-player
table: one row per name and per cell, worked by hand.

Target = 8 + level; over = points − target; short = target − points. Hong Kong's made
amounts are multiplied by the level L. None as partner: playing alone (dictator).
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import UnknownOption
from tests.rules.scoring_helpers import score_hand

COLUMNS = "variant,options,players,declarer,contract,partner,points,deltas"
BALANCED = {"four_player_table": "balanced"}


def own(**numbers):
    return {"score_values": numbers}


# fmt: off
TAIWAN_OWN = {
    "standard-made-napoleon": ("taiwan", own(standard_made_napoleon=120), 5, 0, "3S", 2, 11, (120, -50, 50, -50, -50)),
    "standard-made-secretary": ("taiwan", own(standard_made_secretary=60), 5, 0, "3S", 2, 11, (100, -50, 60, -50, -50)),
    "standard-made-defender": ("taiwan", own(standard_made_defender=-40), 5, 0, "3S", 2, 11, (100, -40, 50, -40, -40)),
    "standard-over-napoleon": ("taiwan", own(standard_over_napoleon=30), 5, 0, "3S", 2, 13, (160, -70, 70, -70, -70)),
    "standard-over-secretary": ("taiwan", own(standard_over_secretary=15), 5, 0, "3S", 2, 13, (140, -70, 80, -70, -70)),
    "standard-over-defender": ("taiwan", own(standard_over_defender=-5), 5, 0, "3S", 2, 13, (140, -60, 70, -60, -60)),
    "standard-short-napoleon": ("taiwan", own(standard_short_napoleon=-50), 5, 0, "3S", 2, 8, (-150, 60, -60, 60, 60)),
    "standard-short-secretary": ("taiwan", own(standard_short_secretary=-30), 5, 0, "3S", 2, 8, (-120, 60, -90, 60, 60)),
    "standard-short-defender": ("taiwan", own(standard_short_defender=25), 5, 0, "3S", 2, 8, (-120, 75, -60, 75, 75)),
    "dictator-made-napoleon": ("taiwan", own(dictator_made_napoleon=500), 5, 3, "2H", None, 10, (-100, -100, -100, 500, -100)),
    "dictator-made-defender": ("taiwan", own(dictator_made_defender=-120), 5, 3, "2H", None, 10, (-120, -120, -120, 400, -120)),
    "dictator-over-napoleon": ("taiwan", own(dictator_over_napoleon=50), 5, 3, "2H", None, 12, (-120, -120, -120, 500, -120)),
    "dictator-over-defender": ("taiwan", own(dictator_over_defender=-20), 5, 3, "2H", None, 12, (-140, -140, -140, 480, -140)),
    "dictator-short-napoleon": ("taiwan", own(dictator_short_napoleon=-60), 5, 3, "2H", None, 7, (30, 30, 30, -180, 30)),
    "dictator-short-defender": ("taiwan", own(dictator_short_defender=20), 5, 3, "2H", None, 7, (60, 60, 60, -120, 60)),
}

HONG_KONG_OWN = {
    "standard-made-napoleon-x-level": ("hongkong", own(standard_made_napoleon=50), 5, 1, "2D", 3, 10, (0, 100, 0, 40, 0)),
    "standard-made-secretary-x-level": ("hongkong", own(standard_made_secretary=30), 5, 1, "2D", 3, 10, (0, 80, 0, 60, 0)),
    "standard-made-defender-x-level": ("hongkong", own(standard_made_defender=-5), 5, 1, "2D", 3, 10, (-10, 80, -10, 40, -10)),
    "standard-over-napoleon": ("hongkong", own(standard_over_napoleon=20), 5, 0, "3S", 2, 14, (180, 0, 75, 0, 0)),
    "standard-over-secretary": ("hongkong", own(standard_over_secretary=10), 5, 0, "3S", 2, 14, (150, 0, 90, 0, 0)),
    "standard-over-defender": ("hongkong", own(standard_over_defender=-5), 5, 0, "3S", 2, 14, (150, -15, 75, -15, -15)),
    "standard-short-napoleon": ("hongkong", own(standard_short_napoleon=-30), 5, 0, "3S", 1, 9, (-60, -20, 40, 40, 40)),
    "standard-short-secretary": ("hongkong", own(standard_short_secretary=-15), 5, 0, "3S", 1, 9, (-40, -30, 40, 40, 40)),
    "standard-short-defender": ("hongkong", own(standard_short_defender=30), 5, 0, "3S", 1, 9, (-40, -20, 60, 60, 60)),
    "dictator-made-napoleon-x-level": ("hongkong", own(dictator_made_napoleon=120), 5, 0, "4D", None, 12, (480, 0, 0, 0, 0)),
    "dictator-made-defender-x-level": ("hongkong", own(dictator_made_defender=-10), 5, 0, "4D", None, 12, (400, -40, -40, -40, -40)),
    "dictator-over-napoleon": ("hongkong", own(dictator_over_napoleon=20), 4, 2, "2S", None, 13, (0, 0, 260, 0)),
    "dictator-over-defender": ("hongkong", own(dictator_over_defender=-5), 4, 2, "2S", None, 13, (-15, -15, 230, -15)),
    "dictator-short-napoleon": ("hongkong", own(dictator_short_napoleon=-30), 5, 4, "1D", None, 8, (50, 50, 50, 50, -30)),
    "dictator-short-defender": ("hongkong", own(dictator_short_defender=40), 5, 4, "1D", None, 8, (40, 40, 40, 40, -20)),
    "taiwan-variant-on-hk-table": ("taiwan", {"score_table": "hongkong", **own(standard_made_napoleon=50)}, 5, 1, "2D", 3, 10, (0, 100, 0, 40, 0)),
}

# [alexkao]'s balanced four-player table: every cell sums to zero.
BALANCED_TABLE = {
    "standard-made-over0": ("taiwan", BALANCED, 4, 1, "1H", 3, 9, (-75, 100, -75, 50)),
    "standard-made-over3": ("taiwan", BALANCED, 4, 1, "1H", 3, 12, (-120, 160, -120, 80)),
    "standard-failed-short3": ("taiwan", BALANCED, 4, 1, "5NT", 3, 10, (90, -120, 90, -60)),
    "dictator-made-over0": ("taiwan", BALANCED, 4, 2, "2C", None, 10, (-100, -100, 300, -100)),
    "dictator-made-over6": ("taiwan", BALANCED, 4, 2, "2C", None, 16, (-160, -160, 480, -160)),
    "dictator-failed-short3": ("taiwan", BALANCED, 4, 2, "2C", None, 7, (45, 45, -135, 45)),
    "dictator-partner-is-declarer": ("taiwan", BALANCED, 4, 0, "1S", 0, 9, (300, -100, -100, -100)),
    "hongkong-variant-taiwan-table": ("hongkong", {**BALANCED, "score_table": "taiwan"}, 4, 1, "1H", 3, 9, (-75, 100, -75, 50)),
    # The balanced table with five or six players, or the Hong Kong table: no effect.
    "five-players-no-effect": ("taiwan", BALANCED, 5, 0, "3S", 2, 11, (100, -50, 50, -50, -50)),
    "six-players-no-effect": ("taiwan", BALANCED, 6, 0, "5D", None, 12, (-40, 10, 10, 10, 10, 10)),
    "hongkong-table-no-effect": ("hongkong", BALANCED, 4, 0, "1C", 1, 9, (40, 20, 0, 0)),
    # score_values are applied last, over the balanced table.
    "own-numbers-over-balanced": ("taiwan", {**BALANCED, **own(standard_made_defender=-80)}, 4, 1, "1H", 3, 9, (-80, 100, -80, 50)),
}
# fmt: on
ROWS = {
    **{f"tw-{k}": v for k, v in TAIWAN_OWN.items()},
    **{f"hk-{k}": v for k, v in HONG_KONG_OWN.items()},
    **{f"balanced-{k}": v for k, v in BALANCED_TABLE.items()},
}


@pytest.mark.parametrize(COLUMNS, list(ROWS.values()), ids=list(ROWS))
def test_it_scores_the_taiwan_style_tables_with_house_numbers(
    variant, options, players, declarer, contract, partner, points, deltas
):
    score = score_hand(
        variant, players, declarer, contract, partner, options, declarer_points=points
    )
    assert score.deltas == deltas


@pytest.mark.parametrize(
    "row", [k for k in BALANCED_TABLE if "no-effect" not in k and "own" not in k]
)
def test_it_balances_every_four_player_cell_to_zero(row):
    variant, options, players, declarer, contract, partner, points, _deltas = BALANCED_TABLE[row]
    score = score_hand(
        variant, players, declarer, contract, partner, options, declarer_points=points
    )
    assert score.total == 0
    assert any("balanced" in line for line in score.lines)


def test_it_names_the_own_numbers_in_the_lines():
    options = own(standard_made_napoleon=120)
    score = score_hand("taiwan", 5, 0, "3S", 2, options, declarer_points=11)
    assert any(
        "own numbers" in line and "standard_made_napoleon 120" in line for line in score.lines
    )


FAILED_NAMES = {
    "standard_failed_napoleon",
    "standard_failed_secretary",
    "standard_failed_defender",
    "dictator_failed_napoleon",
    "dictator_failed_defender",
}


def test_it_lists_the_15_names_of_both_tables_and_the_5_fixed_failed_amounts():
    variant = find_variant("taiwan")
    for options in ({}, {"score_table": "hongkong"}, BALANCED):
        table = variant.score_coefficients(4, variant.rules(options, 4))
        names = [c.name for c in table]
        assert len(names) == 20 and len(set(names)) == 20
        fixed = {c.name: (c.default, c.low, c.high) for c in table if c.name in FAILED_NAMES}
        assert fixed == dict.fromkeys(FAILED_NAMES, (0, -100000, 100000))


def test_it_defaults_the_balanced_names_to_alexkaos_numbers():
    variant = find_variant("taiwan")
    values = variant.coefficients(4, variant.rules(BALANCED, 4))
    assert (values["standard_made_defender"], values["dictator_made_napoleon"]) == (-75, 300)
    assert (values["standard_short_defender"], values["dictator_short_napoleon"]) == (30, -45)


@pytest.mark.parametrize(
    ("options", "name", "field"),
    [
        ({"score_values": {"win": 1}}, "win", "options.score_values.win"),
        (
            {"score_values": {"standard_made_napoleon": 100001}},
            None,
            "options.score_values.standard_made_napoleon",
        ),
    ],
)
def test_it_refuses_an_unknown_name_or_a_number_out_of_bounds(options, name, field):
    from scoring.rules.errors import BadOptionValue

    with pytest.raises((UnknownOption, BadOptionValue)) as refused:
        find_variant("hongkong").rules(options, 5)
    assert refused.value.field == field


def test_it_promises_no_zero_sum_once_a_table_sets_its_own_numbers():
    """Own numbers may unbalance the balanced table: its line then names the rule only."""
    options = {**BALANCED, **own(standard_made_defender=-70)}
    score = score_hand("taiwan", 4, 1, "1H", 3, options, declarer_points=9)
    assert score.total == 10
    assert "four players, balanced table (house rule)" in score.lines
    assert not any("sums to zero" in line for line in score.lines)
