"""Taiwan and Hong Kong ``discards_to`` (rules-house.md §8.10.1): the napoleon's discarded
point cards count for the defenders, for the napoleon's side, or raise the target."""

import pytest

from scoring.api import handlers
from scoring.rules.errors import InconsistentResult

# Seat 0 bids 3S (target 11) with seat 2; the side captured 9 point cards, and ♠A ♥K were
# discarded.
SIDE = ["SK", "SQ", "SJ", "HA", "HQ", "HJ", "DA", "DK", "DQ"]
OTHERS = ["DJ", "CA", "CK", "CQ", "CJ"]
BASE = {
    "variant": "taiwan",
    "players": 5,
    "declarer": 0,
    "contract": "3S",
    "partner": 2,
    "captured": {"0": SIDE, "1": OTHERS},
    "discards": ["SA", "HK"],
}


@pytest.mark.parametrize(
    ("discards_to", "target", "points", "made", "napoleon"),
    [
        ("defenders", 11, 9, False, -80),  # 2 short
        ("napoleon", 11, 11, True, 100),  # the discards make it
        ("target", 13, 9, False, -160),  # the target rises by 2: 4 short
    ],
)
def test_discarded_point_cards_follow_the_house_rule(discards_to, target, points, made, napoleon):
    body = {**BASE, "options": {"discards_to": discards_to}}
    answer = handlers.score(body)
    assert (answer["target"], answer["declarer_points"], answer["made"]) == (target, points, made)
    assert answer["deltas"]["0"] == napoleon
    quick = {k: v for k, v in body.items() if k != "captured"} | {"declarer_points": points}
    assert handlers.score(quick)["deltas"] == answer["deltas"]


def test_a_raised_target_never_passes_sixteen():
    body = {**BASE, "contract": "7S", "options": {"discards_to": "target"}}
    assert handlers.score(body)["target"] == 16


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"discards": ["S2"], "declarer_points": 9}, "discards[0]"),
        ({"discards": ["SA", "SA"], "declarer_points": 9}, "discards[1]"),
        ({"discards": ["SA", "SK", "SQ", "SJ", "HA"], "declarer_points": 9}, "discards"),
        ({"discards": ["SA", "SK"], "declarer_points": 15}, "declarer_points"),
    ],
)
def test_the_quick_count_reads_the_discards_under_target(fields, field):
    body = {k: v for k, v in BASE.items() if k not in ("captured", "discards")}
    with pytest.raises(InconsistentResult) as caught:
        handlers.score({**body, "options": {"discards_to": "target"}, **fields})
    assert caught.value.field == field
    answer = handlers.score({**body, **fields, "declarer_points": 9})  # defenders: ignored
    assert answer["target"] == 11
