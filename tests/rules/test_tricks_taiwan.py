"""Who wins a Taiwan / Hong Kong trick, worked by hand.

Unless a row says otherwise: 5 players (10 tricks, so the last three are tricks
8–10), hearts trump, seat 0 leads, and the secretary card is ♠9, which no row
plays. Hong Kong differs only in the first lead and the scores, so every row
runs under both variants.
"""

import pytest

from scoring.rules.errors import IllegalTrick, NotationError
from tests.rules.trick_helpers import assert_winner, judge, row

VARIANTS = pytest.mark.parametrize("variant", ["taiwan", "hongkong"])
SECRETARY = ("secretary",)
JOKER = ("joker",)
LAST_THREE = ("last three", "last 3", "final three")
SUMMON = ("summon",)
LOSES = {"summoned_joker_loses": True}
ANY_PLAY = {"joker_summon": "any_play"}
ANY_PLAY_LOSES = {"joker_summon": "any_play", "summoned_joker_loses": True}


def play(variant, plays, context):
    context = {"trick": 2, "trump": "H", "called": "S9", **context}
    return judge(variant, plays, **context)


ORDER = [
    row("led-suit-highest-wins", "C5 C9 CK C2 D3", "CK"),
    row("led-suit-beats-off-suit-aces", "D5 C9 SA D6 CA", "D6"),
    row("trump-2-beats-led-ace", "C5 C9 H2 CA D3", "H2"),
    row("higher-trump-wins", "C5 H3 HK C9 HA", "HA"),
    row("little-joker-beats-trump-ace", "C5 HA LJ C9 CA", "LJ", kw=JOKER),
    row("big-joker-beats-little-joker", "C5 LJ HA BJ C2", "BJ", kw=JOKER),
    # The winner's seat counts round from the leader.
    row("seat-counted-from-leader", "C5 C9 CK C2 D3", "CK", leader=3),
    # A named suit only matters after a joker or secretary lead.
    row("lead-suit-ignored-for-a-plain-lead", "C5 C9 CK S2 SA", "CK", lead_suit="S"),
    row("four-players", "C5 HA LJ C9", "LJ", players=4),
    row("six-players", "C5 H3 HK C9 HA D2", "HA", players=6),
]

SECRETARY_CARD = [
    # Any card can be the secretary card, and it then beats everything.
    row("low-club-secretary-beats-big-joker", "D5 BJ HA C2 DA", "C2", called="C2", kw=SECRETARY),
    row("trump-2-secretary-beats-both-jokers", "C5 BJ H2 LJ HA", "H2", called="H2", kw=SECRETARY),
    row(
        "little-joker-secretary-beats-big-joker", "C5 BJ LJ HA CA", "LJ", called="LJ", kw=SECRETARY
    ),
    row("secretary-in-no-trump", "D5 BJ CA C2 DA", "C2", called="C2", trump=None, kw=SECRETARY),
    # ... including the last three tricks, where jokers are otherwise demoted.
    row("secretary-in-trick-8", "C5 HA D2 CA BJ", "D2", called="D2", trick=8, kw=SECRETARY),
    row("secretary-in-last-trick", "C5 HA D2 CA BJ", "D2", called="D2", trick=10, kw=SECRETARY),
    row(
        "big-joker-secretary-not-demoted-in-last-three",
        "C5 BJ HA CA D2",
        "BJ",
        called="BJ",
        trick=9,
        kw=SECRETARY,
    ),
    # Led, it still wins; the leader names the suit the others follow.
    row("secretary-led", "C2 SA HA BJ S3", "C2", called="C2", lead_suit="S", kw=SECRETARY),
    row(
        "secretary-led-in-last-trick",
        "C2 SA HA BJ S3",
        "C2",
        called="C2",
        lead_suit="S",
        trick=10,
        kw=SECRETARY,
    ),
    row(
        "little-joker-secretary-led-in-last-three",
        "LJ S2 HA BJ SA",
        "LJ",
        called="LJ",
        lead_suit="S",
        trick=9,
        kw=SECRETARY,
    ),
    row(
        "secretary-beats-led-big-joker",
        "BJ S5 C2 SA HA",
        "C2",
        called="C2",
        lead_suit="S",
        kw=SECRETARY,
    ),
]

JOKER_LEADS = [
    # Before the last three tricks a led joker keeps its rank.
    row("big-joker-led-wins", "BJ S2 SA HA LJ", "BJ", lead_suit="S", kw=JOKER),
    row("little-joker-led-loses-to-big-joker", "LJ SA BJ H2 S3", "BJ", lead_suit="S", kw=JOKER),
    row("little-joker-led-beats-trumps", "LJ SA HA H2 S3", "LJ", lead_suit="S", kw=JOKER),
]

