"""What the history pages show, read in a fixed number of queries whatever the size of
the league (see scoring/history/__init__.py for how)."""

from collections import defaultdict
from dataclasses import dataclass, field
from functools import reduce
from operator import or_

from django.db.models import Count, OuterRef, Q, Subquery, Sum

from scoring.history import ratings
from scoring.history.models import (
    CUMULATIVE_FIELDS,
    LeagueTable,
    PlayerHand,
    PlayerTable,
    Rating,
    Tally,
)
from scoring.history.period import Period
from scoring.history.tables import (
    TRUMP_ORDER,
    level_label,
    level_sort_key,
    position_date,
    table_label,
    table_variant,
    variant_label,
)
from scoring.models import GameSession, Hand, HandScore, Player
from scoring.rules.cards import SYMBOLS

CUM = (
    "n",
    *CUMULATIVE_FIELDS,
)
SPARK_POINTS = 16
CHART_POINTS = 60
VARIANT_ORDER = ("taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap")


def _percent(part: int, whole: int) -> int | None:
    return round(100 * part / whole) if whole else None


@dataclass
class Figures:
    """A player's figures in a score table over a period."""

    hands: int = 0
    score: int = 0
    sessions: int = 0
    won: int = 0
    declared: int = 0
    made: int = 0
    partner: int = 0
    partner_won: int = 0
    defended: int = 0
    defeated: int = 0

    @classmethod
    def between(cls, end: dict | None, start: dict | None) -> "Figures":
        def get(row, name):
            return row[name] if row else 0

        return cls(
            *(get(end, name) - get(start, name) for name in CUM),
        )

    def __add__(self, other: "Figures") -> "Figures":
        return Figures(*(a + b for a, b in zip(self.values(), other.values(), strict=True)))

    def values(self):
        return (
            self.hands,
            self.score,
            self.sessions,
            self.won,
            self.declared,
            self.made,
            self.partner,
            self.partner_won,
            self.defended,
            self.defeated,
        )

    @property
    def win_rate(self):
        return _percent(self.won, self.hands)

    @property
    def made_rate(self):
        return _percent(self.made, self.declared)

    @property
    def partner_rate(self):
        return _percent(self.partner_won, self.partner)

    @property
    def defeated_rate(self):
        return _percent(self.defeated, self.defended)


def _last_row(bound: int | None, by: str, outer: str = "player_id", values: str = "id"):
    rows = PlayerHand.objects.filter(player_id=OuterRef(outer), **{by: OuterRef(by)})
    if bound is not None:
        rows = rows.filter(pos__lt=bound)
    return Subquery(rows.order_by("-pos").values(values)[:1])


def sample(first: int, last: int, points: int) -> list[int]:
    """About ``points`` whole numbers from ``first`` to ``last``, both included."""
    if last < first:
        return []
    if last - first + 1 <= points:
        return list(range(first, last + 1))
    step = (last - first) / (points - 1)
    return sorted({first + round(i * step) for i in range(points)})


# ---- the league page ----------------------------------------------------------------------


@dataclass
class TableStandings:
    table: str
    label: str
    variant: str
    rows: list = field(default_factory=list)  # (player id, name, Figures), best first
    best_hand: dict | None = None
    streak: dict | None = None
    most_made: tuple | None = None  # (name, player id, count)


