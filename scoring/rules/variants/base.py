"""What every variant declares, and the checks all of them share."""

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from scoring.rules.auction import AuctionPlan, AuctionState, DealMiss, run_auction
from scoring.rules.bids import DEAL_MISS, Call, Contract, Ladder, parse_call
from scoring.rules.cards import JOKER_NAMES, NO_TRUMP, STANDARD_DECK, SUITS, Card, card, suit_name
from scoring.rules.errors import (
    IllegalPlay,
    IllegalTrick,
    NotationError,
    OutOfRange,
    RulesError,
    UnsupportedPlayers,
)
from scoring.rules.i18n import N_, _
from scoring.rules.options import TableRules
from scoring.rules.penalty import DealMissCost, Earlier, in_a_row
from scoring.rules.score_values import Coefficient, resolve
from scoring.rules.scores import HandFacts, Score, sitting_out_range, sitting_out_required
from scoring.rules.sentences import CardName, Seat, given
from scoring.rules.tricks import LegalPlays, Trick, TrickResult
from scoring.rules.variants.table_terms import TableTerms

R = TypeVar("R", bound=TableRules)


class Variant(TableTerms, ABC, Generic[R]):
    """One rule system. Subclasses are small and declarative; this class holds the shared parts
    (and, from ``TableTerms``, what the scorekeeping pages ask of it).

    ``R`` is the class of its house rules: every method is handed that variant's rules.
    """

    code: ClassVar[str]
    name: ClassVar[str]  # marked with N_
    description: ClassVar[str]  # one line, marked with N_
    Rules: type[R]  # the house rules' class (a class attribute of each variant)
    hand_sizes: ClassVar[dict[int, int]]  # player count → cards per player (= tricks)
    jokers: ClassVar[tuple[str, ...]] = ()
    point_ranks: ClassVar[frozenset[int]] = frozenset()
    has_deal_miss: ClassVar[bool] = False  # a weak dealt hand may call for a new deal
    # The house rule that picks the score table, where one does: hands scored by two
    # tables are counted on different scales and never summed together.
    score_table_option: ClassVar[str | None] = None

    # What the rulings facade, the API, the rules pages and the referee ask a variant
    # instead of testing its code (``has_partner`` is in ``TableTerms``).
    secretary_card: ClassVar[bool] = False  # a named card is the strongest, held by the partner
    counts_tricks: ClassVar[bool] = False  # a hand's result is tricks taken, not point cards
    can_topple: ClassVar[bool] = False  # the first trick alone can end the hand
    first_caller_named: ClassVar[bool] = False  # the table names who calls first, not the dealer
    trump_from_lead: ClassVar[bool] = False  # trick 1's lead names the trump; the contract matters
    joker_call: ClassVar[str] = ""  # what a call for the joker is, as a player ticks it (N_ marked)
    target_is_handicap: ClassVar[bool] = False  # a bid gives the other side tricks to beat
    typical_players: ClassVar[int] = 5
    short_name: ClassVar[
        tuple[str, str]
    ]  # (context, name) for a chip: NC_("game", "Thai")  # the table the rules pages work their examples for

    # ---- table ---------------------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self.hand_sizes)

    @property
    def player_counts(self) -> str:
        """The counts as a message names them: ``5``, ``4–6``, ``3–10``."""
        low, high = min(self.players), max(self.players)
        if low == high:
            return str(low)
        if len(self.players) == high - low + 1:
            return f"{low}–{high}"
        return ", ".join(str(n) for n in self.players)

    def rules(self, raw: object = None, players: int | None = None, api: bool = False) -> R:
        """House rules from a JSON-like object; omitted options take their defaults.
        ``api``: a ruling API request's, which may not name an option only a table keeps."""
        players = self.verify_players(players if players is not None else self.players[0])
        rules = self.Rules.from_json(raw, players, foreign=_owner_of, api=api)
        if rules.score_values:
            resolve(rules.score_values, self.score_coefficients(players, rules))
        return rules

    def verify_players(self, players: object) -> int:
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.players:
            raise UnsupportedPlayers(
                N_("{variant} is played by {counts} players, not {players}."),
                "players",
                variant=_(self.name),
                counts=self.player_counts,
                players=given(players),
            )
        return players

    def can_seat(self, players: object) -> bool:
        try:
            self.verify_players(players)
        except UnsupportedPlayers:
            return False
        return True

    def deck(self, players: int, rules: R) -> tuple[Card, ...]:
        return _with_jokers(self.jokers)

    def deck_set(self, players: int, rules: R) -> frozenset[Card]:
        return _frozen(self.deck(players, rules))

    def hand_size(self, players: int, rules: R) -> int:
        return self.hand_sizes[players]

    def tricks(self, players: int, rules: R) -> int:
        return self.hand_size(players, rules)

    def blind_size(self, players: int, rules: R) -> int:
        return len(self.deck(players, rules)) - players * self.hand_size(players, rules)

    def point_cards(self, players: int, rules: R) -> frozenset[Card]:
        return _point_cards(self.point_ranks, self.deck(players, rules))

    def idle_options(self, rules: R, players: int | None = None) -> dict[str, str]:
        """House rules that change nothing under the others chosen (and at ``players``, when
        the page knows the table), with the reason."""
        return {}

    def trump_choices(self, rules: R) -> tuple[str, ...]:
        return SUITS

    def deck_name(self) -> str:
        return _(self.name)

    # ---- auction -------------------------------------------------------------

    @abstractmethod
    def ladder(self, rules: R, for_auction: bool = True) -> Ladder:
        """The bid notation and order (``for_auction=False``: as a final contract)."""

    @abstractmethod
    def auction_plan(
        self, players: int, rules: R, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        """Who calls first and how the auction ends."""

    def auction(
        self,
        players: int,
        calls: Sequence[object],
        rules: R,
        dealer: int | None = None,
        first: int | None = None,
        **seats: int | None,
    ) -> AuctionState:
        """Where the auction stands after ``calls``; ``seats`` are those the house rules
        ask for (``auction_seat_fields``)."""
        return run_auction(self.auction_plan(players, rules, dealer, first), calls)

    def free_auction(self, rules: R) -> bool:
        """Whether anyone may call at any moment (no dealer, no turn) under these rules."""
        return getattr(rules, "auction_order", None) == "free"

    def deal_miss_on(self, rules: R) -> bool:
        """Whether a player may call a deal miss under these rules (``has_deal_miss``)."""
        return False

    def deal_miss(self, players: int, hand: list[Card], rules: R) -> DealMiss:
        """May this dealt hand call a deal miss (where ``has_deal_miss``)?"""
        raise NotImplementedError

    def deal_miss_called(self, players: int, caller: int, rules: R) -> AuctionState:
        """A deal miss called by ``caller`` as the first call of a hand, judged by the
        auction as ``/auction`` judges the call ``dealmiss``: the cards are dealt again.
        Raises ``RulesError`` where these rules allow no deal miss."""
        return self.auction(players, [DEAL_MISS], rules, dealer=caller, first=caller)

    def deal_miss_cost(
        self, players: int, caller: int, rules: R, before: int = 0
    ) -> DealMissCost | None:
        """What the deal miss ``caller`` called costs under a table's house rules, after
        ``before`` deal misses of their own in a row (``deal_miss_in_a_row``): each seat's
        score and why, or None where it costs nothing (a table's rule: never the API's)."""
        return None

    def deal_miss_in_a_row(self, earlier: Iterable[Earlier], caller: Hashable) -> int:
        """The deal misses ``caller`` called in a row before this hand, read from the
        earlier hands (oldest first) as ``deal_miss_cost`` counts them."""
        return in_a_row(earlier, caller)

    def deal_miss_dealer(self, dealer: int, caller: int) -> int:
        """Who deals the new hand after a deal miss: whoever called it (rules-house.md
        §8.5.3)."""
        return caller

    def auction_seat_fields(self, rules: R) -> tuple[str, ...]:
        """Seats an auction request must name under these rules (``previous_napoleon``);
        each is passed to ``auction`` as a keyword, a seat or None."""
        return ()

    def parse_contract(self, text: object, rules: R) -> Contract:
        """The final contract as ``/score`` takes it, checked against the ladder's bounds."""
        contract = self.ladder(rules, for_auction=False).parse(text)
        self.verify_contract(contract, rules)
        return contract

    def verify_contract(self, contract: Contract, rules: R) -> None:
        self.ladder(rules, for_auction=False).verify_bounds(contract)

    def dealer_only(self, contract: Contract, rules: R) -> bool:
        """Whether only the dealer can end an auction with this contract (Nap's forced
        one): then ``verify_declarer`` needs to know who dealt. Most games have none."""
        return False

    def leads_to(self, bid: Contract, contract: Contract, rules: R) -> bool:
        """Whether an auction won with ``bid`` can end in the final ``contract``."""
        return bid == contract

    def verify_declarer(self, contract: Contract, declarer: int, dealer: int, rules: R) -> None:
        """Raise when this declarer could not have won the auction with this contract."""

    def parse_call(self, text: object, rules: R) -> Call:
        return parse_call(self.ladder(rules), text)

    # ---- play ----------------------------------------------------------------

    def first_leader(self, declarer: int, players: int, rules: R) -> int:
        return declarer

    def discard_count(self, players: int, rules: R, contract: Contract) -> int:
        """How many cards the declarer discards after taking the blind (as many as it holds,
        unless a variant says otherwise)."""
        return self.blind_size(players, rules)

    def first_trick_names_partner(self, rules: R) -> bool:
        """Whether the winner of trick 1 becomes the partner (no card is named)."""
        return False

    def next_dealer(
        self, dealer: int, players: int, declarer: int | None = None, partner: int | None = None
    ) -> int:
        """Who deals the next hand: the deal passes left unless a variant says otherwise."""
        return (dealer + 1) % players

    def trump_optional(self, number: int, contract: Contract | None) -> bool:
        """Whether a trick may be asked about without its trump (the lead names it)."""
        return False

    def allows_no_trump(self, contract: Contract | None) -> bool:
        """Whether a trick under ``contract`` may be played without trumps (given the
        trump choices allow it at all)."""
        return True

    def contract_without_trump(self, contract: Contract | None) -> Contract | None:
        """The contract a trick played without trumps implies."""
        return contract

    def partner_refusal(self) -> RulesError:
        """The error for a partner named where the game has none (``has_partner`` false)."""
        raise NotImplementedError

    def trick_trump(self, trick: Trick, rules: R) -> str | None:
        """The trump of this trick (where the lead names it, the lead's suit)."""
        return trick.trump

    def needs_lead_suit(self, trick: Trick) -> bool:
        return bool(trick.plays) and trick.plays[0].is_joker

    def verify_trick(self, trick: Trick, rules: R) -> None:
        """Checks the trick alone can settle; each variant adds its own."""
        self.verify_sitting_out(trick)
        tricks = self.tricks(trick.players, rules)
        if not 1 <= trick.number <= tricks:
            raise OutOfRange(
                N_("trick must be from 1 to {tricks}, not {number}."),
                "trick",
                tricks=tricks,
                number=trick.number,
            )
        if self.needs_lead_suit(trick) and trick.lead_suit not in SUITS:
            raise NotationError(
                N_("{card} was led: give lead_suit, the suit the leader named (S, H, D or C)."),
                "lead_suit",
                card=trick.plays[0],
            )
        if trick.joker_called and not self.joker_call_allowed(trick, rules):
            refusal = self.joker_call_refusal(trick, rules)
            raise IllegalTrick.composed_by_engine(refusal, "joker_called")

    def needs_sitting_out(self, players: int) -> bool:
        """Does one seat sit each hand out at this count (six-player Mighty's kill)?"""
        return False

    def verify_sitting_out(self, trick: Trick) -> None:
        """Where a seat sits out, the trick must say which, and that seat cannot lead."""
        if not self.needs_sitting_out(trick.players):
            return
        out = trick.sitting_out
        if out is None:
            raise sitting_out_required(trick.players)
        if not 0 <= out < trick.players:
            raise sitting_out_range(out, trick.players)
        if trick.leader == out:
            raise IllegalTrick(
                N_("Seat {seat} was killed and sits this hand out, so it cannot lead."),
                "leader",
                named=N_("{seat} was killed and sits this hand out, so they cannot lead."),
                seat=Seat(out),
            )

    def joker_call_allowed(self, trick: Trick, rules: R) -> bool:
        return False

    def joker_callers(self, trick: Trick, rules: R) -> tuple[Card, ...]:
        """The leads that could call a joker to this trick, whether or not they may here
        (a hand record asks when the lead is unknown)."""
        return ()

    def joker_call_refusal(self, trick: Trick, rules: R) -> str:
        return _("No joker can be called in {variant}.").format(variant=_(self.name))

    def judge(self, trick: Trick, rules: R) -> TrickResult:
        """Who wins a complete trick, and why."""
        self.verify_trick(trick, rules)
        return self.winner(trick, rules)

    @abstractmethod
    def winner(self, trick: Trick, rules: R) -> TrickResult:
        """Who wins a trick already checked by ``verify_trick``."""

    @abstractmethod
    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: R,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        """Which cards of ``hand`` may be added to ``trick``, and why the others may not.

        ``secretary_ordered`` and ``declarer`` matter only with a secretary card."""

    def verify_play(
        self, trick: Trick, hand: Sequence[Card], played: Card, rules: R, **context: Any
    ) -> None:
        """Raise ``IllegalPlay`` quoting the card and the rule when ``played`` may not be played."""
        if played not in hand:
            raise IllegalPlay(N_("{card} is not in the hand."), card=played)
        answer = self.legal_plays(trick, hand, rules, **context)
        if played not in answer.legal:
            raise IllegalPlay(
                N_("{card} may not be played: {why}."),
                card=CardName(played),
                why=answer.illegal[played],
            )

    def can_play(
        self, trick: Trick, hand: Sequence[Card], played: Card, rules: R, **context: Any
    ) -> bool:
        try:
            self.verify_play(trick, hand, played, rules, **context)
        except IllegalPlay:
            return False
        return True

    # ---- score ---------------------------------------------------------------

    @abstractmethod
    def score(self, facts: HandFacts, rules: R) -> Score:
        """Every seat's score for the hand, with one line per rule applied."""

    def discards_raise_target(self, rules: R) -> bool:
        """Whether point cards among the declarer's discards count for neither side and raise
        the target instead (Taiwan's ``discards_to: target``)."""
        return False

    def needed_to_make(self, target: int | None, players: int, rules: R) -> int | None:
        """What the declarer's side must take to make a contract whose ``Score.target`` is
        ``target``, counted as the result is (points or tricks)."""
        return target

    def score_coefficients(self, players: int, rules: R) -> tuple[Coefficient, ...]:
        """The named numbers of the score table these rules make active, with their
        defaults under those rules and their bounds (``score_values`` may set each)."""
        return ()

    def coefficients(self, players: int, rules: R) -> Mapping[str, int]:
        """Every number of the active score table, the table's own where it set one."""
        return _coefficients(self, players, rules)


# Every game a table may choose, by code: ``variants.VARIANTS`` itself, which hands itself over
# (``know_games``) once built. Every game is built on this module, so this module cannot import
# them, yet an option unknown to one game is named as the house rule of another. Python runs
# the package ``variants`` (which builds ``VARIANTS``) before it hands any module in it to a
# caller, so no caller finds this empty.
_GAMES: Mapping[str, Variant[Any]] = MappingProxyType({})


def know_games(games: Mapping[str, Variant[Any]]) -> None:
    """The games ``_owner_of`` searches, in their order (``VARIANTS``)."""
    global _GAMES
    _GAMES = games


def _owner_of(option: str) -> str | None:
    for variant in _GAMES.values():
        if variant.Rules.spec(option) is not None:
            return _(variant.name)
    return None


@cache
def _coefficients(variant: Variant[Any], players: int, rules: TableRules) -> Mapping[str, int]:
    # Cached (scoring asks on every hand; rules objects are frozen and hashable), so
    # read-only: one caller must not change another's numbers.
    return MappingProxyType(resolve(rules.score_values, variant.score_coefficients(players, rules)))


@cache
def _with_jokers(jokers: tuple[str, ...]) -> tuple[Card, ...]:
    return STANDARD_DECK + tuple(card(code) for code in jokers)


@cache
def _point_cards(ranks: frozenset[int], deck: tuple[Card, ...]) -> frozenset[Card]:
    return frozenset(c for c in deck if c.rank in ranks)


@cache
def _frozen(cards: tuple[Card, ...]) -> frozenset[Card]:
    return frozenset(cards)


def following_reason(suit: str) -> str:
    return _("you hold {suit}, and {suit} were led").format(suit=suit_name(suit))


def trump_name(trump: str | None) -> str:
    return _("no trump") if trump is None or trump == NO_TRUMP else suit_name(trump)


def joker_label(code: str) -> str:
    return _(JOKER_NAMES[code])
