"""Questions from a page's entries: typed keywords in, a typed question out.

A page holds what a player tapped or typed: card codes, a trump's code, seat numbers.
These functions read them exactly as the API reads its JSON (the same checks, the same
first fault), and a fault names the question's field (``plays[2]``, ``trump``), which
the page maps back to its own input. A value of ``None`` is a field left out (the trick's
number then is asked for, its leader is seat 0).
"""

from collections.abc import Mapping, Sequence

from scoring.rulings.fields import Fields
from scoring.rulings.questions import (
    AuctionQuestion,
    DealMissQuestion,
    LegalPlaysQuestion,
    ScoreQuestion,
    Table,
    TrickQuestion,
)
from scoring.rulings.reading import (
    read_auction_question,
    read_deal_miss_question,
    read_legal_plays_question,
    read_table,
    read_trick_question,
)
from scoring.rulings.results import read_score_question


def _entered(**values: object) -> Fields:
    return Fields({name: value for name, value in values.items() if value is not None})


def table(variant: str, players: int, options: Mapping[str, object] | None = None) -> Table:
    """The table a page's questions are asked at (``options``: house rules by name)."""
    return read_table(_entered(variant=variant, players=players, options=options))


def trick_question(
    table: Table,
    *,
    number: int | None,
    plays: Sequence[str],
    trump: str | None = None,
    leader: int | None = None,
    called_card: str | None = None,
    lead_suit: str | None = None,
    joker_called: bool = False,
    contract: str | None = None,
    sitting_out: int | None = None,
) -> TrickQuestion:
    """Who wins this complete trick (``plays`` in order, the leader's card first)?"""
    fields = _entered(
        trick=number,
        plays=list(plays),
        trump=trump,
        leader=leader,
        called_card=called_card,
        lead_suit=lead_suit,
        joker_called=joker_called,
        contract=contract,
        sitting_out=sitting_out,
    )
    return read_trick_question(fields, table)


def legal_plays_question(
    table: Table,
    *,
    number: int | None,
    plays: Sequence[str],
    hand: Sequence[str],
    trump: str | None = None,
    leader: int | None = None,
    called_card: str | None = None,
    lead_suit: str | None = None,
    joker_called: bool = False,
    contract: str | None = None,
    sitting_out: int | None = None,
    secretary_ordered: bool = False,
    declarer: int | None = None,
) -> LegalPlaysQuestion:
    """Which cards of ``hand`` may the next player add to the cards ``plays`` so far?"""
    fields = _entered(
        trick=number,
        plays=list(plays),
        hand=list(hand),
        trump=trump,
        leader=leader,
        called_card=called_card,
        lead_suit=lead_suit,
        joker_called=joker_called,
        contract=contract,
        sitting_out=sitting_out,
        secretary_ordered=secretary_ordered,
        declarer=declarer,
    )
    return read_legal_plays_question(fields, table)


def auction_question(
    table: Table,
    *,
    calls: Sequence[object],
    dealer: int | None = None,
    first: int | None = None,
    seats: Mapping[str, int | None] | None = None,
) -> AuctionQuestion:
    """Where does the auction stand after ``calls``? ``seats`` holds the seats the house
    rules ask for (``previous_napoleon``), each a seat or None."""
    entered: dict[str, object] = {"calls": list(calls), "dealer": dealer, "first": first}
    written = {name: value for name, value in entered.items() if value is not None}
    written.update(seats or {})  # given even when None: the house rules ask for them
    return read_auction_question(Fields(written), table)


def score_question(
    table: Table,
    *,
    declarer: int | None,
    contract: str | None,
    partner: int | None = None,
    captured: Mapping[int, Sequence[str]] | None = None,
    discards: Sequence[str] | None = None,
    declarer_points: int | None = None,
    tricks: Mapping[int, int] | None = None,
    toppled: bool = False,
    sitting_out: int | None = None,
) -> ScoreQuestion:
    """What does each seat score for this hand? The result is ``captured`` point cards
    (with ``discards``) or ``declarer_points``, or ``tricks`` by seat where the game counts
    tricks; ``toppled`` where a first trick can end the hand."""
    fields = _entered(
        declarer=declarer,
        contract=contract,
        partner=partner,
        captured=None if captured is None else {str(s): list(c) for s, c in captured.items()},
        discards=None if discards is None else list(discards),
        declarer_points=declarer_points,
        tricks=None if tricks is None else {str(s): n for s, n in tricks.items()},
        toppled=toppled,
        sitting_out=sitting_out,
    )
    return read_score_question(fields, table)


def deal_miss_question(table: Table, *, hand: Sequence[str]) -> DealMissQuestion:
    """May the player dealt ``hand`` call a deal miss?"""
    return read_deal_miss_question(_entered(hand=list(hand)), table)
