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
once both write the same figures: the last write wins).

Edits made outside the app (the admin's session page: a date, a seat) leave no event:
``manage.py rebuild_history`` forgets a league's figures after one.
"""

import logging
from collections.abc import Callable
from typing import Any

from django.db import DatabaseError, connection, transaction

from scoring.history.figures.rows import _q, playing
from scoring.models import GameSession, HandEvent, HistoryCache, PlayerChange

logger = logging.getLogger(__name__)

# Raise when what is stored, or how it is computed, changes: every stored figure is then
# out of date at once.
VERSION = 2  # 2: scores go by the player who played each hand
KEPT = "state"  # the key of a game's running state, which a later stamp advances


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


def figures(
    league_id: int,
    key: str,
    compute: Callable[[str, str], dict[str, dict[str, Any]]],
    extra: tuple[str, ...] = (),
) -> dict[str, dict[str, dict[str, Any]]]:
    """{variant: {key: data}} for every game of the league: what is stored when its stamp
    is current, else what ``compute(variant, stamp)`` gives ({key: data}, ``key`` among them),
    stored for next time. ``extra`` keys are computed with ``key`` and read with it when
    there are any (a player's figures in a game they never played are none)."""
    current = stamps(league_id)
    found: dict[str, dict[str, dict[str, Any]]] = {variant: {} for variant in current}
    for variant, name, stamp, data in HistoryCache.objects.filter(
        league_id=league_id, key__in=(key, *extra)
    ).values_list("variant", "key", "stamp", "data"):
        if current.get(variant) == stamp:
            found[variant][name] = data
    for variant, stamp in current.items():
        if key not in found[variant]:
            computed = compute(variant, stamp)
            store(league_id, variant, stamp, computed)
            found[variant] = {name: computed[name] for name in (key, *extra) if name in computed}
    return found


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
            # The running state (scoring.history.figures.advance) is kept across stamps.
            older.exclude(stamp=stamp).exclude(key=KEPT).delete()
    except DatabaseError:
        logger.warning("league %s: %s figures not kept", league_id, variant, exc_info=True)


def forget(league_id: int) -> None:
    """Drop the league's stored figures: the next page computes them afresh."""
    HistoryCache.objects.filter(league_id=league_id).delete()
