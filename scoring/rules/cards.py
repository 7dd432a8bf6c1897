"""Cards, their notation and decks.

Every card is one shared instance, looked up by its canonical code, so cards
compare and hash by identity: cheap in the hot loop of judging tricks.
"""

from collections.abc import Iterable

from scoring.rules.errors import CardNotationError, CardNotInDeck, DuplicateCard
from scoring.rules.i18n import N_, NC_, _, pgettext
from scoring.rules.sentences import Writer

SUITS = ("S", "H", "D", "C")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
NO_TRUMP = "NT"

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
RANK_CODES = {r: str(r) for r in range(2, 11)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_BY_CODE = {code: rank for rank, code in RANK_CODES.items()} | {"T": 10}

SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
JOKER_NAMES = {"BJ": N_("Big Joker"), "LJ": N_("Little Joker"), "JK": N_("Joker")}
# The letters a player reads on a card's corner, in the table's language (French: R, D, V).
RANK_LETTERS = {
    ACE: NC_("card rank", "A"),
    KING: NC_("card rank", "K"),
    QUEEN: NC_("card rank", "Q"),
    JACK: NC_("card rank", "J"),
}


class Card:
    """One playing card; jokers have no suit and rank 0."""

    __slots__ = ("code", "suit", "rank")

    def __init__(self, code: str, suit: str | None, rank: int) -> None:
        self.code = code
        self.suit = suit
        self.rank = rank

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """How a player reads the card: ``♥Q``, ``♠10``, ``big joker`` (``♥D`` in French)."""
        if self.suit is None:
            return _(JOKER_NAMES[self.code])
        return SYMBOLS[self.suit] + rank_label(self.rank)

    def written(self, writer: Writer) -> str:
        """The card as a sentence's parameter: a code for the API, ♠A on a page."""
        return writer.card(self)

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Keep the one-instance-per-card property across pickling and copying.
        return (card, (self.code,))


def _build() -> dict[str, Card]:
    cards = {}
    for suit in SUITS:
        for rank, code in RANK_CODES.items():
            cards[suit + code] = Card(suit + code, suit, rank)
    for code in JOKER_NAMES:
        cards[code] = Card(code, None, 0)
    return cards


CARDS: dict[str, Card] = _build()
BIG_JOKER, LITTLE_JOKER, JOKER = CARDS["BJ"], CARDS["LJ"], CARDS["JK"]
STANDARD_DECK: tuple[Card, ...] = tuple(
    CARDS[s + RANK_CODES[r]] for s in SUITS for r in range(14, 1, -1)
)


def card(code: str) -> Card:
    """The card with canonical ``code`` (for code that already knows it is valid)."""
    return CARDS[code]


def suit_card(suit: str, rank: int) -> Card:
    return CARDS[suit + RANK_CODES[rank]]


def parse_card(text: object) -> Card:
    """Read a card code such as ``SA``, ``h10``, ``DT`` or ``BJ``."""
    if not isinstance(text, str):
        raise CardNotationError(N_("A card must be written as a code such as SA or H10."))
    code = text.upper()
    found = CARDS.get(code)
    if found is not None:
        return found
    if len(code) >= 2 and code[0] in SYMBOLS and code[1:] in _RANK_BY_CODE:
        return suit_card(code[0], _RANK_BY_CODE[code[1:]])
    raise CardNotationError(
        N_(
            "'{text}' is not a card: write a suit letter (S, H, D, C) then a rank "
            "(2–10, J, Q, K, A), such as SA or H10, or BJ, LJ, JK for a joker."
        ),
        text=text,
    )


def parse_cards(
    texts: Iterable[object], deck: frozenset[Card], deck_name: str, seen: set[Card] | None = None
) -> list[Card]:
    """Parse a list of codes, each in ``deck`` and none repeated (also across ``seen``).

    Errors carry the index of the bad entry as their field (``[2]``).
    """
    seen = set() if seen is None else seen
    cards = []
    for index, text in enumerate(texts):
        try:
            c = verify_in_deck(parse_card(text), deck, deck_name)
        except (CardNotationError, CardNotInDeck) as error:
            raise error.at(f"[{index}]") from None
        if c in seen:
            raise DuplicateCard(N_("{card} is given twice."), f"[{index}]", card=c)
        seen.add(c)
        cards.append(c)
    return cards


def verify_in_deck(c: Card, deck: frozenset[Card], deck_name: str) -> Card:
    if c not in deck:
        raise CardNotInDeck(N_("{card} is not in the deck of {deck}."), card=c, deck=deck_name)
    return c


def rank_label(rank: int) -> str:
    """A rank as a card's corner shows it in the reader's language: ``K``, ``10`` (``R``)."""
    letter = RANK_LETTERS.get(rank)
    return pgettext(*letter) if letter else RANK_CODES[rank]


def suit_name(suit: str) -> str:
    return _(SUIT_NAMES[suit])
