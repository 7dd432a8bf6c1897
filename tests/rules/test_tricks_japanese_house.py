"""Who wins a Japanese trick under the house rules of the trick order, plain tricks and the
chip game, alone and combined.

One row per option and choice, worked by hand from the trick order. Unless a row says
otherwise: 5 players, hearts trump (♥J the trump jack, ♦J the jack of its colour; ♠J hunts
♥J and ♣J hunts ♦J), trick 4, seat 2 leads. Chip rows play trick 2 unless they say so.
"""

import pytest

from tests.rules.trick_helpers import assert_winner, judge, row

ALMIGHTY = ("almighty",)
JACK = ("jack",)
SAME_TWO = ("same two",)
YOROMEKI = ("yoromeki",)
JOKER = ("joker",)
HOUSE = ("house rule", "at this table")
CANCELLED = ("cancels the yoromeki",)
PLAIN = ("no power", "plain trick")

HQ = {"yoromeki": "HQ"}
AFTER = {"yoromeki": "HA_after"}
LOSES = {"yoromeki": "HQ", "yoromeki_loses_to_jacks": True}
DQ = {"dq_beats_trump_jack": True}
HUNT = {"hunting_jack": True}
LED_JOKER_SAME_TWO_OPTION = {"same_two_led_joker": True}
PLAIN_JACK_OPTION = {"plain_jack_lowest": True}
LAST = {"plain_tricks": "last"}


def rank(choice):
    return {"same_two_rank": choice}


def joker(choice):
    return {"led_joker_rank": choice}


# fmt: off
YOROMEKI_ROWS = [
    row("ha-after-heart-after-almighty", "C5 SA HA CK D2", "HA", options=AFTER, kw=YOROMEKI),
    row("ha-after-almighty-led", "SA C5 HA CK D2", "HA", options=AFTER, kw=YOROMEKI),
    # ♥A led, then ♠A: no yoromeki, ♠A wins, and the reason says why.
    row("ha-after-heart-before-almighty", "HA SA C2 C3 D4", "SA", options=AFTER, kw=("before",)),
    row("ha-after-ignores-hq", "C5 SA HQ CK D2", "SA", options=AFTER, kw=ALMIGHTY),
    row("ha-after-joker-led", "JK SA HA H2 C3", "HA", options=AFTER, kw=YOROMEKI),
]

LOSES_TO_JACKS = [
    row("trump-jack-cancels-yoromeki", "C5 SA HQ HJ C2", "HJ", options=LOSES, kw=CANCELLED),
    row("colour-jack-cancels-yoromeki", "C5 SA HQ DJ C2", "DJ", options=LOSES, kw=CANCELLED),
    row("both-jacks-trump-jack-wins", "DJ SA HQ HJ C2", "HJ", options=LOSES, kw=CANCELLED),
    row("no-jack-yoromeki-stands", "C5 SA HQ CK C2", "HQ", options=LOSES, kw=YOROMEKI),
    row("yoromeki-off-changes-nothing", "C5 SA HQ HJ C2", "SA", options={"yoromeki_loses_to_jacks": True}),
    # Jacks without power (ordinary on trick 1) cancel nothing.
    row("powerless-jack-cancels-nothing", "C5 SA HQ HJ C2", "HQ", trick=1, options={**LOSES, "first_trick_plain": "jacks"}, kw=YOROMEKI),
    row("ha-after-cancelled-by-jack", "C5 SA HA DJ C2", "DJ", options={**AFTER, "yoromeki_loses_to_jacks": True}, kw=CANCELLED),
    # The order goes on after a cancelled yoromeki, so a led joker still beats the jacks.
    row("led-joker-beats-jacks-after-cancel", "JK SA HQ HJ C2", "JK", options=LOSES, kw=CANCELLED),
    row("led-joker-below-trump-jack-after-cancel", "JK SA HQ HJ C2", "HJ", options={**LOSES, **joker("below_trump_jack")}, kw=CANCELLED),
]

