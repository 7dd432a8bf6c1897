"""The scoreboard and the hands' rows, as data for templates/scoring/table_parts.html.

The table screen, every Save's answer, the Hands page and the share page show them;
here they are worked out from the session, its score sheet and the next hand's table,
and the template writes them.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import GameSession, Hand, HandScore
from scoring.rules import Bid, RulesError, Variant
from scoring.rules.cards import SUITS, SYMBOLS
from scoring.table.lineup import Lineup
from scoring.table.sheet import Sheet, roster

RECENT = 5  # hands listed under the form; the Hands page has them all


@dataclass(frozen=True)
class BoardItem:
    name: str
    total: int
    money: Decimal | None
    dealer: bool  # deals the next hand
    out: bool  # sits the next hand out
    gone: bool  # has left the table

    @property
    def css(self) -> str:
        return " ".join(
            n for n, yes in (("dealer", self.dealer), ("out", self.out), ("gone", self.gone)) if yes
        )


def board_items(
    session: GameSession, sheet: Sheet, lineup: Lineup | None = None
) -> list[BoardItem]:
    """One item per player of the session: the name, the total (and the money, where
    there is a stake), who deals the next hand and who sits it out; those who have left
    come last, dimmed."""
    dealer, out = None, set()
    if lineup is not None and lineup.places and lineup.players:
        dealer = lineup.places[lineup.dealer_place()].player_id
        out = {lineup.places[p].player_id for p in lineup.out or ()}
    return [
        BoardItem(
            member.name,
            sheet.totals.get(member.player_id, 0),
            sheet.money_of(member.player_id),
            member.player_id == dealer,
            member.player_id in out,
            not member.seated,
        )
        for member in roster(session)
    ]


# ---- a hand's row ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """A contract as a player reads it: a count and a suit in its colour, or a name."""

    label: str
    count: int | None = None
    trump: str = ""

    @property
    def symbol(self) -> str:
        return SYMBOLS.get(self.trump, "")


@dataclass(frozen=True)
class Cell:
    """A player's cell in a hand's row: a score, the seat killed, one who sat the hand
    out, or nothing for one not at the table then."""

    kind: str  # "score", "killed", "out" or "" (not at the table)
    delta: int = 0
    title: str = ""


@dataclass(frozen=True)
class HandRow:
    number: int
    edit_url: str  # "" once the session has ended
    passed: bool
    deal_miss: str  # who called it, for a deal miss; else ""
    contract: Contract | None
    declarer: str
    made: bool | None
    cells: list[Cell]
    total: int | None  # the row's sum, where the table shows one


def contract_of(session: GameSession, hand: Hand) -> Contract | None:
    if not hand.contract or not hand.played:
        return None
    variant: Variant[Any] = session.engine
    try:
        contract = variant.parse_contract(hand.contract, session.rules(hand.players))
    except RulesError:
        return Contract(hand.contract)
    if isinstance(contract, Bid) and contract.trump in SUITS:  # a named call has no suit
        return Contract(contract.label, contract.count, contract.trump)
    return Contract(contract.label)


def _cell(session: GameSession, hand: Hand, player: int, scores: dict[int, int]) -> Cell:
    if player in hand.lineup:
        if hand.lineup.index(player) == hand.sitting_out:
            return Cell("killed", title=session.engine.term("sitting_out_title"))
        return Cell("score", scores.get(player, 0))
    if any(benched == player for _place, benched in hand.benched or ()):
        return Cell("out", title=_("sits out"))
    return Cell("")


def hand_row(
    session: GameSession,
    hand: Hand,
    scores: dict[int, int],
    editable: bool = True,
    sum_cell: bool = False,
) -> HandRow:
    """A row of the hands list: number (an edit link unless the session has ended),
    contract, declarer and result (or who called a deal miss), every player's score ({player id: delta}) in the
    roster's order, and the sum where the table shows it."""
    hand.session = session
    url = reverse("scoring:edit-hand", args=[session.pk, hand.number]) if editable else ""
    return HandRow(
        hand.number,
        url,
        hand.passed_out,
        hand.deal_miss_name() if hand.is_deal_miss else "",
        contract_of(session, hand),
        hand.declarer_name(),
        hand.made,
        [_cell(session, hand, m.player_id, scores) for m in roster(session)],
        sum(scores.values()) if sum_cell else None,
    )


def deltas_by_hand(hands: list[Hand]) -> dict[int, dict[int, int]]:
    """Each hand's scores, {player id: delta}, by hand id, in one query."""
    found: dict[int, dict[int, int]] = {}
    rows = HandScore.objects.filter(hand__in=[h.pk for h in hands]).values_list(
        "hand_id", "player_id", "delta"
    )
    for hand_id, player, delta in rows:
        found.setdefault(hand_id, {})[player] = delta
    return found


def scores_by_player(hand: Hand, deltas: Iterable[int]) -> dict[int, int]:
    """{player id: delta} of a hand from its deltas by seat (a killed seat has none)."""
    return {
        player: delta
        for seat, (player, delta) in enumerate(zip(hand.lineup, deltas, strict=False))
        if seat != hand.sitting_out
    }
