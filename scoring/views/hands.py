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
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from scoring import audit, query
from scoring.access import session_for
from scoring.forms import HandForm, hand_initial
from scoring.hand_form import session_rules
from scoring.hand_markup import markup_for
from scoring.lineup import hand_lineup, next_lineup, with_turns
from scoring.models import Hand, HandEvent
from scoring.recording import (
    NotRestorable,
    StaleHand,
    delete_hand,
    passed_values,
    record_hand,
    record_passed,
    restore_hand,
    undo_last,
    update_hand,
)
from scoring.sheet import roster
from scoring.views.sessions import board_context, record_context, table_context
from scoring.views.table_parts import deltas_by_hand, hand_row, member_session, scores_by_player

PASSED_OUT = "passed"


def _done(request, url):
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused(request, session, form, status):
    """The record form shown again with its messages and the entry kept (htmx swaps
    only a 200 into #record); without JavaScript, the whole table screen."""
    if request.htmx:
        last = session.hands.order_by("-number").first()
        context = record_context(session, form, last)
        return render(request, "scoring/table.html#record", context)
    return render(request, "scoring/table.html", table_context(session, form), status=status)


def _ended(request, session):
    """A write to an ended session: refused with a message, nothing changed."""
    messages.error(request, _("This session has ended; reopen it to change its hands."))
    return _done(request, reverse("scoring:summary", args=[session.pk]))


def _saved(request, session, hand, created, deltas):
    """After a Save: without JavaScript, back to the table screen; with htmx, just what
    changed: the scoreboard, the new row of the hands list and a fresh form."""
    if created and request.htmx.target != "record":
        # Not the form on screen (no JavaScript, or the outbox sending a kept hand, whose
        # page reloads next): the next page says it.
        messages.success(request, _("Hand %(number)d saved.") % {"number": hand.number})
    if not request.htmx:
        return redirect(session)
    if not created:  # a Save sent twice: show the table as it now stands
        hand = session.hands.order_by("-number").first()
        scores = deltas_by_hand([hand]).get(hand.pk, {})
    else:
        scores = scores_by_player(hand, deltas)
    lineup = next_lineup(session, hand)
    context = {
        **board_context(session, last=hand, lineup=lineup),
        **record_context(session, last=hand, lineup=lineup),
        "saved": hand.number,
        "new_row": hand_row(session, hand, scores),
    }
    response = render(request, "scoring/table.html#saved", context)
    return trigger_client_event(response, "hand-saved", {"number": hand.number})


@require_POST
@login_required
def record(request, pk):
    session = member_session(request, pk)
    if session.ended_at is not None:
        return _ended(request, session)
    try:
        key = UUIDField().clean(request.POST.get("key"))
    except ValidationError:
        # A missing or garbled key would fail every retry: show the entry again
        # with a fresh key, so the next Save can succeed.
        data = request.POST.copy()
        data["key"] = str(uuid.uuid4())
        form = HandForm(session, data)
        form.add_error(None, _("This form is out of date; it has been reloaded. Try again."))
        return _refused(request, session, form, 400)
    lineup = next_lineup(session, turns=False)
    if lineup.players is None:
        messages.error(request, _("Too few players at the table: nothing was saved."))
        return _done(request, session.get_absolute_url())
    if request.POST.get("action") == PASSED_OUT:
        seating = _posted_seating(lineup, request.POST)
        hand, created = record_passed(session, key, user=request.user, seating=seating)
        return _saved(request, session, hand, created, ())
    form = HandForm(session, request.POST, lineup=lineup)
    if not form.is_valid():
        return _refused(request, session, form, 422)
    hand, created = record_hand(
        session, form.cleaned_data["key"], form.hand_values(), form.score.deltas, request.user
    )
    return _saved(request, session, hand, created, form.score.deltas)


def _posted_seating(lineup, post) -> dict | None:
    """Who sits out a hand passed out, as the form posted it (else the rotation's)."""
    if not lineup.extras:
        return None
    try:
        out = sorted({int(value) for value in post.getlist("out")})
    except ValueError:
        return None
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
        and session.engine.sum_matters(hand.players, session_rules(session, hand.players))
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
    version = _version(request)
    if version is None:
        return _versionless_edit(request, session, hand, data)
    try:
        if request.POST.get("action") == PASSED_OUT:
            update_hand(hand, version, passed_values(), (), request.user)
        elif form.is_valid():
            values = {**form.hand_values(), "dealer": form.dealer_seat()}
            update_hand(hand, version, values, form.score.deltas, request.user)
        else:
            context = _edit_context(session, hand, form)
            return render(request, "scoring/hand_edit.html", context, status=422)
    except StaleHand as stale:
        return _stale(request, session, stale.current, version)
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
        try:
            number = int(request.POST.get("number", ""))
        except ValueError:
            number = -1
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
