"""Back to the game: the sessions still being played, with their scores, for the
"Continue" cards that lead the home page and the league page.

A session is live while it is not ended and is dated today or yesterday
(``GameSession.is_live``): one nobody ended weeks ago does not lead a page.
"""

from collections import defaultdict
from collections.abc import Iterable

from django.db import connection
from django.db.models import Count, QuerySet, Sum

from scoring.models import GameSession, Hand, HandScore, League, live_since
from scoring.models.sql import quoted

MOST = 4  # cards on a page: more live tables than this at once is not a card table


def _any_live(league_ids: list[int]) -> bool:
    """Whether any of these leagues has a live session: one short statement in SQL, as
    most pages find none and building the full query cost more than running it."""
    if not league_ids:
        return False
    marks = ", ".join(["%s"] * len(league_ids))
    sql = (
        f"SELECT 1 FROM {quoted(GameSession)} s WHERE s.league_id IN ({marks})"
        " AND s.ended_at IS NULL AND s.date >= %s LIMIT 1"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*league_ids, connection.ops.adapt_datefield_value(live_since())])
        return cursor.fetchone() is not None


def live_sessions(leagues: QuerySet[League] | Iterable[int]) -> list[GameSession]:
    """The live sessions of these leagues (a queryset or ids), the latest started first,
    each with ``board`` ([(name, total)] in seat order) and ``hand_count``."""
    if not isinstance(leagues, QuerySet) and not _any_live(list(leagues)):
        return []
    sessions = list(
        GameSession.objects.filter(
            league__in=leagues, ended_at__isnull=True, date__gte=live_since()
        )
        .select_related("league")
        .prefetch_related("seats__player")
        .order_by("-created_at", "-pk")[:MOST]
    )
    if not sessions:
        return sessions
    ids = [session.pk for session in sessions]
    totals: defaultdict[int, dict[int, int]] = defaultdict(dict)
    for session_id, seat, total in (
        HandScore.objects.filter(hand__session__in=ids)
        .values("hand__session", "seat")
        .annotate(total=Sum("delta"))
        .values_list("hand__session", "seat", "total")
    ):
        totals[session_id][seat] = total
    counts = dict(
        Hand.objects.filter(session__in=ids)
        .values("session")
        .annotate(n=Count("id"))
        .values_list("session", "n")
    )
    for session in sessions:
        seats = sorted(session.seats.all(), key=lambda s: s.number)
        # Not stored: set for the cards' template (GameSession does not declare them yet).
        board = [(s.player.name, totals[session.pk].get(s.number, 0)) for s in seats]
        session.board = board
        session.hand_count = counts.get(session.pk, 0)
    return sessions
