"""Nap's house rules: the classic payout, the dealer's forced one, Sir Garnet and the joker;
a table's own numbers. Worked by hand.

Four players unless said, seat 0 the bidder, five tricks a hand. Under points, made →
the bidder scores the made amount; failed → every opponent scores the failed amount.
Under stakes each opponent pays or is paid that amount.
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, CallNotationError, IllegalCall, IllegalTrick
from tests.rules.scoring_helpers import score_hand
from tests.rules.trick_helpers import assert_partition, judge

CLASSIC = {"payout": "classic"}
ONE = {"all_pass": "dealer_bids_one"}
GARNET = {"sir_garnet": True}
JOKER = {"joker": True}
NEEDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "misere": 0,
    "four": 4,
    "nap": 5,
    "garnet": 5,
    "wellington": 5,
    "blucher": 5,
}


def made_tricks(call):
    taken = NEEDS[call]
    return {0: taken, 1: 5 - taken} if taken < 5 else {0: 5}


def failed_tricks(call):
    return {0: 1, 1: 4} if call == "misere" else {0: NEEDS[call] - 1, 1: 6 - NEEDS[call]}


# fmt: off
# (options, call, made, deltas) with four players
PAYOUTS = {
    "classic-two-made": (CLASSIC, "two", True, (2, 0, 0, 0)),
    "classic-two-failed": (CLASSIC, "two", False, (0, 2, 2, 2)),
    "classic-three-made": (CLASSIC, "three", True, (3, 0, 0, 0)),
    "classic-three-failed": (CLASSIC, "three", False, (0, 3, 3, 3)),
    "classic-misere-made": (CLASSIC, "misere", True, (3, 0, 0, 0)),
    "classic-misere-failed": (CLASSIC, "misere", False, (0, 6, 6, 6)),
    "classic-four-made": (CLASSIC, "four", True, (4, 0, 0, 0)),
    "classic-four-failed": (CLASSIC, "four", False, (0, 4, 4, 4)),
    "classic-nap-made": (CLASSIC, "nap", True, (10, 0, 0, 0)),
    "classic-nap-failed": (CLASSIC, "nap", False, (0, 5, 5, 5)),
    "classic-wellington-made": (CLASSIC, "wellington", True, (20, 0, 0, 0)),
    "classic-wellington-failed": (CLASSIC, "wellington", False, (0, 10, 10, 10)),
    "classic-blucher-made": (CLASSIC, "blucher", True, (30, 0, 0, 0)),
    "classic-blucher-failed": (CLASSIC, "blucher", False, (0, 15, 15, 15)),
    "classic-stakes-nap-made": ({**CLASSIC, "nap_scoring": "stakes"}, "nap", True, (30, -10, -10, -10)),
    "classic-stakes-nap-failed": ({**CLASSIC, "nap_scoring": "stakes"}, "nap", False, (-15, 5, 5, 5)),
    "classic-stakes-misere-failed": ({**CLASSIC, "nap_scoring": "stakes"}, "misere", False, (-18, 6, 6, 6)),
    "one-made": (ONE, "one", True, (1, 0, 0, 0)),
    "one-failed": (ONE, "one", False, (0, 1, 1, 1)),
    "one-classic-failed": ({**ONE, **CLASSIC}, "one", False, (0, 1, 1, 1)),
    "one-stakes-made": ({**ONE, "nap_scoring": "stakes"}, "one", True, (3, -1, -1, -1)),
    "garnet-made": (GARNET, "garnet", True, (5, 0, 0, 0)),
    "garnet-failed": (GARNET, "garnet", False, (0, 10, 10, 10)),
    "garnet-classic-made": ({**GARNET, **CLASSIC}, "garnet", True, (10, 0, 0, 0)),
    # With the classic payout Sir Garnet fails for 2 × 5 = 10.
    "garnet-classic-failed": ({**GARNET, **CLASSIC}, "garnet", False, (0, 10, 10, 10)),
    "garnet-stakes-failed": ({**GARNET, "nap_scoring": "stakes"}, "garnet", False, (-30, 10, 10, 10)),
}
# fmt: on


@pytest.mark.parametrize(("options", "call", "made", "deltas"), PAYOUTS.values(), ids=PAYOUTS)
def test_it_pays_each_call_under_the_house_payouts(options, call, made, deltas):
    tricks = made_tricks(call) if made else failed_tricks(call)
    score = score_hand("nap", 4, 0, call, None, options, tricks=tricks)
    assert (score.made, score.deltas, score.target) == (made, deltas, NEEDS[call])


# score_values: every name of the Nap table once (flat defaults otherwise).
OWN_ROWS = [
    (f"{call}_{result}", call, result == "made")
    for call in NEEDS
    for result in ("made", "failed")
    if call != "garnet"
]


@pytest.mark.parametrize(("name", "call", "made"), OWN_ROWS, ids=[r[0] for r in OWN_ROWS])
def test_it_pays_a_tables_own_amount_for_each_call(name, call, made):
    options = {**ONE, "score_values": {name: 7}}
    tricks = made_tricks(call) if made else failed_tricks(call)
    score = score_hand("nap", 4, 0, call, None, options, tricks=tricks)
    assert score.deltas == ((7, 0, 0, 0) if made else (0, 7, 7, 7))
    assert any("own numbers" in line for line in score.lines)


def test_it_multiplies_a_failed_garnet_by_the_tables_multiplier():
    options = {**GARNET, "score_values": {"garnet_failed_multiplier": 3, "nap_failed": 4}}
    score = score_hand("nap", 4, 0, "garnet", None, options, tricks=failed_tricks("garnet"))
    assert score.deltas == (0, 12, 12, 12)
    assert any("Sir Garnet" in line for line in score.lines)


def test_it_accepts_the_one_and_garnet_names_without_their_rules():
    rules = find_variant("nap").rules(
        {"score_values": {"one_made": 2, "garnet_failed_multiplier": 4}}, 4
    )
    assert rules.score_values["one_made"] == 2


def test_it_names_the_classic_payout():
    score = score_hand("nap", 4, 0, "nap", None, CLASSIC, tricks={0: 5})
    assert any("classic payout" in line for line in score.lines)


@pytest.mark.parametrize(
    ("options", "contract"), [({}, "one"), ({}, "garnet"), (GARNET, "one"), (ONE, "garnet")]
)
def test_it_reads_one_and_garnet_only_under_their_rules(options, contract):
    game = find_variant("nap")
    with pytest.raises(CallNotationError):
        game.parse_contract(contract, game.rules(options, 4))


# ---- auctions -------------------------------------------------------------------------


def auction(options, calls, players=4, dealer=3):
    game = find_variant("nap")
    return game.auction(players, calls, game.rules(options, players), dealer=dealer)


@pytest.mark.parametrize(
    ("calls", "declarer", "contract"),
    [
        (["pass", "pass", "pass", "one"], 3, "one"),
        (["pass", "pass", "pass", "two"], 3, "two"),
        (["pass", "three", "pass", "pass"], 1, "three"),
    ],
)
def test_it_makes_the_dealer_bid_when_all_before_pass(calls, declarer, contract):
    state = auction(ONE, calls)
    assert (state.complete, state.declarer, str(state.contract), state.redeal) == (
        True,
        declarer,
        contract,
        False,
    )


@pytest.mark.parametrize(
    ("calls", "index"),
    [
        (["pass", "pass", "pass", "pass"], 3),  # the dealer may not pass
        (["one"], 0),  # one only for the dealer after all passed
        (["pass", "two", "pass", "one"], 3),
    ],
)
def test_it_refuses_the_dealers_pass_and_a_one_elsewhere(calls, index):
    with pytest.raises(IllegalCall) as refused:
        auction(ONE, calls)
    assert refused.value.field == f"calls[{index}]"


def test_it_redeals_after_all_pass_by_default():
    assert auction({}, ["pass"] * 4).redeal


@pytest.mark.parametrize(("options", "call"), [({}, "one"), ({}, "garnet"), (GARNET, "one")])
def test_it_refuses_one_and_garnet_as_notation_without_their_rules(options, call):
    with pytest.raises(CallNotationError):
        auction(options, [call])


@pytest.mark.parametrize(
    ("calls", "contract"),
    [
        (["garnet", "pass", "pass", "pass"], "garnet"),
        (["garnet", "wellington", "pass", "pass"], "wellington"),
        (["nap", "wellington", "blucher", "pass"], "blucher"),
        (["two", "garnet", "pass", "pass"], "garnet"),
    ],
)
def test_it_ranks_garnet_with_nap(calls, contract):
    assert str(auction(GARNET, calls).contract) == contract


@pytest.mark.parametrize(("calls", "index"), [(["nap", "garnet"], 1), (["garnet", "nap"], 1)])
def test_it_lets_neither_nap_nor_garnet_beat_the_other(calls, index):
    with pytest.raises(IllegalCall) as refused:
        auction(GARNET, calls)
    assert refused.value.field == f"calls[{index}]"


@pytest.mark.parametrize(
    ("players", "options", "ok"),
    [
        (9, GARNET, True),
        (10, GARNET, False),  # 2 undealt cards: no extra hand of five
        (7, {**GARNET, "stripped_deck": True}, True),  # 40 − 35 = 5
        (8, {**GARNET, "stripped_deck": True}, False),  # 44 − 40 = 4
        (8, {**GARNET, "stripped_deck": True, "joker": True}, True),
    ],
)
def test_it_needs_five_spare_cards_for_sir_garnet(players, options, ok):
    game = find_variant("nap")
    if ok:
        game.rules(options, players)
        return
    with pytest.raises(BadOptionValue) as refused:
        game.rules(options, players)
    assert refused.value.field == "options.sir_garnet"


# ---- the joker ------------------------------------------------------------------------


def test_it_adds_the_joker_to_the_deck():
    game = find_variant("nap")
    assert len(game.deck(4, game.rules(JOKER, 4))) == 53
    assert len(game.deck(4, game.rules({**JOKER, "stripped_deck": True}, 4))) == 29


@pytest.mark.parametrize(
    ("plays", "context", "card", "index"),
    [
        ("S5 JK SA S2", {"trick": 2, "trump": "H"}, "JK", 1),
        ("H5 HA JK H2", {"trick": 3, "trump": "H"}, "JK", 2),
        ("JK D5 DA C2", {"trick": 1, "trump": None, "lead_suit": "D"}, "JK", 0),
        ("JK D5 DA C2", {"trick": 1, "trump": "D", "lead_suit": "D"}, "JK", 0),
        # a trumpless misère: the joker is the only trump and wins any trick it is in
        ("C5 JK CA C2", {"trick": 2, "trump": None, "contract": "misere"}, "JK", 1),
        (
            "JK C5 CA D2",
            {"trick": 2, "trump": None, "contract": "misere", "lead_suit": "C"},
            "JK",
            0,
        ),
        # no joker played: as ever
        ("C5 CA C2 H2", {"trick": 2, "trump": "H"}, "H2", 3),
    ],
)
def test_it_gives_every_trick_to_the_joker(plays, context, card, index):
    result = judge("nap", plays, options=JOKER, **context)
    assert (result.card.code, result.play_index) == (card, index)
    if card == "JK":
        assert "house rule" in result.reason


def test_it_names_the_trump_by_a_led_joker_on_trick_1():
    with pytest.raises(IllegalTrick) as refused:
        judge("nap", "JK D5 DA C2", trick=1, trump="H", lead_suit="D", options=JOKER)
    assert refused.value.field == "trump"


JOKER_LEGAL = [
    # (id, plays, hand, legal, context)
    ("joker-is-a-trump-not-the-led-suit", "S5", "JK S2 D3", "S2", {"trick": 2, "trump": "H"}),
    ("joker-when-void", "S5", "JK D3", "JK D3", {"trick": 2, "trump": "H"}),
    ("joker-follows-a-trump-lead", "H5", "JK D3", "JK", {"trick": 2, "trump": "H"}),
    ("joker-and-trumps-follow", "H5", "JK H2 D3", "JK H2", {"trick": 2, "trump": "H"}),
    ("joker-led-asks-for-trumps", "JK", "H2 D4", "H2", {"trick": 2, "trump": "H"}),
    (
        "joker-led-first-names-trump",
        "JK",
        "C2 D4",
        "C2",
        {"trick": 1, "trump": None, "lead_suit": "C"},
    ),
    ("joker-led-first-void", "JK", "H2 D4", "H2 D4", {"trick": 1, "trump": None, "lead_suit": "C"}),
    (
        "misere-joker-has-no-suit",
        "C5",
        "JK C2",
        "C2",
        {"trick": 2, "trump": None, "contract": "misere"},
    ),
    (
        "misere-joker-when-void",
        "C5",
        "JK D2",
        "JK D2",
        {"trick": 2, "trump": None, "contract": "misere"},
    ),
    (
        "misere-joker-led-names-the-suit",
        "JK",
        "D3 C2",
        "D3",
        {"trick": 2, "trump": None, "contract": "misere", "lead_suit": "D"},
    ),
    (
        "misere-with-trumps-joker-is-trump",
        "H5",
        "JK D2",
        "JK",
        {
            "trick": 2,
            "trump": "H",
            "contract": "misere",
            "options": {**JOKER, "misere_no_trump": False},
        },
    ),
]


@pytest.mark.parametrize(
    ("plays", "hand", "legal", "context"),
    [r[1:] for r in JOKER_LEGAL],
    ids=[r[0] for r in JOKER_LEGAL],
)
def test_it_lets_the_joker_follow_as_a_trump(plays, hand, legal, context):
    context = {"options": JOKER, **context, "players": 4}
    answer = assert_partition("nap", plays, hand, legal, **context)
    if "JK" in hand and "JK" not in legal:
        assert "house rule" in answer.illegal[next(c for c in answer.illegal if c.code == "JK")]


@pytest.mark.parametrize(
    ("call", "declarer", "dealer", "refused"),
    [
        ("one", 3, 3, False),  # the dealer's forced bid
        ("one", 0, 3, True),  # only the dealer is ever forced to bid
        ("two", 0, 3, False),  # any other call, anyone
        ("nap", 3, 3, False),
    ],
)
def test_it_lets_only_the_dealer_declare_one(call, declarer, dealer, refused):
    nap = find_variant("nap")
    rules = nap.rules(ONE, 4)
    contract = nap.parse_contract(call, rules)
    if not refused:
        nap.verify_declarer(contract, declarer, dealer, rules)
        return
    with pytest.raises(Exception, match="may be bid only by the dealer") as caught:
        nap.verify_declarer(contract, declarer, dealer, rules)
    assert caught.value.field == "declarer"
