"""Nap's tricks: the first card led names trumps, a trumpless misère has
none, and with the ``joker`` house rule the joker is the highest
trump, a card of the trump suit for following, and of no suit in a trumpless misère."""

from collections.abc import Sequence

from scoring.rules.bids import Contract, NapBid
from scoring.rules.cards import JOKER, Card
from scoring.rules.i18n import _
from scoring.rules.tricks import LegalPlays, Trick, TrickResult, led_suit_reason
from scoring.rules.variants.base import following_reason, trump_name
from scoring.rules.variants.nap.options import NapRules


def is_misere(contract: Contract | None) -> bool:
    return isinstance(contract, NapBid) and contract.name == "misere"


def trick_trump(trick: Trick, rules: NapRules) -> str | None:
    """The trump of this trick: trick 1's lead names it (a led joker by ``lead_suit``),
    except in a trumpless misère."""
    if is_misere(trick.contract) and rules.misere_no_trump:
        return None
    if trick.number == 1 and trick.plays:
        lead = trick.plays[0]
        return trick.lead_suit if lead is JOKER else lead.suit
    return trick.trump


def suit_of(played: Card, trump: str | None) -> str | None:
    """The suit a card follows as: the joker is a trump, or of no suit without trumps."""
    return trump if played is JOKER else played.suit


def led_suit(trick: Trick, trump: str | None) -> str | None:
    lead = trick.plays[0]
    if lead is JOKER:
        return trump if trump is not None else trick.lead_suit
    return lead.suit


def winner(trick: Trick, rules: NapRules) -> TrickResult:
    plays = trick.plays
    if JOKER in plays:
        index = plays.index(JOKER)
        reason = _("{card} wins: the joker is the highest trump and wins every trick (house rule).")
        return TrickResult(trick.seat_of(index), JOKER, index, reason.format(card=JOKER.label))
    trump = trick_trump(trick, rules)
    lead = led_suit(trick, trump)
    best = max(range(len(plays)), key=lambda i: _key(plays[i], trump, lead))
    played = plays[best]
    if played.suit == trump:
        reason = _("{card} wins: highest trump ({suit}).")
        if trick.number == 1:
            reason = _(
                "{card} wins: the first card led made {suit} trump, and {card} is the "
                "highest of them."
            )
    else:
        reason = led_suit_reason(trump)
    reason = reason.format(card=played.label, suit=trump_name(played.suit))
    return TrickResult(trick.seat_of(best), played, best, reason)


def legal_plays(trick: Trick, hand: Sequence[Card], rules: NapRules) -> LegalPlays:
    if not trick.plays:
        return LegalPlays(tuple(hand))
    trump = trick_trump(trick, rules)
    lead = led_suit(trick, trump)
    legal = tuple(c for c in hand if suit_of(c, trump) == lead)
    if not legal:
        return LegalPlays(tuple(hand))
    return LegalPlays(legal, {c: _refusal(c, lead, trump) for c in hand if c not in legal})


def _refusal(played: Card, lead: str | None, trump: str | None) -> str:
    assert lead is not None  # a led joker names its suit (``verify_trick`` asks for it)
    if played is not JOKER:
        return following_reason(lead)
    if trump is None:
        return _(
            "in a misère without trumps the joker has no suit: play it only when you hold no "
            "{suit} (house rule)"
        ).format(suit=trump_name(lead))
    return _(
        "the joker counts as a trump: play it only when you hold no {suit} (house rule)"
    ).format(suit=trump_name(lead))


def _key(played: Card, trump: str | None, lead: str | None) -> tuple[int, int]:
    if played.suit == trump:
        return (2, played.rank)
    if played.suit == lead:
        return (1, played.rank)
    return (0, 0)
