"""Writing hands: every write that touches several rows is one transaction.

The session row is locked while a hand is numbered and saved, and the write is
checked against the table's version (scoring.table.version) with the lock held: a Save
drawn for a table that has changed since is refused, never stored under whoever sits
there now. The form's key is looked up first, so a Save sent twice records one hand
even when the table changed in between; the hand's version makes a stale edit fail.

Every write also leaves a ``HandEvent`` (scoring.table.audit) in the same transaction:
who, when, and the hand before and after. The lines marked "audit" are those;
``delete_hand`` and ``restore_hand`` at the end belong to the audit trail too.

Nothing derived is written here: the league history (scoring.history.figures) is computed from
the hands when a page asks (or once a Save's answer is sent: scoring.table.after_save), and
knows from the events that something changed.
"""

import datetime
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from django.db import transaction
from django.db.models import Q, Subquery

from scoring.models import GameSession, Hand, HandEvent, HandScore, PlayerChange, TableChange
from scoring.rules import RulesError, Score
from scoring.table import audit, penalty, records, version
from scoring.table.audit import Snapshot
from scoring.table.lineup import Seating, dealer_seat, next_lineup
from scoring.table.version import Actor, Write

# A hand's entry, as ``Hand`` fields by name (the hand form's ``hand_values``, or
# ``passed_values``): each of its field's own type, as ``Hand(**values)`` takes them.
HandValues: TypeAlias = dict[str, Any]


class StaleHand(Exception):
    """Someone saved this hand after the form was opened."""

    def __init__(self, current: Hand) -> None:
        super().__init__(f"hand {current.number} is at version {current.version}")
        self.current = current


class SessionEnded(Exception):
    """The session was ended before this write reached it."""

    def __init__(self, ended_at: datetime.datetime) -> None:
        super().__init__(f"ended at {ended_at}")
        self.ended_at = ended_at


def _lock(session: GameSession) -> version.Locked:
    return version.lock(session.pk)


def _bump(locked: version.Locked, hand: Hand, action: str, user: Actor) -> int:
    detail = {"action": action, "number": hand.number, "key": str(hand.key)}
    return version.bump(locked, TableChange.HAND, detail, user)


def record_hand(
    session: GameSession,
    key: uuid.UUID,
    values: HandValues,
    deltas: Sequence[int],
    user: Actor = None,
    drawn: int | None = None,
) -> tuple[Hand, bool]:
    """Save a new hand with its scores; a key seen before returns that hand instead.

    ``drawn`` is the table version the page was drawn for (None: a caller with no page,
    such as a test or a command); a stale one raises ``StaleTable``, an ended session
    ``SessionEnded``, and nothing is written. ``values`` say who played (``lineup``,
    ``benched``: the hand form's); a hand that does not (a pass-out sent without them)
    is played by the table as it sits, who sits out going by the rotation. The dealer
    follows the last hand (scoring.table.lineup)."""
    with transaction.atomic():
        locked = _lock(session)
        existing, last = _key_and_last(session, key)
        if existing is not None:
            return existing, False
        if locked.ended_at is not None:
            raise SessionEnded(locked.ended_at)
        if drawn is not None:
            version.check(locked, drawn, Write.RECORD)
        values = _as_stored_now(session, locked, values)
        if not values.get("lineup"):
            lineup = next_lineup(session, last)
            values = {**values, **lineup.values(lineup.out or ())}
        number = last.number + 1 if last else 1
        if values.get("status") == Hand.DEAL_MISS:  # priced here, from the hands before it
            values, deltas = penalty.priced(session, values, number)
        hand = Hand.objects.create(
            session=session,
            number=number,
            dealer=dealer_seat(session, last, values),
            key=key,
            **values,
        )
        _store_scores(hand, deltas)
        after = audit.snapshot(hand, deltas)  # audit
        audit.log(session, HandEvent.CREATE, user, after=after, hand=hand)  # audit
        hand.table_version = _bump(locked, hand, HandEvent.CREATE, user)
        return hand, True


