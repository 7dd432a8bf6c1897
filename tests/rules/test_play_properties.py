"""Random but legal hands, played out by the engine, keep the game's invariants.

Hypothesis picks the variant, the player count, the house rules and the seed;
``simulate.play_random_hand`` deals, runs the auction with random legal calls,
exchanges, and plays every trick with a random legal card, asking the engine at
each step. Whatever the choices, the invariants below must hold.
"""

import dataclasses
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.rules import VARIANTS, RulesError
from scoring.rules.score_values import ScoreValues
from scoring.rules.simulate import play_random_hand
from scoring.rules.variants.mighty import DealMissValues, TrumpChangeCost
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS
from tests.fuzzing import examples

pytestmark = pytest.mark.slow

TABLES = [(code, n) for code, v in VARIANTS.items() for n in v.players]


def option_values(spec):
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "int":
        low, high = spec.choices
        return st.integers(low, high)
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.name == "score_values":
        return st.just(ScoreValues())  # drawn against the active table, see ``own_numbers``
    if spec.name == "deal_miss_values":
        counts = [st.integers(-4, 4) for _key in range(4)]
        return st.builds(DealMissValues, *counts, st.integers(-4, 12))
    return st.builds(TrumpChangeCost, st.integers(0, 3), st.integers(0, 3))


@st.composite
def tables(draw):
    code, players = draw(st.sampled_from(TABLES))
    variant = VARIANTS[code]
    chosen = {s.name: draw(option_values(s)) for s in variant.Rules.specs() if draw(st.booleans())}
    try:
        rules = variant.rules(chosen, players)
    except RulesError:
        assume(False)  # a combination the rules refuse
    if draw(st.booleans()):
        own = draw(own_numbers(variant.score_coefficients(players, rules)))
        rules = variant.rules({**chosen, "score_values": own}, players)
    return variant, players, rules


@st.composite
def own_numbers(draw, table):
    """A table's own numbers that keep a zero-sum table zero-sum: every amount scaled by
    one factor, multipliers and the Mighty's base and bid weight drawn freely."""
    scale = draw(st.integers(1, 5))
    numbers = {}
    for c in table:
        if c.name.endswith("multiplier"):
            numbers[c.name] = draw(st.integers(1, 4))
        elif c.name in ("base", "bid_weight"):
            numbers[c.name] = draw(st.integers(c.low, c.high))
        elif scale > 1:  # every amount, or the zero-sum rows would tilt
            numbers[c.name] = c.default * scale
    return numbers


def played_hand(variant, players, rules, seed):
    rng = random.Random(seed)
    # A few tries: an all-pass auction is a legal redeal, but it plays no cards.
    for dealer in range(12):
        hand = play_random_hand(variant, players, rules, rng, dealer % players)
        if not hand.redeal:
            return hand
    return hand


SEEDS = st.integers(0, 2**32)


@settings(max_examples=examples(150), deadline=None)
@given(tables(), SEEDS)
def test_it_plays_every_card_exactly_once(table, seed):
    variant, players, rules = table
    hand = played_hand(variant, players, rules, seed)
    if hand.redeal:
        return
    played = [c for t in hand.tricks for c in t.trick.plays]
    assert len(played) == len(set(played))
    if any(t.result.toppled for t in hand.tricks):
        return  # a toppled Thai hand ends after trick 1
    assert len(hand.tricks) == variant.tricks(players, rules)
    everything = sorted(c.code for c in played + hand.discards + _undealt(hand))
    assert everything == sorted(c.code for c in variant.deck(players, rules))


def _undealt(hand):
    """Nap's stock, the only cards nobody takes into a hand."""
    return hand.blind if hand.variant == "nap" else []


@settings(max_examples=examples(150), deadline=None)
@given(tables(), SEEDS)
def test_it_gives_each_trick_one_winner_among_its_plays(table, seed):
    variant, players, rules = table
    hand = played_hand(variant, players, rules, seed)
    for played in hand.tricks:
        result, trick = played.result, played.trick
        assert len(trick.plays) == trick.live_players
        assert result.winner != trick.sitting_out
        assert trick.plays[result.play_index] is result.card
        assert result.winner == trick.seat_of(result.play_index)
        assert result.card.label in result.reason


@settings(max_examples=examples(150), deadline=None)
@given(tables(), SEEDS)
def test_it_adds_point_cards_up_to_the_deck_total(table, seed):
    variant, players, rules = table
    hand = played_hand(variant, players, rules, seed)
    if hand.redeal or not variant.point_ranks:
        return
    facts = hand.facts
    placed = sum(len(cards) for cards in facts.captured.values()) + len(facts.discards)
    assert placed == len(variant.point_cards(players, rules))
    # Under Taiwan's discards_to: target the quick count keeps the discards: they raise the
    # target (rules-house.md §8.10.1).
    discards = facts.discards if variant.discards_raise_target(rules) else ()
    quick = dataclasses.replace(
        facts, captured=None, discards=discards, declarer_points=hand.score.declarer_points
    )
    assert variant.score(quick, rules) == hand.score


@settings(max_examples=examples(200), deadline=None)
@given(tables(), SEEDS)
def test_it_keeps_zero_sum_tables_at_zero(table, seed):
    variant, players, rules = table
    hand = played_hand(variant, players, rules, seed)
    if hand.redeal:
        return
    assert len(hand.score.deltas) == players
    assert hand.score.lines
    if zero_sum(variant.code, players, rules, hand.facts):
        assert hand.score.total == 0, (hand.score, hand.facts)


def zero_sum(code, players, rules, facts):
    """The tables rules.md makes zero-sum (others are applied as written)."""
    if code in ("taiwan", "hongkong") and rules.score_table == "taiwan":
        return players == 5 or (players == 4 and rules.four_player_table == "balanced")
    if code in ("taiwan", "hongkong"):
        return False
    if code == "japanese-chip" or (code == "japanese" and rules.score_table == "chips"):
        return players == 5 and not facts.alone
    if code == "mighty":
        # Four players: the declarer takes the balance.
        return players == 4 or rules.formula in PAGAT_FORMULAS or not facts.alone
    if code == "nap":
        return rules.nap_scoring == "stakes"
    return False


@settings(max_examples=examples(100), deadline=None)
@given(tables(), SEEDS)
def test_it_always_leaves_a_legal_card_and_explains_the_rest(table, seed):
    variant, players, rules = table
    hand = played_hand(variant, players, rules, seed)
    # play_random_hand asserts a legal card exists at every turn; here, every
    # card of a real hand is classified exactly once, each refusal with a reason.
    for played in hand.tricks[:3]:
        trick = played.trick
        for cut in range(len(trick.plays)):
            partial = dataclasses.replace(trick, plays=trick.plays[:cut])
            seat_hand = [
                trick.plays[cut],
                *[c for c in hand.dealt[trick.seat_of(cut)] if c not in trick.plays],
            ][:6]
            context = {}
            if variant.code in ("taiwan", "hongkong"):
                context = {"declarer": hand.declarer}
            answer = variant.legal_plays(partial, seat_hand, rules, **context)
            assert answer.legal
            assert set(answer.legal) | set(answer.illegal) == set(seat_hand)
            assert not set(answer.legal) & set(answer.illegal)
            assert all(reason for reason in answer.illegal.values())
