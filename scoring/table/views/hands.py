"""Recording a hand: the Save (at once, or sent later by the outbox) and the live
preview of its score. What happens to hands once saved is views/edits.py's."""

import uuid
from collections.abc import Sequence
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.forms import UUIDField
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from scoring import query
from scoring.accounts.http import (
    AuthenticatedHtmxRequest,
    AuthenticatedHttpRequest,
    HtmxHttpRequest,
)
from scoring.models import GameSession, Hand, TableChange
from scoring.table import version
from scoring.table.after_save import send_hand_saved
from scoring.table.deal_miss import DEAL_MISS, DealMissForm
from scoring.table.entry import carried, drawn_ids, play_set_aside
from scoring.table.form import HandForm
from scoring.table.lineup import Lineup, Seating
from scoring.table.parts import hand_row, scores_by_player
from scoring.table.penalty import stored_deltas
from scoring.table.play_save import Recorded, saved_play
from scoring.table.recording import (
    SessionEnded,
    record_hand,
    record_passed,
)
from scoring.table.refusal import refusal_context, refusal_status
from scoring.table.sheet import sheet
from scoring.table.state import TableState, member_session, member_table, table_state
from scoring.table.version import StaleTable, VersionMissing, Write
from scoring.table.views.play import posted_panel
from scoring.table.views.sessions import board_context, prewrite, record_context, table_context

PASSED_OUT = "passed"


