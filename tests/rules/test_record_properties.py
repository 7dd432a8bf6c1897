"""Hand records of random legal play-outs (``simulate``, random house rules), recorded at full
depth: every card, every seat's hand and the auction.

- The record is judged with no illegal play, the same winners and partner, and the score the
  simulation gave; its canonical notation reads back to the same answer.
- With one play swapped for a card its seat held and could not play there, the record reports
  exactly that play.
"""

import random

import pytest
from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st

from scoring.api import handlers, wire
from scoring.rules.simulate import play_random_hand
from tests.fuzzing import fuzz_settings
from tests.rules.record_helpers import record_body, swap_candidates, swapped_body
from tests.rules.test_play_properties import tables

# A share of 60 play-outs every run, all of them in the scheduled `-m slow` (tests/fuzzing.py).
pytestmark = pytest.mark.slow
PLAYOUTS = fuzz_settings(60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(table, seed):
    variant, players, rules = table
    hand = play_random_hand(variant, players, rules, random.Random(seed), seed % players)
    assume(not hand.redeal)
    return hand


@PLAYOUTS
@given(table=tables(), seed=st.integers(0, 2**32))
def test_a_legal_play_out_is_judged_as_it_was_played(table, seed):
    hand = played(table, seed)
    answer = handlers.record(record_body(hand, table[2]))
    assert answer["illegal_plays"] == []
    assert [t["winner"] for t in answer["tricks"]] == [t.result.winner for t in hand.tricks]
    assert answer["complete"] and answer["next"] is None
    partner = None if hand.partner == hand.declarer else hand.partner
    assert answer["partner"]["known"] and answer["partner"]["seat"] == partner
    assert answer["score"] == wire.score(hand.score)
    side = answer["sides"]["declarer"]
    if side["points"] is not None:  # the side's points are the score's (record.md §8)
        assert side["points"] == answer["score"]["declarer_points"]
    assert handlers.record({"notation": answer["notation"]}) == answer


@PLAYOUTS
@given(table=tables(), seed=st.integers(0, 2**32), pick=st.integers(0, 1000))
def test_a_play_swapped_for_an_illegal_card_is_the_one_reported(table, seed, pick):
    hand = played(table, seed)
    variant, players, rules = table
    assume(len(hand.tricks) == variant.tricks(players, rules))  # no toppled first trick
    candidates = swap_candidates(hand, rules)
    assume(candidates)
    index, card = candidates[pick % len(candidates)]
    body = swapped_body(record_body(hand, rules), index, card)
    answer = handlers.record(body)
    last = len(body["tricks"][index]["plays"]) - 1
    reported = [(i["trick"], i["play_index"], i["card"]) for i in answer["illegal_plays"]]
    assert reported == [(index + 1, last, card.code)]
    assert answer["illegal_plays"][0]["by"] in ("hand", "trick")
