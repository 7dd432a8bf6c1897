"""Keeping computed figures until the hands they came from change.

The figures of one game (variant) of a league are computed from its hands (scoring.history.figures
.rows and .replay) and stored in ``HistoryCache`` with a *stamp*: the fingerprint of the
data they came from. Every write of a hand (record, edit, undo, delete, restore) leaves a
``HandEvent`` with a new, larger id in the same transaction (scoring.table.recording), so the
latest event of the game's sessions changes with each; deleting or importing sessions
changes their count or their latest id; a club night's tables count from the moment
its last round closes (scoring.history.figures.rows.playing), which changes the count
once, so the night's hands cost no figures work while it is played; merging two player entries (scoring.leagues.entries)
leaves a ``PlayerChange``, whose latest id is part of every stamp of the league. A stamp
is one short query per page view (one index probe per session); a page that finds a stored stamp out of date computes the
figures again, outside any lock a Save takes, and replaces the row (two pages doing so at
once both write the same figures: the last write wins); unless the change lies far back,
when it shows the figures of the earlier stamp while the game is refolded after its
answer (scoring.history.figures.refold).

Edits made outside the app (the admin's session page: a date, a seat) leave no event:
``manage.py rebuild_history`` forgets a league's figures after one.
"""

import datetime
import json
import logging
from collections.abc import Callable
from typing import Any
from uuid import uuid4

from django.core.cache import cache as drawings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from scoring.history.figures.rows import _q, playing
from scoring.models import Event, GameSession, HandEvent, HistoryCache, PlayerChange
from scoring.models.sql import as_datetime

logger = logging.getLogger(__name__)

# Raise when what is stored, or how it is computed, changes: every stored figure is then
# out of date at once.
VERSION = 2  # 2: scores go by the player who played each hand
KEPT = "state"  # the key of a game's running state, which a later stamp advances
# The key of a claim on a game's refold after a page's answer (scoring.history.figures
# .refold): its row's computed_at is when it was claimed.
CLAIM = "refolding"
# How long a claim holds: longer than a refold of any league takes; a claim older than
# this is a worker that stopped before it was done, and the next page claims it anew.
LEASE = datetime.timedelta(minutes=5)
Entries = dict[str, dict[str, Any]]  # {key: data} of one game


def stamps(league_id: int) -> dict[str, str]:
    """{variant: stamp} for each game the league has a session of. Written in SQL: every
    page of the league's history asks, and the statement costs less than building it."""
    sql = (
        "SELECT s.variant, COUNT(s.id), MAX(s.id),"
        f" MAX((SELECT v.id FROM {_q(HandEvent)} v WHERE v.session_id = s.id"
        " ORDER BY v.id DESC LIMIT 1)),"
        f" MAX((SELECT c.id FROM {_q(PlayerChange)} c WHERE c.league_id = %s"
        " ORDER BY c.id DESC LIMIT 1))"
        f" FROM {_q(GameSession)} s WHERE s.league_id = %s AND s.id NOT IN ({playing()})"
        " GROUP BY s.variant"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id, league_id])
        found = cursor.fetchall()
    return {
        variant: f"{VERSION}.{sessions}.{last}.{event or 0}.{change or 0}"
        for variant, sessions, last, event, change in found
    }


