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
shares are each seat's coefficient of the unit; the units themselves, a few hundred numbers
(every bid and point count, alone or not, no trump or not), are tabled then too. Nothing
about a result is kept: each hand is looked up and shared out afresh, and its captured
cards, when given, are checked in one pass (one list of them, one set difference).
"""

from collections.abc import Callable, Mapping, Sequence

from scoring.rules.bids import Bid
from scoring.rules.cards import NO_TRUMP, Card
from scoring.rules.scores import HandFacts, Score, side_points
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS, MightyRules
from scoring.rules.variants.mighty.score import ALL_POINTS

DISCARDS = 3  # the declarer always discards three, whatever the kitty held


class ScoreNumbers:
    """The constants of a Mighty score for one rules object and player count."""

    __slots__ = (
        "point_cards", "total", "discards_to_declarer", "made_form", "failed_form",
        "at_least_one", "run", "back", "back_at_most", "back_reach_bid", "made_times",
        "failed_times", "shares", "write", "units",
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
        # Every unit a score can have, by (alone, no trump), bid and points: a hand looks its
        # unit up. Bids are at most 20, so a table of 4 × 21 × 21 numbers.
        self.units = tuple(
            tuple(self._units(alone, no_trump) for no_trump in (False, True))
            for alone in (False, True)
        )

    def _units(self, alone: bool, no_trump: bool) -> dict[int, tuple[int, ...]]:
        """By bid (a key error for a bid off the ladder), then by points from 0 to 20."""
        every = range(ALL_POINTS + 1)
        return {bid: tuple(self.unit(bid, p, alone, no_trump) for p in every) for bid in every}

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
        bid, declarer, partner = contract.count, facts.declarer, facts.partner
        alone = partner is None or partner == declarer
        no_trump = contract.trump == NO_TRUMP
        try:
            amount = self.units[alone][no_trump][bid][points]
        except KeyError:  # not a bid of the Mighty's ladder, but a score all the same
            amount = self.unit(bid, points, alone, no_trump)
        share, friend, opponent = self.shares[alone]
        deltas = [opponent * amount] * facts.players  # as ``scores.deltas_for`` shares it
        if partner is not None and not alone:
            deltas[partner] = friend * amount
        deltas[declarer] = share * amount
        if facts.sitting_out is not None:
            deltas[facts.sitting_out] = 0  # a killed seat sits the hand out
        return Score(points >= bid, bid, points, tuple(deltas), self.write, "", facts)

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
