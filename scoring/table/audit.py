"""The audit trail of hands: snapshots, events and the differences between them.

``scoring.table.recording`` calls ``log`` inside each write's transaction; the views use
``describe`` and ``changes`` to show a hand's history and, when an edit arrives
too late, what the other phone changed, field by field.
"""

from collections.abc import Iterable
from typing import Any, TypeAlias, TypedDict

from django.db.models import Max, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import GameSession, Hand, HandEvent
from scoring.rules import RulesError, Variant
from scoring.rules.cards import parse_card
from scoring.rules.scores import signed
from scoring.table.version import Actor, account

# Who played the hand: its line-up, who sat it out, the seat killed (scoring.table.lineup).
SEATING = ("lineup", "benched", "sitting_out")
# The hand's own fields a snapshot keeps, besides its id, key and scores (a deal miss's
# caller only in snapshots taken since deal misses were recorded).
FIELDS = (*Hand.ENTRY_FIELDS, *SEATING, "deal_miss_by", "version")

# A hand as an event keeps it (``HandEvent.before``, ``.after``): JSON, each of the hand's
# fields as stored (a number, a name, a list of card codes, …), its id, key and scores.
Snapshot: TypeAlias = dict[str, Any]


class FieldChange(TypedDict):
    """A row of what an edit changed: the field's label, its text before and after."""

    label: str
    before: str
    after: str


class Entry(TypedDict):
    event: HandEvent
    detail: list[FieldChange]
    restorable: bool
    note: str  # why a hand nobody edited changed ("" for a hand somebody changed)


# In an edit's ``after``: the number of the hand whose change priced this deal miss again
# (scoring.table.penalty), so that its history says why it changed.
PRICED_AFTER = "priced_after"


def snapshot(hand: Hand, deltas: Iterable[int] | None = None) -> Snapshot:
    """The hand as stored, with each seat's score (``deltas`` when they are not saved
    yet; a seat with no score row, killed, scores 0)."""
    data = {name: getattr(hand, name) for name in FIELDS}
    data["id"] = hand.pk
    data["key"] = str(hand.key)
    if deltas is None:
        stored = dict(hand.scores.values_list("seat", "delta"))
        deltas = [stored.get(seat, 0) for seat in range(len(hand.lineup))] if stored else ()
    data["scores"] = [int(d) for d in deltas]
    return data


def seated(session: GameSession, state: Snapshot) -> Snapshot:
    """A snapshot with its line-up: one taken before hands kept theirs was played by
    the session's first table (nobody could leave or sit out then)."""
    if state.get("lineup"):
        return state
    first = [seat.player_id for seat in session.all_seats if seat.from_hand == 1]
    return {**state, "lineup": first, "benched": [], "sitting_out": None}


def log(
    session: GameSession,
    action: str,
    user: Actor = None,
    before: Snapshot | None = None,
    after: Snapshot | None = None,
    hand: Hand | None = None,
) -> HandEvent:
    """Write one event; call it inside the transaction that made the change."""
    state = after or before
    if state is None:
        raise ValueError("an event keeps the hand before or after the change")
    real_user = account(user)
    return HandEvent.objects.create(
        session=session,
        hand=hand,
        hand_ref=state["id"],
        number=state["number"],
        action=action,
        user=real_user,
        username=real_user.get_username() if real_user else "",
        before=before,
        after=after,
    )


def history(session: GameSession, hand_ref: int) -> QuerySet[HandEvent]:
    """A hand's events, oldest first."""
    return HandEvent.objects.filter(session=session, hand_ref=hand_ref).order_by("pk")


def snapshot_at(session: GameSession, hand_ref: int, version: int) -> Snapshot | None:
    """The hand as it stood at ``version``, from its events (None if no event has it)."""
    for event in history(session, hand_ref):
        states: tuple[Snapshot | None, Snapshot | None] = (event.before, event.after)
        for state in states:
            if state and state.get("version") == version:
                return state
    return None


def restorable(session: GameSession, candidates: Iterable[HandEvent] | None = None) -> set[int]:
    """Ids of undo and delete events whose hand is gone and has not come back since
    (among ``candidates``, events of the session, when given)."""
    events = HandEvent.objects.filter(session=session, action__in=HandEvent.REMOVALS)
    if candidates is not None:
        events = events.filter(pk__in=[e.pk for e in candidates])
    removals = dict(events.values_list("pk", "hand_ref"))
    if not removals:
        return set()
    refs = set(removals.values())
    latest = set(
        HandEvent.objects.filter(session=session, hand_ref__in=refs)
        .values("hand_ref")
        .annotate(last=Max("pk"))
        .values_list("last", flat=True)
    )
    present = set(Hand.objects.filter(pk__in=refs).values_list("pk", flat=True))
    return {pk for pk, ref in removals.items() if pk in latest and ref not in present}


# ---- showing snapshots ---------------------------------------------------------------


def _names(session: GameSession) -> dict[int, str]:
    return {seat.player_id: seat.player.name for seat in session.all_seats}


def _seat_name(session: GameSession, seat: int | None, state: Snapshot | None = None) -> str:
    """The name of the player in a seat of a snapshot's line-up."""
    if seat is None:
        return ""
    lineup = seated(session, state or {})["lineup"]
    if not 0 <= seat < len(lineup):
        return str(seat)
    return _names(session).get(lineup[seat], str(seat))


def _contract_label(session: GameSession, state: Snapshot) -> str:
    if not state.get("contract") or state.get("status") != Hand.PLAYED:
        return ""
    variant: Variant[Any] = session.engine
    try:
        players = len(seated(session, state)["lineup"])
        parsed = variant.parse_contract(state["contract"], session.rules(players))
    except RulesError:
        return str(state["contract"])  # as stored: a contract text
    return parsed.label


