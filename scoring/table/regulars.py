"""The same table again: a league's regulars, and its recent line-ups to play again.

A league's *regulars* are the players who sat at its recent sessions, the most often
first. A *line-up* is a table as it ended: the game, who sat in which seat at the end,
how many of them were dealt in, the house rules and the stake then in force. The New
game page offers the latest few distinct line-ups, each one tap from a new session that
starts just so (scoring.table.views.again).
"""

import functools
import hashlib
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import connection
from django.utils.translation import gettext as _

from scoring.models import VARIANT_CHOICES, GameSession, Hand, League, Player, Seat
from scoring.models.sql import quoted, quoted_name
from scoring.rules import RulesError, find_variant
from scoring.table import money
from scoring.table.lineup import hand_players
from scoring.words.labels import SCORE_VALUES, option_title, own_numbers_label, value_label
from scoring.words.money import stake_text

RECENT_SESSIONS = 20  # how far back a regular is looked for
LOOK_BACK = 30  # sessions searched for distinct line-ups
LOOK_AT_ONCE = 6
LINEUPS = 3
_GAMES = dict(VARIANT_CHOICES)  # each game's name, translated when read


def known_players(league: League) -> tuple[list[str], list[str]]:
    """(regulars, everyone else): the names of the players of the league's last sessions,
    the most sessions first (then the latest to play, then by name), and the others by
    name. One statement, in SQL: the New game page asks on every view, and building it
    in the ORM cost more than running it."""
    recent = (
        f"SELECT r.id FROM {quoted(GameSession)} r WHERE r.league_id = %s"
        " ORDER BY r.date DESC, r.id DESC LIMIT %s"
    )
    sql = (
        f"SELECT p.id, p.name, s.id, s.date FROM {quoted(Player)} p"
        f" LEFT JOIN {quoted(Seat)} t ON t.player_id = p.id AND t.session_id IN ({recent})"
        f" LEFT JOIN {quoted(GameSession)} s ON s.id = t.session_id WHERE p.league_id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league.pk, RECENT_SESSIONS, league.pk])
        rows = cursor.fetchall()
    names = {player: name for player, name, _session, _date in rows}
    # The sessions' ages, 0 the latest (by date, then id: the order ``recent`` took them in).
    order = sorted({(date, session) for _p, _n, session, date in rows if session}, reverse=True)
    age = {session: index for index, (_date, session) in enumerate(order)}
    seen: dict[int, list[int]] = {}  # player: [sessions, the newest one's age]
    for player, _name, session, _date in rows:
        if session is not None:
            entry = seen.setdefault(player, [0, len(age)])
            entry[0] += 1
            entry[1] = min(entry[1], age[session])
    regular = sorted(seen, key=lambda p: (-seen[p][0], seen[p][1], names[p].casefold()))
    others = sorted((p for p in names if p not in seen), key=lambda p: names[p].casefold())
    return [names[p] for p in regular], [names[p] for p in others]


@dataclass
class Lineup:
    """A table as it ended, to start again: those seated at the end in their seats, how
    many were dealt in, the stake then in force and the house rules."""

    session: GameSession  # the latest session that ended this way
    names: list[str]
    label: str
    rules: list[str] = field(default_factory=list)  # the house rules not at their default
    stake: Decimal | None = None  # the last stake in force
    dealt: int | None = None  # dealt in each hand, where fewer than those seated

    @property
    def stake_text(self) -> str:
        """The stake as the reader writes it, in the league's currency (``€0.50``)."""
        if self.stake is None:
            return ""
        return stake_text(self.stake, money.purse_of(self.session))


def ended_as(session: GameSession) -> tuple[list[Seat], Decimal | None, int | None]:
    """How a session's table ended: those seated (in seat order), the last stake in force,
    and how many of them were dealt in each hand (None: all of them)."""
    seats = session.seat_list
    stake = money.schedule(session)[-1][1]
    dealt = hand_players(session, len(seats))
    return seats, stake, dealt if dealt is not None and dealt < len(seats) else None


def lineups_key(lineups: list[Lineup]) -> str:
    """Everything the page's "Play again" buttons show, as a fingerprint: they are kept as
    drawn under it (in the reader's language), drawn afresh when any of it moves."""
    shape = [
        (x.session.pk, x.session.date, x.names, x.label, x.rules, x.stake_text, x.dealt)
        for x in lineups
    ]
    return hashlib.sha256(repr(shape).encode()).hexdigest()


def recent_lineups(league: League, limit: int = LINEUPS) -> list[Lineup]:
    """The league's latest distinct tables as they ended, newest first. One just started
    again (not a hand played yet) is not offered: it is there to continue."""
    found: list[Lineup] = []
    keys: set[tuple[object, ...]] = set()
    # A few sessions at a time: the latest ones usually give the line-ups wanted, and
    # the seats of the others are not read.
    for start in range(0, LOOK_BACK, LOOK_AT_ONCE):
        batch = _sessions(league, start, min(LOOK_AT_ONCE, LOOK_BACK - start))
        seats, names = _seats([session.pk for session in batch])
        for session in batch:
            session.all_seats = seats.get(session.pk, [])
            played = bool(getattr(session, "played"))  # noqa: B009 - the statement's own column
            lineup = _lineup(league, session, played, names, keys)
            if lineup is not None:
                found.append(lineup)
                if len(found) == limit:
                    return found
        if len(batch) < LOOK_AT_ONCE:
            break
    return found


def _sessions(league: League, start: int, count: int) -> list[GameSession]:
    """The league's sessions from the ``start``-th latest, each with ``played`` (whether a
    hand of it was). In SQL, as the New game page asks on every view, and building the
    statement in the ORM cost more than running it."""
    sql = (
        f"SELECT s.*, EXISTS (SELECT 1 FROM {quoted(Hand)} h WHERE h.session_id = s.id)"
        f" AS played FROM {quoted(GameSession)} s WHERE s.league_id = %s"
        " ORDER BY s.date DESC, s.id DESC LIMIT %s OFFSET %s"
    )
    return list(GameSession.objects.raw(sql, [league.pk, count, start]))


def _seats(session_ids: list[int]) -> tuple[dict[int, list[Seat]], dict[int, str]]:
    """({session id: its seats, in seat order}, {player id: name}), in one statement."""
    if not session_ids:
        return {}, {}
    fields = [field.attname for field in Seat._meta.concrete_fields]
    columns = ", ".join(f"t.{quoted_name(name)}" for name in fields)
    marks = ", ".join(["%s"] * len(session_ids))
    sql = (
        f"SELECT {columns}, p.name FROM {quoted(Seat)} t"
        f" JOIN {quoted(Player)} p ON p.id = t.player_id WHERE t.session_id IN ({marks})"
        " ORDER BY t.session_id, t.number, t.id"
    )
    found: dict[int, list[Seat]] = {}
    names: dict[int, str] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, session_ids)
        for *values, name in cursor.fetchall():
            seat = Seat.from_db(connection.alias, fields, values)
            names[seat.player_id] = name
            found.setdefault(seat.session_id, []).append(seat)
    return found, names


