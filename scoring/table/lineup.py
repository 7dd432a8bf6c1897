"""Who plays a hand: those seated, who of them sits it out, and who deals it.

A session's seats (``Seat``) say who sits where now; each hand stores who actually
played it (``Hand.lineup``, its player count and the engine's seats) and who was at the
table without being dealt in (``Hand.benched``). Between them, everyone at the table
for a hand is its *ring*, in seat order; a *place* is a position in the ring.

When more sit at the table than the hand needs, some sit out in turn: by default the
ones after those who sat out the last hand (the first time, the ones just before the
dealer: the last dealer, in a game where the deal passes left). The deal follows each
game's own rule (the variant's ``next_dealer``: left, or Mighty's friend) among those
at the table, and passes on past anyone sitting the hand out.

Nothing here knows a game; every rule comes from the variant object.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from scoring.models import GameSession, Hand
from scoring.rules import RulesError, Variant


@dataclass(frozen=True)
class Place:
    number: int  # the position at the table for this hand: what the hand form posts
    player_id: int
    name: str


class Seating(TypedDict):
    """Who played a hand, as its fields store it (``Hand.lineup``, ``Hand.benched``)."""

    lineup: list[int]  # player ids of those dealt in, in seat order
    benched: list[list[int]]  # [[place, player id], …] of those who sat it out


@dataclass(frozen=True)
class Lineup:
    """Everyone at the table for one hand, how many of them play it, and (when known)
    who sits out by default and whose turn it is to deal."""

    places: tuple[Place, ...]
    players: int | None  # dealt in; None when too few sit at the table to play
    out: tuple[int, ...] | None = None  # places sitting out by default (None: not worked out)
    dealer: int | None = None  # the place whose turn it is to deal

    @property
    def extras(self) -> int:
        return len(self.places) - self.players if self.players else 0

    def playing(self, out: Iterable[int] = ()) -> list[Place]:
        return [p for p in self.places if p.number not in set(out)]

    def seat_of(self, out: Iterable[int] = ()) -> dict[int, int]:
        """{place: engine seat} of those who play, when ``out`` sit out."""
        return {p.number: seat for seat, p in enumerate(self.playing(out))}

    def dealer_place(self, out: Iterable[int] | None = None) -> int:
        """The place that deals: the one whose turn it is, or the next one who plays."""
        skipped = set(self.out or () if out is None else out)
        count = len(self.places)
        for step in range(count):
            place = ((self.dealer or 0) + step) % count
            if place not in skipped:
                return place
        return 0

    def values(self, out: Iterable[int] = ()) -> Seating:
        """The hand's fields for these places: its line-up and who sat out."""
        gone = set(out)
        return {
            "lineup": [p.player_id for p in self.places if p.number not in gone],
            "benched": [[p.number, p.player_id] for p in self.places if p.number in gone],
        }

    def name(self, place: int) -> str:
        return self.places[place].name if 0 <= place < len(self.places) else str(place)


# ---- how many play ------------------------------------------------------------------------


def hand_players(session: GameSession, seated: int) -> int | None:
    """How many of ``seated`` play a hand: as many as the table chose
    (``players_per_hand``) or all of them, but no more than the game seats under the
    session's house rules; None when too few sit to play at all."""

    wanted = min(session.players_per_hand or seated, seated)
    variant: Variant[Any] = session.engine
    for count in sorted(variant.players, reverse=True):
        if count > wanted:
            continue
        try:
            session.rules(count)
        except RulesError:
            continue  # a house rule that does not hold at this count
        return count
    return None


def players_count(session: GameSession) -> int:
    """How many play the next hand: those seated, as the game and ``players_per_hand``
    allow; the seats' count when too few sit to play."""
    seated = len(session.seat_list)
    return hand_players(session, seated) or seated


def seated_places(session: GameSession) -> tuple[Place, ...]:
    return tuple(
        Place(i, seat.player_id, seat.player.name) for i, seat in enumerate(session.seat_list)
    )


def next_lineup(session: GameSession, last: Hand | None = None, turns: bool = True) -> Lineup:
    """The next hand's table: those seated now; with ``turns``, who sits out and whose
    turn it is to deal after ``last`` (the session's last hand, or None)."""
    places = seated_places(session)
    players = hand_players(session, len(places))
    if not turns or not places:
        return Lineup(places, players)
    return with_turns(Lineup(places, players), session, last)


def next_dealer(session: GameSession) -> int:
    """The place (among those seated now) of the next hand's dealer."""
    return next_lineup(session, session.hands.order_by("-number").first()).dealer_place()


def with_turns(lineup: Lineup, session: GameSession, last: Hand | None) -> Lineup:
    seated = [p.player_id for p in lineup.places]
    dealer = intended_dealer(session, last, seated)
    out = rotation(seated, lineup.extras, last, dealer)
    return Lineup(lineup.places, lineup.players, out, dealer)


