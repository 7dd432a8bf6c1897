"""Which cards may be played under the Japanese house rules, alone and combined.

Each row: the cards already in the trick (empty: the player leads), the hand, and the
legal cards; every other card must come back refused with a reason. Unless a row says
otherwise: 5 players, hearts trump (♦J is the jack of the trump's colour), trick 4.
"""

import pytest

from tests.rules.trick_helpers import assert_partition


def lrow(test_id, plays, hand, expected, **context):
    return pytest.param(plays, hand, expected, context, id=test_id)


S3_LED = {"joker_call": "S3_led"}
URA = {"ura_jack_any_time": True}
URA_TRUMP = {"ura_jack_any_time": True, "ura_jack_is_trump": True}
PICTURES = {"joker_lead_picture_request": True}
NO_JOKER = {"first_trick_restriction": "no_joker"}
NO_TRUMP = {"first_trick_restriction": "no_joker_no_trump"}
LAST = {"plain_tricks": "last"}

CALLS = [
    lrow("s3-led-calls-joker", "S3", "JK S5 C2", "JK", options=S3_LED),
    lrow("s3-led-without-joker", "S3", "S5 C2", "S5", options=S3_LED),
    lrow("s3-following-calls-nothing", "C5 S3", "JK C9", "JK C9", options=S3_LED),
    lrow("c3-led-calls-joker", "C3", "JK C5 S2", "JK", options={"joker_call": "C3_led"}),
    lrow("c3-led-s3-calls-nothing", "S3", "JK S5", "JK S5", options={"joker_call": "C3_led"}),
    lrow("s3-played-calls-joker", "C5 S3", "JK C9 S2", "JK", options={"joker_call": "S3_played"}),
    lrow("s3-led-also-played", "S3", "JK S5", "JK", options={"joker_call": "S3_played"}),
    # Players before ♠3 are not bound.
    lrow("before-s3-not-bound", "C5", "JK C9 S2", "JK C9", options={"joker_call": "S3_played"}),
    lrow("call-off-by-default", "S3", "JK S5 C2", "JK S5"),
    lrow(
        "no-call-on-a-plain-trick", "S3", "JK S5 C2", "JK S5", trick=10, options={**S3_LED, **LAST}
    ),
    lrow("call-on-trick-1-by-default", "S3", "JK S5 C2", "JK", trick=1, options=S3_LED),
    # No call on trick 1 while the joker is barred from it.
    lrow(
        "no-call-when-joker-barred", "S3", "JK S5 C2", "S5", trick=1, options={**S3_LED, **NO_JOKER}
    ),
    lrow("almighty-call", "S3", "SA S5 C2", "SA", options={"almighty_call": True}),
    lrow(
        "almighty-call-beside-c3-joker-call",
        "S3",
        "SA JK S5",
        "SA",
        options={"almighty_call": True, "joker_call": "C3_led"},
    ),
    lrow("almighty-call-not-by-c3", "C3", "SA C5", "C5", options={"almighty_call": True}),
    lrow(
        "almighty-call-not-on-plain-trick",
        "S3",
        "SA S5 C2",
        "SA S5",
        trick=10,
        options={"almighty_call": True, **LAST},
    ),
]

ANY_TIME = [
    lrow("joker-only-when-void", "C5", "JK C9 S2", "C9", options={"joker_any_time": False}),
    lrow("joker-when-void", "C5", "JK D9 S2", "JK D9 S2", options={"joker_any_time": False}),
    lrow("joker-lead-unaffected", "", "JK C9", "JK C9", options={"joker_any_time": False}),
    lrow("joker-any-time-by-default", "C5", "JK C9 S2", "JK C9"),
    lrow("colour-jack-does-not-oblige", "D5", "DJ S2", "DJ S2", options=URA),
    lrow("colour-jack-obliges-by-default", "D5", "DJ S2", "DJ"),
    lrow("colour-jack-any-time", "C5", "DJ C9 S2", "DJ C9", options=URA),
    lrow("colour-jack-beside-diamonds", "D5", "DJ D9 S2", "DJ D9", options=URA),
    lrow("colour-jack-trump-does-not-oblige", "H5", "DJ C2", "DJ C2", options=URA_TRUMP),
    lrow(
        "colour-jack-trump-obliges-by-default",
        "H5",
        "DJ C2",
        "DJ",
        options={"ura_jack_is_trump": True},
    ),
    lrow("colour-jack-skips-trump-request", "JK", "DJ C2", "DJ C2", options=URA_TRUMP),
    lrow("colour-jack-led-calls-trumps", "DJ", "H2 C5", "H2", options=URA_TRUMP),
    lrow("no-trump-hand-unchanged", "D5", "DJ S2", "DJ", trump=None, options=URA),
]

