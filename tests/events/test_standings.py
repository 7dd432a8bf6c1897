"""The standings formulas row by row against examples worked by hand."""

from fractions import Fraction as F

import pytest

from scoring.events.standings import (
    PER_HAND,
    PLACEMENT,
    RAW,
    TableResult,
    placements,
    spread,
    standings,
    worked_example,
)


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ({1: 30, 2: 10, 3: -10, 4: -30}, {1: F(1), 2: F(2, 3), 3: F(1, 3), 4: F(0)}),
        # three level last share places 2–4: (2/3 + 1/3 + 0) / 3
        ({1: 30, 2: -10, 3: -10, 4: -10}, {1: F(1), 2: F(1, 3), 3: F(1, 3), 4: F(1, 3)}),
        # two level first at six share places 1–2: (1 + 4/5) / 2
        (
            {1: 9, 2: 9, 3: 0, 4: -3, 5: -6, 6: -9},
            {1: F(9, 10), 2: F(9, 10), 3: F(3, 5), 4: F(2, 5), 5: F(1, 5), 6: F(0)},
        ),
        ({1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, dict.fromkeys(range(1, 6), F(1, 2))),
        ({1: 5}, {1: F(0)}),
    ],
)
def test_it_gives_placement_points_ties_sharing(totals, points):
    assert placements(totals) == points


@pytest.mark.parametrize(
    ("totals", "usual", "expected"),
    [
        ({1: 30, 2: -10, 3: -10, 4: -10}, 5, {1: F(40), 2: F(-40, 3), 3: F(-40, 3), 4: F(-40, 3)}),
        (
            {1: 24, 2: -6, 3: -6, 4: -6, 5: 0, 6: -6},
            5,
            {1: F(96, 5), 2: F(-24, 5), 3: F(-24, 5), 4: F(-24, 5), 5: F(0), 6: F(-24, 5)},
        ),
        # a table that is not zero-sum is measured against its own average
        ({1: 20, 2: 10, 3: 0, 4: 10, 5: 10}, 5, {1: F(10), 2: F(0), 3: F(-10), 4: F(0), 5: F(0)}),
    ],
)
def test_it_measures_against_the_tables_average_scaled_to_the_usual_size(totals, usual, expected):
    assert spread(totals, usual) == expected


def test_it_works_the_pages_example_as_the_page_says():
    tables, rows = worked_example()
    by_name = {row.name: row for row in rows}
    ann, ben = by_name["Ann"], by_name["Ben"]
    assert (ann.raw, ann.placement, ann.per_hand, ann.hands) == (24, F(13, 10), F(352, 100), 10)
    assert (ben.raw, ben.placement) == (14, F(4, 3))
    assert [row.name for row in rows[:2]] == ["Ben", "Ann"]
    assert by_name["Cat"].rank == by_name["Dan"].rank == 4
    assert tables[0][1]["placement"] == F(1, 3)


@pytest.mark.parametrize(
    ("formula", "order", "ranks"),
    [
        (RAW, [1, 2], [1, 2, 3, 3]),  # 60, 15, then two at -3
        (PLACEMENT, [1, 2], [1, 1, 3, 3]),  # both won their table: level, listed by raw
        (PER_HAND, [2, 1], [1, 2, 3, 3]),  # 15 × 4/3 ÷ 4 = 5 beats 60 × 4/5 ÷ 12 = 4
    ],
)
def test_it_ranks_by_the_chosen_formula(formula, order, ranks):
    # Player 1 wins big at a table of six over 12 hands, player 2 less at a table of four
    # over 4 hands; player 3 is last at both.
    six = {1: 60, 3: -20, 4: -10, 5: -10, 6: -10, 7: -10}
    four = {2: 15, 3: -9, 8: -3, 9: -3}
    results = [
        TableResult(six, dict.fromkeys(six, 12)),
        TableResult(four, dict.fromkeys(four, 4)),
    ]
    rows = standings(results, 5, formula)
    assert [row.player for row in rows[:2]] == order
    assert [row.rank for row in rows[:4]] == ranks
    assert rows[-1].player == 3


def test_it_lists_those_checked_in_who_have_not_played():
    rows = standings([TableResult({1: 5, 2: -5}, {1: 1, 2: 1})], 5, PLACEMENT, [1, 2, 3])
    assert {row.player: row.placement for row in rows} == {1: 1, 2: 0, 3: 0}
    assert rows[1].rank == rows[2].rank == 2
