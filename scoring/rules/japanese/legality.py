"""Which cards a player may play to a Japanese trick.

The obligations, first that applies: (1) a call in force, the called card held;
(2) the first trick's bars on a lead; (3) a led joker's request; (4) following suit;
(5) the first trick's bars on a follower. The cards that may be played at any time (the
joker, and the jack of the trump's colour with ``ura_jack_any_time``) are always legal under
(3) and (4) and never oblige; the bars still apply to the joker.
"""

from collections.abc import Iterable

from scoring.rules.cards import JOKER, Card, card, suit_name
from scoring.rules.errors import IllegalTrick
from scoring.rules.i18n import N_, _
from scoring.rules.japanese.powers import ALMIGHTY, Powers
from scoring.rules.tricks import LegalPlays

SPADE_THREE, CLUB_THREE = card("S3"), card("C3")
PICTURE_RANKS = frozenset({10, 11, 12, 13, 14})
_NO_JOKER = ("no_joker", "no_joker_no_trump")
# The cards that may be played, and why each other card may not.
Refusals = tuple[set[Card], dict[Card, str]]


def legal_plays(powers: Powers, hand: Iterable[Card]) -> LegalPlays:
    hand = tuple(hand)
    called = call_in_force(powers)
    if called is not None and called[0] in hand:
        only, why = called
        return LegalPlays((only,), {c: why for c in hand if c is not only})
    legal, refused = _obligations(powers, hand)
    if powers.trick.number == 1:
        legal, refused = _first_trick_bars(powers, hand, legal, refused)
    return LegalPlays(tuple(c for c in hand if c in legal), refused)


def call_in_force(powers: Powers) -> tuple[Card, str] | None:
    """(card, why) when a card is called to this trick (``joker_call``, ``almighty_call``),
    else None."""
    plays, rules = powers.plays, powers.rules
    if not plays or powers.plain:
        return None
    lead = plays[0]
    if rules.almighty_call and lead is SPADE_THREE:
        return ALMIGHTY, _("♠3 was led, which calls ♠A: its holder must play it (house rule)")
    call = rules.joker_call
    if call == "off" or not rules.has_joker:
        return None
    if powers.trick.number == 1 and rules.first_trick_restriction in _NO_JOKER:
        return None
    if call == "S3_led" and lead is SPADE_THREE:
        return JOKER, _("♠3 was led, which calls the joker: its holder must play it (house rule)")
    if call == "C3_led" and lead is CLUB_THREE:
        return JOKER, _("♣3 was led, which calls the joker: its holder must play it (house rule)")
    if call == "S3_played" and SPADE_THREE in plays:
        return JOKER, _(
            "♠3 has been played to this trick, which calls the joker: its holder must play it "
            "(house rule)"
        )
    return None


def any_time(powers: Powers, played: Card) -> bool:
    rules = powers.rules
    if played is JOKER:
        return rules.joker_any_time
    return rules.ura_jack_any_time and played is powers.colour_jack_of_hand()


def _obligations(powers: Powers, hand: tuple[Card, ...]) -> Refusals:
    """(3) and (4): the legal cards, and why each other card is not."""
    if not powers.plays:
        return set(hand), {}
    free = {c for c in hand if any_time(powers, c)}
    if powers.joker_led and not powers.plain:
        return _answer_joker(powers, hand, free)
    return _follow(powers, hand, free)


def _follow(powers: Powers, hand: tuple[Card, ...], free: set[Card], why: str = "") -> Refusals:
    """(4) follow suit: the cards of the suit to follow, and the any-time cards."""
    suit = suit_to_follow(powers)
    followers = {
        c for c in hand if c not in free and c is not JOKER and powers.follows_as(c) == suit
    }
    if suit is None or not followers:
        return set(hand), {}
    legal = followers | free
    others = [c for c in hand if c not in legal]
    if not others:
        return legal, {}
    follow = why or following_reason(suit)
    refused = {c: follow for c in others}
    if JOKER in refused:
        refused[JOKER] = _("the joker may be played only when you cannot follow suit (house rule)")
    return legal, refused


