"""A session's score sheet: everyone who sat at its table, and what each has scored.

Totals, money and the hands' rows go by the player who played each hand (``HandScore
.player``), not by a seat: a seat may change hands during the evening. The *roster* is
the session's players in the order the pages show them: those seated now, clockwise,
then those who have left (or were replaced), in the order they sat.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.models import GameSession, Hand, HandScore, Seat
from scoring.table import money
from scoring.words.money import Money, Purse


@dataclass(frozen=True)
class Member:
    player_id: int
    name: str
    seated: bool  # at the table now
    seat: Seat  # the one now, else the one they last had


def roster(session: GameSession) -> list[Member]:
    """Everyone who has sat at the session's table, those seated now first, clockwise."""
    kept: list[Member] | None = getattr(session, "_roster", None)
    if kept is not None:
        return kept
    found: list[Member] = []
    seen: set[int] = set()
    seats = sorted(session.all_seats, key=lambda s: (s.until_hand is not None, s.number, s.pk))
    for seat in seats:
        if seat.player_id not in seen:
            seen.add(seat.player_id)
            found.append(Member(seat.player_id, seat.player.name, seat.until_hand is None, seat))
    # Kept on this session object, for the request that built it (models know no Member).
    session._roster = found  # type: ignore[attr-defined]
    return found


def names(session: GameSession) -> dict[int, str]:
    return {member.player_id: member.name for member in roster(session)}


@dataclass
class Sheet:
    """Every player's total and (with a stake) money, and the scores of some hands."""

    totals: dict[int, int] = field(default_factory=dict)  # {player id: points}
    money: dict[int, Decimal] | None = None  # in what changes hands, summing to zero
    scores: dict[int, dict[int, int]] = field(default_factory=dict)  # {hand id: {player: delta}}
    wallet: Purse | None = None  # how the money is written and paid, with a stake

    def money_of(self, player_id: int) -> Money | None:
        if self.money is None or self.wallet is None:
            return None
        return Money(self.money.get(player_id, Decimal(0)), self.wallet)


def sheet(session: GameSession, hands: Iterable[Hand] = ()) -> Sheet:
    """The session's totals and money, and the scores of ``hands``: one query."""
    wanted = {hand.pk for hand in hands}
    found = Sheet()
    rows: list[tuple[int, int, int]] = []
    for hand_id, number, player, delta in HandScore.objects.filter(
        hand__session=session
    ).values_list("hand_id", "hand__number", "player_id", "delta"):
        found.totals[player] = found.totals.get(player, 0) + delta
        rows.append((number, player, delta))
        if hand_id in wanted:
            found.scores.setdefault(hand_id, {})[player] = delta
    if money.has_money(session):
        found.wallet = money.purse_of(session)
        found.money = money.in_units(money.exact_money(session, rows), found.wallet.unit)
    return found
