"""What the engine answers about a hand record (record.md §8), as frozen values."""

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.rules.auction import AuctionState
from scoring.rules.bids import Contract
from scoring.rules.cards import Card
from scoring.rules.record.sentence import Reason, Sentence
from scoring.rules.scores import HandFacts, Score


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    leader: int
    seats: tuple[int, ...]
    plays: tuple[Card | None, ...]
    finished: bool
    judged: bool
    winner: int | None
    card: Card | None
    play_index: int | None
    reason: Reason | None  # None while the trick is being played
    points: tuple[Card, ...]
    toppled: bool


@dataclass(frozen=True, slots=True)
class PartnerView:
    seat: int | None
    alone: bool | None  # None while unknown
    known: bool
    revealed: int | None  # the trick that showed it
    by: str | None  # play, first_trick, hands, discards, unplayed, given, no_partner
    reason: Sentence

    @property
    def partner(self) -> int | None:
        """The seat as ``/score`` takes it: None when alone."""
        return None if self.alone else self.seat


@dataclass(frozen=True, slots=True)
class Proof:
    card: Card
    trick: int | None  # where its seat played it; None when it is not recorded


@dataclass(frozen=True, slots=True)
class IllegalPlay:
    trick: int
    seat: int
    play_index: int
    card: Card
    by: str  # trick, hand, later_plays
    proved_by: Proof | None
    reason: Reason


@dataclass(frozen=True, slots=True)
class Claim:
    seat: int
    tricks: int
    points: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Side:
    seats: tuple[int, ...]
    tricks: int
    points: int | None  # None where the result is counted in tricks


@dataclass(frozen=True, slots=True)
class NextPlay:
    trick: int
    seat: int


@dataclass(frozen=True, slots=True)
class RecordAnswer:
    variant: str
    players: int
    declarer: int
    contract: Contract
    trump: str | None  # S H D C or NT; None while Nap's is unknown
    called_card: Card | None
    partner: PartnerView
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]  # by seat
    captured: tuple[tuple[Card, ...], ...]  # by seat, deck order
    discards: tuple[Card, ...]
    claimed: Claim | None
    sides: tuple[Side, Side] | None  # the declarer's side, the defenders
    illegal_plays: tuple[IllegalPlay, ...]
    complete: bool
    next: NextPlay | None
    auction: AuctionState | None
    options: Mapping[str, object]  # the options that differ from their defaults, as JSON
    facts: HandFacts | None  # the /score request, when the hand is scored
    score: Score | None
    notation: str
