"""Reading written fields into questions: the table, a trick, a hand, an auction, a dealt hand.

The order is fixed and part of the answer: every field is read, and its fault raised,
in the order below, so the first fault of a question with several is always the same
one. Faults are the engine's errors, each naming its field's path.
"""

from dataclasses import replace
from typing import Any

from scoring.rules.bids import Contract
from scoring.rules.cards import NO_TRUMP, Card, parse_card, verify_in_deck
from scoring.rules.errors import IllegalCall, NotationError
from scoring.rules.i18n import N_, _
from scoring.rules.tricks import Trick
from scoring.rules.variants import Variant, find_variant
from scoring.rulings.fields import MISSING, Fields, Malformed
from scoring.rulings.questions import (
    AuctionQuestion,
    DealMissQuestion,
    LegalPlaysQuestion,
    Table,
    TrickQuestion,
)


def read_table(fields: Fields) -> Table:
    variant = find_variant(fields.raw("variant", required=True))
    players = variant.verify_players(fields.raw("players", required=True))
    options = fields.raw("options")
    rules = variant.rules(None if options is MISSING else options, players, api=True)
    return Table(variant, players, rules)


# ---- tricks --------------------------------------------------------------------


def read_trick_question(fields: Fields, table: Table) -> TrickQuestion:
    return TrickQuestion(table, read_trick(fields, table, complete=True))


def read_legal_plays_question(fields: Fields, table: Table) -> LegalPlaysQuestion:
    trick = read_trick(fields, table, complete=False)
    hand = read_hand(fields, table, trick)
    if not table.variant.secretary_card:
        return LegalPlaysQuestion(table, trick, hand)
    ordered = fields.flag("secretary_ordered")
    declarer = fields.optional_seat("declarer", table.players)
    return LegalPlaysQuestion(table, trick, hand, ordered, declarer)


def read_trick(fields: Fields, table: Table, complete: bool) -> Trick:
    variant, players, rules = table.variant, table.players, table.rules
    number = fields.integer("trick", 1, variant.tricks(players, rules))
    leader = fields.seat("leader", players, default=0)
    out = read_sitting_out(fields, table)
    deck = variant.deck_set(players, rules)
    plays = tuple(fields.cards("plays", deck, variant.deck_name()))
    _verify_count(plays, players - (out is not None), complete)
    called = _called_card(fields, table, deck)
    contract = _contract(fields, table) if variant.trump_from_lead else None
    trump, contract = _trump(fields, table, number, contract)
    trick = Trick(
        players,
        number,
        plays,
        trump,
        leader,
        joker_called=fields.flag("joker_called"),
        called_card=called,
        contract=contract,
        sitting_out=out,
    )
    if variant.needs_lead_suit(trick):
        trick = replace(trick, lead_suit=fields.suit("lead_suit"))
    return trick


def read_sitting_out(fields: Fields, table: Table) -> int | None:
    """The killed seat, where a seat sits each hand out (six-player Mighty); ignored elsewhere."""
    if not table.variant.needs_sitting_out(table.players):
        return None
    return fields.seat("sitting_out", table.players)


def _verify_count(plays: tuple[Card, ...], players: int, complete: bool) -> None:
    """``players`` counts the seats that play: all but one sitting out."""
    if complete and len(plays) != players:
        raise Malformed(
            N_("plays must hold exactly {players} cards, one per player, not {count}."),
            "plays",
            players=players,
            count=len(plays),
        )
    if not complete and len(plays) >= players:
        raise Malformed(
            N_("plays holds the cards already played, so fewer than {players}."),
            "plays",
            players=players,
        )


def _called_card(fields: Fields, table: Table, deck: frozenset[Card]) -> Card | None:
    if not table.variant.secretary_card:
        return None
    try:
        written = parse_card(fields.raw("called_card", required=True))
        return verify_in_deck(written, deck, table.variant.deck_name())
    except NotationError as error:
        raise error.at("called_card") from None


def _contract(fields: Fields, table: Table) -> Contract | None:
    text = fields.text("contract", required=False)
    if text is None:
        return None
    try:
        return table.variant.ladder(table.rules, for_auction=False).parse(text)
    except NotationError as error:
        raise error.at("contract") from None


