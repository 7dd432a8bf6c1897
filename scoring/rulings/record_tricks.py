"""Reading the tricks of a hand record (record.md §1.1, §6.1 step 7), each field in its order.

A trick's seats depend on who won the trick before, so the first fault of a trick's fields
is not raised here: it is kept in the trick's ``Entry`` (with the plays read before it), and
the engine's walk raises it in its turn, after the situation of every earlier trick. The
tricks after a faulty one are not read.
"""

from dataclasses import dataclass, field

from scoring.rules.bids import Contract
from scoring.rules.cards import Card, parse_card, verify_in_deck
from scoring.rules.errors import NotationError
from scoring.rules.i18n import N_
from scoring.rules.record import Entry, Game
from scoring.rules.record.faults import (
    not_last_in_progress,
    plays_count,
    required,
    too_many_tricks,
    trick_not_object,
    trick_path,
    twice,
)
from scoring.rules.tricks import Trick
from scoring.rulings.fields import MISSING, Fields, Malformed, whole_number

FLAGS = ("joker_called", "secretary_ordered")


@dataclass
class Header:
    """What reading a trick needs from the record's header."""

    called_card: Card | None
    contract: Contract
    live: int  # L: the plays of a trick
    trumpless: bool  # Nap: a misère played without trumps


@dataclass
class Reading:
    """The fields of one trick read so far (an ``Entry`` once all are read)."""

    plays: list[Card | None] = field(default_factory=list)
    values: dict[str, object] = field(default_factory=dict)


def read_tricks(fields: Fields, game: Game, header: Header, seen: set[Card]) -> tuple[Entry, ...]:
    raw = fields.array("tricks")
    if len(raw) > game.tricks:
        raise too_many_tricks(game.tricks, len(raw))
    entries = []
    for index, item in enumerate(raw):
        entry = read_trick(game, header, index, item, index == len(raw) - 1, seen)
        entries.append(entry)
        if entry.fault is not None:
            break
    return tuple(entries)


def read_trick(
    game: Game, header: Header, index: int, item: object, last: bool, seen: set[Card]
) -> Entry:
    reading = Reading()
    try:
        if not isinstance(item, dict):
            raise trick_not_object(index)
        _read(game, header, index, item, last, seen, reading)
    except NotationError as fault:
        if not fault.field.startswith("tricks["):
            fault.field = trick_path(index, fault.field)
        return Entry(tuple(reading.plays), fault=fault)
    return Entry(tuple(reading.plays), **reading.values)  # type: ignore[arg-type]


def _read(
    game: Game,
    header: Header,
    index: int,
    item: dict[str, object],
    last: bool,
    seen: set[Card],
    reading: Reading,
) -> None:
    fields = Fields(item)
    finished = _read_plays(game, header, index, item, last, seen, reading)
    plays = reading.plays
    partial = finished and None in plays
    winner = _optional(item, "winner", game.players)
    topples = game.variant.can_topple and index == 0 and item.get("toppled") is True
    if winner is None and partial and not topples:
        raise required(index, "winner")
    points = _read_points(game, item, seen)
    values = reading.values
    values.update(winner=winner, points=points, finished=finished)
    values["lead_suit"] = _lead_suit(game, header, index, fields, plays)
    for name in FLAGS:
        values[name] = fields.flag(name)
    toppled = fields.raw("toppled")
    values["toppled"] = None if toppled is MISSING else fields.flag("toppled")
    values["trump"] = _trump(game, header, index, fields)
    seen.update(c for c in plays if c is not None)
    seen.update(points or ())


def _read_plays(
    game: Game,
    header: Header,
    index: int,
    item: dict[str, object],
    last: bool,
    seen: set[Card],
    reading: Reading,
) -> bool:
    """Read the plays one by one into ``reading``; return whether the trick is finished."""
    raw = item.get("plays")
    live = header.live
    if raw is None:
        reading.plays.extend([None] * live)
        return True
    if not isinstance(raw, list):
        raise Malformed(N_("{field} must be a list."), "plays", field="plays")
    marked = item.get("winner") is not None or item.get("points") is not None
    marked = marked or item.get("toppled") is True
    count = len(raw)
    if (marked and count != live) or not 0 < count <= live:
        raise plays_count(index, live, count, marked)
    if count < live and not last:
        raise not_last_in_progress(index, live)
    for i, text in enumerate(raw):
        card = None if text is None else _card(game, text, f"plays[{i}]")
        if card is not None and (card in seen or card in reading.plays):
            raise twice(card, f"plays[{i}]")
        reading.plays.append(card)
    return count == live


def _card(game: Game, text: object, field: str) -> Card:
    try:
        return verify_in_deck(parse_card(text), game.deck_set, game.variant.deck_name())
    except NotationError as error:
        raise error.at(field) from None


def _optional(item: dict[str, object], name: str, players: int) -> int | None:
    value = item.get(name)
    return None if value is None else whole_number(value, name, 0, players - 1)


def _read_points(game: Game, item: dict[str, object], seen: set[Card]) -> tuple[Card, ...] | None:
    raw = item.get("points")
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise Malformed(N_("{field} must be a list."), "points", field="points")
    points: list[Card] = []
    for i, text in enumerate(raw):
        card = _card(game, text, f"points[{i}]")
        if card in seen or card in points:
            raise twice(card, f"points[{i}]")
        points.append(card)
    return tuple(points)


def _lead_suit(
    game: Game, header: Header, index: int, fields: Fields, plays: list[Card | None]
) -> str | None:
    """The suit the leader named, read only where the lead needs one (§1.1)."""
    lead = plays[0] if plays else None
    if lead is None or not game.variant.needs_lead_suit(_probe(game, header, index, lead)):
        return None
    if fields.raw("lead_suit") in (MISSING, None):
        raise NotationError(
            N_("{card} was led: give lead_suit, the suit the leader named (S, H, D or C)."),
            "lead_suit",
            card=lead,
        )
    return fields.suit("lead_suit")


def _probe(game: Game, header: Header, index: int, lead: Card) -> Trick:
    """The trick as far as its lead, to ask whether the lead names a suit."""
    variant = game.variant
    trump = game.contract_trump(header.contract)
    if variant.trump_from_lead:
        trump = None if header.trumpless else "S"  # a hand with a trump, whichever it is
    called = header.called_card if variant.secretary_card else None
    contract = header.contract if variant.trump_from_lead else None
    return Trick(game.players, index + 1, (lead,), trump, called_card=called, contract=contract)


def _trump(game: Game, header: Header, index: int, fields: Fields) -> str | None:
    """Nap's trick 1: the suit its lead made trump (ignored without trumps or elsewhere)."""
    if not game.variant.trump_from_lead or index != 0 or header.trumpless:
        return None
    if fields.raw("trump") in (MISSING, None):
        return None
    return fields.suit("trump")
