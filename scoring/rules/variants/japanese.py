"""Japanese Napoleon (53 cards, win count) and the Japanese chip game (52 cards)."""

from dataclasses import dataclass

from ..auction import CONSECUTIVE, AuctionPlan
from ..bids import STANDARD_SUIT_ORDER, SuitLadder, suit_order
from ..cards import ACE, JACK, JOKER, KING, NO_TRUMP, QUEEN, SUITS, card
from ..errors import IllegalTrick
from ..i18n import N_, NC_, _
from ..options import TableRules, choice, flag, integer
from ..scores import HandFacts, Score, deltas_for, share_line, side_points
from ..tricks import LegalPlays
from .almighty import ALMIGHTY_CODE, AlmightyGame

POINT_RANKS = frozenset({ACE, KING, QUEEN, JACK, 10})
ALL_POINTS = 20

_SAME_TWO = N_(
    "Same two: when every card of a trick is one suit, its 2 wins (the almighty "
    "and the two jacks still beat it)."
)
_SIBERIAN = N_("Siberian rule: a bid under 20 that takes all 20 picture cards counts as failed.")
_YOROMEKI = N_("Yoromeki: when the almighty ♠A meets this heart in a trick, the heart wins.")


@dataclass(frozen=True)
class JapaneseRules(TableRules):
    variant_name = N_("Japanese Napoleon")

    bid_suit_order: str = choice(
        "SHDC", ("SHDC", "DSHC", "SHCD"), N_("Suit strength at equal counts, strongest first.")
    )
    pass_is_final: bool = flag(
        False, N_("A player who has passed may not bid again in this auction.")
    )
    min_bid: int = integer(11, 1, 20, N_("The lowest count a player may bid."))
    no_trump_bid: str = choice(
        "off",
        ("off", "highest", "lowest"),
        N_("No-trump bids: not allowed, above every suit, or below every suit at equal counts."),
    )
    almighty_is_trump: bool = flag(
        False,
        N_("The almighty ♠A counts as a trump for following suit and for a joker's trump request."),
    )
    ura_jack_is_trump: bool = flag(
        False,
        N_(
            "The jack of the trump's colour counts as a trump for following suit and for a "
            "joker's trump request."
        ),
    )
    same_two: bool = flag(True, _SAME_TWO)
    same_two_first_trick: bool = flag(False, N_("Same two also applies to the first trick."))
    same_two_with_joker: bool = flag(
        False, N_("A joker played after the lead does not stop a same two.")
    )
    yoromeki: str = choice("off", ("off", "HQ", "HA"), _YOROMEKI)
    first_trick_specials_plain: bool = flag(
        False,
        N_(
            "On the first trick the almighty and the two jacks are ordinary cards, with no yoromeki."
        ),
    )
    score_table: str = choice(
        "wins",
        ("wins", "chips"),
        N_("Score one win per player on the winning side, or use the chip table."),
    )
    siberian: bool = flag(True, _SIBERIAN)


@dataclass(frozen=True)
class ChipRules(TableRules):
    variant_name = N_("Japanese Napoleon with chips")

    same_two: bool = flag(True, _SAME_TWO)
    yoromeki: str = choice("HQ", ("off", "HQ", "HA"), _YOROMEKI)
    siberian: bool = flag(True, _SIBERIAN)


class JapaneseNapoleon(AlmightyGame):
    code = "japanese"
    name = N_("Japanese Napoleon")
    description = N_(
        "53 cards with a joker; the almighty ♠A, two jacks and a secret adjutant; "
        "each hand scores a win for the winning side."
    )
    Rules = JapaneseRules
    hand_sizes = {4: 12, 5: 10, 6: 8, 7: 7}
    jokers = ("JK",)
    point_ranks = POINT_RANKS
    roles = (N_("napoleon"), N_("adjutant"), N_("opponent"))
    short_name = NC_("game", "Japanese")

    def trump_choices(self, rules):
        return (*SUITS, NO_TRUMP) if rules.no_trump_bid != "off" else SUITS

    def idle_options(self, rules):
        if rules.score_table == "chips":
            return {}
        return {"siberian": _("No effect with one win per hand: only the chip table uses it.")}

    def ladder(self, rules, for_auction=True):
        order = suit_order(rules.bid_suit_order, rules.no_trump_bid)
        return SuitLadder(rules.min_bid, ALL_POINTS, order, what=N_("a count of picture cards"))

    def auction_plan(self, players, rules, dealer, first):
        return AuctionPlan(
            players, (dealer + 1) % players, self.ladder(rules), rules.pass_is_final, CONSECUTIVE
        )

    # ---- tricks ----------------------------------------------------------------

    def _specials_plain(self, trick, rules):
        return trick.number == 1 and rules.first_trick_specials_plain

    def specials_active(self, trick, rules):
        return not self._specials_plain(trick, rules)

    def yoromeki_card(self, trick, rules):
        return None if rules.yoromeki == "off" else card(rules.yoromeki)

    def same_two_applies(self, trick, rules):
        if not rules.same_two or (trick.number == 1 and not rules.same_two_first_trick):
            return False
        joker_played = JOKER in trick.plays
        return not joker_played or (rules.same_two_with_joker and trick.plays[0] is not JOKER)

    def counts_as_trump(self, played, trick, rules):
        if trick.trump is None or self._specials_plain(trick, rules):
            return False
        if played.code == ALMIGHTY_CODE:
            return rules.almighty_is_trump
        return (
            rules.ura_jack_is_trump and played.rank == JACK and played.suit == _colour(trick.trump)
        )

    def needs_lead_suit(self, trick):
        return False  # a led joker calls for trumps; no suit is named

    def verify_trick(self, trick, rules):
        super().verify_trick(trick, rules)
        if trick.number == 1 and trick.plays and trick.plays[0] is JOKER:
            raise IllegalTrick(_("The joker may not be led to the first trick."), "plays[0]")

    def legal_leads(self, trick, hand, rules):
        if trick.number == 1 and JOKER in hand and len(hand) > 1:
            reason = _("the joker may not be led to the first trick")
            return LegalPlays(tuple(c for c in hand if c is not JOKER), {JOKER: reason})
        return LegalPlays(tuple(hand))

    def answer_joker(self, trick, hand, rules):
        """A led joker asks for trumps: holding one, you must play one."""
        trumps = [c for c in hand if self._is_trump(c, trick, rules)]
        if not trumps:
            return LegalPlays(tuple(hand))
        must = _("a led joker calls for trumps, and you hold a trump")
        almighty = _(
            "the almighty may answer a led joker only when spades are trump or you hold no trump"
        )
        illegal = {
            c: almighty if c.code == ALMIGHTY_CODE else must for c in hand if c not in trumps
        }
        return LegalPlays(tuple(trumps), illegal)

    def _is_trump(self, played, trick, rules):
        return trick.trump is not None and self.follow_suit(played, trick, rules) == trick.trump

    # ---- score -------------------------------------------------------------------

    def score(self, facts: HandFacts, rules) -> Score:
        points = side_points(
            facts,
            self.point_cards(facts.players, rules),
            self.blind_size(facts.players, rules),
            discards_to_declarer=False,
        )
        bid = facts.contract.count
        if rules.score_table == "chips":
            return chip_score(facts, bid, points, rules.siberian, self.roles)
        return _wins_score(facts, bid, points)


