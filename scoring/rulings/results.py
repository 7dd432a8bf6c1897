"""Reading a played hand's result into a score question: who declared what, and what each
side took (point cards, or tricks where the result is counted in tricks)."""

from scoring.rules.cards import Card, parse_card, verify_in_deck
from scoring.rules.errors import NotationError, RulesError
from scoring.rules.i18n import N_
from scoring.rules.scores import HandFacts
from scoring.rulings.fields import MISSING, Fields, Malformed, whole_number
from scoring.rulings.questions import ScoreQuestion, Table
from scoring.rulings.reading import read_sitting_out

LIMIT = 2**63  # a count beyond any table: past it, a number is refused as out of range


def read_score_question(fields: Fields, table: Table) -> ScoreQuestion:
    return ScoreQuestion(table, read_facts(fields, table))


def read_facts(fields: Fields, table: Table) -> HandFacts:
    variant, players = table.variant, table.players
    declarer = fields.seat("declarer", players)
    try:
        contract = variant.parse_contract(fields.raw("contract", required=True), table.rules)
    except RulesError as error:
        raise error.at("contract") from None
    partner = _partner(fields, table)
    out = read_sitting_out(fields, table)
    if variant.counts_tricks:
        toppled = variant.can_topple and fields.flag("toppled")
        tricks = None if toppled else _tricks(fields, players)
        return HandFacts(players, declarer, contract, partner, tricks=tricks, toppled=toppled)
    captured, discards = _captured(fields, table)
    if captured is None and variant.discards_raise_target(table.rules) and fields.has("discards"):
        # Under Taiwan's ``discards_to: target`` the discards raise the target, so the quick
        # count reads them too (rules-house.md §8.10.1).
        discards = tuple(_card_list(fields.raw("discards"), "discards", table))
    written = fields.raw("declarer_points")
    points = (
        None
        if written is MISSING or written is None
        else whole_number(written, "declarer_points", -LIMIT, LIMIT)
    )
    if captured is None and points is None:
        raise Malformed(
            N_("Give the result: captured (with discards) or declarer_points."), "captured"
        )
    return HandFacts(
        players, declarer, contract, partner, captured, discards, points, sitting_out=out
    )


def _partner(fields: Fields, table: Table) -> int | None:
    if not table.variant.has_partner:
        if fields.raw("partner") not in (MISSING, None):
            raise table.variant.partner_refusal()
        return None
    return fields.optional_seat("partner", table.players)


def _tricks(fields: Fields, players: int) -> dict[int, int]:
    tricks = fields.by_seat("tricks", players)
    if tricks is None:
        raise Malformed(N_("tricks is required: the tricks each seat took."), "tricks")
    return {seat: whole_number(n, f"tricks.{seat}", -LIMIT, LIMIT) for seat, n in tricks.items()}


def _captured(
    fields: Fields, table: Table
) -> tuple[dict[int, tuple[Card, ...]] | None, tuple[Card, ...]]:
    by_seat = fields.by_seat("captured", table.players)
    if by_seat is None:
        return None, ()
    captured = {}
    for seat, cards in by_seat.items():
        captured[seat] = tuple(_card_list(cards, f"captured.{seat}", table))
    discards: tuple[Card, ...] = ()
    if fields.has("discards"):
        discards = tuple(_card_list(fields.raw("discards"), "discards", table))
    return captured, discards


def _card_list(values: object, field: str, table: Table) -> list[Card]:
    if not isinstance(values, list):
        raise Malformed(N_("{field} must be a list of card codes."), field, field=field)
    variant = table.variant
    deck = variant.deck_set(table.players, table.rules)
    cards = []
    for index, text in enumerate(values):
        try:
            cards.append(verify_in_deck(parse_card(text), deck, variant.deck_name()))
        except NotationError as error:
            raise error.at(f"{field}[{index}]") from None
    return cards
