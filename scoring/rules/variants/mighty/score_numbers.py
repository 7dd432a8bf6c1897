"""The Mighty's score as numbers: what ``score`` works out, without writing a sentence.

``score`` states each rule of the score as a sentence as it applies it (the formula, each
doubling, the shares): that is what a person or the API reads. Most scores are never read
(a league rescored, a play-out, a preview of the amounts), so ``game.Mighty.score`` takes
the amounts from here and has ``score`` write the sentences only when they are read. The
two follow the same rules; ``tests/rules/test_scores_mighty_numbers.py`` checks they agree
on every result under drawn house rules and table numbers.

What the score reads of the house rules and the table's numbers is worked out once per
rules object and player count (``ScoreNumbers``): every formula is linear in the points
taken and the bid, the doublings are multipliers (1 where a house rule turns one off), the
shares are each role's coefficient of the unit. Two tables are made then too: what each role
is paid (declarer, friend, opponent, alone or not, a killed seat) for every bid, point count
and trump class, a few thousand numbers; and, for every declarer, friend and killed seat,
which role each seat plays. Nothing about a result is kept: each hand looks up its result's
amounts and hands each seat its role's, afresh, and its captured cards, when given, are
checked in one pass (one list of them, one set difference). Anything off those tables (a bid
off the ladder, a seat that is none of the table's) is worked out from the constants.
"""

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import itemgetter

from scoring.rules.bids import Bid
from scoring.rules.cards import NO_TRUMP, SUITS, Card
from scoring.rules.scores import HandFacts, Score, side_points
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS, MightyRules
from scoring.rules.variants.mighty.score import ALL_POINTS

DISCARDS = 3  # the declarer always discards three, whatever the kitty held
SECOND_ROUND_LOW = 12  # ``all_pass: min_12``: the lowest bid a contract can have above ``min_bid``
# What a seat can be paid, as an index into a result's amounts (``ScoreNumbers._paid``).
ROLES = DECLARER, FRIEND, OPPONENT, ALONE_DECLARER, ALONE_OPPONENT, SITTING_OUT = range(6)
Pick = Callable[[tuple[int, ...]], tuple[int, ...]]
Seats = Mapping[int, Mapping[int | None, Mapping[int | None, Pick]]]  # by declarer, friend, killed


