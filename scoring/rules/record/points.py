"""The point cards of the tricks whose cards are not all known (record.md §3): required,
derived, or checked against what the record shows, trick by trick."""

from scoring.rules.record import faults
from scoring.rules.record.model import Game, Record
from scoring.rules.record.walk import Played


def settle(game: Game, record: Record, played: list[Played]) -> None:
    """Give every finished partial trick its point cards, or refuse its ``points``."""
    placed = set(record.discards)
    for p in played:
        placed.update(p.entry.known)
        placed.update(p.entry.points or ())
    # A trick needs no list when every point card is already placed elsewhere (§3).
    all_placed = game.point_cards <= placed
    for p in played:
        entry = p.entry
        if not entry.finished or entry.seen:
            continue
        if entry.points is None:
            if game.counts_points and not all_placed:
                raise faults.required(p.index, "points")
            p.points = game.in_deck_order(c for c in entry.known if c in game.point_cards)
        else:
            _check(game, record, p)
            p.points = game.in_deck_order(entry.points)


def _check(game: Game, record: Record, p: Played) -> None:
    """The four checks of a given list, each over the whole list before the next."""
    entry, index = p.entry, p.index
    given = entry.points or ()
    for i, card in enumerate(given):
        if card not in game.point_cards:
            raise faults.not_point_card(faults.trick_path(index, f"points[{i}]"), card)
    for card in entry.known:
        if card in game.point_cards and card not in given:
            raise faults.points_play_missing(index, card)
    unknown = sum(c is None for c in entry.plays)
    elsewhere = [c for c in given if c not in entry.known]
    if len(elsewhere) > unknown:
        raise faults.points_too_many(index, len(elsewhere), unknown)
    _check_hands(game, record, p)


def _check_hands(game: Game, record: Record, p: Played) -> None:
    """A listed card held by a seat is that seat's play, or that play is unknown; with every
    hand given, a card in none of them was never played."""
    hands = record.hands
    every = all(seat in hands for seat in game.live_seats(record.sitting_out))
    for i, card in enumerate(p.entry.points or ()):
        field = faults.trick_path(p.index, f"points[{i}]")
        holder = next((seat for seat, hand in hands.items() if card in hand), None)
        if holder is None:
            if every:
                raise faults.points_in_no_hand(field, card)
            continue
        played = p.entry.plays[p.seats.index(holder)]
        if played is not None and played is not card:
            raise faults.points_held_elsewhere(field, card, holder, played, p.number)
