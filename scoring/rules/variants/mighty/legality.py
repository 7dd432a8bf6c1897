"""Which cards a player of the Mighty may play: the
joker call, the first trick's bars, and following suit, where the Mighty and the joker
may be played at any time."""

from collections.abc import Callable, Sequence
from functools import partial

from scoring.rules.cards import JOKER, Card
from scoring.rules.errors import IllegalTrick
from scoring.rules.i18n import N_, _
from scoring.rules.sentences import CardName
from scoring.rules.tricks import LegalPlays, Trick, refusals
from scoring.rules.variants.base import following_reason
from scoring.rules.variants.mighty.options import MightyRules
from scoring.rules.variants.mighty.order import led_suit, mighty_card, ripper_card


def call_allowed(trick: Trick, rules: MightyRules, last: int) -> bool:
    """May the ripper led to this trick call the joker?"""
    if not trick.plays or trick.plays[0] is not ripper_card(trick.trump):
        return False
    if trick.number == 1 and rules.ripper_first_trick != "lead_and_call":
        return False
    return trick.number != last or rules.joker_call_last_trick


def call_refusal(trick: Trick, rules: MightyRules, last: int) -> str:
    ripper = ripper_card(trick.trump).label
    if not trick.plays or trick.plays[0] is not ripper_card(trick.trump):
        if rules.ripper_first_trick == "lead_and_call":
            return _("The joker can be called only by leading the ripper ({card}).").format(
                card=ripper
            )
        return _(
            "The joker can be called only by leading the ripper ({card}) after the first trick."
        ).format(card=ripper)
    if trick.number == 1 and rules.ripper_first_trick == "lead_no_call":
        return _(
            "The ripper may lead the first trick, but it cannot call the joker there (house rule)."
        )
    if trick.number == 1:
        return _(
            "The joker can be called only by leading the ripper ({card}) after the first trick."
        ).format(card=ripper)
    return _("No joker may be called on the last trick (house rule).")


def verify_first_lead(trick: Trick, rules: MightyRules) -> None:
    """The joker never leads trick 1; the ripper only where a house rule lets it."""
    if trick.number != 1 or not trick.plays:
        return
    lead = trick.plays[0]
    barred = lead is JOKER or (
        lead is ripper_card(trick.trump) and rules.ripper_first_trick == "no_lead"
    )
    if barred:
        raise IllegalTrick(
            N_("{card} may not be led to the first trick."), "plays[0]", card=CardName(lead)
        )


def legal_plays(trick: Trick, hand: Sequence[Card], rules: MightyRules) -> LegalPlays:
    if not trick.plays:
        return _leads(trick, hand, rules)
    called = _called(trick, hand, rules)
    if called is not None:
        return called
    lead = led_suit(trick)
    mighty = mighty_card(trick.trump)  # the Mighty and the joker may be played at any time
    if lead is not None and _holds(hand, lead, mighty):
        legal = tuple([c for c in hand if c.suit == lead or c is JOKER or c is mighty])
        return LegalPlays(legal, refusals(hand, legal, partial(following_reason, lead)))
    if trick.number == 1 and rules.first_trick_trumps == "none" and lead != trick.trump:
        return _no_trumps_on_trick_one(trick, hand)
    return LegalPlays(tuple(hand))


def _holds(hand: Sequence[Card], suit: str, mighty: Card) -> bool:
    """Does the hand hold a card of ``suit`` that obliges (the Mighty never does)?"""
    for c in hand:
        if c.suit == suit and c is not mighty:
            return True
    return False


def _translated(reasons: dict[Card, str]) -> Callable[[], dict[Card, str]]:
    """``LegalPlays.illegal`` from messages marked with ``N_``, translated when read."""
    return lambda: {c: _(message) for c, message in reasons.items()}


def _called(trick: Trick, hand: Sequence[Card], rules: MightyRules) -> LegalPlays | None:
    """The joker's holder after a call: the joker, or with ``mighty_defense`` the Mighty too."""
    if not (trick.joker_called and trick.plays[0] is ripper_card(trick.trump) and JOKER in hand):
        return None
    mighty = mighty_card(trick.trump)
    if rules.mighty_defense and mighty in hand:
        reason = N_("the ripper called the joker: play it, or defend with the Mighty (house rule)")
        legal = tuple(c for c in hand if c in (JOKER, mighty))
        return LegalPlays(legal, refusals(hand, legal, partial(_, reason)))
    reason = N_("the ripper called the joker: you must play it")
    return LegalPlays((JOKER,), refusals(hand, (JOKER,), partial(_, reason)))


def _no_trumps_on_trick_one(trick: Trick, hand: Sequence[Card]) -> LegalPlays:
    """``first_trick_trumps: none``: a player void in the suit led keeps its trumps back
    while it holds any other card (the Mighty and the joker are never trumps)."""
    others = [c for c in hand if c.suit != trick.trump or c in (JOKER, mighty_card(trick.trump))]
    if not others:
        return LegalPlays(tuple(hand))
    reason = N_(
        "no trump may be played to the first trick while you hold another card (house rule)"
    )
    return LegalPlays(tuple(others), refusals(hand, others, partial(_, reason)))


def _leads(trick: Trick, hand: Sequence[Card], rules: MightyRules) -> LegalPlays:
    if trick.number != 1:
        return LegalPlays(tuple(hand))
    ripper = ripper_card(trick.trump)
    banned = {JOKER: N_("the joker may not be led to the first trick")}
    if rules.ripper_first_trick == "no_lead":
        banned[ripper] = N_("the ripper may not be led to the first trick")
    if rules.first_trick_trumps == "free":
        legal = [c for c in hand if c not in banned]
        if legal:
            return LegalPlays(
                tuple(legal), _translated({c: banned[c] for c in hand if c in banned})
            )
        return LegalPlays(tuple(hand))
    # §5 lets a trump lead trick 1 only from a hand that holds nothing else a lead may be:
    # where a house rule lets the ripper lead, a hand of trumps, the joker and the ripper
    # leads the ripper, under ``no_lead`` as under ``none``.
    plain = [c for c in hand if c not in banned and not _is_trump(c, trick)]
    if plain:
        trump = N_("a trump may not be led to the first trick while you hold other cards")
        if plain == [ripper]:
            trump = N_(
                "a trump may not be led to the first trick while you hold the ripper, which "
                "may lead it at this table (house rule)"
            )
        refused = {c: banned.get(c, trump) for c in hand if c not in plain}
        return LegalPlays(tuple(plain), _translated(refused))
    trumps = [c for c in hand if c not in banned]
    if trumps:
        return LegalPlays(tuple(trumps), _translated({c: banned[c] for c in hand if c in banned}))
    return LegalPlays(tuple(hand))


def _is_trump(played: Card, trick: Trick) -> bool:
    # The Mighty is never a trump (♦A when spades are trump is no spade anyway).
    return played.suit == trick.trump and played is not mighty_card(trick.trump)
