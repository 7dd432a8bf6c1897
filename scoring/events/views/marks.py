"""A night's validator, read in one query: what the TV page and the board's poll are
drawn from (the night's version, every table's version, the rounds seated and open, the
clock's minute), with whether the reader may see it and direct it. A poll that finds it
unchanged is answered 304 without reading anything else."""

import math
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import get_language

from scoring.accounts.theme import theme_of
from scoring.models import Event, Membership


@dataclass(frozen=True)
class Mark:
    version: int
    changes: int
    newest: int
    seated: datetime | None
    open_rounds: int
    clock: int | None
    directs: bool

    def etag(self, request: HttpRequest, page: str) -> str:
        drawn = "htmx" if request.headers.get("HX-Request") else "page"
        night = f"{self.version}-{self.changes}-{self.newest}-{self.open_rounds}-{self.clock}"
        return f'"{page}-{night}-{get_language()}-{theme_of(request)}-{drawn}"'


def night_mark(request: HttpRequest, pk: int) -> Mark | None:
    """The night's mark, or None when the reader is no member of its league."""
    if not request.user.is_authenticated:
        return None
    rows = (
        Event.objects.filter(pk=pk, league__memberships__user=request.user)
        .values("version", "round_end", "minutes", "director", "league__memberships__role")
        .annotate(
            changes=Sum("round_set__tables__session__version"),
            newest=Max("round_set__tables__session"),
            seated=Max("round_set__seated_at"),
            open_rounds=Count(
                "round_set", distinct=True, filter=Q(round_set__closed_at__isnull=True)
            ),
        )
        .order_by()[:1]
    )
    row = next(iter(rows), None)
    if row is None:
        return None
    directs = row["director"] == request.user.pk or (
        row["league__memberships__role"] == Membership.OWNER
    )
    clock = _clock(row) if row["round_end"] == Event.TIME and row["open_rounds"] else None
    return Mark(
        row["version"],
        row["changes"] or 0,
        row["newest"] or 0,
        row["seated"],
        row["open_rounds"],
        clock,
        directs,
    )


def _clock(row: dict[str, object]) -> int | None:
    seated = row["seated"]
    minutes = row["minutes"]
    if not isinstance(seated, datetime) or not isinstance(minutes, int):
        return None
    ends = seated.timestamp() + minutes * 60
    return max(0, math.ceil((ends - timezone.now().timestamp()) / 60))


def validated(response: HttpResponse, etag: str) -> HttpResponse:
    """The answer with its validator: the browser asks again with it every time."""
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response
