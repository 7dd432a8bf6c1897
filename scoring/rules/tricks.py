"""The facts of one trick, and the answers about it.

``Trick`` holds what the table saw; the variant decides who wins it
(``TrickResult``) and which cards a player may add to it (``LegalPlays``).
"""

from collections.abc import Container, Sequence
from dataclasses import dataclass, field

from scoring.rules.bids import Contract
from scoring.rules.cards import NO_TRUMP, Card
from scoring.rules.i18n import _


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


@dataclass(frozen=True, slots=True)
class TrickResult:
    winner: int  # the seat
    card: Card
    play_index: int
    reason: str
    toppled: bool = False


@dataclass(frozen=True, slots=True)
class LegalPlays:
    legal: tuple[Card, ...]
    illegal: dict[Card, str] = field(default_factory=dict)  # card → why not

    def can_play(self, card: Card) -> bool:
        return card in self.legal


def split_hand(hand: Sequence[Card], allowed: Container[Card], reason: str) -> LegalPlays:
    """Legal plays from the cards of ``hand`` in ``allowed``; the rest get ``reason``."""
    legal = tuple(c for c in hand if c in allowed)
    return LegalPlays(legal, {c: reason for c in hand if c not in allowed})


def led_suit_reason(trump: str | None) -> str:
    """The reason of a trick the highest card of the suit led took, ``{card}`` and ``{suit}``
    left to fill: a hand without a trump suit says so, rather than that none was played."""
    if trump is None or trump == NO_TRUMP:
        return _(
            "{card} wins: this hand has no trump suit, so the highest card of the suit led "
            "({suit}) takes the trick."
        )
    return _("{card} wins: highest card of the suit led ({suit}), and no trump was played.")
