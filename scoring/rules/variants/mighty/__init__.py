"""The Mighty, split by concern: its options, the trick order, legal plays, the deal miss
and the score; ``game`` puts them together as the variant."""

from scoring.rules.variants.mighty.game import Mighty
from scoring.rules.variants.mighty.options import DealMissValues, MightyRules, TrumpChangeCost
from scoring.rules.variants.mighty.order import mighty_card, ripper_card

__all__ = [
    "DealMissValues",
    "Mighty",
    "MightyRules",
    "TrumpChangeCost",
    "mighty_card",
    "ripper_card",
]
