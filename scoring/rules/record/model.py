"""A hand record as the engine reads it (record.md §1): the table, the header, and each trick
as the table entered it, every field already read into engine values.

Reading a record is interleaved with judging it: a trick's seats follow from who won the trick
before, so a fault in trick 5's fields must not be answered before a fault in trick 4's
situation. The reader therefore keeps the first fault of a trick's fields (``Entry.fault``, a
``NotationError``) with the fields read before it, and the walk raises it in its turn.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from scoring.rules.auction import AuctionState
from scoring.rules.bids import Bid, Contract
from scoring.rules.cards import Card
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.rules.tricks import Trick
from scoring.rules.variants.base import Variant

NO_HANDS: Mapping[int, tuple[Card, ...]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Entry:
    """One trick as entered: its plays (``None`` for an unknown card) and the marks given."""

    plays: tuple[Card | None, ...]
    winner: int | None = None
    points: tuple[Card, ...] | None = None  # None: not given
    lead_suit: str | None = None
    joker_called: bool = False
    secretary_ordered: bool = False
    trump: str | None = None  # Nap, trick 1: the suit its lead made trump
    toppled: bool | None = None  # None: not given
    fault: RulesError | None = None  # the first fault of its fields, raised in turn
    finished: bool = True  # False: the last trick, still being played

    @property
    def known(self) -> tuple[Card, ...]:
        return tuple(c for c in self.plays if c is not None)

    @property
    def seen(self) -> bool:
        return self.finished and None not in self.plays


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction the record carries (``calls``), read and judged as ``/auction`` does."""

    calls: tuple[object, ...]
    state: AuctionState
    dealer: int | None = None
    first: int | None = None
    seats: Mapping[str, int | None] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Record:
    declarer: int
    contract: Contract
    sitting_out: int | None = None
    called_card: Card | None = None
    partner: int | None = None  # the seat given, None for alone
    partner_given: bool = False
    discards: tuple[Card, ...] = ()
    hands: Mapping[int, tuple[Card, ...]] = field(default_factory=lambda: NO_HANDS)
    auction: Auction | None = None
    tricks: tuple[Entry, ...] = ()
    rest: int | None = None
    rest_fault: RulesError | None = None  # the fault of ``rest``, raised after the tricks


class Game:
    """The variant, the player count and the house rules, with what every part of a record
    asks of them (the tricks of a hand, the live seats, the point cards)."""

    def __init__(self, variant: Variant[Any], players: int, rules: TableRules) -> None:
        self.variant = variant
        self.players = players
        self.rules = rules

    @cached_property
    def tricks(self) -> int:
        """T: the tricks of a hand."""
        return self.variant.tricks(self.players, self.rules)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        return self.variant.deck(self.players, self.rules)

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        return self.variant.deck_set(self.players, self.rules)

    @cached_property
    def point_cards(self) -> frozenset[Card]:
        return self.variant.point_cards(self.players, self.rules)

    @property
    def counts_points(self) -> bool:
        return not self.variant.counts_tricks

    def live_seats(self, sitting_out: int | None) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != sitting_out)

    def in_deck_order(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """Cards as the engine writes every list of them: ♠ ♥ ♦ ♣, A down to 2, then jokers."""
        chosen = set(cards)
        return tuple(c for c in self.deck if c in chosen)

    def contract_trump(self, contract: Contract) -> str | None:
        """The trump a contract names (None for no trump); Nap's comes from the first lead."""
        if isinstance(contract, Bid) and contract.trump not in (None, "NT"):
            return contract.trump
        return None

    def trumpless(self, contract: Contract) -> bool:
        """Whether a hand whose first lead names the trump (Nap) is played without one (a
        misère under ``misere_no_trump``)."""
        if not self.variant.trump_from_lead:
            return self.contract_trump(contract) is None
        probe = Trick(self.players, 2, (), "S", contract=contract)
        return self.variant.trick_trump(probe, self.rules) is None

    def trick(self, number: int, leader: int, record: Record, **fields: Any) -> Trick:
        """An engine trick of this record (its plays and marks given in ``fields``)."""
        called = record.called_card if self.variant.secretary_card else None
        contract = record.contract if self.variant.trump_from_lead else None
        return Trick(
            self.players,
            number,
            leader=leader,
            called_card=called,
            contract=contract,
            sitting_out=record.sitting_out,
            **fields,
        )
