"""Random but legal hands, played through the engine from the deal to the score.

Used by the property tests (every card played once, a legal card always there,
points adding up), the benchmark, and synthetic leagues. Each choice a player
makes is random; every rule is the engine's own.
"""

import random
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.rules.auction import AuctionState
from scoring.rules.bids import DEAL_MISS, PASS, Bid, Contract, NapBid
from scoring.rules.cards import JOKER, SUITS, Card
from scoring.rules.errors import RulesError
from scoring.rules.scores import HandFacts, Score
from scoring.rules.tricks import Trick, TrickResult
from scoring.rules.variants.base import Variant
from scoring.rules.variants.mighty import Mighty

# Any game's house rules: the play-out reads the options of whichever game it plays.
Rules = Any
Hands = list[list[Card]]


@dataclass
class PlayedTrick:
    trick: Trick
    result: TrickResult
    ordered: bool = False  # the napoleon ordered the secretary card played (Taiwan)


@dataclass
class PlayedHand:
    variant: str
    players: int
    dealer: int
    dealt: list[list[Card]]
    blind: list[Card]
    calls: list[object]
    auction: AuctionState
    contract: Contract | None = None
    declarer: int | None = None
    called_card: Card | None = None
    partner: int | None = None
    discards: list[Card] = field(default_factory=list)
    tricks: list[PlayedTrick] = field(default_factory=list)
    facts: HandFacts | None = None
    score: Score | None = None
    sitting_out: int | None = None  # six-player Mighty: the seat the declarer killed

    @property
    def redeal(self) -> bool:
        return self.auction.redeal


def deal(
    variant: Variant[Any], players: int, rules: Rules, rng: random.Random
) -> tuple[Hands, list[Card]]:
    """Shuffle and deal: a hand per seat and the blind (widow, kitty, stock)."""
    deck = list(variant.deck(players, rules))
    rng.shuffle(deck)
    size = variant.hand_size(players, rules)
    hands = [deck[i * size : (i + 1) * size] for i in range(players)]
    return hands, deck[players * size :]


def play_random_hand(
    variant: Variant[Any], players: int, rules: Rules, rng: random.Random, dealer: int = 0
) -> PlayedHand:
    hands, blind = deal(variant, players, rules, rng)
    calls, state = random_auction(variant, players, rules, rng, dealer, hands)
    record = PlayedHand(
        variant.code, players, dealer, [list(h) for h in hands], list(blind), calls, state
    )
    if state.redeal:
        return record
    record.declarer = state.declarer
    record.contract = _final_contract(variant, state.contract, rules, rng)
    if variant.needs_sitting_out(players):
        blind = _kill(record, hands, blind, rng)
    _exchange(variant, record, hands, blind, rules, rng)
    _play(variant, record, hands, rules, rng)
    record.facts = _facts(variant, record, rules)
    record.score = variant.score(record.facts, rules)
    return record


# ---- auction -------------------------------------------------------------------


def random_auction(
    variant: Variant[Any],
    players: int,
    rules: Rules,
    rng: random.Random,
    dealer: int,
    hands: Hands | None = None,
) -> tuple[list[object], AuctionState]:
    """Random legal calls until the auction ends; with ``hands``, a player whose dealt hand
    qualifies sometimes calls a deal miss as its first call."""
    free = getattr(rules, "auction_order", None) == "free"
    # Seats the auction must be told (the previous napoleon under a Japanese house rule).
    seats = {
        name: rng.choice((None, *range(players))) for name in variant.auction_seat_fields(rules)
    }
    calls: list[object] = []
    called: set[int] = set()
    while True:
        state = variant.auction(players, calls, rules, dealer=dealer, **seats)
        if state.complete:
            return calls, state
        seat = state.next if state.next is not None else rng.randrange(players)
        if _calls_deal_miss(variant, rules, hands, seat, called, rng):
            call = DEAL_MISS
        else:
            call = _random_call(variant, players, rules, rng, dealer, calls, seat, free, seats)
        calls.append({"seat": seat, "call": call} if free else call)
        called.add(seat)


def _calls_deal_miss(
    variant: Variant[Any],
    rules: Rules,
    hands: Hands | None,
    seat: int,
    called: set[int],
    rng: random.Random,
) -> bool:
    if hands is None or not variant.deal_miss_on(rules) or seat in called:
        return False
    return variant.deal_miss(len(hands), hands[seat], rules).qualifies and rng.random() < 0.5


