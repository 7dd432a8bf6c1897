"""Who wins a Thai trick, worked by hand.

5 players, hearts trump (♥J the front jack, ♦J the back jack), seat 0 leads.
"""

import pytest

from scoring.rules.errors import IllegalTrick
from tests.rules.trick_helpers import assert_winner, judge, row

FIRST_TRICK = ("first trick", "trick 1")
TOPPLED = ("topple",)
BEATS_SPECIALS = {"first_two_beats_specials": True}


def play(plays, context):
    context = {"trick": 2, "trump": "H", **context}
    return judge("thai", plays, **context)


ORDER = [
    row("led-suit-highest-wins", "C5 C9 CK D2 S3", "CK"),
    row("trump-beats-led-suit", "C5 H2 CK HK D3", "HK"),
    row("almighty-beats-both-jacks", "C5 HJ SA DJ H2", "SA"),
    row("front-jack-beats-back-jack", "C5 DJ HJ HA C2", "HJ"),
    row("back-jack-beats-trump-ace", "C5 HA DJ CK C2", "DJ"),
    row("club-jack-plain", "C5 CJ CQ D2 S3", "CQ"),
    row("spades-trump-jacks", "D5 CJ SK SQ D2", "CJ", trump="S"),
    row("seat-from-leader", "C5 H2 CK HK D3", "HK", leader=4),
    # Thai has no same two after trick 1.
    row("trick-2-all-clubs-ace-wins", "C5 C9 CK C2 CA", "CA"),
]

FIRST = [
    # Everyone followed: the 2 of the suit beats the rest of the suit.
    row("everyone-followed-two-wins", "C5 C9 CK C2 CA", "C2", trick=1, kw=FIRST_TRICK),
    row("everyone-followed-no-two", "C5 C9 CK CQ CA", "CA", trick=1),
    # Someone off-suit: the normal order.
    row("off-suit-card-normal-order", "C5 C9 CK C2 DA", "CK", trick=1),
    row("off-suit-trump-wins", "C5 C9 H3 C2 CA", "H3", trick=1),
    row("off-suit-almighty-wins", "C5 C9 SA C2 CA", "SA", trick=1),
    # ♠A and the jacks still win unless first_two_beats_specials.
    row("almighty-still-beats-two", "S5 SA S9 S2 SK", "SA", trick=1),
    row("almighty-loses-to-two-option", "S5 SA S9 S2 SK", "S2", trick=1, options=BEATS_SPECIALS),
    row("front-jack-still-beats-two", "H5 HJ H9 H2 HK", "HJ", trick=1),
    row("front-jack-loses-to-two-option", "H5 HJ H9 H2 HK", "H2", trick=1, options=BEATS_SPECIALS),
    row("back-jack-still-beats-two", "D5 DJ D9 D2 DK", "DJ", trick=1),
    row("back-jack-loses-to-two-option", "D5 DJ D9 D2 DK", "D2", trick=1, options=BEATS_SPECIALS),
    # Under spades ♦J is an ordinary diamond.
    row("plain-diamond-jack-loses-to-two", "D5 DJ D9 D2 DK", "D2", trick=1, trump="S"),
    # The 2 rule needs a full follow, and 2-3-4-5-7 is not a topple.
    row("two-three-four-five-seven", "C2 C3 C4 C5 C7", "C2", trick=1),
    row("five-cards-not-one-suit", "C2 C3 C4 D5 C6", "C6", trick=1),
]


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), ORDER + FIRST)
def test_it_finds_the_thai_trick_winner(plays, expected, kw, context):
    result = play(plays, context)
    assert_winner(result, plays, expected, context.get("leader", 0), kw)
    assert result.toppled is False


@pytest.mark.parametrize(
    "plays",
    [
        pytest.param("C2 C3 C4 C5 C6", id="in-order"),
        pytest.param("C6 C4 C2 C5 C3", id="any-order"),
        pytest.param("H4 H2 H6 H3 H5", id="in-trumps"),
    ],
)
def test_it_topples_the_napoleon(plays):
    # 2-3-4-5-6 of one suit on trick 1 ends the hand; the 2 takes the trick.
    result = play(plays, {"trick": 1})
    assert result.toppled is True
    two = plays[0] + "2"
    assert_winner(result, plays, two, 0)
    assert any(k in result.reason.lower() for k in TOPPLED), result.reason


@pytest.mark.parametrize("trick", [1, 3])
def test_it_refuses_a_joker_call_in_thai(trick):
    # There is no joker to call; api.md makes joker_called true a 422 here.
    with pytest.raises(IllegalTrick):
        play("C3 C9 CK C2 CA", {"trick": trick, "joker_called": True})


def test_it_does_not_topple_after_trick_1():
    # The same five cards on trick 2 are an ordinary trick: the 6 is highest.
    result = play("C2 C3 C4 C5 C6", {"trick": 2})
    assert result.toppled is False
    assert_winner(result, "C2 C3 C4 C5 C6", "C6", 0)
