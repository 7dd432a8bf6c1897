"""Which cards may the next player play (following suit, common to all, and each variant's
own rules).

Each row gives the cards already in the trick (empty: the player leads), the
player's hand and the cards that are legal; the rest of the hand must come back
as illegal with a reason, and verify_play / can_play must agree card by card.
"""

import pytest

from scoring.rules.errors import RuleViolation
from tests.rules.trick_helpers import assert_partition, legal_plays


def lrow(test_id, plays, hand, expected, **context):
    return pytest.param(plays, hand, expected, context, id=test_id)


ORDERED = {"secretary_ordered": True}
ANY_PLAY = {"joker_summon": "any_play"}

# taiwan / hongkong: 5 players, hearts trump, trick 2, secretary card ♠9 unless named.
TAIWAN = [
    lrow("must-follow-suit", "C5", "C9 CK HA D2", "C9 CK"),
    lrow("void-may-play-anything", "C5", "HA D2 S3", "HA D2 S3"),
    lrow("leader-may-play-anything", "", "C9 HA BJ D2", "C9 HA BJ D2"),
    # Jokers may be played at any time, and holding one never obliges.
    lrow("jokers-exempt-from-following", "C5", "C9 BJ HA", "C9 BJ"),
    lrow("jokers-and-off-suit-when-void", "C5", "BJ LJ HA D2", "BJ LJ HA D2"),
    lrow("jokers-any-time-in-last-three", "C5", "C9 BJ HA", "C9 BJ", trick=8),
    # The secretary card likewise, and it counts as having no suit.
    lrow("secretary-card-exempt", "C5", "C9 HA D2", "C9 HA", called="HA"),
    lrow("secretary-club-does-not-oblige", "C5", "C2 HA D3", "C2 HA D3", called="C2"),
    lrow("secretary-club-beside-other-clubs", "C5", "C2 C9 HA", "C2 C9", called="C2"),
    # A led joker or secretary card: follow the suit the leader named.
    lrow("joker-led-follow-named-suit", "LJ", "S2 H5 BJ", "S2 BJ", lead_suit="S"),
    lrow("joker-led-void-in-named-suit", "BJ", "H5 D2", "H5 D2", lead_suit="S"),
    # A secretary trump 2 led summons nothing: the big joker stays optional.
    lrow("secretary-trump-2-led", "H2", "BJ H9 C5", "BJ H9", trick=1, called="H2", lead_suit="H"),
    lrow("secretary-led-follow-named-suit", "C2", "D5 C9 BJ", "D5 BJ", called="C2", lead_suit="D"),
    # lead_first_three: the summoned joker must come out.
    lrow("summoned-big-joker-forced", "H2", "BJ H5 C9", "BJ", trick=1, joker_called=True),
    lrow("summoned-little-joker-forced", "H3", "LJ BJ H9", "LJ", trick=3, joker_called=True),
    lrow("summon-reaches-later-player", "H2 C5", "BJ H9", "BJ", trick=1, joker_called=True),
    lrow("summon-without-the-joker", "H2", "LJ H9 C5", "LJ H9", trick=1, joker_called=True),
    lrow("trump-2-led-without-summon", "H2", "BJ H9 C5", "BJ H9", trick=1),
    lrow("following-trump-2-summons-nothing", "C5 H2", "BJ C9 HA", "BJ C9", trick=1),
    lrow("summon-style-off", "H2", "BJ H9 C5", "BJ H9", trick=1, options={"joker_summon": "off"}),
    # any_play: the trump 2 (3) played anywhere in any trick forces the big (little) joker.
    lrow("any-play-trump-2-forces-big", "C5 H2", "BJ C9 HA", "BJ", trick=6, options=ANY_PLAY),
    lrow("any-play-trump-3-forces-little", "C5 H3", "LJ C9", "LJ", trick=6, options=ANY_PLAY),
    lrow("any-play-trump-2-leaves-little", "C5 H2", "LJ C9 HA", "LJ C9", trick=6, options=ANY_PLAY),
    lrow("any-play-in-last-three", "H2", "BJ H9", "BJ", trick=8, options=ANY_PLAY),
    lrow(
        "any-play-secretary-joker-not-forced",
        "C5 H2",
        "BJ C9 HA",
        "BJ C9",
        trick=6,
        called="BJ",
        options=ANY_PLAY,
    ),
    # An ordered secretary must play the secretary card.
    lrow("secretary-not-ordered", "C5", "D2 C9 HA", "D2 C9", called="D2"),
    lrow("secretary-ordered", "C5", "D2 C9 HA", "D2", called="D2", secretary=ORDERED),
    lrow("secretary-ordered-to-lead", "", "D2 C9", "D2", called="D2", secretary=ORDERED),
    lrow(
        "secretary-ordered-in-last-three",
        "C5",
        "D2 C9",
        "D2",
        trick=9,
        called="D2",
        secretary=ORDERED,
    ),
    lrow(
        "napoleon-lead-only-napoleon-led",
        "C5",
        "D2 C9",
        "D2",
        called="D2",
        options={"secretary_order": "napoleon_lead_only"},
        secretary={"secretary_ordered": True, "declarer": 0},
    ),
    # Summoned joker and ordered secretary card at once: either is legal.
    lrow(
        "clash-summon-and-order",
        "H2",
        "BJ D2 H9",
        "BJ D2",
        trick=1,
        joker_called=True,
        called="D2",
        secretary=ORDERED,
    ),
    lrow(
        "clash-any-play-and-order",
        "C5 H2",
        "BJ D2 C9",
        "BJ D2",
        trick=6,
        called="D2",
        options=ANY_PLAY,
        secretary=ORDERED,
    ),
]


