"""Walking a record trick by trick (record.md §2, §6.1 step 7): who led, the seat of each play,
each trick's faults in their turn, and the judgment of every trick whose cards are all known."""

from dataclasses import dataclass, replace

from scoring.rules.cards import Card
from scoring.rules.record import faults, trick_checks
from scoring.rules.record.model import Entry, Game, Record
from scoring.rules.tricks import Trick, TrickResult


@dataclass
class Played:
    """A trick as the walk found it."""

    index: int
    entry: Entry
    leader: int
    seats: tuple[int, ...]
    context: Trick  # the engine's trick without its plays: its number, leader, trump, marks
    result: TrickResult | None = None  # the judgment of a seen trick
    barred: tuple[int, str] | None = None  # a play the trick alone shows barred, and the rule
    winner: int | None = None
    points: tuple[Card, ...] | None = None  # settled for partial tricks once all are read
    toppled: bool = False

    @property
    def number(self) -> int:
        return self.index + 1

    def seat_of(self, seat: int) -> int | None:
        """The position of ``seat``'s play in this trick."""
        return self.seats.index(seat) if seat in self.seats else None


class Walk:
    def __init__(self, game: Game, record: Record) -> None:
        self.game, self.record = game, record
        variant = game.variant
        self.leader: int | None = variant.first_leader(record.declarer, game.players, game.rules)
        self.trump: str | None = game.contract_trump(record.contract)
        # Nap: the first lead names the trump, unless a misère is played without any.
        self.trump_known = not variant.trump_from_lead or game.trumpless(record.contract)
        self.holder = {c: seat for seat, hand in record.hands.items() for c in hand}
        self.played: list[Played] = []
        self.toppled = False

    def run(self) -> list[Played]:
        for index, entry in enumerate(self.record.tricks):
            self.step(index, entry)
        return self.played

    def step(self, index: int, entry: Entry) -> None:
        leader = self.leader
        seats = None if leader is None else self.seats_from(leader)
        if seats is not None:
            self._check_duplicates(index, entry, seats)
        if entry.fault is not None:
            raise entry.fault
        if index and entry.known and not self.trump_known:
            raise faults.trump_required()
        if self.toppled:
            raise faults.after_toppled(index)
        assert leader is not None and seats is not None  # only a toppled trick 1 leaves none
        self._check_hands(index, entry, seats)
        context = self._context(index, entry, leader)
        trick_checks.check_marks(self.game, self.record, index, entry, context)
        played = Played(index, entry, leader, seats, context)
        self._judge(played)
        self.played.append(played)
        self._after(played)

    def seats_from(self, leader: int) -> tuple[int, ...]:
        """The seat of each play of a trick led by ``leader`` (§2.2), skipping a killed seat."""
        probe = Trick(self.game.players, 1, (), leader=leader, sitting_out=self.record.sitting_out)
        return tuple(probe.seat_of(i) for i in range(probe.live_players))

    def _check_duplicates(self, index: int, entry: Entry, seats: tuple[int, ...]) -> None:
        """A known play in the hand of a seat other than its player is given twice (§6.2)."""
        for i, card in enumerate(entry.plays):
            holder = self.holder.get(card) if card is not None else None
            if card is not None and holder is not None and holder != seats[i]:
                raise faults.twice(card, faults.trick_path(index, f"plays[{i}]"))

    def _check_hands(self, index: int, entry: Entry, seats: tuple[int, ...]) -> None:
        """Each known play of a seat whose hand is given must come from that hand (§7.2)."""
        hands = self.record.hands
        for i, card in enumerate(entry.plays):
            seat = seats[i]
            if card is not None and seat in hands and card not in hands[seat]:
                raise faults.not_in_hand(faults.trick_path(index, f"plays[{i}]"), seat, card)

    def _context(self, index: int, entry: Entry, leader: int) -> Trick:
        trump = self.trump
        if self.game.variant.trump_from_lead and index == 0:
            trump = entry.trump  # a known lead names it; Nap's verify_trick compares the two
        return self.game.trick(
            index + 1,
            leader,
            self.record,
            plays=(),
            trump=trump,
            lead_suit=entry.lead_suit,
            joker_called=entry.joker_called,
        )

    def _judge(self, played: Played) -> None:
        entry, index, game = played.entry, played.index, self.game
        if entry.seen:
            plays = tuple(c for c in entry.plays if c is not None)
            trick = replace(played.context, plays=plays)
            played.result, played.barred = trick_checks.judge(game, index, trick)
            played.points = trick_checks.compare(game, index, entry, played.result)
            played.winner = played.result.winner
        elif entry.finished:
            played.winner = entry.winner
        played.toppled = trick_checks.toppled(game, index, entry, played.result)

    def _after(self, played: Played) -> None:
        """Who leads next, what the first trick made trump, and whether the hand is over."""
        self.leader = played.winner
        self.toppled = played.toppled
        if self.game.variant.trump_from_lead and played.index == 0 and not self.trump_known:
            self._first_trump(played.entry, played.context)

    def _first_trump(self, entry: Entry, context: Trick) -> None:
        lead = entry.plays[0] if entry.plays else None
        if lead is not None:
            probe = replace(context, plays=(lead,))
            self.trump = self.game.variant.trick_trump(probe, self.game.rules)
        else:
            self.trump = entry.trump
        self.trump_known = self.trump is not None