def _yes_no(value: object) -> str:
    if value is None:
        return "—"
    return _("yes") if value else _("no")


def _made(value: bool | None) -> str:
    if value is None:
        return _("draw")
    return _("made") if value else _("failed")


def _card_label(code: str) -> str:
    """A stored card code as players read it (♠A, the joker by name); a code the engine
    cannot read is shown as stored."""
    try:
        return parse_card(code).label
    except RulesError:
        return code


def _cards(session: GameSession, state: Snapshot) -> str:
    """The point cards by seat, and those discarded (a quick count's too, where they raise
    the target)."""
    captured = state.get("captured") or {}
    parts = [
        f"{_seat_name(session, int(seat), state)}: {' '.join(map(_card_label, cards)) or '—'}"
        for seat, cards in sorted(captured.items(), key=lambda item: int(item[0]))
    ]
    if state.get("discards"):
        parts.append(_("discarded") + ": " + " ".join(map(_card_label, state["discards"])))
    return "; ".join(parts)


def describe(session: GameSession, state: Snapshot | None) -> list[tuple[str, str]]:
    """A snapshot as (label, text) rows a person can read: the contract, who, the result,
    and every seat's score."""
    if state is None:
        return []
    if state.get("status") == Hand.PASSED:
        rows = [(_("Hand"), _("passed out"))]
    elif state.get("status") == Hand.DEAL_MISS:
        caller = _seat_name(session, state.get("deal_miss_by"), state)
        rows = [(_("Hand"), _("deal miss")), (_("Deal miss called by"), caller)]
    else:
        partner = state.get("partner")
        variant: Variant[Any] = session.engine  # each game's own words: napoleon, 주공, bidder
        rows = [
            (variant.term("declarer_title"), _seat_name(session, state.get("declarer"), state)),
            (_("Contract"), _contract_label(session, state)),
        ]
        if state.get("sitting_out") is not None:
            killed = _seat_name(session, state["sitting_out"], state)
            rows.append((variant.term("sitting_out_title"), killed))
        if variant.has_partner:
            called = state.get("called_card")
            rows.append((_("Called card"), _card_label(called) if called else "—"))
            name = (
                _seat_name(session, partner, state)
                if partner is not None
                else variant.term("alone_label")
            )
            rows.append((variant.term("partner_prompt"), name))
        rows.append((_("Result"), _made(state.get("made"))))
        rows.append((variant.term("result_title"), _text(state.get("points"))))
        if state.get("tricks"):
            for seat, count in sorted(state["tricks"].items(), key=lambda item: int(item[0])):
                label = _("Tricks: %(name)s") % {"name": _seat_name(session, int(seat), state)}
                rows.append((label, str(count)))
        if state.get("captured") or state.get("discards"):
            rows.append((_("Point cards"), _cards(session, state)))
        if state.get("toppled"):
            rows.append((_("Toppled on the first trick"), _yes_no(True)))
        if state.get("record"):
            rows.append((_("Play recorded"), _recorded(state["record"])))
    return rows + _seating_rows(session, state)


def _seating_rows(session: GameSession, state: Snapshot) -> list[tuple[str, str]]:
    """Who sat the hand out, and each player's score."""
    names = _names(session)
    rows: list[tuple[str, str]] = []
    benched = [names.get(player, "?") for _place, player in state.get("benched") or ()]
    if benched:
        rows.append((_("Sat out"), ", ".join(benched)))
    for seat, delta in enumerate(state.get("scores") or []):
        name = _seat_name(session, seat, state)
        rows.append((_("Score: %(name)s") % {"name": name}, signed(delta)))
    return rows


def _recorded(record: object) -> str:
    """How much of the play the hand's record holds: its tricks."""
    tricks = record.get("tricks") if isinstance(record, dict) else None
    count = len(tricks) if isinstance(tricks, list) else 0
    return ngettext("%(count)s trick", "%(count)s tricks", count) % {"count": count}


def _text(value: object) -> str:
    return "—" if value is None else str(value)


def changes(
    session: GameSession, before: Snapshot | None, after: Snapshot | None
) -> list[FieldChange]:
    """What differs between two snapshots, row by row: {label, before, after}."""
    old, new = dict(describe(session, before)), dict(describe(session, after))
    labels = list(dict.fromkeys([*old, *new]))
    return [
        {"label": label, "before": old.get(label, "—"), "after": new.get(label, "—")}
        for label in labels
        if old.get(label, "—") != new.get(label, "—")
    ]


def entries(session: GameSession, events: Iterable[HandEvent]) -> list[Entry]:
    """Events ready for a template: who, when, what, and what changed."""
    listed = list(events)
    removals = [e for e in listed if e.action in HandEvent.REMOVALS]
    restorable_ids = restorable(session, removals) if removals else set()
    rows: list[Entry] = []
    for event in listed:
        if event.action == HandEvent.EDIT:
            detail = changes(session, event.before, event.after)
        elif event.action in HandEvent.REMOVALS:
            detail = [
                {"label": label, "before": text, "after": "—"}
                for label, text in describe(session, event.before)
            ]
        else:
            detail = [
                {"label": label, "before": "—", "after": text}
                for label, text in describe(session, event.after)
            ]
        rows.append(
            {
                "event": event,
                "detail": detail,
                "restorable": event.pk in restorable_ids,
                "note": _note(event),
            }
        )
    return rows


def _note(event: HandEvent) -> str:
    number = (event.after or {}).get(PRICED_AFTER)
    if event.action != HandEvent.EDIT or not isinstance(number, int):
        return ""
    return _("Its cost changed with the change to hand %(number)d before it.") % {"number": number}
