"""Bringing a game's running state (scoring.history.figures.fold) up to date with its
hands, in work that follows what changed, not the size of the league.

The state is kept in ``HistoryCache`` (key ``state``) with the stamp of the data it was
folded from (scoring.history.figures.cache), and a few *marks*: copies of the state at
every MARK-th hand among the last ones. When the stamp moved on, the hand events and
sessions that came since say where in history order the first change is: a Save at
the end of history adds its hand to the state; an edit, undo, delete or restore of a
recent hand folds again from the last mark before it (at most a few MARK hands); only
a change further back (or a session deleted, or two player entries merged) folds the
whole game again, which a page leaves to after its answer when it has figures to show
meanwhile (``advanced_within``; scoring.history.figures.refold). Nothing here runs
under a lock a Save takes: a state folded while a Save wrote is stored under the stamp
read before it, so the next reader folds that Save again, never misses it.
"""

import copy
import datetime
import logging
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.db.models import Q

from scoring.history.figures import cache
from scoring.history.figures.fold import FoldedHand, State, empty, fold
from scoring.history.figures.replay import lineup
from scoring.history.figures.rows import _q
from scoring.history.figures.tables import options_key, score_table
from scoring.models import GameSession, Hand, HandEvent, HandScore, HistoryCache

logger = logging.getLogger(__name__)

KEY = cache.KEPT
MARK = 64  # hands between marks
MARKS = 3  # marks kept: a change among the last MARK × (MARKS − 1) hands is refolded from one
# Hand events are read from this many ids below the last one a state saw: on PostgreSQL a
# Save may commit its event after a later id's (another table's) was read.
WINDOW = 200
Position = tuple[str, int, int]  # (date, session, hand number): history order
Event = tuple[int, int, int]  # (id, session, hand number)


def _parts(stamp: str) -> list[int]:
    return [int(part) for part in stamp.split(".")]


def _changed_from(
    league_id: int, variant: str, was: str, now: str, events: list[Event]
) -> Position | None:
    """Where in history order the first change since stamp ``was`` lies, from the game's
    new sessions and ``events`` (its hands' events the state has not seen); None when the
    whole game must be folded again: a session deleted or a player merged changes it all."""
    old, new = _parts(was), _parts(now)
    if old[0] != new[0] or old[4] != new[4] or new[2] < old[2]:
        return None
    games = GameSession.objects.filter(league_id=league_id, variant=variant)
    added = list(games.filter(pk__gt=old[2]).values_list("date", "pk"))
    if new[1] != old[1] + len(added):
        return None
    dates = dict(games.filter(pk__in={e[1] for e in events}).values_list("pk", "date"))
    found = [(d.isoformat(), pk, 0) for d, pk in added]
    found += [(dates[pk].isoformat(), pk, number) for _id, pk, number in events if pk in dates]
    return min(found, default=("9999-12-31", 0, 0))


def _recent_events(league_id: int, variant: str, horizon: int | None) -> tuple[list[Event], int]:
    """The game's hand events from WINDOW ids below ``horizon`` (the last id a state saw;
    None: the last there is) on, and the last id of any league's now. Read by a range of
    ids, then sorted to the game by their sessions: joined in one statement, SQLite walks
    the league's sessions instead."""
    events = HandEvent.objects.order_by("-pk").values_list("pk", "session_id", "number")
    if horizon is None:  # the last WINDOW events, whatever the last id
        found = list(events[:WINDOW])
        horizon = found[0][0] if found else 0
    else:
        found = list(events.filter(pk__gt=horizon - WINDOW))
    games = GameSession.objects.filter(league_id=league_id, variant=variant)
    mine = set(games.filter(pk__in={e[1] for e in found}).values_list("pk", flat=True))
    top = max([horizon, *(e[0] for e in found)])
    return [event for event in found if event[1] in mine], top