def _lineup(
    league: League,
    session: GameSession,
    played: bool,
    names: dict[int, str],
    keys: set[tuple[object, ...]],
) -> Lineup | None:
    """The session's table as it ended (its ``all_seats`` read; ``names``: its players'),
    unless one like it was seen (``keys``, which it joins) or it was started again
    (``played``: a hand of it was) and is there to continue."""
    session.league = league
    seats, stake, dealt = ended_as(session)
    ids = tuple(seat.player_id for seat in seats)
    key = (session.variant, ids, json.dumps(session.options, sort_keys=True), stake, dealt)
    if key in keys or not seats:
        return None
    keys.add(key)
    if not played and session.is_live:  # started again: continued, not offered
        return None
    seated = [names[seat.player_id] for seat in seats]
    rules = changed_rules(session, dealt or len(seats))
    label = str(_GAMES.get(session.variant, session.variant))  # get_variant_display, faster
    return Lineup(session, seated, label, rules, stake, dealt)


@functools.lru_cache(maxsize=256)
def _standard(code: str, players: int) -> dict[str, object] | None:
    """A game's standard house rules at this many players, as stored (None: the game is
    not played so). The same for every page: worked out once per process."""
    try:
        standard: dict[str, object] = find_variant(code).rules({}, players).as_json()
    except RulesError:
        return None
    return standard


def changed_rules(session: GameSession, players: int) -> list[str]:
    """The session's house rules that differ from its game's defaults, as players read
    them ("Score table: Hong Kong table")."""
    return rule_words(session.variant, session.options, players)


def rule_words(code: str, options: dict[str, object], players: int) -> list[str]:
    """House rules (a game's options, as stored) that differ from the game's standard
    ones, in words: "Score table: standard, made · napoleon: +120"."""
    variant = find_variant(code)
    defaults = _standard(code, players)
    try:
        rules = variant.rules(options, players)
    except RulesError:
        return []
    if defaults is None:
        return []

    def label(name: str, value: object) -> str:
        if name == SCORE_VALUES:  # named as the score table names them, not by code
            return own_numbers_label(variant, players, rules)
        return value_label(name, value)

    return [
        _("%(rule)s: %(value)s") % {"rule": option_title(name), "value": label(name, value)}
        for name, value in rules.as_json().items()
        if name in defaults and defaults[name] != value
    ]