# ---- a stored hand's table ------------------------------------------------------------------


def ring(lineup: Iterable[int], benched: Iterable[list[int]] | None) -> list[int]:
    """Everyone at the table for a hand, in seat order: its line-up with those who sat
    it out put back in their places."""
    found = list(lineup)
    for place, player in sorted(benched or ()):
        found.insert(place, player)
    return found


def ring_of(hand: Hand) -> list[int]:
    return ring(hand.lineup, hand.benched)


def hand_lineup(hand: Hand) -> Lineup:
    """The table of a stored hand, for editing it: its ring, who sat out, who dealt."""
    names = {seat.player_id: seat.player.name for seat in hand.session.all_seats}
    everyone = ring_of(hand)
    places = tuple(Place(i, pid, names.get(pid, "?")) for i, pid in enumerate(everyone))
    out = tuple(sorted(place for place, _player in hand.benched or ()))
    playing = [p for p in range(len(everyone)) if p not in out]
    dealer = playing[hand.dealer] if 0 <= hand.dealer < len(playing) else 0
    return Lineup(places, len(hand.lineup), out, dealer)


def dealer_seat(session: GameSession, last: Hand | None, values: Mapping[str, Any]) -> int:
    """The engine seat of the dealer of a new hand with these ``lineup`` and ``benched``
    (after ``last``): whose turn it is, or the next one who plays. ``values``: a hand's
    fields by name (a form's entry, or a snapshot's JSON), each of its field's type."""
    everyone = ring(values["lineup"], values.get("benched"))
    out = tuple(place for place, _player in values.get("benched") or ())
    lineup = Lineup(
        tuple(Place(i, pid, "") for i, pid in enumerate(everyone)),
        len(values["lineup"]),
        out,
        intended_dealer(session, last, everyone),
    )
    return lineup.seat_of(out).get(lineup.dealer_place(), 0)


# ---- turns: the deal and sitting out -------------------------------------------------------


def intended_dealer(session: GameSession, last: Hand | None, seated: list[int]) -> int:
    """The place (in ``ring``, those at the table now) whose turn it is to deal after
    ``last``, by the game's rule, before anyone sits out."""
    if not seated:
        return 0
    now = {pid: place for place, pid in enumerate(seated)}
    if last is None:
        numbers = [seat.number for seat in session.seat_list]
        first = numbers.index(session.first_dealer) if session.first_dealer in numbers else 0
        return first if first < len(seated) else 0
    lineup = last.lineup

    def place_now(seat: int | None) -> int | None:
        if seat is None or not 0 <= seat < len(lineup):
            return None
        return now.get(lineup[seat])

    dealer = place_now(last.dealer)
    engine: Variant[Any] = session.engine
    if last.is_deal_miss and last.deal_miss_by is not None:  # whoever called it deals
        caller = place_now(last.deal_miss_by)
        if caller is None:  # whoever called it has left: the next one still here deals
            return _next_present(ring_of(last), lineup[last.deal_miss_by], now)
        return engine.deal_miss_dealer(caller if dealer is None else dealer, caller)
    if dealer is None:  # the dealer has left: the next one still at the table goes on
        return _next_present(ring_of(last), lineup[last.dealer], now)
    if not last.played:
        return engine.next_dealer(dealer, len(seated))
    declarer = place_now(last.declarer)
    if declarer is None:  # the declarer has left: the deal passes on
        return (dealer + 1) % len(seated)
    partner = None if last.partner == last.declarer else place_now(last.partner)
    return engine.next_dealer(dealer, len(seated), declarer, partner)


def _next_present(then: list[int], gone: int, now: dict[int, int]) -> int:
    start = then.index(gone) if gone in then else 0
    for step in range(1, len(then) + 1):
        found = now.get(then[(start + step) % len(then)])
        if found is not None:
            return found
    return 0


def rotation(seated: list[int], extras: int, last: Hand | None, dealer: int) -> tuple[int, ...]:
    """The places that sit out by default: those after the ones who sat out ``last``,
    going round the table; the first time, the ones just before the dealer."""
    if extras <= 0:
        return ()
    count = len(seated)
    now = {pid: place for place, pid in enumerate(seated)}
    start = None
    if last is not None and last.benched:
        then = ring_of(last)
        gone = {place for place, _player in last.benched}
        # The last of them going round: the one whose left-hand neighbour played.
        tail = next((p for p in sorted(gone) if (p + 1) % len(then) not in gone), max(gone))
        if then[tail] in now:
            start = (now[then[tail]] + 1) % count
        else:
            start = _next_present(then, then[tail], now)
    if start is None:
        start = (dealer - extras) % count
    return tuple(sorted((start + k) % count for k in range(extras)))
