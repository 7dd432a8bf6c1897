"""Who wins a Japanese / Japanese-chip trick, worked by hand.

Unless a row says otherwise: 5 players, hearts trump (so ♥J is the trump jack
and ♦J the same-colour jack), trick 4, seat 2 leads, house rules at defaults.
"""

import pytest

from scoring.rules.errors import IllegalTrick
from tests.rules.trick_helpers import assert_winner, judge, row

ALMIGHTY = ("almighty",)
JACK = ("jack",)
SAME_TWO = ("same two", "same-two")
YOROMEKI = ("yoromeki",)
JOKER = ("joker",)
HQ = {"yoromeki": "HQ"}
HA = {"yoromeki": "HA"}
PLAIN_FIRST = {"first_trick_specials_plain": True}


def play(variant, plays, context):
    context = {"trick": 4, "trump": "H", "leader": 2, **context}
    return judge(variant, plays, **context)


ORDER = [
    row("led-suit-highest-wins", "C5 C9 CK C2 D3", "CK"),
    row("trump-2-beats-led-king", "C5 C9 H2 CK D3", "H2"),
    row("same-colour-jack-beats-trump-ace", "C5 HA DJ CK C2", "DJ", kw=JACK),
    row("trump-jack-beats-same-colour-jack", "C5 DJ HJ HA C2", "HJ", kw=JACK),
    row("almighty-beats-trump-jack", "C5 HJ SA DJ C2", "SA", kw=ALMIGHTY),
    # Other jacks are ordinary: ♣J sits under ♣Q, ♠J under ♠Q.
    row("club-jack-plain-under-hearts", "C5 CJ CQ D2 S3", "CQ"),
    row("spade-jack-plain-under-hearts", "S5 SJ SQ D2 C3", "SQ"),
    # With spades trump the jacks are ♠J and ♣J; ♠A is still the almighty.
    row("spades-trump-jack", "D5 SJ CJ SK D2", "SJ", trump="S", kw=JACK),
    row("spades-same-colour-jack-over-king", "D5 CJ SK SQ D2", "CJ", trump="S", kw=JACK),
    row("spades-almighty-over-trump-jack", "D5 SJ SA CJ SK", "SA", trump="S", kw=ALMIGHTY),
    row("four-players", "C5 HA DJ C2", "DJ", players=4, leader=1),
    row("seven-players", "C5 C9 CK C2 D3 S4 CA", "CA", players=7, leader=6),
    # The options that make ♠A / ♦J trumps for following do not change the order.
    row(
        "almighty-is-trump-same-order", "C5 SA HA CK D2", "SA", options={"almighty_is_trump": True}
    ),
    row(
        "ura-jack-is-trump-same-order", "C5 HA DJ CK C2", "DJ", options={"ura_jack_is_trump": True}
    ),
]

NO_TRUMP = [
    # Only ♠A and the joker are special; jacks are plain.
    row("nt-jacks-plain", "C5 HJ DJ CK D2", "CK", trump=None),
    row("nt-club-jack-under-queen", "C5 CJ CQ D2 H3", "CQ", trump=None),
    row("nt-almighty-still-wins", "C5 SA CA CK D2", "SA", trump=None, kw=ALMIGHTY),
    # No trumps to request, so a led joker wins unless ♠A answers.
    row("nt-joker-led-wins", "JK C5 HA D2 S3", "JK", trump=None, kw=JOKER),
    row("nt-joker-led-almighty-wins", "JK C5 SA D2 S3", "SA", trump=None, kw=ALMIGHTY),
    row("nt-same-two", "C5 C9 CK C2 CA", "C2", trump=None, kw=SAME_TWO),
    row("nt-same-two-club-jack-plain", "C5 CJ CK C2 CA", "C2", trump=None, kw=SAME_TWO),
]

JOKER_ROWS = [
    # Following, the joker is the weakest card of the trick.
    row("joker-following-weakest", "C5 JK C2 D3 S4", "C5"),
    row("joker-following-trick-1", "C5 JK C2 D3 S4", "C5", trick=1),
    # Led, it asks for trumps and wins unless ♠A comes.
    row("joker-led-beats-trump-ace", "JK H2 C5 HA D3", "JK", kw=JOKER),
    row("joker-led-beats-both-jacks", "JK HJ DJ HA C2", "JK", kw=JOKER),
    row("joker-led-no-trump-played", "JK C5 D3 S9 C2", "JK", kw=JOKER),
    row("joker-led-almighty-answers", "JK H2 SA HA D3", "SA", kw=ALMIGHTY),
    row("joker-led-spades-trump-almighty", "JK S2 SA SK D3", "SA", trump="S", kw=ALMIGHTY),
    # Yoromeki still applies to a joker-led trick.
    row("joker-led-yoromeki-hq", "JK SA HQ H2 C3", "HQ", options=HQ, kw=YOROMEKI),
    row("joker-led-yoromeki-off", "JK SA HQ H2 C3", "SA", kw=ALMIGHTY),
    row("joker-led-yoromeki-ha", "JK HA SA H2 C3", "HA", options=HA, kw=YOROMEKI),
    # A japanese joker names no suit: a lead_suit given anyway changes nothing.
    row("joker-led-lead-suit-ignored", "JK S2 C5 HA D3", "JK", lead_suit="S", kw=JOKER),
    row("joker-led-queen-alone-is-just-a-trump", "JK HQ H2 C3 D4", "JK", options=HQ),
    # A led joker's trump request decides, whatever same_two_with_joker says.
    row(
        "joker-led-all-hearts-no-same-two",
        "JK H5 H9 H2 HA",
        "JK",
        options={"same_two_with_joker": True},
        kw=JOKER,
    ),
]