@pytest.mark.parametrize("variant", ["taiwan", "hongkong"])
@pytest.mark.parametrize(("plays", "hand", "expected", "context"), TAIWAN)
def test_it_splits_a_taiwan_hand(variant, plays, hand, expected, context):
    context = {"trick": 2, "trump": "H", "called": "S9", **context}
    assert_partition(variant, plays, hand, expected, **context)


@pytest.mark.parametrize("variant", ["taiwan", "hongkong"])
@pytest.mark.parametrize(
    ("options", "secretary"),
    [
        # napoleon_lead_only: only when the napoleon led this trick (here seat 2 is
        # the napoleon, seat 0 led).
        pytest.param(
            {"secretary_order": "napoleon_lead_only"},
            {"secretary_ordered": True, "declarer": 2},
            id="napoleon-lead-only-someone-else-led",
        ),
        pytest.param({"secretary_order": "off"}, ORDERED, id="orders-off"),
    ],
)
def test_it_refuses_an_order_the_table_does_not_allow(variant, options, secretary):
    with pytest.raises(RuleViolation):
        legal_plays(
            variant,
            "C5",
            "D2 C9",
            trick=2,
            trump="H",
            called="D2",
            options=options,
            secretary=secretary,
        )


# japanese (and japanese-chip): 5 players, hearts trump, trick 4, seat 0 leads.
JAPANESE = [
    lrow("must-follow-suit", "C5", "C9 SA HJ D3", "C9"),
    # ♠A and ♦J keep their printed suits by default ...
    lrow("almighty-follows-spades", "S5", "SA S9 H3", "SA S9"),
    lrow("almighty-is-a-spade", "S5", "SA H3", "SA"),
    lrow("almighty-is-not-a-heart", "H5", "SA H9 C3", "H9"),
    lrow("ura-jack-is-a-diamond", "D5", "DJ C3", "DJ"),
    lrow("ura-jack-is-not-a-heart", "H5", "DJ H9 C3", "H9"),
    # ... and become trumps with the options.
    lrow(
        "almighty-as-trump-not-a-spade", "S5", "SA H3", "SA H3", options={"almighty_is_trump": True}
    ),
    lrow(
        "almighty-as-trump-follows-hearts", "H5", "SA C3", "SA", options={"almighty_is_trump": True}
    ),
    lrow(
        "ura-jack-as-trump-not-a-diamond",
        "D5",
        "DJ C3",
        "DJ C3",
        options={"ura_jack_is_trump": True},
    ),
    lrow(
        "ura-jack-as-trump-follows-hearts",
        "H5",
        "DJ H9 C3",
        "DJ H9",
        options={"ura_jack_is_trump": True},
    ),
    # The joker may follow at any time, but not lead trick 1.
    lrow("joker-following-any-time", "C5", "C9 JK H2", "C9 JK"),
    lrow("joker-not-led-to-trick-1", "", "JK C5 H2", "C5 H2", trick=1),
    lrow("joker-may-lead-trick-2", "", "JK C5 H2", "JK C5 H2", trick=2),
    # A led joker requests trumps from everyone who holds one.
    lrow("joker-lead-play-a-trump", "JK", "H5 HK C3", "H5 HK"),
    lrow("joker-lead-trump-jack-is-a-trump", "JK", "HJ C3", "HJ"),
    lrow("joker-lead-later-player-too", "JK C3", "H5 D4", "H5"),
    lrow("joker-lead-no-trump-held", "JK", "C3 D4 S9", "C3 D4 S9"),
    lrow("joker-lead-almighty-barred-by-trump-in-hand", "JK", "SA H5 C3", "H5"),
    lrow("joker-lead-almighty-when-no-trump-held", "JK", "SA C3 D4", "SA C3 D4"),
    lrow("joker-lead-almighty-when-spades-trump", "JK", "SA S5 C3", "SA S5", trump="S"),
    lrow("joker-lead-almighty-in-no-trump", "JK", "SA C3", "SA C3", trump=None),
    lrow("joker-lead-ura-jack-not-a-trump", "JK", "DJ C3", "DJ C3"),
    lrow("joker-lead-ura-jack-beside-hearts", "JK", "DJ H5 C3", "H5"),
    lrow("joker-lead-ura-jack-as-trump", "JK", "DJ C3", "DJ", options={"ura_jack_is_trump": True}),
    lrow("joker-lead-almighty-as-trump", "JK", "SA C3", "SA", options={"almighty_is_trump": True}),
    lrow(
        "joker-lead-almighty-as-trump-beside-hearts",
        "JK",
        "SA H5 C3",
        "SA H5",
        options={"almighty_is_trump": True},
    ),
    # Trick 1 with first_trick_specials_plain: following is by printed suit as always.
    lrow(
        "specials-plain-first-trick-follow",
        "S5",
        "SA H3",
        "SA",
        trick=1,
        options={"first_trick_specials_plain": True},
    ),
]


