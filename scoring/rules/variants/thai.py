"""Thai Napoleon: 52 cards, five players, a trick handicap and a friend."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.rules.auction import CONSECUTIVE, AuctionPlan, AuctionState, left_of, run_free_auction
from scoring.rules.bids import STANDARD_SUIT_ORDER, Bid, Contract, SuitLadder, suit_order
from scoring.rules.cards import Card, suit_card
from scoring.rules.i18n import N_, NC_, _, joined, ngettext
from scoring.rules.options import TableRules, choice, flag, integer
from scoring.rules.score_layout import THAI
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, Score, deltas_for, share_line, side_tricks
from scoring.rules.tricks import Trick, TrickResult
from scoring.rules.variants.almighty import AlmightyGame

TOPPLING_RANKS = [2, 3, 4, 5, 6]


@dataclass(frozen=True)
class ThaiRules(TableRules):
    variant_name = N_("Thai Napoleon")

    min_bid: int = integer(1, 1, 9, N_("The smallest handicap a player may bid."))
    auction_order: str = choice(
        "in_turn",
        ("in_turn", "free"),
        N_("Bidding in turn from the dealer's left, or freely: anyone may call, each bid higher."),
    )
    first_two_beats_specials: bool = flag(
        False,
        N_("On the first trick, when everyone follows suit, the 2 beats even ♠A and the jacks."),
    )
    tie: str = choice(
        "draw",
        ("draw", "napoleon_loses"),
        N_(
            "When the napoleon's tricks equal the citizens' tricks plus the handicap: a draw, or "
            "the citizens win."
        ),
    )
    betrayal_friend: str = choice(
        "wins",
        ("wins", "loses"),
        N_(
            "When the friend betrays the napoleon (takes more tricks), the friend wins with the "
            "citizens, or loses with the napoleon."
        ),
    )


class ThaiNapoleon(AlmightyGame[ThaiRules]):
    code = "thai"
    name = N_("Thai Napoleon")
    description = N_(
        "52 cards for five; the napoleon gives the citizens a handicap of tricks "
        "and names a friend; beware the toppling first trick."
    )
    Rules = ThaiRules
    hand_sizes = {5: 10}
    roles = (N_("napoleon"), N_("friend"), N_("citizen"))
    alone_label = NC_("Thai", "alone")
    short_name = NC_("game", "Thai")
    target_is_handicap = True
    partner_prompt = N_("Friend (held the called card)")
    side_names = (N_("Napoleon's side"), N_("Citizens"))
    result_title = N_("Tricks of the napoleon's side")
    counts_tricks = True
    can_topple = True
    tricks_by_seat_matter = True  # a friend with more tricks than the napoleon betrays them
    score_layout_data = THAI

    def contract_title(self, rules: ThaiRules) -> str:
        return N_("Handicap")

    def needed(self, contract: Contract, players: int, rules: ThaiRules) -> int:
        assert isinstance(contract, Bid)
        # The side wins with t > (T − t) + h tricks.
        return (self.tricks(players, rules) + contract.count) // 2 + 1

    def sum_matters(self, players: int, rules: ThaiRules) -> bool:
        return False  # each winner scores a win: nothing passes between players

    def ladder(self, rules: ThaiRules, for_auction: bool = True) -> SuitLadder:
        return SuitLadder(
            rules.min_bid, 9, suit_order(STANDARD_SUIT_ORDER), what=N_("a handicap of tricks")
        )

    def auction_plan(
        self, players: int, rules: ThaiRules, dealer: int | None, first: int | None
    ) -> AuctionPlan:
        return AuctionPlan(
            players, left_of(dealer, players), self.ladder(rules), False, CONSECUTIVE
        )

    def auction(
        self,
        players: int,
        calls: Sequence[object],
        rules: ThaiRules,
        dealer: int | None = None,
        first: int | None = None,
        **seats: int | None,
    ) -> AuctionState:
        if rules.auction_order == "free":
            return run_free_auction(players, self.ladder(rules), calls)
        return super().auction(players, calls, rules, dealer, first)

    # ---- tricks ----------------------------------------------------------------

    def same_two_applies(self, trick: Trick, rules: ThaiRules) -> bool:
        return trick.number == 1

    def two_beats_specials(self, trick: Trick, rules: ThaiRules) -> bool:
        return rules.first_two_beats_specials

    def same_two_reason(self, trick: Trick, two: Card) -> str:
        return _(
            "{card} wins: on the first trick everyone followed suit, so the 2 beats the rest "
            "of the suit."
        ).format(card=two.label)

    def is_toppling(self, trick: Trick) -> bool:
        plays = trick.plays
        suit = plays[0].suit
        return (
            trick.number == 1
            and all(c.suit == suit for c in plays)
            and sorted(c.rank for c in plays) == TOPPLING_RANKS
        )

    def winner(self, trick: Trick, rules: ThaiRules) -> TrickResult:
        result = super().winner(trick, rules)
        note = _missed_two(trick, result.card)
        if note:
            reason = joined(result.reason, note)
            result = TrickResult(result.winner, result.card, result.play_index, reason)
        if not self.is_toppling(trick):
            return result
        reason = _(
            "{reason} The first trick is 2, 3, 4, 5, 6 of one suit: the napoleon is "
            "toppled and the citizens win the hand."
        ).format(reason=result.reason)
        return TrickResult(result.winner, result.card, result.play_index, reason, toppled=True)

    # ---- score -------------------------------------------------------------------

    def score_coefficients(self, players: int, rules: ThaiRules) -> tuple[Coefficient, ...]:
        # A winner's and a loser's score, and every seat's in a draw.
        return (
            Coefficient("win", 1, -1000, 1000),
            Coefficient("loss", 0, -1000, 1000),
            Coefficient("draw", 0, -1000, 1000),
        )

    def needed_to_make(self, target: int | None, players: int, rules: ThaiRules) -> int | None:
        # The side wins with more tricks than the citizens' plus the handicap (``target``).
        if target is None:
            return None
        return (self.tricks(players, rules) + target) // 2 + 1

    def score(self, facts: HandFacts, rules: ThaiRules) -> Score:
        assert isinstance(facts.contract, Bid)
        handicap = facts.contract.count
        values = self.coefficients(facts.players, rules)
        win, loss = values["win"], values["loss"]
        if facts.toppled:
            deltas = deltas_for(facts, loss, loss, win)
            line = (
                _("the napoleon was toppled on the first trick: the citizens win")
                if rules.score_values
                else _(
                    "the napoleon was toppled on the first trick: the citizens win, one point each"
                )
            )
            return Score(False, handicap, None, deltas, (line, *self._own_numbers(rules, values)))
        side, tricks = side_tricks(facts, self.tricks(facts.players, rules))
        citizens = self.tricks(facts.players, rules) - side
        made, betrayed, lines = self._outcome(facts, tricks, side, citizens + handicap, rules)
        if made is None:
            deltas = deltas_for(facts, values["draw"], values["draw"], values["draw"])
        else:
            friend = win if made or (betrayed and rules.betrayal_friend == "wins") else loss
            deltas = deltas_for(facts, win if made else loss, friend, loss if made else win)
        why = _("betrayal: the friend took more tricks") if betrayed else ""
        own = self._own_numbers(rules, values)
        return Score(made, handicap, side, deltas, (*lines, *own), why)

    @staticmethod
    def _own_numbers(rules: ThaiRules, values: Mapping[str, int]) -> tuple[str, ...]:
        """With a table's own numbers the verdict's "one point each" no longer holds: say
        what each seat scores instead."""
        if not rules.score_values:
            return ()
        shares = [(_("each winner"), values["win"]), (_("each loser"), values["loss"])]
        shares.append((_("each seat in a draw"), values["draw"]))
        return (share_line(_("your table's own numbers"), shares),)

    def _outcome(
        self,
        facts: HandFacts,
        tricks: dict[int, int] | None,
        side: int,
        against: int,
        rules: ThaiRules,
    ) -> tuple[bool | None, bool, list[str]]:
        """(made, betrayed, lines); made is None for a draw."""
        count = ngettext(
            "the napoleon's side took {side} trick; the citizens have {against} with the handicap",
            "the napoleon's side took {side} tricks; the citizens have {against} with the handicap",
            side,
        ).format(side=side, against=against)
        partner = facts.partner
        if (
            tricks is not None
            and partner is not None
            and not facts.alone
            and tricks[partner] > tricks[facts.declarer]
        ):
            lines = [
                count,
                _("betrayal: the friend took more tricks than the napoleon, so the napoleon loses"),
            ]
            if rules.betrayal_friend == "wins":
                lines.append(_("the betraying friend wins with the citizens"))
            return False, True, lines
        own = bool(rules.score_values)  # the table's own numbers are said by _own_numbers
        if side > against:
            won = (
                _("the napoleon's side wins")
                if own
                else _("the napoleon's side wins, one point each")
            )
            return True, False, [count, won]
        if side < against:
            lost = _("the citizens win") if own else _("the citizens win, one point each")
            return False, False, [count, lost]
        if rules.tie == "napoleon_loses":
            return False, False, [count, _("a tie, which the citizens win (house rule)")]
        return (
            None,
            False,
            [count, _("a tie: a draw") if own else _("a tie: a draw, nobody scores")],
        )


def _missed_two(trick: Trick, winner: Card) -> str:
    """Why the 2 of the suit led did not take the trick: the first-trick 2 is what players
    argue about, so the ruling says which of its conditions failed."""
    lead = trick.plays[0].suit
    two = suit_card(lead, 2) if lead is not None else None
    if two is None or two not in trick.plays or winner is two:
        return ""
    if trick.number != 1:
        why = _(
            "{card} does not take it: the 2 beats the rest of its suit only on the first trick."
        )
    elif any(c.suit != lead for c in trick.plays):
        why = _(
            "{card} does not take it: on the first trick the 2 wins only when everyone follows "
            "suit."
        )
    else:
        why = _(
            "{card} does not take it: the first-trick 2 beats the rest of its suit, but not ♠A "
            "or the jacks at this table."
        )
    return why.format(card=two.label)
