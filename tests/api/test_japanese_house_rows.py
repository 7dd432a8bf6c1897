"""The Japanese house rules through the API, one row per thing each rule claims.

The engine tables (tests/rules/*japanese_house*) work every case out; these rows check that
each option and choice reaches the engine through /trick, /legal-plays and /score as the spec
writes it. Unless a row says otherwise: `japanese`, 5 players, hearts trump (♥J the trump
jack, ♦J the jack of its colour), trick 4, seat 0 leads.
"""

import pytest

from tests.api.support import decode

HQ = {"yoromeki": "HQ"}


def trow(test_id, plays, winner, options=None, *, trick=4, trump="H", variant="japanese", kw=""):
    return pytest.param(variant, options or {}, trump, trick, plays, winner, kw, id=test_id)


# fmt: off
TRICKS = [
    # yoromeki: HA_after (♥A only when played after ♠A)
    trow("yoromeki-ha-after", "C5 SA HA CK D2", "HA", {"yoromeki": "HA_after"}, kw="yoromeki"),
    trow("yoromeki-ha-after-heart-first", "HA SA C2 C3 D4", "SA", {"yoromeki": "HA_after"}, kw="before"),
    # yoromeki_loses_to_jacks, and with a led joker (the order goes on after the cancelled
    # yoromeki)
    trow("yoromeki-loses-to-trump-jack", "C5 SA HQ HJ C2", "HJ", {**HQ, "yoromeki_loses_to_jacks": True}, kw="cancels the yoromeki"),
    trow("yoromeki-loses-led-joker-goes-on", "JK SA HQ HJ C2", "JK", {**HQ, "yoromeki_loses_to_jacks": True}, kw="cancels the yoromeki"),
    trow("yoromeki-loses-changes-nothing-when-off", "C5 SA HQ HJ C2", "SA", {"yoromeki_loses_to_jacks": True}),
    # dq_beats_trump_jack (C1)
    trow("dq-catches-trump-jack", "C5 HJ DQ CK C2", "DQ", {"dq_beats_trump_jack": True}, kw="♦Q catches"),
    trow("dq-not-the-colour-jack", "C5 DJ DQ CK C2", "DJ", {"dq_beats_trump_jack": True}),
    trow("dq-never-beats-almighty", "C5 HJ DQ SA C2", "SA", {"dq_beats_trump_jack": True}),
    # hunting_jack (C2), and C1 (♦Q) before C2
    trow("hunter-catches-trump-jack", "C5 HJ SJ CK C2", "SJ", {"hunting_jack": True}, kw="hunting jack"),
    trow("hunter-catches-colour-jack", "C5 DJ CJ CK C2", "CJ", {"hunting_jack": True}, kw="hunting jack"),
    trow("hunt-off-with-almighty", "C5 HJ SJ SA C2", "SA", {"hunting_jack": True}),
    trow("hunt-off-with-both-jacks", "C5 HJ SJ DJ C2", "HJ", {"hunting_jack": True}, kw="hunting jack is off"),
    trow("dq-before-hunter", "C5 HJ SJ DQ C2", "DQ", {"hunting_jack": True, "dq_beats_trump_jack": True}, kw="♦Q"),
    # same_two_rank, one row per choice
    trow("same-two-below-jacks", "D5 DJ DK D2 DA", "DJ", {"same_two_rank": "below_jacks"}),
    trow("same-two-below-trump-jack", "D5 DJ DK D2 DA", "D2", {"same_two_rank": "below_trump_jack"}, kw="same two"),
    trow("same-two-below-almighty", "H5 HJ HK H2 HA", "H2", {"same_two_rank": "below_almighty"}, kw="same two"),
    trow("same-two-top", "S5 SA SK S2 S9", "S2", {"same_two_rank": "top"}, kw="same two"),
    # same_two_in_trump
    trow("no-same-two-in-trumps", "H5 H9 HK H2 HA", "HA", {"same_two_in_trump": False}, kw="no same two"),
    trow("same-two-in-trumps-by-default", "H5 H9 HK H2 HA", "H2", kw="same two"),
    # same_two_led_joker, and with led_joker_rank (the same two takes the joker's power)
    # (only a trump same two, rules-house.md §8.10.4 c)
    trow("same-two-after-led-joker", "JK H5 H9 H2 HA", "H2", {"same_two_led_joker": True, "led_joker_rank": "top"}, kw="same two"),
    trow("same-two-after-led-joker-plain-suit", "JK C5 C9 C2 CA", "JK", {"same_two_led_joker": True, "led_joker_rank": "top"}),
    # led_joker_rank, one row per choice
    trow("led-joker-top", "JK SA C9 C2 CA", "JK", {"led_joker_rank": "top"}, kw="at this table"),
    trow("led-joker-below-almighty", "JK SA C9 C2 CA", "SA", {"led_joker_rank": "below_almighty"}),
    trow("led-joker-below-trump-jack", "JK DJ C9 C2 CA", "JK", {"led_joker_rank": "below_trump_jack"}, kw="at this table"),
    trow("led-joker-below-trump-jack-loses", "JK HJ C9 C2 CA", "HJ", {"led_joker_rank": "below_trump_jack"}, kw="at this table"),
    trow("led-joker-below-jacks", "JK DJ C9 C2 CA", "DJ", {"led_joker_rank": "below_jacks"}, kw="at this table"),
    trow("led-joker-lowest-trump", "JK H2 C9 H3 CA", "H3", {"led_joker_rank": "lowest_trump"}, kw="lowest trump"),
    trow("led-joker-lowest-trump-no-trump-played", "JK C2 C9 D3 CA", "JK", {"led_joker_rank": "lowest_trump"}, kw="lowest trump"),
    trow("led-joker-never-wins", "JK C2 C9 D3 CA", "CA", {"led_joker_rank": "never_wins"}, kw="never wins"),
    # the no-trump ruling: every choice but top and never_wins stands just below ♠A
    trow("no-trump-below-jacks", "JK C5 C9 D2 CA", "JK", {"led_joker_rank": "below_jacks", "no_trump_bid": "highest"}, trump="NT"),
    trow("no-trump-lowest-trump", "JK C5 SA D2 CA", "SA", {"led_joker_rank": "lowest_trump", "no_trump_bid": "highest"}, trump="NT"),
    trow("no-trump-never-wins", "JK C5 C9 D2 CA", "CA", {"led_joker_rank": "never_wins", "no_trump_bid": "highest"}, trump="NT"),
    # plain_jack_lowest
    trow("plain-jack-lowest", "C5 CJ C10 D3 C2", "C10", {"plain_jack_lowest": True}, kw="below the 2"),
    # first_trick_plain, one row per choice, and the printed suit on trick 1
    trow("first-trick-plain-none", "C5 SA CK D3 S2", "SA", trick=1),
    trow("first-trick-plain-all", "C5 SA CK D3 S2", "CK", {"first_trick_plain": "all"}, trick=1, kw="ordinary"),
    trow("first-trick-plain-jacks-almighty-kept", "C5 SA CK D3 S2", "SA", {"first_trick_plain": "jacks"}, trick=1),
    trow("first-trick-plain-jacks", "C5 HJ HQ C9 D2", "HQ", {"first_trick_plain": "jacks"}, trick=1, kw="ordinary"),
    trow("first-trick-plain-jacks-yoromeki", "C5 SA HQ CK C2", "HQ", {**HQ, "first_trick_plain": "jacks"}, trick=1, kw="yoromeki"),
    trow("first-trick-specials-plain-means-all", "C5 SA CK D3 S2", "CK", {"first_trick_specials_plain": True}, trick=1),
    # plain_tricks, one row per choice
    trow("plain-tricks-none", "C5 SA HJ CK C2", "SA", trick=10),
    trow("plain-tricks-first", "C5 SA HJ CK C2", "CK", {"plain_tricks": "first"}, trick=1, kw="plain trick"),
    trow("plain-tricks-last", "C5 SA HJ CK C2", "CK", {"plain_tricks": "last"}, trick=10, kw="plain trick"),
    trow("plain-tricks-first-and-last", "C5 SA HJ CK C2", "CK", {"plain_tricks": "first_and_last"}, trick=10, kw="plain trick"),
    trow("plain-trick-joker-led", "JK C5 C9 H2 CA", "CA", {"plain_tricks": "first", "first_trick_restriction": "none"}, trick=1, kw="second card"),
    # plain_trick_specials, one row per choice
    trow("plain-specials-none", "C5 SA HJ CK C2", "CK", {"plain_tricks": "last", "plain_trick_specials": "none"}, trick=10),
    trow("plain-specials-almighty", "C5 SA HJ CK C2", "SA", {"plain_tricks": "last", "plain_trick_specials": "almighty"}, trick=10, kw="plain trick"),
    trow("plain-specials-jacks", "C5 H9 HJ CK C2", "HJ", {"plain_tricks": "last", "plain_trick_specials": "almighty_and_jacks"}, trick=10, kw="plain trick"),
    # joker_call: a called joker is a following joker
    trow("called-joker-never-wins", "S3 JK C5 S9 D2", "S9", {"joker_call": "S3_led"}, kw="called the joker"),
    # the chip game
    trow("chip-trick-1-plain", "C5 SA HJ CK C2", "CK", variant="japanese-chip", trick=1),
    trow("chip-trick-1-full-order", "C5 H2 CK SA HJ", "SA", {"plain_tricks": "none"}, variant="japanese-chip", trick=1),
    trow("chip-no-same-two-on-trick-1", "C5 C9 CK C2 CA", "CA", {"plain_tricks": "none"}, variant="japanese-chip", trick=1),
    trow("chip-same-two-on-trick-2", "C5 C9 CK C2 CA", "C2", variant="japanese-chip", trick=2, kw="same two"),
    trow("chip-yoromeki-hq-by-default", "C5 SA HQ CK C2", "HQ", variant="japanese-chip", trick=2, kw="yoromeki"),
    trow("chip-ha-after", "HA C5 SA C9 D2", "SA", {"yoromeki": "HA_after"}, variant="japanese-chip", trick=2),
    trow("chip-plain-last", "C5 SA HJ CK C2", "CK", {"plain_tricks": "last"}, variant="japanese-chip", trick=10, kw="plain trick"),
    trow("chip-ksleep98", "C5 H2 CK HJ", "HJ", {"plain_trick_specials": "almighty_and_jacks"}, variant="japanese-chip", trick=1),
]
# fmt: on


