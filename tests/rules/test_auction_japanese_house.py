"""The Japanese auction under its house rules.

5 players, dealer 0: in turn, seats call 1, 2, 3, 4, 0, 1, ... A free auction's calls are
``(seat, call)`` pairs. Each row gives the calls and the state they leave:
(complete, next, declarer, contract, redeal).
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import CallNotationError, IllegalCall, NotationError

P = "pass"
ALL_PASS = [P] * 5
REDEAL = (True, None, None, None, True)
WIDOW = {"all_pass": "widow_shown"}
NAPOLEON = {"all_pass": "previous_napoleon"}
ADJUTANT = {"all_pass": "previous_adjutant"}
FREE = {"auction_order": "free"}
FINAL = {"pass_is_final": True}


def run(calls, options=None, **previous):
    variant = find_variant("japanese")
    rules = variant.rules(options or {}, 5)
    if rules.auction_order == "free":
        calls = [{"seat": seat, "call": call} for seat, call in calls]
    return variant.auction(5, calls, rules, dealer=0, **previous)


def summary(state):
    contract = None if state.contract is None else str(state.contract)
    return (state.complete, state.next, state.declarer, contract, state.redeal)


def open_at(seat):
    return (False, seat, None, None, False)


def won(seat, contract):
    return (True, None, seat, contract, False)


def free(*pairs):
    return [(int(text[0]), text[2:]) for text in pairs]


ROWS = [
    ("redeal-by-default", {}, {}, ALL_PASS, REDEAL),
    # widow_shown: a second round from the same first caller; then a redeal.
    ("widow-second-round", WIDOW, {}, ALL_PASS, open_at(1)),
    ("widow-second-round-bid", WIDOW, {}, [*ALL_PASS, "13S", P, P, P, P], won(1, "13S")),
    ("widow-all-pass-twice", WIDOW, {}, ALL_PASS * 2, REDEAL),
    ("widow-passes-no-longer-bind", {**WIDOW, **FINAL}, {}, [*ALL_PASS, P, "12H"], open_at(3)),
    # previous_napoleon / previous_adjutant: that seat must open, then clockwise from its left.
    ("napoleon-must-open", NAPOLEON, {"previous_napoleon": 3}, ALL_PASS, open_at(3)),
    ("napoleon-opens", NAPOLEON, {"previous_napoleon": 3}, [*ALL_PASS, "11C"], open_at(4)),
    (
        "napoleon-opens-and-wins",
        NAPOLEON,
        {"previous_napoleon": 3},
        [*ALL_PASS, "11C", P, P, P, P],
        won(3, "11C"),
    ),
    (
        "napoleon-outbid",
        NAPOLEON,
        {"previous_napoleon": 3},
        [*ALL_PASS, "11C", "12S", P, P, P, P],
        won(4, "12S"),
    ),
    (
        "napoleon-opens-though-pass-final",
        {**NAPOLEON, **FINAL},
        {"previous_napoleon": 3},
        [*ALL_PASS, "11C", P, P, P, P],
        won(3, "11C"),
    ),
    ("napoleon-null-redeals", NAPOLEON, {"previous_napoleon": None}, ALL_PASS, REDEAL),
    ("adjutant-must-open", ADJUTANT, {"previous_adjutant": 0}, ALL_PASS, open_at(0)),
    ("adjutant-null-redeals", ADJUTANT, {"previous_adjutant": None}, ALL_PASS, REDEAL),
    (
        "napoleon-rule-untouched-by-a-bid",
        NAPOLEON,
        {"previous_napoleon": 3},
        ["13S", P, P, P, P],
        won(1, "13S"),
    ),
]

FREE_ROWS = [
    (
        "free-one-bid",
        FREE,
        {},
        free("2:13S", "0:pass", "1:pass", "3:pass", "4:pass"),
        won(2, "13S"),
    ),
    ("free-still-open", FREE, {}, free("2:13S", "0:pass"), (False, None, None, None, False)),
    (
        "free-outbid",
        FREE,
        {},
        free("2:13S", "4:14C", "0:pass", "1:pass", "2:pass", "3:pass"),
        won(4, "14C"),
    ),
    (
        "free-pass-twice-counts-once",
        FREE,
        {},
        free("0:pass", "0:pass", "1:pass", "2:pass", "3:pass"),
        (False, None, None, None, False),
    ),
    ("free-all-pass", FREE, {}, free("3:pass", "0:pass", "1:pass", "2:pass", "4:pass"), REDEAL),
    (
        "free-widow",
        {**FREE, **WIDOW},
        {},
        free("3:pass", "0:pass", "1:pass", "2:pass", "4:pass"),
        (False, None, None, None, False),
    ),
    (
        "free-widow-then-bid",
        {**FREE, **WIDOW, **FINAL},
        {},
        free(
            "3:pass",
            "0:pass",
            "1:pass",
            "2:pass",
            "4:pass",
            "0:12D",
            "1:pass",
            "2:pass",
            "3:pass",
            "4:pass",
        ),
        won(0, "12D"),
    ),
    (
        "free-napoleon-must-open",
        {**FREE, **NAPOLEON},
        {"previous_napoleon": 1},
        free("3:pass", "0:pass", "1:pass", "2:pass", "4:pass"),
        open_at(1),
    ),
    (
        "free-napoleon-opens",
        {**FREE, **NAPOLEON},
        {"previous_napoleon": 1},
        free(
            "3:pass",
            "0:pass",
            "1:pass",
            "2:pass",
            "4:pass",
            "1:11S",
            "0:pass",
            "2:pass",
            "3:pass",
            "4:pass",
        ),
        won(1, "11S"),
    ),
]


@pytest.mark.parametrize(
    ("options", "previous", "calls", "expected"),
    [row[1:] for row in ROWS + FREE_ROWS],
    ids=[row[0] for row in ROWS + FREE_ROWS],
)
def test_it_runs_the_japanese_auction_by_the_house_rules(options, previous, calls, expected):
    assert summary(run(calls, options, **previous)) == expected


REFUSED = [
    (
        "napoleon-may-not-pass",
        NAPOLEON,
        {"previous_napoleon": 3},
        [*ALL_PASS, P],
        5,
        "may not pass",
    ),
    (
        "final-pass-binds-the-others",
        {**NAPOLEON, **FINAL},
        {"previous_napoleon": 3},
        [*ALL_PASS, "11C", "12S"],
        6,
        "final",
    ),
    ("free-final-pass", {**FREE, **FINAL}, {}, free("0:pass", "0:13S"), 1, "final"),
    ("free-must-beat-best", FREE, {}, free("0:13S", "1:13C"), 1, "does not beat"),
    (
        "free-napoleon-first",
        {**FREE, **NAPOLEON},
        {"previous_napoleon": 1},
        free("3:pass", "0:pass", "1:pass", "2:pass", "4:pass", "2:13S"),
        5,
        "seat 1",
    ),
    (
        "free-napoleon-may-not-pass",
        {**FREE, **NAPOLEON},
        {"previous_napoleon": 1},
        free("3:pass", "0:pass", "1:pass", "2:pass", "4:pass", "1:pass"),
        5,
        "may not pass",
    ),
    (
        "free-after-the-end",
        FREE,
        {},
        free("0:pass", "1:pass", "2:pass", "3:pass", "4:pass", "0:13S"),
        5,
        "over",
    ),
    ("widow-below-min", WIDOW, {}, [*ALL_PASS, "10S"], 5, "below"),
]


@pytest.mark.parametrize(
    ("options", "previous", "calls", "index", "words"),
    [row[1:] for row in REFUSED],
    ids=[row[0] for row in REFUSED],
)
def test_it_refuses_a_call_the_house_rules_forbid(options, previous, calls, index, words):
    with pytest.raises(IllegalCall) as refused:
        run(calls, options, **previous)
    assert refused.value.field == f"calls[{index}]"
    assert words in refused.value.message


@pytest.mark.parametrize(
    ("item", "field"),
    [
        ("13S", "calls[0]"),
        ({"seat": 7, "call": "13S"}, "calls[0].seat"),
        ({"seat": True, "call": "13S"}, "calls[0].seat"),
        ({"seat": 1}, "calls[0].call"),
        ({"seat": 1, "call": "13X"}, "calls[0].call"),
    ],
)
def test_it_reads_free_calls_as_seat_and_call(item, field):
    variant = find_variant("japanese")
    rules = variant.rules(FREE, 5)
    with pytest.raises(NotationError) as refused:
        variant.auction(5, [item], rules)
    assert refused.value.field == field


def test_it_keeps_the_in_turn_notation_errors():
    with pytest.raises(CallNotationError):
        run(["13X"])


def test_it_names_the_fields_a_request_must_carry():
    variant = find_variant("japanese")
    assert variant.auction_seat_fields(variant.rules(NAPOLEON, 5)) == ("previous_napoleon",)
    assert variant.auction_seat_fields(variant.rules(ADJUTANT, 5)) == ("previous_adjutant",)
    assert variant.auction_seat_fields(variant.rules(WIDOW, 5)) == ()


@pytest.mark.parametrize(
    ("options", "previous", "calls", "words"),
    [
        (WIDOW, {}, ALL_PASS, "widow is turned face up"),
        (NAPOLEON, {"previous_napoleon": 3}, ALL_PASS, "must open"),
        (NAPOLEON, {"previous_napoleon": None}, ALL_PASS, "no previous napoleon"),
        (ADJUTANT, {"previous_adjutant": None}, ALL_PASS, "no previous adjutant"),
        (WIDOW, {}, ALL_PASS * 2, "both rounds"),
    ],
)
def test_it_names_the_all_pass_rule_in_its_ruling(options, previous, calls, words):
    reason = run(calls, options, **previous).reason
    assert words in reason, reason
    if options != WIDOW or len(calls) == len(ALL_PASS):
        assert "house rule" in reason, reason