DQ_ROWS = [
    row("dq-catches-trump-jack", "C5 HJ DQ CK C2", "DQ", options=DQ, kw=("♦Q catches",)),
    row("dq-catches-trump-jack-over-colour-jack", "C5 HJ DQ DJ C2", "DQ", options=DQ, kw=HOUSE),
    row("dq-nothing-against-colour-jack", "C5 DJ DQ CK C2", "DJ", options=DQ, kw=JACK),
    row("dq-never-beats-almighty", "C5 HJ DQ SA C2", "SA", options=DQ, kw=ALMIGHTY),
    row("dq-never-beats-yoromeki", "C5 SA HQ HJ DQ", "HQ", options={**DQ, **HQ}, kw=YOROMEKI),
    row("dq-never-beats-higher-led-joker", "JK HJ DQ H2 C5", "JK", options=DQ, kw=JOKER),
    row("dq-catches-jack-above-led-joker", "JK HJ DQ H2 C5", "DQ", options={**DQ, **joker("below_jacks")}, kw=HOUSE),
    # Diamonds trump: ♦J is the trump jack and ♦Q a trump; a same two of diamonds
    # ranked above the trump jack is not caught.
    row("dq-trump-queen-catches-diamond-jack", "D5 DJ DQ DK C2", "DQ", trump="D", options=DQ, kw=HOUSE),
    row("dq-same-two-below-jacks", "D5 DJ DQ D2 D9", "DQ", trump="D", options=DQ, kw=HOUSE),
    row("dq-never-beats-higher-same-two", "D5 DJ DQ D2 D9", "D2", trump="D", options={**DQ, **rank("below_almighty")}, kw=SAME_TWO),
    row("dq-no-trump-hand", "C5 HJ DQ CK C2", "CK", trump=None, options=DQ),
    row("dq-off-by-default", "C5 HJ DQ CK C2", "HJ", kw=JACK),
]

HUNT_ROWS = [
    row("spade-jack-hunts-heart-trump-jack", "C5 HJ SJ CK C2", "SJ", options=HUNT, kw=("hunting",)),
    row("club-jack-hunts-diamond-colour-jack", "C5 DJ CJ CK C2", "CJ", options=HUNT, kw=("hunting",) ),
    row("club-jack-does-not-hunt-trump-jack", "C5 HJ CJ CK C2", "HJ", options=HUNT, kw=JACK),
    row("hunt-cancelled-by-almighty", "C5 HJ SJ SA C2", "SA", options=HUNT, kw=ALMIGHTY),
    row("hunt-cancelled-by-other-jack", "C5 HJ SJ DJ C2", "HJ", options=HUNT, kw=("hunting jack is off",)),
    row("colour-jack-hunt-cancelled-by-trump-jack", "C5 DJ CJ HJ C2", "HJ", options=HUNT, kw=JACK),
    row("spades-trump-heart-jack-hunts", "D5 SJ HJ DK D2", "HJ", trump="S", options=HUNT, kw=("hunting",)),
    row("spades-trump-diamond-jack-hunts", "D5 CJ DJ DK D2", "DJ", trump="S", options=HUNT, kw=("hunting",)),
    row("hunt-needs-jacks-with-power", "C5 HJ SJ CK C2", "HJ", trick=1, options={**HUNT, "first_trick_plain": "jacks"}),
    # With ♦Q too, ♦Q's capture comes first.
    row("dq-before-hunting-jack", "C5 HJ SJ DQ C2", "DQ", options={**HUNT, **DQ}, kw=("before the hunting jack",) ),
    row("hunt-after-dq-only-for-colour-jack", "C5 DJ CJ DQ C2", "CJ", options={**HUNT, **DQ}, kw=("hunting",)),
    # A yoromeki cancelled by the jack leaves ♠A in the trick, which calls the hunt off.
    row("hunt-off-with-cancelled-almighty", "C5 SA HQ HJ SJ", "HJ", options={**HUNT, **LOSES}, kw=("off when ♠A",)),
    row("hunt-off-by-default", "C5 HJ SJ CK C2", "HJ", kw=JACK),
]

