"""How a page writes the engine's sentences: what players read, never codes.

The API answers ``14S does not beat 14NT`` and ``Seat 3 has passed``; a page says
``14♠ does not beat 14NT`` and ``Ann has passed``. ``PageWords`` is the writer a page
hands to ``RulesError.render``: cards by their corner (``♠8``, the joker by its name in
the page's language), calls as players say them, trumps by their symbol, and seats by
the names of the players sitting there (``Seat 4`` counted from 1 where the page knows
no names).
"""

from collections.abc import Sequence

from scoring.rules.bids import Bid, NapBid
from scoring.rules.cards import SYMBOLS, Card
from scoring.rules.i18n import _


class PageWords:
    names_seats = True

    def __init__(self, seat_names: Sequence[str] = ()) -> None:
        self.seat_names = tuple(seat_names)

    def card(self, card: Card) -> str:
        return card.label

    def card_name(self, card: Card) -> str:
        return card.label

    def bid(self, bid: Bid) -> str:
        return bid.label

    def named_call(self, call: NapBid) -> str:
        return call.label

    def seat(self, seat: int) -> str:
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return _("Seat %(number)s") % {"number": seat + 1}

    def trump(self, trump: str) -> str:
        return SYMBOLS.get(trump, trump)

    def listing(self, items: Sequence[str], separator: str) -> str:
        return separator.join(items)


PAGE = PageWords()  # for a page that knows no player's name