def suit_to_follow(powers: Powers) -> str | None:
    """The suit the next player must follow; None when any card will do. After a led joker
    that has no say (on a plain trick, or with ``led_joker_rank: never_wins``) the second
    card sets the suit."""
    plays = powers.plays
    if plays[0] is JOKER:
        return powers.follows_as(plays[1]) if len(plays) > 1 else None
    return powers.follows_as(plays[0])


def _answer_joker(powers: Powers, hand: tuple[Card, ...], free: set[Card]) -> Refusals:
    """A led joker asks for trumps; with ``joker_lead_picture_request``, else for pictures;
    with ``led_joker_rank: never_wins``, else for the second card's suit."""
    trumps = {c for c in hand if c not in free and powers.is_trump(c)}
    if trumps:
        must = _("a led joker calls for trumps, and you hold a trump")
        almighty = _(
            "the almighty may answer a led joker only when spades are trump or you hold no trump"
        )
        refused = {c: almighty if c is ALMIGHTY else must for c in hand if c not in trumps | free}
        return trumps | free, refused
    if powers.rules.joker_lead_picture_request:
        pictures = {c for c in hand if c not in free and c.rank in PICTURE_RANKS}
        if pictures:
            why = _(
                "a led joker asks for a picture card when you hold no trump (house rule), "
                "and you hold one"
            )
            return pictures | free, {c: why for c in hand if c not in pictures | free}
    if powers.rules.led_joker_rank == "never_wins":
        # (4): a joker that never wins leaves the led suit to the second card (step 14).
        suit = suit_to_follow(powers)
        if suit is not None:
            why = _(
                "a led joker never wins at this table (house rule), so {suit} count as led, "
                "and you hold {suit}"
            ).format(suit=suit_name(suit))
            return _follow(powers, hand, free, why)
    return set(hand), {}


def _first_trick_bars(
    powers: Powers, hand: tuple[Card, ...], legal: set[Card], refused: dict[Card, str]
) -> Refusals:
    """(2) and (5): the first trick's bars, lifted only when every card is barred."""
    # In the hand's order (a set's order changes from one run to the next).
    bars = {c: why for c in hand if c in legal and (why := _barred(powers, c))}
    if not bars:
        return legal, refused
    kept = legal - set(bars)
    if not kept:
        # Every card is barred: the trumps may be played, the joker only when it is all.
        kept = {c for c in legal if c is not JOKER} or legal
    return kept, {**refused, **{c: why for c, why in bars.items() if c not in kept}}


def _barred(powers: Powers, played: Card) -> str:
    restriction = powers.rules.first_trick_restriction
    leading = not powers.plays
    if played is JOKER:
        if restriction in _NO_JOKER:
            return _("the joker may not be played to the first trick (house rule)")
        if leading and restriction == "no_joker_lead":
            return _("the joker may not be led to the first trick")
        return ""
    if restriction != "no_joker_no_trump" or any_time(powers, played):
        return ""
    if not powers.is_trump(played):
        return ""
    if not leading and powers.is_trump(powers.plays[0]):
        return ""  # a trump may always follow a trump lead
    return _("no trump may be played to the first trick (house rule)")


def following_reason(suit: str) -> str:
    return _("you hold {suit}, and {suit} were led").format(suit=suit_name(suit))


def verify_trick(powers: Powers) -> None:
    """What the trick alone shows to be illegal: a joker barred from trick 1
    (``first_trick_restriction``)."""
    plays = powers.plays
    if powers.trick.number != 1 or JOKER not in plays:
        return
    restriction = powers.rules.first_trick_restriction
    index = plays.index(JOKER)
    if restriction in _NO_JOKER:
        raise IllegalTrick(
            N_("The joker may not be played to the first trick (house rule)."), f"plays[{index}]"
        )
    if index == 0 and restriction == "no_joker_lead":
        raise IllegalTrick(N_("The joker may not be led to the first trick."), "plays[0]")
