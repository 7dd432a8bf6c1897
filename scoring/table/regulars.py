"""The same table again: a league's regulars, and its recent line-ups to play again.

A league's *regulars* are the players who sat at its recent sessions, the most often
first. A *line-up* is what a table chose when it sat down: the game, who sat in which
seat, the house rules and the stake. The New game page offers the latest few distinct
line-ups, each one tap from a new session (scoring.table.views.again).
"""

import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.models import GameSession, League, Seat
from scoring.rules import RulesError, find_variant
from scoring.words.labels import SCORE_VALUES, option_title, own_numbers_label, value_label

RECENT_SESSIONS = 20  # how far back a regular is looked for
LOOK_BACK = 30  # sessions searched for distinct line-ups
LINEUPS = 3


def known_players(league: League) -> tuple[list[str], list[str]]:
    """(regulars, everyone else): the names of the players of the league's last sessions,
    the most sessions first (then the latest to play, then by name), and the others by
    name."""
    recent = list(
        GameSession.objects.filter(league=league)
        .order_by("-date", "-pk")
        .values_list("pk", flat=True)[:RECENT_SESSIONS]
    )
    age = {session: index for index, session in enumerate(recent)}
    seen: dict[int, list[int]] = {}  # player: [sessions, the newest one's age]
    for session, player in Seat.objects.filter(session__in=recent).values_list(
        "session_id", "player_id"
    ):
        entry = seen.setdefault(player, [0, len(recent)])
        entry[0] += 1
        entry[1] = min(entry[1], age[session])
    names = dict(league.players.values_list("pk", "name"))
    regular = sorted(seen, key=lambda p: (-seen[p][0], seen[p][1], names[p].casefold()))
    others = sorted((p for p in names if p not in seen), key=lambda p: names[p].casefold())
    return [names[p] for p in regular], [names[p] for p in others]


@dataclass
class Lineup:
    session: GameSession  # the latest session that sat this way
    names: list[str]
    label: str
    rules: list[str] = field(default_factory=list)  # the house rules not at their default

    @property
    def stake(self) -> Decimal | None:
        return self.session.stake


def recent_lineups(league: League, limit: int = LINEUPS) -> list[Lineup]:
    """The league's latest distinct line-ups, newest first."""
    sessions = (
        GameSession.objects.filter(league=league)
        .order_by("-date", "-pk")
        .prefetch_related("seats__player")[:LOOK_BACK]
    )
    found: list[Lineup] = []
    keys: set[tuple[str, tuple[int, ...], str, str]] = set()
    for session in sessions:
        seats = sorted(session.seats.all(), key=lambda s: s.number)
        key = (
            session.variant,
            tuple(seat.player_id for seat in seats),
            json.dumps(session.options, sort_keys=True),
            str(session.stake),
        )
        if key in keys or not seats:
            continue
        keys.add(key)
        label = session.get_variant_display()
        names = [seat.player.name for seat in seats]
        found.append(Lineup(session, names, label, changed_rules(session, len(seats))))
        if len(found) == limit:
            break
    return found


def changed_rules(session: GameSession, players: int) -> list[str]:
    """The session's house rules that differ from its game's defaults, as players read
    them ("Score table: Hong Kong table")."""
    variant = find_variant(session.variant)
    try:
        defaults = variant.rules({}, players).as_json()
        rules = variant.rules(session.options, players)
    except RulesError:
        return []

    def label(name: str, value: object) -> str:
        if name == SCORE_VALUES:  # named as the score table names them, not by code
            return own_numbers_label(variant, players, rules)
        return value_label(name, value)

    return [
        _("%(rule)s: %(value)s") % {"rule": option_title(name), "value": label(name, value)}
        for name, value in session.options.items()
        if name in defaults and defaults[name] != value
    ]