SAME_TWO_RANK = [
    row("below-jacks-trump-jack-wins", "H5 HJ HK H2 HA", "HJ", options=rank("below_jacks"), kw=JACK ),
    row("below-trump-jack-beats-colour-jack", "D5 DJ DK D2 DA", "D2", options=rank("below_trump_jack"), kw=HOUSE),
    row("below-trump-jack-trump-jack-wins", "H5 HJ HK H2 HA", "HJ", options=rank("below_trump_jack"), kw=JACK),
    row("below-almighty-beats-trump-jack", "H5 HJ HK H2 HA", "H2", options=rank("below_almighty"), kw=HOUSE),
    row("below-almighty-almighty-wins", "S5 SA SK S2 S9", "SA", options=rank("below_almighty"), kw=ALMIGHTY),
    row("top-beats-almighty", "S5 SA SK S2 S9", "S2", options=rank("top"), kw=HOUSE),
    row("top-no-trump-hand", "S5 SA SK S2 S9", "S2", trump=None, options=rank("top"), kw=SAME_TWO),
    row("top-plain-same-two", "C5 C9 CK C2 CA", "C2", options=rank("top"), kw=SAME_TWO),
]

SAME_TWO_IN_TRUMP = [
    row("no-same-two-in-trumps", "H5 H9 HK H2 HA", "HA", options={"same_two_in_trump": False}, kw=("no same two",)),
    row("no-same-two-in-trumps-above-almighty", "S5 S9 SK S2 SA", "SA", trump="S", options={"same_two_in_trump": False, **rank("top")}, kw=("no same two",)),
    row("no-same-two-in-trumps-led-joker-keeps-power", "JK H5 H9 H2 HA", "JK", options={"same_two_in_trump": False, **LED_JOKER_SAME_TWO_OPTION}, kw=("no same two",)),
    row("same-two-outside-trumps-kept", "C5 C9 CK C2 CA", "C2", options={"same_two_in_trump": False}, kw=SAME_TWO),
    row("same-two-in-trumps-by-default", "H5 H9 HK H2 HA", "H2", kw=SAME_TWO),
    row("no-trump-hand-has-no-trump-suit", "H5 H9 HK H2 HA", "H2", trump=None, options={"same_two_in_trump": False}, kw=SAME_TWO),
]

LED_JOKER_SAME_TWO = {"same_two_led_joker": True}
SAME_TWO_LED_JOKER = [
    # Only a trump same two (rules-house.md §8.10.4 c): after a joker lead the trump is
    # the suit led, so one plain suit with its 2 leaves the trick the joker's.
    row("joker-led-same-two", "JK H5 H9 H2 HA", "H2", options=LED_JOKER_SAME_TWO, kw=SAME_TWO),
    row("joker-led-plain-suit-stays-the-jokers", "JK C5 C9 C2 CA", "JK", options=LED_JOKER_SAME_TWO, kw=JOKER),
    row("joker-led-no-trump-hand-never-a-same-two", "JK C5 C9 C2 CA", "JK", trump=None, options=LED_JOKER_SAME_TWO, kw=JOKER),
    row("joker-led-off-by-default", "JK C5 C9 C2 CA", "JK", kw=JOKER),
    row("joker-led-mixed-suits", "JK C5 D9 C2 CA", "JK", options=LED_JOKER_SAME_TWO, kw=JOKER),
    row("joker-led-no-two", "JK C5 C9 C3 CA", "JK", options=LED_JOKER_SAME_TWO, kw=JOKER),
    row("joker-led-same-two-below-trump-jack", "JK H5 HJ H2 H9", "HJ", options=LED_JOKER_SAME_TWO, kw=JACK),
    row("joker-led-same-two-off", "JK C5 C9 C2 CA", "JK", options={**LED_JOKER_SAME_TWO, "same_two": False}),
    row("joker-led-not-on-trick-1", "JK C5 C9 C2 CA", "JK", trick=1, options={**LED_JOKER_SAME_TWO, "first_trick_restriction": "none"}),
    # The same two takes the joker's power whatever led_joker_rank says.
    row("joker-led-same-two-beats-top-joker", "JK H5 H9 H2 HA", "H2", options={**LED_JOKER_SAME_TWO, **joker("top")}, kw=SAME_TWO),
    # same_two_with_joker stays about a following joker.
    row("following-joker-option-not-led", "JK C5 C9 C2 CA", "JK", options={"same_two_with_joker": True}),
]

