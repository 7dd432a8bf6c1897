"""An Elo-style rating per player and variant: the napoleon's side against the rest,
weighed by how hard the contract was. Pure Python; templates/history/ratings_about.html
says the same in plain words.

For each played hand:

* the side's strength is the mean rating of the napoleon and partner (the napoleon
  alone when playing alone), the defenders' the mean of the rest;
* the contract's difficulty ``d`` runs from 0 (the lowest contract the game allows) to
  1 (the highest) and moves the odds by ``handicap(d) = -EASY + (EASY + HARD) × d``
  rating points: the lowest contract counts as if the side were EASY points stronger,
  the highest as if it were HARD points weaker;
* the side's expected result is ``E = 1 / (1 + 10 ** ((defenders − side + handicap) / 400))``
  and its actual result ``A`` is 1 (made), 0 (failed) or ½ (a draw);
* each member of the side gains ``K × (A − E)`` (a negative gain is a loss) and each
  defender loses the side's total gain shared among them, so the hand moves no rating
  points into or out of the league.

Every player starts at 1500.
"""

import math
from collections.abc import Mapping, Sequence
from typing import TypeVar

P = TypeVar("P")  # a player, however the caller names one

START = 1500.0
K = 16.0
SCALE = 400.0
EASY = 100.0  # the lowest contract: the side counts as this much stronger
HARD = 200.0  # the highest contract: the side counts as this much weaker


def handicap(difficulty: float) -> float:
    """Rating points the contract takes off the declaring side's strength."""
    return -EASY + (EASY + HARD) * difficulty


def expected(side: float, defenders: float, difficulty: float) -> float:
    """The declaring side's chance of making the contract, as the ratings see it."""
    odds: float = 10.0 ** ((defenders - side + handicap(difficulty)) / SCALE)  # never complex
    return 1.0 / (1.0 + odds)


def result(made: bool | None) -> float:
    return 0.5 if made is None else float(made)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def changes(
    side: Sequence[float], defenders: Sequence[float], difficulty: float, made: bool | None
) -> tuple[float, float]:
    """(each side member's change, each defender's change) for one hand."""
    if not side or not defenders:
        return 0.0, 0.0
    gain = K * (result(made) - expected(_mean(side), _mean(defenders), difficulty))
    return gain, -gain * len(side) / len(defenders)


def rate_hand(
    ratings: Mapping[P, float],
    side: Sequence[P],
    defenders: Sequence[P],
    difficulty: float,
    made: bool | None,
) -> dict[P, float]:
    """The new ratings of everyone at the table after one hand (players not yet rated
    start at ``START``)."""
    current = {p: ratings.get(p, START) for p in (*side, *defenders)}
    gain, loss = changes(
        [current[p] for p in side], [current[p] for p in defenders], difficulty, made
    )
    return {p: current[p] + (gain if p in side else loss) for p in current}


def rounded_for_display(values: Sequence[float]) -> list[int]:
    """Whole numbers for ``values``; when they add up to nothing (one hand's changes, or
    everyone's over a period), rounded so that the shown numbers do too: each is rounded
    down and the largest remainders get the points left over (+7.4, +7.4, −4.93 ×3
    shows +8, +7, −5 ×3, not +7, +7, −5 ×3)."""
    if abs(sum(values)) > 1e-6 * max(1, len(values)):
        return [round(v) for v in values]
    floors = [math.floor(v) for v in values]
    short = -sum(floors)
    by_remainder = sorted(range(len(values)), key=lambda i: floors[i] - values[i])
    shown = list(floors)
    for i in by_remainder[:short]:
        shown[i] += 1
    return shown
