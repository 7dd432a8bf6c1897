"""Every reason the engine gives, kept as it was: the golden table (tests/rules/golden.py)
holds situations of every game under many house rules, with the winner and reason of each
trick, the legal cards and why the others are not, and each score's amounts and lines.
Making the engine faster must not change a word of them."""

import pytest
from django.utils import translation

from scoring.rules import Bid, HandFacts, Trick
from scoring.rules.cards import card
from tests.rules import golden

TABLES = golden.read()


def test_it_keeps_situations_of_every_game_and_kind():
    games = {table["variant"] for table in TABLES}
    kinds = {case["kind"] for table in TABLES for case in table["cases"]}
    assert games == set(golden.VARIANTS)
    assert kinds == {"trick", "legal", "score"}


@pytest.mark.parametrize(
    "table",
    TABLES,
    ids=[f"{t['variant']}-{t['players']}-{n}" for n, t in enumerate(TABLES)],
)
def test_it_answers_every_recorded_situation_as_recorded(table):
    for number, case in enumerate(table["cases"]):
        recorded = case["answer"]
        assert golden.answer(table, case) == recorded, (number, case["kind"])


@pytest.mark.parametrize(
    "table",
    TABLES,
    ids=[f"{t['variant']}-{t['players']}-{n}" for n, t in enumerate(TABLES)],
)
def test_it_answers_as_recorded_with_one_rules_object_asked_again_and_again(table):
    """What a variant keeps on a rules object (its tables of constants) never changes an
    answer: every case asked twice of one rules object."""
    variant = golden.VARIANTS[table["variant"]]
    rules = variant.rules(table["options"], table["players"])
    for _round in range(2):
        for number, case in enumerate(table["cases"]):
            assert golden.answer(table, case, rules) == case["answer"], (number, case["kind"])


def test_it_writes_reasons_in_the_language_of_whoever_reads_them():
    """A reason is written when read: a trick judged, a legal play answered or a hand scored
    in one language reads in another as if it had been asked there."""
    mighty = golden.VARIANTS["mighty"]
    rules = mighty.rules({}, 5)
    trick = Trick(5, 2, tuple(card(c) for c in ("HK", "H2", "S5", "HA", "D9")), "S", 0)
    question = Trick(5, 2, (card("HK"),), "S", 0)
    hand = [card(c) for c in ("H3", "C4", "D5")]
    facts = HandFacts(5, 0, Bid(14, "S"), 1, declarer_points=15)
    judged, answered, scored = (
        mighty.judge(trick, rules),
        mighty.legal_plays(question, hand, rules),
        mighty.score(facts, rules),
    )
    english = (judged.reason, answered.illegal, scored.lines)
    with translation.override("fr"):
        french = (judged.reason, answered.illegal, mighty.score(facts, rules).lines)
        fresh = mighty.rules({}, 5)
        asked = (
            mighty.judge(trick, fresh).reason,
            mighty.legal_plays(question, hand, fresh).illegal,
            mighty.score(facts, fresh).lines,
        )
    assert french == asked
    assert all(f != e for f, e in zip(french, english, strict=True))
