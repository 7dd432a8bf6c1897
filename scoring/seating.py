"""Changing who sits at a session's table, from the next hand on: a player leaves, a
newcomer takes a seat, another joins between two seats, the table deals in fewer or
more of those seated. Hands already played keep their own line-ups.

Each change is one transaction with the session locked (as a Save locks it), and raises
the session's revision, so the pages kept for it are written again.
"""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from scoring.models import GameSession, Player, Seat
from scoring.names import name_key
from scoring.recording import _lock


class SeatingRefused(Exception):
    """A change that cannot be made, with the message to show."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def next_hand(session) -> int:
    last = session.hands.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def league_player(league, name: str) -> Player:
    """The league's player of that name (however it is cased), or a new one."""
    key = name_key(name)
    for player in Player.objects.filter(league=league):
        if name_key(player.name) == key:
            return player
    return Player.objects.create(league=league, name=name)


def _seated(session, player) -> bool:
    return Seat.objects.filter(session=session, player=player, until_hand__isnull=True).exists()


def _close(seat: Seat, before: int) -> None:
    """The seat's player plays no hand from ``before`` on; a seat that covered no hand
    at all is simply removed."""
    if seat.from_hand >= before:
        seat.delete()
    else:
        seat.until_hand = before - 1
        seat.save(update_fields=["until_hand"])


def _changed(session) -> None:
    GameSession.objects.filter(pk=session.pk).update(revision=F("revision") + 1)


def replace(session, seat_id: int, name: str) -> Seat:
    """A newcomer takes the seat from the next hand on."""
    with transaction.atomic():
        _lock(session)
        seat = _open_seat(session, seat_id)
        player = league_player(session.league, name)
        if _seated(session, player):
            raise SeatingRefused(_("%(name)s already sits at this table.") % {"name": player.name})
        start = next_hand(session)
        _close(seat, start)
        new = Seat.objects.create(
            session=session, number=seat.number, player=player, from_hand=start
        )
        _changed(session)
        return new


def leave(session, seat_id: int) -> Seat:
    """The seat's player leaves for good after the last hand played."""
    with transaction.atomic():
        _lock(session)
        seat = _open_seat(session, seat_id)
        _close(seat, next_hand(session))
        _changed(session)
        return seat


def join(session, name: str, after: int | None, per_hand: int | None = None) -> Seat:
    """A player joins the table from the next hand on, in the seat after seat number
    ``after`` (None: at the end), and the table deals in ``per_hand`` of those seated."""
    with transaction.atomic():
        _lock(session)
        player = league_player(session.league, name)
        if _seated(session, player):
            raise SeatingRefused(_("%(name)s already sits at this table.") % {"name": player.name})
        seated = list(Seat.objects.filter(session=session, until_hand__isnull=True))
        numbers = [s.number for s in seated]
        number = (max(numbers) + 1 if numbers else 0) if after is None else after + 1
        # Make room: those after the new seat move one along, the farthest first (one
        # seat per number among those seated).
        for seat in sorted(seated, key=lambda s: -s.number):
            if seat.number >= number:
                Seat.objects.filter(pk=seat.pk).update(number=seat.number + 1)
        seat = Seat.objects.create(
            session=session, number=number, player=player, from_hand=next_hand(session)
        )
        GameSession.objects.filter(pk=session.pk).update(players_per_hand=per_hand)
        _changed(session)
        return seat


def deal_in(session, per_hand: int | None) -> None:
    """How many of those seated are dealt in (None: all, as many as the game seats)."""
    with transaction.atomic():
        _lock(session)
        GameSession.objects.filter(pk=session.pk).update(players_per_hand=per_hand)
        _changed(session)


def _open_seat(session, seat_id) -> Seat:
    seat = Seat.objects.filter(session=session, pk=seat_id, until_hand__isnull=True).first()
    if seat is None:
        raise SeatingRefused(_("That seat has changed meanwhile; look again."))
    return seat
