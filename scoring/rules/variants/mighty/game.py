"""The Mighty (Korea): 53 cards, the Mighty, the joker and its ripper, and a friend; for
four, five or six players (a 43-card deck for four, the kill for six)."""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, partial

from scoring.rules.auction import ALL_BUT_ONE, AuctionPlan, DealMiss, the_dealer
from scoring.rules.bids import EQUAL_SUITS, Bid, Contract, SuitLadder
from scoring.rules.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    NO_TRUMP,
    QUEEN,
    STANDARD_DECK,
    SUITS,
    Card,
    card,
)
from scoring.rules.errors import IllegalContract, NotationError
from scoring.rules.i18n import N_, NC_, _
from scoring.rules.penalty import DealMissCost
from scoring.rules.score_layout import MIGHTY_PAGAT, MIGHTY_SEED, Layout
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import (
    HandFacts,
    Score,
    own_numbers_line,
    sitting_out_required,
    verify_sitting_out,
)
from scoring.rules.sentences import Trump
from scoring.rules.tricks import LegalPlays, Trick, TrickResult
from scoring.rules.variants.base import Variant
from scoring.rules.variants.mighty import deal_miss, legality, order, penalty, score
from scoring.rules.variants.mighty.options import MightyRules
from scoring.rules.variants.mighty.score_numbers import DISCARDS, ScoreNumbers

ALL_POINTS = 20
KILL = 6  # with six players the declarer kills one seat
SCORE_NUMBERS = "_score_numbers"  # where a rules object keeps them, by player count


