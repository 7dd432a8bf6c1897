"""Reading a hand record (record.md §1, §6.1) into the engine's ``Record``: its header field
by field in the order of §6.1, its auction judged as ``/auction`` judges it, then its tricks
(``record_tricks``). The notation (§9), when given, stands for every field but ``lang``."""

from scoring.rules.bids import Contract
from scoring.rules.cards import Card, parse_card, verify_in_deck
from scoring.rules.errors import NotationError, RulesError
from scoring.rules.i18n import N_
from scoring.rules.record import Auction, Game, Record, header, read_notation
from scoring.rules.record.faults import twice
from scoring.rulings.fields import MISSING, Fields, Malformed, whole_number
from scoring.rulings.questions import RecordQuestion, Table
from scoring.rulings.reading import read_auction_question, read_sitting_out
from scoring.rulings.record_tricks import Header, read_tricks
from scoring.rulings.rule import auction


def record_fields(data: object) -> Fields:
    """The body's fields, or those its ``notation`` stands for (§9.2)."""
    if isinstance(data, dict) and data.get("notation") is not None:
        text = data["notation"]
        if not isinstance(text, str):
            raise Malformed(N_("{field} must be a string."), "notation", field="notation")
        return Fields(read_notation(text))
    return Fields(data)


def read_record_question(fields: Fields, table: Table) -> RecordQuestion:
    game = Game(table.variant, table.players, table.rules)
    declarer = fields.seat("declarer", table.players)
    contract = _contract(fields, table)
    sitting_out = read_sitting_out(fields, table)
    header.check_declarer(declarer, sitting_out)
    called = _called_card(fields, game)
    header.check_called_card(game, called)
    given, partner = _partner(fields, game, sitting_out)
    header.check_leader(game, declarer, fields.optional_seat("leader", table.players))
    discards = _discards(fields, game)
    hands = _hands(fields, game, sitting_out, set(discards))
    played = _auction(fields, table, game, declarer, contract)
    live = table.players - (sitting_out is not None)
    about = Header(called, contract, live, game.trumpless(contract))
    tricks = read_tricks(fields, game, about, set(discards))
    rest, rest_fault = _rest(fields, table.players)
    record = Record(
        declarer, contract, sitting_out, called, partner, given, discards, hands, played,
        tricks, rest, rest_fault,
    )  # fmt: skip
    return RecordQuestion(table, record)


def _contract(fields: Fields, table: Table) -> Contract:
    try:
        return table.variant.parse_contract(fields.raw("contract", required=True), table.rules)
    except RulesError as error:
        raise error.at("contract") from None


def _called_card(fields: Fields, game: Game) -> Card | None:
    raw = fields.raw("called_card")
    if raw is MISSING or raw is None:
        if game.variant.secretary_card:  # the strongest card: every trick needs it
            raise Malformed(N_("{field} is required."), "called_card", field="called_card")
        return None
    try:
        return verify_in_deck(parse_card(raw), game.deck_set, game.variant.deck_name())
    except NotationError as error:
        raise error.at("called_card") from None


def _partner(fields: Fields, game: Game, sitting_out: int | None) -> tuple[bool, int | None]:
    """(given, seat): ``null`` is a declarer who played alone; left out, the record decides."""
    raw = fields.raw("partner")
    if raw is MISSING:
        return False, None
    if not game.variant.has_partner or raw is None:
        header.check_partner(game, raw, sitting_out)
        return True, None
    seat = whole_number(raw, "partner", 0, game.players - 1)
    header.check_partner(game, seat, sitting_out)
    return True, seat


def _discards(fields: Fields, game: Game) -> tuple[Card, ...]:
    if not fields.has("discards"):
        return ()
    return tuple(fields.cards("discards", game.deck_set, game.variant.deck_name()))


def _hands(
    fields: Fields, game: Game, sitting_out: int | None, seen: set[Card]
) -> dict[int, tuple[Card, ...]]:
    """Each seat's hand in seat order: its cards, its size, then cards given twice (§6.1)."""
    by_seat = fields.by_seat("hands", game.players) or {}
    hands = {}
    for seat in sorted(by_seat):
        path = f"hands.{seat}"
        values = by_seat[seat]
        if not isinstance(values, list):
            raise Malformed(N_("{field} must be a list."), path, field=path)
        cards = [_card(game, text, f"{path}[{i}]") for i, text in enumerate(values)]
        header.check_hand(game, seat, cards, sitting_out)
        for i, card in enumerate(cards):
            if card in seen:
                raise twice(card, f"{path}[{i}]")
            seen.add(card)
        hands[seat] = tuple(cards)
    return hands


def _card(game: Game, text: object, field: str) -> Card:
    try:
        return verify_in_deck(parse_card(text), game.deck_set, game.variant.deck_name())
    except NotationError as error:
        raise error.at(field) from None


def _auction(
    fields: Fields, table: Table, game: Game, declarer: int, contract: Contract
) -> Auction | None:
    """The auction, read and judged as ``/auction`` does; it must lead to this hand (§6.4)."""
    if not fields.has("calls"):
        return None
    question = read_auction_question(fields, table)
    state = auction(question)
    header.check_auction(game, state, declarer, contract)
    return Auction(question.calls, state, question.dealer, question.first, question.seats)


def _rest(fields: Fields, players: int) -> tuple[int | None, RulesError | None]:
    """The claim's seat; its fault waits until every trick has been read (§6.1 step 8)."""
    raw = fields.raw("rest")
    if raw is MISSING or raw is None:
        return None, None
    try:
        return whole_number(raw, "rest", 0, players - 1), None
    except NotationError as fault:
        return None, fault
