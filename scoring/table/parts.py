"""The scoreboard and the hands' rows, as data for templates/scoring/table_parts.html.

The table screen, every Save's answer, the Hands page and the share page show them;
here they are worked out from the session, its score sheet and the next hand's table,
and the template writes them.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import GameSession, Hand, HandScore
from scoring.rules import Bid, RulesError, Variant
from scoring.rules.cards import SUITS, SYMBOLS
from scoring.table.lineup import Lineup
from scoring.table.sheet import Sheet, roster
from scoring.words.money import Money, short_text
from scoring.words.names import name_css

RECENT = 5  # hands listed under the form; the Hands page has them all


@dataclass(frozen=True)
class BoardItem:
    name: str
    total: int
    money: Money | None
    dealer: bool  # deals the next hand
    out: bool  # sits the next hand out
    gone: bool  # has left the table
    money_short: str = ""  # the money shortened to fit a narrow box ("" when it fits whole)

    @property
    def name_css(self) -> str:
        return name_css(self.name)

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
    members = roster(session)
    most = BOX_CHARACTERS.get(len(members), BOX_CHARACTERS[max(BOX_CHARACTERS)])
    items = []
    for member in members:
        money = sheet.money_of(member.player_id)
        short = "" if money is None else short_text(money.amount, money.wallet, most)
        items.append(
            BoardItem(
                member.name,
                sheet.totals.get(member.player_id, 0),
                money,
                member.player_id == dealer,
                member.player_id in out,
                not member.seated,
                "" if money is None or short == str(money) else short,
            )
        )
    return items


# The characters of money a board's box holds on a 390 px phone, by the players on the
# board (static/css/app.css lays the boxes out): more, and the amount is shortened.
BOX_CHARACTERS = {1: 14, 2: 14, 3: 14, 4: 11, 5: 9, 6: 7, 7: 6}


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
    partner_role: str = ""  # the game's word for the partner ("secretary"); "" for none
    partner: str = ""  # their name, or "alone"
    result: str = ""  # the side's points or tricks against what it needed: "14 (target 13)"
    replay_url: str = ""  # the play, trick by trick, where the table recorded it
    penalty: str = ""  # what a deal miss cost its caller, where the house rules charge one

    @property
    def span(self) -> int:
        """The columns the line of what was played spans: every player's, and the sum's."""
        return len(self.cells) + (self.total is not None)


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


def _partner(session: GameSession, hand: Hand) -> tuple[str, str]:
    """(the game's word for the partner, who it was): ("secretary", "Bo"), ("friend",
    "alone"); nothing for a game without one or a hand passed out."""
    variant: Variant[Any] = session.engine
    if not variant.has_partner or hand.passed_out or hand.declarer is None:
        return "", ""
    role = variant.role_words()[1]
    if hand.partner is None or hand.partner == hand.declarer:
        return role, variant.term("alone_label")
    player = hand.player_at(hand.partner)
    return role, player.name if player else ""


def _result(session: GameSession, hand: Hand) -> str:
    """``14 (target 13)``: the side's points (or tricks) against what made the contract."""
    if hand.passed_out or hand.points is None:
        return ""
    variant: Variant[Any] = session.engine
    try:
        needed = variant.needed_to_make(hand.target, hand.players, session.rules(hand.players))
    except RulesError:
        needed = None
    if needed is None:
        return str(hand.points)
    return _("%(result)s (target %(needed)s)") % {"result": hand.points, "needed": needed}


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
    share_token: str | None = None,
) -> HandRow:
    """A row of the hands list: number (an edit link unless the session has ended),
    contract, declarer, partner and result (or who called a deal miss), every player's
    score ({player id: delta}) in the roster's order, the sum where the table shows it, and a link to the play where it
    was recorded (the share link's own copy, for a reader of the share page)."""
    hand.session = session
    url = reverse("scoring:edit-hand", args=[session.pk, hand.number]) if editable else ""
    role, partner = _partner(session, hand)
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
        role,
        partner,
        _result(session, hand),
        _replay_url(session, hand, share_token),
        penalty_text(hand, scores),
    )


def penalty_text(hand: Hand, scores: dict[int, int]) -> str:
    """A deal miss's cost (a house rule): what its caller paid each other player."""
    if not hand.is_deal_miss or not scores:
        return ""
    return _("its caller pays %(points)d to each other player") % {"points": max(scores.values())}


def _replay_url(session: GameSession, hand: Hand, share_token: str | None) -> str:
    if hand.record is None:
        return ""
    if share_token:
        return reverse("scoring:share-replay", args=[share_token, hand.number])
    return reverse("scoring:replay", args=[session.pk, hand.number])


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
