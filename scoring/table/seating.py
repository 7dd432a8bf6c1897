"""Changing who sits at a session's table, from the next hand on: a player leaves, a
newcomer takes a seat, another joins between two seats, the table deals in fewer or
more of those seated. Hands already played keep their own line-ups.

Each change is one transaction with the session locked (as a Save locks it): it is
checked against the table version its page was drawn for (a join "after Dan" drawn
before someone else sat down would otherwise land in another place), and raises the
version with a line saying what changed (scoring.table.version).
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.models import GameSession, League, Player, Seat, TableChange
from scoring.rules import Variant
from scoring.table import version
from scoring.table.lineup import players_count
from scoring.table.setup import MAX_SITTING_OUT
from scoring.table.version import Actor, Write
from scoring.words.names import name_key


class SeatingRefused(Exception):
    """A change that cannot be made, with the message to show."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def next_hand(session: GameSession) -> int:
    last = session.hands.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


LOOKS = 3  # lookups of the entries to seat, when one was merged away while it was read

CHANGED_ENTRY = gettext_lazy("That player entry has changed meanwhile; look again.")


def hold(league: League, read: Callable[[], Sequence[int]]) -> list[int]:
    """The entries ``read()`` names, each locked until the transaction ends.

    A merge deletes the entry it merges away. A seat given to it by a transaction that
    read it before the merge committed fails PostgreSQL's check of the seat's reference
    at commit. So the entries are locked before they are seated, in the order of their
    ids as a merge locks them; one merged away while this waited for its lock is read
    again, and found where the merge put it."""
    for _look in range(LOOKS):
        ids = list(read())
        rows = Player.objects.filter(league=league, pk__in=ids).order_by("pk")
        if connection.features.has_select_for_update:
            rows = rows.select_for_update()
        if set(rows.values_list("pk", flat=True)) == set(ids):
            return ids
    raise SeatingRefused(str(CHANGED_ENTRY))


def league_players(league: League, names: Sequence[str]) -> list[Player]:
    """The league's player of each name (however it is cased), held (``hold``) until
    the transaction ends, or a new one."""
    keys = {name_key(name) for name in names}
    found: dict[str, Player] = {}

    def read() -> list[int]:
        found.clear()
        for player in Player.objects.filter(league=league):
            key = name_key(player.name)
            if key in keys:
                found.setdefault(key, player)
        return [player.pk for player in found.values()]

    if connection.features.has_select_for_update and len(set(read())) < len(keys):
        _lock_names(league)
    hold(league, read)
    players = []
    for name in names:
        key = name_key(name)
        if key not in found:
            found[key] = _new_entry(league, name)
        players.append(found[key])
    return players


def _lock_names(league: League) -> None:
    """Lock the league's row before a new entry is made, so that two tables seating
    "ann" and "Ann" at once make one entry: the second waits here, then reads the first's.

    Names differing only in case are one person (``name_key``), which the database's
    unique name does not know. SQLite needs none of this: its transactions take the write
    lock when they begin (settings: IMMEDIATE). Taken before any entry's lock (``hold``),
    as nothing else locks the league while holding an entry, so no two wait on each other.
    NO KEY UPDATE: a row written meanwhile that points at the league (a new game's seat, an
    entry) takes a KEY SHARE lock on it, which FOR UPDATE would block (a deadlock)."""
    League.objects.select_for_update(no_key=True).filter(pk=league.pk).first()


def _new_entry(league: League, name: str) -> Player:
    """A new entry called ``name``; or the one another table has just created under that
    name (two tables seating one newcomer at once), which this lookup could not yet see."""
    try:
        with transaction.atomic():
            return Player.objects.create(league=league, name=name)
    except IntegrityError:
        return Player.objects.get(league=league, name=name)


def league_player(league: League, name: str) -> Player:
    """The league's player of that name (however it is cased), held, or a new one."""
    return league_players(league, [name])[0]


def _seated(session: GameSession, player: Player) -> bool:
    return Seat.objects.filter(session=session, player=player, until_hand__isnull=True).exists()


def _close(seat: Seat, before: int) -> None:
    """The seat's player plays no hand from ``before`` on; a seat that covered no hand
    at all is simply removed."""
    if seat.from_hand >= before:
        seat.delete()
    else:
        seat.until_hand = before - 1
        seat.save(update_fields=["until_hand"])


