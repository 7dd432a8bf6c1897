"""Taiwan and Hong Kong Napoleon: 54 cards, the secretary card, two jokers."""

from collections.abc import Sequence

from scoring.rules.auction import CONSECUTIVE, AuctionPlan, left_of
from scoring.rules.bids import Bid, Contract, SuitLadder, suit_order
from scoring.rules.cards import (
    ACE,
    BIG_JOKER,
    JACK,
    KING,
    LITTLE_JOKER,
    NO_TRUMP,
    QUEEN,
    SUITS,
    Card,
    suit_card,
)
from scoring.rules.errors import IllegalPlay, NotationError
from scoring.rules.i18n import N_, NC_, _, clauses, joined, pgettext
from scoring.rules.score_layout import HONG_KONG, TAIWAN, Layout
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, Score
from scoring.rules.tricks import LegalPlays, Trick, TrickResult, led_suit_reason
from scoring.rules.variants.base import (
    Variant,
    following_reason,
    joker_label,
    trump_name,
)
from scoring.rules.variants.taiwan import score
from scoring.rules.variants.taiwan.options import HongKongRules, TaiwanRules

LAST_THREE = 3


# Trick keys: the highest wins. Off-suit cards never win, and demoted jokers sit below them.
_SECRETARY, _BIG, _LITTLE, _TRUMP, _LED, _OFF, _DEMOTED = 9, 8, 7, 5, 4, 1, 0