def league_standings(league, period: Period) -> list[TableStandings]:
    """Standings per score table over the period, with the table's records."""
    low, high = period.low, period.high
    pairs = PlayerTable.objects.filter(league=league)
    if high is not None:
        pairs = pairs.filter(first_pos__lt=high)
    if low is not None:
        pairs = pairs.filter(last_pos__gte=low)
    pairs = pairs.annotate(end_id=_last_row(high, "table"))
    fields = ["player_id", "player__name", "variant", "table", "end_id"]
    if low is not None:
        pairs = pairs.annotate(start_id=_last_row(low, "table"))
        fields.append("start_id")
    pairs = list(pairs.values(*fields))

    in_period = PlayerHand.objects.filter(league_id=OuterRef("league_id"), table=OuterRef("table"))
    if low is not None:
        in_period = in_period.filter(pos__gte=low)
    if high is not None:
        in_period = in_period.filter(pos__lt=high)
    streaks = in_period.filter(streak__gt=0)
    if low is not None:
        streaks = streaks.filter(streak_from__gte=low)
    tables = list(
        LeagueTable.objects.filter(league=league)
        .annotate(
            best_id=Subquery(in_period.order_by("-delta", "pos").values("id")[:1]),
            streak_id=Subquery(streaks.order_by("-streak", "pos").values("id")[:1]),
        )
        .values("variant", "table", "best_id", "streak_id")
    )

    wanted = {p[k] for p in pairs for k in ("end_id", "start_id") if p.get(k)}
    wanted |= {t[k] for t in tables for k in ("best_id", "streak_id") if t[k]}
    rows = {
        r["id"]: r
        for r in PlayerHand.objects.filter(id__in=wanted).values(
            "id",
            "player_id",
            "player__name",
            "session_id",
            "number",
            "date",
            "delta",
            "streak",
            "streak_from",
            *CUM,
        )
    }
    result = {}
    for t in sorted(tables, key=lambda t: (_variant_rank(t["variant"]), t["table"])):
        standing = TableStandings(t["table"], table_label(t["table"]), t["variant"])
        best = rows.get(t["best_id"])
        if best:
            standing.best_hand = best
        streak = rows.get(t["streak_id"])
        if streak:
            standing.streak = {**streak, "since": position_date(streak["streak_from"])}
        result[t["table"]] = standing
    for pair in pairs:
        figures = Figures.between(rows.get(pair["end_id"]), rows.get(pair.get("start_id")))
        standing = result.get(pair["table"])
        if standing is None or figures.hands == 0:
            continue
        standing.rows.append((pair["player_id"], pair["player__name"], figures))
    for standing in result.values():
        standing.rows.sort(key=lambda r: (-r[2].score, -r[2].hands, r[1]))
        makers = [r for r in standing.rows if r[2].made]
        if makers:
            top = max(makers, key=lambda r: (r[2].made, -r[2].declared))
            standing.most_made = (top[1], top[0], top[2].made)
    return [s for s in result.values() if s.rows]


def _variant_rank(code: str) -> int:
    return VARIANT_ORDER.index(code) if code in VARIANT_ORDER else len(VARIANT_ORDER)


@dataclass
class RatingRow:
    player_id: int
    name: str
    rating: float
    change: float
    hands: int
    spark: list = field(default_factory=list)
    shown_change: int = 0  # rounded with the others of its game (ratings.rounded_for_display)


def league_ratings(league, period: Period) -> list[tuple[str, str, list[RatingRow]]]:
    """(variant, label, rows best first) per variant: each player's rating at the end of
    the period, its change over the period, and its course (for a sparkline)."""
    low, high = period.low, period.high
    found = Rating.objects.filter(league=league)
    if high is not None:
        found = found.filter(first_pos__lt=high)
    if low is not None:
        found = found.filter(last_pos__gte=low)
    fields = ["player_id", "player__name", "variant", "rating", "hands"]
    if high is not None:
        found = found.annotate(
            end_rating=_last_row(high, "variant", values="rating_after"),
            end_vn=_last_row(high, "variant", values="vn"),
        )
        fields += ["end_rating", "end_vn"]
    if low is not None:
        found = found.annotate(
            start_rating=_last_row(low, "variant", values="rating_after"),
            start_vn=_last_row(low, "variant", values="vn"),
        )
        fields += ["start_rating", "start_vn"]
    rows = []
    for r in found.values(*fields):
        end_rating = r.get("end_rating", r["rating"]) if high is not None else r["rating"]
        end_vn = r.get("end_vn", r["hands"]) if high is not None else r["hands"]
        start_rating = r.get("start_rating") or ratings.START
        start_vn = r.get("start_vn") or 0
        if end_vn is None or end_vn <= start_vn:
            continue
        rows.append(
            (
                r["variant"],
                RatingRow(
                    r["player_id"],
                    r["player__name"],
                    end_rating,
                    end_rating - start_rating,
                    end_vn - start_vn,
                ),
                sample(start_vn + 1, end_vn, SPARK_POINTS),
                start_rating,
            )
        )
    if period.is_all:
        # All time: the rows whose hand count is a multiple of 2^k (a short index range
        # each, and a query the database plans at once), then the rating now.
        samples = _ruler_ratings(rows)
        for variant, row, _ordinals, _start in rows:
            course = samples.get((row.player_id, variant), {})
            course[row.hands] = row.rating
            row.spark = [ratings.START] + [course[vn] for vn in sorted(course)]
    else:
        samples = _samples(
            [
                (row.player_id, "variant", variant, "vn", ordinals)
                for variant, row, ordinals, _s in rows
            ],
            "rating_after",
        )
        for variant, row, ordinals, start in rows:
            course = samples.get((row.player_id, variant), {})
            row.spark = [start] + [course[o] for o in ordinals if o in course]
    grouped = defaultdict(list)
    for variant, row, _ordinals, _start in rows:
        grouped[variant].append(row)
    for group in grouped.values():
        shown = ratings.rounded_for_display([row.change for row in group])
        for row, change in zip(group, shown, strict=True):
            row.shown_change = change
    return [
        (variant, variant_label(variant), sorted(grouped[variant], key=lambda r: -r.rating))
        for variant in sorted(grouped, key=_variant_rank)
    ]