PICTURE = [
    lrow("pictures-when-no-trump", "JK", "C2 SK D10 S3", "SK D10", options=PICTURES),
    lrow("nothing-to-give", "JK", "C2 S3", "C2 S3", options=PICTURES),
    lrow("trumps-first", "JK", "H2 SK", "H2", options=PICTURES),
    lrow("almighty-is-a-picture", "JK", "C2 SA", "SA", options=PICTURES),
    lrow(
        "colour-jack-any-time-not-counted",
        "JK",
        "DJ C2 SK",
        "DJ SK",
        options={**PICTURES, **URA_TRUMP},
    ),
    lrow("off-by-default", "JK", "C2 SK", "C2 SK"),
    lrow(
        "no-request-on-a-plain-trick",
        "JK",
        "C2 SK",
        "C2 SK",
        trick=10,
        options={**PICTURES, **LAST},
    ),
]

FIRST_TRICK = [
    lrow(
        "none-joker-may-lead",
        "",
        "JK C2 H5",
        "JK C2 H5",
        trick=1,
        options={"first_trick_restriction": "none"},
    ),
    lrow("default-no-joker-lead", "", "JK C2 H5", "C2 H5", trick=1),
    lrow("default-joker-may-follow", "C5", "JK C9", "JK C9", trick=1),
    lrow("no-joker-lead", "", "JK C2", "C2", trick=1, options=NO_JOKER),
    lrow("no-joker-follow", "C5", "JK C9 S2", "C9", trick=1, options=NO_JOKER),
    lrow("no-joker-void", "C5", "JK S2 D4", "S2 D4", trick=1, options=NO_JOKER),
    lrow("no-joker-only-card", "C5", "JK", "JK", trick=1, options=NO_JOKER),
    lrow("no-joker-trick-2", "C5", "JK C9", "JK C9", trick=2, options=NO_JOKER),
    lrow("no-trump-lead", "", "JK C2 H5", "C2", trick=1, options=NO_TRUMP),
    lrow("no-trump-lead-forced", "", "JK H5", "H5", trick=1, options=NO_TRUMP),
    lrow("no-trump-follow-void", "C5", "H5 D4", "D4", trick=1, options=NO_TRUMP),
    lrow("no-trump-every-card-barred", "C5", "JK H5", "H5", trick=1, options=NO_TRUMP),
    lrow("no-trump-follow-trump-lead", "H7", "JK H5 C3", "H5", trick=1, options=NO_TRUMP),
    lrow("no-trump-follow-suit", "C5", "C9 H5", "C9", trick=1, options=NO_TRUMP),
    lrow(
        "no-trump-almighty-as-trump",
        "C5",
        "SA H5 S2",
        "S2",
        trick=1,
        options={**NO_TRUMP, "almighty_is_trump": True},
    ),
    # Without power on trick 1 ♠A follows as a spade, so it is no trump there.
    lrow(
        "no-trump-ordinary-almighty",
        "C5",
        "SA H5 S2",
        "SA S2",
        trick=1,
        options={**NO_TRUMP, "almighty_is_trump": True, "first_trick_plain": "all"},
    ),
    # Any time wins for the jack of the trump's colour, so no bar holds it back.
    lrow(
        "no-trump-colour-jack-any-time",
        "C5",
        "DJ H5 S2",
        "DJ S2",
        trick=1,
        options={**NO_TRUMP, **URA_TRUMP},
    ),
    lrow(
        "bars-on-a-plain-trick-1",
        "C5",
        "JK S2",
        "S2",
        trick=1,
        options={**NO_JOKER, "plain_tricks": "first"},
    ),
]

