"""Reading a trick from a request body: the table, the cards played, the trump, and the hand
of the player asked about (for /trick and /legal-plays)."""

from dataclasses import replace

from scoring.rules.bids import NAP_BIDS
from scoring.rules.cards import NO_TRUMP, parse_card, verify_in_deck
from scoring.rules.errors import NotationError
from scoring.rules.i18n import _
from scoring.rules.tricks import Trick

from .body import Body, Malformed

SECRETARY_VARIANTS = ("taiwan", "hongkong")


def read_trick(body: Body, variant, players: int, rules, complete: bool) -> Trick:
    number = body.integer("trick", 1, variant.tricks(players, rules))
    leader = body.seat("leader", players, default=0)
    out = read_sitting_out(body, variant, players)
    deck = variant.deck_set(players, rules)
    plays = tuple(body.cards("plays", deck, variant.deck_name()))
    _verify_count(plays, players - (out is not None), complete)
    called = _called_card(body, variant, deck)
    contract = _nap_contract(body, variant, rules) if variant.code == "nap" else None
    trump, contract = _trump(body, variant, rules, number, contract)
    trick = Trick(
        players,
        number,
        plays,
        trump,
        leader,
        joker_called=body.flag("joker_called"),
        called_card=called,
        contract=contract,
        sitting_out=out,
    )
    if variant.needs_lead_suit(trick):
        trick = replace(trick, lead_suit=body.suit("lead_suit"))
    return trick


def read_sitting_out(body: Body, variant, players: int) -> int | None:
    """The killed seat, where a seat sits each hand out (six-player Mighty); ignored elsewhere."""
    if not variant.needs_sitting_out(players):
        return None
    return body.seat("sitting_out", players)


def _verify_count(plays, players: int, complete: bool) -> None:
    """``players`` counts the seats that play: all but one sitting out."""
    if complete and len(plays) != players:
        raise Malformed(
            _("plays must hold exactly {players} cards, one per player, not {count}.").format(
                players=players, count=len(plays)
            ),
            "plays",
        )
    if not complete and len(plays) >= players:
        raise Malformed(
            _("plays holds the cards already played, so fewer than {players}.").format(
                players=players
            ),
            "plays",
        )


def _called_card(body: Body, variant, deck):
    if variant.code not in SECRETARY_VARIANTS:
        return None
    try:
        return verify_in_deck(
            parse_card(body.raw("called_card", required=True)), deck, variant.deck_name()
        )
    except NotationError as error:
        raise error.at("called_card") from None


def _nap_contract(body: Body, variant, rules):
    text = body.text("contract", required=False)
    if text is None:
        return None
    try:
        return variant.ladder(rules, for_auction=False).parse(text)
    except NotationError as error:
        raise error.at("contract") from None


def _trump(body: Body, variant, rules, number: int, contract):
    """The trump as the engine takes it (None for no trump), and the contract it implies.

    Nap names its trump by the first lead, and a trumpless misère may be given as
    ``"trump": "NT"`` instead of ``"contract": "misere"``.
    """
    nap = variant.code == "nap"
    misere = NAP_BIDS["misere"]
    text = body.text("trump", required=not (nap and (number == 1 or contract is misere)))
    if text is None:
        return None, contract
    trump = text.upper()
    if trump not in variant.trump_choices(rules) or (
        nap and trump == NO_TRUMP and contract not in (None, misere)
    ):
        raise Malformed(
            _("trump must be one of {choices} here, not '{value}'.").format(
                choices=", ".join(variant.trump_choices(rules)), value=text
            ),
            "trump",
        )
    if trump == NO_TRUMP:
        return None, misere if nap else contract
    return trump, contract


def read_hand(body: Body, variant, players: int, rules, situation: Trick):
    deck = variant.deck_set(players, rules)
    hand = body.cards("hand", deck, variant.deck_name(), seen=set(situation.plays))
    most = variant.tricks(players, rules) - situation.number + 1
    if not 1 <= len(hand) <= most:
        raise Malformed(
            _("hand must hold from 1 to {most} cards before trick {trick}, not {count}.").format(
                most=most, trick=situation.number, count=len(hand)
            ),
            "hand",
        )
    return hand
