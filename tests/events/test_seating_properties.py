"""Seating's invariants over any night: everyone present is seated exactly once or sits
out; every table has a size the game allows; sit-outs rotate (nobody sits out twice before
everyone has once); fewest repeats never meets more again than a random draw on average."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.events.seating import FRESH, RANDOM, STANDING, meetings, repeats, seat, table_sizes
from scoring.rules import VARIANTS
from tests.fuzzing import fuzz_settings

pytestmark = pytest.mark.slow

games = st.sampled_from(sorted(VARIANTS))
methods = st.sampled_from([FRESH, RANDOM, STANDING])


@fuzz_settings(200, deadline=None)
@given(games, st.integers(0, 40), methods, st.integers(0, 2**31 - 1), st.integers(1, 5))
def test_it_seats_everyone_once_at_allowed_sizes_and_rotates_sit_outs(
    code, count, method, seed, rounds
):
    variant = VARIANTS[code]
    present = list(range(100, 100 + count))
    sizes = table_sizes(count, variant.players, variant.typical_players)
    sat_out: dict[int, int] = {}
    earlier: list = []
    for number in range(rounds):
        drawn = seat(
            present,
            sizes,
            method,
            seed=seed + number,
            standing=present[::-1],
            sat_out=sat_out,
            met=meetings(earlier),
        )
        seated = [p for table in drawn.tables for p in table]
        assert sorted(seated + list(drawn.sitting_out)) == present
        assert all(variant.can_seat(len(table)) for table in drawn.tables)
        for player in drawn.sitting_out:
            sat_out[player] = sat_out.get(player, 0) + 1
        counts = [sat_out.get(p, 0) for p in present]
        assert not counts or max(counts) - min(counts) <= 1
        earlier.append(drawn.tables)


@fuzz_settings(40, deadline=None)
@given(st.integers(12, 36), st.integers(0, 10**6))
def test_it_never_meets_more_again_than_random_on_average(count, seed):
    variant = VARIANTS["taiwan"]
    sizes = table_sizes(count, variant.players, variant.typical_players)
    present = list(range(count))

    def night(method: str, offset: int) -> int:
        earlier: list = []
        total = 0
        for number in range(3):
            met = meetings(earlier)
            drawn = seat(present, sizes, method, seed=offset + number, met=met)
            total += repeats(drawn.tables, met)
            earlier.append(drawn.tables)
        return total

    random_mean = sum(night(RANDOM, seed + 10 * k) for k in range(20)) / 20
    assert night(FRESH, seed) <= random_mean
