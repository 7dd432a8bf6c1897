"""A session's hands after they are saved: the list, an edit, a deletion, undoing the
last one, and the history of every change with its Restore."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring import query
from scoring.accounts.access import session_for
from scoring.accounts.http import AuthenticatedHtmxRequest, AuthenticatedHttpRequest
from scoring.models import GameSession, Hand, HandEvent
from scoring.table import audit, version
from scoring.table.controls import entry_context
from scoring.table.deal_miss import DEAL_MISS, DealMissForm, offers_deal_miss
from scoring.table.form import HandForm
from scoring.table.initial import hand_initial
from scoring.table.lineup import hand_lineup
from scoring.table.parts import deltas_by_hand, hand_row, penalty_text
from scoring.table.recording import (
    NotRestorable,
    SessionEnded,
    StaleHand,
    delete_hand,
    passed_values,
    restore_hand,
    undo_last,
    update_hand,
)
from scoring.table.refusal import refusal_context, refusal_status
from scoring.table.sheet import roster
from scoring.table.state import member_session
from scoring.table.version import StaleTable, VersionMissing
from scoring.table.views.hands import PASSED_OUT, _ended


@login_required
def hands(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
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
        "table_rows": [hand_row(session, h, d, not ended, uneven) for h, d in rows],
        "uneven": uneven,
        "ended": ended,
    }
    return render(request, "scoring/hands.html", context)


@login_required
def edit(request: AuthenticatedHtmxRequest, pk: int, number: int) -> HttpResponse:
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
    kind = DealMissForm if request.POST.get("action") == DEAL_MISS else HandForm
    form = kind(session, data, lineup=hand_lineup(hand))
    hand_version = _version(request)
    if hand_version is None:
        return _versionless_edit(request, session, hand, data)
    drawn = version.drawn_version(request.POST.get("table_version"))
    try:
        if drawn is None:
            raise VersionMissing()
        if request.POST.get("action") == PASSED_OUT:
            update_hand(hand, hand_version, passed_values(), (), request.user, drawn)
        elif form.is_valid() and (form.score is not None or kind is DealMissForm):
            values = {**form.hand_values(), "dealer": form.dealer_seat()}
            deltas = form.score.deltas if form.score else ()
            update_hand(hand, hand_version, values, deltas, request.user, drawn)
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


def _stored_form(session: GameSession, hand: Hand, initial: dict[str, object]) -> HandForm:
    """The form filled in with the hand as stored, and judged, so the edit page opens
    showing its score; a hand the engine no longer takes opens blank but for its
    version, key, who sat it out and who declared (or called a deal miss)."""
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
    kept = {name: initial.get(name) for name in ("key", "version", "out", "declarer")}
    return HandForm(session, initial=kept, lineup=lineup)


def _edit_context(
    session: GameSession, hand: Hand, form: HandForm, **extra: object
) -> dict[str, object]:
    events = audit.history(session, hand.pk).select_related("user").order_by("-pk")
    shown = list(events[: HISTORY_ON_HAND + 1])
    return {
        "session": session,
        "hand": hand,
        "form": form,
        **entry_context(session, form.lineup, form, form["key"].value()),
        "ended": session.ended_at is not None,
        "deal_miss": offers_deal_miss(session, form.n),
        "penalty": penalty_text(hand, dict(hand.scores.values_list("player_id", "delta"))),
        "history": audit.entries(session, shown[:HISTORY_ON_HAND]),
        "history_more": len(shown) > HISTORY_ON_HAND,
        **extra,
    }


def _stale(
    request: AuthenticatedHttpRequest, session: GameSession, current: Hand, version: int | None
) -> HttpResponse:
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


def _version(request: HttpRequest) -> int | None:
    return query.whole(request.POST.get("version"), 0, 2**31 - 1)


GONE = gettext_lazy(
    "Nothing was saved: hand %(number)d was removed by someone else meanwhile. "
    "It can be restored from the history."
)
VERSIONLESS = gettext_lazy(
    "Nothing was saved: this form did not say which version of the hand it changes, so "
    "saving it could overwrite a newer save. Check the hand as it is now, then save again."
)


def _versionless_edit(
    request: HttpRequest, session: GameSession, hand: Hand, data: QueryDict
) -> HttpResponse:
    """An edit without a version is refused, never applied: the page opens again with the
    entry kept and the hand's current version, so saving once more is a choice."""
    data["version"] = str(hand.version)
    form = HandForm(session, data, lineup=hand_lineup(hand))
    form.is_valid()
    form.add_error(None, VERSIONLESS)
    return render(request, "scoring/hand_edit.html", _edit_context(session, hand, form), status=400)


@login_required
def undo(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
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
def delete(request: AuthenticatedHtmxRequest, pk: int, number: int) -> HttpResponse:
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


def _named_deltas(hand: Hand) -> list[tuple[str, int]]:
    """Each player of the hand with their score (one killed: 0)."""
    names = {m.player_id: m.name for m in roster(hand.session)}
    by_player = {score.player_id: score.delta for score in hand.scores.all()}
    return [(names.get(player, "?"), by_player.get(player, 0)) for player in hand.lineup]


@login_required
def history(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
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
def restore(request: AuthenticatedHtmxRequest, pk: int, event: int) -> HttpResponse:
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
