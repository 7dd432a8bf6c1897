"""The parameters of the engine's sentences, and the writers that put them into words.

An error keeps its sentence as a template marked for translation and its parameters as
data: cards, calls, seats, counts. A ``Writer`` decides how each kind of parameter is
written. The API's writer (``CODES``) writes the codes a program reads back (``14S``,
``SA``, seat ``3`` counted from 0); a page's writer writes what a player reads
(``14♠``, ``♠A``, the joker's name, the player sitting in that seat).

This module imports no other part of the engine (cards and bids import the errors, which
import this), so a card or a call writes itself (``written``), and the writer is asked for
the kind of thing it is. What a writer reads of a card, a bid or a named call is said here
as a protocol (``CardLike``, ``BidLike``, ``NamedCallLike``) that ``Card``, ``Bid`` and
``NapBid`` meet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias


class CardLike(Protocol):
    """What a writer reads of a card (``cards.Card``)."""

    @property
    def code(self) -> str:
        """The code the API reads back: ``SA``, ``H10``, ``BJ``."""
        ...

    @property
    def label(self) -> str:
        """How a player reads the card: ``♠A``, the joker's name."""
        ...


class BidLike(Protocol):
    """What a writer reads of a bid (``bids.Bid``); ``str()`` gives its code (``14NT``)."""

    @property
    def count(self) -> int: ...

    @property
    def trump(self) -> str | None: ...


class NamedCallLike(Protocol):
    """What a writer reads of one of Nap's named calls (``bids.NapBid``)."""

    @property
    def label(self) -> str: ...


class Writer(Protocol):
    """How a reader wants each kind of parameter written."""

    @property
    def names_seats(self) -> bool:
        """Whether seats are written as the players' names (then a sentence that has
        one says so in its own words: ``Ann has passed``, not ``Seat 3 has passed``)."""
        ...

    def card(self, card: CardLike) -> str: ...

    def card_name(self, card: CardLike) -> str:
        """A card the API's own sentence already names as a player reads it."""
        ...

    def bid(self, bid: BidLike) -> str: ...

    def named_call(self, call: NamedCallLike) -> str: ...

    def seat(self, seat: int) -> str: ...

    def trump(self, trump: str) -> str:
        """A trump by its code: ``S``, ``H``, ``D``, ``C`` or ``NT``."""
        ...

    def listing(self, items: Sequence[str], separator: str) -> str: ...


class Writable(Protocol):
    """A parameter that knows which kind of thing it is (a card, a call, a seat …)."""

    def written(self, writer: Writer) -> str: ...


Param: TypeAlias = "str | int | Writable"


def write(value: Param, writer: Writer) -> str:
    """One parameter in ``writer``'s words; text and numbers are written as they are."""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return value.written(writer)


def given(value: object) -> Param:
    """A value as the caller gave it (a JSON value of any type), to quote it back."""
    return value if isinstance(value, (str, int)) else str(value)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table, counted from 0 as the API counts."""

    number: int

    def written(self, writer: Writer) -> str:
        return writer.seat(self.number)


@dataclass(frozen=True, slots=True)
class CardName:
    """A card the API's sentence names as players do (``♠A``, ``Joker``), not by its code."""

    card: CardLike

    def written(self, writer: Writer) -> str:
        return writer.card_name(self.card)


@dataclass(frozen=True, slots=True)
class Trump:
    """A trump named by its code (``S`` … ``NT``)."""

    code: str

    def written(self, writer: Writer) -> str:
        return writer.trump(self.code)


@dataclass(frozen=True, slots=True)
class Listing:
    """Several parameters written as one list (``♠A, ♥K``); a page may join them in its
    language's way."""

    items: tuple[Param, ...]
    separator: str = ", "

    def written(self, writer: Writer) -> str:
        return writer.listing([write(item, writer) for item in self.items], self.separator)


class Codes:
    """The API's writer: codes that never change with the language (api.md)."""

    names_seats = False

    def card(self, card: CardLike) -> str:
        return card.code

    def card_name(self, card: CardLike) -> str:
        return card.label

    def bid(self, bid: BidLike) -> str:
        return str(bid)

    def named_call(self, call: NamedCallLike) -> str:
        # Nap's calls are words, and the API's sentences have always named them so.
        return call.label

    def seat(self, seat: int) -> str:
        return str(seat)

    def trump(self, trump: str) -> str:
        return trump

    def listing(self, items: Sequence[str], separator: str) -> str:
        return separator.join(items)


CODES = Codes()
