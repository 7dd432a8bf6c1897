"""Who played each hand of an imported session, and the seats that follow from it.

A league file names a hand's players (and who sat it out, by their place among everyone
at the table) only where they were not simply the session's seats (scoring.history.export).
From those tables, hand after hand, the session's seats are built again as the app keeps
them (scoring.table.seating): each run of hands a player spent at the table is one seat, from
its first hand; a seat whose player is not at the last hand's table was left after the
last hand it covered; those still at the table sit in its order.
"""

import json
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn, Protocol

from django.utils.translation import gettext as _

from scoring.history.imports.refusal import field
from scoring.history.imports.schema import Session
from scoring.rules import Variant
from scoring.rules.options import TableRules
from scoring.rules.penalty import DealMissCost, Earlier
from scoring.words.names import name_key

# A hand as the file gives it (a ``schema.Hand``), read by the names of its fields.
HandEntry = Mapping[str, Any]
# Where in the file a hand is: the hand, and its position in its session's list.
Where = tuple[HandEntry, int]
# A hand's number, everyone at its table, and where the file names them (None: the seats).
Ring = tuple[int, list[str], Where | None]
# One seat: its number, its player, its first hand, its last hand (None: still taken).
SeatRow = tuple[int, str, int, int | None]


class Checked(Protocol):
    """What these checks ask of the session being read (``rescore.Table``)."""

    variant: Variant[Any]

    def game(self) -> str: ...

    def fail(self, problem: str, where: Where | None = None) -> NoReturn: ...


class CheckedHand(Checked, Protocol):
    """The session at one hand's player count (``rescore.Table.at``)."""

    rules: TableRules | None
    players: int

    def seat(self, value: int | None, name: str, where: Where | None) -> None: ...


def who_played(
    hand: HandEntry, seats: list[str], table: Checked, where: Where
) -> tuple[list[str], list[list[Any]] | None, list[str]]:
    """(its players, who sat it out as [[place, name], …], everyone at its table in
    order) of one hand, checked: each person at the table once, each place once."""
    players = hand.get("players")
    out = hand.get("sat_out") or []
    if players is None:
        if out:
            table.fail(_("it names who sat it out, so it must name who played it too."), where)
        return seats, None, seats
    places = [place for place, _name in out]
    if places != sorted(set(places)):
        table.fail(_("who sat it out must be listed by place, each place once."), where)
    ring = list(players)
    last = len(players) + len(out) - 1
    for place, name in out:
        if place > last:
            table.fail(
                _(
                    "place {place} of who sat it out is not at the table: its places are 0 to {last}."
                ).format(place=place, last=last),
                where,
            )
        ring.insert(place, name)
    seen: set[str] = set()
    for name in ring:
        key = name_key(name)
        if key in seen:
            table.fail(_("“{name}” is at the table twice in this hand.").format(name=name), where)
        seen.add(key)
    return players, [[place, name] for place, name in out], ring


def seat_rows(seats: list[str], rings: Iterable[Ring]) -> tuple[SeatRow, ...]:
    """(number, name, first hand, last hand or None) of every seat the session had, in
    the order they were taken: ``seats`` first. ``rings`` are (hand number, everyone at
    its table, …) in hand order; a run of hands at the same table shares one list."""
    # By player: [place, name, first hand, order taken], while the seat is taken.
    runs: dict[str, list[Any]] = {
        name_key(name): [place, name, 1, place] for place, name in enumerate(seats)
    }
    closed: list[tuple[int, SeatRow]] = []
    taken, before = len(seats), 0
    previous: list[str] | None = None
    for number, ring, *_rest in rings:
        if ring is not previous:
            present = {name_key(name): (place, name) for place, name in enumerate(ring)}
            for key in [key for key in runs if key not in present]:
                place, name, start, order = runs.pop(key)
                closed.append((order, (place, name, start, before)))  # left after ``before``
            for key, (place, name) in present.items():
                if key in runs:
                    runs[key][0] = place
                else:
                    runs[key] = [place, name, number, taken]
                    taken += 1
            previous = ring
        before = number
    still: list[tuple[int, SeatRow]] = [
        (order, (place, name, start, None)) for place, name, start, order in runs.values()
    ]
    return tuple(row for _order, row in sorted(closed + still, key=lambda item: item[0]))


