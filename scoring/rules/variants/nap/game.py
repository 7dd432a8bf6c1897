"""Nap (European Napoleon): five cards each, one call each, the first lead names trumps."""

from collections.abc import Sequence
from functools import cache

from scoring.rules.auction import ONE_EACH, AuctionPlan, left_of
from scoring.rules.bids import FORCED_ONE, NAP_BIDS, NAP_HOUSE_BIDS, Contract, NapBid, NapLadder
from scoring.rules.cards import ACE, JOKER, NO_TRUMP, STANDARD_DECK, SUITS, Card
from scoring.rules.errors import BadOptionValue, IllegalTrick, InconsistentResult, RulesError
from scoring.rules.i18n import N_, NC_
from scoring.rules.score_layout import NAP
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, Score, side_tricks
from scoring.rules.sentences import CardName, Seat
from scoring.rules.tricks import LegalPlays, Trick, TrickResult
from scoring.rules.variants.base import Variant, trump_name
from scoring.rules.variants.nap import play, score
from scoring.rules.variants.nap.options import NapRules

HAND = 5


class Nap(Variant[NapRules]):
    code = "nap"
    name = N_("Nap")
    description = N_(
        "The European game for 3 to 10: five cards each, one call each from two "
        "tricks up to Nap, Wellington and Blücher."
    )
    Rules = NapRules
    hand_sizes = {n: HAND for n in range(3, 11)}
    roles = (N_("bidder"), "", NC_("Nap", "opponent"))
    alone_label = ""
    counts_tricks = True
    short_name = NC_("game", "Nap")
    trump_from_lead = True
    typical_players = 4
    score_table_option = "nap_scoring"
    declarer_title = N_("Bidder")
    partner_prompt = ""
    side_names = (N_("Bidder"), N_("Opponents"))
    result_title = N_("Tricks the bidder took")
    has_partner = False
    named_contracts = True
    score_layout_data = NAP

    # ---- what the hand form asks (table_terms) ------------------------------------

    def contract_title(self, rules: NapRules) -> str:
        return N_("Call")

    def contract_calls(self, rules: NapRules) -> tuple[tuple[str, str], ...]:
        calls = []
        for name in self.ladder(rules, for_auction=False).ladder():
            try:
                calls.append((name, self.parse_contract(name, rules).label))
            except RulesError:  # a call these house rules do not allow
                continue
        return tuple(calls)

    def needed(self, contract: Contract, players: int, rules: NapRules) -> int:
        assert isinstance(contract, NapBid)
        return contract.tricks_needed  # misère: none at all

    def sum_matters(self, players: int, rules: NapRules) -> bool:
        return rules.nap_scoring == "stakes"  # with points, only one side scores

    def rules(self, raw: object = None, players: int | None = None, api: bool = False) -> NapRules:
        rules = super().rules(raw, players, api)
        players = players if players is not None else self.players[0]
        stock = len(self.deck(players, rules)) - HAND * players
        if rules.sir_garnet and stock < HAND:
            # Sir Garnet's extra hand needs five undealt cards.
            raise BadOptionValue(
                N_(
                    "Sir Garnet needs an extra hand of five cards, but {players} players leave "
                    "only {stock} undealt."
                ),
                "options.sir_garnet",
                players=players,
                stock=stock,
            )
        return rules

    def deck(self, players: int, rules: NapRules) -> tuple[Card, ...]:
        return _deck(players, rules.stripped_deck, rules.joker)

    def trump_choices(self, rules: NapRules) -> tuple[str, ...]:
        return (*SUITS, NO_TRUMP) if rules.misere_no_trump else SUITS

    # ---- auction ---------------------------------------------------------------

    def ladder(self, rules: NapRules, for_auction: bool = True) -> NapLadder:
        house = []
        if rules.all_pass == "dealer_bids_one":
            house.append("one")
        if rules.sir_garnet:
            house.append("garnet")
        return NapLadder(tuple(house), low=1 if for_auction else FORCED_ONE)

    def dealer_only(self, contract: Contract, rules: NapRules) -> bool:
        # ``one`` is the dealer's forced bid after everyone else passed.
        return contract == NAP_HOUSE_BIDS["one"]

    def verify_declarer(
        self, contract: Contract, declarer: int, dealer: int, rules: NapRules
    ) -> None:
        if self.dealer_only(contract, rules) and declarer != dealer:
            raise InconsistentResult(
                N_(
                    "{bid} may be bid only by the dealer, when everyone before has passed "
                    "(house rule)."
                ),
                "declarer",
                bid=contract,
                seat=Seat(declarer),
                dealer=Seat(dealer),
            )

    def auction_plan(
        self, players: int, rules: NapRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        forced = NAP_HOUSE_BIDS["one"].rank if rules.all_pass == "dealer_bids_one" else None
        return AuctionPlan(
            players,
            left_of(dealer, players),
            self.ladder(rules),
            True,
            ONE_EACH,
            last_must_bid=forced,
        )

    def discard_count(self, players: int, rules: NapRules, contract: Contract) -> int:
        # Only Sir Garnet takes the extra hand and lays five cards aside (rules-house.md §8.7).
        return HAND if contract == NAP_HOUSE_BIDS["garnet"] else 0

    # ---- tricks ----------------------------------------------------------------

    def is_misere(self, contract: Contract | None) -> bool:
        return play.is_misere(contract)

    def trump_optional(self, number: int, contract: Contract | None) -> bool:
        return number == 1 or self.is_misere(contract)

    def allows_no_trump(self, contract: Contract | None) -> bool:
        return contract is None or self.is_misere(contract)  # only a trumpless misère

    def contract_without_trump(self, contract: Contract | None) -> Contract:
        return NAP_BIDS["misere"]

    def partner_refusal(self) -> RulesError:
        return InconsistentResult(N_("Nap has no partner: give partner as null."), "partner")

    def trick_trump(self, trick: Trick, rules: NapRules) -> str | None:
        return play.trick_trump(trick, rules)

    def needs_lead_suit(self, trick: Trick) -> bool:
        # A led joker names the trump on trick 1, and the suit to follow without trumps.
        lead = trick.plays[0] if trick.plays else None
        return lead is JOKER and (trick.number == 1 or trick.trump is None)

    def verify_trick(self, trick: Trick, rules: NapRules) -> None:
        super().verify_trick(trick, rules)
        misere = self.is_misere(trick.contract)
        if trick.number == 1 and trick.plays and trick.trump is not None and not misere:
            named = play.trick_trump(trick, rules)
            if trick.trump != named:
                raise _first_trump_refusal(trick, named)

    def winner(self, trick: Trick, rules: NapRules) -> TrickResult:
        return play.winner(trick, rules)

    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: NapRules,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        return play.legal_plays(trick, hand, rules)

    # ---- score -------------------------------------------------------------------

    def score_coefficients(self, players: int, rules: NapRules) -> tuple[Coefficient, ...]:
        return score.coefficients(rules)

    def score(self, facts: HandFacts, rules: NapRules) -> Score:
        if not facts.alone:
            raise self.partner_refusal()
        taken, _by_seat = side_tricks(facts, HAND)  # the bidder's side is the bidder
        contract = facts.contract
        assert isinstance(contract, NapBid)
        made = taken == 0 if self.is_misere(contract) else taken >= contract.tricks_needed
        values = self.coefficients(facts.players, rules)
        deltas, lines = score.score(facts, rules, values, contract, taken, made)
        return Score(made, contract.tricks_needed, taken, deltas, tuple(lines))


def _first_trump_refusal(trick: Trick, named: str | None) -> IllegalTrick:
    lead = trick.plays[0]
    suit, trump = trump_name(named), trump_name(trick.trump)
    if lead is JOKER:
        return IllegalTrick(
            N_("The joker led to the first trick named {suit} trump, not {trump} (house rule)."),
            "trump",
            suit=suit,
            trump=trump,
        )
    return IllegalTrick(
        N_(
            "On the first trick the suit led becomes trump: {card} makes {suit} trump, not {trump}."
        ),
        "trump",
        card=CardName(lead),
        suit=suit,
        trump=trump,
    )


@cache
def _deck(players: int, stripped: bool, joker: bool) -> tuple[Card, ...]:
    """The full deck, or the top (players + 3) ranks of each suit; the joker added on top."""
    lowest = ACE - (players + 3) + 1 if stripped else 2
    deck = tuple(c for c in STANDARD_DECK if c.rank >= lowest)
    return (*deck, JOKER) if joker else deck
