"""The league page's history: standings, ratings and records over a period, the
sessions page by page, the league's members and whether it may be filled from a file."""

import hashlib
from typing import Any

from django.core.cache import cache
from django.forms import Form
from django.http import HttpRequest
from django.urls import get_script_prefix
from django.utils.translation import get_language

from scoring import query
from scoring.accounts.access import members
from scoring.history import cards, figures_part
from scoring.history.figures import cache as figure_cache
from scoring.history.figures import refold
from scoring.history.figures.period import Period, choices
from scoring.history.figures.sessions import league_span
from scoring.history.forms import PeriodForm
from scoring.models import League, Membership, Player
from scoring.models.sql import quoted
from scoring.table.page_cache import DRAWN_BY

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
    # What the page keeps drawn (its figures, its cards), read in one query.
    where = (figures_part.entry(league, period), cards.entry(league, period, page))
    generation = figure_cache.generation_key(league.pk)
    kept = cache.get_many([*where, generation])
    sessions, more = cards.session_cards(league, period, page, kept.get(where[1]))
    players = league_players(league)
    later = refold.Later()
    drawn = figures_part.figures_part(
        league, period, players, later, kept.get(where[0]), kept.get(generation)
    )
    if memberships is None:
        memberships = members(league.pk)
    role = next((m.role for m in memberships if m.user_id == request.user.pk), None)
    can_import = role == Membership.OWNER and first is None and not players
    return {
        "league": league,
        "period": period,
        "period_form": period_form,
        "period_choices": choices(first, last, period),
        # The period links and the dates' form drawn once for what they show and kept;
        # drawn each time when the form has a mistake to say.
        "period_key": None if period_form.errors else repr((first, last, period_form.data)),
        "figures": drawn,
        # What the figures were drawn from, when drawn now (None when read as kept).
        "standings": drawn.figures and drawn.figures.standings,
        "ratings": drawn.figures and drawn.figures.ratings,
        "later": later,  # the games being refolded; the refolds for the view to run after
        "sessions": sessions,
        "page": page,
        "more": more,
        "memberships": memberships,
        "players": players,
        "is_owner": role == Membership.OWNER,
        "member_form": member_form,
        "can_import": can_import,
        "kept_key": _kept_key(league, period, memberships, players, (role, can_import)),
    }


def league_players(league: League) -> list[Player]:
    """The league's players by name (in SQL: every view asks, and building the statement
    cost more than running it)."""
    sql = f"SELECT p.* FROM {quoted(Player)} p WHERE p.league_id = %s ORDER BY p.name"
    return list(Player.objects.raw(sql, [league.pk]))


def _kept_key(
    league: League,
    period: Period,
    memberships: list[Membership],
    players: list[Player],
    reader: tuple[str | None, bool],
) -> str:
    """Everything the page's lower part shows (the export for the period, the members,
    the players, what the reader's role offers), as a fingerprint: the part is kept under
    it, so a change to any of them draws it afresh."""
    shape = (
        (DRAWN_BY, get_language(), get_script_prefix(), league.pk, league.currency, reader),
        (period.start, period.end),
        [(m.user.username, m.role) for m in memberships],
        [(p.pk, p.name) for p in players],
    )
    return hashlib.sha256(repr(shape).encode()).hexdigest()
