"""What the history pages show: a league's standings, records and ratings over a period,
and a player's figures in each game.

Computed per game (variant) and kept until a hand of that game changes
(scoring.history.figures.cache). All time, from the game's running state, which a change
advances from the changed hand on (scoring.history.figures.fold and .advance); over a
period, from the hand rows (scoring.history.figures.rows: SQL aggregates and window
functions; scoring.history.figures.replay: the ratings). A page whose figures are current
reads them in two queries, whatever the size of the league.
"""

import datetime
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from scoring.history.figures import advance, cache, fold, ratings, refold
from scoring.history.figures.period import Period
from scoring.history.figures.replay import Replay, league_ratings, player_ratings, replay
from scoring.history.figures.rows import Game, records, standings
from scoring.history.figures.tables import (
    TRUMP_ORDER,
    level_label,
    level_sort_key,
    table_label,
    variant_label,
    variant_rank,
)
from scoring.models import League, Player
from scoring.rules.cards import SYMBOLS

ALL_TIME = "league"
Entries = cache.Entries  # figures as they are kept (JSON in the cache): {key: data} of one game

logger = logging.getLogger(__name__)


def player_key(player_id: object) -> str:
    return f"player:{player_id}"


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

    def __add__(self, other: "Figures") -> "Figures":
        return Figures(*(a + b for a, b in zip(self.values(), other.values(), strict=True)))

    def values(self) -> tuple[int, ...]:
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
    def win_rate(self) -> int | None:
        return _percent(self.won, self.hands)

    @property
    def made_rate(self) -> int | None:
        return _percent(self.made, self.declared)

    @property
    def partner_rate(self) -> int | None:
        return _percent(self.partner_won, self.partner)

    @property
    def defeated_rate(self) -> int | None:
        return _percent(self.defeated, self.defended)


# ---- computing a game's figures (when the stored ones are out of date) --------------------


def _period_key(period: Period) -> str:
    return ALL_TIME if period.is_all else f"{ALL_TIME}?{period.query()}"