def _random_call(
    variant: Variant[Any],
    players: int,
    rules: Rules,
    rng: random.Random,
    dealer: int,
    calls: list[object],
    seat: int,
    free: bool,
    seats: dict[str, int | None] | None = None,
) -> str:
    def allowed(text: str) -> bool:
        trial = calls + [{"seat": seat, "call": text} if free else text]
        try:
            variant.auction(players, trial, rules, dealer=dealer, **(seats or {}))
        except RulesError:
            return False
        return True

    # A pass is not always allowed (a Japanese house rule makes a seat open the bidding).
    if rng.random() < 0.55 and allowed(PASS):
        return PASS
    ladder = variant.ladder(rules)
    candidates = ladder.ladder(12 if variant.code == "mighty" else None)
    legal = []
    for text in candidates:
        if not allowed(text):
            continue
        legal.append(text)
        if len(legal) == 4:
            break
    return rng.choice(legal) if legal else PASS


def _final_contract(
    variant: Variant[Any], contract: Contract | None, rules: Rules, rng: random.Random
) -> Contract | None:
    if isinstance(contract, Bid) and contract.trump is None:
        # Taiwan's number style: the winner names the trump after the auction (no trump
        # only where the house rules allow it).
        return Bid(contract.count - 8, rng.choice(variant.trump_choices(rules)))
    if isinstance(variant, Mighty) and isinstance(contract, Bid) and rng.random() < 0.2:
        try:
            return variant.change_trump(contract, rng.choice((*SUITS, "NT")), rules)
        except RulesError:
            return contract
    return contract


# ---- exchange and partner -----------------------------------------------------------


def _kill(record: PlayedHand, hands: Hands, blind: list[Card], rng: random.Random) -> list[Card]:
    """Six-player Mighty: the declarer names a card outside its hand and the kitty; its
    holder sits out. That hand joins the kitty, two cards go to each other live player and
    the last five to the declarer, as the kitty."""
    declarer, n = record.declarer, record.players
    named = rng.choice([c for seat, h in enumerate(hands) if seat != declarer for c in h])
    out = next(seat for seat, h in enumerate(hands) if named in h)
    record.sitting_out = out
    pool = hands[out] + list(blind)
    rng.shuffle(pool)
    hands[out] = []
    others = [seat for seat in range(n) if seat not in (declarer, out)]
    for index, seat in enumerate(others):
        hands[seat] += pool[2 * index : 2 * index + 2]
    return pool[2 * len(others) :]


def _exchange(
    variant: Variant[Any],
    record: PlayedHand,
    hands: Hands,
    blind: list[Card],
    rules: Rules,
    rng: random.Random,
) -> None:
    if variant.code == "nap":
        _take_garnet(record, hands, blind, rng)
        return
    declarer = record.declarer
    assert declarer is not None  # a hand that is played has a declarer
    deck = variant.deck(record.players, rules)
    hand = hands[declarer] + list(blind)
    rng.shuffle(hand)
    # The declarer ends with a trick's worth of cards (six-player Mighty takes five, keeps two).
    keep = variant.tricks(record.players, rules)
    record.discards = hand[: len(hand) - keep]
    hands[declarer] = hand[len(hand) - keep :]
    if variant.code == "mighty" and rules.first_trick_friend:
        return
    if variant.code == "mighty" and rng.random() < 0.1:
        return  # "no friend"
    outside = [c for c in deck if c not in hands[declarer]]
    record.called_card = rng.choice(outside if rng.random() < 0.9 else list(deck))
    record.partner = next(
        (seat for seat, h in enumerate(hands) if record.called_card in h and seat != declarer), None
    )


def _take_garnet(record: PlayedHand, hands: Hands, blind: list[Card], rng: random.Random) -> None:
    """Sir Garnet: the bidder takes the extra hand and keeps five of the ten cards; the
    record's blind becomes the cards nobody took."""
    if not isinstance(record.contract, NapBid) or record.contract.name != "garnet":
        return
    assert record.declarer is not None
    size = len(hands[record.declarer])
    hand = hands[record.declarer] + list(blind[:size])
    rng.shuffle(hand)
    record.discards, hands[record.declarer] = hand[:size], hand[size:]
    record.blind = list(blind[size:])


# ---- play ------------------------------------------------------------------------