@pytest.mark.parametrize(("variant", "options", "trump", "number", "plays", "winner", "kw"), TRICKS)
def test_it_rules_each_japanese_house_rule(
    post, variant, options, trump, number, plays, winner, kw
):
    cards = plays.split()
    body = {
        "variant": variant,
        "players": len(cards),
        "options": options,
        "trump": trump,
        "trick": number,
        "plays": cards,
    }
    response = post("trick", body)
    assert response.status_code == 200, response.content
    answer = decode(response)
    assert (answer["card"], answer["winner"]) == (winner, cards.index(winner)), answer
    assert kw.lower() in answer["reason"].lower(), answer["reason"]


def lrow(test_id, plays, hand, legal, options=None, *, trick=4, trump="H", variant="japanese"):
    return pytest.param(variant, options or {}, trump, trick, plays, hand, legal, id=test_id)


NEVER = {"led_joker_rank": "never_wins"}
NO_JOKER = {"first_trick_restriction": "no_joker"}
NO_TRUMP = {"first_trick_restriction": "no_joker_no_trump"}

# fmt: off
LEGAL = [
    # joker_call, one row per choice; almighty_call
    lrow("joker-call-off", "S3", "JK S5 C2", "JK S5"),
    lrow("joker-call-s3-led", "S3", "JK S5 C2", "JK", {"joker_call": "S3_led"}),
    lrow("joker-call-c3-led", "C3", "JK C5 S2", "JK", {"joker_call": "C3_led"}),
    lrow("joker-call-s3-played", "C5 S3", "JK C9 S2", "JK", {"joker_call": "S3_played"}),
    lrow("joker-call-s3-played-before", "C5", "JK C9 S2", "JK C9", {"joker_call": "S3_played"}),
    lrow("almighty-call", "S3", "SA S5 C2", "SA", {"almighty_call": True}),
    lrow("chip-almighty-call", "S3", "SA S5 C2", "SA", {"almighty_call": True}, variant="japanese-chip"),
    lrow("no-call-when-joker-barred", "S3", "JK S5 C2", "S5", {"joker_call": "S3_led", **NO_JOKER}, trick=1),
    lrow("no-call-on-plain-trick", "S3", "JK S5 C2", "JK S5", {"joker_call": "S3_led", "plain_tricks": "first"}, trick=1),
    # joker_any_time, ura_jack_any_time
    lrow("joker-not-any-time", "C5", "JK C9 S2", "C9", {"joker_any_time": False}),
    lrow("joker-not-any-time-void", "C5", "JK D9 S2", "JK D9 S2", {"joker_any_time": False}),
    lrow("colour-jack-any-time", "C5", "DJ C9 S2", "DJ C9", {"ura_jack_any_time": True}),
    lrow("colour-jack-skips-request", "JK", "DJ C2", "DJ C2", {"ura_jack_any_time": True, "ura_jack_is_trump": True}),
    lrow("colour-jack-led-is-trump", "DJ", "H2 C5", "H2", {"ura_jack_any_time": True, "ura_jack_is_trump": True}),
    # joker_lead_picture_request
    lrow("picture-request", "JK", "C2 SK D10 S3", "SK D10", {"joker_lead_picture_request": True}),
    lrow("picture-request-trumps-first", "JK", "H2 SK", "H2", {"joker_lead_picture_request": True}),
    # first_trick_restriction, one row per choice
    lrow("first-trick-no-joker-lead", "", "JK C2 H5", "C2 H5", trick=1),
    lrow("first-trick-none", "", "JK C2 H5", "JK C2 H5", {"first_trick_restriction": "none"}, trick=1),
    lrow("first-trick-no-joker", "C5", "JK C9 S2", "C9", NO_JOKER, trick=1),
    lrow("first-trick-no-joker-no-trump", "C5", "JK H5 D4", "D4", NO_TRUMP, trick=1),
    lrow("first-trick-trump-follows-trump", "H7", "JK H5 C3", "H5", NO_TRUMP, trick=1),
    lrow("first-trick-all-barred", "C5", "JK H5", "H5", NO_TRUMP, trick=1),
    # a card without power on trick 1 follows its printed suit (first_trick_plain)
    lrow("ordinary-almighty-follows-spades", "H5", "SA C5 H9", "H9", {"almighty_is_trump": True, "first_trick_plain": "all"}, trick=1),
    lrow("almighty-with-power-follows-trumps", "H5", "SA C5 H9", "SA H9", {"almighty_is_trump": True}, trick=1),
    # led_joker_rank never_wins: the second card's suit is the suit led
    lrow("never-wins-follow-second-card", "JK C5", "C9 D4 S4", "C9", NEVER),
    lrow("never-wins-second-player-free", "JK", "C9 D4 S4", "C9 D4 S4", NEVER),
    lrow("never-wins-trump-request-holds", "JK C5", "C9 H4", "H4", NEVER),
    # a plain trick led by the joker
    lrow("plain-joker-led-second-free", "JK", "C9 DK H4", "C9 DK H4", {"plain_tricks": "first", "first_trick_restriction": "none"}, trick=1),
    lrow("plain-joker-led-follow-second", "JK C5", "C9 DK H4", "C9", {"plain_tricks": "first", "first_trick_restriction": "none"}, trick=1),
]
# fmt: on


