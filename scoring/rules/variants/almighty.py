"""The card order shared by the Japanese games and Thai Napoleon.

♠A (the almighty) > the trump jack > the jack of the trump's colour > the other
trumps > the suit led. Each game switches parts of it on or off per trick: the
Japanese chip game plays trick 1 with no trumps at all, Thai trick 1 lets the 2
take a trick everyone followed, and so on. Subclasses answer those questions;
this class applies them in one place.
"""

from collections.abc import Sequence

from scoring.rules.cards import JACK, JOKER, NO_TRUMP, SAME_COLOUR, Card, suit_card
from scoring.rules.i18n import _
from scoring.rules.tricks import LegalPlays, Trick, TrickResult, led_suit_reason
from scoring.rules.variants.base import R, Variant, following_reason, trump_name

# The card at this index of the trick wins, for this reason.
Found = tuple[int, str]

ALMIGHTY_CODE = "SA"


class AlmightyGame(Variant[R]):
    """Subclasses override the questions below; the answers default to the full order."""

    def specials_active(self, trick: Trick, rules: R) -> bool:
        return True

    def trumps_active(self, trick: Trick, rules: R) -> bool:
        return True

    def yoromeki_card(self, trick: Trick, rules: R) -> Card | None:
        return None

    def same_two_applies(self, trick: Trick, rules: R) -> bool:
        return False

    def two_beats_specials(self, trick: Trick, rules: R) -> bool:
        return False

    def counts_as_trump(self, played: Card, trick: Trick, rules: R) -> bool:
        """Whether ♠A or the colour jack follows as a trump (a Japanese house rule)."""
        return False

    # ---- the order -----------------------------------------------------------

    def specials(self, trick: Trick, rules: R) -> tuple[Card, ...]:
        """The special cards of this trick, strongest first."""
        if not self.specials_active(trick, rules):
            return ()
        almighty = suit_card("S", 14)
        if trick.trump is None:
            return (almighty,)
        return (almighty, suit_card(trick.trump, JACK), suit_card(SAME_COLOUR[trick.trump], JACK))

    def winner(self, trick: Trick, rules: R) -> TrickResult:
        two = self._same_two(trick, rules)
        found = self._special_winner(trick, rules, two)
        if found is None:
            found = two if two is not None else self._plain_winner(trick, rules)
        index, reason = found
        return TrickResult(trick.seat_of(index), trick.plays[index], index, reason)

    def _special_winner(self, trick: Trick, rules: R, two: Found | None) -> Found | None:
        plays = trick.plays
        specials = self.specials(trick, rules)
        yoromeki = self.yoromeki_card(trick, rules) if specials else None
        if yoromeki is not None and specials[0] in plays and yoromeki in plays:
            reason = _("{card} wins: yoromeki — {almighty} and {card} in the same trick")
            return plays.index(yoromeki), reason.format(
                card=yoromeki.label, almighty=specials[0].label
            )
        if plays[0] is JOKER:
            return self._joker_lead(trick, specials)
        if two is not None and self.two_beats_specials(trick, rules):
            return two
        for strength, special in enumerate(specials):
            if special in plays:
                return plays.index(special), self._special_reason(special, strength)
        return None

    def _joker_lead(self, trick: Trick, specials: tuple[Card, ...]) -> Found:
        plays = trick.plays
        if specials and specials[0] in plays:
            reason = _("{card} wins: the almighty beats a led joker.")
            return plays.index(specials[0]), reason.format(card=specials[0].label)
        reason = _(
            "{card} wins: a led joker calls for trumps and takes the trick unless the "
            "almighty ♠A is played."
        )
        return 0, reason.format(card=JOKER.label)

    @staticmethod
    def _special_reason(special: Card, strength: int) -> str:
        reasons = (
            _("{card} wins: the almighty is the strongest card."),
            _("{card} wins: the trump jack ranks just below the almighty ♠A."),
            _("{card} wins: the jack of the trump's colour ranks just below the trump jack."),
        )
        return reasons[strength].format(card=special.label)

    def _same_two(self, trick: Trick, rules: R) -> Found | None:
        plays = trick.plays
        cards = [c for c in plays if not c.is_joker]
        if not cards or not self.same_two_applies(trick, rules):
            return None
        suit = cards[0].suit
        if suit is None or any(c.suit != suit for c in cards):
            return None
        two = suit_card(suit, 2)
        if two not in plays:
            return None
        return plays.index(two), self.same_two_reason(trick, two)

    def same_two_reason(self, trick: Trick, two: Card) -> str:
        return _("{card} wins: same two — every card is {suit}, so the 2 takes the trick.").format(
            card=two.label, suit=trump_name(two.suit)
        )

    def _plain_winner(self, trick: Trick, rules: R) -> Found:
        plays = trick.plays
        trump = trick.trump if self.trumps_active(trick, rules) else None
        lead_suit = plays[0].suit
        best = max(range(len(plays)), key=lambda i: _plain_key(plays[i], trump, lead_suit))
        winner = plays[best]
        if winner.suit == trump and trump is not None:
            reason = _("{card} wins: highest trump ({suit}).")
        elif trick.trump is not None and trump is None:
            reason = _(
                "{card} wins: on the first trick trumps and special cards have no power, "
                "so the highest {suit} takes it."
            )
        else:
            reason = led_suit_reason(trick.trump)
        return best, reason.format(card=winner.label, suit=trump_name(winner.suit))

    # ---- legal plays -----------------------------------------------------------

    def follow_suit(self, played: Card, trick: Trick, rules: R) -> str | None:
        """The suit a card counts as when following."""
        if played.suit is not None and self.counts_as_trump(played, trick, rules):
            return trick.trump
        return played.suit

    def legal_plays(
        self,
        trick: Trick,
        hand: Sequence[Card],
        rules: R,
        secretary_ordered: bool = False,
        declarer: int | None = None,
    ) -> LegalPlays:
        if not trick.plays:
            return self.legal_leads(trick, hand, rules)
        if trick.plays[0] is JOKER:
            return self.answer_joker(trick, hand, rules)
        lead_suit = self.follow_suit(trick.plays[0], trick, rules)
        followers = [
            c for c in hand if not c.is_joker and self.follow_suit(c, trick, rules) == lead_suit
        ]
        if not followers or lead_suit is None:
            return LegalPlays(tuple(hand))
        legal = tuple(c for c in hand if c.is_joker or c in followers)
        reason = following_reason(lead_suit)
        return LegalPlays(legal, {c: reason for c in hand if c not in legal})

    def legal_leads(self, trick: Trick, hand: Sequence[Card], rules: R) -> LegalPlays:
        return LegalPlays(tuple(hand))

    def answer_joker(self, trick: Trick, hand: Sequence[Card], rules: R) -> LegalPlays:
        return LegalPlays(tuple(hand))


def _plain_key(played: Card, trump: str | None, lead_suit: str | None) -> tuple[int, int]:
    if played.suit is None:
        return (0, 0)
    if played.suit == trump:
        return (3, played.rank)
    if played.suit == lead_suit:
        return (2, played.rank)
    return (1, 0)


def is_no_trump(trump: str | None) -> bool:
    return trump in (None, NO_TRUMP)
