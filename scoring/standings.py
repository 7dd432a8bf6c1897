"""Final standings of a session and, with a stake, who pays whom."""

from decimal import Decimal

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
    return result


def _transfers(session, seats, totals):
    balances = [Decimal(t) * session.stake for t in totals]
    # Tables that are not zero-sum leave a remainder: each player settles
    # against the table's average, so the money still balances.
    mean = sum(balances) / len(balances)
    balances = [b - mean for b in balances]
    cents = [b.quantize(Decimal("0.01")) for b in balances]
    cents[-1] -= sum(cents)
    return [
        {"payer": seats[t.payer], "payee": seats[t.payee], "amount": t.amount}
        for t in settle(cents)
    ]
