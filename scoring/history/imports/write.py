"""The second half of an import: a checked league written, all of it or nothing.

SQLite lets one connection write at a time, so one transaction that writes 100,000 hands
would make every Save at every table wait seconds for it. Instead the rows go in short
transactions (one batch of a couple of thousand hands each, a fraction of a second) into
a *staging* league that no one is a member of, so no page shows it; then one short
transaction moves its sessions and players into the league being filled, which must
still be empty. A failure on the way deletes the staging league, and one that is left
over (a process killed mid-import) is deleted by the next import, an hour on.

On such a database a writer that starts again the moment it commits would still keep a
Save out (SQLite does not queue writers: a waiting one retries every 100 ms or so), so
imports write one at a time, across processes too (a lock file beside the database), and
leave the database free for ``GAP`` after each batch, longer than a waiting Save's
retries are apart: a Save waits for one batch at most. An import that comes while another
has the turn is refused at once (``turn``) rather than kept waiting: a request waiting
minutes holds one of the server's few threads, and the Saves a server worker has taken in
queue behind its threads.

Rows go in by the thousand (``.rows``: model objects would cost more than the database
does), then the new ids are read back in the order they were written, to link each
hand's scores to it.
"""

import contextlib
import datetime
import fcntl
import itertools
import json
import logging
import threading
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from django.db import DatabaseError, connection, transaction
from django.db.backends.utils import CursorWrapper
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.history.imports.prepare import Batch, Prepared
from scoring.history.imports.refusal import ImportRefused
from scoring.history.imports.rescore import HAND_COLUMNS
from scoring.history.imports.rows import Rows, ids
from scoring.history.imports.schema import Head
from scoring.models import GameSession, Hand, HandScore, League, Player, Seat, new_share_token
from scoring.words.names import name_key

logger = logging.getLogger(__name__)
STAGING = "\x1fimport "  # no form takes a control character: never a league of a person
STALE = datetime.timedelta(hours=1)
FORGET_SESSIONS = 100  # sessions deleted per transaction when a staging league goes
GAP = 0.12  # seconds the database is left free between two batches (SQLite's busy
# handler retries at most 100 ms apart)
_TURN = threading.Lock()
T = TypeVar("T")
SESSION_COLUMNS = (
    "date",
    "variant",
    "options",
    "first_dealer",
    "stake",
    "created_at",
    "ended_at",
)


def write(league: League, prepared: Prepared) -> dict[str, int]:
    """Fill the empty ``league`` from ``prepared``; counts of what was written."""
    forget_stale()
    staging = League.objects.create(name=f"{STAGING}{uuid.uuid4().hex}")
    try:
        players = _players(staging, prepared.head.players)
        writer = _Writer(staging, players)
        for batch in _spaced(prepared.batches()):
            with transaction.atomic():
                writer.write(batch)
        _publish(league, staging, prepared.head)
    except BaseException:
        try:
            forget(staging.pk)
        except DatabaseError:  # the next import deletes it
            logger.exception("could not delete staging league %s", staging.pk)
        raise
    return {"players": len(players), "sessions": prepared.sessions, "hands": prepared.hands}


def _whole_database_locks() -> bool:
    """Whether a write locks the whole database (SQLite), not just its rows."""
    return not connection.features.has_select_for_update


