"""Writing hands: every write that touches several rows is one transaction.

The session row is locked while a hand is numbered and saved, so two phones
saving at once get hands 7 and 8, never two 7s; the form's key makes a
double-tapped Save record one hand; the version makes a stale edit fail loudly.
"""

from django.db import transaction

from scoring.models import GameSession, Hand, HandScore


class StaleHand(Exception):
    """Someone saved this hand after the form was opened."""

    def __init__(self, current: Hand) -> None:
        super().__init__(f"hand {current.number} is at version {current.version}")
        self.current = current


def _lock(session: GameSession) -> GameSession:
    return GameSession.objects.select_for_update().get(pk=session.pk)


def record_hand(session: GameSession, key, values: dict, deltas) -> tuple[Hand, bool]:
    """Save a new hand with its scores; a key seen before returns that hand instead."""
    with transaction.atomic():
        _lock(session)
        existing = session.hands.filter(key=key).first()
        if existing is not None:
            return existing, False
        last = session.hands.order_by("-number").first()
        hand = Hand.objects.create(
            session=session,
            number=last.number + 1 if last else 1,
            dealer=last.next_dealer() if last else session.first_dealer,
            key=key,
            **values,
        )
        _store_scores(hand, deltas)
        return hand, True


def record_passed(session: GameSession, key) -> tuple[Hand, bool]:
    return record_hand(session, key, passed_values(), ())


def passed_values() -> dict:
    return {
        "status": Hand.PASSED,
        "declarer": None,
        "contract": "",
        "called_card": "",
        "partner": None,
        "mode": "",
        "declarer_points": None,
        "captured": None,
        "discards": [],
        "tricks": None,
        "toppled": False,
        "made": None,
        "target": None,
        "points": None,
        "lines": [],
    }


def update_hand(hand: Hand, version: int | None, values: dict, deltas) -> Hand:
    """Replace a hand's entry and scores, unless someone else saved it since ``version``."""
    with transaction.atomic():
        _lock(hand.session)
        current = Hand.objects.get(pk=hand.pk)
        if version is not None and current.version != version:
            raise StaleHand(current)
        for name, value in values.items():
            setattr(current, name, value)
        current.version += 1
        current.save()
        current.scores.all().delete()
        _store_scores(current, deltas)
        return current


def undo_last(session: GameSession, number: int) -> Hand | None:
    """Remove the last hand, only if it is still hand ``number`` (no surprise deletions)."""
    with transaction.atomic():
        _lock(session)
        last = session.hands.order_by("-number").first()
        if last is None or last.number != number:
            return None
        last.delete()
        return last


def _store_scores(hand: Hand, deltas) -> None:
    HandScore.objects.bulk_create(
        HandScore(hand=hand, seat=seat, delta=delta) for seat, delta in enumerate(deltas)
    )
