"""The house rules of Japanese Napoleon and of the chip game.

The options both games accept are made by the small factories below, so
each is described once; a game's own default is passed in where the two differ. Options are
grouped as a settings screen shows them: the auction, the trick order, legal plays, the score.
"""

from dataclasses import dataclass
from typing import Any

from scoring.rules.errors import BadOptionValue
from scoring.rules.i18n import N_
from scoring.rules.options import TableRules, choice, flag, integer

_SAME_TWO = N_(
    "Same two: when every card of a trick is one suit, its 2 wins (the almighty "
    "and the two jacks still beat it)."
)
_SIBERIAN = N_("Siberian rule: a bid under 20 that takes all 20 picture cards counts as failed.")
_YOROMEKI = N_(
    "Yoromeki: when the almighty ♠A meets this heart in a trick, the heart wins; one choice "
    "counts ♥A only when it is played after ♠A."
)

YOROMEKI_CHOICES = ("off", "HQ", "HA", "HA_after")
SAME_TWO_RANKS = ("below_jacks", "below_trump_jack", "below_almighty", "top")
LED_JOKER_RANKS = (
    "below_almighty",
    "top",
    "below_trump_jack",
    "below_jacks",
    "lowest_trump",
    "never_wins",
)
PLAIN_TRICKS = ("none", "first", "last", "first_and_last")


def yoromeki(default: str) -> Any:
    return choice(default, YOROMEKI_CHOICES, _YOROMEKI)


def yoromeki_loses_to_jacks() -> Any:
    return flag(
        False,
        N_(
            "A yoromeki is cancelled when the trump jack or the jack of its colour is in the "
            "trick: ♠A and the heart lose their power and the jack wins."
        ),
    )


def dq_beats_trump_jack() -> Any:
    return flag(False, N_("♦Q catches the trump jack: it wins a trick the trump jack would win."))


def hunting_jack() -> Any:
    return flag(
        False,
        N_(
            "Hunting jack: the jack of the paired suit (♠ with ♥, ♣ with ♦) catches the trump "
            "jack or the jack of its colour, unless ♠A or the other jack is in the trick."
        ),
    )


def same_two_rank() -> Any:
    return choice(
        "below_jacks",
        SAME_TWO_RANKS,
        N_(
            "Where the 2 of a same two ranks: below both jacks, between the two jacks, just "
            "below the almighty, or above everything."
        ),
    )


def same_two_in_trump() -> Any:
    return flag(True, N_("A trick all in the trump suit can be a same two."))


def plain_jack_lowest() -> Any:
    return flag(
        False,
        N_("A jack without special power ranks below the 2 of its suit, not between Q and 10."),
    )


def plain_tricks(default: str) -> Any:
    return choice(
        default,
        PLAIN_TRICKS,
        N_(
            "Plain tricks: on these tricks trumps and special cards have no power and the "
            "highest card of the suit led wins."
        ),
    )


def plain_trick_specials() -> Any:
    return choice(
        "none",
        ("none", "almighty", "almighty_and_jacks"),
        N_(
            "Special cards that keep their power on a plain trick: none, ♠A, or ♠A and the two jacks."
        ),
    )


def almighty_call() -> Any:
    return flag(False, N_("♠3 led calls ♠A: whoever holds the almighty must play it."))


def all_twenty() -> Any:
    return choice(
        "table",
        ("table", "made", "fails", "bonus"),
        N_(
            "A bid under 20 that takes all 20 picture cards: as the score table says, made, "
            "failed, or made with every amount doubled."
        ),
    )


def discards_to() -> Any:
    return choice(
        "opponents",
        ("opponents", "napoleon"),
        N_(
            "Picture cards among the napoleon's discards count for the opponents, or for the napoleon."
        ),
    )