def per_hand(session: Session, table: Checked, last: tuple[list[str], object] | None) -> int | None:
    """How many of those seated the table deals in (``GameSession.players_per_hand``):
    as the file says (null: all of them); in a file that does not say, as many as played
    the last hand when someone sat it out, or with no hand yet, as New game sets it for
    more friends than the game deals in."""
    variant, seats = table.variant, session.seats
    if "players_per_hand" in session.model_fields_set:  # null: all of them
        count = session.players_per_hand
        if count is not None and not variant.can_seat(count):
            table.fail(
                _("{field} must be a player count {game} is played by ({counts}).").format(
                    field=field("players_per_hand"),
                    game=table.game(),
                    counts=variant.player_counts,
                )
            )
        return count
    if last is None:
        most = max(variant.players)
        return most if len(seats) > most else None
    players, out = last
    return len(players) if out else None


def given_seats(
    session: Session, table: Checked, rings: Iterable[Ring]
) -> tuple[SeatRow, ...] | None:
    """The seats as the file lists them, where the table changed during the session
    (None: the file does not, and ``seat_rows`` builds them from the hands): each seat
    still taken by one player, each number taken by one seat, and a seat for everyone
    at the table of a hand (``rings``, as for ``seat_rows``) or at its start."""
    if session.all_seats is None:
        return None
    numbers: set[int] = set()
    players: set[str] = set()
    for number, name, _start, until in session.all_seats:
        if until is not None:
            continue
        if number in numbers:
            table.fail(_("two players sit in seat {seat}.").format(seat=number))
        if name_key(name) in players:
            table.fail(_("a player has two seats."))
        numbers.add(number)
        players.add(name_key(name))
    seated = {name_key(name) for _number, name, *_run in session.all_seats}
    for _number, ring, where in [(1, session.seats, None), *rings]:
        for name in ring:
            if name_key(name) not in seated:
                table.fail(
                    _("“{name}” is at the table but has no seat among the session's seats.").format(
                        name=name
                    ),
                    where,
                )
    return tuple(session.all_seats)


def stake_changes(changes: Iterable[tuple[int, str | None]], table: Checked) -> str:
    """The session's later stakes as the app keeps them (JSON text), in hand order."""
    numbers = [number for number, _stake in changes]
    if numbers != sorted(set(numbers)):
        table.fail(_("the stake changes must be listed in hand order, each hand once."))
    return json.dumps([[number, stake] for number, stake in changes])


def deal_miss_caller(hand: HandEntry, table: CheckedHand, where: Where) -> None:
    """Who called a deal miss: a seat of the hand, in a game whose house rules allow
    one; nobody, for any other hand."""
    caller = hand.get("deal_miss_by")
    if hand["status"] != "dealmiss":
        if caller is not None:
            table.fail(
                _("it was not a deal miss, so {field} must be null.").format(
                    field=field("deal_miss_by")
                ),
                where,
            )
        return
    if caller is None:
        table.fail(
            _("it was a deal miss, so it needs {field}.").format(field=field("deal_miss_by")), where
        )
    if not table.variant.deal_miss_on(table.rules):
        table.fail(
            _("{game} has no deal miss under these house rules.").format(game=table.game()), where
        )
    table.seat(caller, "deal_miss_by", where)


def caller_key(hand: HandEntry, players: list[str]) -> str | None:
    """Who called a deal miss, by name (a run of them follows the player, not the seat)."""
    caller = hand.get("deal_miss_by") if hand["status"] == "dealmiss" else None
    return None if caller is None else name_key(players[caller])


def deal_miss_cost(
    hand: HandEntry, table: CheckedHand, runs: list[Earlier], players: list[str]
) -> DealMissCost | None:
    """What a deal miss costs under the session's house rules, after the hands before it
    (``runs``, oldest first); None for any other hand, or where it costs nothing."""
    caller, who = hand.get("deal_miss_by"), caller_key(hand, players)
    if caller is None or who is None or table.rules is None:
        return None
    before = table.variant.deal_miss_in_a_row(runs, who)
    cost: DealMissCost | None = table.variant.deal_miss_cost(
        table.players, caller, table.rules, before
    )
    return cost
