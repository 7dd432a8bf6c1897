"""Random Japanese hands under random house rules keep the games' invariants.

Hypothesis draws every Japanese house rule (combinations the rules refuse are skipped) and
a table's own score numbers; ``simulate.play_random_hand`` then deals, bids, plays and
scores a hand asking the engine at every step. Own numbers are drawn two
ways: anything within bounds, or numbers that keep each row summing to zero with five
players, as the default tables do.
"""

import dataclasses
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.rules import VARIANTS
from scoring.rules.errors import OptionError
from scoring.rules.score_values import ScoreValues
from scoring.rules.simulate import play_random_hand
from tests.fuzzing import examples

pytestmark = pytest.mark.slow

CHIP_ROWS = ("made", "failed", "siberian", "twenty_made", "twenty_failed")
AMOUNT = st.integers(-50, 50)


def chips_active(code, rules) -> bool:
    return code == "japanese-chip" or rules.score_table == "chips"


@st.composite
def balanced_values(draw, chips: bool) -> dict:
    """Own numbers with every five-player row summing to zero (alone too, for the wins
    table; the chip table's alone multiplier never keeps a hand at zero)."""
    partner = "general" if chips else "adjutant"
    values = {}
    for row in CHIP_ROWS if chips else ("made", "failed"):
        opponent, second = draw(AMOUNT), draw(AMOUNT)
        values[f"{row}_opponent"] = opponent
        values[f"{row}_{partner}"] = second
        values[f"{row}_napoleon"] = -(second + 3 * opponent)
    if chips:
        values["alone_multiplier"] = draw(st.integers(1, 16))
    else:
        for row in ("made", "failed"):
            opponent = draw(AMOUNT)
            values[f"alone_{row}_opponent"] = opponent
            values[f"alone_{row}_napoleon"] = -4 * opponent
    return values


@st.composite
def any_values(draw, table) -> dict:
    chosen = draw(st.lists(st.sampled_from(table), unique_by=lambda c: c.name, max_size=6))
    return {c.name: draw(st.integers(c.low, c.high)) for c in chosen}


@st.composite
def japanese_tables(draw):
    code = draw(st.sampled_from(("japanese", "japanese-chip")))
    variant = VARIANTS[code]
    players = draw(st.sampled_from(variant.players))
    specs = [s for s in variant.Rules.specs() if s.name != "score_values"]
    chosen = {s.name: draw(st.sampled_from(_values(s))) for s in specs if draw(st.booleans())}
    try:
        rules = dataclasses.replace(variant.rules(None, players), **chosen)
    except OptionError:
        assume(False)  # a combination the rules refuse
    chips = chips_active(code, rules)
    balanced = draw(st.booleans())
    if balanced:
        values = draw(balanced_values(chips))
    else:
        values = draw(any_values(variant.score_coefficients(players, rules)))
    rules = variant.rules(
        {**rules.as_json(), "score_values": values}, players
    )  # checks the names and bounds against the active table
    assert rules.score_values == ScoreValues(tuple(sorted(values.items())))
    return variant, players, rules, balanced


def _values(spec):
    if spec.kind == "bool":
        return (True, False)
    if spec.kind == "int":
        low, high = spec.choices
        return tuple(range(low, high + 1))
    return spec.choices


def played(variant, players, rules, seed):
    rng = random.Random(seed)
    for dealer in range(12):
        hand = play_random_hand(variant, players, rules, rng, dealer % players)
        if not hand.redeal:
            return hand
    return hand


SEEDS = st.integers(0, 2**32)


@settings(max_examples=examples(120), deadline=None)
@given(japanese_tables(), SEEDS)
def test_it_plays_every_card_once_with_one_winner_per_trick(table, seed):
    variant, players, rules, _ = table
    hand = played(variant, players, rules, seed)
    if hand.redeal:
        return
    cards = [c for t in hand.tricks for c in t.trick.plays]
    assert sorted(c.code for c in cards + hand.discards) == sorted(
        c.code for c in variant.deck(players, rules)
    )
    for trick in hand.tricks:
        result = trick.result
        assert trick.trick.plays[result.play_index] is result.card
        assert result.winner == trick.trick.seat_of(result.play_index)
        assert result.card.label in result.reason


@settings(max_examples=examples(120), deadline=None)
@given(japanese_tables(), SEEDS)
def test_it_keeps_balanced_tables_at_zero(table, seed):
    variant, players, rules, balanced = table
    hand = played(variant, players, rules, seed)
    if hand.redeal:
        return
    score = hand.score
    assert len(score.deltas) == players and score.lines
    chips = chips_active(variant.code, rules)
    if balanced and players == 5 and not (chips and hand.facts.alone):
        assert score.total == 0, (score, hand.facts, rules.score_values)


@settings(max_examples=examples(60), deadline=None)
@given(japanese_tables(), SEEDS)
def test_it_always_leaves_a_legal_card_with_reasons_for_the_rest(table, seed):
    variant, players, rules, _ = table
    hand = played(variant, players, rules, seed)
    for trick in hand.tricks[:4]:
        situation = trick.trick
        for cut in range(players):
            partial = dataclasses.replace(situation, plays=situation.plays[:cut])
            seat = situation.seat_of(cut)
            held = [
                situation.plays[cut],
                *[c for c in hand.dealt[seat] if c not in situation.plays],
            ]
            answer = variant.legal_plays(partial, held[:7], rules)
            assert answer.legal
            assert set(answer.legal) | set(answer.illegal) == set(held[:7])
            assert not set(answer.legal) & set(answer.illegal)
            assert all(reason.strip() for reason in answer.illegal.values())
