"""Recording, previewing, listing, editing and undoing hands."""

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.forms import UUIDField
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, trigger_client_event

from scoring import query
from scoring.accounts.access import session_for
from scoring.models import Hand, HandEvent, TableChange
from scoring.table import audit, version
from scoring.table.entry import carried, drawn_ids
from scoring.table.form import HandForm
from scoring.table.initial import hand_initial
from scoring.table.lineup import hand_lineup, next_lineup, with_turns
from scoring.table.markup import markup_for
from scoring.table.parts import deltas_by_hand, hand_row, member_session, scores_by_player
from scoring.table.recording import (
    NotRestorable,
    SessionEnded,
    StaleHand,
    delete_hand,
    passed_values,
    record_hand,
    record_passed,
    restore_hand,
    undo_last,
    update_hand,
)
from scoring.table.refusal import refusal_context, refusal_status
from scoring.table.sheet import roster
from scoring.table.version import StaleTable, VersionMissing, Write
from scoring.table.views.sessions import board_context, record_context, table_context

PASSED_OUT = "passed"


def _done(request, url):
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused(request, session, form, status, reason="", **extra):
    """The record form shown again with its messages and the entry kept (htmx swaps
    it into #record: base.html lets 409 and 422 through); without JavaScript, the
    whole table screen. ``reason``: what the outbox tells a phone that sent it later."""
    if request.htmx:
        last = session.hands.order_by("-number").first()
        context = {**record_context(session, form, last), **extra}
        response = render(request, "scoring/table.html#record", context, status=status)
        detail = {"status": status, "reason": str(reason)}
        return trigger_client_event(response, "hand-refused", detail)
    context = {**table_context(session, form), **extra}
    return render(request, "scoring/table.html", context, status=status)


def _ended(request, session):
    """A write to an ended session: refused with a message, nothing changed."""
    text = _("This session has ended; reopen it to change its hands.")
    messages.error(request, text)
    response = _done(request, reverse("scoring:summary", args=[session.pk]))
    if request.htmx:
        trigger_client_event(response, "hand-refused", {"status": 409, "reason": text})
    return response


def _saved(request, session, hand, created, deltas):
    """After a Save: without JavaScript, back to the table screen; with htmx, just what
    changed: the scoreboard, the new row of the hands list and a fresh form."""
    number = hand.number
    words = (_("Hand %(number)d saved.") if created else ALREADY) % {"number": number}
    if request.htmx.target != "record":
        # Not the form on screen (no JavaScript, or the outbox sending a kept hand, whose
        # page reloads next): the next page says it.
        messages.success(request, words)
    steps = _steps_of(session, hand, created)
    if not request.htmx:
        return redirect(session)
    if created:
        session.version = hand.table_version  # what the new form is drawn for
        scores = scores_by_player(hand, deltas)
    else:  # a Save sent twice: show the table as it now stands
        hand = session.hands.order_by("-number").first()
        scores = deltas_by_hand([hand]).get(hand.pk, {})
    lineup = next_lineup(session, hand)
    context = {
        **board_context(session, last=hand, lineup=lineup),
        **record_context(session, last=hand, lineup=lineup),
        "saved": words,
        "new_row": hand_row(session, hand, scores) if created else "",
    }
    response = render(request, "scoring/table.html#saved", context)
    return trigger_client_event(response, "hand-saved", {"number": number, **steps})


ALREADY = gettext_lazy("Hand %(number)d was saved already; it is recorded once.")


def _steps_of(session, hand, created) -> dict:
    """The table versions just before and after this hand was recorded: the outbox
    moves the hands it still holds for the same table on to the new one (offline.js)."""
    found = hand.table_version if created else _recorded_at(session, hand)
    return {"from": found - 1, "to": found} if found else {}


def _recorded_at(session, hand) -> int | None:
    change = TableChange.objects.filter(
        session=session, kind=TableChange.HAND, detail__key=str(hand.key)
    )
    return change.order_by("version").values_list("version", flat=True).first()


@require_POST
@login_required
def record(request, pk):
    session = member_session(request, pk)
    try:
        key = UUIDField().clean(request.POST.get("key"))
    except ValidationError:
        return _garbled_key(request, session)
    # A Save sent again (a lost answer, the outbox) is the hand already stored, whatever
    # has changed since: look it up before anything else judges the entry.
    existing = session.hands.filter(key=key).first()
    if existing is not None:
        return _saved(request, session, existing, False, ())
    if session.ended_at is not None:
        return _ended(request, session)
    try:
        return _record(request, session, key)
    except (StaleTable, VersionMissing) as error:
        return _table_changed(request, session, error)
    except SessionEnded:
        return _ended(request, session)