def _colour(trump):
    return {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]


def _wins_score(facts, bid, points):
    made = points >= bid
    if made:
        deltas = deltas_for(facts, 1, 1, 0)
        line = _(
            "{points} picture cards against a bid of {bid}: the napoleon's side wins, one win each"
        ).format(points=points, bid=bid)
        if facts.alone:
            line = _(
                "{points} picture cards against a bid of {bid}: the napoleon, playing alone, "
                "wins one win"
            ).format(points=points, bid=bid)
    else:
        deltas = deltas_for(facts, 0, 0, 1)
        line = _(
            "{points} picture cards against a bid of {bid}: the opponents win, one win each"
        ).format(points=points, bid=bid)
    return Score(made, bid, points, deltas, (line,))


def chip_score(facts, bid, points, siberian, roles):
    """The chip table: ±2/±1/∓1 under 20, ±4/±2/∓2 for a bid of 20, doubled when alone."""
    big = bid >= ALL_POINTS
    base = 2 if big else 1
    if big:
        made = points == ALL_POINTS
        head = _("bid of 20 made") if made else _("bid of 20 failed")
    elif points == ALL_POINTS and siberian:
        made = False
        head = _("Siberian rule: all 20 picture cards on a bid under 20 counts as failed")
    else:
        made = points >= bid
        head = (
            _("bid of {bid} made with {points}") if made else _("bid of {bid} failed with {points}")
        )
        head = head.format(bid=bid, points=points)
    sign = 1 if made else -1
    napoleon, partner, opponent = 2 * base * sign, base * sign, -base * sign
    lines = []
    if facts.alone:
        napoleon, opponent = 2 * napoleon, 2 * opponent
        lines.append(_("the napoleon played alone: every amount doubled"))
    deltas = deltas_for(facts, napoleon, partner, opponent)
    shares = [(_(roles[0]), napoleon)]
    if not facts.alone:
        shares.append((_(roles[1]), partner))
    shares.append((_("each {role}").format(role=_(roles[2])), opponent))
    lines.insert(0, share_line(head, shares))
    return Score(made, bid, points, deltas, tuple(lines))


class JapaneseChipNapoleon(AlmightyGame):
    code = "japanese-chip"
    name = N_("Japanese Napoleon with chips")
    description = N_(
        "52 cards, no joker; a secret general, no trumps on the first trick, and "
        "chips won or paid by a fixed table."
    )
    Rules = ChipRules
    hand_sizes = {4: 12, 5: 10, 6: 8}
    point_ranks = POINT_RANKS
    roles = (N_("napoleon"), N_("general"), N_("opponent"))
    short_name = NC_("game", "Japanese chips")

    def ladder(self, rules, for_auction=True):
        return SuitLadder(
            11, ALL_POINTS, suit_order(STANDARD_SUIT_ORDER), what=N_("a count of picture cards")
        )

    def auction_plan(self, players, rules, dealer, first):
        return AuctionPlan(players, (dealer + 1) % players, self.ladder(rules), True, CONSECUTIVE)

    def specials_active(self, trick, rules):
        return trick.number > 1

    def trumps_active(self, trick, rules):
        return trick.number > 1

    def yoromeki_card(self, trick, rules):
        return None if rules.yoromeki == "off" else card(rules.yoromeki)

    def same_two_applies(self, trick, rules):
        return rules.same_two and trick.number > 1

    def score(self, facts: HandFacts, rules) -> Score:
        points = side_points(
            facts,
            self.point_cards(facts.players, rules),
            self.blind_size(facts.players, rules),
            discards_to_declarer=False,
        )
        return chip_score(facts, facts.contract.count, points, rules.siberian, self.roles)
