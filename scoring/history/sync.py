"""Keeping the history rows in step with the hands.

``hand_saved`` and ``hand_removed`` run inside the transaction that writes the hand
(scoring.recording). They lock the league row, so two tables of one league saving at
once update its history one after the other.

Why rows are replayed rather than recomputed on read: a rating depends on every
earlier hand of the game, and a running total on every earlier hand of the table, so
the pages read these figures ready-made (two rows per player for any date range).
Keeping them costs a write at the end of the history almost nothing (the new hand's
rows are appended from the last state of its players); a change to an older hand
replays the later hands of the same game in that league, which is what an Elo rating
needs anyway. ``rebuild`` recomputes a league from scratch: after an import, after a
change of ``VERSION``, or by ``manage.py rebuild_history``.
"""

from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import groupby

from django.db import connection, transaction
from django.db.models import OuterRef, Subquery

from scoring.history import ratings
from scoring.history.models import (
    CUMULATIVE_FIELDS,
    LeagueHistory,
    LeagueTable,
    PlayerHand,
    PlayerTable,
    Rating,
    Tally,
)
from scoring.history.tables import contract_facts, position, session_table

# Raise when the stored figures or the rating formula change: every league then
# rebuilds its history once, on its next page view or hand.
VERSION = 1
BATCH = 2000

BASE_FIELDS = (
    "league_id",
    "hand_id",
    "session_id",
    "player_id",
    "date",
    "number",
    "seat",
    "variant",
    "table",
    "pos",
    "role",
    "made",
    "won",
    "delta",
    "level",
    "trump",
    "difficulty",
    "taken",
    "needed",
)
RUNNING_FIELDS = (
    "n",
    "tick",
    "vn",
    "vtick",
    "opens",
    "streak",
    "streak_from",
    "rating_before",
    "rating_after",
    *CUMULATIVE_FIELDS,
)
NAPOLEON, PARTNER, DEFENDER = PlayerHand.NAPOLEON, PlayerHand.PARTNER, PlayerHand.DEFENDER


class Row:
    """A ``PlayerHand`` being computed (lighter than a model instance)."""

    __slots__ = BASE_FIELDS + RUNNING_FIELDS

    def __init__(self, **values) -> None:
        for name, value in values.items():
            setattr(self, name, value)


_COLUMNS = BASE_FIELDS + RUNNING_FIELDS


def _insert(rows: Iterable[Row]) -> None:
    """Insert ``PlayerHand`` rows with one prepared statement: a rebuild writes hundreds of
    thousands of them, and ``bulk_create`` would spend most of its time preparing
    values field by field."""
    table = connection.ops.quote_name(PlayerHand._meta.db_table)
    columns = ", ".join(
        connection.ops.quote_name(PlayerHand._meta.get_field(name.removesuffix("_id")).column)
        for name in _COLUMNS
    )
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})"
    date_index = _COLUMNS.index("date")
    adapt = connection.ops.adapt_datefield_value
    batch = []
    with connection.cursor() as cursor:
        for row in rows:
            values = [getattr(row, name) for name in _COLUMNS]
            values[date_index] = adapt(values[date_index])
            batch.append(values)
            if len(batch) >= BATCH:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)


class SessionInfo:
    """What every hand of a session shares: its place, game, table and seats."""

    __slots__ = ("id", "league_id", "date", "variant", "options", "players", "table")

    def __init__(self, id, league_id, date, variant, options, players) -> None:
        self.id, self.league_id, self.date = id, league_id, date
        self.variant, self.options, self.players = variant, options, players
        self.table = session_table(variant, options, len(players))

    @classmethod
    def of(cls, session) -> "SessionInfo":
        players = [seat.player_id for seat in session.seat_list]
        return cls(
            session.pk, session.league_id, session.date, session.variant, session.options, players
        )


def hand_rows(
    info: SessionInfo,
    hand_id,
    number,
    declarer,
    partner,
    contract,
    made,
    target,
    points,
    deltas: dict,
) -> list[Row]:
    """One row per seat of a played hand, without the running figures."""
    facts = contract_facts(info.variant, info.options, len(info.players), contract, target)
    if partner == declarer:
        partner = None
    pos = position(info.date, info.id, number)
    rows = []
    for seat, player in enumerate(info.players):
        role = NAPOLEON if seat == declarer else PARTNER if seat == partner else DEFENDER
        rows.append(
            Row(
                league_id=info.league_id,
                hand_id=hand_id,
                session_id=info.id,
                player_id=player,
                date=info.date,
                number=number,
                seat=seat,
                variant=info.variant,
                table=info.table,
                pos=pos,
                role=role,
                made=made,
                won=(made is False) if role == DEFENDER else (made is True),
                delta=deltas.get(seat, 0),
                level=facts.level,
                trump=facts.trump,
                difficulty=facts.difficulty,
                taken=points,
                needed=facts.needed,
            )
        )
    return rows