NEVER = {"led_joker_rank": "never_wins"}
# After a joker that never wins, the second card's suit is the suit led, so a player the trump
# request does not bind follows it (following suit, once no call, bar or request applies).
NEVER_WINS = [
    lrow("never-wins-second-player-free", "JK", "C9 D4 S4", "C9 D4 S4", options=NEVER),
    lrow("never-wins-follow-second-suit", "JK C5", "C9 D4 S4", "C9", options=NEVER),
    lrow("never-wins-trumps-first", "JK C5", "C9 H4 D4", "H4", options=NEVER),
    lrow("never-wins-trump-second-void", "JK H5", "C9 D4", "C9 D4", options=NEVER),
    lrow("never-wins-void-any-card", "JK C5", "D4 S4", "D4 S4", options=NEVER),
    lrow("never-wins-pictures-first", "JK C5", "C9 DK", "DK", options={**NEVER, **PICTURES}),
    lrow("never-wins-colour-jack-any-time", "JK C5", "DJ C9 S4", "DJ C9", options={**NEVER, **URA}),
    lrow("never-wins-no-trump-hand", "JK C5", "C9 D4", "C9", trump=None, options=NEVER),
    # Any other rank: the joker has no suit, and a trumpless player may play any card.
    lrow("below-almighty-no-suit-to-follow", "JK C5", "C9 D4", "C9 D4"),
    lrow(
        "lowest-trump-no-suit-to-follow",
        "JK C5",
        "C9 D4",
        "C9 D4",
        options={"led_joker_rank": "lowest_trump"},
    ),
]

PLAIN = [
    lrow("plain-joker-led-second-free", "JK", "C2 H5", "C2 H5", trick=10, options=LAST),
    lrow("plain-joker-led-follow-second", "JK C5", "C2 H5", "C2", trick=10, options=LAST),
    lrow("plain-follow-suit", "C5", "C9 H5", "C9", trick=10, options=LAST),
    lrow(
        "plain-almighty-follows-as-spade",
        "S5",
        "SA H5",
        "SA",
        trick=10,
        options={**LAST, "almighty_is_trump": True},
    ),
    lrow("chip-plain-follow-suit", "C5", "C9 H5 SA", "C9", variant="japanese-chip", trick=1),
    lrow(
        "chip-almighty-call",
        "S3",
        "SA S5 C2",
        "SA",
        variant="japanese-chip",
        trick=2,
        options={"almighty_call": True},
    ),
    lrow(
        "chip-no-call-on-plain-trick-1",
        "S3",
        "SA S5 C2",
        "SA S5",
        variant="japanese-chip",
        trick=1,
        options={"almighty_call": True},
    ),
]


@pytest.mark.parametrize(
    ("plays", "hand", "expected", "context"),
    CALLS + ANY_TIME + PICTURE + FIRST_TRICK + NEVER_WINS + PLAIN,
)
def test_it_splits_the_hand_under_japanese_house_rules(plays, hand, expected, context):
    context = {"trick": 4, "trump": "H", **context}
    variant = context.pop("variant", "japanese")
    answer = assert_partition(variant, plays, hand, expected, **context)
    for reason in answer.illegal.values():
        assert reason.strip()


@pytest.mark.parametrize(
    ("plays", "hand", "legal", "options", "word"),
    [
        ("S3", "JK S5", "JK", S3_LED, "calls the joker"),
        ("S3", "SA S5", "SA", {"almighty_call": True}, "calls ♠A"),
        ("C5", "JK C9", "C9", {"joker_any_time": False}, "cannot follow suit"),
        ("JK", "C2 SK", "SK", PICTURES, "picture card"),
        ("JK C5", "C9 D4", "C9", NEVER, "never wins"),
    ],
)
def test_it_names_the_house_rule_that_refuses_a_card(plays, hand, legal, options, word):
    answer = assert_partition("japanese", plays, hand, legal, trick=4, trump="H", options=options)
    assert all(word in reason and "house rule" in reason for reason in answer.illegal.values())


def test_it_names_the_first_trick_bars():
    answer = assert_partition(
        "japanese", "", "JK C2 H5", "C2", trick=1, trump="H", options=NO_TRUMP
    )
    reasons = {c.code: why for c, why in answer.illegal.items()}
    assert "first trick" in reasons["JK"] and "first trick" in reasons["H5"]
