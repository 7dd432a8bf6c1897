"""The Mighty's amounts (``mighty/score_numbers.py``) against the rules that write its reasons
(``mighty/score.py``): the two agree on every result, under drawn house rules, table numbers
and player counts; a rules object keeps the constants of its scores and nothing about a
result; a result that does not add up is refused as before."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import find_variant
from scoring.rules.bids import Bid
from scoring.rules.cards import SUITS
from scoring.rules.errors import RuleViolation
from scoring.rules.scores import HandFacts
from scoring.rules.variants.mighty import score
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS
from scoring.rules.variants.mighty.score_numbers import ScoreNumbers
from tests.fuzzing import fuzz_settings
from tests.rules.scoring_helpers import cards, score_hand
from tests.rules.test_score_inputs import MIGHTY_CAPTURED, MIGHTY_DISCARDS

pytestmark = pytest.mark.slow

MIGHTY = find_variant("mighty")
OPTIONS = {
    "formula": st.sampled_from(("seed", *PAGAT_FORMULAS)),
    "alone_doubles": st.booleans(),
    "alone_doubles_failed": st.booleans(),
    "no_trump_doubles": st.sampled_from(("always", "made_only")),
    "back_run": st.sampled_from(("opponents_11", "opponents_10", "opponents_reach_bid", "off")),
    "bid_20_doubles": st.booleans(),
    "bid_20_doubles_failed": st.booleans(),
    "failed_pays_back": st.booleans(),
    "made_at_least_one": st.booleans(),
    "discards_to": st.sampled_from(("declarer", "opponents")),
    "min_bid": st.integers(10, 14),
}


@st.composite
def results(draw):
    """Drawn house rules (sometimes the table's own numbers) and a result under them."""
    players = draw(st.sampled_from((4, 5, 6)))
    options = {name: draw(values) for name, values in OPTIONS.items()}
    if draw(st.booleans()):
        rules = MIGHTY.rules(options, players)
        options["score_values"] = {
            c.name: draw(st.integers(c.low, c.high))
            for c in MIGHTY.score_coefficients(players, rules)
        }
    rules = MIGHTY.rules(options, players)
    seats = list(range(players))
    declarer = draw(st.sampled_from(seats))
    partner = draw(st.sampled_from([None, *seats]))
    killed = [s for s in seats if s not in (declarer, partner)] if players == 6 else [None]
    bid = draw(st.integers(options["min_bid"], 20))
    contract = Bid(bid, draw(st.sampled_from((*SUITS, "NT"))))
    # Near the bid, where the rules turn, as often as anywhere.
    points = draw(st.one_of(st.integers(max(0, bid - 2), min(20, bid + 2)), st.integers(0, 20)))
    sitting_out = draw(st.sampled_from(killed))
    facts = HandFacts(
        players, declarer, contract, partner, declarer_points=points, sitting_out=sitting_out
    )
    return rules, facts


@fuzz_settings(400, deadline=None)
@given(results())
def test_it_pays_every_result_what_its_reasons_say(drawn):
    rules, facts = drawn
    values = MIGHTY.coefficients(facts.players, rules)
    points = facts.declarer_points
    amount, _lines = score.unit(facts, rules, values, points)
    deltas, _line = score.shares(facts, values, amount)
    scored = MIGHTY.score(facts, rules)
    assert scored.deltas == deltas
    assert (scored.made, scored.target, scored.declarer_points) == (
        points >= facts.contract.count,
        facts.contract.count,
        points,
    )


def test_it_keeps_the_constants_of_the_rules_and_nothing_of_a_result():
    rules = MIGHTY.rules({}, 5)
    asked = []
    for points in range(21):
        facts = HandFacts(5, 0, Bid(14, "S"), points % 5, declarer_points=points)
        asked.append((facts, MIGHTY.score(facts, rules)))
    kept = {name: value for name, value in rules.__dict__.items() if name.startswith("_")}
    assert list(kept) == ["_score_numbers"]
    assert list(kept["_score_numbers"]) == [5]
    assert isinstance(kept["_score_numbers"][5], ScoreNumbers)
    for facts, first in asked:
        again = MIGHTY.score(facts, rules)
        assert again == first and again is not first


# Each refusal of a result from the captured cards: (result, field of the error).
REFUSALS = {
    "point-card-missing": ({0: cards("SA"), 1: cards("HA")}, MIGHTY_DISCARDS, "captured"),
    "card-twice": ({**MIGHTY_CAPTURED, 4: cards("SA")}, cards("DK"), "captured.4[0]"),
    "card-in-captured-and-discards": (MIGHTY_CAPTURED, cards("DK SA"), "discards[1]"),
    "non-point-card": ({**MIGHTY_CAPTURED, 4: cards("S5")}, MIGHTY_DISCARDS, "captured.4[0]"),
    "more-than-three-discards": (
        {
            s: tuple(c for c in cs if c.code not in ("HA", "HK"))
            for s, cs in MIGHTY_CAPTURED.items()
        },
        cards("DK DQ HA HK"),
        "discards",
    ),
}


@pytest.mark.parametrize("captured,discards,field", list(REFUSALS.values()), ids=list(REFUSALS))
def test_it_refuses_captured_cards_that_do_not_add_up(captured, discards, field):
    with pytest.raises(RuleViolation) as caught:
        score_hand("mighty", 5, 0, "13S", 1, captured=captured, discards=discards)
    assert caught.value.field == field


@pytest.mark.parametrize("bid", [0, 11, 12, 21, 25])
@pytest.mark.parametrize("partner", [None, 2])
def test_it_works_out_a_bid_off_the_ladder_as_its_reasons_do(bid, partner):
    # The amounts are tabled for bids 12 (a second round's) to 20; any other bid is worked out
    # as it comes.
    rules = MIGHTY.rules({}, 5)
    facts = HandFacts(5, 0, Bid(bid, "S"), partner, declarer_points=15)
    values = MIGHTY.coefficients(5, rules)
    amount, _lines = score.unit(facts, rules, values, 15)
    assert MIGHTY.score(facts, rules).deltas == score.shares(facts, values, amount)[0]
