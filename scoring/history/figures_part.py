"""The league page's figures (standings with their records, ratings) as drawn, kept until
they change.

Between two Saves every view of the league page shows the same figures, and drawing them
(rows, records, a sparkline per rating) cost more than all else the page reads. So they
are kept as drawn, in Django's cache (shared by every worker), one entry per league,
language and period, with the fingerprint of what they were drawn from: the league's
latest session, hand event, player merge and club night (scoring.history.figures.cache
.drawn_from: whatever changes the figures moves one of them), the players' names and the
script prefix the links start with. A view whose
fingerprint matches shows the kept drawing; any other draws it afresh and keeps that.
Once a Save's answer is sent the entry a page kept is drawn again (``draw_ahead``), so
the first page after the Save finds it current.
"""

import hashlib
from collections.abc import Sequence
from typing import NamedTuple

from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.history import charts
from scoring.history.figures import cache as figure_cache
from scoring.history.figures import refold
from scoring.history.figures.figures import LeagueFigures, league_figures
from scoring.history.figures.period import Period
from scoring.models import League, Player
from scoring.table.page_cache import DRAWN_BY, KEPT_FOR

PARTS = ("scoring/league.html#jump", "scoring/league.html#figures")


class Drawn(NamedTuple):
    """The figures as drawn: the links to them at the page's head, and the figures; and
    what they were drawn from, when they were drawn now (None: read as kept)."""

    jump: SafeString
    body: SafeString
    figures: LeagueFigures | None = None


def entry(league: League, period: Period) -> str:
    """Where the league's figures for ``period`` are kept, in the active language."""
    return f"league-figures:{DRAWN_BY}:{league.pk}:{get_language()}:{period.query()}"


def figures_part(
    league: League,
    period: Period,
    players: Sequence[Player],
    later: refold.Later,
    kept: object,
    generation: object,
) -> Drawn:
    """The figures as drawn: ``kept`` (what ``entry`` held) when drawn from what the
    league now holds (``generation``: what ``figure_cache.generation_key`` held), else
    drawn afresh and kept. Figures shown while a game is refolded
    (``later.updating``) are those of before a change: never kept as current."""
    # The fingerprint is read before the figures: drawn from a later state than it says,
    # a drawing is only drawn again; drawn from an earlier one, it would be shown stale.
    mark = _fingerprint(league, players, generation)
    if isinstance(kept, tuple) and len(kept) == 3 and kept[0] == mark:
        return Drawn(SafeString(kept[1]), SafeString(kept[2]))
    drawn = _draw(league, period, players, later)
    if not later.updating:
        cache.set(entry(league, period), (mark, str(drawn.jump), str(drawn.body)), KEPT_FOR)
    return drawn


def draw_ahead(league: League, period: Period, players: Sequence[Player]) -> None:
    """Draw again the figures a page kept (a Save changed them); a league whose page no
    one has read in this language is left to its first reader. Refolds this claims run
    here, the drawing already having been done without them."""
    key, generation = entry(league, period), figure_cache.generation_key(league.pk)
    kept = cache.get_many([key, generation])
    if key not in kept:
        return
    later = refold.Later()
    figures_part(league, period, players, later, None, kept.get(generation))
    for job in later.jobs:
        job()


def _fingerprint(league: League, players: Sequence[Player], generation: object) -> str:
    shape = (
        str(generation),
        get_script_prefix(),
        figure_cache.drawn_from(league.pk),
        [(p.pk, p.name) for p in players],
    )
    return hashlib.sha256(repr(shape).encode()).hexdigest()


def _draw(league: League, period: Period, players: Sequence[Player], later: refold.Later) -> Drawn:
    figures = league_figures(league, period, {p.pk: p.name for p in players}, later)
    for _variant, _label, rows in figures.ratings:
        for row in rows:
            row.spark_svg = charts.sparkline(
                row.spark,
                _("%(name)s's rating over the period, ending at %(rating)d")
                % {"name": row.name, "rating": round(row.rating)},
            )
    context = {
        "standings": figures.standings,
        "ratings": figures.ratings,
        "period": period,
        "cold": bool(later.cold),  # none of some games' figures yet: not "no hands"
    }
    jump, body = (SafeString(render_to_string(part, context)) for part in PARTS)
    return Drawn(jump, body, figures)