LED_JOKER_RANK = [
    row("top-beats-almighty", "JK SA C9 C2 CA", "JK", options=joker("top"), kw=HOUSE),
    row("top-loses-to-yoromeki", "JK SA HQ C2 CA", "HQ", options={**joker("top"), **HQ}, kw=YOROMEKI ),
    row("below-almighty-default", "JK SA C9 C2 CA", "SA", kw=ALMIGHTY),
    row("below-trump-jack-trump-jack-wins", "JK HJ C9 C2 CA", "HJ", options=joker("below_trump_jack"), kw=HOUSE),
    row("below-trump-jack-beats-colour-jack", "JK DJ C9 C2 CA", "JK", options=joker("below_trump_jack"), kw=HOUSE),
    row("below-trump-jack-beats-trumps", "JK H2 HA C2 C9", "JK", options=joker("below_trump_jack"), kw=JOKER),
    row("below-jacks-colour-jack-wins", "JK DJ C9 C2 CA", "DJ", options=joker("below_jacks"), kw=HOUSE),
    row("below-jacks-beats-trump-ace", "JK HA H2 C5 C9", "JK", options=joker("below_jacks"), kw=HOUSE),
    row("lowest-trump-trump-3-wins", "JK H2 C9 H3 CA", "H3", options=joker("lowest_trump"), kw=HOUSE ),
    row("lowest-trump-below-trump-2", "JK H2 C9 D3 CA", "H2", options=joker("lowest_trump"), kw=HOUSE),
    row("lowest-trump-wins-without-trumps", "JK C2 C9 D3 CA", "JK", options=joker("lowest_trump"), kw=HOUSE),
    # Reading: the joker stands just below the trump 2, a powerless jack below the 2 under it.
    row("lowest-trump-above-lowest-plain-jack", "JK HJ C9 D3 CA", "JK", trick=1, options={**joker("lowest_trump"), **PLAIN_JACK_OPTION, "first_trick_plain": "jacks", "first_trick_restriction": "none"}, kw=HOUSE),
    row("lowest-trump-almighty-wins", "JK SA C9 D3 CA", "SA", options=joker("lowest_trump"), kw=ALMIGHTY),
    row("never-wins-second-card-suit-led", "JK C2 C9 D3 CA", "CA", options=joker("never_wins"), kw=HOUSE),
    row("never-wins-second-card-diamonds", "JK D3 C9 D5 CA", "D5", options=joker("never_wins"), kw=HOUSE),
    row("never-wins-trump-wins", "JK C2 H3 D3 CA", "H3", options=joker("never_wins"), kw=HOUSE),
    # No trump: every choice but top and never_wins stands just below ♠A (no jacks or trumps
    # to stand below).
    row("nt-below-jacks-acts-below-almighty", "JK C5 C9 D2 CA", "JK", trump=None, options=joker("below_jacks"), kw=JOKER),
    row("nt-lowest-trump-acts-below-almighty", "JK C5 C9 D2 CA", "JK", trump=None, options=joker("lowest_trump"), kw=JOKER),
    row("nt-below-trump-jack-almighty-wins", "JK C5 SA D2 CA", "SA", trump=None, options=joker("below_trump_jack"), kw=ALMIGHTY),
    row("nt-never-wins", "JK C5 C9 D2 CA", "CA", trump=None, options=joker("never_wins"), kw=HOUSE),
    row("nt-top", "JK SA C9 D2 CA", "JK", trump=None, options=joker("top"), kw=HOUSE),
]

PLAIN_JACK = {"plain_jack_lowest": True}
PLAIN_JACK_ROWS = [
    row("plain-jack-below-ten", "C5 CJ C10 D3 C2", "C10", options=PLAIN_JACK, kw=HOUSE),
    row("plain-jack-below-two", "C5 CJ C2 D3 C3", "C5", options=PLAIN_JACK, kw=HOUSE),
    row("plain-spade-jack-low", "S5 SJ S9 D2 C3", "S9", options=PLAIN_JACK, kw=HOUSE),
    row("powerless-trump-jack-below-trump-2", "C5 HJ H2 CK C2", "H2", trick=1, options={**PLAIN_JACK, "first_trick_plain": "jacks"}, kw=HOUSE),
    row("jack-with-power-unchanged", "C5 HJ H2 CK C2", "HJ", options=PLAIN_JACK, kw=JACK),
    row("plain-jack-off-by-default", "C5 CJ C10 D3 C2", "CJ"),
]