def _play(
    variant: Variant[Any], record: PlayedHand, hands: Hands, rules: Rules, rng: random.Random
) -> None:
    n = record.players
    assert record.declarer is not None and record.contract is not None
    leader = variant.first_leader(record.declarer, n, rules)
    contract = record.contract
    trump = None if not isinstance(contract, Bid) or contract.no_trump else contract.trump
    for number in range(1, variant.tricks(n, rules) + 1):
        trick, ordered = _play_trick(variant, record, hands, rules, rng, number, leader, trump)
        result = variant.judge(trick, rules)
        record.tricks.append(PlayedTrick(trick, result, ordered))
        if variant.trump_from_lead and number == 1:
            trump = variant.trick_trump(trick, rules)
        if variant.code == "mighty" and rules.first_trick_friend and number == 1:
            record.partner = None if result.winner == record.declarer else result.winner
        if result.toppled:
            return
        leader = result.winner


def _play_trick(
    variant: Variant[Any],
    record: PlayedHand,
    hands: Hands,
    rules: Rules,
    rng: random.Random,
    number: int,
    leader: int,
    trump: str | None,
) -> tuple[Trick, bool]:
    """The trick played, and whether the napoleon ordered the secretary card played in it."""
    contract = record.contract if variant.trump_from_lead else None
    trick = Trick(
        record.players,
        number,
        (),
        trump,
        leader,
        called_card=record.called_card,
        contract=contract,
        sitting_out=record.sitting_out,
    )
    ordered = False
    for index in range(trick.live_players):
        seat = trick.seat_of(index)
        legal = _legal(variant, record, trick, hands[seat], rules, ordered)
        if not legal:
            raise AssertionError(f"seat {seat} has no legal card in {trick}")
        played = rng.choice(legal)
        hands[seat].remove(played)
        trick = _add(variant, trick, played, rules, rng)
        if index == 0:
            ordered = _order(variant, record, trick, rules, rng)
    return trick, ordered


def _add(
    variant: Variant[Any], trick: Trick, played: Card, rules: Rules, rng: random.Random
) -> Trick:
    trick = replace(trick, plays=trick.plays + (played,))
    if len(trick.plays) > 1:
        return trick
    if variant.needs_lead_suit(trick):
        trick = replace(trick, lead_suit=rng.choice(SUITS))
    called = variant.joker_call_allowed(replace(trick, joker_called=True), rules)
    return replace(trick, joker_called=called and rng.random() < 0.7)


def _legal(
    variant: Variant[Any],
    record: PlayedHand,
    trick: Trick,
    hand: list[Card],
    rules: Rules,
    ordered: bool,
) -> tuple[Card, ...]:
    if not variant.secretary_card:
        return variant.legal_plays(trick, hand, rules).legal
    return variant.legal_plays(trick, hand, rules, ordered, record.declarer).legal


def _order(
    variant: Variant[Any], record: PlayedHand, trick: Trick, rules: Rules, rng: random.Random
) -> bool:
    """Sometimes the napoleon orders the secretary card played (where the house rules allow)."""
    if not variant.secretary_card or rules.secretary_order == "off":
        return False
    if rules.secretary_order == "napoleon_lead_only" and trick.leader != record.declarer:
        return False
    return rng.random() < 0.15


# ---- result ----------------------------------------------------------------------


def _facts(variant: Variant[Any], record: PlayedHand, rules: Rules) -> HandFacts:
    n = record.players
    partner = None if record.partner == record.declarer else record.partner
    assert record.declarer is not None and record.contract is not None
    if variant.counts_tricks:
        toppled = any(t.result.toppled for t in record.tricks)
        tricks = {seat: 0 for seat in range(n)}
        for played in record.tricks:
            tricks[played.result.winner] += 1
        return HandFacts(
            n,
            record.declarer,
            record.contract,
            partner,
            tricks=None if toppled else tricks,
            toppled=toppled,
        )
    points = variant.point_cards(n, rules)
    captured: dict[int, list[Card]] = {seat: [] for seat in range(n)}
    for played in record.tricks:
        captured[played.result.winner] += [c for c in played.trick.plays if c in points]
    discards = tuple(c for c in record.discards if c in points)
    return HandFacts(
        n,
        record.declarer,
        record.contract,
        partner,
        {s: tuple(cs) for s, cs in captured.items()},
        discards,
        sitting_out=record.sitting_out,
    )


__all__ = ["JOKER", "PlayedHand", "deal", "play_random_hand", "random_auction"]
