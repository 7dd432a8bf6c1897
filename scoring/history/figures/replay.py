"""What SQL cannot compute: the ratings (scoring.history.figures.ratings), replayed hand by hand
in history order, and the counts that need the engine's reading of each contract (a
player's contracts by level and trump, with the points or tricks taken against those
needed) or the whole side (who wins with whom). One pass over one game's hands, from
the first up to the period's end.
"""

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from scoring.history.figures import ratings
from scoring.history.figures.rows import Game, chart_step, hands, sessions
from scoring.history.figures.tables import ContractFacts, contract_facts, options_key

SPARK_POINTS = 16  # points of a rating's sparkline on the league page


def sample(first: int, last: int, points: int) -> list[int]:
    """About ``points`` whole numbers from ``first`` to ``last``, both included."""
    if last < first:
        return []
    if last - first + 1 <= points:
        return list(range(first, last + 1))
    step = (last - first) / (points - 1)
    return sorted({first + round(i * step) for i in range(points)})


@dataclass
class Replay:
    """Each player's rating after each of their hands of the game, in order, and how
    many of those hands came before the period."""

    courses: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    # Player: hands before the period (None: marks the period as reached, while replaying).
    before: dict[int | None, int] = field(default_factory=dict)
    # Player: {(level, trump): counts}, and player: {partner: counts} (``_counts``).
    bids: dict[int, dict[tuple[str, str], list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(_counts))
    )
    mates: dict[int, dict[int, list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(_counts))
    )


def _counts() -> list[int]:
    return [0, 0, 0, 0, 0]  # hands, wins, taken, needed, measured


@lru_cache(maxsize=4096)
def _players(text: str) -> tuple[int, ...]:
    # A session's hands share a few line-ups: each is read once.
    return tuple(json.loads(text))


def lineup(value: str | list[int]) -> tuple[int, ...]:
    """A hand's line-up as the database gave it (JSON text on SQLite, a list on PostgreSQL)."""
    return _players(value) if isinstance(value, str) else tuple(value)


def replay(game: Game, tally: bool = False) -> Replay:
    """Replay the game's hands up to ``game.end``, each with the players who played it
    (a seat killed in six-player Mighty sat it out); ``tally`` also counts contracts and
    partnerships (all time only)."""
    seated = sessions(game)
    keys = {pk: options_key(options) for pk, (_date, options) in seated.items()}
    done = Replay()
    courses = done.courses
    for session_id, declarer, partner, contract, target, made, points, raw, out in hands(game):
        date, _options = seated[session_id]
        players = lineup(raw)
        if game.start is not None and not done.before and date >= game.start:
            done.before = {player: len(course) for player, course in courses.items()}
            done.before[None] = 0  # marks the period as reached
        if partner == declarer:
            partner = None
        side = [players[declarer]] + ([players[partner]] if partner is not None else [])
        others = [p for seat, p in enumerate(players) if seat not in (declarer, partner, out)]
        facts = contract_facts(game.variant, keys[session_id], len(players), contract, target)
        # Those who played it: a seat killed (six-player Mighty) plays no card and gets
        # no course of its own from this hand (an empty one has no rating to show).
        rating = {p: courses[p][-1] if p in courses else ratings.START for p in side + others}
        gain, loss = ratings.changes(
            [rating[p] for p in side], [rating[p] for p in others], facts.difficulty, made
        )
        for p in side:
            courses[p].append(rating[p] + gain)
        for p in others:
            courses[p].append(rating[p] + loss)
        if tally:
            _tally(done, side, facts, made, points)
    if game.start is not None and not done.before:
        done.before = {player: len(course) for player, course in courses.items()}
    done.before.pop(None, None)
    return done


def _tally(
    done: Replay, side: list[int], facts: ContractFacts, made: bool | None, points: int | None
) -> None:
    line = done.bids[side[0]][(facts.level, facts.trump)]
    line[0] += 1
    line[1] += made is True
    if points is not None and facts.needed is not None:
        line[2] += points
        line[3] += facts.needed
        line[4] += 1
    for player in side:
        for mate in side:
            if mate != player:
                entry = done.mates[player][mate]
                entry[0] += 1
                entry[1] += made is True


def league_ratings(done: Replay, all_time: bool) -> list[list[Any]]:
    """[[player, rating at the period's end, at its start, hands in it, sparkline], …]
    for each player with a hand in the period."""
    found: list[list[Any]] = []
    for player, course in done.courses.items():
        first = done.before.get(player, 0)
        if len(course) <= first:
            continue
        start = course[first - 1] if first else ratings.START
        if all_time:
            step = chart_step(len(course), SPARK_POINTS)
            picked = dict.fromkeys(range(step, len(course) + 1, step))
            picked[len(course)] = None
            spark = [ratings.START] + [course[n - 1] for n in sorted(picked)]
        else:
            spark = [start] + [course[n - 1] for n in sample(first + 1, len(course), SPARK_POINTS)]
        found.append([player, course[-1], start, len(course) - first, spark])
    return found


def player_ratings(done: Replay) -> dict[int, list[Any]]:
    """{player: [rating now, hands, [[hands so far, rating], …] for a chart]}."""
    found: dict[int, list[Any]] = {}
    for player, course in done.courses.items():
        step = chart_step(len(course))
        chart = {0: ratings.START}
        chart.update({n: course[n - 1] for n in range(step, len(course) + 1, step)})
        chart[len(course)] = course[-1]
        found[player] = [course[-1], len(course), sorted(chart.items())]
    return found
