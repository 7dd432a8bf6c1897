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
after each batch leave the database free at least as long as they held it, and never
less than ``GAP``: a Save waits for one batch at most.

Rows go in with ``executemany`` (hands and scores by the hundred thousand: model objects
would cost more than the database does), then the new ids are read back in the order
they were written to link each hand's scores to it.
"""

import contextlib
import datetime
import itertools
import json
import logging
import threading
import time
import uuid
from pathlib import Path

from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import GameSession, Hand, HandScore, League, Player, Seat, new_share_token
from scoring.names import name_key

from .prepare import Prepared
from .refusal import ImportRefused
from .rescore import HAND_COLUMNS, JSON_COLUMNS

try:
    import fcntl
except ImportError:  # not Unix: imports in one process still take turns
    fcntl = None

logger = logging.getLogger(__name__)
STAGING = "\x1fimport "  # no form takes a control character: never a league of a person
STALE = datetime.timedelta(hours=1)
FORGET_SESSIONS = 100  # sessions deleted per transaction when a staging league goes
GAP = 0.1  # seconds the database is left free between two batches, at the least
_TURN = threading.Lock()
SESSION_COLUMNS = (
    "date",
    "variant",
    "options",
    "first_dealer",
    "stake",
    "created_at",
    "ended_at",
)


def write(league: League, prepared: Prepared) -> dict:
    """Fill the empty ``league`` from ``prepared``; counts of what was written."""
    forget_stale()
    staging = League.objects.create(name=f"{STAGING}{uuid.uuid4().hex}")
    try:
        players = _players(staging, prepared.head.players)
        writer = _Writer(staging, players)
        with _turn():
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
def _turn():
    """Imports take turns to write, where a write locks the whole database."""
    if not _whole_database_locks():
        yield
        return
    name = str(connection.settings_dict["NAME"])
    with _TURN:
        if fcntl is None or not Path(name).is_absolute():  # in memory: one process
            yield
            return
        with open(f"{name}.import-turn", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _spaced(items):
    """``items``, with the database left free between two of them for as long as the
    caller held it with the first (at least GAP), where a write locks it whole."""
    spaced = _whole_database_locks()
    held = None
    for item in items:
        if spaced and held is not None:
            time.sleep(max(GAP, held))
        started = time.monotonic()
        yield item
        held = time.monotonic() - started


def _players(staging: League, names: list[str]) -> dict[str, int]:
    players = Player.objects.bulk_create(Player(league=staging, name=name) for name in names)
    return {name_key(player.name): player.pk for player in players}


def _insert(model, columns) -> str:
    meta = model._meta
    names = ", ".join(connection.ops.quote_name(meta.get_field(c).column) for c in columns)
    marks = ", ".join(["%s"] * len(columns))
    return f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({names}) VALUES ({marks})"


def _converter(model, name: str, json_text: bool = False):
    """How a column's value is given to the database; None when it goes as it is (whole
    numbers, text, true/false, null need nothing). ``json_text``: the value is JSON
    already written as text (as Django writes it, ``json.dumps``)."""
    model_field = model._meta.get_field(name)
    if isinstance(model_field, models.JSONField):
        adapt = connection.ops.adapt_json_value
        if json_text:
            if isinstance(adapt([], None), str):
                return None  # a database that stores JSON as text: as it is
            return lambda value: None if value is None else adapt(json.loads(value), None)
        return lambda value: None if value is None else adapt(value, None)
    if isinstance(model_field, models.UUIDField):
        probe = uuid.UUID(int=1)
        if model_field.get_db_prep_save(probe, connection) == probe.hex:
            return None  # a database that stores a UUID as its hex: as rescore wrote it
        return lambda value: model_field.get_db_prep_save(uuid.UUID(value), connection)
    if isinstance(model_field, (models.DateField, models.DecimalField)):
        return lambda value: model_field.get_db_prep_save(value, connection)
    return None


class _Writer:
    """Writes batches into the staging league, each in the caller's transaction."""

    def __init__(self, staging: League, players: dict[str, int]) -> None:
        self.staging, self.players, self.last_session = staging, players, 0
        now = Hand._meta.get_field("created_at").get_db_prep_save(timezone.now(), connection)
        self.stamps = (now, now)
        self.hand_columns = (*HAND_COLUMNS, "created_at", "updated_at", "session")
        self.converters = [
            (i, c)
            for i, name in enumerate(HAND_COLUMNS)
            if (c := _converter(Hand, name, json_text=name in JSON_COLUMNS))
        ]
        self.session_converters = [_converter(GameSession, name) for name in SESSION_COLUMNS]

    def write(self, batch) -> None:
        with connection.cursor() as cursor:
            sessions = self._sessions(cursor, [row for row, _hands, _scores in batch])
            cursor.executemany(
                _insert(Seat, ("session", "number", "player")),
                [
                    (session, number, self.players[name_key(name)])
                    for session, (row, _hands, _scores) in zip(sessions, batch, strict=True)
                    for number, name in enumerate(row[-1])
                ],
            )
            cursor.executemany(
                _insert(Hand, self.hand_columns),
                [
                    (*self._hand(hand), *self.stamps, session)
                    for session, (_row, hands, _scores) in zip(sessions, batch, strict=True)
                    for hand in hands
                ],
            )
            hands = self._ids(cursor, Hand, "session", sessions, "session_id, number")
            deltas = [deltas for _row, _hands, scores in batch for deltas in scores]
            cursor.executemany(
                _insert(HandScore, ("hand", "seat", "delta")),
                [
                    (hand, seat, delta)
                    for hand, hand_deltas in zip(hands, deltas, strict=True)
                    for seat, delta in enumerate(hand_deltas)
                ],
            )

    def _hand(self, row) -> list:
        values = list(row)
        for index, convert in self.converters:
            values[index] = convert(values[index])
        return values

    def _sessions(self, cursor, rows) -> list[int]:
        cursor.executemany(
            _insert(GameSession, (*SESSION_COLUMNS, "league", "share_token")),
            [
                (*self._session(row[: len(SESSION_COLUMNS)]), self.staging.pk, new_share_token())
                for row in rows
            ],
        )
        table = connection.ops.quote_name(GameSession._meta.db_table)
        cursor.execute(
            f"SELECT id FROM {table} WHERE league_id = %s AND id > %s ORDER BY id",
            [self.staging.pk, self.last_session],
        )
        ids = [found for (found,) in cursor.fetchall()]
        if len(ids) != len(rows):
            raise RuntimeError(f"{len(rows)} sessions written, {len(ids)} found")
        self.last_session = ids[-1]
        return ids

    def _session(self, values) -> list:
        values = list(values)
        for moment in (5, 6):  # created_at, ended_at: ISO text until here
            if values[moment] is not None:
                values[moment] = datetime.datetime.fromisoformat(values[moment])
        for index, convert in enumerate(self.session_converters):
            if convert is not None and values[index] is not None:
                values[index] = convert(values[index])
        return values

    @staticmethod
    def _ids(cursor, model, parent: str, parents: list[int], order: str) -> list[int]:
        table = connection.ops.quote_name(model._meta.db_table)
        column = model._meta.get_field(parent).column
        marks = ", ".join(["%s"] * len(parents))
        cursor.execute(
            f"SELECT id FROM {table} WHERE {column} IN ({marks}) ORDER BY {order}", parents
        )
        return [found for (found,) in cursor.fetchall()]


def _publish(league: League, staging: League, head) -> None:
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
