"""Money on the board: each hand's stake, and what each player has won or lost so far.

A session has a stake per point from its first hand (``GameSession.stake``) and may
change it from a later hand on (``stake_changes``); every hand keeps the stake it was
played at. A player's money is the sum over the hands they played of their score times
that hand's stake, settled against the hand's own average where a table is not
zero-sum (the players of that hand share its remainder), so that the money of a session
always adds up to zero, whoever came and went. It is rounded to what changes hands (the
smallest coin of the league's currency, or the stake's last decimal: scoring.words.money),
still adding up to zero.
"""

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from scoring.models import GameSession
from scoring.words.money import Purse, purse, stake_text

CENT = Decimal("0.01")


def parse_stake(value: object) -> Decimal | None:
    if value in (None, ""):
        return None
    try:
        return Decimal(str(value)).quantize(CENT)
    except InvalidOperation:
        return None


def schedule(session: GameSession) -> list[tuple[int, Decimal | None]]:
    """[(first hand, stake), …]: the session's stakes, each from its hand on."""
    found = [(1, session.stake)]
    for start, stake in sorted(session.stake_changes or (), key=lambda change: change[0]):
        if start <= 1:
            found = [(1, parse_stake(stake))]
        else:
            found.append((int(start), parse_stake(stake)))
    return found


def stake_for(session: GameSession, number: int) -> Decimal | None:
    """The stake hand ``number`` is (or will be) played at."""
    current = None
    for start, stake in schedule(session):
        if start <= number:
            current = stake
    return current


def has_money(session: GameSession) -> bool:
    return any(stake for _start, stake in schedule(session))


def changed(
    session: GameSession, start: int, stake: Decimal | None
) -> tuple[Decimal | None, list[list[int | str | None]]]:
    """The session's ``stake`` and ``stake_changes`` once the stake is ``stake`` from hand
    ``start`` on: earlier hands keep theirs, and a later change is replaced."""
    if start <= 1:
        return stake, []
    kept: list[list[int | str | None]] = [
        [s, v] for s, v in session.stake_changes or () if s < start
    ]
    value = None if stake is None else f"{stake:.2f}"
    return session.stake, sorted([*kept, [start, value]])


def exact_money(session: GameSession, rows: Iterable[tuple[int, int, int]]) -> dict[int, Fraction]:
    """{player: money} from score rows (hand number, player, delta), exactly."""
    by_hand: dict[int, list[tuple[int, int]]] = {}
    for number, player, delta in rows:
        by_hand.setdefault(number, []).append((player, delta))
    money: dict[int, Fraction] = {}
    for number, scores in by_hand.items():
        stake = stake_for(session, number)
        average = Fraction(sum(d for _p, d in scores), len(scores))
        for player, delta in scores:
            gain = Fraction(stake or 0) * (delta - average)
            money[player] = money.get(player, Fraction(0)) + gain
    return money


def purse_of(session: GameSession) -> Purse:
    """How the session's money is written and paid: its league's currency, if it names
    one, else the decimals of its stakes."""
    return purse(session.league.currency, (stake for _start, stake in schedule(session)))


def stake_texts(session: GameSession, wallet: Purse | None = None) -> list[tuple[int, str]]:
    """[(first hand, "€0.50")]: the session's stakes as the reader writes them ("" for
    none), each from its hand on."""
    wallet = wallet or purse_of(session)
    return [
        (start, stake_text(stake, wallet) if stake else "") for start, stake in schedule(session)
    ]


def in_units(exact: dict[int, Fraction], unit: Decimal = CENT) -> dict[int, Decimal]:
    """Each amount rounded to ``unit`` (what changes hands), still summing to exactly
    zero: the units that rounding leaves over go to the largest fractions (equal amounts
    stay within a unit). Less than a unit is not paid."""
    players = sorted(exact)
    step = Fraction(unit)
    counts = {p: exact[p] / step for p in players}
    whole = {p: int(counts[p] // 1) for p in players}
    order = sorted(players, key=lambda p: (-(counts[p] - whole[p]), p))
    for player in order[: -sum(whole.values())]:
        whole[player] += 1
    return {p: (whole[p] * unit).quantize(unit) for p in players}
