"""The questions the engine answers, as typed values.

Each question holds engine values (a variant, its house rules, cards, a trick, a hand's
facts), never text to be parsed: reading written fields into a question is
``reading``'s work, done once for the API's JSON and the pages' entries alike.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.cards import Card
from scoring.rules.options import TableRules
from scoring.rules.record import Record
from scoring.rules.scores import HandFacts
from scoring.rules.tricks import Trick
from scoring.rules.variants import Variant


@dataclass(frozen=True, slots=True)
class Table:
    """The game, the number of players and the house rules a question is asked under."""

    variant: Variant[Any]
    players: int
    rules: TableRules


@dataclass(frozen=True, slots=True)
class TrickQuestion:
    """Who wins this complete trick?"""

    table: Table
    trick: Trick


@dataclass(frozen=True, slots=True)
class LegalPlaysQuestion:
    """Which cards of ``hand`` may the next player add to ``trick`` (the cards so far)?

    ``secretary_ordered`` and ``declarer`` matter where the napoleon may order the
    secretary card played (a variant with ``secretary_card``).
    """

    table: Table
    trick: Trick
    hand: tuple[Card, ...]
    secretary_ordered: bool = False
    declarer: int | None = None


@dataclass(frozen=True, slots=True)
class AuctionQuestion:
    """Where does the auction stand after ``calls``?

    Calls are as the players made them: ``pass``, a bid in the variant's notation
    (``14NT``, ``wellington``), or in a free auction ``{"seat": 2, "call": "13S"}``; the
    engine reads each in turn, so the first bad one is the one named. ``dealer`` or
    ``first`` says who called first; ``seats`` holds the seats the house rules ask for
    (``previous_napoleon``).
    """

    table: Table
    calls: tuple[object, ...]
    dealer: int | None = None
    first: int | None = None
    seats: Mapping[str, int | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreQuestion:
    """What does each player score for this hand?"""

    table: Table
    facts: HandFacts


@dataclass(frozen=True, slots=True)
class DealMissQuestion:
    """May the player dealt ``hand`` call a deal miss (the Mighty's weak-hand redeal)?"""

    table: Table
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RecordQuestion:
    """How did this hand go, trick by trick, and what does it score (record.md)?"""

    table: Table
    record: Record
