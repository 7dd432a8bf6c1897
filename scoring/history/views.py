"""The history pages: a league's standings and records, a player's figures, a session's
course, the ratings' explanation, and the league's export and import.

Members of the league only (scoring.accounts.access): a stranger's GET is a 404, a POST a 403.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.files.uploadedfile import UploadedFile
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.accounts.access import league_for, member_of, session_for
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.history import charts, imports
from scoring.history.export import league_csv, league_json
from scoring.history.figures import ratings, refold
from scoring.history.figures.figures import player_stats
from scoring.history.figures.sessions import player_sessions
from scoring.history.figures.tables import contract_facts, level_label
from scoring.history.forms import ImportForm, PeriodForm
from scoring.models import GameSession, Hand, HandScore, League, Player
from scoring.models.sql import quoted
from scoring.rules.cards import SYMBOLS
from scoring.table.sheet import roster


@login_required
def player(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(Player.objects.select_related("league"), pk=pk)
    member_of(request, found.league)
    names = _names(found.league_id)
    later = refold.Later()
    stats = player_stats(found, names, later)
    for entry in stats:
        series = [
            charts.Series(label if len(entry.tables) > 1 else found.name, points, style=i)
            for i, (_table, label, _figures, points) in enumerate(entry.tables)
        ]
        entry.score_chart = charts.line_chart(
            series,
            title=_("%(name)s's total score in %(game)s, hand by hand")
            % {"name": found.name, "game": entry.label},
            x_label=_("hands played"),
            y_label=_("total"),
            signed=True,
        )
        if entry.rating_course:
            entry.rating_chart = charts.line_chart(
                [charts.Series(found.name, entry.rating_course, style=0)],
                title=_("%(name)s's rating in %(game)s, hand by hand")
                % {"name": found.name, "game": entry.label},
                x_label=_("hands played"),
                y_label=_("rating"),
            )
    context = {
        "player": found,
        "league": found.league,
        "stats": stats,
        "sessions": player_sessions(found),
        "later": later,
    }
    response = render(request, "history/player.html", context)
    refold.after(response, later)
    return response


def _names(league_id: int) -> dict[int, str]:
    """{player id: name} of the league's players (in SQL: every view of a player's page
    asks, and building the statement cost more than running it)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, name FROM {quoted(Player)} WHERE league_id = %s", [league_id])
        return dict(cursor.fetchall())