def _garbled_key(request, session):
    """A missing or garbled key would fail every retry: show the entry again with a
    fresh key, so the next Save can succeed."""
    data = request.POST.copy()
    data["key"] = str(uuid.uuid4())
    form = HandForm(session, data)
    form.add_error(None, _("This form is out of date; it has been reloaded. Try again."))
    return _refused(request, session, form, 400)


def _record(request, session, key):
    drawn = version.drawn_version(request.POST.get("table_version"))
    current = version.Locked(session.pk, session.version, session.ended_at)
    version.check(current, drawn, Write.RECORD)  # again below, with the session locked
    lineup = next_lineup(session, turns=False)
    if lineup.players is None:
        messages.error(request, _("Too few players at the table: nothing was saved."))
        return _done(request, session.get_absolute_url())
    if request.POST.get("action") == PASSED_OUT:
        seating = _posted_seating(lineup, request.POST)
        hand, created = record_passed(session, key, request.user, seating, drawn=drawn)
        return _saved(request, session, hand, created, ())
    form = HandForm(session, request.POST, lineup=lineup)
    if not form.is_valid():
        return _refused(request, session, form, 422)
    values, deltas = form.hand_values(), form.score.deltas
    hand, created = record_hand(session, key, values, deltas, request.user, drawn=drawn)
    return _saved(request, session, hand, created, deltas)


def _table_changed(request, session, error):
    """A Save drawn for a table that has changed since: nothing is stored; the form
    comes back on the table as it is now, with the entry carried to the same players
    and the changes listed, so saving it is a choice made knowing them."""
    session = member_session(request, session.pk)
    lineup = next_lineup(session, turns=False)
    data = carried(request.POST, drawn_ids(request.POST.get("seats")), lineup)
    data["table_version"] = str(session.version)
    form = HandForm(session, data, lineup=lineup)
    if lineup.players is not None:
        form.is_valid()
    context = refusal_context(error)
    reason = TABLE_CHANGED % {"changes": " ".join(context["table_changed"])}
    response = _refused(request, session, form, refusal_status(error), reason, **context)
    # The Save button sits at the foot of the screen; what changed is said at the head
    # of the form, which comes into view.
    return reswap(response, "outerHTML show:#record:top") if request.htmx else response


TABLE_CHANGED = gettext_lazy("the table changed after it was entered. %(changes)s")


def _posted_seating(lineup, post) -> dict | None:
    """Who sits out a hand passed out, as the form posted it (else the rotation's)."""
    if not lineup.extras:
        return None
    read = [query.whole(value, 0, 999) for value in post.getlist("out")]
    if None in read:
        return None
    out = sorted({place for place in read if place is not None})
    places = {p.number for p in lineup.places}
    if len(out) != lineup.extras or not set(out) <= places:
        return None
    return lineup.values(out)


@require_POST
@login_required
def preview(request, pk):
    """The live score preview: the engine's verdict on the form as it stands; where
    someone sits out, also who deals (it passes on past one sitting out)."""
    session = member_session(request, pk)
    lineup = next_lineup(session, turns=False)
    if lineup.players is None:
        return render(request, "scoring/table.html#previewed", {"session": session})
    form = HandForm(session, request.POST, lineup=lineup)
    form.is_valid()
    context = {"form": form, "session": session}
    if lineup.extras:
        last = session.hands.order_by("-number").first()
        turns = with_turns(lineup, session, last)
        out = form.out or _posted_out(turns, request.POST)
        context["dealer_name"] = turns.places[turns.dealer_place(out)].name
        context["hand_number"] = last.number + 1 if last else 1
    return render(request, "scoring/table.html#previewed", context)


def _posted_out(lineup, post):
    seating = _posted_seating(lineup, post)
    if seating is None:
        return lineup.out
    return tuple(place for place, _player in seating["benched"])