LAST_THREE_TRICKS = [
    # Trick 7 of 10 is not yet in the last three: the big joker still wins.
    row("trick-7-big-joker-still-top", "C5 BJ C2 LJ D9", "BJ", trick=7, kw=JOKER),
    # From trick 8 on, a joker played to follow is below every real card.
    row("trick-8-jokers-lowest", "C5 BJ C2 LJ D9", "C5", trick=8),
    row("trick-9-off-suit-cards-irrelevant", "C5 BJ D9 LJ CA", "CA", trick=9),
    row("trick-10-trump-beats-jokers", "C5 BJ H2 CA LJ", "H2", trick=10),
    # A joker led in the last three is the 0 (little) or 1 (big) of the named suit.
    row("led-big-joker-beats-off-suit", "BJ D9 C5 LJ DA", "BJ", trick=8, lead_suit="S"),
    row("led-big-joker-loses-to-spade-2", "BJ D9 S2 CA DK", "S2", trick=9, lead_suit="S"),
    row("led-little-joker-over-following-big", "LJ BJ D9 C5 DA", "LJ", trick=9, lead_suit="S"),
    row("led-joker-loses-to-trump", "BJ D9 H2 SA C5", "H2", trick=10, lead_suit="S"),
    row(
        "led-joker-loses-to-secretary",
        "BJ S2 C2 SA HA",
        "C2",
        trick=9,
        lead_suit="S",
        called="C2",
        kw=SECRETARY,
    ),
    # Naming the trump suit makes the led joker the lowest trump.
    row("led-joker-named-trump-is-a-trump", "LJ D9 CA BJ DK", "LJ", trick=8, lead_suit="H"),
    row("led-joker-named-trump-loses-to-h2", "LJ H2 CA BJ DK", "H2", trick=8, lead_suit="H"),
    # T depends on the player count: 4 players play 13 tricks, 6 players 8.
    row("four-players-trick-11-demotes", "C5 BJ C2 LJ", "C5", players=4, trick=11),
    row("four-players-trick-10-not-yet", "C5 BJ C2 LJ", "BJ", players=4, trick=10),
    row("six-players-trick-6-demotes", "C5 BJ C2 LJ D9 S3", "C5", players=6, trick=6),
    row("six-players-trick-5-not-yet", "C5 BJ C2 LJ D9 S3", "BJ", players=6, trick=5),
]

NO_TRUMP = [
    row("nt-led-suit-highest", "C5 S2 CK DA C9", "CK", trump=None),
    row("nt-big-joker-wins", "C5 BJ CA LJ D2", "BJ", trump=None, kw=JOKER),
    row("nt-led-joker-keeps-rank", "LJ D5 DA BJ C2", "BJ", trump=None, lead_suit="D", trick=3),
    row("nt-last-three-jokers-lowest", "C5 BJ CA LJ D2", "CA", trump=None, trick=8),
    row(
        "nt-last-three-led-joker-over-off-suit",
        "LJ C5 SA CA BJ",
        "LJ",
        trump=None,
        trick=9,
        lead_suit="D",
    ),
    row(
        "nt-last-three-led-joker-under-d2",
        "LJ C5 D2 CA BJ",
        "D2",
        trump=None,
        trick=9,
        lead_suit="D",
    ),
]

SUMMONS = [
    # lead_first_three (default): the summoned joker keeps its rank.
    row("trump-2-summons-big-joker-which-wins", "H2 C5 BJ HA D3", "BJ", trick=1, joker_called=True),
    row("trump-3-summons-little-joker-trick-3", "H3 LJ HK C5 D2", "LJ", trick=3, joker_called=True),
    row(
        "big-joker-summoned-when-little-is-secretary",
        "H2 BJ LJ HA C5",
        "LJ",
        trick=2,
        joker_called=True,
        called="LJ",
        kw=SECRETARY,
    ),
    # summoned_joker_loses: the summoned joker cannot win; anything else may.
    row(
        "summoned-big-joker-loses",
        "H2 C5 BJ HA D3",
        "HA",
        trick=1,
        joker_called=True,
        options=LOSES,
    ),
    row(
        "summoned-little-joker-loses-unsummoned-big-wins",
        "H3 LJ BJ HK C5",
        "BJ",
        trick=2,
        joker_called=True,
        options=LOSES,
    ),
    row(
        "summoned-little-joker-loses-to-trump-king",
        "H3 LJ C5 HK D2",
        "HK",
        trick=2,
        joker_called=True,
        options=LOSES,
    ),
    row("no-summon-no-loss", "H2 C5 BJ HA D3", "BJ", trick=1, options=LOSES),
    # any_play: a joker played after the trump 2 (big) or 3 (little) was forced.
    row("any-play-forced-joker-keeps-rank", "C5 H2 BJ HA C9", "BJ", trick=5, options=ANY_PLAY),
    row("any-play-forced-big-joker-loses", "C5 H2 BJ HA C9", "HA", trick=5, options=ANY_PLAY_LOSES),
    row(
        "any-play-joker-before-the-2-unaffected",
        "C5 BJ H2 HA C9",
        "BJ",
        trick=5,
        options=ANY_PLAY_LOSES,
    ),
    row(
        "any-play-trump-2-does-not-force-little",
        "C5 H2 LJ HA C9",
        "LJ",
        trick=5,
        options=ANY_PLAY_LOSES,
    ),
    row(
        "any-play-trump-3-forces-little-only",
        "C5 H3 LJ HA BJ",
        "BJ",
        trick=5,
        options=ANY_PLAY_LOSES,
    ),
    row(
        "any-play-secretary-big-joker-never-summoned",
        "C5 H2 BJ HA C9",
        "BJ",
        trick=5,
        called="BJ",
        options=ANY_PLAY_LOSES,
        kw=SECRETARY,
    ),
]