def _ruler_ratings(rows) -> dict:
    """{(player, variant): {vn: rating}} at about SPARK_POINTS hand counts each."""
    terms = [
        Q(player_id=row.player_id, variant=variant, vtick__gte=ruler_level(row.hands, SPARK_POINTS))
        for variant, row, _ordinals, _start in rows
    ]
    found = defaultdict(dict)
    if terms:
        for player, variant, vn, rating in (
            PlayerHand.objects.filter(reduce(or_, terms))
            .order_by()
            .values_list("player_id", "variant", "vn", "rating_after")
        ):
            found[(player, variant)][vn] = rating
    return found


def _samples(wanted: list, value: str) -> dict:
    """{(player, group): {ordinal: value}} for the rows (player, by, group, ordinal field,
    ordinals): one query, each sample an index look-up."""
    terms = [
        Q(player_id=player, **{by: group, f"{ordinal}__in": ordinals})
        for player, by, group, ordinal, ordinals in wanted
        if ordinals
    ]
    if not terms:
        return {}
    by, ordinal = wanted[0][1], wanted[0][3]
    found = defaultdict(dict)
    for player, group, number, result in (
        PlayerHand.objects.filter(reduce(or_, terms))
        .order_by()
        .values_list("player_id", by, ordinal, value)
    ):
        found[(player, group)][number] = result
    return found


def league_span(league):
    """The dates of the league's first and last sessions (two index look-ups)."""
    sessions = GameSession.objects.filter(league=league)
    first = sessions.order_by("date").values_list("date", flat=True).first()
    last = sessions.order_by("-date").values_list("date", flat=True).first()
    return first, last


def sessions_page(league, period: Period, page: int, per_page: int = 12):
    """One page of the league's sessions in the period, newest first, with each seat's
    total and the number of hands: (sessions, has_more)."""
    found = GameSession.objects.filter(league=league)
    if period.start:
        found = found.filter(date__gte=period.start)
    if period.end:
        found = found.filter(date__lte=period.end)
    offset = (page - 1) * per_page
    sessions = list(
        found.order_by("-date", "-pk").prefetch_related("seats__player")[
            offset : offset + per_page + 1
        ]
    )
    more = len(sessions) > per_page
    sessions = sessions[:per_page]
    ids = [s.pk for s in sessions]
    totals = defaultdict(dict)
    for session_id, seat, total in (
        HandScore.objects.filter(hand__session__in=ids)
        .values("hand__session", "seat")
        .annotate(total=Sum("delta"))
        .values_list("hand__session", "seat", "total")
    ):
        totals[session_id][seat] = total
    counts = dict(
        Hand.objects.filter(session_id__in=ids)
        .values("session_id")
        .annotate(count=Count("id"))
        .values_list("session_id", "count")
    )
    for session in sessions:
        seats = list(session.seats.all())
        scored = [(seat, totals[session.pk].get(seat.number, 0)) for seat in seats]
        best = max((total for _seat, total in scored), default=0)
        session.history_seats = sorted(
            (
                {
                    "name": seat.player.name,
                    "total": total,
                    "leads": bool(totals[session.pk]) and total == best,
                }
                for seat, total in scored
            ),
            key=lambda s: -s["total"],
        )
        session.hand_count = counts.get(session.pk, 0)
    return sessions, more


# ---- the player page -----------------------------------------------------------------------


@dataclass
class BidLine:
    label: str
    code: str = ""
    attempted: int = 0
    made: int = 0
    taken: int = 0
    needed: int = 0
    measured: int = 0

    @property
    def made_rate(self):
        return _percent(self.made, self.attempted)

    @property
    def average_taken(self):
        return round(self.taken / self.measured, 1) if self.measured else None

    @property
    def average_needed(self):
        return round(self.needed / self.measured, 1) if self.measured else None

    def add(self, tally):
        self.attempted += tally.hands
        self.made += tally.wins
        self.taken += tally.taken
        self.needed += tally.needed
        self.measured += tally.measured


@dataclass
class VariantStats:
    variant: str
    label: str
    figures: Figures = field(default_factory=Figures)
    tables: list = field(default_factory=list)  # (table, label, Figures, score chart points)
    rating: float | None = None
    rating_hands: int = 0
    rating_course: list = field(default_factory=list)  # (vn, rating)
    by_level: list = field(default_factory=list)
    by_trump: list = field(default_factory=list)
    overall: BidLine | None = None
    mates: list = field(default_factory=list)  # (name, player id, hands, wins, rate)


