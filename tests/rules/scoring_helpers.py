"""Shared plumbing for the score-table tests (tests/rules/test_score*.py).

Expected values in those tables are worked out by hand from rules.md, never
from the engine, so these helpers only build the hand and compare the result.
"""

from scoring.rules import HandFacts, find_variant, parse_card


def cards(text):
    """'SA SK H10' -> a tuple of Card objects."""
    return tuple(parse_card(code) for code in text.split())


def score_hand(variant, players, declarer, contract, partner=None, options=None, **result):
    """Score one hand through the engine; ``result`` is declarer_points, captured, tricks ..."""
    game = find_variant(variant)
    rules = game.rules(options or {}, players)
    facts = HandFacts(players, declarer, game.parse_contract(contract, rules), partner, **result)
    return game.score(facts, rules)


def check(score, made, target, points, deltas, zero_sum=False):
    """Compare every field of a Score with the row computed from rules.md."""
    got = (score.made, score.target, score.declarer_points, score.deltas)
    assert got == (made, target, points, tuple(deltas))
    assert score.lines, "a score must carry at least one reason line"
    assert score.total == sum(deltas)
    if zero_sum:
        assert score.total == 0
