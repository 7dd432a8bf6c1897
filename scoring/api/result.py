"""Reading a played hand's result from a request body (for /score)."""

from scoring.rules.cards import parse_card, verify_in_deck
from scoring.rules.errors import InconsistentResult, NotationError, RulesError
from scoring.rules.i18n import _
from scoring.rules.scores import HandFacts

from .body import MISSING, Body, Malformed, whole_number
from .play import read_sitting_out

TRICK_VARIANTS = ("thai", "nap")


def read_facts(body: Body, variant, players: int, rules) -> HandFacts:
    declarer = body.seat("declarer", players)
    try:
        contract = variant.parse_contract(body.raw("contract", required=True), rules)
    except RulesError as error:
        raise error.at("contract") from None
    partner = _partner(body, variant, players)
    out = read_sitting_out(body, variant, players)
    if variant.code in TRICK_VARIANTS:
        toppled = variant.code == "thai" and body.flag("toppled")
        tricks = None if toppled else _tricks(body, players)
        return HandFacts(players, declarer, contract, partner, tricks=tricks, toppled=toppled)
    captured, discards = _captured(body, variant, players, rules)
    points = body.raw("declarer_points")
    points = (
        None
        if points in (MISSING, None)
        else whole_number(points, "declarer_points", -(2**63), 2**63)
    )
    if captured is None and points is None:
        raise Malformed(
            _("Give the result: captured (with discards) or declarer_points."), "captured"
        )
    return HandFacts(
        players, declarer, contract, partner, captured, discards, points, sitting_out=out
    )


def _partner(body: Body, variant, players: int):
    if variant.code == "nap":
        if body.raw("partner") not in (MISSING, None):
            raise InconsistentResult(_("Nap has no partner: give partner as null."), "partner")
        return None
    return body.optional_seat("partner", players)


def _tricks(body: Body, players: int) -> dict[int, int]:
    tricks = body.by_seat("tricks", players)
    if tricks is None:
        raise Malformed(_("tricks is required: the tricks each seat took."), "tricks")
    return {seat: whole_number(n, f"tricks.{seat}", -(2**63), 2**63) for seat, n in tricks.items()}


def _captured(body: Body, variant, players: int, rules):
    by_seat = body.by_seat("captured", players)
    if by_seat is None:
        return None, ()
    deck = variant.deck_set(players, rules)
    captured = {}
    for seat, cards in by_seat.items():
        captured[seat] = tuple(_card_list(cards, f"captured.{seat}", deck, variant))
    discards = ()
    if body.has("discards"):
        discards = tuple(_card_list(body.raw("discards"), "discards", deck, variant))
    return captured, discards


def _card_list(values: object, field: str, deck, variant) -> list:
    if not isinstance(values, list):
        raise Malformed(_("{field} must be a list of card codes.").format(field=field), field)
    cards = []
    for index, text in enumerate(values):
        try:
            cards.append(verify_in_deck(parse_card(text), deck, variant.deck_name()))
        except NotationError as error:
            raise error.at(f"{field}[{index}]") from None
    return cards