def rows_of_hand(hand, session, deltas=None) -> list[Row]:
    if hand.passed_out or hand.declarer is None:
        return []
    if deltas is None:
        deltas = dict(hand.scores.values_list("seat", "delta"))
    else:
        deltas = dict(enumerate(deltas))
    return hand_rows(
        SessionInfo.of(session),
        hand.pk,
        hand.number,
        hand.declarer,
        hand.partner,
        hand.contract,
        hand.made,
        hand.target,
        hand.points,
        deltas,
    )


# ---- the running figures --------------------------------------------------------------


class TableRun:
    """A player's running figures in one score table."""

    __slots__ = (
        "n",
        "sessions",
        "score",
        "won",
        "declared",
        "made",
        "partner",
        "partner_won",
        "defended",
        "defeated",
        "streak",
        "streak_from",
        "session_id",
        "first_pos",
        "last_pos",
    )

    def __init__(self, first_pos: int) -> None:
        for name in self.__slots__:
            setattr(self, name, 0)
        self.session_id = None
        self.first_pos = self.last_pos = first_pos

    @classmethod
    def after(cls, row, first_pos: int) -> "TableRun":
        run = cls(first_pos)
        run.n, run.sessions, run.score = row.n, row.cum_sessions, row.cum_score
        run.won, run.declared, run.made = row.cum_won, row.cum_declared, row.cum_made
        run.partner, run.partner_won = row.cum_partner, row.cum_partner_won
        run.defended, run.defeated = row.cum_defended, row.cum_defeated
        run.streak, run.streak_from = row.streak, row.streak_from
        run.session_id, run.last_pos = row.session_id, row.pos
        return run


class RatingRun:
    __slots__ = ("rating", "vn", "first_pos", "last_pos")

    def __init__(self, rating: float, vn: int, first_pos: int, last_pos: int) -> None:
        self.rating, self.vn, self.first_pos, self.last_pos = rating, vn, first_pos, last_pos


def replay(hands: Iterable[list[Row]], table_runs: dict, rating_runs: dict) -> Iterator[Row]:
    """Fill in the running figures of each hand's rows, hands in league order, from the
    players' runs just before the first of them; the runs end at the last hand."""
    for rows in hands:
        first = rows[0]
        side = [r.player_id for r in rows if r.role != DEFENDER]
        others = [r.player_id for r in rows if r.role == DEFENDER]
        before = {
            r.player_id: rating_runs[r.player_id].rating
            if r.player_id in rating_runs
            else ratings.START
            for r in rows
        }
        gain, loss = ratings.changes(
            [before[p] for p in side], [before[p] for p in others], first.difficulty, first.made
        )
        for r in rows:
            rating = rating_runs.get(r.player_id)
            if rating is None:
                rating = rating_runs[r.player_id] = RatingRun(ratings.START, 0, r.pos, r.pos)
            r.rating_before = rating.rating
            rating.rating += loss if r.role == DEFENDER else gain
            r.rating_after = rating.rating
            rating.vn += 1
            rating.last_pos = r.pos
            r.vn = rating.vn
            r.vtick = (r.vn & -r.vn).bit_length() - 1

            key = (r.player_id, r.table)
            run = table_runs.get(key)
            if run is None:
                run = table_runs[key] = TableRun(r.pos)
            run.n += 1
            r.opens = run.session_id != r.session_id
            if r.opens:
                run.sessions += 1
                run.session_id = r.session_id
            run.score += r.delta
            run.won += r.won
            if r.role == NAPOLEON:
                run.declared += 1
                run.made += r.made is True
            elif r.role == PARTNER:
                run.partner += 1
                run.partner_won += r.won
            else:
                run.defended += 1
                run.defeated += r.made is False
            if r.won:
                run.streak += 1
                if run.streak == 1:
                    run.streak_from = r.pos
            else:
                run.streak, run.streak_from = 0, r.pos
            run.last_pos = r.pos
            r.n, r.streak, r.streak_from = run.n, run.streak, run.streak_from
            r.tick = (run.n & -run.n).bit_length() - 1
            r.cum_score, r.cum_sessions, r.cum_won = run.score, run.sessions, run.won
            r.cum_declared, r.cum_made = run.declared, run.made
            r.cum_partner, r.cum_partner_won = run.partner, run.partner_won
            r.cum_defended, r.cum_defeated = run.defended, run.defeated
            yield r


