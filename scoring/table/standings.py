"""Final standings of a session and, with a stake, who pays whom.

By player, not by seat: everyone who sat at the table, whoever came, left or sat hands
out, with their total and the money they won at each hand's stake (scoring.table.money).
"""

from decimal import Decimal
from fractions import Fraction
from typing import NotRequired, TypedDict

from scoring.models import GameSession, Seat
from scoring.table import money as stakes
from scoring.table.lineup import players_count
from scoring.table.settlement import settle
from scoring.table.sheet import Member, Sheet, roster, sheet
from scoring.words.money import Money, Purse, amount_text, purse


class Standing(TypedDict):
    """A player's row: their seat, name and total, their money with a stake."""

    seat: Seat
    name: str
    total: int
    money: Decimal | None
    money_text: str  # as the reader writes it, in the league's currency
    winner: bool


class Payment(TypedDict):
    payer: Seat
    payee: Seat
    amount: Decimal
    amount_text: str


class Standings(TypedDict):
    standings: list[Standing]  # best first
    winners: list[Seat]
    transfers: NotRequired[list[Payment]]  # with a stake: the fewest that settle it
    stakes: NotRequired[list[tuple[int, Decimal | None]]]  # each from its hand on
    stake_texts: NotRequired[list[tuple[int, str]]]  # the same, written ("" for none)
    unit_text: NotRequired[str]  # the smallest amount paid, written
    average: NotRequired[float]  # a steady table's average total


def standings(session: GameSession, scores: Sheet | None = None) -> Standings:
    scores = sheet(session) if scores is None else scores
    members = roster(session)
    result = ranked(members, scores.totals, scores.money, scores.wallet)
    if scores.money is not None and scores.wallet is not None:
        result["stakes"] = [(start, stake) for start, stake in stakes.schedule(session)]
        result["stake_texts"] = stakes.stake_texts(session, scores.wallet)
        result["unit_text"] = amount_text(scores.wallet.unit, scores.wallet)
        total = sum(scores.totals.values())
        steady = all(m.seated for m in members) and len(members) == players_count(session)
        if total and steady:
            result["average"] = round(float(table_average(list(scores.totals.values()))), 2)
    return result


def ranked(
    members: list[Member],
    totals: dict[int, int],
    money: dict[int, Decimal] | None = None,
    wallet: Purse | None = None,
) -> Standings:
    """Rows best first ({seat, name, total, money, winner}), the winners' seats, and with
    ``money`` ({player: Decimal}, summing to zero) the fewest transfers that settle it,
    written as ``wallet`` says (by default a plain number to the cent)."""
    wallet = wallet or purse("", [Decimal("0.01")])
    rows: list[Standing] = []
    for m in members:
        won = None if money is None else money.get(m.player_id, Decimal("0.00"))
        total = totals.get(m.player_id, 0)
        text = "" if won is None else str(Money(won, wallet))
        row: Standing = {
            "seat": m.seat,
            "name": m.name,
            "total": total,
            "money": won,
            "money_text": text,
            "winner": False,  # known once every row is ranked
        }
        rows.append(row)
    rows.sort(key=lambda row: -row["total"])
    best = max((row["total"] for row in rows), default=0)
    for row in rows:
        row["winner"] = row["total"] == best
    result: Standings = {"standings": rows, "winners": [r["seat"] for r in rows if r["winner"]]}
    if money is not None:
        owed = [money.get(m.player_id, Decimal("0.00")) for m in members]
        result["transfers"] = [
            {
                "payer": members[t.payer].seat,
                "payee": members[t.payee].seat,
                "amount": t.amount,
                "amount_text": str(Money(t.amount, wallet, signed=False)),
            }
            for t in settle(owed)
        ]
    return result


def balances(totals: list[int], stake: Decimal) -> list[Decimal]:
    """What each player receives (negative: pays) for one stake over the whole session,
    in cents, summing to exactly zero: each settles against the table's average."""
    exact = {i: Fraction(stake) * (t - table_average(totals)) for i, t in enumerate(totals)}
    cents = stakes.in_units(exact)
    return [cents[i] for i in range(len(totals))]


def table_average(totals: list[int]) -> Fraction:
    return Fraction(sum(totals), len(totals)) if totals else Fraction(0)
