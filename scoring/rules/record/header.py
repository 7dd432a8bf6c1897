"""The checks of a record's header that need the rules (record.md §6.1 steps 3–6): a killed
declarer, the called card where none is named, the first leader, a hand's size, and an
auction that must lead to the declarer and contract recorded."""

from scoring.rules.auction import AuctionState
from scoring.rules.bids import Contract
from scoring.rules.cards import Card
from scoring.rules.errors import RulesError
from scoring.rules.record import faults
from scoring.rules.record.model import Game


def check_declarer(declarer: int, sitting_out: int | None) -> None:
    if declarer == sitting_out:
        raise faults.killed("declare", declarer, "declarer")


def check_called_card(game: Game, card: Card | None) -> None:
    """A card named where the game, or its house rules, name none (§1)."""
    if card is None:
        return
    if not game.variant.has_partner:
        raise faults.no_called_card(nap=True)
    if game.variant.first_trick_names_partner(game.rules):
        raise faults.no_called_card(nap=False)


def check_partner(game: Game, partner: object, sitting_out: int | None) -> None:
    """A partner named in a game without one, or the killed seat."""
    if not game.variant.has_partner and partner is not None:
        raise game.variant.partner_refusal()
    if isinstance(partner, int) and partner == sitting_out:
        raise faults.killed("partner", partner, "partner")


def check_leader(game: Game, declarer: int, leader: int | None) -> None:
    expected = game.variant.first_leader(declarer, game.players, game.rules)
    if leader is not None and leader != expected:
        raise faults.wrong_leader(expected, leader)


def check_hand(game: Game, seat: int, cards: list[Card], sitting_out: int | None) -> None:
    """A live seat's hand holds a trick's worth of cards; the killed seat's holds none."""
    if seat == sitting_out:
        if cards:
            raise faults.killed("hand", seat, f"hands.{seat}")
        return
    if len(cards) != game.tricks:
        raise faults.hand_size(seat, game.tricks, len(cards))


def check_auction(game: Game, state: AuctionState, declarer: int, contract: Contract) -> None:
    """The auction ended with this declarer, and its bid leads to this contract (§6.4)."""
    if not state.complete or state.declarer is None or state.contract is None:
        raise faults.auction_unfinished()
    if state.declarer != declarer:
        raise faults.auction_declarer(state.declarer, declarer)
    try:
        leads = game.variant.leads_to(state.contract, contract, game.rules)
    except RulesError:
        leads = False
    if not leads:
        raise faults.auction_contract(state.contract, contract)
