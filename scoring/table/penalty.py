"""What a deal miss costs at a table whose house rules charge one (the engine's
``deal_miss_cost``): the caller pays each other player dealt in, at once.

A doubling penalty counts the caller's deal misses since a hand was last played, so a
deal miss is priced from the hands before it, with the session locked (scoring.table.
recording), and the deal misses after a hand that is edited, deleted or restored are
priced again: a run is always what the hands as they stand make it.
"""

from collections.abc import Sequence
from typing import Any

from scoring.models import GameSession, Hand, HandEvent, HandScore
from scoring.rules import RulesError
from scoring.rules.penalty import Earlier
from scoring.table import audit
from scoring.table.version import Actor


def _earlier(session: GameSession, number: int) -> list[Earlier]:
    """The hands before ``number`` as a run reads them: played, and who called a deal miss
    (the player, not the seat: seats change between hands)."""
    rows = session.hands.filter(number__lt=number).order_by("number")
    found: list[Earlier] = []
    for status, lineup, caller in rows.values_list("status", "lineup", "deal_miss_by"):
        who = lineup[caller] if status == Hand.DEAL_MISS and caller is not None else None
        found.append((status == Hand.PLAYED, who))
    return found


def priced(
    session: GameSession, values: dict[str, Any], number: int
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """A deal miss's entry with its reason, and its scores by seat (none where it costs
    nothing); any other hand's entry as it is, with no scores."""
    caller, lineup = values.get("deal_miss_by"), values.get("lineup") or []
    if values.get("status") != Hand.DEAL_MISS or caller is None or not lineup:
        return values, ()
    variant = session.engine
    try:
        rules = session.rules(len(lineup))
    except RulesError:  # house rules that do not hold at this count: nothing to charge
        return {**values, "lines": []}, ()
    cost = variant.deal_miss_cost(len(lineup), caller, rules)
    if cost is None:  # the table charges nothing: no earlier hand to read
        return {**values, "lines": []}, ()
    before = variant.deal_miss_in_a_row(_earlier(session, number), lineup[caller])
    if before:
        cost = variant.deal_miss_cost(len(lineup), caller, rules, before) or cost
    return {**values, "lines": list(cost.lines)}, cost.deltas


def reprice_after(session: GameSession, number: int, user: Actor = None) -> None:
    """Price again each deal miss after hand ``number``, where what it costs changed.

    A hand never changes without its event: each one priced again is an edit of its own
    (by whoever made the change that moved it), its version raised, so that its history
    says when its cost changed and a page drawn for the old price is told it moved."""
    later = session.hands.filter(number__gt=number, status=Hand.DEAL_MISS).order_by("number")
    for hand in later:
        values = {"status": hand.status, "deal_miss_by": hand.deal_miss_by, "lineup": hand.lineup}
        hand.session = session
        entry, deltas = priced(session, values, hand.number)
        stored = dict(hand.scores.values_list("seat", "delta"))
        if entry.get("lines", []) == hand.lines and stored == dict(enumerate(deltas)):
            continue
        before = audit.snapshot(hand)
        hand.lines = entry.get("lines", [])
        hand.version += 1
        hand.save(update_fields=["lines", "version", "updated_at"])
        hand.scores.all().delete()
        _store(hand, deltas)
        after = {**audit.snapshot(hand, deltas), audit.PRICED_AFTER: number}
        audit.log(session, HandEvent.EDIT, user, before, after, hand=hand)


def _store(hand: Hand, deltas: Sequence[int]) -> None:
    HandScore.objects.bulk_create(
        HandScore(hand=hand, seat=seat, player_id=hand.lineup[seat], delta=delta)
        for seat, delta in enumerate(deltas)
    )


def stored_deltas(hand: Hand) -> tuple[int, ...]:
    """A deal miss's scores by seat as stored (none where it cost nothing)."""
    stored = dict(hand.scores.values_list("seat", "delta"))
    return tuple(stored.get(seat, 0) for seat in range(len(hand.lineup))) if stored else ()
