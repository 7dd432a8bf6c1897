"""Property tests for the house rules a differential test found (rules-house.md §8.10): the
new options drawn at random, beside the options they combine with, keep each rule's promise.

Hypothesis draws the options, the hand's facts, the trick or the seed; each test compares the
engine's answer under the drawn rules with its answer without the new rule, or checks what
the rule promises outright.
"""

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring.rules import RulesError, find_variant
from scoring.rules.cards import JOKER, SUITS
from scoring.rules.simulate import play_random_hand
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS
from tests.fuzzing import fuzz_settings
from tests.rules.scoring_helpers import score_hand
from tests.rules.trick_helpers import judge

pytestmark = pytest.mark.slow

MIGHTY_NEW = {
    "alone_doubles_failed": st.booleans(),
    "bid_20_doubles_failed": st.booleans(),
    "failed_pays_back": st.booleans(),
    "made_at_least_one": st.booleans(),
}
MIGHTY_OTHERS = {
    "formula": st.sampled_from(("seed", *PAGAT_FORMULAS)),
    "alone_doubles": st.booleans(),
    "no_trump_doubles": st.sampled_from(("always", "made_only")),
    "back_run": st.sampled_from(("opponents_11", "opponents_10", "opponents_reach_bid", "off")),
    "bid_20_doubles": st.booleans(),
    "min_bid": st.integers(10, 14),
}


@st.composite
def mighty_hands(draw):
    options = {name: draw(values) for name, values in {**MIGHTY_NEW, **MIGHTY_OTHERS}.items()}
    bid = draw(st.integers(options["min_bid"], 20))
    contract = f"{bid}{draw(st.sampled_from((*SUITS, 'NT')))}"
    partner = draw(st.sampled_from((None, 1, 2, 3, 4)))
    # Near the bid, where the rules turn, as often as anywhere.
    near = st.integers(max(0, bid - 2), min(20, bid + 2))
    points = draw(st.one_of(near, st.integers(0, 20)))
    return options, contract, partner, points


def mighty(options, contract, partner, points):
    return score_hand("mighty", 5, 0, contract, partner, options, declarer_points=points)


@fuzz_settings(300, deadline=None)
@given(mighty_hands(), st.sampled_from(sorted(MIGHTY_NEW)))
def test_a_new_mighty_score_rule_that_changes_a_score_names_itself(hand, name):
    options, contract, partner, points = hand
    drawn = mighty(options, contract, partner, points)
    default = mighty({**options, name: name == "alone_doubles_failed"}, contract, partner, points)
    assert drawn.made is default.made is (points >= int(contract.rstrip("SHDCNT")))
    if drawn.deltas != default.deltas:
        said = [line for line in drawn.lines if line not in default.lines]
        assert any("house rule" in line for line in said), (name, drawn.lines)


@fuzz_settings(300, deadline=None)
@given(mighty_hands())
def test_a_mighty_score_keeps_its_sign_and_pagats_zero_sum(hand):
    options, contract, partner, points = hand
    score = mighty(options, contract, partner, points)
    declarer = score.deltas[0]
    assert declarer >= 0 if score.made else declarer <= 0
    if score.made and options["made_at_least_one"]:
        assert declarer > 0, score.lines  # never 0: at least 1 before any doubling
    if options["formula"] in PAGAT_FORMULAS:
        assert score.total == 0


@fuzz_settings(300, deadline=None)
@given(mighty_hands())
def test_paying_back_never_makes_a_failed_contract_cheaper(hand):
    options, contract, partner, points = hand
    paid = mighty({**options, "failed_pays_back": True}, contract, partner, points)
    plain = mighty({**options, "failed_pays_back": False}, contract, partner, points)
    assert abs(paid.deltas[0]) >= abs(plain.deltas[0])
    if paid.made or options["formula"] == "seed":
        assert paid.deltas == plain.deltas


# ---- the powerless Mighty ------------------------------------------------------------------


@st.composite
def mighty_tricks(draw):
    variant = find_variant("mighty")
    deck = variant.deck(5, variant.rules({}, 5))
    plays = draw(st.lists(st.sampled_from(deck), min_size=5, max_size=5, unique=True))
    number = draw(st.sampled_from((1, 2, 9, 10)))
    trump = draw(st.sampled_from((*SUITS, None)))
    powerless = draw(st.sampled_from(("none", "first", "last", "first_and_last")))
    joker_power = draw(st.booleans())
    lead_suit = draw(st.sampled_from(SUITS)) if plays[0] is JOKER else None
    options = {"mighty_powerless": powerless, "joker_powerless_first_last": joker_power}
    context = {"trick": number, "trump": trump, "lead_suit": lead_suit}
    return " ".join(c.code for c in plays), options, context


