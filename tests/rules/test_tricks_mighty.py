"""Who wins a trick of the Mighty, worked by hand.

5 players, 10 tricks, hearts trump, seat 0 leads, trick 2. With hearts trump the
Mighty is ♠A and the Ripper ♣3; with spades trump the Mighty is ♦A; with clubs
trump the Ripper is ♠3.
"""

import pytest

from scoring.rules.errors import IllegalTrick, NotationError
from tests.rules.trick_helpers import assert_winner, judge, row

MIGHTY = ("mighty",)
JOKER = ("joker",)
RIPPER = ("ripper", "joker call")
POWERLESS = {"joker_powerless_first_last": True}


def play(plays, context):
    context = {"trick": 2, "trump": "H", **context}
    return judge("mighty", plays, **context)


ORDER = [
    row("led-suit-highest-wins", "C5 C9 CK D2 S4", "CK"),
    row("trump-ace-wins", "C5 H2 CK HA D3", "HA"),
    row("joker-beats-trump-ace", "C5 HA JK CK D3", "JK", kw=JOKER),
    row("mighty-beats-joker", "C5 JK SA HA D3", "SA", kw=MIGHTY),
    row("mighty-led", "SA S5 JK HA D3", "SA", kw=MIGHTY),
    row("seat-from-leader", "C5 HA JK CK D3", "JK", leader=3, kw=JOKER),
    # Spades trump: the Mighty moves to ♦A; ♠A is just the top trump.
    row("spades-trump-mighty-is-diamond-ace", "C5 SA DA JK D3", "DA", trump="S", kw=MIGHTY),
    row("spades-trump-joker-beats-spade-ace", "C5 SA JK SK D3", "JK", trump="S", kw=JOKER),
    row("spades-trump-spade-ace-top-trump", "C5 SA SK D2 H3", "SA", trump="S"),
    # No trump: ♠A is the Mighty, the joker still has power.
    row("nt-mighty", "C5 SA JK CA D2", "SA", trump=None, kw=MIGHTY),
    row("nt-joker", "C5 JK CA D2 H3", "JK", trump=None, kw=JOKER),
    row("nt-led-suit", "C5 CA D2 H3 SK", "CA", trump=None),
]

JOKER_LEADS = [
    # A joker with power wins whatever was named.
    row("joker-led-wins", "JK S5 SK HA C2", "JK", lead_suit="S", kw=JOKER),
    row("joker-led-mighty-beats-it", "JK S5 SA HA C2", "SA", lead_suit="S", kw=MIGHTY),
    row("joker-led-nt", "JK D5 DA C2 H3", "JK", trump=None, lead_suit="D", kw=JOKER),
]

RIPPER_ROWS = [
    # The Ripper led takes the joker's power, called or not.
    row("ripper-call-trump-wins", "C3 JK HA C9 D2", "HA", joker_called=True, kw=RIPPER),
    row("ripper-call-led-suit-wins", "C3 JK D5 S2 D9", "C3", joker_called=True),
    row("ripper-no-call-joker-still-powerless", "C3 C9 JK CK D2", "CK", kw=RIPPER),
    row("ripper-call-mighty-wins", "C3 JK SA HA D2", "SA", joker_called=True, kw=MIGHTY),
    # Clubs trump: ♠3 is the Ripper, ♣3 just a trump.
    row("clubs-trump-spade-3-ripper", "S3 JK SK C2 D5", "C2", trump="C", joker_called=True),
    row("clubs-trump-club-3-plain", "C3 JK CA D2 H5", "JK", trump="C", kw=JOKER),
    row("nt-ripper-call", "C3 JK CA D2 H5", "CA", trump=None, joker_called=True),
    # Only clubs trump moves the Ripper; under spades it is still ♣3.
    row("spades-trump-club-3-ripper", "C3 JK S2 C9 D5", "S2", trump="S", joker_called=True),
]

POWERLESS_ROWS = [
    # Default: the joker has power on the last trick.
    row("last-trick-joker-wins-by-default", "C5 JK HA CK D2", "JK", trick=10, kw=JOKER),
    row("last-trick-joker-powerless", "C5 JK HA CK D2", "HA", trick=10, options=POWERLESS),
    row("first-trick-joker-powerless", "C5 JK CK D2 S4", "CK", trick=1, options=POWERLESS),
    row("middle-trick-joker-has-power", "C5 JK HA CK D2", "JK", trick=5, options=POWERLESS),
    row(
        "first-trick-mighty-unaffected",
        "C5 JK SA CK D2",
        "SA",
        trick=1,
        options=POWERLESS,
        kw=MIGHTY,
    ),
    # A powerless led joker wins only if nobody played the named suit or a trump.
    row(
        "powerless-led-joker-unanswered",
        "JK D5 C9 D2 C4",
        "JK",
        trick=10,
        lead_suit="S",
        options=POWERLESS,
    ),
    row(
        "powerless-led-joker-loses-to-suit",
        "JK S2 D5 C9 C4",
        "S2",
        trick=10,
        lead_suit="S",
        options=POWERLESS,
    ),
    row(
        "powerless-led-joker-named-trump-loses-to-trump",
        "JK D5 H2 C9 C4",
        "H2",
        trick=10,
        lead_suit="H",
        options=POWERLESS,
    ),
    row(
        "powerless-led-joker-loses-to-trump",
        "JK D5 H2 C9 C4",
        "H2",
        trick=10,
        lead_suit="S",
        options=POWERLESS,
    ),
]


@pytest.mark.parametrize(
    ("plays", "expected", "kw", "context"),
    ORDER + JOKER_LEADS + RIPPER_ROWS + POWERLESS_ROWS,
)
def test_it_finds_the_mighty_trick_winner(plays, expected, kw, context):
    result = play(plays, context)
    assert_winner(result, plays, expected, context.get("leader", 0), kw)
    assert result.toppled is False


@pytest.mark.parametrize(
    ("plays", "context"),
    [
        # The declarer may not lead the joker or the Ripper to trick 1.
        pytest.param("JK S5 SK HA C2", {"trick": 1, "lead_suit": "S"}, id="joker-led-trick-1"),
        pytest.param("C3 C5 CK HA D2", {"trick": 1}, id="ripper-led-trick-1"),
        pytest.param(
            "C3 JK CK HA D2", {"trick": 1, "joker_called": True}, id="ripper-call-trick-1"
        ),
        # A joker call needs the Ripper led.
        pytest.param("C5 JK CK HA D2", {"joker_called": True}, id="call-without-ripper"),
        pytest.param(
            "C3 JK CK HA D2",
            {"joker_called": True, "trump": "C"},
            id="club-3-not-ripper-under-clubs",
        ),
        pytest.param("D3 JK CK HA D2", {"joker_called": True}, id="call-with-other-3"),
    ],
)
def test_it_refuses_a_mighty_trick_the_rules_forbid(plays, context):
    with pytest.raises(IllegalTrick):
        play(plays, context)


def test_it_needs_the_named_suit_when_the_joker_is_led():
    with pytest.raises(NotationError):
        play("JK S5 SK HA C2", {})
