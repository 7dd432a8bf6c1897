"""The standing of a record (record.md §5): the discarded point cards, the claim, tricks and
point cards by seat and by side, and, once the hand is over and the partner known, the
``/score`` request for its result."""

from dataclasses import dataclass

from scoring.rules.cards import Card
from scoring.rules.record import faults
from scoring.rules.record.answer import Claim, NextPlay, PartnerView, Side
from scoring.rules.record.model import Game, Record
from scoring.rules.record.walk import Played
from scoring.rules.scores import HandFacts


@dataclass(frozen=True, slots=True)
class Standing:
    tricks_won: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    claimed: Claim | None
    complete: bool


def discarded(game: Game, record: Record, played: list[Played]) -> tuple[Card, ...]:
    """The point cards known to be discarded (§5.1), in deck order."""
    points = game.point_cards
    found = {c for c in record.discards if c in points}
    if all(seat in record.hands for seat in game.live_seats(record.sitting_out)):
        held = {c for hand in record.hands.values() for c in hand}
        found |= points - held
    if played_out(game, played):
        in_tricks = {c for p in played for c in p.points or ()}
        found |= points - in_tricks
    return game.in_deck_order(found)


def played_out(game: Game, played: list[Played]) -> bool:
    return len(played) == game.tricks and all(p.entry.finished for p in played)


def check_discard_count(game: Game, record: Record, known: tuple[Card, ...]) -> None:
    """No more cards known to be discarded than the declarer discards (§5.1)."""
    count = len(set(record.discards) | set(known))
    most = game.variant.discard_count(game.players, game.rules, record.contract)
    if count > most:
        raise faults.too_many_discards(count, most)


def check_claim(game: Game, record: Record, played: list[Played]) -> None:
    """A claim ends a hand whose recorded tricks are all finished (§5.3)."""
    seat = record.rest
    if seat is None:
        return
    in_progress = next((p for p in played if not p.entry.finished), None)
    if in_progress is not None:
        raise faults.claim_refused("in_progress", trick=in_progress.number)
    if len(played) >= game.tricks:
        raise faults.claim_refused("all_recorded", tricks=game.tricks)
    if any(p.toppled for p in played):
        raise faults.claim_refused("toppled")
    if seat == record.sitting_out:
        raise faults.killed("claim", seat, "rest")


def standing(game: Game, record: Record, played: list[Played], known: tuple[Card, ...]) -> Standing:
    """Tricks and point cards by seat, the claimed ones included."""
    won = [0] * game.players
    captured: list[set[Card]] = [set() for _seat in range(game.players)]
    for p in played:
        if p.entry.finished and p.winner is not None:
            won[p.winner] += 1
            captured[p.winner].update(p.points or ())
    claim = None
    if record.rest is not None:
        in_tricks = {c for p in played for c in p.points or ()}
        claimed = game.in_deck_order(game.point_cards - in_tricks - set(known))
        claim = Claim(record.rest, game.tricks - len(played), claimed)
        won[record.rest] += claim.tricks
        captured[record.rest].update(claimed)
    complete = claim is not None or played_out(game, played) or any(p.toppled for p in played)
    by_seat = tuple(game.in_deck_order(cards) for cards in captured)
    return Standing(tuple(won), by_seat, claim, complete)


def next_play(game: Game, record: Record, played: list[Played]) -> NextPlay:
    """The trick being played (or to be led) and the seat to play, in an incomplete record."""
    last = played[-1] if played else None
    if last is not None and not last.entry.finished:
        return NextPlay(last.number, last.seats[len(last.entry.plays)])
    if last is None:
        leader = game.variant.first_leader(record.declarer, game.players, game.rules)
        return NextPlay(1, leader)
    assert last.winner is not None  # a record without a winner here is complete
    return NextPlay(last.number + 1, last.winner)


def sides(
    game: Game, record: Record, partner: PartnerView, held: Standing, known: tuple[Card, ...]
) -> tuple[Side, Side]:
    """The declarer's side and the defenders (§8): their seats, tricks and points."""
    team = (
        {record.declarer}
        if partner.alone or partner.seat is None
        else {record.declarer, partner.seat}
    )
    others = [s for s in game.live_seats(record.sitting_out) if s not in team]
    variant, rules = game.variant, game.rules
    to_declarer = variant.discards_to_declarer(rules) and not variant.discards_raise_target(rules)
    to_defenders = not variant.discards_to_declarer(rules) and not variant.discards_raise_target(
        rules
    )

    def side(seats: list[int], gets_discards: bool) -> Side:
        tricks = sum(held.tricks_won[s] for s in seats)
        if not game.counts_points:
            return Side(tuple(seats), tricks, None)
        points = sum(len(held.captured[s]) for s in seats) + (len(known) if gets_discards else 0)
        return Side(tuple(seats), tricks, points)

    return side(sorted(team), to_declarer), side(others, to_defenders)


def facts(
    game: Game,
    record: Record,
    partner: PartnerView,
    held: Standing,
    known: tuple[Card, ...],
    toppled: bool,
) -> HandFacts:
    """The result as ``/score`` takes it (§5.5)."""
    players, declarer, contract = game.players, record.declarer, record.contract
    alone = partner.partner
    if game.counts_points:
        captured = dict(enumerate(held.captured))
        return HandFacts(
            players, declarer, contract, alone, captured, known, sitting_out=record.sitting_out
        )
    if toppled:
        return HandFacts(players, declarer, contract, alone, toppled=True)
    return HandFacts(players, declarer, contract, alone, tricks=dict(enumerate(held.tricks_won)))
