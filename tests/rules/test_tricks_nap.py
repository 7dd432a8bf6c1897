"""Who wins a Nap trick, worked by hand.

4 players unless a row says otherwise, seat 0 leads. The suit the bidder leads
to trick 1 is trump for the hand; misère has no trump by default.
"""

import pytest

from scoring.rules.errors import IllegalTrick
from tests.rules.trick_helpers import assert_winner, judge, row


def play(plays, context):
    context = {"trick": 2, "trump": "C", **context}
    return judge("nap", plays, **context)


ROWS = [
    # Trick 1: the led suit is trump, whether the caller says so or leaves it out.
    row("trick-1-trump-left-out", "C5 C9 H2 CK", "CK", trick=1, trump=None),
    row("trick-1-trump-is-led-suit", "C5 C9 H2 CK", "CK", trick=1, trump="C"),
    row("trick-1-off-suit-ace-loses", "D5 HA SA D6", "D6", trick=1, trump=None),
    # Later tricks: highest trump, else highest of the led suit.
    row("trump-2-beats-led-ace", "H5 HK C2 HA", "C2"),
    row("higher-trump", "H5 C3 C2 HA", "C3"),
    row("no-trump-played", "H5 HK D2 HA", "HA"),
    row("seat-from-leader", "H5 HK C2 HA", "C2", leader=3),
    row("three-players", "H5 C2 HA", "C2", players=3),
    row("ten-players", "H5 HK C2 HA D3 S4 H9 D9 S9 C9", "C9", leader=7),
    row("four-players-nap-contract", "H5 HK C2 HA", "C2", contract="nap"),
    # Misère: no trump, so a club is just an off-suit card.
    row("misere-no-trump", "H5 C2 HK D3", "HK", trump=None, contract="misere"),
    row("misere-trick-1", "C5 C9 H2 CK", "CK", trick=1, trump=None, contract="misere"),
    row(
        "misere-with-trump-option",
        "H5 C2 HK D3",
        "C2",
        contract="misere",
        options={"misere_no_trump": False},
    ),
]


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), ROWS)
def test_it_finds_the_nap_trick_winner(plays, expected, kw, context):
    result = play(plays, context)
    assert_winner(result, plays, expected, context.get("leader", 0), kw)
    assert result.toppled is False


def test_it_refuses_a_joker_call_in_nap():
    with pytest.raises(IllegalTrick):
        play("H5 HK C2 HA", {"joker_called": True})


@pytest.mark.parametrize(
    ("plays", "context"),
    [
        pytest.param("C5 C9 H2 CK", {"trump": "H"}, id="hearts-named-clubs-led"),
        pytest.param("C5 C9 H2 CK", {"trump": "H", "contract": "nap"}, id="with-a-contract"),
        pytest.param("D5 D9 S2", {"trump": "S"}, id="three-players"),
    ],
)
def test_it_refuses_a_trick_1_trump_other_than_the_led_suit(plays, context):
    with pytest.raises(IllegalTrick):
        play(plays, {"trick": 1, **context})
