"""Japanese Napoleon (53 cards, win count) and the Japanese chip game (52 cards).

Both games judge tricks, legal plays and scores with ``scoring.rules.japanese``; the classes
here declare what differs (deck, roles, auction, score table) and hand the rest over.
"""

from collections.abc import Sequence
from typing import TypeVar

from scoring.rules.auction import CONSECUTIVE, AuctionPlan, AuctionState, left_of, run_auction
from scoring.rules.bids import STANDARD_SUIT_ORDER, Bid, SuitLadder, suit_order
from scoring.rules.cards import ACE, JACK, KING, NO_TRUMP, QUEEN, SUITS, Card
from scoring.rules.i18n import N_, NC_, _
from scoring.rules.japanese import auction, legality, order, score
from scoring.rules.japanese.auction import STARTER_CONTRACT
from scoring.rules.japanese.idle import idle_options
from scoring.rules.japanese.options import ChipRules, JapaneseRules
from scoring.rules.japanese.powers import Powers, powers
from scoring.rules.japanese.table import trick_rules
from scoring.rules.score_layout import JAPANESE_CHIPS, JAPANESE_WINS, Layout
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, Score
from scoring.rules.tricks import LegalPlays, Trick, TrickResult
from scoring.rules.variants.base import Variant

POINT_RANKS = frozenset({ACE, KING, QUEEN, JACK, 10})
ALL_POINTS = score.ALL_POINTS

__all__ = ["ChipRules", "JapaneseChipNapoleon", "JapaneseNapoleon", "JapaneseRules"]


J = TypeVar("J", bound=JapaneseRules | ChipRules)


class JapaneseFamily(Variant[J]):
    """What the two Japanese games share: one trick order and one set of legal plays, each
    shaped by their house rules."""

    point_ranks = POINT_RANKS

    def powers(self, trick: Trick, rules: J) -> Powers:
        table = trick_rules(rules, bool(self.jokers))
        return powers(trick, table, self.tricks(trick.players, rules))

    def needs_lead_suit(self, trick: Trick) -> bool:
        return False  # a led joker calls for trumps; no suit is named

    def verify_trick(self, trick: Trick, rules: J) -> None:
        super().verify_trick(trick, rules)
        legality.verify_trick(self.powers(trick, rules))

    def winner(self, trick: Trick, rules: J) -> TrickResult:
        verdict = order.judge(self.powers(trick, rules))
        index = verdict.index
        return TrickResult(trick.seat_of(index), trick.plays[index], index, verdict.reason)

    def idle_options(self, rules: J, players: int | None = None) -> dict[str, str]:
        return idle_options(rules)

    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: J,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        return legality.legal_plays(self.powers(trick, rules), hand)

    def score_coefficients(self, players: int, rules: J) -> tuple[Coefficient, ...]:
        return score.CHIP_TABLE if self.uses_chips(rules) else score.WINS_TABLE

    def uses_chips(self, rules: J) -> bool:
        return True

    def score_layout(self, players: int, rules: J) -> Layout:
        return JAPANESE_CHIPS if self.uses_chips(rules) else JAPANESE_WINS

    def score(self, facts: HandFacts, rules: J) -> Score:
        points = score.points_of(self, facts, rules)
        values = self.coefficients(facts.players, rules)
        pay = score.chip_score if self.uses_chips(rules) else score.wins_score
        assert isinstance(facts.contract, Bid)
        return pay(facts, facts.contract.count, points, rules, values, self.role_words())