@VARIANTS
@pytest.mark.parametrize(
    ("plays", "expected", "kw", "context"),
    ORDER + SECRETARY_CARD + JOKER_LEADS + LAST_THREE_TRICKS + NO_TRUMP + SUMMONS,
)
def test_it_finds_the_trick_winner(variant, plays, expected, kw, context):
    result = play(variant, plays, context)
    assert_winner(result, plays, expected, context.get("leader", 0), kw)
    assert result.toppled is False


@VARIANTS
@pytest.mark.parametrize(
    ("plays", "expected", "kw", "context"),
    [
        row("trick-8", "C5 BJ C2 LJ D9", "C5", trick=8),
        row("led-joker-named-trump", "LJ H2 CA BJ DK", "H2", trick=8, lead_suit="H"),
    ],
)
def test_it_says_why_jokers_lost_in_the_last_three(variant, plays, expected, kw, context):
    # The table needs to hear why a big joker lost to a club 5.
    result = play(variant, plays, context)
    assert_winner(result, plays, expected, 0)
    assert any(k in result.reason.lower() for k in LAST_THREE), result.reason


@VARIANTS
@pytest.mark.parametrize(
    ("plays", "expected", "kw", "context"),
    [
        row("lead-first-three", "H2 C5 BJ HA D3", "HA", trick=1, joker_called=True, options=LOSES),
        row("any-play", "C5 H2 BJ HA C9", "HA", trick=5, options=ANY_PLAY_LOSES),
    ],
)
def test_it_says_the_summoned_joker_could_not_win(variant, plays, expected, kw, context):
    result = play(variant, plays, context)
    assert_winner(result, plays, expected, 0)
    assert "summon" in result.reason.lower(), result.reason


ILLEGAL_SUMMONS = [
    # Only tricks 1-3 ...
    row("summon-in-trick-4", "H2 C5 BJ HA D3", None, trick=4),
    # ... only the trump 2 or 3 ...
    row("summon-with-trump-4", "H4 C5 BJ HA D3", None, trick=1),
    row("summon-with-off-suit-2", "C2 C5 BJ HA D3", None, trick=1),
    # ... only when it was led, not played later ...
    row("summon-by-a-following-2", "C5 H2 BJ HA D3", None, trick=1),
    # ... and there is no trump 2 or 3 in no trump.
    row("summon-in-no-trump", "C2 C5 BJ CA D3", None, trick=1, trump=None),
    # The secretary card never summons, and a secretary joker is never summoned.
    row("led-2-is-the-secretary", "H2 C5 BJ HA D3", None, trick=1, called="H2", lead_suit="H"),
    row("big-joker-is-the-secretary", "H2 C5 BJ HA D3", None, trick=1, called="BJ"),
    row("little-joker-is-the-secretary", "H3 C5 LJ HA D3", None, trick=1, called="LJ"),
    # Other summon styles have no summoning lead at all.
    row("summon-style-off", "H2 C5 BJ HA D3", None, trick=1, options={"joker_summon": "off"}),
    row("summon-style-any-play", "H2 C5 BJ HA D3", None, trick=1, options=ANY_PLAY),
]


@VARIANTS
@pytest.mark.parametrize(("plays", "expected", "kw", "context"), ILLEGAL_SUMMONS)
def test_it_refuses_a_summon_the_lead_cannot_make(variant, plays, expected, kw, context):
    with pytest.raises(IllegalTrick):
        play(variant, plays, {**context, "joker_called": True})


@VARIANTS
@pytest.mark.parametrize(
    ("plays", "called"),
    [
        pytest.param("BJ S2 SA HA LJ", "S9", id="big-joker-led"),
        pytest.param("LJ S2 SA HA BJ", "S9", id="little-joker-led"),
        pytest.param("C2 S2 SA HA BJ", "C2", id="secretary-led"),
    ],
)
def test_it_needs_the_named_suit_when_a_joker_or_secretary_is_led(variant, plays, called):
    # Without it nobody knows what to follow: a notation error, not a rule breach.
    with pytest.raises(NotationError):
        judge(variant, plays, trick=2, trump="H", called=called)
