"""Starting a game, the table screen, the end of a session and its share link."""

import hashlib
import json
import logging
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_POST

from scoring.accounts.access import league_for, session_for
from scoring.accounts.http import (
    AuthenticatedHtmxRequest,
    AuthenticatedHttpRequest,
    HtmxHttpRequest,
)
from scoring.accounts.theme import theme_of
from scoring.models import VARIANT_CHOICES, GameSession, League, Seat, TableChange
from scoring.table import version
from scoring.table.controls import entry_context
from scoring.table.deal_miss import offers_deal_miss
from scoring.table.form import HandForm
from scoring.table.lineup import next_lineup
from scoring.table.night import night_text
from scoring.table.page_cache import (
    DRAWN_BY,
    KEPT_FOR,
    KEY_HOLE,
    cached_page,
    holes,
    keep_page,
    keep_written,
)
from scoring.table.parts import RECENT, board_items, hand_row
from scoring.table.play import Draft
from scoring.table.play_panel import empty_panel
from scoring.table.refusal import refusal_context, refusal_status
from scoring.table.regulars import known_players, lineups_key, recent_lineups
from scoring.table.seating import SeatingRefused, league_players
from scoring.table.setup import SessionForm, carried_over, league_initial
from scoring.table.sheet import Sheet, roster, sheet
from scoring.table.standings import standings
from scoring.table.state import TableState, member_table
from scoring.table.version import StaleTable, VersionMissing, Write

logger = logging.getLogger(__name__)

# The New game form's own fields (its games and the table's), as the page shows them.
HOUSE_RULES = "scoring/session_new.html#house_rules_drawn"
FIELDS_SHOWN = ("variant", "date", "players", "players_per_hand", "first_dealer", "stake")


