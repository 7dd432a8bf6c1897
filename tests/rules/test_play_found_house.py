"""Tricks, legal plays and auctions under the house rules that a differential test found
(rules-house.md §8.10), one row per option and choice, worked by hand.

The Mighty: hearts trump unless said (the Mighty ♠A, the ripper ♣3), five players, ten
tricks, seat 0 leads. Japanese: hearts trump, trick 4, seat 2 leads.
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, CallNotationError, IllegalCall, RulesError
from tests.rules.trick_helpers import assert_partition, assert_winner, judge, legal_plays, row

POWERLESS = ("the mighty has no power",)
FIRST, LAST, BOTH = (
    {"mighty_powerless": "first"},
    {"mighty_powerless": "last"},
    {"mighty_powerless": "first_and_last"},
)

# fmt: off
MIGHTY_WINNERS = [
    row("powerless-none-trick-1", "S5 SA S9 H2 D2", "SA", trick=1, kw=("the mighty beats",)),
    row("powerless-first-trick-1-trump-wins", "S5 SA S9 H2 D2", "H2", trick=1, options=FIRST, kw=POWERLESS),
    row("powerless-first-trick-1-highest-of-its-suit", "S5 SA S9 SK D2", "SA", trick=1, options=FIRST, kw=POWERLESS),
    row("powerless-first-trick-2-has-power", "S5 SA S9 H2 D2", "SA", trick=2, options=FIRST, kw=("the mighty beats",)),
    row("powerless-first-led-trump-follows", "SA C5 C9 H5 D2", "H5", trick=1, options=FIRST, kw=POWERLESS),
    row("powerless-last-trick-10", "S5 SA S9 H2 D2", "H2", trick=10, options=LAST, kw=POWERLESS),
    row("powerless-last-trick-1-has-power", "S5 SA S9 H2 D2", "SA", trick=1, options=LAST, kw=("the mighty beats",)),
    row("powerless-both-trick-1", "S5 SA S9 H2 D2", "H2", trick=1, options=BOTH, kw=POWERLESS),
    row("powerless-both-trick-10", "S5 SA S9 H2 D2", "H2", trick=10, options=BOTH, kw=POWERLESS),
    row("powerless-both-trick-5-has-power", "S5 SA S9 H2 D2", "SA", trick=5, options=BOTH),
    # The joker keeps its power: on trick 1 a following joker beats a powerless Mighty.
    row("powerless-joker-beats-it", "S5 SA JK S9 D2", "JK", trick=1, options=FIRST, kw=POWERLESS),
    # With joker_powerless_first_last, both without power: the highest trump, else the led suit.
    row("powerless-with-joker-powerless-led-suit", "S5 SA JK S9 D2", "SA", trick=1, options={**FIRST, "joker_powerless_first_last": True}, kw=POWERLESS),
    row("powerless-with-joker-powerless-trump", "S5 SA JK H3 D2", "H3", trick=10, options={**LAST, "joker_powerless_first_last": True}, kw=POWERLESS),
    # Spades trump: the Mighty is ♦A, never a trump.
    row("powerless-spades-trump", "D5 DA D9 S2 C2", "S2", trick=1, trump="S", options=FIRST, kw=POWERLESS),
    row("powerless-spades-highest-diamond", "D5 DA D9 DK C2", "DA", trick=1, trump="S", options=FIRST, kw=POWERLESS),
    # A called joker without power and a powerless Mighty on trick 1 (the ripper may call there).
    row("powerless-called-trick-1", "C3 SA JK C9 D2", "C9", trick=1, joker_called=True, options={**FIRST, "ripper_first_trick": "lead_and_call"}, kw=POWERLESS),
]

MIGHTY_LEGAL = [
    # mighty_defense: a powerless Mighty still answers a joker call.
    row("powerless-still-defends", "C3", "JK SA", hand="JK SA C5 H2", trick=1, joker_called=True, options={**FIRST, "ripper_first_trick": "lead_and_call", "mighty_defense": True}),
    # It may still be played at any time.
    row("powerless-any-time", "C5", "C9 SA JK", hand="C9 SA JK H2", trick=1, options=FIRST),
    # §8.10.4 b: a leadable ripper leads a hand of trumps, the joker and the ripper.
    row("ripper-leads-trumps-no-lead", "", "C3", hand="C3 H2 H9 JK", trick=1, options={"ripper_first_trick": "lead_and_call"}),
    row("ripper-leads-trumps-none", "", "C3", hand="C3 H2 H9 JK", trick=1, options={"ripper_first_trick": "lead_no_call", "first_trick_trumps": "none"}),
    row("ripper-leads-trumps-free-unaffected", "", "C3 H2 H9", hand="C3 H2 H9 JK", trick=1, options={"ripper_first_trick": "lead_and_call", "first_trick_trumps": "free"}),
    row("ripper-barred-trumps-lead", "", "H2 H9", hand="C3 H2 H9 JK", trick=1),
]

JAPANESE_WINNERS = [
    # same_two_led_joker counts only a trump same two (§8.10.4 c).
    row("led-joker-trump-same-two", "JK H5 H9 H2 HA", "H2", options={"same_two_led_joker": True}, kw=("same two",)),
    row("led-joker-plain-suit-same-two-is-not", "JK C5 C9 C2 CA", "JK", options={"same_two_led_joker": True}, kw=("only a same two in trumps",)),
    row("led-joker-plain-suit-no-note-without-the-rule", "JK C5 C9 C2 CA", "JK", kw=("joker",)),
    row("led-joker-no-trump-hand", "JK C5 C9 C2 CA", "JK", trump=None, options={"same_two_led_joker": True}, kw=("joker",)),
    row("led-joker-same-two-in-trump-off", "JK H5 H9 H2 HA", "JK", options={"same_two_led_joker": True, "same_two_in_trump": False}, kw=("joker",)),
]
# fmt: on


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), MIGHTY_WINNERS)
def test_it_judges_a_mighty_trick_under_the_peers_rules(plays, expected, kw, context):
    context = {"trump": "H", **context}
    result = judge("mighty", plays, **context)
    assert_winner(result, plays, expected, 0, kw)


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), MIGHTY_LEGAL)
def test_it_lists_the_mighty_legal_cards_under_the_peers_rules(plays, expected, kw, context):
    context = {"trump": "H", **context}
    hand = context.pop("hand")
    assert_partition("mighty", plays, hand, expected, **context)


def test_it_names_the_leadable_ripper_when_it_bars_the_trumps():
    *_rest, answer, _extra = legal_plays(
        "mighty", "", "C3 H2", trick=1, trump="H", options={"ripper_first_trick": "lead_and_call"}
    )
    assert all("house rule" in why for why in answer.illegal.values()), answer.illegal


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), JAPANESE_WINNERS)
def test_it_judges_a_joker_led_same_two_only_in_trumps(plays, expected, kw, context):
    context = {"trick": 4, "trump": "H", "leader": 2, **context}
    result = judge("japanese", plays, **context)
    assert_winner(result, plays, expected, 2, kw)
    named = "only a same two in trumps" in result.reason
    assert named is ("only a same two in trumps" in kw), result.reason


# ---- auctions ------------------------------------------------------------------------------

P = "pass"
STARTER = {"all_pass": "starter_12S"}


def run(code, calls, options, players=5, dealer=0):
    variant = find_variant(code)
    rules = variant.rules(options, players)
    return variant.auction(players, calls, rules, dealer=dealer)


def summary(state):
    contract = None if state.contract is None else str(state.contract)
    return (state.complete, state.next, state.declarer, contract, state.redeal)


# fmt: off
AUCTIONS = [
    ("starter-all-pass", "japanese", STARTER, 0, [P] * 5, (True, None, 1, "12S", False)),
    ("starter-dealer-3", "japanese", STARTER, 3, [P] * 5, (True, None, 4, "12S", False)),
    ("starter-above-min-bid", "japanese", {**STARTER, "min_bid": 14}, 0, [P] * 5, (True, None, 1, "12S", False)),
    ("starter-a-bid-stands", "japanese", STARTER, 0, [P, "13S", P, P, P, P], (True, None, 2, "13S", False)),
    ("starter-default-redeal", "japanese", {}, 0, [P] * 5, (True, None, None, None, True)),
    ("starter-not-yet", "japanese", STARTER, 0, [P] * 4, (False, 0, None, None, False)),
    ("taiwan-nt-highest", "taiwan", {}, 0, ["3S", "3NT", P, P, P, P], (True, None, 2, "3NT", False)),
    ("taiwan-nt-off-suits", "taiwan", {"no_trump_bid": "off"}, 0, ["3C", "3S", P, P, P, P], (True, None, 2, "3S", False)),
    ("taiwan-nt-off-number-style", "taiwan", {"no_trump_bid": "off", "bid_style": "number"}, 0, ["11", "12", P, P, P, P], (True, None, 2, "12", False)),
    ("hongkong-nt-off", "hongkong", {"no_trump_bid": "off"}, 0, ["2D", P, P, P, P], (True, None, 1, "2D", False)),
]
# fmt: on


@pytest.mark.parametrize(
    ("code", "options", "dealer", "calls", "expected"),
    [pytest.param(*r[1:], id=r[0]) for r in AUCTIONS],
)
def test_it_runs_the_auctions_of_the_peers_rules(code, options, dealer, calls, expected):
    assert summary(run(code, calls, options, dealer=dealer)) == expected


def test_it_names_the_starter_rule_when_all_pass():
    assert "house rule" in run("japanese", [P] * 5, STARTER).reason


@pytest.mark.parametrize(
    ("code", "options", "calls", "error", "field"),
    [
        ("japanese", STARTER, [P] * 6, IllegalCall, "calls[5]"),
        ("taiwan", {"no_trump_bid": "off"}, ["3S", "3NT"], CallNotationError, "calls[1]"),
        ("hongkong", {"no_trump_bid": "off"}, ["1NT"], CallNotationError, "calls[0]"),
    ],
)
def test_it_refuses_a_call_the_peers_rules_forbid(code, options, calls, error, field):
    with pytest.raises(error) as refused:
        run(code, calls, options)
    assert refused.value.field == field


def test_it_refuses_a_starter_without_a_first_caller():
    variant = find_variant("japanese")
    with pytest.raises(BadOptionValue) as refused:
        variant.rules({**STARTER, "auction_order": "free"}, 5)
    assert refused.value.field == "options.all_pass"


# ---- contracts -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "options", "contract", "accepted"),
    [
        ("japanese", {**STARTER, "min_bid": 14}, "12S", True),
        ("japanese", {**STARTER, "min_bid": 14}, "12H", False),
        ("japanese", {**STARTER, "min_bid": 14}, "13S", False),
        ("japanese", {"min_bid": 14}, "12S", False),
        ("japanese", {**STARTER, "min_bid": 11}, "11H", True),
        ("taiwan", {}, "3NT", True),
        ("taiwan", {"no_trump_bid": "off"}, "3NT", False),
        ("hongkong", {"no_trump_bid": "off"}, "5NT", False),
        ("taiwan", {"no_trump_bid": "off", "bid_style": "number"}, "3S", True),
    ],
)
def test_it_takes_the_contracts_the_peers_rules_allow(code, options, contract, accepted):
    variant = find_variant(code)
    rules = variant.rules(options, 5)
    try:
        variant.parse_contract(contract, rules)
    except RulesError:
        assert not accepted
    else:
        assert accepted


def test_it_lists_the_starter_contract_below_the_lowest_bid():
    variant = find_variant("japanese")
    rules = variant.rules({**STARTER, "min_bid": 14}, 5)
    assert variant.ladder(rules, for_auction=False).ladder()[:2] == ["12S", "14C"]
    assert "NT" not in variant.trump_choices(rules)
    taiwan = find_variant("taiwan")
    assert "NT" not in taiwan.trump_choices(taiwan.rules({"no_trump_bid": "off"}, 5))