def _league_entry(
    game: Game, all_time: bool, done: Replay
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The league page's figures of one game, and the records' details (with every
    player's running totals, all time)."""
    by_table = standings(game)
    # A chart line per player with a hand played (not one who only paid a deal-miss penalty).
    lines = {(table, row[0]): row[1] for table, rows in by_table.items() for row in rows if row[1]}
    found = records(game, lines if all_time else None)
    tables = [
        {
            "table": table,
            "rows": rows,
            "best": found.get(table, {}).get("best"),
            "streak": found.get(table, {}).get("streak"),
        }
        for table, rows in by_table.items()
    ]
    return {"tables": tables, "ratings": league_ratings(done, all_time)}, found


def compute_all_time(league_id: int, variant: str, stamp: str) -> Entries:
    """All time: the league page's figures, and every player's (their page), from the
    game's running state as of ``stamp``; with that state (under cache.KEPT) when it moved
    on, to be kept with them in one write."""
    entries = all_time_within(league_id, variant, stamp, None)
    assert entries is not None  # with no bound, always folded
    return entries


def all_time_within(league_id: int, variant: str, stamp: str, most: int | None) -> Entries | None:
    """``compute_all_time``, or None when that would fold again more than ``most`` hands
    (scoring.history.figures.advance.advanced_within)."""
    found = advance.advanced_within(league_id, variant, stamp, most)
    if found is None:
        return None
    state, kept = found
    players = fold.player_entries(state)
    entries = {ALL_TIME: fold.league_entry(state), **{player_key(p): e for p, e in players.items()}}
    return entries if kept is None else {**entries, cache.KEPT: kept}


def _or_later(league_id: int, later: refold.Later) -> Callable[[str, str], Entries | None]:
    """All time as a page draws it when it has earlier figures to show: folded now when
    the change is recent, else None, the game's refold claimed (unless another page
    holds it) and left to after the answer."""

    def compute(variant: str, stamp: str) -> Entries | None:
        entries = all_time_within(league_id, variant, stamp, refold.LONG)
        if entries is None and refold.claim(league_id, variant):
            later.jobs.append(partial(refold_game, league_id, variant))
        return entries

    return compute


def refold_game(league_id: int, variant: str) -> None:
    """Fold the game's figures up to its current stamp and keep them, then let the claim
    go: run after a page's answer is sent (scoring.history.figures.refold)."""
    try:
        stamp = cache.stamps(league_id).get(variant)
        if stamp is not None:
            cache.store(league_id, variant, stamp, compute_all_time(league_id, variant, stamp))
    except Exception:  # Django drops a closer's error unseen: said here
        # The next page finds the figures out of date and claims the refold again.
        logger.exception("league %s: %s not refolded", league_id, variant)
    finally:
        refold.release(league_id, variant)


def bring_current(league_id: int, variant: str) -> None:
    """Bring the game's all-time figures up to date and keep them, as the league page
    would: a change near the end folded now, one far back refolded (claimed, so never
    twice at once, and nothing done while another holds the claim). Run once a Save's
    answer is sent, so that the next page finds them current; should it fail, that page
    brings them up to date itself. A game with no figures kept is left to the page: it
    would fold every hand, unclaimed, after each Save at every table until one stored it."""
    later = refold.Later()
    cache.figures(league_id, ALL_TIME, _unkept, later=_or_later(league_id, later), only=variant)
    for job in later.jobs:
        job()


def _unkept(variant: str, stamp: str) -> None:
    """What ``bring_current`` folds of a game with no figures kept: nothing."""
    return None


def recompute_all_time(league_id: int, variant: str) -> Entries:
    """All time, from every hand with SQL and the replay: what ``compute_all_time`` must
    give (the tests hold one to the other)."""
    game = Game(league_id, variant)
    done = replay(game, tally=True)
    league, found = _league_entry(game, True, done)
    players: dict[str, dict[str, Any]] = defaultdict(dict)
    for table, entry in found.items():
        for player, course in entry.get("courses", {}).items():
            players[player].setdefault("courses", {})[table] = course
    for player, rating in player_ratings(done).items():
        players[str(player)]["rating"] = rating
    for player, lines in done.bids.items():
        players[str(player)]["bids"] = [[*key, *counts] for key, counts in lines.items()]
    for player, mates in done.mates.items():
        players[str(player)]["mates"] = [[mate, *counts[:2]] for mate, counts in mates.items()]
    return {ALL_TIME: league, **{player_key(p): entry for p, entry in players.items()}}


def compute_period(league_id: int, variant: str, period: Period) -> Entries:
    """A period's league page, from the hands with SQL and the replay."""
    game = Game(league_id, variant, period.start, period.end)
    league, _found = _league_entry(game, False, replay(game))
    return {_period_key(period): league}


# ---- the league page ----------------------------------------------------------------------


@dataclass
class TableStandings:
    table: str
    label: str
    variant: str
    rows: list[tuple[int, str, Figures]] = field(default_factory=list)  # best first
    best_hand: dict[str, Any] | None = None
    streak: dict[str, Any] | None = None
    most_made: tuple[str, int, int] | None = None  # (name, player id, count)


@dataclass
class RatingRow:
    player_id: int
    name: str
    rating: float
    change: float
    hands: int
    spark: list[float] = field(default_factory=list)
    shown_change: int = 0  # rounded with the others of its game (ratings.rounded_for_display)
    spark_svg: str = ""  # drawn by the league page (scoring.history.charts)


@dataclass
class LeagueFigures:
    standings: list[TableStandings]
    ratings: list[tuple[str, str, list[RatingRow]]]  # (variant, label, rows best first)


def _date(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def _standing(variant: str, entry: dict[str, Any], names: dict[int, str]) -> TableStandings:
    standing = TableStandings(entry["table"], table_label(entry["table"]), variant)
    for player, *figures in entry["rows"]:
        if player in names:
            standing.rows.append((player, names[player], Figures(*figures)))
    standing.rows.sort(key=lambda r: (-r[2].score, -r[2].hands, r[1]))
    makers = [r for r in standing.rows if r[2].made]
    if makers:
        top = max(makers, key=lambda r: (r[2].made, -r[2].declared))
        standing.most_made = (top[1], top[0], top[2].made)
    if entry["best"] and entry["best"][0] in names:
        player, session, number, day, delta = entry["best"]
        standing.best_hand = {
            "player_id": player,
            "player__name": names[player],
            "session_id": session,
            "number": number,
            "date": _date(day),
            "delta": delta,
        }
    if entry["streak"] and entry["streak"][0] in names:
        player, streak, since, day = entry["streak"]
        standing.streak = {
            "player__name": names[player],
            "streak": streak,
            "since": _date(since),
            "date": _date(day),
        }
    return standing


def _rating_rows(entries: list[list[Any]], names: dict[int, str]) -> list[RatingRow]:
    rows = [
        RatingRow(player, names[player], end, end - start, hands, spark)
        for player, end, start, hands, spark in entries
        if player in names
    ]
    shown = ratings.rounded_for_display([row.change for row in rows])
    for row, change in zip(rows, shown, strict=True):
        row.shown_change = change
    return sorted(rows, key=lambda r: (-r.rating, r.name))


def league_figures(
    league: League, period: Period, names: dict[int, str], later: refold.Later | None = None
) -> LeagueFigures:
    """Standings per score table (with its records) and ratings per game, over the
    period; ``names`` are the league's players' names by id. With ``later``, all time, a
    game changed far back shows its earlier figures while it is refolded after the
    answer (``later``'s jobs, for the caller to run then), and a long game with none
    kept shows none meanwhile (``later.cold``)."""
    key = _period_key(period)

    def compute(variant: str, stamp: str) -> Entries:
        if period.is_all:
            return compute_all_time(league.pk, variant, stamp)
        return compute_period(league.pk, variant, period)

    waits = _or_later(league.pk, later) if later is not None and period.is_all else None
    games, updating = cache.figures(league.pk, key, compute, later=waits, cold=waits)
    result = LeagueFigures([], [])
    if later is not None:
        later.updating += updating
        later.cold += [variant for variant in updating if key not in games[variant]]
    for variant in sorted(games, key=variant_rank):
        entry = games[variant].get(key)
        if entry is None:  # being worked out after the answer: nothing to show yet
            continue
        tables = [_standing(variant, table, names) for table in entry["tables"]]
        result.standings += sorted((t for t in tables if t.rows), key=lambda t: t.table)
        rows = _rating_rows(entry["ratings"], names)
        if rows:
            result.ratings.append((variant, variant_label(variant), rows))
    return result


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
    def made_rate(self) -> int | None:
        return _percent(self.made, self.attempted)

    @property
    def average_taken(self) -> float | None:
        return round(self.taken / self.measured, 1) if self.measured else None

    @property
    def average_needed(self) -> float | None:
        return round(self.needed / self.measured, 1) if self.measured else None

    def add(self, hands: int, wins: int, taken: int, needed: int, measured: int) -> None:
        self.attempted += hands
        self.made += wins
        self.taken += taken
        self.needed += needed
        self.measured += measured


@dataclass
class VariantStats:
    variant: str
    label: str
    figures: Figures = field(default_factory=Figures)
    # (table, label, Figures, score chart points)
    tables: list[tuple[str, str, Figures, list[tuple[float, float]]]] = field(default_factory=list)
    rating: float | None = None
    rating_hands: int = 0
    rating_course: list[tuple[float, float]] = field(default_factory=list)  # (hands, rating)
    by_level: list[BidLine] = field(default_factory=list)
    by_trump: list[BidLine] = field(default_factory=list)
    overall: BidLine | None = None
    # (name, player id, hands, wins, rate)
    mates: list[tuple[str, int, int, int, int | None]] = field(default_factory=list)
    # Drawn by the player page (scoring.history.charts).
    score_chart: str = ""
    rating_chart: str = ""


def _bids(entry: VariantStats, lines: list[list[Any]]) -> None:
    levels: dict[str, BidLine] = {}
    trumps: dict[str, BidLine] = {}
    for level, trump, *counts in lines:
        levels.setdefault(level, BidLine(level_label(level))).add(*counts)
        trumps.setdefault(trump, BidLine(SYMBOLS.get(trump, trump) or "—", trump)).add(*counts)
        if entry.overall is None:
            entry.overall = BidLine("")
        entry.overall.add(*counts)
    entry.by_level = [levels[k] for k in sorted(levels, key=level_sort_key)]
    entry.by_trump = [
        trumps[k]
        for k in sorted(trumps, key=lambda t: TRUMP_ORDER.index(t) if t in TRUMP_ORDER else 99)
    ]


def _variant_stats(
    variant: str, games: Entries, player: Player, names: dict[int, str]
) -> VariantStats | None:
    tables = [
        (table["table"], row)
        for table in games[ALL_TIME]["tables"]
        for row in table["rows"]
        if row[0] == player.pk
    ]
    if not tables:
        return None
    entry = VariantStats(variant, variant_label(variant))
    mine = games.get(player_key(player.pk), {})
    for table, (_player, *figures) in sorted(tables):
        points = mine.get("courses", {}).get(table, [])
        course: list[tuple[float, float]] = [(0, 0)] + [(n, total) for n, total in points]
        entry.tables.append((table, table_label(table), Figures(*figures), course))
        entry.figures = entry.figures + Figures(*figures)
    if "rating" in mine:
        entry.rating, entry.rating_hands, course = mine["rating"]
        entry.rating_course = [(n, rating) for n, rating in course]
    _bids(entry, mine.get("bids", []))
    entry.mates = sorted(
        (
            (names[mate], mate, hands, wins, _percent(wins, hands))
            for mate, hands, wins in mine.get("mates", [])
            if mate in names
        ),
        key=lambda m: (-m[3], -m[2], m[0]),
    )[:5]
    return entry


def player_stats(
    player: Player, names: dict[int, str], later: refold.Later | None = None
) -> list[VariantStats]:
    """Everything the player page shows, per game, all time; ``names`` are the league's
    players' names by id. ``later``: as for ``league_figures``."""
    waits = _or_later(player.league_id, later) if later is not None else None
    games, updating = cache.figures(
        player.league_id,
        ALL_TIME,
        _all_time(player.league_id),
        extra=(player_key(player.pk),),
        later=waits,
        cold=waits,
    )
    if later is not None:
        later.updating += updating
        later.cold += [variant for variant in updating if ALL_TIME not in games[variant]]
    found = (
        _variant_stats(variant, games[variant], player, names)
        for variant in sorted(games, key=variant_rank)
        if ALL_TIME in games[variant]  # else being worked out after the answer
    )
    return [entry for entry in found if entry is not None]


def _all_time(league_id: int) -> Callable[[str, str], Entries]:
    def compute(variant: str, stamp: str) -> Entries:
        return compute_all_time(league_id, variant, stamp)

    return compute
