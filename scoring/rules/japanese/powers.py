"""Which cards have power on one trick (none of them on a plain trick, some on the first).

A card *has power* when its special rank applies to the trick; a card without power ranks as
a plain card of its printed suit, and follows as that suit too. Everything here is decided
before any card is compared: a plain trick, the first trick's ordinary specials, and the
suit each card follows as.
"""

from dataclasses import dataclass

from scoring.rules.cards import ACE, JACK, JOKER, SAME_COLOUR, Card, suit_card
from scoring.rules.japanese.table import TrickRules
from scoring.rules.tricks import Trick

ALMIGHTY = suit_card("S", ACE)
# Each jack's hunter is the jack of the paired suit, ♠ with ♥, ♣ with ♦ (``hunting_jack``).
HUNTED_BY = {"S": "H", "H": "S", "C": "D", "D": "C"}


@dataclass(frozen=True, slots=True)
class Powers:
    trick: Trick
    rules: TrickRules
    plays: tuple[Card, ...]  # the trick's cards, in play order
    joker_led: bool
    plain: bool  # a plain trick of ``plain_tricks``
    last: bool  # the last trick of the hand
    trump: str | None  # the suit that ranks as trump on this trick (None: no trump, or plain)
    almighty: Card | None  # ♠A when it has power here
    trump_jack: Card | None
    colour_jack: Card | None

    @property
    def hand_trump(self) -> str | None:
        return self.trick.trump

    def has_power(self, played: Card) -> bool:
        return played is not None and played in (self.almighty, self.trump_jack, self.colour_jack)

    def ordinary_specials(self) -> tuple[Card, ...]:
        """The special cards of the hand that lose their power on this trick and were played."""
        trump = self.hand_trump
        specials = [ALMIGHTY]
        if trump is not None:
            specials += [suit_card(trump, JACK), suit_card(SAME_COLOUR[trump], JACK)]
        return tuple(c for c in specials if c in self.plays and not self.has_power(c))

    def follows_as(self, played: Card) -> str | None:
        """The suit a card counts as for following (None for the joker).

        ♠A and the jack of the trump's colour follow as trumps under ``almighty_is_trump`` /
        ``ura_jack_is_trump``, but only where they have power; otherwise their printed suit.
        """
        trump = self.hand_trump
        if played.suit is None or trump is None:
            return played.suit
        if played is ALMIGHTY and self.rules.almighty_is_trump and self.almighty is not None:
            return trump
        if played is self.colour_jack and self.rules.ura_jack_is_trump:
            return trump
        return played.suit

    def is_trump(self, played: Card) -> bool:
        return self.hand_trump is not None and self.follows_as(played) == self.hand_trump

    def colour_jack_of_hand(self) -> Card | None:
        """The same-colour jack of this hand, with or without power (None in no trump)."""
        trump = self.hand_trump
        return None if trump is None else suit_card(SAME_COLOUR[trump], JACK)

    def hunter_of(self, jack: Card) -> Card:
        return suit_card(HUNTED_BY[jack.suit or ""], JACK)


def is_plain(number: int, last: int, plain_tricks: str) -> bool:
    if plain_tricks == "first_and_last":
        return number in (1, last)
    return (plain_tricks == "first" and number == 1) or (plain_tricks == "last" and number == last)


def powers(trick: Trick, rules: TrickRules, tricks_in_hand: int) -> Powers:
    """Who has power on ``trick``: ♠A and the two jacks, unless a rule takes it away."""
    plain = is_plain(trick.number, tricks_in_hand, rules.plain_tricks)
    if plain:
        keep = rules.plain_trick_specials
        almighty = keep != "none"
        jacks = keep == "almighty_and_jacks"
    else:
        first = trick.number == 1
        almighty = not (first and rules.first_trick_plain == "all")
        jacks = not (first and rules.first_trick_plain in ("all", "jacks"))
    trump = trick.trump
    trump_jack = colour_jack = None
    if jacks and trump is not None:
        trump_jack, colour_jack = suit_card(trump, JACK), suit_card(SAME_COLOUR[trump], JACK)
    plays = trick.plays
    return Powers(
        trick=trick,
        rules=rules,
        plays=plays,
        joker_led=bool(plays) and plays[0] is JOKER,
        plain=plain,
        last=trick.number == tricks_in_hand,
        trump=None if plain else trump,
        almighty=ALMIGHTY if almighty else None,
        trump_jack=trump_jack,
        colour_jack=colour_jack,
    )