class ScoreNumbers:
    """The constants of a Mighty score for one rules object and player count."""

    __slots__ = (
        "point_cards", "total", "discards_to_declarer", "made_form", "failed_form",
        "at_least_one", "run", "back", "back_at_most", "back_reach_bid", "made_times",
        "failed_times", "shares", "write", "amounts", "seats",
    )  # fmt: skip

    def __init__(
        self,
        rules: MightyRules,
        players: int,
        point_cards: frozenset[Card],
        values: Mapping[str, int],
        write: Callable[[Score], tuple[str, ...]],
    ) -> None:
        """``write`` writes the reasons of a score from its facts and points."""
        self.write = write
        self.point_cards, self.total = point_cards, len(point_cards)
        self.discards_to_declarer = rules.discards_to == "declarer"
        self.made_form, self.failed_form = _forms(rules, values)
        self.at_least_one = rules.made_at_least_one
        self.run, self.back = values["run_multiplier"], values["back_run_multiplier"]
        # A back run: the side took at most so many points (-1: never), or left the
        # opponents as many as the bid.
        self.back_at_most = {"opponents_11": 9, "opponents_10": 10}.get(rules.back_run, -1)
        self.back_reach_bid = rules.back_run == "opponents_reach_bid"
        self.made_times = _multipliers(rules, values, made=True)
        self.failed_times = _multipliers(rules, values, made=False)
        self.shares = (_shares(values, players, False), _shares(values, players, True))
        # What each role is paid for every result a contract can have, by trump, bid (from the
        # lowest a second round allows: 12, or a lower ``min_bid``, to 20) and points, and
        # which role each seat plays for every declarer, friend and killed seat: a hand looks
        # both up.
        low = min(rules.min_bid, SECOND_ROUND_LOW)
        plain, no_trump = self._amounts(low, no_trump=False), self._amounts(low, no_trump=True)
        self.amounts = {trump: plain for trump in (*SUITS, None)} | {NO_TRUMP: no_trump}
        self.seats = _seat_roles(players)

    def _amounts(self, low: int, no_trump: bool) -> dict[int, tuple[tuple[int, ...], ...]]:
        """By bid from ``low`` to 20 (a key error for any other bid), then by points from 0
        to 20: the amount of each role (``ROLES``)."""
        every = range(ALL_POINTS + 1)
        bids = range(low, ALL_POINTS + 1)
        return {bid: tuple(self._paid(bid, p, no_trump) for p in every) for bid in bids}

    def _paid(self, bid: int, points: int, no_trump: bool) -> tuple[int, ...]:
        """The amount of each role (``ROLES``) for one result."""
        (declarer, friend, opponent), (alone_declarer, _none, alone_opponent) = self.shares
        side = self.unit(bid, points, False, no_trump)
        alone = self.unit(bid, points, True, no_trump)
        paid = (declarer * side, friend * side, opponent * side)
        return (*paid, alone_declarer * alone, alone_opponent * alone, 0)

    def score(self, facts: HandFacts) -> Score:
        """Every seat's score for ``facts``, worked out afresh; the reasons are written from
        the score's facts and numbers each time they are read."""
        captured, points = facts.captured, facts.declarer_points
        if captured is not None:
            points = self.captured_points(facts, captured)
        elif points is None or not 0 <= points <= self.total:
            points = side_points(facts, self.point_cards, DISCARDS, self.discards_to_declarer)
        contract = facts.contract
        assert isinstance(contract, Bid)
        bid = contract.count
        try:
            paid = self.amounts[contract.trump][bid][points]
            deltas = self.seats[facts.declarer][facts.partner][facts.sitting_out](paid)
        except LookupError:  # a bid off the ladder, a seat none of the table's: worked out
            deltas = self.deltas(facts, bid, points)
        return Score(points >= bid, bid, points, deltas, self.write, "", facts)

    def deltas(self, facts: HandFacts, bid: int, points: int) -> tuple[int, ...]:
        """Every seat's score worked out from the rules' constants, as ``scores.deltas_for``
        shares it: for a result off the tables."""
        assert isinstance(facts.contract, Bid)
        declarer, partner, alone = facts.declarer, facts.partner, facts.alone
        amount = self.unit(bid, points, alone, facts.contract.trump == NO_TRUMP)
        share, friend, opponent = self.shares[alone]
        deltas = [opponent * amount] * facts.players
        if partner is not None and not alone:
            deltas[partner] = friend * amount
        deltas[declarer] = share * amount
        if facts.sitting_out is not None:
            deltas[facts.sitting_out] = 0  # a killed seat sits the hand out
        return tuple(deltas)

    def captured_points(self, facts: HandFacts, captured: Mapping[int, Sequence[Card]]) -> int:
        """The declarer's side's points from the point cards each seat took, once every point
        card is known to be taken or discarded exactly once: as many cards as point cards,
        none of the point cards left out. Anything else goes to ``scores.side_points``, which
        says what is wrong (or that a count given too does not agree)."""
        discards = facts.discards
        placed = [*discards]  # every card placed, in one list: one pass of the set below
        for cards in captured.values():
            placed += cards
        if (
            len(placed) != self.total
            or len(discards) > DISCARDS
            or facts.declarer_points is not None
            or self.point_cards.difference(placed)
        ):
            return side_points(facts, self.point_cards, DISCARDS, self.discards_to_declarer)
        points = len(captured.get(facts.declarer, ()))
        partner = facts.partner
        if partner is not None and partner != facts.declarer:
            points += len(captured.get(partner, ()))
        return points + len(discards) if self.discards_to_declarer else points

    def unit(self, bid: int, points: int, alone: bool, no_trump: bool) -> int:
        """The unit every share is a multiple of, doublings included (``score.unit``)."""
        if points >= bid:
            bid_times, constant = self.made_form
            amount = points + bid_times * bid + constant
            if amount < 1:
                if not self.at_least_one:
                    return 0  # nothing, or the formula turns against the result
                amount = 1
            if points == ALL_POINTS:
                amount *= self.run
            no_trump_times, alone_times, bid_20_times = self.made_times
        else:
            points_times, bid_times, constant = self.failed_form
            amount = points_times * points + bid_times * bid + constant
            if amount > 0:
                return 0  # the formula turns against the result
            if points <= self.back_at_most or (self.back_reach_bid and ALL_POINTS - points >= bid):
                amount *= self.back
            no_trump_times, alone_times, bid_20_times = self.failed_times
        if no_trump:
            amount *= no_trump_times
        if alone:
            amount *= alone_times
        return amount * bid_20_times if bid == ALL_POINTS else amount