def _by_hand(rows: Iterable[Row]) -> Iterator[list[Row]]:
    for _pos, group in groupby(rows, key=lambda r: r.pos):
        yield list(group)


# ---- tallies ------------------------------------------------------------------------------


def contributions(rows: Iterable[Row]) -> dict:
    """What a set of hands adds to the tallies: {(player, variant, kind, key): [hands,
    wins, taken, needed, measured]}."""
    counts = defaultdict(lambda: [0, 0, 0, 0, 0])
    for group in _by_hand(sorted(rows, key=lambda r: (r.pos, r.seat))):
        side = [r for r in group if r.role != DEFENDER]
        for r in side:
            if r.role == NAPOLEON:
                entry = counts[(r.player_id, r.variant, Tally.BID, f"{r.level}/{r.trump}")]
                entry[0] += 1
                entry[1] += r.made is True
                if r.taken is not None and r.needed is not None:
                    entry[2] += r.taken
                    entry[3] += r.needed
                    entry[4] += 1
            for mate in side:
                if mate is not r:
                    entry = counts[(r.player_id, r.variant, Tally.MATE, str(mate.player_id))]
                    entry[0] += 1
                    entry[1] += r.won
    return counts


def _apply_tallies(league_id: int, old: list, new: list) -> None:
    change = contributions(new)
    for key, values in contributions(old).items():
        entry = change[key]
        for i, value in enumerate(values):
            entry[i] -= value
    change = {key: values for key, values in change.items() if any(values)}
    if not change:
        return
    players = {key[0] for key in change}
    existing = {
        (t.player_id, t.variant, t.kind, t.key): t
        for t in Tally.objects.filter(
            player_id__in=players,
            variant__in={key[1] for key in change},
            key__in={key[3] for key in change},
        )
    }
    created, updated, emptied = [], [], []
    for key, (hands, wins, taken, needed, measured) in change.items():
        tally = existing.get(key)
        if tally is None:
            tally = Tally(
                league_id=league_id, player_id=key[0], variant=key[1], kind=key[2], key=key[3]
            )
            created.append(tally)
        else:
            updated.append(tally)
        tally.hands += hands
        tally.wins += wins
        tally.taken += taken
        tally.needed += needed
        tally.measured += measured
        if tally.hands <= 0 and tally.pk is not None:
            emptied.append(tally.pk)
    Tally.objects.bulk_create([t for t in created if t.hands > 0])
    Tally.objects.bulk_update(
        [t for t in updated if t.hands > 0], ["hands", "wins", "taken", "needed", "measured"]
    )
    if emptied:
        Tally.objects.filter(pk__in=emptied).delete()


# ---- incremental upkeep ------------------------------------------------------------------


def _lock(league_id: int) -> None:
    from scoring.models import League

    list(League.objects.select_for_update().filter(pk=league_id).values_list("pk"))


def _ready(league_id: int, exclude_hand=None) -> bool:
    """Lock the league; True when its history is current, else rebuild it (without
    ``exclude_hand``, a hand about to go) and say False."""
    _lock(league_id)
    stamp = LeagueHistory.objects.filter(league_id=league_id).values_list("version", flat=True)
    if stamp.first() == VERSION:
        return True
    _rebuild(league_id, exclude_hand)
    return False


def hand_saved(hand, deltas=None) -> None:
    """A hand was recorded, edited or restored: bring its league's history up to it."""
    session = hand.session
    if not _ready(session.league_id):
        return
    old = [
        Row(**values) for values in PlayerHand.objects.filter(hand_id=hand.pk).values(*BASE_FIELDS)
    ]
    new = rows_of_hand(hand, session, deltas)
    if not old and not new:
        return  # a hand passed out, before and after
    _apply_tallies(session.league_id, old, new)
    start = (new or old)[0].pos
    touched = {(r.player_id, r.table) for r in old}
    _replay_from(session.league_id, session.variant, start, new, touched)


