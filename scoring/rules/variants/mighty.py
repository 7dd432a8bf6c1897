"""The Mighty (Korea): 53 cards, the Mighty, the joker and its ripper, and a friend."""

from dataclasses import dataclass

from ..auction import ALL_BUT_ONE, AuctionPlan
from ..bids import EQUAL_SUITS, Bid, SuitLadder
from ..cards import ACE, JACK, JOKER, KING, NO_TRUMP, QUEEN, SUITS, suit_card
from ..errors import BadOptionValue, IllegalContract, IllegalTrick, NotationError
from ..i18n import N_, NC_, _
from ..options import TableRules, choice, flag, integer, structure
from ..scores import HandFacts, Score, deltas_for, share_line, side_points
from ..tricks import LegalPlays, TrickResult
from .base import Variant, following_reason, trump_name

ALL_POINTS = 20
RUN_FLOOR = 12  # the seed formula pays per point above 12


@dataclass(frozen=True)
class TrumpChangeCost:
    """How much a trump change after the discard raises the bid."""

    suit: int = 2
    no_trump: int = 1

    def as_json(self) -> dict:
        return {"suit": self.suit, "no_trump": self.no_trump}


def _parse_cost(value: object, path: str) -> TrumpChangeCost:
    if isinstance(value, TrumpChangeCost):
        return value
    message = _(
        '{path} must be an object such as {{"suit": 2, "no_trump": 1}}, each a whole '
        "number from 0 to 8."
    ).format(path=path)
    if not isinstance(value, dict) or set(value) - {"suit", "no_trump"}:
        raise BadOptionValue(message, path)
    for key, amount in value.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 8:
            raise BadOptionValue(message, f"{path}.{key}")
    return TrumpChangeCost(**value)


@dataclass(frozen=True)
class MightyRules(TableRules):
    variant_name = N_("The Mighty")

    all_pass: str = choice(
        "second_round",
        ("second_round", "min_12", "redeal"),
        N_("When all five pass: bid a second round, a second round with 12 allowed, or redeal."),
    )
    min_bid: int = integer(
        13, 10, 20, N_("The lowest bid a player may make (13 unless the table agrees otherwise).")
    )
    trump_change_cost: TrumpChangeCost = structure(
        TrumpChangeCost(),
        _parse_cost,
        N_(
            "How much changing the trump after the discard raises the bid: to another suit, to no trump."
        ),
    )
    first_trick_friend: bool = flag(
        False, N_("Instead of naming a card, the winner of the first trick becomes the friend.")
    )
    joker_powerless_first_last: bool = flag(
        False, N_("The joker has no power on the first and the last trick.")
    )
    formula: str = choice(
        "seed",
        ("seed", "pagat"),
        N_("Score formula: points above 12 (seed), or pagat's formula with doublings."),
    )


def mighty_card(trump):
    return suit_card("D", ACE) if trump == "S" else suit_card("S", ACE)


def ripper_card(trump):
    return suit_card("S", 3) if trump == "C" else suit_card("C", 3)


