"""Numbers and example tricks on the rules pages, computed by the engine so the pages never disagree.

Deck and deal per player count, the bid ladder and example tricks come from
``scoring.rules``; the score tables are in ``worked``. Every number or trick a
page shows carries the situation it was computed for (``check``, the JSON API's
own body), so a test can ask the engine again and compare with what is printed.
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring import rulings
from scoring.rules import Card, HandFacts, Trick, Variant, parse_card
from scoring.rules.bids import Bid, SuitLadder
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.rules.scores import signed


@dataclass
class Cell:
    """One table cell: the main text, a small note under it, and what the engine said it is.

    ``key`` names the engine's answer the text shows (``seat:0``, ``deck``, …) for the
    row's ``check``; cells that only label a row have none.
    """

    text: str
    note: str = ""
    key: str = ""

    @property
    def negative(self) -> bool:
        return self.text.startswith("−")


class Row(list[Cell]):
    """A table row (its cells) and the situation its numbers were computed for."""

    def __init__(self, cells: Iterable[Cell], check: str = "") -> None:
        super().__init__(cells)
        self.check = check


@dataclass
class Table:
    head: list[str]
    rows: list[Row]
    caption: str = ""
    lead: int = 1  # how many leading columns hold words (set flush left), not amounts


def amount(value: int, seat: int | None = None) -> Cell:
    return Cell(signed(value), key="" if seat is None else f"seat:{seat}")


def as_check(kind: str, value: object) -> str:
    """The JSON a page puts in ``data-example``: what to ask the engine to get these numbers."""
    return json.dumps({kind: value}, separators=(",", ":"), ensure_ascii=False)


def table_of(variant: Variant[Any], rules: TableRules, players: int) -> dict[str, Any]:
    """The ``variant``, ``players`` and ``options`` of an API body for this table."""
    return {"variant": variant.code, "players": players, "options": rules.api_json()}


# ---- deck, deal and bids ---------------------------------------------------------


@dataclass
class DealRow:
    players: int
    deck: int
    hand: int
    blind: int
    tricks: int
    last_three: tuple[int, int]
    rules: TableRules = field(repr=False)
    check: str = ""


def deal_rows(variant: Variant[Any], raw: Mapping[str, object]) -> list[DealRow]:
    """One row per player count the house rules allow, each with the rules as they apply."""
    rows: list[DealRow] = []
    for players in variant.players:
        try:
            rules = variant.rules(raw, players)
        except RulesError:
            continue  # these house rules cannot be played at this count (Sir Garnet with ten)
        tricks = variant.tricks(players, rules)
        rows.append(
            DealRow(
                players=players,
                deck=len(variant.deck(players, rules)),
                hand=variant.hand_size(players, rules),
                blind=variant.blind_size(players, rules),
                tricks=tricks,
                last_three=(tricks - 2, tricks),
                rules=rules,
                check=as_check("deal", table_of(variant, rules, players)),
            )
        )
    return rows


@dataclass
class LadderFacts:
    low: str
    high: str
    levels: tuple[int, int]
    trumps: list[str]  # strongest first
    suit_example: str = ""  # a legal bid to quote, whatever the table's lowest bid
    nt_example: str = ""


def ladder_facts(variant: Variant[Any], rules: TableRules) -> LadderFacts | None:
    ladder = variant.ladder(rules)
    if not isinstance(ladder, SuitLadder):
        return None
    bids = ladder.ladder()
    ranks = ladder.trump_rank
    return LadderFacts(
        low=bids[0],
        high=bids[-1],
        levels=(ladder.low, ladder.high),
        trumps=sorted(ranks, key=lambda t: -ranks[t]),
        suit_example=f"{min(ladder.low + 1, ladder.high)}S",
        nt_example=f"{ladder.low}NT" if "NT" in ranks else "",
    )


def point_count(variant: Variant[Any], rules: TableRules, players: int) -> int:
    return len(variant.point_cards(players, rules))


@dataclass
class Level:
    level: int
    target: int
    check: str


def score_of(variant: Variant[Any], rules: TableRules, facts: HandFacts) -> rulings.Score:
    """The engine's score of a hand, asked through the rulings facade."""
    table = rulings.Table(variant, facts.players, rules)
    return rulings.score(rulings.ScoreQuestion(table, facts))


def levels(variant: Variant[Any], rules: TableRules, players: int) -> list[Level]:
    """Each level of the contract ladder with the target the engine sets for it."""
    ladder = variant.ladder(rules, for_auction=False)
    if not isinstance(ladder, SuitLadder):  # named calls (Nap's): no levels to list
        return []
    out = []
    for level in range(ladder.low, ladder.high + 1):
        contract = Bid(level, "S")
        facts = HandFacts(players, 0, contract, partner=1, declarer_points=0)
        target = score_of(variant, rules, facts).target
        body = {**table_of(variant, rules, players), "contract": str(contract)}
        out.append(Level(level, target, as_check("target", body)))
    return out


# ---- tricks judged by the engine ---------------------------------------------------


@dataclass
class TrickExample:
    plays: list[str]
    trump: str | None
    number: int
    winner: str
    reason: str
    called: str | None = None
    joker_called: bool = False
    lead_suit: str | None = None
    check: str = ""


def _called_card(
    variant: Variant[Any], rules: TableRules, cards: tuple[Card, ...], called: str | None
) -> Card | None:
    """The secretary card of an example: the one it names, else (a secretary is always named)
    a card out of this trick, and no 2 or 3, which could summon a joker."""
    if called:
        return parse_card(called)
    if not variant.secretary_card:
        return None
    return next(c for c in variant.deck(len(cards), rules) if c not in cards and c.rank > 3)


def judge(
    variant: Variant[Any],
    rules: TableRules,
    plays: Sequence[str],
    trump: str | None,
    number: int,
    called: str | None = None,
    joker_called: bool = False,
    lead_suit: str | None = None,
) -> TrickExample | None:
    """Judge an example trick through the engine; None if the house rules make it impossible."""
    players = len(plays)
    cards = tuple(parse_card(c) for c in plays)
    try:
        variant.verify_players(players)
    except RulesError:
        return None
    deck = variant.deck_set(players, rules)
    if not deck.issuperset(cards):
        return None  # a stripped deck, say: this example cannot happen at this table
    hidden = _called_card(variant, rules, cards, called)
    trick = Trick(
        players=players,
        number=number,
        plays=cards,
        trump=None if trump == "NT" else trump,
        lead_suit=lead_suit,
        joker_called=joker_called,
        called_card=hidden,
        contract=None,
    )
    try:
        result = rulings.judge(rulings.TrickQuestion(rulings.Table(variant, players, rules), trick))
    except RulesError:
        return None
    return TrickExample(
        plays=list(plays),
        trump=trump,
        number=number,
        winner=result.card.code,
        reason=result.reason,
        called=called,
        joker_called=joker_called,
        lead_suit=lead_suit,
        check=_trick_check(variant, rules, trick, plays, trump),
    )


def _trick_check(
    variant: Variant[Any], rules: TableRules, trick: Trick, plays: Sequence[str], trump: str | None
) -> str:
    """What the API is asked to judge ``trick`` again (its plays and trump as written)."""
    body = {**table_of(variant, rules, trick.players), "trick": trick.number, "plays": list(plays)}
    body["trump"] = trump or "NT"
    if trick.called_card is not None:
        body["called_card"] = trick.called_card.code
    if trick.lead_suit:
        body["lead_suit"] = trick.lead_suit
    if trick.joker_called:
        body["joker_called"] = True
    return as_check("trick", body)