def _base(kept: dict[str, Any] | None, variant: str, first: Position | None) -> State:
    """The latest state kept from before ``first``: the tip itself, a mark, or none."""
    if kept is None or first is None:
        return empty(variant)
    tip: State = kept["tip"]
    if tip["at"] is None or tuple(tip["at"]) < first:
        return tip  # read afresh from the database: folded into in place
    for state in reversed(kept["marks"]):
        if state["at"] is None or tuple(state["at"]) < first:
            return copy.deepcopy(state)  # the mark itself stays kept as it was
    return empty(variant)


def _sessions(league_id: int, variant: str, after: list[Any] | None) -> dict[int, Any]:
    """{session id: (ISO date, score table, house rules key)} from the base's session."""
    games = GameSession.objects.filter(league_id=league_id, variant=variant)
    if after is not None:
        date = datetime.date.fromisoformat(after[0])
        games = games.filter(Q(date__gt=date) | Q(date=date, pk__gte=after[1]))
    return {
        pk: (day.isoformat(), score_table(variant, options), options_key(options))
        for pk, day, options in games.values_list("pk", "date", "options")
    }


def _after(at: list[Any] | None) -> tuple[str, list[object]]:
    """SQL that keeps the hands after position ``at`` in history order."""
    if at is None:
        return "", []
    day = connection.ops.adapt_datefield_value(datetime.date.fromisoformat(at[0]))
    sql = (
        " AND s.date >= %s"  # a range of the sessions' index; the rest picks within it
        " AND (s.date > %s OR (s.date = %s AND s.id > %s) OR (s.id = %s AND h.number > %s))"
    )
    return sql, [day, day, day, at[1], at[1], at[2]]


def hands_after(league_id: int, variant: str, at: list[Any] | None) -> list[FoldedHand]:
    """The game's played hands after ``at`` (all of them for None), in history order, with
    the deal misses a penalty charged for (their scores count in the standings' score)."""
    sessions = _sessions(league_id, variant, at)
    where, params = _after(at)
    sql = (
        "SELECT h.id, h.session_id, h.number, h.declarer, h.partner, h.contract, h.target,"
        " h.made, h.points, h.lineup, h.sitting_out, hs.seat, hs.player_id, hs.delta, h.status"
        f" FROM {_q(GameSession)} s JOIN {_q(Hand)} h ON h.session_id = s.id"
        f" LEFT JOIN {_q(HandScore)} hs ON hs.hand_id = h.id"
        f" WHERE s.league_id = %s AND s.variant = %s AND ((h.status = '{Hand.PLAYED}'"
        f" AND h.declarer IS NOT NULL) OR (h.status = '{Hand.DEAL_MISS}'"
        f" AND hs.id IS NOT NULL)){where} ORDER BY s.date, s.id, h.number, hs.seat"
    )
    with connection.cursor() as cursor:
        arguments: list[Any] = [league_id, variant, *params]
        cursor.execute(sql, arguments)
        rows = cursor.fetchall()
    found: list[FoldedHand] = []
    scores: list[tuple[int, int, int]] = []
    for index, row in enumerate(rows):
        if row[11] is not None:
            scores.append((row[11], row[12], row[13]))
        if index + 1 < len(rows) and rows[index + 1][0] == row[0]:
            continue
        found.append(_hand(row, sessions[row[1]], tuple(scores)))
        scores = []
    return found


def _hand(row: tuple[Any, ...], session: tuple[str, str, str], scores: Any) -> FoldedHand:
    made = None if row[7] is None else bool(row[7])
    date, table, options = session
    penalty = row[14] == Hand.DEAL_MISS  # a deal miss's penalty: no declarer
    declarer = -1 if penalty else row[3]
    return FoldedHand(
        row[1], date, table, options, row[2], declarer, row[4], row[5], row[6], made, row[8],
        lineup(row[9]), row[10], scores, penalty,
    )  # fmt: skip


def _fold_all(base: State, hands: list[FoldedHand], marks: list[State]) -> State:
    """Fold ``hands`` into ``base``, marking the state at every MARK-th hand near the end."""
    total = base["n"] + len(hands)
    for hand in hands:
        fold(base, hand)
        if base["n"] % MARK == 0 and base["n"] > total - MARK * MARKS:
            mark = copy.deepcopy(base)
            mark.pop("seen", None)  # what a tip had seen: set afresh on whichever becomes one
            marks.append(mark)
    return base