FIRST_TRICK_PLAIN = [
    row("all-almighty-ordinary", "C5 SA CK D3 S2", "CK", trick=1, options={"first_trick_plain": "all"}, kw=HOUSE),
    row("jacks-almighty-keeps-power", "C5 SA CK D3 S2", "SA", trick=1, options={"first_trick_plain": "jacks"}, kw=ALMIGHTY),
    row("jacks-trump-jack-under-queen", "C5 HJ HQ C9 D2", "HQ", trick=1, options={"first_trick_plain": "jacks"}, kw=HOUSE),
    row("jacks-colour-jack-off-suit", "C5 DJ H2 CA D3", "H2", trick=1, options={"first_trick_plain": "jacks"}, kw=HOUSE),
    row("jacks-yoromeki-applies", "C5 SA HQ CK C2", "HQ", trick=1, options={"first_trick_plain": "jacks", **HQ}, kw=YOROMEKI),
    row("all-no-yoromeki", "C5 SA HQ CK C2", "CK", trick=1, trump="D", options={"first_trick_plain": "all", **HQ}),
    row("jacks-only-on-trick-1", "C5 HJ HQ C9 D2", "HJ", trick=2, options={"first_trick_plain": "jacks"}, kw=JACK),
    row("specials-plain-means-all", "C5 HJ HQ C9 D2", "HQ", trick=1, options={"first_trick_specials_plain": True, "first_trick_plain": "all"}),
    row("none-by-default", "C5 SA CK D3 S2", "SA", trick=1, kw=ALMIGHTY),
]

PLAIN_TRICKS = [
    row("first-plain", "C5 SA HJ CK C2", "CK", trick=1, options={"plain_tricks": "first"}, kw=("plain trick (house rule)",)),
    row("first-trick-2-full", "C5 SA HJ CK C2", "SA", trick=2, options={"plain_tricks": "first"}, kw=ALMIGHTY),
    row("last-plain", "C5 SA HJ CK C2", "CK", trick=10, options=LAST, kw=("last trick is a plain trick (house rule)",)),
    row("last-four-players", "C5 SA HJ CK", "CK", trick=12, players=4, options=LAST, kw=("last trick",)),
    row("last-trick-9-full", "C5 SA HJ CK C2", "SA", trick=9, options=LAST, kw=ALMIGHTY),
    row("first-and-last-1", "C5 SA HJ CK C2", "CK", trick=1, options={"plain_tricks": "first_and_last"}, kw=PLAIN),
    row("first-and-last-10", "C5 SA HJ CK C2", "CK", trick=10, options={"plain_tricks": "first_and_last"}, kw=PLAIN),
    row("first-and-last-5", "C5 SA HJ CK C2", "SA", trick=5, options={"plain_tricks": "first_and_last"}, kw=ALMIGHTY),
    row("none-by-default-last", "C5 SA HJ CK C2", "SA", trick=10, kw=ALMIGHTY),
    row("plain-no-same-two", "C5 C9 CK C2 CA", "CA", trick=10, options=LAST, kw=PLAIN),
    row("plain-no-yoromeki", "C5 SA HQ CK C2", "CK", trick=10, options={**LAST, **HQ}, kw=PLAIN),
    row("plain-trump-led", "H5 H9 HA C2 D3", "HA", trick=10, options=LAST, kw=PLAIN),
    row("plain-trump-off-suit-loses", "C5 H9 C9 D2 S3", "C9", trick=10, options=LAST, kw=PLAIN),
    row("plain-joker-led-second-suit", "JK C5 C9 H2 CA", "CA", trick=10, options=LAST, kw=("second card",)),
    row("plain-joker-led-hearts", "JK H5 C9 HA CK", "HA", trick=10, options=LAST, kw=("second card",)),
    row("plain-joker-following-loses", "C5 JK C9 H2 C2", "C9", trick=10, options=LAST, kw=PLAIN),
]