@pytest.mark.parametrize(("variant", "options", "trump", "number", "plays", "hand", "legal"), LEGAL)
def test_it_splits_a_hand_by_each_japanese_house_rule(
    post, variant, options, trump, number, plays, hand, legal
):
    body = {
        "variant": variant,
        "players": 5,
        "options": options,
        "trump": trump,
        "trick": number,
        "plays": plays.split(),
        "hand": hand.split(),
    }
    response = post("legal-plays", body)
    assert response.status_code == 200, response.content
    answer = decode(response)
    assert answer["legal"] == [c for c in hand.split() if c in legal.split()]
    assert set(answer["illegal"]) == set(hand.split()) - set(legal.split())


CHIPS = {"score_table": "chips"}

# all_twenty and discards_to: a bid of 13 with all 20 picture cards; seat 1 partner.
SCORES = [
    pytest.param("japanese", {}, "13S", 20, (1, 1, 0, 0, 0), id="wins-table"),
    pytest.param("japanese", {"all_twenty": "made"}, "13S", 20, (1, 1, 0, 0, 0), id="wins-made"),
    pytest.param("japanese", {"all_twenty": "fails"}, "13S", 20, (0, 0, 1, 1, 1), id="wins-fails"),
    pytest.param("japanese", {"all_twenty": "bonus"}, "13S", 20, (2, 2, 0, 0, 0), id="wins-bonus"),
    pytest.param("japanese-chip", {}, "13S", 20, (-2, -1, 1, 1, 1), id="chip-siberian"),
    pytest.param(
        "japanese-chip", {"all_twenty": "made"}, "13S", 20, (2, 1, -1, -1, -1), id="chip-made"
    ),
    pytest.param(
        "japanese-chip",
        {"all_twenty": "fails", "siberian": False},
        "13S",
        20,
        (-2, -1, 1, 1, 1),
        id="chip-fails",
    ),
    pytest.param(
        "japanese-chip", {"all_twenty": "bonus"}, "13S", 20, (4, 2, -2, -2, -2), id="chip-bonus"
    ),
    pytest.param(
        "japanese", {**CHIPS, "all_twenty": "bonus"}, "20S", 20, (4, 2, -2, -2, -2), id="bid-20"
    ),
]


