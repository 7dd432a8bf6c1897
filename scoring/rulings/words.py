"""How a page writes the engine's sentences: what players read, never codes.

The API answers ``14S does not beat 14NT`` and ``Seat 3 has passed``; a page says
``14♠ does not beat 14NT`` and ``Ann has passed``. ``PageWords`` is the writer a page
hands to ``RulesError.render``: cards by their corner in the page's language (``♠8``,
``♥D`` in French, the joker by its name), calls as players say them, trumps by their
symbol, lists joined the language's way, and seats by the names of the players sitting
there (``Seat 4``, counted from 1, where the page knows no names).
"""

from collections.abc import Sequence

from scoring.rules.cards import NO_TRUMP, SYMBOLS
from scoring.rules.i18n import _, pgettext
from scoring.rules.sentences import BidLike, CardLike, NamedCallLike


class PageWords:
    names_seats = True

    def __init__(self, seat_names: Sequence[str] = ()) -> None:
        self.seat_names = tuple(seat_names)

    def card(self, card: CardLike) -> str:
        return card.label

    def card_name(self, card: CardLike) -> str:
        return card.label

    def bid(self, bid: BidLike) -> str:
        return str(bid.count) if bid.trump is None else f"{bid.count}{self.trump(bid.trump)}"

    def named_call(self, call: NamedCallLike) -> str:
        return call.label

    def seat(self, seat: int) -> str:
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return _("Seat %(number)s") % {"number": seat + 1}

    def trump(self, trump: str) -> str:
        return _("NT") if trump == NO_TRUMP else SYMBOLS.get(trump, trump)

    def listing(self, items: Sequence[str], separator: str) -> str:
        if separator == ", ":  # Chinese and Japanese list with 、
            separator = pgettext("list separator", ", ")
        return separator.join(items)


PAGE = PageWords()  # for a page that knows no player's name