PLAIN_SPECIALS = [
    row("almighty-kept", "C5 SA HJ CK C2", "SA", trick=10, options={**LAST, "plain_trick_specials": "almighty"}, kw=PLAIN),
    row("almighty-kept-jack-not", "C5 H9 HJ CK C2", "CK", trick=10, options={**LAST, "plain_trick_specials": "almighty"}, kw=PLAIN),
    row("almighty-kept-yoromeki-beats-it", "C5 SA HQ CK C2", "HQ", trick=10, options={**LAST, **HQ, "plain_trick_specials": "almighty"}, kw=YOROMEKI),
    row("jacks-kept-trump-jack", "C5 H9 HJ CK C2", "HJ", trick=10, options={**LAST, "plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    row("jacks-kept-order", "C5 DJ HJ CK C2", "HJ", trick=10, options={**LAST, "plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    row("jacks-kept-colour-jack", "C5 DJ H9 CK C2", "DJ", trick=10, options={**LAST, "plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    row("jacks-kept-other-trumps-plain", "C5 H9 H2 CK C2", "CK", trick=10, options={**LAST, "plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    row("jacks-kept-dq-captures", "C5 HJ DQ CK C2", "DQ", trick=10, options={**LAST, **DQ, "plain_trick_specials": "almighty_and_jacks"}, kw=("♦Q catches",)),
    row("jacks-kept-hunt", "C5 HJ SJ CK C2", "SJ", trick=10, options={**LAST, **HUNT, "plain_trick_specials": "almighty_and_jacks"}, kw=("hunting",)),
    # A plain trick 1 follows plain_trick_specials; first_trick_plain has no say there.
    row("plain-trick-1-over-first-trick-plain", "C5 H9 HJ CK C2", "HJ", trick=1, options={"plain_tricks": "first", "plain_trick_specials": "almighty_and_jacks", "first_trick_plain": "jacks"}, kw=PLAIN),
    row("no-plain-tricks-changes-nothing", "C5 H9 C9 D2 S3", "H9", trick=10, options={"plain_trick_specials": "almighty"}),
]

# A three that called the joker or ♠A: the ruling names the call.
CALL_ROWS = [
    row("joker-call-s3-led", "S3 JK C5 S9 D2", "S9", options={"joker_call": "S3_led"}, kw=("♠3 called the joker", "house rule")),
    row("joker-call-s3-played", "S5 S3 JK S9 D2", "S9", options={"joker_call": "S3_played"}, kw=("♠3 called the joker",)),
    row("joker-call-c3-led", "C3 C5 JK C9 D2", "C9", options={"joker_call": "C3_led"}, kw=("♣3 called the joker",)),
    row("almighty-call", "S3 SA C5 S9 D2", "SA", options={"almighty_call": True}, kw=("♠3 called ♠A",)),
]

CHIP = [
    row("chip-ha-after", "C5 SA HA C9 D2", "HA", options=AFTER, kw=YOROMEKI),
    row("chip-ha-after-heart-first", "HA C5 SA C9 D2", "SA", options=AFTER, kw=ALMIGHTY),
    row("chip-yoromeki-loses-to-jacks", "C5 SA HQ HJ C2", "HJ", options={"yoromeki_loses_to_jacks": True}, kw=CANCELLED),
    row("chip-dq", "C5 HJ DQ CK C2", "DQ", options=DQ, kw=("♦Q catches",)),
    row("chip-hunting-jack", "C5 HJ SJ CK C2", "SJ", options=HUNT, kw=("hunting",)),
    row("chip-same-two-top", "S5 SA SK S2 S9", "S2", options=rank("top"), kw=SAME_TWO),
    row("chip-same-two-not-in-trumps", "H5 H9 HK H2 HA", "HA", options={"same_two_in_trump": False} ),
    row("chip-plain-jack-lowest-trick-1", "C5 CJ C10 C9 D2", "C10", trick=1, options=PLAIN_JACK, kw=HOUSE),
    row("chip-plain-none-trick-1-full", "C5 H2 CK SA HJ", "SA", trick=1, options={"plain_tricks": "none"}, kw=ALMIGHTY),
    # Never a same two on trick 1 in the chip game.
    row("chip-plain-none-no-same-two-trick-1", "C5 C9 CK C2 CA", "CA", trick=1, options={"plain_tricks": "none"}),
    row("chip-plain-last-trick-1-full", "C5 H2 CK SA HJ", "SA", trick=1, options=LAST, kw=ALMIGHTY),
    row("chip-plain-last-trick-10", "C5 H2 CK SA HJ", "CK", trick=10, options=LAST, kw=("last trick",)),
    row("chip-first-and-last-trick-10", "C5 H2 CK SA HJ", "CK", trick=10, options={"plain_tricks": "first_and_last"}, kw=PLAIN),
    row("chip-trick-1-almighty-kept", "C5 H2 CK SA HJ", "SA", trick=1, options={"plain_trick_specials": "almighty"}, kw=PLAIN),
    row("chip-trick-1-jacks-kept", "C5 H2 CK D3 HJ", "HJ", trick=1, options={"plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    row("chip-trick-1-colour-jack-kept", "C5 H2 CK D3 DJ", "DJ", trick=1, options={"plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
    # ksleep98's four-player game: trick 1 plain but ♠A and both jacks keep their power.
    row("chip-ksleep98-four-players", "C5 H2 CK HJ", "HJ", trick=1, players=4, leader=0, options={"plain_trick_specials": "almighty_and_jacks"}, kw=PLAIN),
]
# fmt: on
JAPANESE_ROWS = (
    YOROMEKI_ROWS
    + LOSES_TO_JACKS
    + DQ_ROWS
    + HUNT_ROWS
    + SAME_TWO_RANK
    + SAME_TWO_IN_TRUMP
    + SAME_TWO_LED_JOKER
    + LED_JOKER_RANK
    + PLAIN_JACK_ROWS
    + FIRST_TRICK_PLAIN
    + PLAIN_TRICKS
    + PLAIN_SPECIALS
    + CALL_ROWS
)


def play(variant, plays, context, trick):
    context = {"trick": trick, "trump": "H", "leader": 2, **context}
    return judge(variant, plays, **context)


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), JAPANESE_ROWS)
def test_it_orders_a_japanese_trick_by_the_house_rules(plays, expected, kw, context):
    result = play("japanese", plays, context, 4)
    assert_winner(result, plays, expected, context.get("leader", 2), kw)


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), CHIP)
def test_it_orders_a_chip_trick_by_the_house_rules(plays, expected, kw, context):
    result = play("japanese-chip", plays, context, 2)
    assert_winner(result, plays, expected, context.get("leader", 2), kw)


def test_it_ranks_cards_in_one_place():
    # The trick order is data: twelve special steps, each a kind and, for the 2 and
    # the led joker, the choice that puts it there.
    from scoring.rules.japanese.order import STEPS

    assert [kind for kind, _ in STEPS].count("same_two") == 4
    assert [rank for kind, rank in STEPS if kind == "led_joker"] == [
        "top",
        "below_almighty",
        "below_trump_jack",
        "below_jacks",
    ]
    assert STEPS.index(("almighty", None)) < STEPS.index(("trump_jack", None))


@pytest.mark.parametrize(
    ("variant", "options", "number", "house"),
    [
        # The chip game's own trick 1 is plain by the seed, not by a house rule.
        ("japanese-chip", {}, 1, False),
        ("japanese-chip", {"plain_tricks": "first_and_last"}, 10, True),
        ("japanese", {"plain_tricks": "first"}, 1, True),
        ("japanese", {"plain_tricks": "first_and_last"}, 10, True),
    ],
)
def test_it_says_when_a_plain_trick_is_a_house_rule(variant, options, number, house):
    result = play(variant, "C5 SA HJ CK C2", {"options": options}, number)
    assert result.card.code == "CK"
    assert ("(house rule)" in result.reason) is house, result.reason


@pytest.mark.parametrize(
    ("plays", "options"),
    [
        # The jack beats the 2 of a same two anyway: the rule decided nothing.
        ("H5 HJ HK H2 HA", {"same_two_in_trump": False}),
        # A same two outside the trump suit is still a same two.
        ("C5 C9 CK C2 CA", {"same_two_in_trump": False}),
        # The hunter is not in the trick: the hunt has nothing to say.
        ("C5 HJ DJ CK C2", HUNT),
    ],
)
def test_it_names_a_house_rule_only_when_it_decided_the_trick(plays, options):
    reason = play("japanese", plays, {"options": options}, 4).reason
    assert "no same two" not in reason and "hunting" not in reason, reason
