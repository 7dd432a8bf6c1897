"""Builders for the history tests."""

import datetime

from scoring.models import GameSession
from tests.factories import make_session


def session_on(league, variant, date, names=None, options=None):
    """A session started on ``date`` (a date, or "YYYY-MM-DD")."""
    if isinstance(date, str):
        date = datetime.date.fromisoformat(date)
    session = make_session(league, variant, names=names, options=options)
    GameSession.objects.filter(pk=session.pk).update(date=date)
    return GameSession.objects.get(pk=session.pk)


def scores_by_name(session):
    """Each player's total in a session, summed from the stored scores."""
    totals = dict.fromkeys((seat.player.name for seat in session.seat_list), 0)
    for hand in session.hands.prefetch_related("scores"):
        for score in hand.scores.all():
            totals[session.seat_list[score.seat].player.name] += score.delta
    return totals