class Mighty(Variant):
    code = "mighty"
    name = N_("The Mighty")
    description = N_(
        "Korea's five-player game: the Mighty, the joker and the ripper that calls "
        "it, a friend named by a card, and points above 12."
    )
    Rules = MightyRules
    hand_sizes = {5: 10}
    jokers = ("JK",)
    point_ranks = frozenset({ACE, KING, QUEEN, JACK, 10})
    roles = (N_("declarer"), N_("friend"), N_("opponent"))
    first_caller_named = True
    short_name = NC_("game", "Mighty")
    joker_call = N_("The leader of the ripper called the joker")

    def trump_choices(self, rules):
        return (*SUITS, NO_TRUMP)

    def ladder(self, rules, for_auction=True):
        ranks = {**EQUAL_SUITS, NO_TRUMP: 1}
        low = rules.min_bid
        if not for_auction and rules.all_pass == "min_12":
            low = min(low, 12)
        return SuitLadder(low, ALL_POINTS, ranks, what=N_("a point count"))

    def auction_plan(self, players, rules, dealer, first):
        caller = first if first is not None else dealer
        return AuctionPlan(
            players,
            caller,
            self.ladder(rules),
            pass_is_final=True,
            ending=ALL_BUT_ONE,
            second_round=rules.all_pass != "redeal",
            # "The minimum drops to 12": never a rise, when a house rule already bids lower.
            second_round_low=min(12, rules.min_bid) if rules.all_pass == "min_12" else None,
        )

    def next_dealer(self, dealer, players, declarer=None, partner=None):
        if declarer is None:
            return dealer  # everyone passed: the same dealer deals again
        return declarer if partner is None else partner

    def change_trump(self, contract: Bid, trump: str, rules) -> Bid:
        """The contract after the declarer changes the trump following the discard."""
        if trump not in self.trump_choices(rules):
            raise NotationError(
                _("{trump} is not a trump: use S, H, D, C or NT.").format(trump=trump)
            )
        if trump == contract.trump:
            return contract
        cost = rules.trump_change_cost
        raised = contract.count + (cost.no_trump if trump == NO_TRUMP else cost.suit)
        if raised > ALL_POINTS:
            raise IllegalContract(
                _("Changing the trump to {trump} would raise {bid} to {raised}, above 20.").format(
                    trump=trump, bid=contract, raised=raised
                )
            )
        return Bid(raised, trump)

    # ---- tricks ----------------------------------------------------------------

    def joker_call_allowed(self, trick, rules):
        return bool(trick.plays) and trick.plays[0] is ripper_card(trick.trump) and trick.number > 1

    def joker_call_refusal(self, trick, rules):
        return _(
            "The joker can be called only by leading the ripper ({card}) after the first trick."
        ).format(card=ripper_card(trick.trump).label)

    def verify_trick(self, trick, rules):
        if trick.number == 1 and trick.plays:
            lead = trick.plays[0]
            if lead is JOKER or lead is ripper_card(trick.trump):
                raise IllegalTrick(
                    _("{card} may not be led to the first trick.").format(card=lead.label),
                    "plays[0]",
                )
        super().verify_trick(trick, rules)

    def joker_has_power(self, trick, rules):
        if trick.plays[0] is ripper_card(trick.trump):
            return False
        last = self.tricks(trick.players, rules)
        return not (rules.joker_powerless_first_last and trick.number in (1, last))

    def winner(self, trick, rules):
        plays = trick.plays
        mighty = mighty_card(trick.trump)
        if mighty in plays:
            return self._result(
                trick, plays.index(mighty), _("{card} wins: the Mighty beats every card.")
            )
        if JOKER in plays and self.joker_has_power(trick, rules):
            return self._result(
                trick,
                plays.index(JOKER),
                _("{card} wins: the joker beats everything but the Mighty."),
            )
        lead_suit = trick.lead_suit if plays[0] is JOKER else plays[0].suit
        keys = [_key(c, trick.trump, lead_suit) for c in plays]
        best = max(range(len(plays)), key=keys.__getitem__)
        if keys[best][0] == 0:
            reason = _(
                "{card} wins: the joker has no power here, but nobody played {suit} or a trump."
            )
            return TrickResult(
                trick.seat_of(0),
                JOKER,
                0,
                reason.format(card=JOKER.label, suit=trump_name(lead_suit)),
            )
        if keys[best][0] == 2:
            reason = _("{card} wins: highest trump ({suit}).")
        else:
            reason = _(
                "{card} wins: highest card of the suit led ({suit}), and no trump was played."
            )
        reason = reason.format(card=plays[best].label, suit=trump_name(plays[best].suit))
        if JOKER in plays:
            reason += " " + self._powerless_note(trick)
        return TrickResult(trick.seat_of(best), plays[best], best, reason)

    def _powerless_note(self, trick):
        if trick.plays[0] is ripper_card(trick.trump):
            return _("The ripper was led, so the joker has no power.")
        return _("The joker has no power on the first and last trick (house rule).")

    def _result(self, trick, index, reason):
        played = trick.plays[index]
        return TrickResult(trick.seat_of(index), played, index, reason.format(card=played.label))

    # ---- legal plays -------------------------------------------------------------

    def legal_plays(self, trick, hand, rules, **context):
        if not trick.plays:
            return self._leads(trick, hand)
        ripper = ripper_card(trick.trump)
        if trick.joker_called and trick.plays[0] is ripper and JOKER in hand:
            reason = _("the ripper called the joker: you must play it")
            return LegalPlays((JOKER,), {c: reason for c in hand if c is not JOKER})
        lead_suit = trick.lead_suit if trick.plays[0] is JOKER else trick.plays[0].suit
        free = {JOKER, mighty_card(trick.trump)}
        if not any(c.suit == lead_suit and c not in free for c in hand):
            return LegalPlays(tuple(hand))
        legal = tuple(c for c in hand if c in free or c.suit == lead_suit)
        reason = following_reason(lead_suit)
        return LegalPlays(legal, {c: reason for c in hand if c not in legal})

    def _leads(self, trick, hand):
        if trick.number != 1:
            return LegalPlays(tuple(hand))
        ripper = ripper_card(trick.trump)
        banned = {
            JOKER: _("the joker may not be led to the first trick"),
            ripper: _("the ripper may not be led to the first trick"),
        }
        plain = [c for c in hand if c not in banned and c.suit != trick.trump]
        if plain:
            trump = _("a trump may not be led to the first trick while you hold other cards")
            return LegalPlays(
                tuple(plain), {c: banned.get(c, trump) for c in hand if c not in plain}
            )
        trumps = [c for c in hand if c not in banned]
        if trumps:
            return LegalPlays(tuple(trumps), {c: banned[c] for c in hand if c in banned})
        return LegalPlays(tuple(hand))

    # ---- score -------------------------------------------------------------------

    def score(self, facts: HandFacts, rules) -> Score:
        points = side_points(
            facts,
            self.point_cards(facts.players, rules),
            self.blind_size(facts.players, rules),
            discards_to_declarer=True,
        )
        bid = facts.contract.count
        made = points >= bid
        formula = _seed_formula if rules.formula == "seed" else _pagat_formula
        unit, lines = formula(facts, bid, points, made)
        napoleon = (3 if rules.formula == "seed" else 4) * unit if facts.alone else 2 * unit
        deltas = deltas_for(facts, napoleon, unit, -unit)
        shares = [(_("declarer"), napoleon)]
        if not facts.alone:
            shares.append((_("friend"), unit))
        shares.append((_("each opponent"), -unit))
        lines.append(share_line(_("result"), shares))
        return Score(made, bid, points, deltas, tuple(lines))


