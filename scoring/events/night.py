"""The night as the database keeps it: checking players in, seating a round (each table an
ordinary session with its seats and its code), redrawing it before any hand, closing it.

Every change the director makes goes through ``changing``: the event's row is locked, the
version the page was drawn for is checked, and the version is raised, so two directors'
pages (or one page drawn twice) never undo each other's work.
"""

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.events import seating
from scoring.events.results import night_standings
from scoring.models import (
    Entrant,
    Event,
    EventTable,
    GameSession,
    Hand,
    League,
    Membership,
    Round,
    Seat,
    TableChange,
)
from scoring.models.events import new_table_code
from scoring.table import version
from scoring.table.seating import SeatingRefused, hold, league_player


class NightRefused(Exception):
    """A director's change that cannot be made; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleEvent(NightRefused):
    """The page was drawn before another change to the night."""


def directs(event: Event, user: User | AnonymousUser) -> bool:
    """The night's director, or an owner of its league."""
    if not user.is_authenticated:
        return False
    return event.director_id == user.pk or event.league.role_of(user) == Membership.OWNER


@contextmanager
def changing(event: Event, drawn: int | None) -> Iterator[Event]:
    """Lock the event's row, refuse a page drawn for another version, raise the version."""
    with transaction.atomic():
        rows = Event.objects.filter(pk=event.pk)
        if connection.features.has_select_for_update:
            rows = rows.select_for_update()
        locked = rows.select_related("league").get()
        if drawn != locked.version:
            raise StaleEvent(
                _("The night changed after this page was opened: look again, then try again.")
            )
        yield locked
        Event.objects.filter(pk=event.pk).update(version=locked.version + 1)


def check_in(event: Event, name: str) -> Entrant:
    """The league's player of that name (a guest is a new player without an account)
    checks in, or comes back after leaving."""
    try:
        player = league_player(event.league, name)
    except SeatingRefused as refused:
        raise NightRefused(refused.message) from None
    entrant, created = Entrant.objects.get_or_create(event=event, player=player)
    if not created and entrant.present:
        raise NightRefused(_("%(name)s is already checked in.") % {"name": player.name})
    if not created:
        entrant.present = True
        entrant.save(update_fields=["present"])
    return entrant


def leave(event: Event, entrant_id: int) -> Entrant:
    entrant = Entrant.objects.filter(event=event, pk=entrant_id).first()
    if entrant is None or not entrant.present:
        raise NightRefused(_("That player is not checked in."))
    entrant.present = False
    entrant.save(update_fields=["present"])
    return entrant


def latest_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def seat_next(event: Event, method: str, user: User | None) -> Round:
    """Seat the next round: the last one must be closed, and the night not over."""
    last = latest_round(event)
    if last is not None and last.closed_at is None:
        raise NightRefused(_("Close the round being played before seating the next."))
    number = last.number + 1 if last else 1
    if number > event.rounds:
        raise NightRefused(_("All the night's rounds have been played."))
    round_ = Round.objects.create(event=event, number=number, method=method)
    _seat(event, round_, user, event.seed + number)
    return round_


def redraw(event: Event, method: str, user: User | None) -> Round:
    """Seat the round being played afresh, while none of its tables has recorded a hand."""
    round_ = latest_round(event)
    if round_ is None or round_.closed_at is not None:
        raise NightRefused(_("There is no round to draw again."))
    sessions = GameSession.objects.filter(event_table__round=round_)
    if Hand.objects.filter(session__in=sessions).exists():
        raise NightRefused(_("A table has recorded a hand: this round's seating stays."))
    # The old tables' phone accounts open nothing any more: they go with their tables.
    phones = list(
        EventTable.objects.filter(round=round_, phone__isnull=False).values_list("phone", flat=True)
    )
    sessions.delete()
    User.objects.filter(pk__in=phones).delete()
    round_.method = method
    round_.save(update_fields=["method"])
    _seat(event, round_, user, random.SystemRandom().randrange(2**31))
    return round_


