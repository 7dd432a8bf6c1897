"""Hand records of simulated hands: a played-out hand written as the JSON record of
record.md, at full depth (every card, every seat's hand, the auction)."""

from dataclasses import replace

from scoring.rules import VARIANTS
from scoring.rules.simulate import PlayedHand


def held_at_start(hand: PlayedHand) -> dict[int, list]:
    """Each seat's cards when play began: the cards it played (every one is recorded)."""
    held: dict[int, list] = {seat: [] for seat in range(hand.players)}
    for played in hand.tricks:
        trick = played.trick
        for index, card in enumerate(trick.plays):
            held[trick.seat_of(index)].append(card)
    return held


def ordered_in_force(hand: PlayedHand, index: int, held: dict[int, set]) -> bool:
    """The simulated order comes after the lead: a leader that held the card and kept it had
    already played, so the order lapsed and a table records none."""
    played = hand.tricks[index]
    if not played.ordered:
        return False
    trick = played.trick
    leader_held = hand.called_card in held[trick.leader]
    return not leader_held or trick.plays[0] is hand.called_card


def trick_json(hand: PlayedHand, index: int, held: dict[int, set]) -> dict:
    trick = hand.tricks[index].trick
    entry: dict = {"plays": [c.code for c in trick.plays]}
    if trick.lead_suit is not None:
        entry["lead_suit"] = trick.lead_suit
    if trick.joker_called:
        entry["joker_called"] = True
    if ordered_in_force(hand, index, held):
        entry["secretary_ordered"] = True
    return entry


def record_body(hand: PlayedHand, rules, with_calls: bool = True) -> dict:
    variant = VARIANTS[hand.variant]
    body: dict = {
        "variant": hand.variant,
        "players": hand.players,
        "options": rules.api_json(),  # a table's own rules are no ruling's
        "declarer": hand.declarer,
        "contract": str(hand.contract),
        "discards": [c.code for c in hand.discards],
    }
    if hand.sitting_out is not None:
        body["sitting_out"] = hand.sitting_out
    if hand.called_card is not None:
        body["called_card"] = hand.called_card.code
    elif variant.has_partner and not variant.first_trick_names_partner(rules):
        body["partner"] = None  # the Mighty's "no friend"
    start = held_at_start(hand)
    body["hands"] = {str(seat): [c.code for c in cards] for seat, cards in start.items()}
    held = {seat: set(cards) for seat, cards in start.items()}
    tricks = []
    for index, played in enumerate(hand.tricks):
        tricks.append(trick_json(hand, index, held))
        for position, card in enumerate(played.trick.plays):
            held[played.trick.seat_of(position)].discard(card)
    body["tricks"] = tricks
    if with_calls and not variant.auction_seat_fields(rules):
        # The auction's extra seats (a previous napoleon) are drawn and not kept.
        body["calls"] = hand.calls
        body["dealer"] = hand.dealer
    return body


def swap_candidates(hand: PlayedHand, rules) -> list[tuple[int, object]]:
    """(trick index, the card swapped in) for each trick whose last player could have been
    made to play there, illegally, the card it played to the last trick, every other play
    staying legal and the trick's winner unchanged.

    The last player of a trick is the only one whose card changes no other play of it, and
    in the last trick, where every seat holds one card, any card may be played; the seat's
    plays in between must stay legal with the card it kept back."""
    variant = VARIANTS[hand.variant]
    holdings = _holdings(hand)
    last = hand.tricks[-1].trick
    last_cards = {last.seat_of(i): c for i, c in enumerate(last.plays)}
    found = []
    for index, played in enumerate(hand.tricks[:-1]):
        trick = played.trick
        position = len(trick.plays) - 1
        seat = trick.seat_of(position)
        card, kept = last_cards[seat], trick.plays[position]
        if seat == last.leader or _legal(hand, rules, index, position, holdings[index][seat], card):
            continue
        result = variant.winner(replace(trick, plays=trick.plays[:-1] + (card,)), rules)
        if (result.winner, result.toppled) != (played.result.winner, played.result.toppled):
            continue
        if all(
            _legal(
                hand,
                rules,
                later,
                _position(hand, later, seat),
                holdings[later][seat] - {card} | {kept},
                _play(hand, later, seat),
            )
            for later in range(index + 1, len(hand.tricks) - 1)
        ):
            found.append((index, card))
    return found


