"""Nap (European Napoleon): five cards each, one call each, the first lead names trumps."""

from dataclasses import dataclass
from functools import cache

from ..auction import ONE_EACH, AuctionPlan
from ..bids import NapLadder
from ..cards import ACE, NO_TRUMP, STANDARD_DECK, SUITS
from ..errors import IllegalTrick, InconsistentResult
from ..i18n import N_, NC_, _, ngettext
from ..options import TableRules, choice, flag
from ..scores import HandFacts, Score, deltas_for, share_line, verify_tricks
from ..tricks import LegalPlays, TrickResult
from .base import Variant, following_reason, trump_name

HAND = 5


@dataclass(frozen=True)
class NapRules(TableRules):
    variant_name = N_("Nap")

    stripped_deck: bool = flag(
        False,
        N_(
            "Play with only the top (players + 3) ranks of each suit, e.g. A to 9 for three players."
        ),
    )
    misere_no_trump: bool = flag(True, N_("A misère hand is played without trumps."))
    nap_scoring: str = choice(
        "points",
        ("points", "stakes"),
        N_(
            "Points: the bidder, or else each opponent, scores the bid's value. Stakes: each "
            "opponent pays the bidder, or is paid by the bidder, the value."
        ),
    )


class Nap(Variant):
    code = "nap"
    name = N_("Nap")
    description = N_(
        "The European game for 3 to 10: five cards each, one call each from two "
        "tricks up to Nap, Wellington and Blücher."
    )
    Rules = NapRules
    hand_sizes = {n: HAND for n in range(3, 11)}
    roles = (N_("bidder"), "", N_("opponent"))
    counts_tricks = True
    short_name = NC_("game", "Nap")
    trump_from_lead = True
    typical_players = 4

    def deck(self, players, rules):
        return _stripped(players) if rules.stripped_deck else STANDARD_DECK

    def trump_choices(self, rules):
        return (*SUITS, NO_TRUMP) if rules.misere_no_trump else SUITS

    def ladder(self, rules, for_auction=True):
        return NapLadder()

    def auction_plan(self, players, rules, dealer, first):
        return AuctionPlan(players, (dealer + 1) % players, NapLadder(), True, ONE_EACH)

    def is_misere(self, contract) -> bool:
        return contract is not None and contract.name == "misere"

    def trick_trump(self, trick, rules):
        """The trump of this trick: trick 1's lead names it, except in a trumpless misère."""
        if self.is_misere(trick.contract) and rules.misere_no_trump:
            return None
        if trick.number == 1 and trick.plays:
            return trick.plays[0].suit
        return trick.trump

    def verify_trick(self, trick, rules):
        super().verify_trick(trick, rules)
        misere = self.is_misere(trick.contract)
        if trick.number == 1 and trick.plays and trick.trump is not None and not misere:
            if trick.trump != trick.plays[0].suit:
                raise IllegalTrick(
                    _(
                        "On the first trick the suit led becomes trump: {card} makes {suit} trump, "
                        "not {trump}."
                    ).format(
                        card=trick.plays[0].label,
                        suit=trump_name(trick.plays[0].suit),
                        trump=trump_name(trick.trump),
                    ),
                    "trump",
                )

    def winner(self, trick, rules):
        trump = self.trick_trump(trick, rules)
        plays = trick.plays
        lead = plays[0].suit
        best = max(range(len(plays)), key=lambda i: _key(plays[i], trump, lead))
        played = plays[best]
        if played.suit == trump:
            reason = _("{card} wins: highest trump ({suit}).")
            if trick.number == 1:
                reason = _(
                    "{card} wins: the first card led made {suit} trump, and {card} is the "
                    "highest of them."
                )
        else:
            reason = _(
                "{card} wins: highest card of the suit led ({suit}), and no trump was played."
            )
        return TrickResult(
            trick.seat_of(best),
            played,
            best,
            reason.format(card=played.label, suit=trump_name(played.suit)),
        )

    def legal_plays(self, trick, hand, rules, **context):
        if not trick.plays:
            return LegalPlays(tuple(hand))
        lead = trick.plays[0].suit
        if not any(c.suit == lead for c in hand):
            return LegalPlays(tuple(hand))
        legal = tuple(c for c in hand if c.suit == lead)
        reason = following_reason(lead)
        return LegalPlays(legal, {c: reason for c in hand if c not in legal})

    def score(self, facts: HandFacts, rules) -> Score:
        if not facts.alone:
            raise InconsistentResult(_("Nap has no partner: give partner as null."), "partner")
        tricks = verify_tricks(facts, HAND)
        contract = facts.contract
        taken = tricks[facts.declarer]
        made = taken == 0 if self.is_misere(contract) else taken >= contract.tricks_needed
        value = contract.value
        others = facts.players - 1
        if rules.nap_scoring == "stakes":
            bidder, each = (value * others, -value) if made else (-value * others, value)
        else:
            bidder, each = (value, 0) if made else (0, value)
        if made:
            head = ngettext(
                "{bid} made with {taken} trick", "{bid} made with {taken} tricks", taken
            )
        else:
            head = ngettext(
                "{bid} failed with {taken} trick", "{bid} failed with {taken} tricks", taken
            )
        head = head.format(bid=contract.label, taken=taken)
        line = share_line(head, [(_("bidder"), bidder), (_("each opponent"), each)])
        return Score(
            made, contract.tricks_needed, taken, deltas_for(facts, bidder, 0, each), (line,)
        )


@cache
def _stripped(players: int) -> tuple:
    """The top (players + 3) ranks of each suit."""
    lowest = ACE - (players + 3) + 1
    return tuple(c for c in STANDARD_DECK if c.rank >= lowest)


def _key(played, trump, lead):
    if played.suit == trump:
        return (2, played.rank)
    if played.suit == lead:
        return (1, played.rank)
    return (0, 0)
