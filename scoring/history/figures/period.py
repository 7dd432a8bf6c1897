"""The date range a league page shows: all time, a year, a season, or any two dates.

A season is a quarter of the year (January to March, …), the span a Friday-night
league usually counts in. Read from the query string (``?year=2025``,
``?season=2025-2``, ``?from=2025-01-01&to=2025-06-30``) by scoring.history.forms, so
every view is a link.
"""

import calendar
import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _

SEASON_MONTHS = {1: (1, 3), 2: (4, 6), 3: (7, 9), 4: (10, 12)}
# The dates a period may name: wide enough for any table's history, and far from the
# ends of the calendar (a date past 9999 cannot even be written).
FIRST_YEAR, LAST_YEAR = 1900, 2200


@dataclass(frozen=True)
class Period:
    start: datetime.date | None = None
    end: datetime.date | None = None  # included
    kind: str = "all"  # all, year, season, range
    year: int | None = None
    season: int | None = None

    @property
    def is_all(self) -> bool:
        return self.start is None and self.end is None

    @property
    def label(self) -> str:
        if self.kind == "year":
            return str(self.year)
        if self.kind == "season" and self.year is not None and self.season is not None:
            return season_label(self.year, self.season)
        if self.kind == "range":
            if self.start and self.end:
                return _("%(start)s to %(end)s") % {"start": self.start, "end": self.end}
            if self.start:
                return _("from %(start)s") % {"start": self.start}
            return _("until %(end)s") % {"end": self.end}
        return _("All time")

    def query(self) -> str:
        """The query string that selects this period again (empty for all time)."""
        if self.kind == "year":
            return f"year={self.year}"
        if self.kind == "season":
            return f"season={self.year}-{self.season}"
        if self.kind == "range":
            parts = []
            if self.start:
                parts.append(f"from={self.start.isoformat()}")
            if self.end:
                parts.append(f"to={self.end.isoformat()}")
            return "&".join(parts)
        return ""


def year_period(year: int) -> Period:
    return Period(datetime.date(year, 1, 1), datetime.date(year, 12, 31), "year", year)


def season_period(year: int, season: int) -> Period:
    first, last = SEASON_MONTHS[season]
    end = datetime.date(year, last, calendar.monthrange(year, last)[1])
    return Period(datetime.date(year, first, 1), end, "season", year, season)


def season_label(year: int, season: int) -> str:
    names = {
        1: _("Jan–Mar %(year)s"),
        2: _("Apr–Jun %(year)s"),
        3: _("Jul–Sep %(year)s"),
        4: _("Oct–Dec %(year)s"),
    }
    return names[season] % {"year": year}


def choices(
    first: datetime.date | None, last: datetime.date | None, current: Period
) -> dict[str, list[Period]]:
    """Quick links: every year the league played (newest first) and the seasons of the
    year on show."""
    if first is None or last is None:
        return {"years": [], "seasons": []}
    # A session dated outside the range a period may name (stored before dates were
    # checked) shows under all time only.
    low, high = max(first.year, FIRST_YEAR), min(last.year, LAST_YEAR)
    years = [year_period(y) for y in range(high, low - 1, -1)]
    year = current.year if current.kind in ("year", "season") else high
    if year is None or not FIRST_YEAR <= year <= LAST_YEAR:
        return {"years": years, "seasons": []}
    seasons = [season_period(year, s) for s in (1, 2, 3, 4)]
    seasons = [s for s in seasons if s.end and s.start and s.end >= first and s.start <= last]
    return {"years": years, "seasons": seasons}
