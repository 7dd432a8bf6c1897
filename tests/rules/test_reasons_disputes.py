"""Reasons that settle the argument at the table: a ruling that is right says why the card
the players were arguing about did not win, or why it must be played.

Each row is a trick and words its reason must hold (and words it must not), worked by hand.
"""

import pytest

from tests.rules.trick_helpers import judge, legal_plays

NO_TRUMP_SUIT = "this hand has no trump suit"

# variant, the trick's cards, its context, the winner, words the reason holds, words it lacks
TRICKS = [
    pytest.param(
        "japanese",
        "H5 H9 H2 HK H3",
        {"trick": 1, "trump": "S"},
        "HK",
        ["Same two does not count on the first trick", "♥2"],
        [],
        id="japanese-same-two-not-on-trick-1",
    ),
    pytest.param(
        "japanese",
        "H5 H9 H2 HK JK",
        {"trick": 3, "trump": "S"},
        "HK",
        ["Same two does not count with a joker in the trick", "♥2"],
        [],
        id="japanese-same-two-not-with-a-joker",
    ),
    pytest.param(
        "japanese",
        "JK H9 H2 HK H3",
        {"trick": 3, "trump": "S", "lead_suit": "H"},
        "JK",
        ["after a led joker", "♥2"],
        [],
        id="japanese-same-two-not-after-a-led-joker",
    ),
    pytest.param(
        "japanese",
        "H5 H9 H2 HK H3",
        {"trick": 3, "trump": "S", "options": {"same_two": False}},
        "HK",
        ["Same two is off at this table", "♥2"],
        [],
        id="japanese-same-two-off",
    ),
    pytest.param(
        "japanese",
        "H5 H9 H2 HK H3",
        {"trick": 3, "trump": "S"},
        "H2",
        ["same two"],
        ["does not"],
        id="japanese-same-two-applies",
    ),
    pytest.param(
        "japanese",
        "H5 H9 H2 HK H3",
        {"trick": 3, "trump": "S", "options": {"same_two": False}, "players": 5},
        "HK",
        ["no trump was played"],
        [NO_TRUMP_SUIT],
        id="japanese-trump-hand-says-no-trump-was-played",
    ),
    pytest.param(
        "thai",
        "H5 H9 H2 HK H3",
        {"trick": 3, "trump": "S"},
        "HK",
        ["♥2 does not take it", "only on the first trick"],
        [],
        id="thai-two-after-trick-1",
    ),
    pytest.param(
        "thai",
        "H5 H9 H2 HK C3",
        {"trick": 1, "trump": "S"},
        "HK",
        ["♥2 does not take it", "only when everyone follows suit"],
        [],
        id="thai-first-trick-two-needs-everyone-to-follow",
    ),
    pytest.param(
        "thai",
        "S5 S9 S2 SK SA",
        {"trick": 1, "trump": "H"},
        "SA",
        ["♠2 does not take it", "not ♠A or the jacks"],
        [],
        id="thai-first-trick-two-below-the-almighty",
    ),
    pytest.param(
        "thai",
        "H5 H9 H2 HK H3",
        {"trick": 1, "trump": "S"},
        "H2",
        ["first trick everyone followed suit"],
        ["does not take it"],
        id="thai-first-trick-two-wins",
    ),
    pytest.param(
        "taiwan",
        "H5 S2 HK BJ H3",
        {"trick": 2, "trump": "S", "options": {"joker_summon": "any_play"}},
        "BJ",
        ["Big Joker beats every card", "summoned", "keeps its rank"],
        [],
        id="taiwan-summoned-joker-keeps-its-rank",
    ),
    pytest.param(
        "taiwan",
        "H5 H2 HK BJ H3",
        {"trick": 2, "trump": "S", "options": {"joker_summon": "any_play"}},
        "BJ",
        ["Big Joker beats every card"],
        ["summoned"],
        id="taiwan-joker-not-summoned-says-nothing-of-it",
    ),
    pytest.param(
        "taiwan",
        "H5 H9 H2 HK H3",
        {"trick": 2, "trump": None},
        "HK",
        [NO_TRUMP_SUIT],
        ["no trump was played"],
        id="taiwan-no-trump-hand",
    ),
    pytest.param(
        "mighty",
        "H5 H9 H2 HK H3",
        {"trick": 2, "trump": None},
        "HK",
        [NO_TRUMP_SUIT],
        ["no trump was played"],
        id="mighty-no-trump-hand",
    ),
    pytest.param(
        "nap",
        "H5 H9 H2 HK",
        {"trick": 2, "trump": "S", "contract": "misere", "options": {"misere_no_trump": True}},
        "HK",
        [NO_TRUMP_SUIT],
        ["no trump was played"],
        id="nap-misere-without-trumps",
    ),
    pytest.param(
        "nap",
        "H5 H9 H2 HK",
        {"trick": 2, "trump": "S"},
        "HK",
        ["no trump was played"],
        [NO_TRUMP_SUIT],
        id="nap-trump-hand",
    ),
]


@pytest.mark.parametrize(("variant", "plays", "context", "winner", "has", "lacks"), TRICKS)
def test_it_says_why_the_disputed_card_did_not_win(variant, plays, context, winner, has, lacks):
    result = judge(variant, plays, **context)
    assert result.card.code == winner, result.reason
    for words in has:
        assert words in result.reason, result.reason
    for words in lacks:
        assert words not in result.reason, result.reason


# hand, whether the secretary card was ordered: the reason given for a card not allowed
FORCED = [
    pytest.param(
        "HA BJ D3 S5",
        True,
        ["you must play ♥A or Big Joker", "secretary card, ♥A", "Big Joker was summoned"],
        id="order-and-summon-name-both-cards",
    ),
    pytest.param(
        "BJ D3 S5",
        True,
        ["the Big Joker was summoned: you must play it"],
        id="summon-alone",
    ),
    pytest.param(
        "HA D3 S5",
        True,
        ["the napoleon ordered the secretary card: you must play it"],
        id="order-alone",
    ),
]


@pytest.mark.parametrize(("hand", "ordered", "has"), FORCED)
def test_it_names_each_card_a_player_must_play(hand, ordered, has):
    secretary = {"secretary_ordered": ordered, "declarer": 0}
    *_rest, answer, _extra = legal_plays(
        "taiwan",
        "S2 H4",
        hand,
        secretary=secretary,
        trick=2,
        trump="S",
        called="HA",
        options={"joker_summon": "any_play"},
    )
    reason = answer.illegal[next(c for c in answer.illegal if c.code == "D3")]
    for words in has:
        assert words in reason, reason
    assert reason.count("you must play") == 1, reason
