"""Reading a dealt hand for POST /api/v1/deal-miss (rules-house.md §8.9)."""

from scoring.rules.errors import IllegalCall, NotationError
from scoring.rules.i18n import _

from .body import Body, Malformed


def read_dealt_hand(body: Body, variant, players: int, rules) -> list:
    """The whole dealt hand, for a variant that has a deal miss switched on."""
    if not variant.has_deal_miss:
        raise NotationError(
            _("{variant} has no deal miss: ask about the Mighty.").format(variant=_(variant.name)),
            "variant",
        )
    size = variant.hand_size(players, rules)
    hand = body.cards("hand", variant.deck_set(players, rules), variant.deck_name())
    if len(hand) != size:
        raise Malformed(
            _("hand must hold the {size} cards dealt, not {count}.").format(
                size=size, count=len(hand)
            ),
            "hand",
        )
    if rules.deal_miss != "on":
        raise IllegalCall(
            _("The house rules have no deal miss: set deal_miss to on."), "options.deal_miss"
        )
    return hand