@pytest.mark.parametrize(("plays", "hand", "expected", "context"), JAPANESE)
def test_it_splits_a_japanese_hand(plays, hand, expected, context):
    context = {"trick": 4, "trump": "H", **context}
    assert_partition("japanese", plays, hand, expected, **context)


@pytest.mark.parametrize(
    ("plays", "hand", "expected", "context"),
    [
        lrow("chip-must-follow-suit", "C5", "C9 SA HJ", "C9"),
        lrow("chip-trick-1-must-follow", "C5", "C2 CA H3", "C2 CA", trick=1),
        lrow("chip-almighty-is-a-spade", "S5", "SA H3", "SA"),
        lrow("chip-void", "C5", "H2 D3 SA", "H2 D3 SA"),
        lrow("chip-lead-anything", "", "H2 D3 SA", "H2 D3 SA", trick=1),
    ],
)
def test_it_splits_a_japanese_chip_hand(plays, hand, expected, context):
    context = {"trick": 4, "trump": "H", **context}
    assert_partition("japanese-chip", plays, hand, expected, **context)


# thai: special cards keep their printed suits.
THAI = [
    lrow("must-follow-suit", "C5", "C9 SA HJ D2", "C9"),
    lrow("almighty-is-a-spade", "S5", "SA H2", "SA"),
    lrow("back-jack-is-a-diamond", "D5", "DJ H2 C3", "DJ"),
    lrow("back-jack-is-not-a-trump", "H5", "DJ C3", "DJ C3"),
    lrow("front-jack-is-a-heart", "H5", "HJ C3", "HJ"),
    lrow("void-may-play-anything", "C5", "H2 D3", "H2 D3"),
    lrow("trick-1-follow-too", "C5", "C2 CA H3", "C2 CA", trick=1),
]


@pytest.mark.parametrize(("plays", "hand", "expected", "context"), THAI)
def test_it_splits_a_thai_hand(plays, hand, expected, context):
    context = {"trick": 2, "trump": "H", **context}
    assert_partition("thai", plays, hand, expected, **context)


