"""What a deal miss costs its caller (a table's house rule, never the ruling API's):
nothing, a fixed number of points, or points doubled for each further deal miss the
same player calls before a hand is played.

The caller pays each other player dealt in at once (all of them: a deal miss is called
before six-player Mighty's kill), so a deal miss's scores sum to zero like a played
hand's and no pot is carried from hand to hand: nothing in the rules says who would
win one.
"""

from scoring.rules.errors import BadOptionValue
from scoring.rules.i18n import N_, _
from scoring.rules.penalty import DealMissCost
from scoring.rules.variants.mighty.options import MightyRules

# The most a run doubles: a table that keeps calling deal misses still writes a score that
# fits any column (100 points × 2^10 × 5 players stays far below 2^31).
MOST_DOUBLINGS = 10


def cost(players: int, caller: int, rules: MightyRules, before: int) -> DealMissCost | None:
    """The deal miss ``caller`` called after ``before`` of their own in a row; None when
    the table charges nothing."""
    if rules.deal_miss_penalty == "none" or rules.deal_miss == "off":
        return None
    each = rules.deal_miss_points
    doubling = rules.deal_miss_penalty == "doubling"
    if doubling:
        each *= 2 ** min(before, MOST_DOUBLINGS)
    deltas = tuple(-each * (players - 1) if seat == caller else each for seat in range(players))
    if not doubling:
        line = _("deal miss: its caller pays {points} to each other player (house rule)")
    elif before == 0:
        line = _(
            "deal miss: its caller pays {points} to each other player (house rule: doubled "
            "for each further one they call before a hand is played)"
        )
    else:
        line = _(
            "deal miss: its caller pays {points} to each other player (house rule: "
            "{base} doubled, their deal miss number {count} with no hand played between)"
        )
    text = line.format(points=each, base=rules.deal_miss_points, count=before + 1)
    return DealMissCost(deltas, (text,))


def verify(rules: MightyRules) -> None:
    """A penalty only where a deal miss may be called."""
    if rules.deal_miss_penalty != "none" and rules.deal_miss == "off":
        raise BadOptionValue(
            N_("A deal-miss penalty needs deal misses on: set Deal miss to on, or no penalty."),
            "options.deal_miss_penalty",
        )