def drawn_from(league_id: int) -> tuple[object, ...]:
    """What the league's figures were drawn from, told more cheaply than ``stamps`` (a
    few index look-ups, whatever the league's size, where the stamps probe every session):
    the league's latest session, the latest hand event of any league (an event elsewhere
    only has a drawing drawn again), its latest player merge, and its club nights' ends
    and nights not over. A session deleted with none of these moving is the admin's doing,
    after which ``manage.py rebuild_history`` changes the generation (``forget``)."""
    sql = (
        f"SELECT (SELECT MAX(s.id) FROM {_q(GameSession)} s WHERE s.league_id = %s),"
        f" (SELECT MAX(v.id) FROM {_q(HandEvent)} v),"
        f" (SELECT MAX(c.id) FROM {_q(PlayerChange)} c WHERE c.league_id = %s),"
        f" (SELECT MAX(e.ended_at) FROM {_q(Event)} e WHERE e.league_id = %s),"
        f" (SELECT COUNT(*) FROM {_q(Event)} e WHERE e.league_id = %s AND e.ended_at IS NULL)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id] * 4)
        return tuple(cursor.fetchone())


def figures(
    league_id: int,
    key: str,
    compute: Callable[[str, str], Entries | None],
    extra: tuple[str, ...] = (),
    later: Callable[[str, str], Entries | None] | None = None,
    only: str | None = None,
    cold: Callable[[str, str], Entries | None] | None = None,
) -> tuple[dict[str, Entries], list[str]]:
    """{variant: {key: data}} for every game of the league: what is stored when its stamp
    is current, else what ``compute(variant, stamp)`` gives ({key: data}, ``key`` among them),
    stored for next time. ``extra`` keys are computed with ``key`` and read with it when
    there are any (a player's figures in a game they never played are none).

    With ``later``, a game whose figures of an earlier stamp are stored is asked of
    ``later`` instead, which gives None when its figures are to be refolded after the
    answer; so are those of a game being refolded. Such a game's earlier figures are
    given, and named in the list returned with them; so are those of a game ``compute``
    gives None for (nothing is then stored). With ``cold``, a game with no figures kept
    at all is asked of it the same way: one it gives None for is given with no figures
    (none of ``key``), and named in the list. With ``only``, that game alone."""
    current = stamps(league_id)
    if only is not None:
        current = {only: current[only]} if only in current else {}
    found, last, claimed = _read(league_id, current, (key, *extra))
    updating: list[str] = []
    for variant, stamp in current.items():
        if key in found[variant]:
            continue
        computed: Entries | None
        ask = later if key in last[variant] else cold
        if ask is None:
            computed = compute(variant, stamp)
        elif variant in claimed:
            computed = None  # another page's answer refolds it: never two at once
        else:
            computed = ask(variant, stamp)
        if computed is None:
            found[variant] = last[variant]
            updating.append(variant)
            continue
        store(league_id, variant, stamp, computed)
        found[variant] = {name: computed[name] for name in (key, *extra) if name in computed}
    return found, updating


def _read(
    league_id: int, current: dict[str, str], keys: tuple[str, ...]
) -> tuple[dict[str, Entries], dict[str, Entries], set[str]]:
    """The stored figures of ``keys``: those of each game's current stamp, those of an
    earlier one (drawn in the form this code draws: same VERSION), and the games whose
    refold is claimed, in one query."""
    found: dict[str, Entries] = {variant: {} for variant in current}
    last: dict[str, Entries] = {variant: {} for variant in current}
    claimed: set[str] = set()
    held = timezone.now() - LEASE
    names = (*keys, CLAIM)
    # In SQL: every figures page asks, and building the statement cost more than running it.
    sql = (
        f"SELECT h.variant, h.key, h.stamp, h.data, h.computed_at FROM {_q(HistoryCache)} h"
        f" WHERE h.league_id = %s AND h.key IN ({', '.join(['%s'] * len(names))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id, *names])
        rows = cursor.fetchall()
    for variant, name, stamp, data, at in rows:
        if variant not in current:
            continue
        if name == CLAIM:
            claimed.update([variant] if _aware(at) > held else [])
        elif current[variant] == stamp:
            found[variant][name] = _loaded(data)
        elif stamp.split(".")[0] == str(VERSION):
            last[variant][name] = _loaded(data)
    return found, last, claimed


def _aware(at: Any) -> datetime.datetime:
    """A date-and-time column as a cursor gives it (SQLite: naive, or text, in UTC)."""
    found = as_datetime(at)
    if found is None:
        return datetime.datetime.min.replace(tzinfo=datetime.UTC)
    return found if timezone.is_aware(found) else found.replace(tzinfo=datetime.UTC)


def _loaded(data: Any) -> Any:
    """A JSON column as a cursor gives it: its text (SQLite; PostgreSQL as Django sets
    psycopg up), or already read."""
    return json.loads(data) if isinstance(data, str | bytes) else data


def store(league_id: int, variant: str, stamp: str, entries: dict[str, dict[str, Any]]) -> None:
    """Keep ``entries`` ({key: data}) of a game under ``stamp``; drop the game's figures
    of older stamps (other periods computed before the last change). A failure to keep
    them (the database busy past its timeout) costs the next page the work again, and
    never this page its answer."""
    rows = [
        HistoryCache(league_id=league_id, variant=variant, key=key, stamp=stamp, data=data)
        for key, data in entries.items()
    ]
    try:
        with transaction.atomic():
            HistoryCache.objects.bulk_create(
                rows,
                update_conflicts=True,
                unique_fields=["league", "variant", "key"],
                update_fields=["stamp", "data", "computed_at"],
            )
            older = HistoryCache.objects.filter(league_id=league_id, variant=variant)
            # The running state (scoring.history.figures.advance) is kept across stamps,
            # and so is a claim on a refold.
            older.exclude(stamp=stamp).exclude(key__in=(KEPT, CLAIM)).delete()
    except DatabaseError:
        logger.warning("league %s: %s figures not kept", league_id, variant, exc_info=True)


def forget(league_id: int) -> None:
    """Drop the league's stored figures: the next page computes them afresh (and draws
    them afresh: their drawings are kept under the league's generation, which changes)."""
    HistoryCache.objects.filter(league_id=league_id).delete()
    drawings.set(generation_key(league_id), uuid4().hex, None)


def generation_key(league_id: int) -> str:
    """Where the league's figures' generation is kept: part of the fingerprint of their
    drawings (scoring.history.figures_part), changed when they are forgotten, which no
    stamp shows (an edit made outside the app)."""
    return f"league-figures-generation:{league_id}"