@login_required
def session_history(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The table screen as history: every hand, and each player's running total."""
    session = session_for(request, pk)
    seats = roster(session)  # everyone who sat at the table, whoever came and went
    rows, series, running = _session_rows(session, seats)
    chart = None
    if rows:
        chart = charts.line_chart(
            series,
            title=_("Running totals, %(game)s, %(date)s")
            % {"game": session.get_variant_display(), "date": session.date},
            x_label=_("hand"),
            y_label=_("total"),
            signed=True,
        )
    ranked = sorted(zip(seats, running, strict=True), key=lambda pair: -pair[1])
    board = [
        {"name": seat.name, "player_id": seat.player_id, "total": total} for seat, total in ranked
    ]
    context = {
        "session": session,
        "seats": seats,
        "rows": rows,
        "board": board,
        "chart": chart,
        "legend": [(charts.legend_swatch(s.style), s.label) for s in series],
        "totals": running,
    }
    return render(request, "history/session.html", context)


def _session_rows(
    session: GameSession, seats: list[Any]
) -> tuple[list[dict[str, Any]], list[charts.Series], list[int]]:
    """Each hand with its scores, roles and every player's running total; a chart series
    per player; the totals at the end. A player not in a hand scores nothing in it."""
    deltas: dict[int, dict[int, int]] = {}
    for hand_id, player, delta in HandScore.objects.filter(hand__session=session).values_list(
        "hand_id", "player_id", "delta"
    ):
        deltas.setdefault(hand_id, {})[player] = delta
    running = [0] * len(seats)
    series = [charts.Series(seat.name, [(0, 0)], style=i) for i, seat in enumerate(seats)]
    rows: list[dict[str, Any]] = []
    for hand in session.hands.order_by("number"):
        hand.session = session
        by_player = deltas.get(hand.pk, {})
        row_deltas = [by_player.get(seat.player_id, 0) for seat in seats]
        running = [a + b for a, b in zip(running, row_deltas, strict=True)]
        for s, total in zip(series, running, strict=True):
            s.points.append((hand.number, total))
        rows.append(
            {
                "hand": hand,
                "deltas": row_deltas,
                "totals": list(running),
                **_roles(hand, session, seats),
            }
        )
    return rows, series, running


def _roles(hand: Hand, session: GameSession, seats: list[Any]) -> dict[str, str]:
    if hand.passed_out or hand.declarer is None:
        return {"declarer": "", "partner": ""}
    partner = ""
    if hand.partner is not None and hand.partner != hand.declarer:
        found = hand.player_at(hand.partner)
        partner = found.name if found else ""
    facts = contract_facts(
        session.variant, session.options, hand.players, hand.contract, hand.target
    )
    return {
        "declarer": hand.declarer_name(),
        "partner": partner,
        "level": level_label(facts.level),
        "trump": facts.trump,
        "trump_symbol": SYMBOLS.get(facts.trump, facts.trump),
    }


def ratings_about(request: HttpRequest) -> HttpResponse:
    example = {
        "start": round(ratings.START),
        "k": round(ratings.K),
        "easy": round(ratings.EASY),
        "hard": round(ratings.HARD),
        "low": round(100 * ratings.expected(1500, 1500, 0)),
        "high": round(100 * ratings.expected(1500, 1500, 1)),
        "gain": f"{ratings.changes([1500, 1500], [1500, 1500, 1500], 0, True)[0]:.1f}",
        "loss": f"{-ratings.changes([1500, 1500], [1500, 1500, 1500], 0, True)[1]:.1f}",
        "hard_gain": f"{ratings.changes([1500, 1500], [1500, 1500, 1500], 1, True)[0]:.1f}",
    }
    return render(request, "history/ratings_about.html", {"example": example})


# ---- export and import ---------------------------------------------------------------------


def _filename(league: League, suffix: str) -> str:
    return f"{slugify(league.name) or 'league'}{suffix}"


@login_required
def export_csv(request: AuthenticatedHttpRequest, pk: int) -> StreamingHttpResponse:
    league = league_for(request, pk)
    period = PeriodForm(request.GET).period()
    suffix = "-hands"
    if period.start:
        suffix += f"-from-{period.start.isoformat()}"
    if period.end:
        suffix += f"-to-{period.end.isoformat()}"
    response = StreamingHttpResponse(
        league_csv(league, period.start, period.end), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{_filename(league, suffix)}.csv"'
    return response


@login_required
def export_json(request: AuthenticatedHttpRequest, pk: int) -> StreamingHttpResponse:
    league = league_for(request, pk)
    response = StreamingHttpResponse(league_json(league), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_filename(league, "")}.json"'
    return response


@login_required
def league_import(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The owner fills an empty league from a league file (the JSON export). Bodies past
    the import's limit never get here (napoleon_site.limits answers them with a 413)."""
    league = league_for(request, pk, owner=True)
    empty = not league.sessions.exists() and not league.players.exists()
    limit_mb = imports.MAX_BYTES // (1024 * 1024)
    form = ImportForm()
    status = 200
    if request.method == "POST":
        status = 400
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                counts = _import(league, form.cleaned_data["file"], limit_mb)
            except imports.ImportRefused as refusal:
                form.add_error("file", refusal.message)
            else:
                # A copy: its pages say so, lest it be taken for the league it came from.
                League.objects.filter(pk=league.pk).update(imported_at=timezone.now())
                messages.success(
                    request,
                    _("Imported %(players)d players, %(sessions)d sessions and %(hands)d hands.")
                    % counts,
                )
                return redirect("scoring:league", pk=league.pk)
    context = {"league": league, "form": form, "empty": empty, "limit_mb": limit_mb}
    return render(request, "history/import.html", context, status=status)


def _import(league: League, upload: UploadedFile, limit_mb: int) -> dict[str, int]:
    if upload.size is not None and upload.size > imports.MAX_BYTES:
        raise imports.ImportRefused(
            _("The file is too large: at most %(limit)d MB.") % {"limit": limit_mb}
        )
    upload.seek(0)
    return imports.import_league(league, upload)


@login_required
def standings(request: AuthenticatedHttpRequest, pk: int) -> HttpResponseRedirect:
    """The standings alone: the league page at its standings, for the same period."""
    league = league_for(request, pk)
    query = PeriodForm(request.GET).period().query()
    return redirect(f"{league.get_absolute_url()}{'?' + query if query else ''}#standings")