# mighty: hearts trump (Mighty ♠A, Ripper ♣3), trick 2, unless a row says otherwise.
MIGHTY = [
    # Trick 1 lead: no joker, no Ripper, no trump ...
    lrow("trick-1-lead-restrictions", "", "JK C3 H5 D9 S2 SA", "D9 S2 SA", trick=1),
    # ... a trump only when the hand is nothing but trumps, joker and Ripper.
    lrow("trick-1-only-trumps-joker-ripper", "", "H5 HK JK C3", "H5 HK", trick=1),
    lrow("trick-1-mighty-is-not-a-trump", "", "H5 SA", "SA", trick=1),
    lrow("trick-1-spades-trump", "", "SA S5 DA C4", "DA C4", trick=1, trump="S"),
    lrow("trick-1-spades-all-trumps", "", "S5 SK JK C3", "S5 SK", trick=1, trump="S"),
    lrow("trick-1-clubs-trump-ripper-is-s3", "", "S3 C5 D9", "D9", trick=1, trump="C"),
    lrow("trick-1-no-trump-hand", "", "JK C3 SA D9", "SA D9", trick=1, trump=None),
    lrow("trick-1-following-is-free", "D5", "JK C3 D9", "JK D9", trick=1),
    lrow("trick-2-lead-anything", "", "JK C3 H5", "JK C3 H5"),
    # A joker call forces the joker out.
    lrow("ripper-call-forces-joker", "C3", "JK C9 HA", "JK", joker_called=True),
    lrow("ripper-call-joker-before-mighty", "C3", "JK SA C9", "JK", joker_called=True),
    lrow("ripper-call-reaches-later-player", "C3 C5", "JK C9", "JK", joker_called=True),
    lrow("ripper-call-without-the-joker", "C3", "C9 HA", "C9", joker_called=True),
    lrow("ripper-no-call", "C3", "JK C9 HA", "JK C9"),
    lrow("ripper-call-clubs-trump", "S3", "JK S9", "JK", trump="C", joker_called=True),
    # The Mighty and the joker are exempt from following.
    lrow("mighty-and-joker-exempt", "C5", "C9 SA JK H2", "C9 SA JK"),
    lrow("mighty-does-not-oblige-spades", "S5", "SA H2", "SA H2"),
    lrow("diamond-ace-mighty-under-spades", "C5", "C9 DA D2", "C9 DA", trump="S"),
    lrow("spade-ace-plain-under-spades", "S5", "SA H2", "SA", trump="S"),
    lrow("ripper-follows-suit", "D5", "C3 D9", "D9"),
    lrow("joker-led-follow-named-suit", "JK", "D5 C9 SA", "D5 SA", lead_suit="D"),
    lrow("joker-led-void-in-named-suit", "JK", "C9 H2", "C9 H2", lead_suit="D"),
]


@pytest.mark.parametrize(("plays", "hand", "expected", "context"), MIGHTY)
def test_it_splits_a_mighty_hand(plays, hand, expected, context):
    context = {"trick": 2, "trump": "H", **context}
    assert_partition("mighty", plays, hand, expected, **context)


NAP = [
    lrow("must-follow-suit", "C5", "C9 H2 CK", "C9 CK", trick=1, trump=None),
    lrow("void-may-play-anything", "C5", "H2 D3", "H2 D3", trick=1, trump=None),
    lrow("bidder-leads-anything", "", "H2 D3 C4 S5 SA", "H2 D3 C4 S5 SA", trick=1, trump=None),
    lrow("trump-not-forced-when-following", "H5", "H9 C2", "H9", trick=2, trump="C"),
    lrow("misere-follow-suit", "H5", "H9 C2", "H9", trick=2, trump=None, contract="misere"),
]


@pytest.mark.parametrize(("plays", "hand", "expected", "context"), NAP)
def test_it_splits_a_nap_hand(plays, hand, expected, context):
    assert_partition("nap", plays, hand, expected, players=4, **context)


def test_it_says_which_suit_was_led():
    # The refusal is read to the player, so it names the suit they must follow.
    *_, answer, _extra = legal_plays("japanese", "C5", "C9 HK", trick=4, trump="H")
    (why,) = answer.illegal.values()
    assert "clubs" in why.lower() or "♣" in why