class Mighty(Variant[MightyRules]):
    code = "mighty"
    name = N_("The Mighty")
    description = N_(
        "Korea's game for five (or four, or six with a kill): the Mighty, the joker and the "
        "ripper that calls it, a friend named by a card, and points above 12."
    )
    Rules = MightyRules
    hand_sizes = {4: 10, 5: 10, 6: 8}
    jokers = ("JK",)
    point_ranks = frozenset({ACE, KING, QUEEN, JACK, 10})
    roles = (NC_("Mighty", "declarer"), N_("friend"), NC_("Mighty", "opponent"))
    alone_label = NC_("Mighty", "alone")
    first_caller_named = True
    short_name = NC_("game", "Mighty")
    joker_call = N_("The leader of the ripper called the joker")
    has_deal_miss = True
    score_table_option = "formula"
    declarer_title = NC_("Mighty", "Declarer")
    partner_prompt = N_("Friend (held the called card)")
    side_names = (N_("Declarer's side"), N_("Opponents"))
    result_title = N_("Point cards of the declarer's side")
    sitting_out_title = N_("Killed")  # six players: the seat the declarer kills
    discards_to_declarer_by_default = True

    def deck(self, players: int, rules: MightyRules) -> tuple[Card, ...]:
        return _four_player_deck() if players == 4 else super().deck(players, rules)

    def tricks(self, players: int, rules: MightyRules) -> int:
        return 10

    def needs_sitting_out(self, players: int) -> bool:
        return players == KILL

    def trump_choices(self, rules: MightyRules) -> tuple[str, ...]:
        return (*SUITS, NO_TRUMP)

    def idle_options(self, rules: MightyRules, players: int | None = None) -> dict[str, str]:
        idle: dict[str, str] = {}
        if rules.formula == "seed":
            why = _(
                "No effect with the “points above 12” formula: only pagat's formulas double for it."
            )
            idle |= {"alone_doubles": why, "no_trump_doubles": why, "alone_doubles_failed": why}
            idle["failed_pays_back"] = _(
                "No effect with the “points above 12” formula: only pagat's formulas pay back."
            )
        elif not rules.alone_doubles:
            idle["alone_doubles_failed"] = _("No effect while playing alone never doubles.")
        if not rules.bid_20_doubles:
            idle["bid_20_doubles_failed"] = _("No effect while a bid of 20 does not double.")
        if rules.deal_miss == "off":
            idle["deal_miss_values"] = _("No effect while deal misses are off.")
        if rules.deal_miss_penalty == "none":
            idle["deal_miss_points"] = _("No effect while a deal miss costs nothing.")
        return idle

    def rules(
        self, raw: object = None, players: int | None = None, api: bool = False
    ) -> MightyRules:
        rules = super().rules(raw, players, api)
        penalty.verify(rules)
        return rules

    # ---- auction ---------------------------------------------------------------

    def ladder(self, rules: MightyRules, for_auction: bool = True) -> SuitLadder:
        ranks = {**EQUAL_SUITS, NO_TRUMP: 1}
        low = rules.min_bid
        if not for_auction and rules.all_pass == "min_12":
            low = min(low, 12)
        return SuitLadder(low, ALL_POINTS, ranks, what=N_("a point count"))

    def auction_plan(
        self, players: int, rules: MightyRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        # The previous declarer calls first (``first``); on a first hand, the dealer.
        caller = first if first is not None else the_dealer(dealer)
        return AuctionPlan(
            players,
            caller,
            self.ladder(rules),
            pass_is_final=True,
            ending=ALL_BUT_ONE,  # with six, five passes end it: the auction is among all six
            second_round=rules.all_pass != "redeal",
            # "The minimum drops to 12": never a rise, when a house rule already bids lower.
            second_round_low=min(12, rules.min_bid) if rules.all_pass == "min_12" else None,
            deal_miss=rules.deal_miss == "on",
        )

    def deal_miss_on(self, rules: MightyRules) -> bool:
        return rules.deal_miss == "on"

    def deal_miss(self, players: int, hand: list[Card], rules: MightyRules) -> DealMiss:
        """May this dealt hand call a deal miss?"""
        return deal_miss.judge(hand, rules.deal_miss_values)

    def deal_miss_cost(
        self, players: int, caller: int, rules: MightyRules, before: int = 0
    ) -> DealMissCost | None:
        return penalty.cost(players, caller, rules, before)

    def next_dealer(
        self, dealer: int, players: int, declarer: int | None = None, partner: int | None = None
    ) -> int:
        if declarer is None:
            return dealer  # everyone passed: the same dealer deals again
        return declarer if partner is None else partner

    def leads_to(self, bid: Contract, contract: Contract, rules: MightyRules) -> bool:
        # The bid itself, or the bid after the declarer changed the trump.
        if bid == contract:
            return True
        if not isinstance(bid, Bid) or not isinstance(contract, Bid) or contract.trump is None:
            return False
        return self.change_trump(bid, contract.trump, rules) == contract

    def change_trump(self, contract: Bid, trump: str, rules: MightyRules) -> Bid:
        """The contract after the declarer changes the trump following the discard."""
        if trump not in self.trump_choices(rules):
            raise NotationError(N_("{trump} is not a trump: use S, H, D, C or NT."), trump=trump)
        if trump == contract.trump:
            return contract
        cost = rules.trump_change_cost
        raised = contract.count + (cost.no_trump if trump == NO_TRUMP else cost.suit)
        if raised > ALL_POINTS:
            raise IllegalContract(
                N_("Changing the trump to {trump} would raise {bid} to {raised}, above 20."),
                trump=Trump(trump),
                bid=contract,
                raised=raised,
            )
        return Bid(raised, trump)

    # ---- tricks ----------------------------------------------------------------

    def joker_call_allowed(self, trick: Trick, rules: MightyRules) -> bool:
        return legality.call_allowed(trick, rules, self.tricks(trick.players, rules))

    def joker_callers(self, trick: Trick, rules: MightyRules) -> tuple[Card, ...]:
        return (order.ripper_card(trick.trump),)

    def discard_count(self, players: int, rules: MightyRules, contract: Contract) -> int:
        return DISCARDS

    def first_trick_names_partner(self, rules: MightyRules) -> bool:
        return rules.first_trick_friend

    def joker_call_refusal(self, trick: Trick, rules: MightyRules) -> str:
        return legality.call_refusal(trick, rules, self.tricks(trick.players, rules))

    def verify_trick(self, trick: Trick, rules: MightyRules) -> None:
        self.verify_sitting_out(trick)
        legality.verify_first_lead(trick, rules)
        super().verify_trick(trick, rules)

    def winner(self, trick: Trick, rules: MightyRules) -> TrickResult:
        return order.winner(trick, rules, self.tricks(trick.players, rules))

    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: MightyRules,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        return legality.legal_plays(trick, hand, rules)

    # ---- score -------------------------------------------------------------------

    def score_coefficients(self, players: int, rules: MightyRules) -> tuple[Coefficient, ...]:
        return score.coefficients(rules.formula)

    def score_layout(self, players: int, rules: MightyRules) -> Layout:
        layout = MIGHTY_SEED if rules.formula == "seed" else MIGHTY_PAGAT
        # Four players: the declarer takes the balance of the others' shares.
        return layout.with_balance(("declarer", "alone_declarer")) if players == 4 else layout

    def score(self, facts: HandFacts, rules: MightyRules) -> Score:
        if facts.players == KILL or facts.sitting_out is not None:
            facts = self._with_kill(facts)
        # What the score reads of the rules is worked out once, kept on the (frozen) rules
        # object itself: looking it up by the rules' hash would hash all their fields.
        try:
            numbers: ScoreNumbers = rules.__dict__[SCORE_NUMBERS][facts.players]
        except KeyError:  # the first score under these rules at this player count
            numbers = self._score_numbers(rules, facts.players)
        return numbers.score(facts)

    def _score_numbers(self, rules: MightyRules, players: int) -> ScoreNumbers:
        values = self.coefficients(players, rules)
        write = partial(_lines, rules, values)
        numbers = ScoreNumbers(rules, players, self.point_cards(players, rules), values, write)
        rules.__dict__.setdefault(SCORE_NUMBERS, {})[players] = numbers
        return numbers

    def _with_kill(self, facts: HandFacts) -> HandFacts:
        """The facts with their killed seat checked; a seat sits out only with six players."""
        if not self.needs_sitting_out(facts.players):
            return replace(facts, sitting_out=None) if facts.sitting_out is not None else facts
        if facts.sitting_out is None:
            raise sitting_out_required(facts.players)
        verify_sitting_out(facts)
        return facts


def _lines(rules: MightyRules, values: Mapping[str, int], scored: Score) -> tuple[str, ...]:
    """The reasons of a score, one rule per line, in the reader's language."""
    facts, points = scored.facts, scored.declarer_points
    assert facts is not None and points is not None
    amount, lines = score.unit(facts, rules, values, points)
    lines.append(score.shares(facts, values, amount)[1])
    lines += _rule_lines(facts, rules)
    return tuple(lines)


def _rule_lines(facts: HandFacts, rules: MightyRules) -> list[str]:
    lines = []
    if facts.sitting_out is not None:
        # No seat number: the line is stored with the hand and shown beside the players' names
        # (the deltas name who scored the 0), and the API counts seats from 0, a page from 1.
        lines.append(_("the killed player sits the hand out: 0"))
    if rules.discards_to == "opponents":
        lines.append(_("the declarer's discarded points count for the opponents (house rule)"))
    own = own_numbers_line(rules.score_values)
    return lines + ([own] if own else [])


@cache
def _four_player_deck() -> tuple[Card, ...]:
    """Four players: A K Q J 10 9 8 7 6 5 of each suit, ♣3 and ♠3 (the rippers), the joker."""
    kept = tuple(c for c in STANDARD_DECK if c.rank >= 5)
    return (*kept, card("C3"), card("S3"), JOKER)
