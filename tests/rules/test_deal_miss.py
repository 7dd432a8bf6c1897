"""The Mighty's deal miss: the count of a dealt hand, the option
``deal_miss_values``, and the ``dealmiss`` call in the auction."""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, CallNotationError, IllegalCall
from tests.rules.scoring_helpers import cards

MIGHTY = find_variant("mighty")
ON = {"deal_miss": "on"}
WEBMIGHTY = {"point": 1, "ten": 1, "mighty": 1, "joker": 0, "max": 0}
KMLA = {"point": 1, "ten": 1, "mighty": 1, "joker": -1, "max": 1}


def judged(hand, values=None, players=5):
    options = {**ON, **({"deal_miss_values": values} if values is not None else {})}
    return MIGHTY.deal_miss(players, cards(hand), MIGHTY.rules(options, players))


# fmt: off
COUNTS = [
    # (id, values, hand, value, qualifies) — default: A K Q J 2, a ten 1, ♠A 0, the joker −2; max 1
    ("spec-example", None, "SA C10 H2 H3 H4 D5 D6 D7 C8 C9", 1, True),
    ("one-king", None, "SK H2 H3 H4 D5 D6 D7 C8 C9 C2", 2, False),
    ("nothing", None, "H2 H3 H4 D5 D6 D7 C8 C9 C2 S2", 0, True),
    ("two-tens", None, "S10 H10 H4 D5 D6 D7 C8 C9 C2 S2", 2, False),
    ("joker-and-a-queen", None, "JK HQ H4 D5 D6 D7 C8 C9 C2 S2", 0, True),
    ("joker-two-jacks", None, "JK HJ DJ D5 D6 D7 C8 C9 C2 S2", 2, False),
    ("mighty-counts-as-spade-ace-only", None, "SA DA H4 D5 D6 D7 C8 C9 C2 S2", 2, False),
    ("webmighty-ten-is-too-many", WEBMIGHTY, "C10 H2 H3 H4 D5 D6 D7 C8 C9 S2", 1, False),
    ("webmighty-no-point-card", WEBMIGHTY, "JK H2 H3 H4 D5 D6 D7 C8 C9 S2", 0, True),
    ("kmla-joker-offsets", KMLA, "JK SA HK H4 D5 D6 D7 C8 C9 S2", 1, True),
    ("partial-values-keep-defaults", {"max": 2}, "SK H2 H3 H4 D5 D6 D7 C8 C9 C2", 2, True),
    ("six-players-eight-cards", None, "SQ H2 H3 H4 D5 D6 D7 C8", 2, False),
]
# fmt: on


@pytest.mark.parametrize(
    ("values", "hand", "value", "qualifies"), [r[1:] for r in COUNTS], ids=[r[0] for r in COUNTS]
)
def test_it_counts_a_dealt_hand(values, hand, value, qualifies):
    players = 6 if len(hand.split()) == 8 else 5
    answer = judged(hand, values, players)
    assert (answer.value, answer.qualifies) == (value, qualifies)
    assert answer.max == {**{"max": 1}, **(values or {})}["max"]


def test_it_reads_the_count_aloud():
    answer = judged("SA C10 H2 H3 H4 D5 D6 D7 C8 C9")
    assert answer.reason == "♠A 0, ♣10 1: 1 is at most 1, so a deal miss may be called"
    assert "more than" in judged("SK H2 H3 H4 D5 D6 D7 C8 C9 C2").reason


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ([1], "options.deal_miss_values"),
        (3, "options.deal_miss_values"),
        ({"queen": 1}, "options.deal_miss_values.queen"),
        ({"point": 5}, "options.deal_miss_values.point"),
        ({"joker": -5}, "options.deal_miss_values.joker"),
        ({"max": 41}, "options.deal_miss_values.max"),
        ({"ten": True}, "options.deal_miss_values.ten"),
        ({"ten": 1.0}, "options.deal_miss_values.ten"),
    ],
)
def test_it_refuses_bad_deal_miss_values(value, field):
    with pytest.raises(BadOptionValue) as refused:
        MIGHTY.rules({"deal_miss_values": value}, 5)
    assert refused.value.field == field


BOUNDS = {"point": (-4, 4), "ten": (-4, 4), "mighty": (-4, 4), "joker": (-4, 4), "max": (-40, 40)}


@pytest.mark.parametrize("key", BOUNDS)
def test_it_takes_each_count_within_its_bounds_only(key):
    low, high = BOUNDS[key]
    for value in (low, high):
        assert MIGHTY.rules({"deal_miss_values": {key: value}}, 5).deal_miss_values[key] == value
    for value in (low - 1, high + 1, False, "1", None):
        with pytest.raises(BadOptionValue) as refused:
            MIGHTY.rules({"deal_miss_values": {key: value}}, 5)
        assert refused.value.field == f"options.deal_miss_values.{key}"


def test_it_keeps_the_values_as_json():
    rules = MIGHTY.rules({"deal_miss_values": {"max": -3}}, 5)
    assert rules.as_json()["deal_miss_values"] == {
        "point": 2,
        "ten": 1,
        "mighty": 0,
        "joker": -2,
        "max": -3,
    }
    assert MIGHTY.rules(rules.as_json(), 5) == rules


# ---- the call ---------------------------------------------------------------------------


def auction(calls, options=ON, players=5, dealer=0):
    return MIGHTY.auction(players, calls, MIGHTY.rules(options, players), dealer=dealer)


@pytest.mark.parametrize(
    ("calls", "seat"),
    [
        (["dealmiss"], 0),
        (["pass", "DealMiss"], 1),
        (["14S", "pass", " dealmiss "], 2),  # the first call of that seat, after a bid
    ],
)
def test_it_ends_the_auction_with_a_redeal(calls, seat):
    state = auction(calls)
    assert (state.complete, state.redeal, state.deal_miss, state.declarer) == (
        True,
        True,
        seat,
        None,
    )
    assert "deal miss" in state.reason


@pytest.mark.parametrize(
    ("calls", "index"),
    [
        (["pass"] * 5 + ["dealmiss"], 5),  # second round: seat 0 has called already
        (["13S", "pass", "pass", "pass", "pass", "dealmiss"], 5),
        (["dealmiss", "pass"], 1),
    ],
)
def test_it_refuses_a_deal_miss_after_that_players_first_call(calls, index):
    with pytest.raises(IllegalCall) as refused:
        auction(calls)
    assert refused.value.field == f"calls[{index}]"


def test_it_reads_no_deal_miss_when_the_rule_is_off():
    with pytest.raises(CallNotationError) as refused:
        auction(["dealmiss"], options={})
    assert refused.value.field == "calls[0]"


def test_it_runs_a_six_player_auction_until_five_pass():
    state = auction(["pass", "14S", "pass", "pass", "pass", "pass"], options={}, players=6)
    assert (state.complete, state.declarer, str(state.contract)) == (True, 1, "14S")
    state = auction(["pass"] * 6, options={}, players=6)
    assert (state.complete, state.round) == (False, 2)
    state = auction(["pass", "14S", "pass", "pass", "pass"], options={}, players=6)
    assert (state.complete, state.next) == (False, 5)