@fuzz_settings(400, deadline=None)
@given(mighty_tricks())
def test_a_powerless_mighty_is_a_plain_card_and_the_ruling_says_so(trick):
    plays, options, context = trick
    try:
        drawn = judge("mighty", plays, options=options, **context)
    except RulesError:
        assume(False)  # a lead barred from trick 1
    full = judge("mighty", plays, options={**options, "mighty_powerless": "none"}, **context)
    if drawn.card != full.card:
        assert "the mighty has no power" in drawn.reason.lower(), drawn.reason
        assert full.reason.startswith(f"{full.card.label} wins: the Mighty"), full.reason


# ---- the same two after a led joker ----------------------------------------------------------


@st.composite
def joker_led_tricks(draw):
    trump = draw(st.sampled_from((*SUITS, None)))
    suit = draw(st.sampled_from(SUITS))
    ranks = draw(st.lists(st.integers(2, 14), min_size=4, max_size=4, unique=True))
    cards = [
        f"{suit}{'A' if r == 14 else 'K' if r == 13 else 'Q' if r == 12 else 'J' if r == 11 else r}"
        for r in ranks
    ]
    options = {"same_two_led_joker": True, "same_two_in_trump": draw(st.booleans())}
    return " ".join(["JK", *cards]), trump, options


@fuzz_settings(300, deadline=None)
@given(joker_led_tricks())
def test_a_joker_led_same_two_is_always_a_trump_same_two(trick):
    plays, trump, options = trick
    result = judge("japanese", plays, trick=4, trump=trump, leader=0, options=options)
    if result.card.rank == 2:
        assert trump is not None and result.card.suit == trump, result.reason
        assert options["same_two_in_trump"], result.reason


# ---- Taiwan's fixed amounts for a failed hand ------------------------------------------------

FAILED = (
    "standard_failed_napoleon",
    "standard_failed_secretary",
    "standard_failed_defender",
    "dictator_failed_napoleon",
    "dictator_failed_defender",
)


@fuzz_settings(300, deadline=None)
@given(
    st.sampled_from(("taiwan", "hongkong")),
    st.sampled_from((4, 5, 6)),
    st.fixed_dictionaries({name: st.integers(-1000, 1000) for name in FAILED}),
    st.integers(1, 8),
    st.integers(0, 16),
    st.booleans(),
    st.sampled_from(("seed", "balanced")),
)
def test_a_failed_hand_pays_each_fixed_amount_once(code, players, own, level, points, alone, table):
    partner = None if alone else 2
    options = {"four_player_table": table}
    plain = score_hand(code, players, 0, f"{level}S", partner, options, declarer_points=points)
    fixed = score_hand(
        code,
        players,
        0,
        f"{level}S",
        partner,
        {**options, "score_values": own},
        declarer_points=points,
    )
    if plain.made:
        assert fixed.deltas == plain.deltas
        return
    kind = "dictator" if alone else "standard"
    for seat, (before, after) in enumerate(zip(plain.deltas, fixed.deltas, strict=True)):
        role = "napoleon" if seat == 0 else "secretary" if seat == partner else "defender"
        assert after - before == own[f"{kind}_failed_{role}"], (seat, role)


# ---- auctions and played hands -------------------------------------------------------------


@fuzz_settings(100, deadline=None)
@given(st.sampled_from((4, 5, 6, 7)), st.integers(0, 6), st.integers(1, 20))
def test_when_all_pass_the_first_caller_plays_twelve_spades(players, dealer, low):
    variant = find_variant("japanese")
    rules = variant.rules({"all_pass": "starter_12S", "min_bid": low}, players)
    dealer %= players
    state = variant.auction(players, ["pass"] * players, rules, dealer=dealer)
    assert (state.declarer, str(state.contract)) == ((dealer + 1) % players, "12S")
    variant.parse_contract("12S", rules)  # /score takes it whatever the lowest bid


@fuzz_settings(100, deadline=None)
@given(
    st.sampled_from(("taiwan", "hongkong")),
    st.sampled_from((4, 5, 6)),
    st.sampled_from(("suit", "number")),
    st.integers(0, 2**32),
)
def test_a_table_without_no_trump_never_plays_one(code, players, style, seed):
    variant = find_variant(code)
    rules = variant.rules({"no_trump_bid": "off", "bid_style": style}, players)
    hand = play_random_hand(variant, players, rules, random.Random(seed))
    assert hand.contract is None or hand.contract.trump != "NT"
