"""Auction sequences for every variant, checked against rules.md and api.md.

Each table row is a call sequence and the state it must leave: complete, next,
declarer, contract, redeal (in that order; contracts compared as text).
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import (
    CallNotationError,
    IllegalCall,
    NotationError,
    OptionError,
    RulesError,
    RuleViolation,
)

P = "pass"


def run(code, calls, players=5, options=None, dealer=0, first=None):
    variant = find_variant(code)
    rules = variant.rules(options or {}, players)
    return variant.auction(players, calls, rules, dealer=dealer, first=first)


def summary(state):
    contract = None if state.contract is None else str(state.contract)
    return (state.complete, state.next, state.declarer, contract, state.redeal)


def open_at(seat):
    return (False, seat, None, None, False)


def won(seat, contract):
    return (True, None, seat, contract, False)


REDEAL = (True, None, None, None, True)


def ids(rows):
    return [row[0] for row in rows]


# --- Taiwan / Hong Kong -------------------------------------------------------
# 4 players, dealer 0: seats call 1, 2, 3, 0, 1, ...

TAIWAN = [
    ("no-call-yet", "taiwan", 4, {}, 0, [], open_at(1)),
    ("one-bid-open", "taiwan", 4, {}, 0, ["1C"], open_at(2)),
    (
        "trump-order-at-one-level",
        "taiwan",
        4,
        {},
        0,
        ["1C", "1D", "1H", "1S", "1NT", P, P, P],
        won(1, "1NT"),
    ),
    ("level-beats-nt", "taiwan", 4, {}, 0, ["1NT", "2C", P, P, P], won(2, "2C")),
    ("two-passes-not-enough", "taiwan", 4, {}, 0, ["1S", P, P], open_at(0)),
    ("three-passes-end-4p", "taiwan", 4, {}, 0, ["1S", P, P, P], won(1, "1S")),
    (
        "reentry-after-pass-default",
        "taiwan",
        4,
        {},
        0,
        [P, "1S", P, P, "2C", P, P, P],
        won(1, "2C"),
    ),
    (
        "pass-final-passed-player-still-calls",
        "taiwan",
        4,
        {"pass_is_final": True},
        0,
        [P, "1S", P, P],
        open_at(1),
    ),
    (
        "pass-final-ends-on-forced-pass",
        "taiwan",
        4,
        {"pass_is_final": True},
        0,
        [P, "1S", P, P, P],
        won(2, "1S"),
    ),
    ("all-pass-redeal-4p", "taiwan", 4, {}, 0, [P, P, P, P], REDEAL),
    ("three-of-four-passed-open", "taiwan", 4, {}, 0, [P, P, P], open_at(0)),
    ("max-8nt", "taiwan", 4, {}, 0, ["8NT", P, P, P], won(1, "8NT")),
    ("case-insensitive", "taiwan", 4, {}, 0, ["3nt", "Pass", "PASS", P], won(1, "3NT")),
    ("5p-dealer-2-first-is-3", "taiwan", 5, {}, 2, ["1S", P, P, P], open_at(2)),
    ("5p-four-passes-end", "taiwan", 5, {}, 2, ["1S", P, P, P, P], won(3, "1S")),
    ("6p-dealer-5-first-is-0", "taiwan", 6, {}, 5, [P, "2H", P, P, P, P], open_at(0)),
    ("6p-five-passes-end", "taiwan", 6, {}, 5, [P, "2H", P, P, P, P, P], won(1, "2H")),
    ("6p-all-pass", "taiwan", 6, {}, 5, [P] * 6, REDEAL),
    (
        "number-style",
        "taiwan",
        4,
        {"bid_style": "number"},
        0,
        ["9", "10", P, P, P],
        won(2, "10"),
    ),
    ("number-style-max-16", "taiwan", 4, {"bid_style": "number"}, 0, ["16", P, P, P], won(1, "16")),
    ("hongkong-same-ladder", "hongkong", 4, {}, 0, ["2D", "2S", P, P, P], won(2, "2S")),
    ("hongkong-5p", "hongkong", 5, {}, 3, ["1NT", P, P, P, P], won(4, "1NT")),
    ("hongkong-all-pass", "hongkong", 5, {}, 0, [P] * 5, REDEAL),
]

# --- Japanese ------------------------------------------------------------------
# 5 players, dealer 0: seats call 1, 2, 3, 4, 0, ...

JAPANESE = [
    ("one-bid-open", "japanese", 5, {}, 0, ["11C"], open_at(2)),
    (
        "suit-order-shdc",
        "japanese",
        5,
        {},
        0,
        ["11C", "11D", "11H", "11S", P, P, P, P],
        won(4, "11S"),
    ),
    (
        "reentry-after-pass",
        "japanese",
        5,
        {},
        0,
        [P, "12S", P, P, P, "13C", P, P, P, P],
        won(1, "13C"),
    ),
    ("three-passes-not-enough-5p", "japanese", 5, {}, 0, ["12S", P, P, P], open_at(0)),
    ("min-bid-1", "japanese", 5, {"min_bid": 1}, 0, ["1C"], open_at(2)),
    ("min-bid-14", "japanese", 5, {"min_bid": 14}, 0, ["14C", P, P, P, P], won(1, "14C")),
    ("max-20", "japanese", 5, {}, 0, ["20S", P, P, P, P], won(1, "20S")),
    (
        "dshc-diamonds-top",
        "japanese",
        5,
        {"bid_suit_order": "DSHC"},
        0,
        ["13C", "13H", "13S", "13D", P, P, P, P],
        won(4, "13D"),
    ),
    (
        "shcd-clubs-over-diamonds",
        "japanese",
        5,
        {"bid_suit_order": "SHCD"},
        0,
        ["13D", "13C", "13H", "13S", P, P, P, P],
        won(4, "13S"),
    ),
    (
        "nt-highest",
        "japanese",
        5,
        {"no_trump_bid": "highest"},
        0,
        ["13S", "13NT", P, P, P, P],
        won(2, "13NT"),
    ),
    (
        "nt-lowest",
        "japanese",
        5,
        {"no_trump_bid": "lowest"},
        0,
        ["13NT", "13C", P, P, P, P],
        won(2, "13C"),
    ),
    (
        "nt-lowest-still-beats-lower-count",
        "japanese",
        5,
        {"no_trump_bid": "lowest"},
        0,
        ["13S", "14NT", P, P, P, P],
        won(2, "14NT"),
    ),
    ("all-pass-redeal", "japanese", 5, {}, 0, [P] * 5, REDEAL),
    ("4p", "japanese", 4, {}, 3, ["12H", P, P, P], won(0, "12H")),
    ("6p", "japanese", 6, {}, 0, [P, "12H", P, P, P, P, P], won(2, "12H")),
    ("7p", "japanese", 7, {}, 6, ["12H"] + [P] * 6, won(0, "12H")),
    ("7p-five-passes-open", "japanese", 7, {}, 6, ["12H"] + [P] * 5, open_at(6)),
    ("case-insensitive", "japanese", 5, {}, 0, ["13s", P, P, P, P], won(1, "13S")),
]

# --- Japanese with chips ---------------------------------------------------------

CHIP = [
    ("min-11", "japanese-chip", 5, {}, 0, ["11C"], open_at(2)),
    (
        "forced-pass-still-needed",
        "japanese-chip",
        5,
        {},
        0,
        ["11S", "12C", P, P, P],
        open_at(1),
    ),
    ("ends", "japanese-chip", 5, {}, 0, ["11S", "12C", P, P, P, P], won(2, "12C")),
    ("suit-order", "japanese-chip", 5, {}, 0, ["15D", "15H", "15S", P, P, P, P], won(3, "15S")),
    ("max-20", "japanese-chip", 5, {}, 0, ["20S", P, P, P, P], won(1, "20S")),
    ("all-pass-redeal", "japanese-chip", 5, {}, 0, [P] * 5, REDEAL),
    ("4p", "japanese-chip", 4, {}, 0, ["11S", P, P, P], won(1, "11S")),
    ("6p", "japanese-chip", 6, {}, 0, ["11S", P, P, P, P, P], won(1, "11S")),
    ("6p-all-pass", "japanese-chip", 6, {}, 0, [P] * 6, REDEAL),
]

# --- Thai ---------------------------------------------------------------------------


def free(*pairs):
    return [{"seat": seat, "call": call} for seat, call in pairs]


FREE = {"auction_order": "free"}

THAI = [
    ("in-turn-open", "thai", 5, {}, 0, ["1C"], open_at(2)),
    ("in-turn-suit-order", "thai", 5, {}, 0, ["1C", "1D", P, P, P, P], won(2, "1D")),
    (
        "in-turn-reentry",
        "thai",
        5,
        {},
        0,
        [P, "2S", P, P, P, "3C", P, P, P, P],
        won(1, "3C"),
    ),
    ("in-turn-dealer-4", "thai", 5, {}, 4, ["9S", P, P, P, P], won(0, "9S")),
    ("min-bid-3", "thai", 5, {"min_bid": 3}, 0, ["3C", P, P, P, P], won(1, "3C")),
    ("all-pass-redeal", "thai", 5, {}, 0, [P] * 5, REDEAL),
    (
        "free-order-ends",
        "thai",
        5,
        FREE,
        None,
        free((3, "2S"), (1, P), (0, P), (2, P), (4, P)),
        won(3, "2S"),
    ),
    (
        "free-order-reentry",
        "thai",
        5,
        FREE,
        None,
        free((0, P), (1, "1S"), (0, "2C"), (1, P), (2, P), (3, P), (4, P)),
        won(0, "2C"),
    ),
    (
        "free-order-pass-before-bid-does-not-count",
        "thai",
        5,
        FREE,
        None,
        free((1, P), (2, P), (3, "4H"), (0, P), (2, P), (4, P), (1, P)),
        won(3, "4H"),
    ),
    (
        "free-order-all-pass",
        "thai",
        5,
        FREE,
        None,
        free((4, P), (3, P), (2, P), (1, P), (0, P)),
        REDEAL,
    ),
]

# --- Mighty -------------------------------------------------------------------------
# dealer 0 calls first (first hand): seats 0, 1, 2, 3, 4, 0, ...

MIGHTY = [
    ("api-example-open", "mighty", 5, {}, 0, [P, "13S", "14NT"], open_at(3)),
    (
        "passed-player-still-called",
        "mighty",
        5,
        {},
        0,
        [P, "13S", "14NT", P, P, P],
        open_at(1),
    ),
    (
        "api-example-complete",
        "mighty",
        5,
        {},
        0,
        [P, "13S", "14NT", P, P, P, P],
        won(2, "14NT"),
    ),
    ("dealer-calls-first", "mighty", 5, {}, 2, ["13S"], open_at(3)),
    ("nt-beats-same-number", "mighty", 5, {}, 0, ["13S", "13NT", P, P, P, P], won(1, "13NT")),
    ("higher-number-beats-nt", "mighty", 5, {}, 0, ["13NT", "14C", P, P, P, P], won(1, "14C")),
    ("ends-when-all-but-one-passed", "mighty", 5, {}, 0, ["13S", "14H", P, P, P, P], won(1, "14H")),
    ("bidder-not-passed-still-calls", "mighty", 5, {}, 0, ["13S", "14H", P, P, P], open_at(0)),
    ("last-uncalled-still-calls", "mighty", 5, {}, 0, [P, P, P, P], open_at(4)),
    ("last-uncalled-bid-ends-at-once", "mighty", 5, {}, 0, [P, P, P, P, "13S"], won(4, "13S")),
    ("fifth-caller-bids-over", "mighty", 5, {}, 0, ["13S", P, P, P, "14S"], open_at(0)),
    ("fifth-caller-wins", "mighty", 5, {}, 0, ["13S", P, P, P, "14S", P], won(4, "14S")),
    ("max-20nt", "mighty", 5, {}, 0, ["20S", "20NT", P, P, P, P], won(1, "20NT")),
    ("min-bid-10", "mighty", 5, {"min_bid": 10}, 0, ["10C", P, P, P, P], won(0, "10C")),
    ("second-round-starts", "mighty", 5, {}, 0, [P] * 5, open_at(0)),
    ("second-round-bid", "mighty", 5, {}, 0, [P] * 5 + ["13S", P, P, P, P], won(0, "13S")),
    (
        "second-round-old-passes-do-not-bind",
        "mighty",
        5,
        {},
        0,
        [P] * 5 + [P, "13S", P, P, P],
        won(1, "13S"),
    ),
    ("second-round-last-uncalled", "mighty", 5, {}, 0, [P] * 9, open_at(4)),
    ("second-round-last-uncalled-bids", "mighty", 5, {}, 0, [P] * 9 + ["13D"], won(4, "13D")),
    ("second-round-all-pass-redeal", "mighty", 5, {}, 0, [P] * 10, REDEAL),
    (
        "min-12-second-round",
        "mighty",
        5,
        {"all_pass": "min_12"},
        0,
        [P] * 5 + ["12S", P, P, P, P],
        won(0, "12S"),
    ),
    ("min-12-all-pass-twice", "mighty", 5, {"all_pass": "min_12"}, 0, [P] * 10, REDEAL),
    # The minimum drops to 12; a table whose lowest bid is already 10 keeps 10.
    (
        "min-12-never-raises-a-lower-min",
        "mighty",
        5,
        {"all_pass": "min_12", "min_bid": 10},
        0,
        [P] * 5 + ["10S", P, P, P, P],
        won(0, "10S"),
    ),
    ("redeal-option", "mighty", 5, {"all_pass": "redeal"}, 0, [P] * 5, REDEAL),
]

MIGHTY_FIRST = [
    ("first-3-open", 3, [P, "13H"], open_at(0)),
    ("first-3-last-uncalled", 3, [P, P, P, P], open_at(2)),
    ("first-3-second-round", 3, [P] * 5, open_at(3)),
    ("first-3-complete", 3, ["13H", P, P, P, P], won(3, "13H")),
    ("first-0-like-dealer", 0, ["13H", P, P, P, P], won(0, "13H")),
]

# --- Nap --------------------------------------------------------------------------
# 4 players, dealer 0: seats 1, 2, 3, 0, each exactly once

NAP = [
    ("open", "nap", 4, {}, 0, ["two", P], open_at(3)),
    ("raises", "nap", 4, {}, 0, ["two", "three", P, "four"], won(0, "four")),
    ("misere-between-three-and-four", "nap", 4, {}, 0, ["three", "misere", P, P], won(2, "misere")),
    ("four-over-misere", "nap", 4, {}, 0, ["misere", "four", P, P], won(2, "four")),
    ("wellington-over-nap", "nap", 4, {}, 0, [P, P, "nap", "wellington"], won(0, "wellington")),
    (
        "blucher-over-wellington",
        "nap",
        4,
        {},
        0,
        ["nap", P, "wellington", "blucher"],
        won(0, "blucher"),
    ),
    ("all-pass-redeal", "nap", 4, {}, 0, [P] * 4, REDEAL),
    ("accented-misere", "nap", 4, {}, 0, ["misère", P, P, P], won(1, "misere")),
    ("accented-upper-misere", "nap", 4, {}, 0, ["MISÈRE", P, P, P], won(1, "misere")),
    (
        "accented-blucher",
        "nap",
        4,
        {},
        0,
        ["nap", "wellington", "blücher", P],
        won(3, "blucher"),
    ),
    ("3p-dealer-2", "nap", 3, {}, 2, [P, "two", P], won(1, "two")),
    ("10p-all-pass", "nap", 10, {}, 0, [P] * 10, REDEAL),
    ("10p-last-bids", "nap", 10, {}, 9, [P] * 9 + ["nap"], won(9, "nap")),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "dealer", "calls", "expected"),
    [row[1:] for row in TAIWAN + JAPANESE + CHIP + THAI + MIGHTY + NAP],
    ids=ids(TAIWAN)
    + [f"japanese-{i}" for i in ids(JAPANESE)]
    + [f"chip-{i}" for i in ids(CHIP)]
    + [f"thai-{i}" for i in ids(THAI)]
    + [f"mighty-{i}" for i in ids(MIGHTY)]
    + [f"nap-{i}" for i in ids(NAP)],
)
def test_it_reaches_the_expected_state(code, players, options, dealer, calls, expected):
    assert summary(run(code, calls, players, options, dealer)) == expected


@pytest.mark.parametrize(
    ("first", "calls", "expected"),
    [row[1:] for row in MIGHTY_FIRST],
    ids=ids(MIGHTY_FIRST),
)
def test_it_lets_the_previous_declarer_call_first_in_mighty(first, calls, expected):
    assert summary(run("mighty", calls, dealer=None, first=first)) == expected


def test_it_lets_first_override_the_dealer_in_mighty():
    assert summary(run("mighty", [P, "13H"], dealer=1, first=3)) == open_at(0)


@pytest.mark.parametrize(
    ("code", "players", "options", "calls", "best"),
    [
        ("taiwan", 4, {}, ["1C", "1D"], "1D"),
        ("taiwan", 4, {"bid_style": "number"}, ["9", "12", P], "12"),
        ("japanese", 5, {}, ["13s"], "13S"),
        ("mighty", 5, {}, [P, "13S", "14nt"], "14NT"),
        ("nap", 4, {}, ["two", "misère"], "misere"),
        ("thai", 5, {}, ["2H", P], "2H"),
    ],
    ids=["taiwan", "taiwan-number", "japanese", "mighty", "nap-accent", "thai"],
)
def test_it_reports_the_best_bid_in_canonical_form(code, players, options, calls, best):
    state = run(code, calls, players, options)
    assert not state.complete
    assert str(state.best) == best


def test_it_has_no_best_bid_before_any_bid():
    assert run("taiwan", [P, P], 4).best is None


def test_it_counts_rounds_in_mighty():
    assert run("mighty", [P, "13S"]).round == 1
    assert run("mighty", [P] * 6).round == 2


@pytest.mark.parametrize(
    "calls",
    [
        free((3, "2S"), (1, P), (0, P), (2, P)),
        free((3, "2S"), (1, P), (0, "3H")),
        free((3, "2S"), (1, P), (0, P), (3, P), (2, P)),
    ],
    ids=["three-passes", "raise", "own-pass-does-not-count"],
)
def test_it_keeps_a_free_thai_auction_open(calls):
    state = run("thai", calls, options=FREE, dealer=None)
    assert (state.complete, state.declarer, state.contract, state.redeal) == (
        False,
        None,
        None,
        False,
    )


# --- illegal calls: 422 (IllegalCall) naming the index ---------------------------

ILLEGAL = [
    ("taiwan-lower-trump", "taiwan", 4, {}, 0, ["1NT", "1S"], 1),
    ("taiwan-lower-level", "taiwan", 4, {}, 0, ["2C", "1NT"], 1),
    ("taiwan-equal", "taiwan", 4, {}, 0, ["1S", "1S"], 1),
    ("taiwan-nothing-beats-8nt", "taiwan", 4, {}, 0, ["8NT", "8NT"], 1),
    ("taiwan-pass-final", "taiwan", 4, {"pass_is_final": True}, 0, [P, "1S", P, P, "2C"], 4),
    ("taiwan-after-end", "taiwan", 4, {}, 0, ["1S", P, P, P, P], 4),
    ("taiwan-bid-after-end", "taiwan", 4, {}, 0, ["1S", P, P, P, "2S"], 4),
    ("taiwan-after-redeal", "taiwan", 4, {}, 0, [P, P, P, P, "1S"], 4),
    ("taiwan-number-lower", "taiwan", 4, {"bid_style": "number"}, 0, ["10", "9"], 1),
    ("taiwan-number-equal", "taiwan", 4, {"bid_style": "number"}, 0, ["10", "10"], 1),
    ("hongkong-lower", "hongkong", 5, {}, 0, ["3C", "2NT"], 1),
    ("japanese-below-min", "japanese", 5, {}, 0, ["10S"], 0),
    ("japanese-below-min-14", "japanese", 5, {"min_bid": 14}, 0, ["13S"], 0),
    ("japanese-lower-suit", "japanese", 5, {}, 0, ["13S", "13H"], 1),
    ("japanese-lower-count", "japanese", 5, {}, 0, ["13C", "12S"], 1),
    (
        "japanese-dshc-spade-under-diamond",
        "japanese",
        5,
        {"bid_suit_order": "DSHC"},
        0,
        ["13D", "13S"],
        1,
    ),
    (
        "japanese-shcd-diamond-lowest",
        "japanese",
        5,
        {"bid_suit_order": "SHCD"},
        0,
        ["13C", "13D"],
        1,
    ),
    ("japanese-nt-highest", "japanese", 5, {"no_trump_bid": "highest"}, 0, ["13NT", "13S"], 1),
    ("japanese-nt-lowest", "japanese", 5, {"no_trump_bid": "lowest"}, 0, ["13C", "13NT"], 1),
    (
        "japanese-pass-final",
        "japanese",
        5,
        {"pass_is_final": True},
        0,
        [P, "12S", P, P, P, "13C"],
        5,
    ),
    ("japanese-after-end", "japanese", 5, {}, 0, ["12S", P, P, P, P, P], 5),
    ("chip-below-11", "japanese-chip", 5, {}, 0, ["10S"], 0),
    ("chip-lower-suit", "japanese-chip", 5, {}, 0, ["12S", "12D"], 1),
    ("chip-pass-final", "japanese-chip", 5, {}, 0, [P, "11S", P, P, P, "12S"], 5),
    ("chip-after-redeal", "japanese-chip", 5, {}, 0, [P] * 5 + ["11S"], 5),
    ("thai-lower-suit", "thai", 5, {}, 0, ["2S", "2H"], 1),
    ("thai-below-min", "thai", 5, {"min_bid": 3}, 0, ["2S"], 0),
    ("thai-after-end", "thai", 5, {}, 0, ["2S", P, P, P, P, "3S"], 5),
    ("mighty-example-422", "mighty", 5, {}, 0, [P, "13S", "14NT", "14S"], 3),
    ("mighty-suits-equal", "mighty", 5, {}, 0, ["13S", "13H"], 1),
    ("mighty-nt-not-over-nt", "mighty", 5, {}, 0, ["13NT", "13NT"], 1),
    ("mighty-suit-under-nt", "mighty", 5, {}, 0, ["13NT", "13S"], 1),
    ("mighty-below-13", "mighty", 5, {}, 0, ["12S"], 0),
    ("mighty-below-min-15", "mighty", 5, {"min_bid": 15}, 0, ["14S"], 0),
    ("mighty-pass-final", "mighty", 5, {}, 0, ["13S", P, "14S", "15S", P, P, "16S"], 6),
    ("mighty-after-end", "mighty", 5, {}, 0, [P, "13S", "14NT", P, P, P, P, P], 7),
    ("mighty-after-last-uncalled-bid", "mighty", 5, {}, 0, [P, P, P, P, "13S", P], 5),
    ("mighty-second-round-still-13", "mighty", 5, {}, 0, [P] * 5 + ["12S"], 5),
    ("mighty-min-12-only-second-round", "mighty", 5, {"all_pass": "min_12"}, 0, ["12S"], 0),
    ("mighty-after-second-round-redeal", "mighty", 5, {}, 0, [P] * 10 + ["13S"], 10),
    (
        "mighty-redeal-option-no-second-round",
        "mighty",
        5,
        {"all_pass": "redeal"},
        0,
        [P] * 5 + ["13S"],
        5,
    ),
    ("nap-equal", "nap", 4, {}, 0, ["two", "two"], 1),
    ("nap-three-under-misere", "nap", 4, {}, 0, ["misere", "three"], 1),
    ("nap-wellington-first", "nap", 4, {}, 0, ["wellington"], 0),
    ("nap-wellington-over-four", "nap", 4, {}, 0, ["four", "wellington"], 1),
    ("nap-blucher-over-nap", "nap", 4, {}, 0, ["nap", "blucher"], 1),
    ("nap-blucher-over-nap-later", "nap", 4, {}, 0, ["nap", P, "blucher"], 2),
    ("nap-blucher-first", "nap", 4, {}, 0, ["blücher"], 0),
    ("nap-second-call", "nap", 4, {}, 0, ["two", P, P, P, P], 4),
    ("nap-after-redeal", "nap", 4, {}, 0, [P, P, P, P, "two"], 4),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "dealer", "calls", "index"),
    [row[1:] for row in ILLEGAL],
    ids=ids(ILLEGAL),
)
def test_it_refuses_an_illegal_call(code, players, options, dealer, calls, index):
    with pytest.raises(IllegalCall) as caught:
        run(code, calls, players, options, dealer)
    assert caught.value.field == f"calls[{index}]"
    assert caught.value.message


FREE_ILLEGAL = [
    ("lower", free((3, "2S"), (1, "2H")), 1),
    ("equal", free((3, "2S"), (1, "2S")), 1),
    ("after-end", free((3, "2S"), (1, P), (0, P), (2, P), (4, P), (0, "3S")), 5),
]


@pytest.mark.parametrize(
    ("calls", "index"),
    [row[1:] for row in FREE_ILLEGAL],
    ids=ids(FREE_ILLEGAL),
)
def test_it_refuses_an_illegal_free_thai_call(calls, index):
    with pytest.raises(IllegalCall) as caught:
        run("thai", calls, options=FREE, dealer=None)
    assert caught.value.field == f"calls[{index}]"


# --- calls not in the notation: 400 (CallNotationError) ---------------------------

NOTATION = [
    ("taiwan-unknown-trump", "taiwan", 4, {}, ["1X"], 0),
    ("taiwan-trump-first", "taiwan", 4, {}, ["S1"], 0),
    ("taiwan-symbol", "taiwan", 4, {}, [P, "3♠"], 1),
    ("taiwan-empty", "taiwan", 4, {}, [""], 0),
    ("taiwan-number-in-suit-style", "taiwan", 4, {}, ["11"], 0),
    ("taiwan-suit-in-number-style", "taiwan", 4, {"bid_style": "number"}, ["3S"], 0),
    ("taiwan-not-a-string", "taiwan", 4, {}, [P, 3], 1),
    ("japanese-nt-off", "japanese", 5, {}, [P, "13NT"], 1),
    ("japanese-no-trump-named", "japanese", 5, {}, ["13"], 0),
    ("chip-nt", "japanese-chip", 5, {}, ["13NT"], 0),
    ("thai-nt", "thai", 5, {}, ["2NT"], 0),
    ("mighty-no-trump-named", "mighty", 5, {}, ["13"], 0),
    ("mighty-word", "mighty", 5, {}, ["double"], 0),
    ("nap-unknown-word", "nap", 4, {}, ["two", "five"], 1),
    ("nap-suit-bid", "nap", 4, {}, ["3S"], 0),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "calls", "index"),
    [row[1:] for row in NOTATION],
    ids=ids(NOTATION),
)
def test_it_refuses_a_call_outside_the_notation(code, players, options, calls, index):
    with pytest.raises(CallNotationError) as caught:
        run(code, calls, players, options)
    assert caught.value.field == f"calls[{index}]"


# Bids whose number lies outside the ladder: the spec does not say whether that is
# "not in the notation" (400) or "a bid the rules forbid" (422), so either is accepted.
OUT_OF_LADDER = [
    ("taiwan-level-9", "taiwan", 4, {}, ["9C"], 0),
    ("taiwan-level-0", "taiwan", 4, {}, ["0NT"], 0),
    ("taiwan-number-8", "taiwan", 4, {"bid_style": "number"}, ["8"], 0),
    ("taiwan-number-17", "taiwan", 4, {"bid_style": "number"}, ["17"], 0),
    ("japanese-21", "japanese", 5, {}, ["21S"], 0),
    ("chip-21", "japanese-chip", 5, {}, ["21S"], 0),
    ("thai-10", "thai", 5, {}, ["10S"], 0),
    ("thai-0", "thai", 5, {}, ["0S"], 0),
    ("mighty-21", "mighty", 5, {}, ["21NT"], 0),
]


@pytest.mark.parametrize(
    ("code", "players", "options", "calls", "index"),
    [row[1:] for row in OUT_OF_LADDER],
    ids=ids(OUT_OF_LADDER),
)
def test_it_refuses_a_bid_beyond_the_ladder(code, players, options, calls, index):
    with pytest.raises((IllegalCall, CallNotationError)) as caught:
        run(code, calls, players, options)
    assert caught.value.field == f"calls[{index}]"


@pytest.mark.parametrize(
    "call",
    [{"seat": 5, "call": "2S"}, {"seat": -1, "call": "2S"}, {"call": "2S"}, {"seat": 1}, "2S"],
    ids=["seat-5", "seat-negative", "no-seat", "no-call", "plain-string"],
)
def test_it_refuses_a_malformed_free_thai_call(call):
    with pytest.raises(NotationError) as caught:
        run("thai", [call], options=FREE, dealer=None)
    assert caught.value.field.startswith("calls[0]")


# --- ladders -----------------------------------------------------------------------


def ladder(code, options=None, players=5):
    variant = find_variant(code)
    return [str(bid) for bid in variant.ladder(variant.rules(options or {}, players)).ladder()]


def by_count(counts, trumps):
    return [f"{count}{trump}" for count in counts for trump in trumps]


LADDERS = [
    ("taiwan", {}, 4, by_count(range(1, 9), ["C", "D", "H", "S", "NT"])),
    ("hongkong", {}, 4, by_count(range(1, 9), ["C", "D", "H", "S", "NT"])),
    ("taiwan", {"bid_style": "number"}, 4, [str(n) for n in range(9, 17)]),
    ("japanese", {}, 5, by_count(range(11, 21), ["C", "D", "H", "S"])),
    ("japanese", {"min_bid": 1}, 5, by_count(range(1, 21), ["C", "D", "H", "S"])),
    ("japanese", {"bid_suit_order": "DSHC"}, 5, by_count(range(11, 21), ["C", "H", "S", "D"])),
    ("japanese", {"bid_suit_order": "SHCD"}, 5, by_count(range(11, 21), ["D", "C", "H", "S"])),
    (
        "japanese",
        {"no_trump_bid": "highest"},
        5,
        by_count(range(11, 21), ["C", "D", "H", "S", "NT"]),
    ),
    (
        "japanese",
        {"no_trump_bid": "lowest"},
        5,
        by_count(range(11, 21), ["NT", "C", "D", "H", "S"]),
    ),
    ("japanese-chip", {}, 5, by_count(range(11, 21), ["C", "D", "H", "S"])),
    ("thai", {}, 5, by_count(range(1, 10), ["C", "D", "H", "S"])),
    ("thai", {"min_bid": 4}, 5, by_count(range(4, 10), ["C", "D", "H", "S"])),
    ("nap", {}, 4, ["two", "three", "misere", "four", "nap", "wellington", "blucher"]),
]


@pytest.mark.parametrize(
    ("code", "options", "players", "expected"),
    LADDERS,
    ids=[
        "taiwan",
        "hongkong",
        "taiwan-number",
        "japanese",
        "japanese-min-1",
        "japanese-dshc",
        "japanese-shcd",
        "japanese-nt-highest",
        "japanese-nt-lowest",
        "chip",
        "thai",
        "thai-min-4",
        "nap",
    ],
)
def test_it_lists_the_ladder_lowest_first(code, options, players, expected):
    assert ladder(code, options, players) == expected


@pytest.mark.parametrize(
    ("options", "low"), [({}, 13), ({"min_bid": 10}, 10)], ids=["default", "min-10"]
)
def test_it_ranks_mighty_nt_above_every_suit_of_its_number(options, low):
    bids = ladder("mighty", options)
    assert len(bids) == (21 - low) * 5
    for position, count in enumerate(range(low, 21)):
        group = bids[position * 5 : position * 5 + 5]
        assert sorted(group[:4]) == sorted(f"{count}{s}" for s in "SHDC")
        assert group[4] == f"{count}NT"


# --- Mighty trump change -------------------------------------------------------------

CHANGES = [
    ("suit-to-suit", {}, "14S", "H", "16H"),
    ("suit-to-nt", {}, "14S", "NT", "15NT"),
    ("clubs-from-hearts", {}, "14H", "C", "16C"),
    ("nt-to-suit", {}, "14NT", "S", "16S"),
    ("up-to-20-suit", {}, "18S", "H", "20H"),
    ("up-to-20-nt", {}, "19D", "NT", "20NT"),
    ("custom-suit", {"trump_change_cost": {"suit": 3, "no_trump": 2}}, "14S", "H", "17H"),
    ("custom-nt", {"trump_change_cost": {"suit": 3, "no_trump": 2}}, "14S", "NT", "16NT"),
    ("custom-free-nt", {"trump_change_cost": {"suit": 1, "no_trump": 0}}, "14S", "NT", "14NT"),
]


def mighty_change(options, contract, trump):
    variant = find_variant("mighty")
    rules = variant.rules(options, 5)
    return variant.change_trump(variant.parse_contract(contract, rules), trump, rules)


@pytest.mark.parametrize(
    ("options", "contract", "trump", "expected"),
    [row[1:] for row in CHANGES],
    ids=ids(CHANGES),
)
def test_it_raises_the_mighty_bid_on_a_trump_change(options, contract, trump, expected):
    assert str(mighty_change(options, contract, trump)) == expected


REFUSED = [
    ("suit-past-20", {}, "19S", "H"),
    ("nt-past-20", {}, "20S", "NT"),
    ("at-20-suit", {}, "20H", "S"),
    ("nt-at-20-to-suit", {}, "20NT", "D"),
    ("custom-past-20", {"trump_change_cost": {"suit": 3, "no_trump": 2}}, "18S", "H"),
    ("custom-nt-past-20", {"trump_change_cost": {"suit": 3, "no_trump": 2}}, "19S", "NT"),
]


@pytest.mark.parametrize(
    ("options", "contract", "trump"),
    [row[1:] for row in REFUSED],
    ids=ids(REFUSED),
)
def test_it_refuses_a_trump_change_above_20(options, contract, trump):
    with pytest.raises(RuleViolation):
        mighty_change(options, contract, trump)


# --- auction options -------------------------------------------------------------------

BAD_OPTIONS = [
    ("japanese-min-21", "japanese", {"min_bid": 21}),
    ("japanese-min-0", "japanese", {"min_bid": 0}),
    ("japanese-suit-order", "japanese", {"bid_suit_order": "HSDC"}),
    ("japanese-nt", "japanese", {"no_trump_bid": "middle"}),
    ("chip-has-no-min-bid", "japanese-chip", {"min_bid": 12}),
    ("chip-has-no-pass-option", "japanese-chip", {"pass_is_final": False}),
    ("thai-min-10", "thai", {"min_bid": 10}),
    ("thai-order", "thai", {"auction_order": "random"}),
    ("mighty-min-9", "mighty", {"min_bid": 9}),
    ("mighty-min-21", "mighty", {"min_bid": 21}),
    ("mighty-all-pass", "mighty", {"all_pass": "never"}),
    ("mighty-has-no-pass-option", "mighty", {"pass_is_final": False}),
    ("taiwan-bid-style", "taiwan", {"bid_style": "words"}),
    ("taiwan-pass-not-bool", "taiwan", {"pass_is_final": "yes"}),
    ("nap-no-min-bid", "nap", {"min_bid": 2}),
]


@pytest.mark.parametrize(
    ("code", "options"), [row[1:] for row in BAD_OPTIONS], ids=ids(BAD_OPTIONS)
)
def test_it_refuses_a_bad_auction_option(code, options):
    variant = find_variant(code)
    players = variant.players[0] if code != "japanese-chip" else 5
    with pytest.raises(OptionError):
        variant.rules(options, players)


def test_it_raises_rules_errors_as_value_errors():
    with pytest.raises(ValueError):
        run("mighty", ["12S"])
    assert issubclass(IllegalCall, RulesError)