def _key_and_last(session: GameSession, key: uuid.UUID) -> tuple[Hand | None, Hand | None]:
    """The hand already saved with ``key`` (a Save sent twice), and the last hand: one query."""
    last_number = session.hands.order_by("-number").values("number")[:1]
    found = list(session.hands.filter(Q(key=key) | Q(number=Subquery(last_number))))
    existing = next((hand for hand in found if str(hand.key) == str(key)), None)
    last = max(found, key=lambda hand: hand.number, default=None)
    return existing, last


def record_passed(
    session: GameSession,
    key: uuid.UUID,
    user: Actor = None,
    seating: Seating | None = None,
    drawn: int | None = None,
) -> tuple[Hand, bool]:
    """A hand passed out; ``seating`` (``lineup``, ``benched``) says who sat it out."""
    values = {**passed_values(), **(seating or {})}
    return record_hand(session, key, values, (), user=user, drawn=drawn)


def passed_values() -> HandValues:
    return Hand.passed_values()


def update_hand(
    hand: Hand,
    hand_version: int | None,
    values: HandValues,
    deltas: Sequence[int],
    user: Actor = None,
    drawn: int | None = None,
) -> Hand:
    """Replace a hand's entry and scores, unless someone else saved it since
    ``hand_version``, or the table changed since ``drawn`` in a way that alters it."""
    with transaction.atomic():
        locked = _lock(hand.session)
        current = Hand.objects.get(pk=hand.pk)
        if hand_version is not None and current.version != hand_version:
            raise StaleHand(current)
        if locked.ended_at is not None:
            raise SessionEnded(locked.ended_at)
        if drawn is not None:
            version.check(locked, drawn, Write.EDIT)
        values = _as_stored_now(hand.session, locked, values)
        if values.get("status") == Hand.DEAL_MISS:
            values, deltas = penalty.priced(hand.session, values, current.number)
        before = audit.snapshot(current)  # audit
        for name, value in values.items():
            setattr(current, name, value)
        records.keep_or_drop(current)  # the record stays only while it is this hand's play
        current.version += 1
        current.save()
        current.scores.all().delete()
        _store_scores(current, deltas)
        # A run of deal misses may change with this hand: those after it are priced again.
        penalty.reprice_after(hand.session, current.number, user)
        after = audit.snapshot(current, deltas)  # audit
        audit.log(hand.session, HandEvent.EDIT, user, before, after, hand=current)  # audit
        _bump(locked, current, HandEvent.EDIT, user)
        return current


def undo_last(session: GameSession, number: int, user: Actor = None) -> Hand | None:
    """Remove the last hand, only if it is still hand ``number`` (no surprise deletions)."""
    with transaction.atomic():
        locked = _lock(session)
        last = session.hands.order_by("-number").first()
        if last is None or last.number != number:
            return None
        before = audit.snapshot(last)  # audit
        last.delete()
        audit.log(session, HandEvent.UNDO, user, before=before)  # audit
        _bump(locked, last, HandEvent.UNDO, user)
        return last


def _store_scores(hand: Hand, deltas: Iterable[int]) -> None:
    """One row per player who played: a seat killed in six-player Mighty sat it out."""
    HandScore.objects.bulk_create(
        HandScore(hand=hand, seat=seat, player_id=hand.lineup[seat], delta=delta)
        for seat, delta in enumerate(deltas)
        if seat != hand.sitting_out
    )


# ---- audit trail: deleting any hand, and restoring an undone or deleted one ----------


class NotRestorable(Exception):
    """The event names no removed hand that can come back (already restored, or not one)."""


def delete_hand(hand: Hand, hand_version: int | None, user: Actor = None) -> Hand:
    """Delete any hand (its number stays free), unless someone saved it since
    ``hand_version``."""
    with transaction.atomic():
        locked = _lock(hand.session)
        current = Hand.objects.get(pk=hand.pk)
        if hand_version is not None and current.version != hand_version:
            raise StaleHand(current)
        before = audit.snapshot(current)
        current.delete()
        penalty.reprice_after(hand.session, current.number, user)
        audit.log(hand.session, HandEvent.DELETE, user, before=before)
        _bump(locked, current, HandEvent.DELETE, user)
        return current


