"""Final standings of a session and, with a stake, who pays whom."""

import math
from decimal import Decimal
from fractions import Fraction

from scoring.settlement import settle


def standings(session) -> dict:
    totals = session.totals()
    seats = session.seat_list
    order = sorted(range(len(seats)), key=lambda i: -totals[i])
    best = max(totals) if totals else 0
    rows = [{"seat": seats[i], "total": totals[i], "winner": totals[i] == best} for i in order]
    result = {"standings": rows, "winners": [r["seat"] for r in rows if r["winner"]]}
    if session.stake:
        result["transfers"] = _transfers(session, seats, totals)
        if sum(totals):
            result["average"] = round(float(table_average(totals)), 2)
    return result


def _transfers(session, seats, totals):
    return [
        {"payer": seats[t.payer], "payee": seats[t.payee], "amount": t.amount}
        for t in settle(balances(totals, session.stake))
    ]


def balances(totals: list[int], stake: Decimal) -> list[Decimal]:
    """What each player receives (negative: pays), in cents, summing to exactly zero.

    Tables that are not zero-sum leave a remainder: each player settles against the
    table's average, so the money still balances. The cents that rounding leaves over go
    to the largest fractions, so equal scores pay equal amounts to within a cent.
    """
    n = len(totals)
    # In hundredths of a cent per n: exact, whatever the average.
    exact = [Fraction(stake) * 100 * (n * t - sum(totals)) / n for t in totals]
    cents = [math.floor(x) for x in exact]
    order = sorted(range(n), key=lambda i: (-(exact[i] - cents[i]), i))
    for i in order[: -sum(cents)]:
        cents[i] += 1
    return [Decimal(c) / 100 for c in cents]


def table_average(totals: list[int]) -> Fraction:
    return Fraction(sum(totals), len(totals)) if totals else Fraction(0)