def _key(played, trump, lead_suit):
    if played is JOKER:
        return (0, 0)
    if played.suit == trump:
        return (2, played.rank)
    if played.suit == lead_suit:
        return (1, played.rank)
    return (0, -1)


def _doublings(facts, points, no_trump_counts):
    reasons = []
    if points == ALL_POINTS:
        reasons.append(_("run: the declarer's side took all 20 points, doubled"))
    if points <= ALL_POINTS - 11:
        reasons.append(_("back run: the opponents took 11 points or more, doubled"))
    if no_trump_counts and facts.contract.no_trump:
        reasons.append(_("no trump, doubled"))
    if no_trump_counts and facts.alone:
        reasons.append(_("no friend, doubled"))
    return reasons


def _number(n: int) -> str:
    # A house rule's low bid can make a share negative: print it with a true minus sign.
    return str(n).replace("-", "−")


def _with_the_result(unit: int, made: bool, lines: list) -> int:
    """The formulas assume a bid of 13 or more. Below that (a second round at 12, or a
    low ``min_bid``) they can turn against the result; a made contract then scores 0
    rather than paying the opponents, and a failed one 0 rather than paying the side."""
    if (made and unit < 0) or (not made and unit > 0):
        lines.append(_("below 13 the formula turns against the result: 0 per share instead"))
        return 0
    return unit


def _seed_formula(facts, bid, points, made):
    if made:
        unit = points - RUN_FLOOR
        lines = [
            _("made with {points} against {bid}: {points} − 12 = {unit} per share").format(
                points=points, bid=bid, unit=_number(unit)
            )
        ]
    else:
        unit = -(bid - RUN_FLOOR)
        lines = [
            _("failed with {points} against {bid}: {bid} − 12 = {unit} per share lost").format(
                points=points, bid=bid, unit=_number(-unit)
            )
        ]
    unit = _with_the_result(unit, made, lines)
    if facts.alone:
        lines.append(_("playing alone, the declarer also takes the friend's share"))
    doubled = _doublings(facts, points, no_trump_counts=False)
    lines += doubled
    return unit * 2 ** len(doubled), lines


def _pagat_formula(facts, bid, points, made):
    if made:
        unit = 2 * (bid - 13) + (points - bid)
        lines = [
            _("made: S = 2 × ({bid} − 13) + ({points} − {bid}) = {unit}").format(
                bid=bid, points=points, unit=_number(unit)
            )
        ]
    else:
        unit = -(bid - points)
        lines = [
            _("failed: S = {bid} − {points} = {unit}").format(bid=bid, points=points, unit=-unit)
        ]
    unit = _with_the_result(unit, made, lines)
    doubled = _doublings(facts, points, no_trump_counts=True)
    lines += doubled
    return unit * 2 ** len(doubled), lines