@dataclass(frozen=True)
class JapaneseRules(TableRules):
    variant_name = N_("Japanese Napoleon")

    # ---- auction ----
    bid_suit_order: str = choice(
        "SHDC", ("SHDC", "DSHC", "SHCD"), N_("Suit strength at equal counts, strongest first.")
    )
    pass_is_final: bool = flag(
        False, N_("A player who has passed may not bid again in this auction.")
    )
    min_bid: int = integer(11, 1, 20, N_("The lowest count a player may bid."))
    no_trump_bid: str = choice(
        "off",
        ("off", "highest", "lowest"),
        N_("No-trump bids: not allowed, above every suit, or below every suit at equal counts."),
    )
    auction_order: str = choice(
        "in_turn",
        ("in_turn", "free"),
        N_("Bidding in turn from the dealer's left, or freely: anyone may call, each bid higher."),
    )
    all_pass: str = choice(
        "redeal",
        ("redeal", "widow_shown", "previous_napoleon", "previous_adjutant", "starter_12S"),
        N_(
            "When everyone passes: redeal, turn the widow face up and bid again, the last "
            "hand's napoleon (or adjutant) must bid, or the first caller plays 12♠."
        ),
    )
    # ---- the order of a trick ----
    yoromeki: str = yoromeki("off")
    yoromeki_loses_to_jacks: bool = yoromeki_loses_to_jacks()
    dq_beats_trump_jack: bool = dq_beats_trump_jack()
    hunting_jack: bool = hunting_jack()
    same_two: bool = flag(True, _SAME_TWO)
    same_two_first_trick: bool = flag(False, N_("Same two also applies to the first trick."))
    same_two_with_joker: bool = flag(
        False, N_("A joker played after the lead does not stop a same two.")
    )
    same_two_led_joker: bool = flag(
        False,
        N_(
            "A joker led, then every other card a trump with the trump 2: a same two, and the "
            "joker loses its power."
        ),
    )
    same_two_rank: str = same_two_rank()
    same_two_in_trump: bool = same_two_in_trump()
    led_joker_rank: str = choice(
        "below_almighty",
        LED_JOKER_RANKS,
        N_(
            "How strong a led joker is: below ♠A, above ♠A, below the trump jack, below both "
            "jacks, the lowest trump, or never winning."
        ),
    )
    plain_jack_lowest: bool = plain_jack_lowest()
    first_trick_specials_plain: bool = flag(
        False,
        N_(
            "On the first trick the almighty and the two jacks are ordinary cards, with no yoromeki."
        ),
    )
    first_trick_plain: str = choice(
        "none",
        ("none", "all", "jacks"),
        N_(
            "Special cards that are ordinary on the first trick: none, ♠A and both jacks, or "
            "only the two jacks."
        ),
    )
    plain_tricks: str = plain_tricks("none")
    plain_trick_specials: str = plain_trick_specials()
    # ---- legal plays ----
    almighty_is_trump: bool = flag(
        False,
        N_("The almighty ♠A counts as a trump for following suit and for a joker's trump request."),
    )
    ura_jack_is_trump: bool = flag(
        False,
        N_(
            "The jack of the trump's colour counts as a trump for following suit and for a "
            "joker's trump request."
        ),
    )
    joker_call: str = choice(
        "off",
        ("off", "S3_led", "C3_led", "S3_played"),
        N_(
            "Calling the joker: whoever holds it must play it when ♠3 is led, when ♣3 is led, "
            "or once ♠3 has been played to the trick."
        ),
    )
    almighty_call: bool = almighty_call()
    joker_any_time: bool = flag(
        True,
        N_("The joker may be played at any time; off: only by a player who cannot follow suit."),
    )
    ura_jack_any_time: bool = flag(
        False,
        N_("The jack of the trump's colour may be played at any time, like the joker."),
    )
    joker_lead_picture_request: bool = flag(
        False,
        N_("A led joker asks a player who holds no trump for a picture card (A K Q J 10)."),
    )
    first_trick_restriction: str = choice(
        "no_joker_lead",
        ("no_joker_lead", "none", "no_joker", "no_joker_no_trump"),
        N_(
            "On the first trick: the joker may not be led, no limit, no joker at all, or "
            "neither the joker nor a trump."
        ),
    )
    # ---- score ----
    score_table: str = choice(
        "wins",
        ("wins", "chips"),
        N_("Score one win per player on the winning side, or use the chip table."),
    )
    siberian: bool = flag(True, _SIBERIAN)
    all_twenty: str = all_twenty()
    discards_to: str = discards_to()

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.first_trick_specials_plain and self.first_trick_plain == "jacks":
            raise BadOptionValue(
                N_(
                    "first_trick_plain cannot be jacks while first_trick_specials_plain makes "
                    "♠A ordinary on the first trick too: choose one of them."
                ),
                "options.first_trick_plain",
            )
        if self.all_pass == "starter_12S" and self.auction_order == "free":
            raise BadOptionValue(
                N_(
                    "all_pass cannot be starter_12S while auction_order is free: a free "
                    "auction has no first caller to play 12♠."
                ),
                "options.all_pass",
            )
        if self.almighty_call and self.joker_call in ("S3_led", "S3_played"):
            raise BadOptionValue(
                N_(
                    "almighty_call cannot be on while joker_call is {call}: ♠3 cannot call both "
                    "the joker and ♠A."
                ),
                "options.almighty_call",
                call=self.joker_call,
            )


@dataclass(frozen=True)
class ChipRules(TableRules):
    variant_name = N_("Japanese Napoleon with chips")

    # ---- the order of a trick ----
    yoromeki: str = yoromeki("HQ")
    yoromeki_loses_to_jacks: bool = yoromeki_loses_to_jacks()
    dq_beats_trump_jack: bool = dq_beats_trump_jack()
    hunting_jack: bool = hunting_jack()
    same_two: bool = flag(True, _SAME_TWO)
    same_two_rank: str = same_two_rank()
    same_two_in_trump: bool = same_two_in_trump()
    plain_jack_lowest: bool = plain_jack_lowest()
    plain_tricks: str = plain_tricks("first")
    plain_trick_specials: str = plain_trick_specials()
    # ---- legal plays ----
    almighty_call: bool = almighty_call()
    # ---- score ----
    siberian: bool = flag(True, _SIBERIAN)
    all_twenty: str = all_twenty()
    discards_to: str = discards_to()


# Either Japanese game's house rules: the code they share reads what both declare, and
# asks for the others with ``getattr`` (a rule one game does not offer).
JapaneseLike = JapaneseRules | ChipRules