@contextlib.contextmanager
def turn() -> Iterator[None]:
    """This import's turn to read and write its file, where a write locks the whole
    database; ImportRefused at once while another import has it."""
    if not _whole_database_locks():
        yield
        return
    if not _TURN.acquire(blocking=False):
        raise ImportRefused(_busy())
    try:
        name = str(connection.settings_dict["NAME"])
        if not Path(name).is_absolute():  # a database in memory: one process
            yield
            return
        with open(f"{name}.import-turn", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ImportRefused(_busy()) from None
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
    finally:
        _TURN.release()


def _busy() -> str:
    return _("Another league is being imported on this server. Try again in a few minutes.")


def _spaced(items: Iterable[T]) -> Iterator[T]:
    """``items``, with the database left free for GAP between two of them, where a write
    locks it whole."""
    spaced = _whole_database_locks()
    for index, item in enumerate(items):
        if spaced and index:
            time.sleep(GAP)
        yield item


def _players(staging: League, names: list[str]) -> dict[str, int]:
    players = Player.objects.bulk_create(Player(league=staging, name=name) for name in names)
    return {name_key(player.name): player.pk for player in players}


KILLED = HAND_COLUMNS.index("sitting_out")


class _Writer:
    """Writes batches into the staging league, each in the caller's transaction."""

    def __init__(self, staging: League, players: dict[str, int]) -> None:
        self.staging, self.players, self.last_session = staging, players, 0
        self.now = timezone.now().isoformat()
        # Columns the database has no default for are written too: a session's stake
        # changes, how many it deals in and its version, each seat's first and last
        # hands, each hand's line-up and who sat it out, a score's player.
        self.sessions = Rows(
            GameSession,
            (
                *SESSION_COLUMNS,
                "league",
                "share_token",
                "stake_changes",
                "players_per_hand",
                "version",
            ),
        )
        self.seats = Rows(Seat, ("session", "number", "player", "from_hand", "until_hand"))
        self.hands = Rows(
            Hand, (*HAND_COLUMNS, "created_at", "updated_at", "session", "lineup", "benched")
        )
        self.scores = Rows(HandScore, ("hand", "seat", "player", "delta"))

    def write(self, batch: Batch) -> None:
        with connection.cursor() as cursor:
            sessions = self._sessions(cursor, [row for row, _hands, _scores in batch])
            pairs = list(zip(sessions, batch, strict=True))
            self.seats.put(
                cursor,
                (
                    (session, number, self.players[name_key(name)], start, until)
                    for session, (row, _hands, _scores) in pairs
                    for number, name, start, until in row[-1]
                ),
            )
            tables = [self._tables(row[-2], hands) for _session, (row, hands, _s) in pairs]
            self.hands.put(
                cursor,
                (
                    (*hand[:-1], self.now, self.now, session, *table[:2])
                    for (session, (_row, hands, _scores)), found in zip(pairs, tables, strict=True)
                    for hand, table in zip(hands, found, strict=True)
                ),
            )
            hands = ids(cursor, Hand, "session", sessions, "session_id, number")
            self.scores.put(cursor, self._scores(hands, batch, tables))

    def _tables(
        self, seats: Sequence[str], hands: Sequence[tuple[Any, ...]]
    ) -> list[tuple[str, str, list[int]]]:
        """Each hand's line-up and who sat it out (player ids, as JSON text), and its
        line-up's ids: the session's seats, unless the hand names its own."""
        key, players = name_key, self.players
        seated = [players[key(name)] for name in seats]
        usual = (json.dumps(seated), "[]", seated)
        found: list[tuple[str, str, list[int]]] = []
        for hand in hands:
            named = hand[-1]
            if named is None:
                found.append(usual)
                continue
            names, sat_out = named
            lineup = [players[key(name)] for name in names]
            out = [[place, players[key(name)]] for place, name in sat_out]
            found.append((json.dumps(lineup), json.dumps(out), lineup))
        return found

    @staticmethod
    def _scores(
        hands: list[int], batch: Batch, tables: list[list[tuple[str, str, list[int]]]]
    ) -> Iterator[tuple[int, int, int, int]]:
        """(hand, seat, player, score) of each player of each hand; a killed seat has none."""
        rows = [hand for _row, hands_, _scores in batch for hand in hands_]
        lineups = [lineup for found in tables for _text, _out, lineup in found]
        deltas = [deltas for _row, _hands, scores in batch for deltas in scores]
        for hand, row, lineup, hand_deltas in zip(hands, rows, lineups, deltas, strict=True):
            killed = row[KILLED]
            for seat, delta in enumerate(hand_deltas):
                if seat != killed:
                    yield hand, seat, lineup[seat], delta

    def _sessions(self, cursor: CursorWrapper, rows: list[tuple[Any, ...]]) -> list[int]:
        count = len(SESSION_COLUMNS)
        self.sessions.put(
            cursor,
            (
                (*row[:count], self.staging.pk, new_share_token(), *row[count : count + 2], 0)
                for row in rows
            ),
        )
        table = connection.ops.quote_name(GameSession._meta.db_table)
        cursor.execute(
            f"SELECT id FROM {table} WHERE league_id = %s AND id > %s ORDER BY id",
            [self.staging.pk, self.last_session],
        )
        found = [pk for (pk,) in cursor.fetchall()]
        if len(found) != len(rows):
            raise RuntimeError(f"{len(rows)} sessions written, {len(found)} found")
        self.last_session = found[-1]
        return found


def _publish(league: League, staging: League, head: Head) -> None:
    """Move the staging league's sessions and players into ``league``, if still empty."""
    with transaction.atomic():
        target = League.objects.select_for_update().filter(pk=league.pk).first()
        if target is None:
            raise ImportRefused(_("This league no longer exists."))
        if target.sessions.exists() or target.players.exists():
            raise ImportRefused(
                _("This league already has players or sessions: import into an empty league.")
            )
        GameSession.objects.filter(league=staging).update(league=target)
        Player.objects.filter(league=staging).update(league=target)
        target.name = head.league.name
        target.default_variant = head.league.default_variant
        target.default_options = head.league.default_options
        target.save(update_fields=["name", "default_variant", "default_options"])
        League.objects.filter(pk=staging.pk).delete()


def forget(staging_pk: int) -> None:
    """Delete a staging league, a few sessions per transaction."""
    for _turn in _spaced(itertools.repeat(None)):
        with transaction.atomic():
            ids = list(
                GameSession.objects.filter(league_id=staging_pk).values_list("pk", flat=True)[
                    :FORGET_SESSIONS
                ]
            )
            if not ids:
                Player.objects.filter(league_id=staging_pk).delete()
                League.objects.filter(pk=staging_pk).delete()
                return
            HandScore.objects.filter(hand__session_id__in=ids).delete()
            GameSession.objects.filter(pk__in=ids).delete()


def forget_stale() -> None:
    """Staging leagues an interrupted import left behind."""
    stale = League.objects.filter(
        name__startswith=STAGING, created_at__lt=timezone.now() - STALE
    ).values_list("pk", flat=True)
    for pk in list(stale):
        forget(pk)