def current(league_id: int, variant: str, stamp: str) -> State:
    """The game's state as of ``stamp`` (its current one): the stored state when it is
    that, else the stored one advanced, else folded afresh; stored for the next reader."""
    state, kept = advanced(league_id, variant, stamp)
    if kept is not None:
        _store(league_id, variant, stamp, kept)
    return state


def advanced(league_id: int, variant: str, stamp: str) -> tuple[State, dict[str, Any] | None]:
    """``current``'s state, and what to keep (under KEY and ``stamp``) for the next reader:
    None when the stored state was that already. The caller stores it (with the figures
    drawn from it, in one write)."""
    found = advanced_within(league_id, variant, stamp, None)
    assert found is not None  # with no bound, always folded
    return found


def advanced_within(
    league_id: int, variant: str, stamp: str, most: int | None
) -> tuple[State, dict[str, Any] | None] | None:
    """``advanced``, or None (nothing folded) when that would fold again more than
    ``most`` of the hands the stored state had folded: a change that far back is refolded
    after a page's answer (scoring.history.figures.refold). With nothing stored, the
    same when the game has more than ``most`` hands: the page shows none meanwhile."""
    kept = HistoryCache.objects.filter(league_id=league_id, variant=variant, key=KEY)
    row = kept.values_list("stamp", "data").first()
    data = _usable(row[1]) if row is not None else None
    if row is not None and data is not None and row[0] == stamp:
        tip: State = data["tip"]
        return tip, None
    events, horizon = _recent_events(league_id, variant, data["tip"]["horizon"] if data else None)
    first = None
    if row is not None and data is not None:
        seen = set(data["tip"]["seen"])
        unseen = [event for event in events if event[0] not in seen]
        first = _changed_from(league_id, variant, row[0], stamp, unseen)
    base = _base(data, variant, first)
    if most is not None and data is not None and data["tip"]["n"] - base["n"] > most:
        return None
    if most is not None and data is None and _longer_than(league_id, variant, most):
        return None
    marks = [m for m in (data["marks"] if data and first else []) if m["n"] <= base["n"]]
    state = _fold_all(base, hands_after(league_id, variant, base["at"]), marks)
    # What the next reader need not look at again: the events read before the hands were.
    state["horizon"] = horizon
    state["seen"] = [e[0] for e in events if e[0] > horizon - WINDOW]
    return state, {"tip": state, "marks": marks[-MARKS:]}


def _longer_than(league_id: int, variant: str, most: int) -> bool:
    """Whether the game has more than ``most`` played hands: counted no further than that,
    whatever the size of the league."""
    sql = (
        f"SELECT COUNT(*) FROM (SELECT 1 FROM {_q(GameSession)} s"
        f" JOIN {_q(Hand)} h ON h.session_id = s.id WHERE s.league_id = %s AND s.variant = %s"
        f" AND h.status = '{Hand.PLAYED}' LIMIT %s) AS found"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id, variant, most + 1])
        (count,) = cursor.fetchone()
    return bool(count > most)


def _usable(data: Any) -> dict[str, Any] | None:
    """The kept state, if it is in the form this code keeps (else it is folded afresh)."""
    if not isinstance(data, dict) or not isinstance(data.get("marks"), list):
        return None
    tip = data.get("tip")
    return data if isinstance(tip, dict) and "horizon" in tip and "seen" in tip else None


def _store(league_id: int, variant: str, stamp: str, data: dict[str, Any]) -> None:
    try:
        row = HistoryCache(league_id=league_id, variant=variant, key=KEY, stamp=stamp, data=data)
        with transaction.atomic():
            HistoryCache.objects.bulk_create(
                [row],
                update_conflicts=True,
                unique_fields=["league", "variant", "key"],
                update_fields=["stamp", "data", "computed_at"],
            )
    except DatabaseError:  # the next reader folds again
        logger.warning("league %s: %s state not kept", league_id, variant, exc_info=True)
