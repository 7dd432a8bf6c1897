"""One tap of "Record the play": the hand form posted with the tap, the draft changed and
judged, and the panel drawn again with the record so far in its hidden field. With htmx just
the panel comes back; without JavaScript, the table screen with the entry as it was posted.
Nothing is stored: the play is saved with the hand (views/hands.py)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring.accounts.http import AuthenticatedHtmxRequest
from scoring.rules import RulesError
from scoring.table import play
from scoring.table.form import HandForm
from scoring.table.play_panel import Panel, empty_panel, panel
from scoring.table.playing import BidForm, Tapped, header_of, judge, tap
from scoring.table.state import member_table
from scoring.table.views.sessions import table_context

UNREADABLE = gettext_lazy("The play recorded so far could not be read; it starts again.")


def read_tap(raw: str) -> play.Tap:
    """``card:SA``, ``card:BJ:S`` (a lead and the suit it names), ``won:2``, ``undo`` …"""
    action, _sep, rest = raw.partition(":")
    value, _sep, suit = rest.partition(":")
    return play.Tap(action, value, suit)


def panel_for(form: BidForm, raw_draft: str | None, raw_tap: str) -> Panel:
    """The panel after one tap (or none: the panel as posted)."""
    counts = form.variant.counts_tricks
    problem = ""
    try:
        draft = play.read(raw_draft)
    except play.Unreadable:
        draft, problem = play.Draft(), str(UNREADABLE)
    move = read_tap(raw_tap)
    header = header_of(form)
    if header is None:
        if move.action == "depth":
            draft = play.apply(draft, move, 0, frozenset())
        return empty_panel(draft, counts, problem)
    if move.action in ("", "show"):
        try:
            return panel(header, Tapped(draft, judge(header, draft), problem), counts)
        except RulesError:  # a draft the engine refuses: shown as refused, to be undone
            return panel(header, Tapped(draft, None, problem), counts)
    tapped = tap(header, draft, move)
    tapped.problem = tapped.problem or problem
    return panel(header, tapped, counts)


def posted_panel(form: HandForm) -> Panel:
    """The panel for the play a refused Save carried (its form's data as sent)."""
    bid = BidForm(form.session, form.data, lineup=form.lineup)
    return panel_for(bid, form.data.get("play"), "show")


@require_POST
@login_required
def play_tap(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    state, _stored = member_table(request, pk)
    form = BidForm(state.session, request.POST, lineup=state.lineup)
    shown = panel_for(form, request.POST.get("play"), request.POST.get("tap", ""))
    context = {"session": state.session, "play": shown}
    if request.htmx:
        return render(request, "scoring/play.html#panel", context)
    return render(request, "scoring/table.html", {**table_context(state, form), **context})