def _seat(event: Event, round_: Round, user: User | None, seed: int) -> None:
    present = _held(
        event.league,
        lambda: list(
            event.entrants.filter(present=True).order_by("pk").values_list("player", flat=True)
        ),
    )
    variant = GameSession(variant=event.variant).engine
    sizes = seating.table_sizes(len(present), variant.players, variant.typical_players)
    if not sizes:
        raise NightRefused(
            _("%(game)s is played at tables of %(counts)s: check more players in.")
            % {"game": _(variant.name), "counts": variant.player_counts}
        )
    earlier = list(event.round_set.filter(number__lt=round_.number))
    drawn = seating.seat(
        present,
        sizes,
        round_.method,
        seed=seed,
        standing=[row.player for row in night_standings(event)],
        sat_out=Counter(p for r in earlier for p in r.sitting_out),
        met=seating.meetings(_tables_of(earlier)),
    )
    round_.sitting_out = list(drawn.sitting_out)
    round_.save(update_fields=["sitting_out", "seated_at"])
    for number, table in enumerate(drawn.tables, start=1):
        _open_table(event, round_, number, table, user)


def _held(league: League, read: Callable[[], Sequence[int]]) -> list[int]:
    """The players ``read()`` names, held until they are seated (scoring.table.seating)."""
    try:
        return hold(league, read)
    except SeatingRefused as refused:
        raise NightRefused(refused.message) from None


def _tables_of(rounds: list[Round]) -> list[list[list[int]]]:
    seats = Seat.objects.filter(session__event_table__round__in=rounds).values_list(
        "session__event_table__round", "session", "player"
    )
    by_round: dict[int, dict[int, list[int]]] = {}
    for round_id, session_id, player_id in seats:
        by_round.setdefault(round_id, {}).setdefault(session_id, []).append(player_id)
    return [list(tables.values()) for tables in by_round.values()]


def _open_table(
    event: Event, round_: Round, number: int, players: tuple[int, ...], user: User | None
) -> None:
    session = GameSession.objects.create(
        league=event.league,
        date=event.date,
        variant=event.variant,
        options=event.options,
        created_by=user,
    )
    Seat.objects.bulk_create(
        Seat(session=session, number=place, player_id=player)
        for place, player in enumerate(players)
    )
    for _attempt in range(5):  # a code already taken is drawn again
        code = new_table_code()
        if not EventTable.objects.filter(code=code).exists():
            break
    EventTable.objects.create(round=round_, number=number, session=session, code=code)


def close_round(event: Event, user: User) -> Round:
    """End the round: its tables' sessions end, and their codes stop opening them; a
    table of an earlier round opened for a correction is closed again with it."""
    round_ = latest_round(event)
    if round_ is None or round_.closed_at is not None:
        raise NightRefused(_("There is no round being played."))
    now = timezone.now()
    tables = GameSession.objects.filter(event_table__round__event=event, ended_at__isnull=True)
    _end(list(tables.values_list("pk", flat=True)), user)
    round_.closed_at = now
    round_.save(update_fields=["closed_at"])
    if round_.number >= event.rounds:
        Event.objects.filter(pk=event.pk).update(ended_at=now)
    return round_


def _end(session_pks: list[int], user: User) -> None:
    """End these sessions, each locked in the order of their ids; the end is in each
    one's audit trail."""
    now = timezone.now()
    for session_pk in sorted(session_pks):
        locked = version.lock(session_pk)
        if locked.ended_at is None:
            GameSession.objects.filter(pk=session_pk).update(ended_at=now)
            version.bump(locked, TableChange.END, {"ended": True}, user)


def reopen_table(event: Event, table_pk: object, user: User) -> EventTable:
    """A table of a closed round opened again, for the director to correct or cancel a
    hand on the table's own pages. Its code stays shut: only the league's members can
    write there. The reopening, like the closing again, is in the table's audit trail."""
    pk = table_pk if isinstance(table_pk, int) else version.drawn_version(table_pk)
    if pk is None:  # not a number: no table of this night
        raise NightRefused(_("Only a table of a closed round can be opened for a correction."))
    table = (
        EventTable.objects.filter(pk=pk, round__event=event, round__closed_at__isnull=False)
        .select_related("round")
        .first()
    )
    if table is None:
        raise NightRefused(_("Only a table of a closed round can be opened for a correction."))
    locked = version.lock(table.session_id)
    if locked.ended_at is not None:
        GameSession.objects.filter(pk=locked.pk).update(ended_at=None)
        version.bump(locked, TableChange.END, {"ended": False}, user)
    return table


def reopened(event: Event) -> list[EventTable]:
    """The tables of closed rounds opened again for a correction."""
    return list(
        EventTable.objects.filter(
            round__event=event, round__closed_at__isnull=False, session__ended_at__isnull=True
        ).select_related("round")
    )


def close_corrected(event: Event, user: User) -> int:
    """Close again the tables opened for a correction; how many there were."""
    tables = reopened(event)
    _end([table.session_id for table in tables], user)
    return len(tables)