def player_stats(player) -> list[VariantStats]:
    """Everything the player page shows, per variant, all time."""
    pairs = list(
        PlayerTable.objects.filter(player=player)
        .annotate(end_id=_last_row(None, "table"))
        .values("variant", "table", "hands", "end_id")
    )
    rows = {
        r["id"]: r
        for r in PlayerHand.objects.filter(
            id__in=[p["end_id"] for p in pairs if p["end_id"]]
        ).values("id", *CUM)
    }
    stats = {}

    def of(variant):
        if variant not in stats:
            stats[variant] = VariantStats(variant, variant_label(variant))
        return stats[variant]

    samples = _ruler_samples(player, pairs)
    for pair in pairs:
        end = rows.get(pair["end_id"])
        figures = Figures.between(end, None)
        entry = of(pair["variant"])
        entry.figures = entry.figures + figures
        course = {0: 0} | {s["n"]: s["cum_score"] for s in samples if s["table"] == pair["table"]}
        if end:
            course[end["n"]] = end["cum_score"]
        entry.tables.append(
            (pair["table"], table_label(pair["table"]), figures, sorted(course.items()))
        )
    for r in Rating.objects.filter(player=player).values("variant", "rating", "hands"):
        entry = of(r["variant"])
        entry.rating, entry.rating_hands = r["rating"], r["hands"]
        course = {0: ratings.START} | {
            s["vn"]: s["rating_after"] for s in samples if s["variant"] == r["variant"]
        }
        course[r["hands"]] = r["rating"]
        entry.rating_course = sorted(course.items())
    tallies = list(Tally.objects.filter(player=player))
    mate_names = dict(
        Player.objects.filter(
            pk__in={int(t.key) for t in tallies if t.kind == Tally.MATE}
        ).values_list("pk", "name")
    )
    levels, trumps = defaultdict(dict), defaultdict(dict)
    for tally in tallies:
        entry = of(tally.variant)
        if tally.kind == Tally.MATE:
            name = mate_names.get(int(tally.key))
            if name is not None:
                entry.mates.append(
                    (
                        name,
                        int(tally.key),
                        tally.hands,
                        tally.wins,
                        _percent(tally.wins, tally.hands),
                    )
                )
            continue
        level, _sep, trump = tally.key.partition("/")
        line = levels[tally.variant].setdefault(level, BidLine(level_label(level)))
        line.add(tally)
        line = trumps[tally.variant].setdefault(
            trump, BidLine(SYMBOLS.get(trump, trump) or "—", trump)
        )
        line.add(tally)
        if entry.overall is None:
            entry.overall = BidLine("")
        entry.overall.add(tally)
    for variant, entry in stats.items():
        entry.by_level = [levels[variant][k] for k in sorted(levels[variant], key=level_sort_key)]
        entry.by_trump = [
            trumps[variant][k]
            for k in sorted(
                trumps[variant],
                key=lambda t: TRUMP_ORDER.index(t) if t in TRUMP_ORDER else 99,
            )
        ]
        entry.mates.sort(key=lambda m: (-m[3], -m[2], m[0]))
        entry.mates = entry.mates[:5]
        entry.tables.sort(key=lambda t: t[0])
    return [stats[v] for v in sorted(stats, key=_variant_rank)]


def ruler_level(hands: int, points: int = CHART_POINTS) -> int:
    """The smallest k with at most ``points`` multiples of 2^k from 1 to ``hands``."""
    k = 0
    while hands >> k > points:
        k += 1
    return k


def _ruler_samples(player, pairs) -> list[dict]:
    """Rows spread evenly over each of the player's score tables: those whose hand count
    is a multiple of 2^k, with k chosen per table for at most CHART_POINTS rows. One
    query; each table one short index range, however long its history."""
    terms = [Q(player=player, table=p["table"], tick__gte=ruler_level(p["hands"])) for p in pairs]
    if not terms:
        return []
    return list(
        PlayerHand.objects.filter(reduce(or_, terms))
        .order_by()
        .values("table", "variant", "n", "vn", "pos", "cum_score", "rating_after")
    )


def player_sessions(player, limit: int = 10) -> list[dict]:
    """The player's latest sessions with their total in each, newest first."""
    opened = list(
        PlayerHand.objects.filter(player=player, opens=True)
        .order_by("-pos")
        .values("session_id", "date", "variant", "seat")[:limit]
    )
    ids = [o["session_id"] for o in opened]
    totals = {
        (session_id, seat): total
        for session_id, seat, total in HandScore.objects.filter(hand__session__in=ids)
        .values("hand__session", "seat")
        .annotate(total=Sum("delta"))
        .values_list("hand__session", "seat", "total")
    }
    return [
        {
            **o,
            "label": variant_label(o["variant"]),
            "total": totals.get((o["session_id"], o["seat"]), 0),
        }
        for o in opened
    ]


__all__ = [
    "Figures",
    "RatingRow",
    "TableStandings",
    "VariantStats",
    "league_ratings",
    "league_span",
    "league_standings",
    "player_sessions",
    "player_stats",
    "sample",
    "table_variant",
]