def _holdings(hand: PlayedHand) -> list[dict[int, set]]:
    """Each seat's cards before each trick."""
    held = {seat: set(cards) for seat, cards in held_at_start(hand).items()}
    found = []
    for played in hand.tricks:
        found.append({seat: set(cards) for seat, cards in held.items()})
        for position, c in enumerate(played.trick.plays):
            held[played.trick.seat_of(position)].discard(c)
    return found


def _position(hand: PlayedHand, index: int, seat: int) -> int:
    trick = hand.tricks[index].trick
    return [trick.seat_of(i) for i in range(len(trick.plays))].index(seat)


def _play(hand: PlayedHand, index: int, seat: int):
    return hand.tricks[index].trick.plays[_position(hand, index, seat)]


def _legal(hand: PlayedHand, rules, index: int, position: int, holding: set, card) -> bool:
    variant = VARIANTS[hand.variant]
    trick = hand.tricks[index].trick
    before = replace(trick, plays=trick.plays[:position])
    extra = {}
    if variant.secretary_card:
        held = _holdings(hand)[index]
        extra = {
            "secretary_ordered": ordered_in_force(hand, index, held),
            "declarer": hand.declarer,
        }
    return card in variant.legal_plays(before, list(holding), rules, **extra).legal


def swapped_body(body: dict, index: int, card) -> dict:
    """The record with the card of trick ``index``'s last player swapped with ``card``, the
    one that seat played to the last trick."""
    body = {**body, "tricks": [dict(t, plays=list(t["plays"])) for t in body["tricks"]]}
    trick, last = body["tricks"][index], body["tricks"][-1]
    original = trick["plays"][-1]
    trick["plays"][-1] = card.code
    last["plays"][last["plays"].index(card.code)] = original
    return body


# ---- hand-written records, one table per game ------------------------------------------

# (variant, players, declarer, contract, header fields): spades are trump wherever a contract
# names one, and the cards of the scenarios below (hearts, clubs and diamonds from 4 to 9) are
# plain cards in every game.
GAMES = [
    ("taiwan", 5, 0, "3S", {"called_card": "SQ"}),
    ("hongkong", 4, 1, "2S", {"called_card": "SQ"}),
    ("japanese", 5, 2, "13S", {}),
    ("japanese-chip", 5, 0, "13S", {}),
    ("thai", 5, 3, "2S", {}),
    ("mighty", 6, 0, "14S", {"sitting_out": 2}),
    ("nap", 4, 1, "three", {}),
]
GAME_IDS = [game[0] for game in GAMES]
# Trick 1 as played from its lead: hearts led; the fourth player discards ♦9.
TRICK_ONE = ["H9", "H8", "H7", "D9", "H6", "H4"]
# A hand for the fourth player of trick 1: ♦9, the ♥5 it kept back, then fillers.
FILLERS = ["C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "D4", "D5", "D6"]


def game_body(game, **fields) -> dict:
    variant, players, declarer, contract, header = game
    return {
        "variant": variant,
        "players": players,
        "declarer": declarer,
        "contract": contract,
        **header,
        **fields,
    }


def live(game) -> int:
    return game[1] - ("sitting_out" in game[4])


def seats(game) -> list[int]:
    """The seat of each play of trick 1 (led by the first leader, a killed seat skipped)."""
    variant, players, declarer, _contract, header = game
    code = VARIANTS[variant]
    leader = code.first_leader(declarer, players, code.rules(None, players))
    out = header.get("sitting_out")
    order = [(leader + i) % players for i in range(players)]
    return [seat for seat in order if seat != out]


def first_trick(game) -> dict:
    return {"plays": TRICK_ONE[: live(game)]}


def later_trick(game, fourth: str) -> dict:
    """Trick 2, led by trick 1's winner (its leader): only the fourth player's card known."""
    plays = [None] * live(game)
    plays[3] = fourth
    return {"plays": plays, "winner": seats(game)[0], "points": []}


def fourth_hand(game, keep_heart: bool = True) -> list[str]:
    variant, players = game[0], game[1]
    size = VARIANTS[variant].tricks(players, VARIANTS[variant].rules(None, players))
    cards = ["D9", "H5"] if keep_heart else ["D9"]
    return (cards + FILLERS)[:size]