def _begin(session: GameSession, drawn: int | None) -> version.Locked:
    """Lock the session and refuse a change drawn for a table that has changed since
    (``drawn`` None: a caller with no page), or made after the session ended."""
    locked = version.lock(session.pk)
    if locked.ended_at is not None:
        raise SeatingRefused(_("This session has ended; reopen it to change its players."))
    if drawn is not None:
        version.check(locked, drawn, Write.SEATING)
    return locked


def _changed(locked: version.Locked, detail: Mapping[str, object], user: Actor) -> None:
    version.bump(locked, TableChange.SEATS, detail, user)


def most_seated(session: GameSession) -> int:
    """How many may sit at the table: as many as the game deals in at most, and three
    more taking turns to sit out, as New game allows (a league file holds no more)."""
    variant: Variant[Any] = session.engine
    return max(variant.players) + MAX_SITTING_OUT


def replace(
    session: GameSession,
    seat_id: int,
    name: str,
    drawn: int | None = None,
    user: Actor = None,
) -> Seat:
    """A newcomer takes the seat from the next hand on."""
    with transaction.atomic():
        locked = _begin(session, drawn)
        seat = _open_seat(session, seat_id)
        player = league_player(session.league, name)
        if _seated(session, player):
            raise SeatingRefused(_("%(name)s already sits at this table.") % {"name": player.name})
        start = next_hand(session)
        _close(seat, start)
        new = Seat.objects.create(
            session=session, number=seat.number, player=player, from_hand=start
        )
        detail = {"action": "replace", "name": player.name, "gone": seat.player.name}
        _changed(locked, detail, user)
        return new


def leave(session: GameSession, seat_id: int, drawn: int | None = None, user: Actor = None) -> Seat:
    """The seat's player leaves for good after the last hand played."""
    with transaction.atomic():
        locked = _begin(session, drawn)
        seat = _open_seat(session, seat_id)
        _close(seat, next_hand(session))
        _changed(locked, {"action": "leave", "name": seat.player.name}, user)
        return seat


def join(
    session: GameSession,
    name: str,
    after: int | None,
    per_hand: int | None = None,
    drawn: int | None = None,
    user: Actor = None,
) -> Seat:
    """A player joins the table from the next hand on, in the seat after seat number
    ``after`` (None: at the end), and the table deals in ``per_hand`` of those seated."""
    with transaction.atomic():
        locked = _begin(session, drawn)
        seated = list(
            Seat.objects.filter(session=session, until_hand__isnull=True).select_related("player")
        )
        _check_room(session, seated, after)
        player = league_player(session.league, name)
        if _seated(session, player):
            raise SeatingRefused(_("%(name)s already sits at this table.") % {"name": player.name})
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
        before = next((s.player.name for s in seated if s.number == after), None)
        detail = {"action": "join_after" if before else "join", "name": player.name}
        _changed(locked, {**detail, "after": before or ""}, user)
        return seat


def _check_room(session: GameSession, seated: list[Seat], after: int | None) -> None:
    """A join needs a free chair (``most_seated``) and a neighbour who is seated now."""
    most = most_seated(session)
    if len(seated) >= most:
        raise SeatingRefused(
            ngettext(
                "%(game)s seats at most %(count)d player at one table.",
                "%(game)s seats at most %(count)d players at one table.",
                most,
            )
            % {"game": session.get_variant_display(), "count": most}
        )
    if after is not None and after not in {s.number for s in seated}:
        raise SeatingRefused(_("That seat has changed meanwhile; look again."))


def deal_in(
    session: GameSession, per_hand: int | None, drawn: int | None = None, user: Actor = None
) -> None:
    """How many of those seated are dealt in (None: all, as many as the game seats)."""
    with transaction.atomic():
        locked = _begin(session, drawn)
        GameSession.objects.filter(pk=session.pk).update(players_per_hand=per_hand)
        count = players_count(GameSession.objects.get(pk=session.pk))
        _changed(locked, {"action": "deal_in", "count": count}, user)


def _open_seat(session: GameSession, seat_id: int) -> Seat:
    seat = Seat.objects.filter(session=session, pk=seat_id, until_hand__isnull=True).first()
    if seat is None:
        raise SeatingRefused(_("That seat has changed meanwhile; look again."))
    return seat