def hand_removed(hand) -> None:
    """A hand is about to be deleted (undo, delete): take it out of its league's history."""
    session = hand.session
    if not _ready(session.league_id, exclude_hand=hand.pk):
        return
    old = [
        Row(**values) for values in PlayerHand.objects.filter(hand_id=hand.pk).values(*BASE_FIELDS)
    ]
    if not old:
        return
    _apply_tallies(session.league_id, old, [])
    touched = {(r.player_id, r.table) for r in old}
    _replay_from(session.league_id, session.variant, old[0].pos, [], touched)


def _replay_from(league_id: int, variant: str, start: int, new: list, touched: set) -> None:
    """Replace the rows of the hand at ``start`` by ``new`` and replay the game's later hands."""
    later = (
        PlayerHand.objects.filter(league_id=league_id, variant=variant, pos__gt=start)
        .order_by("pos", "seat")
        .values(*BASE_FIELDS)
    )
    rows = sorted(new, key=lambda r: r.seat) + [Row(**values) for values in later]
    pairs = set(touched) | {(r.player_id, r.table) for r in rows}
    players = {player for player, _table in pairs}
    table_runs = _table_runs_before(league_id, pairs, start)
    rating_runs = _rating_runs_before(league_id, players, variant, start)
    done = list(replay(_by_hand(rows), table_runs, rating_runs))
    PlayerHand.objects.filter(league_id=league_id, variant=variant, pos__gte=start).delete()
    _insert(done)
    _save_runs(league_id, variant, pairs, players, table_runs, rating_runs)


def _last_row(pos_below: int, by: str):
    return Subquery(
        PlayerHand.objects.filter(
            player_id=OuterRef("player_id"), **{by: OuterRef(by)}, pos__lt=pos_below
        )
        .order_by("-pos")
        .values("id")[:1]
    )


def _table_runs_before(league_id, pairs, start) -> dict:
    found = list(
        PlayerTable.objects.filter(
            league_id=league_id,
            player_id__in={p for p, _t in pairs},
            table__in={t for _p, t in pairs},
            first_pos__lt=start,
        )
        .annotate(last_id=_last_row(start, "table"))
        .values_list("player_id", "table", "first_pos", "last_id")
    )
    rows = PlayerHand.objects.in_bulk([f[3] for f in found if f[3]])
    return {
        (player, table): TableRun.after(rows[last], first)
        for player, table, first, last in found
        if last and (player, table) in pairs
    }


def _rating_runs_before(league_id, players, variant, start) -> dict:
    found = list(
        Rating.objects.filter(
            league_id=league_id, player_id__in=players, variant=variant, first_pos__lt=start
        )
        .annotate(last_id=_last_row(start, "variant"))
        .values_list("player_id", "first_pos", "last_id")
    )
    rows = PlayerHand.objects.in_bulk([f[2] for f in found if f[2]])
    return {
        player: RatingRun(rows[last].rating_after, rows[last].vn, first, rows[last].pos)
        for player, first, last in found
        if last
    }


def _save_runs(league_id, variant, pairs, players, table_runs, rating_runs) -> None:
    """Bring the summaries of these players and tables to where their runs ended."""
    keep = [
        PlayerTable(
            league_id=league_id,
            player_id=player,
            variant=variant,
            table=table,
            hands=table_runs[(player, table)].n,
            first_pos=table_runs[(player, table)].first_pos,
            last_pos=table_runs[(player, table)].last_pos,
        )
        for player, table in pairs
        if (player, table) in table_runs
    ]
    PlayerTable.objects.bulk_create(
        keep,
        update_conflicts=True,
        unique_fields=["player", "table"],
        update_fields=["hands", "first_pos", "last_pos"],
    )
    for player, table in pairs - set(table_runs):
        PlayerTable.objects.filter(player_id=player, table=table).delete()
    ratings_kept = [
        Rating(
            league_id=league_id,
            player_id=player,
            variant=variant,
            rating=rating_runs[player].rating,
            hands=rating_runs[player].vn,
            first_pos=rating_runs[player].first_pos,
            last_pos=rating_runs[player].last_pos,
        )
        for player in players
        if player in rating_runs
    ]
    Rating.objects.bulk_create(
        ratings_kept,
        update_conflicts=True,
        unique_fields=["player", "variant"],
        update_fields=["rating", "hands", "first_pos", "last_pos"],
    )
    gone = players - set(rating_runs)
    if gone:
        Rating.objects.filter(player_id__in=gone, variant=variant).delete()
    tables = {table for _player, table in pairs}
    played = set(
        PlayerTable.objects.filter(league_id=league_id, table__in=tables)
        .values_list("table", flat=True)
        .distinct()
    )
    LeagueTable.objects.bulk_create(
        [LeagueTable(league_id=league_id, variant=variant, table=t) for t in played],
        ignore_conflicts=True,
    )
    if tables - played:
        LeagueTable.objects.filter(league_id=league_id, table__in=tables - played).delete()


