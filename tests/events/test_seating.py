"""Seating a round, function by function: table sizes as the game allows, who sits out,
the three ways to seat, and fewest repeats against random seating."""

import pytest

from scoring.events.seating import (
    FRESH,
    RANDOM,
    STANDING,
    meetings,
    repeats,
    seat,
    table_sizes,
)
from scoring.rules import VARIANTS

TAIWAN = VARIANTS["taiwan"]


@pytest.mark.parametrize(
    ("count", "allowed", "usual", "sizes"),
    [
        (32, (4, 5, 6), 5, (6, 6, 5, 5, 5, 5)),
        (10, (4, 5, 6), 5, (5, 5)),
        (11, (4, 5, 6), 5, (6, 5)),
        (7, (4, 5, 6), 5, (6,)),  # one sits out: no mix of 4–6 makes seven
        (3, (4, 5, 6), 5, ()),
        (32, (5,), 5, (5, 5, 5, 5, 5, 5)),  # Thai: two sit out
        (13, tuple(range(3, 11)), 4, (5, 4, 4)),
        (8, (4, 5, 6), 5, (4, 4)),
        (0, (4, 5, 6), 5, ()),
    ],
)
def test_it_chooses_table_sizes_the_game_allows(count, allowed, usual, sizes):
    assert table_sizes(count, allowed, usual) == sizes


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_asks_each_game_for_its_table_sizes(code):
    variant = VARIANTS[code]
    sizes = table_sizes(30, variant.players, variant.typical_players)
    assert sizes and all(variant.can_seat(size) for size in sizes)


def test_it_seats_the_same_way_from_the_same_seed():
    players = list(range(20))
    one = seat(players, (5, 5, 5, 5), FRESH, seed=7)
    assert one == seat(players, (5, 5, 5, 5), FRESH, seed=7)
    assert one != seat(players, (5, 5, 5, 5), RANDOM, seed=8)


def test_it_seats_the_leaders_together_by_standing():
    standing = list(range(12, 0, -1))  # 12 leads, 1 is last
    drawn = seat(list(range(1, 13)), (4, 4, 4), STANDING, seed=1, standing=standing)
    assert [sorted(t) for t in drawn.tables] == [[9, 10, 11, 12], [5, 6, 7, 8], [1, 2, 3, 4]]


def test_it_sits_out_whoever_sat_out_least():
    drawn = seat(list(range(7)), (6,), RANDOM, seed=3, sat_out={0: 1, 1: 1, 2: 1, 3: 1, 4: 1})
    assert drawn.sitting_out in ((5,), (6,))


def test_it_counts_repeat_meetings():
    met = meetings([[[1, 2, 3], [4, 5, 6]]])
    assert repeats([[1, 2, 4], [3, 5, 6]], met) == 2
    assert repeats([[1, 4, 5], [2, 3, 6]], met) == 2  # (4, 5) and (2, 3)
    assert repeats([[1, 4], [2, 5], [3, 6]], met) == 0
    assert repeats([[1, 2, 3]], meetings([[[1, 2, 3]], [[1, 2]]])) == 4


def _night(method: str, seed: int, players: int = 32, rounds: int = 4) -> int:
    sizes = table_sizes(players, TAIWAN.players, TAIWAN.typical_players)
    earlier: list = []
    total = 0
    for number in range(rounds):
        met = meetings(earlier)
        drawn = seat(list(range(players)), sizes, method, seed=seed * 100 + number, met=met)
        total += repeats(drawn.tables, met)
        earlier.append(drawn.tables)
    return total


def test_it_meets_far_fewer_again_than_random_seating():
    fresh = _night(FRESH, 1)
    random_mean = sum(_night(RANDOM, seed) for seed in range(100)) / 100
    assert fresh / random_mean <= 0.3, (fresh, random_mean)
