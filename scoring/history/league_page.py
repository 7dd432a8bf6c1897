"""The league page's history: standings, ratings and records over a period, the
sessions page by page, the league's members and whether it may be filled from a file."""

from typing import Any

from django.forms import Form
from django.http import HttpRequest
from django.utils.translation import gettext as _

from scoring import query
from scoring.history import charts
from scoring.history.cards import session_cards
from scoring.history.figures import refold
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import choices
from scoring.history.figures.sessions import league_span
from scoring.history.forms import PeriodForm
from scoring.models import League, Membership

MAX_PAGE = 10_000


def _page(request: HttpRequest) -> int:
    page = query.whole(request.GET.get("page"), -query.MAX_ID, query.MAX_ID)
    return 1 if page is None else min(max(page, 1), MAX_PAGE)


def league_context(
    request: HttpRequest,
    league: League,
    member_form: Form | None,
    memberships: list[Membership] | None = None,
) -> dict[str, Any]:
    """Everything the league page shows but its live tables (the leagues' page adds them,
    and the form that adds a member: ``member_form``); ``memberships``: the league's, with
    their users, by username, when they were read already."""
    period_form = PeriodForm(request.GET)
    period = period_form.period()
    page = _page(request)
    first, last = league_span(league)
    sessions, more = session_cards(league, period, page)
    players = list(league.players.all())
    later = refold.Later()
    figures = league_figures(league, period, {p.pk: p.name for p in players}, later)
    for _variant, _label, rows in figures.ratings:
        for row in rows:
            row.spark_svg = charts.sparkline(
                row.spark,
                _("%(name)s's rating over the period, ending at %(rating)d")
                % {"name": row.name, "rating": round(row.rating)},
            )
    if memberships is None:
        memberships = list(league.memberships.select_related("user").order_by("user__username"))
    role = next((m.role for m in memberships if m.user_id == request.user.pk), None)
    return {
        "league": league,
        "period": period,
        "period_form": period_form,
        "period_choices": choices(first, last, period),
        "standings": figures.standings,
        "ratings": figures.ratings,
        "later": later,  # the games being refolded; the refolds for the view to run after
        "sessions": sessions,
        "page": page,
        "more": more,
        "memberships": memberships,
        "players": players,
        "is_owner": role == Membership.OWNER,
        "member_form": member_form,
        "can_import": role == Membership.OWNER and first is None and not players,
    }