# ---- rebuilding a league ------------------------------------------------------------------


def ensure(league_id: int) -> None:
    """Build the league's history if it is missing or of an older version (one query
    when it is current)."""
    if LeagueHistory.objects.filter(league_id=league_id, version=VERSION).exists():
        return
    with transaction.atomic():
        _ready(league_id)


def rebuild(league_id: int) -> None:
    with transaction.atomic():
        _lock(league_id)
        _rebuild(league_id)


def _rebuild(league_id: int, exclude_hand=None) -> None:
    from scoring.models import GameSession, Hand, HandScore, Seat

    for model in (PlayerHand, PlayerTable, LeagueTable, Rating, Tally):
        model.objects.filter(league_id=league_id).delete()
    players = defaultdict(dict)
    for session_id, number, player in Seat.objects.filter(session__league_id=league_id).values_list(
        "session_id", "number", "player_id"
    ):
        players[session_id][number] = player
    infos = {
        s["id"]: SessionInfo(
            s["id"],
            league_id,
            s["date"],
            s["variant"],
            s["options"],
            [players[s["id"]][n] for n in sorted(players[s["id"]])],
        )
        for s in GameSession.objects.filter(league_id=league_id).values(
            "id", "date", "variant", "options"
        )
    }
    hands = Hand.objects.filter(session__league_id=league_id, status=Hand.PLAYED)
    scores = HandScore.objects.filter(hand__session__league_id=league_id)
    if exclude_hand is not None:
        hands = hands.exclude(pk=exclude_hand)
        scores = scores.exclude(hand_id=exclude_hand)
    deltas = defaultdict(dict)
    for hand_id, seat, delta in scores.values_list("hand_id", "seat", "delta").iterator(
        chunk_size=10000
    ):
        deltas[hand_id][seat] = delta
    by_variant = defaultdict(list)
    for values in hands.values_list(
        "id", "session_id", "number", "declarer", "partner", "contract", "made", "target", "points"
    ).iterator(chunk_size=10000):
        info = infos[values[1]]
        by_variant[info.variant].append((position(info.date, info.id, values[2]), info, values))
    tallies = defaultdict(lambda: [0, 0, 0, 0, 0])
    for variant, entries in by_variant.items():
        entries.sort(key=lambda e: e[0])

        def hand_groups(entries=entries):
            for _pos, info, (
                hand_id,
                _s,
                number,
                declarer,
                partner,
                contract,
                made,
                target,
                points,
            ) in entries:
                yield hand_rows(
                    info,
                    hand_id,
                    number,
                    declarer,
                    partner,
                    contract,
                    made,
                    target,
                    points,
                    deltas.pop(hand_id, {}),
                )

        table_runs, rating_runs = {}, {}
        _insert(replay(_tally_as_we_go(hand_groups(), tallies), table_runs, rating_runs))
        pairs = set(table_runs)
        _save_runs(league_id, variant, pairs, {p for p, _t in pairs}, table_runs, rating_runs)
    Tally.objects.bulk_create(
        (
            Tally(
                league_id=league_id,
                player_id=player,
                variant=variant,
                kind=kind,
                key=key,
                hands=hands,
                wins=wins,
                taken=taken,
                needed=needed,
                measured=measured,
            )
            for (player, variant, kind, key), (
                hands,
                wins,
                taken,
                needed,
                measured,
            ) in tallies.items()
        ),
        batch_size=BATCH,
    )
    LeagueHistory.objects.update_or_create(league_id=league_id, defaults={"version": VERSION})


def _tally_as_we_go(groups: Iterable[list[Row]], tallies: dict) -> Iterator[list[Row]]:
    for group in groups:
        for key, values in contributions(group).items():
            entry = tallies[key]
            for i, value in enumerate(values):
                entry[i] += value
        yield group