def _forms(
    rules: MightyRules, values: Mapping[str, int]
) -> tuple[tuple[int, int], tuple[int, int, int]]:
    """The unit S as ``score._seed`` and ``score._pagat`` state it: made, ``points + b ×
    bid + c`` as (b, c); failed, ``p × points + b × bid + c`` as (p, b, c)."""
    low, base = rules.min_bid, values.get("base", 0)
    if rules.formula == "seed":  # made: points − base; failed: −(bid − base)
        return (0, -base), (0, -1, base)
    if rules.failed_pays_back:  # −((bid − 10) + (bid − points))
        failed = (1, -2, 10)
    else:  # −(bid − points)
        failed = (1, -1, 0)
    if rules.formula == "pagat":  # weight × (bid − base) + (points − bid)
        weight = values["bid_weight"]
        return (weight - 1, -weight * base), failed
    if rules.formula == "pagat_p10":  # points − base
        return (0, -base), failed
    if rules.formula == "pagat_pm":  # points − the lowest bid
        return (0, -low), failed
    return (0, 1 - low), failed  # points − the lowest bid + 1


def _multipliers(rules: MightyRules, values: Mapping[str, int], made: bool) -> tuple[int, int, int]:
    """What no trump, playing alone and a bid of 20 multiply a made or a failed contract's
    unit by (``score.doublings``): 1 where no rule doubles it."""
    pagat = rules.formula in PAGAT_FORMULAS
    no_trump = pagat and (made or rules.no_trump_doubles == "always")
    alone = pagat and rules.alone_doubles and (made or rules.alone_doubles_failed)
    bid_20 = rules.bid_20_doubles and (made or rules.bid_20_doubles_failed)
    return (
        values["no_trump_multiplier"] if no_trump else 1,
        values["alone_multiplier"] if alone else 1,
        values["bid_20_multiplier"] if bid_20 else 1,
    )


def _shares(values: Mapping[str, int], players: int, alone: bool) -> tuple[int, int, int]:
    """The declarer's, the friend's and each opponent's share per unit (``score.shares``);
    with four players the declarer takes the balance of the others'."""
    if alone:
        friend, opponent = 0, values["alone_opponent"]
        declarer = values["alone_declarer"]
    else:
        friend, opponent = values["friend"], values["opponent"]
        declarer = values["declarer"]
    if players == 4:
        declarer = -(friend + opponent * (players - (1 if alone else 2)))
    return declarer, friend, opponent


@cache
def _seat_roles(players: int) -> Seats:
    """By declarer, friend (None: alone) and killed seat (None: nobody), what picks each seat's
    amount out of a result's (``ROLES``), as ``scores.deltas_for`` shares it: the same for
    every rules object, so made once per player count. Nested rather than keyed by the three
    at once: a hand then builds and hashes no key."""
    seats = range(players)
    if players < 2:
        return {}  # one seat: ``itemgetter`` would give a number, not a tuple of them
    return {
        declarer: {
            partner: {
                killed: itemgetter(*(_role(seat, declarer, partner, killed) for seat in seats))
                for killed in (None, *seats)
            }
            for partner in (None, *seats)
        }
        for declarer in seats
    }


def _role(seat: int, declarer: int, partner: int | None, killed: int | None) -> int:
    alone = partner is None or partner == declarer
    if seat == killed:
        return SITTING_OUT  # a killed seat sits the hand out, even the declarer's
    if seat == declarer:
        return ALONE_DECLARER if alone else DECLARER
    if seat == partner:
        return FRIEND
    return ALONE_OPPONENT if alone else OPPONENT
