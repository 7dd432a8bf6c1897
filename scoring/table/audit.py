"""The audit trail of hands: snapshots, events and the differences between them.

``scoring.table.recording`` calls ``log`` inside each write's transaction; the views use
``describe`` and ``changes`` to show a hand's history and, when an edit arrives
too late, what the other phone changed, field by field.
"""

from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.models import Hand, HandEvent
from scoring.rules import RulesError
from scoring.rules.cards import parse_card
from scoring.rules.scores import signed

# Who played the hand: its line-up, who sat it out, the seat killed (scoring.table.lineup).
SEATING = ("lineup", "benched", "sitting_out")
# The hand's own fields a snapshot keeps, besides its id, key and scores.
FIELDS = (*Hand.ENTRY_FIELDS, *SEATING, "version")


def snapshot(hand, deltas=None) -> dict:
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


def seated(session, state: dict) -> dict:
    """A snapshot with its line-up: one taken before hands kept theirs was played by
    the session's first table (nobody could leave or sit out then)."""
    if state.get("lineup"):
        return state
    first = [seat.player_id for seat in session.all_seats if seat.from_hand == 1]
    return {**state, "lineup": first, "benched": [], "sitting_out": None}


def log(session, action, user=None, before=None, after=None, hand=None) -> HandEvent:
    """Write one event; call it inside the transaction that made the change."""
    state = after or before
    real_user = user if user is not None and user.is_authenticated else None
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


def history(session, hand_ref):
    """A hand's events, oldest first."""
    return HandEvent.objects.filter(session=session, hand_ref=hand_ref).order_by("pk")


def snapshot_at(session, hand_ref, version):
    """The hand as it stood at ``version``, from its events (None if no event has it)."""
    for event in history(session, hand_ref):
        for state in (event.before, event.after):
            if state and state.get("version") == version:
                return state
    return None


def restorable(session, candidates=None):
    """Ids of undo and delete events whose hand is gone and has not come back since
    (among ``candidates``, events of the session, when given)."""
    removals = HandEvent.objects.filter(session=session, action__in=HandEvent.REMOVALS)
    if candidates is not None:
        removals = removals.filter(pk__in=[e.pk for e in candidates])
    removals = dict(removals.values_list("pk", "hand_ref"))
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


def _names(session) -> dict:
    return {seat.player_id: seat.player.name for seat in session.all_seats}


def _seat_name(session, seat, state=None):
    """The name of the player in a seat of a snapshot's line-up."""
    if seat is None:
        return ""
    lineup = seated(session, state or {})["lineup"]
    if not 0 <= seat < len(lineup):
        return str(seat)
    return _names(session).get(lineup[seat], str(seat))


def _contract_label(session, state):
    if not state.get("contract") or state.get("status") == "passed":
        return ""
    try:
        players = len(seated(session, state)["lineup"])
        parsed = session.engine.parse_contract(state["contract"], session.rules(players))
    except RulesError:
        return state["contract"]
    return parsed.label


def _yes_no(value):
    if value is None:
        return "—"
    return _("yes") if value else _("no")


def _made(value):
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


def _cards(session, state):
    captured = state.get("captured")
    if not captured:
        return ""
    parts = [
        f"{_seat_name(session, int(seat), state)}: {' '.join(map(_card_label, cards)) or '—'}"
        for seat, cards in sorted(captured.items(), key=lambda item: int(item[0]))
    ]
    if state.get("discards"):
        parts.append(_("discarded") + ": " + " ".join(map(_card_label, state["discards"])))
    return "; ".join(parts)


def describe(session, state) -> list[tuple[str, str]]:
    """A snapshot as (label, text) rows a person can read: the contract, who, the result,
    and every seat's score."""
    if state is None:
        return []
    if state.get("status") == "passed":
        rows = [(_("Hand"), _("passed out"))]
    else:
        partner = state.get("partner")
        variant = session.engine  # each game's own words: napoleon, 주공, bidder
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
            name = _seat_name(session, partner, state) if partner is not None else _("alone")
            rows.append((variant.term("partner_prompt"), name))
        rows.append((_("Result"), _made(state.get("made"))))
        rows.append((variant.term("result_title"), _text(state.get("points"))))
        if state.get("tricks"):
            for seat, count in sorted(state["tricks"].items(), key=lambda item: int(item[0])):
                label = _("Tricks: %(name)s") % {"name": _seat_name(session, int(seat), state)}
                rows.append((label, str(count)))
        if state.get("captured"):
            rows.append((_("Point cards"), _cards(session, state)))
        if state.get("toppled"):
            rows.append((_("Toppled on the first trick"), _yes_no(True)))
    return rows + _seating_rows(session, state)


def _seating_rows(session, state) -> list[tuple[str, str]]:
    """Who sat the hand out, and each player's score."""
    names = _names(session)
    rows = []
    benched = [names.get(player, "?") for _place, player in state.get("benched") or ()]
    if benched:
        rows.append((_("Sat out"), ", ".join(benched)))
    for seat, delta in enumerate(state.get("scores") or []):
        name = _seat_name(session, seat, state)
        rows.append((_("Score: %(name)s") % {"name": name}, signed(delta)))
    return rows


def _text(value):
    return "—" if value is None else str(value)


def changes(session, before, after) -> list[dict]:
    """What differs between two snapshots, row by row: {label, before, after}."""
    old, new = dict(describe(session, before)), dict(describe(session, after))
    labels = list(dict.fromkeys([*old, *new]))
    return [
        {"label": label, "before": old.get(label, "—"), "after": new.get(label, "—")}
        for label in labels
        if old.get(label, "—") != new.get(label, "—")
    ]


def entries(session, events) -> list[dict]:
    """Events ready for a template: who, when, what, and what changed."""
    events = list(events)
    removals = [e for e in events if e.action in HandEvent.REMOVALS]
    restorable_ids = restorable(session, removals) if removals else set()
    rows = []
    for event in events:
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
            }
        )
    return rows