class TaiwanNapoleon(Variant[TaiwanRules]):
    code = "taiwan"
    name = N_("Taiwan Napoleon")
    description = N_(
        "54 cards with two jokers; the napoleon names a secretary card, the "
        "strongest card of the deck, and its holder secretly helps."
    )
    Rules = TaiwanRules
    hand_sizes = {4: 13, 5: 10, 6: 8}
    jokers = ("BJ", "LJ")
    point_ranks = frozenset({ACE, KING, QUEEN, JACK})
    roles = (N_("napoleon"), N_("secretary"), N_("defender"))
    alone_label = NC_("Taiwan", "alone")
    secretary_card = True
    short_name = NC_("game", "Taiwan")
    joker_call = N_("The leader summoned the joker with this trump 2 or 3")
    score_table_option = "score_table"
    partner_prompt = N_("Secretary (held the called card)")

    # ---- what the hand form asks (table_terms) ------------------------------------

    def contract_title(self, rules: TaiwanRules) -> str:
        return N_("Point target") if rules.bid_style == "number" else N_("Bid level")

    def contract_count_label(self, count: int, rules: TaiwanRules) -> str:
        # A table that bids the point target itself (9 … 16) reads targets, stored as levels.
        return str(count + 8) if rules.bid_style == "number" else str(count)

    def needed(self, contract: Contract, players: int, rules: TaiwanRules) -> int:
        assert isinstance(contract, Bid)
        return 8 + contract.count  # level L: the napoleon's side needs 8 + L point cards

    def trump_choices(self, rules: TaiwanRules) -> tuple[str, ...]:
        return (*SUITS, NO_TRUMP) if rules.no_trump_bid != "off" else SUITS

    def ladder(self, rules: TaiwanRules, for_auction: bool = True) -> SuitLadder:
        if for_auction and rules.bid_style == "number":
            # The point target alone: ``no_trump_bid: off`` only bars naming no trump after.
            return SuitLadder(9, 16, {}, trump_required=False, what=N_("the point target"))
        order = suit_order("SHDC", rules.no_trump_bid)
        return SuitLadder(1, 8, order, what=N_("a level from 1 to 8"))

    def auction_plan(
        self, players: int, rules: TaiwanRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        return AuctionPlan(
            players, left_of(dealer, players), self.ladder(rules), rules.pass_is_final, CONSECUTIVE
        )

    def leads_to(self, bid: Contract, contract: Contract, rules: TaiwanRules) -> bool:
        # ``bid_style: number``: the point target won, the trump named afterwards.
        if isinstance(bid, Bid) and bid.trump is None and isinstance(contract, Bid):
            return bid.count - 8 == contract.count
        return bid == contract

    def first_leader(self, declarer: int, players: int, rules: TaiwanRules) -> int:
        return (declarer + 1) % players if rules.first_lead == "napoleon_left" else declarer

    # ---- tricks ----------------------------------------------------------------

    def needs_lead_suit(self, trick: Trick) -> bool:
        lead = trick.plays[0] if trick.plays else None
        return lead is not None and (lead.is_joker or lead is trick.called_card)

    def joker_call_allowed(self, trick: Trick, rules: TaiwanRules) -> bool:
        return (
            rules.joker_summon == "lead_first_three" and self._summoned_by_lead(trick) is not None
        )

    def joker_callers(self, trick: Trick, rules: TaiwanRules) -> tuple[Card, ...]:
        if trick.trump is None:
            return ()
        return (suit_card(trick.trump, 2), suit_card(trick.trump, 3))

    def joker_call_refusal(self, trick: Trick, rules: TaiwanRules) -> str:
        if rules.joker_summon != "lead_first_three":
            return _(
                "joker_called is only for a summon by the lead, and the house rules summon "
                "no joker that way."
            )
        if trick.trump is None:
            return _("There is no summoning in a no-trump hand: it has no 2 or 3 of trumps.")
        if trick.number > 3:
            return _("A joker may be summoned only in tricks 1 to 3.")
        return _(
            "Only the trump 2 (for the Big Joker) or the trump 3 (for the Little Joker) "
            "can summon, and never when that card or the joker is the secretary card."
        )

    def _summoned_by_lead(self, trick: Trick) -> Card | None:
        """The joker a lead may summon in tricks 1–3, or None."""
        if trick.number > 3 or trick.trump is None or not trick.plays:
            return None
        lead = trick.plays[0]
        if lead is trick.called_card or lead.suit != trick.trump:
            return None
        joker = {2: BIG_JOKER, 3: LITTLE_JOKER}.get(lead.rank)
        return None if joker is None or joker is trick.called_card else joker

    def _summoned(self, trick: Trick, rules: TaiwanRules, index: int) -> bool:
        """Is the joker at ``index`` one that a summon forced out?"""
        played = trick.plays[index]
        if rules.joker_summon == "lead_first_three":
            return trick.joker_called and played is self._summoned_by_lead(trick)
        if rules.joker_summon == "any_play" and trick.trump is not None:
            rank = 2 if played is BIG_JOKER else 3
            forcing = suit_card(trick.trump, rank)
            return forcing is not trick.called_card and forcing in trick.plays[:index]
        return False

    def winner(self, trick: Trick, rules: TaiwanRules) -> TrickResult:
        last_three = trick.number > self.tricks(trick.players, rules) - LAST_THREE
        lead_suit = self._lead_suit(trick)
        best, best_key = 0, (-1, 0)
        for index, played in enumerate(trick.plays):
            key = self._key(trick, rules, index, played, lead_suit, last_three)
            if key > best_key:
                best, best_key = index, key
        reason = self._reason(trick, rules, best, best_key, lead_suit, last_three)
        played = trick.plays[best]
        return TrickResult(trick.seat_of(best), played, best, reason)

    def _lead_suit(self, trick: Trick) -> str | None:
        lead = trick.plays[0]
        return trick.lead_suit if lead.is_joker or lead is trick.called_card else lead.suit

    def _key(
        self,
        trick: Trick,
        rules: TaiwanRules,
        index: int,
        played: Card,
        lead_suit: str | None,
        last_three: bool,
    ) -> tuple[int, int]:
        if played is trick.called_card:
            return (_SECRETARY, 0)
        if played.is_joker:
            low = 1 if played is BIG_JOKER else 0
            if last_three and index == 0:
                # A joker led late is the lowest card of the named suit: LJ its 0, BJ its 1.
                return (_TRUMP if lead_suit == trick.trump else _LED, low)
            if last_three or (rules.summoned_joker_loses and self._summoned(trick, rules, index)):
                return (_DEMOTED, low)
            return (_BIG if played is BIG_JOKER else _LITTLE, 0)
        if played.suit == trick.trump:
            return (_TRUMP, played.rank)
        if played.suit == lead_suit:
            return (_LED, played.rank)
        return (_OFF, 0)

    def _reason(
        self,
        trick: Trick,
        rules: TaiwanRules,
        best: int,
        key: tuple[int, int],
        lead_suit: str | None,
        last_three: bool,
    ) -> str:
        played = trick.plays[best]
        label = played.label
        rank = key[0]
        if rank == _SECRETARY:
            return _(
                "{card} wins: it is the secretary card, the strongest card of the deck."
            ).format(card=label)
        if rank == _BIG:
            reason = _(
                "{card} wins: before the last three tricks the Big Joker beats every card "
                "but the secretary card."
            ).format(card=label)
            return self._kept_rank(trick, rules, best, reason)
        if rank == _LITTLE:
            reason = _(
                "{card} wins: before the last three tricks the Little Joker beats every "
                "trump; only the secretary card and the Big Joker beat it."
            ).format(card=label)
            return self._kept_rank(trick, rules, best, reason)
        if played.is_joker:
            return _(
                "{card} wins: in the last three tricks a led joker is the lowest {suit}, "
                "and no other {suit} or trump was played."
            ).format(card=label, suit=trump_name(lead_suit))
        reason = self._plain_reason(trick, played, rank)
        demoted = self._demoted_note(trick, rules, last_three)
        return joined(reason, demoted)

    def _kept_rank(self, trick: Trick, rules: TaiwanRules, index: int, reason: str) -> str:
        """A summoned joker that wins: the summon forced it out, and it kept its rank."""
        if not self._summoned(trick, rules, index):
            return reason
        return joined(reason, _("It was summoned, and a summoned joker keeps its rank here."))

    def _plain_reason(self, trick: Trick, played: Card, rank: int) -> str:
        if rank == _TRUMP:
            return _("{card} wins: highest trump ({suit}).").format(
                card=played.label, suit=trump_name(trick.trump)
            )
        return led_suit_reason(trick.trump).format(card=played.label, suit=trump_name(played.suit))

    def _demoted_note(self, trick: Trick, rules: TaiwanRules, last_three: bool) -> str:
        jokers = [c for c in trick.plays[1:] if c.is_joker and c is not trick.called_card]
        if not jokers:
            return ""
        if last_three:
            return _("In the last three tricks the jokers rank below every other card.")
        return _("The summoned {joker} cannot win (house rule).").format(
            joker=joker_label(jokers[0].code)
        )

    # ---- legal plays -------------------------------------------------------------

    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: TaiwanRules,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        self._verify_order(trick, rules, secretary_ordered, declarer)
        forced = self._forced(trick, rules, hand, secretary_ordered, declarer)
        if forced:
            return LegalPlays(
                tuple(c for c in hand if c in forced),
                {c: self._forced_reason(forced) for c in hand if c not in forced},
            )
        if not trick.plays:
            return LegalPlays(tuple(hand))
        lead_suit = self._lead_suit(trick)
        free = {trick.called_card, BIG_JOKER, LITTLE_JOKER}
        if lead_suit is None or not any(c.suit == lead_suit and c not in free for c in hand):
            return LegalPlays(tuple(hand))
        reason = following_reason(lead_suit)
        legal = tuple(c for c in hand if c in free or c.suit == lead_suit)
        return LegalPlays(legal, {c: reason for c in hand if c not in legal})

    def _verify_order(
        self, trick: Trick, rules: TaiwanRules, ordered: bool, declarer: int | None
    ) -> None:
        if not ordered:
            return
        if rules.secretary_order == "off":
            raise IllegalPlay(
                N_("The house rules do not let the napoleon order the secretary card played."),
                "secretary_ordered",
            )
        if rules.secretary_order == "napoleon_lead_only":
            if declarer is None:
                raise NotationError(
                    N_("Give declarer, the napoleon's seat: the order depends on who led."),
                    "declarer",
                )
            if trick.leader != declarer:
                raise IllegalPlay(
                    N_(
                        "The napoleon may order the secretary card only in a trick "
                        "the napoleon leads."
                    ),
                    "secretary_ordered",
                )

    def _forced(
        self,
        trick: Trick,
        rules: TaiwanRules,
        hand: Sequence[Card],
        ordered: bool,
        declarer: int | None,
    ) -> dict[Card, str]:
        """Cards that meet an obligation (an order or a summon); either one will do."""
        forced = {}
        called = trick.called_card
        if ordered and called is not None and called in hand and trick.next_seat != declarer:
            forced[called] = _("the napoleon ordered the secretary card: you must play it")
        for joker in self._summons(trick, rules):
            if joker in hand:
                forced[joker] = _("the {joker} was summoned: you must play it").format(
                    joker=joker_label(joker.code)
                )
        return forced

    def _summons(self, trick: Trick, rules: TaiwanRules) -> list[Card]:
        if not trick.plays:
            return []
        if rules.joker_summon == "lead_first_three":
            joker = self._summoned_by_lead(trick) if trick.joker_called else None
            return [joker] if joker else []
        if rules.joker_summon != "any_play" or trick.trump is None:
            return []
        summons = []
        for rank, joker in ((2, BIG_JOKER), (3, LITTLE_JOKER)):
            forcing = suit_card(trick.trump, rank)
            if (
                forcing in trick.plays
                and forcing is not trick.called_card
                and joker is not trick.called_card
            ):
                summons.append(joker)
        return summons

    @staticmethod
    def _forced_reason(forced: dict[Card, str]) -> str:
        if len(forced) == 1:
            return next(iter(forced.values()))
        # Two obligations at once (an order and a summon): either card meets them, and each
        # cause names its card, so the two "you must play it" never read as one card.
        names = [joker_label(c.code) if c.is_joker else c.label for c in forced]
        causes = [_forced_cause(c) for c in forced]
        some = pgettext("list separator", ", ").join(names[:-1])
        cards = _("{some} or {last}").format(some=some, last=names[-1])
        return _("you must play {cards}: {causes}").format(cards=cards, causes=clauses(causes))

    # ---- score -------------------------------------------------------------------

    def idle_options(self, rules: TaiwanRules, players: int | None = None) -> dict[str, str]:
        if rules.score_table == "hongkong":
            return {
                "four_player_table": _(
                    "No effect with the Hong Kong table: only the Taiwan table has a balanced "
                    "four-player form."
                )
            }
        if players == 5:
            return {
                "four_player_table": _(
                    "No effect with five players: the Taiwan table already sums to zero at five."
                )
            }
        if players == 6:
            return {
                "four_player_table": _(
                    "No effect with six players: there is no balanced six-player table (a table "
                    "that wants one sets its own score numbers)."
                )
            }
        return {}

    def score_coefficients(self, players: int, rules: TaiwanRules) -> tuple[Coefficient, ...]:
        return score.coefficients(players, rules)

    def score_layout(self, players: int, rules: TaiwanRules) -> Layout:
        return HONG_KONG if score.table_name(players, rules) == "hongkong" else TAIWAN

    def discards_raise_target(self, rules: TaiwanRules) -> bool:
        return rules.discards_to == "target"

    def score(self, facts: HandFacts, rules: TaiwanRules) -> Score:
        points = score.side_points_of(
            facts,
            rules,
            self.point_cards(facts.players, rules),
            self.blind_size(facts.players, rules),
        )
        assert isinstance(facts.contract, Bid)
        level = facts.contract.count
        target = score.target(level, facts, rules)
        values = self.coefficients(facts.players, rules)
        deltas, lines = score.score(facts, rules, values, level, points - target)
        lines = score.discard_lines(facts, rules, target) + lines
        return Score(points >= target, target, points, deltas, tuple(lines))


class HongKongNapoleon(TaiwanNapoleon):
    code = "hongkong"
    name = N_("Hong Kong Napoleon")
    description = N_(
        "Taiwan's game with the napoleon leading the first trick and a score "
        "table that grows with the bid level."
    )
    Rules = HongKongRules
    short_name = NC_("game", "Hong Kong")


def _forced_cause(card: Card) -> str:
    if card.is_joker:
        return _("the {joker} was summoned").format(joker=joker_label(card.code))
    return _("the napoleon ordered the secretary card, {card}").format(card=card.label)