@login_required
def session_new(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    league = league_for(request, pk)
    table = _table_to_edit(request)
    standard = _chosen_game(request, "standard_rules")
    switched = request.method == "POST" and "choose_game" in request.POST
    form = _drawn_form(request, league, table, standard, switched)
    part = _form_part(request, league, form, table, switched)
    if part is not None:
        return part
    if request.method == "POST" and not (table or standard or switched) and form.is_valid():
        try:
            return redirect(_start(league, form.cleaned_data, request.user))
        except SeatingRefused as refused:  # an entry merged away, again and again, meanwhile
            form.add_error(None, refused.message)
    regulars, others = known_players(league)
    lineups = recent_lineups(league) if request.method == "GET" else []
    context = {
        "league": league,
        "form": form,
        "known": regulars + others,
        "regulars": regulars,
        "others": others,
        "lineups": lineups,
        "lineups_key": lineups_key(lineups),
        # What the form carries over from the league's last game of the chosen kind,
        # until the table types anything (then the page shows what it typed).
        "carried": carried_over(league, form, standard)
        if request.method == "GET" or standard or switched
        else [],
        "standard": standard,
        "house_rules": _house_rules(request, league, form) if request.method == "GET" else None,
        "fields_key": _fields_key(request, form, regulars, others)
        if request.method == "GET"
        else None,
    }
    return render(request, "scoring/session_new.html", context)


def _house_rules(request: HttpRequest, league: League, form: SessionForm) -> SafeString:
    """The chosen game's house rules as the league last played them, for a form drawn
    afresh: drawn once for what they show (``_rules_key``) and kept in this process's
    memory. ``form`` is drawn without them (building their fields costs); a form with
    them is built only to draw them."""
    key = f"new-game-house-rules:{_rules_key(request, league, form)}"
    kept = caches["drawn"].get(key)
    if isinstance(kept, str):
        return mark_safe(kept)  # noqa: S308 - drawn by the template below, escaped there
    full = SessionForm(initial=league_initial(league), league=league)
    drawn = render_to_string(HOUSE_RULES, {"form": full}, request)
    caches["drawn"].set(key, str(drawn), KEPT_FOR)
    return mark_safe(drawn)  # noqa: S308 - render_to_string's own output


def _rules_key(request: HttpRequest, league: League, form: SessionForm) -> str:
    """What the chosen game's house rules, as the league last played them, are kept
    under: the form drawn afresh (nothing typed) depends on nothing else."""
    code = form.chosen_game()
    played = json.dumps((league.default_options or {}).get(code), sort_keys=True)
    shape = "|".join((DRAWN_BY, str(league.pk), str(code), played, get_language(), request.path))
    return hashlib.sha256(shape.encode()).hexdigest()


def _fields_key(
    request: HttpRequest, form: SessionForm, regulars: list[str], others: list[str]
) -> str:
    """What the games and the fields of a form drawn afresh (nothing typed, so no error)
    show: their values, the league's known players, the language and the address."""
    values = [(name, form[name].value()) for name in FIELDS_SHOWN]
    shape = repr((DRAWN_BY, get_language(), request.path, values, regulars, others))
    return hashlib.sha256(shape.encode()).hexdigest()


def _drawn_form(
    request: HttpRequest, league: League, table: str | None, standard: str | None, switched: bool
) -> SessionForm:
    """The New game form as the page asks for it."""
    typed = request.POST.dict()
    if switched:
        # Another game chosen: the form as typed, drawn again for that game with the
        # house rules the league last played it with.
        return SessionForm(initial={**league_initial(league), **typed}, league=league)
    if standard:
        # "Play the standard rules": the form as typed, that game's house rules cleared.
        typed = {k: v for k, v in typed.items() if not k.startswith(f"opt_{standard}_")}
        return SessionForm(initial={**typed, "variant": standard}, league=league)
    if table:
        # "Edit the score table": the form as typed, not started and without errors, with
        # that game's score table laid out.
        return SessionForm(initial=typed, league=league, open_table=table)
    if request.method == "GET":  # its house rules drawn apart (_house_rules), or kept
        return SessionForm(initial=league_initial(league), league=league, house_rules=False)
    return SessionForm(request.POST, initial=league_initial(league), league=league)


def _form_part(
    request: HtmxHttpRequest, league: League, form: SessionForm, table: str | None, switched: bool
) -> HttpResponse | None:
    """What htmx swaps in: another game's house rules, or a score table laid out."""
    if not request.htmx:
        return None
    if switched:
        context = {"form": form, "carried": carried_over(league, form, None), "oob": True}
        return render(request, "scoring/session_new.html#switched", context)
    group = next((g for g in form.option_groups() if g["code"] == table), None) if table else None
    if group is None:
        return None
    return render(request, "scoring/session_new.html#score_table", {"form": form, "group": group})


def _table_to_edit(request: HttpRequest) -> str | None:
    return _chosen_game(request, "edit_table")


def _chosen_game(request: HttpRequest, button: str) -> str | None:
    """The game a button of the New game form names (``edit_table=taiwan``), if any."""
    code = request.POST.get(button) if request.method == "POST" else None
    return code if code in dict(VARIANT_CHOICES) else None


def _start(league: League, data: dict[str, Any], user: User) -> GameSession:
    """``data``: the new-game form's cleaned data (each field's own value)."""
    with transaction.atomic():
        session = GameSession.objects.create(
            league=league,
            date=data["date"],
            variant=data["variant"],
            options=data["rules"].as_json(),
            first_dealer=data["first_dealer"] - 1,
            stake=data["stake"],
            players_per_hand=data.get("players_per_hand"),
            created_by=user,
        )
        # The league remembers the game and house rules it last chose: next week's
        # form starts from them. Sessions keep their own snapshot.
        league.default_variant = data["variant"]
        league.default_options = {**league.default_options, data["variant"]: data["raw_options"]}
        league.save(update_fields=["default_variant", "default_options"])
        # The same person as the league sees them everywhere (name_key), not as the
        # database folds case (which would differ between SQLite and PostgreSQL).
        for number, player in enumerate(league_players(league, data["players"])):
            Seat.objects.create(session=session, number=number, player=player)
    return session


def board_context(state: TableState, scores: Sheet) -> dict[str, object]:
    """The scoreboard: every player's total (and money), the hand being played, who
    deals it and who sits it out."""
    session = state.session
    return {
        "session": session,
        "sheet": scores,
        # Those seated now, in seat order (the board lists everyone, left ones last).
        "totals": [scores.totals.get(seat.player_id, 0) for seat in session.seat_list],
        "board": board_items(session, scores, state.lineup),
        "seats": len(roster(session)),
        "hand_number": state.hand_number,
        "dealer_name": state.dealer_name,
        "lineup": state.lineup,
        "last_hand": state.last,
        "ended": state.ended,
        "table_version": state.version,
    }


def record_context(
    state: TableState, form: HandForm | None = None, key: object = None
) -> dict[str, object]:
    """The hand form: a fresh one (with a new key), or one as the table sent it."""
    lineup = form.lineup if form is not None else state.lineup
    playable = lineup.players is not None
    entry = entry_context(state.session, lineup, form, key or uuid.uuid4()) if playable else {}
    return {
        "session": state.session,
        "form": form,
        **entry,
        "hand_number": state.hand_number,
        "lineup": lineup,
        "play": empty_panel(Draft(), state.session.engine.counts_tricks),
        "too_few": not playable,
        "deal_miss": offers_deal_miss(state.session, lineup.players),
        # The table the form is drawn for: its version, and who sits in each place.
        "table_version": state.version,
        "drawn_seats": ",".join(str(place.player_id) for place in lineup.places),
    }


def table_context(
    state: TableState, form: HandForm | None = None, key: object = None
) -> dict[str, object]:
    """Everything the table screen shows: the scoreboard, the hand being recorded, and
    the last few hands (the new row of a Save joins them)."""
    session = state.session
    recent = list(session.hands.order_by("-number")[:RECENT])
    scores = sheet(session, recent)
    editable = not state.ended
    rows = [hand_row(session, h, scores.scores.get(h.pk, {}), editable) for h in recent]
    return {
        **board_context(state, scores),
        **record_context(state, form, key),
        "recent": rows,
        "roster": roster(session),
    }


@login_required
def table(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    session = _marked(request, pk)
    page = cached_page(request, session)
    if page is not None:
        return page
    state, _stored = member_table(request, pk)
    if messages.get_messages(request):  # a page shown once: written, not kept
        return render(request, "scoring/table.html", table_context(state))
    context = {**table_context(state, key=KEY_HOLE), **holes()}
    return keep_page(request, session, render(request, "scoring/table.html", context))


def prewrite(request: HttpRequest, state: TableState) -> None:
    """Write and keep the table screen as ``state`` leaves it, for the phones that open
    it next (a Save calls this once its answer is sent): the first of them is served
    the kept page instead of writing it. The reader's messages stay for their next page."""
    path = state.session.get_absolute_url()
    try:
        context = {**table_context(state, key=KEY_HOLE), **holes(), "page_path": path}
        context["messages"] = ()
        page = render_to_string("scoring/table.html", context, request=request)
        keep_written(request, state.session, path, page)
    except Exception:  # the server would drop it unseen; the page is written when asked
        logger.exception("the table screen of session %s was not written ahead", path)


def _marked(request: HttpRequest, pk: int) -> GameSession:
    """The session for a member, with its league (its version keys the kept page): one
    query; anyone else gets what ``session_for`` gives them."""
    if request.user.is_authenticated:
        found = (
            GameSession.objects.filter(pk=pk, league__memberships__user=request.user)
            .select_related("league")
            .first()
        )
        if found is not None:
            return found
    return session_for(request, pk)


@require_POST
@login_required
def end_session(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """End the session, as the scores stood on the page that asked: if a hand, a seat or
    a stake changed since, the page shows what and asks again."""
    session = session_for(request, pk)
    drawn = version.drawn_version(request.POST.get("table_version"))
    try:
        with transaction.atomic():
            locked = version.lock(session.pk)
            if locked.ended_at is None:
                version.check(locked, drawn, Write.END)
                GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
                version.bump(locked, TableChange.END, {"ended": True}, request.user)
    except (StaleTable, VersionMissing) as error:
        state, _stored = member_table(request, pk)
        context = {**table_context(state), **refusal_context(error, kept=False)}
        context["table_refusal"] = ENDING_REFUSED
        return render(request, "scoring/table.html", context, status=refusal_status(error))
    return redirect("scoring:summary", pk=session.pk)


ENDING_REFUSED = gettext_lazy(
    "The session was not ended: the table changed after this page was opened. "
    "Look at the scores as they are now, then end it again."
)


@require_POST
@login_required
def reopen_session(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    session = session_for(request, pk)
    with transaction.atomic():
        locked = version.lock(session.pk)
        if locked.ended_at is not None:
            GameSession.objects.filter(pk=session.pk).update(ended_at=None)
            version.bump(locked, TableChange.END, {"ended": False}, request.user)
    return redirect(session)


@login_required
def summary(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    session = session_for(request, pk)
    result = standings(session)
    context = {"session": session, **result, "night": night_text(session, result)}
    return render(request, "scoring/summary.html", context)


@login_required
def night(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The night's summary as plain text, to copy or forward where no script runs."""
    session = session_for(request, pk)
    text = night_text(session, standings(session))
    if not text:
        text = gettext("No hands yet.")
    return HttpResponse(f"{text}\n", content_type="text/plain; charset=utf-8")


def share(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard. Its page polls it every few seconds: the poll asks
    with the ETag of the last answer, and gets 304 until a hand or the session changes."""
    session = GameSession.objects.select_related("league").filter(share_token=token).first()
    if session is None:
        if request.htmx:  # an open page polling a link since replaced: it says so, and stops
            return render(request, "scoring/share.html#gone", status=404)
        raise Http404
    etag = _share_etag(request, session)
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _share_headers(unchanged, etag)
    template = "scoring/share.html#live" if request.htmx else "scoring/share.html"
    hands = list(session.hands.order_by("-number"))
    scores = sheet(session, hands)
    state = TableState(
        session, hands[0] if hands else None, next_lineup(session, hands[0] if hands else None)
    )
    context = {
        **board_context(state, scores),
        "shared": True,
        "roster": roster(session),
        "rows": [
            hand_row(session, h, scores.scores.get(h.pk, {}), False, share_token=token)
            for h in hands
        ],
    }
    if context["ended"]:
        context.update(standings(session))
    return _share_headers(render(request, template, context), etag)


def _share_etag(request: HtmxHttpRequest, session: GameSession) -> str:
    # The version moves with every change to the table (scoring.table.version): hands,
    # seats, stakes, names, the end; the league's currency; then the reader's language
    # and colours.
    page = "htmx" if request.htmx else "page"
    money = session.league.currency or "-"
    return f'"{session.pk}-{session.version}-{money}-{get_language()}-{theme_of(request)}-{page}"'


def _share_headers(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    # Kept by the browser but asked again each time: a 304 costs next to nothing.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response
