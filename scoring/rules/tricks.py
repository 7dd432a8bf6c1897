"""The facts of one trick, and the answers about it.

``Trick`` holds what the table saw; the variant decides who wins it
(``TrickResult``) and which cards a player may add to it (``LegalPlays``).
"""

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from typing import Final

from scoring.rules.bids import Contract
from scoring.rules.cards import NO_TRUMP, Card
from scoring.rules.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Trick:
    players: int
    number: int  # 1 … tricks per hand
    plays: tuple[Card, ...]  # in play order, plays[0] led by ``leader``
    trump: str | None = None  # a suit, or None for no trump
    leader: int = 0
    lead_suit: str | None = None  # named by the leader of a joker or secretary card
    joker_called: bool = False  # a summon (Taiwan) or a joker call (the Mighty)
    called_card: Card | None = None  # Taiwan's secretary card
    contract: Contract | None = None  # Nap: the bid (misère changes the trump)
    sitting_out: int | None = None  # six-player Mighty: the killed seat, which plays no card

    def seat_of(self, index: int) -> int:
        """The seat of ``plays[index]``: clockwise from the leader, over the seat sitting out."""
        seat = (self.leader + index) % self.players
        if self.sitting_out is None:
            return seat
        passed = (self.sitting_out - self.leader) % self.players
        return (seat + 1) % self.players if 0 < passed <= index else seat

    @property
    def live_players(self) -> int:
        """How many seats play a card to the trick (all but one sitting out)."""
        return self.players - (self.sitting_out is not None)

    @property
    def next_seat(self) -> int:
        return self.seat_of(len(self.plays))


class TrickResult:
    """Who won a trick, with which card, and why.

    The reason is a sentence a person or the API reads, in the reader's language: a variant
    may hand it over already written, or as a function that writes it each time it is read
    (most tricks are judged by the engine for its own sake, and never read).
    A plain class rather than a frozen dataclass: judging is the engine's hottest path.
    """

    __slots__ = ("winner", "card", "play_index", "_reason", "toppled")
    # Declared here rather than in ``__init__``, where each annotation is evaluated per call.
    winner: Final[int]  # the seat
    card: Final[Card]
    play_index: Final[int]
    _reason: Final[str | Callable[[], str]]
    toppled: Final[bool]

    def __init__(
        self,
        winner: int,
        card: Card,
        play_index: int,
        reason: str | Callable[[], str],
        toppled: bool = False,
    ) -> None:
        self.winner = winner
        self.card = card
        self.play_index = play_index
        self._reason = reason
        self.toppled = toppled

    @property
    def reason(self) -> str:
        reason = self._reason
        return reason if isinstance(reason, str) else reason()

    def _key(self) -> tuple[int, Card, int, str, bool]:
        return (self.winner, self.card, self.play_index, self.reason, self.toppled)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrickResult) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.winner, self.card, self.play_index, self.toppled))

    def __repr__(self) -> str:
        return "TrickResult(winner={!r}, card={!r}, play_index={!r}, reason={!r}, toppled={!r})".format(
            *self._key()
        )


class LegalPlays:
    """The cards of a hand that may be played, and why each other card may not.

    ``illegal`` maps each card that may not be played to the reason, a sentence in the
    reader's language; a variant may give it as a function that builds the map each time it
    is read (a play-out asks which cards are legal far more often than why not)."""

    __slots__ = ("legal", "_illegal")
    legal: Final[tuple[Card, ...]]
    _illegal: Final[dict[Card, str] | Callable[[], dict[Card, str]]]

    def __init__(
        self,
        legal: tuple[Card, ...],
        illegal: dict[Card, str] | Callable[[], dict[Card, str]] | None = None,
    ) -> None:
        self.legal = legal
        self._illegal = {} if illegal is None else illegal

    @property
    def illegal(self) -> dict[Card, str]:
        illegal = self._illegal
        return illegal if isinstance(illegal, dict) else illegal()

    def can_play(self, card: Card) -> bool:
        return card in self.legal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalPlays):
            return False
        return self.legal == other.legal and self.illegal == other.illegal

    __hash__ = None  # type: ignore[assignment]  # as the dataclass with a dict field was

    def __repr__(self) -> str:
        return f"LegalPlays(legal={self.legal!r}, illegal={self.illegal!r})"


def split_hand(hand: Sequence[Card], allowed: Container[Card], reason: str) -> LegalPlays:
    """Legal plays from the cards of ``hand`` in ``allowed``; the rest get ``reason``."""
    legal = tuple(c for c in hand if c in allowed)
    return LegalPlays(legal, {c: reason for c in hand if c not in allowed})


def led_suit_message(trump: str | None) -> str:
    """The reason of a trick the highest card of the suit led took, untranslated (``N_``),
    ``{card}`` and ``{suit}`` left to fill: a hand without a trump suit says so, rather
    than that none was played."""
    if trump is None or trump == NO_TRUMP:
        return N_(
            "{card} wins: this hand has no trump suit, so the highest card of the suit led "
            "({suit}) takes the trick."
        )
    return N_("{card} wins: highest card of the suit led ({suit}), and no trump was played.")


def led_suit_reason(trump: str | None) -> str:
    """``led_suit_message`` in the reader's language."""
    return _(led_suit_message(trump))


def refusals(
    hand: Sequence[Card], legal: Container[Card], reason: Callable[[], str]
) -> Callable[[], dict[Card, str]]:
    """The map of ``LegalPlays.illegal``, built when read: every card of ``hand`` not in
    ``legal``, with ``reason`` (written then, in the reader's language)."""

    cards = tuple(hand)  # the caller's list may change once the card is played

    def build() -> dict[Card, str]:
        why = reason()
        return {c: why for c in cards if c not in legal}

    return build