SAME_TWO_ROWS = [
    row("same-two-wins", "C5 C9 CK C2 CA", "C2", kw=SAME_TWO),
    row("same-two-not-on-trick-1", "C5 C9 CK C2 CA", "CA", trick=1),
    row(
        "same-two-first-trick-option",
        "C5 C9 CK C2 CA",
        "C2",
        trick=1,
        options={"same_two_first_trick": True},
        kw=SAME_TWO,
    ),
    row("same-two-off", "C5 C9 CK C2 CA", "CA", options={"same_two": False}),
    row("same-two-trick-2", "D7 D9 DK D2 DA", "D2", trick=2, kw=SAME_TWO),
    row("same-two-in-trumps", "H5 H9 HK H2 HA", "H2", kw=SAME_TWO),
    # ♠A, the trump jack and the same-colour jack still beat the 2.
    row("same-two-trump-jack-beats-two", "H5 HJ HK H2 HA", "HJ"),
    row("same-two-almighty-beats-two", "S5 SA SK S2 S9", "SA"),
    row("same-two-same-colour-jack-beats-two", "D5 DJ DK D2 DA", "DJ"),
    # Under clubs ♦J is an ordinary diamond, so the 2 takes it.
    row("same-two-plain-diamond-jack", "D5 DJ DK D2 DA", "D2", trump="C", kw=SAME_TWO),
    row("same-two-needs-one-suit", "C5 C9 CK C2 DA", "CK"),
    row("same-two-needs-the-two", "C5 C9 CK CQ CA", "CA"),
    row("same-two-plain-spade-jack", "S5 SJ SK S2 SQ", "S2", kw=SAME_TWO),
    # A joker in the trick cancels it unless same_two_with_joker.
    row("same-two-broken-by-joker", "C5 C9 JK C2 CA", "CA"),
    row(
        "same-two-with-joker-option",
        "C5 C9 JK C2 CA",
        "C2",
        options={"same_two_with_joker": True},
        kw=SAME_TWO,
    ),
    row("same-two-four-players", "C5 C9 C2 CA", "C2", players=4, leader=0, kw=SAME_TWO),
    row("same-two-seven-players", "C5 C9 CK C2 CA C3 C4", "C2", players=7, kw=SAME_TWO),
    # The trump-for-following options do not move ♠A out of the spades here.
    row(
        "same-two-printed-suits-with-almighty-trump",
        "S5 S9 SK S2 SQ",
        "S2",
        options={"almighty_is_trump": True},
        kw=SAME_TWO,
    ),
]

YOROMEKI_ROWS = [
    row("yoromeki-off-by-default", "C5 C9 SA CK HQ", "SA", kw=ALMIGHTY),
    # The api.md example: seat 2 leads, so the fifth card is seat 1's.
    row("yoromeki-hq-api-example", "C5 C9 SA CK HQ", "HQ", options=HQ, kw=YOROMEKI),
    row("yoromeki-ha", "C5 HA SA CK D2", "HA", options=HA, kw=YOROMEKI),
    row("yoromeki-hq-ignores-ha", "C5 HA SA CK D2", "SA", options=HQ),
    row("yoromeki-ha-ignores-hq", "C5 C9 SA CK HQ", "SA", options=HA),
    row("yoromeki-hq-led-beats-jacks", "HQ SA HJ DJ C2", "HQ", options=HQ, kw=YOROMEKI),
    row("yoromeki-hq-spades-trump", "C5 SA HQ SJ CJ", "HQ", trump="S", options=HQ, kw=YOROMEKI),
    row("yoromeki-needs-almighty", "C5 HQ HJ C9 D2", "HJ", options=HQ),
    row("yoromeki-no-trump", "C5 SA HQ CA D2", "HQ", trump=None, options=HQ, kw=YOROMEKI),
    row("yoromeki-trick-1", "C5 SA HQ CA D2", "HQ", trick=1, options=HQ, kw=YOROMEKI),
]

