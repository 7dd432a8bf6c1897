"""The steps of a Japanese trick's order, and the cards of one trick that fill them.

``STEPS`` is the trick order top down, as data: each step names a kind of card with power
and, for the same two and the led joker, the house-rule choice that puts it there. A
``Standing`` is what ``order`` settles before it judges a trick, and what ``reasons`` reads
aloud; it lives here, below both, so neither imports the other to name it.
"""

from dataclasses import dataclass

from scoring.rules.cards import JOKER, Card
from scoring.rules.japanese.powers import Powers

STEPS = (
    ("yoromeki", None),
    ("same_two", "top"),
    ("led_joker", "top"),
    ("almighty", None),
    ("same_two", "below_almighty"),
    ("led_joker", "below_almighty"),
    ("trump_jack", None),
    ("same_two", "below_trump_jack"),
    ("led_joker", "below_trump_jack"),
    ("colour_jack", None),
    ("same_two", "below_jacks"),
    ("led_joker", "below_jacks"),
)
STEP_OF = {step: index for index, step in enumerate(STEPS)}


@dataclass(frozen=True, slots=True)
class Standing:
    """The cards of this trick that fill a step, once yoromeki and same two are settled."""

    powers: Powers
    yoromeki: Card | None  # the heart, when the yoromeki fires and stands
    cancelled: Card | None  # the heart, when a jack cancelled the yoromeki
    almighty: Card | None
    trump_jack: Card | None
    colour_jack: Card | None
    two: Card | None
    two_after_joker: bool  # the same two of a joker-led trick (same_two_led_joker)
    trump_two: Card | None  # the trump 2 of a trick all in trumps, no same two by rule
    joker_rank: str | None  # where a led joker with power stands, else None

    def steps(self) -> list[tuple[int, str, Card]]:
        """(step, kind, card) for each card of this trick that fills a step of ``STEPS``."""
        found = []
        for kind, rank, card in (
            ("yoromeki", None, self.yoromeki),
            ("same_two", self.powers.rules.same_two_rank, self.two),
            ("led_joker", self.joker_rank, JOKER if self.joker_rank else None),
            ("almighty", None, self.almighty),
            ("trump_jack", None, self.trump_jack),
            ("colour_jack", None, self.colour_jack),
        ):
            if card is not None:
                found.append((STEP_OF[kind, rank], kind, card))
        return found