class JapaneseNapoleon(JapaneseFamily[JapaneseRules]):
    code = "japanese"
    name = N_("Japanese Napoleon")
    description = N_(
        "53 cards with a joker; the almighty ♠A, two jacks and a secret adjutant; "
        "each hand scores a win for the winning side."
    )
    Rules = JapaneseRules
    hand_sizes = {4: 12, 5: 10, 6: 8, 7: 7}
    jokers = ("JK",)
    roles = (N_("napoleon"), N_("adjutant"), N_("opponent"))
    alone_label = NC_("Japanese", "alone")
    short_name = NC_("game", "Japanese")
    score_table_option = "score_table"
    partner_prompt = N_("Adjutant (held the called card)")
    side_names = (N_("Napoleon's side"), N_("Opponents"))
    result_title = N_("Picture cards of the napoleon's side")

    def sum_matters(self, players: int, rules: JapaneseRules) -> bool:
        return rules.score_table == "chips"  # the wins table counts wins, it moves nothing

    def joker_call_refusal(self, trick: Trick, rules: JapaneseRules) -> str:
        if rules.joker_call == "off":
            return super().joker_call_refusal(trick, rules)
        # The call is automatic: no request field; the lead alone decides whether the joker is
        # called.
        return _("At this table a joker call is automatic (house rule): leave joker_called out.")

    def trump_choices(self, rules: JapaneseRules) -> tuple[str, ...]:
        return (*SUITS, NO_TRUMP) if rules.no_trump_bid != "off" else SUITS

    def uses_chips(self, rules: JapaneseRules) -> bool:
        return rules.score_table == "chips"

    def ladder(self, rules: JapaneseRules, for_auction: bool = True) -> SuitLadder:
        order_ = suit_order(rules.bid_suit_order, rules.no_trump_bid)
        # ``all_pass: starter_12S``: the forced 12♠ is a contract whatever ``min_bid`` says,
        # though nobody may bid it in the auction.
        extra = STARTER_CONTRACT if not for_auction and rules.all_pass == "starter_12S" else None
        return SuitLadder(
            rules.min_bid, ALL_POINTS, order_, what=N_("a count of picture cards"), extra=extra
        )

    def auction_plan(
        self, players: int, rules: JapaneseRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        return AuctionPlan(
            players, left_of(dealer, players), self.ladder(rules), rules.pass_is_final, CONSECUTIVE
        )

    def auction_seat_fields(self, rules: JapaneseRules) -> tuple[str, ...]:
        return (rules.all_pass,) if rules.all_pass in auction.PREVIOUS else ()

    def auction(
        self,
        players: int,
        calls: Sequence[object],
        rules: JapaneseRules,
        dealer: int | None = None,
        first: int | None = None,
        **previous: int | None,
    ) -> AuctionState:
        free = rules.auction_order == "free"
        plan = auction.JapanesePlan(
            players,
            None if free else left_of(dealer, players),
            self.ladder(rules),
            rules.pass_is_final,
            rules.all_pass,
            previous.get(rules.all_pass),
        )
        return auction.run(plan, calls)


class JapaneseChipNapoleon(JapaneseFamily[ChipRules]):
    code = "japanese-chip"
    name = N_("Japanese Napoleon with chips")
    description = N_(
        "52 cards, no joker; a secret general, no trumps on the first trick, and "
        "chips won or paid by a fixed table."
    )
    Rules = ChipRules
    hand_sizes = {4: 12, 5: 10, 6: 8}
    roles = (N_("napoleon"), N_("general"), N_("opponent"))
    alone_label = NC_("Japanese chips", "alone")
    short_name = NC_("game", "Japanese chips")
    partner_prompt = N_("General (held the called card)")
    side_names = (N_("Napoleon's side"), N_("Opponents"))
    result_title = N_("Picture cards of the napoleon's side")

    def ladder(self, rules: ChipRules, for_auction: bool = True) -> SuitLadder:
        return SuitLadder(
            11, ALL_POINTS, suit_order(STANDARD_SUIT_ORDER), what=N_("a count of picture cards")
        )

    def auction_plan(
        self, players: int, rules: ChipRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        return AuctionPlan(players, left_of(dealer, players), self.ladder(rules), True, CONSECUTIVE)

    def auction(
        self,
        players: int,
        calls: Sequence[object],
        rules: ChipRules,
        dealer: int | None = None,
        first: int | None = None,
        **previous: int | None,
    ) -> AuctionState:
        return run_auction(self.auction_plan(players, rules, dealer, first), calls)