@pytest.mark.parametrize(("variant", "options", "contract", "points", "deltas"), SCORES)
def test_it_scores_all_twenty_by_the_house_rule(post, variant, options, contract, points, deltas):
    body = {
        "variant": variant,
        "players": 5,
        "options": options,
        "declarer": 0,
        "contract": contract,
        "partner": 1,
        "declarer_points": points,
    }
    response = post("score", body)
    assert response.status_code == 200, response.content
    assert decode(response)["deltas"] == {str(s): d for s, d in enumerate(deltas)}


PICTURES = [f"{suit}{rank}" for suit in "SHDC" for rank in ("A", "K", "Q", "J", "10")]


@pytest.mark.parametrize(
    ("variant", "discards_to", "points", "made"),
    [
        ("japanese", "opponents", 10, False),
        ("japanese", "napoleon", 12, True),
        ("japanese-chip", "opponents", 10, False),
        ("japanese-chip", "napoleon", 12, True),
    ],
)
def test_it_counts_the_discards_by_the_house_rule(post, variant, discards_to, points, made):
    body = {
        "variant": variant,
        "players": 5,
        "options": {"discards_to": discards_to},
        "declarer": 0,
        "contract": "11S",
        "partner": 1,
        "captured": {"0": PICTURES[:8], "1": PICTURES[8:10], "2": PICTURES[10:18]},
        "discards": PICTURES[18:],
    }
    response = post("score", body)
    assert response.status_code == 200, response.content
    answer = decode(response)
    assert (answer["declarer_points"], answer["made"]) == (points, made)
    # The quick count is the side's total under the same rule.
    quick = {k: v for k, v in body.items() if k not in ("captured", "discards")}
    assert decode(post("score", {**quick, "declarer_points": points}))["made"] is made