@login_required
def hands(request, pk):
    session = member_session(request, pk)
    listed = list(session.hands.order_by("-number"))
    scores = deltas_by_hand(listed)
    rows = [(hand, scores.get(hand.pk, {})) for hand in listed]
    # rules.md: some tables are applied as written even where they do not sum to zero;
    # a sum column, shown once any hand leaves one, lets the table notice. A count of
    # wins never sums to zero, and means nothing summed.
    uneven = any(
        sum(by_player.values())
        and session.engine.sum_matters(hand.players, session.rules(hand.players))
        for hand, by_player in rows
    )
    ended = session.ended_at is not None
    members = roster(session)
    context = {
        "session": session,
        "roster": members,
        # Each row's scores in the roster's order (0 for one who did not play it).
        "rows": [
            {
                "hand": hand,
                "deltas": [by_player.get(m.player_id, 0) for m in members],
                "sum": sum(by_player.values()),
            }
            for hand, by_player in rows
        ],
        "table_rows": mark_safe(
            "".join(hand_row(session, h, d, not ended, uneven) for h, d in rows)
        ),
        "uneven": uneven,
        "ended": ended,
    }
    return render(request, "scoring/hands.html", context)


@login_required
def edit(request, pk, number):
    session = session_for(request, pk)
    hand = get_object_or_404(session.hands, number=number)
    if session.ended_at is not None and request.method == "POST":
        return _ended(request, session)
    hand.session = session
    if request.method != "POST":
        form = _stored_form(session, hand, {**hand_initial(hand), "key": hand.key})
        return render(request, "scoring/hand_edit.html", _edit_context(session, hand, form))
    data = request.POST.copy()
    data["key"] = str(hand.key)  # an edit keeps its hand's key; a garbled one must not block it
    form = HandForm(session, data, lineup=hand_lineup(hand))
    hand_version = _version(request)
    if hand_version is None:
        return _versionless_edit(request, session, hand, data)
    drawn = version.drawn_version(request.POST.get("table_version"))
    try:
        if drawn is None:
            raise VersionMissing()
        if request.POST.get("action") == PASSED_OUT:
            update_hand(hand, hand_version, passed_values(), (), request.user, drawn)
        elif form.is_valid():
            values = {**form.hand_values(), "dealer": form.dealer_seat()}
            update_hand(hand, hand_version, values, form.score.deltas, request.user, drawn)
        else:
            context = _edit_context(session, hand, form)
            return render(request, "scoring/hand_edit.html", context, status=422)
    except StaleHand as stale:
        return _stale(request, session, stale.current, hand_version)
    except (StaleTable, VersionMissing) as error:
        session.refresh_from_db()
        context = _edit_context(session, hand, form, **refusal_context(error))
        return render(request, "scoring/hand_edit.html", context, status=refusal_status(error))
    except SessionEnded:
        return _ended(request, session)
    except Hand.DoesNotExist:  # deleted or undone by another phone since this page opened
        messages.error(request, GONE % {"number": number})
        return redirect("scoring:hands", pk=session.pk)
    messages.success(request, _("Hand %(number)d updated.") % {"number": number})
    return redirect("scoring:hands", pk=session.pk)


HISTORY_ON_HAND = 10  # the latest changes on the edit page; the History page has them all
HISTORY_PAGE = 300


def _stored_form(session, hand, initial):
    """The form filled in with the hand as stored, and judged, so the edit page opens
    showing its score; a hand the engine no longer takes opens blank but for its
    version, key and who sat it out."""
    data = QueryDict(mutable=True)
    for name, value in initial.items():
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        elif value is not None and value is not False:
            data[name] = "on" if value is True else str(value)
    lineup = hand_lineup(hand)
    bound = HandForm(session, data, lineup=lineup)
    if bound.is_valid():
        return bound
    kept = {name: initial.get(name) for name in ("key", "version", "out")}
    return HandForm(session, initial=kept, lineup=lineup)


def _edit_context(session, hand, form, **extra):
    events = audit.history(session, hand.pk).select_related("user").order_by("-pk")
    shown = list(events[: HISTORY_ON_HAND + 1])
    return {
        "session": session,
        "hand": hand,
        "form": form,
        "fields": markup_for(form),
        "ended": session.ended_at is not None,
        "history": audit.entries(session, shown[:HISTORY_ON_HAND]),
        "history_more": len(shown) > HISTORY_ON_HAND,
        **extra,
    }


def _stale(request, session, current, version):
    """A save that came after someone else's: nothing is written; the page shows, field by
    field, what the other save changed since this phone opened the hand, and the entry
    again with the new version, so saving it once more is a deliberate choice."""
    current.session = session
    now = audit.snapshot(current)
    opened = audit.snapshot_at(session, current.pk, version) if version is not None else None
    data = request.POST.copy()
    data["key"] = str(current.key)
    data["version"] = str(current.version)
    form = HandForm(session, data, lineup=hand_lineup(current))
    form.is_valid()
    since = [
        event
        for event in audit.history(session, current.pk).select_related("user")
        if event.after and (version is None or event.after.get("version", 0) > version)
    ]
    context = _edit_context(
        session,
        current,
        form,
        stale=current,
        stale_changes=audit.changes(session, opened, now) if opened else None,
        stale_now=audit.describe(session, now),
        stale_by=sorted({e.username for e in since if e.username}),
    )
    return render(request, "scoring/hand_edit.html", context, status=409)


