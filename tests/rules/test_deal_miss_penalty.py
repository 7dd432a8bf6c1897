"""The Mighty's deal-miss penalty, a table's house rule the engine knows: none, fixed or
doubling for the caller's deal misses in a row; never an option of the ruling API."""

import pytest

from scoring.rules import RulesError, find_variant
from scoring.rules.penalty import in_a_row

MIGHTY = find_variant("mighty")


def rules(penalty="none", points=None, players=5, deal_miss="on"):
    raw = {"deal_miss": deal_miss, "deal_miss_penalty": penalty}
    if points is not None:
        raw["deal_miss_points"] = points
    return MIGHTY.rules(raw, players)


@pytest.mark.parametrize(
    ("penalty", "points", "players", "caller", "before", "deltas"),
    [
        ("fixed", None, 5, 2, 0, (2, 2, -8, 2, 2)),
        ("fixed", 5, 5, 0, 3, (-20, 5, 5, 5, 5)),  # fixed: a run changes nothing
        ("fixed", 3, 4, 3, 0, (3, 3, 3, -9)),
        ("doubling", None, 5, 1, 0, (2, -8, 2, 2, 2)),
        ("doubling", None, 5, 1, 1, (4, -16, 4, 4, 4)),
        ("doubling", 3, 5, 4, 2, (12, 12, 12, 12, -48)),
        ("doubling", 2, 4, 0, 1, (-12, 4, 4, 4)),
        # Six players: a deal miss comes before the kill, so all six were dealt in and pay.
        ("doubling", 1, 6, 5, 0, (1, 1, 1, 1, 1, -5)),
        ("fixed", 2, 6, 0, 0, (-10, 2, 2, 2, 2, 2)),
        ("doubling", 100, 5, 0, 40, (-409600, 102400, 102400, 102400, 102400)),  # at most 2^10
    ],
)
def test_it_charges_the_caller_and_pays_each_other_player(
    penalty, points, players, caller, before, deltas
):
    cost = MIGHTY.deal_miss_cost(players, caller, rules(penalty, points, players), before)
    assert cost is not None
    assert cost.deltas == deltas and sum(cost.deltas) == 0
    assert len(cost.lines) == 1 and str(-min(deltas) // (players - 1)) in cost.lines[0]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_it_charges_nothing_by_default(players):
    assert MIGHTY.rules({"deal_miss": "on"}, players).deal_miss_penalty == "none"
    assert MIGHTY.deal_miss_cost(players, 0, rules(players=players), 3) is None


@pytest.mark.parametrize(
    ("earlier", "caller", "count"),
    [
        ([], "Jin", 0),
        ([(False, "Jin")], "Jin", 1),
        ([(False, "Jin"), (False, "Min"), (False, None), (False, "Jin")], "Jin", 2),
        ([(False, "Jin"), (True, None), (False, "Jin")], "Jin", 1),  # a played hand resets
        ([(False, "Jin"), (False, "Jin"), (True, None)], "Jin", 0),
        ([(False, "Min")], "Jin", 0),
    ],
)
def test_it_counts_the_callers_deal_misses_since_a_hand_was_played(earlier, caller, count):
    assert MIGHTY.deal_miss_in_a_row(earlier, caller) == count == in_a_row(earlier, caller)


def test_it_refuses_a_penalty_without_deal_misses():
    with pytest.raises(RulesError) as caught:
        rules("fixed", deal_miss="off")
    assert caught.value.field == "options.deal_miss_penalty"


@pytest.mark.parametrize("points", [0, 101, "2", True])
def test_it_refuses_points_out_of_bounds(points):
    with pytest.raises(RulesError):
        rules("fixed", points)


@pytest.mark.parametrize("name", ["deal_miss_penalty", "deal_miss_points"])
def test_the_ruling_api_knows_no_penalty(name):
    raw = {"deal_miss": "on", name: "fixed" if name == "deal_miss_penalty" else 3}
    with pytest.raises(RulesError) as caught:
        MIGHTY.rules(raw, 5, api=True)
    assert caught.value.field == f"options.{name}"
    assert name not in [spec.name for spec in MIGHTY.Rules.api_specs()]
    assert name in [spec.name for spec in MIGHTY.Rules.specs()]
