"""The scores a rules object keeps for the Mighty (``mighty/score_table.py``): each result met
again is answered as if met for the first time, and the table stays bounded."""

from scoring.rules import VARIANTS, Bid, HandFacts
from scoring.rules.variants.mighty import score_table

MIGHTY = VARIANTS["mighty"]


def test_it_answers_a_result_met_again_as_a_fresh_rules_object_does():
    rules = MIGHTY.rules({"formula": "pagat"}, 5)
    results = [
        HandFacts(5, declarer, Bid(bid, trump), partner, declarer_points=points)
        for declarer, partner in ((0, 1), (0, None), (3, 2), (3, 3))
        for bid, trump in ((13, "S"), (16, "NT"), (20, "H"))
        for points in (9, 13, 16, 20)
    ]
    for _round in range(2):
        for facts in results:
            assert MIGHTY.score(facts, rules) == MIGHTY.score(
                facts, MIGHTY.rules({"formula": "pagat"}, 5)
            )


def test_it_keeps_no_more_results_than_its_bound(monkeypatch):
    monkeypatch.setattr(score_table, "MOST_KEPT", 3)
    rules = MIGHTY.rules({}, 5)
    for points in range(8, 21):
        facts = HandFacts(5, 1, Bid(14, "D"), 2, declarer_points=points)
        assert MIGHTY.score(facts, rules) == MIGHTY.score(facts, MIGHTY.rules({}, 5))
        assert len(rules.__dict__["_score_tables"][5].scores) <= 3