def restore_hand(session: GameSession, event_pk: int, user: Actor = None) -> Hand:
    """Bring back the hand an undo or delete event removed, scored afresh by the engine.

    It keeps its id (so its history joins up), its old number when that is still
    free and otherwise the next one, its dealer when it keeps its number (else the
    dealer that comes next), and its key unless a new hand has taken that key.
    """
    with transaction.atomic():
        locked = _lock(session)
        event = HandEvent.objects.filter(
            session=session, pk=event_pk, action__in=HandEvent.REMOVALS
        ).first()
        if event is None or event.pk not in audit.restorable(session, [event]):
            raise NotRestorable(event_pk)
        if event.before is None:  # a removal keeps the hand it removed; never without
            raise NotRestorable(event_pk)
        # A snapshot taken before deal misses were recorded does not name their caller.
        state = {"deal_miss_by": None, **_merged(session, audit.seated(session, event.before))}
        last = session.hands.order_by("-number").first()
        if last is not None and session.hands.filter(number=state["number"]).exists():
            number = last.number + 1
            dealer = dealer_seat(session, last, state)
        else:
            number, dealer = state["number"], state["dealer"]
        key = state["key"]
        if session.hands.filter(key=key).exists():
            key = uuid.uuid4()
        # A snapshot taken before hands kept their play has no record: none to bring back.
        state = {"record": None, **state}
        fields = {name: state[name] for name in audit.FIELDS if name not in ("number", "dealer")}
        hand = Hand(id=state["id"], session=session, number=number, dealer=dealer, key=key)
        for name, value in fields.items():
            setattr(hand, name, value)
        hand.version = state["version"] + 1
        deltas = _rescore(hand)
        hand.save(force_insert=True)
        _store_scores(hand, deltas)
        penalty.reprice_after(session, hand.number, user)
        HandEvent.objects.filter(session=session, hand_ref=hand.pk).update(hand=hand)
        audit.log(session, HandEvent.RESTORE, user, after=audit.snapshot(hand, deltas), hand=hand)
        _bump(locked, hand, HandEvent.RESTORE, user)
        return hand


def _as_stored_now(session: GameSession, locked: version.Locked, values: HandValues) -> HandValues:
    """The players of an entry read before the lock, as they are stored now: an entry
    merged into another meanwhile is that other one (the same person; the entry named
    is gone). Nothing to look up when the table has not moved since it was read."""
    if locked.version == session.version or not values.get("lineup"):
        return values
    return {**values, **_merged(session, values)}


def _merged(session: GameSession, state: Mapping[str, Any]) -> Snapshot:
    """A removed hand's snapshot with each player entry merged away since (scoring.leagues.entries)
    replaced by the entry it became: the same person, whose rows now carry that id."""
    moves = dict(
        PlayerChange.objects.filter(league_id=session.league_id, action=PlayerChange.MERGE)
        .order_by("pk")
        .values_list("merged_id", "player_id")
    )

    def now(player: int) -> int:
        seen: set[int] = set()
        while player in moves and moves[player] is not None and player not in seen:
            seen.add(player)
            player = moves[player]
        return player

    lineup = [now(p) for p in state.get("lineup") or ()]
    benched = [[place, now(p)] for place, p in state.get("benched") or ()]
    return {**state, "lineup": lineup, "benched": benched}


def _deal_miss_entry(hand: Hand) -> HandValues:
    return {"status": hand.status, "deal_miss_by": hand.deal_miss_by, "lineup": hand.lineup}


def _rescore(hand: Hand) -> tuple[int, ...]:
    """The engine's verdict on a restored hand: its stored result fields and its deltas."""
    if hand.is_deal_miss:  # what it costs, from the hands before it
        entry, deltas = penalty.priced(hand.session, _deal_miss_entry(hand), hand.number)
        hand.lines = entry.get("lines", [])
        return deltas
    if not hand.played:  # passed out: nothing to score
        return ()
    try:
        # Hand's methods are not annotated yet (scoring.models): the engine's Score, or None.
        score: Score | None = hand.engine_score()
    except RulesError as error:
        raise NotRestorable(str(error)) from error
    if score is None:  # not played, which returned above
        return ()
    hand.made, hand.target, hand.points = score.made, score.target, score.declarer_points
    if hand.captured is not None:
        hand.declarer_points = score.declarer_points
    hand.lines = list(score.lines)
    return score.deltas