def _trump(
    fields: Fields, table: Table, number: int, contract: Contract | None
) -> tuple[str | None, Contract | None]:
    """The trump as the engine takes it (None for no trump), and the contract it implies.

    Where the first lead names the trump (Nap), trick 1 may leave it out, and a trumpless
    contract may be given by ``"trump": "NT"`` alone.
    """
    variant = table.variant
    optional = variant.trump_optional(number, contract)
    text = fields.text("trump", required=not optional)
    if text is None:
        return None, contract
    trump = text.upper()
    choices = variant.trump_choices(table.rules)
    if trump not in choices or (trump == NO_TRUMP and not variant.allows_no_trump(contract)):
        raise Malformed(
            N_("trump must be one of {choices} here, not '{value}'."),
            "trump",
            choices=", ".join(choices),
            value=text,
        )
    if trump == NO_TRUMP:
        return None, variant.contract_without_trump(contract)
    return trump, contract


def read_hand(fields: Fields, table: Table, trick: Trick) -> tuple[Card, ...]:
    variant, players, rules = table.variant, table.players, table.rules
    deck = variant.deck_set(players, rules)
    hand = fields.cards("hand", deck, variant.deck_name(), seen=set(trick.plays))
    most = variant.tricks(players, rules) - trick.number + 1
    if not 1 <= len(hand) <= most:
        # Before the last trick the range is one number: "from 1 to 1 cards" reads wrong.
        template = (
            N_("hand must hold exactly 1 card before trick {trick}, not {count}.")
            if most == 1
            else N_("hand must hold from 1 to {most} cards before trick {trick}, not {count}.")
        )
        raise Malformed(
            template,
            "hand",
            most=most,
            trick=trick.number,
            count=len(hand),
        )
    return tuple(hand)


# ---- the auction and the deal ---------------------------------------------------


def read_auction_question(fields: Fields, table: Table) -> AuctionQuestion:
    variant, players, rules = table.variant, table.players, table.rules
    calls = fields.array("calls")
    dealer = first = None
    if variant.first_caller_named:
        first = fields.optional_seat("first", players)
    if first is None and not variant.free_auction(rules):
        dealer = fields.seat("dealer", players)
    seats = {
        name: _seat_or_null(fields, name, players) for name in variant.auction_seat_fields(rules)
    }
    return AuctionQuestion(table, tuple(calls), dealer, first, seats)


def _seat_or_null(fields: Fields, name: str, players: int) -> int | None:
    """A field that must be present, holding a seat or null (null: there is none, as on a
    first hand)."""
    fields.raw(name, required=True)
    return fields.optional_seat(name, players)


def read_deal_miss_table(fields: Fields) -> Table:
    """The table of a deal-miss question: its variant is judged first (another variant is a
    400 at ``variant``, whatever options came with it: only the Mighty has deal misses)."""
    _verify_has_deal_miss(find_variant(fields.raw("variant", required=True)))
    return read_table(fields)


def _verify_has_deal_miss(variant: Variant[Any]) -> None:
    if not variant.has_deal_miss:
        raise NotationError(
            N_("{variant} has no deal miss: ask about the Mighty."),
            "variant",
            variant=_(variant.name),
        )


def read_deal_miss_question(fields: Fields, table: Table) -> DealMissQuestion:
    """The whole dealt hand, for a variant that has a deal miss switched on."""
    variant, players, rules = table.variant, table.players, table.rules
    _verify_has_deal_miss(variant)
    size = variant.hand_size(players, rules)
    hand = fields.cards("hand", variant.deck_set(players, rules), variant.deck_name())
    if len(hand) != size:
        raise Malformed(
            N_("hand must hold the {size} cards dealt, not {count}."),
            "hand",
            size=size,
            count=len(hand),
        )
    if not variant.deal_miss_on(rules):
        raise IllegalCall(
            N_("The house rules have no deal miss: set deal_miss to on."), "options.deal_miss"
        )
    return DealMissQuestion(table, tuple(hand))