def _done(request: HtmxHttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused(
    request: HtmxHttpRequest,
    state: TableState,
    form: HandForm,
    status: int,
    reason: str = "",
    **extra: object,
) -> HttpResponse:
    """The record form shown again with its messages and the entry kept (htmx swaps
    it into #record: base.html lets 409 and 422 through); without JavaScript, the
    whole table screen. ``reason``: what the outbox tells a phone that sent it later.
    The play recorded, if any, is drawn again from the form as sent."""
    if "play" not in extra:
        extra["play"] = posted_panel(form)
    if request.htmx:
        context = {**record_context(state, form), **extra}
        response = render(request, "scoring/table.html#record", context, status=status)
        detail = {"status": status, "reason": str(reason)}
        return trigger_client_event(response, "hand-refused", detail)
    context = {**table_context(state, form), **extra}
    return render(request, "scoring/table.html", context, status=status)


def _ended(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """A write to an ended session: refused with a message, nothing changed."""
    text = _("This session has ended; reopen it to change its hands.")
    messages.error(request, text)
    response = _done(request, reverse("scoring:summary", args=[session.pk]))
    if request.htmx:
        trigger_client_event(response, "hand-refused", {"status": 409, "reason": text})
    return response


def _saved(
    request: HtmxHttpRequest, state: TableState, hand: Hand, created: bool, deltas: Sequence[int]
) -> HttpResponse:
    """After a Save: without JavaScript, back to the table screen; with htmx, just what
    changed: the scoreboard, the new row of the hands list and a fresh form."""
    session, number = state.session, hand.number
    words = (_("Hand %(number)d saved.") if created else ALREADY) % {"number": number}
    if request.htmx.target != "record":
        # Not the form on screen (no JavaScript, or the outbox sending a kept hand, whose
        # page reloads next): the next page says it.
        messages.success(request, words)
    steps = _steps_of(session, hand, created)
    new_row = None
    response: HttpResponse
    if created:
        state = state.after(hand, hand.table_version)
        new_row = hand_row(session, hand, scores_by_player(hand, deltas))
    if not request.htmx:
        response = redirect(session)
    else:
        context = {
            **board_context(state, sheet(session)),
            **record_context(state),
            "saved": words,
            "new_row": new_row,
        }
        response = render(request, "scoring/table.html#saved", context)
        trigger_client_event(response, "hand-saved", {"number": number, **steps})
    if created:
        # Once the answer is sent (a response's closers run after the server has
        # written it), what the hand changed is drawn for whoever looks next. Django has
        # no public way to add one: django-stubs does not name the list.
        closers = response._resource_closers  # type: ignore[attr-defined]
        closers.append(partial(after_answer, request, state))
    return response


def after_answer(request: HtmxHttpRequest, state: TableState) -> None:
    """Run once a Save's answer is sent: the table screen written for the next phone at
    the table first, then the rest of the app told (the league's figures brought up to
    date: scoring.table.after_save). Neither raises."""
    prewrite(request, state)
    send_hand_saved(state.session)


ALREADY = gettext_lazy("Hand %(number)d was saved already; it is recorded once.")


def _steps_of(session: GameSession, hand: Hand, created: bool) -> dict[str, int]:
    """The table versions just before and after this hand was recorded: the outbox
    moves the hands it still holds for the same table on to the new one (offline.js)."""
    found = hand.table_version if created else _recorded_at(session, hand)
    return {"from": found - 1, "to": found} if found else {}


def _recorded_at(session: GameSession, hand: Hand) -> int | None:
    change = TableChange.objects.filter(
        session=session, kind=TableChange.HAND, detail__key=str(hand.key)
    )
    return change.order_by("version").values_list("version", flat=True).first()


@require_POST
@login_required
def record(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    """A Save: the hand stored once, for the table the page was drawn for, or refused
    with why. The table's state is read once (scoring.table.state) and passed down."""
    session = member_session(request, pk)
    try:
        key: uuid.UUID = UUIDField().clean(request.POST.get("key"))  # required: never None
    except ValidationError:
        return _garbled_key(request, table_state(session)[0])
    # A Save sent again (a lost answer, the outbox) is the hand already stored, whatever
    # has changed since: it is looked up with the table, before anything judges the entry.
    state, existing = table_state(session, key)
    if existing is not None:
        return _saved(request, state, existing, False, ())
    if state.ended:
        return _ended(request, session)
    try:
        return _record(request, state, key)
    except (StaleTable, VersionMissing) as error:
        return _table_changed(request, pk, error)
    except SessionEnded:
        return _ended(request, session)


def _garbled_key(request: AuthenticatedHtmxRequest, state: TableState) -> HttpResponse:
    """A missing or garbled key would fail every retry: show the entry again with a
    fresh key, so the next Save can succeed."""
    data = request.POST.copy()
    data["key"] = str(uuid.uuid4())
    form = HandForm(state.session, data, lineup=state.lineup)
    form.add_error(None, _("This form is out of date; it has been reloaded. Try again."))
    return _refused(request, state, form, 400)


def _record(request: AuthenticatedHtmxRequest, state: TableState, key: uuid.UUID) -> HttpResponse:
    drawn = version.drawn_version(request.POST.get("table_version"))
    current = version.Locked(state.session.pk, state.version, state.session.ended_at)
    version.check(current, drawn, Write.RECORD)  # again below, with the session locked
    if not state.playable:
        messages.error(request, _("Too few players at the table: nothing was saved."))
        return _done(request, state.session.get_absolute_url())
    if request.POST.get("action") == PASSED_OUT:
        seating = _posted_seating(state.lineup, request.POST)
        hand, created = record_passed(state.session, key, request.user, seating, drawn=drawn)
        return _saved(request, state, hand, created, ())
    # A deal miss reads the same form: who called it is the player tapped as declarer.
    deal_miss = request.POST.get("action") == DEAL_MISS
    recorded = None if deal_miss else saved_play(state.session, request.POST, state.lineup)
    if recorded is not None:
        return _record_play(request, state, key, drawn, recorded)
    kind = DealMissForm if deal_miss else HandForm
    form = kind(state.session, request.POST, lineup=state.lineup)
    if not form.is_valid() or not (deal_miss or form.score):  # a valid hand has its score
        return _refused(request, state, form, 422)
    deltas = form.score.deltas if form.score else ()
    hand, created = record_hand(
        state.session, key, form.hand_values(), deltas, request.user, drawn=drawn
    )
    if hand.is_deal_miss:  # priced as it was stored, from the hands before it
        deltas = stored_deltas(hand)
    return _saved(request, state, hand, created, deltas)


def _record_play(
    request: AuthenticatedHtmxRequest,
    state: TableState,
    key: uuid.UUID,
    drawn: int | None,
    recorded: Recorded,
) -> HttpResponse:
    """A Save that carries the play: the result is the record's, and the record is kept with
    the hand; refused (the entry and the play kept) while the two do not make one hand."""
    form, judged = recorded.shown, recorded.judged
    if recorded.problem or judged is None or form.score is None:
        form.add_error(None, recorded.problem or _("The play recorded cannot be saved as it is."))
        return _refused(request, state, form, 422, recorded.problem, play=recorded.panel)
    values = {**form.hand_values(), "record": judged.canonical}
    deltas = form.score.deltas
    hand, created = record_hand(state.session, key, values, deltas, request.user, drawn=drawn)
    return _saved(request, state, hand, created, deltas)


def _table_changed(
    request: AuthenticatedHtmxRequest, pk: int, error: StaleTable | VersionMissing
) -> HttpResponse:
    """A Save drawn for a table that has changed since: nothing is stored; the form
    comes back on the table as it is now, with the entry carried to the same players
    and the changes listed, so saving it is a choice made knowing them."""
    state, _stored = member_table(request, pk)
    lineup = state.lineup
    drawn = drawn_ids(request.POST.get("seats"))
    data = carried(request.POST, drawn, lineup)
    data["table_version"] = str(state.version)
    form = HandForm(state.session, data, lineup=lineup)
    if state.playable:
        form.is_valid()
    context = refusal_context(error)
    if play_set_aside(request.POST, drawn, lineup):
        context["table_changed"] = [*context["table_changed"], str(PLAY_SET_ASIDE)]
    reason = TABLE_CHANGED % {"changes": " ".join(context["table_changed"])}
    response = _refused(request, state, form, refusal_status(error), reason, **context)
    if request.htmx:
        # The Save button sits at the foot of the screen; what changed is said at the head
        # of the form, which comes into view (a swap with a modifier: django-htmx's
        # ``reswap`` types the bare styles only, so the header is set as it sets it).
        response["HX-Reswap"] = "outerHTML show:#record:top"
    return response


TABLE_CHANGED = gettext_lazy("the table changed after this hand was entered. %(changes)s")
PLAY_SET_ASIDE = gettext_lazy(
    "The play recorded for this hand was set aside, because the seating it was recorded "
    "for has changed: record it again."
)


def _posted_seating(lineup: Lineup, post: QueryDict) -> Seating | None:
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
def preview(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The live score preview: the engine's verdict on the form as it stands; where
    someone sits out, also who deals (it passes on past one sitting out)."""
    state, _stored = member_table(request, pk)
    if not state.playable:
        return render(request, "scoring/table.html#previewed", {"session": state.session})
    recorded = saved_play(state.session, request.POST, state.lineup)
    if recorded is not None and recorded.problem:  # the play says why there is no score yet
        waiting = {"session": state.session, "play_waiting": recorded.problem}
        return render(request, "scoring/table.html#previewed", waiting)
    if recorded is not None:
        form = recorded.shown  # the result as the play gives it
    else:
        form = HandForm(state.session, request.POST, lineup=state.lineup)
    form.is_valid()
    context: dict[str, object] = {"form": form, "session": state.session}
    if state.lineup.extras:
        turns = state.lineup
        out = form.out_places or _posted_out(turns, request.POST)
        context["dealer_name"] = turns.places[turns.dealer_place(out)].name
        context["hand_number"] = state.hand_number
    return render(request, "scoring/table.html#previewed", context)


def _posted_out(lineup: Lineup, post: QueryDict) -> tuple[int, ...] | None:
    seating = _posted_seating(lineup, post)
    if seating is None:
        return lineup.out
    return tuple(place for place, _player in seating["benched"])