FIRST_TRICK_PLAIN = [
    row("specials-live-on-trick-1-by-default", "C5 SA CK D3 S2", "SA", trick=1),
    row(
        "plain-almighty-is-an-off-suit-spade", "C5 SA CK D3 S2", "CK", trick=1, options=PLAIN_FIRST
    ),
    row("plain-trump-jack-under-trump-queen", "C5 HJ HQ C9 D2", "HQ", trick=1, options=PLAIN_FIRST),
    row("plain-same-colour-jack-off-suit", "C5 DJ H2 CA D3", "H2", trick=1, options=PLAIN_FIRST),
    row(
        "plain-no-yoromeki-on-trick-1",
        "C5 SA HQ CK C2",
        "CK",
        trick=1,
        trump="D",
        options={**PLAIN_FIRST, **HQ},
    ),
    row("plain-only-on-trick-1", "C5 SA CK D3 S2", "SA", trick=2, options=PLAIN_FIRST),
]

CHIP = [
    # Trick 1: trumps and specials have no power; A K Q J 10 ... 2 of the led suit.
    row("chip-trick-1-trumps-powerless", "C5 H2 CK SA HJ", "CK", trick=1),
    row("chip-trick-1-queen-over-jack-and-ten", "C5 CJ C10 CQ D2", "CQ", trick=1),
    row("chip-trick-1-jack-over-ten", "C5 CJ C10 C9 D2", "CJ", trick=1),
    row("chip-trick-1-no-yoromeki", "C5 SA HQ C9 D2", "C9", trick=1),
    row("chip-trick-1-no-same-two", "C5 C9 CK C2 CA", "CA", trick=1),
    row("chip-trick-1-trump-jack-under-king", "S5 SJ SK C9 D2", "SK", trick=1, trump="S"),
    row("chip-trick-1-same-colour-jack-under-king", "C5 CJ CK D2 H3", "CK", trick=1, trump="S"),
    # From trick 2 the full order.
    row("chip-trick-2-almighty", "C5 H2 CK SA HJ", "SA", trick=2, kw=ALMIGHTY),
    row("chip-trick-2-trump-jack", "C5 H2 CK D3 HJ", "HJ", trick=2, kw=JACK),
    row("chip-trick-2-same-colour-jack", "C5 HA DJ CK C2", "DJ", trick=2, kw=JACK),
    row("chip-trick-2-trump-beats-led", "C5 H2 CK CA D3", "H2", trick=2),
    row("chip-spades-order", "D5 SK CJ SQ D2", "CJ", trick=3, trump="S", kw=JACK),
    # Yoromeki is on (♥Q) by default here.
    row("chip-yoromeki-default-hq", "C5 SA HQ C9 D2", "HQ", trick=2, kw=YOROMEKI),
    row("chip-yoromeki-off", "C5 SA HQ C9 D2", "SA", trick=2, options={"yoromeki": "off"}),
    row("chip-yoromeki-ha", "C5 SA HA C9 D2", "HA", trick=2, options=HA, kw=YOROMEKI),
    row("chip-same-two", "C5 C9 CK C2 CA", "C2", trick=2, kw=SAME_TWO),
    row("chip-same-two-off", "C5 C9 CK C2 CA", "CA", trick=2, options={"same_two": False}),
    row("chip-same-two-trump-jack-beats-two", "H5 HJ HK H2 HA", "HJ", trick=2),
    row("chip-four-players-trick-1", "C5 H2 CK SA", "CK", players=4, trick=1, leader=0),
    row("chip-six-players-same-two", "C5 C9 CK C2 CA C3", "C2", players=6, trick=3, kw=SAME_TWO),
]


@pytest.mark.parametrize(
    ("plays", "expected", "kw", "context"),
    ORDER + NO_TRUMP + JOKER_ROWS + SAME_TWO_ROWS + YOROMEKI_ROWS + FIRST_TRICK_PLAIN,
)
def test_it_finds_the_japanese_trick_winner(plays, expected, kw, context):
    result = play("japanese", plays, context)
    assert_winner(result, plays, expected, context.get("leader", 2), kw)
    assert result.toppled is False


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), CHIP)
def test_it_finds_the_japanese_chip_trick_winner(plays, expected, kw, context):
    result = play("japanese-chip", plays, context)
    assert_winner(result, plays, expected, context.get("leader", 2), kw)


def test_it_reads_the_api_example_seat_by_seat():
    # api.md: seat 2 leads C5, so ♥Q came from seat (2 + 4) % 5 = 1.
    result = play("japanese", "C5 C9 SA CK HQ", {"options": HQ})
    assert (result.winner, result.card.code, result.play_index) == (1, "HQ", 4)
    assert "yoromeki" in result.reason.lower() and "♥Q" in result.reason


@pytest.mark.parametrize(
    ("plays", "context"),
    [
        pytest.param("JK H2 C5 HA D3", {"trick": 1}, id="joker-led-to-trick-1"),
        pytest.param("JK H2 C5 HA D3", {"trick": 1, "trump": None}, id="joker-led-to-trick-1-nt"),
        pytest.param(
            "C3 C5 JK HA D3", {"joker_called": True}, id="joker-called-means-nothing-here"
        ),
    ],
)
def test_it_refuses_a_japanese_trick_the_rules_forbid(plays, context):
    with pytest.raises(IllegalTrick):
        play("japanese", plays, context)