def _version(request):
    return query.whole(request.POST.get("version"), 0, 2**31 - 1)


GONE = gettext_lazy(
    "Nothing was saved: hand %(number)d was removed by someone else meanwhile. "
    "It can be restored from the history."
)
VERSIONLESS = gettext_lazy(
    "Nothing was saved: this form did not say which version of the hand it changes, so "
    "saving it could overwrite a newer save. Check the hand as it is now, then save again."
)


def _versionless_edit(request, session, hand, data):
    """An edit without a version is refused, never applied: the page opens again with the
    entry kept and the hand's current version, so saving once more is a choice."""
    data["version"] = str(hand.version)
    form = HandForm(session, data, lineup=hand_lineup(hand))
    form.is_valid()
    form.add_error(None, VERSIONLESS)
    return render(request, "scoring/hand_edit.html", _edit_context(session, hand, form), status=400)


@login_required
def undo(request, pk):
    session = session_for(request, pk)
    last = session.hands.order_by("-number").prefetch_related("scores").first()
    if last is not None:
        last.session = session
    if session.ended_at is not None and request.method == "POST":
        return _ended(request, session)
    if request.method == "POST":
        number = query.whole(request.POST.get("number"), 1, query.MAX_ID) or -1
        removed = undo_last(session, number, request.user)
        if removed is None:
            messages.error(
                request, _("Nothing was undone: the last hand has changed. Check it again.")
            )
            return redirect("scoring:undo", pk=session.pk)
        messages.success(
            request,
            _("Hand %(number)d removed. It can be restored from the history.") % {"number": number},
        )
        return redirect(session)
    deltas = _named_deltas(last) if last is not None else []
    return render(
        request, "scoring/undo.html", {"session": session, "last": last, "deltas": deltas}
    )


@login_required
def delete(request, pk, number):
    """Delete any hand, after a confirmation page; its number stays free for a restore."""
    session = session_for(request, pk)
    hand = get_object_or_404(session.hands.prefetch_related("scores"), number=number)
    hand.session = session
    if session.ended_at is not None and request.method == "POST":
        return _ended(request, session)
    status = 200
    if request.method == "POST" and _version(request) is None:
        messages.error(request, VERSIONLESS)
        status = 400
    elif request.method == "POST":
        try:
            delete_hand(hand, _version(request), request.user)
        except StaleHand as stale:
            return _stale(request, session, stale.current, _version(request))
        except Hand.DoesNotExist:
            raise Http404 from None
        messages.success(
            request,
            _("Hand %(number)d deleted. It can be restored from the history.") % {"number": number},
        )
        return redirect("scoring:hands", pk=session.pk)
    context = {"session": session, "hand": hand, "deltas": _named_deltas(hand)}
    return render(request, "scoring/hand_delete.html", context, status=status)


def _named_deltas(hand) -> list[tuple[str, int]]:
    """Each player of the hand with their score (one killed: 0)."""
    names = {m.player_id: m.name for m in roster(hand.session)}
    by_player = {score.player_id: score.delta for score in hand.scores.all()}
    return [(names.get(player, "?"), by_player.get(player, 0)) for player in hand.lineup]


@login_required
def history(request, pk):
    """Every change to the session's hands, newest first, with Restore for removed hands."""
    session = session_for(request, pk)
    events = HandEvent.objects.filter(session=session).select_related("user").order_by("-pk")
    shown = list(events[: HISTORY_PAGE + 1])
    context = {
        "session": session,
        "entries": audit.entries(session, shown[:HISTORY_PAGE]),
        "history_more": len(shown) > HISTORY_PAGE,
        "ended": session.ended_at is not None,
    }
    return render(request, "scoring/history.html", context)


@require_POST
@login_required
def restore(request, pk, event):
    session = session_for(request, pk)
    if session.ended_at is not None:
        return _ended(request, session)
    try:
        hand = restore_hand(session, event, request.user)
    except NotRestorable:
        messages.error(
            request, _("Nothing was restored: that hand is already back, or cannot return.")
        )
        return redirect("scoring:history", pk=session.pk)
    messages.success(request, _("Hand %(number)d restored.") % {"number": hand.number})
    return redirect("scoring:hands", pk=session.pk)
